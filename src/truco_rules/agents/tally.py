"""How freely the other side bets, read from the contests a seat has seen in the match.

A bet says less about the cards of a side that bets in most contests than about those of
a side that bets only now and then: a side that calls the ladder in a share ``f`` of its
contests, when cards that warrant a call come in a share :data:`HONEST` of them, calls
with other cards in a share ``(f - HONEST) / (1 - HONEST)`` of the rest (its bluffs).
:class:`BetTally` counts, contest after contest, the contests in which the other side
called the ladder and those in which it called a side bet (envido and its raises), from
the previous contest of each observation (:attr:`~truco_rules.Observation.previous`), and
gives those bluff shares, starting from a prior of :data:`PRIOR` contests at the honest
share. It also weighs whether the other side is a *loose* caller, whose calls say little
of its cards, or a tight one (:meth:`BetTally.loose`), by how often it calls, how often it
calls before its caller has played a card (the contest being played included, as soon as
the other side calls in it), and how often it wins the calls that are met and played out.
And it reads the envido scores the other side's envido bets were made with, wherever the
contest shows them (stated, or enough of the bettor's cards seen on the table or shown):
a side whose bets often turn out weak scores bets with any cards
(:meth:`BetTally.envido_bluff`). It reads nothing but the seat's observations, and starts
over with each match.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from ..core.actions import ENVIDO, FALTA_ENVIDO, REAL_ENVIDO
from ..core.cards import Card
from ..core.context import HandContext
from ..rules.envido import EnvidoRules
from ..rules.variant import Variant
from ..views.observation import HandView
from ..views.observe import Observation
from .inference import TableModel

__all__ = [
    "BACKED",
    "BLIND",
    "CALLS",
    "HONEST",
    "LOOSE",
    "LOOSE_FLOOR",
    "PRIOR",
    "WEAK_ENVIDO",
    "WEAK_PRIOR",
    "WEAK_SHARE",
    "WEAK_WEIGHT",
    "BetTally",
    "side_of",
]

HONEST = 0.25
"""The share of contests in which a side holds cards that warrant a call (or a side bet)."""
PRIOR = 6.0
"""How many contests' worth of weight the prior (a side that bets honestly) carries."""
MAX_BLUFF = 0.6
"""The bluff share is never read above this (a call always says a little)."""
LOOSE = 0.2
"""The prior chance that the other side is a loose caller (see :meth:`BetTally.loose`)."""
CALLS = (0.28, 0.55)
"""The share of contests in which a tight and a loose caller call the ladder (measured:
miniTruco's bots 0.19 to 0.33; the information-set search 0.43 to 0.74 at two seats; see
docs/build-a-bot.md)."""
BLIND = (0.05, 0.4)
"""The share of its calls that a tight and a loose caller make before it has played a card
in the contest, on its cards alone (measured: miniTruco's bots 0 of 300 calls, the search
20 of 48 at two seats)."""
BACKED = (0.8, 0.35)
"""The share of its calls, met and played out, that a tight and a loose caller win
(measured: miniTruco's bots about 0.7 to 0.85 against the reader, the search 0.15 to 0.3)."""
LOOSE_FLOOR = 0.8
"""The floor of a call's likelihood from a loose caller: its call says little (against the
search at two seats, 30 matches, a fixed floor of 0.5 won 22 and 0.85
won 23 where the honest reading won 14)."""
WEAK_ENVIDO = 25
"""An envido score below this is a weak one to bet on."""
WEAK_SHARE = 0.62
"""The share of weak envido scores (below :data:`WEAK_ENVIDO`) among all the three-card
hands of the 40-card Spanish deck (6,116 of 9,880): the share among the bets of a side
that bets the envido with any cards."""
WEAK_PRIOR = {ENVIDO: 0.3, REAL_ENVIDO: 0.2, FALTA_ENVIDO: 0.05}
"""The share of weak scores among a side's envido bets of each kind before any is seen: the
plain envido, which costs one point refused, is the cheap bluff; the falta envido, which may
cost the match, the rare one (the information-set search: 69%, 50% and 33%)."""
WEAK_WEIGHT = 4.0
"""How many bets' worth of weight :data:`WEAK_PRIOR` carries."""
_ENDS = ("tricks", "refused", "mazo")  # how a contest's ladder stake is settled
_SIDE_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


