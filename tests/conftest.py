"""Shared helpers: build a match from explicit hands and apply ``SEAT:ACTION`` entries.

With ``TRUCO_RULES_CI`` set (``.ci/run`` sets it) the property tests draw their examples
deterministically, so CI's verdict depends on the code alone; elsewhere they explore new
examples on every run.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import truco_rules as tr
import truco_rules.registry as variant_module

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("TRUCO_RULES_CI"):
    settings.load_profile("ci")

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""The settings of the fuzz tests that feed :data:`junk` to the public entry points."""

# Anything a careless or hostile caller might pass where the library expects something else.
junk = st.deferred(
    lambda: st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 0, 1, 2, 3, 5, 10**20, 10**4400, -(10**4400)]),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.sampled_from(["", " ", "1E", "7s", "play 1E", "9" * 5000, "-" * 3, "argentine"]),
        st.binary(max_size=8),
        st.lists(st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=4)), max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), st.integers(), max_size=2),
        st.tuples(st.integers(-2, 12), st.none()),
        st.just(object()),
        st.just(tr.Suit.OROS),
        st.just(DECK0 := tr.DECK[0]),
        st.just([DECK0, DECK0]),
        st.just(tr.get_variant("argentine")),
    )
)


def only_truco_errors(call: Callable[[], Any]) -> None:
    """``call()`` either succeeds or raises a TrucoError; never another exception."""
    try:
        call()
    except tr.TrucoError as exc:
        assert str(exc)  # has a message
        assert len(str(exc)) < 4000, "an error message must not echo huge input"
        if isinstance(exc, tr.InvalidType):
            assert isinstance(exc, TypeError)


def scenario(
    variant: str | tr.Variant,
    hands: Sequence[str],
    actions: Iterable[str] = (),
    *,
    mano: int = 0,
    scores: tuple[int, int] = (0, 0),
    options: dict[str, Any] | None = None,
    turned: str | None = None,
) -> tr.Match:
    """A match whose first deal gives ``hands[s]`` to seat ``s``, after ``actions``.

    Each action is ``"SEAT:TEXT"``. Only one deal is given, so after the first hand the match
    waits at a chance node and ``m.history[0]`` holds the hand's summary.
    """
    v = tr.get_variant(variant, options)
    order = tr.deal_order(v, hands, mano, turned)
    m = v.new_match(len(hands), deals=[order], mano=mano, scores=scores)
    for entry in actions:
        seat, _, text = entry.partition(":")
        m.apply(text, int(seat))
    return m


def in_first_contest(name: str, seats: int, seed: int) -> tr.Match:
    """A seeded match of ``name`` with its first contest begun (any cards dealt one more
    discarded: the first legal action each time)."""
    m = tr.get_variant(name).new_match(seats, seed=seed)
    while m.hand is None:
        m.apply(m.legal_actions()[0])
    return m


def hand_points(m: tr.Match) -> tuple[int, int]:
    """Points each side scored in the first hand (finished or in progress)."""
    if m.history:
        return m.history[0].points
    assert m.hand is not None
    return (m.hand.team_total(0), m.hand.team_total(1))


def play_out(m: tr.Match, plan: dict[int, Sequence[str]]) -> None:
    """Play the first hand's cards, ``plan[seat][trick]``, following whoever is to act."""
    while not m.history and m.hand is not None:
        s = m.hand.turn
        m.apply(f"play {plan[s][m.hand.trick_no]}", s)


TrickCards = Sequence[dict[str, tuple[str, str]]]
"""Per trick, the (mano's card, other's card) that make it end ``M`` (the mano's side wins),
``O`` (the other side) or ``T`` (tied), for :func:`trick_pattern`."""


def trick_pattern(
    variant: str | tr.Variant,
    cards: TrickCards,
    plan: str,
    *,
    mano: int = 0,
    turned: str | None = None,
    options: dict[str, Any] | None = None,
) -> tr.Match:
    """A 2-seat hand dealt so that trick k ends as ``plan[k]`` (RULES §1.4 rows), played out.

    A plan shorter than three tricks gets tie cards for the tricks it never reaches."""
    full = plan + "T" * (3 - len(plan))
    mine = [cards[i][r][0] for i, r in enumerate(full)]
    theirs = [cards[i][r][1] for i, r in enumerate(full)]
    hands = ["", ""]
    hands[mano], hands[1 - mano] = " ".join(mine), " ".join(theirs)
    m = scenario(variant, hands, mano=mano, options=options, turned=turned)
    play_out(m, {mano: mine, 1 - mano: theirs})
    return m


def unchanged_after(
    m: tr.Match, action: str, seat: int | None, error: type[Exception], *, exact: bool = False
) -> None:
    """``action`` by ``seat`` raises ``error`` (that very class if ``exact``) and leaves the
    match as it was."""
    before = m.copy()
    with pytest.raises(error) as e:
        m.apply(action, seat)
    assert not exact or type(e.value) is error
    assert m == before


def rejected(
    m: tr.Match,
    text: str,
    seat: int | None,
    error: type[Exception] | str,
    reason: str | None = None,
) -> None:
    """``text`` by ``seat`` raises ``error`` naming ``reason`` and leaves the match unchanged.

    ``rejected(m, text, seat, reason)``, with no error class, expects an
    :class:`~truco_rules.IllegalAction`."""
    if isinstance(error, str):
        error, reason = tr.IllegalAction, error
    before = m.copy()
    with pytest.raises(error, match=reason):
        m.apply(text, seat)
    assert m == before


@pytest.fixture
def play() -> Any:
    return scenario


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Variants (and aliases) a test registers, for its records or its examples, are forgotten
    after it, so that other tests see the built-in set."""
    tr.variant_names()  # load the entry points before taking the snapshot
    registry = dict(variant_module._REGISTRY)
    aliases = dict(variant_module._ALIASES)
    try:
        yield
    finally:
        variant_module._REGISTRY.clear()
        variant_module._REGISTRY.update(registry)
        variant_module._ALIASES.clear()
        variant_module._ALIASES.update(aliases)
