"""Building a sampled world: a full match whose deal in play is the one a seat observes.

:func:`rebuild` takes the public rules, one seat's :class:`~truco_rules.Observation` and a
guess of every seat's cards, and plays the contest in play over again from its public
record, the guessed cards taking the place of the hidden ones. The world's deal is the
observed deal from the contest in play on: the same contests (a pica-pica duel is played
as that duel, with the duels after it still to come), the same sides, the same standing;
the cards put aside before play are put aside again. :func:`same_view` says whether the
seat observes in the world exactly what it observes in the real match.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from ..contest.envido_bet import EnvidoBet
from ..contest.hand import ENV_DONE
from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import InvalidType, TrucoError
from ..match import Match
from ..rules.table import DealContext, DealPlan
from ..rules.variant import Variant
from ..views.observe import Observation
from .likelihood import Likelihood, ask, rule_of_thumb

__all__ = ["HIDDEN", "Likelihood", "rebuild", "remaining", "same_view"]

HIDDEN = ("play down", "play (gathered)")
"""How a seat's record shows another seat's card it may not see."""


def _never(seats: int) -> bool:
    return False


@attrs.frozen
class _FromContest:
    """A table whose first deal is ``first`` (the deal in play of a real match, from its
    contest in play on) and every later deal ``table``'s own."""

    table: Any
    first: DealPlan

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return tuple(self.table.seat_counts)

    @property
    def deals_extra_cards(self) -> bool:
        return bool(getattr(self.table, "deals_extra_cards", False))

    def check_seats(self, seats: int, variant: str) -> None:
        self.table.check_seats(seats, variant)

    def individual_scores(self, seats: int) -> bool:
        return bool(getattr(self.table, "individual_scores", _never)(seats))

    def plan(self, ctx: DealContext) -> DealPlan:
        plan: DealPlan = self.first if ctx.hand_no == 0 else self.table.plan(ctx)
        return plan

    def next_mano(self, ctx: DealContext) -> int:
        mano: int = self.table.next_mano(ctx)
        return mano


class _World(Match):
    """A sampled world: a match resumed at the contest in play, whose standing may already be
    at the target (a later duel of a deal played as duels is played with the score the
    earlier ones left, as in the real match)."""

    __slots__ = ()
    _MID_DEAL = True


@functools.lru_cache(maxsize=64)
def _dealing(variant: Variant, first: DealPlan) -> Variant:
    """``variant`` whose first deal is planned as ``first``."""
    return attrs.evolve(variant, table=_FromContest(variant.table, first))


def check_observation(name: str, value: object) -> None:
    """:class:`~truco_rules.core.errors.InvalidType` unless ``value`` is an observation."""
    if not isinstance(value, Observation):
        raise InvalidType(name, "an Observation", value)


def remaining(obs: Observation) -> tuple[tuple[int, ...], ...]:
    """The contests of the observed deal from the one in play on."""
    check_observation("obs", obs)
    return obs.contests[obs.contest :]


def _world_variant(variant: Variant, obs: Observation) -> Variant:
    """The rules of the world: ``variant`` itself when a first deal with the observed mano
    and standing is planned as the observed deal from its contest in play on, else
    ``variant`` made to plan it so (a pica-pica follows a redonda; a later duel of a deal
    is played without the earlier ones)."""
    if not obs.contests:
        return variant
    ctx = DealContext(obs.seats, obs.mano, 0, obs.scores, variant.match.target, None)
    plan = variant.table.plan(ctx)
    later = remaining(obs)
    extra = tuple(s for s, _c in obs.discards) if obs.contest == 0 else ()
    if plan.contests == later and plan.sides == obs.sides and plan.extra_cards == extra:
        return variant
    return _dealing(variant, DealPlan(contests=later, sides=obs.sides, extra_cards=extra))


