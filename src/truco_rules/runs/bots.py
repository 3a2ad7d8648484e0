"""A simple rule-of-thumb bot that sees only its own :class:`~truco_rules.Observation`."""

from __future__ import annotations

import random

import attrs

from ..core.actions import Action
from ..core.context import HandContext
from ..core.errors import InvalidType
from ..match import Match
from ..views.agent_input import checked_legal, seat_to_choose

__all__ = ["SimpleBot"]


@attrs.define(eq=False)  # a player with a state of its own: equal to itself alone
class SimpleBot:
    """Plays the weakest card that wins the trick (else its weakest card), answers and makes
    bets by the strength of its hand, and sings a good envido. Deterministic given ``rng``.

    It reads nothing but ``match.observation(seat)`` and the variant's public rules.
    """

    rng: random.Random = attrs.field(factory=lambda: random.Random(0))

    @rng.validator
    def _check_rng(self, _attribute: object, value: object) -> None:
        if not isinstance(value, random.Random):
            raise InvalidType("rng", "a random.Random", value)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """One of ``legal`` (the seat's legal actions, or some of them: anything else is
        refused, :mod:`~truco_rules.views.agent_input`) for the seat to act."""
        seat = seat_to_choose(match)
        obs = match.observation(seat)
        v = match.variant
        legal = checked_legal(legal, obs, v.format_action, match.legal_actions(seat))
        by_text = {v.format_action(a): a for a in legal}
        strength = v.ranking.strengths(obs.turned, v.deck.cards)
        mine = sorted(obs.my_cards, key=lambda c: strength[c.index])
        power = sum(strength[c.index] for c in obs.my_dealt) / max(1, len(obs.my_dealt))
        ctx = HandContext(obs.turned, match.seats, seat)
        envido = (v.envido_points(obs.my_dealt, ctx) or 0) if len(obs.my_dealt) == 3 else 0

        def pick(*names: str) -> Action | None:
            for n in names:
                if n in by_text:
                    return by_text[n]
            return None

        if obs.phase == "discard":  # keep the three strongest cards
            return (mine and pick(f"discard {v.format_card(mine[0])}")) or legal[0]
        if obs.phase == "decide-hand":
            keep = power + sum(strength[c.index] for _p, cs in obs.partner_cards for c in cs) / 3
            return pick("accept-hand" if keep >= 7 else "decline-hand") or legal[0]
        if obs.phase == "declare-envido":
            declare = pick(f"declare {envido}")
            return declare or by_text.get("son-buenas") or legal[0]
        if obs.phase == "answer-envido":
            if envido >= 30 and (a := pick("real-envido", "falta-envido")):
                return a
            return pick("quiero" if envido >= 26 else "no-quiero") or legal[0]
        if obs.phase == "answer-flor":
            return pick("con-flor-quiero", "quiero") or legal[0]
        if obs.phase == "answer-call":
            bold = power + 2 * self.rng.random()
            if bold > 10.5 and (a := pick(*v.ladder.names)):
                return a
            return pick("quiero" if bold > 8 else "no-quiero") or legal[0]
        # play phase: side bets first, then a card
        if envido >= 28 and (a := pick("envido")):
            return a
        if power > 9.5 and self.rng.random() < 0.5 and (a := pick(*v.ladder.names)):
            return a
        table = [p for p in obs.current.table if p.trick == len(obs.current.tricks)]
        best_other = max(
            (
                0 if p.card is None or p.down else strength[p.card.index]
                for p in table
                if match.team[p.seat] != obs.team
            ),
            default=-1,
        )
        if len(mine) == 2 and (
            a := pick(f"play {v.format_card(mine[1])} over {v.format_card(mine[0])}")
        ):
            return a  # two cards at once: the higher face up
        for c in mine:
            if strength[c.index] > best_other and (a := pick(f"play {v.format_card(c)}")):
                return a
        if mine and (a := pick(f"play {v.format_card(mine[0])}")):
            return a
        return legal[0]
