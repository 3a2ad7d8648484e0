"""Presets (issue 29): ``VARIANT@PRESET`` is the variant with a named set of option values,
accepted wherever a variant name is, named by the records of its matches, and played exactly
as the explicit option set it stands for."""

from __future__ import annotations

import json
import random
import sys
import types
import warnings
from collections.abc import Iterator
from importlib import metadata

import pytest

import truco_rules as tr
from truco_rules.match import Match
from truco_rules.rules import registry
from truco_rules.rules.presets import Preset
from truco_rules.rules.registry import failed_entry_points, register_preset

PRESETS = [
    (name, preset)
    for name in tr.variant_names()
    for preset in tr.get_variant(name).presets()
]


def test_the_minitruco_presets_ship() -> None:
    assert ("paulista", "minitruco") in PRESETS and ("mineiro", "minitruco") in PRESETS
    v = tr.get_variant("paulista@minitruco")
    assert v.name == "paulista@minitruco" and v.base == "paulista"
    assert v.options()["truco_call_timing"] == "own_turn"  # PartidaLocal.java:478
    for name in ("paulista@minitruco", "mineiro@minitruco"):  # issue 24's two options
        options = tr.get_variant(name).options()
        assert options["facedown_one_per_side"] is True  # PartidaLocal.java:674-675
        assert options["iron_hand_value"] == "unbet"  # PartidaLocal.java:165
    assert "minitruco" in tr.get_variant("paulista").presets()
    # an alias finds the variant, and the preset is named after the variant's own name
    assert tr.get_variant("Truco-SP@MiniTruco").name == "paulista@minitruco"


# ------------------------------------------------------------------ played as its options
def _lockstep(a: Match, b: Match, rng: random.Random, actions: int) -> None:
    """Play ``a`` and ``b`` with the same random choices; everything the rules decide must
    agree at every step."""
    for _ in range(actions):
        assert a.is_over() == b.is_over() and a.winner() == b.winner()
        if a.is_over():
            return
        legal = a.legal_actions()
        assert a.current_player() == b.current_player()
        assert [str(x) for x in legal] == [str(x) for x in b.legal_actions()]
        act = rng.choice(legal)
        a.apply(act)
        b.apply(act)
        assert [(h.points, h.events, h.winner, h.end_reason) for h in a.history] == [
            (h.points, h.events, h.winner, h.end_reason) for h in b.history
        ]
        assert (a.score, a.chicos) == (b.score, b.chicos)


@pytest.mark.parametrize("name,preset", PRESETS, ids=[f"{n}@{p}" for n, p in PRESETS])
def test_a_preset_plays_as_the_option_set_it_stands_for(name: str, preset: str) -> None:
    """Random matches under ``name@preset`` and under ``name`` with the preset's options
    explicitly: the same legal actions, points and scores at every step, the same records but
    for the name, and each record replays under its own name."""
    settings = tr.get_variant(name).presets()[preset].settings()
    pv, ev = tr.get_variant(f"{name}@{preset}"), tr.get_variant(name, settings)
    assert pv.options() == ev.options()
    for seats in pv.seat_counts:
        for seed in range(6):
            a, b = pv.new_match(seats, seed=seed), ev.new_match(seats, seed=seed)
            _lockstep(a, b, random.Random(seed), 250)
            ra, rb = a.to_record(), b.to_record()
            assert ra["variant"] == f"{name}@{preset}" and ra["options"] == {}
            assert rb["variant"] == name and rb["options"] == ev.non_default_options()
            assert ra["preset_options"] == settings  # what the preset set, kept with it
            named = ("variant", "options", "preset_options")
            assert {k: x for k, x in ra.items() if k not in named} == {
                k: x for k, x in rb.items() if k not in named
            }
            again = Match.from_record(json.loads(json.dumps(ra)))
            assert again.variant == pv and again.to_record() == ra
            assert Match.from_text(a.to_text()).to_record() == ra


