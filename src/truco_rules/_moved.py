"""Import paths of the kernel's modules before they were grouped by layer (issue 22).

The kernel's modules once sat flat in the package (``truco_rules.hand``,
``truco_rules.state``, ...). They live in layer subpackages now; code written against the
old paths keeps working: importing an old name gives the very module of its new place (the
same object, so a patch or an ``isinstance`` check through either name sees one module),
and objects pickled under an old path load. New code imports the new paths; type checkers
know only those.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

__all__ = ["MERGED", "MOVED", "install"]

MOVED = {
    f"truco_rules.{old}": f"truco_rules.{new}"
    for old, new in {
        "cards": "core.cards",
        "actions": "core.actions",
        "action_space": "rules.action_space",
        "errors": "core.errors",
        "arguments": "core.arguments",
        "context": "core.context",
        "copying": "core.copying",
        "options": "core.options",
        "tricks": "rules.tricks",
        "ladder": "rules.ladder",
        "scoring": "rules.scoring",
        "special": "rules.special",
        "variant": "rules.variant",
        "registry": "rules.registry",
        "hand": "contest.hand",
        "hand_fields": "contest.fields",
        "hand_tricks": "contest.trick_play",
        "hand_ladder": "contest.ladder_play",
        "hand_side": "contest.side_play",
        "hand_special": "contest.special_play",
        "hand_views": "contest.bet_views",
        "hand_why": "contest.refusals",
        "bet_envido": "contest.envido_bet",
        "bet_flor": "contest.flor_bet",
        "bet_states": "contest.bet_states",
        "bet_table": "contest.bet_table",
        "bet_guard": "contest.bet_guard",
        "bet_checks": "rules.side_bet_checks",
        "contest_view": "contest.view",
        "state": "game.state",
        "state_view": "game.state_view",
        "dealing": "game.dealing",
        "derivation": "game.derivation",
        "scoreboard": "game.scoreboard",
        "observe": "views.observe",
        "infostate": "views.infostate",
        "tensors": "views.tensors",
        "position": "views.position",
        "io": "views.records",
        "narrate": "views.narrate",
        "rule_words": "describe.rule_words",
        "comparison": "describe.comparison",
        "differences": "describe.differences",
        "render": "describe.render",
        "simulate": "runs.simulate",
        "fanout": "runs.fanout",
        "policy": "runs.policy",
        "perft": "runs.perft",
        "bots": "runs.bots",
        "analysis.intervals": "runs.intervals",
    }.items()
}
"""Every old module path and the path of its module now."""

MERGED = {"truco_rules.sidebets": ("truco_rules.rules.envido", "truco_rules.rules.flor")}
"""Old modules that became two: the old path gives a module with the names of both."""


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old module path and loads it as the module of its new path."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED and fullname not in MERGED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        if spec.name in MOVED:
            return importlib.import_module(MOVED[spec.name])
        merged = ModuleType(spec.name, f"The names of {' and '.join(MERGED[spec.name])}.")
        for part in MERGED[spec.name]:
            for name, value in vars(importlib.import_module(part)).items():
                if not name.startswith("__"):
                    setattr(merged, name, value)
        return merged

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran when it was imported under its new path."""


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once)."""
    if not any(isinstance(f, _Moved) for f in sys.meta_path):
        sys.meta_path.append(_Moved())
