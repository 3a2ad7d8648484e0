"""Bad input: each kind raises its own TrucoError subclass, says what was wrong and what is
allowed, and leaves the match exactly as it was."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from fractions import Fraction

import attrs
import pytest
from conftest import scenario

import truco_rules as tr
from truco_rules.hooks import DealContext, StandardTable, TrickRule


@pytest.fixture
def m() -> tr.Match:
    return tr.get_variant("argentine").new_match(2, seed=11)


def test_unknown_variant_lists_known_names() -> None:
    with pytest.raises(tr.UnknownVariant) as e:
        tr.get_variant("truco-marciano")
    assert "truco-marciano" in str(e.value)
    for name in tr.variant_names():
        assert name in str(e.value)
    assert isinstance(e.value, tr.TrucoError)


def test_variant_aliases_and_case_are_forgiven() -> None:
    assert tr.get_variant("Sin Flor").name == "argentine-sin-flor"
    assert tr.get_variant("ARGENTINE_BLOG").name == "argentine-blog"


def test_unknown_option_lists_the_options() -> None:
    v = tr.get_variant("argentine")
    with pytest.raises(tr.UnknownOption) as e:
        v.with_options(falta_mod="reach_buenas")
    assert "falta_mod" in str(e.value) and "falta_mode" in str(e.value)



def test_an_option_named_self_is_an_unknown_option() -> None:
    """It was a bare TypeError (with_options() got multiple values for argument 'self'), from
    with_options, get_variant and the server's create alike."""
    for make in (
        lambda: tr.get_variant("argentine").with_options(**{"self": 1}),
        lambda: tr.get_variant("argentine", {"self": 1}),
    ):
        with pytest.raises(tr.UnknownOption, match="no option 'self'"):
            make()


@pytest.mark.parametrize(
    "name,value",
    [
        ("falta_mode", "all_in"),
        ("target", 0),
        ("target", "30"),
        ("facedown_allowed", 1),
        ("contraflor_al_resto_refused", 5),
        ("buenas_from", 16),
    ],
)
def test_invalid_option_value_names_the_allowed_ones(name: str, value: object) -> None:
    v = tr.get_variant("argentine")
    with pytest.raises(tr.InvalidOption) as e:
        v.with_options(**{name: value})
    assert name in str(e.value) and "allowed" in str(e.value)


def test_options_without_flor_hook_are_unknown_in_sin_flor() -> None:
    with pytest.raises(tr.UnknownOption):
        tr.get_variant("argentine-sin-flor").with_options(flor_duel_mode="three_to_best")


@pytest.mark.parametrize(
    ("name", "seats", "allowed"),
    [
        ("argentine", 1, "2, 3, 4, 6"),
        ("argentine", 5, "2, 3, 4, 6"),
        ("argentine", 8, "2, 3, 4, 6"),
        ("paulista", 3, "2, 4"),
        ("paulista", 6, "2, 4"),
        ("mineiro", 3, "2, 4"),
        ("almeria", 6, "2, 4"),
    ],
)
def test_unsupported_seat_count_lists_allowed(name: str, seats: int, allowed: str) -> None:
    """Issue 5: asking for a seat count a variant does not allow lists the allowed ones."""
    with pytest.raises(tr.UnsupportedSeats) as e:
        tr.get_variant(name).new_match(seats)
    assert allowed in str(e.value)


@pytest.mark.parametrize("text", ["8E", "7X", "13B", "", "7", "E7", "1e1"])
def test_invalid_card_text(text: str) -> None:
    with pytest.raises(tr.InvalidCard) as e:
        tr.SPANISH.parse(text)
    assert "spanish" in str(e.value)


@pytest.mark.parametrize(
    "text", ["", "play", "play 8E", "declare", "declare x", "play 7E sideways", "tru co!"]
)
def test_malformed_action_text_is_a_parse_error(m: tr.Match, text: str) -> None:
    before = m.key()
    with pytest.raises(tr.ParseError):
        m.apply(text)
    assert m.key() == before


def test_illegal_action_names_action_seat_and_reason(m: tr.Match) -> None:
    before = m.key()
    seat = m.current_player()
    with pytest.raises(tr.IllegalAction) as e:
        m.apply("vale-cuatro")
    msg = str(e.value)
    assert "vale-cuatro" in msg and f"seat {seat}" in msg and "legal now" in msg
    assert e.value.seat == seat and e.value.legal
    assert m.key() == before


