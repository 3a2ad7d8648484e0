"""The ISMCTS agent (issue 12): legal moves at every table, a strength knob, and no peeking
at hidden cards (DESIGN §4: a bot sees the game only through its observation)."""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, sample_world
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