def test_records_and_positions_name_the_preset_and_its_overrides() -> None:
    v = tr.get_variant("mineiro@minitruco", {"target": 15})
    m = v.new_match(4, seed=7)
    rng = random.Random(7)
    for _ in range(25):
        m.apply(rng.choice(m.legal_actions()))
    rec = m.to_record()
    assert (rec["variant"], rec["options"]) == ("mineiro@minitruco", {"target": 15})
    assert Match.from_record(rec).variant == v
    pos = m.position()
    assert pos.startswith('mineiro@minitruco{"target":15} ')
    assert Match.from_position(pos).position() == pos
    assert m.observation(1).to_dict()["variant"] == "mineiro@minitruco"


# ------------------------------------------------------------------ the order of values
def test_explicit_options_override_the_preset() -> None:
    """Registered values, then the preset's, then explicit options (docs/own-package.md)."""
    stock = tr.get_variant("paulista")
    assert stock.options()["raise_as_answer"] is True
    assert tr.get_variant("paulista@minitruco").options()["raise_as_answer"] is False
    v = tr.get_variant("paulista@minitruco", {"raise_as_answer": True, "target": 15})
    assert v.options()["raise_as_answer"] is True and v.options()["target"] == 15
    assert v.options()["ladder_refusal"] == "every_opponent"  # the preset's, kept
    assert v.non_default_options() == {"raise_as_answer": True, "target": 15}


# ------------------------------------------------------------------ errors
def test_an_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(tr.UnknownPreset) as err:
        tr.get_variant("paulista@trucoshi")
    assert "minitruco" in str(err.value) and "'paulista'" in str(err.value)
    assert isinstance(err.value, tr.UnknownVariant)  # caught where a name is refused
    with pytest.raises(tr.UnknownPreset, match="presets: none"):
        tr.get_variant("almeria@minitruco")
    with pytest.raises(tr.UnknownVariant):
        tr.get_variant("nowhere@minitruco")


def test_a_preset_naming_an_option_the_variant_lacks_is_refused() -> None:
    with pytest.raises(tr.InvalidPreset, match="flor_declaration"):
        register_preset("paulista", Preset("site", {"flor_declaration": "automatic"}))
    with pytest.raises(tr.InvalidPreset, match="target"):
        register_preset("paulista", Preset("site", {"target": -3}))
    with pytest.raises(tr.InvalidPreset, match="already has"):
        register_preset("paulista", Preset("minitruco", {"target": 15}))
    with pytest.raises(tr.InvalidPreset):
        register_preset("paulista@minitruco", Preset("site", {"target": 15}))
    with pytest.raises(tr.InvalidPreset, match="name"):
        Preset("Bad Name", {})
    for options in (5, "target", None):  # not a mapping of options
        with pytest.raises(tr.InvalidType, match="preset options"):
            Preset("site", options)
    with pytest.raises(tr.InvalidType):
        register_preset("paulista", {"target": 15})  # type: ignore[arg-type]
    base = tr.get_variant("argentine")
    with pytest.raises(tr.InvalidPreset, match="no_such_option"):
        base.derive("house-x", "x", presets=(Preset("p", {"no_such_option": 1}),))
    with pytest.raises(tr.InvalidPreset, match="two presets"):
        base.derive("house-x", "x", presets=(Preset("p", {}), Preset("p", {})))
    assert "site" not in tr.get_variant("paulista").presets()  # nothing was left behind


# ------------------------------------------------------------------ a package's presets
@pytest.fixture
def clean_presets() -> Iterator[None]:
    from truco_rules.rules import presets as presets_module

    saved = {k: dict(v) for k, v in presets_module._ADDED.items()}
    yield
    presets_module._ADDED.clear()
    presets_module._ADDED.update(saved)
    registry._BROKEN_PRESETS.clear()
    registry._PRESET_CACHE.clear()


def test_a_package_registers_a_preset_for_a_built_in_variant(clean_presets: None) -> None:
    register_preset("argentine", Preset("my-site", {"target": 15}, description="our tables"))
    v = tr.get_variant("argentine@my-site")
    assert v.options()["target"] == 15 and "my-site" in tr.get_variant("argentine").presets()
    m = v.new_match(2, seed=1)
    m.apply(m.legal_actions()[0])
    assert Match.from_record(m.to_record()).variant == v
    assert tr.get_variant("argentine").describe()["presets"]["my-site"] == {"target": 15}


