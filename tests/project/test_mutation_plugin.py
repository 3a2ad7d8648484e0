"""The mutation runner's coverage map (docs/mutation.md, "Caches"): before each test the
plugin empties the library's memo tables, so that each test that reaches a memoized
function runs its body and is credited with its lines."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import truco_rules as tr
from truco_rules.contest import bet_table, envido_bet, fields
from truco_rules.rules import action_space, deck, envido

ROOT = Path(__file__).resolve().parents[2]


def _plugin() -> ModuleType:
    path = ROOT / "tools" / "mutation" / "mutation_plugin.py"
    spec = importlib.util.spec_from_file_location("_mutation_plugin_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_plugin_empties_every_memo_table_it_lists() -> None:
    """Only cards._TABLES and actions._VERBS were emptied: a second test counting the same
    envido hand never ran envido's count, and was not credited with it."""
    plugin = _plugin()
    plugin._clear_caches()  # the tables as imported: what each test starts from
    start = {
        (m, t): getattr(sys.modules[m], t).copy()
        for m, ts in plugin.MEMOS.items()
        for t in ts
        if m in sys.modules
    }
    v = tr.get_variant("argentine").with_options(target=18)  # a ranking checked afresh
    m = v.new_match(2, seed=5)
    m.apply("envido")
    m.apply("quiero")
    assert envido._POINTS and deck._CHECKED
    plugin._clear_caches()
    for (module, table), content in start.items():
        assert getattr(sys.modules[module], table) == content, f"{module}.{table}"
    # the per-variant tables are emptied as PerObject values, whatever their module
    for per_variant in (fields._FLAGS, bet_table._TABLES, action_space._SPACES):
        assert not per_variant._hits
    assert {"truco_rules.rules.envido", "truco_rules.rules.deck"} <= set(plugin.MEMOS)
    assert envido_bet.__name__ in plugin.MEMOS
