"""What the other seats' choices say about their cards: the reader's opponent model.

A seat that calls or raises the bet ladder probably holds the cards that win the contest
(read mostly, :data:`READ`, as whether its side wins the contest played out in the world,
:func:`~.estimate.played_out`, and partly as how good its cards are,
:func:`~.rollout.hand_power`), one that accepts a call fair ones, one that refuses poor
ones; a seat that bets the envido, or accepts it, probably holds a good envido score, the
more so the higher the bet (a falta envido most); a seat plays its cards mostly, not
always, by the rule of :func:`~.estimate.greedy_card`. :func:`table_likelihood` gives how
likely a seat's choice is with the cards it holds in a sampled world, on smooth curves
that never rule a world out (the others bluff and err); :class:`TableModel` is the same
for a table whose other side bluffs a known share of its bets (:mod:`.tally`). The sampler
(:func:`~.determinize.weighted_world`) weighs each world by the product over the others'
choices. :func:`accepts` is the model's chance that a side accepts a call, which the reader
uses to weigh a call of its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import attrs

from ..contest.hand import ENVIDO as PH_ENVIDO
from ..contest.hand import TRUCO as PH_TRUCO
from ..contest.hand import Hand
from ..core.actions import ENVIDO, FALTA_ENVIDO, NO_QUIERO, PLAY, QUIERO, REAL_ENVIDO, Action
from ..match import Match
from .estimate import greedy_card, played_out
from .rollout import hand_power, rollout_probability

__all__ = [
    "TableModel",
    "accepts",
    "bet_reading",
    "calls",
    "later_read",
    "raise_floor",
    "raises",
    "read_bet",
    "side_power",
    "table_likelihood",
]

CALL_MID = 0.6
"""The hand power (:func:`~.rollout.hand_power`) at which a seat calls half the time."""
ACCEPT_MID = 0.6
"""The hand power at which a seat accepts a call half the time."""
RAISE_MID = 0.8
"""The hand power at which a seat that accepts a call raises it instead half the time."""
SLOPE = 0.1
"""How sharply the chance of calling or accepting rises with the hand power."""
FLOOR = 0.08
"""No choice is less likely than this with any cards (the others bluff and err)."""
OFF_RULE = 0.35
"""How likely a card other than the greedy rule's is played."""
READ = 0.8
"""How much a call or a raise is read as the outcome of the contest played out with the
cards of the world (:func:`~.estimate.played_out`: does the bettor's side win it?) rather
than as the power of the bettor's cards alone: a seat that sees the table bets on the
tricks it expects to take, not only on its cards' ranks."""
READ_ANSWER = 0.8
"""The same for an acceptance or a refusal (against a miniTruco bot, 200 matches a
line, 0.3 won 48.0% and 0.8 57.5%; such runs are ±7 points wide)."""
READ_LAST = 0.95
""":data:`READ` and :data:`READ_ANSWER` at the last trick (they grow in proportion from
the first): a seat that has seen two tricks played, and holds one card, knows whether its
side wins the contest far better than one that has seen none. Against miniTruco's
Gasparotto bot (200 arena matches, with 0.8 at every trick), the reader accepted 34
raises of its own call at the last trick, at chances from 0.14 to 1.0, and lost 28."""
RAISE_FLOOR = 0.03
"""No raise is less likely than this with any cards at the first trick: a raise is a rarer
bluff than a call."""
RAISE_FLOOR_LAST = 0.01
""":data:`RAISE_FLOOR` at the last trick (it falls in proportion from the first): a seat
that raises once it has seen the table seldom does it without the cards. Against
miniTruco's Gasparotto bot (a ladder of 1, 3, 6, 9, 12; 200 arena matches), the reader,
reading such a raise with the floor of a call, accepted 97 raises to six of a call
already accepted at the second and third tricks and lost 87 of those contests (with
every card known, it would have won 5% of those at the third trick); reading it as a
raise, with this floor at the last trick, it accepted 62."""
RAISE_SHARE = 0.5
"""At the first trick, the floor of a raise's likelihood is this share of a call's (the
table's bluff floor, :class:`TableModel`), never below :data:`RAISE_FLOOR`."""
RAISE_SHARE_LAST = 0.25
""":data:`RAISE_SHARE` at the last trick (it falls in proportion from the first)."""
ENVIDO_MID = {ENVIDO: 25.0, REAL_ENVIDO: 27.0, FALTA_ENVIDO: 30.0}
"""The envido score at which a seat makes each envido bet half the time (one point more to
raise a bet made to it). A falta envido may cost the match: it is bet with 30 or more (the
information-set search's falta envidos at two seats, where an accepted one is worth the
match, held 27 to 33 away from the end of the match, most of them 30 or more)."""
ENVIDO_ACCEPT = 25.0
"""The envido score at which a seat accepts an envido bet half the time."""
ENVIDO_SLOPE = 2.0
"""How sharply the chance of an envido bet or acceptance rises with the score."""
ENVIDO_FLOOR = 0.2
"""No envido answer, nor an envido bet the table model reads no floor for
(:attr:`TableModel.envido_bluff`), is less likely than this with any score (the others bluff: a
search player bets the real envido with 3 points where its refusal is worth 2; against it,
at two seats, 0.2 took 15.8 envido points a match to its 14.7 where 0.1 took 13.3 to
18.3, 12 matches)."""
SIDE_FLOOR = 0.25
"""No side-bet choice (envido, flor, declarations) is less likely than this: the rule of
thumb that models them is a rough guess of how others play them."""


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _floored(p: float) -> float:
    return FLOOR + (1.0 - FLOOR) * p


