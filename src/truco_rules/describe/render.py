"""Tables as data, and their text, Markdown, HTML, CSV and JSON forms.

A :class:`Grid` is a header and rows of strings, optionally cut into titled sections (the
concerns of a rule table). :func:`render` writes it in one of :data:`FORMATS`; the same data
gives every form, so a user can also build a view of his own from ``grid.sections``.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence

import attrs

__all__ = ["FORMATS", "Grid", "Section", "render"]

FORMATS: tuple[str, ...] = ("text", "markdown", "html", "json", "csv")


@attrs.frozen
class Section:
    """Rows under one title (the title may be empty)."""

    title: str
    rows: tuple[tuple[str, ...], ...]


@attrs.frozen
class Grid:
    """A table: a title, column names, and sections of rows (one cell per column)."""

    title: str
    columns: tuple[str, ...]
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = ()

    @property
    def rows(self) -> list[tuple[str, ...]]:
        """Every row, section after section."""
        return [r for s in self.sections for r in s.rows]


def render(grid: Grid, fmt: str = "text") -> str:
    """``grid`` as ``text`` (aligned columns), ``markdown``, ``html``, ``json`` or ``csv``."""
    if fmt == "text":
        return _text(grid)
    if fmt == "markdown":
        return _markdown(grid)
    if fmt == "html":
        return _html(grid)
    if fmt == "json":
        return _json(grid)
    if fmt == "csv":
        return _csv(grid)
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def _wrap(cell: str, width: int) -> list[str]:
    """Split a long cell into lines of at most ``width`` characters, at spaces."""
    if len(cell) <= width:
        return [cell]
    lines: list[str] = []
    line = ""
    for word in cell.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def _text(grid: Grid, max_width: int = 30) -> str:
    cols = len(grid.columns)
    widths = [0] * cols
    for row in [grid.columns, *grid.rows]:
        for i, cell in enumerate(row):
            longest = max(len(x) for x in _wrap(cell, max_width))
            widths[i] = max(widths[i], longest)

    def lines_of(row: Sequence[str]) -> list[str]:
        wrapped = [_wrap(c, max_width) for c in row]
        height = max(len(w) for w in wrapped)
        out = []
        for k in range(height):
            cells = [(w[k] if k < len(w) else "").ljust(widths[i]) for i, w in enumerate(wrapped)]
            out.append("  ".join(cells).rstrip())
        return out

    out = [grid.title] if grid.title else []
    out += lines_of(grid.columns)
    out.append("  ".join("-" * widths[i] for i in range(cols)))
    for section in grid.sections:
        if section.title:
            out.append("")
            out.append(section.title.upper())
        for row in section.rows:
            out += lines_of(row)
    out += ["", *list(grid.notes)] if grid.notes else []
    return "\n".join(out)


def _md_cell(cell: str) -> str:
    return cell.replace("|", "\\|").replace("\n", " ")


def _markdown(grid: Grid) -> str:
    out = [f"**{grid.title}**", ""] if grid.title else []
    out.append("| " + " | ".join(_md_cell(c) for c in grid.columns) + " |")
    out.append("|" + "---|" * len(grid.columns))
    for section in grid.sections:
        if section.title:
            blank = " |" * (len(grid.columns) - 1)
            out.append(f"| **{_md_cell(section.title)}** |{blank}")
        for row in section.rows:
            out.append("| " + " | ".join(_md_cell(c) for c in row) + " |")
    if grid.notes:
        out += [""] + [f"{n}" for n in grid.notes]
    return "\n".join(out)


def _html(grid: Grid) -> str:
    e = html.escape
    out = ["<table>"]
    if grid.title:
        out.append(f"<caption>{e(grid.title)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{e(c)}</th>" for c in grid.columns) + "</tr></thead>")
    for section in grid.sections:
        out.append("<tbody>")
        if section.title:
            out.append(f'<tr><th colspan="{len(grid.columns)}">{e(section.title)}</th></tr>')
        for row in section.rows:
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        out.append("</tbody>")
    out.append("</table>")
    return "\n".join(out)


def _json(grid: Grid) -> str:
    data = {
        "title": grid.title,
        "columns": list(grid.columns),
        "sections": [
            {"title": s.title, "rows": [dict(zip(grid.columns, r, strict=True)) for r in s.rows]}
            for s in grid.sections
        ],
        "notes": list(grid.notes),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _csv(grid: Grid) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["section", *grid.columns])
    for s in grid.sections:
        for r in s.rows:
            w.writerow([s.title, *r])
    return buf.getvalue().rstrip("\n")
