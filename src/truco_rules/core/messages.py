"""How an error message shows what it was given: the caller's input, cut to a size that
prints (:func:`shown`), and lists of names. Kept apart from the error classes of
:mod:`truco_rules.core.errors`, which import it."""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable

__all__ = ["INSTALL_PAGE", "MAX_SHOWN", "install_hint", "no_cards", "shown"]


MAX_SHOWN = 60
"""The longest piece of a caller's input an error message quotes; longer input is cut."""


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Hostile input must not make an error message huge, slow or impossible to print: a 10 MB
    string is cut before it is copied, a long list shows its first items, and a value whose
    ``repr`` raises (an integer of 5,000 digits) is named by its type.
    """
    short = reprlib.Repr()
    short.maxstring = short.maxother = short.maxlong = limit
    short.maxlist = short.maxtuple = short.maxset = short.maxdict = 6
    short.maxlevel = 3
    try:
        text = short.repr(value)
    except Exception:  # e.g. an int too large to convert to str, a broken __repr__
        return f"<{type(value).__name__} that cannot be shown>"
    if isinstance(value, str) and len(value) > limit:
        text += f" ({len(value):,} characters)"
    return text[: 2 * limit]


def _listing(items: Iterable[object], limit: int = 40) -> str:
    texts = [str(i) for i in items]
    shown = ", ".join(texts[:limit])
    if len(texts) > limit:
        shown += f", ... ({len(texts) - limit} more)"
    return shown or "(none)"


_CARD_REPR = re.compile(r"(?:C?ard)\([^()\s]{0,8}\)?")
"""A card's ``repr`` in a message (``Card(5C)``), also where :func:`shown` cut it short
(``ard(5C)``, ``Card(5``)."""
_CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])(?:1[0-2]|[1-7])[EBOC](?![A-Za-z0-9])"
                        r"|(?<![A-Za-z0-9])[2-7AJQK][cdhs](?![A-Za-z0-9])")
"""A card's text in either deck notation (``5C``, ``12O``; ``Kd``, ``7s``)."""


def no_cards(text: str) -> str:
    """``text`` with every card it names written ``?`` (``Card(?)`` for a card object): a
    message built from what a hook gave may reach a seat that must not see those cards,
    in whatever form the hook put them (objects, text, cut short), so every form goes."""
    hidden = _CARD_TEXT.sub("?", _CARD_REPR.sub("Card(?)", text))
    if hidden != text:
        hidden += " (cards not named: an error may reach a seat that must not see them)"
    return hidden


INSTALL_PAGE = "docs/getting-started.md#install"
"""Where the docs say how to install an extra: from a clone today, from PyPI once released."""


def install_hint(extra: str) -> str:
    """The end of the message of an ``ImportError`` for a missing optional ``extra``: what to
    run from a clone of the repository today, and from the package index once truco-rules is
    published there."""
    return (
        f"install the {extra} extra: from a clone of the repository, pip install '.[{extra}]' "
        f"(once truco-rules is on PyPI: pip install 'truco-rules[{extra}]'); see "
        f"{INSTALL_PAGE}"
    )
