"""What one seat sees, as values (docs/architecture.md, "Information"): :class:`Observation`,
the contest as the seat sees it (:class:`HandView`) and each card on the table
(:class:`PlayedCard`), with their plain-data form (:meth:`Observation.to_dict`) and their
text. :mod:`~truco_rules.views.observe` builds them from a match.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..core.arguments import callable_or_none
from ..core.cards import SPANISH, Card, Notation
from ..core.errors import InvalidType, shown

if TYPE_CHECKING:
    pass

__all__ = ["HandView", "Observation", "PlayedCard"]


@attrs.frozen
class PlayedCard:
    """A card on the table: ``card`` is ``None`` when it lies face down and is not ours."""

    trick: int
    seat: int
    card: Card | None
    down: bool


@attrs.frozen
class HandView:
    """The public record of one contest, as one seat saw it."""

    mano: int
    table: tuple[PlayedCard, ...]
    tricks: tuple[int, ...]
    """Per finished trick: 0 mano's side, 1 the other side, -1 tied."""
    envido_chain: tuple[str, ...]
    envido_state: str
    envido_statements: tuple[tuple[int, int | None], ...]
    """(seat, stated score or None for *son buenas*), in speaking order."""
    flor_sung: tuple[int, ...]
    folded: tuple[int, ...]
    points: tuple[tuple[int, int, str], ...]
    """Points awarded in the contest: (side, points, reason)."""
    public_log: tuple[tuple[int, str], ...]
    """The contest's actions as this seat saw them (others' face-down cards hidden)."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    """Cards shown to everyone when the contest ended (envido proof, flores)."""


@attrs.frozen
class Observation:
    """One seat's view of a match. All fields are public to that seat.

    ``current`` is the public record of the contest in play (empty between deals) and
    ``previous`` that of the contest before it.
    """

    seat: int
    team: int
    seats: int
    variant: str
    scores: tuple[int, int]
    score_text: str
    chicos: tuple[int, int]
    hand_no: int
    mano: int
    """The mano of the current contest (of the deal, between hands)."""
    mano_side: int
    current_player: int
    phase: str
    my_cards: tuple[Card, ...]
    """The seat's cards still in hand (empty in a blind hand: see ``unseen_cards``)."""
    my_dealt: tuple[Card, ...]
    """The three cards the seat was dealt (empty in a blind hand)."""
    turned: Card | None
    stake: int
    pending_call: str | None
    pending_caller: int | None
    raise_team: int | None
    current: HandView
    """The public record of the contest in play, so far."""
    legal_actions: tuple[str, ...]
    """This seat's legal actions now (empty if it may not act)."""
    previous: HandView | None = None
    """The public record of the previous contest (its last trick, statements, shown cards)."""
    special: str = ""
    """The special hand in play: ``"one-side"`` (hand of 11/10), ``"iron"``, or ``""``."""
    unseen_cards: int = 0
    """How many cards the seat holds without seeing them (a blind iron hand)."""
    partner_cards: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Partners' cards in hand, when the seat may look at them (the side of a hand of 11)."""
    player_scores: tuple[int, ...] = ()
    """Every player's own score, when the table keeps individual scores (gallo)."""
    notation: Notation = SPANISH
    """The deck notation of the match (its variant with its options): how cards are written."""
    sides: tuple[int, ...] = ()
    """The side (0 or 1) of every seat in the deal in play: who plays with whom is public
    (at 3 seats the gallo is alone on his side against the pair)."""
    contests: tuple[tuple[int, ...], ...] = ()
    """The contests of the deal in play, each its seats in play order, mano first: one of
    every seat, or several 1v1 duels played one after the other."""
    contest: int = 0
    """Which of ``contests`` is in play (how many of them have ended)."""
    deal_seen: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """The cards other seats were seen to hold in this deal beyond the contest's table: in
    the deal's contests that have ended (played face up, or shown at the end), and a
    partner's whole hand once seen (a hand of 11/10). None is an unseen card of the deal."""
    discards: tuple[tuple[int, Card | None], ...] = ()
    """The cards put aside in this deal before play, ``(seat, card)``: the seat's own
    card, ``None`` for another seat's (unseen)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data, e.g. for JSON or an adapter: cards as text in the match's notation,
        ``notation`` as its name; tuples become lists. (A server sends it to every seat after
        every action: the contest records are converted field by field.)"""
        fmt = self.notation.format
        previous = self.previous
        return {
            name: _hand_dict(self.current, fmt)
            if name == "current"
            else (None if previous is None else _hand_dict(previous, fmt))
            if name == "previous"
            else _plain(getattr(self, name), fmt)
            for name in _field_names(Observation)
        }

    def render(self, fmt: Callable[[Card], str] | None = None) -> str:
        """A few readable lines for a terminal; ``fmt`` formats a card (default: the match's
        deck notation, the one its legal actions are written in)."""
        if fmt is None:
            fmt = self.notation.format
        callable_or_none(fmt, "fmt", "a function card -> text, or None")
        fmt = _card_text(fmt)

        def cards(cs: tuple[Card, ...]) -> str:
            return " ".join(fmt(c) for c in cs) or "-"

        lines = [
            f"{self.variant} | hand {self.hand_no + 1} | score {self.score_text} "
            f"(you are side {self.team}) | mano: seat {self.mano}",
        ]
        if self.turned is not None:
            lines.append(f"turned card: {fmt(self.turned)}")
        for t in range(max((p.trick for p in self.current.table), default=-1) + 1):
            row = [
                f"seat {p.seat}: "
                + (
                    ("(down)" if p.down else "(gathered)")  # unseen: face down, or face up
                    if p.card is None  # and gathered since (played_cards_visible=False)
                    else fmt(p.card) + (" down" if p.down else "")
                )
                for p in self.current.table
                if p.trick == t
            ]
            res = ""
            if t < len(self.current.tricks):
                r = self.current.tricks[t]
                res = (
                    " -> tied"
                    if r < 0
                    else f" -> side {self.mano_side if r == 0 else 1 - self.mano_side}"
                )
            lines.append(f"trick {t + 1}: " + ", ".join(row) + res)
        stake = f"stake {self.stake}"
        if self.pending_call:
            stake += f", {self.pending_call} called by seat {self.pending_caller}"
        lines.append(stake)
        if self.current.envido_chain:
            lines.append(
                f"envido: {' '.join(self.current.envido_chain)} ({self.current.envido_state})"
            )
        for seat, value in self.current.envido_statements:
            lines.append(f"  seat {seat}: {'son buenas' if value is None else value}")
        if self.unseen_cards:
            lines.append(f"your cards: {self.unseen_cards} unseen (blind hand)")
        else:
            lines.append(f"your cards: {cards(self.my_cards)}")
        for partner, held in self.partner_cards:
            lines.append(f"seat {partner} (partner) holds: {cards(held)}")
        return "\n".join(lines)


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The attrs field names of ``cls``, in order (looked up once)."""
    return tuple(f.name for f in attrs.fields(cls))


def _plain(v: Any, fmt: Callable[[Card], str]) -> Any:
    """``v`` as plain data: cards as text, tuples as lists, records as dicts."""
    t = type(v)
    if t is int or t is str or t is bool or v is None:
        return v
    if t is tuple:
        if all(type(x) is int for x in v):
            return list(v)
        if all(type(x) is Card for x in v):
            return [fmt(x) for x in v]
    if isinstance(v, Card):
        return fmt(v)
    if isinstance(v, Notation):
        return v.name
    if isinstance(v, (PlayedCard, HandView)):
        names = tuple(f.name for f in attrs.fields(type(v)))
        return {name: _plain(getattr(v, name), fmt) for name in names}
    if isinstance(v, tuple):
        return [_plain(x, fmt) for x in v]
    return v


_HAND_FIELDS = (
    "mano", "table", "tricks", "envido_chain", "envido_state", "envido_statements",
    "flor_sung", "folded", "points", "public_log", "shown",
)  # fmt: skip


def _hand_dict(h: HandView, fmt: Callable[[Card], str]) -> dict[str, Any]:
    """:func:`_plain` of a contest record, written out for speed (the general path for a
    subclass or a record with other fields)."""
    if type(h) is not HandView or _field_names(HandView) != _HAND_FIELDS:
        return _plain(h, fmt)  # type: ignore[no-any-return]
    return {
        "mano": h.mano,
        "table": [
            {
                "trick": p.trick,
                "seat": p.seat,
                "card": None if p.card is None else fmt(p.card),
                "down": p.down,
            }
            if type(p) is PlayedCard
            else _plain(p, fmt)
            for p in h.table
        ],
        "tricks": list(h.tricks),
        "envido_chain": list(h.envido_chain),
        "envido_state": h.envido_state,
        "envido_statements": [list(x) for x in h.envido_statements],
        "flor_sung": list(h.flor_sung),
        "folded": list(h.folded),
        "points": [list(x) for x in h.points],
        "public_log": [list(x) for x in h.public_log],
        "shown": [[s, [fmt(c) for c in cs]] for s, cs in h.shown],
    }


def _card_text(fmt: Callable[[Card], str]) -> Callable[[Card], str]:
    """``fmt``, refused (InvalidType naming it) where it does not take a card or gives no
    text for it: a bare TypeError, or a number joined into the lines, otherwise."""
    expected = "a function card -> text, or None"

    def text(card: Card) -> str:
        try:
            out = fmt(card)
        except TypeError:
            raise InvalidType("fmt", expected, fmt) from None
        if not isinstance(out, str):
            raise InvalidType("fmt", expected + f" (it gave {shown(out)})", fmt)
        return out

    return text
