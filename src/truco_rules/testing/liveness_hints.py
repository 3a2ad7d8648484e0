"""The contexts the no-dead-option search (:mod:`.liveness`) draws its games in: the kernel
options that decide only in a rare context, with that context, and those that cannot change
an outcome at all, with the reason. A package adds its own through
:func:`~truco_rules.testing.liveness.check_options_live`'s ``hints``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from numbers import Integral
from typing import Any, cast

from ..core.arguments import integer
from ..core.errors import InvalidType

__all__ = ["DEFAULT_HINTS", "NO_EFFECT", "check_hints"]

NO_EFFECT: dict[str, str] = {
    # Seats are numbered in play order whatever the direction around the physical table
    # (RULES §2.3, D20); the direction is kept only to describe the table.
    "table_direction": "cosmetic: seats are numbered in play order (RULES §2.3, D20)",
}
"""Kernel options that cannot change an outcome in any variant, with the reason: not searched."""

DEFAULT_HINTS: dict[str, dict[str, Any]] = {
    # Options that decide only in a rare context: every game tried for them is drawn in it.
    # "kinds" restricts the kind of game, "options" sets other options, "seats" the table.
    "third_trick_tie_after_win_tie": {
        "kinds": ["late-ties"],
        "options": {"second_trick_tie_after_win": "third_trick_decides"},
        "seats": [2],
    },
    "third_trick_tie_after_split": {"kinds": ["last-tie"], "seats": [2]},
    "all_tricks_tied": {"kinds": ["ties"], "seats": [2]},
    "tie_next_leader": {"kinds": ["ties", "late-ties"], "seats": [4, 6]},
    "second_trick_tie_after_win": {"kinds": ["late-ties"], "seats": [2]},
    "simultaneous_finish": {
        "kinds": ["bets"],
        "options": {"score_timing": "end_of_hand"},
        "scores": "high",
    },
    "falta_mode": {"kinds": ["bets"], "scores": "malas"},
    "allow_envido_three_times": {"kinds": ["bets"]},
    "contraflor_al_resto_value": {
        "kinds": ["flor"],
        "options": {"flor_duel_mode": "s3_ladder"},
        "scores": "malas",
    },
    "contraflor_al_resto_ends_hand": {
        "kinds": ["flor"],
        "options": {"flor_duel_mode": "s3_ladder"},
        "scores": "malas",
    },
    "contraflor_al_resto_refused": {"kinds": ["flor"], "options": {"flor_duel_mode": "s3_ladder"}},
    "flor_same_team_multiple": {"kinds": ["flor"], "seats": [4, 6]},
    "flor_duel_mode": {"kinds": ["flor"]},
    # a side that played goes to the deck in trick 1 (answering a call, at 2 seats)
    "mazo_envido_bonus": {"kinds": ["deck"]},
    # a side goes to the deck while the other holds a flor sung by hand (RULES §2.10)
    "mazo_waits_for_flor": {
        "kinds": ["deck"],
        "options": {"flor_declaration": "manual_without_penalty"},
    },
    # rules that need partners (or a partner's flor): 4 and 6 seats
    "partner_unsung_flor": {"kinds": ["flor"], "seats": [4, 6]},
    "envido_while_partner_unplayed": {
        "kinds": ["bets", "cards"],
        "seats": [4, 6],
        # the seat asked to answer an out-of-turn truco has played, a partner has not
        "options": {"truco_call_timing": "any_time", "envido_caller": "unplayed_player"},
    },
    # a chain of three envido calls, nobody barred from calling (RULES §2.6.3)
    "envido_envido_falta": {
        "kinds": ["bets"],
        "options": {"envido_call_timing": "as_truco", "answer_pass": False},
    },
    # a player who has played answers a truco called after his card (RULES §2.6.2)
    "envido_answers_truco_after_card": {
        "kinds": ["cards", "bets"],
        "seats": [2],
        "options": {"truco_call_timing": "any_time", "envido_call_timing": "as_truco"},
    },
    "answer_pass": {"kinds": ["bets"], "seats": [4, 6]},
    "first_answerer": {"kinds": ["bets"], "seats": [4, 6]},
    "pica_pica_cutoff": {"seats": [6], "hands": 3},
    "pica_pica_start": {"seats": [6], "hands": 3},
}
"""The context some options need (RULES §1.3-§1.4 tie rules, §2.6.4 falta, §2.7.3
contraflor, §2.12.1 pica-pica, §4 B13 simultaneous finish). ``scores``: ``"malas"`` draws two
different scores below the buenas, ``"high"`` two scores close to the target."""


def _names(value: object, of: type) -> bool:
    """Whether ``value`` is a collection (no text) of ``of`` values (no bool for an int)."""
    return (
        not isinstance(value, str)
        and isinstance(value, Collection)
        and all(isinstance(x, of) and type(x) is not bool for x in value)
    )


def _count(value: object) -> bool:
    """Whether ``value`` is an integer (a numpy one too, no bool) from 1."""
    try:
        return integer(value, "hands", "an int") >= 1
    except InvalidType:
        return False


def check_hints(hints: object, kinds: Collection[str]) -> None:
    """:class:`~truco_rules.core.errors.InvalidType` unless ``hints`` is ``None`` or maps
    option names to hints of the shape of :data:`DEFAULT_HINTS`: ``kinds`` (names of
    ``kinds``), ``options`` (a mapping), ``seats`` (ints), ``scores`` (``"malas"`` or
    ``"high"``), ``hands`` (an int from 1)."""
    if hints is None:
        return
    shape = "None or a mapping of option names to mappings"
    if not isinstance(hints, Mapping):
        raise InvalidType("hints", shape, hints)
    checks: dict[str, Callable[[object], bool]] = {
        "kinds": lambda x: (
            _names(x, str) and bool(x) and set(cast("Collection[str]", x)) <= set(kinds)
        ),
        "options": lambda x: isinstance(x, Mapping),
        "seats": lambda x: _names(x, Integral),
        "scores": lambda x: x in ("malas", "high"),
        "hands": _count,
    }
    what = f"a hint of kinds {sorted(kinds)}, options, seats, scores or hands"
    for name, hint in hints.items():
        if not isinstance(name, str) or not isinstance(hint, Mapping):
            raise InvalidType("hints", shape, {name: hint})
        for key, value in hint.items():
            ok = checks.get(key)
            if ok is None or not ok(value):
                raise InvalidType(f"hints[{name!r}][{key!r}]", what, value)
