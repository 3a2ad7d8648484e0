"""Hooks from outside the kernel that return what the kernel cannot use (docs/extending.md):
refused with a ProtocolError naming the hook and the method, when the variant is built (a
ranking) or at the action that asks them (a trick rule, a table), the match left as it was."""

from __future__ import annotations

import random

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import FixedRanking, StandardTable, TrickRule

BASE = tr.get_variant("argentine-sin-flor")


@attrs.frozen
class _Ranking:
    table: object
    turns_up_card: bool = False

    def strengths(self, turned: object, deck: object = ()) -> object:
        return self.table


@pytest.mark.parametrize(
    "table",
    [
        (0,) * 40,  # a face-up card as weak as a face-down one
        (1,) * 39,
        (1,) * 41,
        (1.5,) * 40,
        (True,) * 40,
        None,
        ("1",) * 40,
    ],
)
def test_a_ranking_that_gives_no_strength_table_is_refused_when_the_variant_is_built(
    table: object,
) -> None:
    """RULES §0.2, §1.2: every card has a trick strength of at least 1 (0 is a card face
    down)."""
    with pytest.raises(tr.ProtocolError, match=r"ranking\.strengths"):
        BASE.derive("x-bad-ranking", "x", ranking=_Ranking(table))
    with pytest.raises(tr.InvalidOption, match=r"ranking\.table"):
        FixedRanking(table)  # type: ignore[arg-type]


@attrs.frozen
class _BrokenDecide(TrickRule):
    gives: object = 7

    def decide(self, results):  # type: ignore[no-untyped-def]
        return None if len(results) < 2 else self.gives


@attrs.frozen
class _BrokenMano(StandardTable):
    gives: object = 5

    def next_mano(self, ctx):  # type: ignore[no-untyped-def]
        return self.gives


def _until_error(v: tr.Variant, method: str) -> None:
    m = v.new_match(2, seed=3)
    rng = random.Random(3)
    for _ in range(500):
        legal = [a for a in m.legal_actions() if a.verb == "play"] or m.legal_actions()
        action = rng.choice(legal)
        before = m.copy()
        try:
            m.apply(action)
        except tr.ProtocolError as e:
            assert method in str(e)
            assert m == before and m.to_json() == before.to_json()
            return
    pytest.fail("the broken hook was never asked")


@pytest.mark.parametrize("gives", [7, -5, "0", True, 1.0])
def test_a_trick_rule_that_decides_no_outcome_is_refused_at_the_trick(gives: object) -> None:
    """RULES §1.4: the tricks give the mano's side, the other side or nobody the hand."""
    _until_error(BASE.derive("x-bad-decide", "x", tricks=_BrokenDecide(gives=gives)), "decide")


@pytest.mark.parametrize("gives", [5, -1, True, 1.0])
def test_a_table_that_names_no_seat_for_the_next_mano_is_refused(gives: object) -> None:
    """RULES §2.3: the mano moves to a seat of the table."""
    _until_error(BASE.derive("x-bad-mano", "x", table=_BrokenMano(gives=gives)), "next_mano")


@attrs.frozen
class _BrokenEnvido(type(BASE.envido)):  # type: ignore[misc]
    gives: object = "33"

    def points_in(self, cards, context=None):  # type: ignore[no-untyped-def]
        return self.gives


@pytest.mark.parametrize("gives", ["33", -1, 2.5, None])
def test_an_envido_rule_that_counts_no_score_is_refused_when_the_envido_is_settled(
    gives: object,
) -> None:
    """RULES §2.6.1: an envido score is a whole number of points."""
    v = BASE.derive("x-bad-envido", "x", envido=_BrokenEnvido(gives=gives))
    m = v.new_match(2, seed=4)
    m.apply("envido")
    before = m.copy()
    with pytest.raises(tr.ProtocolError, match=r"envido\.points_in"):
        m.apply("quiero")
    assert m == before and m.to_json() == before.to_json()


FLOR_BASE = tr.get_variant("argentine")


def _broken_flor(gives: object) -> object:
    """A flor rule that counts a score as it should until a point is scored; then gives
    ``gives`` (kept off the fields, which derive() checks as option values)."""

    @attrs.frozen
    class _BrokenFlor(type(FLOR_BASE.flor)):  # type: ignore[misc]
        def points_in(self, cards, context=None):  # type: ignore[no-untyped-def]
            if context is not None and any(context.scores):
                return gives
            return super().points_in(cards, context)

    return _BrokenFlor()


