"""Reusable invariant checks: each raises ``AssertionError`` with a message naming the broken
invariant (numbered as in docs/invariants.md) and returns ``None`` when it holds.

They work on any variant and take whole states, so they can be called from a ``@given`` test,
a :class:`~truco_rules.testing.TrucoMachine` invariant, or a script that replays records.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from ..actions import PLAY
from ..cards import Card
from ..errors import TrucoError, UnknownAction
from ..match import CHANCE, TERMINAL, Match
from ..variant import Variant
from .strategies import vocabulary

__all__ = [
    "Swap",
    "cards_seen",
    "check_cards",
    "check_live",
    "check_observation_hides",
    "check_rejections",
    "check_replay",
    "check_step",
    "check_terminal",
    "deal_orders",
    "hand_action_bound",
    "hidden_swaps",
    "replay_with_deals",
]


# ------------------------------------------------------------------------------ I2: the bound
def hand_action_bound(variant: Variant, seats: int) -> int:
    """An upper bound on the actions of one contest (``HandSummary.actions``), I2.

    With ``k = seats`` players, ``L`` ladder calls and ``C`` the longest envido chain:

    * ``3k`` cards played and at most ``k`` players going to the deck;
    * the ladder: every call raises the bet one rung, every ``quiero`` accepts one call, and a
      ``no-quiero`` ends the hand: at most ``2L + 1``;
    * envido (one exchange per hand): ``C`` bets, one answer, and in declared mode one
      statement or *son buenas* per player: ``C + 1 + k``;
    * flor: a manual ``flor`` per player and at most three answers (contraflor, contraflor al
      resto, quiero / no-quiero): ``k + 3``;
    * any verb of the variant the kernel does not know today: once per player, ``k`` each
      (a generous allowance for variants still to come).
    """
    from .. import actions as A

    k = seats
    n_calls = len(variant.ladder.names)
    bound = 3 * k + k + 2 * n_calls + 1
    if variant.envido is not None:
        longest = max((len(c) for c in variant.envido.chains()), default=0)
        bound += longest + 1 + k
    if variant.flor is not None:
        bound += k + 3
    known = {A.PLAY, A.DEAL, A.DECLARE, *A.BASE_VERBS, *variant.ladder.names}
    bound += k * len(set(variant.vocabulary) - known)
    return bound


# ------------------------------------------------------------------------------ I1: cards
def check_cards(m: Match) -> None:
    """I1: the cards of the current deal are distinct cards of the deck, none lost or gained:
    every seat's cards in hand plus those it played are exactly the cards it was dealt."""
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
def check_step(before: Match, after: Match) -> None:
    """I2 and I3 across one applied action: new contests stayed within the action bound and
    their points are exactly their awards; within a chico scores never decrease and change
    only by the points of the contests that ended; a chico is won only at the target."""
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
    if list(chicos_a) != list(chicos_b):
        return
    most = sum(max(h.points) for h in new)
    for p, (b, a) in enumerate(zip(players_before, players_after, strict=True)):
        assert b <= a <= b + most, f"I3: player {p}'s score went {b} -> {a} (awards {most})"


