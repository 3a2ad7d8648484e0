"""A hypothesis state machine that plays any variant and checks the invariants as it goes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ..core.errors import InvalidType, TrucoError, UnknownAction
from ..match import CHANCE, Match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from .checks import (
    check_cards,
    check_live,
    check_replay,
    check_step,
    check_terminal,
)
from .hiding import check_observation_hides, hidden_swaps
from .strategies import (
    legal_moves,
    option_values,
    seat_counts,
    start_scores,
    variants,
    vocabulary,
)

__all__ = ["TrucoMachine"]


def _live(self: TrucoMachine) -> bool:
    return not self.match.is_over()


def _over(self: TrucoMachine) -> bool:
    return self.match.is_over()


class TrucoMachine(RuleBasedStateMachine):
    """Plays matches of a variant with legal and illegal actions and checks invariants
    (docs/invariants.md) after every step.

    Class attributes choose what is played; ``None`` draws it:

    * ``variant``: a registered name, an alias or a :class:`~truco_rules.Variant` (default:
      any registered variant);
    * ``seats``: a seat count (default: one the variant supports);
    * ``options``: options to set (default: drawn with
      :func:`~truco_rules.testing.option_values`; ``{}`` keeps the variant's own);
    * ``draw_scores``: whether to start from drawn scores near the interesting boundaries;
    * ``any_seat``: whether seats may act out of turn when the rules allow it.

    The rules apply a legal action (checking I1-I3 across the step), try an action of the
    vocabulary that is not legal (it must raise a :class:`~truco_rules.TrucoError` and change
    nothing), check copies, records and a hidden-card swap, and start a new match once one is
    over. The match in play is ``self.match``.

    Subclass it to choose a variant and add your own invariants; ``TestCase`` is the unittest
    class pytest collects:

    ```python
    from hypothesis import settings
    from hypothesis.stateful import invariant

    from truco_rules.testing import TrucoMachine


    class QuinceMachine(TrucoMachine):
        variant = "default"  # any registered name or alias, yours too
        options = {"target": 15}

        @invariant()
        def scores_stay_below_the_target(self) -> None:
            if not self.match.is_over():
                assert max(self.match.score) < 15


    QuinceMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=40)
    TestQuince = QuinceMachine.TestCase
    ```
    """

    variant: ClassVar[str | Variant | None] = None
    seats: ClassVar[int | None] = None
    options: ClassVar[Mapping[str, Any] | None] = None
    draw_scores: ClassVar[bool] = True
    any_seat: ClassVar[bool] = True

    match: Match
    """The match in play."""
    played: int
    """How many matches this run has finished."""

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """Draw the variant, seats, options, start scores and seed; deal the first hand."""
        if self.variant is None:
            v = data.draw(variants(with_options=False), label="variant")
        else:
            v = self.variant if isinstance(self.variant, Variant) else get_variant(self.variant)
        opts = self.options
        if opts is not None and not isinstance(opts, Mapping):
            raise InvalidType("options", "None or a mapping of option names to values", opts)
        if opts is None:
            opts = data.draw(option_values(v), label="options")
        self._variant = v.with_options(**opts)
        self._seats = (
            self.seats if self.seats is not None else data.draw(seat_counts(v), label="seats")
        )
        self.played = 0
        self._deal(data)

    def _deal(self, data: st.DataObject) -> None:
        v = self._variant
        scores = (
            data.draw(start_scores(v, self._seats), label="scores") if self.draw_scores else (0, 0)
        )
        seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
        self.match = v.new_match(self._seats, seed=seed, scores=scores)

    @precondition(_live)
    @rule(data=st.data())
    def apply_legal(self, data: st.DataObject) -> None:
        """Apply a legal action (of any seat, if ``any_seat``); I1-I3 hold across it."""
        m = self.match
        moves = legal_moves(m, self.any_seat)
        seat, act = data.draw(st.sampled_from(moves), label="move")
        before = m.copy()
        m.apply(act, seat)
        assert m.actions[len(before.actions) :] == [(seat, act)], "the action was not recorded"
        check_step(before, m)

    @precondition(_live)
    @rule(data=st.data())
    def apply_illegal(self, data: st.DataObject) -> None:
        """An action that is not legal for a seat raises a ``TrucoError`` and changes
        nothing (I6)."""
        m = self.match
        seat = data.draw(st.sampled_from([None, CHANCE, *range(m.seats)]), label="seat")
        legal = set(m.legal_actions(seat))
        vocab = [a for a in vocabulary(m.variant, include_unknown=True) if a not in legal]
        act = data.draw(st.sampled_from(vocab), label="illegal action")
        key = m.key()
        try:
            m.apply(act, seat)
        except UnknownAction:
            assert act.verb not in m.variant.vocabulary
        except TrucoError:
            pass
        else:
            raise AssertionError(f"{act} (seat {seat}) was accepted but is not legal")
        assert m.key() == key, f"rejecting {act} (seat {seat}) changed the state"

    @rule()
    def copy_and_replay(self) -> None:
        """Copies are equal and records replay to equal matches (I8)."""
        check_replay(self.match)

    @rule(data=st.data())
    def swap_hidden_cards(self, data: st.DataObject) -> None:
        """A deal that differs only in cards a seat cannot see gives it the same
        observation (I7)."""
        m = self.match
        seat = data.draw(st.integers(0, m.seats - 1), label="observer")
        swaps = hidden_swaps(m, seat)
        if swaps:
            chosen = data.draw(
                st.lists(st.sampled_from(swaps), min_size=1, max_size=3), label="swaps"
            )
            check_observation_hides(m, seat, chosen)

    @precondition(_over)
    @rule(data=st.data())
    def next_match(self, data: st.DataObject) -> None:
        """Check the finished match (I4), then start another."""
        check_terminal(self.match)
        self.played += 1
        self._deal(data)

    @invariant()
    def cards_are_conserved(self) -> None:
        """I1."""
        check_cards(self.match)

    @invariant()
    def live_state_can_move(self) -> None:
        """I5 (and I4 once over)."""
        if self.match.is_over():
            check_terminal(self.match)
        else:
            check_live(self.match)
