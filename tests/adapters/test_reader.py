"""The reader (issue 28), the library's default agent: a full match at every table, decisions
that depend on its seat's observation alone (DESIGN §4: a bot sees the game only through
its observation), the strengths, and the estimates it bets by."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest
from conftest import in_first_contest

import truco_rules as tr
from truco_rules.agents import STRENGTHS, ReaderAgent, default_agent
from truco_rules.agents.estimate import envido_chance, greedy_card, played_out, trick_chance
from truco_rules.agents.inference import (
    CALL_MID,
    accepts,
    calls,
    raises,
    read_bet,
    side_power,
    table_likelihood,
)
from truco_rules.agents.stakes import call_gain, refusal_gain, shifted
from truco_rules.bots import SimpleBot
from truco_rules.testing import check_observation_hides, hidden_swaps

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_reader_plays_a_full_match_everywhere(name: str, seats: int) -> None:
    """Every registered variant (a third-party one too, when installed) and table size: a
    whole match of readers, every action legal, the match over."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=11)
    # every other seat decides its side bets by a small search instead of its own rule
    agents = [ReaderAgent(worlds=4, side_search=10 * (s % 2), seed=s) for s in range(seats)]
    for _ in range(5000):
        if m.is_over():
            break
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        action = agents[m.current_player()].choose(m, legal)
        assert action in legal
        m.apply(action)
    assert m.is_over()


def _decisions(name: str, seats: int, seed: int) -> list[tr.Match]:
    """States of a match (seat 0 a reader, the others simple bots) where seat 0 is to act
    with more than one legal action."""
    v = tr.get_variant(name)
    m = v.new_match(seats, deals=[v.deck.shuffled(random.Random(seed))], mano=0)
    me = _twin(seed)
    bot = SimpleBot(random.Random(seed))
    out: list[tr.Match] = []
    while not m.is_over() and m.hand_no == 0 and len(out) < 4:
        legal = m.legal_actions()
        if m.current_player() == 0:
            if len(legal) > 1:
                out.append(m.copy())
            m.apply(me.choose(m, legal))
        else:
            m.apply(bot.choose(m, legal))
    return out


def _twin(seed: int) -> ReaderAgent:
    """A fresh reader of seed ``seed`` (the same for every call: same decisions from the
    same observation)."""
    return ReaderAgent(worlds=6, seed=seed)


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_decisions_do_not_depend_on_hidden_cards(name: str, seats: int) -> None:
    """The kit's hidden-card swaps (cards seat 0 cannot see exchanged, every public fact
    kept) leave each decision of a reader with a fixed seed unchanged."""
    checked = 0
    for seed in range(2):
        for m in _decisions(name, seats, seed):
            swaps = hidden_swaps(m, 0)
            if not swaps:
                continue
            rng = random.Random(seed)
            picked = rng.sample(swaps, min(6, len(swaps)))
            other = check_observation_hides(m, 0, picked)
            assert other.observation(0) == m.observation(0)
            a = _twin(seed).choose(m, m.legal_actions())
            b = _twin(seed).choose(other, other.legal_actions())
            assert a == b, (name, seats, m.variant.format_action(a))
            checked += 1
    assert checked >= 1


def test_default_agent_and_strengths() -> None:
    agent = default_agent(seed=3)
    assert isinstance(agent, ReaderAgent)
    assert agent.worlds == STRENGTHS["default"]
    assert default_agent(strength="fast").worlds < agent.worlds
    assert default_agent(strength="strong").worlds > agent.worlds
    assert agent.side_search == 0  # the side bets by its own rule (issue 28)
    assert default_agent(strength=7).worlds == 7
    for bad in ("hard", 0, True):
        with pytest.raises(tr.InvalidOption):
            default_agent(strength=bad)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidOption, match="call_at"):
        ReaderAgent(call_at=1.5)
    with pytest.raises(tr.InvalidOption, match="seed"):
        ReaderAgent(seed=-1)
    with pytest.raises(tr.IllegalAction):
        ReaderAgent().choose(tr.get_variant("paulista").new_match(2, seed=1), [])


