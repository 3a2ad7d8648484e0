"""Rule-by-rule tests of every table size the rules describe (issue 5).

Covers RULES §0.3 and §2.2 (teams alternate), §2.3 (deal and mano rotation), §2.12.1 (six
players: redonda and pica-pica, the cutoff of D30), §2.12.2 (three players: gallo por turno and
fijo, the gallo's fourth card), §5.3 and §6.2 (four-seat Paulista and Mineiro), and the
observations and records of these formats. Every test names its RULES section in its docstring.

Conventions: side 0 is seats 0, 2, 4 at six seats; ``six()`` deals explicit hands deal by deal;
in the gallo the gallo is side 0 and the pair side 1 (the table's plan).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from conftest import rejected, scenario
from conftest import unchanged_after as unchanged

import truco_rules as tr
from truco_rules.cards import Card
from truco_rules.hooks import DealContext, DealPlan, StandardTable

ARGENTINES = ("argentine", "argentine-sin-flor", "argentine-blog")

# Six-seat hands (seat 0..5). No hand holds three cards of one suit (no flor) unless stated.
# RED_Y: everyone plays his first card, then his second: seat 1 wins tricks 1 (1E) and 2 (1B),
# side 1 wins the redonda 1 point. RED_X: the same with seats 0 and 1 swapped: side 0 wins.
RED_Y = ("4C 5O 6B", "1E 1B 10O", "4O 5B 6C", "2C 3O 11B", "4B 5C 6O", "10E 11E 12B")
RED_X = (RED_Y[1], RED_Y[0], *RED_Y[2:])
# A pica-pica deal with mano 0, duels (0, 3), (1, 4), (2, 5). Envidos (§2.6.1): seat 0 4 (no
# pair), seat 3 33 (7B 6B), seat 1 6 (no pair), seat 4 32 (7E 5E), seat 2 22 (2O 12O), seat 5 3.
# Playing first cards first: seat 0 beats seat 3 (1E > 7B, 1B > 6B), seat 4 beats seat 1
# (7E > 5O, 7O > 6C), seat 5 beats seat 2 (3E > 2O, 3B > 12O).
PICA = ("1E 1B 4C", "5O 6C 10E", "2O 12O 11B", "7B 6B 4O", "7E 7O 5E", "3E 3B 11C")


def six(
    name: str,
    deals: Sequence[tuple[int, Sequence[str]]],
    *,
    scores: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    options: dict[str, Any] | None = None,
) -> tr.Match:
    """A six-seat match whose deals give ``hands[s]`` to seat ``s``; each deal is
    ``(mano, hands)`` with that deal's mano (needed to order the cards)."""
    v = tr.get_variant(name, options)
    orders = [tr.deal_order(v, hands, mano) for mano, hands in deals]
    return v.new_match(6, deals=orders, mano=deals[0][0], scores=scores, chicos=chicos)


def play_contest(m: tr.Match) -> None:
    """Finish the contest in play: every player plays his first card left, face up (an answer
    that is due, e.g. to a flor, is the first legal action)."""
    n = len(m.history)
    while len(m.history) == n and not m.is_over():
        s = m.current_player()
        assert m.hand is not None and s >= 0
        legal = m.legal_actions()
        card = tr.Action.play(m.hand.cards[s][0])
        m.apply(card if card in legal else legal[0], s)


def kinds(m: tr.Match) -> list[tuple[int, str, int, int]]:
    """(deal, format, duel, mano) of every finished contest."""
    return [(h.hand_no, h.kind, h.contest, h.mano) for h in m.history]




def cards_in(obj: object) -> set[Card]:
    """Every card anywhere inside an observation (fields, views, nested tuples)."""
    if isinstance(obj, Card):
        return {obj}
    if isinstance(obj, (tuple, list)):
        return set().union(*(cards_in(x) for x in obj))
    if attrs.has(type(obj)):
        return set().union(*(cards_in(getattr(obj, f.name)) for f in attrs.fields(type(obj))))
    return set()


# =============================================================================================
# §0.3, §2.2 Six seats: teams alternate
# =============================================================================================


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_2_six_seats_are_three_against_three_alternating(name: str) -> None:
    """RULES §0.3, §2.2: at six seats seat i is on side i mod 2, and the first deal is a
    redonda of the six players in play order from the mano."""
    m = tr.get_variant(name).new_match(6, seed=3, mano=2)
    assert m.team == (0, 1, 0, 1, 0, 1)
    assert m.seats_of(0) == (0, 2, 4) and m.seats_of(1) == (1, 3, 5)
    assert m.plan is not None and m.plan.kind == "redonda"
    assert m.plan.contests == ((2, 3, 4, 5, 0, 1),)
    assert m.hand is not None and m.hand.order == (2, 3, 4, 5, 0, 1)


# =============================================================================================
# §2.12.1 Redonda then pica-pica
# =============================================================================================


@pytest.mark.parametrize("name", ARGENTINES)
@pytest.mark.parametrize("mano", range(6))
def test_s2_12_1_redonda_then_three_duels_between_opposite_seats(name: str, mano: int) -> None:
    """RULES §2.12.1: after a redonda comes a pica-pica: three 1v1 duels between seats three
    apart, (mano, mano+3), (mano+1, mano+4), (mano+2, mano+5), played in that order; the
    player earlier in play order is the duel's mano and leads it."""
    m = tr.get_variant(name).new_match(6, seed=11, mano=mano)
    play_contest(m)
    assert m.plan is not None and m.plan.kind == "pica-pica"
    duels = tuple(((mano + i) % 6, (mano + i + 3) % 6) for i in range(3))
    assert m.plan.contests == duels
    for i, duel in enumerate(duels):
        assert m.hand is not None and m.hand.order == duel
        assert m.current_player() == duel[0]  # the duel's mano leads trick 1
        assert m.team[duel[0]] != m.team[duel[1]]  # opposite seats are opponents
        play_contest(m)
        h = m.history[-1]
        assert (h.hand_no, h.kind, h.contest, h.mano) == (1, "pica-pica", i, duel[0])
    assert kinds(m)[0] == (0, "redonda", 0, mano)
    assert m.plan.kind == "redonda" and m.hand_no == 2


