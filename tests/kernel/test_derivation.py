"""Deal derivations (docs/notation.md "Deal derivations"): how a seed gives the deals and the
first mano, numbered so that every record replays exactly forever."""

from __future__ import annotations

import pickle
import random
import struct
from hashlib import blake2b

import pytest

import truco_rules as tr
from truco_rules.dealing import hand_seed
from truco_rules.derivation import (
    DEFAULT,
    LATEST,
    CounterStream,
    first_mano,
    hand_random,
    stream_words,
)
from truco_rules.hooks import shuffle_cards


def _words(seed: int, purpose: str, block: int) -> list[int]:
    digest = blake2b(
        f"{seed}/{purpose}/{block}".encode(), digest_size=64, person=b"truco-rules v2"
    ).digest()
    return list(struct.unpack(">8Q", digest))


def test_derivation_2_is_the_documented_stream() -> None:
    """The words are BLAKE2b-512 of ``seed/purpose/block``, eight big-endian words a block."""
    want = _words(12345, "3", 0) + _words(12345, "3", 1)
    assert list(stream_words(12345, "3", 16)) == want
    s = CounterStream(12345, "3")
    assert [s.random() for _ in range(9)] == [(w >> 11) / 2**53 for w in want[:9]]


def test_derivation_2_deals_and_mano_follow_the_stream() -> None:
    v = tr.get_variant("argentine")
    seed = 77
    m = v.new_match(2, seed=seed, derivation=2)
    words = _words(seed, "mano", 0)
    assert m.mano == int((words[0] >> 11) / 2**53 * 2)
    order = shuffle_cards(v.deck.cards, CounterStream(seed, "0"), 6)
    mano = m.mano
    dealt = m.hand.dealt
    assert dealt[mano] == (order[0], order[2], order[4])
    assert dealt[1 - mano] == (order[1], order[3], order[5])


def test_default_is_derivation_1_as_every_seed_always_dealt() -> None:
    v = tr.get_variant("paulista")
    m = v.new_match(4, seed=2024)
    assert DEFAULT == 1 and m.derivation == 1
    old = v.deck.shuffled(hand_seed(2024, 0), 13)
    again = v.deck.shuffled(random.Random("truco-rules/2024/0"), 13)
    assert old == again
    assert m.turned == old[12]
    assert m.mano == random.Random("truco-rules/2024/mano").randrange(4)
    assert first_mano(2024, 4, 1) == m.mano


@pytest.mark.parametrize("name", ["argentine", "paulista", "mineiro", "almeria"])
def test_the_two_derivations_deal_differently_and_each_from_its_seed(name: str) -> None:
    v = tr.get_variant(name)
    one = v.new_match(2, seed=9, derivation=1)
    two = v.new_match(2, seed=9, derivation=2)
    assert one.hand.dealt != two.hand.dealt
    assert v.new_match(2, seed=9, derivation=2) == two
    assert one != two


@pytest.mark.parametrize("name", tr.variant_names())
def test_derivation_2_plays_whole_matches_that_replay(name: str) -> None:
    v = tr.get_variant(name)
    for seats in v.seat_counts:
        for seed in range(3):
            m = v.new_match(seats, seed=seed, derivation=2)
            rng = random.Random(seed)
            while not m.is_over():
                legal = m.legal_actions()
                m.apply(legal[int(rng.random() * len(legal))])
                if m.hand is not None:
                    cards = [c for h in m.hand.dealt for c in h]
                    assert len(set(cards)) == len(cards)
            record = m.to_record()
            assert record["derivation"] == 2
            assert tr.Match.from_record(record) == m
            assert tr.Match.from_json(m.to_json()) == m
            assert tr.Match.from_text(m.to_text()) == m


def test_records_name_derivation_2_and_not_1() -> None:
    v = tr.get_variant("argentine")
    one = v.new_match(2, seed=5)
    two = v.new_match(2, seed=5, derivation=2)
    assert "derivation" not in one.to_record()  # written exactly as before derivations
    assert '"derivation": 2' in two.to_json()
    assert '[Derivation "2"]' in two.to_text()
    assert " s5v2 " in two.position() and " s5 " in one.position()
    assert tr.Match.from_position(two.position()) == two
    assert tr.Match.from_position(one.position()) == one
    old = one.to_record()  # a record from before derivations: no field, derivation 1
    assert tr.Match.from_record(old).hand.dealt == one.hand.dealt


@pytest.mark.parametrize("bad", [0, 3, True, "2", 2.0, None])
def test_a_bad_derivation_is_refused(bad: object) -> None:
    v = tr.get_variant("argentine")
    if bad is None:  # None is the default
        assert v.new_match(2, seed=1, derivation=None).derivation == DEFAULT
        return
    with pytest.raises(tr.ParseError, match="derivation"):
        v.new_match(2, seed=1, derivation=bad)
    record = v.new_match(2, seed=1, derivation=2).to_record()
    record["derivation"] = bad
    with pytest.raises(tr.InvalidRecord, match="derivation"):
        tr.Match.from_record(record)


def test_copies_and_pickles_keep_the_derivation() -> None:
    m = tr.get_variant("mineiro").new_match(4, seed=3, derivation=LATEST)
    assert m.copy().derivation == 2 and m.copy() == m
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.derivation == 2


