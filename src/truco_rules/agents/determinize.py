"""Sampling full states ("worlds") consistent with what one seat has seen.

:func:`sample_world` takes only the public rules (a :class:`~truco_rules.Variant`) and one
seat's :class:`~truco_rules.Observation`; it cannot see a hidden card because it is never
given one. It deals the unseen cards at random to the other seats, keeping every card the
seat saw them hold in the deal (played face up, shown at the end of an earlier contest of
the deal, a partner's hand seen at a hand of 11/10), rebuilds the deal in play from the
contest in play on (:mod:`.worlds`: a duel of a pica-pica is that duel), replays its public
record, and keeps the world only if the seat would observe exactly what it observes now;
else it tries again. In a contest of two seats the first deals tried are drawn to fit the
other seat's face-up plays under the rule of thumb of :mod:`.rollout` (the weakest card
that beats the card on the table, else the weakest), and only then any deal. A world comes
with a weight: the probability that the other seats, holding its cards, would have made the
choices they made if they played by that rule of thumb
(:func:`~.rollout.rollout_probability`, floored at 0.02; a crude opponent model: a call of
truco makes a strong hand likelier). The search draws its worlds in proportion to those
weights.

Every world is a possible deal given the seat's information state:
:func:`truco_rules.testing.world_problems` checks it, and the test suite checks it at every
variant, table size and special hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from ..core.cards import Card
from ..core.context import HandContext
from ..match import Match
from ..rules.variant import Variant
from ..views.agent_input import check_rules, check_world_request, check_world_settings
from ..views.observe import Observation, observe
from .tally import side_of
from .worlds import HIDDEN, Likelihood, check_observation, per_observation, rebuild, same_view

__all__ = [
    "last_card_open",
    "sample_world",
    "searchable",
    "weighted_world",
    "weighted_worlds",
]


def searchable(variant: Variant, obs: Observation) -> bool:
    """Whether :func:`sample_world` can rebuild this situation: a seat to act in a contest,
    its cards in view (rules not the observation's: :class:`~truco_rules.InvalidOption`)."""
    check_observation("obs", obs)
    check_rules(variant, obs)
    return (
        obs.phase not in ("deal", "over", "discard")
        and obs.seat == obs.current_player
        and not obs.unseen_cards
        and len(obs.my_dealt) == 3
        and obs.mano == obs.current.mano
    )


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
    """What :func:`_deal` reads from an observation before it draws a card: the cards known
    per other seat, the cards left to draw (in the deck's order), the envido scores stated
    and flores sung, the trick strengths and each seat's deal context. It depends on the
    variant and the observation alone (both immutable), so the worlds of one decision share
    it (:func:`_reading`)."""

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


def last_card_open(variant: Variant, obs: Observation) -> bool:
    """Whether a seat of the other side holds one card, unseen, after playing two (the
    stratum of :func:`weighted_world` applies)."""
    return searchable(variant, obs) and _reading(variant, obs).last is not None


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


def _deal(
    variant: Variant,
    obs: Observation,
    rng: random.Random,
    strict: bool,
    fit_plays: bool = True,
    stratum: int | None = None,
) -> tuple[list[list[Card]], list[Card]] | None:
    """Every seat's cards and the cards put aside by the seats that discarded (the seat's
    own as it knows them, the others' unseen ones at random), or ``None``. With a
    ``stratum``, the first seat of the other side that holds its last card unseen
    (:func:`_last_card_seat`) holds the card at that place (modulo) of the cards left to
    draw, in the deck's order: worlds numbered in a row, from a random start, then give it
    each card in turn (see :func:`weighted_world`). A card it played face down is drawn at
    random, first among its unseen cards, the one a replay plays face down."""
    reading = _reading(variant, obs)
    known = reading.known
    pool = list(reading.pool)
    fixed: dict[int, Card] = {}
    if stratum is not None and pool:
        seat = reading.last
        if seat is not None and 3 - len(known[seat]) <= len(pool):
            fixed[seat] = pool[stratum % len(pool)]
            pool.remove(fixed[seat])
    stated, flor = reading.stated, reading.flor
    plays: list[tuple[int, Card, int]] = []
    if strict and fit_plays:
        if not reading.plays:
            reading.plays.append(_single_plays(variant, obs))
        plays = reading.plays[0]
    strength = reading.strength
    hands: list[list[Card]] = [[] for _ in range(obs.seats)]
    hands[obs.seat] = list(obs.my_dealt)
    rng.shuffle(pool)
    for s in sorted(known):
        need = 3 - len(known[s])
        if need < 0 or need > len(pool):
            return None
        context = reading.contexts[s]
        said_score, sung = stated.get(s), flor.get(s)
        said = said_score is not None or sung is not None  # else any cards fit what it said
        once = not strict or (need == 1 and s in fixed)  # nothing else to draw again
        for _ in range(1 if once else 200):
            pick = rng.sample(pool, need - (s in fixed)) + ([fixed[s]] if s in fixed else [])
            cards = known[s] + pick
            if not strict:
                break
            # the cards must agree with what the seat stated or sung, if anything
            if (not said or _fits(variant, cards, said_score, sung, context)) and _plays_fit(
                strength, s, cards, plays
            ):
                break
        else:
            return None
        hands[s] = cards
        for c in pick:  # the rest of the pool in its order (its cards are all different)
            if c is not fixed.get(s):
                pool.remove(c)
    put: list[Card] = []
    if obs.contest == 0:  # the cards put aside before this contest: dealt and discarded
        for _s, card in obs.discards:
            if card is None:
                if not pool:
                    return None
                card = pool.pop()
            put.append(card)
    return hands, put


def weighted_world(
    variant: Variant,
    obs: Observation,
    rng: random.Random,
    tries: int = 10,
    model: Likelihood | None = None,
    fit_plays: bool = True,
    stratum: int | None = None,
) -> tuple[Match, float] | None:
    """A full match state consistent with ``obs`` and its weight: how likely the other
    seats' choices were with its cards under ``model`` (default: the rule-of-thumb model
    of :mod:`.rollout`). ``None`` if ``tries`` deals found none (or the situation is not
    :func:`searchable`). With ``fit_plays`` false the deals of a two-seat contest are not
    drawn to fit the other seat's face-up plays under the rule of thumb (a model that
    weighs the plays itself does not need it, and a seat that plays otherwise makes such
    deals slow to find).

    ``stratum``: where the other side has a seat with one card still unseen
    (:func:`last_card_open`), that seat holds the card at this place of the cards left
    to draw, the other unseen cards at random. Worlds drawn with strata numbered in a
    row from a random start give that seat each possible card in turn (stratified
    sampling): each world's card is still uniformly drawn, but a card that only a few
    worlds would hold, such as the one card that beats the seat's own at the last trick,
    whose world weighs much when the other side has raised, is not missed by chance."""
    check_world_request(variant, obs, rng, tries=tries)
    check_world_settings(model, {"fit_plays": fit_plays}, {}, stratum)
    if not searchable(variant, obs):
        return None
    for attempt in range(tries):
        strict = stratum is not None or attempt < max(1, tries // 2)
        dealt = _deal(variant, obs, rng, strict, fit_plays, stratum)
        if dealt is None:
            continue
        built = rebuild(variant, obs, *dealt, model=model, same_envido=True)
        if built is not None and same_view(observe(built[0], obs.seat), obs, variant):
            return built
    return None


def weighted_worlds(
    variant: Variant,
    obs: Observation,
    rng: random.Random,
    count: int,
    model: Likelihood | None = None,
    *,
    fit_plays: bool = True,
    widen: float = 0.0,
    most: int = 0,
    misses: int = 3,
    tries: int = 10,
    strata: bool = True,
) -> list[tuple[Match, float]]:
    """``count`` worlds of :func:`weighted_world` (``tries`` deals a world) with their
    weights (worlds with a contest in play; fewer once ``misses`` draws found none); with
    ``strata``, the other side's last unseen card drawn in turn where
    :func:`last_card_open` says one is (strata in a row from a random start).

    ``widen``: while the worlds drawn, weighed, are worth fewer than ``widen * count``
    worlds drawn alike (their effective sample size, (sum of the weights)² / sum of
    their squares), more are drawn, up to ``most`` in all. A call or a raise that few of
    the worlds explain gives those few nearly all the weight, and a chance read from
    them swings with the draw; more worlds there cost time only where the weights are
    that uneven."""
    check_world_request(variant, obs, rng, count=count, tries=tries)
    flags, numbers = {"fit_plays": fit_plays, "strata": strata}, {"widen": widen, "most": most}
    check_world_settings(model, flags, {**numbers, "misses": misses})
    out: list[tuple[Match, float]] = []
    failed = 0
    total = squares = 0.0
    start = rng.randrange(1 << 20) if strata and last_card_open(variant, obs) else None
    while len(out) < count or (
        len(out) < most and total * total < widen * count * squares
    ):
        stratum = None if start is None else start + len(out) + failed
        found = weighted_world(
            variant, obs, rng, tries, model=model, fit_plays=fit_plays, stratum=stratum
        )
        if found is None:
            failed += 1
            if failed >= misses:
                break
            continue
        if found[0].hand is not None:
            out.append(found)
            total += found[1]
            squares += found[1] * found[1]
    return out


def sample_world(
    variant: Variant, obs: Observation, rng: random.Random, tries: int = 40
) -> Match | None:
    """A full match state consistent with ``obs``, kept with the probability of its weight
    (:func:`weighted_world`) in the first half of the tries; ``None`` if none was found, at
    once where the situation is not :func:`searchable` (say, another seat is to act)."""
    check_world_request(variant, obs, rng, tries=tries)
    for attempt in range(tries):
        built = weighted_world(variant, obs, rng, tries=1 if attempt < tries // 2 else 2)
        if built is None:
            if not searchable(variant, obs):
                return None
            continue
        m, weight = built
        if attempt < tries // 2 and rng.random() >= weight:
            continue  # the others would hardly have played so with these cards
        return m
    return None
