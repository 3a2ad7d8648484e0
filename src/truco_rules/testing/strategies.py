"""Hypothesis strategies for cards, deals, variants, options, actions and matches (the
strategies of cards and card orders live in :mod:`.card_strategies`, and are here too).

Every strategy that builds a match draws only explicit seeds, card orders and choices among the
legal actions, so a failing example shrinks to a small record that replays it
(``m.to_json()``). Strategies that take a ``variant`` accept a registered name, an alias or a
:class:`~truco_rules.Variant` object (registered or not); ``None`` draws one of the registered
variants, so variants installed later are covered without changing a test.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from ..core.actions import BASE_VERBS, Action
from ..core.arguments import in_range, integer
from ..core.cards import Card
from ..core.errors import InvalidType, TrucoError, UnknownOption
from ..match import CHANCE, Match, checked_match
from ..rules.registry import get_variant, variant_names
from ..rules.variant import Variant
from .card_strategies import VariantLike, _variant, cards, deals, hands

__all__ = [
    "TARGETS",
    "Playout",
    "actions",
    "cards",
    "deals",
    "hands",
    "legal_moves",
    "matches",
    "option_values",
    "play_random",
    "playouts",
    "score_width",
    "seat_counts",
    "start_scores",
    "variants",
    "vocabulary",
]

TARGETS: tuple[int, ...] = (15, 18, 24, 30, 40)
"""Targets drawn for the ``target`` option (RULES §2.8.1)."""

# ------------------------------------------------------------------------------ variants, options
def option_values(
    variant: VariantLike,
    *,
    names: Sequence[str] | None = None,
    exclude: Sequence[str] = (),
) -> st.SearchStrategy[dict[str, Any]]:
    """Option dictionaries for ``variant``: each option (of ``names``, default all, minus
    ``exclude``) either left alone or set to one of its allowed values. A name in ``names``
    that the variant lacks is an UnknownOption; ``exclude`` may name any option.

    Options with a list of choices draw from it; ``target`` draws from :data:`TARGETS` and
    ``chicos_to_win`` from 1 to 3; any other option checked by a predicate is left alone.
    """
    variant = _variant(variant)
    parts: dict[str, st.SearchStrategy[Any]] = {}
    known = variant.option_info()
    wanted = set(known if names is None else checked_option_names("names", names, variant))
    wanted -= set(checked_option_names("exclude", exclude, None))  # another variant's: no matter
    for name, info in variant.option_info().items():
        if name not in wanted:
            continue
        if info["choices"]:
            parts[name] = st.sampled_from(info["choices"])
        elif name == "target":
            parts[name] = st.sampled_from(TARGETS)
        elif name == "chicos_to_win":
            parts[name] = st.integers(1, 3)
    return st.fixed_dictionaries({}, optional=parts)


def checked_option_names(argument: str, names: object, variant: Variant | None) -> list[str]:
    """``names``, a collection of option names: InvalidType for one text or anything but
    names; with a ``variant``, UnknownOption for a name it lacks (such a name was drawn as
    no option at all, a text as its letters)."""
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise InvalidType(argument, "a collection of option names", names)
    out = list(names)
    known = variant.option_info() if variant is not None else {}
    for name in out:
        if not isinstance(name, str):
            raise InvalidType(argument, "option names (text)", name)
        if variant is not None and name not in known:
            raise UnknownOption(name, variant.name, sorted(known))
    return out


@st.composite
def variants(
    draw: st.DrawFn,
    names: Sequence[str] | None = None,
    with_options: bool = True,
) -> Variant:
    """A registered variant (from ``names``, default all), with options drawn if asked."""
    if names is not None and (isinstance(names, str) or not isinstance(names, Iterable)):
        raise InvalidType("names", "a collection of variant names", names)
    chosen = tuple(names or variant_names())
    for name in chosen:
        if not isinstance(name, str):
            raise InvalidType("names", "variant names (text)", name)
    if type(with_options) is not bool:
        raise InvalidType("with_options", "True or False", with_options)
    name = draw(st.sampled_from(chosen))
    v = get_variant(name)
    if with_options:
        v = v.with_options(**draw(option_values(v)))
    return v


def seat_counts(variant: VariantLike) -> st.SearchStrategy[int]:
    """A seat count ``variant``'s table supports."""
    return st.sampled_from(tuple(_variant(variant).seat_counts))


def score_width(variant: VariantLike, seats: int) -> int:
    """How many scores a match of ``variant`` at ``seats`` seats keeps: one per side (2), or
    one per player when the table keeps individual scores (3-seat gallo)."""
    v = _variant(variant)
    k = integer(seats, "seats")
    v.table.check_seats(k, v.name)  # UnsupportedSeats for a count the table lacks
    individual = getattr(v.table, "individual_scores", None)
    return k if individual is not None and individual(k) else 2


