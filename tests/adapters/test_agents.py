"""The ISMCTS agent (issue 12): legal moves at every table, a strength knob, and no peeking
at hidden cards (DESIGN §4: a bot sees the game only through its observation)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, sample_world
from truco_rules.agents.determinize import _plays_fit, _single_plays
from truco_rules.agents.ismcts import _Points
from truco_rules.agents.odds import MatchOdds
from truco_rules.agents.rollout import rollout_policy
from truco_rules.agents.stakes import chance_after
from truco_rules.bots import SimpleBot

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]


def swapped_deals(v: tr.Variant, seats: int, seed: int) -> tuple[list[tr.Card], list[tr.Card]]:
    """A deal, and the same deal with every other seat's cards swapped for undealt ones."""
    order = list(v.deck.shuffled(random.Random(seed)))
    n_dealt = 3 * seats + (1 if v.ranking.turns_up_card else 0)
    other = list(order)
    # cards 3*seats.. are undealt (or the turned card, kept): swap seat 1's cards with them
    spare = list(range(n_dealt, n_dealt + 3 * (seats - 1)))
    mine = {k for k in range(3 * seats) if k % seats == 0}  # seat 0 is mano: cards 0, n, 2n
    theirs = [k for k in range(3 * seats) if k not in mine]
    for k, j in zip(theirs, spare, strict=True):
        other[k], other[j] = other[j], other[k]
    return order, other


@pytest.mark.parametrize("name", tr.variant_names())
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    """Two deals that differ only in cards seat 0 cannot see give seat 0 the same
    observations, so the agent (same seed) makes the same decisions, as long as the
    observations stay equal."""
    v = tr.get_variant(name)
    for seed in range(3):
        deal_a, deal_b = swapped_deals(v, 2, seed)
        assert deal_a != deal_b
        ma = v.new_match(2, deals=[deal_a], mano=0)
        mb = v.new_match(2, deals=[deal_b], mano=0)
        agent_a = ISMCTSAgent(iterations=40, worlds=6, seed=seed)
        agent_b = ISMCTSAgent(iterations=40, worlds=6, seed=seed)
        other = SimpleBot(random.Random(seed))
        decided = 0
        while not ma.history and ma.observation(0) == mb.observation(0):
            if ma.current_player() == 0:
                a = agent_a.choose(ma, ma.legal_actions())
                b = agent_b.choose(mb, mb.legal_actions())
                assert a == b
                decided += 1
                ma.apply(a)
                mb.apply(b)
            else:  # the other seat plays the same action in both while it can
                act = other.choose(ma, ma.legal_actions())
                if act not in mb.legal_actions():
                    break
                ma.apply(act)
                mb.apply(act)
        assert decided >= 1


def test_sampled_worlds_agree_with_the_observation() -> None:
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=3)
    bot = SimpleBot(random.Random(3))
    rng = random.Random(0)
    checked = 0
    while not m.is_over() and checked < 40:
        seat = m.current_player()
        obs = m.observation(seat)
        w = sample_world(v, obs, rng)
        if w is not None:
            mine = w.observation(seat)
            assert mine.current == obs.current and mine.my_cards == obs.my_cards
            assert mine.legal_actions == obs.legal_actions
            checked += 1
        m.apply(bot.choose(m, m.legal_actions()))
    assert checked >= 20


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_opponent_model_is_a_distribution_that_covers_the_simple_bot(
    name: str, seats: int
) -> None:
    """The search weighs worlds by how likely the rule of thumb makes the others' choices:
    its probabilities are over legal actions and sum to one, and it never rules out a
    choice the simple bot makes (so the bot's real cards are never weighed down to the
    floor)."""
    v = tr.get_variant(name)
    checked = 0
    for seed in range(2):
        m = v.new_match(seats, seed=seed)
        bot = SimpleBot(random.Random(seed))
        for _ in range(150):
            if m.is_over():
                break
            legal = m.legal_actions()
            action = bot.choose(m, legal)
            if m.hand is not None and len(legal) > 1:
                dist = rollout_policy(m, legal)
                assert sum(p for _a, p in dist) == pytest.approx(1.0)
                assert all(a in legal and p >= 0 for a, p in dist)
                assert sum(p for a, p in dist if a == action) > 0, v.format_action(action)
                checked += 1
            m.apply(action)
    assert checked >= 20


@pytest.mark.parametrize("name", ["mineiro", "paulista", "argentine"])
def test_deals_are_drawn_to_fit_the_face_up_plays(name: str) -> None:
    """The other seat's real hand fits its face-up plays under the rule of thumb when it
    plays by that rule (the simple bot), and so does every hand the sampler deals it."""
    v = tr.get_variant(name)
    strength = v.ranking.strengths
    rng = random.Random(1)
    fitted = 0
    for seed in range(6):
        m = v.new_match(2, seed=seed)
        bot = SimpleBot(random.Random(seed))
        while not m.is_over() and m.hand is not None and not m.history:
            obs = m.observation(0)
            plays = _single_plays(v, obs)
            if m.current_player() == 0 and plays:
                ranks = strength(obs.turned, v.deck.cards)
                assert _plays_fit(ranks, 1, m.hand.dealt[1], plays)
                w = sample_world(v, obs, rng)
                if w is not None and w.hand is not None:
                    assert _plays_fit(ranks, 1, w.hand.dealt[1], plays)
                    fitted += 1
            m.apply(bot.choose(m, m.legal_actions()))
    assert fitted >= 3


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_agent_plays_legal_moves_everywhere(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=5)
    agents = [ISMCTSAgent(iterations=12, worlds=3, seed=s) for s in range(seats)]
    for _ in range(60):
        if m.is_over():
            break
        legal = m.legal_actions()
        action = agents[m.current_player()].choose(m, legal)
        assert action in legal
        m.apply(action)


