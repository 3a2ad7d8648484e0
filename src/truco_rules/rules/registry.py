"""The registry: variants found by name or alias.

Variants are found through the entry-point group ``truco_rules.variants``: a package declares

```toml
[project.entry-points."truco_rules.variants"]
my-house = "my_package.rules:MY_HOUSE"
```

and ``truco_rules.get_variant("my-house")`` finds it. The built-in variants register the same
way. :func:`register_variant` registers one at run time, in this process only.

``get_variant("my-house@preset")`` is the variant with one of its presets
(:mod:`truco_rules.rules.presets`); a package adds presets to any variant through the group
``truco_rules.presets`` (an entry point named ``variant@preset`` giving a
:class:`~truco_rules.rules.presets.Preset`) or with :func:`register_preset`. An entry point that
fails to load is remembered with the reason: :func:`failed_entry_points` lists them and
:func:`get_variant` names it in its error.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from importlib import metadata
from typing import Any

from ..core.errors import (
    InvalidPreset,
    InvalidRecord,
    InvalidType,
    RegistryError,
    UnknownPreset,
    UnknownVariant,
    shown,
)
from .installed import BROKEN, BROKEN_PRESETS, INSTALLED, load_groups, load_one, load_preset
from .presets import (
    Preset,
    add_preset,
    added_presets,
    check_settings,
    split_name,
    use_loader,
)
from .variant import Variant, use_registry

__all__ = [
    "DEFAULT_ALIAS",
    "ENTRY_POINT_GROUP",
    "default_variant",
    "failed_entry_points",
    "get_variant",
    "installed_variant",
    "recorded_options",
    "register_preset",
    "register_variant",
    "variant_names",
]

ENTRY_POINT_GROUP = "truco_rules.variants"

_REGISTRY: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}
_BROKEN, _BROKEN_PRESETS, _INSTALLED = BROKEN, BROKEN_PRESETS, INSTALLED  # (installed.py)
_loaded = False
"""Whether the entry points are being loaded or are loaded."""
_done = False
"""Whether they are loaded."""
_LOCK = threading.RLock()
"""Held while they load: another thread waits for the whole registry (a Dask worker runs
tasks in threads), the loading thread may look a variant up (an entry point that builds on
another) and finds those loaded so far."""


def _load_entry_points() -> None:
    global _loaded, _done
    if _done:
        return
    with _LOCK:
        if _loaded:
            return
        _loaded = True
        try:
            _load_groups()
        finally:
            _done = True


def _load_groups() -> None:
    load_groups(ENTRY_POINT_GROUP, register_variant, register_preset, _REGISTRY)


def _load_preset(ep: metadata.EntryPoint) -> None:
    load_preset(ep, register_preset)


def _load_one(
    ep: metadata.EntryPoint, *, warn: bool = True, names: frozenset[str] = frozenset()
) -> None:
    load_one(ep, register_variant, warn=warn, names=names)


def failed_entry_points() -> dict[str, str]:
    """The installed entry points (variants, and presets as ``variant@preset``) that failed
    to load, each with the reason: what ``truco-rules variants`` lists as failed."""
    _load_entry_points()
    return {name: why for name, (_ep, why) in {**_BROKEN, **_BROKEN_PRESETS}.items()}


def register_preset(variant: str, preset: Preset, *, replace: bool = False) -> None:
    """Add ``preset`` to the registered variant named ``variant`` (a built-in one too), in
    this process: ``get_variant(f"{variant}@{preset.name}")`` plays it.

    The variant must be registered (:class:`~truco_rules.core.errors.UnknownVariant`); an
    option it lacks or a value it refuses raises
    :class:`~truco_rules.core.errors.InvalidPreset`, as does a preset name the variant already
    has for another preset, unless ``replace`` is true (the same preset again changes
    nothing). An entry point never replaces one."""
    if not isinstance(preset, Preset):
        raise InvalidType("preset", "a Preset", preset)
    if not isinstance(replace, bool):
        raise InvalidType("replace", "a bool", replace)
    if not isinstance(variant, str):
        raise InvalidType("variant", "a variant name (str)", variant)
    if split_name(variant)[1] is not None:
        raise InvalidPreset(f"a preset is added to a variant, not to the preset {variant!r}")
    v = get_variant(variant)
    info = v.option_info()
    home = {name: entry["hook"] for name, entry in info.items()}
    alias = {word: name for name, entry in info.items() for word in entry["aliases"]}
    preset = check_settings(v.name, preset, home, lambda slot: getattr(v, slot), alias)
    held = v.presets().get(preset.name)
    if not replace and held is not None and held != preset:
        raise InvalidPreset(
            f"the variant {v.name!r} already has a preset {preset.name!r} "
            "(register_preset(..., replace=True) replaces it)"
        )
    add_preset(v.name, preset)


def _key(name: str) -> str:
    """The form of ``name`` that names and aliases are looked up by."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _lookable(word: object) -> bool:
    """Whether ``word`` is a name or alias that get_variant() finds as written: 1 to 64
    letters, digits and '-', in lower case."""
    return (
        isinstance(word, str)
        and 0 < len(word) <= 64
        and _key(word) == word
        and all(c.isalnum() or c == "-" for c in word)
    )


