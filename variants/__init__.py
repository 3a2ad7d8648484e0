"""Built-in regional variants of truco-rules, one module per region.

Each module composes kernel hooks into :class:`truco_rules.Variant` objects and registers them
through the ``truco_rules.variants`` entry-point group, exactly as a third-party package would.
"""

from __future__ import annotations

from importlib import metadata

__all__ = ["builtin_names"]


def builtin_names() -> tuple[str, ...]:
    """The names of the variants truco-rules itself registers (the entry points of its own
    distribution), sorted; :func:`truco_rules.variant_names` lists these first and then any
    that other installed packages register."""
    eps = metadata.entry_points(group="truco_rules.variants")
    return tuple(
        sorted(
            ep.name
            for ep in eps
            if ep.dist is not None and ep.dist.name.replace("_", "-") == "truco-rules"
        )
    )