def test_a_preset_entry_point_is_loaded(
    clean_presets: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    ep = metadata.EntryPoint(
        "mineiro@club", "truco_rules.variants.mineiro:MINITRUCO", "truco_rules.presets"
    )
    with pytest.warns(RuntimeWarning, match="mineiro@club"):  # it loads a preset named otherwise
        registry._load_preset(ep)
    assert "mineiro@club" in failed_entry_points()
    with pytest.raises(tr.UnknownPreset, match="failed"):
        tr.get_variant("mineiro@club")
    good = metadata.EntryPoint(
        "mineiro@minitruco", "truco_rules.variants.mineiro:MINITRUCO", "truco_rules.presets"
    )
    registry._load_preset(good)  # the variant's own preset again: nothing changes
    assert tr.get_variant("mineiro@minitruco").options()["mineiro_first_trick_tie"] == "standard"
    assert "mineiro@minitruco" not in failed_entry_points()
    # another preset under a name the variant holds was put in its place without a word:
    # an entry point never replaces a preset, it is listed as failed with the reason
    module = types.ModuleType("clash_presets_59")
    module.OTHER = Preset("minitruco", {"target": 15})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "clash_presets_59", module)
    clash = metadata.EntryPoint(
        "mineiro@minitruco", "clash_presets_59:OTHER", "truco_rules.presets"
    )
    with pytest.warns(RuntimeWarning, match="already has a preset 'minitruco'"):
        registry._load_preset(clash)
    assert "mineiro@minitruco" in failed_entry_points()
    assert tr.get_variant("mineiro@minitruco").options()["mineiro_first_trick_tie"] == "standard"


# ------------------------------------------------------------------ a package that fails
def test_a_variant_package_that_fails_to_load_is_named_with_the_reason() -> None:
    ep = metadata.EntryPoint("broken-club", "no_such_module_29:RULES", "truco_rules.variants")
    with pytest.warns(RuntimeWarning, match="broken-club"):
        registry._load_one(ep)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(tr.UnknownVariant) as err:
                tr.get_variant("broken-club")
        text = str(err.value)
        assert "entry point 'broken-club'" in text and "failed to load" in text
        assert "no_such_module_29" in text and "ModuleNotFoundError" in text
        assert "ModuleNotFoundError" in err.value.failed
        assert "broken-club" in failed_entry_points()
    finally:
        registry._BROKEN.pop("broken-club", None)


def test_the_variants_command_lists_presets_and_failed_packages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from truco_rules.cli import main

    ep = metadata.EntryPoint("broken-club", "no_such_module_29:RULES", "truco_rules.variants")
    with pytest.warns(RuntimeWarning):
        registry._load_one(ep)
    try:
        assert main(["variants"]) == 0
    finally:
        registry._BROKEN.pop("broken-club", None)
    out = capsys.readouterr().out
    assert "paulista@minitruco" in out and "mineiro@minitruco" in out
    line = next(x for x in out.splitlines() if x.startswith("broken-club"))
    assert "FAILED to load" in line and "ModuleNotFoundError" in line


def test_describe_and_compare_show_presets(capsys: pytest.CaptureFixture[str]) -> None:
    from truco_rules.cli import main

    assert main(["describe", "paulista"]) == 0
    assert "preset paulista@minitruco: as miniTruco" in capsys.readouterr().out
    assert main(["compare", "paulista", "paulista@minitruco"]) == 0
    out = capsys.readouterr().out
    assert "paulista@minitruco" in out and "raise_as_answer" in out
    diffs = tr.compare(tr.get_variant("paulista"), tr.get_variant("paulista@minitruco"))
    assert {d.rule for d in diffs} >= {"raise_as_answer", "ladder_refusal"}