@pytest.mark.parametrize(("name", "seats"), [("argentine", 2), ("paulista", 4), ("almeria", 2)])
def test_a_settled_search_chooses_what_the_whole_search_chooses(name: str, seats: int) -> None:
    """A search that stops once its leader cannot be overtaken (``stop_settled``) makes the
    decision of the search that runs every iteration from the same generator, and stops
    early in some decisions (its generator has then drawn less)."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=3)
    bot = SimpleBot(random.Random(3))
    stopped = 0
    for step in range(80):
        if m.is_over():
            break
        legal = m.legal_actions()
        if len(legal) > 1 and m.current_player() == 0:
            settled = ISMCTSAgent(iterations=120, worlds=8, seed=step, settle_lead=1.0)
            whole = ISMCTSAgent(iterations=120, worlds=8, seed=step, stop_settled=False)
            action = settled.choose(m, legal)
            assert action == whole.choose(m, legal)
            stopped += settled.rng.getstate() != whole.rng.getstate()
        else:
            action = bot.choose(m, legal)
        m.apply(action)
    assert stopped >= 3


@pytest.mark.parametrize(("name", "seats"), [("mineiro", 2), ("argentine", 4)])
def test_a_search_stops_once_its_lead_passes_its_share_of_the_iterations_left(
    name: str, seats: int
) -> None:
    """``settle_lead``: a search that stops before its last iteration stops only from the
    share's point on and once its most visited action leads the next by more than that share
    of the iterations left, and a smaller share (the default's among them) runs fewer
    iterations than the certain stop (``settle_lead=1.0``)."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=5)
    bot = SimpleBot(random.Random(5))
    n, runs = 200, {ISMCTSAgent().settle_lead: 0, 0.3: 0, 1.0: 0}
    for step in range(60):
        if m.is_over():
            break
        legal = m.legal_actions()
        seat = m.current_player()
        if len(legal) > 1 and seat == 0:
            for share in runs:
                agent = ISMCTSAgent(iterations=n, worlds=8, seed=step, settle_lead=share)
                root = agent._search(v, m.observation(seat), set(legal))
                ran = root.visits
                if ran == 0:  # no world to search (an iron hand is played blind)
                    continue
                visits = sorted(
                    (c.visits for k, c in root.children.items() if k[0] == 0 and k[1] in legal),
                    reverse=True,
                )
                lead = visits[0] - (visits[1] if len(visits) > 1 else 0)
                assert ran == n or (
                    ran > int(n * share / (1 + share)) and lead > share * (n - ran)
                )
                runs[share] += ran
        m.apply(bot.choose(m, legal))
    assert runs[ISMCTSAgent().settle_lead] <= runs[0.3] < runs[1.0]


def test_the_agent_as_a_callable_on_observations() -> None:
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=9)
    agent = ISMCTSAgent(iterations=20, seed=1)
    twin = ISMCTSAgent(iterations=20, seed=1, variant=v)
    obs = m.observation(m.current_player())
    legal = m.legal_actions()
    assert agent(obs, legal) == twin(obs, legal) == ISMCTSAgent(iterations=20, seed=1).choose(
        m, legal
    )


def test_strength_knob() -> None:
    assert ISMCTSAgent.with_strength("fast").iterations < ISMCTSAgent().iterations
    assert ISMCTSAgent.with_strength("strong").iterations > ISMCTSAgent().iterations
    assert ISMCTSAgent.with_strength(77).iterations == 77
    for bad in ("hard", 0, -3):
        with pytest.raises(tr.InvalidOption):
            ISMCTSAgent.with_strength(bad)
    with pytest.raises(tr.InvalidOption, match="iterations"):
        ISMCTSAgent(iterations=0)
    with pytest.raises(tr.InvalidOption, match="time_limit"):
        ISMCTSAgent(time_limit=-1.0)
    for share in (0, 0.0, 1.5, math.nan, -0.3):
        with pytest.raises(tr.InvalidOption, match="settle_lead"):
            ISMCTSAgent(settle_lead=share)


def test_a_time_limit_still_gives_a_legal_move() -> None:
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=2)
    legal = m.legal_actions()
    assert ISMCTSAgent(iterations=10**6, time_limit=0.01).choose(m, legal) in legal


def test_no_legal_action_is_a_typed_error() -> None:
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=2)
    with pytest.raises(tr.IllegalAction):
        ISMCTSAgent(iterations=5).choose(m, [])


