"""Hook options: house rules declared as typed, documented, validated attrs fields.

A hook (see :mod:`truco_rules.hooks`) declares each of its options with :func:`option`;
:meth:`truco_rules.Variant.with_options` reaches them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from .errors import InvalidOption

__all__ = ["MAX_OPTION_INT", "option", "option_fields", "positive_int"]

T = TypeVar("T")



def option(
    default: T,
    doc: str,
    *,
    choices: Sequence[Any] | None = None,
    check: Callable[[Any], bool] | None = None,
    allowed: str = "",
    source: str = "",
) -> T:
    """Declare a hook option: an attrs field with a default, a docstring and validation.

    ``choices`` lists the allowed values (the default first); otherwise ``check`` is a
    predicate and ``allowed`` says in words what it accepts.
    """
    metadata: dict[str, Any] = {"option": True, "doc": doc, "source": source}
    if choices is not None:
        metadata["choices"] = tuple(choices)
        allowed = " | ".join(repr(a) for a in choices)
    else:
        assert check is not None, "an option needs choices or a check"
        metadata["allowed"] = allowed

    def validator(_inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if choices is not None:
            # bool is an int: compare types too, so True is not taken for 1.
            ok = any(value == a and type(value) is type(a) for a in choices)
        else:
            ok = bool(check(value)) if check is not None else False
        if not ok:
            raise InvalidOption(attr.name, value, allowed)

    return attrs.field(default=default, validator=validator, metadata=metadata)


def option_fields(hook: Any) -> tuple[attrs.Attribute[Any], ...]:
    """The option fields of a hook object (those declared with :func:`option`)."""
    return tuple(a for a in attrs.fields(type(hook)) if a.metadata.get("option"))


MAX_OPTION_INT = 10_000
"""The largest number an integer option accepts (a target, chicos to win, a cutoff): larger
ones mean nothing at a table and would only make records and matches unbounded."""


def positive_int(v: object) -> bool:
    """Option check: an ``int`` from 1 to :data:`MAX_OPTION_INT` (``bool`` is refused)."""
    return type(v) is int and 0 < v <= MAX_OPTION_INT
