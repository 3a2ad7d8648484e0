"""Rules other engines play, as options (issue 13): each option changes a whole hand as its
documentation says, and its default changes nothing."""

from __future__ import annotations

import pytest

import truco_rules as tr

ARG = tr.get_variant("argentine")
SIN = tr.get_variant("argentine-sin-flor")
PAULISTA = tr.get_variant("paulista")


def play(
    v: tr.Variant, hands: list[str], actions: list[str], seats: int = 2, **kw: object
) -> tr.Match:
    m = v.new_match(seats, deals=[tr.deal_order(v, hands)], **kw)  # type: ignore[arg-type]
    for a in actions:
        m.apply(a)
    return m


def points(m: tr.Match) -> tuple[tuple[int, int, str], ...]:
    return m.history[0].events


# ------------------------------------------------------------------------- 1. falta envido
def test_falta_winner_to_half_is_the_half_minus_the_winners_score() -> None:
    """RULES §2.6.4, falta_mode='winner_to_half': at 14-0 of 30 an accepted falta envido won
    by the side at 0 is worth 15 (malas_wins_game would give it the 30 it lacks)."""
    hands = ["4C 5B 6O", "7E 6E 3B"]  # seat 1: 33
    for mode, worth in (("winner_to_half", 15), ("malas_wins_game", 30), ("leader_remaining", 16)):
        v = SIN.with_options(falta_mode=mode, score_timing="end_of_hand")
        m = play(v, hands, ["falta-envido", "quiero"], scores=(14, 0))
        while m.hand_no == 0 and not m.is_over():
            m.apply(m.legal_actions()[0])
        assert (1, worth, "envido") in points(m), mode


def test_contraflor_al_resto_winner_to_half() -> None:
    """RULES §2.7.3, contraflor_al_resto_value='winner_to_half': 15 at 0-0 of 30, not 30."""
    v = ARG.with_options(contraflor_al_resto_value="winner_to_half", score_timing="end_of_hand")
    m = play(v, ["1O 2O 3O", "4C 5C 6C"], ["contraflor-al-resto", "quiero"])
    events = m.hand.points if m.hand is not None else points(m)
    assert (1, 15, "flor") in events


# ------------------------------------------------------------------------- 2. refused resto
@pytest.mark.parametrize(
    "answers,worth",
    [
        (["contraflor-al-resto", "no-quiero"], 4),
        (["contraflor", "contraflor-al-resto", "no-quiero"], 6),
    ],
)
def test_refused_contraflor_al_resto_is_worth_the_level_before(
    answers: list[str], worth: int
) -> None:
    """RULES §2.7.3, contraflor_al_resto_refused='previous_level': 4 over a flor, 6 over a
    contraflor; with the default 6 both are 6."""
    for value, expect in (("previous_level", worth), (6, 6)):
        v = ARG.with_options(contraflor_al_resto_refused=value)
        m = play(v, ["1O 2O 3O", "4C 5C 6C"], answers)
        caller = 1 if len(answers) == 2 else 0
        events = m.hand.points if m.hand is not None else points(m)
        assert (caller, expect, "flor") in events, (value, events)


# ------------------------------------------------------------------------- 3. raise cap
def test_raise_cap_forbids_seis_when_the_truco_already_decides_the_game() -> None:
    """RULES §5.6, raise_cap='trailing_side_needs': at 9-10 of 12 an accepted truco (3) gives
    the game to whoever wins the hand, so nobody may call seis: neither as the answer nor on
    his own turn later."""
    hands = ["4d 5d 6d", "4s 5s 6s"]
    capped = PAULISTA.with_options(raise_cap="trailing_side_needs")
    m = play(capped, hands, ["truco"], scores=(9, 10))
    assert "seis" not in m.legal_action_texts()
    m.apply("quiero")
    m.apply(m.legal_actions()[0])
    assert "seis" not in m.legal_action_texts()
    free = play(PAULISTA, hands, ["truco"], scores=(9, 10))
    assert "seis" in free.legal_action_texts()
    low = play(capped, hands, ["truco"], scores=(2, 3))  # far from the target: seis allowed
    assert "seis" in low.legal_action_texts()