def test_s2_12_1_the_duel_mano_is_the_earlier_player_of_the_deal() -> None:
    """RULES §2.12.1: with mano 4 the duels are (4, 1), (5, 2), (0, 3): seat 0 plays after
    seats 4 and 5 in this deal, so it is the mano of the third duel, and seat 3 may not
    lead it."""
    m = tr.get_variant("argentine").new_match(6, seed=5, mano=4)
    play_contest(m)
    assert m.plan is not None and m.plan.contests == ((4, 1), (5, 2), (0, 3))
    play_contest(m)
    play_contest(m)
    assert m.hand is not None and m.current_player() == 0
    card = m.hand.cards[3][0]
    unchanged(m, f"play {card}", 3, tr.WrongPlayer, exact=True)


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_3_same_dealer_deals_redonda_and_pica_pica_then_the_deal_passes(name: str) -> None:
    """RULES §2.3, §2.12.1: the redonda and its pica-pica share the mano (same dealer); the
    next redonda has the next mano, and its pica-pica keeps it again."""
    m = tr.get_variant(name, {"pica_pica_cutoff": None}).new_match(6, seed=2, mano=5)
    while m.hand_no < 6:
        play_contest(m)
    assert [(h.hand_no, h.kind, h.mano) for h in m.history if h.contest == 0] == [
        (0, "redonda", 5),
        (1, "pica-pica", 5),
        (2, "redonda", 0),
        (3, "pica-pica", 0),
        (4, "redonda", 1),
        (5, "pica-pica", 1),
    ]
    assert m.mano == 2


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_12_1_duel_points_go_to_the_team(name: str) -> None:
    """RULES §2.12.1: each duel is won by one player and its points go to his side: seat 0
    (side 0) wins duel 1, seat 4 (side 0) duel 2, seat 5 (side 1) duel 3."""
    m = six(name, [(0, RED_Y), (0, PICA)])
    for _ in range(4):
        play_contest(m)
    assert [(h.kind, h.contest, h.points, h.winner) for h in m.history] == [
        ("redonda", 0, (0, 1), 1),
        ("pica-pica", 0, (1, 0), 0),
        ("pica-pica", 1, (1, 0), 0),
        ("pica-pica", 2, (0, 1), 1),
    ]
    assert m.score == (2, 2)


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_12_1_each_duel_has_its_own_truco(name: str) -> None:
    """RULES §2.12.1: a truco accepted in duel 1 raises only that duel's stake; duel 2
    starts unbet and its players may call truco again."""
    m = six(name, [(0, RED_Y), (0, PICA)])
    play_contest(m)
    m.apply("truco", 0)
    m.apply("quiero", 3)
    play_contest(m)
    assert m.history[-1].points == (2, 0)  # seat 0 wins duel 1 at the accepted truco
    assert m.hand is not None and m.hand.order == (1, 4)
    assert m.observation(1).stake == 1
    assert "truco" in m.legal_action_texts(1)
    m.apply("truco", 1)
    m.apply("no-quiero", 4)
    assert m.history[-1].points == (0, 1) and m.history[-1].end_reason == "refused"


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_12_1_each_duel_has_its_own_envido(name: str) -> None:
    """RULES §2.12.1, §2.6.5: duel 1 settles an envido (seat 3's 33 beats seat 0's 4); duel 2
    may call its own, decided between its two players only: seat 4's 32 beats seat 1's 6,
    although seat 1's partner seat 3 holds 33."""
    m = six(name, [(0, RED_Y), (0, PICA)])
    play_contest(m)
    m.apply("envido", 0)
    m.apply("quiero", 3)
    play_contest(m)
    assert m.history[-1].events[0] == (1, 2, "envido")
    assert "envido" in m.legal_action_texts(1)
    m.apply("envido", 1)
    m.apply("quiero", 4)
    play_contest(m)
    assert m.history[-1].events[0] == (0, 2, "envido")


def test_s2_12_1_a_duel_has_its_own_flor_in_argentine() -> None:
    """RULES §2.12.1, §2.7: in `argentine` a flor held by seat 4 is sung in duel 2 and scores
    3 for side 0; duel 3 after it may still call an envido. Without flor the same cards are
    an envido of 20 and nothing is sung."""
    pica = list(PICA)
    pica[4] = "10C 11C 12C"
    pica[5] = "3E 3B 7C"  # 7C moves to seat 5 so no card repeats; seat 2 keeps 2O 12O 11B
    m = six("argentine", [(0, RED_Y), (0, tuple(pica))])
    play_contest(m)
    play_contest(m)
    assert m.hand is not None and m.hand.order == (1, 4)
    play_contest(m)
    assert (0, 3, "flor") in m.history[-1].events
    assert m.hand is not None and m.hand.order == (2, 5)
    assert "envido" in m.legal_action_texts(2)
    m.apply("envido", 2)
    m.apply("quiero", 5)
    assert m.hand.points[0] == (0, 2, "envido")  # seat 2's 22 (2O 12O) beats seat 5's 7
    sin = six("argentine-sin-flor", [(0, RED_Y), (0, tuple(pica))])
    play_contest(sin)
    play_contest(sin)
    play_contest(sin)
    assert all(why != "flor" for _t, _p, why in sin.history[-1].events)


@pytest.mark.parametrize(
    ("name", "score"), [(ARGENTINES[0], 30), (ARGENTINES[1], 30), (ARGENTINES[2], 31)]
)
def test_s2_12_1_the_chico_can_end_in_the_middle_of_a_pica_pica(name: str, score: int) -> None:
    """RULES §2.12.1, §2.6.4, §2.8.3: at 11-11 (both in malas) seat 4 wins an accepted falta
    envido in duel 2 (32 against 6): side 0 wins the chico (falta = 30 - 11 = 19; the blog's
    leader_remaining gives the same 19, and its tricks point comes at the end of the duel).
    Duel 3 is never played."""
    m = six(name, [(0, RED_Y), (0, PICA)], scores=(10, 10))
    play_contest(m)  # redonda: side 1 +1
    play_contest(m)  # duel 1: side 0 +1
    assert m.score == (11, 11)
    m.apply("falta-envido", 1)
    m.apply("quiero", 4)
    if name == "argentine-blog":  # points at the end of the duel (§4 B12)
        play_contest(m)
    assert m.is_over() and m.winner() == 0 and m.score == (score, 11)
    assert [(h.kind, h.contest) for h in m.history] == [
        ("redonda", 0),
        ("pica-pica", 0),
        ("pica-pica", 1),
    ]
    assert m.history[-1].events[0] == (0, 19, "envido")


