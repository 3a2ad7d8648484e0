"""The API for bots and frameworks (issue 12): integer action ids, undo, returns, exact chance
probabilities, information-state strings and the position string, for every variant and
table size. Bad input is a TrucoError that changes nothing."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import rejected

import truco_rules as tr
from truco_rules.errors import CannotUndo, UnknownActionId
from truco_rules.infostate import InfoTracker
from truco_rules.match import Match
from truco_rules.variants import builtin_names

PINNED = Path(__file__).parents[1] / "data" / "action_ids.json"
TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]


def random_match(
    name: str, seats: int, seed: int, steps: int, chance: bool = False
) -> tr.Match:
    """A match after ``steps`` random legal actions (chance deals too if ``chance``)."""
    v = tr.get_variant(name)
    m = v.new_match(seats) if chance else v.new_match(seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


# ---------------------------------------------------------------------------- action ids
def test_action_ids_are_pinned() -> None:
    """The id of every action of every built-in variant is the one pinned in
    tests/data/action_ids.json: ids never move between releases."""
    pinned = json.loads(PINNED.read_text())
    assert sorted(pinned) == sorted(builtin_names())
    for name, texts in pinned.items():
        v = tr.get_variant(name)
        assert v.num_actions == len(texts)
        assert [v.format_action(v.action_from_id(i)) for i in range(len(texts))] == texts
        assert [v.action_id(t) for t in texts] == list(range(len(texts)))


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_every_legal_action_has_an_id(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    for seed in range(3):
        m = v.new_match(seats) if seed == 0 else v.new_match(seats, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if m.is_over():
                break
            legal = m.legal_actions()
            ids = m.legal_action_ids()
            assert ids == sorted(v.action_id(a) for a in legal)
            assert [v.action_from_id(i) for i in ids] == sorted(legal, key=v.action_id)
            mask = m.legal_action_mask()
            assert len(mask) == v.num_actions
            assert [i for i, x in enumerate(mask) if x] == ids
            if m.is_chance_node():  # chance outcomes come first in the space
                assert max(ids) < v.action_space.num_chance_outcomes
            else:
                assert min(ids) >= v.action_space.num_chance_outcomes
            m.apply_id(rng.choice(ids))
        assert m.legal_action_ids() == [] or not m.is_over()


def test_bad_ids_are_typed_errors_and_change_nothing() -> None:
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=4)
    before = m.to_json()
    for bad in (-1, v.num_actions, 10**9, 2.0, "3", None):
        with pytest.raises(UnknownActionId, match="action id"):
            m.apply_id(bad)  # type: ignore[arg-type]
        with pytest.raises(UnknownActionId):
            v.action_from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(UnknownActionId, match="no id"):
        v.action_id(tr.Action.declare(99))
    with pytest.raises(tr.UnknownAction):
        v.action_id("seis")  # a paulista rung, not an argentine one
    assert m.to_json() == before
    assert isinstance(UnknownActionId("x"), tr.TrucoError)


# ---------------------------------------------------------------------------- undo
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_undo_restores_an_equal_state(name: str, seats: int) -> None:
    for seed, chance in ((1, False), (2, True)):
        m = random_match(name, seats, seed, 0, chance)
        rng = random.Random(seed)
        states = [(m.copy(), m.to_json())]
        while not m.is_over() and len(states) < 120:
            m.apply(rng.choice(m.legal_actions()))
            states.append((m.copy(), m.to_json()))
        for n in (1, 2, 7, len(states) - 1):
            if n >= len(states):
                continue
            u = m.copy()
            u.undo(n)
            old, old_json = states[-1 - n]
            assert u == old
            assert u.to_json() == old_json
            assert u.observation(0) == old.observation(0)
            assert u.legal_actions() == old.legal_actions()


def test_undo_one_step_at_a_time_walks_back_to_the_start() -> None:
    m = random_match("paulista", 2, 5, 40)
    start = tr.get_variant("paulista").new_match(2, seed=5)
    while m.actions:
        m.undo()
    assert m == start and m.to_json() == start.to_json()


@pytest.mark.parametrize("bad", [-1, 1.0, "1", None, True])
def test_bad_undo_changes_nothing(bad: object) -> None:
    m = random_match("paulista", 2, 3, 10)
    n = len(m.actions)
    assert n > 3
    before, text = m.copy(), m.to_json()
    with pytest.raises(CannotUndo):
        m.undo(bad)  # type: ignore[arg-type]
    with pytest.raises(CannotUndo, match=f"only {n} were played"):
        m.undo(n + 1)
    assert m == before and m.to_json() == text
    assert isinstance(CannotUndo("x"), tr.TrucoError)


# ---------------------------------------------------------------------------- returns, chance
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_returns_name_the_winners(name: str, seats: int) -> None:
    m = random_match(name, seats, 8, 0)
    assert m.returns() == (0.0,) * seats
    rng = random.Random(8)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
        if not m.is_over():
            assert m.returns() == (0.0,) * seats
    won = m.winning_seats()
    assert won
    assert m.returns() == tuple(1.0 if s in won else -1.0 for s in range(seats))
    # per hand: the side's points minus the other side's, the same for partners
    for k, h in enumerate(m.history):
        r = m.hand_returns(k)
        for s in range(seats):
            side = h.sides[s]
            assert r[s] == h.points[side] - h.points[1 - side]


def test_hand_returns_without_such_a_hand_is_an_error() -> None:
    m = tr.get_variant("argentine").new_match(2, seed=1)
    with pytest.raises(tr.ParseError, match="no finished contest"):
        m.hand_returns()


@pytest.mark.parametrize("name", tr.variant_names())
def test_chance_outcomes_are_exact(name: str) -> None:
    m = tr.get_variant(name).new_match(2)
    rng = random.Random(0)
    while m.is_chance_node():
        outcomes = m.chance_outcomes()
        assert all(isinstance(p, Fraction) for _a, p in outcomes)
        assert sum(p for _a, p in outcomes) == 1
        assert [a for a, _p in outcomes] == m.legal_actions()
        m.apply(rng.choice(outcomes)[0])
    assert m.chance_outcomes() == []


# ---------------------------------------------------------------------------- info states
def test_information_state_hides_what_the_seat_never_saw() -> None:
    """DESIGN §4: seat 0's information state does not change when seat 1's unplayed cards
    are swapped with cards still in the deck; seat 1's does."""
    v = tr.get_variant("argentine")
    a = tr.deal_order(v, ["1E 7E 3B", "4C 5C 6O"], 0)
    b = tr.deal_order(v, ["1E 7E 3B", "4C 12C 11O"], 0)  # 5C, 6O swapped out
    ma, mb = v.new_match(2, deals=[a]), v.new_match(2, deals=[b])
    for act in ("0:play 7E", "1:play 4C", "0:truco"):
        seat, _, text = act.partition(":")
        ma.apply(text, int(seat))
        mb.apply(text, int(seat))
    assert ma.information_state_string(0) == mb.information_state_string(0)
    assert ma.information_state_string(1) != mb.information_state_string(1)
    assert ma.observation_string(0) == mb.observation_string(0)


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_tracker_and_replay_agree(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=11)
    tracker = InfoTracker(m)
    rng = random.Random(11)
    for step in range(400):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
        tracker.update(m)
        if step % 50 == 0:
            for s in range(seats):
                assert tracker.string(m, s) == m.information_state_string(s)
    with pytest.raises(tr.InvalidSeat):
        m.information_state_string(seats)


