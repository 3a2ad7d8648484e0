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

from ..core.cards import Card
from ..match import Match
from ..rules.variant import Variant
from ..views.agent_input import check_rules, check_world_request, check_world_settings
from ..views.observe import Observation, observe
from .evidence import _fits, _plays_fit, _reading, _single_plays
from .worlds import Likelihood, check_observation, replayed, same_view

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


def last_card_open(variant: Variant, obs: Observation) -> bool:
    """Whether a seat of the other side holds one card, unseen, after playing two (the
    stratum of :func:`weighted_world` applies)."""
    return searchable(variant, obs) and _reading(variant, obs).last is not None


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
    (:func:`.evidence._last_card_seat`) holds the card at that place (modulo) of the cards left to
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
    return _world(variant, obs, rng, tries, model, fit_plays, stratum)


def _world(
    variant: Variant,
    obs: Observation,
    rng: random.Random,
    tries: int,
    model: Likelihood | None,
    fit_plays: bool,
    stratum: int | None,
) -> tuple[Match, float] | None:
    """:func:`weighted_world` once its arguments are checked and ``obs`` found
    :func:`searchable` (the worlds of one request are drawn without checking them again)."""
    for attempt in range(tries):
        strict = stratum is not None or attempt < max(1, tries // 2)
        dealt = _deal(variant, obs, rng, strict, fit_plays, stratum)
        if dealt is None:
            continue
        built = replayed(variant, obs, *dealt, model, True)
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
    if not searchable(variant, obs):
        return out
    start = rng.randrange(1 << 20) if strata and last_card_open(variant, obs) else None
    while len(out) < count or (
        len(out) < most and total * total < widen * count * squares
    ):
        stratum = None if start is None else start + len(out) + failed
        found = _world(variant, obs, rng, tries, model, fit_plays, stratum)
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
