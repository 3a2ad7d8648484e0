"""RULES §0 / DESIGN §4: an observation shows a seat exactly what it may see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import scenario

import truco_rules as tr


def test_own_cards_visible_others_hidden() -> None:
    m = scenario("argentine", ["1E 7E 3B", "4C 5O 6B"])
    o0, o1 = m.observation(0), m.observation(1)
    assert [str(c) for c in o0.my_cards] == ["1E", "7E", "3B"]
    assert [str(c) for c in o1.my_cards] == ["4C", "5O", "6B"]
    text = json.dumps(o0.to_dict())
    for hidden in ("4C", "5O", "6B"):
        assert hidden not in text


def test_face_up_card_seen_by_all_face_down_only_by_owner() -> None:
    m = scenario("argentine", ["1E 7E 3B", "4C 5O 6B"], ["0:play 3B", "1:play 4C down"])
    o0, o1 = m.observation(0), m.observation(1)
    assert [(p.seat, p.card and str(p.card), p.down) for p in o0.current.table] == [
        (0, "3B", False),
        (1, None, True),
    ]
    assert [(p.seat, p.card and str(p.card), p.down) for p in o1.current.table] == [
        (0, "3B", False),
        (1, "4C", True),
    ]
    assert (1, "play down") in o0.current.public_log and (
        1,
        "play 4C down",
    ) in o1.current.public_log


def test_observations_depend_only_on_what_the_seat_may_see() -> None:
    """Two deals that agree on seat 0's cards and on every face-up card give seat 0 equal
    observations after the same public play (the opponent's cards differ, face down)."""
    actions = ["0:truco", "1:quiero", "0:play 3B", "1:play 12O down"]
    a = scenario("argentine", ["1E 7E 3B", "12O 5O 6B"], actions)
    b = scenario("argentine", ["1E 7E 3B", "12O 4C 10B"], actions)
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)


def test_legal_actions_only_for_the_seat_to_act() -> None:
    v = tr.get_variant("argentine", {"truco_call_timing": "own_turn"})
    m = v.new_match(2, deals=[tr.deal_order(v, ["1E 7E 3B", "12O 5O 6B"])])
    assert m.observation(0).legal_actions
    assert m.observation(1).legal_actions == ()


def test_envido_statements_are_public() -> None:
    m = scenario("argentine", ["1E 7E 3B", "4C 5C 6O"], ["0:envido", "1:quiero"])
    obs = m.observation(0)
    assert obs.current.envido_statements == ((0, 28), (1, 29))
    assert obs.current.envido_state == "settled"
    assert obs.current.points == ((1, 2, "envido"),)


def test_render_is_readable() -> None:
    m = scenario("argentine", ["1E 7E 3B", "4C 5O 6B"], ["0:play 3B"])
    text = m.observation(1).render()
    assert "your cards: 4C 5O 6B" in text and "seat 0: 3B" in text


def test_s4_b17_gathered_tricks_hide_their_cards() -> None:
    """RULES §4 B17: with played_cards_visible=False a finished trick's cards are hidden from
    the other seats (the owner still sees his own)."""
    actions = ["0:play 3B", "1:play 4C", "0:play 1E"]
    shown = scenario("argentine-blog", ["1E 7E 3B", "4C 5O 6B"], actions)
    hidden = scenario(
        "argentine-blog", ["1E 7E 3B", "4C 5O 6B"], actions, options={"played_cards_visible": False}
    )
    assert [p.card and str(p.card) for p in shown.observation(1).current.table] == [
        "3B",
        "4C",
        "1E",
    ]
    assert [p.card and str(p.card) for p in hidden.observation(1).current.table] == [
        None,
        "4C",
        "1E",
    ]
    assert (0, "play (gathered)") in hidden.observation(1).current.public_log
    assert [p.card and str(p.card) for p in hidden.observation(0).current.table] == [
        "3B",
        None,
        "1E",
    ]


SIN = "argentine-sin-flor"


def test_s1_1_while_dealing_the_current_contest_has_no_mano() -> None:
    """RULES §1.1: before the cards are dealt there is no contest: the observation's current
    view is empty, with no mano (-1, not seat 0)."""
    m = tr.get_variant(SIN).new_match()
    assert m.is_chance_node()
    view = m.observation(0).current
    assert view is not None and view.mano == -1 and view.table == ()


@pytest.mark.parametrize(
    ("name", "hands", "turned"),
    [
        ("paulista", ["Qc Qh 3s", "4c 5h 6s"], "7d"),  # no envido in the variant
        ("argentine", ["1E 2E 3E", "4C 5B 6O"], None),  # a flor voids it (§2.7.4)
    ],
)
def test_s2_7_4_an_envido_never_called_is_shown_as_none_not_void(
    name: str, hands: list[str], turned: str | None
) -> None:
    """RULES §2.7.4 / DESIGN §4: 'void' says something only about an envido that was called
    (and then voided by a flor); an envido that nobody called is shown as 'none', also in a
    variant without envido and after an uncontested flor."""
    m = scenario(name, hands, turned=turned)
    for seat in (0, 1):
        view = m.observation(seat).current
        assert view is not None and view.envido_state == "none"


