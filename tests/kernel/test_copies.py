"""Copies are independent (docs/invariants.md, I5 and I8): a copy of a match or of a contest
shares the fields that change seldom (points, folds, trick results, side-bet states, the
actions and history of the contests over) and replaces them when they change, so play on
either side must leave the other exactly as it was, to the end of the match and across the
end of contests. A contest pickles to its variant's own contest class."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules.contest.hand import Hand, hand_type

CASES = [(name, n) for name in tr.variant_names() for n in tr.get_variant(name).seat_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]


def _play(m: tr.Match, rng: random.Random, steps: int) -> None:
    while steps and not m.is_over():
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
        steps -= 1


def _play_contest(h: Hand, rng: random.Random) -> None:
    while not h.over:
        legal = h.legal_actions()
        h.apply(legal[rng.randrange(len(legal))])


def _states(name: str, seats: int) -> Iterator[tuple[tr.Match, random.Random]]:
    """Every state of a dozen seeded random matches, with the generator that plays them on
    (one step after each, from wherever the caller left the match)."""
    for seed in range(12):
        rng = random.Random(seed)
        m = tr.get_variant(name).new_match(seats, seed=seed)
        while not m.is_over():
            yield m, rng
            _play(m, rng, 1)


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_play_on_a_match_copy_leaves_the_original_as_it_was(name: str, seats: int) -> None:
    for m, rng in _states(name, seats):
        before, text = m.key(), m.to_json()
        copy = m.copy()
        _play(copy, random.Random(rng.random()), 10**6)  # the copy to the match's end
        assert m.key() == before and m.to_json() == text
        kept = m.copy()
        kept_key = kept.key()
        _play(m, rng, rng.randrange(12))  # the original on, across contests
        assert kept.key() == kept_key


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_play_on_a_contest_copy_leaves_the_original_as_it_was(name: str, seats: int) -> None:
    """Searches copy and play contests, not matches (the agents' simulations)."""
    for m, rng in _states(name, seats):
        hand = m.copy().hand  # a contest of its own, played here without its match
        if hand is None or hand.over or not hand.legal_actions():
            continue
        before = hand.key()
        copy = hand.copy()
        assert type(copy) is type(hand) is hand_type(m.variant)
        _play_contest(copy, random.Random(rng.random()))
        assert hand.key() == before
        kept = hand.copy()
        kept_key = kept.key()
        _play_contest(hand, random.Random(rng.random()))
        assert kept.key() == kept_key


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_a_contest_pickles_to_its_variant_contest_class(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    seed = 0
    while True:  # a match still in a contest after a few steps
        m = v.new_match(seats, seed=seed)
        _play(m, random.Random(seed), 3)
        if m.hand is not None:
            break
        seed += 1
    back = pickle.loads(pickle.dumps(m.hand))
    assert type(back) is hand_type(back.variant) and back.key() == m.hand.key()
    assert isinstance(back, Hand) and back.variant == v
    assert back.legal_actions() == m.hand.legal_actions()


class _OwnHand(Hand):
    """A subclass of the exported contest class, as a user may write one."""

    __slots__ = ()

    def label(self) -> str:
        return f"contest of {self.variant.name}"


def test_a_subclass_of_hand_makes_contests_of_its_own_class() -> None:
    v = tr.get_variant("argentine")
    h = v.new_match(2, seed=1).hand
    assert h is not None
    own = _OwnHand(v, h.order, h.team, h.dealt, h.scores, h.strength)
    assert isinstance(own, _OwnHand) and type(own).__name__ == "_OwnHand"
    assert own.label() == "contest of argentine" and own.key() == h.key()
    assert own.legal_actions() == h.legal_actions()
    for twin in (own.copy(), pickle.loads(pickle.dumps(own))):
        assert isinstance(twin, _OwnHand) and twin.key() == own.key()
    plain = Hand(v, h.order, h.team, h.dealt, h.scores, h.strength)
    assert not isinstance(plain, _OwnHand) and plain.key() == h.key()


@pytest.mark.parametrize("name", ["0.1.0-playing", "0.1.0-over"])
def test_a_match_pickled_by_0_1_0_is_refused_with_the_reason(name: str) -> None:
    """Pickles are not kept across versions (records are): a match pickled by 0.1.0, in a
    contest and over, says so rather than failing on a missing field."""
    data = (Path(__file__).parent.parent / "data" / "pickles" / f"{name}.pickle").read_bytes()
    with pytest.raises(TypeError, match=r"pickled by truco-rules 0\.1\.0 .*Match\.to_json"):
        pickle.loads(data)


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_a_deal_given_to_a_waiting_copy_makes_the_match_built_with_that_deal(
    name: str, seats: int
) -> None:
    """A search builds its worlds as copies of one match waiting for its first deal, each
    dealt its own cards (DealFlow._deal_given): each must be the match the constructor makes
    with that deal, in every field and in every step played on from it."""
    v = tr.get_variant(name)
    waiting = v.new_match(seats, mano=seats - 1)
    before = waiting.copy()
    for seed in range(6):
        rng = random.Random(seed)
        order = list(v.deck.cards)
        rng.shuffle(order)
        dealt = waiting.copy()
        dealt._deal_given(order)
        built = v.new_match(seats, deals=[order], mano=seats - 1)
        assert dealt == built
        assert dealt.deals == built.deals == (tuple(order),)
        for _ in range(3):  # the next deals are chance nodes in both
            legal = built.legal_actions()
            assert dealt.legal_actions() == legal
            if built.is_over():
                break
            a = legal[rng.randrange(len(legal))]
            built.apply(a)
            dealt.apply(a)
        assert dealt == built and dealt.to_json() == built.to_json()
    assert waiting == before  # the copies dealt leave it waiting


def test_a_deal_is_given_only_where_a_deal_by_chance_waits_and_changes_nothing_else() -> None:
    v = tr.get_variant("argentine")
    waiting = v.new_match(2)
    order = list(v.deck.cards)
    for bad in ([*order[:5], order[0], *order[6:]], order[:3], "nonsense"):
        copy = waiting.copy()
        with pytest.raises((tr.ParseError, tr.InvalidType)):
            copy._deal_given(bad)
        assert copy == waiting
    for m in (v.new_match(2, seed=1), v.new_match(2, deals=[order])):
        copy = m.copy()
        with pytest.raises(tr.IllegalAction, match="deal by chance"):
            copy._deal_given(order)
        assert copy == m
    started = waiting.copy()
    started.apply(started.legal_actions()[0])  # one card of the deal dealt by chance
    copy = started.copy()
    with pytest.raises(tr.IllegalAction):
        copy._deal_given(order)
    assert copy == started


def test_a_deal_given_that_a_hook_from_outside_breaks_leaves_the_match_as_it_was() -> None:
    """A ranking from outside is asked as the given deal starts its contest: one that breaks
    there fails the call, and the match still waits for its deal, as before the call."""
    from truco_rules.hooks import FixedRanking

    base = tr.get_variant("argentine")
    broken = [False]

    class FlakyRanking(FixedRanking):
        def strengths(self, turned: object, deck: object = ()) -> object:  # type: ignore[override]
            return () if broken[0] else super().strengths(turned)  # type: ignore[arg-type]

    table = base.ranking.table  # type: ignore[attr-defined]
    v = base.derive("flaky", "a ranking that breaks", ranking=FlakyRanking(table))
    waiting = v.new_match(2)
    order = list(v.deck.cards)
    copy = waiting.copy()
    broken[0] = True
    with pytest.raises(tr.ProtocolError, match=r"ranking\.strengths"):
        copy._deal_given(order)
    assert copy == waiting and copy.is_chance_node() and copy.deals is None
    broken[0] = False  # mended: the same deal is given
    copy._deal_given(order)
    assert copy == v.new_match(2, deals=[order])
