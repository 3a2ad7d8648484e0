"""Trick play, a part of the contest: cards played face up, face down, two at once or blind,
who wins each trick, who leads after a tie and when the tricks decide the hand (RULES §1.2,
§1.3, §1.4, §2.4, §6.4).
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.cards import Card
from ..core.options import ask
from ..rules.special import SPECIAL_ONE
from ..rules.trick_rule import MANO, NOBODY
from ..rules.tricks import certain_outcome, trick_result
from .fields import HandFields

__all__ = ["TrickPlay"]


class TrickPlay(HandFields):
    """The trick-play part of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _init_tricks(self, nseats: int) -> None:
        self.trick_no = 0
        self.trick_plays: list[tuple[int, Card, bool]] = []
        self.plays: list[tuple[int, int, Card, bool]] = []  # (trick, seat, card, down)
        self.to_play = list(self.order)
        self.results: list[int] = []
        self.played_first = [False] * nseats
        self.folded = [False] * nseats
        self.under: list[Card | None] = [None] * nseats  # hidden card of a two-card play
        # hidden cards shown because they decided something: the cards under a two-card play
        # (RULES §6.4 step 5), the cards left when the winner became certain
        self.revealed: list[tuple[int, Card]] = []
        self.double = False  # this trick is played two cards at a time

    def _plays_of(self, s: int, out: list[Action]) -> None:
        """Append the card plays open to ``s`` on his turn."""
        cards = self.cards[s]
        if self.blind:  # he does not see his cards: he names a dealt position
            for k, c in enumerate(self.dealt[s]):
                if c in cards:
                    out.append(Action.play_blind(k + 1))
            return
        if self.double:
            notation = self.variant.deck.notation
            for a in cards:
                for b in cards:
                    if a != b:
                        out.append(Action.play_over(a, b).in_notation(notation))
            return
        plays = self.play_table  # shared play actions: 2 * card index (+ 1 face down)
        if self.tr.facedown_ok(self.trick_no, self.results) and not (
            self.tr.facedown_one_per_side and self._side_down(s)
        ):
            for c in cards:
                i = c.index * 2
                out.append(plays[i])
                out.append(plays[i + 1])
        else:
            for c in cards:
                out.append(plays[c.index * 2])

    def _side_down(self, s: int) -> bool:
        """Whether a player of ``s``'s side has played face down in the current trick."""
        side = self.team[s]
        return any(d and self.team[x] == side for x, _c, d in self.trick_plays)

    def _play(self, s: int, card: Card, down: bool) -> None:
        self.cards[s].remove(card)
        self.trick_plays.append((s, card, down))
        self.plays.append((self.trick_no, s, card, down))
        if self.trick_no == 0:
            self.played_first[s] = True
        self.to_play.pop(0)
        if not self.to_play:
            self._end_trick()
        elif self.tr.end_on_unbeatable_card and not down:
            self._end_if_unbeatable(card)
        if self.tr.end_when_certain and not self.end_reason:
            self._end_if_certain()

    def _play_double(self, s: int, up: Card, under: Card) -> None:
        """Both remaining cards at once: ``up`` decides this trick, ``under`` the next."""
        strength = self.strength
        void = (
            self.tr.faceup_void_if_lower(self.special == SPECIAL_ONE)
            and strength[up.index] < strength[under.index]
        )
        self.under[s] = under
        self.cards[s].remove(up)
        self.trick_plays.append((s, up, void))  # a void face-up card counts 0
        self.plays.append((self.trick_no, s, up, False))
        self.to_play.pop(0)
        if not self.to_play:
            self._end_trick()

    def _reveal_under(self) -> None:
        """The hidden cards of a two-card trick are turned up and make the next trick."""
        order = [s for s, _c, _d in self.trick_plays if not self.folded[s]]
        self.double = False
        self.trick_plays = []
        self.to_play = []
        for s in order:
            card = self.under[s]
            assert card is not None
            self.under[s] = None
            self.cards[s].remove(card)
            self.trick_plays.append((s, card, False))
            self.plays.append((self.trick_no, s, card, False))
        self._end_trick()

    def _end_if_unbeatable(self, card: Card) -> None:
        """End the hand now if ``card``, just played in a trick others are still to play,
        is stronger than every card not yet seen played face up (so the trick's result is
        settled) and that result decides the hand (``TrickRule.end_on_unbeatable_card``).
        Only public cards count: a face-down card may still be any card."""
        if self.trick_no == 0 or self.double:
            return
        strength = self.strength
        value = strength[card.index]
        seen = {c for _t, _s, c, down in self.plays if not down}
        if self.turned is not None:
            seen.add(self.turned)
        if any(strength[c.index] >= value for c in self.variant.deck.cards if c not in seen):
            return
        result, _leader = trick_result(
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            self.team,
            self.mano_team,
            ask(self.tr, "tie_leader"),
        )
        outcome = self.tr.decide((*self.results, result))
        if outcome is None:
            return
        if outcome == NOBODY:
            self._finish("tricks", None, 0)
        else:
            t = self.mano_team if outcome == MANO else 1 - self.mano_team
            self._finish("tricks", t, self._award(t))

    def _end_if_certain(self) -> None:
        """End the hand now if no way of playing the cards left can change its winner
        (``TrickRule.end_when_certain``; from the second trick on, when no side bet is left
        to play for and no two-card play or blind hand is ahead)."""
        if (
            self.trick_no == 0
            or self.double
            or self.blind
            or (
                self.results[0] < 0
                and self.tr.double_play_after_first_tie(self.special == SPECIAL_ONE)
            )
        ):
            return
        strength = self.strength
        live = [s for s in self.order if not self.folded[s]]
        outcome = certain_outcome(
            self.tr,
            self.results,
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            self.to_play,
            {s: tuple(strength[c.index] for c in self.cards[s]) for s in live},
            self.order,
            self.team,
            self.mano_team,
        )
        if outcome is None:
            return
        # the cards that made it certain are shown, so every seat can verify it (RULES §2.11)
        self.revealed.extend((s, c) for s in live for c in self.cards[s])
        if outcome == NOBODY:
            self._finish("tricks", None, 0)
        else:
            t = self.mano_team if outcome == MANO else 1 - self.mano_team
            self._finish("tricks", t, self._award(t))

    def _end_trick(self) -> None:
        strength = self.strength
        if self.double and self.tr.faceup_void_if_lower(self.special == SPECIAL_ONE):
            # Each face-up card counted only after comparing it with the card under it, so the
            # hidden cards are shown to everyone (RULES §6.4 step 5: "the hidden cards are shown")
            for s, _c, _d in self.trick_plays:
                under = self.under[s]
                if under is not None:
                    self.revealed.append((s, under))
        result, leader = trick_result(
            [(s, 0 if d else strength[c.index]) for s, c, d in self.trick_plays],
            self.team,
            self.mano_team,
            ask(self.tr, "tie_leader"),
        )
        self.results.append(result)
        outcome = self.tr.decide(self.results)
        if outcome is not None:
            if outcome == NOBODY:
                self._finish("tricks", None, 0)
            else:
                t = self.mano_team if outcome == MANO else 1 - self.mano_team
                self._finish("tricks", t, self._award(t))
            return
        self.trick_no += 1
        if self.double:  # the hidden cards make this trick at once
            self._reveal_under()
            return
        self.trick_plays = []
        n = len(self.order)
        start = self.pos[leader]
        self.to_play = [
            self.order[(start + i) % n]
            for i in range(n)
            if not self.folded[self.order[(start + i) % n]]
        ]
        if (
            self.trick_no == 1
            and self.results[0] < 0
            and not self.blind  # a blind player cannot choose which card goes on top
            and self.tr.double_play_after_first_tie(self.special == SPECIAL_ONE)
        ):
            self.double = True
