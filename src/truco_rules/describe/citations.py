"""Citations of the rules: ``§2.6.1``, ``D12``, ``B7`` and ``TV06`` read from text, with the
anchor each has in the rules reference (``docs/rules/`` of the documentation).

The code, the docs and :func:`~truco_rules.describe.comparison.rule_sheet` cite the rules by
number: a section (``§2.6.1``), a design decision (``D12``), a house rule (``B7``, of the
section ``§4`` of house rules, often written ``§4 B7``) or a test vector (``TV06``). Every
number has an anchor on one page of the reference: a section is ``s`` and its numbers joined
by ``-`` (``s2-6-1``), the others their lower-case text (``d12``, ``b7``, ``tv06``). Which
page that is, and the links, are :mod:`truco_rules.describe.reference`'s.

>>> c = parse_citation("RULES §2.6.1")
>>> c.text, c.anchor, c.part
('§2.6.1', 's2-6-1', '2')
>>> sorted(c.text for c in cited("RULES §2.6.3, §4 B3-B4, B8 (D7, D8)"))
['B3', 'B4', 'B8', 'D7', 'D8', '§2.6.3', '§4']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from ..core.errors import InvalidType, ParseError, ParseErrorType

__all__ = ["KINDS", "Citation", "Mention", "cited", "mentions", "parse_citation"]

KINDS: dict[str, str] = {
    "§": "section",
    "D": "decision",
    "B": "house-rule",
    "TV": "test-vector",
}
"""The prefix of each kind of citation, and the kind's name."""

_PREFIX = {kind: prefix for prefix, kind in KINDS.items()}

_NOT_A_SOURCE = r"(?<!\b[SPC][0-9] )(?<!\b[SPC][0-9][0-9] )(?<!\bDESIGN )"
"""Not after a source's tag or the design document's name: ``S4 §8``, ``P12 §3`` are that
source's own sections, ``DESIGN §4`` the architecture's, none the rules reference's."""

_NUMBER = r"[0-9]{1,3}(?![0-9])(?:\.[0-9]{1,3}(?![0-9]))*(?!\.?[0-9])"
"""A section's number: ASCII digits (another script's digits cite nothing), at most three
in each of its parts; a number with a longer part is no citation at all (not a shorter
section read from its start)."""

_MENTION = re.compile(
    _NOT_A_SOURCE + r"§\s?(?P<of>4(?=\s+B[0-9])|8(?=\s+D[0-9]))\s+(?P<item>[BD][0-9]{1,2})\b"
    r"|" + _NOT_A_SOURCE + r"§\s?(?P<section>" + _NUMBER + ")"
    r"|\b(?P<other>(?:TV|D|B)[0-9]{1,3})\b"
)
"""A section (``§2.6.1``), a house rule or decision with its section (``§4 B2``, ``§8 D12``),
or a decision, house rule or test vector standing alone (``D20``, ``B7``, ``TV06``). A
section after a source's tag (``S4 §8``) is not one of the rules."""

_RANGE = re.compile(
    r"(?:" + _NOT_A_SOURCE + r"§\s?(?P<s1>" + _NUMBER + r")\s?[-–]\s?§\s?(?P<s2>" + _NUMBER + "))"
    r"|\b(?P<p1>TV|D|B)(?P<n1>[0-9]{1,3})\s?[-–]\s?(?P=p1)(?P<n2>[0-9]{1,3})\b"
)
"""A range: ``§1.2-§1.4`` (sections differing in their last number), ``B2-B9``, ``D1–D30``."""

_MOST = 100
"""The most members a range cites; a longer one cites its two ends alone."""


