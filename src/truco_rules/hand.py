"""One contest of one deal, as a state machine: tricks, the bet ladder and the side bets.

A deal (see :mod:`truco_rules.match`) hands out the cards and then plays one or more contests;
in the common case the contest is the whole table. The :class:`Hand` knows only the hooks of
its variant (RULES §1), never the variant's name.

Phases, in the order they take precedence (RULES §2.5 "envido takes precedence", §2.7.4):

1. a flor exchange awaiting a response,
2. an envido bet awaiting an answer,
3. envido scores being stated,
4. a ladder call awaiting an answer,
5. a card to play.

The hand is mutable; :meth:`Hand.copy` is cheap. Every public mutator validates first and then
changes state in code that cannot fail, so a rejected action leaves the hand untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Action
from .cards import Card
from .errors import IllegalAction, WrongPlayer
from .hooks import MANO, NOBODY, SPECIAL_IRON, SPECIAL_NONE, SPECIAL_ONE, HandContext
from .tricks import certain_outcome, trick_result

if TYPE_CHECKING:
    from .variant import Variant

__all__ = ["PHASES", "Hand"]

PLAY, TRUCO, ENVIDO, DECLARE, FLOR, OVER, DECIDE = range(7)
PHASES = (
    "play",
    "answer-call",
    "answer-envido",
    "declare-envido",
    "answer-flor",
    "over",
    "decide-hand",
)

# envido states
ENV_NONE, ENV_PENDING, ENV_DECLARING, ENV_DONE, ENV_VOID = range(5)
# flor stages
FL_NONE, FL_RESPOND, FL_CONTRA, FL_RESTO, FL_DONE = range(5)

_QUIERO = Action.call(A.QUIERO)
_NO_QUIERO = Action.call(A.NO_QUIERO)
_MAZO = Action.call(A.MAZO)
_ACCEPT_HAND = Action.call(A.ACCEPT_HAND)
_DECLINE_HAND = Action.call(A.DECLINE_HAND)
_SON_BUENAS = Action.call(A.SON_BUENAS)
_FLOR = Action.call(A.FLOR)
_CONTRAFLOR = Action.call(A.CONTRAFLOR)
_RESTO = Action.call(A.CONTRAFLOR_AL_RESTO)
_CF_QUIERO = Action.call(A.CON_FLOR_QUIERO)
_ACHICO = Action.call(A.CON_FLOR_ME_ACHICO)
_ENVIDO_ACTS = {v: Action.call(v) for v in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)}


class Hand:
    """One contest: players ``order`` (mano first) with the cards already dealt to them.

    ``scores`` are the two sides' match scores before the contest (for falta envido and for
    credits that reach the target mid-hand). ``special`` is the special hand the scores call
    for (see :meth:`truco_rules.hooks.SpecialHands.kind`).
    """

    __slots__ = (
        "_legal",
        "blind",
        "call",
        "call_caller",
        "call_refused",
        "call_responder",
        "cards",
        "dealt",
        "deciders",
        "decl_best",
        "decl_spoken",
        "double",
        "end_reason",
        "env",
        "env_called",
        "env_caller",
        "env_chain",
        "env_public",
        "env_responder",
        "env_result",
        "env_state",
        "fixed_value",
        "fl",
        "flor_called",
        "flor_caller",
        "flor_caller_team",
        "flor_deferred",
        "flor_first_team",
        "flor_pts",
        "flor_responder",
        "flor_resto_over_contra",
        "flor_singer",
        "flor_stage",
        "flor_sung",
        "flor_undeclared",
        "folded",
        "hand_winner",
        "ld",
        "level",
        "log",
        "mano_team",
        "mr",
        "order",
        "phase",
        "played_first",
        "plays",
        "points",
        "pos",
        "pts_end",
        "pts_now",
        "raise_team",
        "results",
        "revealed",
        "scores",
        "special",
        "special_team",
        "strength",
        "team",
        "to_play",
        "tr",
        "trick_no",
        "trick_plays",
        "turn",
        "turned",
        "under",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        order: Sequence[int],
        team: Sequence[int],
        dealt: Sequence[Sequence[Card]],
        scores: Sequence[int],
        strength: Sequence[int],
        special: tuple[str, int] = (SPECIAL_NONE, -1),
        turned: Card | None = None,
    ) -> None:
        self.variant = variant
        self.tr = variant.tricks
        self.ld = variant.ladder
        self.env = variant.envido
        self.fl = variant.flor
        self.mr = variant.match
        self.order = tuple(order)
        nseats = len(team)
        self.team = tuple(team)
        self.pos = [-1] * nseats
        for i, s in enumerate(self.order):
            self.pos[s] = i
        self.mano_team = team[self.order[0]]
        self.dealt = [tuple(c) for c in dealt]
        self.cards = [list(c) if self.pos[s] >= 0 else [] for s, c in enumerate(self.dealt)]
        self.scores = tuple(scores)
        self.strength = strength
        self.turned = turned  # the card turned up after the deal, for the value hooks

        self.trick_no = 0
        self.trick_plays: list[tuple[int, Card, bool]] = []
        self.plays: list[tuple[int, int, Card, bool]] = []  # (trick, seat, card, down)
        self.to_play = list(self.order)
        self.results: list[int] = []
        self.played_first = [False] * nseats
        self.folded = [False] * nseats

        self.level = 0
        self.raise_team: int | None = None
        self.call = 0  # pending ladder level (0 = none)
        self.call_caller = -1
        self.call_responder = -1
        self.call_refused: list[int] = []  # seats that refused the pending call (every_opponent)

        self.env_state = ENV_NONE if self.env is not None else ENV_VOID
        self.env_chain: list[str] = []
        self.env_called = False
        self.env_caller = -1
        self.env_responder = -1
        self.env_public: list[tuple[int, int | None]] = []
        self.env_result: tuple[int, int, int | None] | None = None  # (seat, points, stated)
        self.decl_spoken: list[bool] = [False] * nseats
        self.decl_best: tuple[int, int] | None = None

        self.flor_pts: list[int | None] = [None] * nseats
        self.flor_undeclared = [False] * nseats
        if self.fl is not None:
            for s in self.order:
                p = self.fl.points_in(self.dealt[s], self.context(s))
                self.flor_pts[s] = p
                self.flor_undeclared[s] = p is not None
        self.flor_called = False
        self.flor_sung: list[int] = []
        self.flor_stage = FL_NONE
        self.flor_first_team = -1
        self.flor_caller_team = -1
        self.flor_caller = -1
        self.flor_singer = -1
        self.flor_responder = -1
        self.flor_resto_over_contra = False  # a contraflor al resto answered a contraflor
        self.flor_deferred: list[tuple[int, int, int]] = []  # (side, points, holder)

        self.pts_now = [0, 0]
        self.pts_end = [0, 0]
        self.points: list[tuple[int, int, str]] = []  # (team, points, reason)
        self.hand_winner: int | None = None
        self.end_reason = ""
        self.log: list[tuple[int, Action]] = []

        self.under: list[Card | None] = [None] * nseats  # hidden card of a two-card play
        # hidden cards shown because they decided something: the cards under a two-card play
        # (RULES §6.4 step 5), the cards left when the winner became certain
        self.revealed: list[tuple[int, Card]] = []
        self.double = False  # this trick is played two cards at a time
        self.special, self.special_team = special
        self.fixed_value = 0  # the hand's worth when special hands fix it
        self.deciders: list[int] = []
        self.blind = False
        sp = variant.special
        if sp is not None and self.special == SPECIAL_ONE:
            self.fixed_value = sp.play_value
            side = [s for s in self.order if team[s] == self.special_team]
            self.deciders = side if sp.mao_de_x_decision == "any_partner_accepts" else side[-1:]
        elif sp is not None and self.special == SPECIAL_IRON:
            self.fixed_value = sp.iron_value
            self.blind = sp.iron_hand_blind == "own_cards_hidden"

        self.phase = PLAY
        self.turn = self.order[0]
        self._legal: list[Action] | None = None
        self._settle()

    # ------------------------------------------------------------------ copying and equality
    def copy(self) -> Hand:
        """An independent copy (hooks and dealt cards are shared: they are immutable)."""
        new = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            setattr(new, name, list(value) if type(value) is list else value)
        new.cards = [list(c) for c in self.cards]
        new._legal = None
        return new

    def key(self) -> tuple[object, ...]:
        """Everything that makes up the state, as one comparable value."""
        out: list[object] = []
        for name in _KEY_FIELDS:
            v = getattr(self, name)
            if name == "cards":
                v = tuple(map(tuple, v))
            elif isinstance(v, list):
                v = tuple(v)
            out.append(v)
        return tuple(out)

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        """Whether the contest has ended."""
        return self.phase == OVER

    def team_total(self, team: int) -> int:
        """Points this contest gives ``team`` (so far, or in all once over)."""
        return self.pts_now[team] + self.pts_end[team]

    def stake(self) -> int:
        """The accepted worth of the main bet (or the fixed worth of a special hand)."""
        return self.fixed_value or self.ld.values[self.level]

    def sees_partners(self, seat: int) -> bool:
        """Whether ``seat`` may look at its partners' cards (the side of a hand of 11/10)."""
        return self.special == SPECIAL_ONE and self.team[seat] == self.special_team

    def _at_top_bet(self) -> bool:
        """Whether the accepted stake is a top rung worth the whole target."""
        ld = self.ld
        return ld.top_wins_target and not self.fixed_value and self.level == len(ld.values) - 1

    def won_top_bet(self) -> bool:
        """Whether the contest was won on an accepted top rung worth the whole target."""
        return self._at_top_bet() and self.hand_winner is not None

    def _award(self, team: int) -> int:
        """What winning the hand now gives ``team``: the stake, or, for an accepted top rung
        that wins the target, whatever ``team`` still lacks (RULES §7.5)."""
        if self._at_top_bet():
            return max(1, self.mr.target - self._scores_now()[team])
        return self.stake()

    def context(self, seat: int) -> HandContext:
        """What the value hooks (envido, flor) know of ``seat``'s deal."""
        return HandContext(self.turned, len(self.team), seat, self.scores)

    def envido_points(self, seat: int) -> int | None:
        """True envido score of ``seat``'s dealt cards; ``None`` for a flor in a game with
        flor, whose envido is void (RULES §2.6.1, TV11): its holder takes part in an envido
        only by singing the flor, which voids the envido (§2.7.4)."""
        assert self.env is not None
        if self.flor_pts[seat] is not None:
            return None
        return self.env.points_in(self.dealt[seat], self.context(seat))

    def shown(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Cards shown when the hand ends (DESIGN §4): the settled envido's winning proof and
        every sung flor; a player who went to the deck shows nothing."""
        shown: dict[int, tuple[Card, ...]] = {}
        if self.env is not None and self.env_result is not None:
            seat = self.env_result[0]
            shown[seat] = self.env.proof_in(self.dealt[seat], self.context(seat))
        for s in self.flor_sung:
            shown[s] = tuple(self.dealt[s])
        for s, card in self.revealed:
            if card not in shown.get(s, ()):
                shown[s] = (*shown.get(s, ()), card)
        return tuple((s, cs) for s, cs in sorted(shown.items()) if not self.folded[s])

    def _next_of_team(
        self, after: int, team: int, need_flor: bool = False, need_unsung_flor: bool = False
    ) -> int:
        """The first seat of ``team`` after ``after`` in play order that has not folded (and
        holds a flor, or an unsung one, if asked)."""
        order = self.order
        n = len(order)
        start = self.pos[after]
        for i in range(1, n + 1):
            s = order[(start + i) % n]
            if self.team[s] == team and not self.folded[s]:
                if need_flor and self.flor_pts[s] is None:
                    continue
                if need_unsung_flor and not self.flor_undeclared[s]:
                    continue
                return s
        return -1

    def _next_to_answer(self, s: int) -> int:
        """With ``ladder_refusal='every_opponent'``: the next partner of ``s`` who has not
        refused the pending call, or -1 (the call is refused for the side)."""
        if self.ld.ladder_refusal != "every_opponent":
            return -1
        order, n, t = self.order, len(self.order), self.team[s]
        for i in range(1, n):
            p = order[(self.pos[s] + i) % n]
            if self.team[p] == t and not self.folded[p] and p not in self.call_refused:
                return p if p != s else -1
        return -1

    def _live(self, team: int) -> list[int]:
        return [s for s in self.order if self.team[s] == team and not self.folded[s]]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act), in a fixed order.

        Seats other than the one to act may have actions too: a partner may answer a call for
        his side, and with ``truco_call_timing='any_time'`` a player may call out of turn.
        """
        return list(self._legal_of(self.turn if seat is None else seat))

    def _legal_of(self, seat: int) -> list[Action]:
        """Legal actions of ``seat``; for the seat to act, the cached list itself."""
        if seat == self.turn:
            if self._legal is None:
                self._legal = self._compute_legal(self.turn, True)
            return self._legal
        if not 0 <= seat < len(self.team) or self.pos[seat] < 0:
            return []
        return self._compute_legal(seat, False)

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
        if env.envido_caller == "pie_only":
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

    def _ladder_call(self, s: int) -> Action | None:
        nxt = self.call + 1 if self.call else self.level + 1
        if nxt >= len(self.ld.values):
            return None
        if self.special != SPECIAL_NONE:
            sp = self.variant.special
            assert sp is not None
            if sp.mao_de_x_truco_call == "illegal":
                return None
        ld = self.ld
        if (  # no call once the stake in force or pending already decides the game for both
            ld.raise_cap == "trailing_side_needs"
            and ld.values[self.call or self.level] >= self.mr.target - min(self._scores_now())
        ):
            return None
        if self.call:
            # raising an answer: the answering side's right, unless pointless or not allowed
            if not ld.raise_as_answer:
                return None
            if (
                ld.forbid_pointless_raise
                and self._scores_now()[self.team[s]] + ld.values[self.call] >= self.mr.target
            ):
                return None
            return self.variant._ladder_actions[nxt - 1]
        if self.raise_team is not None and self.raise_team != self.team[s]:
            return None
        return self.variant._ladder_actions[nxt - 1]

    def _manual_flor_ok(self, s: int) -> bool:
        fl = self.fl
        return (
            fl is not None
            and fl.flor_declaration == "manual_with_penalty"
            and self.flor_undeclared[s]
            and not self.played_first[s]
            and self.trick_no == 0
            and self.env_state in (ENV_NONE, ENV_PENDING)
        )

    def _compute_legal(self, s: int, on_turn: bool) -> list[Action]:
        out = self._legal_by_phase(s, on_turn)
        fl = self.fl
        if (
            fl is not None
            and fl.unsung_flor == "sing_or_mazo"
            and _FLOR in out
            and self.phase in (PLAY, TRUCO, ENVIDO)
        ):  # an unsung flor: sing it or go to the deck (RULES §2.7.2)
            out = [a for a in out if a is _FLOR or a is _MAZO]
        return out

    def _legal_by_phase(self, s: int, on_turn: bool) -> list[Action]:
        ph = self.phase
        if ph == OVER or self.folded[s]:
            return []
        if not on_turn and self.trick_no == 0 and self.flor_undeclared[s] and self._auto_flor():
            return []  # his flor is sung at his first decision, before anything else he does
        out: list[Action] = []
        if ph == DECIDE:
            if on_turn:
                out += [_ACCEPT_HAND, _DECLINE_HAND]
            return out
        if ph == PLAY:
            if on_turn:
                self._plays_of(s, out)
            elif self.ld.truco_call_timing != "any_time":
                if self.ld.mazo_out_of_turn:
                    out.append(_MAZO)
                return out
            call = self._ladder_call(s)
            if call is not None:
                out.append(call)
            if self._envido_ok(s):
                out.extend(self._envido_bets([]))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            if on_turn or self.ld.mazo_out_of_turn:
                out.append(_MAZO)
            return out
        if ph == TRUCO:
            if self.team[s] == self.team[self.call_caller]:
                if self.ld.mazo_out_of_turn:
                    out.append(_MAZO)
                return out
            if s in self.call_refused:
                return out
            out.append(_QUIERO)
            out.append(_NO_QUIERO)
            call = self._ladder_call(s)
            if call is not None:
                out.append(call)
            if self._envido_ok(s):
                out.extend(self._envido_bets([]))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            out.append(_MAZO)
            return out
        if ph == ENVIDO:
            if self.team[s] == self.team[self.env_caller]:
                # a flor answers any envido, whoever holds it (RULES §2.7.4)
                if self._manual_flor_ok(s):
                    out.append(_FLOR)
                return out
            out.append(_QUIERO)
            out.append(_NO_QUIERO)
            out.extend(self._envido_bets(self.env_chain))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            if self.ld.mazo_out_of_turn:  # going to the deck refuses the envido too
                out.append(_MAZO)
            return out
        if ph == DECLARE:
            if not on_turn:
                return out
            assert self.env is not None
            best = self.decl_best
            if best is not None:
                out.append(_SON_BUENAS)
            for v in self.env.possible_scores():
                if best is None or self._beats(s, v, best):
                    out.append(Action.declare(v))
            return out
        # FLOR
        if self.team[s] == self.flor_asker_team() or self.flor_pts[s] is None:
            return out
        if self.flor_stage == FL_RESPOND:
            out += [_ACHICO, _CF_QUIERO, _CONTRAFLOR, _RESTO]
        elif self.flor_stage == FL_CONTRA:
            out += [_QUIERO, _NO_QUIERO, _RESTO]
        else:
            out += [_QUIERO, _NO_QUIERO]
        return out

    def _plays_of(self, s: int, out: list[Action]) -> None:
        """Append the card plays open to ``s`` on his turn."""
        cards = self.cards[s]
        if self.blind:  # he does not see his cards: he names a dealt position
            for k, c in enumerate(self.dealt[s]):
                if c in cards:
                    out.append(Action.play_blind(k + 1))
            return
        if self.double:
            for a in cards:
                for b in cards:
                    if a != b:
                        out.append(Action.play_over(a, b))
            return
        down_ok = self.tr.facedown_ok(self.trick_no, self.results)
        for c in cards:
            out.append(Action.play(c))
            if down_ok:
                out.append(Action.play(c, True))

    def flor_asker_team(self) -> int:
        """The side whose flor call awaits a response."""
        return self.flor_first_team if self.flor_stage == FL_RESPOND else self.flor_caller_team

    def _beats(self, s: int, value: int, best: tuple[int, int]) -> bool:
        bs, bv = best
        return value > bv or (value == bv and self.pos[s] < self.pos[bs])

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the seat to act).

        Raises :class:`IllegalAction` (or :class:`WrongPlayer`) and changes nothing if the
        action is not legal for that seat now.
        """
        self.check(action, seat)
        self._do(action, self.turn if seat is None else seat)

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise what :meth:`apply` would raise for ``action`` by ``seat``, changing nothing.

        What a seat learns from the error depends only on what its observation shows (RULES
        §6.4, DESIGN §4): a seat that is not to act gets :class:`WrongPlayer` whatever the
        others hold, with its own legal actions; the seat to act gets :class:`IllegalAction`
        with a reason drawn from the public state and its own cards.
        """
        s = self.turn if seat is None else seat
        legal = self._legal_of(s)
        if action in legal:
            return
        fmt = self.variant.format_action
        if self.phase == OVER:
            raise IllegalAction(action, s, "the hand is over", fmt=fmt)
        if s != self.turn:
            who = f"seat {self.turn} is to act ({PHASES[self.phase]})"
            raise WrongPlayer(action, s, f"it is not this seat's turn: {who}", legal, fmt=fmt)
        raise IllegalAction(action, s, self._why(action, s), legal, fmt=fmt)

    def _why(self, action: Action, s: int) -> str:
        verb = action.verb
        if verb == A.PLAY:
            if self.phase != PLAY:
                return f"no card can be played now ({PHASES[self.phase]})"
            if self.blind and action.card is not None:
                return "this hand is played blind: name a dealt position ('play #1')"
            if action.card is None:
                return "a blind play ('play #k') is only for blind hands, of a card still held"
            if action.card not in self.cards[s] or (
                action.under is not None and action.under not in self.cards[s]
            ):
                return "that card is not in this seat's hand"
            if self.double and action.under is None:
                return "after a tied first trick both cards are played at once ('play X over Y')"
            if action.under is not None:
                return "a two-card play is only allowed after a tied first trick"
            if action.down:
                if self.trick_no == 0:
                    return "a card may not be played face down in the first trick"
                return "a card may not be played face down now"
            return f"no card can be played now ({PHASES[self.phase]})"
        if verb in (A.ACCEPT_HAND, A.DECLINE_HAND):
            return "there is no special hand to accept or decline now"
        if verb in self.variant._ladder_names:
            if self.special != SPECIAL_NONE:
                return "no ladder call is allowed in a hand of 11/10 or an iron hand"
            if self.phase == DECIDE:
                return "the special hand must be accepted or declined first"
            return "that call is not the next one this side may make now"
        if verb in _ENVIDO_ACTS:
            if self.phase == ENVIDO:
                return "that raise does not follow the envido bets made so far"
            if self.env_state != ENV_NONE:
                return "envido was already called (or voided by a flor) in this hand"
            if self.trick_no or self.level:
                return "envido may be called only in the first trick, before a truco is accepted"
            return "this player may not call envido (he has played, or is not his side's pie)"
        return f"not allowed now ({PHASES[self.phase]}, seat {self.turn} to act)"

    def _do(self, act: Action, s: int) -> None:
        self.log.append((s, act))
        self._legal = None
        verb = act.verb
        ph = self.phase
        if verb == A.PLAY:
            if act.card is None:  # blind: the card dealt in that position, seen as it falls
                assert act.number is not None
                card = self.dealt[s][act.number - 1]
                self.log[-1] = (s, Action.play(card))
                self._play(s, card, False)
            elif act.under is not None:
                self._play_double(s, act.card, act.under)
            else:
                self._play(s, act.card, act.down)
        elif ph == DECIDE:
            self._decide(s, verb == A.ACCEPT_HAND)
        elif verb == A.MAZO:
            self._mazo(s)
        elif ph == FLOR:
            self._flor_answer(s, verb)
        elif verb == A.FLOR:
            self._declare_flor(s)
        elif ph == DECLARE:
            self._declare(s, act)
        elif verb in _ENVIDO_ACTS:
            self._envido_bet(s, verb)
        elif ph == ENVIDO:
            self._envido_answer(s, verb == A.QUIERO)
        elif verb == A.QUIERO:
            self.level = self.call
            self.raise_team = self.team[s]
            self.call = 0
            self.call_refused = []
        elif verb == A.NO_QUIERO:
            nxt = self._next_to_answer(s)
            if nxt >= 0:  # every_opponent: the answer passes to his partner
                self.call_refused.append(s)
                self.call_responder = nxt
            else:
                caller = self.team[self.call_caller]
                self._finish("refused", caller, self.ld.refused(self.call))
        elif self.special != SPECIAL_NONE:  # a call forbidden in special hands: game lost
            others = 1 - self.team[s]
            lack = max(1, self.mr.target - self._scores_now()[others])
            self._finish("forbidden call", others, lack)
        else:  # a ladder call
            if self.call:  # raise as an answer: accept the pending level first
                self.level = self.call
            self.call = self.level + 1
            self.call_caller = s
            self.call_refused = []
            self.call_responder = self._next_of_team(s, 1 - self.team[s])
        self._settle()

    def _settle(self) -> None:
        """Work out who acts next; make automatic flor declarations."""
        while True:
            if self.end_reason:
                self.phase = OVER
                self.turn = -1
                return
            if self.deciders:
                self.phase, self.turn = DECIDE, self.deciders[0]
                return
            if self.flor_stage in (FL_RESPOND, FL_CONTRA, FL_RESTO):
                self.phase, self.turn = FLOR, self.flor_responder
            elif self.env_state == ENV_PENDING:
                self.phase, self.turn = ENVIDO, self.env_responder
            elif self.env_state == ENV_DECLARING:
                self.phase, self.turn = DECLARE, self._next_declarer()
            elif self.call:
                self.phase, self.turn = TRUCO, self.call_responder
            else:
                self.phase, self.turn = PLAY, self.to_play[0]
            if self.trick_no == 0 and self._auto_flor():
                # A flor is sung at its holder's first decision (RULES §2.7.2): his turn, or
                # a call his side may answer, whoever of the side answers it.
                t = self.turn
                if self.phase == TRUCO and not self.flor_undeclared[t]:
                    t = self._next_of_team(self.call_caller, self.team[t], need_unsung_flor=True)
                if t >= 0 and self.flor_undeclared[t]:
                    self._declare_flor(t)
                    continue
            return

    def _auto_flor(self) -> bool:
        return self.fl is not None and self.fl.flor_declaration == "automatic"

    # -- special hands ------------------------------------------------------------------
    def _decide(self, s: int, accepted: bool) -> None:
        sp = self.variant.special
        assert sp is not None
        if accepted:
            self.deciders = []
            return
        self.deciders.pop(0)
        if not self.deciders:
            self._finish("declined", 1 - self.special_team, sp.decline_value)

    # -- cards ---------------------------------------------------------------------------
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

    def _play(self, s: int, card: Card, down: bool) -> None:
        self.cards[s].remove(card)
        self.trick_plays.append((s, card, down))
        self.plays.append((self.trick_no, s, card, down))
        if self.trick_no == 0:
            self.played_first[s] = True
        self.to_play.pop(0)
        if not self.to_play:
            self._end_trick()
        if self.tr.end_when_certain and not self.end_reason:
            self._end_if_certain()

    def _end_if_certain(self) -> None:
        """End the hand now if no way of playing the cards left can change its winner
        (``TrickRule.end_when_certain``; from the second trick on, when no side bet is left
        to play for and no two-card play or blind hand is ahead)."""
        if (
            self.trick_no == 0
            or self.double
            or self.blind
            or (self.results[0] < 0 and self.tr.double_play_after_first_tie(
                self.special == SPECIAL_ONE
            ))
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
            self.tr.tie_next_leader,
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

    def _mazo(self, s: int) -> None:
        t = self.team[s]
        others = 1 - t
        bonus = 0
        env = self.env
        if (
            env is not None
            and env.mazo_envido_bonus == "before_first_card"
            and not self.env_called
            and not self.flor_called
            and not any(self.team[x] == t for _k, x, _c, _d in self.plays)
        ):
            bonus = 1
        if self.phase == ENVIDO and env is not None:  # as the answer: it refuses the envido
            self.env_state = ENV_DONE
            self._credit(self.team[self.env_caller], env.refused(self.env_chain), "envido")
        if self.call and self.team[self.call_caller] != t:
            # going to the deck with a call pending refuses it for the side
            for x in self._live(t):
                self.folded[x] = True
            self._finish("mazo", others, self.ld.refused(self.call) + bonus)
            return
        if self.call:  # his own side's call, still unanswered, is withdrawn
            self.call = 0
            self.call_refused = []
        if self.ld.mazo_concedes_for_side:  # one player running concedes for his side
            for x in self._live(t):
                self.folded[x] = True
        self.folded[s] = True
        if s in self.to_play:
            self.to_play.remove(s)
        if not self._live(t):
            self._finish("mazo", others, self._award(others) + bonus)
        elif not self.to_play:
            self._end_trick()

    # -- envido --------------------------------------------------------------------------
    def _envido_bet(self, s: int, verb: str) -> None:
        self.env_called = True
        fl = self.fl
        if fl is not None and fl.flor_declaration == "automatic" and self.env_state == ENV_NONE:
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
        if env.envido_declaration == "declared_with_penalty":
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
        if self.env.envido_declaration_order == "last_raiser_first":
            start = self.pos[self.env_caller]
        else:
            start = 0
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

    # -- flor ----------------------------------------------------------------------------
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
        if not theirs:
            self.flor_stage = FL_DONE
            self._flor_award(x, fl.uncontested(len(mine)), s)
        elif fl.flor_duel_mode == "three_per_flor":
            self.flor_stage = FL_DONE
            self._flor_award(x, fl.flor_value * len(mine), s)
            self._flor_award(1 - x, fl.flor_value * len(theirs), theirs[0])
        elif fl.flor_duel_mode == "three_to_best":
            self.flor_stage = FL_DONE
            best = self._best_flor()
            self._flor_award(self.team[best], fl.flor_value, best)
        else:
            self.flor_stage = FL_RESPOND
            self.flor_responder = self._next_of_team(s, 1 - x, need_flor=True)

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
        if self.fl.flor_declaration == "manual_with_penalty":
            self.flor_deferred.append((team, pts, holder))
        else:
            self._credit(team, pts, "flor")

    # -- points and the end --------------------------------------------------------------
    def _scores_now(self) -> tuple[int, int]:
        return (self.scores[0] + self.pts_now[0], self.scores[1] + self.pts_now[1])

    def _credit(self, team: int, pts: int, reason: str) -> None:
        if pts <= 0 or self.end_reason:
            return
        self.points.append((team, pts, reason))
        if self.mr.score_timing == "envido_first_immediate":
            self.pts_now[team] += pts
            if self.scores[team] + self.pts_now[team] >= self.mr.target:
                self.end_reason = "target"
                self.hand_winner = None
        else:
            self.pts_end[team] += pts

    def _finish(self, reason: str, team: int | None, pts: int) -> None:
        fl = self.fl
        # Flores not yet sung when the hand stops in trick 1 (RULES §2.10, S2 ABC c): those of
        # the side that did not leave are still scored; a flor its holder hid by playing
        # a card without declaring it gives the opponents 3 (RULES §2.7.2).
        if fl is not None and not self.flor_called and team is not None:
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
        if fl is not None and fl.flor_declaration == "manual_with_penalty":
            for side, award, holder in self.flor_deferred:
                if self.folded[holder]:  # quit without showing: lost, opponents score 3
                    self._credit(1 - side, fl.flor_value, "flor forfeited")
                else:
                    self._credit(side, award, "flor")
            for s in self.order:
                if self.flor_undeclared[s] and self.played_first[s]:
                    self._credit(1 - self.team[s], fl.flor_value, "hidden flor")
        env = self.env
        if (
            env is not None
            and env.envido_declaration == "declared_with_penalty"
            and self.env_result
        ):
            seat, value, stated = self.env_result
            truthful = stated == self.envido_points(seat) and not self.folded[seat]
            self._credit(
                self.team[seat] if truthful else 1 - self.team[seat],
                value,
                "envido" if truthful else "envido forfeited",
            )
        if not self.end_reason:
            self.hand_winner = team
            if team is not None and pts > 0:
                self.points.append((team, pts, reason))
                self.pts_end[team] += pts
            self.end_reason = reason


_KEY_FIELDS = tuple(
    n for n in Hand.__slots__ if n not in ("_legal", "variant", "tr", "ld", "env", "fl", "mr")
)