# ---------------------------------------------------------------------------- positions
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_position_rebuilds_an_equal_state(name: str, seats: int) -> None:
    for seed, chance in ((3, False), (4, True)):
        m = random_match(name, seats, seed, 0, chance)
        rng = random.Random(seed)
        for step in range(200):
            if step % 25 == 0 or m.is_over():
                text = m.position()
                assert "\n" not in text
                back = tr.Match.from_position(text)
                assert back == m and back.to_json() == m.to_json()
                assert back.position() == text
            if m.is_over():
                break
            m.apply(rng.choice(m.legal_actions()))


def test_position_keeps_options_deals_and_start() -> None:
    v = tr.get_variant("argentine").with_options(falta_mode="leader_remaining")
    deal = tr.deal_order(v, ["1E 7E 3B", "4C 5C 6O"], 1)
    m = v.new_match(2, deals=[deal], mano=1, scores=(12, 3))
    m.apply("play 4C")
    text = m.position()
    assert text.startswith('argentine{"falta_mode":"leader_remaining"} 2 d')
    assert " | h1 12-3 0-0 @0 1E.7E.3B/5C.6O t- | 1:play_4C" in text
    back = tr.Match.from_position(text)
    assert back == m and back.variant == v


def test_position_of_an_unregistered_variant() -> None:
    v = tr.get_variant("paulista").derive("my-house", "a house rule", target=15)
    m = v.new_match(2, seed=2)
    m.apply(m.legal_actions()[0])
    with pytest.raises(tr.ParseError, match="does not replay"):
        tr.Match.from_position(m.position())
    assert tr.Match.from_position(m.position(), variant=v) == m
    with pytest.raises(tr.ParseError, match="of variant"):
        tr.Match.from_position(m.position(), variant=tr.get_variant("paulista"))
    # the options are the position's, not the given variant's own
    assert tr.Match.from_position(m.position(), variant=v.with_options(target=24)) == m