def start_scores(
    variant: VariantLike, seats: int | None = None
) -> st.SearchStrategy[tuple[int, ...]]:
    """Scores a match of ``variant`` may start from (all below its target), biased towards
    the interesting ones: 0, around the malas/buenas boundary and just below the target
    (RULES §2.6.4, §2.8). One per side, or one per player at ``seats`` seats when the table
    keeps individual scores."""
    v = _variant(variant)
    t = v.match.target
    b = v.match.buenas_threshold
    special = sorted({x for x in (0, 1, b - 2, b - 1, b, b + 1, t - 3, t - 2, t - 1) if 0 <= x < t})
    one = st.one_of(st.sampled_from(special), st.integers(0, t - 1))
    width = 2 if seats is None else score_width(v, seats)
    return st.tuples(*([one] * width))


# ------------------------------------------------------------------------------ actions
def vocabulary(
    variant: VariantLike,
    *,
    include_unknown: bool = False,
    pairs: Iterable[tuple[Card, Card]] = (),
) -> list[Action]:
    """Every action of ``variant``'s vocabulary, found through its text notation.

    For each verb of :attr:`Variant.vocabulary`, every text of the forms ``VERB``,
    ``VERB CARD``, ``VERB CARD down``, ``VERB #K`` (K from 1 to 9) and ``VERB N`` (N from 0
    to 40) that parses to an action of that verb: so ``play`` with every card face up and
    face down and blind, ``deal`` with every card, ``declare`` with every number, and the
    forms of verbs added later. ``pairs`` adds ``VERB CARD over CARD`` for those pairs of
    cards (two-card plays; all 1,560 pairs are many, so the caller chooses).
    ``include_unknown=True`` adds the kernel's argument-free verbs that the variant lacks
    (``flor`` without flor), which every state must reject with ``UnknownAction``.
    """
    v = _variant(variant)
    given: object = pairs
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise InvalidType("pairs", "a collection of pairs of Cards", given)
    pairs = tuple(pairs)
    if not all(type(p) is tuple and len(p) == 2 and all(type(c) is Card for c in p) for p in pairs):
        raise InvalidType("pairs", "pairs of Cards (tuples of two)", pairs)
    out = list(_vocabulary(v, include_unknown))
    if pairs:
        fmt = v.deck.notation.format
        seen = set(out)
        for verb in sorted(v.vocabulary):
            for a, b in pairs:
                act = _parse_as(f"{verb} {fmt(a)} over {fmt(b)}", verb, v)
                if act is None:
                    break  # the verb takes no two-card form
                if act not in seen:
                    seen.add(act)
                    out.append(act)
    return out


def _parse_as(text: str, verb: str, v: Variant) -> Action | None:
    try:
        act = Action.parse(text, v.deck.notation)
    except TrucoError:
        return None
    return act if act.verb == verb else None


@functools.lru_cache(maxsize=64)
def _vocabulary(v: Variant, include_unknown: bool) -> tuple[Action, ...]:
    verbs = sorted(v.vocabulary)
    if include_unknown:
        verbs += sorted(set(BASE_VERBS) - set(v.vocabulary))
    fmt = v.deck.notation.format
    out: dict[Action, None] = {}
    for verb in verbs:
        texts = [verb]
        texts += [f"{verb} {fmt(c)}" for c in v.deck.cards]
        texts += [f"{verb} {fmt(c)} down" for c in v.deck.cards]
        texts += [f"{verb} #{k}" for k in range(1, 10)]
        texts += [f"{verb} {n}" for n in range(41)]
        for text in texts:
            act = _parse_as(text, verb, v)
            if act is not None:
                out[act] = None
    return tuple(out)


def actions(variant: VariantLike | None = None) -> st.SearchStrategy[Action]:
    """Any action of ``variant``'s vocabulary (see :func:`vocabulary`); ``None`` draws the
    variant too. Most are illegal in any given state: use this to probe rejections."""
    if variant is not None:
        return st.sampled_from(vocabulary(variant))
    return st.sampled_from(variant_names()).flatmap(lambda n: st.sampled_from(vocabulary(n)))


# ------------------------------------------------------------------------------ matches
def play_random(match: Match, rng: random.Random, max_actions: int | None = None) -> Match:
    """Apply random legal actions (chance nodes included) until the end or ``max_actions``
    (``None``: no limit); ``match`` itself is played and returned."""
    checked_match("match", match)
    if not isinstance(rng, random.Random):
        raise InvalidType("rng", "a random.Random", rng)
    if max_actions is not None:
        in_range(max_actions, "max_actions", 0, 10**9)
    n = 0
    while not match.is_over() and (max_actions is None or n < max_actions):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
        n += 1
    return match


