"""What a spectator may see: the public view of a match (DESIGN §4).

:func:`public_observation` is an :class:`~truco_rules.observe.Observation` for nobody's seat
(``seat`` and ``team`` are ``-1``): the score, whose turn it is, the calls and statements,
the cards played face up and the cards shown at the end of a contest, and no card any seat
holds unseen by the others. Everything it holds, every seat's own observation holds too, so a
server that streams it to spectators (or to a public board) tells them nothing a player at the
table could not tell them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..contest.hand import PHASES
from .observe import _NO_CONTEST, Observation, _deal_seen, hand_view

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
    fmt = match.variant.format_action
    last = match.last_hand
    common: dict[str, Any] = {
        "seat": SPECTATOR,
        "team": SPECTATOR,
        "seats": match.seats,
        "variant": match.variant.name,
        "scores": match.score,
        "score_text": match.score_text(),
        "chicos": (match.chicos[0], match.chicos[1]),
        "hand_no": match.hand_no,
        "mano": match.mano if hand is None else hand.order[0],
        "mano_side": match.team[match.mano if hand is None else hand.order[0]],
        "current_player": match.current_player(),
        "previous": None if last is None else hand_view(last, SPECTATOR, fmt),
        "player_scores": tuple(match.player_scores or ()),
        "notation": match.variant.notation,
        "sides": tuple(match.team),
        "contests": tuple(match._contests),
        "contest": match._contest if hand is not None else 0,
        "discards": tuple((s, None) for s, _c in match._discarded),
        "my_cards": (),
        "my_dealt": (),
        "legal_actions": (),
    }
    if hand is None:
        discarding = match.current_player() >= 0
        return Observation(
            **common,
            phase="over" if match.is_over() else "discard" if discarding else "deal",
            turned=None,
            stake=0,
            pending_call=None,
            pending_caller=None,
            raise_team=None,
            current=_NO_CONTEST,
        )
    return Observation(
        **common,
        phase=PHASES[hand.phase],
        turned=match.turned,
        stake=hand.stake(),
        pending_call=hand.variant.ladder.names[hand.call - 1] if hand.call else None,
        pending_caller=hand.call_caller if hand.call else None,
        raise_team=hand.raise_team,
        current=hand_view(hand, SPECTATOR, fmt),
        special=hand.special,
        deal_seen=_deal_seen(match, SPECTATOR, fmt),
    )