# =============================================================================================
# §2.12.1, §8 D30 pica_pica_cutoff
# =============================================================================================


def test_d30_cutoff_defaults() -> None:
    """RULES §2.12.1 (D30): default 5 for `argentine` (and `argentine-sin-flor`, which differs
    only in flor, §3); None for `argentine-blog` (S0 alternates always)."""
    assert tr.get_variant("argentine").options()["pica_pica_cutoff"] == 5
    assert tr.get_variant("argentine-sin-flor").options()["pica_pica_cutoff"] == 5
    assert tr.get_variant("argentine-blog").options()["pica_pica_cutoff"] is None


@pytest.mark.parametrize(
    ("name", "options", "scores", "redonda", "after"),
    [
        # argentine: 24 + 1 = 25 lacks 5 -> only redondas; 23 + 1 = 24 lacks 6 -> pica-pica
        ("argentine", None, (24, 0), RED_X, "redonda"),
        ("argentine", None, (23, 0), RED_X, "pica-pica"),
        ("argentine", None, (0, 24), RED_Y, "redonda"),  # either side lacking 5 stops it
        ("argentine", None, (24, 0), RED_Y, "pica-pica"),  # side 1 scored: 24 still lacks 6
        ("argentine-sin-flor", None, (24, 0), RED_X, "redonda"),
        ("argentine-blog", None, (28, 0), RED_X, "pica-pica"),  # None: 29 still alternates
        ("argentine", {"pica_pica_cutoff": None}, (28, 0), RED_X, "pica-pica"),
        ("argentine", {"pica_pica_cutoff": 0}, (28, 0), RED_X, "pica-pica"),  # lacks 1 > 0
        ("argentine", {"pica_pica_cutoff": 10}, (19, 0), RED_X, "redonda"),  # lacks 10
        ("argentine", {"pica_pica_cutoff": 10}, (18, 0), RED_X, "pica-pica"),  # lacks 11
        ("argentine-blog", {"pica_pica_cutoff": 5}, (24, 0), RED_X, "redonda"),
    ],
)
def test_d30_after_a_redonda_the_cutoff_decides(
    name: str,
    options: dict[str, Any] | None,
    scores: tuple[int, int],
    redonda: tuple[str, ...],
    after: str,
) -> None:
    """RULES §2.12.1 (D30): a pica-pica follows a redonda while both sides lack more than
    `pica_pica_cutoff` points (None: always); otherwise the next deal is a redonda and the
    deal passes (the mano moves on)."""
    m = six(name, [(0, redonda)], scores=scores, options=options)
    play_contest(m)
    assert m.history[0].points in ((1, 0), (0, 1))
    assert m.plan is not None and m.plan.kind == after
    assert m.mano == (0 if after == "pica-pica" else 1)


def test_d30_past_the_cutoff_every_deal_is_a_redonda() -> None:
    """RULES §2.12.1 (D30): from 25-25 (both lack 5) to the end of the chico every deal is a
    redonda and the mano moves one seat each deal."""
    m = tr.get_variant("argentine").new_match(6, seed=8, mano=3, scores=(25, 25))
    while not m.is_over():
        play_contest(m)
    assert len(m.history) >= 2
    assert [h.kind for h in m.history] == ["redonda"] * len(m.history)
    assert [h.mano for h in m.history] == [(3 + k) % 6 for k in range(len(m.history))]


@pytest.mark.parametrize(("name", "cutoff"), [("argentine", 5), ("argentine-blog", None)])
@pytest.mark.parametrize("seed", [1, 3, 4])
def test_d30_whole_chicos_follow_the_cutoff(name: str, cutoff: int | None, seed: int) -> None:
    """RULES §2.12.1 (D30), §2.3: over whole seeded matches, each redonda is followed by a
    pica-pica (three duels, same mano) exactly while both sides lack more than the cutoff,
    and every other deal passes the mano on."""
    m = tr.get_variant(name).new_match(6, seed=seed, mano=0)
    while not m.is_over():
        play_contest(m)
    score = [0, 0]
    seen = set()  # which kinds followed a redonda
    deals: dict[int, list[tr.HandSummary]] = {}
    for h in m.history:
        deals.setdefault(h.hand_no, []).append(h)
    last = max(deals)
    for k in range(last + 1):
        contests = deals[k]
        assert [h.contest for h in contests] == list(range(len(contests)))
        for h in contests:
            score[0] += h.points[0]
            score[1] += h.points[1]
        if k == last:
            break
        nxt = deals[k + 1][0]
        if contests[0].kind == "pica-pica":
            assert len(contests) == 3 and nxt.kind == "redonda"
            assert nxt.mano == (contests[0].mano + 1) % 6
            continue
        assert contests[0].kind == "redonda"
        pica = cutoff is None or 30 - max(score) > cutoff
        assert nxt.kind == ("pica-pica" if pica else "redonda")
        assert nxt.mano == (contests[0].mano + (0 if pica else 1)) % 6
        seen.add(nxt.kind)
    assert tuple(score) == m.score
    assert seen == ({"pica-pica", "redonda"} if cutoff is not None else {"pica-pica"})


# =============================================================================================
# §2.8.1, §2.12.1 A new chico
# =============================================================================================


