"""The flor, a side bet of the contest: flores sung (automatically or by hand), the duel of
flores and its raises, deferred and forfeited flores (RULES §2.7, §2.10).
"""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .errors import UnhandledChoice
from .hand_fields import (
    _ACHICO,
    _CF_QUIERO,
    _CONTRAFLOR,
    _NO_QUIERO,
    _QUIERO,
    _RESTO,
    ENV_DECLARING,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    FL_CONTRA,
    FL_DONE,
    FL_NONE,
    FL_RESPOND,
    FL_RESTO,
    HandFields,
)
from .sidebets import FlorRules

__all__ = ["FlorPlay"]


class FlorPlay(HandFields):
    """The flor part of a :class:`~truco_rules.hand.Hand` (a side bet)."""

    __slots__ = ()

    def _init_flor(self, nseats: int) -> None:
        self.flor_pts = [None] * nseats
        self.flor_undeclared = [False] * nseats
        fl = self.fl
        if fl is not None:
            # the stock points_in ignores the deal: skip building a context per seat
            plain = type(fl).points_in is FlorRules.points_in
            for s in self.order:
                p = (
                    fl.points(self.dealt[s])
                    if plain
                    else fl.points_in(self.dealt[s], self.context(s))
                )
                self.flor_pts[s] = p
                self.flor_undeclared[s] = p is not None
        self.flor_called = False
        self.flor_sung = []
        self.flor_stage = FL_NONE
        self.flor_first_team = -1
        self.flor_caller_team = -1
        self.flor_caller = -1
        self.flor_singer = -1
        self.flor_responder = -1
        self.flor_resto_over_contra = False  # a contraflor al resto answered a contraflor
        self.flor_deferred = []  # (side, points, holder)

    def _auto_flor(self) -> bool:
        return self.auto_flor

    def _manual_flor_ok(self, s: int) -> bool:
        fl = self.fl
        return (
            fl is not None
            and not self.auto_flor
            and self.flor_undeclared[s]
            and not self.played_first[s]
            and self.trick_no == 0
            and self.env_state in (ENV_NONE, ENV_PENDING)
        )

    def flor_asker_team(self) -> int:
        """The side whose flor call awaits a response."""
        return self.flor_first_team if self.flor_stage == FL_RESPOND else self.flor_caller_team

    def _declare_flor(self, s: int) -> None:
        fl = self.fl
        assert fl is not None
        self.flor_called = True
        if self.env_state in (ENV_NONE, ENV_PENDING, ENV_DECLARING):
            self.env_state = ENV_VOID  # RULES §2.7.4: a flor voids the envido
        x = self.team[s]

        def in_play(p: int) -> bool:
            # a flor hidden by playing a card unsung stays out (and is penalised at the end)
            return p == s or (self.flor_undeclared[p] and not self.played_first[p])

        mine = [p for p in self._live(x) if in_play(p)]
        theirs = [p for p in self._live(1 - x) if in_play(p)]
        for p in mine + theirs:
            self.flor_undeclared[p] = False
        # every flor in play is sung and shown (a flor cannot be bluffed, RULES §2.11)
        self.flor_sung = [p for p in self.order if p in mine or p in theirs]
        self.flor_first_team = x
        self.flor_singer = s
        duel = fl.duel() if theirs else ""
        if not theirs:
            self.flor_stage = FL_DONE
            self._flor_award(x, fl.uncontested(len(mine)), s)
        elif duel == "each_scores":
            self.flor_stage = FL_DONE
            self._flor_award(x, fl.flor_value * len(mine), s)
            self._flor_award(1 - x, fl.flor_value * len(theirs), theirs[0])
        elif duel == "best_scores":
            self.flor_stage = FL_DONE
            best = self._best_flor()
            self._flor_award(self.team[best], fl.flor_value, best)
        elif duel == "ladder":
            self.flor_stage = FL_RESPOND
            self.flor_responder = self._next_of_team(s, 1 - x, need_flor=True)
        else:
            known = ("ladder", "each_scores", "best_scores")
            raise UnhandledChoice(type(fl).__name__, "flor_duel_mode", duel, "duel", known)

    def _best_flor(self) -> int:
        """The best flor in play; equal flores go to the player nearest the mano."""
        best, best_pts = -1, -1
        for s in self.flor_sung:  # in play order
            p = self.flor_pts[s]
            if p is not None and not self.folded[s] and p > best_pts:
                best, best_pts = s, p
        return best

    def _flor_answer(self, s: int, verb: str) -> None:
        fl = self.fl
        assert fl is not None
        t = self.team[s]
        if verb == A.CON_FLOR_ME_ACHICO:
            self.flor_stage = FL_DONE
            self._flor_award(self.flor_first_team, fl.achico_value, self.flor_singer)
        elif verb == A.CON_FLOR_QUIERO:
            self.flor_stage = FL_DONE
            best = self._best_flor()
            self._flor_award(self.team[best], fl.con_flor_quiero_value, best)
        elif verb in (A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO):
            self.flor_resto_over_contra = self.flor_stage == FL_CONTRA
            self.flor_stage = FL_CONTRA if verb == A.CONTRAFLOR else FL_RESTO
            self.flor_caller_team = t
            self.flor_caller = s
            self.flor_responder = self._next_of_team(s, 1 - t, need_flor=True)
        elif verb == A.QUIERO:
            best = self._best_flor()
            best_team = self.team[best]
            if self.flor_stage == FL_CONTRA:
                self.flor_stage = FL_DONE
                self._flor_award(best_team, fl.contraflor_value, best)
            else:
                self.flor_stage = FL_DONE
                nflor = sum(1 for p in self.flor_sung if not self.folded[p])
                resto = fl.resto(self.mr, self._scores_now(), best_team, nflor)
                self._flor_award(best_team, resto, best)
                if fl.contraflor_al_resto_ends_hand and not self.end_reason:
                    self._finish("contraflor-al-resto", None, 0)
        else:  # no-quiero
            value = (
                fl.contraflor_refused_value
                if self.flor_stage == FL_CONTRA
                else fl.resto_refused(self.flor_resto_over_contra)
            )
            self.flor_stage = FL_DONE
            self._flor_award(self.flor_caller_team, value, self.flor_caller)

    def _flor_award(self, team: int, pts: int, holder: int) -> None:
        """Flor points: credited now, or with manual declaration at the end of the hand, when
        a flor whose holder went to the deck without showing it is lost (RULES §2.7.2)."""
        assert self.fl is not None
        if not self.auto_flor:
            self.flor_deferred.append((team, pts, holder))
        else:
            self._credit(team, pts, "flor")

    def _flor_legal(self, s: int, out: list[Action]) -> None:
        """The answers open to ``s`` while a flor exchange awaits one."""
        if self.team[s] == self.flor_asker_team() or self.flor_pts[s] is None:
            return
        if self.flor_stage == FL_RESPOND:
            out += [_ACHICO, _CF_QUIERO, _CONTRAFLOR, _RESTO]
        elif self.flor_stage == FL_CONTRA:
            out += [_QUIERO, _NO_QUIERO, _RESTO]
        else:
            out += [_QUIERO, _NO_QUIERO]

    def _finish_flores(self, team: int | None) -> None:
        """At the end of the hand, settle the flores still open."""
        fl = self.fl
        if fl is None:
            return
        # Flores not yet sung when the hand stops in trick 1 (RULES §2.10, S2 ABC c): those of
        # the side that did not leave are still scored; a flor its holder hid by playing
        # a card without declaring it gives the opponents 3 (RULES §2.7.2).
        if not self.flor_called and team is not None:
            kept = [
                s
                for s in self.order
                if self.team[s] == team
                and self.flor_undeclared[s]
                and not self.played_first[s]
                and not self.folded[s]
            ]
            if kept:
                self.flor_called = True
                self.flor_sung = kept  # declared and shown (RULES §2.10, §2.11)
                self._credit(team, fl.uncontested(len(kept)), "flor")
        if not self.auto_flor:
            for side, award, holder in self.flor_deferred:
                if self.folded[holder]:  # quit without showing: lost, opponents score 3
                    self._credit(1 - side, fl.flor_value, "flor forfeited")
                else:
                    self._credit(side, award, "flor")
            for s in self.order:
                if self.flor_undeclared[s] and self.played_first[s]:
                    self._credit(1 - self.team[s], fl.flor_value, "hidden flor")
