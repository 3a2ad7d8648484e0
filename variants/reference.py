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

__all__ = ["PAGES", "REFERENCE"]

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

REFERENCE = Reference(PAGES)
"""The reference of these pages, with URL paths from the documentation site's root (the docs
tools link with it)."""