# ------------------------------------------------------------------------------ I4, I5
def check_terminal(m: Match) -> None:
    """I4: a finished match has exactly one winner, who holds the chicos to win, and nobody
    may act any more (every action is rejected)."""
    assert m.is_over(), "I4: the match is not over"
    w = m.winner()
    need = m.variant.match.chicos_to_win
    assert w in (0, 1), f"I4: winner {w!r}"
    assert m.chicos[w] == need and m.chicos[1 - w] < need, f"I4: chicos {m.chicos}"
    assert m.current_player() == TERMINAL
    assert all(not m.legal_actions(s) for s in range(m.seats)) and not m.legal_actions()
    key = m.key()
    for act in vocabulary(m.variant)[:: max(1, len(vocabulary(m.variant)) // 20)]:
        try:
            m.apply(act)
        except TrucoError:
            pass
        else:  # pragma: no cover - a kernel bug
            raise AssertionError(f"I4: {act} was accepted after the end")
    assert m.key() == key, "I4: a rejected action changed a finished match"


def check_live(m: Match) -> None:
    """I5: a state that is not over has legal actions; they are distinct, come in a fixed
    order, and each applies (to a copy) without error; the state does not change."""
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
    assert m.copy() == m, "I8: a copy differs"
    text = m.to_json()
    again = Match.from_json(text)
    assert again == m, f"I8: the JSON record replays to a different state\n{text}"
    assert again.to_json() == text, "I8: the replayed JSON is written differently"
    assert Match.from_text(m.to_text()) == m, f"I8: the text record replays differently\n{text}"


# ------------------------------------------------------------------------------ I7: hiding
@attrs.frozen
class Swap:
    """Exchange the cards at positions ``i`` and ``j`` of deal number ``deal``."""

    deal: int
    i: int
    j: int


def deal_orders(m: Match) -> list[tuple[Card, ...]]:
    """The full card order of every deal of ``m`` so far (seeded or explicit deals).

    Seeded deals follow docs/architecture.md (Determinism): deal ``k`` is shuffled by the
    deck hook from ``random.Random("truco-rules/S/k")``. Chance-dealt matches are not
    supported (``ValueError``).
    """
    n = m.hand_no + 1
    if m.seed is not None:
        return [
            tuple(m.variant.deck.shuffled(random.Random(f"truco-rules/{m.seed}/{k}")))
            for k in range(n)
        ]
    if m.deals is not None and len(m.deals) >= n:
        return list(m.deals[:n])
    raise ValueError("deal_orders needs a seeded match or one with explicit deals")


def replay_with_deals(m: Match, orders: Sequence[Sequence[Card]]) -> Match:
    """Replay ``m``'s actions on a match with the same start dealt from ``orders``."""
    r = m.variant.new_match(
        m.seats,
        deals=[tuple(o) for o in orders],
        mano=m.start["mano"],
        scores=tuple(m.start["scores"]),
        chicos=tuple(m.start["chicos"]),
    )
    for seat, act in m.actions:
        r.apply(act, seat)
    return r


def cards_seen(obj: Any) -> set[Card]:
    """Every card that appears anywhere in an observation (or any nested value)."""
    found: set[Card] = set()

    def walk(v: Any) -> None:
        if isinstance(v, Card):
            found.add(v)
        elif isinstance(v, (tuple, list)):
            for x in v:
                walk(x)
        elif attrs.has(type(v)):
            for f in attrs.fields(type(v)):
                walk(getattr(v, f.name))

    walk(obj)
    return found


def _deal_facts(m: Match) -> Iterator[tuple[int, tuple[tuple[Card, ...], ...], set[Card]]]:
    """Replay ``m`` and yield, per deal: its number, the dealt hands, and the cards its
    actions name (played, discarded), which a swap must leave in place."""
    orders = deal_orders(m)
    sim = m.variant.new_match(
        m.seats,
        deals=orders,
        mano=m.start["mano"],
        scores=tuple(m.start["scores"]),
        chicos=tuple(m.start["chicos"]),
    )
    dealt: dict[int, tuple[tuple[Card, ...], ...]] = {}
    played: dict[int, set[Card]] = {}

    def note() -> None:
        if sim.hand is not None:
            dealt.setdefault(sim.hand_no, tuple(sim.hand.dealt))

    note()
    for seat, act in m.actions:
        k = sim.hand_no
        # every card an action names (played, discarded, under another) stays where it is
        named = {c for c in (act.card, getattr(act, "under", None)) if isinstance(c, Card)}
        played.setdefault(k, set()).update(named)
        if act.verb == PLAY and act.card is None and sim.hand is not None:
            # a blind play ("play #2") plays a card its player has not seen: keep his hand
            played[k].update(sim.hand.cards[seat] if 0 <= seat < len(sim.hand.cards) else ())
        sim.apply(act, seat)
        note()
    for k in sorted(dealt):
        yield k, dealt[k], played.get(k, set())


def _public_scores(v: Variant, hand: Sequence[Card]) -> tuple[object, ...]:
    """What a hand makes public when its owner states or shows it: the envido score and the
    cards that prove it (RULES §2.6.5, §2.11), and the flor score (§2.7)."""
    env = v.envido.points(hand) if v.envido is not None else None
    proof = getattr(v.envido, "proof", None)
    shown = tuple(proof(hand)) if proof is not None else ()
    flor = v.flor.points(hand) if v.flor is not None else None
    return env, shown, flor


def hidden_swaps(m: Match, seat: int) -> list[Swap]:
    """Every exchange of two cards ``seat`` cannot see that keeps the public facts of the
    deal: for each deal, two positions of its card order whose cards do not appear in
    ``m.observation(seat)``, were not played, are not the turned card, belong to at least one
    other seat's hand, and whose exchange keeps what every other seat's hand makes public:
    its envido score, the cards that would prove it, and its flor score.

    Such an exchange gives a deal that agrees with ``m``'s on everything ``seat`` may see.
    """
    v = m.variant
    seen = cards_seen(m.observation(seat))
    orders = deal_orders(m)
    size = 3 * m.seats
    out: list[Swap] = []
    for k, hands, played in _deal_facts(m):
        order = orders[k]
        owner = {c: s for s, h in enumerate(hands) for c in h}
        free = [
            p
            for p, c in enumerate(order)
            if c not in seen
            and c not in played
            and owner.get(c, -1) != seat
            and (p < size or not v.ranking.turns_up_card or p > size)
        ]
        base = {s: _public_scores(v, h) for s, h in enumerate(hands) if s != seat}
        for x, i in enumerate(free):
            for j in free[x + 1 :]:
                a, b = order[i], order[j]
                oa, ob = owner.get(a, -1), owner.get(b, -1)
                if oa == ob:
                    continue  # within one hand, or both undealt: nothing changes
                swapped = {a: b, b: a}
                ok = True
                for s in {oa, ob} - {-1}:
                    h = tuple(swapped.get(c, c) for c in hands[s])
                    if _public_scores(v, h) != base[s]:
                        ok = False
                        break
                if ok:
                    out.append(Swap(k, i, j))
    return out


def check_observation_hides(m: Match, seat: int, swaps: Sequence[Swap]) -> Match:
    """I7: ``seat``'s observation does not depend on cards it cannot see.

    Applies ``swaps`` (from :func:`hidden_swaps`; one that, together with the others, would
    change what another seat's hand makes public is skipped) to ``m``'s deals, replays the same
    actions, and asserts that ``seat`` gets an equal observation (object, ``to_dict()`` and
    ``render()``). Returns the other match, for further checks.
    """
    v = m.variant
    orders = [list(o) for o in deal_orders(m)]
    original = replay_with_deals(m, orders)
    assert original.observation(seat) == m.observation(seat), (
        "I7: the same deals given explicitly give another observation"
    )
    facts = {k: hands for k, hands, _p in _deal_facts(m)}
    for sw in swaps:
        order = orders[sw.deal]
        trial = list(order)
        trial[sw.i], trial[sw.j] = trial[sw.j], trial[sw.i]
        hands = facts[sw.deal]
        owner = {c: s for s, h in enumerate(hands) for c in h}
        mapping = dict(zip(order, trial, strict=True))
        if all(
            _public_scores(v, tuple(mapping[c] for c in hands[s])) == _public_scores(v, hands[s])
            for s in {owner.get(order[sw.i], -1), owner.get(order[sw.j], -1)} - {-1, seat}
        ):
            orders[sw.deal] = trial
            facts[sw.deal] = tuple(tuple(mapping[c] for c in h) for h in hands)
    try:
        other = replay_with_deals(m, orders)
    except TrucoError as exc:
        raise AssertionError(
            f"I7: the actions do not replay on a deal that differs only in cards seat {seat} "
            f"cannot see: {exc}\n{m.to_json()}"
        ) from None
    a, b = original.observation(seat), other.observation(seat)
    da, db = a.to_dict(), b.to_dict()
    diff = sorted(k for k in da if da[k] != db[k])
    assert not diff, (
        f"I7: seat {seat} can tell two deals apart by {diff}: hidden cards leak\n{m.to_json()}"
    )
    assert a == b and a.render() == b.render(), "I7: observations differ"
    return other
