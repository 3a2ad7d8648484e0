"""Perft: counting the legal action sequences of a seeded match, and the perft files.

As in chess programming, ``perft(m, d)`` is the number of distinct sequences of ``d`` actions
that can be applied one after the other from ``m``. Each step may be any ``(seat, action)``
pair that is legal for that seat at that moment: the seat to act's actions and those of seats
that may act out of turn (a partner answering a call, an out-of-turn truco), so the counts pin
down the whole legality of the rules. A sequence that reaches the end of the match before ``d``
actions is not counted at depth ``d``. Deals come from a seed, so there are no chance nodes.

A perft file (``tests/data/<variant>.perft``) holds records separated by blank lines; ``#``
starts a comment line:

```text
id my-variant-2p-s1
variant my-variant
seats 2
seed 1
options {}
perft 1 15
perft 2 121
```

``options`` is a JSON object of the options changed from the registered variant's. The counts
are regenerated with ``truco-rules perft --write tests/data`` and checked by
``tests/kernel/test_perft.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..core.arguments import in_range
from ..core.errors import InvalidType, ParseError, shown
from ..match import CHANCE, Match, checked_match
from ..rules.registry import get_variant
from ..rules.variant import Variant

__all__ = [
    "DEPTH_LIMIT",
    "LEAF_BUDGET",
    "MAX_DEPTH",
    "PerftRecord",
    "alternative_options",
    "divide",
    "format_perft",
    "generate",
    "parse_perft",
    "perft",
    "perft_counts",
]

LEAF_BUDGET = 20_000
"""Generated records go as deep as they can while the deepest count stays within this."""
MAX_DEPTH = 6
"""Generated records never go deeper than this."""
SEEDS: tuple[int, ...] = (1, 2)
"""Seeds of the generated records with the variant's own options."""
ALT_SEED = 3
"""Seed of the generated record with :func:`alternative_options`."""


def _moves(m: Match) -> list[tuple[int, Any]]:
    if m.is_over():
        return []
    if m.is_chance_node():  # a card to deal: the chance seat's deal actions
        return [(CHANCE, a) for a in m.legal_actions()]
    return [(s, a) for s in range(m.seats) for a in m.legal_actions(s)]


DEPTH_LIMIT = 64
"""The deepest count :func:`perft_counts` takes (a record's: :data:`MAX_DEPTH`): far past
any tree this side of the heat death of the universe."""


def _depth(depth: object, low: int) -> int:
    return in_range(depth, "depth", low, DEPTH_LIMIT)


def perft_counts(m: Match, depth: int) -> list[int]:
    """``[perft(m, 1), ..., perft(m, depth)]`` in one walk of the tree (``m`` is unchanged).
    ``depth`` is an int from 0 (:class:`~truco_rules.core.errors.ParseError` below it,
    :class:`~truco_rules.core.errors.InvalidType` for no int)."""
    depth = _depth(depth, 0)
    checked_match("m", m)
    counts = [0] * depth

    def walk(state: Match, d: int) -> None:
        for seat, act in _moves(state):
            counts[d] += 1
            if d + 1 < depth:
                child = state.copy()
                child.apply(act, seat)
                walk(child, d + 1)

    if depth > 0:
        walk(m, 0)
    return counts


