"""Presets: a named set of option values of a variant, selected as ``VARIANT@PRESET``.

A preset is data, not a rule set of its own: ``get_variant("name@preset")`` is the variant
registered as ``name`` with the preset's option values, and it is called ``name@preset`` so
that a record, a position or an observation of a match played under it names it and replays
under it. The values a match is played with are, in this order, each overriding the one before:

1. the option values of the variant registered under ``name``;
2. the preset's values;
3. the options given explicitly (``get_variant("name@preset", {"target": 15})``, ``--option``
   on the command line, the ``options`` of a record).

A variant lists its own presets (``Variant(..., presets=(Preset(...), ...))``); a package may
add presets to any registered variant, a built-in one included, with
:func:`~truco_rules.rules.registry.register_preset` or through the entry-point group
``truco_rules.presets`` (see docs/own-package.md). :meth:`Variant.presets` lists both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ..core.errors import InvalidOption, InvalidPreset, InvalidType, UnknownOption, shown

__all__ = [
    "PRESET_ENTRY_POINT_GROUP",
    "SEPARATOR",
    "Preset",
    "as_presets",
    "check_presets",
    "presets_of",
    "split_name",
]

SEPARATOR = "@"
"""What joins a variant's name and a preset's: ``house@club``."""

PRESET_ENTRY_POINT_GROUP = "truco_rules.presets"
"""The entry-point group through which an installed package adds presets to a variant."""


def _settings(value: object) -> tuple[tuple[str, Any], ...]:
    """A preset's options (a mapping, or pairs) as pairs, checked."""
    pairs: tuple[Any, ...]
    if isinstance(value, Mapping):
        pairs = tuple(value.items())
    elif isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
        pairs = tuple(value)
    else:
        raise InvalidType("preset options", "a mapping of option names to values", value)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise InvalidType("preset options", "a mapping of option names to values", value)
    if len({k for k, _ in pairs}) != len(pairs):
        raise InvalidPreset(f"a preset names an option twice: {shown(dict(pairs))}")
    return pairs


def _word(_inst: object, _attr: attrs.Attribute[Any], value: object) -> None:
    if not (
        isinstance(value, str)
        and 0 < len(value) <= 64
        and value == value.lower()
        and all(c.isalnum() or c == "-" for c in value)
    ):
        raise InvalidPreset(
            f"a preset's name is 1 to 64 lower-case letters, digits and '-'; not {shown(value)}"
        )


@attrs.frozen
class Preset:
    """A named set of option values of one variant (see the module docstring).

    ``options`` is a mapping (or pairs) of option names to values; ``description`` says what
    the preset plays as; ``source`` where the values come from and what they were checked
    against (an engine and its version, say).
    """

    name: str = attrs.field(validator=_word)
    options: tuple[tuple[str, Any], ...] = attrs.field(converter=_settings)
    description: str = ""
    source: str = ""

    def settings(self) -> dict[str, Any]:
        """The preset's option values as a dict."""
        return dict(self.options)


def as_presets(presets: Iterable[Preset]) -> tuple[Preset, ...]:
    """A variant's presets as a tuple (what ``Variant(presets=...)`` keeps)."""
    return tuple(presets)


def split_name(text: str) -> tuple[str, str | None]:
    """``"house@club"`` -> ``("house", "club")``; a plain name -> ``(name,
    None)``."""
    name, sep, preset = text.partition(SEPARATOR)
    return name, (preset if sep else None)


def check_presets(
    variant: str,
    presets: Iterable[object],
    home: Mapping[str, str],
    hook_of: Callable[[str], Any],
    alias: Mapping[str, str] | None = None,
) -> tuple[Preset, ...]:
    """Refuse presets a variant could not be played with: not a :class:`Preset`, two of one
    name, an option the variant lacks (:class:`~truco_rules.core.errors.InvalidPreset`
    naming the preset and the variant's options) or a value the option refuses.

    ``home`` maps each option to its hook slot and ``hook_of(slot)`` gives the hook: the
    values are checked on the hooks, without building a variant. ``alias`` maps the other
    names options are taken by to theirs. The presets come back with every option under its
    own name (what records write)."""
    seen: set[str] = set()
    out = []
    for preset in presets:
        if not isinstance(preset, Preset):
            raise InvalidType("presets", "a tuple of Preset", preset)
        if preset.name in seen:
            raise InvalidPreset(f"the variant {variant!r} has two presets named {preset.name!r}")
        seen.add(preset.name)
        out.append(check_settings(variant, preset, home, hook_of, alias))
    return tuple(out)


def check_settings(
    variant: str,
    preset: Preset,
    home: Mapping[str, str],
    hook_of: Callable[[str], Any],
    alias: Mapping[str, str] | None = None,
) -> Preset:
    """Refuse one preset's options that ``variant`` (its option ``home``, hooks and aliases,
    as for :func:`check_presets`) lacks or refuses, with
    :class:`~truco_rules.core.errors.InvalidPreset`; else the preset with every option under
    its own name."""
    changes: dict[str, dict[str, Any]] = {}
    named: list[tuple[str, Any]] = []
    for given, value in preset.options:
        name = (alias or {}).get(given, given)
        if name not in home:
            raise InvalidPreset(
                f"the preset {preset.name!r} of {variant!r} sets the option {shown(given)}, "
                f"which {variant!r} lacks; its options are: {', '.join(sorted(home))}"
            )
        if name in changes.get(home[name], ()):
            raise InvalidPreset(
                f"the preset {preset.name!r} of {variant!r} sets the option {name!r} twice "
                f"({given!r} is another name of it)"
            )
        changes.setdefault(home[name], {})[name] = value
        named.append((name, value))
    for slot, values in changes.items():
        try:
            attrs.evolve(hook_of(slot), **values)
        except (InvalidOption, UnknownOption) as exc:
            raise InvalidPreset(f"the preset {preset.name!r} of {variant!r}: {exc}") from None
    return preset if named == list(preset.options) else attrs.evolve(preset, options=named)


# -- presets that packages add to a variant at run time or through entry points -------------
_ADDED: dict[str, dict[str, Preset]] = {}
_LOADER: list[Callable[[], None]] = []


def use_loader(load: Callable[[], None]) -> None:
    """Make :func:`presets_of` load the installed packages' entry points first (called once by
    :mod:`truco_rules.rules.registry`, which this module must not import)."""
    _LOADER[:] = [load]


def add_preset(variant: str, preset: Preset) -> None:
    """Remember ``preset`` for the variant named ``variant`` (checked by the caller)."""
    _ADDED.setdefault(variant, {})[preset.name] = preset


def added_presets(variant: str) -> dict[str, Preset]:
    """The presets packages added to the variant named ``variant``."""
    return dict(_ADDED.get(variant, {}))


def presets_of(name: str, own: Iterable[Preset]) -> dict[str, Preset]:
    """The presets of the variant ``name`` (``name@preset`` counts as ``name``): its ``own``
    ones, then those packages added, by name."""
    for load in _LOADER:
        load()
    out = {p.name: p for p in own}
    out.update(added_presets(split_name(name)[0]))
    return out