@attrs.define
class BetTally:
    """The other side's bets counted over the contests seen (see the module)."""

    contests: int = 0
    ladder: int = 0
    side: int = 0
    shown: int = 0
    """Contests in which the other side called the ladder and the call was met: not
    ended by this side's refusal of its call."""
    backed: int = 0
    """Of those, the contests the other side won."""
    blind: int = 0
    """Contests in which the other side's first call came before its caller had played a
    card."""
    envido_seen: dict[str, int] = attrs.field(factory=dict)
    """The other side's envido bets, by bet (``envido``, ``real-envido``,
    ``falta-envido``), whose bettor's score the contest showed weak or not."""
    envido_weak: dict[str, int] = attrs.field(factory=dict)
    """Of those, the bets made with a weak score (below :data:`WEAK_ENVIDO`)."""
    now: int = 0
    """The contest being played: 1 if the other side's first call in it came before its
    caller had played a card, -1 if it came after, 0 if it has not called yet."""
    _last: tuple[int, int] = (-1, -1)

    def see(
        self, ladder_names: tuple[str, ...], obs: Observation, variant: Variant | None = None
    ) -> None:
        """Count the contest before ``obs`` if it is new (a match that starts over, or an
        earlier deal than the last seen, clears the count); with the ``variant`` (its envido
        rules and deck), read the scores of the other side's envido bets where they showed."""
        key = (obs.hand_no, obs.contest)
        if key < self._last or (key == (0, 0) and obs.previous is None):
            self.contests = self.ladder = self.side = self.shown = self.backed = self.blind = 0
            self.envido_seen.clear()
            self.envido_weak.clear()
        rivals = {s for s in range(obs.seats) if side_of(obs, s) != obs.team}
        self.now = _first_call(ladder_names, rivals, obs.current.public_log)
        if key == self._last:
            return
        self._last = key
        prev = obs.previous
        if prev is None:
            return
        verbs = {text.split(" ")[0] for s, text in prev.public_log if s in rivals}
        self.contests += 1
        called = any(v in ladder_names for v in verbs)
        self.ladder += called
        self.side += any(v in _SIDE_BETS for v in verbs)
        if variant is not None and variant.envido is not None:
            self._read_envido(variant.envido, variant.deck.cards, obs, prev, rivals)
        if called:
            self.blind += _first_call(ladder_names, rivals, prev.public_log) > 0
            self._show(ladder_names, obs, prev.public_log, prev.points)

    def _show(
        self,
        ladder_names: tuple[str, ...],
        obs: Observation,
        log: tuple[tuple[int, str], ...],
        points: tuple[tuple[int, int, str], ...],
    ) -> None:
        """Count a contest in which the other side called, unless it says nothing of the
        call: this side refused the other side's last call, or nobody took the stake."""
        ends = [(side, why) for side, _pts, why in points if why in _ENDS]
        if not ends:
            return
        side, why = ends[-1]
        calls = [s for s, text in log if text.split(" ")[0] in ladder_names]
        theirs_last = bool(calls) and side_of(obs, calls[-1]) != obs.team
        if why != "tricks" and side != obs.team and theirs_last:
            return  # folded to their call: their cards were never shown
        self.shown += 1
        self.backed += side != obs.team

    def _read_envido(
        self,
        envido: EnvidoRules,
        deck: Sequence[Card],
        obs: Observation,
        prev: HandView,
        rivals: set[int],
    ) -> None:
        """Count the other side's envido bets in contest ``prev`` whose bettor's score it
        showed weak or not (see :func:`_weak`)."""
        bets: dict[int, set[str]] = {}
        for seat, text in prev.public_log:
            verb = text.split(" ")[0]
            if seat in rivals and verb in _SIDE_BETS:
                bets.setdefault(seat, set()).add(verb)
        for seat in sorted(bets):
            weak = _weak(envido, deck, obs, prev, seat)
            if weak is None:
                continue
            for verb in bets[seat]:
                self.envido_seen[verb] = self.envido_seen.get(verb, 0) + 1
                self.envido_weak[verb] = self.envido_weak.get(verb, 0) + weak

    def envido_bluff(self, bet: str) -> float:
        """How likely the other side's envido bet ``bet`` (``envido``, ``real-envido``,
        ``falta-envido``) is with a weak score, relative to a strong one: from the share
        ``w`` of weak scores among its bets of that kind seen (starting from
        :data:`WEAK_PRIOR`) against their share among all hands (:data:`WEAK_SHARE`), the
        odds ratio ``(w / WEAK_SHARE) / ((1 - w) / (1 - WEAK_SHARE))``, at most 1 (a side
        whose bets show weak scores as often as the deck deals them bets with any). Each
        kind is read apart: a side may bet the envido with any cards and the falta envido
        only with the best (the information-set search: 69% and 33% of its bets weak)."""
        prior, weight = WEAK_PRIOR.get(bet, min(WEAK_PRIOR.values())), WEAK_WEIGHT
        seen = self.envido_seen.get(bet, 0)
        w = (self.envido_weak.get(bet, 0) + prior * weight) / (seen + weight)
        w = min(WEAK_SHARE, w)
        return (w / WEAK_SHARE) / ((1.0 - w) / (1.0 - WEAK_SHARE))

    def bluff(self) -> float:
        """The other side's share of ladder calls made without cards that warrant one."""
        return _bluff(self.ladder, self.contests)

    def side_bluff(self) -> float:
        """The same for side bets."""
        return _bluff(self.side, self.contests)

    def call_floor(self) -> float:
        """The floor of the likelihood of the other side's ladder call: the larger of its
        bluff share (:meth:`bluff`) and :data:`LOOSE_FLOOR` times the chance that it is a
        loose caller (:meth:`loose`)."""
        return max(self.bluff(), LOOSE_FLOOR * self.loose())

    def model(self) -> TableModel:
        """The opponent model these counts give: how likely each of the other side's
        choices is with the cards of a world (:class:`~.inference.TableModel`, with
        :meth:`call_floor`, :meth:`side_bluff` and :meth:`envido_bluffs`)."""
        return TableModel(self.call_floor(), self.side_bluff(), self.envido_bluffs())

    def envido_bluffs(self) -> dict[str, float]:
        """:meth:`envido_bluff` of each envido bet."""
        return {bet: self.envido_bluff(bet) for bet in _SIDE_BETS}

    def loose(self) -> float:
        """The chance that the other side is a loose caller, one whose calls say little
        of its cards, against a tight one (prior :data:`LOOSE`): read from how often it
        calls (:data:`CALLS`), how often it calls before its caller has played a card
        (:data:`BLIND`; the first call of the contest being played, :attr:`now`,
        included) and how often it wins the calls that are met (:data:`BACKED`)."""
        tight, free = CALLS
        won, lost = BACKED
        odds = math.log(LOOSE / (1.0 - LOOSE))
        odds += self.ladder * math.log(free / tight)
        odds += (self.contests - self.ladder) * math.log((1.0 - free) / (1.0 - tight))
        early, rash = BLIND
        odds += self.blind * math.log(rash / early)
        odds += (self.ladder - self.blind) * math.log((1.0 - rash) / (1.0 - early))
        if self.now:  # the contest being played: when its call came, not yet how often
            odds += math.log(rash / early if self.now > 0 else (1.0 - rash) / (1.0 - early))
        odds += self.backed * math.log(lost / won)
        odds += (self.shown - self.backed) * math.log((1.0 - lost) / (1.0 - won))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, odds))))


