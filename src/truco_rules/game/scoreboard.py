"""The match score: points in the current chico, chicos won, and who won the match
(RULES §2.3, §2.8, §4 B13, §7.6).

A :class:`Scoreboard` belongs to one match and owns every figure of its standing; the match
tells it what each finished contest gave, and asks it whether a chico or the match is won.
With individual scores (a table whose players each keep their own, e.g. gallo) it keeps one
figure per player, and a side's figure is its best player's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.copying import LIST, copier

if TYPE_CHECKING:
    from ..rules.scoring import MatchRule

__all__ = ["BOARD_COPY", "Scoreboard"]


def side_best(per_player: Sequence[int], team: Sequence[int]) -> list[int]:
    """Each side's highest individual figure, given every seat's side."""
    best = [0, 0]
    for s, v in enumerate(per_player):
        t = team[s]
        best[t] = max(best[t], v)
    return best


class Scoreboard:
    """Scores and chicos of a match, per side and (with individual scores) per player."""

    __slots__ = ("chicos", "player_chicos", "player_scores", "scores", "winner_seat", "winner_team")

    def __init__(
        self, scores: Sequence[int], chicos: Sequence[int], individual: bool
    ) -> None:
        self.scores = [0, 0] if individual else list(scores)
        self.chicos = [0, 0] if individual else list(chicos)
        self.player_scores: list[int] | None = list(scores) if individual else None
        self.player_chicos: list[int] | None = list(chicos) if individual else None
        self.winner_team: int | None = None
        self.winner_seat: int | None = None

    def copy(self) -> Scoreboard:
        """An independent copy."""
        return _copy_board(self)

    def key(self) -> tuple[object, ...]:
        """The whole standing as one comparable value."""
        return (
            tuple(self.scores),
            tuple(self.chicos),
            None if self.player_scores is None else tuple(self.player_scores),
            None if self.player_chicos is None else tuple(self.player_chicos),
            self.winner_seat,
            self.winner_team,
        )

    def new_deal(self, team: Sequence[int]) -> None:
        """Sides may change from deal to deal: recompute the sides' figures."""
        if self.player_scores is not None and self.player_chicos is not None:
            self.scores = side_best(self.player_scores, team)
            self.chicos = side_best(self.player_chicos, team)

    def credit(self, pts: tuple[int, int], team: Sequence[int]) -> None:
        """Add a finished contest's points (each player is credited with his side's)."""
        self.scores[0] += pts[0]
        self.scores[1] += pts[1]
        if self.player_scores is not None:
            for s in range(len(team)):
                self.player_scores[s] += pts[team[s]]
            self.scores = side_best(self.player_scores, team)

    def individual_winners(self, target: int, team: Sequence[int]) -> tuple[int, ...]:
        """With individual scores: the players at the target with the highest score, if they
        played on one side in this deal (partners credited together win together); players
        of both sides level at the top play another deal, as RULES §4 B13 does for sides."""
        assert self.player_scores is not None
        top = max(self.player_scores)
        best = tuple(s for s, v in enumerate(self.player_scores) if v == top)
        if top < target or len({team[s] for s in best}) > 1:
            return ()
        return best

    def chico_winner(
        self, mr: MatchRule, env_winner: int | None, top_bet_winners: set[int | None]
    ) -> int | None:
        """The side that won the chico now, if any. ``env_winner`` is the side the envido
        points went to in the last contest; ``top_bet_winners`` the sides that won a bet for
        the whole target in this deal (RULES §7.6)."""
        t = mr.target
        reached = [side for side in (0, 1) if self.scores[side] >= t]
        if len(reached) == 1:
            return reached[0]
        if not reached:
            return None
        if mr.envido_side_wins_tie() and env_winner is not None:
            return env_winner
        if mr.top_bet_wins_tie() and len(top_bet_winners) == 1:
            return next(iter(top_bet_winners))
        if self.scores[0] != self.scores[1]:
            return 0 if self.scores[0] > self.scores[1] else 1
        if len(top_bet_winners) == 1:
            return next(iter(top_bet_winners))
        return None  # else another hand (RULES §4 B13, §7.6)

    def count_chico(
        self, side: int, seats: tuple[int, ...], need: int, team: Sequence[int]
    ) -> None:
        """Side ``side`` won the chico (with individual scores: players ``seats`` did);
        ``need`` chicos win the match."""
        if not seats or self.player_chicos is None:
            self.chicos[side] += 1
            for s in (0, 1):
                if self.chicos[s] >= need:
                    self.winner_team = s
            return
        for s in seats:
            self.player_chicos[s] += 1
        self.chicos = side_best(self.player_chicos, team)
        done = [s for s in seats if self.player_chicos[s] >= need]
        if done:
            self.winner_seat = done[0] if len(done) == 1 else None
            self.winner_team = side

    def new_chico(self, seats: int) -> None:
        """Scores go back to zero for the next chico."""
        self.scores = [0, 0]
        if self.player_scores is not None:
            self.player_scores = [0] * seats


_MAYBE_LIST = "None if {src}.{0} is None else list({src}.{0})"
BOARD_COPY = {
    "scores": LIST,
    "chicos": LIST,
    "player_scores": _MAYBE_LIST,
    "player_chicos": _MAYBE_LIST,
}
"""How a copy of the board copies each field (the others are shared), for its own copier and
the match's, which copies the board in line."""

_copy_board = copier(Scoreboard, Scoreboard.__slots__, BOARD_COPY)