def side_power(hand: Hand, seat: int) -> float:
    """How good the cards of ``seat``'s side are for it: its own, and half the margin by
    which a partner's are better (a partner may carry the hand)."""
    own = hand_power(hand, seat)
    mine = hand.team[seat]
    best = max(
        (hand_power(hand, s) for s in hand.order if s != seat and hand.team[s] == mine),
        default=own,
    )
    return own + 0.5 * max(0.0, best - own)


def calls(power: float) -> float:
    """The chance that a seat with cards of ``power`` calls (or raises) the ladder."""
    return _floored(_logistic((power - CALL_MID) / SLOPE))


def raises(power: float) -> float:
    """The chance that a seat with cards of ``power``, answering a call it accepts, raises
    it instead (the reader's guess of what a call of its own meets)."""
    return _logistic((power - RAISE_MID) / SLOPE)


def accepts(power: float) -> float:
    """The chance that a seat with cards of ``power`` accepts a call (or raises it)."""
    return _floored(_logistic((power - ACCEPT_MID) / SLOPE))


def bet_reading(
    hand: Hand, seat: int, mid: float, read: float = READ, floor: float = FLOOR
) -> float:
    """The chance that ``seat`` bets (calls with ``mid`` = :data:`CALL_MID`, accepts with
    :data:`ACCEPT_MID`, raises with :data:`RAISE_MID`) in the world of ``hand``: a blend
    (``read``) of the curve of its side's power and whether its side wins the contest
    played out there, never below ``floor``."""
    wins = played_out(hand, hand.team[seat])
    return read_bet(side_power(hand, seat), wins, mid, read, floor)


def read_bet(
    power: float, wins: float, mid: float, read: float = READ, floor: float = FLOOR
) -> float:
    """:func:`bet_reading` from a side's ``power`` and its played-out result ``wins``."""
    curve = _logistic((power - mid) / SLOPE)
    return floor + (1.0 - floor) * ((1.0 - read) * curve + read * wins)


def raise_floor(floor: float, trick_no: int) -> float:
    """The floor of the likelihood of a raise at trick ``trick_no`` (from 0) for a table
    whose calls have the floor ``floor``: a share of it, never below a minimum; the share
    falls from :data:`RAISE_SHARE` at the first trick to :data:`RAISE_SHARE_LAST` at the
    third, the minimum from :data:`RAISE_FLOOR` to :data:`RAISE_FLOOR_LAST` (a raise says
    more the more of the table the raiser has seen)."""
    seen = min(1.0, trick_no / 2)
    low = RAISE_FLOOR * (1.0 - seen) + RAISE_FLOOR_LAST * seen
    share = RAISE_SHARE * (1.0 - seen) + RAISE_SHARE_LAST * seen
    return max(low, share * floor)


