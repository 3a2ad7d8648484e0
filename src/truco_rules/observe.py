"""What one seat may see (DESIGN §4).

:func:`observe` builds an :class:`Observation` from public information and the seat's own
cards only: other players' cards are hidden until played face up; a face-down card is known
only to its owner; envido scores appear only as stated. Two states that agree on everything
the seat may see give equal observations, so a bot that reads only observations cannot cheat.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from .actions import PLAY, Action
from .arguments import callable_or_none, seat_index
from .cards import SPANISH, Card, Notation
from .hand import ENV_DECLARING, ENV_DONE, ENV_NONE, ENV_VOID, PHASES, Hand

if TYPE_CHECKING:
    from .dealing import HandSummary
    from .state import MatchState

__all__ = ["HandView", "Observation", "PlayedCard", "hand_view", "observe"]


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
                + ("(down)" if p.card is None else fmt(p.card) + (" down" if p.down else ""))
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


_ENV_STATE = ("none", "awaiting answer", "stating scores", "settled", "void")

_NO_CONTEST = HandView(
    mano=-1,
    table=(),
    tricks=(),
    envido_chain=(),
    envido_state="none",
    envido_statements=(),
    flor_sung=(),
    folded=(),
    points=(),
    public_log=(),
    shown=(),
)


def hand_view(hand: Hand, seat: int, fmt: Callable[[Action], str]) -> HandView:
    """The public record of ``hand`` as ``seat`` sees it."""
    visible = hand.tr.played_cards_visible
    current = hand.trick_no if not hand.over else len(hand.results)

    def seen(t: int, s: int, down: bool) -> bool:
        """Whether ``seat`` sees the card ``s`` played in trick ``t``."""
        return s == seat or (not down and (visible or t >= current))

    table = tuple(PlayedCard(t, s, c if seen(t, s, d) else None, d) for t, s, c, d in hand.plays)
    log: list[tuple[int, str]] = []
    plays = iter(hand.plays)
    for s, act in hand.log:
        if act.verb == PLAY:
            t, _s, _c, d = next(plays)
            if not seen(t, s, d):
                log.append((s, "play down" if d else "play (gathered)"))
                continue
            if act.under is not None and s != seat:  # the card underneath stays hidden
                assert act.card is not None
                log.append((s, fmt(Action.play(act.card)) + " over (down)"))
                continue
        log.append((s, fmt(act)))
    env_state = hand.env_state
    if env_state == ENV_VOID and not hand.env_called:
        env_state = ENV_NONE  # "void" only says something once an envido was called
    statements = tuple(hand.env_public)
    if env_state not in (ENV_DONE, ENV_VOID) and hand.env_state != ENV_DECLARING:
        statements = ()
    return HandView(
        mano=hand.order[0],
        table=table,
        tricks=tuple(hand.results),
        envido_chain=tuple(hand.env_chain),
        envido_state=_ENV_STATE[env_state],
        envido_statements=statements,
        flor_sung=tuple(hand.flor_sung),
        folded=tuple(s for s in hand.order if hand.folded[s]),
        points=tuple(hand.points),
        public_log=tuple(log),
        shown=hand.shown() if hand.over else (),
    )


def observe(match: MatchState, seat: int) -> Observation:
    """The observation of ``seat`` in ``match`` (a seat that is not one of the match's raises
    :class:`~truco_rules.errors.InvalidSeat`: seat ``-1`` is no seat, not the last one)."""
    if type(seat) is not int or not 0 <= seat < match.seats:
        seat = seat_index(seat, match.seats)
    hand = match.hand
    fmt = match.variant.format_action
    common: dict[str, Any] = {
        "seat": seat,
        "team": match.team[seat],
        "seats": match.seats,
        "variant": match.variant.name,
        "scores": match.score,
        "score_text": match.score_text(),
        "chicos": (match.chicos[0], match.chicos[1]),
        "hand_no": match.hand_no,
        "mano": match.mano if hand is None else hand.order[0],
        "mano_side": match.team[match.mano if hand is None else hand.order[0]],
        "current_player": match.current_player(),
        "previous": None if match.last_hand is None else hand_view(match.last_hand, seat, fmt),
        "player_scores": tuple(match.player_scores or ()),
        "notation": match.variant.notation,
        "sides": tuple(match.team),
        "contests": tuple(match._contests),
        "contest": match._contest if hand is not None else 0,
        "discards": tuple((s, c if s == seat else None) for s, c in match._discarded),
    }
    if hand is None:
        discarding = match.current_player() >= 0  # a player dealt an extra card discards
        mine = tuple(match._dealt[seat]) if discarding else ()
        return Observation(
            **common,
            phase="over" if match.is_over() else "discard" if discarding else "deal",
            my_cards=mine,
            my_dealt=mine,
            turned=None,
            stake=0,
            pending_call=None,
            pending_caller=None,
            raise_team=None,
            current=_NO_CONTEST,
            legal_actions=tuple(fmt(a) for a in match.legal_actions(seat)) if discarding else (),
        )
    blind = hand.blind and hand.pos[seat] >= 0

    def held(p: int) -> tuple[Card, ...]:
        # a card put down under a face-up one (two-card play) is no longer in hand
        return tuple(c for c in hand.cards[p] if c != hand.under[p])

    my_cards = () if blind else held(seat)
    my_dealt = tuple(hand.dealt[seat]) if hand.pos[seat] >= 0 and not blind else ()
    if hand.pos[seat] < 0:  # not in the duel in play: the seat still sees what it was dealt
        my_dealt = tuple(match._dealt[seat])
        later = match._contests[match._contest + 1 :]
        my_cards = my_dealt if any(seat in c for c in later) else ()  # its duel is still to come
    partners: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    if hand.sees_partners(seat):
        partners = tuple(
            (p, held(p))
            for p in hand.order
            if p != seat and hand.team[p] == hand.team[seat]
        )
    return Observation(
        **common,
        phase=PHASES[hand.phase],
        my_cards=my_cards,
        my_dealt=my_dealt,
        turned=match.turned,
        stake=hand.stake(),
        pending_call=hand.variant.ladder.names[hand.call - 1] if hand.call else None,
        pending_caller=hand.call_caller if hand.call else None,
        raise_team=hand.raise_team,
        current=hand_view(hand, seat, fmt),
        legal_actions=tuple(fmt(a) for a in hand.legal_actions(seat)),
        special=hand.special,
        unseen_cards=len(hand.cards[seat]) if blind else 0,
        partner_cards=partners,
        deal_seen=_deal_seen(match, seat, fmt),
    )


def _deal_seen(
    match: MatchState, seat: int, fmt: Callable[[Action], str]
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The cards other seats were seen to hold in the deal: a partner's whole hand, if the
    seat saw it (a hand of 11/10: a card he then played face down is no secret to it), and
    in the deal's finished contests the last one's as its public record shows them, the
    earlier ones' (the first duel of a pica-pica, seen from its third) by their face-up
    plays, if played cards stay visible, and their shown cards."""
    hand = match.hand
    if hand is None:
        return ()
    seen: dict[int, list[Card]] = {}

    def add(s: int, card: Card | None) -> None:
        if s != seat and card is not None and card not in seen.setdefault(s, []):
            seen[s].append(card)

    if seat >= 0 and hand.sees_partners(seat):  # a spectator (seat -1) has no partners
        for p in hand.order:
            if hand.team[p] == hand.team[seat]:
                for c in hand.dealt[p]:
                    add(p, c)
    done: list[HandSummary] = []  # the deal's finished contests, the last one first
    for h in reversed(match._history):
        if h.hand_no != match.hand_no:
            break
        done.append(h)
    if done:
        last = match.last_hand
        assert last is not None
        view = hand_view(last, seat, fmt)
        for played in view.table:
            add(played.seat, played.card)
        for s, cards in view.shown:
            for c in cards:
                add(s, c)
        # the contests before the last one: their actions are the record's, just before
        # the last contest's and the current one's (a contest records one entry per action)
        end = len(match._actions) - len(hand.log) - done[0].actions
        visible = match.variant.tricks.played_cards_visible
        for h in done[1:]:
            start = end - h.actions
            for s, act in match._actions[start:end]:
                if visible and act.verb == PLAY and not act.down:
                    add(s, act.card)
            for s, cards in h.shown:
                for c in cards:
                    add(s, c)
            end = start
    return tuple((s, tuple(cs)) for s, cs in sorted(seen.items()) if cs)
