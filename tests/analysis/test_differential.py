"""No option is dead: for every option of every built-in variant and every alternative value,
hypothesis finds a concrete game on which changing the option from the variant's own value to
the alternative changes the outcome.

The outcome of a game is what the rules decide: the legal actions of every seat at every step,
the seat to act, the contests' points and how they ended, the scores, the chicos and the
result, and what each seat is shown (its observation: the options that only decide what is
visible, like ``played_cards_visible`` or the malas/buenas split of the score, change that).

Both variants play the same actions in lockstep, chosen from the first one's legal actions by a
seeded random policy that prefers bets and answers to cards and rarely goes to the deck. The
search varies the seat count, the start scores (biased to the malas/buenas boundary and the
target), the first deals (biased to hands with several cards of a suit, for envido and flor),
the mano and the other options, since some options only matter in a context (``tie_next_leader``
at 4 seats, ``simultaneous_finish`` with points credited at the end of the hand, falta values
at given scores).

The search is the kit's (:func:`truco_rules.testing.check_options_live`, which any package
runs on its own variants; its games, styles and hints are in truco_rules.testing.liveness).
An option that legitimately cannot change any outcome is listed in ``NO_EFFECT`` with the
reason, and a test checks that it indeed changes nothing. A variant another installed package
registers is not searched: its options are its authors' claim, and the rules it inherits may
carry options its seat counts never reach (examples/truco-uruguayo's 3-seat gallo options).
"""

from __future__ import annotations

from typing import Any

import pytest

import truco_rules as tr
from truco_rules.testing.liveness import (
    DEFAULT_HINTS,
    EXAMPLES,
    NO_EFFECT,
    alternatives,
    differs,
    find_difference,
)
from truco_rules.variants import builtin_names

NO_EFFECT_IN: dict[tuple[str, str], str] = {
    # After a tied trick of two players the earliest top card is the leader's own (he played
    # first and his card is a top card), so both choices name the same leader (RULES §1.3);
    # every contest of Almería is a 1 v 1 duel (RULES §7.2).
    ("almeria", "tie_next_leader"): "every contest is a duel of two players (RULES §1.3, §7.2)",
    # One refusal is every opponent's refusal when the contest is a duel (RULES §1.5, §7.2).
    ("almeria", "ladder_refusal"): "every contest is a duel: no partner to pass the answer to",
    # No card ranks alone (four 3s on top, RULES §7.1): a card is unbeatable only once its
    # three equals were seen, and a duel shows four cards before its last lead, which can
    # hold three 3s only if tricks 1-2 already decided the hand (RULES §1.4).
    ("almeria", "end_on_unbeatable_card"): "a duel never shows a card's three equals in time",
    ("almeria", "answer_pass"): "every contest is a duel: no partner to pass the answer to",
    ("almeria", "first_answerer"): "every contest is a duel: one player answers a call",
}
"""Options that cannot change an outcome in one variant, with the reason."""

HINTS: dict[str, dict[str, Any]] = {
    **DEFAULT_HINTS,
    # Almería's: a para el toro won in one duel of a 4-seat deal, the other side passing it
    # in the other duel (RULES §7.6, D28); the blog's simultaneous finish at 4 seats as well
    "simultaneous_finish": {**DEFAULT_HINTS["simultaneous_finish"], "seats": [4]},
    "all_tricks_tied": {
        "kinds": ["ties"],
        "seats": [2],
        # Mineiro's two-card play after a tied first trick makes three ties rare (RULES §6.4)
        "options": {"mineiro_first_trick_tie": "standard"},
    },
}
"""The contexts some options need (RULES §1.3-§1.4 tie rules, §2.6.4 falta, §2.7.3
contraflor, §2.12.1 pica-pica, §4 B13 simultaneous finish): the kit's own (in
truco_rules.testing.liveness, which names no variant), and those of the built-in variants."""


MORE_EXAMPLES: dict[tuple[str, str], int] = {
    # a para el toro accepted and won in one duel while the other side passes 18 by more in
    # the other: four calls and two duels' outcomes to line up (about 6 s)
    ("almeria", "simultaneous_finish"): 1000,
}
"""Options whose context is rare enough to need a longer search than ``EXAMPLES``."""

CASES = [
    (name, opt, alt)
    for name in builtin_names()
    for opt in tr.get_variant(name).option_info()
    if opt not in NO_EFFECT and (name, opt) not in NO_EFFECT_IN
    for alt in alternatives(tr.get_variant(name), opt)
]


def test_every_option_has_values_to_vary() -> None:
    """An option with no choices and no integer value to vary would be searched for nothing."""
    for name in builtin_names():
        v = tr.get_variant(name)
        for opt in v.option_info():
            if opt not in NO_EFFECT and (name, opt) not in NO_EFFECT_IN:
                assert alternatives(v, opt), f"{name}: {opt} has no value to vary"


@pytest.mark.parametrize("name,option,alt", CASES, ids=[f"{n}-{o}={a}" for n, o, a in CASES])
def test_option_changes_some_outcome(name: str, option: str, alt: Any) -> None:
    """Each option of RULES §8 (the disagreement register) and of the variants' sections
    decides something: some game tells its alternatives apart."""
    v = tr.get_variant(name)
    examples = MORE_EXAMPLES.get((name, option), EXAMPLES)
    ctx = find_difference(v, option, alt, hints=HINTS, examples=examples)
    if ctx is None:
        pytest.fail(
            f"{name}: no game in {examples} tells {option}={v.options()[option]!r} from "
            f"{option}={alt!r} apart: a dead option, or one that needs a context the search "
            "does not reach (extend contexts()), or a cosmetic one (list it in NO_EFFECT)"
        )
    # the game found replays: the same difference shows again
    assert differs(v, option, alt, ctx) is not None


ALLOWED = [(None, o) for o in sorted(NO_EFFECT)] + sorted(NO_EFFECT_IN)


@pytest.mark.parametrize("variant,option", ALLOWED, ids=[f"{v or 'all'}-{o}" for v, o in ALLOWED])
def test_options_listed_as_without_effect_change_nothing(variant: str | None, option: str) -> None:
    """The allow-lists are honest: their options exist, and on many games (drawn as for the
    other options, hints included) no outcome changes."""
    names = [variant] if variant is not None else list(builtin_names())
    found = [n for n in names if option in tr.get_variant(n).option_info()]
    assert found, f"{option} is no option of {variant or 'any built-in variant'}: drop it"
    for name in found:
        v = tr.get_variant(name)
        for alt in alternatives(v, option):
            ctx = find_difference(v, option, alt, hints=HINTS, examples=40)
            if ctx is not None:
                pytest.fail(f"{name}: {option}={alt!r} changes an outcome: {ctx}")