def _order(
    v: Variant, obs: Observation, hands: Sequence[Sequence[Card]], put: Sequence[Card]
) -> list[Card]:
    """The card order that deals ``hands`` from the mano (and the cards ``put`` aside to the
    seats that discard, then the turned card), the rest of the deck after."""
    n = obs.seats
    order = [hands[(obs.mano + k) % n][k // n] for k in range(3 * n)]
    order += put
    if v.ranking.turns_up_card and obs.turned is not None:
        order.append(obs.turned)
    # a card twice or not in the deck: the match's deal check refuses the order (no world)
    taken = set(order)
    return order + [c for c in v.deck.cards if c not in taken]


_HIDDEN, _OVER, _SHOWN, _BAD = range(4)  # how a step of the public record is replayed


@attrs.define
class _Replay:
    """What :func:`rebuild` reads from an observation whatever the cards: the world's rules,
    its standing, the cards seen on the table and held per seat, and each step of the public
    record (seat; how it is replayed; the card played face up, the action as the variant
    parses it, or the hidden play's ``down``). It depends on the variant and the observation
    alone (both immutable), so the worlds of one decision share it (:func:`_replay`)."""

    variant: Variant
    scores: tuple[int, ...]
    chicos: tuple[int, ...]
    faceup: dict[int, set[Card | None]]
    held: dict[int, set[Card]]
    steps: tuple[tuple[int, int, Any], ...]
    real: Observation | None = None
    """``obs`` without the deal's earlier contests (:func:`_deal_part`), once asked."""
    waiting: Match | None = None
    """The world before its deal (a chance node), once asked: each world is a copy of it,
    dealt its cards (:meth:`~truco_rules.game.deal_flow.DealFlow._deal_given`). Building it
    asks the rules' hooks for the table's plan and the standing once for the worlds of an
    observation, where each world asked them: the same answers from pure hooks."""


def _step(variant: Variant, seat: int, s: int, text: str) -> tuple[int, int, Any]:
    """How :func:`rebuild` replays ``s``'s entry ``text`` of the public record, seen from
    ``seat``."""
    if s != seat and text in HIDDEN:
        return s, _HIDDEN, text == "play down"
    try:
        if s != seat and text.endswith(" over (down)"):
            return s, _OVER, variant.parse_action(text[: -len(" over (down)")]).card
        return s, _SHOWN, variant.parse_action(text)
    except Exception as error:  # raised when the replay reaches it, as if parsed there
        return s, _BAD, error


T = TypeVar("T")


def per_observation(
    read: Callable[[Variant, Observation], T],
) -> Callable[[Variant, Observation], T]:
    """``read`` kept for the last (variant, observation) pair it was given: the same objects
    (compared by identity, held here so that no other object can take their place) give the
    same result; any other pair is read afresh. A decision samples many worlds from one
    observation; what does not depend on the cards drawn is read once."""
    last: list[tuple[Variant, Observation, T] | None] = [None]

    @functools.wraps(read)
    def kept(variant: Variant, obs: Observation) -> T:
        entry = last[0]
        if entry is not None and entry[0] is variant and entry[1] is obs:
            return entry[2]
        value = read(variant, obs)
        last[0] = (variant, obs, value)
        return value

    return kept


@per_observation
def _replay(variant: Variant, obs: Observation) -> _Replay:
    """The :class:`_Replay` of ``obs`` (kept for the last observation read)."""
    replay = _Replay(
        variant=_world_variant(variant, obs),
        scores=tuple(obs.player_scores or obs.scores),
        chicos=(0, 0) if obs.player_scores else tuple(obs.chicos),
        faceup={s: {p.card for p in obs.current.table if p.seat == s} for s in range(obs.seats)},
        held={s: set(cs) for s, cs in obs.partner_cards},
        steps=tuple(_step(variant, obs.seat, s, text) for s, text in obs.current.public_log),
    )
    return replay


def rebuild(
    variant: Variant,
    obs: Observation,
    hands: Sequence[Sequence[Card]],
    put: Sequence[Card] = (),
    model: Likelihood | None = None,
    *,
    same_envido: bool = False,
) -> tuple[Match, float] | None:
    """The contest in play dealt ``hands`` (and the cards ``put`` aside by the seats that
    discard, in order), with its public record replayed, and how likely the other seats'
    choices were with these cards by ``model`` (default: the rule-of-thumb model); ``None``
    if the record cannot be replayed with them. With ``same_envido``, ``None`` too as soon
    as the world's envido is settled with other scores stated than ``obs`` shows: the
    seat would not observe in it what it observes (:func:`same_view`; a settled envido's
    statements never change), so the rest of the record is not replayed."""
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "a Variant", variant)
    check_observation("obs", obs)
    dealt = 4 if getattr(variant.table, "deals_extra_cards", False) else 3  # a fourth: gallo
    if not isinstance(hands, Sequence) or len(hands) != obs.seats or not all(
        isinstance(h, Sequence) and 3 <= len(h) <= dealt and all(type(c) is Card for c in h)
        for h in hands
    ):
        many = "3 Cards" if dealt == 3 else "3 or 4 Cards"
        want = f"the dealt hand ({many}) of each of {obs.seats} seats"
        raise InvalidType("hands", want, hands)
    if not isinstance(put, Sequence) or not all(type(c) is Card for c in put):
        raise InvalidType("put", "the Cards put aside, in order", put)
    if model is not None and not callable(model):
        raise InvalidType("model", "None or a likelihood model (a callable)", model)
    return replayed(variant, obs, hands, put, model, same_envido)


def replayed(
    variant: Variant,
    obs: Observation,
    hands: Sequence[Sequence[Card]],
    put: Sequence[Card],
    model: Likelihood | None,
    same_envido: bool,
) -> tuple[Match, float] | None:
    """:func:`rebuild` of arguments known to be right (the samplers' own draws)."""
    likelihood = rule_of_thumb if model is None else model
    if variant.ranking.turns_up_card and obs.turned is None:
        return None
    replay = _replay(variant, obs)
    v = replay.variant
    try:
        waiting = replay.waiting  # every world is a copy of one match before its deal
        if waiting is None:
            waiting = replay.waiting = _World(
                v, obs.seats, mano=obs.mano, scores=replay.scores, chicos=replay.chicos
            )
        m = waiting.copy()
        m._deal_given(_order(v, obs, hands, put))
        for (s, _c), card in zip(obs.discards if obs.contest == 0 else (), put, strict=True):
            m.apply(Action.discard(card), s)
    except (TrucoError, ValueError):
        return None
    # the cards a seat may have played unseen: neither seen on the table nor seen held
    faceup, held = replay.faceup, replay.held
    hidden = {
        s: [c for c in hands[s] if c not in faceup[s] and c not in held.get(s, ())]
        for s in range(obs.seats)
    }
    weight = 1.0
    seat = obs.seat
    said = obs.current.envido_statements if same_envido else None
    for s, how, what in replay.steps:
        if said is not None and _settled_otherwise(m, said):
            return None
        if how == _SHOWN and s != seat and m.current_player() == s:
            p = ask(likelihood, m, s, what)
            if p is None:
                return None
            weight *= p
        try:
            if how == _SHOWN:
                m.apply(what, s)
            elif how == _HIDDEN:
                card = hidden[s].pop(0)
                m.apply(Action.play(card, what), s)
            elif how == _OVER:
                if what is None:
                    return None
                under = next(c for c in hidden[s] if c != what)
                hidden[s].remove(under)
                m.apply(Action.play_over(what, under), s)
            else:
                raise what
        except (TrucoError, IndexError, StopIteration):
            return None
    return m, weight


def _settled_otherwise(m: Match, said: tuple[tuple[int, int | None], ...]) -> bool:
    """Whether the kernel's envido of ``m``'s contest is settled with other scores stated
    than ``said`` (the seat's view shows a settled envido's statements in full)."""
    h = m.hand
    if h is None or h.env_state != ENV_DONE or tuple(h.env_public) == said:
        return False
    i = h.bt.by_name.get("envido", -1)
    return i >= 0 and type(h.bets[i]) is EnvidoBet


def _deal_part(obs: Observation) -> Observation:
    """``obs`` without what a world, whose past starts at the contest in play, lacks: the
    deal's number, the contest before, the contests already played and what they showed."""
    return attrs.evolve(
        obs,
        hand_no=0,
        previous=None,
        contests=remaining(obs),
        contest=0,
        deal_seen=(),
        discards=obs.discards if obs.contest == 0 else (),
    )


def same_view(world: Observation, real: Observation, variant: Variant | None = None) -> bool:
    """Whether a world's observation is the real one, but for the contests before the one
    in play (a world starts at the contest in play). With ``variant`` (the real rules), the
    real observation's part is read once for the worlds of a decision (:func:`_replay`) and
    compared field by field, as the two parts' equality compares them."""
    check_observation("world", world)
    check_observation("real", real)
    if variant is None:
        return _deal_part(world) == _deal_part(real)
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "None or a Variant", variant)
    replay = _replay(variant, real)
    part = replay.real
    if part is None:
        part = replay.real = _deal_part(real)
    if type(world) is not Observation:
        return _deal_part(world) == part
    for name in _KEPT:
        if getattr(world, name) != getattr(part, name):
            return False
    return (
        part.hand_no == 0
        and part.previous is None
        and part.contests == remaining(world)
        and part.contest == 0
        and part.deal_seen == ()
        and part.discards == (world.discards if world.contest == 0 else ())
    )


_PART = ("hand_no", "previous", "contests", "contest", "deal_seen", "discards")
_KEPT = tuple(f.name for f in attrs.fields(Observation) if f.eq and f.name not in _PART)
"""The fields that :func:`_deal_part` keeps as they are."""