def test_a_stream_is_a_full_generator_that_cannot_be_reseeded() -> None:
    s = CounterStream(1, "x")
    state = s.getstate()
    first = [s.randrange(40) for _ in range(20)] + [s.getrandbits(130)]
    s.setstate(state)
    assert [s.randrange(40) for _ in range(20)] + [s.getrandbits(130)] == first
    t = CounterStream(1, "x")
    deck = list(range(40))
    t.shuffle(deck)
    assert sorted(deck) == list(range(40))
    assert pickle.loads(pickle.dumps(s)).getstate() == s.getstate()
    with pytest.raises(TypeError):
        s.seed(5)
    with pytest.raises(ValueError):
        s.getrandbits(-1)
    assert isinstance(hand_random(1, 0, 2), random.Random)


ARG = "argentine"


def test_s1_1_full_shuffle_reaches_every_order() -> None:
    """RULES §1.1 (the deal): a full shuffle (no ``needed`` limit) is a complete Fisher-Yates
    shuffle: every order of three cards comes out for some seed, the last swap included."""
    cards = tr.get_variant(ARG).cards("1E 7O 4C")
    for needed in (None, 3, 5):  # a limit of n or more cards is a full shuffle too
        orders = {tuple(shuffle_cards(cards, random.Random(k), needed)) for k in range(300)}
        assert len(orders) == 6, needed


SIN = "argentine-sin-flor"


def test_s1_1_a_shuffle_limited_to_every_card_draws_like_a_full_one() -> None:
    """RULES §1.1 (seeded deals): a shuffle whose limit is the whole deck (or more) is the
    full shuffle, draw for draw: it leaves the random generator exactly where a full shuffle
    does, so what is drawn next (the next deal) is the same too."""
    cards = tr.get_variant(SIN).deck.cards
    full_rng = random.Random(5)
    full = shuffle_cards(cards, full_rng)
    after_full = full_rng.random()
    for needed in (len(cards), len(cards) + 3):
        rng = random.Random(5)
        assert shuffle_cards(cards, rng, needed) == full
        assert rng.random() == after_full


def test_play_by_play_deals_a_record_of_derivation_2_as_it_was_dealt() -> None:
    """The narration rebuilt every seeded match under derivation 1: a derivation 2 record
    showed other cards, or failed on a card its seat did not hold (``truco-rules replay``)."""
    from truco_rules.views.narrate import play_by_play

    m = tr.get_variant("argentine").new_match(2, seed=7, mano=0, derivation=2)
    m.apply("mazo")  # a hand over, and cards of the next one played
    for _ in range(3):
        m.apply(next(a for a in m.legal_actions() if a.verb == "play"))
    told = play_by_play(tr.Match.from_json(m.to_json()))
    assert "seed 7 (derivation 2)" in told.splitlines()[0]
    fmt = m.variant.format_card
    assert m.hand is not None
    for dealt in (m.history[0].dealt, m.hand.dealt):
        for seat, cards in enumerate(dealt):
            assert f"seat {seat}: {' '.join(fmt(c) for c in cards)}" in told


@pytest.mark.parametrize("bad", [True, "2", 2.0, [2]])
def test_a_derivation_of_another_type_is_an_invalid_type(bad: object) -> None:
    """The library's integer arguments refuse a bool, a float or text as ``InvalidType``
    (a ``TypeError``); the derivation raised a bare ``ParseError``. It is still one."""
    with pytest.raises(tr.InvalidType, match="derivation") as caught:
        tr.get_variant("argentine").new_match(2, seed=1, derivation=bad)
    assert isinstance(caught.value, tr.ParseError)


def test_a_numpy_integer_is_a_derivation() -> None:
    np = pytest.importorskip("numpy", reason="numpy integers: the openspiel extra has numpy")
    m = tr.get_variant("argentine").new_match(2, seed=1, derivation=np.int64(2))
    assert m.derivation == 2 and type(m.derivation) is int
    assert m == tr.get_variant("argentine").new_match(2, seed=1, derivation=2)


def test_a_record_with_a_null_derivation_is_refused() -> None:
    record = tr.get_variant("argentine").new_match(2, seed=1, derivation=2).to_record()
    record["derivation"] = None
    with pytest.raises(tr.InvalidRecord, match="derivation"):
        tr.Match.from_record(record)


@pytest.mark.parametrize(
    ("seed", "purpose", "count"),
    [("1", "3", 2), (1.0, "3", 2), (1, 3, 2), (1, "3", "2"), (1, "3", None)],
)
def test_stream_words_refuses_arguments_of_another_type(
    seed: object, purpose: object, count: object
) -> None:
    """A bare AttributeError or TypeError came out of the hashing before."""
    with pytest.raises(tr.InvalidType):
        stream_words(seed, purpose, count)  # type: ignore[arg-type]


def test_stream_words_refuses_a_negative_count() -> None:
    with pytest.raises(tr.ParseError, match="count"):
        stream_words(1, "3", -1)
    assert list(stream_words(1, "3", 0)) == []


def test_a_record_with_a_derivation_and_no_seed_is_refused() -> None:
    """A derivation says how deals come from a seed; a record without a seed that names one
    was read and the field dropped when written again."""
    m = tr.get_variant("argentine").new_match(2, seed=1, derivation=2)
    record = m.to_record()
    record["seed"] = None  # read before any action, which would need deals
    with pytest.raises(tr.InvalidRecord, match="seeded record"):
        tr.Match.from_record(record)
    text = m.to_text().replace('[Seed "1"]\n', "")
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_text(text)