def test_playing_a_card_one_does_not_hold(m: tr.Match) -> None:
    assert m.hand is not None
    other = next(c for c in tr.DECK if c not in m.hand.cards[m.current_player()])
    before = m.key()
    with pytest.raises(tr.IllegalAction, match="not in this seat's hand"):
        m.apply(tr.Action.play(other))
    assert m.key() == before


def test_action_by_the_wrong_seat(m: tr.Match) -> None:
    seat = m.current_player()
    other = 1 - seat
    act = m.legal_actions()[0]
    before = m.key()
    with pytest.raises(tr.WrongPlayer) as e:
        m.apply(act, other)
    assert "not this seat's turn" in str(e.value)
    with pytest.raises(tr.WrongPlayer):
        m.apply(act, 7)
    assert m.key() == before


def test_no_action_after_the_match_is_over() -> None:
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=3)
    while not m.is_over():
        m.apply(m.legal_actions()[0])
    before = m.key()
    with pytest.raises(tr.IllegalAction, match="over"):
        m.apply("mazo")
    assert m.key() == before


def test_deal_at_a_chance_node() -> None:
    m = tr.get_variant("argentine").new_match(2)
    assert m.current_player() == tr.CHANCE
    m.apply("deal 1E")
    before = m.key()
    with pytest.raises(tr.IllegalAction):
        m.apply("deal 1E")
    with pytest.raises(tr.IllegalAction):
        m.apply("truco")
    with pytest.raises(tr.WrongPlayer):
        m.apply("deal 2E", 0)
    assert m.key() == before


def test_bad_match_arguments() -> None:
    v = tr.get_variant("argentine")
    with pytest.raises(tr.ParseError):
        v.new_match(2, seed=1, deals=[])
    with pytest.raises(tr.ParseError):
        v.new_match(2, seed=-1)
    with pytest.raises(tr.ParseError):
        v.new_match(2, deals=["1E 1E 2E 3E 4E 5E"])
    with pytest.raises(tr.ParseError):
        v.new_match(2, mano=2)
    with pytest.raises(tr.ParseError):
        v.new_match(2, scores=(1, -1))


def _record(m: tr.Match) -> dict[str, object]:
    return json.loads(m.to_json())


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.update(format="pgn"),
        lambda r: r.pop("actions"),
        lambda r: r.update(variant="nope"),
        lambda r: r.update(options={"falta_mode": "x"}),
        lambda r: r.update(options={"nope": 1}),
        lambda r: r.update(seats=5),
        lambda r: r.update(actions=["0:vale-cuatro"]),
        lambda r: r.update(actions=["play 1E"]),
        lambda r: r.update(actions=[3]),
        lambda r: r.update(seed="abc"),
    ],
)
def test_malformed_record(mutate: object) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=5)
    rec = _record(m)
    mutate(rec)  # type: ignore[operator]
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_json(json.dumps(rec))


@pytest.mark.parametrize("text", ["", "[1,2]", "{not json", "null"])
def test_malformed_json(text: str) -> None:
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_json(text)


def test_malformed_text_record() -> None:
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_text("0:truco\n")
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_text('[Variant "argentine"]\n[Bogus "1"]\n')
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_text('[Variant "argentine"\n')


@pytest.mark.parametrize("text", ["trucoo", "seis", "contra-flor"])
def test_unknown_verb_is_an_unknown_action_listing_the_vocabulary(m: tr.Match, text: str) -> None:
    before = m.key()
    with pytest.raises(tr.UnknownAction) as e:
        m.apply(text)
    assert "retruco" in str(e.value) and text in str(e.value)
    assert m.key() == before


def test_flor_is_unknown_without_flor() -> None:
    m = tr.get_variant("argentine-sin-flor").new_match(2, seed=1)
    with pytest.raises(tr.UnknownAction, match="no action 'flor'"):
        m.apply("flor")
    with pytest.raises(tr.UnknownAction):
        m.apply(tr.Action.call("contraflor"))


def test_legal_actions_cannot_be_tampered_with(m: tr.Match) -> None:
    """The returned list is a copy: mutating it does not widen what apply accepts."""
    m.legal_actions().append(tr.Action.call("vale-cuatro"))
    before = m.key()
    with pytest.raises(tr.IllegalAction):
        m.apply("vale-cuatro")
    assert m.key() == before


def test_out_of_turn_card_is_a_wrong_player() -> None:
    m = tr.get_variant("argentine").new_match(4, seed=2)
    seat = m.current_player()
    other = (seat + 2) % 4
    assert m.hand is not None
    card = m.hand.cards[other][0]
    with pytest.raises(tr.WrongPlayer):
        m.apply(tr.Action.play(card), other)


