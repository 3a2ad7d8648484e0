"""How the other side answers a seat's calls, against what the seat's model expected.

A seat that calls the ladder weighs the call by how likely the other side is to accept it
with the cards it may hold (:func:`~.stakes.call_gain`, after
:func:`~.inference.accepts`). Sides differ: one refuses nearly every call whatever it
holds (it reads a call as strength), another meets calls more often than its cards
warrant. :class:`AnswerTally` keeps, for every call the seat made and saw answered in the
match, the chance of acceptance the model gave it and whether the other side accepted
(or raised); :meth:`AnswerTally.scale` is the ratio of the two, which the seat multiplies
its model's acceptance chances by. A prior of :data:`ANSWER_PRIOR` calls at the model's
own rate keeps the first answers from swinging it far. It reads nothing but the seat's
observations (a call's answer is in the public log of its contest), and starts over with
each match.
"""

from __future__ import annotations

import attrs

from ..core.actions import (
    ACCEPT_HAND,
    CON_FLOR_ME_ACHICO,
    CON_FLOR_QUIERO,
    DEAL,
    DECLARE,
    DECLINE_HAND,
    DISCARD,
    FLOR,
    MAZO,
    NO_QUIERO,
    PASO,
    PLAY,
    QUIERO,
    SON_BUENAS,
)
from ..views.observation import HandView
from ..views.observe import Observation
from .tally import side_of

__all__ = ["ANSWER_PRIOR", "AnswerTally"]

ANSWER_PRIOR = 1.0
"""How many calls' worth of weight the model's own acceptance chance carries in
:meth:`AnswerTally.scale` (each call a unit of expected acceptance met as expected)."""
_SCALE = (0.1, 2.0)  # the least and the most the model's chances are scaled by
_ANSWERS = (QUIERO, NO_QUIERO)
# verbs that open no side bet: anything else (an envido, a contraflor, a third party's bet)
# is answered by quiero or no-quiero before the ladder call it interrupts is answered
_NOT_BETS = frozenset(
    (PLAY, DECLARE, SON_BUENAS, FLOR, CON_FLOR_QUIERO, CON_FLOR_ME_ACHICO, MAZO, PASO, *_ANSWERS)
) | {ACCEPT_HAND, DECLINE_HAND, DISCARD, DEAL}


@attrs.define
class AnswerTally:
    """The other side's answers to a seat's calls, against the model's chances (see the
    module)."""

    expected: float = 0.0
    """The model's chances of acceptance, summed over the seat's calls seen answered."""
    met: int = 0
    """Of those calls, the ones the other side accepted or raised."""
    _waiting: dict[tuple[int, int], list[tuple[int, int, str, float]]] = attrs.field(factory=dict)
    """Calls not yet seen answered, by contest ``(hand_no, contest)``: the call's index in
    the contest's public log, its seat and verb, and the model's chance of acceptance."""
    _last: tuple[int, int] = (-1, -1)
    _seen: int = 0  # the length of the public log of the last contest seen

    def called(self, obs: Observation, verb: str, chance: float) -> None:
        """Note that the seat of ``obs`` is about to call ``verb``, and that the model
        gives the other side ``chance`` of accepting it (a raise counts as an acceptance)."""
        key = (obs.hand_no, obs.contest)
        call = (len(obs.current.public_log), obs.seat, verb, chance)
        self._waiting.setdefault(key, []).append(call)

    def see(self, ladder_names: tuple[str, ...], obs: Observation) -> None:
        """Count the answers that ``obs`` shows to the seat's calls (in the contest in play
        and in the one before it); a match that starts over (an earlier contest, or the
        same one with a shorter record) clears the count."""
        key = (obs.hand_no, obs.contest)
        seen = len(obs.current.public_log)
        if key < self._last or (key == self._last and seen < self._seen):  # a new match
            self.expected, self.met = 0.0, 0
            self._waiting.clear()
        last, self._last, self._seen = self._last, key, seen
        for waiting in list(self._waiting):
            if waiting == key:
                self._read(waiting, obs.current, ladder_names, obs, done=False)
                continue
            # an earlier contest: read where it is the previous one (the last seen, and
            # the one right before this), else its answers are not seen
            prev = obs.previous
            hand_no, contest = key
            before = waiting == (hand_no, contest - 1) if contest else waiting[0] == hand_no - 1
            if prev is not None and waiting == last and before:
                self._read(waiting, prev, ladder_names, obs, done=True)
            del self._waiting[waiting]

    def _read(
        self,
        key: tuple[int, int],
        view: HandView,
        ladder_names: tuple[str, ...],
        obs: Observation,
        done: bool,
    ) -> None:
        log = view.public_log
        left = []
        for at, caller, called, chance in self._waiting[key]:
            if at < len(log) and (log[at][0], log[at][1].split(" ")[0]) != (caller, called):
                continue  # not this seat's call: a record other than the one expected
            answer = _answer(log[at + 1 :], ladder_names, obs, done)
            if answer is not None:
                self.expected += chance
                self.met += answer != NO_QUIERO
            elif not done:
                left.append((at, caller, called, chance))
        self._waiting[key] = left

    def scale(self) -> float:
        """How much more (above 1) or less (below 1) often the other side has met the
        seat's calls than the model expected, weighted by :data:`ANSWER_PRIOR`."""
        low, high = _SCALE
        ratio = (self.met + ANSWER_PRIOR) / (self.expected + ANSWER_PRIOR)
        return min(high, max(low, ratio))


def _answer(
    log: tuple[tuple[int, str], ...], ladder_names: tuple[str, ...], obs: Observation, done: bool
) -> str | None:
    """The other side's answer in ``log`` (what followed a call) to the call before it: a
    raise, ``quiero`` or ``no-quiero`` (a side bet called in between is answered first),
    or going to the deck as the contest's last action (a refusal); ``None`` if none yet."""
    side_bet = False  # a side bet awaits its answer
    for i, (seat, text) in enumerate(log):
        verb = text.split(" ")[0]
        theirs = side_of(obs, seat) != obs.team
        if verb in ladder_names:
            if theirs:
                return verb
        elif verb in _ANSWERS:
            if side_bet:
                side_bet = False
            elif theirs:
                return verb
        elif verb == MAZO:
            if theirs and done and i == len(log) - 1:
                return NO_QUIERO
        elif verb not in _NOT_BETS:
            side_bet = True
        elif verb in (PLAY, DECLARE, SON_BUENAS, CON_FLOR_QUIERO, CON_FLOR_ME_ACHICO):
            side_bet = False
    return None
