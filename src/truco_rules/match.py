"""A match: the public object for playing, recording and inspecting a game of truco.

:class:`Match` is a :class:`~truco_rules.game.state.MatchState` (the rules loop: dealing, contests,
the score, legal actions and ``apply``) with what sits above the rules: the table as text,
observations per seat, game records (JSON, text, the position string), integer action ids,
``undo``, returns and information states. Build one with :meth:`Variant.new_match`.

A match is mutable; :meth:`Match.copy` is cheap, and ``==`` compares whole states. Its public
fields are read-only properties; it changes only through :meth:`~MatchState.apply` and
:meth:`undo`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .core.actions import Action
from .core.arguments import integer
from .core.errors import CannotUndo, CannotUndoType, InvalidType, ParseError, TrucoError, shown
from .game.dealing import HandSummary, deal_order
from .game.state import CHANCE, TERMINAL, MatchState
from .rules import variant as _variant_module
from .rules.action_space import action_space
from .rules.registry import get_variant
from .rules.variant import Variant
from .views import observe as _observe
from .views.infostate import InfoTracker, observation_string
from .views.observe import Observation
from .views.position import board_text, format_position, parse_position
from .views.public_view import public_observation
from .views.records import dumps, loads, match_record, record_to_text, replay, text_to_record

__all__ = ["CHANCE", "TERMINAL", "HandSummary", "Match", "checked_match", "deal_order"]


def checked_match(name: str, value: object) -> Match:
    """``value``, once it is a :class:`Match` (else
    :class:`~truco_rules.core.errors.InvalidType` naming the argument ``name``)."""
    if not isinstance(value, Match):
        raise InvalidType(name, "a Match", value)
    return value


def _as_match(m: MatchState) -> Match:
    assert isinstance(m, Match), "a variant's matches are Match objects"
    return m


class Match(MatchState):
    """A match of ``variant`` at ``seats`` seats. Build with :meth:`Variant.new_match`.

    ``mano`` is the first hand's mano (default: drawn from ``seed``, else seat 0); ``scores``
    and ``chicos`` let a match start from a given standing (for scenarios and tests). A table
    whose ``first_dealer`` is ``"card_draw"`` makes the seeded draw a card draw: everyone draws,
    the highest card deals, and :attr:`first_draw` keeps the cards drawn.

    ``derivation`` is how the seed gives the deals and the first mano (see
    :mod:`~truco_rules.game.derivation`): 1 (the default: what every seed has always dealt) or 2
    (about a third of the cost of a deal, for search and simulation).

    ```pycon
    >>> import truco_rules as tr
    >>> v = tr.get_variant("default")
    >>> m = v.new_match(2, deals=[tr.deal_order(v, ["1E 2B 3C", "4O 5C 6B"])], mano=0)
    >>> m.legal_action_texts(0)[:2]
    ['play 1E', 'play 1E down']
    >>> m.legal_action_texts(1)              # out of turn: calls only
    ['truco', 'envido', 'real-envido', 'falta-envido']
    >>> m.apply("play 1E", 0)
    >>> m.apply("play 4O", 1)
    >>> m.hand.trick_no, m.hand.turn         # seat 0 won the trick and leads the next
    (1, 0)
    >>> key = m.key()
    >>> m.apply("play 6O", 0)
    Traceback (most recent call last):
    ...
    truco_rules.core.errors.IllegalAction: illegal action 'play 6O' by seat 0: that card ...
    >>> m.key() == key, len(m.actions)       # a refused action changes nothing
    (True, 2)
    >>> m.undo()
    >>> m.hand.trick_no, m.hand.turn
    (0, 1)

    ```
    """

    __slots__ = ()

    def legal_action_texts(self, seat: int | None = None) -> list[str]:
        """:meth:`legal_actions` as text in the variant's notation."""
        fmt = self._variant.format_action
        return [fmt(a) for a in self.legal_actions(seat)]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: each ``deal`` action with its exact probability (a
        :class:`~fractions.Fraction`; they sum to 1). Elsewhere: an empty list."""
        acts = self.legal_actions() if self.is_chance_node() else []
        return [(a, Fraction(1, len(acts))) for a in acts]

    def __repr__(self) -> str:
        chicos = self._board.chicos
        return (
            f"<Match {self._variant.name} seats={self._seats} hand={self._hand_no} "
            f"score={self.score_text()} chicos={chicos[0]}-{chicos[1]}>"
        )

    def __str__(self) -> str:
        """The table as a person looking at every seat sees it: the score, every seat's cards
        in hand and on the table, the stake, and whose turn it is (``print(m)``)."""
        fmt = self._variant.format_card
        chicos = self._board.chicos
        lines = [
            f"{self._variant.name}, {self._seats} seats, hand {self._hand_no + 1} | score "
            f"{self.score_text()} | chicos {chicos[0]}-{chicos[1]}"
        ]
        if self._turned is not None:
            lines.append(f"turned: {fmt(self._turned)}")
        hand = self._hand
        for s in range(self._seats):
            held = hand.cards[s] if hand is not None else self._dealt[s] if self._dealt else ()
            played = (
                [f"{fmt(c)}{' down' if d else ''}" for _t, p, c, d in hand.plays if p == s]
                if hand is not None
                else []
            )
            mark = " (mano)" if hand is not None and hand.order[0] == s else ""
            side = self._team[s]  # every deal's plan sets the sides, the first at the start
            lines.append(
                f"seat {s} (side {side}){mark}: holds {' '.join(fmt(c) for c in held) or '-'}"
                + (f" | played {' '.join(played)}" if played else "")
            )
        if hand is not None:
            lines.append(f"stake {hand.stake()} | tricks {list(hand.results)}")
        who = self.current_player()
        if who == TERMINAL:
            lines.append(f"over: side {self._board.winner_team} wins")
        else:
            lines.append("dealing" if who == CHANCE else f"seat {who} to act")
        return "\n".join(lines)

    # ------------------------------------------------------------------ views and records
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (see :mod:`truco_rules.views.observe`)."""
        return _observe.observe(self, self._check_seat(seat))

    def public_observation(self) -> Observation:
        """What a spectator may see now: no seat's hidden cards (``seat`` is ``-1``; see
        :mod:`truco_rules.views.public_view`)."""
        return public_observation(self)

    def to_record(self) -> dict[str, Any]:
        """The game record as plain data (variant, options, deal source, start, actions)."""
        return match_record(self)

    def to_json(self) -> str:
        """The game record as JSON; :meth:`from_json` replays it to an equal match."""
        return dumps(self.to_record())

    def to_text(self) -> str:
        """The game record in the text notation (docs/notation.md)."""
        return record_to_text(self.to_record(), self._summaries(), self._variant.format_card)

    @staticmethod
    def from_record(record: dict[str, Any], variant: Variant | str | None = None) -> Match:
        """Replay a record (as from :meth:`to_record`). ``variant``: the rules to replay it
        by where no registered variant has its name (a variant derived in code and never
        registered); it must carry the record's name, and the record's options are applied
        to it as to the registered one."""
        return _as_match(replay(record, variant))

    @staticmethod
    def from_json(text: str, variant: Variant | str | None = None) -> Match:
        """Replay a JSON record (``variant`` as in :meth:`from_record`). Raises
        :class:`~truco_rules.core.errors.InvalidRecord`."""
        return _as_match(replay(loads(text), variant))

    @staticmethod
    def from_text(text: str, variant: Variant | str | None = None) -> Match:
        """Replay a text record (``variant`` as in :meth:`from_record`). Raises
        :class:`~truco_rules.core.errors.InvalidRecord`."""
        return _as_match(replay(text_to_record(text), variant))

    # ------------------------------------------------------------------ for bots and adapters
    # Integer actions, undo, returns, chance probabilities, information states and the
    # position string (issue 12). Thin methods over modules below this one.
    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        """:meth:`legal_actions` as integer ids of the variant's action space, ascending
        (at a chance node: the ids of the ``deal`` actions, which are the card's place in
        the deck). See :mod:`truco_rules.rules.action_space`."""
        return sorted(action_space(self._variant).ids(self.legal_actions(seat)))

    def legal_action_mask(self, seat: int | None = None) -> list[int]:
        """One 0/1 entry per id of the variant's action space: 1 where the action is legal."""
        return action_space(self._variant).mask(self.legal_actions(seat))

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """:meth:`apply` the action with integer id ``action_id``
        (:class:`~truco_rules.core.errors.UnknownActionId` for an id outside the space)."""
        self.apply(self._variant.action_from_id(action_id), seat)

    def _replayed(self, actions: Sequence[tuple[int, Action]]) -> Match:
        """A fresh match from this one's start, with ``actions`` applied."""
        m = self._fresh()
        for s, a in actions:
            m.apply(a, s)
        return m

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` actions (chance deals count): the match becomes equal,
        with equal JSON, to what it was before them. More than were played, or a count that
        is not a non-negative integer, raises :class:`~truco_rules.core.errors.CannotUndo` and
        changes nothing. It replays the record, so it costs the length of the match."""
        n = integer(n, "n (the number of actions to undo)", "a non-negative int", CannotUndoType)
        if n < 0:
            raise CannotUndo(f"undo takes a non-negative number of actions, not {shown(n)}")
        played = self._action_count()
        if n > played:
            raise CannotUndo(f"cannot undo {shown(n)} action(s): only {played} were played")
        if n == 0:
            return
        before = self._replayed(self.actions[: played - n])
        self._become(before)

    def returns(self) -> tuple[float, ...]:
        """The match result per seat: ``+1.0`` for each seat that won the match, ``-1.0`` for
        each other seat; all ``0.0`` while the match goes on. (Per hand: :meth:`hand_returns`.)
        """
        if self._board.winner_team is None:
            return (0.0,) * self._seats
        won = set(self.winning_seats())
        return tuple(1.0 if s in won else -1.0 for s in range(self._seats))

    def hand_returns(self, index: int = -1) -> tuple[int, ...]:
        """Per seat, the points its side scored minus the points the other side scored in
        the finished contest ``history[index]`` (default: the last one). Raises
        :class:`~truco_rules.core.errors.ParseError` when there is no such contest,
        :class:`~truco_rules.core.errors.InvalidType` for an index that is no integer."""
        done = len(self._history)
        index = integer(index, "index", f"an int from {-done} to {done - 1}")
        if not -done <= index < done:
            raise ParseError(f"no finished contest {shown(index)}: {done} contest(s) finished")
        h = self._summaries()[index]
        sides = h.sides or self._team
        diff = h.points[0] - h.points[1]
        return tuple(diff if sides[s] == 0 else -diff for s in range(self._seats))

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, as one string (see
        :mod:`truco_rules.views.infostate`). It replays the match, so it costs its length; an
        adapter keeps an :class:`~truco_rules.views.infostate.InfoTracker` instead."""
        seat = self._check_seat(seat)
        m = self._replayed(())
        tracker = InfoTracker(m)
        for s, a in self.actions:
            m.apply(a, s)
            tracker.update(m)
        return tracker.string(m, seat)

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now, on one line
        (:func:`truco_rules.views.infostate.observation_string`)."""
        return observation_string(self.observation(seat), self._variant.format_card)

    def position(self) -> str:
        """The position string: this whole state on one line (docs/notation.md)."""
        return format_position(self)

    @staticmethod
    def from_position(text: str, variant: Variant | str | None = None) -> Match:
        """Rebuild the match a :meth:`position` string describes (equal to the original).
        ``variant`` (a :class:`Variant` or a registered name) supplies a variant that is not
        registered under the position's name. Raises :class:`~truco_rules.core.errors.ParseError`
        for malformed or inconsistent text, whatever it holds, and
        :class:`~truco_rules.core.errors.ParseErrorType` (also an ``InvalidType``) for a ``text``
        that is not a ``str``."""
        record, board = parse_position(text)
        if variant is not None:  # an unknown name or no variant: its own error, at once
            variant = get_variant(variant)
            if variant.name != record["variant"]:
                raise ParseError(
                    f"the position is of variant {shown(record['variant'])}, "
                    f"not {shown(variant.name)}"
                )
        try:
            m = _as_match(replay(record, variant))
        except TrucoError as exc:
            raise ParseError(f"the position does not replay: {exc}") from None
        if board_text(m) != board:
            raise ParseError(
                f"the board {shown(board)} is not the one the moves reach: {board_text(m)!r}"
            )
        return m


_variant_module.use_match_class(Match)
