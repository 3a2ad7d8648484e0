"""What a spectator may see: the public view of a match (docs/architecture.md, "Information").

:func:`public_observation` is an :class:`~truco_rules.observe.Observation` for nobody's seat
(``seat`` and ``team`` are ``-1``): the score, whose turn it is, the calls and statements,
the cards played face up and the cards shown at the end of a contest, and no card any seat
holds unseen by the others. Everything it holds, every seat's own observation holds too, so a
server that streams it to spectators (or to a public board) tells them nothing a player at the
table could not tell them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .observe import Observation, between_hands, during_hand, public_fields

if TYPE_CHECKING:
    from ..game.state import MatchState

__all__ = ["SPECTATOR", "public_observation"]

SPECTATOR = -1
"""The ``seat`` (and ``team``) of a public observation: no seat of the table."""


def public_observation(match: MatchState) -> Observation:
    """The public view of ``match``: what someone watching the table, holding no cards, may
    see. Its ``my_cards``, ``my_dealt``, ``partner_cards`` and ``legal_actions`` are empty,
    every discarded card is ``None``, and another seat's face-down card is hidden as it is
    from the other players."""
    hand = match.hand
    common = public_fields(match, SPECTATOR, SPECTATOR)
    common.update(
        {
            "discards": tuple((s, None) for s, _c in match._discarded),
            "my_cards": (),
            "my_dealt": (),
            "legal_actions": (),
        }
    )
    if hand is None:
        return Observation(**common, **between_hands(match))
    return Observation(**common, **during_hand(match, hand, SPECTATOR))