def test_s2_12_1_a_new_chico_starts_with_a_redonda_after_a_redonda() -> None:
    """RULES §2.8.1, §2.12.1: side 0 ends the chico with a redonda (29 + 1); with two chicos to
    win the next deal starts a new chico at 0-0 with a redonda (not the pica-pica the redonda
    would have brought, even with no cutoff), and the deal passes."""
    m = six("argentine-blog", [(0, RED_X)], scores=(29, 3), options={"chicos_to_win": 2})
    play_contest(m)
    assert not m.is_over() and m.chicos == (1, 0) and m.score == (0, 0)
    assert m.plan is not None and m.plan.kind == "redonda" and m.mano == 1 and m.hand_no == 1


def test_s2_12_1_a_new_chico_starts_with_a_redonda_after_a_cut_pica_pica() -> None:
    """RULES §2.8.1, §2.12.1: the chico ends in duel 2 (falta envido in malas); the next deal
    is a redonda of a new chico at 0-0, with the next mano."""
    m = six("argentine", [(0, RED_Y), (0, PICA)], scores=(10, 10), options={"chicos_to_win": 2})
    play_contest(m)
    play_contest(m)
    m.apply("falta-envido", 1)
    m.apply("quiero", 4)
    assert not m.is_over() and m.chicos == (1, 0) and m.score == (0, 0)
    assert len(m.history) == 3 and m.hand_no == 2
    assert m.plan is not None and m.plan.kind == "redonda" and m.mano == 1
    assert m.plan.contests == ((1, 2, 3, 4, 5, 0),)


# =============================================================================================
# Observations at six seats
# =============================================================================================


def test_observation_a_seat_outside_the_duel_waits_with_its_cards() -> None:
    """RULES §2.12.1 (duels one after another): during duel 1 the seats of duels 2 and 3 have
    no legal action and see their own three cards; acting raises WrongPlayer and changes
    nothing. After his duel a seat has no card in play but still sees what he was dealt."""
    m = six("argentine", [(0, RED_Y), (0, PICA)])
    play_contest(m)
    v = m.variant
    for s in (1, 2, 4, 5):
        o = m.observation(s)
        assert o.legal_actions == () and o.current_player == 0 and o.phase == "play"
        assert o.my_cards == o.my_dealt == v.cards(PICA[s])
        assert cards_in(attrs.evolve(o, previous=None)) == set(v.cards(PICA[s]))
    for s, act in ((1, "truco"), (4, "envido"), (2, "mazo"), (5, "play 3E")):
        unchanged(m, act, s, tr.WrongPlayer, exact=True)
    play_contest(m)  # duel 1 over; duel 2 (1, 4) in play
    done = m.observation(0)
    assert done.legal_actions == () and done.my_cards == () and done.my_dealt == v.cards(PICA[0])
    assert m.observation(2).my_cards == v.cards(PICA[2])  # duel 3 still to come


def test_observation_previous_is_the_public_record_of_the_duel_before() -> None:
    """RULES §2.12.1: every seat sees the previous duel's public record in ``previous``: its
    mano, the cards played, the points (duel 1 for duel 2, duel 2 for duel 3)."""
    m = six("argentine", [(0, RED_Y), (0, PICA)])
    play_contest(m)
    m.apply("envido", 0)
    m.apply("quiero", 3)
    play_contest(m)
    for s in range(6):
        prev = m.observation(s).previous
        assert prev is not None and prev.mano == 0
        assert [(p.seat, str(p.card)) for p in prev.table] == [
            (0, "1E"),
            (3, "7B"),
            (0, "1B"),
            (3, "6B"),
        ]
        assert prev.points == ((1, 2, "envido"), (0, 1, "tricks"))
        assert prev.envido_statements == ((0, 4), (3, 33))
        assert prev.shown == ((3, m.variant.cards("7B 6B")),)  # the envido proof (§2.11)
    play_contest(m)
    prev = m.observation(5).previous
    assert prev is not None and prev.mano == 1 and prev.points == ((0, 1, "tricks"),)


# =============================================================================================
# §2.12.2 Three seats: gallo
# =============================================================================================

# With mano 1 the order of play is 1, 2, 0. Seat 0 (the dealer, so the gallo por turno, and
# the gallo fijo) is dealt G_FOUR: 7E 6E 5E in the deal and 4O as the fourth card.
# Envidos (§2.6.1): seat 1 32 (7B 5B), seat 2 3 (no pair); the gallo keeps
#   discard 7E -> 6E 5E 4O = 31, discard 5E -> 7E 6E 4O = 33, discard 4O -> flor 7E 6E 5E.
G_HANDS = ("7E 6E 5E", "7B 5B 12C", "1C 2O 3B")
G_EXTRA = "4O"


def gallo(
    name: str,
    hands: Sequence[str] = G_HANDS,
    extra: str | None = G_EXTRA,
    *,
    mano: int = 1,
    scores: Sequence[int] = (0, 0),
    options: dict[str, Any] | None = None,
) -> tr.Match:
    """A three-seat match whose deal gives ``hands[s]`` to seat ``s`` and ``extra`` as the
    card after the nine (the gallo's fourth card when the table deals one)."""
    v = tr.get_variant(name, options)
    order = list(tr.deal_order(v, hands, mano))
    if extra is not None:
        card = v.card(extra)
        order.remove(card)
        order.insert(9, card)
    return v.new_match(3, deals=[order], mano=mano, scores=scores)


FIJO = {"gallo_mode": "fijo"}
NO_EXTRA = {"gallo_extra_card": False}


def test_s2_12_2_gallo_defaults() -> None:
    """RULES §2.12.2: gallo_mode defaults to 'por_turno' and the fourth card to True, in all
    three Argentine variants."""
    for name in ARGENTINES:
        opts = tr.get_variant(name).options()
        assert opts["gallo_mode"] == "por_turno" and opts["gallo_extra_card"] is True


@pytest.mark.parametrize("name", ARGENTINES)
@pytest.mark.parametrize("mano", range(3))
def test_s2_12_2_por_turno_the_dealer_is_the_gallo(name: str, mano: int) -> None:
    """RULES §2.12.2, §2.3: por turno the dealer (the seat before the mano, the pie) is the
    gallo, alone on his side against the other two, and he gets the fourth card."""
    m = tr.get_variant(name).new_match(3, seed=4, mano=mano)
    dealer = (mano - 1) % 3
    assert m.plan is not None and m.plan.kind == "gallo"
    assert m.plan.extra_cards == (dealer,)
    assert m.team == tuple(0 if s == dealer else 1 for s in range(3))
    assert m.plan.contests == ((mano, (mano + 1) % 3, dealer),)  # the gallo plays last
    assert m.current_player() == dealer
    assert len(m.observation(dealer).my_cards) == 4


