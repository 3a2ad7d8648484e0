"""Rule sets side by side: an N-way table of rules in plain words, grouped by concern.

:func:`compare_table` reads each variant through its public hooks (the ranking, the trick
rule, the ladder, the side bets, the special hands, the match rule and every option with its
documentation) and returns a :class:`~truco_rules.describe.render.Grid`: one row per rule, with the
RULES section it comes from and one cell per variant, each a value in words. Rows where every
variant agrees are left out unless ``show_all``. :func:`rule_sheet` is the same for one
variant, every row shown. Render either with :func:`truco_rules.describe.render.render`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..core.errors import InvalidType, ParseError
from ..rules.registry import get_variant
from ..rules.sheet import bet_settings
from ..rules.table import DealContext, DealPlan
from ..rules.variant import HOOK_SLOTS, Variant
from .render import Grid, Section
from .rule_words import (
    deal_format,
    facedown_words,
    ladder_words,
    ranking_words,
    special_card_words,
    tie_pattern,
    turned_card_words,
    variant_label,
    words,
)

__all__ = ["CONCERNS", "compare_table", "rule_sheet"]

CONCERNS: tuple[str, ...] = (
    "Deck and ranking",
    "Table and seats",
    "Tricks and ties",
    "The main bet",
    "Side bets",
    "Special hands",
    "Match and scoring",
)
"""The sections of a rule table, in order."""

_SLOT_CONCERN = {
    "deck": 0,
    "ranking": 0,
    "table": 1,
    "tricks": 2,
    "ladder": 3,
    "envido": 4,
    "flor": 4,
    "special": 5,
    "match": 6,
}

Getter = Callable[[Variant], str]


@attrs.frozen
class _Rule:
    concern: int
    rule: str
    section: str
    get: Getter
    covers: tuple[str, ...] = ()
    """Options whose effect this row shows (they get no row of their own)."""
    rare: bool = False
    """A row left out, rule sheets included, where no variant has the rule (``none``)."""


def _plans(v: Variant) -> str:
    parts = []
    for n in v.seat_counts:
        ctx = DealContext(n, 0, 0, (0, 0), v.match.target, None)
        first = v.table.plan(ctx)
        second: DealPlan = v.table.plan(attrs.evolve(ctx, hand_no=1, previous=first))
        text = deal_format(first)
        if second.kind != first.kind:
            text += f", then {deal_format(second)}"
        parts.append(f"{n}: {text}")
    return "; ".join(parts)


def _special_hand(v: Variant) -> str:
    sp = v.special
    if sp is None:
        return "none"
    at, target = v.match.target - sp.lacking, v.match.target
    where = f"at {_from(at, target)} of {target}" if at > 0 else f"at any score (target {target})"
    return (
        f"a side {where} decides before playing: declined, the others "
        f"score {sp.decline_value}; played, it is worth {sp.play_value} and nobody calls"
    )


def _iron_hand(v: Variant) -> str:
    sp = v.special
    if sp is None:
        return "none"
    at = v.match.target - sp.lacking
    where = f"at {_from(at, v.match.target)}" if at > 0 else "at any score (every hand)"
    return f"both sides {where}: worth {sp.iron_value} (the winner takes the game), no calls"


def _from(at: int, target: int) -> str:
    """The scores of a special hand: ``10`` or ``10 or 11`` (below ``target``)."""
    top = target - 1
    return str(at) if at == top else f"{at} or {top}" if at + 1 == top else f"{at} to {top}"


def _split(v: Variant) -> str:
    m = v.match
    if not m.split:
        return "no split"
    b = m.buenas_threshold
    return f"malas 0-{b - 1}, buenas from {b}"


def _own_bets(v: Variant) -> str:
    """The side bets a variant adds to the kernel's envido and flor, with their calls and
    their settings (two bets of one name set up otherwise are told apart)."""
    out = []
    for bet in v.side_bets:
        settings = bet_settings(bet)
        more = f"; {settings}" if settings else ""
        out.append(f"{bet.name} (calls: {', '.join(bet.verbs)}{more})")
    return "; ".join(out) or "none"


def _target(v: Variant) -> str:
    n = v.match.chicos_to_win
    return f"{v.match.target} points a game; {n} game{'s win' if n > 1 else ' wins'} the match"


_ROTATION = {
    "with_play": "the next player in play order",
    "against_play": "the previous player (the old pie)",
}


def _rotation(v: Variant) -> str:
    """Where the mano goes after the first deal, read from the table's own ``next_mano`` (a
    table of a package may pass it otherwise than its options say), at the largest of two
    and four seats the variant has; a table that cannot say is described by its option."""
    n = max((c for c in v.seat_counts if c in (2, 4)), default=v.seat_counts[0])
    ctx = DealContext(n, 0, 0, (0, 0), v.match.target, None)
    r = getattr(v.table, "mano_rotation", "with_play")
    try:
        nxt = v.table.next_mano(attrs.evolve(ctx, previous=v.table.plan(ctx)))
    except Exception:  # a table's own rule that needs a real match: its option's words
        return _ROTATION.get(r, words(r))
    if n == 2 and nxt == 1:  # at two seats both ways are the other seat: the option says
        return _ROTATION.get(r, words(r))
    steps = {1 % n: _ROTATION["with_play"], (n - 1) % n: _ROTATION["against_play"]}
    return steps.get(nxt, "the mano stays" if nxt == 0 else f"{nxt} seats on in play order")


_FIRST_DEALER = {"random": "drawn at random", "card_draw": "everyone draws; the highest deals"}


_RULES: tuple[_Rule, ...] = (
    _Rule(0, "Deck", "§0.2", lambda v: f"{v.notation.name} deck, {len(v.deck.cards)} cards"),
    _Rule(
        0,
        "A card turned up after the deal (vira)",
        "§1.1, §5.2",
        turned_card_words,
    ),
    _Rule(0, "Trick ranking, high to low", "§1.2, §2.1, §5.2, §6.1, §7.1", ranking_words),
    _Rule(0, "Cards that rank alone (bravas, manilhas)", "§2.1, §5.2, §6.1", special_card_words),
    _Rule(1, "Seats", "§0.3, §2.2", lambda v: ", ".join(map(str, v.seat_counts))),
    _Rule(1, "How a deal is played, by seats", "§2.12, §7.2", _plans),
    _Rule(
        1,
        "Where the mano goes next",
        "§2.3, §5.3",
        _rotation,
        ("mano_rotation",),
    ),
    _Rule(
        1,
        "First dealer",
        "§2.3, §7.3",
        lambda v: _FIRST_DEALER.get(d := getattr(v.table, "first_dealer", "random"), words(d)),
    ),
    _Rule(2, "Trick 1 won, trick 2 tied", "§1.4", lambda v: tie_pattern(v, (0, -1))),
    _Rule(2, "Trick 1 lost, trick 2 tied", "§1.4", lambda v: tie_pattern(v, (1, -1))),
    _Rule(2, "Won, tied, tied", "§1.4", lambda v: tie_pattern(v, (0, -1, -1))),
    _Rule(2, "Lost, tied, tied", "§1.4", lambda v: tie_pattern(v, (1, -1, -1))),
    _Rule(2, "Won, lost, tied", "§1.4", lambda v: tie_pattern(v, (0, 1, -1))),
    _Rule(2, "Lost, won, tied", "§1.4", lambda v: tie_pattern(v, (1, 0, -1))),
    _Rule(
        2,
        "Three tied tricks",
        "§1.4",
        lambda v: tie_pattern(v, (-1, -1, -1)),
        (
            "second_trick_tie_after_win",
            "third_trick_tie_after_split",
            "third_trick_tie_after_win_tie",
            "all_tricks_tied",
        ),
    ),
    _Rule(
        2,
        "Cards face down (strength 0)",
        "§2.9, §5.5, §6.5",
        facedown_words,
        (
            "facedown_allowed",
            "facedown_allowed_first_trick",
            "facedown_after_tied_trick",
            "facedown_one_per_side",
        ),
    ),
    _Rule(
        2,
        "Trick 2 after a tied first trick",
        "§6.4",
        lambda v: (
            "both remaining cards at once, one face up over one face down"
            if v.tricks.double_play_after_first_tie(False)
            else "one card at a time"
        ),
    ),
    _Rule(3, "Calls, and the hand's worth if accepted", "§1.5", lambda v: ladder_words(v, True)),
    _Rule(3, "A hand without calls is worth", "§1.5", lambda v: str(v.ladder.values[0])),
    _Rule(
        3,
        "A refused call gives the caller",
        "§1.5",
        lambda v: ladder_words(v, False),
    ),
    _Rule(
        3,
        "One player going to the deck",
        "§2.10, §5.6",
        lambda v: (
            "concedes for his whole side"
            if getattr(v.ladder, "mazo_concedes_for_side", False)
            else "leaves alone; his partners play on"
        ),
    ),
    _Rule(4, "Envido", "§2.6", lambda v: "yes" if v.envido is not None else "no"),
    _Rule(4, "Flor", "§2.7", lambda v: "yes" if v.flor is not None else "no"),
    _Rule(4, "The variant's own side bets", "", _own_bets, rare=True),
    _Rule(5, "Hand of 11 (or 10)", "§5.7, §6.6", _special_hand),
    _Rule(5, "Iron hand", "§5.7, §6.6", _iron_hand, ("iron_hand_value",)),
    _Rule(6, "Target", "§2.8.1, §7.6", _target, ("target", "chicos_to_win", "toros_to_win")),
    _Rule(6, "Malas and buenas", "§2.6.4, §2.8.1", _split, ("buenas_from", "malas_buenas_split")),
)


def _sections(source: str) -> list[str]:
    """``RULES §2.6.3, §4 B5 (D9)`` -> ``["§2.6.3", "§4 B5"]``."""
    text = re.sub(r"\([^)]*\)", "", source).replace("RULES", "")
    return [p.strip() for p in text.split(",") if p.strip()]


def _option_label(name: str, doc: str) -> str:
    """An option's rule in words, from its documentation: the clause before the first colon
    or full stop (or the whole first sentence when that clause is only a heading such as
    "3 seats"), with the option's name to change it."""
    text = re.sub(r"\s*\([^)]*\)", "", doc).strip()
    sentence = re.split(r"\.(?:\s|$)", text, maxsplit=1)[0]
    clause = re.split(r":\s|\.(?:\s|$)", text, maxsplit=1)[0]
    words_ = clause if len(clause) >= 12 else sentence
    if " " not in clause or "_" in words_ or len(words_) > 90 or len(words_) < 12:
        return words(name)
    return f"{words_} ({name})"