def test_the_callable_form_agrees_with_choose() -> None:
    v = tr.get_variant("mineiro")
    m = v.new_match(4, seed=4)
    obs = m.observation(m.current_player())
    legal = m.legal_actions()
    a = ReaderAgent(seed=2).choose(m, legal)
    assert ReaderAgent(seed=2)(obs, legal) == ReaderAgent(seed=2, variant=v)(obs, legal) == a


def test_greedy_card_takes_the_trick_cheaply_unless_a_partner_holds_it() -> None:
    """RULES §1.2: the higher card takes the trick; the rule plays the weakest card that
    takes it, and the weakest when it cannot or need not."""
    for seed in range(20):
        m = in_first_contest("paulista", 4, seed)
        hand = m.hand
        assert hand is not None
        first = hand.turn
        hand.apply(greedy_card(hand, first, hand.legal_actions(first)), first)
        seat = hand.turn
        legal = hand.legal_actions(seat)
        pick = greedy_card(hand, seat, legal)
        rank = {c: hand.strength[c.index] for c in hand.cards[seat]}
        led = hand.strength[hand.trick_plays[0][1].index]
        above = [c for c in rank if rank[c] > led]
        assert pick.card is not None
        if above:
            assert rank[pick.card] == min(rank[c] for c in above)
        else:
            assert rank[pick.card] == min(rank.values())


def test_the_estimates_are_chances_and_see_a_sure_hand() -> None:
    m = in_first_contest("paulista", 2, 5)
    hand = m.hand
    assert hand is not None
    p = trick_chance([(hand, 1.0)], 0)
    assert p in (0.0, 0.5, 1.0)
    assert trick_chance([(hand, 1.0)], 1) == pytest.approx(1.0 - p)
    assert envido_chance(m.variant, [(hand, 1.0)], 0) == 0.5  # no envido in this variant
    a = in_first_contest("argentine", 2, 5)
    assert a.hand is not None
    q0 = envido_chance(a.variant, [(a.hand, 1.0)], 0)
    q1 = envido_chance(a.variant, [(a.hand, 1.0)], 1)
    assert {q0, q1} == {0.0, 1.0}


def test_the_opponent_model_reads_bets_as_strength() -> None:
    """A call, an acceptance, a raise: the better the cards the likelier (a smooth curve
    that never rules a deal out)."""
    powers = [x / 20 for x in range(0, 26)]
    for f in (calls, accepts, raises):
        values = [f(x) for x in powers]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values == sorted(values)
        assert values[-1] > values[0]
    assert calls(0.0) > 0 and accepts(0.0) > 0
    for wins in (0.0, 0.5, 1.0):
        values = [read_bet(x, wins, CALL_MID) for x in powers]
        assert values == sorted(values) and values[0] > 0
    for x in powers:
        assert read_bet(x, 0.0, CALL_MID) < read_bet(x, 0.5, CALL_MID) < read_bet(x, 1.0, CALL_MID)


def test_a_call_makes_the_deals_with_good_cards_count_for_more() -> None:
    """RULES §2.5: a call of truco is a bet on the hand; the reader's model weighs a world
    in which the caller holds strong cards, and above all one in which the caller's side
    wins the contest played out, above one in which it holds poor ones and loses."""
    v = tr.get_variant("paulista")
    checked = 0
    by_result: dict[float, list[float]] = {0.0: [], 1.0: []}
    for seed in range(30):
        m = in_first_contest("paulista", 2, seed)
        hand = m.hand
        assert hand is not None
        seat = m.current_player()
        call = next((a for a in m.legal_actions() if a.verb == "truco"), None)
        if call is None:
            continue
        power = side_power(hand, seat)
        wins = played_out(hand, hand.team[seat])
        weight = table_likelihood(m, seat, call)
        assert 0 < weight <= 1
        assert weight == pytest.approx(read_bet(power, wins, CALL_MID))
        by_result.setdefault(wins, []).append(weight)
        checked += 1
    assert checked >= 10
    assert by_result[0.0] and by_result[1.0]
    assert min(by_result[1.0]) > max(by_result[0.0])
    assert v.ladder.names[0] == "truco"