@pytest.mark.parametrize("name", ARGENTINES)
def test_s2_12_2_por_turno_the_gallo_rotates_with_the_deal(name: str) -> None:
    """RULES §2.12.2, §2.3: the mano moves one seat each deal and the gallo with it."""
    m = tr.get_variant(name).new_match(3, seed=6, mano=2)
    while not m.is_over() and m.hand_no < 6:
        if m.current_player() >= 0 and m.hand is None:
            m.apply(m.legal_actions()[0])  # the gallo's discard
        play_contest(m)
    assert len(m.history) >= 6
    for k, h in enumerate(m.history):
        assert h.mano == (2 + k) % 3
        gallo_seat = (h.mano - 1) % 3
        assert h.sides == tuple(0 if s == gallo_seat else 1 for s in range(3))


@pytest.mark.parametrize("mano", range(3))
def test_s2_12_2_fijo_seat_0_is_always_the_gallo(mano: int) -> None:
    """RULES §2.12.2: gallo fijo: seat 0 is the gallo (with the fourth card) whoever is mano;
    the mano still rotates every deal."""
    m = tr.get_variant("argentine", FIJO).new_match(3, seed=6, mano=mano)
    assert m.plan is not None and m.plan.extra_cards == (0,) and m.team == (0, 1, 1)
    assert m.current_player() == 0
    while not m.is_over() and m.hand_no < 4:
        if m.current_player() >= 0 and m.hand is None:
            m.apply(m.legal_actions()[0])
        play_contest(m)
    assert [h.sides for h in m.history] == [(0, 1, 1)] * len(m.history)
    assert [h.mano for h in m.history] == [(mano + k) % 3 for k in range(len(m.history))]


# ---------------------------------------------------------------------------- the fourth card


@pytest.mark.parametrize("options", [None, FIJO])
def test_s2_12_2_the_gallo_discards_before_anything_else(options: dict[str, Any] | None) -> None:
    """RULES §2.12.2 (gallo_extra_card): the gallo holds four cards and must discard one
    before any other action: his other actions are IllegalAction, any other seat's are
    WrongPlayer, and neither changes the state. Then the mano leads."""
    m = gallo("argentine", options=options)
    v = m.variant
    four = v.cards("7E 6E 5E 4O")
    assert m.current_player() == 0 and not m.is_chance_node() and m.hand is None
    assert m.legal_actions() == [tr.Action.discard(c) for c in four]
    o = m.observation(0)
    assert o.phase == "discard" and o.my_cards == four
    assert o.legal_actions == ("discard 7E", "discard 6E", "discard 5E", "discard 4O")
    for s in (1, 2):
        o = m.observation(s)
        assert o.phase == "discard" and o.legal_actions == () and o.current_player == 0
        assert o.my_cards == v.cards(G_HANDS[s])
        assert m.legal_actions(s) == []
    for act in ("play 7E", "truco", "envido", "mazo", "discard 7B", "deal 1O"):
        unchanged(m, act, 0, tr.IllegalAction, exact=True)
    for seat, act in ((1, "play 7B"), (1, "truco"), (2, "envido"), (1, "discard 7B")):
        unchanged(m, act, seat, tr.WrongPlayer, exact=True)
    unchanged(m, "discard 6E", tr.CHANCE, tr.WrongPlayer, exact=True)
    m.apply("discard 6E")  # the gallo is the seat to act
    assert m.discarded == [(0, v.card("6E"))]
    assert m.hand is not None and m.current_player() == 1
    assert m.observation(0).my_cards == v.cards("7E 5E 4O")