# ------------------------------------------------------------------------- 4. pica-pica start
def test_no_pica_pica_before_a_side_has_a_third_of_the_target() -> None:
    """RULES §2.12.1, pica_pica_start=10: after a redonda at 2-0 the next deal is a redonda
    again; with the default 0 it is a pica-pica."""
    kinds = {}
    for start in (0, 10):
        v = ARG.with_options(pica_pica_start=start)
        m = v.new_match(6, seed=4)
        while m.hand_no == 0:
            m.apply("mazo" if "mazo" in m.legal_action_texts() else m.legal_actions()[0])
        assert max(m.score) < 10
        kinds[start] = m.plan.kind if m.plan is not None else ""
    assert kinds == {0: "pica-pica", 10: "redonda"}


# ------------------------------------------------------------------------- 5. every opponent
def test_a_raise_is_refused_only_when_every_opponent_refuses() -> None:
    """RULES §5.6, ladder_refusal='every_opponent' (4 seats): the first no-quiero passes the
    answer to the partner, whose quiero accepts the truco."""
    hands = ["4d 5d 6d", "4s 5s 6s", "4h 5h 6h", "Qd Qs Qh"]
    v = PAULISTA.with_options(ladder_refusal="every_opponent")
    m = play(v, hands, ["truco", "no-quiero"], seats=4)
    assert m.hand is not None and m.current_player() == 3  # seat 1's partner answers now
    assert m.legal_action_texts(1) == []
    m.apply("quiero")
    assert m.hand.stake() == 3
    one = play(PAULISTA, hands, ["truco", "no-quiero"], seats=4)
    assert one.history and one.history[0].end_reason == "refused"


# ------------------------------------------------------------------------- 6. manilha velha
def test_paulista_with_fixed_manilhas_turns_no_vira() -> None:
    """RULES §6.1 with §5: manilha_mode='fixed' plays Mineiro's manilhas (4c zap) with the
    Paulista ladder 1-3-6-9-12 and no turned card."""
    v = PAULISTA.with_options(manilha_mode="fixed")
    m = v.new_match(seed=3)
    assert m.turned is None and v.card_strength("4c") == 14 and v.card_strength("7h") == 13
    assert v.ladder.values == (1, 3, 6, 9, 12)
    m2 = play(v, ["4c 5d 6d", "3s 5s 6s"], ["play 4c", "play 3s"])
    assert m2.hand is not None and m2.hand.results == [0]  # the zap beats a 3


# ------------------------------------------------------------------------- 7. table habits
def test_the_hand_ends_the_moment_its_winner_is_certain() -> None:
    """RULES §1.4, end_when_certain: seat 0 took trick 1 with 1E and leads 7E; seat 1 holds
    only 4s, so nothing can change the result: the hand ends with the same points, and the
    cards left are shown."""
    hands = ["1E 7E 3B", "4C 4O 5O"]
    actions = ["play 1E", "play 4C", "play 7E"]
    early = play(SIN.with_options(end_when_certain=True), hands, actions)
    assert early.history and early.history[0].winner == 0
    assert early.history[0].tricks == (0,)
    shown = dict(early.history[0].shown)
    assert set(shown[1]) == set(SIN.cards("4O 5O"))
    normal = play(SIN, hands, actions)
    assert not normal.history
    while not normal.history:
        normal.apply(normal.legal_actions()[0])
    assert normal.history[0].points == early.history[0].points
    assert normal.history[0].actions > early.history[0].actions


