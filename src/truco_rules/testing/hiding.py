"""I7, hidden information (docs/invariants.md): what a seat can learn depends only on what it
may see, through every channel: its observation and the errors it gets for what it tries.

The check builds a second deal that agrees with the first on everything the seat may see (a
*hidden swap* exchanges two cards the seat cannot see, keeping what other hands make public),
replays the same actions on it (an action that names a swapped card, a face-down card or the
card under a two-card play, names its counterpart) and asserts that the seat's observation,
and the outcome of every action the seat could try, are the same in both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from ..core.actions import PLAY, Action
from ..core.cards import Card
from ..core.context import HandContext
from ..core.errors import TrucoError
from ..match import CHANCE, Match, checked_match
from ..rules.variant import Variant
from .redeal import CardMap, DealInProgress, Swap, checked_swaps, deal_orders, replay_with_deals
from .strategies import vocabulary

__all__ = [
    "DealInProgress",
    "Swap",
    "cards_seen",
    "check_errors_hide",
    "check_observation_hides",
    "deal_orders",
    "hidden_swaps",
    "replay_with_deals",
]


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


def _seen_by(m: Match, seat: int) -> set[Card]:
    """The cards the rules let ``seat`` see in ``m`` now, read from the match's state and
    never from the observation under test (which would hide its own leaks): the seat's own
    cards and discards, its partners' where it may look at them (a hand of 11/10), and the
    cards a contest decided early showed. Cards played face up are added as they fall, and a
    finished contest's shown cards as it ends (:func:`_deal_facts`)."""
    seen = {c for s, c in m.discarded if s == seat}
    hand = m.hand
    if hand is None:
        if m.current_player() == seat:  # dealt one card more: its discards name its cards
            seen.update(a.card for a in m.legal_actions(seat) if a.card is not None)
        return seen
    seen.update(c for c in hand.dealt[seat] if c is not None)
    seen.update(c for p in hand.partners_seen(seat) for c in hand.dealt[p])
    seen.update(c for _s, c in hand.trick_play.revealed)
    return seen


Facts = tuple[int, tuple[tuple[Card, ...], ...], set[Card], dict[int, HandContext]]


def _deal_facts(m: Match, seat: int | None = None) -> Iterator[Facts]:
    """Replay ``m`` and yield, per deal: its number, the dealt hands, the cards a swap must
    leave in place (those of a blind player's hand, whose ``play #k`` names a position, and,
    given ``seat``, every card that seat has seen at any moment of the replay: a card played
    face up and later gathered was seen all the same), and each seat's hand context as the
    kernel values its cards (the turned card, the scores before its contest)."""
    orders = deal_orders(m)
    sim = m.variant.new_match(
        m.seats,
        deals=orders,
        mano=m.start["mano"],
        scores=tuple(m.start["scores"]),
        chicos=tuple(m.start["chicos"]),
    )
    dealt: dict[int, tuple[tuple[Card, ...], ...]] = {}
    fixed: dict[int, set[Card]] = {}
    contexts: dict[int, dict[int, HandContext]] = {}

    ended = [0]  # contests finished so far

    def note() -> None:
        if sim.hand is not None:
            dealt.setdefault(sim.hand_no, tuple(sim.hand.dealt))
            known = contexts.setdefault(sim.hand_no, {})
            for s in sim.hand.order:
                known.setdefault(s, sim.hand.context(s))
        history = sim.history
        if seat is not None:
            fixed.setdefault(sim.hand_no, set()).update(_seen_by(sim, seat))
            for h in history[ended[0] :]:  # what the contests that just ended showed
                fixed.setdefault(h.hand_no, set()).update(cards_seen(h.shown))
        ended[0] = len(history)

    note()
    for s, act in m.actions:
        if s == CHANCE:
            continue  # a deal dealt by chance actions is one of the explicit ``orders`` here
        k = sim.hand_no
        if act.verb == PLAY and act.card is None and sim.hand is not None:
            # a blind play ("play #2") plays a card its player has not seen: keep his hand
            held = sim.hand.cards[s] if 0 <= s < len(sim.hand.cards) else ()
            fixed.setdefault(k, set()).update(held)
        if seat is not None and act.verb == PLAY and not act.down and s != seat:
            # seen as it falls, even if a later view gathers it
            fixed.setdefault(k, set()).update(c for c in (act.card,) if c is not None)
        sim.apply(act, s)
        note()
    for k in sorted(dealt):
        yield k, dealt[k], fixed.get(k, set()), contexts.get(k, {})