@pytest.mark.parametrize(
    ("discard", "side", "statements"),
    [("7E", 1, ((1, 32), (0, None))), ("5E", 0, ((1, 32), (0, 33), (2, None)))],
)
def test_s2_12_2_envido_counts_the_three_kept_cards(
    discard: str, side: int, statements: tuple[tuple[int, int | None], ...]
) -> None:
    """RULES §2.12.2, §2.6.1, §2.6.5: the gallo's envido is that of the three cards he keeps:
    after discarding 7E he holds 31 and says son buenas to seat 1's 32 (his four cards would
    make 33); after discarding 5E he holds 33 and wins."""
    m = gallo("argentine")
    m.apply(f"discard {discard}", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.hand is not None and m.hand.points[0] == (side, 2, "envido")
    assert m.observation(2).current.envido_statements == statements


@pytest.mark.parametrize(("discard", "flor"), [("4O", True), ("5E", False)])
def test_s2_12_2_flor_counts_the_three_kept_cards(discard: str, flor: bool) -> None:
    """RULES §2.12.2, §2.7.1: discarding 4O keeps 7E 6E 5E, a flor, sung when the gallo
    first acts; discarding 5E breaks it (7E 6E 4O is an envido of 33, no flor)."""
    m = gallo("argentine")
    m.apply(f"discard {discard}", 0)
    play_contest(m)
    assert ((0, 3, "flor") in m.history[0].events) is flor
    assert (m.history[0].shown[:1] == ((0, m.variant.cards("7E 6E 5E")),)) is flor


@pytest.mark.parametrize("name", ARGENTINES)
@pytest.mark.parametrize("options", [None, FIJO])
def test_s2_12_2_the_discarded_card_is_never_seen(
    name: str, options: dict[str, Any] | None
) -> None:
    """RULES §2.12.2: the discard is unseen: no other seat's observation ever holds it (in
    play, in the previous contest's record, among the cards shown), nor does the hand's
    summary; the gallo himself keeps seeing only his three cards once it is gone."""
    m = gallo(name, options=options)
    v = m.variant
    gone = v.card("5E")
    m.apply("discard 5E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)  # the gallo wins it (33) and shows 7E 6E
    while not m.history:
        for s in range(3):
            if s != 0:
                assert gone not in cards_in(m.observation(s))
        play_contest(m)
    assert m.history[0].shown == ((0, v.cards("7E 6E")),)
    for s in range(3):
        o = m.observation(s)
        assert gone not in cards_in(o)
        assert o.previous is not None and o.previous.points[0] == (0, 2, "envido")
    assert m.history[0].dealt[0] == v.cards("7E 6E 4O")
    assert all(gone not in cards for cards in m.history[0].dealt)


def test_s2_12_2_without_the_fourth_card_play_starts_at_once() -> None:
    """RULES §2.12.2 (gallo_extra_card=False): everyone gets three cards, the mano acts
    first, and there is no discard action at all."""
    m = gallo("argentine", extra=None, options=NO_EXTRA)
    assert m.plan is not None and m.plan.extra_cards == ()
    assert m.hand is not None and m.current_player() == 1
    assert m.observation(0).my_cards == m.variant.cards(G_HANDS[0])
    assert m.observation(0).phase == "play"
    with pytest.raises(tr.UnknownAction):
        m.apply("discard 7E", 0)
    assert "discard" not in tr.get_variant("argentine", NO_EXTRA).vocabulary
    assert "discard" in tr.get_variant("argentine").vocabulary


# ---------------------------------------------------------------------------- scores


def test_s2_12_2_por_turno_the_pairs_points_go_to_each_member() -> None:
    """RULES §2.12.2: por turno every player keeps his own score and each member of the pair
    is credited with the pair's points: the pair wins the envido (2) and the tricks (1), so
    seats 1 and 2 have 3 each and the gallo 0. A side's score is its best player's."""
    m = gallo("argentine")
    m.apply("discard 7E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    play_contest(m)  # seat 2 wins tricks 1 (1C) and 2 (2O)
    assert m.history[0].points == (0, 3)
    assert m.player_scores == (0, 3, 3)
    for s in range(3):
        assert m.observation(s).player_scores == (0, 3, 3)
    assert m.score_text() == "seat 0: 0 malas - seat 1: 3 malas - seat 2: 3 malas"
    assert m.team == (1, 0, 1)  # next deal: mano 2, the gallo is seat 1
    assert m.score == (3, 3)


def test_s2_12_2_por_turno_the_gallos_points_are_his_alone() -> None:
    """RULES §2.12.2: the gallo's envido (33 after discarding 5E) scores 2 for him only; the
    pair's tricks point (seat 2 wins tricks 2 and 3) goes to both its members."""
    m = gallo("argentine")
    m.apply("discard 5E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    play_contest(m)
    assert m.history[0].events == ((0, 2, "envido"), (1, 1, "tricks"))
    assert m.player_scores == (2, 1, 1)


@pytest.mark.parametrize(
    ("scores", "discard", "seats", "side"),
    [
        ((0, 29, 20), "7E", (1,), 1),  # the pair's envido: seat 1 reaches 31, seat 2 only 22
        ((28, 10, 27), "5E", (0,), 0),  # the gallo's envido: 30
        ((0, 20, 29), "7E", (2,), 1),
    ],
)
def test_s2_12_2_por_turno_the_first_player_to_the_target_wins(
    scores: tuple[int, int, int], discard: str, seats: tuple[int, ...], side: int
) -> None:
    """RULES §2.12.2, §2.8.3: the first individual to the target wins the match: the envido
    is credited at once, the hand stops, and `winning_seats()` names the one player;
    `winner()` is his side in that deal."""
    m = gallo("argentine", scores=scores)
    assert m.player_scores == tuple(scores)
    m.apply(f"discard {discard}", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.is_over() and m.history[0].end_reason == "target"
    assert m.winning_seats() == seats and m.winner() == side
    assert m.player_scores is not None and max(m.player_scores) >= 30
    assert m.player_scores[seats[0]] == max(m.player_scores)


def test_s2_12_2_por_turno_partners_level_at_the_target_win_together() -> None:
    """RULES §2.12.2 ("first individual to the target wins") is silent when both members of
    the pair reach the target in the same deal: they are credited together, so they win
    together (docs/variants/argentine.md)."""
    m = gallo("argentine", scores=(0, 29, 29))
    m.apply("discard 7E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.player_scores == (0, 31, 31)
    assert m.is_over() and m.winning_seats() == (1, 2) and m.winner() == 1
    assert m.winner_seat is None and m.player_chicos == (0, 1, 1)


def test_s2_12_2_por_turno_one_partner_ahead_wins_alone() -> None:
    """RULES §2.12.2: the pair's points go to each member; the one of them who reaches the
    target first (the higher score) wins alone."""
    m = gallo("argentine", scores=(0, 29, 20))
    m.apply("discard 7E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.player_scores == (0, 31, 22)
    assert m.is_over() and m.winning_seats() == (1,) and m.winner_seat == 1


def test_s2_12_2_fijo_the_pair_shares_one_score() -> None:
    """RULES §2.12.2: gallo fijo keeps two scores, the gallo's and the pair's: the pair's 3
    points count once, not per member, and there are no per-player scores."""
    m = gallo("argentine", options=FIJO)
    m.apply("discard 7E", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    play_contest(m)
    assert m.score == (0, 3) and m.player_scores is None
    assert m.observation(1).player_scores == ()
    assert m.score_text() == "0 malas - 3 malas"
    assert m.team == (0, 1, 1)


@pytest.mark.parametrize(
    ("scores", "discard", "seats"), [((0, 29), "7E", (1, 2)), ((28, 0), "5E", (0,))]
)
def test_s2_12_2_fijo_a_side_wins(
    scores: tuple[int, int], discard: str, seats: tuple[int, ...]
) -> None:
    """RULES §2.12.2, §2.8.3: in gallo fijo the pair wins together (both seats), the gallo
    alone."""
    m = gallo("argentine", scores=scores, options=FIJO)
    m.apply(f"discard {discard}", 0)
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.is_over() and m.winning_seats() == seats
    assert m.winner() == (1 if len(seats) == 2 else 0)


def test_s2_12_2_start_scores_are_per_player_por_turno_and_per_side_fijo() -> None:
    """RULES §2.12.2: a por-turno match starts from one score per player (three numbers), a
    fijo match from one per side (two)."""
    v = tr.get_variant("argentine")
    m = v.new_match(3, seed=1, mano=1, scores=(4, 7, 2))
    assert m.player_scores == (4, 7, 2) and m.score == (4, 7)  # gallo seat 0; pair 7 and 2
    assert v.new_match(3, seed=1).player_scores == (0, 0, 0)
    with pytest.raises(tr.ParseError):
        v.new_match(3, seed=1, scores=(4, 7))
    fijo = tr.get_variant("argentine", FIJO)
    assert fijo.new_match(3, seed=1, scores=(4, 7)).score == (4, 7)
    with pytest.raises(tr.ParseError):
        fijo.new_match(3, seed=1, scores=(4, 7, 2))


# =============================================================================================
# §5.3, §6.2 Four seats in Paulista and Mineiro
# =============================================================================================


@pytest.mark.parametrize("name", ["paulista", "mineiro"])
@pytest.mark.parametrize(("rotation", "step"), [("with_play", 1), ("against_play", -1)])
def test_s5_3_s6_2_four_seats_pairs_opposite_and_mao_rotation(
    name: str, rotation: str, step: int
) -> None:
    """RULES §5.3, §6.2, §0.3: at four seats partners sit opposite (seat i on side i mod 2)
    in every hand, and the mão moves one seat per hand, with play (default) or against."""
    m = tr.get_variant(name, {"mano_rotation": rotation}).new_match(4, seed=9, mano=2)
    while not m.is_over() and m.hand_no < 6:
        play_contest(m)
    assert len(m.history) >= 6
    assert [h.sides for h in m.history] == [(0, 1, 0, 1)] * len(m.history)
    assert [h.mano for h in m.history] == [(2 + step * k) % 4 for k in range(len(m.history))]


# =============================================================================================
# Records
# =============================================================================================


def _round_trip(m: tr.Match) -> None:
    assert tr.Match.from_json(m.to_json()) == m
    assert tr.Match.from_text(m.to_text()) == m


@pytest.mark.parametrize("name", ARGENTINES)
def test_records_round_trip_in_the_middle_of_a_pica_pica(name: str) -> None:
    """Records (docs/notation.md) of a six-seat match replay to an equal state: after the
    redonda, in duel 2 with bets open, and from explicit deals."""
    m = tr.get_variant(name).new_match(6, seed=12, mano=3, scores=(7, 9))
    play_contest(m)
    play_contest(m)
    assert m.plan is not None and m.plan.kind == "pica-pica" and len(m.history) == 2
    m.apply("truco")
    _round_trip(m)
    dealt = six(name, [(0, RED_Y), (0, PICA)])
    play_contest(dealt)
    dealt.apply("envido", 0)
    _round_trip(dealt)


@pytest.mark.parametrize(
    ("options", "scores", "header", "gallo_seat"),
    [
        (None, (5, 12, 3), "5-12-3", 2),
        (FIJO, (6, 11), "6-11", 0),
        (NO_EXTRA, (1, 2, 3), "1-2-3", None),
    ],
)
def test_records_round_trip_in_the_gallo(
    options: dict[str, Any] | None,
    scores: tuple[int, ...],
    header: str,
    gallo_seat: int | None,
) -> None:
    """Records of a three-seat match keep the start scores (one per player por turno) and the
    discard, and replay to an equal state: before the discard, after it, mid-hand and in the
    next deal."""
    m = tr.get_variant("argentine", options).new_match(3, seed=21, mano=0, scores=scores)
    assert f'[Scores "{header}"]' in m.to_text()
    _round_trip(m)
    if gallo_seat is not None:
        assert m.current_player() == gallo_seat and m.hand is None
        m.apply(m.legal_actions()[0])
        assert f"\n{gallo_seat}:discard " in m.to_text()
        _round_trip(m)
    assert "discard" not in m.to_text() or gallo_seat is not None
    m.apply("truco")
    _round_trip(m)
    play_contest(m)
    if m.hand is None and not m.is_over():
        m.apply(m.legal_actions()[0])
    _round_trip(m)
    other = tr.Match.from_text(m.to_text())
    assert other.player_scores == m.player_scores and other.discarded == m.discarded
    assert other.start["scores"] == list(scores)


SIN = "argentine-sin-flor"


E33 = "7E 6E 3B"  # envido 33, no flor


E4 = "4C 12O 10B"  # envido 4


_SEEN_PREVIOUS: list[object] = []


@attrs.frozen
class _RecordingTable(StandardTable):
    """A stock table that records the ``previous`` plan it is given for the next mano."""

    def next_mano(self, ctx: DealContext) -> int:
        _SEEN_PREVIOUS.append(ctx.previous)
        return super().next_mano(ctx)


@pytest.mark.parametrize(("scores", "new_chico"), [((0, 0), False), ((29, 0), True)])
def test_s2_3_table_hook_gets_the_previous_plan_only_within_a_chico(
    scores: tuple[int, int], new_chico: bool
) -> None:
    """RULES §2.3 / §2.8.1 (Table hook contract): the next mano is chosen with the plan of the
    deal before in the same chico, and with ``None`` when a chico was just won."""
    v = tr.get_variant(SIN).derive("recording", "test", table=_RecordingTable())
    v = v.with_options(chicos_to_win=2)
    order = tr.deal_order(v, [E33, E4])
    m = v.new_match(2, deals=[order, order], mano=0, scores=scores)
    _SEEN_PREVIOUS.clear()
    m.apply("play 7E", 0)
    m.apply("mazo", 1)  # side 0 scores: from 29 that wins the chico
    assert list(m.chicos) == ([1, 0] if new_chico else [0, 0])
    assert len(_SEEN_PREVIOUS) == 1
    assert (_SEEN_PREVIOUS[0] is None) is new_chico


def test_s2_7_2_automatic_flor_waits_for_its_holder_with_four_seats() -> None:
    """RULES §2.7.2: a flor is sung at its holder's first decision (his turn, or a call his
    side may answer). Seat 1 calls truco in the first trick and seat 2 of the other side
    answers; nobody there holds a flor, so seat 3's flor (the last seat, on the caller's
    side) is not sung yet: only when seat 3 first plays."""
    hands = ["4C 5B 6O", "4E 5O 6C", "7C 10O 11B", "1E 2E 3E"]
    m = scenario("argentine", hands, ["0:play 4C", "1:truco"])
    assert m.hand is not None and m.current_player() == 2
    assert m.hand.flor_sung == []
    m.apply("quiero", 2)
    m.apply("play 4E", 1)
    m.apply("play 7C", 2)
    assert m.hand.flor_sung == [3]


def test_s2_7_2_automatic_flor_waits_for_its_holder_with_three_seats() -> None:
    """RULES §2.7.2 / §2.12.2: the same with three seats (mano 1: seat 0 is the gallo, seats
    1 and 2 the pair): seat 1's truco is answered by the gallo, who has no flor; seat 2's
    flor is sung when seat 2 first plays, not at the gallo's answer."""
    hands = ["4C 5B 6O", "4E 5O 6C", "1E 2E 3E"]
    opts = {"gallo_extra_card": False}
    m = scenario("argentine", hands, ["1:truco"], mano=1, options=opts)
    assert m.hand is not None and m.current_player() == 0
    assert m.hand.flor_sung == []
    m.apply("quiero", 0)
    assert m.hand.flor_sung == []
    m.apply("play 4E", 1)
    assert m.hand.flor_sung == [2]


def test_s2_6_2_only_the_pie_may_call_envido_when_the_option_says_so() -> None:
    """RULES §2.6.2 (envido_caller='pie_only'): only the last player of each side (the pie)
    speaks for the side; the mano of a four-seat table, not yet played, is refused with that
    reason."""
    hands = [E33, E4, "1E 2B 3C", "4E 5O 6B"]
    m = scenario(SIN, hands, options={"envido_caller": "pie_only"})
    rejected(m, "envido", 0, tr.IllegalAction, "not his side's pie")
    m.apply("play 7E", 0)
    m.apply("play 4C", 1)
    m.apply("envido", 2)  # seat 2 is side 0's pie
    assert m.current_player() in (1, 3)


def _gallo_to_discard() -> tr.Match:
    v = tr.get_variant("argentine")
    order = list(tr.deal_order(v, ["7E 6E 5E", "7B 5B 12C", "1C 2O 3B"], 1))
    order.remove(v.card("4O"))
    order.insert(9, v.card("4O"))  # the gallo's fourth card
    return v.new_match(3, deals=[order], mano=1)


def test_s2_12_2_the_gallo_is_told_to_discard_first() -> None:
    """RULES §2.12.2 (gallo_extra_card): the gallo must discard before anything else; his
    other actions say so, and another seat is told whose discard is awaited."""
    m = _gallo_to_discard()
    assert m.current_player() == 0
    rejected(m, "truco", 0, tr.IllegalAction, "a card of this seat must be discarded first")
    rejected(m, "play 7B", 1, tr.WrongPlayer, "seat 0 is to discard a card first")


def test_s2_2_the_stock_table_seats_two_or_four() -> None:
    """RULES §2.2: the stock table (partners alternate) plays 1 v 1 or 2 v 2: a variant built
    on it accepts 2 and 4 seats and refuses 3 and 5."""
    v = tr.get_variant(SIN).derive("stock-table", "test", table=StandardTable())
    assert StandardTable().seat_counts == (2, 4)
    for seats in (2, 4):
        assert v.new_match(seats, seed=1).seats == seats
    for seats in (3, 5):
        with pytest.raises(tr.UnsupportedSeats):
            v.new_match(seats, seed=1)


def test_s2_12_2_the_stock_table_keeps_side_scores() -> None:
    """RULES §2.12.2 / §2.8.1: individual scores belong to the gallo table; the stock table
    answers a plain False (a bool, as the hook promises) for its seat counts, and its
    matches keep side scores only."""
    table = StandardTable()
    for seats in table.seat_counts:
        assert table.individual_scores(seats) is False
    v = tr.get_variant(SIN).derive("stock-table-scores", "test", table=table)
    assert v.new_match(4, seed=1).player_scores is None


class _PlainTable:
    """A table hook written without attrs (the hooks are protocols): the stock table's
    answers, delegated."""

    seat_counts = (2, 4)

    def __init__(self) -> None:
        self._stock = StandardTable()

    def check_seats(self, seats: int, variant: str) -> None:
        self._stock.check_seats(seats, variant)

    def plan(self, ctx: DealContext) -> DealPlan:
        return self._stock.plan(ctx)

    def next_mano(self, ctx: DealContext) -> int:
        return self._stock.next_mano(ctx)


def test_s2_3_a_hook_without_attrs_has_no_options_and_plays() -> None:
    """RULES §2.3 through DESIGN §2 (hooks are protocols): a table hook that is a plain class,
    not an attrs one, contributes no options, and its variant deals and plays."""
    base = tr.get_variant(SIN)
    v = base.derive("plain-table", "A plain-class table.", table=_PlainTable())
    assert set(v.options()) < set(base.options())
    assert "table_direction" not in v.options()
    m = v.new_match(2, seed=3)
    assert m.current_player() == 0 and m.legal_actions()


def test_the_text_of_a_match_shows_each_seats_side() -> None:
    """``Match.__str__``: the sides come from the deal's plan (the gallo's three seats are
    not two alternating sides)."""
    m = tr.get_variant("argentine").new_match(3, seed=2)
    text = str(m)
    for s in range(3):
        assert f"seat {s} (side {m.team[s]})" in text


def test_a_side_with_no_seat_in_the_contest_has_no_next_seat() -> None:
    """``HandFields.next_of_side``: ``return -1`` -> ``return 0`` was never reached. After a
    side has gone to the deck, no seat of it is next."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    seat = m.current_player()
    m.apply("mazo")
    hand = m.last_hand
    assert hand is not None
    side = hand.team[seat]
    assert hand.next_of_side(seat, side) == -1
    assert hand.next_of_side(seat, 1 - side) == 1 - seat
