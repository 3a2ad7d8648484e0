"""Two rules miniTruco plays, as options of the Brazilian variants (issue 24).

* ``facedown_one_per_side`` (RULES §5.5, §6.5): a side plays at most one face-down card in a
  trick; a player whose partner already played face down in it must play face up
  (miniTruco ``PartidaLocal.isPodeFechada``; its in-app help: "apenas um integrante da dupla
  pode fazer isso").
* ``iron_hand_value`` (RULES §5.7, §6.6): the iron hand (11-11 Paulista, 10-10 Mineiro) is
  worth the fixed value the rules record (3 / 4), or, as miniTruco scores it, an ordinary
  hand's worth without calls (1 / 2: ``Modo.valorInicialDaMao``).

Both defaults are unchanged; each option is tested at 2 and 4 seats.
"""

from __future__ import annotations

import random

import attrs
import pytest
from conftest import scenario, unchanged_after

import truco_rules as tr
from truco_rules.comparison import compare_table
from truco_rules.hooks import MANO
from truco_rules.tricks import certain_outcome

SEEN = {"iron_hand_blind": "partner_cards_hidden_only"}  # miniTruco: players see their cards
ONE = {"facedown_one_per_side": True}

# The example: Paulista, 4 seats, 11-11, mão seat 1, vira 7c (queens are manilhas)
HANDS = ["6c Jd 2d", "4c Kc 4h", "Qc Js 5d", "7d 5c 2c"]
BEFORE = ["1:play Kc", "2:play Js", "3:play 5c", "0:play 6c", "1:play 4h down", "2:play Qc"]


def downs(m: tr.Match, seat: int | None = None) -> list[str]:
    return [t for t in m.legal_action_texts(seat) if t.endswith(" down")]


# =============================================================================================
# facedown_one_per_side (RULES §5.5, §6.5)
# =============================================================================================


def test_s5_5_facedown_one_per_side_default_allows_the_partners_second_card() -> None:
    """RULES §5.5 (default False): after ``1:4h down 2:Qc`` in trick 2 seat 3, partner of
    seat 1, may still play ``2c down`` (the issue's example)."""
    m = scenario("paulista", HANDS, BEFORE, mano=1, scores=(11, 11), options=SEEN, turned="7c")
    assert m.observation(3).special == "iron"
    assert downs(m, 3) == ["play 7d down", "play 2c down"]
    m.apply("play 2c down", 3)
    assert m.observation(0).current.public_log[-1] == (3, "play down")


def test_s5_5_facedown_one_per_side_refuses_the_partners_second_card_4_seats() -> None:
    """RULES §5.5 with ``facedown_one_per_side=True`` (miniTruco): seat 3 may not play
    ``2c down`` after his partner's face-down 4h; the refusal says why and changes nothing;
    the other side (seat 0) may still hide a card in the same trick."""
    opts = {**SEEN, **ONE}
    m = scenario("paulista", HANDS, BEFORE, mano=1, scores=(11, 11), options=opts, turned="7c")
    assert m.legal_action_texts(3) == ["play 7d", "play 2c", "mazo"]
    unchanged_after(m, "play 2c down", 3, tr.IllegalAction)
    with pytest.raises(tr.IllegalAction, match="partner already played face down"):
        m.apply("play 2c down", 3)
    m.apply("play 2c", 3)
    assert downs(m, 0) == ["play Jd down", "play 2d down"]  # seat 0's partner played face up
    m.apply("play 2d down", 0)
    assert m.hand is not None and m.hand.trick_no == 2  # trick 2 is over (0-based count)
    assert m.history == [] and m.current_player() == 2  # Qc took trick 2