def _bluff(bets: int, contests: int) -> float:
    share = (bets + HONEST * PRIOR) / (contests + PRIOR)
    return min(MAX_BLUFF, max(0.0, (share - HONEST) / (1.0 - HONEST)))


def _first_call(
    ladder_names: tuple[str, ...], rivals: set[int], log: tuple[tuple[int, str], ...]
) -> int:
    """1 if the other side's first call in ``log`` came before its caller played a card,
    -1 if it came after, 0 if the other side made no call."""
    played: set[int] = set()
    for seat, text in log:
        verb = text.split(" ")[0]
        if verb == "play":
            played.add(seat)
        elif seat in rivals and verb in ladder_names:
            return -1 if seat in played else 1
    return 0


def _weak(
    envido: EnvidoRules, deck: Sequence[Card], obs: Observation, prev: HandView, seat: int
) -> bool | None:
    """Whether ``seat``'s envido score in contest ``prev`` was weak (below
    :data:`WEAK_ENVIDO`), if the contest showed it: as stated, or by its cards seen (played
    face up or shown), three of them or two that settle it whatever the third (where no
    card is turned up, which could change a score); ``None`` if it did not show."""
    for s, stated in prev.envido_statements:
        if s == seat and stated is not None:
            return stated < WEAK_ENVIDO
    if obs.turned is not None:
        return None
    cards: list[Card] = [p.card for p in prev.table if p.seat == seat and p.card is not None]
    for s, shown in prev.shown:
        if s == seat:
            cards.extend(c for c in shown if c not in cards)
    context = HandContext(None, obs.seats, seat, obs.scores)
    if len(cards) == 3:
        return envido.points_in(cards, context) < WEAK_ENVIDO
    if len(cards) != 2 or not deck:
        return None
    scores = {envido.points_in((*cards, c), context) for c in deck if c not in cards}
    if max(scores) < WEAK_ENVIDO:
        return True
    if min(scores) >= WEAK_ENVIDO:
        return False
    return None


def side_of(obs: Observation, seat: int) -> int:
    """The side (0 or 1) of ``seat`` in the deal ``obs`` sees (alternate seats where the
    observation names no sides)."""
    return obs.sides[seat] if len(obs.sides) > seat else seat % 2
