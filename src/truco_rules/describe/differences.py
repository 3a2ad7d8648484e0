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
    """Rule-by-rule differences between two variants (from :meth:`Variant.describe`), the
    rules first, then the options; ``compare(b, a)`` gives the same rules with the sides
    swapped. A rule named as an option of either variant (the deck: its notation and size,
    where the Brazilian variants have a ``deck`` option) is named ``"<rule> (rules)"``."""
    for arg, value in (("left", left), ("right", right)):
        if not isinstance(value, Variant):
            raise InvalidType(arg, "a Variant", value)
    a, b = left.describe(), right.describe()
    oa, ob = a["options"], b["options"]
    out: list[Difference] = []
    for key in list(a) + [k for k in b if k not in a]:
        # names, words and presets (named sets of option values, not rules) are not compared;
        # the options a preset sets are, one by one, below: a rule that only repeats an
        # option's value (the target) is left to it
        if key in _NOT_RULES or _repeats(a, key) or _repeats(b, key):
            continue
        va, vb = a.get(key, "(none)"), b.get(key, "(none)")
        if va != vb:  # a rule named as an option of either (the deck) is told apart from it
            out.append(Difference(f"{key} (rules)" if key in oa or key in ob else key, va, vb))
    for key in list(oa) + [k for k in ob if k not in oa]:
        va, vb = oa.get(key, "(none)"), ob.get(key, "(none)")
        if va != vb:
            out.append(Difference(key, va, vb))
    return out


def _repeats(described: dict[str, Any], key: str) -> bool:
    """Whether a variant's described rule ``key`` is one of its options, with its value."""
    options = described["options"]
    return key in options and key in described and options[key] == described[key]
