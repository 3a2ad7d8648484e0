"""MkDocs hook: show the cross-reference roles of the docstrings (:class:`~a.b.C`) as code.

The package's docstrings are Google style with Markdown bodies (mkdocstrings'
``docstring_style: google``); cross-references keep the roles Python's own tooling reads
(``:class:`~a.b.C```, ``:meth:`Title <a.b.C.m>```), which mkdocstrings leaves in the text:
this hook shows ``C`` and ``Title`` as code. Any other reST (directives, ``::`` literal
blocks, simple tables) is refused by ``tests/project/test_api_docs.py``.
"""

from __future__ import annotations

import re
from typing import Any

_ROLES = r":(?:class|meth|func|mod|data|attr|exc|obj):"
_ROLE = re.compile(_ROLES + r"<code>(~?)([\w.]+)(\(\))?</code>")
_TITLED = re.compile(_ROLES + r"<code>([^<]+?)\s+&lt;[\w.]+&gt;</code>")


def _short(match: re.Match[str]) -> str:
    tilde, name, call = match.group(1), match.group(2), match.group(3) or ""
    return f"<code>{name.rsplit('.', 1)[-1] if tilde else name}{call}</code>"


def on_page_content(html: str, **_kwargs: Any) -> str:
    """Rewrite every role in a page's HTML."""
    return _TITLED.sub(r"<code>\1</code>", _ROLE.sub(_short, html))
