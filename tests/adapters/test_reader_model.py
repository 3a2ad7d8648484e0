"""The reader's opponent model (issue 28): what an envido bet says about the bettor's
score, and how the reader learns, from the contests it has seen, how freely the other side
bets (a call says less from a side that calls in every contest)."""

from __future__ import annotations

import random

from conftest import in_first_contest

import truco_rules as tr
from truco_rules.agents.estimate import played_out
from truco_rules.agents.inference import (
    CALL_MID,
    FLOOR,
    RAISE_FLOOR,
    RAISE_FLOOR_LAST,
    READ,
    READ_LAST,
    TableModel,
    bet_reading,
    later_read,
    raise_floor,
    table_likelihood,
)
from truco_rules.agents.tally import LOOSE, LOOSE_FLOOR, MAX_BLUFF, BetTally
from truco_rules.bots import SimpleBot


def test_an_envido_bet_makes_the_deals_with_high_scores_count_for_more() -> None:
    """RULES §2.6.3-2.6.4: a falta envido bets the match on the envido; the model weighs a
    world in which the bettor holds a high score far above one with a low score (before,
    a falta envido weighed every world alike)."""
    v = tr.get_variant("argentine-sin-flor")
    env = v.envido
    assert env is not None
    high: list[float] = []
    low: list[float] = []
    for seed in range(60):
        m = in_first_contest("argentine-sin-flor", 2, seed)
        hand = m.hand
        assert hand is not None
        seat = m.current_player()
        falta = next((a for a in m.legal_actions() if a.verb == "falta-envido"), None)
        if falta is None:
            continue
        points = env.points_in(hand.dealt[seat], hand.context(seat))
        weight = table_likelihood(m, seat, falta)
        assert 0 < weight <= 1
        if points >= 31:
            high.append(weight)
        elif points <= 20:
            low.append(weight)
    assert high and low
    assert min(high) > 3 * max(low)


def test_a_bluffing_table_makes_a_call_say_less() -> None:
    """A call's likelihood never falls below the other side's bluff share."""
    m = in_first_contest("paulista", 2, 3)
    seat = m.current_player()
    call = next(a for a in m.legal_actions() if a.verb == "truco")
    honest = TableModel()(m, seat, call)
    assert honest == table_likelihood(m, seat, call) >= FLOOR
    assert TableModel(bluff=0.5)(m, seat, call) >= max(0.5, honest)


class _Caller:
    """Calls the ladder whenever it may, else plays as the simple bot."""

    def __init__(self) -> None:
        self.bot = SimpleBot(random.Random(1))

    def choose(self, m: tr.Match, legal: list[tr.Action]) -> tr.Action:
        calls = [a for a in legal if a.verb in m.variant.ladder.names]
        return calls[0] if calls else self.bot.choose(m, legal)


def _tally_against(rival: object, seed: int, envido: bool = False) -> BetTally:
    """Seat 0 (a simple bot) counts seat 1's bets over a two-seat argentine-sin-flor match
    to 30 points; with ``envido`` it also reads the envido scores (the variant given to
    the tally) and accepts every envido bet made to it."""
    v = tr.get_variant("argentine-sin-flor")
    m = v.new_match(2, seed=seed)
    me = SimpleBot(random.Random(seed))
    tally = BetTally()
    while not m.is_over():
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        if m.current_player() == 0:
            obs = m.observation(0)
            tally.see(v.ladder.names, obs, v if envido else None)
            yes = next((a for a in legal if a.verb == "quiero"), None)
            pending = envido and obs.phase == "answer-envido"
            m.apply(yes if pending and yes is not None else me.choose(m, legal))
        else:
            m.apply(rival.choose(m, legal))  # type: ignore[attr-defined]
    return tally


def test_the_tally_reads_how_freely_the_other_side_calls() -> None:
    """A side that calls the ladder in every contest is read as bluffing (up to
    ``MAX_BLUFF``); before any contest is seen the other side is taken as honest."""
    assert BetTally().bluff() == 0.0 and BetTally().side_bluff() == 0.0
    caller = _tally_against(_Caller(), 4)
    assert caller.contests >= 3
    assert caller.ladder >= caller.contests - 1
    assert 0.3 < caller.bluff() <= MAX_BLUFF
    assert 0.0 <= caller.side_bluff() <= MAX_BLUFF
    quiet = _tally_against(SimpleBot(random.Random(9)), 4)
    assert quiet.bluff() < caller.bluff()