E33 = "7E 6E 3B"  # envido 33, no flor


E4 = "4C 12O 10B"  # envido 4


def test_s2_8_1_the_observation_shows_each_side_s_chicos() -> None:
    """RULES §2.8.1: a match of two chicos, side 0 having won one: every seat's observation
    shows the chicos as (1, 0), side by side, and the scores likewise."""
    v = tr.get_variant(SIN, {"chicos_to_win": 2})
    order = tr.deal_order(v, [E33, E4])
    m = v.new_match(2, deals=[order], chicos=(1, 0), scores=(3, 7))
    for seat in (0, 1):
        o = m.observation(seat)
        assert o.chicos == (1, 0) and o.scores == (3, 7)


def test_s1_1_no_stake_while_dealing() -> None:
    """RULES §1.1 / §1.5: while the cards are dealt no contest is in play: the observation's
    stake is 0 and nothing is called."""
    m = tr.get_variant(SIN).new_match()
    o = m.observation(1)
    assert o.stake == 0 and o.pending_call is None and o.phase == "deal"


def test_an_information_state_keeps_a_gathered_tricks_cards() -> None:
    """RULES §4 B17 (``played_cards_visible=False``: a won trick is gathered face down): the
    observation no longer shows a gathered trick's cards, but the information state is
    everything the seat has seen, in order, and it saw them fall, the closing card too. Two
    histories the seat could tell apart stay apart (perfect recall: before, both read
    ``play (gathered)`` once the trick was won)."""
    v = tr.get_variant("argentine-sin-flor").with_options(played_cards_visible=False)

    def states(lead: str) -> tuple[str, str, tr.Match]:
        deal = tr.deal_order(v, ["1E 4C 5C", lead + " 6B 4B"], mano=1)
        m = v.new_match(2, deals=[deal], mano=1)
        m.apply(f"play {lead}", 1)
        before = m.information_state_string(0)
        m.apply("play 1E", 0)  # closes the trick, which seat 0 wins and gathers
        return before, m.information_state_string(0), m

    a_before, a_after, m = states("7O")
    b_before, b_after, _ = states("7C")
    assert a_before != b_before and a_after != b_after
    assert "1:play 7O; 0:play 1E" in a_after
    assert "1:play 1E" not in m.information_state_string(1) and "0:play 1E" in (
        m.information_state_string(1)
    )  # the closing card, seen by the seat that did not play it
    assert all(p.card is None for p in m.observation(1).current.table if p.seat == 0)


def _two_contests_one_action(
    name: str, turned: tuple[str | None, str | None], target_gap: int
) -> tuple[tr.Match, tr.Match, tr.Match]:
    """A refusal ends contest 1 and starts contest 2, whose flor (sung at once) reaches the
    target: the explicit deals, and the match for each card seat 0 leads."""
    v = tr.get_variant(name)
    d0 = tr.deal_order(v, ["4E 5B 6C", "4O 5C 7B"], mano=0, turned=turned[0])
    d1 = tr.deal_order(v, ["4B 6O 7C", "1C 2C 3C"], mano=1, turned=turned[1])  # seat 1: a flor
    start = (0, v.match.target - target_gap)

    def explicit(lead: str) -> tr.Match:
        m = v.new_match(2, deals=[d0, d1], mano=0, scores=start)
        for s, a in [(0, f"play {lead}"), (1, "truco"), (0, "no-quiero")]:
            m.apply(a, s)
        return m

    chance = v.new_match(2, mano=0, scores=start)
    cards = [*d0[: 6 + (turned[0] is not None)], *d1[: 6 + (turned[1] is not None)]]
    todo = [(0, "play 4E"), (1, "truco"), (0, "no-quiero")]
    while not chance.is_over():
        if chance.is_chance_node():
            chance.apply("deal " + v.format_card(cards.pop(0)))
        else:
            s, text = todo.pop(0)
            chance.apply(text, s)
    return explicit("4E"), explicit("5B"), chance


def test_an_information_state_keeps_every_contest_one_action_ends() -> None:
    """RULES §1.1 and §2.8.3 (hand flow, reaching the target): a refusal that ends a contest
    can start the next, whose flor is sung at once and reaches the target: one action ends two
    contests. Each keeps the seat's own cards and its record: two histories seat 0 tells
    apart (it led 4E in one, 5B in the other) give two strings (the first contest was a bare
    summary), and cards dealt by chance actions give the string of the same cards dealt in
    advance."""
    a, b, chance = _two_contests_one_action("argentine", (None, None), 3)
    assert a.is_over() and [h.actions for h in a.history] == [3, 0]
    assert len(a.last_hands) == 2 and a.last_hand is a.last_hands[-1]
    sa = a.information_state_string(0)
    assert sa != b.information_state_string(0)
    assert "cards 4E 5B 6C | log 0:play 4E; 1:truco; 0:no-quiero" in sa
    assert "cards 4B 6O 7C | log -" in sa
    assert chance.information_state_string(0) == sa


