"""The envido, a side bet of the contest: its calls and answers, the scores stated (or
compared at once), the truth check at the end, and its points (RULES §2.6).
"""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .hand_fields import (
    _ENVIDO_ACTS,
    _SON_BUENAS,
    ENV_DECLARING,
    ENV_DONE,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    HandFields,
)

__all__ = ["EnvidoPlay"]


class EnvidoPlay(HandFields):
    """The envido part of a :class:`~truco_rules.hand.Hand` (a side bet)."""

    __slots__ = ()

    def _init_envido(self, nseats: int) -> None:
        self.env_state = ENV_NONE if self.env is not None else ENV_VOID
        self.env_chain = []
        self.env_called = False
        self.env_caller = -1
        self.env_responder = -1
        self.env_public = []
        self.env_result = None  # (seat, points, stated)
        self.decl_spoken = [False] * nseats
        self.decl_best = None

    def envido_points(self, seat: int) -> int | None:
        """True envido score of ``seat``'s dealt cards; ``None`` for a flor in a game with
        flor, whose envido is void (RULES §2.6.1, TV11): its holder takes part in an envido
        only by singing the flor, which voids the envido (§2.7.4)."""
        assert self.env is not None
        if self.flor_pts[seat] is not None:
            return None
        return self.env.points_in(self.dealt[seat], self.context(seat))

    def _envido_ok(self, s: int) -> bool:
        env = self.env
        if (
            env is None
            or self.env_state != ENV_NONE
            or self.trick_no
            or self.level
            or self.flor_called
        ):
            return False
        if self.pie_only:
            return s == self._pie(self.team[s])
        return not self.played_first[s]

    def _pie(self, team: int) -> int:
        for s in reversed(self.order):
            if self.team[s] == team:
                return s
        return -1

    def _envido_bets(self, chain: list[str]) -> list[Action]:
        assert self.env is not None
        allowed = self.variant._envido_chains
        return [
            _ENVIDO_ACTS[b]
            for b in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)
            if (*chain, b) in allowed
        ]

    def _beats(self, s: int, value: int, best: tuple[int, int]) -> bool:
        bs, bv = best
        return value > bv or (value == bv and self.pos[s] < self.pos[bs])

    def _envido_bet(self, s: int, verb: str) -> None:
        self.env_called = True
        if self.auto_flor and self.env_state == ENV_NONE:
            holder = next(
                (x for x in self.order if self.flor_undeclared[x] and not self.folded[x]), -1
            )
            if holder >= 0:  # a flor answers any envido: it is declared and the envido is void
                self.env_chain.append(verb)
                self._declare_flor(holder)
                return
        self.env_chain.append(verb)
        self.env_state = ENV_PENDING
        self.env_caller = s
        self.env_responder = self._next_of_team(s, 1 - self.team[s])

    def _envido_answer(self, s: int, accepted: bool) -> None:
        env = self.env
        assert env is not None
        if not accepted:
            caller_team = self.team[self.env_caller]
            self.env_state = ENV_DONE
            self._credit(caller_team, env.refused(self.env_chain), "envido")
            return
        if env.declared():
            self.env_state = ENV_DECLARING
            return
        # automatic: the statements follow the declaration protocol with true scores
        best: tuple[int, int] | None = None
        spoken = [False] * len(self.team)
        while True:
            s2 = self._declarer_after(best, spoken)
            if s2 < 0:
                break
            spoken[s2] = True
            v = self.envido_points(s2)
            if v is not None and (best is None or self._beats(s2, v, best)):
                best = (s2, v)
                self.env_public.append((s2, v))
            else:  # no better score, or none at all (an unsung flor): son buenas
                self.env_public.append((s2, None))
        self.env_state = ENV_DONE
        if best is not None:  # else only unsung flores were in play: nobody wins it
            self._settle_envido(best[0], best[1])

    def _declarer_after(self, best: tuple[int, int] | None, spoken: list[bool]) -> int:
        order = self.order
        n = len(order)
        assert self.env is not None
        start = self.pos[self.env_caller] if self.env.last_raiser_states_first() else 0
        for i in range(n):
            s = order[(start + i) % n]
            if spoken[s] or self.folded[s]:
                continue
            if best is None or self.team[s] != self.team[best[0]]:
                return s
        return -1

    def _next_declarer(self) -> int:
        return self._declarer_after(self.decl_best, self.decl_spoken)

    def _declare(self, s: int, act: Action) -> None:
        self.decl_spoken[s] = True
        if act.verb == A.DECLARE:
            assert act.number is not None
            self.decl_best = (s, act.number)
            self.env_public.append((s, act.number))
        else:
            self.env_public.append((s, None))
        if self._next_declarer() < 0:
            assert self.decl_best is not None
            self.env_state = ENV_DONE
            seat, stated = self.decl_best
            # the truth is checked when the hand ends (RULES §2.6.5, §2.11)
            self.env_result = (seat, self._envido_value(self.team[seat]), stated)

    def _envido_value(self, winner_team: int) -> int:
        assert self.env is not None
        return self.env.accepted(
            self.env_chain,
            lambda: self.env.falta(self.mr, self._scores_now(), winner_team),  # type: ignore[union-attr]
        )

    def _settle_envido(self, seat: int, value: int) -> None:
        t = self.team[seat]
        pts = self._envido_value(t)
        self.env_result = (seat, pts, value)
        self._credit(t, pts, "envido")

    def _declare_legal(self, s: int, out: list[Action]) -> None:
        """The statements open to ``s`` while envido scores are stated (his turn)."""
        assert self.env is not None
        best = self.decl_best
        if best is not None:
            out.append(_SON_BUENAS)
        for v in self.env.possible_scores():
            if best is None or self._beats(s, v, best):
                out.append(Action.declare(v))

    def _envido_truth(self) -> None:
        """At the end of the hand: a stated envido score is checked against the cards; a false
        one gives the points to the other side (RULES §2.6.5, §2.11)."""
        env = self.env
        if (
            env is not None
            and env.declared()
            and self.env_result
        ):
            seat, value, stated = self.env_result
            truthful = stated == self.envido_points(seat) and not self.folded[seat]
            self._credit(
                self.team[seat] if truthful else 1 - self.team[seat],
                value,
                "envido" if truthful else "envido forfeited",
            )