@pytest.mark.parametrize("gives", ["33", -1, 2.5, True, 10_001])
def test_a_flor_rule_that_counts_no_score_is_refused_when_the_next_deal_starts(
    gives: object,
) -> None:
    """RULES §2.7.1: a flor's score is a whole number of points, or no flor at all (None).
    Any other answer was kept as the seat's flor and met later as a number."""
    v = FLOR_BASE.derive("x-bad-flor", "x", flor=_broken_flor(gives))
    m = v.new_match(2, seed=4)  # dealt at 0-0: the rule counts as it should
    before = m.copy()
    with pytest.raises(tr.ProtocolError, match=r"flor\.points_in"):
        m.apply("mazo")  # a point scored: the next deal asks the rule at 0-1
    assert m == before and m.to_json() == before.to_json()


@pytest.mark.parametrize(
    "changes",
    [
        {"table": object()},  # no Table: check_seats, plan... missing
        {"envido": "yes"},
        {"ladder": None},  # not an optional slot
        {"aliases": "quince"},  # a lone string: six one-letter aliases
        {"aliases": ("ok", 3)},
    ],
)
def test_a_slot_or_alias_of_the_wrong_kind_is_refused_when_the_variant_is_built(
    changes: dict[str, object],
) -> None:
    """docs/extending.md: a variant is built from hooks. A slot holding no hook of its kind
    was accepted and failed later with an AttributeError (new_match, or the first lookup),
    and aliases given as one string registered each letter."""
    with pytest.raises(tr.InvalidType):
        BASE.derive("kinds", "wrong kinds", **changes)
    with pytest.raises(tr.InvalidType):
        BASE.derive(5, "a name that is no text")  # type: ignore[arg-type]
    assert BASE.derive("kinds", "a list", aliases=["kinds-x"]).aliases == ("kinds-x",)


def test_an_option_declared_badly_is_refused_where_it_is_declared() -> None:
    """docs/extending.md: option names are unique in a variant, and an option is data. Two
    hooks declaring one name ended in a bare ValueError; an option with neither choices nor
    check in an assert (gone under python -O); a list default was shared by every hook and
    made the variant unhashable; a check that raises on a value of another kind let its
    TypeError out of with_options."""
    from truco_rules.hooks import option

    @attrs.frozen
    class Targeted(StandardTable):
        target: int = option(5, "a second target", check=lambda v: v > 2, allowed="> 2")

    with pytest.raises(tr.ProtocolError, match="'target'"):
        BASE.derive("clash", "two targets", table=Targeted())
    with pytest.raises(TypeError, match="choices"):
        option(3, "neither choices nor check")
    with pytest.raises(TypeError, match="immutable"):
        option([1, 2], "a list", check=lambda v: True, allowed="anything")

    @attrs.frozen
    class Counted(StandardTable):
        extra_seats: int = option(3, "a count", check=lambda v: v > 2, allowed="> 2")

    v = BASE.derive("counted", "an option whose check raises on text", table=Counted())
    with pytest.raises(tr.InvalidOption):
        v.with_options(extra_seats="x")
    assert v.with_options(extra_seats=4).table.extra_seats == 4  # type: ignore[attr-defined]


def test_an_alias_that_names_another_option_is_refused() -> None:
    """An alias that is another option's name made that option unreachable (with_options()
    read the name as the alias), and one alias of two options went to the last declared."""
    from truco_rules.hooks import option

    @attrs.frozen
    class Hiding(StandardTable):
        seats_kept: int = option(
            3, "a count", check=lambda v: v > 2, allowed="> 2", aliases=("target",)
        )

    with pytest.raises(tr.ProtocolError, match="'target'"):
        BASE.derive("hiding", "an alias on another option's name", table=Hiding())

    @attrs.frozen
    class Twice(StandardTable):
        one: int = option(3, "a count", check=lambda v: v > 2, allowed="> 2", aliases=("x",))
        two: int = option(3, "a count", check=lambda v: v > 2, allowed="> 2", aliases=("x",))

    with pytest.raises(tr.ProtocolError, match="'x'"):
        BASE.derive("twice", "one alias, two options", table=Twice())

    @attrs.frozen
    class Own(StandardTable):
        one: int = option(3, "a count", check=lambda v: v > 2, allowed="> 2", aliases=("one",))

    assert BASE.derive("own", "an alias that is its own name", table=Own()).option_name("one")


