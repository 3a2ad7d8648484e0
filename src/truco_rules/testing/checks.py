"""Reusable invariant checks: each raises ``AssertionError`` with a message naming the broken
invariant (numbered as in docs/invariants.md) and returns ``None`` when it holds.

They work on any variant and take whole states, so they can be called from a ``@given`` test,
a :class:`~truco_rules.testing.TrucoMachine` invariant, or a script that replays records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core import actions as A
from ..core.arguments import integer
from ..core.cards import Card
from ..core.errors import InvalidType, TrucoError, UnknownAction, UnknownVariant
from ..match import CHANCE, TERMINAL, Match, checked_match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from .strategies import vocabulary

__all__ = [
    "check_cards",
    "check_live",
    "check_rejections",
    "check_replay",
    "check_step",
    "check_terminal",
    "hand_action_bound",
]


# ------------------------------------------------------------------------------ I2: the bound
def hand_action_bound(variant: Variant | str, seats: int) -> int:
    """An upper bound on the actions of one contest (``HandSummary.actions``), I2, for a
    seat count the variant's table has (:class:`~truco_rules.core.errors.UnsupportedSeats`
    otherwise).

    With ``k = seats`` players, ``L`` ladder calls and ``C`` the longest envido chain:

    * ``3k`` cards played and at most ``k`` players going to the deck;
    * the ladder: every call raises the bet one rung, every ``quiero`` accepts one call, and a
      ``no-quiero`` ends the hand: at most ``2L + 1``;
    * envido (one exchange per hand): ``C`` bets, one answer, and in declared mode one
      statement or *son buenas* per player: ``C + 1 + k``;
    * flor: a manual ``flor`` per player and at most three answers (contraflor, contraflor al
      resto, quiero / no-quiero): ``k + 3``;
    * any verb of the variant the kernel does not know today: once per player, ``k`` each
      (a generous allowance for variants still to come);
    * each side bet of the variant's own (:attr:`Variant.side_bets`): a call of each of its
      verbs and an answer, once per player: ``2k`` per verb.
    """
    variant = get_variant(variant)
    k = integer(seats, "seats")
    variant.table.check_seats(k, variant.name)
    n_calls = len(variant.ladder.names)
    bound = 3 * k + k + 2 * n_calls + 1
    if variant.envido is not None:
        longest = max((len(c) for c in variant.envido.chains()), default=0)
        bound += longest + 1 + k
    if variant.flor is not None:
        bound += k + 3
    known = {A.PLAY, A.DEAL, A.DECLARE, *A.BASE_VERBS, *variant.ladder.names}
    bound += k * len(set(variant.vocabulary) - known)
    bound += sum(2 * k * max(1, len(bet.verbs)) for bet in variant.side_bets)
    return bound


# ------------------------------------------------------------------------------ I1: cards
def check_cards(m: Match) -> None:
    """I1: the cards of the current deal are distinct cards of the deck, none lost or gained:
    every seat's cards in hand plus those it played are exactly the cards it was dealt."""
    checked_match("m", m)
    deck = set(m.variant.deck.cards)
    assert len(deck) == len(m.variant.deck.cards), "I1: the deck repeats a card"
    for h in m.history:
        dealt = [c for d in h.dealt for c in d]
        assert len(set(dealt)) == len(dealt), f"I1: hand {h.hand_no} dealt a card twice"
        assert set(dealt) <= deck, f"I1: hand {h.hand_no} dealt a card not in the deck"
    hand = m.hand
    if hand is None:
        return
    dealt = [c for d in hand.dealt for c in d]
    assert len(dealt) == 3 * m.seats, "I1: every seat is dealt three cards"
    assert len(set(dealt)) == len(dealt), "I1: a card was dealt twice"
    assert set(dealt) <= deck, "I1: a card not in the deck was dealt"
    if m.turned is not None:
        assert m.turned in deck and m.turned not in dealt, "I1: the turned card is also dealt"
    for s in hand.order:
        played = [c for _t, p, c, _d in hand.plays if p == s]
        assert sorted(hand.cards[s] + played, key=_index) == sorted(hand.dealt[s], key=_index), (
            f"I1: seat {s} lost or gained a card"
        )


def _index(c: Card) -> int:
    return c.index


