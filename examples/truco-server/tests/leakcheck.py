"""The no-leak check shared by the in-process and the over-the-wire tests: a frame sent to a
seat names no card that seat's observation (computed here, by the library, on the test's own
replica of the match) does not contain; a spectator's frame no card the public view does not
contain, nor any card some seat cannot see."""

from __future__ import annotations

import json
import re
from typing import Any

import truco_rules as tr

_WORD = re.compile(r"[A-Za-z0-9]+")


class LeakCheck:
    """Checks frames against a replica of one table's match."""

    def __init__(self, replica: tr.Match) -> None:
        self.replica = replica
        v = replica.variant
        self.card_of = {v.format_card(c): c for c in v.deck.cards}
        self.frames = 0
        self._seen: dict[int, set[tr.Card]] = {}
        self._views: dict[int, dict[str, Any]] = {}
        self._n = -1

    def named(self, data: Any) -> set[tr.Card]:
        """The cards plain data (a frame) names anywhere, as the variant writes them."""
        card_of = self.card_of
        return {card_of[w] for w in _WORD.findall(json.dumps(data)) if w in card_of}

    def _refresh(self) -> None:
        """The replica's observations as it stands, computed once per position: what each
        seat (and the public, as seat -1) may see, as its ``to_dict()`` and as the cards that
        names (every card the observation holds, and those the text of its plays names: a
        seat's own card put under a two-card play is named only there)."""
        n = len(self.replica.actions)
        if n != self._n:
            m = self.replica
            views = {s: m.observation(s) for s in range(m.seats)}
            views[-1] = m.public_observation()
            self._views = {s: obs.to_dict() for s, obs in views.items()}
            self._seen = {s: self.named(self._views[s]) for s in views}
            for s in range(m.seats):
                assert self._seen[-1] <= self._seen[s], f"the public view shows what {s} cannot"
            self._n = n

    def check(self, frame: dict[str, Any], seat: int | None) -> None:
        """``frame`` was sent to ``seat`` (None: a spectator) when the match stood as the
        replica does now: its view is the library's observation of that seat (the public
        view for a spectator), and nothing else in it names a card the seat may not see."""
        self._refresh()
        key = -1 if seat is None else seat
        if frame.get("type") == "state":
            assert frame["n"] == len(self.replica.actions), (frame["n"], self.replica.actions)
            assert frame["view"] == self._views[key], "the view is not the library's"
            rest = {k: v for k, v in frame.items() if k != "view"}
        else:
            rest = frame
        leaked = self.named(rest) - self._seen[key]
        assert not leaked, f"{'a spectator' if seat is None else seat} was sent {leaked}"
        self.frames += 1