def test_an_option_value_a_record_cannot_write_is_named() -> None:
    """Records are JSON: an option value JSON cannot write ended to_json() in a bare
    TypeError from the json module."""
    from truco_rules.hooks import option

    @attrs.frozen
    class Anything(StandardTable):
        thing: object = option(None, "anything", check=lambda v: True, allowed="anything")

    from truco_rules.rules import registry

    v = BASE.derive("anything-goes", "any value", table=Anything())
    tr.register_variant(v, replace=True)
    try:
        m = v.with_options(thing=object()).new_match(2, seed=1)
        with pytest.raises(tr.InvalidRecord, match="thing="):
            m.to_json()
        with pytest.raises(tr.InvalidRecord, match="thing="):
            m.to_text()
    finally:
        registry._REGISTRY.pop("anything-goes", None)


def test_points_a_ladder_or_envido_hook_gives_are_checked_when_the_variant_is_built() -> None:
    """docs/extending.md: a hook that returns what the kernel cannot use is a ProtocolError
    naming it. An envido worth '2' ended the quiero in a bare TypeError, one worth -5 scored
    nothing without a word, and a ladder refusal worth 'one' ended going to the deck in a
    TypeError; the points of every bet are fixed, so the variant is refused when built."""
    from truco_rules.hooks import EnvidoRules

    @attrs.frozen
    class TextEnvido(EnvidoRules):
        def accepted(self, chain: object, falta: object) -> int:
            return "2"  # type: ignore[return-value]

    @attrs.frozen
    class OwingEnvido(EnvidoRules):
        def refused(self, chain: object) -> int:
            return -5

    ladder_kind = type(BASE.ladder)

    @attrs.frozen
    class WordyLadder(ladder_kind):  # type: ignore[valid-type,misc]
        def refused(self, level: int) -> int:
            return "one"  # type: ignore[return-value]

    from truco_rules.hooks import FlorRules

    @attrs.frozen
    class TextFlor(FlorRules):
        def uncontested(self, count: int) -> int:
            return "3"  # type: ignore[return-value]

    with pytest.raises(tr.ProtocolError, match=r"flor\.uncontested"):
        tr.get_variant("argentine").derive("points", "bad flor", flor=TextFlor())
    for changes, where in [
        ({"envido": TextEnvido()}, "envido.accepted"),
        ({"envido": OwingEnvido()}, "envido.refused"),
        ({"ladder": WordyLadder()}, "ladder.refused"),
    ]:
        with pytest.raises(tr.ProtocolError, match=where):
            BASE.derive("points", "bad points", **changes)  # type: ignore[arg-type]


def test_a_table_plan_or_deck_order_of_the_wrong_kind_is_named() -> None:
    """docs/extending.md: a table's plan() gives a DealPlan and a deck's shuffled() the
    deck's cards; None and a list of texts ended new_match in an AttributeError."""
    from truco_rules.hooks import DeckRule

    @attrs.frozen
    class NoPlan(StandardTable):
        def plan(self, ctx: object) -> object:
            return None

    @attrs.frozen
    class TextDeck(DeckRule):
        def shuffled(self, rng: object, needed: object = None) -> list[object]:
            return ["1E"] * 40

    with pytest.raises(tr.ProtocolError, match=r"table\.plan"):
        BASE.derive("no-plan", "a table with no plan", table=NoPlan()).new_match(2, seed=1)
    with pytest.raises(tr.ProtocolError, match=r"deck\.shuffled"):
        BASE.derive("text-deck", "a deck of texts", deck=TextDeck()).new_match(2, seed=1)


def test_a_ranking_whose_table_goes_bad_mid_match_is_refused_at_the_next_contest() -> None:
    """A ranking from outside is asked again at every contest: one that gave a sound table
    as the variant was built and at the first deal, then none, was taken by the action that
    started the next contest, and every later card failed in a bare IndexError that no
    retry could get past. The action that asked it is refused and the match kept."""
    broken = [False]

    class FlakyRanking(FixedRanking):
        def strengths(self, turned: object, deck: object = ()) -> object:  # type: ignore[override]
            return () if broken[0] else super().strengths(turned)  # type: ignore[arg-type]

    v = BASE.derive("flaky", "a ranking that breaks", ranking=FlakyRanking(BASE.ranking.table))
    m = v.new_match(2, seed=1)
    broken[0] = True
    with pytest.raises(tr.ProtocolError, match=r"ranking\.strengths"):
        while not m.history:
            before = m.to_json()
            m.apply(next(a for a in m.legal_actions() if a.verb == "play"))
    assert m.to_json() == before and not m.history
    broken[0] = False  # mended: the same action plays on
    m.apply(next(a for a in m.legal_actions() if a.verb == "play"))
