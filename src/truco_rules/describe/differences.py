"""Rule-by-rule differences between two variants, from their :meth:`Variant.describe`
(the N-way, readable table is :func:`truco_rules.describe.comparison.compare_table`)."""

from __future__ import annotations

from typing import Any

import attrs

from ..core.errors import InvalidType
from ..rules.variant import Variant

__all__ = ["Difference", "compare"]


@attrs.frozen
class Difference:
    """One rule on which two variants differ."""

    rule: str
    left: Any
    right: Any

    def __str__(self) -> str:
        return f"{self.rule}: {self.left!r} vs {self.right!r}"


_NOT_RULES = frozenset(("name", "description", "aliases", "base", "options", "presets"))


def compare(left: Variant, right: Variant) -> list[Difference]:
    """Rule-by-rule differences between two variants (from :meth:`Variant.describe`)."""
    for arg, value in (("left", left), ("right", right)):
        if not isinstance(value, Variant):
            raise InvalidType(arg, "a Variant", value)
    a, b = left.describe(), right.describe()
    out: list[Difference] = []
    for key in a:
        # names, words and presets (named sets of option values, not rules) are not compared;
        # the options a preset sets are, one by one
        if key in _NOT_RULES or key in a["options"]:
            continue
        if a[key] != b[key]:
            out.append(Difference(key, a[key], b[key]))
    oa, ob = a["options"], b["options"]
    for key in list(oa) + [k for k in ob if k not in oa]:
        va, vb = oa.get(key, "(none)"), ob.get(key, "(none)")
        if va != vb:
            out.append(Difference(key, va, vb))
    return out
