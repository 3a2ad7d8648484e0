"""Choice options are read through decision methods that a subclass can extend (issue 15):
a new choice either has a meaning given by an overridden method, or building the variant
fails with UnhandledChoice; it never acts silently as another value."""

from __future__ import annotations

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import BetLadder, FlorRules, StandardTable, option
from truco_rules.match import deal_order
from truco_rules.options import check_decisions
from truco_rules.scoring import MatchRule
from truco_rules.sidebets import EnvidoRules
from truco_rules.special import SpecialHands


@attrs.frozen
class LateFlor(FlorRules):
    flor_declaration: str = option(
        "late",
        "automatic, manual_with_penalty or late",
        choices=("automatic", "manual_with_penalty", "late"),
    )


@attrs.frozen
class LateFlorAsAutomatic(LateFlor):
    def sung_automatically(self) -> bool:
        return self.flor_declaration in ("automatic", "late")


def test_a_new_choice_without_a_meaning_fails_when_the_variant_is_built() -> None:
    v = tr.get_variant("argentine")
    with pytest.raises(tr.UnhandledChoice) as err:
        v.derive("argentine-late", "late flor", flor=LateFlor())
    assert err.value.option == "flor_declaration" and err.value.method == "sung_automatically"
    assert "override sung_automatically()" in str(err.value)
    assert isinstance(err.value, NotImplementedError) and isinstance(err.value, tr.TrucoError)


def test_a_new_choice_with_an_overridden_method_plays() -> None:
    """RULES §2.7.2: with the new value meaning 'automatic', a flor is sung by the rules."""
    v = tr.get_variant("argentine").derive(
        "argentine-late", "late flor", flor=LateFlorAsAutomatic()
    )
    m = v.new_match(2, deals=[deal_order(v, ["1E 7E 4E", "4C 5O 6B"])])
    assert m.hand is not None and m.hand.flor_sung == [0]


@pytest.mark.parametrize(
    "hook",
    [BetLadder(), EnvidoRules(), FlorRules(), SpecialHands(), MatchRule()],
    ids=lambda h: type(h).__name__,
)
def test_every_stock_decision_resolves(hook: object) -> None:
    decisions = type(hook).DECISIONS  # type: ignore[attr-defined]
    assert decisions
    check_decisions(hook)
    for name in decisions:
        assert getattr(hook, name)() is not None


def test_every_built_in_variant_value_has_a_meaning() -> None:
    for name in tr.variant_names():
        v = tr.get_variant(name)
        for slot in ("ladder", "envido", "flor", "special", "match"):
            hook = getattr(v, slot)
            if hook is not None:
                check_decisions(hook)


@pytest.mark.parametrize(
    ("option", "value", "method", "expected"),
    [
        ("truco_call_timing", "own_turn", "calls_any_time", False),
        ("raise_cap", "trailing_side_needs", "caps_raises", True),
        ("ladder_refusal", "every_opponent", "refusal_passes_to_partner", True),
        ("envido_caller", "pie_only", "pie_only", True),
        ("envido_declaration", "declared_with_penalty", "declared", True),
        ("envido_declaration_order", "last_raiser_first", "last_raiser_states_first", True),
        ("mazo_envido_bonus", "never", "mazo_bonus_before_first_card", False),
        ("flor_declaration", "manual_with_penalty", "sung_automatically", False),
        ("flor_duel_mode", "three_to_best", "duel", "best_scores"),
        ("unsung_flor", "sing_or_mazo", "must_sing_or_leave", True),
        ("score_timing", "end_of_hand", "credits_at_once", False),
        ("simultaneous_finish", "envido_team_wins", "envido_side_wins_tie", True),
    ],
)
def test_decisions_follow_the_options(
    option: str, value: str, method: str, expected: object
) -> None:
    v = tr.get_variant("argentine").with_options(**{option: value})
    slot = v.option_info()[option]["hook"]
    assert getattr(getattr(v, slot), method)() == expected


@pytest.mark.parametrize(
    ("option", "value", "method", "expected"),
    [
        ("mao_de_x_truco_call", "caller_loses_game", "call_forbidden_outright", False),
        ("mao_de_x_decision", "pe_decides", "any_partner_accepts", False),
        ("iron_hand_blind", "partner_cards_hidden_only", "iron_blind", False),
    ],
)
def test_special_hand_decisions_follow_the_options(
    option: str, value: str, method: str, expected: object
) -> None:
    v = tr.get_variant("mineiro").with_options(**{option: value})
    assert getattr(v.special, method)() == expected


@attrs.frozen
class HalfPlusTwo(MatchRule):
    buenas_from: str = option(
        "half+2", "half+1, half or half+2", choices=("half+1", "half", "half+2")
    )


@attrs.frozen
class DealerStays(StandardTable):
    mano_rotation: str = option(
        "dealer_stays",
        "with_play, against_play or dealer_stays",
        choices=("with_play", "against_play", "dealer_stays"),
    )


@pytest.mark.parametrize(
    ("slot", "hook", "method"),
    [("match", HalfPlusTwo(), "buenas_offset"), ("table", DealerStays(), "mano_step")],
)
def test_new_choices_of_the_score_and_the_table_fail_when_built(
    slot: str, hook: object, method: str
) -> None:
    with pytest.raises(tr.UnhandledChoice) as err:
        tr.get_variant("argentine").derive("argentine-x", "x", **{slot: hook})
    assert err.value.method == method


@attrs.frozen
class PieOnlyAlways(EnvidoRules):
    def pie_only(self) -> bool:
        stock = super().pie_only()  # zero-argument super() in a subclass of a frozen hook
        return not stock


def test_an_override_may_call_super_and_answers_per_object() -> None:
    """A decision method overridden in a subclass (with zero-argument super()) answers for
    its own objects, even after the stock method answered for an equal-looking stock hook."""
    stock = EnvidoRules()
    assert stock.pie_only() is False
    v = tr.get_variant("argentine").derive("argentine-pie", "pie", envido=PieOnlyAlways())
    assert v.envido is not None and v.envido.pie_only() is True
    assert stock.pie_only() is False


def test_french_actions_keep_their_notation_through_apply_and_apply_id() -> None:
    """Issue 14: the variant's notation everywhere, also in what a match records."""
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=3)
    act = next(a for a in m.legal_actions() if a.card is not None)
    m.apply(act)
    assert m.actions[-1][1] is act and str(act) == v.format_action(act)
    plays = [i for i in m.legal_action_ids() if v.action_from_id(i).card is not None]
    m.apply_id(plays[0])
    shown = m.actions[-1][1]
    assert repr(shown).endswith(", FRENCH)") and str(shown) == v.format_action(shown)


def test_a_pickled_spanish_match_keeps_handing_out_the_shared_actions() -> None:
    import pickle

    m = pickle.loads(pickle.dumps(tr.get_variant("argentine").new_match(2, seed=3)))
    first = m.legal_actions()[0]
    assert first.notation is None and repr(first).startswith("Action.parse('play ")
