"""How freely the other side bets, read from the contests a seat has seen in the match.

A bet says less about the cards of a side that bets in most contests than about those of
a side that bets only now and then: a side that calls the ladder in a share ``f`` of its
contests, when cards that warrant a call come in a share :data:`HONEST` of them, calls
with other cards in a share ``(f - HONEST) / (1 - HONEST)`` of the rest (its bluffs).
:class:`BetTally` counts, contest after contest, the contests in which the other side
called the ladder and those in which it called a side bet (envido and its raises), from
the previous contest of each observation (:attr:`~truco_rules.Observation.previous`), and
gives those bluff shares, starting from a prior of :data:`PRIOR` contests at the honest
share. It reads nothing but the seat's observations, and starts over with each match.
"""

from __future__ import annotations

import attrs

from ..core.actions import ENVIDO, FALTA_ENVIDO, REAL_ENVIDO
from ..views.observe import Observation

__all__ = ["HONEST", "PRIOR", "BetTally"]

HONEST = 0.25
"""The share of contests in which a side holds cards that warrant a call (or a side bet)."""
PRIOR = 6.0
"""How many contests' worth of weight the prior (a side that bets honestly) carries."""
MAX_BLUFF = 0.6
"""The bluff share is never read above this (a call always says a little)."""
_SIDE_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


@attrs.define
class BetTally:
    """The other side's bets counted over the contests seen (see the module)."""

    contests: int = 0
    ladder: int = 0
    side: int = 0
    _last: tuple[int, int] = (-1, -1)

    def see(self, ladder_names: tuple[str, ...], obs: Observation) -> None:
        """Count the contest before ``obs`` if it is new (a match that starts over, or an
        earlier deal than the last seen, clears the count)."""
        key = (obs.hand_no, obs.contest)
        if key < self._last or (key == (0, 0) and obs.previous is None):
            self.contests = self.ladder = self.side = 0
        if key == self._last:
            return
        self._last = key
        prev = obs.previous
        if prev is None:
            return
        rivals = {s for s in range(obs.seats) if _side(obs, s) != obs.team}
        verbs = {text.split(" ")[0] for s, text in prev.public_log if s in rivals}
        self.contests += 1
        self.ladder += any(v in ladder_names for v in verbs)
        self.side += any(v in _SIDE_BETS for v in verbs)

    def bluff(self) -> float:
        """The other side's share of ladder calls made without cards that warrant one."""
        return _bluff(self.ladder, self.contests)

    def side_bluff(self) -> float:
        """The same for side bets."""
        return _bluff(self.side, self.contests)


def _bluff(bets: int, contests: int) -> float:
    share = (bets + HONEST * PRIOR) / (contests + PRIOR)
    return min(MAX_BLUFF, max(0.0, (share - HONEST) / (1.0 - HONEST)))


def _side(obs: Observation, seat: int) -> int:
    return obs.sides[seat] if len(obs.sides) > seat else seat % 2