# ------------------------------------------------------------------------------ I2, I3: a step
_STEP_FIELDS = ("history", "score", "chicos", "variant", "seats")
_FIELD_WORDS = ", ".join(_STEP_FIELDS[:-1]) + " and " + _STEP_FIELDS[-1]


def check_step(before: Match, after: Match) -> None:
    """I2 and I3 across one applied action: new contests stayed within the action bound and
    their points are exactly their awards; within a chico scores never decrease and change
    only by the points of the contests that ended; a chico is won only at the target.

    ``before`` and ``after`` are matches, or stand-ins with the fields it reads (a test of
    the check itself builds such); anything else is an InvalidType naming the argument."""
    given: tuple[tuple[str, object], ...] = (("before", before), ("after", after))
    for name, value in given:
        if not isinstance(value, Match) and not all(hasattr(value, f) for f in _STEP_FIELDS):
            raise InvalidType(name, "a Match (or an object with its " + _FIELD_WORDS + ")", value)
    new = after.history[len(before.history) :]
    bound = hand_action_bound(after.variant, after.seats)
    total = list(before.score)
    for h in new:
        assert h.actions <= bound, f"I2: a contest took {h.actions} actions (bound {bound})"
        assert all(p > 0 for _t, p, _w in h.events), f"I2: an award of no points: {h.events}"
        awarded = tuple(sum(p for t, p, _w in h.events if t == side) for side in (0, 1))
        assert h.points == awarded, f"I3: points {h.points} are not the awards {h.events}"
        total = [total[0] + h.points[0], total[1] + h.points[1]]
    players_before = getattr(before, "player_scores", None)
    players_after = getattr(after, "player_scores", None)
    if players_before is not None and players_after is not None:
        _check_individual_step(before, after, players_before, players_after, new)
        return
    gained = [after.chicos[i] - before.chicos[i] for i in (0, 1)]
    assert min(gained) >= 0, "I3: a chico was taken away"
    if gained == [0, 0]:
        assert list(after.score) == total, (
            f"I3: score went {before.score} -> {after.score}, the awards give {tuple(total)}"
        )
        return
    assert sum(gained) == 1 or len(new) > 1, f"I3: chicos went {before.chicos} -> {after.chicos}"
    side = 0 if gained[0] else 1
    target = after.variant.match.target
    assert total[side] >= target, f"I3: side {side} won a chico with {total[side]} < {target}"
    if len(new) == 1:
        expected = total if after.is_over() else [0, 0]
        assert list(after.score) == expected, f"I3: score after a chico is {after.score}"


def _check_individual_step(
    before: Match,
    after: Match,
    players_before: Sequence[int],
    players_after: Sequence[int],
    new: Sequence[Any],
) -> None:
    """I3 with individual scores (every player keeps his own; a side's points go to each of
    its players): within a chico no player's score decreases, and none rises by more than the
    largest award of the contests that ended."""
    chicos_b = getattr(before, "player_chicos", None) or before.chicos
    chicos_a = getattr(after, "player_chicos", None) or after.chicos
    assert all(a >= b for a, b in zip(chicos_a, chicos_b, strict=True)), "I3: chico taken away"
    most = sum(max(h.points) for h in new)
    if list(chicos_a) != list(chicos_b):  # a chico is won only at the target
        target = after.variant.match.target
        if len(chicos_a) == len(players_before):
            for p, (b, a) in enumerate(zip(chicos_b, chicos_a, strict=True)):
                reached = players_before[p] + most
                assert a == b or reached >= target, (
                    f"I3: player {p} won a chico with at most {reached} < {target}"
                )
        return
    for p, (b, a) in enumerate(zip(players_before, players_after, strict=True)):
        assert b <= a <= b + most, f"I3: player {p}'s score went {b} -> {a} (awards {most})"


# ------------------------------------------------------------------------------ I4, I5
def check_terminal(m: Match) -> None:
    """I4: a finished match has exactly one winner, who holds the chicos to win, and nobody
    may act any more (every action is rejected)."""
    checked_match("m", m)
    assert m.is_over(), "I4: the match is not over"
    w = m.winner()
    need = m.variant.match.chicos_to_win
    assert w in (0, 1), f"I4: winner {w!r}"
    assert m.chicos[w] == need and m.chicos[1 - w] < need, f"I4: chicos {m.chicos}"
    assert m.current_player() == TERMINAL
    assert all(not m.legal_actions(s) for s in range(m.seats)) and not m.legal_actions()
    key = m.key()
    for act in vocabulary(m.variant):
        for seat in (None, *range(m.seats)):  # the seat implicit, and every seat named
            try:
                m.apply(act, seat)
            except TrucoError:
                pass
            else:  # pragma: no cover - a kernel bug
                raise AssertionError(f"I4: {act} by seat {seat} was accepted after the end")
    assert m.key() == key, "I4: a rejected action changed a finished match"