def _public_scores(
    v: Variant, hand: Sequence[Card], public: bool = True, ctx: HandContext | None = None
) -> tuple[object, ...]:
    """What a hand makes public when its owner states or shows it: the envido score and the
    cards that prove it (RULES §2.6.5, §2.11), and the flor score (§2.7), in the deal ``ctx``
    (its turned card); nothing while ``public`` is false (a flor its holder may still hide,
    before any envido was stated)."""
    if not public:
        return ()
    ctx = ctx or HandContext()
    env = v.envido_points(hand, ctx)  # None for a flor, whose envido is void (RULES §2.6.1)
    shown = tuple(v.envido.proof_in(hand, ctx)) if v.envido is not None else ()
    return env, shown, v.flor_points(hand, ctx)


def _unsung_flores(m: Match, deal: int) -> set[int]:
    """Seats of the contest in play whose flor, if any, is still their secret (and so their
    envido, while none was stated): with manual declaration (RULES §2.7.2) a flor is public
    once sung, or at the end of the hand (sung, or penalised as hidden), never before;
    unless its holder may only sing it or go to the deck (``unsung_flor='sing_or_mazo'``),
    when any other action says he holds none, or his partners' calls show it
    (``partner_unsung_flor='no_calls'``), or who is asked to answer a call does
    (``first_answerer='seat_order'``), or once a flor was sung in the contest."""
    fl = m.variant.flor
    hand = m.hand
    if (
        fl is None
        or fl.sung_automatically()
        # a holder who may only sing or go to the deck shows by any other action he has none
        or fl.must_sing_or_leave()
        # a partner's flor still to sing takes a player's calls away: they show it
        or fl.partner_flor_silences()
        # its holder is asked first to answer a call (first_answerer='seat_order')
        or m.variant.ladder.asks_by_seat()
        or hand is None
        or hand.over
        or deal != m.hand_no
        or hand.env_public  # an envido was stated: a flor would have changed the statements
        # the hand waits for a flor after a side went to the deck (mazo_waits_for_flor): the
        # wait says the flor is there, and it is sung next
        or hand.held_end is not None
        # a flor was sung: every flor then in play was sung with it (RULES §2.7.4, §2.11), so
        # whether a seat holds one is no secret (a seat that had played a card may still
        # hide one until the end; it is treated as known, which only swaps fewer cards)
        or hand.flor_called
    ):
        return set()
    return {s for s in hand.order if s not in hand.flor_sung}


def hidden_swaps(m: Match, seat: int) -> list[Swap]:
    """Every exchange of two cards ``seat`` cannot see that keeps the public facts of the
    deal: for each deal, two positions of its card order whose cards the rules never let
    ``seat`` see up to now (its own, its partners' in a hand of 11/10, those played face up
    and those shown; read from the match's state, never from the observation the check
    tests, so that a leak in it is swapped and caught), are not the turned card, belong to
    at least one other seat's hand, and whose exchange keeps what every other seat's hand makes
    public: its envido score, the cards that would prove it, and its flor score. A card
    another seat played face down, or put under a two-card play, is hidden too: the actions
    that name it are renamed when the swap is replayed.

    Such an exchange gives a deal that agrees with ``m``'s on everything ``seat`` may see.
    """
    checked_match("m", m)
    v = m.variant
    orders = deal_orders(m)
    out: list[Swap] = []
    for k, hands, fixed, ctx in _deal_facts(m, seat):
        order = orders[k]
        owner = {c: s for s, h in enumerate(hands) for c in h}
        turned = {x.turned for x in ctx.values()}  # after any extra cards dealt
        free = [
            p
            for p, c in enumerate(order)
            if c not in fixed and owner.get(c, -1) != seat and c not in turned
        ]
        secret = _unsung_flores(m, k)
        base = {
            s: _public_scores(v, h, s not in secret, ctx.get(s))
            for s, h in enumerate(hands)
            if s != seat
        }
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
                    if _public_scores(v, h, s not in secret, ctx.get(s)) != base[s]:
                        ok = False
                        break
                if ok:
                    out.append(Swap(k, i, j))
    return out