def register_variant(variant: Variant, *, replace: bool = False) -> None:
    """Make ``variant`` known by its name and aliases in this process.

    A name or alias that another variant holds is refused with
    :class:`~truco_rules.core.errors.RegistryError` unless ``replace`` is true; a variant
    that replaces another under its name takes its aliases as it declares them (the
    replaced variant's others name nothing after). A registration made
    at run time lives in this process only: fan-out to worker processes
    (:func:`~truco_rules.runs.simulate.simulate` with an executor) sends such a variant itself, not
    its name, so a worker never plays the rule set its own registry has under that name.
    """
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "a Variant", variant)
    if not isinstance(replace, bool):
        raise InvalidType("replace", "a bool", replace)
    for word in (variant.name, *variant.aliases):
        if not _lookable(word):
            raise RegistryError(
                f"a variant's name or alias is what get_variant() looks up: 1 to 64 lower-case "
                f"letters, digits and '-'; not {shown(word)}"
            )
    _load_entry_points()  # an installed variant holds its name before any run-time one
    for alias in variant.aliases:
        if alias in _REGISTRY and alias != variant.name:
            raise RegistryError(
                f"the alias {alias!r} is the name of the variant {alias!r}, which records "
                "name: register under that name with replace=True instead"
            )
    if not replace:
        for word in (variant.name, *variant.aliases):
            held = _holder(word)
            if held is not None and held != variant.name:
                raise RegistryError(
                    f"{word!r} already names the variant {held!r} "
                    "(register_variant(..., replace=True) takes it)"
                )
        if variant.name in _REGISTRY and _REGISTRY[variant.name] != variant:
            raise RegistryError(
                f"a different variant named {variant.name!r} is already registered "
                "(register_variant(..., replace=True) replaces it)"
            )
    _ALIASES.pop(variant.name, None)  # the name is the variant's own now
    for word in [w for w, held in _ALIASES.items() if held == variant.name]:
        if word not in variant.aliases:  # the replaced variant's: not this one's
            del _ALIASES[word]
    _REGISTRY[variant.name] = variant
    for alias in variant.aliases:
        _ALIASES[alias] = variant.name


def recorded_options(variant: Variant) -> dict[str, Any]:
    """The options a record or position writes for ``variant`` (those that differ from the
    variant registered under its name), after checking that the registered variant with
    them *is* ``variant``: a record names a variant by name, so one that kept a registered
    name with other hooks (``base.derive(base.name, ..., envido=...)``) would replay as the
    registered rules. Raises :class:`~truco_rules.core.errors.InvalidRecord` then, and for
    an option whose value a record cannot write (no JSON value, NaN, infinity); a variant
    registered under no name is written as it is (replaying it needs it registered)."""
    base, preset = split_name(variant.name)
    if not _lookable(base) or (preset is not None and not _lookable(preset)):
        raise InvalidRecord(
            f"the variant {shown(variant.name)} of this match has a name get_variant() does not "
            "find as written (1 to 64 lower-case letters, digits and '-'): a record would "
            "replay as another variant or not at all; give it such a name"
        )
    options = variant.non_default_options()
    for option, value in options.items():  # first: a NaN is not even equal to itself
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError):
            raise InvalidRecord(
                f"option {option}={shown(value)} has a value a record cannot write: give the "
                "option JSON values (text, numbers, true/false, null, lists)"
            ) from None
    holder = _holder(variant.name)  # as get_variant reads the name: an alias too
    if holder is not None and holder != variant.name:
        raise InvalidRecord(
            f"the variant {variant.name!r} of this match is named like an alias of the "
            f"variant {holder!r}: a record would replay as that one; give it a name of its own"
        )
    registered = _registered(variant.name)
    if registered is not None and registered.with_options(**options) != variant:
        raise InvalidRecord(
            f"the variant {variant.name!r} of this match is not the one registered under that "
            "name (other hooks, not only other options): a record could not replay it; give "
            "it a name of its own and register it"
        )
    return options