def test_a_position_keeps_its_options_whatever_variant_options_are_given() -> None:
    """DESIGN §5 (positions): a position names its variant's options as they differ from the
    registered variant; a variant given to rebuild it supplies the rules, not the options
    (before, target=15 given over a position of target 30 rebuilt a match to 15)."""
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=7, mano=0)
    m.apply("truco")
    back = tr.Match.from_position(m.position(), v.with_options(target=15))
    assert back == m and back.variant.match.target == 30
    short = v.with_options(target=15).new_match(2, seed=7, mano=0)
    short.apply("truco")
    again = tr.Match.from_position(short.position(), v.with_options(falta_mode="leader_remaining"))
    assert again == short and again.variant == short.variant




def good_position() -> str:
    return tr.get_variant("argentine").new_match(2, seed=7, mano=0).position()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace(" | ", " || ", 1), "three parts"),
        (lambda t: t.split(" | ")[0], "three parts"),
        (lambda t: "Argentine!" + t[len("argentine") :], "variant field"),
        (lambda t: t.replace("argentine", 'argentine{"x":}', 1), "options JSON"),
        (lambda t: t.replace("argentine", 'argentine{"x":1}', 1), "does not replay"),
        (lambda t: t.replace("argentine", "argentine[1]", 1), "variant field"),
        (lambda t: t.replace(" 2 s7", " two s7", 1), "seat count"),
        (lambda t: t.replace(" s7 ", " x7 ", 1), "deal source"),
        (lambda t: t.replace("m0:0-0:0-0", "m0:0:0-0", 1), "the start"),
        (lambda t: t.replace("m0:0-0:0-0", "m0:0-0", 1), "the start"),
        (lambda t: t.replace(" 2 s7", " 2 s7 extra", 1), "4 fields"),
        (lambda t: t.replace("@0", "@1", 1), "board"),
        (lambda t: t.replace("h1", "h2", 1), "board"),
        (lambda t: t[: -1] + "0:play_7E", "does not replay"),
        (lambda t: t[: -1] + "0:trucoo", "does not replay"),
        (lambda t: t[: -1] + "0:truco,,1:quiero", "empty move"),
        (lambda t: t.replace(" 2 s7", " 5 s7", 1), "does not replay"),
        (lambda t: t.replace("argentine", "nope", 1), "does not replay"),
        (lambda t: t.replace("m0:0-0", "m0:30-0", 1), "does not replay"),
    ],
)
def test_malformed_positions_are_parse_errors(edit: object, message: str) -> None:
    text = good_position()
    assert tr.Match.from_position(text).position() == text
    bad = edit(text)  # type: ignore[operator]
    with pytest.raises(tr.ParseError, match=message):
        tr.Match.from_position(bad)


@pytest.mark.parametrize("bad", [None, 3, b"argentine", ""])
def test_non_text_positions_are_parse_errors(bad: object) -> None:
    with pytest.raises(tr.ParseError):
        tr.Match.from_position(bad)  # type: ignore[arg-type]


ARG = "argentine"


def test_s2_3_match_defaults_two_seats_from_nil_nil() -> None:
    """RULES §2.2 / §2.8.1: a Match made directly, like Variant.new_match, defaults to two
    seats, a score of 0-0 and no chicos won."""
    v = tr.get_variant(ARG)
    for m in (Match(v, seed=3), v.new_match(seed=3)):
        assert m.seats == 2 and m.score == (0, 0) and list(m.chicos) == [0, 0]
        assert m.winner() is None


