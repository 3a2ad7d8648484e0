"""What one seat's observation tells of the cards the other seats hold.

Before a sampler (:mod:`.determinize`) draws a card it reads, once per observation, what
narrows the deal: the cards each other seat is known to hold (played face up in the contest,
a partner's hand seen at a hand of 11/10, cards seen in the deal's earlier contests), the
cards left to draw, the envido scores stated and the flores sung or, by acting, not held, and
in a contest of two seats the other seat's face-up plays, which the rule of thumb of
:mod:`.rollout` would have made with some hands and not with others. All of it depends on
the public rules and the observation alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core.cards import Card
from ..core.context import HandContext
from ..rules.variant import Variant
from ..views.observe import Observation
from .tally import side_of
from .worlds import HIDDEN, per_observation

__all__: list[str] = []


def _known(variant: Variant, obs: Observation) -> tuple[dict[int, list[Card]], set[Card]]:
    """Cards known per other seat (played face up in the contest, partners' held, seen in
    the deal's earlier contests) and every card of the deal in view (the seat's own, put
    aside or not, and the turned card too)."""
    known: dict[int, list[Card]] = {s: [] for s in range(obs.seats) if s != obs.seat}
    seen: set[Card] = set(obs.my_dealt)
    seen.update(c for _s, c in obs.discards if c is not None)
    if obs.turned is not None:
        seen.add(obs.turned)
    faceup = [(p.seat, (p.card,)) for p in obs.current.table if p.card is not None]
    for s, cards in (*faceup, *obs.partner_cards, *obs.deal_seen):
        if s == obs.seat:
            continue
        for c in cards:
            if c is not None and c not in known[s]:
                known[s].append(c)
            seen.add(c)
    return known, seen


def _fits(
    variant: Variant,
    cards: Sequence[Card],
    stated: int | None,
    flor: bool | None,
    context: HandContext,
) -> bool:
    """Whether ``cards`` agree with the envido score stated and the flor sung (or not) by
    their holder, valued in the deal ``context`` (the turned card may count)."""
    env, fl = variant.envido, variant.flor
    if stated is not None and env is not None and env.points_in(cards, context) != stated:
        return False
    if flor is not None and fl is not None:
        return (fl.points_in(cards, context) is not None) == flor
    return True


def _context(obs: Observation, seat: int) -> HandContext:
    """What the value hooks know of ``seat``'s hand in the deal ``obs`` shows."""
    return HandContext(obs.turned, obs.seats, seat, tuple(obs.scores))


def _constraints(obs: Observation) -> tuple[dict[int, int], dict[int, bool]]:
    """Envido scores stated and flores sung or (by acting) not held, per seat."""
    stated = {s: v for s, v in obs.current.envido_statements if v is not None}
    sung = set(obs.current.flor_sung)
    acted = {s for s, _t in obs.current.public_log}
    flor = {s: s in sung for s in range(obs.seats) if s in sung or s in acted}
    return stated, flor


def _single_plays(variant: Variant, obs: Observation) -> list[tuple[int, Card, int]]:
    """In a contest of two seats (a two-seat table, a duel), the other seat's face-up single
    plays before it played any card face down or two at once: (seat, card, strength of the
    card it had to beat or -1)."""
    if len(obs.contests[obs.contest] if obs.contests else range(obs.seats)) != 2:
        return []
    strength = variant.ranking.strengths(obs.turned, variant.deck.cards)
    out: list[tuple[int, Card, int]] = []
    on_table: list[int] = []  # strengths of the current trick's plays
    for s, text in obs.current.public_log:
        if not text.startswith("play"):
            continue
        if text in HIDDEN or " over " in text:
            break  # hidden cards from here on: the rule cannot be followed any further
        act = variant.parse_action(text)
        if act.card is None or act.under is not None:
            break
        if s != obs.seat:
            out.append((s, act.card, on_table[-1] if on_table else -1))
        on_table.append(0 if act.down else strength[act.card.index])
        if len(on_table) == 2:
            on_table = []
    return out


def _plays_fit(
    strength: Sequence[int], seat: int, cards: Sequence[Card], plays: list[tuple[int, Card, int]]
) -> bool:
    """Whether the rule of thumb (the weakest card that beats the card to beat, else the
    weakest) holding ``cards`` makes ``seat``'s single plays (compared by strength)."""
    left = list(cards)
    for s, card, rival in plays:
        if s != seat:
            continue
        if card not in left:
            return False
        ranked = sorted(strength[c.index] for c in left)
        want = next((x for x in ranked if x > rival), ranked[0])
        if strength[card.index] != want:
            return False
        left.remove(card)
    return True


@attrs.define
class _Reading:
    """What the sampler (:func:`.determinize._deal`) reads from an observation before it
    draws a card: the cards known per other seat, the cards left to draw (in the deck's
    order), the envido scores stated and flores sung, the trick strengths and each seat's
    deal context. It depends on the variant and the observation alone (both immutable), so
    the worlds of one decision share it (:func:`_reading`)."""

    known: dict[int, list[Card]]
    pool: tuple[Card, ...]
    stated: dict[int, int]
    flor: dict[int, bool]
    strength: Sequence[int]
    contexts: dict[int, HandContext]
    plays: list[list[tuple[int, Card, int]]]
    """:func:`_single_plays`, once asked (an empty list until then)."""
    last: int | None
    """The seat whose one unseen card a stratum draws (:func:`_last_card_seat`), if any."""


@per_observation
def _reading(variant: Variant, obs: Observation) -> _Reading:
    """The :class:`_Reading` of ``obs`` (kept for the last observation read)."""
    known, seen = _known(variant, obs)
    stated, flor = _constraints(obs)
    reading = _Reading(
        known=known,
        pool=tuple(c for c in variant.deck.cards if c not in seen),
        stated=stated,
        flor=flor,
        strength=variant.ranking.strengths(obs.turned, variant.deck.cards),
        contexts={s: _context(obs, s) for s in known},
        plays=[],
        last=_last_card_seat(obs, known),
    )
    return reading


def _last_card_seat(obs: Observation, known: dict[int, list[Card]]) -> int | None:
    """The first seat of the other side that has played two cards of the contest, one at
    least face up, and holds the third, unseen (the cards it is known to hold are the ones
    it played face up), if any. A seat that played two cards at once (one over another)
    is not read."""
    played = dict.fromkeys(known, 0)
    faceup = dict.fromkeys(known, 0)
    paired: set[int] = set()
    for s, text in obs.current.public_log:
        if s in played and text.startswith("play"):
            played[s] += 1
            faceup[s] += text not in HIDDEN
            if " over " in text:
                paired.add(s)
    for s in sorted(known):
        if s in paired or side_of(obs, s) == obs.team:
            continue
        if played[s] == 2 and faceup[s] == len(known[s]) >= 1:
            return s
    return None
