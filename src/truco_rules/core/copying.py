"""Fast copies of the mutable state objects (a bot copies a state at every search step).

:func:`copier` writes, once per class, a function that copies an object field by field with
plain attribute assignments, the way attrs and dataclasses write their ``__init__``; a loop
of ``getattr``/``setattr`` over the slots costs several times as much.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

__all__ = ["LIST", "LIST_OF_LISTS", "copier"]

T = TypeVar("T")

LIST = "list(src.{0})"
"""A list field: the copy gets its own list (the items are immutable and shared)."""
LIST_OF_LISTS = "[list(x) for x in src.{0}]"
"""A list of lists: the copy gets its own lists."""


def copier(
    cls: type[T], fields: Iterable[str], how: Mapping[str, str] | None = None
) -> Callable[[T], T]:
    """A function that copies an instance of ``cls`` or of a subclass that adds no field
    (classes with ``__slots__``): each of
    ``fields`` is shared, unless ``how`` gives an expression template for it (``{0}`` is
    the field's name, ``src`` the original), e.g. :data:`LIST`, or ``"None"`` to reset it."""
    how = how or {}
    names = list(fields)
    unknown = set(how) - set(names)
    if unknown:
        raise ValueError(f"copier: {sorted(unknown)} are not fields of {cls.__name__}")
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"copier: {name!r} is not a field name")
    lines = [f"def copy_{cls.__name__}(src):", "    new = new_instance(type(src))"]
    for name in names:
        value = how.get(name, "src.{0}").format(name)
        lines.append(f"    new.{name} = {value}")
    lines.append("    return new")
    scope: dict[str, Any] = {"new_instance": object.__new__}
    exec("\n".join(lines), scope)  # the text is built from identifiers checked above
    fn: Callable[[T], T] = scope[f"copy_{cls.__name__}"]
    return fn
