"""The position string: any match state on one line, like chess's FEN (docs/notation.md).

A position has three parts separated by ``" | "``:

```text
my-house 2 s7 m1:0-0:0-0 | h1 0-0 0-0 @0 1E.7E.3B/4C.5C.6O t- | 0:truco,1:quiero
```

1. **header**: the variant name (with changed options as compact JSON right after it, spaces
   written ``%20``), the seat count, the deal source (``s<seed>``, ``d<deal>/<deal>`` with the
   cards of each deal joined by ``.``, or ``-``: every deal is a chance node) and the start
   (``m<mano>:<scores>:<chicos>``, figures joined by ``-``);
2. **board**: hand number, score, chicos, who acts (``@<seat>``, ``@chance``, ``@over``), the
   cards every seat holds (hidden ones included: it is the *full* position) joined by ``.``,
   seats separated by ``/``, and the turned card (``t-`` for none);
3. **moves**: every action so far, ``SEAT:TEXT`` with ``_`` for spaces (a chance deal is
   ``deal_7E``), separated by ``,``; ``-`` for none.

:meth:`Match.from_position` replays the moves from the header and checks that the board it
reaches is the board written, so a position rebuilds an equal match. Any malformed or
inconsistent text is a :class:`~truco_rules.core.errors.ParseError`.

```pycon
>>> import truco_rules as tr
>>> v = tr.get_variant("default").derive("my-house", "the default rules, my name")
>>> m = v.new_match(2, seed=7)
>>> m.apply("truco", 0)
>>> m.apply("quiero", 1)
>>> m.position()     # an unregistered variant writes every option: elided here
'my-house{...} 2 s7 m0:0-0:0-0 | h1 0-0 0-0 @0 5C.1E.2B/11O.1C.2E t- | 0:truco,1:quiero'
>>> tr.Match.from_position(m.position(), v) == m
True
>>> tr.Match.from_position("my-house 2 s7 m0:0-0:0-0 | h1 0-0 0-0 @1 - t- | -", v)
Traceback (most recent call last):
...
truco_rules.core.errors.ParseError: ...

```
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ..core.actions import DEAL
from ..core.cards import Card
from ..core.errors import ParseError, ParseErrorType, shown
from ..rules.registry import recorded_options
from .records import FORMAT, distinct_keys

if TYPE_CHECKING:
    from ..game.state import MatchState

__all__ = ["board_text", "format_position", "parse_position"]

_SEP = " | "
_CHANCE, _TERMINAL = -1, -2
_NAME = re.compile(r"^([^\W_][\w-]*(?:@[^\W_][\w-]*)?)(\{.*\})?$")
"""The variant field: a name (letters, digits and '-', as the registry takes them, any
alphabet's), an optional ``@preset``, optional JSON options."""
_DIGITS = r"[0-9]{1,20}"
"""A number in the header: ASCII digits, at most 20 (a seed below 2**64 has 20)."""
_NUMBER = re.compile(_DIGITS)
_SEEDED = re.compile(f"s({_DIGITS})(?:v([0-9]{{1,3}}))?")
"""A seeded deal source: ``s<seed>`` (derivation 1) or ``s<seed>v<derivation>``."""
_FIGURES = rf"{_DIGITS}(?:-{_DIGITS})+"
_START = re.compile(rf"m({_DIGITS}):({_FIGURES}):({_FIGURES})")


def _figures(values: Any) -> str:
    return "-".join(str(int(v)) for v in values)


def _cards(cards: Any, fmt: Any) -> str:
    return ".".join(fmt(c) for c in cards) or "-"


def board_text(match: MatchState) -> str:
    """The board part of ``match``'s position."""
    fmt = match.variant.format_card
    player = match.current_player()
    who = "@chance" if player == _CHANCE else "@over" if player == _TERMINAL else f"@{player}"
    held: list[tuple[Card, ...]]
    if match.hand is not None:
        held = [
            tuple(c for c in match.hand.cards[s] if c != match.hand.under[s])
            if match.hand.pos[s] >= 0
            else tuple(match._dealt[s])
            for s in range(match.seats)
        ]
    elif match._discarding:
        held = [tuple(d) for d in match._dealt]
    else:
        held = [() for _ in range(match.seats)]
    scores = match.player_scores if match.player_scores is not None else match.scores
    chicos = match.player_chicos if match.player_chicos is not None else match.chicos
    turned = "t-" if match.turned is None or match.hand is None else "t" + fmt(match.turned)
    return " ".join(
        [
            f"h{match.hand_no + 1}",
            _figures(scores),
            _figures(chicos),
            who,
            "/".join(_cards(h, fmt) for h in held),
            turned,
        ]
    )


def format_position(match: MatchState) -> str:
    """The position string of ``match``."""
    v = match.variant
    fmt = v.format_card
    name = v.name
    opts = recorded_options(v)
    if opts:
        name += json.dumps(opts, separators=(",", ":"), sort_keys=True).replace(" ", "%20")
    if match.seed is not None:  # derivation 1 has no suffix: positions written before it
        source = f"s{match.seed}" + (f"v{match.derivation}" if match.derivation != 1 else "")
    elif match.deals is not None:
        source = "d" + "/".join(_cards(d, fmt) for d in match.deals)
    else:
        source = "-"
    st = match.start
    start = f"m{st['mano']}:{_figures(st['scores'])}:{_figures(st['chicos'])}"
    header = " ".join([name, str(match.seats), source, start])
    moves = [
        (v.format_action(a) if s == _CHANCE and a.verb == DEAL else f"{s}:{v.format_action(a)}")
        for s, a in match.actions
    ]
    text = ",".join(m.replace(" ", "_") for m in moves) or "-"
    return _SEP.join([header, board_text(match), text])


def parse_position(text: str) -> tuple[dict[str, Any], str]:
    """Split a position into a game record (for replay) and its board text.

    Raises :class:`~truco_rules.core.errors.ParseError` naming the part that is malformed, whatever
    the text holds (10 MB, deep JSON, 5,000-digit numbers: every number in the header has at
    most 20 digits); :class:`~truco_rules.core.errors.ParseErrorType` for a ``text`` that is not a
    ``str``. Whether the moves replay, and to the board written, is for the caller to check.
    """
    if not isinstance(text, str):
        raise ParseErrorType("position", "a str", text)
    parts = text.strip().split(_SEP)
    if len(parts) != 3:
        raise ParseError(
            "a position has three parts separated by ' | ' (header | board | moves), "
            f"got {len(parts)}: {shown(text)}"
        )
    header, board, moves = (p.strip() for p in parts)
    fields = header.split()
    if len(fields) != 4:
        raise ParseError(
            f"the header is 'VARIANT SEATS SOURCE START' (4 fields), got {shown(header)}"
        )
    name_field, seats_field, source, start = fields
    m = _NAME.match(name_field)
    if m is None or m.group(1) != m.group(1).lower():
        raise ParseError(
            f"bad variant field {shown(name_field)}: a name, optionally with JSON options"
        )
    options: dict[str, Any] = {}
    if m.group(2):
        try:
            raw = json.loads(m.group(2).replace("%20", " "), object_pairs_hook=distinct_keys)
        except (ValueError, RecursionError) as exc:  # also numbers past the str limit
            raise ParseError(f"bad options JSON in {shown(name_field)}: {exc}") from None
        if not isinstance(raw, dict):
            raise ParseError(f"options must be a JSON object: {shown(name_field)}")
        options = raw
    if _NUMBER.fullmatch(seats_field) is None:
        raise ParseError(f"the seat count must be a number, not {shown(seats_field)}")
    seed: int | None = None
    derivation = 1
    deals: list[str] | None = None
    seeded = _SEEDED.fullmatch(source)
    if seeded is not None:
        seed = int(seeded.group(1))
        if seeded.group(2) is not None:
            derivation = int(seeded.group(2))
    elif source.startswith("d") and len(source) > 1:
        deals = [d.replace(".", " ") for d in source[1:].split("/")]
    elif source != "-":
        raise ParseError(
            f"the deal source is s<seed>, s<seed>v<derivation>, d<cards>/<cards> or '-', "
            f"not {shown(source)}"
        )
    sm = _START.fullmatch(start)
    if sm is None:
        raise ParseError(
            f"the start is m<mano>:<scores>:<chicos>, e.g. m0:0-0:0-0, not {shown(start)}"
        )
    actions = [] if moves == "-" else [a.replace("_", " ") for a in moves.split(",")]
    if any(not a.strip() for a in actions):
        raise ParseError(f"an empty move in {shown(moves)}")
    record = {
        "format": FORMAT,
        "variant": m.group(1),
        "options": options,
        "seats": int(seats_field),
        "seed": seed,
        "deals": deals,
        "start": {
            "mano": int(sm.group(1)),
            "scores": [int(x) for x in sm.group(2).split("-")],
            "chicos": [int(x) for x in sm.group(3).split("-")],
        },
        "actions": actions,
    }
    if seed is not None and derivation != 1:
        record["derivation"] = derivation
    return record, " ".join(board.split())
