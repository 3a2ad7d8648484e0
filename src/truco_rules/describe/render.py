"""Tables as data, and their text, Markdown, HTML, CSV and JSON forms.

A :class:`Grid` is a header and rows of strings, optionally cut into titled sections (the
concerns of a rule table). :func:`render` writes it in one of :data:`FORMATS`; the same data
gives every form, so a user can also build a view of his own from ``grid.sections``.
Given a :class:`~truco_rules.describe.reference.Reference`, the Markdown and HTML forms link
every citation of the rules (§2.6.1, D12, B7) to its anchor in the rules reference, and the
JSON form gives each row the URL paths of its citations (``"links"``).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Sequence

import attrs

from ..core.arguments import in_range
from ..core.errors import InvalidType, ParseError, shown
from .reference import CODE_SPAN, Reference

__all__ = ["FORMATS", "Grid", "Section", "checked_grid", "html_page", "html_table", "render"]

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


def render(
    grid: Grid,
    fmt: str = "text",
    width: int | None = None,
    *,
    reference: Reference | None = None,
) -> str:
    """``grid`` as ``text`` (aligned columns), ``markdown``, ``html`` (a standalone page),
    ``json`` or ``csv``. ``width`` is the text's line width: columns shrink and cells wrap to
    fit it (``None``: no limit, cells wrapped at 30 characters). With a ``reference``, the
    citations of the rules are links (Markdown, HTML) or URL paths beside each row (JSON)."""
    checked_grid(grid, reference)
    if width is not None:
        width = in_range(width, "width", 1, 10**6)
    if fmt == "text":
        return _text(grid, width)
    if fmt == "markdown":
        return _markdown(grid, reference)
    if fmt == "html":
        return html_page([grid], reference=reference)
    if fmt == "json":
        return _json(grid, reference)
    if fmt == "csv":
        return _csv(grid)
    raise ParseError(f"unknown format {shown(fmt)}; use one of {', '.join(FORMATS)}")


def checked_grid(grid: object, reference: object = None) -> Grid:
    """``grid``, once it is a :class:`Grid` of text cells, one per column in every row,
    and ``reference`` is None or a :class:`~.reference.Reference`:
    InvalidType otherwise, ParseError for a row of another length."""
    if not isinstance(grid, Grid):
        raise InvalidType("grid", "a Grid", grid)
    if reference is not None and not isinstance(reference, Reference):
        raise InvalidType("reference", "None or a Reference", reference)
    sections: object = grid.sections
    if not isinstance(sections, tuple) or not all(
        isinstance(x, Section) and isinstance(x.rows, tuple) for x in sections
    ):
        raise InvalidType("grid", "a Grid whose sections are a tuple of Section", sections)
    if not isinstance(grid.columns, tuple):
        raise InvalidType("grid", "a Grid whose columns are a tuple of str", grid.columns)
    width = len(grid.columns)
    for row in (grid.columns, *grid.rows):
        if not isinstance(row, tuple) or not all(isinstance(cell, str) for cell in row):
            raise InvalidType("grid", "a Grid of tuples of str", row)
        if len(row) != width:
            raise ParseError(
                f"grid {shown(grid.title)}: a row of {len(row)} cells under {width} columns: "
                f"{shown(row)}"
            )
    return grid


def _wrap(cell: str, width: int) -> list[str]:
    """Split a cell into lines of at most ``width`` characters, at spaces (a longer word is
    cut)."""
    if len(cell) <= width:
        return [cell]
    lines: list[str] = []
    line = ""
    for word in cell.split(" "):
        while len(word) > width:  # a word longer than the column: cut it
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


_GAP = 2
"""Spaces between two text columns."""
_NARROWEST = 4
"""The narrowest a text column is made to fit a line width."""


def _column_widths(grid: Grid, width: int | None) -> list[int]:
    """Each text column's width: its longest cell, capped so that the line fits ``width``
    (the widest columns are capped first, none below :data:`_NARROWEST`)."""
    rows = [grid.columns, *grid.rows]
    if width is None:
        return [
            max(max(len(x) for x in _wrap(r[i], 30)) for r in rows) for i in range(len(rows[0]))
        ]
    natural = [max(len(r[i]) for r in rows) for i in range(len(grid.columns))]
    room = width - _GAP * (len(natural) - 1)
    if sum(natural) <= room:
        return natural
    cap = max(natural)
    while cap > _NARROWEST and sum(min(n, cap) for n in natural) > room:
        cap -= 1
    return [min(n, cap) for n in natural]


def _text(grid: Grid, width: int | None = None) -> str:
    cols = len(grid.columns)
    widths = _column_widths(grid, width)

    def lines_of(row: Sequence[str]) -> list[str]:
        wrapped = [_wrap(c, widths[i]) for i, c in enumerate(row)]
        height = max(len(w) for w in wrapped)
        out = []
        for k in range(height):
            cells = [(w[k] if k < len(w) else "").ljust(widths[i]) for i, w in enumerate(wrapped)]
            out.append((" " * _GAP).join(cells).rstrip())
        return out

    def fit(text: str) -> list[str]:
        return _wrap(text, width) if width is not None else [text]

    out = fit(grid.title) if grid.title else []
    out += lines_of(grid.columns)
    out.append((" " * _GAP).join("-" * widths[i] for i in range(cols)))
    for section in grid.sections:
        if section.title:
            out.append("")
            out.append(section.title.upper())
        for row in section.rows:
            out += lines_of(row)
    if grid.notes:
        out.append("")
        for note in grid.notes:
            out += fit(note)
    return "\n".join(out)


def _md_cell(cell: str) -> str:
    """A cell on one line (any line break, ``\\r`` too, would end the row) with its pipes
    escaped."""
    return " ".join(cell.split()).replace("|", "\\|")


def _md_text(text: str) -> str:
    """``text`` with what Markdown reads as HTML kept as text: an entity (``&amp;``) or a tag
    (a third-party variant's option value). A code span is left as it is: Markdown shows
    its text as written, an entity included."""
    parts = CODE_SPAN.split(text)
    return "".join(
        part if k % 2 else part.replace("&", "&amp;").replace("<", "&lt;")
        for k, part in enumerate(parts)
    )


_MD_MARKS = re.compile(r"([\\`*_\[\]])")


def _md_line(text: str) -> str:
    """A title or a note as one line of Markdown text: a line break, an emphasis or code
    mark, a link's brackets, an entity or a tag in it (a third-party variant's description)
    stays text."""
    return _MD_MARKS.sub(r"\\\1", _md_text(" ".join(text.split())))


def _markdown(grid: Grid, reference: Reference | None = None) -> str:
    def cell(text: str) -> str:
        text = _md_text(text)
        return _md_cell(reference.markdown(text) if reference else text)

    out = [f"**{_md_line(grid.title)}**", ""] if grid.title else []
    out.append("| " + " | ".join(_md_cell(_md_text(c)) for c in grid.columns) + " |")
    out.append("|" + "---|" * len(grid.columns))
    for section in grid.sections:
        if section.title:
            blank = " |" * (len(grid.columns) - 1)
            out.append(f"| **{_md_cell(_md_text(section.title))}** |{blank}")
        for row in section.rows:
            out.append("| " + " | ".join(cell(c) for c in row) + " |")
    if grid.notes:
        out += [""] + [_md_line(n) for n in grid.notes]
    return "\n".join(out)


def html_table(grid: Grid, reference: Reference | None = None) -> str:
    """``grid`` as an HTML ``<table>`` (its title the caption, each section a ``<tbody>``
    headed by its title), without a page around it; with a ``reference``, the citations of
    the rules in its cells are links."""
    e = html.escape
    cell = reference.html if reference else e
    out = ['<table class="truco-grid">']
    if grid.title:
        out.append(f"<caption>{e(grid.title)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{e(c)}</th>" for c in grid.columns) + "</tr></thead>")
    for section in grid.sections:
        out.append("<tbody>")
        if section.title:
            span = len(grid.columns)
            out.append(f'<tr class="section"><th colspan="{span}">{e(section.title)}</th></tr>')
        for row in section.rows:
            cells = [f'<th scope="row">{e(row[0])}</th>', *(f"<td>{cell(c)}</td>" for c in row[1:])]
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody>")
    out.append("</table>")
    out += [f'<p class="note">{e(n)}</p>' for n in grid.notes]
    return "\n".join(out)


_PAGE_STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       margin: 1.5rem; color: #1d1d1f; background: #fff; }
table.truco-grid { border-collapse: collapse; margin: 0 0 2rem; width: 100%; }
.truco-grid caption { text-align: left; font-weight: 600; font-size: 1.1rem; padding: 0 0 .6rem; }
.truco-grid th, .truco-grid td { border: 1px solid #d5d8dc; padding: .35rem .5rem;
       vertical-align: top; text-align: left; overflow-wrap: anywhere; }
.truco-grid tbody th[scope=row] { width: 16%; }
.truco-grid thead th { position: sticky; top: 0; background: #2d4059; color: #fff; z-index: 1; }
.truco-grid tr.section th { background: #e8edf3; color: #2d4059; font-size: .85rem;
       text-transform: uppercase; letter-spacing: .05em; }
.truco-grid tbody th[scope=row] { font-weight: 500; background: #fafbfc; }
.truco-grid tbody tr:nth-child(even) td { background: #f7f9fb; }
p.note { color: #555; font-size: .9rem; }
.truco-grid a { color: #1d4f91; text-decoration: none; }
.truco-grid a:hover { text-decoration: underline; }
"""