def test_the_tally_starts_over_with_a_new_match() -> None:
    caller = _tally_against(_Caller(), 5)
    assert caller.contests > 0
    fresh = tr.get_variant("argentine-sin-flor").new_match(2, seed=6)
    while fresh.hand is None:
        fresh.apply(fresh.legal_actions()[0])
    caller.see(fresh.variant.ladder.names, fresh.observation(0))
    assert (caller.contests, caller.ladder, caller.bluff()) == (0, 0, 0.0)


def _after_a_call(answer: str, seed: int) -> tuple[BetTally, tr.Observation]:
    """Seat 1 calls the ladder at its first chance in a two-seat paulista match and seat 0
    answers ``answer``, the rest played by the first legal card; seat 0's tally once the
    contest is over."""
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=seed)
    tally = BetTally()
    start = None
    while True:
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        obs = m.observation(0)
        if start is None:
            start = (obs.hand_no, obs.contest)
        elif (obs.hand_no, obs.contest) != start:
            tally.see(v.ladder.names, obs)
            return tally, obs
        seat = m.current_player()
        verbs = [a.verb for a in legal]
        if seat == 1 and "truco" in verbs:
            m.apply(next(a for a in legal if a.verb == "truco"))
        elif seat == 0 and answer in verbs:
            m.apply(next(a for a in legal if a.verb == answer))
        else:
            m.apply(next((a for a in legal if a.verb == "play"), legal[0]))


def test_a_call_folded_to_shows_nothing_a_call_met_shows_who_wins() -> None:
    """RULES §2.5: a refused call ends the contest with its cards unseen, so the tally
    counts the call but not its outcome; a call met is played out, and the tally counts
    whether the caller's side won it."""
    folded, _obs = _after_a_call("no-quiero", 1)
    assert (folded.contests, folded.ladder, folded.shown, folded.backed) == (1, 1, 0, 0)
    for seed in range(1, 6):
        met, obs = _after_a_call("quiero", seed)
        assert obs.previous is not None
        winner = next(side for side, _p, why in obs.previous.points if why == "tricks")
        assert (met.ladder, met.shown, met.backed) == (1, 1, int(winner == 1))


def test_a_side_that_calls_on_its_cards_alone_is_read_as_loose() -> None:
    """A side that calls before it has played a card, in most contests, is read as a loose
    caller, whose call says little (a high floor); a side that calls now and then, after
    seeing the table, is not."""
    caller = _tally_against(_Caller(), 4)
    assert caller.blind >= 3
    assert caller.loose() > 0.95
    assert caller.call_floor() >= 0.95 * LOOSE_FLOOR
    quiet = _tally_against(SimpleBot(random.Random(9)), 4)
    assert quiet.loose() < caller.loose()
    assert BetTally().loose() == LOOSE


def _call_now(before_playing: bool) -> tuple[BetTally, tr.Match]:
    """Seat 1 calls the ladder in the first contest of a two-seat paulista match, before
    it has played a card or after; seat 0's tally as it answers, and the match."""
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=3)
    tally = BetTally()
    while True:
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        seat = m.current_player()
        verbs = [a.verb for a in legal]
        played = any(s == 1 for s, text in m.observation(1).current.public_log if "play" in text)
        if seat == 1 and "truco" in verbs and played != before_playing:
            m.apply(next(a for a in legal if a.verb == "truco"))
            tally.see(v.ladder.names, m.observation(0))
            return tally, m
        m.apply(next(a for a in legal if a.verb == "play"))


