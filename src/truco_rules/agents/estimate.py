"""Estimates read from sampled worlds: the chance of winning the contest's tricks, and of
winning its envido.

A *world* is a full contest consistent with one seat's observation (:mod:`.determinize`),
with a weight for how well its cards explain the other seats' choices. :func:`trick_chance`
plays each world's contest out with every seat following :func:`greedy_card` (the weakest
card that takes the trick unless a partner already holds it, else the weakest; every call
accepted, no new bets) and gives the weighted share of worlds the seat's side wins: a
quick double-dummy reading of how good the seat's cards are against the cards the others
probably hold. :func:`envido_chance` compares the sides' envido scores in the same worlds.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contest.hand import DECIDE, Hand
from ..contest.hand import PLAY as PH_PLAY
from ..contest.hand import TRUCO as PH_TRUCO
from ..core.actions import ACCEPT_HAND, MAZO, PLAY, QUIERO, Action
from ..rules.trick_rule import MANO, NOBODY
from ..rules.tricks import trick_result
from ..rules.variant import Variant
from .rollout import hand_policy

__all__ = [
    "World",
    "envido_chance",
    "greedy_card",
    "outcomes",
    "played_out",
    "points_after",
    "share",
    "trick_chance",
]

World = tuple[Hand, float]
"""A sampled contest and its weight."""

_STEPS = 64  # a safety bound on the actions of one played-out contest


def greedy_card(hand: Hand, seat: int, legal: Sequence[Action]) -> Action:
    """The card rule of the played-out contests: the weakest card that beats the other
    side's best card on the table, unless a partner's card already beats it (then the
    weakest); else the weakest. Two at once: the higher face up. Face-down plays only when
    nothing else is left. Of equally strong cards, the first in ``legal``."""
    strength = hand.strength
    team = hand.team
    mine = team[seat]
    rival = -1
    ours = -1
    for s, c, d in hand.trick_plays:
        value = 0 if d else strength[c.index]
        if team[s] == mine:
            if value > ours:
                ours = value
        elif value > rival:
            rival = value
    low: Action | None = None  # the weakest single card face up
    beat: Action | None = None  # the weakest that beats the other side's best
    low_value = beat_value = 0
    for a in legal:
        card = a.card
        if a.verb != PLAY or card is None or a.down or a.under is not None:
            continue
        value = strength[card.index]
        if low is None or value < low_value:
            low, low_value = a, value
        if value > rival and (beat is None or value < beat_value):
            beat, beat_value = a, value
    if low is None:
        plays = [a for a in legal if a.verb == PLAY and a.card is not None and not a.down]
        if plays:  # only two at once: the higher face up
            return max(plays, key=lambda a: _str(strength, a.card) - _str(strength, a.under))
        down = [a for a in legal if a.verb == PLAY]
        return down[0] if down else legal[0]
    if ours > rival or beat is None:
        return low
    return beat


def _str(strength: Sequence[int], card: object) -> int:
    index = getattr(card, "index", None)
    return 0 if index is None else strength[index]


def _settle_action(hand: Hand, seat: int, legal: list[Action]) -> Action:
    """What a seat does in a played-out contest: accept a pending call or a special hand,
    else play by :func:`greedy_card`, else bet on the side as the rule of thumb of
    :mod:`.rollout` most likely does (never going to the deck nor calling the ladder)."""
    if hand.phase in (PH_TRUCO, DECIDE):
        for a in legal:
            if a.verb in (QUIERO, ACCEPT_HAND):
                return a
    for a in legal:
        if a.verb == PLAY:
            return greedy_card(hand, seat, legal)
    calm = [a for a in legal if a.verb != MAZO and a.verb not in hand.variant.ladder.names]
    if not calm:
        return legal[0]
    # side bets (envido, flor, declarations): the rule of thumb's likeliest choice
    policy = hand_policy(hand.variant, hand, calm)
    return max(policy, key=lambda x: x[1])[0]


def _step(h: Hand) -> bool:
    """One action of contest ``h`` by :func:`_settle_action`; ``False`` when the seat to
    act has none. Where a card is to be played, only the card plays are asked for: the rule
    plays a card whenever it may, and reads nothing else of the legal list then."""
    seat = h.turn
    if h.phase == PH_PLAY:
        plays = h.card_plays()
        if plays:
            h.apply(greedy_card(h, seat, plays), seat)
            return True
    legal = h.legal_actions(seat)
    if not legal:
        return False
    h.apply(_settle_action(h, seat, legal), seat)
    return True


def _play_on(h: Hand, steps: int = _STEPS) -> None:
    """Play contest ``h`` on to its end by :func:`_step` (at most ``steps`` actions)."""
    for _ in range(steps):
        if h.over or not _step(h):
            break


def _winner(hand: Hand) -> int | None:
    """The side that wins contest ``hand`` (a copy is played, if any) played out by
    :func:`_settle_action`, or ``None``; once only cards are left to play
    (:meth:`~truco_rules.contest.hand.Hand.tricks_alone`), worked out on the cards alone."""
    if hand.tricks_alone():
        done, won = _by_cards(hand, _STEPS)
        if done:
            return won
    h = hand.copy()
    for i in range(_STEPS):
        if h.over:
            break
        if i and h.phase == PH_PLAY and h.tricks_alone():
            done, won = _by_cards(h, _STEPS - i)
            if done:
                return won
        if not _step(h):
            break
    return h.hand_winner


def _by_cards(hand: Hand, steps: int) -> tuple[bool, int | None]:
    """The contest ``hand`` (not changed) played out by :func:`greedy_card` alone where only
    cards are left to play (:meth:`~truco_rules.contest.hand.Hand.tricks_alone`): whether
    it ended within ``steps`` cards with every seat holding a card on its turn, and the
    side that won it (``None``: nobody), as the contest itself would play it."""
    tricks = hand.trick_play
    order = hand.order
    folded = tricks.folded
    cards = [list(c) for c in hand.cards]
    if sum(len(cards[s]) for s in order if not folded[s]) > steps:
        return False, None
    strength = hand.strength
    team = hand.team
    mano_team = hand.mano_team
    decide = hand.tr.decide
    tie = hand.tie_leader
    pos = hand.pos
    n = len(order)
    trick = list(tricks.trick_plays)
    to_play = list(tricks.to_play)
    results = list(tricks.results)
    while to_play:
        s = to_play[0]
        held = cards[s]
        if not held:
            return False, None
        mine = team[s]
        rival = -1
        ours = -1
        for x, c, d in trick:
            value = 0 if d else strength[c.index]
            if team[x] == mine:
                if value > ours:
                    ours = value
            elif value > rival:
                rival = value
        low = beat = held[0]
        low_value = strength[low.index]
        beat_value = -1
        for c in held:  # as greedy_card reads the plays: in the order of the cards held
            value = strength[c.index]
            if value < low_value:
                low, low_value = c, value
            if value > rival and (beat_value < 0 or value < beat_value):
                beat, beat_value = c, value
        card = low if ours > rival or beat_value < 0 else beat
        held.remove(card)
        trick.append((s, card, False))
        to_play.pop(0)
        if to_play:
            continue
        result, leader = trick_result(
            [(x, 0 if d else strength[c.index]) for x, c, d in trick], team, mano_team, tie
        )
        results.append(result)
        outcome = decide(results)
        if outcome is not None:
            if outcome == NOBODY:
                return True, None
            return True, mano_team if outcome == MANO else 1 - mano_team
        trick = []
        start = pos[leader]
        to_play = [order[(start + i) % n] for i in range(n) if not folded[order[(start + i) % n]]]
    return False, None


def played_out(hand: Hand, side: int) -> float:
    """1 if ``side`` wins the contest ``hand`` (a copy is played, not ``hand``) when it is
    played out by :func:`_settle_action`, 0.5 if nobody wins it, else 0."""
    winner = _winner(hand)
    if winner is None:
        return 0.5
    return 1.0 if winner == side else 0.0


def outcomes(worlds: Sequence[World], side: int, first: Action | None = None) -> list[float]:
    """:func:`played_out` in each of ``worlds`` when the seat to act plays ``first`` (if
    given) first."""
    out = []
    for hand, _weight in worlds:
        h = hand
        if first is not None:
            h = hand.copy()
            h.apply(first, h.turn)
        out.append(played_out(h, side))
    return out


def trick_chance(worlds: Sequence[World], side: int, first: Action | None = None) -> float:
    """The weighted share of ``worlds`` that ``side`` wins when the seat to act plays
    ``first`` (if given) and every seat then follows the rule of :func:`played_out`."""
    return share(worlds, outcomes(worlds, side, first))


def share(worlds: Sequence[World], values: Sequence[float]) -> float:
    """The weighted mean of ``values`` (one a world, e.g. :func:`outcomes`) over
    ``worlds``; 0.5 when the worlds weigh nothing."""
    total = sum(w for _h, w in worlds)
    if total <= 0:
        return 0.5
    return sum(w * x for (_h, w), x in zip(worlds, values, strict=True)) / total


def envido_chance(variant: Variant, worlds: Sequence[World], seat: int) -> float:
    """The weighted share of ``worlds`` in which ``seat``'s side holds the best envido
    score (the mano's side wins ties, as the envido rules usually settle them); 0.5 where
    the variant has no envido."""
    env = variant.envido
    if env is None:
        return 0.5
    total = 0.0
    won = 0.0
    for hand, weight in worlds:
        best = [-1, -1]
        for s, cards in enumerate(hand.dealt):
            if len(cards) != 3 or hand.pos[s] < 0:
                continue
            pts = env.points_in(cards, hand.context(s))
            t = hand.team[s]
            best[t] = max(best[t], pts)
        mine = hand.team[seat]
        if best[mine] > best[1 - mine] or (
            best[mine] == best[1 - mine] and hand.mano_team == mine
        ):
            won += weight
        total += weight
    return won / total if total > 0 else 0.5


def points_after(hand: Hand, action: Action, side: int) -> tuple[int, int]:
    """The points ``side`` and the other side take from contest ``hand`` (a copy is played)
    when the seat to act chooses ``action`` and the contest is then played out as in
    :func:`played_out`."""
    h = hand.copy()
    h.apply(action, h.turn)
    _play_on(h)
    return h.team_total(side), h.team_total(1 - side)