def html_page(
    grids: Sequence[Grid], title: str | None = None, *, reference: Reference | None = None
) -> str:
    """A styled standalone HTML page holding ``grids`` one after the other (the ``html``
    format of :func:`render`, and of the command line), citations linked by ``reference``."""
    given: object = grids
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise InvalidType("grids", "a sequence of Grid", given)
    for grid in grids:
        checked_grid(grid, reference)
    e = html.escape
    head = title if title is not None else (grids[0].title if grids else "truco-rules")
    body = "\n".join(html_table(g, reference) for g in grids)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(head)}</title>\n<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>"
    )


def _json_keys(columns: tuple[str, ...]) -> list[str]:
    """The columns as distinct keys of a JSON row: a name met again (two columns of one
    variant) gets `` #2``, ``#3``..., and so does a column named ``links``, the key of the
    rows' links."""
    keys: list[str] = []
    for name in columns:
        key, n = name, 1
        while key in keys or key == "links":
            n += 1
            key = f"{name} #{n}"
        keys.append(key)
    return keys


def _json_row(
    grid: Grid, row: tuple[str, ...], reference: Reference | None
) -> dict[str, object]:
    data: dict[str, object] = dict(zip(_json_keys(grid.columns), row, strict=True))
    if reference is not None:
        data["links"] = {k: v for cell in row for k, v in reference.paths(cell).items()}
    return data


def _json(grid: Grid, reference: Reference | None = None) -> str:
    data = {
        "title": grid.title,
        "columns": _json_keys(grid.columns),
        "sections": [
            {"title": s.title, "rows": [_json_row(grid, r, reference) for r in s.rows]}
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
