"""Where a citation of the rules points: its page of the rules reference (``docs/rules/`` of
the documentation), its URL and its links in Markdown, HTML and JSON.

Which page holds which part of the rules is data, a :class:`Reference`: a table from each
top-level section number (and ``D``, ``B``, ``TV``) to a page name, and the address of the
documentation site. Installed packages declare their tables through the entry-point group
``truco_rules.reference`` (truco-rules declares its own, beside its variants, since the pages
are named after regions); :func:`installed_reference` reads them.

>>> ref = Reference({"2": "cards", "D": "choices"}, base_url="https://example.org/docs")
>>> ref.path("§2.6.1"), ref.url("D12")
('rules/cards/#s2-6-1', 'https://example.org/docs/rules/choices/#d12')
>>> ref.markdown("§2.3 (D20), §4 B2", lambda c: "#" + c.anchor)
'[§2.3](#s2-3) ([D20](#d20)), §4 B2'
"""

from __future__ import annotations

import html
import os
import posixpath
import re
import sys
from collections.abc import Callable, Mapping
from importlib import metadata

import attrs

from ..core.errors import InvalidType, RegistryError, TrucoError
from .citations import Citation, mentions, parse_citation, text_arg

__all__ = [
    "CODE_SPAN",
    "DOCS_URL_VARIABLE",
    "ENTRY_POINT_GROUP",
    "Reference",
    "UnknownCitation",
    "docs_url",
    "installed_pages",
    "installed_reference",
]

ENTRY_POINT_GROUP = "truco_rules.reference"
"""The entry-point group of the page tables: each entry a mapping from a part of the rules
(a top-level section number as text, ``"D"``, ``"B"``, ``"TV"``) to a page name; its
module may name the anchors of those pages as ``ANCHORS``, a table from page names to sets
of anchors."""

DOCS_URL_VARIABLE = "TRUCO_RULES_DOCS_URL"
"""The environment variable that gives the documentation site's address."""


