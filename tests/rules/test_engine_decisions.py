"""Engine decisions where the sources are silent (docs/variants/argentine.md), and the
registry's behaviour with broken third-party entry points."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata

import pytest
from conftest import scenario

import truco_rules as tr
from truco_rules import registry as variant_module

FOUR = ["1E 7O 3B", "4E 5O 6B", "4C 5C 6C", "7C 10B 11O"]


def test_s4_b13_envido_team_wins_uses_the_side_credited_after_the_truth_check() -> None:
    """RULES §4 B13 + B18: a false winning statement gives the envido to the other side, and
    `envido_team_wins` then favours that side, not the liar."""
    opts = {
        "simultaneous_finish": "envido_team_wins",
        "envido_declaration": "declared_with_penalty",
    }
    m = scenario(
        "argentine-blog",
        ["1E 7E 1B", "4C 5O 6B"],
        ["0:envido", "1:quiero", "0:declare 30", "1:son-buenas", "0:play 1E", "1:play 4C"],
        scores=(29, 28),
        options=opts,
    )
    while m.history == []:
        m.apply(m.legal_actions()[0])
    events = m.history[0].events
    assert (1, 2, "envido forfeited") in events
    assert m.is_over() or m.chicos == (0, 1)
    assert m.chicos[1] == 1 and m.winner() == 1


def test_s2_7_4_manual_flor_may_answer_its_own_sides_envido() -> None:
    """RULES §2.7.4: a flor answers any envido; with manual declaration the caller's partner,
    who has no turn while the answer is due, may still sing it (out of turn)."""
    m = scenario(
        "argentine", FOUR, ["0:envido"], options={"flor_declaration": "manual_with_penalty"}
    )
    assert "flor" in m.legal_action_texts(2)
    m.apply("flor", 2)
    assert m.hand is not None and m.hand.env_state == 4  # void
    assert m.hand.flor_deferred == [(0, 3, 2)]  # credited at the end, after the showing check
    while not m.history:
        m.apply(m.legal_actions()[0])
    assert (0, 3, "flor") in m.history[0].events


def test_s2_10_unsung_flor_of_a_player_who_left_does_not_score() -> None:
    """RULES §2.10: only the flores of players still in the hand are scored at its end."""
    m = scenario(
        "argentine",
        FOUR,
        ["0:play 1E", "1:play 4E", "2:mazo", "3:play 7C"],
        options={"flor_declaration": "manual_with_penalty", "truco_call_timing": "own_turn"},
    )
    while not m.history:
        m.apply(m.legal_actions()[0])
    assert all(why != "flor" for _t, _p, why in m.history[0].events)


def test_showdown_envido_proof_and_flor_are_shown_after_the_hand() -> None:
    """DESIGN §4: the envido winner's proof cards become visible once the hand is over."""
    m = scenario("argentine", ["1E 7E 3B", "4C 5C 6O"], ["0:envido", "1:quiero", "0:mazo"])
    assert m.history[0].shown == ((1, (tr.SPANISH.parse("5C"), tr.SPANISH.parse("4C"))),)
    obs = m.observation(0)
    assert obs.previous is not None and obs.previous.shown == m.history[0].shown


def test_compare_lists_each_rule_once() -> None:
    v = tr.get_variant("argentine")
    diffs = tr.compare(v, v.with_options(target=15))
    assert [d.rule for d in diffs] == ["target"]


@contextmanager
def _failing_entry_point(name: str, value: str, warning: str) -> Iterator[None]:
    """Load the variant entry point ``name`` = ``value``, which fails with a warning that
    matches ``warning``; the registry forgets it afterwards."""
    ep = metadata.EntryPoint(name, value, "truco_rules.variants")
    try:
        with pytest.warns(RuntimeWarning, match=warning):
            variant_module._load_one(ep)
        yield
    finally:
        variant_module._BROKEN.pop(name, None)


def test_broken_entry_point_is_reported_and_does_not_break_others() -> None:
    with _failing_entry_point("broken-house", "no_such_module_xyz:RULES", "broken-house"):
        assert tr.get_variant("argentine").name == "argentine"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(tr.UnknownVariant):
                tr.get_variant("broken-house")


def _entry_point_module(tmp_path, monkeypatch, source: str) -> str:  # type: ignore[no-untyped-def]
    name = f"ep_mod_{abs(hash(source)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_an_entry_point_whose_alias_is_taken_is_reported_not_fatal(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch
) -> None:
    """A third party's variant that claims another's alias is listed as failed to load;
    every lookup goes on working, the alias keeps its variant."""
    mod = _entry_point_module(
        tmp_path,
        monkeypatch,
        "import truco_rules as tr\n"
        "SIN_FLOR = tr.get_variant('argentine-sin-flor')\n"
        "CLASH = SIN_FLOR.derive('aaa-clash', 'x', aliases=('sin-flor',))\n",
    )
    with _failing_entry_point("aaa-clash", f"{mod}:CLASH", "aaa-clash.*sin-flor"):
        assert "aaa-clash" in variant_module.failed_entry_points()
        assert "aaa-clash" not in tr.variant_names()
        assert tr.get_variant("sin-flor").name == "argentine-sin-flor"
        assert tr.get_variant("argentine").name == "argentine"