@pytest.mark.parametrize(("name", "seats"), [("argentine", 2), ("paulista", 4)])
def test_the_likelihood_is_a_weight_for_every_choice(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=2)
    bot = SimpleBot(random.Random(2))
    checked = 0
    for _ in range(120):
        if m.is_over():
            break
        legal = m.legal_actions()
        if m.hand is not None and not m.is_chance_node():
            seat = m.current_player()
            for a in legal:
                assert 0 < table_likelihood(m, seat, a) <= 1
                checked += 1
        m.apply(bot.choose(m, legal))
    assert checked >= 50


def test_without_the_opponent_model_it_still_plays_legal_moves() -> None:
    """``infer=False`` weighs worlds by the rule of thumb, as the search player does."""
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=8)
    agents = [ReaderAgent(worlds=4, seed=1, infer=False), ReaderAgent(worlds=4, seed=2)]
    for _ in range(80):
        if m.is_over():
            break
        legal = m.legal_actions()
        action = agents[m.current_player()].choose(m, legal)
        assert action in legal
        m.apply(action)
    with pytest.raises(tr.InvalidOption, match="infer"):
        ReaderAgent(infer=1)  # type: ignore[arg-type]


def _against_a_caller(
    name: str, seed: int, eager: ReaderAgent, strict: ReaderAgent, verbs: set[str]
) -> Iterator[tuple[tr.Match, list[tr.Action], tr.Action, tr.Action]]:
    """A two-seat match of ``name`` (seed ``seed``) in which seat 1 makes a call of
    ``verbs`` whenever it may (a loose caller), else plays as the simple bot: at each
    decision of seat 0, the match, its legal actions and the choices of ``eager`` and
    ``strict`` (both see every decision); the simple bot then plays seat 0."""
    m = tr.get_variant(name).new_match(2, seed=seed)
    bots = [SimpleBot(random.Random(seed)), SimpleBot(random.Random(seed + 1))]
    while not m.is_over():
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        if m.current_player() == 1:
            call = next((a for a in legal if a.verb in verbs), None)
            m.apply(call or bots[1].choose(m, legal))
            continue
        a, b = eager.choose(m, legal), strict.choose(m, legal)
        assert a in legal and b in legal
        yield m, legal, a, b
        m.apply(bots[0].choose(m, legal))


def test_a_loose_callers_call_is_raised_below_raise_at_when_raising_beats_accepting() -> None:
    """RULES §2.5: the side that is called may raise instead of accepting. Against a side
    that calls truco at once in every contest (a loose caller), with the same seed (so the
    same worlds), the reader raises wherever it raised with the rule of ``raise_at``
    alone, and also where its chance is lower but raising is worth more in the match odds
    than accepting."""
    more = 0
    for seed in range(6):
        eager = ReaderAgent(seed=seed)
        strict = ReaderAgent(seed=seed, raise_from=ReaderAgent().raise_at)
        for m, _legal, a, b in _against_a_caller("paulista", seed, eager, strict, {"truco"}):
            if m.observation(0).pending_call == "truco":
                if b.verb == "seis":
                    assert a.verb == "seis"
                more += a.verb == "seis" and b.verb != "seis"
        assert eager._tally.loose() > 0.5
    assert more >= 1
    with pytest.raises(tr.InvalidOption, match="raise_from"):
        ReaderAgent(raise_from=-0.1)