def test_s6_5_facedown_one_per_side_mineiro_4_seats() -> None:
    """RULES §6.5 with ``facedown_one_per_side=True``: the same in Mineiro (fixed manilhas):
    seat 0 wins trick 1, hides a card in trick 2, and his partner seat 2 must play face up;
    without the option he may hide one too."""
    hands = ["4c 5s 6s", "Kh 5h 6h", "Qc Qd Jd", "Jh Js Jc"]
    before = ["0:play 4c", "1:play Kh", "2:play Qc", "3:play Jh", "0:play 5s down", "1:play 5h"]
    m = scenario("mineiro", hands, before)
    assert downs(m, 2) == ["play Qd down", "play Jd down"]
    m = scenario("mineiro", hands, before, options=ONE)
    assert downs(m, 2) == []
    unchanged_after(m, "play Qd down", 2, tr.IllegalAction)
    m.apply("play Qd", 2)
    assert downs(m, 3) == ["play Js down", "play Jc down"]  # side 1 hid nothing yet


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_s5_5_facedown_one_per_side_2_seats_no_partner(variant: str) -> None:
    """RULES §5.5, §6.5: with 2 seats a side is one player, who plays one card a trick, so
    the option changes nothing: after the opponent's face-down card the other may hide his
    too, and on random games every legal action is the same with and without it."""
    hands = ["3s 4d 5d", "2s 6d 7s"]  # 3 beats 2 in both rankings (vira Kd: aces are manilhas)
    turned = "Kd" if variant == "paulista" else None
    before = ["0:play 3s", "1:play 2s", "0:play 4d down"]
    m = scenario(variant, hands, before, options=ONE, turned=turned)
    assert downs(m, 1) == ["play 6d down", "play 7s down"]
    base = tr.get_variant(variant)
    strict = base.with_options(**ONE)
    rng = random.Random(24)
    checked = 0
    for game in range(40):
        a = base.new_match(2, seed=game)
        b = strict.new_match(2, seed=game)
        while not a.is_over() and len(a.history) < 3:
            legal = a.legal_action_texts()
            assert legal == b.legal_action_texts()
            checked += any(t.endswith(" down") for t in legal)
            move = rng.choice(legal)
            a.apply(move)
            b.apply(move)
        assert a.score == b.score
    assert checked > 0  # face-down plays were on offer


def test_s1_4_certain_outcome_knows_the_partner_must_play_face_up() -> None:
    """RULES §1.4 with ``end_when_certain`` and §5.5 ``facedown_one_per_side``: trick 3 after
    a split; seat 0 hid his card, his partner seat 2 holds the best card. Free to hide it too,
    seat 2 could lose the trick (not certain); made to play it face up, his side wins."""
    rule = tr.get_variant("paulista").tricks
    args = (
        [MANO, 1],
        [(0, 0)],
        [1, 2, 3],
        {0: (), 1: (5,), 2: (9,), 3: (3,)},
        [0, 1, 2, 3],
        [0, 1, 0, 1],
        0,
    )
    assert certain_outcome(rule, *args) is None
    assert certain_outcome(attrs.evolve(rule, facedown_one_per_side=True), *args) == MANO


# =============================================================================================
# iron_hand_value (RULES §5.7, §6.6)
# =============================================================================================

IRON = {
    # variant: (scores, a hand side 1 wins outright, in play order from seat 0 at 2 seats)
    "paulista": ((11, 11), ["4d 5d 6d", "Qc Qh Qs"], "7c"),
    "mineiro": ((10, 10), ["4d 5d 6d", "4c 7h As"], None),
}


def _iron_hand(variant: str, seats: int, value: str) -> tr.Match:
    scores, (weak, strong), turned = IRON[variant]
    v = tr.get_variant(variant, {**SEEN, "iron_hand_value": value})
    hands = [weak, strong] if seats == 2 else [weak, strong, *_spare(v, weak, strong, turned)]
    m = v.new_match(seats, deals=[tr.deal_order(v, hands, 0, turned)], mano=0, scores=scores)
    assert m.observation(0).special == "iron"
    while not m.history:
        s = m.current_player()
        m.apply(sorted(t for t in m.legal_action_texts() if t.startswith("play"))[0], s)
    return m