@pytest.mark.parametrize("left", tr.variant_names())
@pytest.mark.parametrize("right", ["argentine", "paulista", "mineiro", "almeria"])
def test_compare_is_the_same_both_ways_with_each_rule_once(left: str, right: str) -> None:
    """``compare(a, b)`` and ``compare(b, a)`` list the same rules, sides swapped; no rule is
    named twice (the deck's notation and size, a rule, is told apart from the Brazilian
    ``deck`` option: it was listed one way and dropped the other)."""
    a, b = tr.get_variant(left), tr.get_variant(right)
    there = {d.rule: (d.left, d.right) for d in tr.compare(a, b)}
    back = {d.rule: (d.right, d.left) for d in tr.compare(b, a)}
    assert there == back
    assert len(there) == len(tr.compare(a, b))
    if left != right and {left, right} & {"paulista", "mineiro"} and "argentine" in (left, right):
        assert "deck (rules)" in there and "deck" in there


def test_with_preset_keeps_the_options_set_before_it_and_replaces_a_preset() -> None:
    """The presets' docs: explicit options go on top of a preset. Options set before
    ``with_preset`` were thrown away without a word (target 15 became trucoshi's 30), and a
    second preset was stacked on the first under the second's name."""
    v = tr.get_variant("argentine", {"target": 15}).with_preset("trucoshi")
    assert v.name == "argentine@trucoshi" and v.match.target == 15
    assert v.non_default_options() == {"target": 15}
    assert v == tr.get_variant("argentine@trucoshi", {"target": 15})
    w = tr.get_variant("argentine-sin-flor@trucoshi").with_preset("marianogappa")
    assert w == tr.get_variant("argentine-sin-flor@marianogappa")
    assert tr.get_variant("argentine").with_preset("trucoshi") == tr.get_variant(
        "argentine@trucoshi"
    )
    with pytest.raises(tr.InvalidType):
        tr.get_variant("argentine").with_preset(None)  # type: ignore[arg-type]


def test_an_option_of_the_wrong_type_says_the_type_is_wrong() -> None:
    """A numpy integer or a str subclass holding an allowed value was refused with a
    message that listed the very value as allowed."""

    class Text(str):
        pass

    with pytest.raises(tr.InvalidOptionType, match=r"the type is wrong: .*Text, not str"):
        tr.get_variant("argentine", {"falta_mode": Text("leader_remaining")})
    with pytest.raises(tr.InvalidOptionType, match="the type is wrong: float, not int"):
        tr.get_variant("argentine", {"target": 15.0})


def test_a_record_under_a_preset_replays_by_the_preset_it_was_played_with(
    clean_presets: None,
) -> None:
    """docs/notation.md: a record holds everything needed to rebuild its match. A record
    under a preset named the preset alone, so once the preset changed (a new version of the
    engine it follows) the record replayed silently under other rules: (30, 0) became
    (15, 0). It now writes the preset's values too, and replays by them."""
    register_preset("argentine", Preset("club", {"falta_mode": "leader_remaining"}))
    m = tr.get_variant("argentine@club", {"target": 20}).new_match(2, seed=3)
    rng = random.Random(3)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    text, js = m.to_text(), m.to_json()
    assert json.loads(js)["preset_options"] == {"falta_mode": "leader_remaining"}
    assert '[PresetOption "falta_mode="leader_remaining""]' in text
    assert Match.from_json(js).to_json() == js and Match.from_text(text).to_text() == text
    new = Preset("club", {"falta_mode": "malas_wins_game", "target": 15})
    register_preset("argentine", new, replace=True)
    for again in (Match.from_json(js), Match.from_text(text)):
        assert again.score == m.score and again.winner() == m.winner()
        assert again.variant.options() == m.variant.options()
    with pytest.raises(tr.InvalidRecord):  # a value the option refuses
        Match.from_json(js.replace('"falta_mode": "leader_remaining"', '"falta_mode": "x"'))
    with pytest.raises(tr.InvalidRecord):  # preset options without a preset
        Match.from_json(js.replace('"argentine@club"', '"argentine"'))


