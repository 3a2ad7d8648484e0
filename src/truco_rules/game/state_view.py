"""The public, read-only face of a match's state: every field a user may read, none he may set.

:class:`StateView` declares the fields of a match (all private) and the properties that show
them; the rules that change them live in :class:`~truco_rules.game.state.MatchState`. Lists and
the start are shown as fresh copies, so what a reader holds never changes under him and he
cannot change the match through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from ..core.copying import OLD_PICKLE
from .dealing import PendingSummary, summarize

if TYPE_CHECKING:
    from ..contest.hand import Hand
    from ..core.actions import Action
    from ..core.cards import Card, Notation
    from ..rules.table import DealPlan
    from ..rules.variant import Variant
    from .dealing import HandSummary
    from .scoreboard import Scoreboard

__all__ = ["Origin", "StateView"]


@attrs.frozen(eq=False)
class Origin:
    """How a match was started, the same in every copy of it (which share it): the seed and
    its deal derivation, the explicit deals, the starting standing (``mano``, ``scores``,
    ``chicos``), the card draw that chose the first dealer, and the deck's notation
    (``None``: the Spanish one)."""

    seed: int | None
    derivation: int
    deals: tuple[tuple[Card, ...], ...] | None
    start: dict[str, Any]
    first_draw: tuple[tuple[int, Card], ...]
    notation: Notation | None


class StateView:
    """Read-only properties over a match's fields (see :class:`~truco_rules.match.Match`)."""

    __slots__ = (
        "_acted",
        "_board",
        "_contest",
        "_contests",
        "_dealt",
        "_discarded",
        "_discarding",
        "_ended_at",
        "_hand",
        "_hand_no",
        "_history",
        "_last_hands",
        "_mano",
        "_origin",
        "_pending_deal",
        "_plan",
        "_recent",
        "_seats",
        "_team",
        "_turned",
        "_variant",
    )
    _acted: tuple[tuple[int, Action], ...]
    """The first actions applied, up to the end of a contest (a tuple, which copies share);
    the match's actions are these and then :attr:`_recent`."""
    _recent: list[tuple[int, Action]]
    """The actions applied since (a list of each copy's own, made a tuple once it is long:
    see ``deal_flow._SHARED_FROM``)."""
    _board: Scoreboard
    _contest: int
    _contests: tuple[tuple[int, ...], ...]
    _dealt: tuple[tuple[Card, ...], ...]
    _discarded: tuple[tuple[int, Card], ...]
    _discarding: tuple[int, ...]
    _hand: Hand | None
    _hand_no: int
    _history: tuple[HandSummary | PendingSummary, ...]
    _ended_at: int
    _last_hands: tuple[Hand, ...]
    _mano: int
    _origin: Origin
    """How the match was started (the same in every copy, which shares it)."""
    _pending_deal: tuple[Card, ...]
    _plan: DealPlan | None
    _seats: int
    _team: tuple[int, ...]
    _turned: Card | None
    _variant: Variant

    def __setstate__(self, state: tuple[dict[str, Any] | None, dict[str, Any] | None]) -> None:
        # what pickle gives a slotted object: its __dict__ (a subclass's) and its slots
        extra, fields = state
        if fields and "_actions" in fields:  # the fields of 0.1.0
            raise TypeError(OLD_PICKLE)
        if extra:
            self.__dict__.update(extra)
        for name, value in (fields or {}).items():
            setattr(self, name, value)

    # ------------------------------------------------------------------ what was given
    @property
    def variant(self) -> Variant:
        """The variant played (with its options)."""
        return self._variant

    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return self._seats

    @property
    def seed(self) -> int | None:
        """The seed every deal is shuffled from, or ``None``."""
        return self._origin.seed

    @property
    def derivation(self) -> int:
        """How the seed gives the deals and the first mano (see
        :mod:`~truco_rules.game.derivation`): 1 or 2."""
        return self._origin.derivation

    @property
    def deals(self) -> tuple[tuple[Card, ...], ...] | None:
        """The explicit card orders given, one per deal, or ``None``."""
        return self._origin.deals

    @property
    def start(self) -> dict[str, Any]:
        """The starting standing: ``{"mano": ..., "scores": [...], "chicos": [...]}`` (a copy)."""
        st = self._origin.start
        return {"mano": st["mano"], "scores": list(st["scores"]), "chicos": list(st["chicos"])}

    @property
    def first_draw(self) -> tuple[tuple[int, Card], ...]:
        """The card draw ``(seat, card)`` that chose the first dealer, if the table draws."""
        return self._origin.first_draw

    # ------------------------------------------------------------------ the deal and contest
    @property
    def hand_no(self) -> int:
        """The number of the current deal, from 0."""
        return self._hand_no

    @property
    def mano(self) -> int:
        """The mano of the current deal."""
        return self._mano

    @property
    def plan(self) -> DealPlan | None:
        """The current deal's format (its sides, contests, extra cards)."""
        return self._plan

    @property
    def team(self) -> tuple[int, ...]:
        """The side of every seat in the current deal."""
        return self._team

    @property
    def turned(self) -> Card | None:
        """The card turned up in the current deal (the vira), if the variant turns one."""
        return self._turned

    @property
    def discarded(self) -> list[tuple[int, Card]]:
        """The cards put aside unseen in the current deal, ``(seat, card)`` (a copy)."""
        return list(self._discarded)

    @property
    def hand(self) -> Hand | None:
        """The contest being played, or ``None`` (dealing, or over). For reading: change it
        only through :meth:`~truco_rules.match.Match.apply`."""
        return self._hand

    @property
    def last_hand(self) -> Hand | None:
        """The previous finished contest (for reading), or ``None``."""
        return self._last_hands[-1] if self._last_hands else None

    @property
    def last_hands(self) -> tuple[Hand, ...]:
        """Every contest the latest step that ended one ended, in order (for reading): one,
        or more where a contest's end starts one that ends as it begins (a flor sung at once
        that reaches the target), or ``()`` before any ended. The last is :attr:`last_hand`."""
        return self._last_hands

    @property
    def history(self) -> list[HandSummary]:
        """A :class:`~truco_rules.game.dealing.HandSummary` for every finished contest, in order
        (a copy: changing it changes nothing in the match)."""
        return list(self._summaries())

    def _summaries(self) -> tuple[HandSummary, ...]:
        """The history with every entry summed up: a contest that ended is kept as it was
        (its hand no longer changes) and summed up when first read (see
        :func:`~truco_rules.game.dealing.summarize`)."""
        hist = self._history
        i = len(hist)
        while i and type(hist[i - 1]) is tuple:  # the unread entries are the last ones
            i -= 1
        if i < len(hist):
            done = (summarize(*cast("PendingSummary", h)) for h in hist[i:])
            hist = self._history = (*hist[:i], *done)
        return cast("tuple[HandSummary, ...]", hist)

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """Every action applied, ``(seat, action)`` (``seat`` is ``CHANCE`` for a deal; a
        copy: changing it changes nothing in the match)."""
        return [*self._acted, *self._recent]

    def _action_count(self) -> int:
        """How many actions were applied (chance deals included)."""
        return len(self._acted) + len(self._recent)

    # ------------------------------------------------------------------ the standing
    @property
    def scores(self) -> tuple[int, int]:
        """The two sides' scores in the current chico (with individual scores, each side's
        best player)."""
        s = self._board.scores
        return (s[0], s[1])

    @property
    def score(self) -> tuple[int, int]:
        """The two sides' scores in the current chico (same as :attr:`scores`)."""
        s = self._board.scores
        return (s[0], s[1])

    @property
    def chicos(self) -> tuple[int, int]:
        """The chicos each side has won."""
        c = self._board.chicos
        return (c[0], c[1])

    @property
    def player_scores(self) -> tuple[int, ...] | None:
        """Every player's own score when the table keeps individual scores (gallo), else
        ``None``."""
        p = self._board.player_scores
        return None if p is None else tuple(p)

    @property
    def player_chicos(self) -> tuple[int, ...] | None:
        """Every player's chicos when the table keeps individual scores, else ``None``."""
        p = self._board.player_chicos
        return None if p is None else tuple(p)

    @property
    def winner_team(self) -> int | None:
        """The side that won the match, or ``None`` (same as :meth:`winner`)."""
        return self._board.winner_team

    @property
    def winner_seat(self) -> int | None:
        """With individual scores: the one player who won the match, else ``None``."""
        return self._board.winner_seat

    def is_over(self) -> bool:
        """Whether the match has a winner."""
        return self._board.winner_team is not None

    def winner(self) -> int | None:
        """The winning side (0 or 1), or ``None`` while the match goes on. With individual
        scores it is the winner's side in the last deal: :meth:`winning_seats` names him."""
        return self._board.winner_team

    def winning_seats(self) -> tuple[int, ...]:
        """The seats that won the match (a side, or one player with individual scores)."""
        board = self._board
        if board.winner_team is None:
            return ()
        if board.winner_seat is not None:
            return (board.winner_seat,)
        return self.seats_of(board.winner_team)

    def seats_of(self, team: int) -> tuple[int, ...]:
        """The seats of side ``team`` in the current deal."""
        return tuple(s for s in range(self._seats) if self._team[s] == team)

    def score_text(self) -> str:
        """The score as players say it, e.g. ``12 malas - 3 buenas`` (with individual scores,
        one figure per seat: ``seat 0: 5 - seat 1: 3 - seat 2: 3``)."""
        mr = self._variant.match
        board = self._board
        if board.player_scores is not None:
            return " - ".join(
                f"seat {s}: {mr.score_text(v)}" for s, v in enumerate(board.player_scores)
            )
        return f"{mr.score_text(board.scores[0])} - {mr.score_text(board.scores[1])}"

    # ------------------------------------------------------------------ equality
    def key(self) -> tuple[Any, ...]:
        """The whole state as one comparable value."""
        origin = self._origin
        st = origin.start
        return (
            self._variant,
            self._seats,
            origin.seed,
            origin.derivation if origin.seed is not None else None,
            origin.deals,
            tuple(st["scores"]),
            tuple(st["chicos"]),
            st["mano"],
            self._board.key(),
            self._hand_no,
            self._mano,
            self._summaries(),
            (*self._acted, *self._recent),
            self._pending_deal,
            self._contest,
            self._turned,
            tuple(self._discarding),
            tuple(self._discarded),
            self._dealt,
            None if self._hand is None else self._hand.key(),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateView):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())
