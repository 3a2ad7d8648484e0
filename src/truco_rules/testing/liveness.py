"""Options a package can trust: every option of a variant changes play for each choice.

:func:`check_options_live` searches, for every option of a variant (a built-in one or a
package's) and every value it may take besides the variant's own, a game on which the two
settings play apart: the legal actions of a seat, the seat to act, a contest's points or how it
ended, the score, the result, or what a seat observes. The search is bounded (``examples``
games of up to :data:`ACTIONS` actions per value) and deterministic; an option for which it
finds nothing is named, with the value, in the :class:`AssertionError` it raises. A package
that ships an option its hooks ignore (an overridden method that no longer reads it) fails:

```python
from truco_rules import get_variant
from truco_rules.testing import check_options_live

def test_my_options_do_something():
    check_options_live(get_variant("my-house"))
```

Both settings play the same actions in lockstep, chosen from the first one's legal actions by
a seeded random policy that prefers bets and answers to cards and rarely goes to the deck. The
search varies the seat count, the start scores (biased to the malas/buenas boundary and the
target), the first deals (biased to hands with several cards of a suit, for envido and flor),
the mano and the other options, since some options only matter in a context: ``hints`` (by
default :data:`DEFAULT_HINTS`, the kernel options' contexts) say which.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from ..core.actions import PLAY, Action
from ..core.arguments import in_range
from ..core.cards import Card
from ..core.errors import InvalidOption, InvalidType
from ..match import Match
from ..rules.variant import Variant
from .liveness_hints import DEFAULT_HINTS, NO_EFFECT, check_hints
from .strategies import (
    checked_option_names,
    deals,
    legal_moves,
    option_values,
    score_width,
    start_scores,
)

__all__ = [
    "ACTIONS",
    "DEFAULT_HINTS",
    "EXAMPLES",
    "NO_EFFECT",
    "alternatives",
    "check_options_live",
    "contexts",
    "dead_options",
    "differs",
    "find_difference",
    "first_difference",
]

EXAMPLES = 300
"""Most games tried per (option, alternative) before the option is declared dead."""
ACTIONS = 60
"""Most actions of one game."""


def alternatives(v: Variant, name: str) -> list[Any]:
    """The values to compare with ``v``'s own: the other choices, or for an option checked
    by a predicate (``target``, ``chicos_to_win``, a cutoff that may be ``None``) nearby
    valid integers and ``None`` when allowed."""
    info = v.option_info()[name]
    value = info["value"]
    if info["choices"]:
        return [c for c in info["choices"] if c != value]
    candidates: list[Any] = []
    if type(value) is int and value == 0:
        candidates += [10]  # a threshold off by default (pica_pica_start): one that bites
    elif type(value) is int:
        candidates += [max(1, value // 2), value + 1, None]
    elif value is None:
        candidates += [1, 5]
    out: list[Any] = []
    for cand in candidates:
        if cand == value or cand in out:
            continue
        try:
            v.with_options(**{name: cand})
        except InvalidOption:
            continue
        out.append(cand)
    return out


Style = tuple[float, float, float, tuple[float, float, float]]
"""Weights of a call or answer, of a card face down, of going to the deck, and of a card as
strong as one face up in the trick (in the contest's ranking, a turned card's pieces
included) in tricks 1, 2 and 3 (any other card face up weighs 1)."""

STYLES: dict[str, Style] = {
    "bets": (3.0, 0.5, 0.1, (1.0, 1.0, 1.0)),
    "cards": (0.2, 1.0, 0.0, (1.0, 1.0, 1.0)),
    "ties": (0.0, 0.5, 0.0, (20.0, 20.0, 20.0)),
    "late-ties": (0.0, 0.2, 0.0, (0.1, 20.0, 20.0)),
    "last-tie": (0.0, 0.2, 0.0, (0.1, 0.1, 20.0)),
    "deck": (1.0, 1.0, 4.0, (1.0, 1.0, 1.0)),
}


def policy(
    m: Match, rng: random.Random, style: Style
) -> Callable[[list[tuple[int, Action]]], tuple[int, Action]]:
    """A random choice among the legal moves of ``m``, weighted by ``style``."""
    bets, down, deck, ties = style

    def choose(moves: list[tuple[int, Action]]) -> tuple[int, Action]:
        hand = m.hand
        on_table = getattr(hand, "trick_plays", ()) if hand is not None else ()
        strength = getattr(hand, "strength", None)
        faceup = [p[1] for p in on_table if isinstance(p[1], Card) and not p[2]]
        # a card that ties one on the table: of its strength in this contest (a turned card
        # makes some cards of a rank stronger than the others), else of its rank
        ranks = {strength[c.index] for c in faceup} if strength else {c.rank for c in faceup}
        tie = ties[min(2, getattr(hand, "trick_no", 0))]
        weights = []
        for _s, act in moves:
            if act.verb == "mazo":
                w = deck
            elif act.verb != PLAY:
                w = bets
            elif act.down:
                w = 0.0 if not ranks and tie > 1.0 else down  # lead face up: others can tie
            else:
                card = act.card
                level = None if card is None else strength[card.index] if strength else card.rank
                w = tie if level is not None and level in ranks else 1.0
            weights.append(w)
        if not any(weights):
            return moves[rng.randrange(len(moves))]
        return rng.choices(moves, weights=weights)[0]

    return choose


def first_difference(
    a: Match,
    b: Match,
    choose: Callable[[list[tuple[int, Action]]], tuple[int, Action]],
    hands: int,
) -> str | None:
    """Play ``a`` and ``b`` in lockstep (``choose`` picks among ``a``'s legal moves) for up to
    ``hands`` contests; the first way their outcomes differ, or ``None``."""
    for _ in range(ACTIONS):
        moves = legal_moves(a, True)
        why = _same_state(a, b, moves)
        if why or a.is_over():
            return why
        seat, act = choose(moves)
        a.apply(act, seat)
        b.apply(act, seat)
        for x, y in zip(a.history, b.history, strict=False):
            if (x.points, x.events, x.winner, x.end_reason) != (
                y.points,
                y.events,
                y.winner,
                y.end_reason,
            ):
                return f"contest {x.hand_no}: {x.events} / {y.events}"
        if len(a.history) != len(b.history):
            return "contests ended at different times"
        if (a.score, a.chicos) != (b.score, b.chicos):
            return f"score: {a.score} / {b.score}"
        if len(a.history) >= hands:
            break
    why = _same_state(a, b, legal_moves(a, True))
    if why:
        return why
    for seat in range(a.seats):
        if a.observation(seat).to_dict() != b.observation(seat).to_dict():
            return f"observation of seat {seat}"
    return None


def _same_state(a: Match, b: Match, moves: list[tuple[int, Action]]) -> str | None:
    if a.is_over() != b.is_over() or a.winner() != b.winner():
        return f"result: over {a.is_over()} / {b.is_over()}, winner {a.winner()} / {b.winner()}"
    if a.current_player() != b.current_player():
        return f"seat to act: {a.current_player()} / {b.current_player()}"
    if moves != legal_moves(b, True):
        return "legal actions"
    return None


def _scores(v: Variant, seats: int, kind: str | None = None) -> st.SearchStrategy[tuple[int, ...]]:
    """Start scores: the kit's, or just below (or above) any integer option's distance to
    the target (a cutoff such as ``pica_pica_cutoff`` counts from the target); ``kind``
    ``"malas"`` or ``"high"`` as in :data:`DEFAULT_HINTS`."""
    t = v.match.target
    if kind is not None and score_width(v, seats) == 2:
        top = max(1, v.match.buenas_threshold if v.match.split else t // 2)
        low, high = (0, top - 1) if kind == "malas" else (max(0, t - 6), t - 1)
        pair = st.tuples(st.integers(low, high), st.integers(low, high))
        return pair.filter(lambda p: p[0] != p[1]) if high > low else pair
    near = set()
    for value in v.options().values():
        if type(value) is int:
            near |= {t - value - 1, t - value, t - value + 1, value - 1, value, value + 1}
    near = {x for x in near if 0 <= x < t}
    width = score_width(v, seats)
    if width != 2 or not near:
        return start_scores(v, seats) if width == 2 else st.just((0, 0))
    one = st.sampled_from(sorted(near))
    return st.one_of(start_scores(v, seats), st.tuples(one, one))


KINDS: dict[str, tuple[str | None, str]] = {
    # kind of game: (bias of the first deals, playing style)
    "bets": (None, "bets"),
    "flor": ("suits", "bets"),
    "ties": ("ranks", "ties"),
    "late-ties": ("ranks", "late-ties"),
    "last-tie": ("ranks", "last-tie"),
    "cards": ("ranks", "cards"),
    "deck": (None, "deck"),
}


@st.composite
def contexts(
    draw: st.DrawFn,
    v: Variant,
    name: str,
    alt: Any,
    hints: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """A game to try: its kind (deals and playing style), seats, options around the tested
    one, start scores and chicos; ``hints`` (default :data:`DEFAULT_HINTS`) as there."""
    hint = (DEFAULT_HINTS if hints is None else hints).get(name, {})
    kind = draw(st.sampled_from(hint.get("kinds", sorted(KINDS))))
    bias, style = KINDS[kind]
    forced = {k: x for k, x in hint.get("options", {}).items() if k in v.option_info()}
    context = {**draw(option_values(v, exclude=[name, *forced])), **forced}
    base = v.with_options(**context)
    other = base.with_options(**{name: alt})
    seats_hint = [n for n in hint.get("seats", ()) if n in base.seat_counts]
    seats = draw(st.sampled_from(seats_hint or base.seat_counts))
    low = base if base.match.target <= other.match.target else other
    need = min(base.match.chicos_to_win, other.match.chicos_to_win)
    source: dict[str, Any]
    if set(base.deck.cards) == set(other.deck.cards):
        first = st.lists(deals(variant=base, bias=bias, seats=seats), min_size=1, max_size=3)
        source = {"deals": draw(first), "mano": draw(st.integers(0, seats - 1))}
    else:
        source = {"seed": draw(st.integers(0, 2**31 - 1))}
    chicos = draw(st.sampled_from([(0, 0), (need - 1, need - 1), (need - 1, 0)]))
    if score_width(low, seats) != 2:
        chicos = (0, 0)
    return {
        "kind": kind,
        "options": context,
        "seats": seats,
        "start": {
            "scores": draw(_scores(low, seats, hint.get("scores"))),
            "chicos": chicos,
            **source,
        },
        "style": STYLES[style],
        "rng": draw(st.integers(0, 2**32 - 1)),
        "hands": hint.get("hands") or draw(st.integers(1, 2)),
    }


def differs(v: Variant, name: str, alt: Any, ctx: Mapping[str, Any]) -> str | None:
    """How the game ``ctx`` (drawn by :func:`contexts`) plays apart with ``name=alt``, or
    ``None`` if it plays alike."""
    base = v.with_options(**ctx["options"])
    other = base.with_options(**{name: alt})
    a = base.new_match(ctx["seats"], **ctx["start"])
    b = other.new_match(ctx["seats"], **ctx["start"])
    choose = policy(a, random.Random(ctx["rng"]), ctx["style"])
    return first_difference(a, b, choose, ctx["hands"])


def _search(examples: int) -> settings:
    return settings(
        max_examples=examples,
        phases=[Phase.generate],
        database=None,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


def find_difference(
    v: Variant,
    option: str,
    alt: Any,
    *,
    hints: Mapping[str, Mapping[str, Any]] | None = None,
    examples: int = EXAMPLES,
) -> dict[str, Any] | None:
    """A game (as :func:`contexts` draws it) on which ``v`` and ``v`` with ``option=alt`` play
    apart, found within ``examples`` games; ``None`` if none was. Deterministic: the same
    arguments search the same games. The arguments are checked as :func:`dead_options`
    checks its own (``option`` one name of ``v``)."""
    _checked(v, (option,), examples, hints)
    try:
        return find(
            contexts(v, option, alt, hints),
            lambda c: differs(v, option, alt, c) is not None,
            settings=_search(examples),
        )
    except NoSuchExample:
        return None


def _checked(
    v: object, options: object, examples: object, hints: object = None, skip: object = None
) -> list[str]:
    """The option names to search, after the arguments of :func:`dead_options` are checked:
    :class:`~truco_rules.core.errors.InvalidType` for no Variant, ``options`` given as one
    text (not a collection of names) or holding no text, ``examples`` not an int,
    ``hints`` not a mapping of option names to mappings, ``skip`` not a mapping;
    :class:`~truco_rules.core.errors.UnknownOption` for a name the variant lacks;
    :class:`~truco_rules.core.errors.ParseError` for fewer than one example."""
    if not isinstance(v, Variant):
        raise InvalidType("v", "a Variant", v)
    in_range(examples, "examples", 1, 10**6)
    check_hints(hints, KINDS)
    if skip is not None and not isinstance(skip, Mapping):
        raise InvalidType("skip", "None or a mapping of option names to reasons", skip)
    if options is None:
        return list(v.option_info())
    return checked_option_names("options", options, v)


def dead_options(
    v: Variant,
    *,
    options: Iterable[str] | None = None,
    skip: Mapping[str, str] | None = None,
    hints: Mapping[str, Mapping[str, Any]] | None = None,
    examples: int = EXAMPLES,
) -> list[tuple[str, Any]]:
    """Every ``(option, value)`` of ``v`` (of ``options`` only, if given) that no game of the
    search tells from the variant's own value; ``skip`` (and :data:`NO_EFFECT`) name options
    that are not searched, each with the reason. An option with no choices and no integer or
    ``None`` value to vary is reported with the value ``...``."""
    names = _checked(v, options, examples, hints, skip)
    skipped = {**NO_EFFECT, **(skip or {})}
    dead: list[tuple[str, Any]] = []
    for name in names:
        if name in skipped:
            continue
        alts = alternatives(v, name)
        if not alts:
            dead.append((name, ...))
        dead += [
            (name, alt)
            for alt in alts
            if find_difference(v, name, alt, hints=hints, examples=examples) is None
        ]
    return dead


def check_options_live(
    v: Variant,
    *,
    options: Iterable[str] | None = None,
    skip: Mapping[str, str] | None = None,
    hints: Mapping[str, Mapping[str, Any]] | None = None,
    examples: int = EXAMPLES,
) -> None:
    """Raise :class:`AssertionError` naming every option of ``v`` that does not change play
    for one of its values (see :func:`dead_options` for the arguments): an option the
    variant's hooks ignore, one that needs a context the search does not reach (give it in
    ``hints``), or a cosmetic one (name it in ``skip`` with the reason)."""
    dead = dead_options(v, options=options, skip=skip, hints=hints, examples=examples)
    if dead:
        listed = "; ".join(f"{n} (no value to vary)" if a is ... else f"{n}={a!r}" for n, a in dead)
        raise AssertionError(
            f"{v.name}: no game of {examples} tells these options from the variant's own "
            f"value: {listed}. An option its hooks ignore does nothing; one that needs a "
            "context goes in hints=, a cosmetic one in skip= with the reason"
        )
