"""Trick play, a part of the contest: cards played face up, face down, two at once or blind,
who wins each trick, who leads after a tie and when the tricks decide the hand (RULES §1.2,
§1.3, §1.4, §2.4, §6.4).

:class:`TrickPlay` owns the state of the tricks: the cards played, each trick's result, who is
still to play the trick and who has left the contest. The
:class:`~truco_rules.contest.hand.Hand` that composes it passes itself to each transition for
what the whole contest shares: the deal and the cards still held, the table, the hooks, the
special hand in play and the end of the contest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.cards import Card
from ..core.copying import LIST, copier, replaced
from ..core.errors import ProtocolError, shown
from ..rules.special import SPECIAL_ONE
from ..rules.trick_rule import MANO, NOBODY
from ..rules.tricks import certain_outcome, trick_result

if TYPE_CHECKING:
    from .host import Host

__all__ = ["TrickPlay"]


class TrickPlay:
    """The trick-play part of a contest and its state.

    ``order`` is the contest's play order (mano first) and ``nseats`` the table's seats.
    """

    __slots__ = (
        "double",
        "folded",
        "played_first",
        "plays",
        "results",
        "revealed",
        "to_play",
        "trick_no",
        "trick_plays",
        "under",
    )

    trick_no: int
    """The trick being played (0-based)."""
    trick_plays: list[tuple[int, Card, bool]]
    """The cards of the trick being played: ``(seat, card, face down)``."""
    plays: list[tuple[int, int, Card, bool]]
    """Every card played in the contest: ``(trick, seat, card, face down)``."""
    to_play: list[int]
    """The seats still to play the trick being played, in turn."""
    results: list[int]
    """Each finished trick: 0 won by the mano's side, 1 by the other, -1 tied."""
    played_first: list[bool]
    """Whether each seat has played its first card."""
    folded: list[bool]
    """Whether each seat has gone to the deck."""
    under: tuple[Card | None, ...]
    """The hidden card of each seat's two-card play, until it is turned up."""
    revealed: tuple[tuple[int, Card], ...]
    """Hidden cards shown because they decided something: the cards under a two-card play
    (RULES §6.4 step 5), the cards left when the winner became certain."""
    double: bool
    """Whether this trick is played two cards at a time."""

    def __init__(self, order: tuple[int, ...], nseats: int) -> None:
        self.trick_no = 0
        self.trick_plays = []
        self.plays = []
        self.to_play = list(order)
        self.results = []
        self.played_first = [False] * nseats
        self.folded = [False] * nseats
        self.under = (None,) * nseats
        self.revealed = ()
        self.double = False

    def copy(self) -> TrickPlay:
        """An independent copy (the cards and tuples in it are immutable and shared)."""
        return _copy_trick_play(self)

    def key(self) -> tuple[object, ...]:
        """The part's state as one comparable value."""
        return (
            self.trick_no,
            tuple(self.trick_plays),
            tuple(self.plays),
            tuple(self.to_play),
            tuple(self.results),
            tuple(self.played_first),
            tuple(self.folded),
            tuple(self.under),
            tuple(self.revealed),
            self.double,
        )

    # -- legal plays ------------------------------------------------------------------
    def plays_of(self, hand: Host, s: int, out: list[Action]) -> None:
        """Append the card plays open to ``s`` on his turn."""
        cards = hand.cards[s]
        if hand.blind:  # he does not see his cards: he names a dealt position
            for k, c in enumerate(hand.dealt[s]):
                if c in cards:
                    out.append(Action.play_blind(k + 1))
            return
        if self.double:
            notation = hand.variant.deck.notation
            for a in cards:
                for b in cards:
                    if a != b:
                        out.append(Action.play_over(a, b).in_notation(notation))
            return
        plays = hand.play_table  # shared play actions: 2 * card index (+ 1 face down)
        tr = hand.tr
        if tr.facedown_ok(self.trick_no, self.results) and not (
            tr.facedown_one_per_side and self.side_down(hand, s)
        ):
            for c in cards:
                i = c.index * 2
                out.append(plays[i])
                out.append(plays[i + 1])
        else:
            for c in cards:
                out.append(plays[c.index * 2])

    def side_down(self, hand: Host, s: int) -> bool:
        """Whether a player of ``s``'s side has played face down in the current trick."""
        team = hand.team
        side = team[s]
        return any(d and team[x] == side for x, _c, d in self.trick_plays)

    # -- transitions ------------------------------------------------------------------
    def play(self, hand: Host, s: int, card: Card, down: bool) -> None:
        """``s`` plays ``card`` (face down if ``down``)."""
        _take(hand, s, card)
        self.trick_plays.append((s, card, down))
        self.plays.append((self.trick_no, s, card, down))
        if self.trick_no == 0:
            self.played_first[s] = True
        self.to_play.pop(0)
        tr = hand.tr
        if not self.to_play:
            self.end_trick(hand)
        elif tr.end_on_unbeatable_card and not down:
            self._end_if_unbeatable(hand, card)
        if tr.end_when_certain and not hand.end_reason:
            self._end_if_certain(hand)

    def play_double(self, hand: Host, s: int, up: Card, under: Card) -> None:
        """``s`` plays both remaining cards at once: ``up`` decides this trick, ``under``
        the next."""
        strength = hand.strength
        void = (
            hand.tr.faceup_void_if_lower(hand.special == SPECIAL_ONE)
            and strength[up.index] < strength[under.index]
        )
        self.under = replaced(self.under, s, under)
        _take(hand, s, up)
        self.trick_plays.append((s, up, void))  # a void face-up card counts 0
        self.plays.append((self.trick_no, s, up, False))
        self.to_play.pop(0)
        if not self.to_play:
            self.end_trick(hand)

    def mark_folded(self, seats: Iterable[int]) -> None:
        """``seats`` count as gone to the deck (their side refused by leaving); they are
        taken off the trick by :meth:`fold` or by the end of the contest. The list is
        replaced, never changed in place: copies share it."""
        folded = self.folded.copy()
        for s in seats:
            folded[s] = True
        self.folded = folded

    def fold(self, s: int) -> None:
        """``s`` leaves the contest: he plays no more cards."""
        self.mark_folded((s,))
        if s in self.to_play:
            self.to_play.remove(s)

    def _reveal_under(self, hand: Host) -> None:
        """The hidden cards of a two-card trick are turned up and make the next trick."""
        order = [s for s, _c, _d in self.trick_plays if not self.folded[s]]
        self.double = False
        self.trick_plays = []
        self.to_play = []
        for s in order:
            card = self.under[s]
            assert card is not None
            self.under = replaced(self.under, s, None)
            _take(hand, s, card)
            self.trick_plays.append((s, card, False))
            self.plays.append((self.trick_no, s, card, False))
        self.end_trick(hand)

    def _decided(self, hand: Host, outcome: int | None) -> bool:
        """End the contest if the tricks' ``outcome`` decides it (``None``: not yet)."""
        if outcome is None:
            return False
        if type(outcome) is not int or not MANO <= outcome <= NOBODY:
            raise ProtocolError(
                "tricks", "decide", f"gave {shown(outcome)}, not MANO, OTHER, NOBODY or None"
            )
        if outcome == NOBODY:
            hand._finish("tricks", None, 0)
        else:
            t = hand.mano_team if outcome == MANO else 1 - hand.mano_team
            hand._finish("tricks", t, hand._award(t))
        return True

    def _end_if_unbeatable(self, hand: Host, card: Card) -> None:
        """End the hand now if ``card``, just played in a trick others are still to play,
        is stronger than every card not yet seen played face up (so the trick's result is
        settled) and that result decides the hand (``TrickRule.end_on_unbeatable_card``).
        Only public cards count: a face-down card may still be any card."""
        if self.trick_no == 0 or self.double:
            return
        strength = hand.strength
        value = strength[card.index]
        seen = {c for _t, _s, c, down in self.plays if not down}
        if hand.turned is not None:
            seen.add(hand.turned)
        if any(strength[c.index] >= value for c in hand.variant.deck.cards if c not in seen):
            return
        result, _leader = trick_result(
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            hand.team,
            hand.mano_team,
            hand.tie_leader,
        )
        self._decided(hand, hand.tr.decide((*self.results, result)))

    def _end_if_certain(self, hand: Host) -> None:
        """End the hand now if no way of playing the cards left can change its winner
        (``TrickRule.end_when_certain``; from the second trick on, when no side bet is left
        to play for and no two-card play or blind hand is ahead)."""
        if (
            self.trick_no == 0
            or self.double
            or hand.blind
            or (
                self.results[0] < 0
                and hand.tr.double_play_after_first_tie(hand.special == SPECIAL_ONE)
            )
        ):
            return
        strength = hand.strength
        live = [s for s in hand.order if not self.folded[s]]
        outcome = certain_outcome(
            hand.tr,
            self.results,
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            self.to_play,
            {s: tuple(strength[c.index] for c in hand.cards[s]) for s in live},
            hand.order,
            hand.team,
            hand.mano_team,
        )
        if outcome is None:
            return
        # the cards that made it certain are shown, so every seat can verify it (RULES §2.11)
        self.revealed += tuple((s, c) for s in live for c in hand.cards[s])
        self._decided(hand, outcome)

    def end_trick(self, hand: Host) -> None:
        """Settle the trick just completed: its result, the end of the contest if the tricks
        decide it, else who leads the next trick."""
        strength = hand.strength
        tr = hand.tr
        one_side = hand.special == SPECIAL_ONE
        if self.double and tr.faceup_void_if_lower(one_side):
            # Each face-up card counted only after comparing it with the card under it, so the
            # hidden cards are shown to everyone (RULES §6.4 step 5: "the hidden cards are shown")
            for s, _c, _d in self.trick_plays:
                under = self.under[s]
                if under is not None:
                    self.revealed += ((s, under),)
        result, leader = trick_result(
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            hand.team,
            hand.mano_team,
            hand.tie_leader,
        )
        self.results.append(result)
        if self._decided(hand, tr.decide(self.results)):
            return
        self.trick_no += 1
        if self.double:  # the hidden cards make this trick at once
            self._reveal_under(hand)
            return
        self.trick_plays = []
        order = hand.order
        n = len(order)
        start = hand.pos[leader]
        folded = self.folded
        self.to_play = [
            order[(start + i) % n] for i in range(n) if not folded[order[(start + i) % n]]
        ]
        if (
            self.trick_no == 1
            and self.results[0] < 0
            and not hand.blind  # a blind player cannot choose the card on top
            and tr.double_play_after_first_tie(one_side)
        ):
            self.double = True


def _take(hand: Host, s: int, card: Card) -> None:
    """``card`` out of seat ``s``'s hand. The seat's list is replaced, never changed in
    place: copies of the contest share it (a copy gets its own list of the seats' lists)."""
    held = hand.cards[s].copy()
    held.remove(card)
    hand.cards[s] = held


# the lists that change as the contest is played get their own copies; the cards and tuples
# in them, and the fields that change seldom (who has folded, the hidden cards: replaced
# when they change, never changed in place: mark_folded, core.copying.replaced), are shared
COPY = {name: LIST for name in ("plays", "to_play", "trick_plays", "results", "played_first")}
"""How a copy of the part copies each field (the others are shared), for its own copier and
the contest's, which copies the part in line."""

_copy_trick_play = copier(TrickPlay, TrickPlay.__slots__, COPY)