@pytest.mark.parametrize("seat", [5, -3, "0", 1.0, None])
def test_invalid_seat_queries(m: tr.Match, seat: object) -> None:
    if seat is None:
        return
    with pytest.raises(tr.InvalidSeat):
        m.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidSeat):
        m.legal_actions(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: tr.Action.parse("declare ²"),
        lambda: tr.Action.declare("x"),  # type: ignore[arg-type]
        lambda: tr.Action.call(5),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").card(7),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").cards(None),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").envido_points(""),
        lambda: tr.get_variant("argentine").envido_points("1E 2E"),
        lambda: tr.get_variant("argentine").card_strength(5),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine", ["x"]),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").new_match(2.0),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").new_match(2, deals=[None]),  # type: ignore[list-item]
        lambda: tr.get_variant("argentine").new_match(2, deals=[[1, 2, 3, 4, 5, 6]]),  # type: ignore[list-item]
        lambda: tr.get_variant("argentine").new_match(2, scores=(40, 0)),
        lambda: tr.get_variant("argentine").new_match(2, chicos=(1, 1)),
        lambda: tr.deal_order(tr.get_variant("argentine"), [7, 8]),  # type: ignore[list-item]
        lambda: tr.deal_order(tr.get_variant("argentine"), ["1E 2E 3E", "4E 5E 6E"], mano=5),
        lambda: tr.Match.from_record([]),  # type: ignore[arg-type]
        lambda: tr.Match.from_text(None),  # type: ignore[arg-type]
        lambda: tr.Match.from_json("[" * 100000 + "]" * 100000),
        lambda: tr.Match.from_json(
            tr.get_variant("argentine")
            .new_match(2, seed=1)
            .to_json()
            .replace('"actions": []', '"actions": ["²:mazo"]')
        ),
    ],
)
def test_odd_input_raises_a_truco_error(call: object) -> None:
    with pytest.raises(tr.TrucoError):
        call()  # type: ignore[operator]


def test_chance_seat_may_not_act_in_a_hand(m: tr.Match) -> None:
    before = m.key()
    with pytest.raises(tr.WrongPlayer, match="no card is being dealt"):
        m.apply("mazo", tr.CHANCE)
    with pytest.raises(tr.InvalidType, match="action must be an Action"):
        m.apply(42)  # type: ignore[arg-type]
    assert m.legal_actions(tr.CHANCE) == []
    assert m.chance_outcomes() == []
    assert m.key() == before


def test_chance_outcomes_are_uniform_over_undealt_cards() -> None:
    m = tr.get_variant("argentine").new_match(2)
    outcomes = m.chance_outcomes()
    assert len(outcomes) == 40 and all(p == Fraction(1, 40) for _a, p in outcomes)  # exact
    m.apply("deal 7E")
    assert len(m.chance_outcomes()) == 39
    assert m.legal_actions(0) == []


ARG = "argentine"


E33 = "7E 6E 3B"  # envido 33, no flor


E4 = "4C 12O 10B"  # envido 4


@pytest.mark.parametrize("mano", [-1, 2])
def test_s0_3_deal_order_mano_must_be_a_seat(mano: int) -> None:
    """RULES §0.3: seats are 0..n-1; deal_order refuses a mano outside them."""
    v = tr.get_variant(ARG)
    with pytest.raises(tr.ParseError, match="mano must be a seat from 0 to 1"):
        tr.deal_order(v, [E33, E4], mano)


SIN = "argentine-sin-flor"


def test_s0_3_seat_numbers_past_the_last_seat_are_refused() -> None:
    """RULES §0.3: seats are numbered 0..n-1; seat n is no seat, for legal_actions and apply."""
    m = scenario(SIN, [E33, E4])
    with pytest.raises(tr.InvalidSeat):
        m.legal_actions(2)
    before = m.copy()
    with pytest.raises(tr.WrongPlayer, match="there is no seat 2"):
        m.apply("play 7E", 2)
    assert m == before


@pytest.mark.parametrize("seat", [2, 7, -2, -5])
def test_s0_3_apply_for_a_seat_the_match_lacks_is_also_an_invalid_seat(seat: int) -> None:
    """RULES §0.3: legal_actions(7) and observation(7) were InvalidSeat where apply(a, 7)
    was a WrongPlayer alone: it is both now, in a contest and while cards are dealt by
    chance, and the match is left as it was (once the match is over, any action is refused
    as that first, as it always was)."""
    from truco_rules.core.arguments import SeatOutOfRange

    v = tr.get_variant(SIN)
    over = v.new_match(2, seed=3)
    while not over.is_over():
        over.apply("mazo" if "mazo" in over.legal_action_texts() else over.legal_actions()[0])
    with pytest.raises(tr.IllegalAction, match="the match is over"):
        over.apply("mazo", seat)
    for m in (scenario(SIN, [E33, E4]), v.new_match(2)):
        before = m.copy()
        with pytest.raises(SeatOutOfRange, match=f"there is no seat {seat}") as caught:
            m.apply(m.legal_actions()[0] if m.legal_actions() else "mazo", seat)
        assert isinstance(caught.value, tr.InvalidSeat) and isinstance(caught.value, tr.WrongPlayer)
        assert caught.value.seat == seat
        assert m == before