def test_the_call_being_answered_says_whether_the_caller_calls_blind() -> None:
    """A call made before its caller has played a card, on its cards alone, counts toward
    a loose caller as soon as it is made, not only once its contest is over (miniTruco's
    bots made none such in about 300 calls, the search two in five); a call made after
    seeing the table counts toward a tight one. The contest is not yet counted as a call
    (how often a side calls is read from the contests over)."""
    blind, m = _call_now(before_playing=True)
    assert m.observation(0).pending_call == "truco"
    assert (blind.contests, blind.ladder, blind.now) == (0, 0, 1)
    seen, _m = _call_now(before_playing=False)
    assert (seen.contests, seen.ladder, seen.now) == (0, 0, -1)
    assert seen.loose() < LOOSE < blind.loose()
    assert blind.call_floor() > BetTally().call_floor()
    # refused, the contest is over: its call is counted once, among the contests seen
    m.apply(next(a for a in m.legal_actions() if a.verb == "no-quiero"))
    while m.current_player() != 0 or m.is_chance_node():
        m.apply(next(a for a in m.legal_actions() if a.verb != "truco"))
    blind.see(m.variant.ladder.names, m.observation(0))
    assert (blind.contests, blind.ladder, blind.blind, blind.now) == (1, 1, 1, 0)


def test_calls_that_lose_when_met_make_the_caller_loose() -> None:
    """The calls shown move the reading: a side whose calls, met, win is read as tighter
    than one whose calls lose, all else equal."""
    winning = BetTally(contests=8, ladder=3, shown=3, backed=3)
    losing = BetTally(contests=8, ladder=3, shown=3, backed=0)
    assert winning.loose() < LOOSE < losing.loose()
    assert winning.call_floor() < losing.call_floor()


def test_a_call_at_the_last_trick_says_more_than_one_at_the_first() -> None:
    """RULES §2.5: a call may be made at any trick. One made with a trick or two seen is
    read more as whether the caller's side wins the contest played out (``later_read``):
    at the last trick a call is likelier than the plain reading in a world where the
    caller wins, and less likely where it loses."""
    assert later_read(READ, 0) == READ
    assert READ < later_read(READ, 1) < later_read(READ, 2) == READ_LAST
    assert later_read(READ_LAST, 0) == READ_LAST
    seen = {0.0: 0, 1.0: 0}
    for seed in range(40):
        m = tr.get_variant("paulista").new_match(2, seed=seed)
        while m.hand is not None and m.hand.trick_no < 2:
            legal = m.legal_actions()
            plays = [a for a in legal if a.verb == "play"]
            m.apply(plays[0] if plays else legal[0])
        if m.hand is None or m.hand_no != 0:
            continue
        seat = m.current_player()
        call = next((a for a in m.legal_actions() if a.verb == "truco"), None)
        if call is None:
            continue
        wins = played_out(m.hand, m.hand.team[seat])
        if wins == 0.5:
            continue
        plain = bet_reading(m.hand, seat, CALL_MID)
        last = table_likelihood(m, seat, call)
        assert last > plain if wins else last < plain
        seen[wins] += 1
    assert seen[0.0] and seen[1.0]


def _at_a_raise_of_a_met_call(seed: int) -> tr.Match | None:
    """A two-seat paulista match whose first contest had its truco called at once and met,
    played on (the first card each time) until the seat to act may raise to six at the
    last trick; ``None`` if the contest ends first."""
    m = in_first_contest("paulista", 2, seed)
    m.apply(next(a for a in m.legal_actions() if a.verb == "truco"))
    m.apply(next(a for a in m.legal_actions() if a.verb == "quiero"))
    while m.hand is not None and m.hand_no == 0:
        legal = m.legal_actions()
        if m.hand.trick_no == 2 and any(a.verb == "seis" for a in legal):
            return m
        m.apply(next(a for a in legal if a.verb == "play"))
    return None


