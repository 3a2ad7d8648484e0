"""Write the option table of each variant page from the variant's ``option_info()``.

    python tools/option_docs.py          # rewrites the tables in docs/variants/*.md

Each page marks its table with ``<!-- options: NAME -->`` and ``<!-- /options -->``; what is
between is replaced by one row per option of the registered variant ``NAME``: its default,
its documentation and allowed values, its source and the hook that holds it (four columns,
so that the table reads at a laptop's width).
``tests/test_option_docs.py`` checks that every page is current, so an option added to a
variant cannot be missing from its page.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import truco_rules as tr

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs" / "variants").glob("*.md"))
BLOCK = re.compile(r"(<!-- options: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /options -->)", re.S)
HEADER = "| option | default | what it does | source |\n|---|---|---|---|\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _value(x: Any) -> str:
    return f"`{x!r}`"


def _allowed(entry: dict[str, Any]) -> str:
    if entry["choices"]:
        return ", ".join(_value(c) for c in entry["choices"])
    return str(entry["allowed"] or "")


def table(name: str) -> str:
    """The option table of the registered variant ``name`` (Markdown, ending in a newline)."""
    rows = []
    for option, entry in tr.get_variant(name).option_info().items():
        source = re.sub(r"^RULES\s+", "", entry["source"])
        cells = (
            f"`{option}`",
            _value(entry["default"]),
            f"{entry['doc']} *Values:* {_allowed(entry)}.",
            f"{source} (hook: {entry['hook']})",
        )
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |\n")
    return HEADER + "".join(rows)


def rebuilt(text: str) -> str:
    """``text`` with every marked option table regenerated."""
    return BLOCK.sub(lambda m: m.group(1) + table(m.group("name")) + m.group(4), text)


def main() -> int:
    changed = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        new = rebuilt(text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page.relative_to(ROOT))
    print("rewrote " + (", ".join(map(str, changed)) if changed else "nothing (all current)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
