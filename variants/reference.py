"""The pages of the rules reference (``docs/rules/`` of the documentation): which page holds
each part of the rules that truco-rules and its variants cite.

The kernel resolves a citation (:mod:`truco_rules.describe.reference`) through the tables that
installed packages declare in the entry-point group ``truco_rules.reference``; this is
truco-rules' own, beside the variants it documents, since its pages are named after regions.

>>> REFERENCE.path("§2.6.1"), REFERENCE.path("§4 B2"), REFERENCE.path("§1.4")
('rules/argentine/#s2-6-1', 'rules/house-rules/#b2', 'rules/#s1-4')
"""

from __future__ import annotations

from truco_rules.describe.reference import Reference

__all__ = ["ANCHORS", "PAGES", "REFERENCE"]

PAGES: dict[str, str] = {
    "0": "index",  # conventions
    "1": "index",  # the engine model common to all variants
    "2": "argentine",
    "3": "argentine",  # sin flor
    "4": "house-rules",  # the blog's house rules B1-B19
    "B": "house-rules",
    "5": "brazilian",  # paulista
    "6": "brazilian",  # mineiro
    "7": "almeria",
    "8": "decisions",  # the disagreement register, D1-D30
    "D": "decisions",
    "9": "test-vectors",
    "TV": "test-vectors",
    "10": "sources",
}
"""The page of each part of the rules: a top-level section number, ``D`` (design decisions),
``B`` (house rules), ``TV`` (test vectors)."""


def _anchors(listed: str) -> frozenset[str]:
    return frozenset(listed.split())


ANCHORS: dict[str, frozenset[str]] = {
    "almeria": _anchors("s7 s7-1 s7-2 s7-3 s7-4 s7-5 s7-6"),
    "argentine": _anchors(
        "s2 s2-1 s2-2 s2-3 s2-4 s2-5 s2-6 s2-6-1 s2-6-2 s2-6-3 s2-6-4 s2-6-5 s2-7 s2-7-1 "
        "s2-7-2 s2-7-3 s2-7-4 s2-8 s2-8-1 s2-8-2 s2-8-3 s2-9 s2-10 s2-11 s2-12 s2-12-1 "
        "s2-12-2 s2-13 s3"
    ),
    "brazilian": _anchors("s5 s5-1 s5-2 s5-3 s5-4 s5-5 s5-6 s5-7 s6 s6-1 s6-2 s6-3 s6-4 s6-5 s6-6"),
    "decisions": _anchors(
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d14 d15 d16 d17 d18 d19 d20 d21 d22 "
        "d23 d24 d25 d26 d27 d28 d29 d30 s8"
    ),
    "house-rules": _anchors(
        "b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19 s4"
    ),
    "index": _anchors("s0 s0-1 s0-2 s0-3 s1 s1-1 s1-2 s1-3 s1-4 s1-5"),
    "sources": _anchors("s10 s10-1 s10-2 s10-3"),
    "test-vectors": _anchors(
        "s9 s9-1 s9-2 s9-3 s9-4 tv01 tv03 tv04 tv05 tv06 tv07 tv10 tv11 tv12 tv14 tv15 "
        "tv17 tv18 tv19 tv21 tv22 tv24 tv25 tv27 tv28 tv29 tv30 tv33 tv35 tv36 tv37 tv38 "
        "tv40 tv42 tv43 tv45 tv46 tv48 tv49 tv50 tv51 tv52 tv55 tv57 tv58 tv59 tv60 tv61 "
        "tv62 tv64 tv66 tv67 tv69 tv70 tv71 tv73 tv74 tv76 tv77 tv78 tv79 tv81 tv82 tv84 "
        "tv85 tv87 tv88 tv90 tv91 tv93 tv94 tv96 tv97 tv99 tv100 tv102 tv103 tv104 tv106"
    ),
}
"""The numbers each page has, as anchors (``s2-6-1``, ``d12``, ``b7``, ``tv06``): a citation
of a number the rules do not have is left as text, not linked to a missing anchor.
tests/project/test_rules_reference.py keeps it equal to the pages' own anchors."""

REFERENCE = Reference(PAGES, anchors=ANCHORS)
"""The reference of these pages, with URL paths from the documentation site's root (the docs
tools link with it)."""
