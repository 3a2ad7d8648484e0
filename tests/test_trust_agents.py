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

import pytest

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent
from truco_rules.agents.odds import MatchOdds
from truco_rules.options import MAX_OPTION_INT


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