def test_an_entry_point_may_build_on_a_variant_loaded_after_it(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch
) -> None:
    """A factory entry point that looks up a third party's variant named later in the load
    order is tried again once that one is loaded: it loads, unwarned."""
    mod = _entry_point_module(
        tmp_path,
        monkeypatch,
        "import truco_rules as tr\n"
        "def early():\n"
        "    return tr.get_variant('zzz-base').derive('aaa-on-top', 'x')\n"
        "BASE = tr.get_variant('argentine').derive('zzz-base', 'x')\n",
    )
    eps = [
        metadata.EntryPoint("aaa-on-top", f"{mod}:early", "truco_rules.variants"),
        metadata.EntryPoint("zzz-base", f"{mod}:BASE", "truco_rules.variants"),
    ]
    monkeypatch.setattr(
        variant_module.metadata,
        "entry_points",
        lambda group: eps if group == "truco_rules.variants" else [],
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            variant_module._load_groups()
        assert {"aaa-on-top", "zzz-base"} <= set(tr.variant_names())
        assert "aaa-on-top" not in variant_module.failed_entry_points()
    finally:
        for name in ("aaa-on-top", "zzz-base"):
            variant_module._REGISTRY.pop(name, None)
            variant_module._INSTALLED.pop(name, None)
            variant_module._BROKEN.pop(name, None)


A1_HANDS = ["4E 5O 6B", "4B 5C 6O", "7O 1C 2B", "1E 7E 3E"]


@pytest.mark.parametrize("answer", ["no-quiero", "mazo"])
def test_s2_7_2_a_called_sides_flor_is_sung_before_anyone_answers(answer: str) -> None:
    """RULES §2.7.2, §2.7.4: a ladder call in trick 1 is a decision for every member of the
    called side, so seat 3's flor is sung before a partner can refuse or leave."""
    m = scenario("argentine", A1_HANDS, ["0:truco"])
    assert m.hand is not None and m.hand.flor_sung == [3]
    assert m.hand.points == [(1, 3, "flor")]
    m.apply(answer, 3)
    assert m.history[0].events == (
        (1, 3, "flor"),
        (0, 1, "refused" if answer == "no-quiero" else "mazo"),
    )


def test_s2_7_2_unsung_flor_holder_cannot_act_out_of_turn_first() -> None:
    """RULES §2.7.2: a flor is sung at its holder's first decision; an automatic-flor holder
    gets no out-of-turn action before it is sung."""
    m = scenario("argentine", A1_HANDS)
    assert m.legal_actions(3) == []
    assert "truco" in m.legal_action_texts(1)


HIDDEN = ["4E 5E 6E", "4B 5C 6O", "7O 1O 2O", "10C 7B 3C"]


def test_s2_7_2_manual_flor_hidden_by_playing_is_penalised_not_scored() -> None:
    """RULES §2.7.2: a flor whose holder played a card without singing it is out of the flor
    count, and gives the opponents 3 at the end."""
    opts = {"flor_declaration": "manual_with_penalty", "truco_call_timing": "own_turn"}
    m = scenario("argentine", HIDDEN, ["0:play 4E", "1:play 4B", "2:flor"], options=opts)
    assert m.hand is not None and m.hand.flor_sung == [2]
    while not m.history:
        m.apply(m.legal_actions()[0])
    events = m.history[0].events
    assert (0, 3, "flor") in events and (1, 3, "hidden flor") in events


def test_s2_7_2_manual_hidden_flor_gets_no_response_ladder() -> None:
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario("argentine", ["5E 6E 7E", "4O 5O 7O"], ["0:play 5E", "1:flor"], options=opts)
    assert m.hand is not None and m.hand.phase == 0  # uncontested: play goes on
    assert m.hand.flor_deferred == [(1, 3, 1)]


def test_s2_11_partner_flores_are_shown() -> None:
    """RULES §2.11: a flor cannot be bluffed: every flor scored is shown at the end."""
    m = scenario("argentine", HIDDEN)
    assert m.hand is not None and m.hand.flor_sung == [0, 2]
    assert m.hand.points == [(0, 6, "flor")]
    m.apply("truco", 0)
    m.apply("no-quiero", 1)
    assert [s for s, _ in m.history[0].shown] == [0, 2]


def test_s2_10_kept_flor_of_an_early_ended_hand_is_sung_and_shown() -> None:
    """RULES §2.10, §2.11: a flor scored because the other side refused is declared and shown."""
    hands = ["4E 5B 6O", "1E 5O 6C", "4C 5C 7C", "4O 5E 7B"]
    m = scenario("argentine", hands, ["0:truco", "1:no-quiero"])
    assert m.history[0].events == ((0, 3, "flor"), (0, 1, "refused"))
    assert [s for s, _ in m.history[0].shown] == [2]
    assert m.observation(1).previous is not None
    assert m.observation(1).previous.flor_sung == (2,)


def test_previous_hand_public_record_is_observable() -> None:
    """DESIGN §4: what was public when a hand ended (its last trick, statements) stays in the
    next observations; what was hidden (face-down cards) stays hidden."""
    hands = ["1E 4B 5O", "7E 6C 12O"]
    actions = ["0:play 4B", "1:play 6C", "1:play 7E", "0:play 1E", "0:play 5O", "1:play 12O down"]
    m = scenario("argentine-sin-flor", hands, actions)
    prev0, prev1 = m.observation(0).previous, m.observation(1).previous
    assert prev0 is not None and prev1 is not None
    assert [p.card and str(p.card) for p in prev0.table] == ["4B", "6C", "7E", "1E", "5O", None]
    assert [p.card and str(p.card) for p in prev1.table][-1] == "12O"
    other = scenario(
        "argentine-sin-flor", ["1E 4B 5O", "7E 6C 11O"], [*actions[:-1], "1:play 11O down"]
    )
    assert other.observation(0).previous == prev0


def test_statements_of_an_envido_that_ends_the_match_are_observable() -> None:
    m = scenario(
        "argentine-sin-flor",
        ["1E 7E 3B", "4C 5C 6O"],
        ["0:falta-envido", "1:quiero"],
        scores=(5, 12),
    )
    assert m.is_over()
    prev = m.observation(0).previous
    assert prev is not None and prev.envido_statements == ((0, 28), (1, 29))


def test_wrong_player_error_does_not_reveal_the_other_seats_cards() -> None:
    """DESIGN §4: an out-of-turn attempt must not list the legal actions of the seat to act;
    it lists the trying seat's own (here its out-of-turn calls), which its observation shows."""
    m = scenario("argentine-sin-flor", ["1E 7O 3B", "4C 5C 12C"])
    for text in ("play 4C", "mazo"):
        with pytest.raises(tr.WrongPlayer) as e:
            m.apply(text, 1)
        assert "1E" not in str(e.value) and "7O" not in str(e.value)
        assert e.value.legal == tuple(m.legal_action_texts(1))
        assert e.value.legal == m.observation(1).legal_actions


def test_empty_deals_means_chance_deals_and_round_trips() -> None:
    m = tr.get_variant("argentine").new_match(2, deals=[])
    m.apply("deal 1E")
    assert m.deals is None
    assert tr.Match.from_text(m.to_text()) == m
    assert tr.Match.from_json(m.to_json()).to_json() == m.to_json()


def test_s1_3_leader_after_a_tie_whose_leader_left_is_the_first_to_play_it() -> None:
    """RULES §1.3: after a tied trick its first player leads again, even when the seat due to
    lead it went to the deck instead."""
    hands = ["4E 5E 6E", "3B 4B 5B", "3O 4O 5O", "7C 4C 6C"]
    m = scenario(
        "argentine-sin-flor",
        hands,
        # trick 1 ties (3B, 3O); seat 0 leaves at his lead; trick 2 ties (4B, 4O, 4C)
        [
            "0:play 4E",
            "1:play 3B",
            "2:play 3O",
            "3:play 7C",
            "0:mazo",
            "1:play 4B",
            "2:play 4O",
            "3:play 4C",
        ],
        options={"truco_call_timing": "own_turn"},
    )
    assert m.hand is not None and m.hand.results == [-1, -1]
    assert m.current_player() == 1


def test_a_misnamed_entry_point_says_what_to_name_it(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch
) -> None:
    """An entry point whose variant has another name fails to load; the reason names the
    entry point to write (it said only what the variant's name was)."""
    mod = _entry_point_module(
        tmp_path,
        monkeypatch,
        "import truco_rules as tr\n"
        "REAL = tr.get_variant('argentine').derive('real-name-59', 'x', target=15)\n",
    )
    with _failing_entry_point(
        "wrong-name-59", f"{mod}:REAL", "name the entry point 'real-name-59'"
    ):
        assert "real-name-59" in variant_module.failed_entry_points()["wrong-name-59"]
