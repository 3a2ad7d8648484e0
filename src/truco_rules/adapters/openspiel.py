"""OpenSpiel adapter: ``import truco_rules.adapters.openspiel`` registers the game
``truco_rules`` with OpenSpiel (it needs the ``openspiel`` extra: docs/getting-started.md,
Install).

```python
# needs: openspiel
import pyspiel
import truco_rules.adapters.openspiel  # registers "truco_rules"

game = pyspiel.load_game("truco_rules", {"variant": "default", "players": 4})
print(game.num_players())  # 4
```

Parameters: ``variant`` (a registered variant name, default: the one aliased ``default``,
the standard rule set of the built-in variants) and ``players``
(a seat count of that variant, default 2). Every deal is dealt card by card at chance nodes
(then the turned card, if the variant turns one), each card equally likely; ids are the
variant's stable action ids (:mod:`truco_rules.rules.action_space`), chance outcomes included, so
``num_distinct_actions`` is the variant's ``num_actions``. Observation and information-state
strings and tensors come from :mod:`truco_rules.views.infostate` and
:mod:`truco_rules.views.tensors`.
Returns are +1 for each seat of the side that won the match and -1 for the others.

Observers (``make_py_observer``, ``make_observation``) follow the observation type asked
for: a player's own view (``private_info`` SINGLE_PLAYER, the default: the information
state with ``perfect_recall``, else the observation) or the public view (``private_info``
NONE, without perfect recall: what a spectator sees, the same for every player, no hidden
card of any seat). Every player's cards (ALL_PLAYERS), a view without the public
information, and a public view with perfect recall are refused with
:class:`~truco_rules.InvalidOption`.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import install_hint

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the extras installed
    raise ImportError(
        f"truco_rules.adapters.openspiel needs OpenSpiel: {install_hint('openspiel')}"
    ) from exc

from ..core.arguments import integer
from ..core.errors import InvalidOption, UnknownParameter
from ..match import CHANCE, TERMINAL, Match
from ..rules.registry import default_variant, get_variant
from ..rules.variant import Variant
from ..views.infostate import InfoTracker, observation_string
from ..views.position import board_text
from ..views.tensors import (
    information_features,
    information_size,
    observation_features,
    observation_size,
)

__all__ = ["GAME_NAME", "TrucoGame", "TrucoObserver", "TrucoState"]

GAME_NAME = "truco_rules"
_DEFAULTS: dict[str, Any] = {"variant": default_variant().name, "players": 2}
_MAX_LENGTH = 100_000  # no bound is proven (a hand may score nothing); far above any match seen


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Truco (truco-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


def _zero_sum(variant: Variant, seats: int) -> bool:
    """Whether +1 / -1 per seat always sums to zero: two sides of equal size."""
    individual = getattr(variant.table, "individual_scores", None)
    return seats % 2 == 0 and not (individual is not None and individual(seats))


class TrucoGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of a variant at a table size."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        for key in given:
            if key not in _DEFAULTS:
                raise UnknownParameter(key, f"the OpenSpiel game {GAME_NAME!r}", _DEFAULTS)
        merged = {**_DEFAULTS, **given}
        self.variant: Variant = get_variant(str(merged["variant"]))
        seats = integer(merged["players"], "players")
        self.variant.table.check_seats(seats, self.variant.name)
        self.seats: int = seats
        zero = _zero_sum(self.variant, seats)
        game_type = _game_type(
            pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM
        )
        space = self.variant.action_space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.num_actions,
            max_chance_outcomes=space.num_chance_outcomes,
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero else None,
            max_game_length=_MAX_LENGTH,
        )
        super().__init__(game_type, info, merged)

    def new_initial_state(self) -> TrucoState:
        """A match before its first card is dealt."""
        return TrucoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TrucoObserver:
        """An observer of the kind ``iig_obs_type`` asks for (see the module): a player's
        information state with ``perfect_recall``, else its observation; the public view
        with ``private_info`` NONE."""
        if params:
            raise UnknownParameter(next(iter(params)), "the truco_rules observer", ())
        if iig_obs_type is None:
            return TrucoObserver(self.variant, self.seats, False)
        recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info:
            raise InvalidOption("public_info", False, "True (every view includes the table)")
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return TrucoObserver(self.variant, self.seats, recall)
        if private == pyspiel.PrivateInfoType.NONE and not recall:
            return TrucoObserver(self.variant, self.seats, False, public=True)
        if private == pyspiel.PrivateInfoType.NONE:
            raise InvalidOption(
                "perfect_recall", True, "False with private_info NONE (the public view)"
            )
        raise InvalidOption(
            "private_info", str(private), "SINGLE_PLAYER or NONE (no view shows every hand)"
        )


class _Box:
    """The match and its information tracker, copied (not deep-copied) on clone."""

    __slots__ = ("match", "tracker")

    def __init__(self, match: Match, tracker: InfoTracker) -> None:
        self.match = match
        self.tracker = tracker

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.match.copy(), self.tracker.copy())


class TrucoState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel state: a :class:`~truco_rules.Match` underneath (:attr:`match`)."""

    def __init__(self, game: TrucoGame) -> None:
        super().__init__(game)
        m = game.variant.new_match(game.seats)
        self._box = _Box(m, InfoTracker(m))

    @property
    def match(self) -> Match:
        """The truco-rules match (read it; change it only through ``apply_action``)."""
        return self._box.match

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        p = self._box.match.current_player()
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        m = self._box.match
        if player < 0 or player != m.current_player():
            return []
        return m.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each ``deal`` action's id with its probability (as
        :meth:`Match.chance_outcomes`); elsewhere none."""
        m = self._box.match
        space = m.variant.action_space
        return [(space.id(a), float(p)) for a, p in m.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        box = self._box
        box.match.apply_id(int(action))
        box.tracker.update(box.match)

    def _action_to_string(self, player: int, action: int) -> str:
        v = self._box.match.variant
        return v.format_action(v.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self._box.match.is_over()

    def returns(self) -> list[float]:
        """Each seat's return: +1 for a seat that won the match, -1 for any other, 0 for
        every seat while it goes on (:meth:`Match.returns`)."""
        return list(self._box.match.returns())

    def __str__(self) -> str:
        m = self._box.match
        return f"{board_text(m)} | {len(m.actions)} actions"


class TrucoObserver:
    """OpenSpiel observer (the ``PyObserver`` interface): a tensor and a string per player;
    with ``public``, the public view (:meth:`Match.public_observation
    <truco_rules.match.Match.public_observation>`), the same for every player."""

    def __init__(
        self, variant: Variant, seats: int, perfect_recall: bool, *, public: bool = False
    ) -> None:
        self.variant = variant
        self.recall = perfect_recall
        self.public = public
        size = information_size(variant, seats) if perfect_recall else observation_size(
            variant, seats
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: TrucoState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        m = state.match
        obs = m.public_observation() if self.public else m.observation(player)
        feats = (
            information_features(obs, self.variant)
            if self.recall
            else observation_features(obs, self.variant)
        )
        self.tensor[:] = feats

    def string_from(self, state: TrucoState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        box = state._box
        if self.public:
            m = box.match
            return observation_string(m.public_observation(), m.variant.format_card)
        if self.recall:
            return box.tracker.string(box.match, player)
        return box.match.observation_string(player)


pyspiel.register_game(_GAME_TYPE, TrucoGame)
