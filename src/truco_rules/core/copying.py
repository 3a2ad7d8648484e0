"""Fast copies of the mutable state objects (a bot copies a state at every search step).

:func:`copier` writes, once per class, a function that copies an object field by field with
plain attribute assignments, the way attrs and dataclasses write their ``__init__``; a loop
of ``getattr``/``setattr`` over the slots costs several times as much. Fields that change
seldom are shared by copies and replaced when they change (:func:`replaced`). A state
pickled by an earlier version is refused with :data:`OLD_PICKLE`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

__all__ = [
    "LIST",
    "OLD_PICKLE",
    "SHARED",
    "Part",
    "beyond",
    "copier",
    "replaced",
]

T = TypeVar("T")
V = TypeVar("V")

SHARED = "{src}.{0}"
"""A field shared by the copy (an immutable value)."""
LIST = "list({src}.{0})"
"""A list field: the copy gets its own list (the items are immutable and shared)."""

OLD_PICKLE = (
    "a match or contest pickled by truco-rules 0.1.0 does not load in this version (its "
    "fields have changed): keep a match as its record (Match.to_json), which every version "
    "replays"
)
"""Why unpickling a match or contest of an earlier version fails (a ``TypeError``)."""

Part = tuple[type, Iterable[str], Mapping[str, str]]
"""A part held in a field: its class, its fields and how each is copied (as ``copier``
takes them)."""


def copier(
    cls: type[T],
    fields: Iterable[str],
    how: Mapping[str, str] | None = None,
    parts: Mapping[str, Part] | None = None,
) -> Callable[[T], T]:
    """A function that copies an instance of ``cls`` or of a subclass that adds no field
    (classes with ``__slots__``): each of ``fields`` is shared, unless ``how`` gives an
    expression template for it (``{0}`` is the field's name, ``{src}`` the original), e.g.
    :data:`LIST`, or ``"None"`` to reset it. A field named in ``parts`` holds an object of
    its own (a part): it gets a new one, its fields copied in line, as that part's own
    copier would (no call per part)."""
    how = how or {}
    parts = parts or {}
    names = list(fields)
    unknown = (set(how) | set(parts)) - set(names)
    if unknown:
        raise ValueError(f"copier: {sorted(unknown)} are not fields of {cls.__name__}")
    lines = [f"def copy_{cls.__name__}(src):", "    new = new_instance(type(src))"]
    scope: dict[str, Any] = {"new_instance": object.__new__}
    for name in names:
        _check(name)
        if name in parts:
            part_cls, part_fields, part_how = parts[name]
            scope[f"{name}_class"] = part_cls
            lines += [f"    old = src.{name}", f"    part = new_instance({name}_class)"]
            for field in part_fields:
                _check(field)
                value = part_how.get(field, SHARED).format(field, src="old")
                lines.append(f"    part.{field} = {value}")
            lines.append(f"    new.{name} = part")
        else:
            lines.append(f"    new.{name} = {how.get(name, SHARED).format(name, src='src')}")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the text is built from identifiers checked here
    fn: Callable[[T], T] = scope[f"copy_{cls.__name__}"]
    return fn


def beyond(klass: type, base: type) -> tuple[bool, tuple[str, ...]] | None:
    """What a copy of an instance of ``klass``, a subclass of ``base``, holds beyond the
    fields ``base``'s copier copies: whether its instances have a ``__dict__``, and the
    slots ``klass`` and its mixins declare, as attribute names (a private ``__name``
    mangled); ``None`` if nothing."""
    kernel = set(base.__mro__)
    names: list[str] = []
    for cls in klass.__mro__:
        if cls in kernel:
            continue
        slots = vars(cls).get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{cls.__name__.lstrip('_')}{name}"
            names.append(name)
    dictful = klass.__dictoffset__ != 0
    return (dictful, tuple(names)) if dictful or names else None


def _check(name: str) -> None:
    if not name.isidentifier():
        raise ValueError(f"copier: {name!r} is not a field name")


def replaced(values: tuple[V, ...], i: int, value: V) -> tuple[V, ...]:
    """``values`` with item ``i`` replaced by ``value``: how a field that changes seldom is
    kept as a tuple, which copies share, instead of a list that every copy copies."""
    return (*values[:i], value, *values[i + 1 :])