class UnknownCitation(TrucoError, KeyError):
    """A citation that no page of the :class:`Reference` holds: its part of the rules has no
    page, or its page lacks its number (where the page's anchors are known)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _md_link(label: str, url: str) -> str:
    # a space or a parenthesis would end the link's target early
    target = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    return f"[{label}]({target})"


def _citation(citation: object) -> Citation:
    """``citation`` as a :class:`Citation` (its text read), else :class:`InvalidType`."""
    if isinstance(citation, Citation):
        return citation
    if isinstance(citation, str):
        return parse_citation(citation)
    raise InvalidType("citation", "a Citation or its text (§2.6.1, D12, B7, TV06)", citation)


def _anchors(anchors: object) -> Mapping[str, frozenset[str]]:
    if not isinstance(anchors, Mapping) or not all(
        isinstance(k, str) and isinstance(v, frozenset | set) and all(type(a) is str for a in v)
        for k, v in anchors.items()
    ):
        raise InvalidType("anchors", "a table from page names to sets of anchors", anchors)
    return {page: frozenset(have) for page, have in anchors.items()}


def _is_page_table(table: object) -> bool:
    """Whether ``table`` maps parts of the rules to page names (text to text)."""
    return isinstance(table, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in table.items()
    )


def _pages(pages: object) -> Mapping[str, str]:
    if not _is_page_table(pages):
        raise InvalidType("pages", "a table from parts of the rules to page names", pages)
    return pages  # type: ignore[return-value]


CODE_SPAN = re.compile(r"(`[^`]*`)")
"""A Markdown code span (split on, it is kept): citations and entities in it stay as written."""

Href = Callable[[Citation], str]
"""Where a link to a citation goes (a URL, or a Markdown file path with its anchor)."""


@attrs.frozen
class Reference:
    """The pages of the rules reference: ``pages`` maps each part of the rules (a top-level
    section number as text, ``"D"``, ``"B"``, ``"TV"``) to the name of its page in
    ``folder``; ``base_url`` is the documentation site's address (empty: URL paths relative
    to the site's root). A page named ``index`` is the folder's own page. ``anchors`` gives,
    for the pages it names, the anchors each has: a citation of a number its page lacks
    (a section or a decision the rules do not have) is held by no page; a page it does not
    name holds every number of its parts."""

    pages: Mapping[str, str] = attrs.field(converter=_pages)
    base_url: str = attrs.field(default="")
    folder: str = attrs.field(default="rules")
    anchors: Mapping[str, frozenset[str]] = attrs.field(factory=dict, converter=_anchors)

    @folder.validator
    def _check_folder(self, _attribute: object, value: object) -> None:
        if not isinstance(value, str):
            raise InvalidType("folder", "a str (the reference's folder of the docs)", value)

    @base_url.validator
    def _check_base_url(self, _attribute: object, value: object) -> None:
        if not isinstance(value, str):
            raise InvalidType("base_url", "a str (the documentation's address)", value)

    def page(self, citation: Citation | str) -> str:
        """The name of the page holding ``citation``; raises :class:`UnknownCitation` when
        no page holds its part of the rules, or its page lacks its number."""
        c = _citation(citation)
        try:
            page = self.pages[c.part]
        except KeyError:
            raise UnknownCitation(
                f"no page of the rules reference holds {c.text} (parts with a page: "
                f"{', '.join(sorted(self.pages, key=lambda k: (not k.isdigit(), k.zfill(3))))})"
            ) from None
        have = self.anchors.get(page)
        if have is not None and c.anchor not in have:
            raise UnknownCitation(
                f"the rules reference has no {c.text} (its page {page!r} has no #{c.anchor})"
            )
        return page

    def holds(self, citation: Citation) -> bool:
        """Whether a page holds ``citation``: its part of the rules, and its number where
        the page's anchors are known."""
        c = _citation(citation)
        page = self.pages.get(c.part)
        if page is None:
            return False
        have = self.anchors.get(page)
        return have is None or c.anchor in have

    def path(self, citation: Citation | str) -> str:
        """The URL path of ``citation`` on the documentation site (directory URLs):
        ``rules/cards/#s2-6-1``, ``rules/#s1-4`` for a section of the index page."""
        c = _citation(citation)
        page = self.page(c)
        folder = self.folder if page == "index" else f"{self.folder}/{page}"
        return f"{folder}/#{c.anchor}"

    def url(self, citation: Citation | str) -> str:
        """:meth:`path` after :attr:`base_url` (the path alone when there is no base)."""
        path = self.path(citation)
        return f"{self.base_url.rstrip('/')}/{path}" if self.base_url else path

    def doc_link(self, citation: Citation | str, from_folder: str = "") -> str:
        """The Markdown link target of ``citation`` from a page in ``from_folder`` of the
        docs (``"variants"`` gives ``../rules/cards.md#s2-6-1`` if page ``cards`` holds §2)."""
        c = _citation(citation)
        if not isinstance(from_folder, str):
            raise InvalidType("from_folder", "a str (a folder of the docs)", from_folder)
        target = f"{self.folder}/{self.page(c)}.md"
        return f"{posixpath.relpath(target, from_folder or '.')}#{c.anchor}"

    def markdown(self, text: str, href: Href | None = None) -> str:
        """``text`` with every citation a page holds made a Markdown link to ``href`` of it
        (default :meth:`url`); citations no page holds, or inside a code span, stay text."""
        parts = CODE_SPAN.split(text_arg(text))
        return "".join(
            part if k % 2 else self._linked(part, href or self.url, _md_link, str)
            for k, part in enumerate(parts)
        )

    def html(self, text: str, href: Href | None = None) -> str:
        """``text`` escaped for HTML, with every citation a page holds made a link to
        ``href`` of it (default :meth:`url`)."""

        def anchor(label: str, url: str) -> str:
            return f'<a href="{html.escape(url)}">{html.escape(label)}</a>'

        return self._linked(text_arg(text), href or self.url, anchor, html.escape)

    def paths(self, text: str) -> dict[str, str]:
        """Each citation of ``text`` that a page holds, as written, with its URL path (the
        links of a JSON output)."""
        return {
            m.citation.text: self.path(m.citation)
            for m in mentions(text_arg(text))
            if self.holds(m.citation)
        }

    def _linked(
        self,
        text: str,
        href: Href,
        link: Callable[[str, str], str],
        plain: Callable[[str], str],
    ) -> str:
        out: list[str] = []
        at = 0
        for m in mentions(text):
            if not self.holds(m.citation):
                continue
            out += [plain(text[at : m.start]), link(text[m.start : m.end], href(m.citation))]
            at = m.end
        out.append(plain(text[at:]))
        return "".join(out)