@attrs.frozen
class Playout:
    """A start state and a sequence of ``(seat, action)`` pairs, each legal when applied.

    ``final()`` replays the sequence on a copy of ``start``; ``states()`` yields every state
    along the way (``start`` first).
    """

    start: Match = attrs.field(eq=False)
    steps: tuple[tuple[int, Action], ...]

    def states(self) -> list[Match]:
        """Every state of the playout, ``start`` first (fresh copies)."""
        m = self.start.copy()
        out = [m.copy()]
        for seat, act in self.steps:
            m.apply(act, seat)
            out.append(m.copy())
        return out

    def final(self) -> Match:
        """The state after every step (a fresh copy)."""
        m = self.start.copy()
        for seat, act in self.steps:
            m.apply(act, seat)
        return m


def legal_moves(m: Match, any_seat: bool = True) -> list[tuple[int, Action]]:
    """Every ``(seat, action)`` that may be applied now: the seat to act's actions, and with
    ``any_seat`` those of every other seat too (partners answering, out-of-turn calls). At a
    chance node: the ``deal`` actions, with seat :data:`~truco_rules.CHANCE`."""
    checked_match("m", m)
    if m.is_chance_node():
        return [(CHANCE, a) for a in m.legal_actions()]
    if not any_seat:
        return [(m.current_player(), a) for a in m.legal_actions()]
    return [(s, a) for s in range(m.seats) for a in m.legal_actions(s)]


def _start(
    draw: st.DrawFn,
    variant: VariantLike | None,
    seats: int | None,
    with_options: bool | Mapping[str, Any],
    seeded: bool,
    scores: bool,
) -> Match:
    if type(with_options) is not bool and not isinstance(with_options, Mapping):
        raise InvalidType("with_options", "True, False or a mapping of options", with_options)
    if variant is None:
        v = draw(variants(with_options=with_options is True))
    else:
        v = _variant(variant)
        if with_options is True:
            v = v.with_options(**draw(option_values(v)))
    if isinstance(with_options, Mapping):
        v = v.with_options(**with_options)
    n = seats if seats is not None else draw(seat_counts(v))
    seed = draw(st.integers(0, 2**31 - 1)) if seeded else None
    start = draw(start_scores(v, n)) if scores else (0, 0)
    m: Match = v.new_match(n, seed=seed, scores=start)
    return m


@st.composite
def playouts(
    draw: st.DrawFn,
    variant: VariantLike | None = None,
    seats: int | None = None,
    *,
    with_options: bool | Mapping[str, Any] = True,
    min_actions: int = 0,
    max_actions: int = 60,
    seeded: bool = True,
    scores: bool = False,
    any_seat: bool = False,
) -> Playout:
    """A legal action sequence: a fresh match and up to ``max_actions`` legal steps.

    Each step is drawn as an index into the legal moves, so failures shrink towards the first
    legal action of each state and towards short sequences. The sequence stops early when the
    match ends. ``with_options`` may be a mapping of options to set; ``scores=True`` starts
    from drawn scores (:func:`start_scores`); ``any_seat=True`` also draws actions of seats
    acting out of turn (partners answering, out-of-turn calls); ``seeded=False`` deals through
    chance nodes.
    """
    in_range(max_actions, "max_actions", 0, 10**9)
    in_range(min_actions, "min_actions", 0, max_actions)
    m = _start(draw, variant, seats, with_options, seeded, scores)
    start = m.copy()
    steps: list[tuple[int, Action]] = []
    length = draw(st.integers(min_actions, max_actions))
    while len(steps) < length and not m.is_over():
        moves = legal_moves(m, any_seat)
        seat, act = moves[draw(st.integers(0, len(moves) - 1))]
        m.apply(act, seat)
        steps.append((seat, act))
    return Playout(start, tuple(steps))


@st.composite
def matches(
    draw: st.DrawFn,
    variant: VariantLike | None = None,
    seats: int | None = None,
    with_options: bool | Mapping[str, Any] = True,
    max_actions: int | None = 200,
    seeded: bool = True,
    *,
    scores: bool = False,
    any_seat: bool = False,
) -> Match:
    """A match in progress after a drawn number of random legal actions (0..``max_actions``;
    ``None``: play to the end).

    The actions are chosen by a drawn random seed, which is fast for long playouts (use
    :func:`playouts` for sequences that shrink action by action). ``seeded=False`` deals
    through chance nodes; ``scores=True`` starts from drawn scores; ``any_seat=True`` lets
    seats act out of turn too; ``with_options`` may be a mapping of options to set.
    """
    if max_actions is not None:
        in_range(max_actions, "max_actions", 0, 10**9)
    m = _start(draw, variant, seats, with_options, seeded, scores)
    steps = draw(st.integers(0, max_actions)) if max_actions is not None else None
    rng = random.Random(draw(st.integers(0, 2**31 - 1)))
    if not any_seat:
        return play_random(m, rng, steps)
    n = 0
    while not m.is_over() and (steps is None or n < steps):
        moves = legal_moves(m, True)
        seat, act = moves[rng.randrange(len(moves))]
        m.apply(act, seat)
        n += 1
    return m