def _option_rows(
    variants: Sequence[Variant], covered: set[str]
) -> list[tuple[int, str, str, list[str]]]:
    """One row per option not shown by a curated row: (concern, rule, sections, cells)."""
    infos = [v.option_info() for v in variants]
    names: list[str] = []
    homes: dict[str, str] = {}
    docs: dict[str, str] = {}
    for info in infos:
        for name, entry in info.items():
            if name not in names and name not in covered:
                names.append(name)
                homes[name] = entry["hook"]
                docs[name] = entry["doc"]
    rows = []
    for name in sorted(names, key=lambda n: HOOK_SLOTS.index(homes[n])):
        sections: list[str] = []
        cells = []
        for info in infos:
            data: dict[str, Any] | None = info.get(name)
            if data is None:
                cells.append("-")
                continue
            cells.append(words(data["value"]))
            sections += [s for s in _sections(data["source"]) if s not in sections]
        label = _option_label(name, docs.get(name, ""))
        rows.append((_SLOT_CONCERN[homes[name]], label, ", ".join(sections), cells))
    return rows


def compare_table(variants: Sequence[Variant | str], *, show_all: bool = False) -> Grid:
    """The rules of ``variants`` side by side, grouped by concern (:data:`CONCERNS`).

    Columns: ``rule``, ``RULES`` (the section of the rules document), then one per variant.
    Rows where every variant has the same value are left out unless ``show_all``.
    ``variants`` is a list or tuple of one or more (a name alone is no list of them).
    """
    if not isinstance(variants, (list, tuple)):
        raise InvalidType("variants", "a list or tuple of variants or names", variants)
    if not variants:
        raise ParseError("compare_table needs one variant or more")
    if type(show_all) is not bool:
        raise InvalidType("show_all", "True or False", show_all)
    vs = [get_variant(v) for v in variants]
    per_concern: list[list[tuple[str, ...]]] = [[] for _ in CONCERNS]
    covered: set[str] = set()
    for rule in _RULES:
        covered.update(rule.covers)
        cells = [rule.get(v) for v in vs]
        if rule.rare and set(cells) == {"none"}:
            continue
        if show_all or len(set(cells)) > 1:
            per_concern[rule.concern].append((rule.rule, rule.section, *cells))
    for concern, rule_text, section, cells in _option_rows(vs, covered):
        if show_all or len(set(cells)) > 1:
            per_concern[concern].append((rule_text, section, *cells))
    sections = tuple(
        Section(title, tuple(rows))
        for title, rows in zip(CONCERNS, per_concern, strict=True)
        if rows
    )
    title = "Rules compared: " + ", ".join(v.name for v in vs)
    if not show_all:
        title += " (rules that differ)"
    return Grid(
        title,
        ("rule", "RULES", *(variant_label(v) for v in vs)),
        sections,
        (
            "RULES = the section of the rules reference (docs/rules); "
            "'-' = the variant has no such rule.",
        ),
    )


def rule_sheet(variant: Variant | str) -> Grid:
    """Every rule of one variant, grouped by concern: a one-column :func:`compare_table`."""
    v = get_variant(variant)
    grid = compare_table([v], show_all=True)
    aliases = f" (also: {', '.join(v.aliases)})" if v.aliases else ""
    title = f"{v.name}{aliases}: {v.description}"
    changed = v.non_default_options()
    if changed and v._registered() is not None:  # the description is of the defaults
        ref = get_variant(v.name).options()
        with_ = ", ".join(f"{k}={words(x)} (default {words(ref[k])})" for k, x in changed.items())
        title = f"{v.name} with {with_}{aliases}. By default: {v.description}"
    base = v.name.partition("@")[0]
    presets = tuple(
        f"preset {base}@{p.name}: {p.description or 'no description'}"
        + (f" ({p.source})" if p.source else "")
        for p in v.presets().values()
    )
    return attrs.evolve(
        grid,
        title=title,
        columns=("rule", "RULES", "value"),
        notes=(*grid.notes, *presets),
    )