def _spare(v: tr.Variant, weak: str, strong: str, turned: str | None) -> list[str]:
    """Two hands of low plain cards for the partners at 4 seats."""
    used = {v.card(c) for c in f"{weak} {strong}".split()} | ({v.card(turned)} if turned else set())
    low = [c for c in v.deck.cards if c not in used and c.rank in (4, 5, 6)]
    return [" ".join(v.format_card(c) for c in low[i * 3 : i * 3 + 3]) for i in range(2)]


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize(
    "variant,value,points",
    [
        ("paulista", "fixed", 3),
        ("paulista", "unbet", 1),
        ("mineiro", "fixed", 4),  # the example: 0-4 here
        ("mineiro", "unbet", 2),  # 0-2 in miniTruco
    ],
)
def test_s5_7_s6_6_iron_hand_value(variant: str, seats: int, value: str, points: int) -> None:
    """RULES §5.7, §6.6 ``iron_hand_value``: side 1 takes the iron hand with the three best
    manilhas; it scores 3 (Paulista) / 4 (Mineiro) by default, 1 / 2 with ``unbet``
    (miniTruco), and the game is over with the same winner either way."""
    m = _iron_hand(variant, seats, value)
    assert m.history[0].points == (0, points)
    assert m.is_over() and m.winner() == 1


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize("seats", [2, 4])
def test_s5_7_iron_hand_value_unbet_mazo(variant: str, seats: int) -> None:
    """RULES §5.7, §6.6: running away from an iron hand gives the opponents its worth, 1 / 2
    with ``unbet``; still no truco call (``isPlacarPermiteAumento``)."""
    scores, (weak, strong), turned = IRON[variant]
    v = tr.get_variant(variant, {**SEEN, "iron_hand_value": "unbet"})
    hands = [weak, strong] if seats == 2 else [weak, strong, *_spare(v, weak, strong, turned)]
    m = v.new_match(seats, deals=[tr.deal_order(v, hands, 0, turned)], mano=0, scores=scores)
    assert "truco" not in m.legal_action_texts()
    m.apply("mazo", 0)
    assert m.history[0].points == (0, v.ladder.values[0])


@pytest.mark.parametrize("ladder", ["2-4-6-10-12", "2-4-8-10-12", "2-4-6-8-12"])
def test_s6_6_unbet_iron_hand_is_the_ladder_first_value(ladder: str) -> None:
    """RULES §6.3, §6.6: the ``unbet`` worth is the ladder's hand without calls, whatever the
    ladder option; Paulista's likewise (§5.6)."""
    v = tr.get_variant("mineiro", {"mineiro_ladder": ladder, "iron_hand_value": "unbet"})
    assert v.special is not None and v.special.iron_value == v.ladder.values[0] == 2
    p = tr.get_variant("paulista", {"iron_hand_value": "unbet"})
    assert p.special is not None and p.special.iron_value == p.ladder.values[0] == 1


def test_iron_hand_value_bad_value_is_invalid_option() -> None:
    """An unknown value is refused by name."""
    with pytest.raises(tr.InvalidOption, match="iron_hand_value"):
        tr.get_variant("paulista", {"iron_hand_value": "ordinary"})
    with pytest.raises(tr.InvalidOption, match="facedown_one_per_side"):
        tr.get_variant("mineiro", {"facedown_one_per_side": 1})


# =============================================================================================
# describe and compare
# =============================================================================================


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_options_in_describe_and_compare(variant: str) -> None:
    """Both options are listed with their RULES section by ``describe``, and ``compare``
    words their effect (the face-down and the iron-hand rows)."""
    v = tr.get_variant(variant)
    info = v.option_info()
    assert info["facedown_one_per_side"]["source"].startswith("RULES §5.5, §6.5")
    assert info["iron_hand_value"]["source"].startswith("RULES §5.7, §6.6")
    d = v.describe()
    assert d["options"]["facedown_one_per_side"] is False
    assert d["options"]["iron_hand_value"] == "fixed"
    w = v.with_options(facedown_one_per_side=True, iron_hand_value="unbet")
    assert w.describe()["special_hands"]["iron"] == w.ladder.values[0]
    rows = {row[0]: row[2:] for section in compare_table([v, w]).sections for row in section.rows}
    assert rows["Cards face down (strength 0)"] == (
        "not in trick 1",
        "not in trick 1; one per side in a trick",
    )
    fixed, unbet = rows["Iron hand"]
    assert f"worth {3 if variant == 'paulista' else 4} " in fixed
    assert f"worth {w.ladder.values[0]} " in unbet