def test_a_contest_ended_as_it_began_shows_its_own_turned_card() -> None:
    """The same, where each deal turns a card up (the example package's uruguayo, a
    variant with flor and a turned card): the second contest showed the first deal's."""
    if "uruguayo" not in tr.variant_names():
        pytest.skip("the uruguayo example package: pip install -e examples/truco-uruguayo")
    a, b, chance = _two_contests_one_action("uruguayo", ("2O", "3E"), 2)
    sa = a.information_state_string(0)
    assert "cards 4E 5B 6C | turned 2O | log 0:play 4E" in sa
    assert "cards 4B 6O 7C | turned 3E | log -" in sa
    assert sa != b.information_state_string(0)
    assert chance.information_state_string(0) == sa


def test_an_information_state_keeps_the_partners_cards_a_hand_of_11_showed() -> None:
    """RULES §5.7 (the side at 11 looks at its partners' cards) and perfect recall: the
    string showed the partner's cards only while he held them, so once the hand was
    declined, or the partner played a card face down, two histories seat 0 told apart (its
    partner dealt 4d in one, 7s in the other) read the same."""
    v = tr.get_variant("paulista")

    def run(partner: str) -> tr.Match:
        deal = tr.deal_order(v, ["Jh 6d 3c", "4h Ah 5s", partner, "Kd Js Qd"], mano=2, turned="5h")
        m = v.new_match(4, deals=[deal], mano=2, scores=(11, 5))
        while m.current_player() in (0, 2) and "decline-hand" in m.legal_action_texts():
            m.apply("decline-hand")
        return m

    a, b = run("2h Kc 4d"), run("2h Kc 7s")
    assert a.history and a.history[0].end_reason == "declined"
    sa = a.information_state_string(0)
    assert sa != b.information_state_string(0)
    assert "partner 2 dealt Kc 4d 2h" in sa  # in the deck's order
    # the other side never saw them
    assert a.information_state_string(1) == b.information_state_string(1)


def test_an_information_state_keeps_what_a_partner_s_flor_silenced() -> None:
    """RULES §2.7.2 with `partner_unsung_flor='no_calls'` (the trucoshi preset): while a
    partner's flor is unsung the seat may make no call, so its own options tell it the
    partner holds one. Its information state said nothing of it: two deals that differ only
    in the partner's hidden third card (a flor or not) gave one string and two sets of
    legal actions, while the hand was in play and after it."""
    v = tr.get_variant("argentine@trucoshi")

    def run(third: str) -> tr.Match:
        deal = tr.deal_order(v, ["1E 5O 11B", "2E 6O 12B", "3C 7C " + third, "4E 10E 2B"])
        return v.new_match(4, deals=[deal], mano=0)

    a, b = run("10C"), run("4O")  # the partner, seat 2: a flor in a, none in b
    assert [x.verb for x in a.legal_actions(0)] != [x.verb for x in b.legal_actions(0)]
    assert a.information_state_string(0) != b.information_state_string(0)
    assert "calls taken by a partner's flor" in a.information_state_string(0)
    for m in (a, b):  # seat 0 goes to the deck: the contest ends, the flor unsung
        m.apply("mazo", 0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)  # no partner's


def test_a_partner_s_flor_is_marked_exactly_where_the_seat_s_options_tell_it() -> None:
    """The mark "calls taken by a partner's flor" is what the seat's own options tell it:
    set exactly where the silencing changes them (its options with a silent partner's flor
    differ from those it would have without). It was also set where the silencing took
    nothing (no call to make) or the seat's own unsung flor narrowed its options first
    (`unsung_flor='sing_or_mazo'`): there two histories the seat could not tell apart read
    apart."""
    from truco_rules.views.infostate import _silenced

    def options(hand: Any, seat: int, silenced: bool) -> list[tr.Action]:
        bet = hand.bets[hand.bt.by_name["flor"]]
        kept = bet.silenced
        object.__setattr__(bet, "silenced", silenced)
        try:
            return [] if hand.pos[seat] < 0 else hand._compute_legal(seat, seat == hand.turn)
        finally:
            object.__setattr__(bet, "silenced", kept)

    marked = 0
    v = tr.get_variant("argentine@trucoshi")
    for rules in (v, v.with_options(unsung_flor="sing_or_mazo")):
        for seats in (4, 6):
            for seed in range(40):
                rng = random.Random(seed)
                m = rules.new_match(seats, seed=seed)
                for _ in range(60):
                    if m.is_over():
                        break
                    if m.hand is not None:
                        for p in range(seats):
                            told = options(m.hand, p, True) != options(m.hand, p, False)
                            assert _silenced(m.hand, p) == told, (m.position(), p)
                            marked += told
                    m.apply(rng.choice(m.legal_actions()))
    assert marked > 0
