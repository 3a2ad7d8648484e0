"""Is a sampled world a possible deal, given what one seat has seen?

A search player that cannot see the other seats' cards plays in *worlds*: full states that
deal them cards at random (:func:`truco_rules.agents.sample_world`). A world is only worth
searching if it could be the real deal as far as the seat knows. :func:`world_problems`
says what, if anything, rules a world out, reading the real match as a judge who sees every
card:

* the world is of the same rules and table, and its contest in play is the real one (the
  same seats in the same order: a duel of a pica-pica is that duel, not the round of six);
* every card of the world's deal (dealt, put aside, turned up) is dealt once;
* the seat observes in the world what it observes in the real match, has the same legal
  actions, and the live part of its information-state string is the same (a world's past
  starts at the contest in play, so the contests before it and the deal's number are left
  out);
* every card of the deal the seat has seen at any moment (its own, a partner's it was
  shown, any card played face up or shown in any contest of the deal, the turned card, the
  card it put aside) is where the seat saw it: with the same seat, or turned up.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..core.actions import PLAY, Action
from ..core.arguments import seat_index
from ..core.cards import Card
from ..match import Match, checked_match
from ..views.observe import Observation
from .hiding import cards_seen

__all__ = ["possible_world", "seen_in_deal", "world_problems"]


def _deal_part(obs: Observation) -> Observation:
    """What a world starting at the contest in play can share with the real observation."""
    later = obs.contests[obs.contest :]
    return attrs.evolve(
        obs,
        hand_no=0,
        previous=None,
        contests=later,
        contest=0,
        deal_seen=(),
        discards=obs.discards if obs.contest == 0 else (),
    )


def _where(m: Match, card: Card) -> str:
    """Where ``card`` lies in ``m``'s deal in play: ``seat N``, ``put aside by N``, or
    ``turned``; ``nowhere`` if undealt."""
    if m.turned == card:
        return "turned"
    for s, c in m.discarded:
        if c == card:
            return f"put aside by {s}"
    assert m.hand is not None
    for s, cards in enumerate(m.hand.dealt):
        if card in cards:
            return f"seat {s}"
    return "nowhere"


def _replay(m: Match) -> Iterator[tuple[Match, tuple[int, Action] | None]]:
    """``m``'s states from its start to now, one per action (the same match object), each
    with the action played from it (``None`` for the last)."""
    start = m.start
    sim = m.variant.new_match(
        m.seats,
        seed=m.seed,
        deals=m.deals,
        mano=start["mano"],
        scores=tuple(start["scores"]),
        chicos=tuple(start["chicos"]),
        derivation=m.derivation,
    )
    for s, act in m.actions:
        yield sim, (s, act)
        sim.apply(act, s)
    yield sim, None


def seen_in_deal(m: Match, seat: int) -> set[Card]:
    """Every card of the deal in play that ``seat`` has seen at any moment of it: in its
    observations while the deal was in play (its cards, a partner's, the turned card, the
    table, the contests of the deal that ended and what they showed), every card played
    face up as it fell (a trick gathered face down, ``played_cards_visible=False``, was seen
    all the same, its closing card too), and the card it put aside."""
    checked_match("m", m)
    seat_index(seat, m.seats)
    seen: set[Card] = set()
    for sim, step in _replay(m):
        if sim.hand_no != m.hand_no:
            continue
        obs = sim.observation(seat)
        same_deal = bool(sim.history) and sim.history[-1].hand_no == m.hand_no
        # the fields the sampler reads are left out: the judge reads the views themselves
        view = attrs.evolve(
            obs, previous=obs.previous if same_deal else None, deal_seen=(), discards=()
        )
        seen |= cards_seen(view)
        if same_deal:
            seen |= cards_seen(sim.history[-1].shown)
        if step is not None:
            act = step[1]
            if act.verb == PLAY and not act.down and act.card is not None:
                seen.add(act.card)  # seen as it falls (a blind play names no card)
    seen.update(c for s, c in m.discarded if s == seat)
    return seen


def world_problems(match: Match, seat: int, world: Match) -> list[str]:
    """Why ``world`` is not a possible deal given everything ``seat`` has seen in ``match``
    (see the module); an empty list if it is one. Both must have a contest in play."""
    checked_match("match", match)
    checked_match("world", world)
    # the same rules, by name and options (a world of a later duel plans its first deal
    # from that duel: its table is another hook, without the table's options, whose deals
    # the contest's order below checks)
    ours = match.variant.options()
    theirs = world.variant.options()
    same = all(k in ours and ours[k] == x for k, x in theirs.items())
    if world.variant.name != match.variant.name or not same or world.seats != match.seats:
        return ["the world is of other rules or another table"]
    if match.hand is None or world.hand is None:
        return ["no contest in play"]
    problems: list[str] = []
    if world.hand.order != match.hand.order:
        problems.append(f"the contest is {world.hand.order}, not {match.hand.order}")
    dealt = [c for cs in world.hand.dealt for c in cs]
    dealt += [c for _s, c in world.discarded]
    dealt += [world.turned] if world.turned is not None else []
    if len(set(dealt)) != len(dealt):
        twice = sorted({str(c) for c in dealt if dealt.count(c) > 1})
        problems.append(f"dealt twice: {' '.join(twice)}")
    mine, real = world.observation(seat), match.observation(seat)
    if _deal_part(mine) != _deal_part(real):
        fields = [
            f.name
            for f in attrs.fields(Observation)
            if getattr(_deal_part(mine), f.name) != getattr(_deal_part(real), f.name)
        ]
        problems.append(f"the seat observes otherwise: {', '.join(fields)}")
    if world.legal_actions(seat) != match.legal_actions(seat):
        problems.append("other legal actions")
    live = world.information_state_string(seat).rsplit(" || ", 1)[-1]
    if live != match.information_state_string(seat).rsplit(" || ", 1)[-1]:
        problems.append("another information state in the contest in play")
    for card in sorted(seen_in_deal(match, seat), key=lambda c: c.index):
        there, here = _where(match, card), _where(world, card)
        if there != here:
            problems.append(f"{card} was seen at {there}, the world has it at {here}")
    return problems


def possible_world(match: Match, seat: int, world: Match) -> bool:
    """Whether ``world`` is a possible deal given what ``seat`` has seen in ``match``
    (:func:`world_problems` finds nothing)."""
    return not world_problems(match, seat, world)