def test_a_call_is_read_by_an_answer_that_has_seen_tricks() -> None:
    """RULES §2.5 (a call is accepted, refused or raised): the reader weighs a call of its
    own by how the other side answers it. At the first trick the answer follows the power
    of the other side's cards alone, whatever ``call_read`` says; from the second trick on
    it follows more and more whether the other side wins the contest played out, so the
    same call is worth less: accepted where the caller loses, refused where it wins."""
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=4)
    while m.hand is None or m.hand.trick_no == 0 or m.current_player() != m.hand.turn:
        legal = m.legal_actions()
        hand = m.hand
        if hand is not None and hand.trick_no == 0 and not hand.trick_plays:
            first = (m.observation(m.current_player()), [(hand.copy(), 1.0)])
        plays = [a for a in legal if a.verb == "play"]
        m.apply(plays[0] if plays else legal[0])
    later = (m.observation(m.current_player()), [(m.hand.copy(), 1.0)])
    assert later[1][0][0].trick_no == 1
    stakes = (1, 3, 6)
    for won in ([0.0], [1.0]):
        obs, worlds = first
        blind = call_gain(v, obs, worlds, won, stakes, read=0.0)
        assert call_gain(v, obs, worlds, won, stakes, read=0.8) == blind
        obs, worlds = later
        blind = call_gain(v, obs, worlds, won, stakes, read=0.0)
        assert call_gain(v, obs, worlds, won, stakes, read=0.8) < blind
    with pytest.raises(tr.InvalidOption, match="call_read"):
        ReaderAgent(call_read=1.2)


def _calls_against_a_loose_caller(name: str, seeds: range) -> list[tuple[str, bool, bool]]:
    """Every play decision of seat 0 where a call of the ladder is legal, against a seat
    that calls at once whenever it may (a loose caller): the rung, and whether the reader
    calls it by default and with ``loose_call_at`` raised to ``call_at`` (the same seed,
    so the same worlds; both see every decision)."""
    names = set(tr.get_variant(name).ladder.names)
    out = []
    for seed in seeds:
        eager = ReaderAgent(seed=seed)
        strict = ReaderAgent(seed=seed, loose_call_at=ReaderAgent().call_at)
        for m, legal, a, b in _against_a_caller(name, seed, eager, strict, names):
            call = next((x for x in legal if x.verb in names), None)
            if call is not None and m.observation(0).phase == "play":
                out.append((call.verb, a == call, b == call))
        assert eager._tally.loose() > 0.5
    return out


def test_against_a_loose_caller_a_call_that_doubles_the_stake_is_made_with_less() -> None:
    """RULES §2.5 (the ladder of calls): against a side that calls in every contest, the
    reader calls a rung that at most doubles the stake in force (mineiro: 2 to 4, 4 to 6)
    from a lower chance of the tricks (``loose_call_at``) wherever calling beats playing
    on: every call it made with the gate at ``call_at`` and more. A rung that triples the
    stake (paulista's truco, 1 to 3) keeps the gate."""
    seen = _calls_against_a_loose_caller("mineiro", range(4))
    assert all(a for _verb, a, b in seen if b)
    assert sum(a and not b for _verb, a, b in seen) >= 1
    seen = _calls_against_a_loose_caller("paulista", range(4))
    assert any(verb == "truco" for verb, _a, _b in seen)
    assert all(a == b for verb, a, b in seen if verb == "truco")
    with pytest.raises(tr.InvalidOption, match="loose_call_at"):
        ReaderAgent(loose_call_at=2)


def _calls_against_a_tight_side(name: str, seeds: range) -> list[tuple[str, bool, bool]]:
    """Every play decision of seat 0 where a call of the ladder is legal, against a seat
    that never calls (a tight side): the rung, and whether the reader calls it by default
    and with ``tight_call_at`` lowered to ``call_at`` (the same seed, so the same worlds)."""
    names = set(tr.get_variant(name).ladder.names)
    out = []
    for seed in seeds:
        firm = ReaderAgent(seed=seed)
        free = ReaderAgent(seed=seed, tight_call_at=ReaderAgent().call_at)
        for m, legal, a, b in _against_a_caller(name, seed, firm, free, set()):
            call = next((x for x in legal if x.verb in names), None)
            if call is not None and m.observation(0).phase == "play":
                out.append((call.verb, a == call, b == call))
        assert firm._tally.loose() < 0.5
    return out