def test_going_to_the_deck_out_of_turn_and_as_an_envido_answer() -> None:
    """RULES §2.10, mazo_out_of_turn: seat 1 may go to the deck while seat 0 is to play, and
    going to the deck to answer an envido refuses it (1 point) and concedes the hand."""
    v = SIN.with_options(mazo_out_of_turn=True)
    hands = ["1E 7E 3B", "4C 4O 5O"]
    m = play(v, hands, [])
    assert "mazo" in m.legal_action_texts(1)
    assert "mazo" not in play(SIN, hands, []).legal_action_texts(1)
    m = play(v, hands, ["envido", "mazo"])
    assert points(m) == ((0, 1, "envido"), (0, 1, "mazo"))
    plain = play(SIN, hands, ["envido"])
    assert "mazo" not in plain.legal_action_texts()


def test_a_raise_may_not_answer_a_call() -> None:
    """RULES §1.5, raise_as_answer=False: truco is answered by quiero or no quiero only."""
    v = SIN.with_options(raise_as_answer=False)
    m = play(v, ["1E 7E 3B", "4C 4O 5O"], ["truco"])
    assert "retruco" not in m.legal_action_texts()
    assert "retruco" in play(SIN, ["1E 7E 3B", "4C 4O 5O"], ["truco"]).legal_action_texts()


def test_envido_envido_falta_envido_may_be_forbidden() -> None:
    """RULES §2.6.3, envido_envido_falta=False: after envido, envido only real envido may
    raise; falta envido may still answer one envido."""
    v = SIN.with_options(envido_envido_falta=False)
    m = play(v, ["1E 7E 3B", "4C 4O 5O"], ["envido", "envido"])
    assert "falta-envido" not in m.legal_action_texts() and "real-envido" in m.legal_action_texts()
    assert "falta-envido" in play(v, ["1E 7E 3B", "4C 4O 5O"], ["envido"]).legal_action_texts()
    plain = play(SIN, ["1E 7E 3B", "4C 4O 5O"], ["envido", "envido"])
    assert "falta-envido" in plain.legal_action_texts()


def test_an_unsung_flor_may_only_be_sung_or_taken_to_the_deck() -> None:
    """RULES §2.7.2, unsung_flor='sing_or_mazo' with manual flor: the holder's only actions
    are flor and mazo; once sung he plays on as usual."""
    v = ARG.with_options(flor_declaration="manual_with_penalty", unsung_flor="sing_or_mazo")
    m = play(v, ["1O 2O 3O", "4C 5B 6E"], [])
    assert m.legal_action_texts() == ["flor", "mazo"]
    m.apply("flor")
    assert any(t.startswith("play") for t in m.legal_action_texts())
    free = ARG.with_options(flor_declaration="manual_with_penalty")
    assert len(play(free, ["1O 2O 3O", "4C 5B 6E"], []).legal_action_texts()) > 2


# ------------------------------------------------------------------------- 8. flor and envido
def test_a_flor_has_no_envido_score_in_a_game_with_flor() -> None:
    """RULES §2.6.1, TV11: 7C 6C 5C is a flor of 38 and its envido is void (None); without
    flor it is an envido of 33."""
    assert ARG.envido_points("7C 6C 5C") is None
    assert ARG.flor_points("7C 6C 5C") == 38
    assert SIN.envido_points("7C 6C 5C") == 33


def test_an_unsung_flor_cannot_win_the_envido() -> None:
    """RULES §2.6.1, §2.7.4 with manual flor: seat 0 holds 1O 2O 3O, calls envido and never
    sings. His flor has no envido score, so seat 1 (6) wins the envido, and seat 0 still pays
    the hidden flor."""
    v = ARG.with_options(flor_declaration="manual_with_penalty")
    m = play(v, ["1O 2O 3O", "4C 5B 6E"], ["envido", "quiero"])
    while not m.history:
        m.apply(m.legal_actions()[0])
    events = points(m)
    assert (1, 2, "envido") in events and (1, 3, "hidden flor") in events
    assert not any(side == 0 and why == "envido" for side, _p, why in events)