ARGENTINE = tr.get_variant("argentine")


# --------------------------------------------------------------------------- atomic apply
@attrs.frozen
class _FailingTable(StandardTable):
    """A third party's table whose mano rotation breaks after the first deal."""

    def next_mano(self, ctx: DealContext) -> int:
        if ctx.hand_no == 0:
            raise RuntimeError("broken next_mano")
        return super().next_mano(ctx)


def _play_until_error(m: tr.Match, rng_seed: int) -> tuple[tr.Match, BaseException]:
    rng = random.Random(rng_seed)
    while not m.is_over():
        legal = m.legal_actions()
        short = [a for a in legal if a.verb not in ("falta-envido", "contraflor-al-resto")]
        act = short[rng.randrange(len(short))]  # no bet that may end the match at once
        before, text = m.copy(), m.to_json()
        try:
            m.apply(act)
        except (RuntimeError, ZeroDivisionError) as exc:
            assert m == before and m.to_json() == text, "apply half-changed the match"
            assert m.legal_actions() == legal
            return m, exc
    raise AssertionError("the broken hook was never reached")


@pytest.mark.parametrize("seed", range(4))
def test_apply_is_atomic_when_a_table_hook_raises(seed: int) -> None:
    """Issue 10 item 7: a hook raising in the middle of ``apply`` (here ``Table.next_mano``,
    called after the hand was scored) leaves the match exactly as before the call."""
    v = ARGENTINE.derive("broken-table", "a broken table", table=_FailingTable(seat_counts=(2,)))
    m, exc = _play_until_error(v.new_match(seed=seed), seed)
    assert "next_mano" in str(exc)
    assert m.hand is not None and m.hand_no == 0 and not m.history


@attrs.frozen
class _FailingTricks(TrickRule):
    """A third party's trick rule that breaks when a second trick is decided."""

    def decide(self, results: Sequence[int]) -> int | None:
        if len(results) == 2:
            raise ZeroDivisionError("broken decide")
        return super().decide(results)


@pytest.mark.parametrize("seed", range(4))
def test_apply_is_atomic_when_a_trick_hook_raises(seed: int) -> None:
    v = ARGENTINE.derive("broken-tricks", "a broken trick rule", tricks=_FailingTricks())
    m, exc = _play_until_error(v.new_match(seed=seed), seed)
    assert isinstance(exc, ZeroDivisionError)
    assert m.hand is not None and len(m.hand.results) == 1


@attrs.define
class _Switch:
    on: bool = False


@attrs.frozen
class _BreaksForGood(TrickRule):
    """A third party's trick rule that is not pure: once ``switch`` is on, every decide()
    raises, the calls a replay makes of the tricks before included."""

    switch: _Switch = attrs.field(factory=_Switch, eq=False)

    def decide(self, results: Sequence[int]) -> int | None:
        if self.switch.on:
            raise ZeroDivisionError("broken for good")
        return super().decide(results)


def test_apply_is_atomic_when_an_impure_hook_raises_on_the_replay_too() -> None:
    """docs: apply is atomic even when a third-party hook raises. The match was restored by
    replaying its record, and a hook that also raised on the replay left it half-applied
    (the trick's card played, the action not recorded); a variant with a hook from outside
    the library now keeps a copy to undo with."""
    switch = _Switch()
    impure = _BreaksForGood(switch=switch)
    v = tr.get_variant(SIN).derive("impure", "an impure trick rule", tricks=impure)
    m = v.new_match(2, seed=3)
    while m.hand is not None and len(m.hand.results) < 1:  # trick 1 decided: a call made
        m.apply(next(a for a in m.legal_actions() if a.verb == "play" and not a.down))
    m.apply(next(a for a in m.legal_actions() if a.verb == "play" and not a.down))
    before, text = m.copy(), m.to_json()
    switch.on = True
    with pytest.raises(ZeroDivisionError):
        m.apply(next(a for a in m.legal_actions() if a.verb == "play" and not a.down))
    assert m.to_json() == text and m.position() == before.position()
    switch.on = False
    assert m == before
