"""The shapes of a variant's hooks, checked as the variant is built (docs/extending.md): a
deck, a table's seat counts and an envido hook's chains that the kernel cannot deal or
play from are refused naming the slot; the stock hooks' fields refuse a wrong Python type
as a TypeError too; a side bet may not take a verb of the kernel's, even one the variant
has not switched on; and the registry's ``replace`` flags are what they say."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import attrs
import pytest

import truco_rules as tr
from truco_rules.core.cards import DECK
from truco_rules.hooks import (
    DealContext,
    DealPlan,
    DeckRule,
    EnvidoRules,
    FixedRanking,
    SideBet,
    StandardTable,
)
from truco_rules.rules import registry
from truco_rules.side_bet import VerbInUse

BASE = tr.get_variant("argentine-sin-flor")
ARGENTINE = tr.get_variant("argentine")


@pytest.mark.parametrize("count", [0, 5, 17])
def test_a_deck_too_small_for_the_tables_largest_deal_is_refused(count: int) -> None:
    """A deck of five cards dealt two to one seat and three to the other and played on; an
    empty one dealt no card and still offered truco. Argentine truco seats six: 18 cards."""
    cards = DECK[:count]
    if count == 0:  # the stock deck refuses it at once
        with pytest.raises(tr.InvalidOption, match=r"deck\.cards"):
            DeckRule(cards=cards)
        return
    with pytest.raises(tr.ProtocolError, match=r"deck\.cards.*takes 18"):
        ARGENTINE.derive("small", "a small deck", deck=DeckRule(cards=cards))
    ok = ARGENTINE.derive("small", "a small deck", deck=DeckRule(cards=DECK[:18]))
    m = ok.new_match(6, seed=1)
    assert m.hand is not None and all(len(h) == 3 for h in m.hand.dealt)


def test_the_stock_deck_refuses_cards_twice_or_of_another_type() -> None:
    with pytest.raises(tr.InvalidOption, match=r"deck\.cards"):
        DeckRule(cards=(DECK[0],) * 40)  # three 1E to each seat, flores offered
    assert DeckRule(cards=list(DECK)).cards == DECK  # a list is taken as its tuple
    for given in [(1, 2, 3), [1, 2, 3], ("1E",) * 40, "1E 2E 3E"]:
        with pytest.raises(tr.InvalidOptionType) as caught:
            DeckRule(cards=given)  # type: ignore[arg-type]
        assert isinstance(caught.value, TypeError)
    with pytest.raises(TypeError):
        DeckRule(notation="spanish")  # type: ignore[arg-type]


@attrs.frozen
class _Deck:
    """A deck from outside the library, holding what it is given."""

    cards: object
    notation: object = DeckRule().notation

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[object]:
        return list(self.cards)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "deck",
    [
        _Deck((DECK[0],) * 40),
        _Deck(tuple(range(40))),
        _Deck("1E 2E 3E"),
        _Deck(DECK, notation="spanish"),
    ],
)
def test_a_deck_from_outside_with_cards_twice_or_no_cards_is_refused(deck: _Deck) -> None:
    with pytest.raises(tr.ProtocolError, match=r"deck\.(cards|notation)"):
        BASE.derive("odd-deck", "an odd deck", deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("counts", [(1,), (), (2, 2), (2, 4.0), [2, 2], (0, 2), "24"])
def test_seat_counts_the_kernel_cannot_seat_are_refused(counts: object) -> None:
    with pytest.raises(tr.ProtocolError, match=r"table\.seat_counts"):
        BASE.derive("odd-table", "odd seats", table=StandardTable(seat_counts=counts))  # type: ignore[arg-type]


def test_a_deck_too_small_for_the_first_deals_cards_to_put_aside_is_refused() -> None:
    """The gallo deals its mano a fourth card to put aside: three seats take 10 cards, and a
    deck of 9 is refused as the variant is built (a match dealt by chance stopped with no
    legal action, nothing left to deal)."""
    table = attrs.evolve(ARGENTINE.table, seat_counts=(3,))
    with pytest.raises(tr.ProtocolError, match=r"deck\.cards.*takes 10"):
        ARGENTINE.derive("tiny-gallo", "9 cards", table=table, deck=DeckRule(cards=DECK[:9]))


@attrs.frozen
class _LaterExtra(StandardTable):
    """A table that deals its mano a card to put aside from the second deal on."""

    def plan(self, ctx: DealContext) -> DealPlan:
        plan = super().plan(ctx)
        return attrs.evolve(plan, extra_cards=(ctx.mano,)) if ctx.hand_no >= 1 else plan

    @property
    def deals_extra_cards(self) -> bool:
        return True


def test_a_later_deal_the_deck_cannot_make_is_refused_as_it_is_dealt() -> None:
    """Six cards deal the first contest of two seats but not the second's card to put aside:
    the action that ends the first contest is refused (seeded: deck.shuffled; by chance:
    deck.cards) and the match kept."""
    v = BASE.derive(
        "later", "later extra", table=_LaterExtra(seat_counts=(2,)), deck=DeckRule(cards=DECK[:6])
    )
    for start in ({"seed": 1}, {}):
        m = v.new_match(2, **start)
        while m.is_chance_node():
            m.apply(m.chance_outcomes()[0][0])
        with pytest.raises(tr.ProtocolError, match=r"deck\.(shuffled|cards).*takes 7"):
            while not m.history:
                before = m.to_json()
                m.apply("mazo" if "mazo" in m.legal_action_texts() else m.legal_actions()[0])
        assert m.to_json() == before


def test_seat_counts_and_envido_chains_may_be_lists() -> None:
    """A list of seat counts, and chains as a list of tuples, played before the checks."""

    @attrs.frozen
    class ListChains(EnvidoRules):
        def chains(self) -> frozenset[tuple[str, ...]]:
            return list(super().chains())  # type: ignore[return-value]

    v = BASE.derive("lists", "lists", table=StandardTable(seat_counts=[2, 4]), envido=ListChains())  # type: ignore[arg-type]
    m = v.new_match(4, seed=1)
    assert v.seat_counts == (2, 4) and "real-envido" in m.legal_action_texts()


@pytest.mark.parametrize(
    "chains",
    [
        [["envido"], ["envido", "envido"]],  # lists: the envido silently gone
        frozenset({("envido",), ("bogus",)}),  # a bare KeyError before
        frozenset({("envido",), ("truco",)}),
        frozenset({("envido", "envido")}),  # its beginning missing
        frozenset({()}),
        "envido",
    ],
)
def test_envido_chains_the_kernel_cannot_play_are_refused(chains: object) -> None:
    @attrs.frozen
    class Chains(EnvidoRules):
        def chains(self) -> frozenset[tuple[str, ...]]:
            return chains  # type: ignore[return-value]

    with pytest.raises(tr.ProtocolError, match=r"envido\.chains"):
        BASE.derive("odd-envido", "odd chains", envido=Chains())


def test_envido_chains_of_a_hook_that_plays_fewer_bets_are_taken() -> None:
    @attrs.frozen
    class OnlyEnvido(EnvidoRules):
        def chains(self) -> frozenset[tuple[str, ...]]:
            return frozenset({("envido",)})

    v = BASE.derive("one-envido", "one envido", envido=OnlyEnvido())
    m = v.new_match(2, seed=1)
    m.apply("envido")
    assert "real-envido" not in m.legal_action_texts()
    assert "quiero" in m.legal_action_texts()


@pytest.mark.parametrize("verb", ["paso", "truco", "envido", "accept-hand", "quiero"])
def test_a_side_bet_may_not_take_a_verb_of_the_kernel(verb: str) -> None:
    """``paso`` was taken by a bet while the variant had no answer_pass, and the house rule
    that switches it on then failed with a bare ValueError."""

    @attrs.frozen
    class Taker(SideBet):  # type: ignore[type-arg]
        name = "taker"
        verbs = (verb,)

    with pytest.raises(VerbInUse, match=f"'{verb}'") as caught:
        BASE.derive("taker", "a bet on a kernel verb", side_bets=(Taker(),))
    error = caught.value
    assert isinstance(error, tr.ProtocolError) and isinstance(error, ValueError)
    assert (error.hook, error.method, error.verb) == ("side bet 'taker'", "verbs", verb)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("values", [1, 2, 3, 4]),
        ("values", (1, 2.0, 3, 4)),
        ("names", ["truco", "retruco", "vale-cuatro"]),
    ],
)
def test_ladder_fields_of_the_wrong_type_are_type_errors(field: str, value: object) -> None:
    with pytest.raises(tr.InvalidOptionType, match=rf"ladder\.{field}") as caught:
        attrs.evolve(ARGENTINE.ladder, **{field: value})
    assert isinstance(caught.value, TypeError)


def test_a_ranking_table_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(tr.InvalidOptionType):
        FixedRanking(list(range(1, 41)))  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidOptionType):
        FixedRanking(tuple(float(x) for x in range(1, 41)))  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidOption) as caught:
        FixedRanking(tuple(range(1, 40)))  # a value, not a type
    assert not isinstance(caught.value, TypeError)


@pytest.fixture
def registry_kept() -> Iterator[None]:
    """The registry, the presets added and their caches as they were before the test."""
    from truco_rules.rules import presets as presets_module

    kept = dict(registry._REGISTRY), dict(registry._ALIASES)
    added = {k: dict(v) for k, v in presets_module._ADDED.items()}
    yield
    registry._REGISTRY.clear()
    registry._REGISTRY.update(kept[0])
    registry._ALIASES.clear()
    registry._ALIASES.update(kept[1])
    presets_module._ADDED.clear()
    presets_module._ADDED.update(added)
    registry._PRESET_CACHE.clear()


def test_register_preset_replace_is_a_bool(registry_kept: None) -> None:
    """replace="no" replaced the preset."""
    tr.register_preset("argentine", tr.Preset("house-check", {"target": 20}))
    with pytest.raises(tr.InvalidType, match="replace"):
        tr.register_preset("argentine", tr.Preset("house-check", {"target": 21}), replace="no")  # type: ignore[arg-type]
    assert tr.get_variant("argentine@house-check").options()["target"] == 20


def test_a_replacing_variant_takes_only_its_own_aliases(registry_kept: None) -> None:
    """The replaced variant's alias went on naming the new variant, which does not declare
    it."""
    tr.register_variant(BASE.derive("house-a", "first", aliases=("ha",)))
    tr.register_variant(BASE.derive("house-a", "second"), replace=True)
    with pytest.raises(tr.UnknownVariant):
        tr.get_variant("ha")
    tr.register_variant(BASE.derive("house-b", "another", aliases=("ha",)))  # free again
    assert tr.get_variant("ha").name == "house-b"


def test_a_nan_option_is_named_as_a_value_a_record_cannot_write(registry_kept: None) -> None:
    """A NaN option made the variant unequal to itself, and the record refused it as
    'not the one registered under that name'."""
    from truco_rules.hooks import option

    @attrs.frozen
    class Floaty(StandardTable):
        ratio: float = option(0.5, "a ratio", check=lambda v: type(v) is float, allowed="a float")

    tr.register_variant(BASE.derive("floaty", "a float option", table=Floaty()))
    m = tr.get_variant("floaty").with_options(ratio=math.nan).new_match(2, seed=1)
    for write in (m.to_json, m.to_text, m.position):
        with pytest.raises(tr.InvalidRecord, match=r"ratio=nan.*cannot write"):
            write()
