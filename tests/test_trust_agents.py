"""Agents see only what a seat may know, and what could be true (issue 21 §3).

* every world the determinizer samples is a possible deal given the seat's information state
  (:func:`truco_rules.testing.world_problems`), at every variant, table size and special
  hand: no card played or shown anywhere in the deal dealt elsewhere, the partners' cards
  of a hand of 11/10 as the seat saw them, a pica-pica duel searched as that duel;
* the search plays at the longest target the options allow (no RecursionError);
* the observation tensors' "mine" and "theirs" envido and flor slots mean the seat's own
  side and the other one at every table size (3 seats: the gallo alone against a pair).
"""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent
from truco_rules.agents.odds import MatchOdds
from truco_rules.bots import SimpleBot
from truco_rules.options import MAX_OPTION_INT
from truco_rules.tensors import observation_features

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]


# -- the longest target ---------------------------------------------------------------------
@pytest.mark.parametrize("name", tr.variant_names())
def test_match_odds_at_the_longest_target_do_not_recurse(name: str) -> None:
    """A target of 10,000 points: the odds model answers from any standing, as a
    probability shared by the sides that never falls as a side comes nearer the target."""
    odds = MatchOdds(tr.get_variant(name))
    top = MAX_OPTION_INT
    for need, other in [(top, top), (top, 1), (1, top), (top // 2, top - 3), (5, 400)]:
        p = odds.chance(need, other)
        assert 0.0 <= p <= 1.0
        assert p + odds.chance(other, need) == pytest.approx(1.0)
        assert odds.chance(need - 1, other) >= p - 1e-12
        assert odds.chance(need, other + 1) >= p - 1e-12
    assert odds.chance(top, top) == pytest.approx(0.5)


@pytest.mark.parametrize(("name", "seats"), [("paulista", 2), ("mineiro", 4), ("argentine", 6)])
@pytest.mark.parametrize("scores", [(0, 0), (MAX_OPTION_INT - 2, MAX_OPTION_INT - 40)])
def test_the_search_plays_at_the_longest_target(
    name: str, seats: int, scores: tuple[int, int]
) -> None:
    """The option allows a target of 10,000: the search values contests by the match odds
    there too, from the start and near the end."""
    v = tr.get_variant(name).with_options(target=MAX_OPTION_INT)
    m = v.new_match(seats, seed=4, scores=scores)
    agent = ISMCTSAgent(iterations=20, worlds=3, seed=1)
    for _ in range(8):
        if m.is_over():
            break
        legal = m.legal_actions()
        action = agent.choose(m, legal)
        assert action in legal
        m.apply(action)


# -- the tensors' sides ---------------------------------------------------------------------
ENVIDO_TABLES = [
    (n, s)
    for n in tr.variant_names()
    if tr.get_variant(n).envido is not None
    for s in tr.get_variant(n).seat_counts
]


def _expected_envido_slots(m: tr.Match, seat: int) -> list[float]:
    """The last five observation features of ``seat``, from the match's own sides: the best
    envido stated by the seat's side and by the other (/ 40), the chain's length (/ 5), the
    flores sung by each side (/ seats)."""
    hand = m.hand
    assert hand is not None
    obs = m.observation(seat)
    mine = m.team[seat]
    best = [0.0, 0.0]
    for s, v in obs.current.envido_statements:
        if v is not None:
            k = 0 if m.team[s] == mine else 1
            best[k] = max(best[k], v / 40)
    flor = [0.0, 0.0]
    for s in obs.current.flor_sung:
        flor[0 if m.team[s] == mine else 1] += 1 / m.seats
    return [*best, len(obs.current.envido_chain) / 5, *flor]


@pytest.mark.parametrize(("name", "seats"), ENVIDO_TABLES)
def test_envido_and_flor_slots_mean_my_side_and_theirs(name: str, seats: int) -> None:
    """Every seat's "mine" envido and flor slots hold what its own side stated or sang,
    the "theirs" slots what the other side did, at every table size: at 3 seats the gallo
    is alone, so seats two apart are not partners (the slots were swapped there)."""
    v = tr.get_variant(name)
    filled = [0, 0]
    for seed in range(12):
        m = v.new_match(seats, seed=seed)
        bot = SimpleBot(random.Random(seed))
        while not m.is_over() and m.hand_no < 3:
            if m.hand is not None:
                for seat in range(seats):
                    got = observation_features(m.observation(seat), v)[-5:]
                    want = _expected_envido_slots(m, seat)
                    assert got == pytest.approx(want), (seed, seat, m.position())
                    filled[0] += want[0] > 0 or want[3] > 0
                    filled[1] += want[1] > 0 or want[4] > 0
            m.apply(bot.choose(m, m.legal_actions()))
    assert filled[0] and filled[1]  # both slots were exercised