def test_against_a_tight_side_a_call_that_triples_the_stake_needs_more() -> None:
    """RULES §2.5 (the ladder of calls): against a side that is not a loose caller, the
    reader calls a rung that more than doubles the stake in force (paulista's truco, 1 to
    3) only from a higher chance of the tricks (``tight_call_at``): never where it would
    not call with the gate at ``call_at``, and not everywhere it would. A rung that at
    most doubles the stake (mineiro: 2 to 4) keeps the gate."""
    seen = _calls_against_a_tight_side("paulista", range(6))
    truco = [(a, b) for verb, a, b in seen if verb == "truco"]
    assert all(b for a, b in truco if a)
    assert sum(b and not a for a, b in truco) >= 1
    seen = _calls_against_a_tight_side("mineiro", range(3))
    assert any(b for _verb, _a, b in seen)
    assert all(a == b for _verb, a, b in seen)
    with pytest.raises(tr.InvalidOption, match="tight_call_at"):
        ReaderAgent(tight_call_at=1.5)


def test_the_falta_envido_is_bet_only_from_falta_at() -> None:
    """RULES §2.6.4 (the falta envido, which in the malas wins the game): the reader weighs
    the falta envido only where its chance of holding the best envido reaches
    ``falta_at``. With the same seed (so the same worlds), it chooses as the reader that
    weighs it always (``falta_at=0``) wherever that one bets no falta envido; where that
    one does, it bets the falta envido too, or another envido bet; and it does not bet it
    everywhere the other does."""
    fewer = 0
    for seed in range(8):
        firm = ReaderAgent(seed=seed)
        free = ReaderAgent(seed=seed, falta_at=0.0)
        for _m, legal, a, b in _against_a_caller("argentine", seed, firm, free, set()):
            if not any(x.verb == "falta-envido" for x in legal):
                continue
            if b.verb != "falta-envido":
                assert a == b
            elif a != b:
                assert a.verb in ("envido", "real-envido", "quiero", "no-quiero")
                fewer += 1
    assert fewer >= 1
    with pytest.raises(tr.InvalidOption, match="falta_at"):
        ReaderAgent(falta_at=1.5)


def test_a_loose_callers_call_is_accepted_with_a_lower_chance() -> None:
    """RULES §2.5: a call is accepted or refused. Against a side that calls truco at once
    in every contest (a loose caller), with the same seed (so the same worlds), the reader
    accepts wherever it accepted reading its chance as it is (``loose_answer=0``), and
    also where its chance is lower: a loose caller's call says less of its cards than the
    sampled worlds read."""
    more = 0
    for seed in range(6):
        eager = ReaderAgent(seed=seed)
        strict = ReaderAgent(seed=seed, loose_answer=0.0)
        for m, _legal, a, b in _against_a_caller("mineiro", seed, eager, strict, {"truco"}):
            if m.observation(0).pending_call == "truco":
                if b.verb != "no-quiero":
                    assert a.verb == b.verb
                more += a.verb == "quiero" and b.verb == "no-quiero"
        assert eager._tally.loose() > 0.5
    assert more >= 1
    assert shifted(0.2, 0.0) == 0.2 and shifted(1.0, 3.0) == 1.0
    assert shifted(0.2, 1.5) == pytest.approx(1 / (1 + 4 * math.exp(-1.5)))
    assert 0.0 < shifted(1e-300, -10.0) < shifted(1e-300, 10.0) < 1e-290
    v = tr.get_variant("mineiro")
    obs = v.new_match(2, seed=0).observation(0)
    # a truco (4 points, 2 refused): refusing is worth more the weaker the chance, more
    # than playing with none and less than playing with a certain win
    gains = [refusal_gain(v, obs, p, 4, 2) for p in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)]
    assert gains[0] > 0 > gains[-1]
    assert all(a > b for a, b in itertools.pairwise(gains))
    with pytest.raises(tr.InvalidOption, match="loose_answer"):
        ReaderAgent(loose_answer=-1)
