"""MkDocs hook: show the reST roles of the docstrings (:class:`~a.b.C`) as code (``C``).

The API reference is generated from docstrings written for Python's own tooling, which
mark cross-references with roles; mkdocstrings leaves the role names in the text.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:class|meth|func|mod|data|attr|exc|obj):<code>(~?)([\w.]+)(\(\))?</code>")


def _short(match: re.Match[str]) -> str:
    tilde, name, call = match.group(1), match.group(2), match.group(3) or ""
    return f"<code>{name.rsplit('.', 1)[-1] if tilde else name}{call}</code>"


def on_page_content(html: str, **_kwargs: Any) -> str:
    """Rewrite every role in a page's HTML."""
    return _ROLE.sub(_short, html)