def later_read(read: float, trick_no: int) -> float:
    """``read`` (:data:`READ`, :data:`READ_ANSWER`) at trick ``trick_no`` (from 0): it
    grows in proportion to :data:`READ_LAST` at the third trick."""
    if read >= READ_LAST:
        return read
    return read + (READ_LAST - read) * min(1.0, trick_no / 2)


def table_likelihood(m: Match, seat: int, action: Action) -> float:
    """How likely ``seat`` is to choose ``action`` in world ``m`` with the cards it holds
    there (a weight in (0, 1]; see the module), the others betting honestly."""
    return _HONEST(m, seat, action)


@attrs.frozen
class TableModel:
    """:func:`table_likelihood` for a table whose other side bluffs: ``bluff`` is the
    share of its ladder calls made with cards that do not warrant one (the floor of a
    call's likelihood, at least :data:`FLOOR`), ``side_bluff`` the same for side bets (at
    least :data:`SIDE_FLOOR`), ``envido_bluff`` for each envido bet how likely it is with
    a weak score against a strong one, read from the scores such bets showed (the floor of
    the bet's likelihood; :data:`ENVIDO_FLOOR` for a bet it does not name); see
    :mod:`.tally`."""

    bluff: float = 0.0
    side_bluff: float = 0.0
    envido_bluff: Mapping[str, float] = attrs.field(factory=dict)

    def __call__(self, m: Match, seat: int, action: Action) -> float:
        """How likely ``seat`` is to choose ``action`` in world ``m``."""
        side = self.side_bluff
        return _likelihood(m, seat, action, max(FLOOR, self.bluff), side, self.envido_bluff)


def _likelihood(
    m: Match,
    seat: int,
    action: Action,
    floor: float,
    side_bluff: float,
    envido_bluff: Mapping[str, float],
) -> float:
    hand = m.hand
    if hand is None:
        return 1.0
    legal = m.legal_actions()
    if len(legal) < 2:
        return 1.0
    verb = action.verb
    if verb in m.variant.ladder.names:
        read = later_read(READ, hand.trick_no)
        if hand.phase == PH_TRUCO or hand.level:  # a raise: of a call, or of a stake met
            return bet_reading(hand, seat, RAISE_MID, read, raise_floor(floor, hand.trick_no))
        return bet_reading(hand, seat, CALL_MID, read, floor)
    if hand.phase == PH_TRUCO and verb in (QUIERO, NO_QUIERO):
        yes = bet_reading(hand, seat, ACCEPT_MID, later_read(READ_ANSWER, hand.trick_no))
        return yes if verb == QUIERO else max(FLOOR, 1.0 - yes)
    if verb in ENVIDO_MID or (hand.phase == PH_ENVIDO and verb in (QUIERO, NO_QUIERO)):
        if verb in ENVIDO_MID:
            # the floor read from the scores shown for this kind of bet (the frequency of
            # side bets, side_bluff, would lift a falta envido's floor with the envidos')
            bluff = envido_bluff.get(verb, ENVIDO_FLOOR)
        else:
            bluff = max(ENVIDO_FLOOR, side_bluff)
        return _envido_likelihood(m, hand, seat, verb, bluff)
    if verb == PLAY:
        if action.down or action.under is not None:
            return 1.0
        return 1.0 if greedy_card(hand, seat, legal) == action else OFF_RULE
    return max(SIDE_FLOOR, side_bluff, rollout_probability(m, legal, action))


def _envido_likelihood(m: Match, hand: Hand, seat: int, verb: str, floor: float) -> float:
    """How likely an envido bet or answer is with the seat's envido score in the world."""
    env = m.variant.envido
    if env is None or len(hand.dealt[seat]) != 3:
        return 1.0
    points = env.points_in(hand.dealt[seat], hand.context(seat))
    if verb in ENVIDO_MID:
        mid = ENVIDO_MID[verb] + (1.0 if hand.phase == PH_ENVIDO else 0.0)
        return floor + (1.0 - floor) * _logistic((points - mid) / ENVIDO_SLOPE)
    yes = floor + (1.0 - floor) * _logistic((points - ENVIDO_ACCEPT) / ENVIDO_SLOPE)
    return yes if verb == QUIERO else max(floor, 1.0 - yes)


_HONEST = TableModel()