def perft(m: Match, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``m`` (1 at depth 0)."""
    if _depth(depth, 0) == 0:
        checked_match("m", m)
        return 1
    return perft_counts(m, depth)[-1]


def divide(m: Match, depth: int) -> list[tuple[str, int]]:
    """Per first step (``SEAT:TEXT``), the number of sequences of length ``depth`` (an int
    from 1) it starts."""
    depth = _depth(depth, 1)
    checked_match("m", m)
    out = []
    for seat, act in _moves(m):
        child = m.copy()
        child.apply(act, seat)
        out.append((f"{seat}:{m.variant.format_action(act)}", perft(child, depth - 1)))
    return out


@attrs.frozen
class PerftRecord:
    """One perft record: a seeded match and its counts at depths 1, 2, ..."""

    id: str
    variant: str
    seats: int
    seed: int
    options: Mapping[str, Any] = attrs.field(factory=dict)
    counts: tuple[int, ...] = ()

    def match(self) -> Match:
        """The record's starting state."""
        v = get_variant(self.variant, dict(self.options))
        return Match(v, self.seats, seed=self.seed)

    def recompute(self) -> PerftRecord:
        """The same record with counts computed now, to the same depth."""
        return attrs.evolve(self, counts=tuple(perft_counts(self.match(), len(self.counts))))


def format_perft(records: Iterable[PerftRecord], header: str = "") -> str:
    """The text of a perft file."""
    parts = []
    if header:
        parts.append("\n".join(f"# {line}".rstrip() for line in header.splitlines()))
    for r in records:
        lines = [
            f"id {r.id}",
            f"variant {r.variant}",
            f"seats {r.seats}",
            f"seed {r.seed}",
            f"options {json.dumps(dict(r.options), sort_keys=True)}",
        ]
        lines += [f"perft {d} {n}" for d, n in enumerate(r.counts, 1)]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def parse_perft(text: str) -> list[PerftRecord]:
    """Parse a perft file (raises :class:`~truco_rules.core.errors.ParseError`)."""
    records: list[PerftRecord] = []
    fields: dict[str, Any] = {}
    counts: list[int] = []

    def flush(line_no: int) -> None:
        if not fields and not counts:
            return
        missing = [k for k in ("id", "variant", "seats", "seed") if k not in fields]
        if missing:
            raise ParseError(f"perft record ending at line {line_no} lacks {', '.join(missing)}")
        records.append(PerftRecord(counts=tuple(counts), **fields))
        fields.clear()
        counts.clear()

    if not isinstance(text, str):
        raise InvalidType("text", "a str", text)
    lines = text.splitlines()
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            flush(no)
            continue
        key, _, value = line.partition(" ")
        try:
            if key in ("id", "variant"):
                fields[key] = value.strip()
            elif key in ("seats", "seed"):
                fields[key] = int(value)
            elif key == "options":
                opts = json.loads(value)
                if not isinstance(opts, dict):
                    raise ValueError("options must be a JSON object")
                fields["options"] = opts
            elif key == "perft":
                d, n = value.split()
                if int(d) != len(counts) + 1:
                    raise ValueError(f"expected depth {len(counts) + 1}, got {d}")
                counts.append(int(n))
            else:
                raise ValueError(f"unknown key {key!r}")
        except (ValueError, RecursionError) as exc:  # RecursionError: JSON nested too deep
            raise ParseError(f"perft line {no}: {shown(str(exc))}: {shown(raw)}") from None
    flush(len(lines) + 1)
    return records


def alternative_options(variant: Variant) -> dict[str, Any]:
    """Every option that has a list of choices set to its last choice other than the
    variant's own value (a deterministic, far-from-default rule set for perft)."""
    out: dict[str, Any] = {}
    for name, info in variant.option_info().items():
        others = [c for c in info["choices"] or () if c != info["value"]]
        if others:
            out[name] = others[-1]
    return out


def _deepest(m: Match, budget: int, max_depth: int) -> list[int]:
    counts: list[int] = []
    for depth in range(1, max_depth + 1):
        trial = perft_counts(m, depth)
        if trial[-1] > budget and counts:
            break
        counts = trial
        if trial[-1] == 0 or trial[-1] > budget:
            break
    return counts


def generate(
    variant: str | Variant,
    *,
    seeds: Sequence[int] = SEEDS,
    alt_seed: int | None = ALT_SEED,
    budget: int = LEAF_BUDGET,
    max_depth: int = MAX_DEPTH,
) -> list[PerftRecord]:
    """Perft records for every seat count of ``variant``: one per seed with its own options,
    and one with :func:`alternative_options` (seed ``alt_seed``), each as deep as ``budget``
    leaves allow (at most ``max_depth``). A :class:`Variant` given with options keeps them
    (recorded as they differ from the variant registered under its name)."""
    v = get_variant(variant)
    budget = in_range(budget, "budget", 1, 10**12)
    max_depth = _depth(max_depth, 1)
    if alt_seed is not None:
        alt_seed = in_range(alt_seed, "alt_seed", 0, 2**64 - 1)
    own = v.non_default_options()
    out = []
    for seats in v.seat_counts:
        plan: list[tuple[str, int, dict[str, Any]]] = [
            (f"{v.name}-{seats}p-s{seed}", seed, dict(own)) for seed in seeds
        ]
        if alt_seed is not None:
            alt = {**own, **alternative_options(v)}
            plan.append((f"{v.name}-{seats}p-s{alt_seed}-alt", alt_seed, alt))
        for rid, seed, opts in plan:
            rec = PerftRecord(rid, v.name, seats, seed, opts)
            counts = _deepest(rec.match(), budget, max_depth)
            out.append(attrs.evolve(rec, counts=tuple(counts)))
    return out