def test_a_match_replayed_after_its_preset_was_removed_is_saved_and_replayed_again(
    clean_presets: None,
) -> None:
    """A record replays by the values its preset set, even once the preset is gone; but
    the match so replayed wrote a record without them (the preset was not found), which
    then named a preset nobody has and did not replay."""
    from truco_rules.rules import presets as presets_module

    register_preset("argentine", Preset("club", {"falta_mode": "leader_remaining"}))
    m = tr.get_variant("argentine@club").new_match(2, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        m.apply(rng.choice(m.legal_actions()))
    js, text = m.to_json(), m.to_text()
    presets_module._ADDED.clear()
    registry._PRESET_CACHE.clear()
    with pytest.raises(tr.UnknownPreset):
        tr.get_variant("argentine@club")
    for again in (Match.from_json(js), Match.from_text(text)):
        assert again.variant.preset() == Preset("club", {"falta_mode": "leader_remaining"})
        again.apply(again.legal_actions()[0])
        saved = again.to_json()
        assert json.loads(saved)["preset_options"] == {"falta_mode": "leader_remaining"}
        for twice in (Match.from_json(saved), Match.from_text(again.to_text())):
            assert twice.variant.options() == m.variant.options()
            assert twice.actions == again.actions and twice.score == again.score
    assert tr.get_variant("argentine").preset() is None
    assert tr.get_variant("paulista@minitruco").preset() is not None


def test_installed_packages_keep_their_names_whatever_the_load_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/own-package.md: a package that fails does not break the others. Entry points
    load by name, so package B's variant, whose alias was package A's variant name, took
    that name and knocked A's variant out (A's records then replayed as B's); and a second
    package's variant of a name already taken was skipped without a word."""
    import sys
    import types

    from truco_rules.rules import installed

    base = tr.get_variant("argentine")
    mod = types.ModuleType("_pkgs_under_test_31")
    mod.TEACH = base.derive("club-teaching", "A's rules")  # type: ignore[attr-defined]
    mod.STEAL = base.derive("aaa-steal", "B's", aliases=("club-teaching",))  # type: ignore[attr-defined]
    mod.OTHER = base.derive("club-teaching", "C's, same name", target=15)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    group = g = "truco_rules.variants"
    eps = [
        metadata.EntryPoint("club-teaching", f"{mod.__name__}:TEACH", group),
        metadata.EntryPoint("aaa-steal", f"{mod.__name__}:STEAL", group),
        metadata.EntryPoint("club-teaching", f"{mod.__name__}:OTHER", group),
    ]
    monkeypatch.setattr(installed.metadata, "entry_points", lambda group: eps if group == g else [])
    got: dict[str, tr.Variant] = {}
    before, presets_before = dict(installed.BROKEN), set(installed.BROKEN_PRESETS)
    try:
        with pytest.warns(RuntimeWarning):
            installed.load_groups(group, lambda v: got.__setitem__(v.name, v), print, {})
        assert got == {"club-teaching": mod.TEACH}  # A keeps its name, B is not loaded
        assert "is the name of another installed variant" in installed.BROKEN["aaa-steal"][1]
        second = installed.BROKEN[f"club-teaching ({mod.__name__}:OTHER)"][1]
        assert "the first installed under it keeps it" in second
        assert not installed.BROKEN_PRESETS.keys() - presets_before
    finally:
        for key in set(installed.BROKEN) - set(before):
            installed.BROKEN.pop(key)
        installed.INSTALLED.pop("club-teaching", None)


def test_an_option_given_under_its_name_and_its_alias_is_refused() -> None:
    """One value was silently dropped, the last given winning, when an option came under
    its name and its alias (RULES' spelling) in one call, record or command."""
    with pytest.raises(tr.InvalidOption):
        tr.get_variant("paulista").with_options(
            mano_rotation="with_play", mao_rotation="against_play"
        )
    with pytest.raises(tr.InvalidOption):
        tr.get_variant("mineiro", {"mao_rotation": "against_play", "mano_rotation": "with_play"})


def test_the_library_keeps_its_own_aliases_against_an_installed_package(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A package's variant named like a built-in variant's alias ('default') knocked the
    built-in out: a package's name does not take a library alias; it is refused, as before."""
    import sys
    import types

    from truco_rules.rules import installed

    mod = types.ModuleType("_pkgs_under_test_32")
    mine = tr.get_variant("argentine").derive("default", "a package's")
    mod.MINE = mine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    g = "truco_rules.variants"
    ours = next(e for e in metadata.entry_points(group=g) if e.name == "argentine")
    theirs = metadata.EntryPoint("default", f"{mod.__name__}:MINE", g)
    got: dict[str, tr.Variant] = {}

    def register(v: tr.Variant) -> None:
        taken = {a for w in got.values() for a in w.aliases}
        if v.name in taken:
            raise tr.RegistryError(f"{v.name!r} already names a variant")
        got[v.name] = v

    eps = [ours, theirs]
    monkeypatch.setattr(installed.metadata, "entry_points", lambda group: eps if group == g else [])
    before = dict(installed.BROKEN)
    try:
        with pytest.warns(RuntimeWarning):
            installed.load_groups(g, register, print, {})
        assert "argentine" in got and "default" not in got
    finally:
        for key in set(installed.BROKEN) - set(before):
            installed.BROKEN.pop(key)
        installed.INSTALLED.pop("argentine", None)


def test_a_preset_may_name_an_option_by_its_alias(clean_presets: None) -> None:
    """RULES §5.3 spells Paulista's rotation ``mao_rotation``; a preset written that way was
    refused as an option the variant lacks, where with_options() takes it. The preset keeps
    the option's own name, which is what a record of its matches writes and replays."""
    register_preset("paulista", Preset("rules-text", {"mao_rotation": "against_play"}))
    v = tr.get_variant("paulista@rules-text")
    assert v.options()["mano_rotation"] == "against_play"
    assert v.presets()["rules-text"].settings() == {"mano_rotation": "against_play"}
    m = v.new_match(2, seed=3)
    m.apply(m.legal_actions()[0])
    record = m.to_record()
    assert record["preset_options"] == {"mano_rotation": "against_play"}
    assert Match.from_record(record).variant == v
    own = tr.get_variant("paulista").derive(
        "house-rot", "a house rule", presets=(Preset("club", {"mao_rotation": "against_play"}),)
    )
    assert own.presets()["club"].settings() == {"mano_rotation": "against_play"}
    with pytest.raises(tr.InvalidPreset, match="twice"):
        register_preset(
            "paulista",
            Preset("both", {"mano_rotation": "with_play", "mao_rotation": "against_play"}),
        )
    assert "both" not in tr.get_variant("paulista").presets()


def test_option_info_lists_the_aliases_and_option_name_reads_them() -> None:
    v = tr.get_variant("paulista")
    assert v.option_info()["mano_rotation"]["aliases"] == ("mao_rotation",)
    assert v.option_info()["target"]["aliases"] == ()
    assert v.option_name("mao_rotation") == "mano_rotation"
    assert v.option_name("mano_rotation") == "mano_rotation"
    assert v.option_name("no_such_option") is None
    assert v.option_name(3) is None  # type: ignore[arg-type]
    assert tr.get_variant("argentine").option_name("mao_rotation") is None


def test_a_second_package_of_a_name_is_not_loaded_where_the_first_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/own-package.md: the first package installed under a name keeps it. Where that
    first package's variant failed to load, the pass that retries failed entry points
    loaded the second package's variant under the name, while the report still said the
    second was refused as the first's."""
    import sys
    import types

    from truco_rules.rules import installed

    mod = types.ModuleType("_pkgs_under_test_33")
    mod.GOOD = tr.get_variant("argentine").derive("club-dup", "B's")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    g = "truco_rules.variants"
    eps = [
        metadata.EntryPoint("club-dup", f"{mod.__name__}:MISSING", g),
        metadata.EntryPoint("club-dup", f"{mod.__name__}:GOOD", g),
    ]
    monkeypatch.setattr(installed.metadata, "entry_points", lambda group: eps if group == g else [])
    got: dict[str, tr.Variant] = {}
    before = dict(installed.BROKEN)
    try:
        with pytest.warns(RuntimeWarning):
            installed.load_groups(g, lambda v: got.__setitem__(v.name, v), print, {})
        assert got == {}
        assert "MISSING" in installed.BROKEN["club-dup"][0].value
        assert "keeps it" in installed.BROKEN[f"club-dup ({mod.__name__}:GOOD)"][1]
        assert "club-dup" not in installed.INSTALLED
    finally:
        for key in set(installed.BROKEN) - set(before):
            installed.BROKEN.pop(key)
        installed.INSTALLED.pop("club-dup", None)
