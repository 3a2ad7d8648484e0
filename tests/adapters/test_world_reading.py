"""The worlds of one decision share what the sampler reads from the observation, and nothing
leaks from one decision to another (issue 28: the default agent's speed).

:func:`~truco_rules.agents.determinize.weighted_world` keeps, for the last observation it
was given, what does not depend on the cards it draws (the cards known and left to draw, the
public record parsed, the world's rules). These tests sample the same observation cold (a
copy: an equal observation but another object) and after other observations, seats and
variants were read in between: a key that missed any of them would hand one decision's
reading to another, and its worlds would differ.
"""

from __future__ import annotations

import random

import attrs
import pytest

import truco_rules as tr
from truco_rules.agents.determinize import _deal, weighted_world
from truco_rules.agents.inference import TableModel
from truco_rules.agents.worlds import rebuild, same_view
from truco_rules.bots import SimpleBot
from truco_rules.views.observe import Observation

_MODEL = TableModel(0.1, 0.0)


def _worlds(variant: tr.Variant, obs: Observation, seed: int) -> list[object]:
    """Six sampled worlds of ``obs``: their deals, weights and contests' public records."""
    rng = random.Random(seed)
    out: list[object] = []
    for _ in range(6):
        found = weighted_world(variant, obs, rng, model=_MODEL, fit_plays=seed % 2 == 0)
        if found is None:
            out.append(None)
            continue
        m, weight = found
        assert m.hand is not None
        out.append((m.hand.dealt, m.hand.log, weight))
    return out


def _decisions(name: str, seats: int, seed: int) -> list[Observation]:
    """The observations of the seats to act, a match played by the simple bot, that the
    sampler can rebuild (a card on the table, a call or an envido in the record)."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=seed)
    bot = SimpleBot(random.Random(seed))
    out = []
    while not m.is_over() and len(out) < 14:
        seat = m.current_player()
        obs = m.observation(seat)
        if obs.phase not in ("deal", "over", "discard") and obs.current.public_log:
            out.append(obs)
        m.apply(bot.choose(m, m.legal_actions()))
    return out


def test_interleaved_decisions_sample_what_each_samples_alone() -> None:
    """Observations of several seats and states, read in turn: each gives the worlds that a
    fresh copy of it gives (the reading of the one before never serves the next)."""
    v = tr.get_variant("argentine")
    found = 0
    for seats in (2, 4):
        decisions = _decisions("argentine", seats, seed=5)
        assert len({o.seat for o in decisions}) >= 2
        cold = [_worlds(v, attrs.evolve(o), k) for k, o in enumerate(decisions)]
        for _ in range(2):  # every observation after another one, twice over
            for k, o in enumerate(decisions):
                assert _worlds(v, o, k) == cold[k]
        found += sum(w is not None for ws in cold for w in ws)
    assert found >= 40


@pytest.mark.parametrize("other", ["argentine-sin-flor", "mineiro ranking"])
def test_the_same_observation_under_other_rules_is_read_afresh(other: str) -> None:
    """One observation sampled under the variant and under other rules (no flor: the
    world's rules differ; another card ranking: the cards drawn to fit the face-up plays
    differ): each gives the worlds its own rules give (the key holds the variant too)."""
    base = tr.get_variant("argentine")
    # the observation's variant under other hooks (a sampler refuses another variant's name)
    if other == "mineiro ranking":
        rules = attrs.evolve(base, ranking=tr.get_variant("mineiro").ranking)
    else:
        rules = attrs.evolve(base, flor=tr.get_variant(other).flor, presets=())
    differ = 0
    for obs in _decisions("argentine", 2, seed=11):
        cold = _worlds(rules, attrs.evolve(obs), 4)
        cold_base = _worlds(base, attrs.evolve(obs), 4)
        assert _worlds(base, obs, 4) == cold_base
        assert _worlds(rules, obs, 4) == cold  # right after the same object under ``base``
        assert _worlds(base, obs, 4) == cold_base
        differ += cold_base != cold
    assert differ >= 1  # the rules do change some worlds: the check above can fail


def test_the_kept_real_view_compares_as_the_plain_one() -> None:
    """:func:`same_view` with the variant (the real view read once) says what it says
    without, for worlds of this decision and of another one."""
    v = tr.get_variant("argentine")
    decisions = _decisions("argentine", 4, seed=8)
    rng = random.Random(1)
    compared = 0
    for obs in decisions:
        found = weighted_world(v, obs, rng, model=_MODEL)
        if found is None:
            continue
        mine = found[0].observation(obs.seat)
        for real in (obs, decisions[0]):
            assert same_view(mine, real, v) == same_view(mine, real)
            compared += 1
    assert compared >= 10


def _envido_decisions(name: str, seats: int, seed: int) -> list[Observation]:
    """Observations of the seats to act after an envido was settled (a match of simple bots
    that bet the envido whenever they may)."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=seed)
    rng = random.Random(seed)
    out = []
    while not m.is_over() and len(out) < 12:
        seat = m.current_player()
        obs = m.observation(seat)
        if obs.current.envido_state == "settled" and obs.phase not in ("deal", "over"):
            out.append(obs)
        legal = m.legal_actions()
        bets = [a for a in legal if a.verb in ("envido", "real-envido", "quiero")]
        m.apply(bets[0] if bets and rng.random() < 0.8 else rng.choice(legal))
    return out


