"""House variants composed from the hooks of different families (DESIGN §2): an Argentine
game with the Brazilian hand of 11 (RULES §5.7 with §2.8.3), and the Argentine gallo with
Paulista's turned card (RULES §2.12.2 with §5.2)."""

from __future__ import annotations

from conftest import scenario

import truco_rules as tr
from truco_rules.hooks import SpecialHands


def test_forbidden_call_after_an_immediate_envido_credit_counts_it() -> None:
    """RULES §5.7 (D23) composed with §2.6 (envido credited at once, §2.8.3): a house variant
    that adds the hand of 11 to Argentine truco. After side 0 is credited an envido in the
    special hand, a forbidden truco by side 1 gives side 0 exactly what it still lacks."""
    from conftest import scenario

    from truco_rules.hooks import SpecialHands

    house = tr.get_variant("argentine-sin-flor").derive(
        "argentine-onze",
        "Sin flor with a hand of 29 whose forbidden truco loses the game.",
        special=SpecialHands(lacking=1, mao_de_x_truco_call="caller_loses_game"),
    )
    m = scenario(
        house,
        ["7E 6E 4B", "4C 5O 12B"],
        ["1:accept-hand", "0:envido", "1:quiero", "0:play 4B", "1:truco"],
        scores=(10, 29),
    )
    h = m.history[0]
    assert h.events == ((0, 2, "envido"), (0, 18, "forbidden call"))
    assert m.chicos == (1, 0) and m.is_over()


SIN = "argentine-sin-flor"


def test_s5_7_forbidden_call_after_an_envido_credit_to_side_1_counts_it() -> None:
    """RULES §5.7 (D23) with §2.8.3 (envido credited at once), mirrored: in a house variant
    with a hand of 29, side 1 (the mano's opponents) is credited an envido, then side 0 makes
    a forbidden truco: side 1 scores exactly what it still lacks, counting that envido."""
    house = tr.get_variant(SIN).derive(
        "argentine-onze-mirror",
        "Sin flor with a hand of 29 whose forbidden truco loses the game.",
        special=SpecialHands(lacking=1, mao_de_x_truco_call="caller_loses_game"),
    )
    m = scenario(
        house,
        ["4C 5O 12B", "7E 6E 4B"],
        ["0:accept-hand", "0:envido", "1:quiero", "0:play 4C", "1:play 4B", "0:truco"],
        scores=(29, 10),
    )
    h = m.history[0]
    assert h.events == ((1, 2, "envido"), (1, 18, "forbidden call"))
    assert m.score[1] == 30 and m.winner() == 1


def test_s2_12_2_with_a_vira_the_card_turned_up_follows_the_gallo_s_fourth() -> None:
    """RULES §2.12.2 (gallo_extra_card) composed with §5.2 (a vira): a house variant that
    plays the Argentine gallo with Paulista's turned-up card deals nine cards, then the
    gallo's fourth (card 10), and turns up the next one (card 11)."""
    base = tr.get_variant(SIN)
    v = base.derive("gallo-vira", "Gallo with a vira.", ranking=tr.get_variant("paulista").ranking)
    order = list(base.deck.cards)
    m = v.new_match(3, deals=[order], mano=1)
    assert m.current_player() == 0  # the gallo, about to discard
    assert tr.Action.discard(order[9]) in m.legal_actions()  # the fourth card
    assert m.turned == order[10]
