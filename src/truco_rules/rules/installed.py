"""What installed packages declare: their variants and presets, loaded from entry points.

:mod:`truco_rules.rules.registry` asks for them once, before its first lookup, and hands in
how to register each (so that this module never imports the registry). An entry point that
fails is remembered with the reason and warned about, never fatal to the others:

* its code fails, it loads no variant or preset of its name, or a name or alias it claims
  is taken;
* one of its variant's aliases is the name of another installed variant: a variant keeps
  its own name, whatever the order the packages load in (the library's own variants keep
  their aliases: a package's variant named like one is refused, as it always was);
* a second package declares a variant of a name already declared: the first installed
  keeps it (the library's own first, then the others by name), the second is listed as
  failed, so that a record never replays as a variant other than the one it names.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import metadata

from .presets import PRESET_ENTRY_POINT_GROUP, Preset, split_name
from .variant import Variant

__all__ = ["BROKEN", "BROKEN_PRESETS", "INSTALLED", "load_groups", "load_one", "load_preset"]

BROKEN: dict[str, tuple[metadata.EntryPoint, str]] = {}
"""The variant entry points that failed, by name (a second one of a taken name by
``NAME (VALUE)``), each with the reason."""
BROKEN_PRESETS: dict[str, tuple[metadata.EntryPoint, str]] = {}
"""The preset entry points (``variant@preset``) that failed, each with the reason."""
INSTALLED: dict[str, Variant] = {}
"""The variants as their entry points gave them: what any other process with the same
packages installed finds under the same names."""

RegisterVariant = Callable[[Variant], None]
RegisterPreset = Callable[..., None]


def load_groups(
    group: str,
    register: RegisterVariant,
    add_preset: RegisterPreset,
    registered: Mapping[str, Variant],
) -> None:
    """Load every variant entry point of ``group`` (``register`` each), then every preset
    entry point (``add_preset(variant, preset, replace=True)``); ``registered`` is what the
    registry holds so far."""
    eps = metadata.entry_points(group=group)

    # our own distribution first (so others may build on it), then third parties, by name
    def is_ours(ep: metadata.EntryPoint) -> bool:
        return ep.dist is not None and ep.dist.name.replace("_", "-") == "truco-rules"

    ours = sorted((ep for ep in eps if is_ours(ep)), key=lambda ep: ep.name)
    theirs = sorted((ep for ep in eps if ep not in ours), key=lambda ep: ep.name)
    names = frozenset(ep.name for ep in eps)
    first: dict[str, metadata.EntryPoint] = {}
    for ep in ours + theirs:
        held = first.setdefault(ep.name, ep)
        if held.value != ep.value:  # a second package's variant of one name: never loaded
            why = f"the name is {held.value}'s: the first installed under it keeps it"
            BROKEN[f"{ep.name} ({ep.value})"] = (ep, why)
            warn_broken("variant", ep, why)
        elif ep.name not in registered:  # the library's own keep their aliases
            load_one(ep, register, warn=False, names=frozenset() if ep in ours else names)
    # an entry point may build on a variant of a package loaded after it (by name): those
    # that failed are tried again while a pass loads more; the rest are warned about
    # (only the first of a name: a second package's variant of that name is never loaded,
    # even where the first failed)
    held_first = [ep for ep in ours + theirs if first[ep.name] is ep]
    failed, before = [ep for ep in held_first if ep.name in BROKEN], -1
    while len(failed) != before:
        for ep in failed:
            load_one(ep, register, warn=False, names=frozenset() if ep in ours else names)
        failed, before = [ep for ep in failed if ep.name in BROKEN], len(failed)
    for ep in failed:
        warn_broken("variant", ep, BROKEN[ep.name][1])
    for ep in sorted(metadata.entry_points(group=PRESET_ENTRY_POINT_GROUP), key=lambda e: e.name):
        load_preset(ep, add_preset)


def load_preset(ep: metadata.EntryPoint, add_preset: RegisterPreset) -> None:
    """Load one preset entry point (``variant@preset``) and add it; a broken one is
    remembered, with the reason, and warned about, as a broken variant is."""
    try:
        preset = ep.load()
        variant, name = split_name(ep.name)
        if not isinstance(preset, Preset):
            raise TypeError(f"it loads a {type(preset).__name__}, not a Preset")
        if name != preset.name:
            raise ValueError(
                f"it loads a preset named {preset.name!r}, not {name!r}: name the entry point "
                f"{variant + '@' + preset.name!r}"
            )
        add_preset(variant, preset, replace=False)  # a name the variant holds stays its own
    except Exception as exc:  # a third party's bug must not break every other variant
        BROKEN_PRESETS[ep.name] = (ep, f"{type(exc).__name__}: {exc}")
        warn_broken("preset", ep, f"{type(exc).__name__}: {exc}")


def warn_broken(kind: str, ep: metadata.EntryPoint, why: str) -> None:
    """Warn that ``ep`` (a ``kind`` entry point) failed, and why."""
    warnings.warn(
        f"truco-rules: {kind} entry point {ep.name!r} ({ep.value}) failed to load: {why}",
        RuntimeWarning,
        stacklevel=5,
    )


def load_one(
    ep: metadata.EntryPoint,
    register: RegisterVariant,
    *,
    warn: bool = True,
    names: frozenset[str] = frozenset(),
) -> None:
    """Load one variant entry point and ``register`` it; a broken one (see the module) is
    remembered with the reason, and warned about unless ``warn`` is false. ``names`` are
    the names of every variant entry point installed, which no alias may take."""
    try:
        obj = ep.load()
        v = obj() if callable(obj) and not isinstance(obj, Variant) else obj
        if not isinstance(v, Variant):
            raise TypeError(f"it loads a {type(v).__name__}, not a Variant")
        if v.name != ep.name:
            raise ValueError(
                f"it loads a variant named {v.name!r}: name the entry point {v.name!r}"
            )
        for alias in (a for a in v.aliases if a != v.name and a in names):
            raise ValueError(f"its alias {alias!r} is the name of another installed variant")
        register(v)  # may refuse a name or alias another variant holds
    except Exception as exc:  # a third party's bug must not break every other variant
        BROKEN[ep.name] = (ep, f"{type(exc).__name__}: {exc}")
        if warn:
            warn_broken("variant", ep, BROKEN[ep.name][1])
        return
    BROKEN.pop(ep.name, None)
    INSTALLED[v.name] = v