def check_live(m: Match) -> None:
    """I5: a state that is not over has legal actions; they are distinct, come in a fixed
    order, and each applies (to a copy) without error; the state does not change."""
    checked_match("m", m)
    if m.is_over():
        return
    key = m.key()
    legal = m.legal_actions()
    assert legal, f"I5: no legal action in a live state\n{m.to_json()}"
    assert len(set(legal)) == len(legal), "I5: a legal action is listed twice"
    assert m.copy().legal_actions() == legal, "I5: legal actions depend on more than the state"
    seats = [CHANCE] if m.is_chance_node() else range(m.seats)
    for s in seats:
        for act in m.legal_actions(s):
            c = m.copy()
            c.apply(act, s)
            assert len(c.actions) == len(m.actions) + 1, "I5: an action was not recorded"
    assert m.key() == key, "I5: applying to a copy changed the original"


# ------------------------------------------------------------------------------ I6
def check_rejections(m: Match, seats: Iterable[int | None] | None = None) -> None:
    """I6: every action of the vocabulary that is not legal for a seat raises a
    :class:`~truco_rules.TrucoError` and leaves the state unchanged; verbs the variant lacks
    raise :class:`~truco_rules.UnknownAction`; every vocabulary action's text parses back.
    The vocabulary is :func:`~truco_rules.testing.vocabulary` with the two-card plays of
    every pair of cards dealt in the current deal.

    ``seats`` defaults to the seat to act (``None``) and every seat.
    """
    checked_match("m", m)
    given: object = seats
    if given is not None and (isinstance(given, str) or not isinstance(given, Iterable)):
        raise InvalidType("seats", "None or a collection of seats (None: the seat to act)", given)
    v = m.variant
    in_deal = [c for d in m.hand.dealt for c in d] if m.hand is not None else []
    pairs = [(a, b) for a in in_deal for b in in_deal if a != b]
    vocab = vocabulary(v, include_unknown=True, pairs=pairs)
    known = set(v.vocabulary)
    for act in vocab:
        if act.verb in known:
            assert v.parse_action(v.format_action(act)) == act, f"I6: {act} does not round-trip"
    key = m.key()
    for seat in [None, *range(m.seats)] if seats is None else seats:
        legal = set(m.legal_actions(seat))
        for act in vocab:
            if act in legal:
                continue
            try:
                m.apply(act, seat)
            except UnknownAction:
                assert act.verb not in known, f"I6: {act} is in the vocabulary"
            except TrucoError:
                assert act.verb in known, f"I6: {act} raised, but not UnknownAction"
            else:
                raise AssertionError(
                    f"I6: {act} (seat {seat}) was accepted but is not legal\n{m.to_json()}"
                )
            if m.key() != key:
                raise AssertionError(f"I6: rejecting {act} (seat {seat}) changed the state")


# ------------------------------------------------------------------------------ I8
def check_replay(m: Match) -> None:
    """I8: a copy is equal; the JSON record replays to an equal match and is written back
    byte for byte; the text record replays to an equal match."""
    checked_match("m", m)
    assert m.copy() == m, "I8: a copy differs"
    rules = None if _registered(m.variant) else m.variant  # kept in code: replayed by it
    text = m.to_json()
    again = Match.from_json(text, rules)
    assert again == m, f"I8: the JSON record replays to a different state\n{text}"
    assert again.to_json() == text, "I8: the replayed JSON is written differently"
    assert Match.from_text(m.to_text(), rules) == m, (
        f"I8: the text record replays differently\n{text}"
    )


def _registered(variant: Variant) -> bool:
    """Whether the registry gives a variant under ``variant``'s name (its record replays by
    the name, as any reader's does)."""
    try:
        get_variant(variant.name)
    except UnknownVariant:
        return False
    return True
