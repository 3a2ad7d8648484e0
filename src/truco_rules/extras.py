"""How to install an optional extra, said the same way everywhere (docs/getting-started.md,
"Install", is the one place the docs say it)."""

from __future__ import annotations

__all__ = ["INSTALL_PAGE", "install_hint"]

INSTALL_PAGE = "docs/getting-started.md#install"
"""Where the docs say what installs today and what will once the package is released."""


def install_hint(extra: str) -> str:
    """What to run to get ``extra``: from a clone of the repository today, from the package
    index once truco-rules is published there."""
    return (
        f"install the {extra} extra: from a clone of the repository, pip install '.[{extra}]' "
        f"(once truco-rules is on PyPI: pip install 'truco-rules[{extra}]'); see "
        f"{INSTALL_PAGE}"
    )
