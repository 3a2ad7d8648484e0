"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration takes a world sampled consistently with the seat's observation
(:mod:`.determinize`; worlds are drawn in proportion to how well they explain the other
seats' choices), walks the tree of the seat's own decisions (UCB1 with availability
counts, since which actions exist depends on the sampled cards), lets the other seats act
by the rule-of-thumb :func:`~.rollout.rollout_action` with their sampled cards, plays the
contest out, and backs up the points the seat's side won minus the points it lost, plus
how much the contest moved its side's chance of winning the match (:mod:`.odds`: near the
target, where a hand of 11/10 or an iron hand waits, points are worth more than their
count). The most visited action is played.

The agent reads nothing but the public rules and its seat's observation: for the same seed
and the same observations it makes the same decisions, whatever the hidden cards are.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from ..contest.hand import OVER, Hand
from ..core.actions import MAZO, PLAY, Action
from ..core.errors import IllegalAction, InvalidOption
from ..game.dealing import MAX_SEED
from ..match import Match
from ..rules.variant import Variant
from ..views.observe import Observation
from .determinize import weighted_worlds
from .odds import lacking, match_odds
from .rollout import hand_action
from .seat_agent import (
    Rule,
    SeatAgent,
    fallback_action,
    setting_flag,
    setting_int,
    setting_number,
    setting_rules,
    settings_guard,
    strength_count,
)

__all__ = ["ISMCTSAgent"]

_STRENGTHS = {"fast": 150, "default": 500, "strong": 1500}
"""The named strengths of :meth:`ISMCTSAgent.with_strength` (iterations per decision)."""
_TRIES = 10  # deals tried per world
_MORE = 3  # at most this many times ``worlds`` worlds when their weights are lopsided


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[object, _Node] = {}

    def child(self, key: object) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def _number(value: object, low: float, most: float, *, above: bool = False) -> bool:
    """Whether ``value`` is an int or float (not a bool) from ``low`` (or ``above`` it) to
    ``most``; NaN is none."""
    if type(value) is not int and type(value) is not float:
        return False
    return (low < value if above else low <= value) and value <= most


def _key(seat: int, action: Action, me: int) -> object:
    """How the searching seat tells an action apart: another seat's hidden card is not."""
    if seat != me and action.verb == PLAY and (action.down or action.under is not None):
        return (seat, "hidden", action.card if action.under is not None else None)
    return (seat, action)


def _time_limit(name: str, value: object) -> float | None:
    if value is None:
        return None
    limit = "None or a number of seconds > 0"
    setting_number(name, value, 0, 10**6, limit)
    if not _number(value, 0, 10**6, above=True):
        raise InvalidOption(name, value, limit)
    return value  # type: ignore[return-value]


def _share(name: str, value: object) -> float:
    limit = "a number above 0, at most 1"
    share = setting_number(name, value, 0, 1, limit)
    if share <= 0:
        raise InvalidOption(name, value, limit)
    return share


_SETTINGS: dict[str, Rule] = {
    "iterations": lambda n, v: setting_int(n, v, 1, 10**7),
    "worlds": lambda n, v: setting_int(n, v, 1, 10**5),
    "time_limit": _time_limit,
    "stop_settled": setting_flag,
    "settle_lead": _share,
    "exploration": lambda n, v: setting_number(n, v, 0, 100, "a number from 0 to 100"),
    "seed": lambda n, v: setting_int(n, v, 0, MAX_SEED),
    "variant": setting_rules,
}
"""How each setting is checked, when the agent is built and when one is set later."""


def _derive(agent: Any, name: str, value: Any) -> None:
    if name == "seed":  # a new seed, a new generator, as a new agent has
        object.__setattr__(agent, "rng", random.Random(f"truco-rules/ismcts/{value}"))