def _holder(word: str) -> str | None:
    """The registered variant that ``word`` names, as a name or an alias, if any."""
    if word in _REGISTRY:
        return word
    held = _ALIASES.get(word)
    return held if held in _REGISTRY else None


def installed_variant(name: str) -> Variant | None:
    """The variant that the entry point ``name`` gives (what a fresh process with the same
    packages installed finds under that name), or ``None`` if no entry point gave one."""
    _load_entry_points()
    return _INSTALLED.get(name)


def variant_names() -> tuple[str, ...]:
    """The names of every registered variant."""
    _load_entry_points()
    return tuple(_REGISTRY)


DEFAULT_ALIAS = "default"
"""The alias of the variant played when none is named. The kernel names no region: a variant
package gives this alias to one of its variants (the built-in ones give it to their standard
rule set), and a third party may register another under it with ``replace=True``."""


def default_variant() -> Variant:
    """The variant played when none is named: the one registered under the alias
    :data:`DEFAULT_ALIAS`, else the first registered one."""
    _load_entry_points()
    name = _ALIASES.get(DEFAULT_ALIAS)
    return _REGISTRY[name] if name in _REGISTRY else _REGISTRY[next(iter(_REGISTRY))]


def get_variant(name: str | Variant, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant registered under ``name`` or an alias (case-insensitive), with ``options``.

    Raises :class:`~truco_rules.core.errors.UnknownVariant` listing the known names.
    """
    if isinstance(name, Variant):
        v = name
    elif not isinstance(name, str):
        raise InvalidType("name", "a variant name (str) or a Variant", name)
    else:
        base, preset = split_name(name)
        v = _found(name, base)
        if preset is not None:
            v = _with_preset(v, _key(preset) if len(preset) <= 64 else preset)
    if options is not None and not isinstance(options, Mapping):
        raise InvalidType("options", "a mapping of option names to values", options)
    if options:
        for key in options:
            if not isinstance(key, str):
                raise InvalidType("option name", "a str", key)
        return v.with_options(**options)
    return v


def _found(name: str, base: str) -> Variant:
    """The variant registered under ``base`` or an alias of it (``name`` is what the caller
    wrote, for the error)."""
    _load_entry_points()
    key = _key(base) if len(base) <= 64 else ""  # no name or alias is longer
    key = key if key in _REGISTRY else _ALIASES.get(key, key)  # a name before an alias
    found = _REGISTRY.get(key)
    if found is None and key in _BROKEN:  # e.g. it was mid-import on the first lookup
        _load_one(_BROKEN[key][0])
        found = _REGISTRY.get(key)
    if found is None:
        known = list(_REGISTRY) + [f"{a} (= {n})" for a, n in _ALIASES.items()]
        if key in _BROKEN:
            ep, why = _BROKEN[key]
            raise UnknownVariant(
                str(name), known, f"the entry point {ep.name!r} ({ep.value}) failed to load: {why}"
            )
        raise UnknownVariant(str(name), known)
    return found


def _with_preset(v: Variant, preset: str) -> Variant:
    """``v`` with its preset ``preset``; an unknown one names the known ones (and a preset
    entry point of that name that failed to load, with the reason)."""
    if preset not in v.presets() and f"{v.name}@{preset}" in _BROKEN_PRESETS:
        ep, why = _BROKEN_PRESETS[f"{v.name}@{preset}"]
        raise UnknownPreset(
            v.name, preset, sorted(v.presets()), f" (its entry point {ep.value} failed: {why})"
        )
    return v.with_preset(preset)


_PRESET_CACHE: dict[str, tuple[Variant, dict[str, Preset], Variant]] = {}


def _registered(name: str) -> Variant | None:
    _load_entry_points()
    base, preset = split_name(name)
    if preset is None:
        return _REGISTRY.get(name)
    v = _REGISTRY.get(base)
    if v is None or preset not in v.presets():
        return None
    hit = _PRESET_CACHE.get(name)  # records ask on every write: build each preset once
    if hit is None or hit[0] is not v or hit[1] != added_presets(base):
        hit = (v, added_presets(base), v.with_preset(preset))
        _PRESET_CACHE[name] = hit
    return hit[2]


use_registry(_registered)
use_loader(_load_entry_points)