@attrs.frozen(order=True)
class Citation:
    """One numbered place of the rules: a ``kind`` of :data:`KINDS` and its ``number``
    (``"2.6.1"`` for §2.6.1, ``"12"`` for D12, ``"06"`` for TV06, as written)."""

    kind: str
    number: str

    def __attrs_post_init__(self) -> None:
        if self.kind not in _PREFIX:
            raise ParseError(f"unknown kind of citation {self.kind!r}; use one of {list(_PREFIX)}")
        pattern = r"[0-9]+(?:\.[0-9]+)*" if self.kind == "section" else r"[0-9]+"
        if not isinstance(self.number, str) or not re.fullmatch(pattern, self.number):
            raise ParseError(f"{self.number!r} is not the number of a {self.kind}")

    @property
    def text(self) -> str:
        """The citation as the docs write it: ``§2.6.1``, ``D12``, ``B7``, ``TV06``."""
        return _PREFIX[self.kind] + self.number

    @property
    def anchor(self) -> str:
        """Its anchor on the reference page: ``s2-6-1``, ``d12``, ``b7``, ``tv06``."""
        if self.kind == "section":
            return "s" + self.number.replace(".", "-")
        return self.text.lower()

    @property
    def part(self) -> str:
        """The key of its page in a :class:`~truco_rules.describe.reference.Reference`: the
        top-level section number (``"2"`` for §2.6.1), else the prefix (``"D"``, ``"B"``,
        ``"TV"``)."""
        return self.number.split(".")[0] if self.kind == "section" else _PREFIX[self.kind]

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class Mention:
    """A citation found in a text: ``text[start:end]`` cites ``citation`` (``§4 B2`` is one
    mention of the house rule B2)."""

    start: int
    end: int
    citation: Citation


def _citation(match: re.Match[str]) -> Citation:
    item = match.group("item") or match.group("other")
    if item is None:
        return Citation("section", match.group("section"))
    prefix = item.rstrip("0123456789")
    return Citation(KINDS[prefix], item[len(prefix) :])


def parse_citation(text: str) -> Citation:
    """The citation ``text`` is: ``"§2.6.1"``, ``"RULES §2.6.1"``, ``"§4 B2"`` (the house
    rule), ``"D12"``, ``"TV06"``. Raises :class:`~truco_rules.ParseError` for anything else.

    >>> parse_citation("§4 B2")
    Citation(kind='house-rule', number='2')
    """
    if not isinstance(text, str):
        raise ParseErrorType("citation", "text (§2.6.1, D12, B7, TV06)", text)
    body = re.sub(r"^RULES\s+", "", text.strip())
    match = _MENTION.fullmatch(body)
    if match is None:
        raise ParseError(
            f"{text!r} is not a citation of the rules (write §2.6.1, D12, B7 or TV06)"
        )
    return _citation(match)


def mentions(text: str) -> list[Mention]:
    """Every citation in ``text``, in order, with where it is (for links); a ``text`` that is
    no ``str`` is :class:`~truco_rules.InvalidType`.

    >>> [(m.citation.text, m.start, m.end) for m in mentions("§2.6.3, §4 B3-B4 (D7)")]
    [('§2.6.3', 0, 6), ('B3', 8, 13), ('B4', 14, 16), ('D7', 18, 20)]
    """
    return [Mention(m.start(), m.end(), _citation(m)) for m in _MENTION.finditer(text_arg(text))]


def text_arg(text: object) -> str:
    """``text``, a ``str`` that may cite the rules; :class:`~truco_rules.InvalidType` for any
    other value (the readers here and in :mod:`.reference` take text so)."""
    if not isinstance(text, str):
        raise InvalidType("text", "a str (text that may cite the rules)", text)
    return text


def _spans(first: str, last: str) -> Iterator[str]:
    head1, _, n1 = first.rpartition(".")
    head2, _, n2 = last.rpartition(".")
    if head1 != head2 or not 0 <= int(n2) - int(n1) < _MOST:
        yield from (first, last)
        return
    for n in range(int(n1), int(n2) + 1):
        yield f"{head1}.{n}" if head1 else str(n)


def cited(text: str) -> set[Citation]:
    """Every citation ``text`` makes, the members of ranges included: ``§4 B2-B4`` cites §4,
    B2, B3 and B4; ``§1.2-§1.4`` cites §1.2, §1.3 and §1.4.

    >>> sorted(c.text for c in cited("RULES §4 B2-B4, §1.2-§1.3"))
    ['B2', 'B3', 'B4', '§1.2', '§1.3', '§4']
    """
    found = {m.citation for m in mentions(text)}
    found |= {Citation("section", m.group("of")) for m in _MENTION.finditer(text) if m["of"]}
    for r in _RANGE.finditer(text):
        if r.group("s1") is not None:
            found |= {Citation("section", s) for s in _spans(r.group("s1"), r.group("s2"))}
        else:
            kind, width = KINDS[r.group("p1")], len(r.group("n1"))
            first, last = int(r.group("n1")), int(r.group("n2"))
            numbers = range(first, last + 1) if last - first < _MOST else (first, last)
            found |= {Citation(kind, str(n).zfill(width)) for n in numbers}
    return found