@pytest.mark.parametrize(("name", "seats"), [("argentine-blog", 2), ("argentine", 4)])
def test_a_world_left_early_for_its_envido_is_one_the_seat_would_not_see(
    name: str, seats: int
) -> None:
    """RULES §2.6.5 (the envido scores stated): the replay stopped as soon as the world's
    envido is settled with other statements gives no world only where the full replay gives
    one whose view is not the seat's; every other world is the same, weight and all."""
    v = tr.get_variant(name)
    early = 0
    kept = 0
    for k, obs in enumerate(_envido_decisions(name, seats, seed=21)):
        rng = random.Random(k)
        for i in range(20):  # deals drawn to fit the scores stated, and any deals
            dealt = _deal(v, obs, rng, strict=i % 2 == 0)
            if dealt is None:
                continue
            full = rebuild(v, obs, *dealt, model=_MODEL)
            cut = rebuild(v, obs, *dealt, model=_MODEL, same_envido=True)
            if cut is None:
                if full is not None:
                    early += 1
                    assert not same_view(full[0].observation(obs.seat), obs)
                continue
            assert full is not None and cut[1] == full[1]
            assert cut[0].observation(obs.seat) == full[0].observation(obs.seat)
            kept += same_view(cut[0].observation(obs.seat), obs)
    assert early >= 5 and kept >= 5  # both kinds of world were met


def test_a_world_with_a_card_twice_is_none() -> None:
    """A world's deal must be a deal of the deck (RULES §1.1, 40 distinct cards): hands that
    hold a card twice give no world (the match's deal check refuses the card order they make);
    the same hands with distinct cards give one."""
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=3)
    obs = m.observation(0)
    assert m.hand is not None
    hands = [list(cs) for cs in m.hand.dealt]
    assert rebuild(v, obs, hands) is not None
    hands[1][0] = hands[0][0]
    assert rebuild(v, obs, hands) is None


def test_a_later_duel_is_rebuilt_at_a_score_already_at_the_target() -> None:
    """Almería's four-seat game is played as two duels a deal (RULES §7.2): the later duel is
    played with the score the earlier one left, at or over the target too, and the match is
    decided when the deal ends. A world of such a decision is resumed at that score: the
    deal's own hands rebuild the contest in play, and the seat sees in it what it sees in the
    real match (before, the world's match refused a standing at the target, and the agents
    fell back to their plain rule)."""
    v = tr.get_variant("almeria")
    met = 0
    for seed in range(60):
        m = v.new_match(4, seed=seed)
        rng = random.Random(seed)
        while not m.is_over() and met < 3:
            seat = m.current_player()
            obs = m.observation(seat)
            if (
                m.hand is not None
                and obs.phase not in ("deal", "over", "discard")
                and max(obs.player_scores or obs.scores) >= v.match.target
            ):
                world = rebuild(v, obs, [list(cs) for cs in m.hand.dealt])
                assert world is not None, (seed, obs.scores)
                assert same_view(world[0].observation(seat), obs, v)
                met += 1
            legal = m.legal_actions()
            m.apply(legal[int(rng.random() * len(legal))])
        if met >= 3:
            break
    assert met >= 3