def installed_pages(broken: dict[str, str] | None = None) -> dict[str, str]:
    """The page of each part of the rules, from the tables the installed packages declare
    (group :data:`ENTRY_POINT_GROUP`; truco-rules' own first, a part keeps its first page).
    An entry is a table from parts to page names (the ``ANCHORS`` beside it, the anchors
    of those pages: :func:`installed_reference` reads them).

    An entry that is not such a table, or whose ``ANCHORS`` are no table of sets, raises
    :class:`~truco_rules.InvalidType`, one that fails to load
    :class:`~truco_rules.RegistryError`; given a dict as ``broken``, such an entry is left
    out instead and named there with the reason (so that a broken package does not take the
    others' links away: the CLI says which it left out)."""
    return _installed(broken)[0]


def _installed(
    broken: dict[str, str] | None,
) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """The installed pages and the anchors of those whose anchors are declared."""
    if broken is not None and not isinstance(broken, dict):
        raise InvalidType("broken", "None or a dict (the entries left out)", broken)
    eps = sorted(
        metadata.entry_points(group=ENTRY_POINT_GROUP),
        key=lambda ep: (
            ep.dist is None or ep.dist.name.replace("_", "-") != "truco-rules",
            ep.name,
        ),
    )
    pages: dict[str, str] = {}
    anchors: dict[str, frozenset[str]] = {}
    for ep in eps:
        where = f"the entry point {ep.name!r} of {ENTRY_POINT_GROUP} ({ep.value})"
        try:
            try:
                table = ep.load()
            except Exception as exc:  # a third party's bug: named, as a library error
                raise RegistryError(f"{where} does not load: {type(exc).__name__}: {exc}") from exc
            if not _is_page_table(table):
                raise InvalidType(where, "a table from parts of the rules to page names", table)
            # the table's module may name its pages' anchors beside it
            module = sys.modules.get(getattr(ep, "module", None) or "")
            declared = getattr(module, "ANCHORS", None)
            found = {} if declared is None else _anchors(declared)
        except TrucoError as exc:
            if broken is None:
                raise
            broken[ep.name] = str(exc)
            continue
        for part, page in table.items():
            pages.setdefault(part, page)
        for page, have in found.items():
            anchors.setdefault(page, have)
    return pages, anchors


def docs_url() -> str:
    """The documentation site's address: the environment's :data:`DOCS_URL_VARIABLE`, else
    the ``Documentation`` URL of truco-rules' metadata (``[project.urls]``), else ``""``
    (links are then URL paths from the site's root)."""
    if os.environ.get(DOCS_URL_VARIABLE):
        return os.environ[DOCS_URL_VARIABLE]
    try:
        urls = metadata.metadata("truco-rules").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return ""
    for entry in urls:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() in ("documentation", "docs"):
            return url.strip()
    return ""


def installed_reference(
    base_url: str | None = None, broken: dict[str, str] | None = None
) -> Reference:
    """The rules reference of the installed packages (:func:`installed_pages`, which
    ``broken`` is given to, with the anchors declared beside the tables)
    at ``base_url`` (default :func:`docs_url`)."""
    pages, anchors = _installed(broken)
    return Reference(pages, docs_url() if base_url is None else base_url, anchors=anchors)