def check_observation_hides(m: Match, seat: int, swaps: Sequence[Swap]) -> Match:
    """I7: ``seat``'s observation, and the error it gets for any action it tries, do not depend
    on cards it cannot see.

    Applies ``swaps`` (from :func:`hidden_swaps`; one that, together with the others, would
    change what another seat's hand makes public is skipped) to ``m``'s deals, replays the same
    actions (renaming the swapped cards they name), and asserts that ``seat`` gets an equal
    observation (object, ``to_dict()`` and ``render()``) and the same outcome for every action
    of :func:`check_errors_hide`, at the end and halfway. Returns the other match.
    """
    checked_match("m", m)
    v = m.variant
    orders = [list(o) for o in deal_orders(m)]
    swaps = checked_swaps(swaps, orders)
    original = replay_with_deals(m, orders)
    assert original.observation(seat) == m.observation(seat), (
        "I7: the same deals given explicitly give another observation"
    )
    facts = {k: (hands, ctx) for k, hands, _f, ctx in _deal_facts(m)}
    names: dict[int, dict[Card, Card]] = {}
    for sw in swaps:
        order = orders[sw.deal]
        trial = list(order)
        trial[sw.i], trial[sw.j] = trial[sw.j], trial[sw.i]
        hands, ctx = facts[sw.deal]
        owner = {c: s for s, h in enumerate(hands) for c in h}
        mapping = dict(zip(order, trial, strict=True))
        secret = _unsung_flores(m, sw.deal)
        if all(
            _public_scores(v, tuple(mapping[c] for c in hands[s]), s not in secret, ctx.get(s))
            == _public_scores(v, hands[s], s not in secret, ctx.get(s))
            for s in {owner.get(order[sw.i], -1), owner.get(order[sw.j], -1)} - {-1, seat}
        ):
            first = deal_orders(m)[sw.deal]
            # an action naming the card first at position i now names the one moved there
            renamed = {**names, sw.deal: {c: trial[p] for p, c in enumerate(first)}}
            if not _same_course(m, [*orders[: sw.deal], trial, *orders[sw.deal + 1 :]], renamed):
                continue
            orders[sw.deal] = trial
            facts[sw.deal] = (tuple(tuple(mapping[c] for c in h) for h in hands), ctx)
            names = renamed
    try:
        other = replay_with_deals(m, orders, names)
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
    check_errors_hide(original, other, seat)
    # halfway, too, where the seat saw nothing the swaps changed (it may have seen a card that
    # is gathered by the end, when played cards do not stay visible)
    half = len(m.actions) // 2
    early_a = replay_with_deals(m, deal_orders(m), upto=half)
    early_b = replay_with_deals(m, orders, names, upto=half)
    if early_a.observation(seat) == early_b.observation(seat):
        check_errors_hide(early_a, early_b, seat)
    return other


def _same_course(m: Match, orders: Sequence[Sequence[Card]], names: CardMap) -> bool:
    """Whether ``m``'s actions replay on ``orders`` with every contest ending after the same
    action. Always true unless the trick rule ends a hand the moment its winner is certain
    (``end_when_certain``): then whether a hand goes on is public by that rule, like an envido
    score, and a swap that changes it is no hidden swap."""
    if not getattr(m.variant.tricks, "end_when_certain", False):
        return True
    try:
        other = replay_with_deals(m, orders, names)
    except TrucoError:
        return False
    return [h.actions for h in other.history] == [h.actions for h in m.history] and (
        other.hand is None
    ) == (m.hand is None)


def _outcome(m: Match, act: Action, seat: int) -> tuple[str, str, tuple[str, ...]]:
    """What ``seat`` learns by trying ``act``: accepted, or the error's type, text and list."""
    trial = m.copy()
    try:
        trial.apply(act, seat)
    except TrucoError as exc:
        return type(exc).__name__, str(exc), tuple(getattr(exc, "legal", ()))
    return "accepted", "", ()


def check_errors_hide(a: Match, b: Match, seat: int) -> None:
    """I7, the error channel: in two states ``seat`` cannot tell apart (equal observations),
    every action it may try, every verb of the vocabulary, every card face up, face down and
    blind, every envido statement, and the two-card plays of its own cards, is accepted in
    both or refused in both with the same error type, message and listed actions."""
    checked_match("a", a)
    checked_match("b", b)
    assert a.observation(seat) == b.observation(seat), "I7: the states are not alike to the seat"
    mine = [c for c in (a.hand.dealt[seat] if a.hand is not None else ()) if c is not None]
    pairs = [(x, y) for x in mine for y in mine if x != y]
    for act in vocabulary(a.variant, pairs=pairs):
        oa, ob = _outcome(a, act, seat), _outcome(b, act, seat)
        assert oa == ob, (
            f"I7: seat {seat} trying {a.variant.format_action(act)!r} learns about cards it "
            f"cannot see: {oa} vs {ob}\n{a.to_json()}"
        )
