"""The envido and flor of a contest, read as named fields: a part of the contest that reads
the states of the kernel's two side bets (:mod:`truco_rules.contest.bet_states`) for the modules
that
show a contest (observations, narration, the hiding checks) and for tests.

Every name here is read-only and works whether or not the variant has the bet: a variant
without envido reads as an envido that is void, one without flor as nobody holding a flor.
"""

from __future__ import annotations

from .bet_states import ENV_VOID, FL_NONE, EnvidoState, FlorState
from .fields import HandFields

__all__ = ["BetViews"]


class BetViews(HandFields):
    """Read-only views of the envido's and the flor's states."""

    __slots__ = ()

    def _env(self) -> EnvidoState | None:
        i = self.bt.by_name.get("envido")
        return self.side_state[i] if i is not None and i < self.bt.own else None  # type: ignore[return-value]

    def _flor(self) -> FlorState | None:
        i = self.bt.by_name.get("flor")
        return self.side_state[i] if i is not None and i < self.bt.own else None  # type: ignore[return-value]

    def envido_points(self, seat: int) -> int | None:
        """True envido score of ``seat``'s dealt cards; ``None`` for a flor in a game with
        flor, whose envido is void (RULES §2.6.1, TV11)."""
        i = self.bt.by_name["envido"]
        return self.bets[i].points(self, seat)  # type: ignore[attr-defined, no-any-return]

    @property
    def env_state(self) -> int:
        """The envido's stage (``ENV_NONE`` ... ``ENV_VOID``)."""
        st = self._env()
        return ENV_VOID if st is None else st.stage

    @property
    def env_called(self) -> bool:
        """Whether an envido was called in this contest."""
        st = self._env()
        return st is not None and st.called

    @property
    def env_chain(self) -> list[str]:
        """The envido calls made, in order."""
        st = self._env()
        return [] if st is None else list(st.chain)

    @property
    def env_caller(self) -> int:
        """The seat that made the last envido call (-1: none)."""
        st = self._env()
        return -1 if st is None else st.caller

    @property
    def env_responder(self) -> int:
        """The seat the last envido call awaits (-1: none)."""
        st = self._env()
        return -1 if st is None else st.responder

    @property
    def env_public(self) -> list[tuple[int, int | None]]:
        """The envido scores stated, in order (``None``: son buenas)."""
        st = self._env()
        return [] if st is None else list(st.public)

    @property
    def env_result(self) -> tuple[int, int, int | None] | None:
        """The settled envido: ``(seat, points, score stated)``."""
        st = self._env()
        return None if st is None else st.result

    @property
    def flor_pts(self) -> list[int | None]:
        """Each seat's flor score (``None``: no flor)."""
        st = self._flor()
        return [None] * len(self.team) if st is None else list(st.pts)

    @property
    def flor_undeclared(self) -> list[bool]:
        """Each seat: a flor not yet sung."""
        st = self._flor()
        return [False] * len(self.team) if st is None else list(st.undeclared)

    @property
    def flor_called(self) -> bool:
        """Whether a flor was sung in this contest."""
        st = self._flor()
        return st is not None and st.called

    @property
    def flor_sung(self) -> list[int]:
        """The seats whose flores were sung (and shown), in play order."""
        st = self._flor()
        return [] if st is None else list(st.sung)

    @property
    def flor_stage(self) -> int:
        """The flor exchange's stage (``FL_NONE`` ... ``FL_DONE``)."""
        st = self._flor()
        return FL_NONE if st is None else st.stage

    @property
    def flor_deferred(self) -> list[tuple[int, int, int]]:
        """Flor points waiting for the showing: ``(side, points, holder)``."""
        st = self._flor()
        return [] if st is None else list(st.deferred)