# a player with a state of its own: equal to itself alone; a setting changed later is checked
@attrs.define(eq=False, on_setattr=settings_guard(_SETTINGS, _derive))
class ISMCTSAgent(SeatAgent):
    """An information-set MCTS player for any variant and table size.

    ``iterations`` is the strength knob (simulated contests per decision; the named levels
    of :meth:`with_strength` are 150, 500 and 1500). ``time_limit`` (seconds), if set, stops
    a search early when it runs out; it makes decisions depend on the machine's speed, so
    leave it ``None`` for reproducible play. ``seed`` fixes every random choice.

    Use it as a :class:`~truco_rules.runs.simulate.Agent` (``agent.choose(match, legal)``) or as
    a plain callable on an observation (``agent(observation, legal)``).
    """

    iterations: int = 500
    worlds: int = 30
    """How many consistent deals to sample per decision (iterations draw from them; up to
    three times as many where a few of them carry most of the weight)."""
    exploration: float = 0.5
    time_limit: float | None = None
    stop_settled: bool = True
    """Stop a search once its most visited action is settled (:attr:`settle_lead`). With
    ``settle_lead=1.0`` it can no longer be overtaken in the iterations left: the decision
    is the one the whole search would make from the same random draws, for about two thirds
    of the iterations. The generator has then drawn less, so the decisions after it are
    those of another stream, alike in strength. ``False`` runs every iteration (with
    ``worlds=30``, the decisions of releases before it, seed for seed)."""
    settle_lead: float = 0.15
    """How far the most visited action must lead the next, as a share of the iterations
    left, for :attr:`stop_settled` to stop the search: ``1.0`` only once no later iteration
    could change the choice (the whole search's decision); the default stops once the next
    action would need more than 57.5% of the iterations left to catch up (they have gone
    to the leader far more often so far), which changes a few close decisions and plays
    as well against the simple bot for about two thirds of the time of the certain stop
    (``0.3``, the default before, three quarters); head to head, both win a little less
    than half against the search that runs every iteration."""
    seed: int = 0
    variant: Variant | None = None
    """The rules, for the callable form (default: the registered variant the observation
    names)."""
    rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        for name, rule in _SETTINGS.items():
            object.__setattr__(self, name, rule(name, getattr(self, name)))
        _derive(self, "seed", self.seed)

    @staticmethod
    def with_strength(level: str | int, seed: int = 0) -> ISMCTSAgent:
        """An agent of a named strength (``fast``, ``default``, ``strong``) or of ``level``
        iterations."""
        return ISMCTSAgent(iterations=strength_count(level, _STRENGTHS), seed=seed)

    # -- the search ----------------------------------------------------------------------
    def decide(self, variant: Variant, obs: Observation, legal: list[Action]) -> Action:
        """The action the search prefers among ``legal``."""
        if not legal:
            raise IllegalAction(None, obs.seat, "there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        allowed = set(legal)
        root = self._search(variant, obs, allowed)
        best = max(
            (
                (n.visits, n.total / max(1, n.visits), i)
                for i, (k, n) in enumerate(root.children.items())
                if isinstance(k, tuple) and k[1] in allowed
            ),
            default=None,
        )
        if best is None:
            return fallback_action(variant, obs, legal, self.rng)
        return list(root.children)[best[2]][1]  # type: ignore[index,no-any-return]

    def _search(self, variant: Variant, obs: Observation, allowed: set[Action]) -> _Node:
        """The search tree of one decision (empty if no world could be rebuilt), for a
        choice among ``allowed``."""
        rng = self.rng
        # more worlds while a few of them carry most of the weight (the others' choices
        # are unlikely with most deals), up to _MORE times as many
        found = weighted_worlds(
            variant,
            obs,
            rng,
            self.worlds,
            widen=0.5,
            most=_MORE * self.worlds,
            tries=_TRIES,
            strata=False,
        )
        worlds = [m for m, _w in found]
        weights = [w for _m, w in found]
        root = _Node()
        if not worlds:
            return root
        me = obs.seat
        equity = _Points(variant, worlds[0], me, _scale(variant))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        n = self.iterations
        draws = rng.choices(range(len(worlds)), weights=weights, k=n)
        # a lead of at most ``it`` visits can pass ``share`` of the iterations left only
        # from ``share / (1 + share)`` of them (half, where the stop is certain)
        share = self.settle_lead
        settle = int(n * share / (1 + share)) if self.stop_settled else n
        for it, k in enumerate(draws):
            if deadline is not None and it % 8 == 0 and time.perf_counter() > deadline:
                break
            self._iterate(worlds[k], root, me, equity)
            if it >= settle and _settled(root, me, allowed, share * (n - it - 1)):
                break
        return root

    def _iterate(self, w: Match, root: _Node, me: int, equity: _Points) -> None:
        """One simulated contest on a copy of world ``w``'s contest (the match around it is
        only consulted again if the contest may end the match)."""
        rng = self.rng
        assert w.hand is not None
        hand = w.hand.copy()
        variant = w.variant
        done: list[tuple[int, Action]] = []
        path = [root]
        node = root
        expanding = True
        exploration = self.exploration
        while hand.phase != OVER:
            seat = hand.turn
            legal = hand.legal_actions()  # the seat to act's (``seat``)
            if seat == me and expanding:
                # searched only when nothing else is left: a face-down play, and going to
                # the deck (it gives away the stake, which refusing later also does)
                kept = [a for a in legal if not a.down and a.verb != MAZO]
                legal = kept or legal
                choice = None
                best = -math.inf
                log_n = 0.0
                for a in legal:
                    child = node.child((me, a))  # _key(me, a, me): the seat's own action
                    child.avail += 1
                    if child.visits == 0:
                        if choice is None or rng.random() < 0.5:
                            choice, best = a, math.inf
                        continue
                    if best == math.inf:
                        continue
                    log_n = math.log(child.avail)
                    ucb = child.total / child.visits + exploration * math.sqrt(
                        log_n / child.visits
                    )
                    if ucb > best:
                        choice, best = a, ucb
                assert choice is not None
                node = node.child((me, choice))
                path.append(node)
                if node.visits == 0:
                    expanding = False  # a new node: play the rest out
            else:
                choice = hand_action(variant, hand, legal, rng)
                if expanding:
                    node = node.child(_key(seat, choice, me))
            hand.apply(choice, seat)
            done.append((seat, choice))
        value = equity.value(w, hand, done)
        for n in path:
            n.visits += 1
            n.total += value


def _settled(root: _Node, me: int, allowed: set[Action], lead: float) -> bool:
    """Whether the most visited of the seat's ``allowed`` actions at ``root`` leads the next
    by more than ``lead`` visits (with ``lead`` the iterations left, it stays the most
    visited whatever they do)."""
    first = second = 0
    for key, node in root.children.items():
        if key[0] == me and key[1] in allowed:  # type: ignore[index]
            v = node.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
    return first - second > lead


def _scale(variant: Variant) -> float:
    values = variant.ladder.values
    top = values[-2] if variant.ladder.top_wins_target and len(values) > 2 else values[-1]
    return float(max(3, top))


class _Points:
    """The value of a simulated contest's outcome for one seat: the points its side won
    minus the points it lost over the ladder's top value, plus 6 times the change in the
    seat's chance of winning the match (1 or 0 when the contest ends the match, else read
    from the scores by :class:`~.odds.MatchOdds`, so that standing near the target counts
    for more than the points alone say). Where each player keeps his own score, the match
    is the seat's own: a partner of the deal who reaches the target wins it, not the seat
    (:func:`~.odds.lacking`)."""

    __slots__ = (
        "before", "ends", "lead", "odds", "player_scores", "scale", "scores", "seat",
        "side", "sides", "target",
    )

    def __init__(self, variant: Variant, w: Match, seat: int, scale: float) -> None:
        self.seat = seat
        self.sides = w.team
        self.side = w.team[seat]
        self.scale = scale
        self.target = variant.match.target
        self.odds = match_odds(variant)
        self.scores = w.scores
        self.player_scores = w.player_scores
        self.lead = max(w.scores)
        self.before = self._chance(0, 0)
        self.ends: dict[tuple[object, ...], float] = {}

    def _chance(self, mine: int, theirs: int) -> float:
        """The side's chance of winning the match once it has ``mine`` more points and the
        other side ``theirs`` (before the target is reached)."""
        need, other = lacking(
            self.target, self.seat, self.sides, self.scores, self.player_scores, mine, theirs
        )
        return self.odds.chance(max(1, need), max(1, other))

    def value(self, w: Match, hand: Hand, done: list[tuple[int, Action]]) -> float:
        """The value of the contest ``hand`` (played from world ``w`` by ``done``)."""
        pts = (hand.team_total(0), hand.team_total(1))
        mine, theirs = pts[self.side], pts[1 - self.side]
        v = (mine - theirs) / self.scale
        if self.lead + max(pts) >= self.target:  # it may end the match: ask the match
            # what the match makes of a contest's points is the same in every world (the
            # scores are public), so it is asked once per outcome
            key = (*hand.points, hand.hand_winner)
            chance = self.ends.get(key)
            if chance is None:
                end = w.copy()
                for seat, a in done:
                    end.apply(a, seat)
                if end.is_over():
                    chance = 1.0 if self.seat in end.winning_seats() else 0.0
                else:
                    chance = self._chance(mine, theirs)
                self.ends[key] = chance
        else:
            chance = self._chance(mine, theirs)
        return v + 6.0 * (chance - self.before)