def test_a_raise_of_a_met_call_says_more_than_a_call() -> None:
    """RULES §2.5: after a call is met, the other side may raise at a later trick. Such a
    raise is read as a raise, not as a first call: where the raiser's side loses the
    contest played out, it is far less likely than a call would be (a rarer bluff, the
    more so once the table is seen), yet never ruled out; where it wins, about as likely.
    A bluffing table's raises say less, as its calls do."""
    assert raise_floor(0.0, 0) == RAISE_FLOOR
    assert raise_floor(0.0, 2) == RAISE_FLOOR_LAST < raise_floor(0.0, 1) < RAISE_FLOOR
    assert raise_floor(0.6, 0) == 0.3 and raise_floor(0.6, 2) == 0.15
    seen = {0.0: 0, 1.0: 0}
    for seed in range(60):
        m = _at_a_raise_of_a_met_call(seed)
        if m is None:
            continue
        hand = m.hand
        assert hand is not None
        seat = m.current_player()
        wins = played_out(hand, hand.team[seat])
        if wins == 0.5:
            continue
        seis = next(a for a in m.legal_actions() if a.verb == "seis")
        as_call = bet_reading(hand, seat, CALL_MID, later_read(READ, 2), FLOOR)
        honest = table_likelihood(m, seat, seis)
        bluffing = TableModel(bluff=0.6)(m, seat, seis)
        if wins:
            assert honest > 0.9 and bluffing > 0.9
        else:
            assert RAISE_FLOOR_LAST <= honest < as_call / 3
            assert bluffing >= 0.15 > honest
        seen[wins] += 1
    assert seen[0.0] >= 3 and seen[1.0] >= 3


class _EnvidoBettor:
    """Bets the envido at its first chance with any cards (``floor`` 0) or only with at
    least ``floor`` points, accepts the answer's envido, else plays as the simple bot."""

    def __init__(self, floor: int) -> None:
        self.floor = floor
        self.bot = SimpleBot(random.Random(2))

    def choose(self, m: tr.Match, legal: list[tr.Action]) -> tr.Action:
        env = m.variant.envido
        hand = m.hand
        bet = next((a for a in legal if a.verb == "envido"), None)
        if bet is not None and env is not None and hand is not None:
            seat = m.current_player()
            if env.points_in(hand.dealt[seat], hand.context(seat)) >= self.floor:
                return bet
        return self.bot.choose(m, legal)


def test_the_tally_reads_the_scores_the_envido_bets_showed() -> None:
    """RULES §2.6: an envido accepted is settled by the scores, and the cards played show
    them. A side whose envido bets show weak scores as often as the deck deals them is read
    as betting with any cards (``envido_bluff`` near 1, a floor under the bet's
    likelihood); a side that bets only with 30 or more is read as more honest than before
    any bet was seen. Before, the plain envido is read as the likeliest bluff and the falta
    envido as the rarest."""
    fresh = BetTally().envido_bluffs()
    assert fresh["falta-envido"] < fresh["real-envido"] < fresh["envido"] < 0.5
    loose = [_tally_against(_EnvidoBettor(0), seed, envido=True) for seed in range(3)]
    tight = [_tally_against(_EnvidoBettor(30), seed, envido=True) for seed in range(3)]
    assert sum(t.envido_seen.get("envido", 0) for t in loose) >= 10
    assert sum(t.envido_weak.get("envido", 0) for t in loose) >= 3
    assert all(sum(t.envido_weak.values()) == 0 for t in tight)
    assert sum(t.envido_seen.get("envido", 0) for t in tight) >= 3
    assert max(t.envido_bluff("envido") for t in tight) < fresh["envido"]
    assert min(t.envido_bluff("envido") for t in loose) > fresh["envido"]
    assert max(t.envido_bluff("envido") for t in loose) > 0.5
    # each bet is read apart: the bettor made no falta envido
    assert max(t.envido_bluff("falta-envido") for t in loose) == fresh["falta-envido"]
    # without the variant's envido rules the scores are not read
    blind = BetTally()
    m = tr.get_variant("argentine-sin-flor").new_match(2, seed=1)
    blind.see(m.variant.ladder.names, m.observation(0))
    assert blind.envido_seen == {}


def test_an_envido_bet_from_a_bettor_of_any_cards_says_less() -> None:
    """The floor ``envido_bluff`` lifts the likelihood of an envido bet in a world where
    the bettor's score is weak, and no other choice."""
    m = in_first_contest("argentine-sin-flor", 2, 3)
    seat = m.current_player()
    bet = next(a for a in m.legal_actions() if a.verb == "envido")
    loose = TableModel(envido_bluff={"envido": 0.9})
    assert loose(m, seat, bet) >= 0.9
    assert TableModel(envido_bluff={"falta-envido": 0.9})(m, seat, bet) == TableModel()(
        m, seat, bet
    )
    play = next(a for a in m.legal_actions() if a.verb == "play")
    assert loose(m, seat, play) == TableModel()(m, seat, play)