SIN = "argentine-sin-flor"


def test_s1_1_only_a_deal_is_accepted_while_dealing() -> None:
    """RULES §1.1: while the cards are dealt only 'deal <card>' is accepted; a card play at a
    chance node is refused and changes nothing."""
    m = tr.get_variant(SIN).new_match()
    assert m.is_chance_node()
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="must be dealt"):
        m.apply("play 1E")
    assert m == before


def test_s1_1_dealing_reasons() -> None:
    """RULES §1.1: while dealing only chance acts (a seat is told so), and a card already
    dealt cannot be dealt again."""
    m = tr.get_variant(SIN).new_match()
    rejected(m, "truco", 0, tr.WrongPlayer, "only chance acts now")
    m.apply("deal 1E", tr.CHANCE)
    rejected(m, "deal 1E", tr.CHANCE, tr.IllegalAction, "already dealt or not in the deck")


def test_a_contest_applies_an_action_for_the_seat_to_act_by_default() -> None:
    """``Hand.apply``: ``seat is None`` -> ``is not None`` survived: nothing applied an action
    to a contest directly without naming the seat."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    hand = m.hand.copy()
    turn = hand.turn
    action = hand.legal_actions()[0]
    hand.apply(action)
    assert hand.turn != turn or hand.plays


@pytest.mark.parametrize(("name", "seats"), [("argentine", 2), ("paulista", 4), ("almeria", 2)])
def test_a_contest_trusts_only_the_current_legal_objects(name: str, seats: int) -> None:
    """``Hand.apply`` skips the check for an action object of the current cached list of the
    seat to act, and only for it: an object from an earlier list, an equal object, another
    seat's claim and text are checked in full, and a refused one changes nothing."""
    v = tr.get_variant(name)
    rng = random.Random(7)
    for k in range(40):
        hand = v.new_match(seats, seed=k).hand
        assert hand is not None
        while not hand.over:
            old = hand.legal_actions()
            pick = old[rng.randrange(len(old))]
            before = hand.key()
            other = (hand.turn + 1) % seats
            if pick not in hand.legal_actions(other):  # not this seat's to take out of turn
                with pytest.raises((tr.WrongPlayer, tr.IllegalAction)):
                    hand.apply(pick, other)
                assert hand.key() == before
            hand.apply(tr.Action(pick.verb, card=pick.card, down=pick.down, under=pick.under,
                                 number=pick.number) if k % 2 else pick)
            for stale in old:  # the previous state's objects are checked against this one
                if stale not in hand.legal_actions():
                    before = hand.key()
                    with pytest.raises(tr.IllegalAction):
                        hand.apply(stale)
                    assert hand.key() == before


@pytest.mark.parametrize(("name", "seats"), [("argentine", 4), ("paulista", 4), ("almeria", 2)])
def test_a_contest_copy_owns_its_parts(name: str, seats: int) -> None:
    """A copy of a contest gets its own trick-play part (copied in line by the contest's
    copier) and shares the ladder and special-hands parts until it changes one (copy on
    write): playing the copy out changes none of the original's parts, and the copy's
    parts equal the original's until then."""
    v = tr.get_variant(name)
    rng = random.Random(3)
    for k in range(30):
        hand = v.new_match(seats, seed=k).hand
        assert hand is not None
        while not hand.over:
            twin = hand.copy()
            for part in ("trick_play", "ladder_play", "special_play"):
                mine, theirs = getattr(hand, part), getattr(twin, part)
                assert type(mine) is type(theirs) and mine.key() == theirs.key()
            assert hand.trick_play is not twin.trick_play
            before = hand.key()
            while not twin.over:
                legal = twin.legal_actions()
                twin.apply(legal[rng.randrange(len(legal))])
            assert hand.key() == before
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])


def test_a_contest_shows_every_field_of_its_parts_read_only() -> None:
    """Every field of the three parts is shown on the contest under its own name, reading
    the part's value, and cannot be assigned there."""
    m = tr.get_variant("paulista").new_match(4, seed=2)
    hand = m.hand
    assert hand is not None
    for part in ("trick_play", "ladder_play", "special_play"):
        owner = getattr(hand, part)
        for name in type(owner).__slots__:
            assert getattr(hand, name) is getattr(owner, name), name
            with pytest.raises(AttributeError):
                setattr(hand, name, getattr(owner, name))