def test_play_against_the_search_player(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from truco_rules.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(["1"] * 3000) + "\n"))
    args = ["play", "--variant", "paulista", "--seed", "4", "--opponent", "ismcts"]
    assert main([*args, "--strength", "20"]) == 0
    assert "match over" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*args, "--strength", "fast"]) == 0
    assert main([*args, "--strength", "mighty"]) == 2  # a clean error, not a traceback
    assert "strength" in capsys.readouterr().err


def test_sampled_worlds_value_envido_in_the_deal() -> None:
    """A world fits a stated envido score as the variant's hook values it in that deal (a
    hook may read the turned card or the seat through its HandContext, as the Uruguayan
    muestra does), not as the stock rule would."""
    import attrs

    from truco_rules.agents import determinize
    from truco_rules.context import HandContext
    from truco_rules.sidebets import EnvidoRules

    @attrs.frozen
    class SeatBonus(EnvidoRules):
        def points_in(self, cards: Sequence[tr.Card], context: HandContext) -> int:
            return self.points(cards) + 10 * context.seat

    v = tr.get_variant("argentine-sin-flor").derive("sin-flor-bonus", "x", envido=SeatBonus())
    cards = v.cards("7E 6E 1B")  # 33 by the stock rule
    seat1 = HandContext(None, 2, 1, (0, 0))
    assert determinize._fits(v, cards, 43, None, seat1)
    assert not determinize._fits(v, cards, 33, None, seat1)


# -- the match odds the search values contests by ------------------------------------------
@pytest.mark.parametrize("name", ["argentine", "paulista", "mineiro", "almeria"])
@given(need=st.integers(1, 30), other=st.integers(1, 30))
def test_match_odds_are_a_probability_shared_between_the_sides(
    name: str, need: int, other: int
) -> None:
    odds = MatchOdds(tr.get_variant(name))
    p = odds.chance(need, other)
    assert 0.0 <= p <= 1.0
    assert p + odds.chance(other, need) == pytest.approx(1.0)
    # lacking fewer points never hurts, the other side lacking fewer never helps
    assert odds.chance(need - 1, other) >= p - 1e-12
    assert odds.chance(need, other + 1) >= p - 1e-12


def test_match_odds_without_special_hands_are_a_race_of_coin_tosses() -> None:
    odds = MatchOdds(tr.get_variant("argentine"))  # un-bet stake 1, no hand of 11
    assert odds.chance(1, 1) == 0.5
    assert odds.chance(1, 2) == 0.75
    assert odds.chance(2, 2) == 0.5
    assert odds.chance(0, 5) == 1.0 and odds.chance(5, 0) == 0.0


def test_with_individual_scores_a_partner_of_the_deal_is_a_rival_of_the_match() -> None:
    """RULES §2.12.2 (gallo, por turno): each player keeps his own score, so the pair's
    seats are partners for the deal only. A seat whose partner is one point from the target
    is about to lose the match, not to win it."""
    # 3 seats: the gallo's turn rotates, scores are each one's (no fourth card, so that the
    # contest starts at once)
    v = tr.get_variant("argentine").with_options(gallo_extra_card=False)
    m = v.new_match(seats=3, seed=5, scores=(0, 29, 0))
    assert m.team == (0, 1, 1) and m.player_scores == (0, 29, 0)
    for seat in (1, 2):
        o = m.observation(seat)
        for equity in (
            lambda mine, theirs, o=o: chance_after(v, o, mine, theirs),
            _Points(v, m, seat, 3.0)._chance,
        ):
            if seat == 1:
                assert equity(0, 0) > 0.9 and equity(1, 0) > 0.999
            else:  # the partner at 29 takes the match with the pair's next point
                assert equity(0, 0) < 0.1 and equity(1, 0) < 0.001
    # the search asks the match who won a contest that ends it: the partner did, not seat 2
    rng = random.Random(3)
    for seat, won in ((1, 1.0), (2, 0.0), (0, 0.0)):
        points = _Points(v, m, seat, 3.0)
        while True:  # a contest the pair wins
            assert m.hand is not None
            hand, done = m.hand.copy(), []
            while not hand.over:
                a = rng.choice(hand.legal_actions(hand.turn))
                done.append((hand.turn, a))
                hand.apply(a, hand.turn)
            if hand.team_total(1) > 0:
                break
        points.value(m, hand, done)
        assert list(points.ends.values()) == [won], seat  # the match's outcome, for the seat


def test_match_odds_read_the_hand_of_10() -> None:
    """RULES §6.6: at 10 (lacking 2) only one side may play its special hand; both at 10 is an
    iron hand, a coin toss for the game."""
    odds = MatchOdds(tr.get_variant("mineiro"))
    assert odds.chance(2, 2) == 0.5  # 10-10, the iron hand
    # the side at 10 plays only a good hand, else gives 2: the leader at 10-8 is well under
    # the 75% of a plain race, yet over the even odds of 10-10
    assert 0.5 < odds.chance(2, 4) < 0.75
    # ...and its edge grows with the other side's distance
    assert odds.chance(2, 4) < odds.chance(2, 8) < odds.chance(2, 12) < 1.0
