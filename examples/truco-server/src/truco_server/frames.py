"""What the server sends: every frame is built here, and what a seat may see comes from the
library's observation of that seat alone (:meth:`truco_rules.Match.observation`); spectators
get the library's public view (:meth:`truco_rules.Match.public_observation`). Nothing else
that is sent names a card.
"""

from __future__ import annotations

from typing import Any

import truco_rules as tr

__all__ = ["ack", "error", "public_state", "seat_state"]


def _legal(match: tr.Match, seat: int, texts: tuple[str, ...]) -> list[dict[str, Any]]:
    """The observation's legal actions with their integer ids (from the match's own legal
    actions when they are the same list, which saves parsing the texts back)."""
    v = match.variant
    actions = match.legal_actions(seat)
    if [v.format_action(a) for a in actions] == list(texts):
        return [{"text": t, "id": v.action_id(a)} for t, a in zip(texts, actions, strict=True)]
    return [{"text": t, "id": v.action_id(t)} for t in texts]


def seat_state(
    table_id: str,
    match: tr.Match,
    seat: int,
    status: str,
    players: list[dict[str, Any]],
) -> dict[str, Any]:
    """The ``state`` frame for ``seat``: its observation and, while the match is played, its
    legal actions (text and integer id)."""
    obs = match.observation(seat)
    return {
        "type": "state",
        "table": table_id,
        "seat": seat,
        "n": len(match.actions),
        "status": status,
        "players": players,
        "winners": list(match.winning_seats()) if match.is_over() else [],
        "view": obs.to_dict(),
        "legal": _legal(match, seat, obs.legal_actions) if status == "playing" else [],
    }


def public_state(
    table_id: str, match: tr.Match, status: str, players: list[dict[str, Any]]
) -> dict[str, Any]:
    """The ``state`` frame for a spectator: the public view, no legal action."""
    return {
        "type": "state",
        "table": table_id,
        "seat": None,
        "n": len(match.actions),
        "status": status,
        "players": players,
        "winners": list(match.winning_seats()) if match.is_over() else [],
        "view": match.public_observation().to_dict(),
        "legal": [],
    }


def ack(seq: int | None, n: int) -> dict[str, Any]:
    """An accepted action: ``n`` actions are now stored (durably) at the table."""
    return {"type": "ack", "seq": seq, "n": n}


def error(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    """A refused message: nothing changed."""
    return {"type": "error", "code": code, "message": message, "seq": seq}
