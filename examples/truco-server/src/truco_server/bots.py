"""Seats the server plays itself: bots, and what a seat does when its turn timer runs out."""

from __future__ import annotations

import copy
import random

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, ReaderAgent, default_agent
from truco_rules.runs.bots import SimpleBot

__all__ = ["BOT_KINDS", "Bot", "make_bot", "timeout_action"]

BOT_KINDS = (
    "default:fast", "default:default", "default:strong",
    "simple", "ismcts:fast", "ismcts:default", "ismcts:strong",
)  # fmt: skip
"""The bots a table can seat: the library's default agent (its strongest,
``truco_rules.agents.default_agent``) or its ISMCTS agent at a strength, or its simple
bot."""


class Bot:
    """A bot seat: it reads the match through the library's agents, which read nothing but
    the seat's own observation and the rules.

    Its play is a function of the match alone, so that a server that restarts, or a human
    who acts while the bot thinks, changes nothing: each decision draws from a generator
    seeded by the bot's seed and the number of actions so far, and is made on a copy of the
    agent (an agent may keep what it read of the table) that takes the agent's place only
    once the action is applied (:meth:`commit`). A bot rebuilt for a match already under
    way (a restart) first takes its own past decisions again, on a replay of the record, to
    reach the state it had (:meth:`choose` does it once, off the event loop for a search)."""

    def __init__(self, kind: str, seed: int, seat: int, under_way: bool = False) -> None:
        self.kind = kind
        self.seed = seed
        self.seat = seat
        self.slow = kind != "simple"  # a search: it runs off the event loop
        family, _sep, strength = kind.partition(":")
        self.agent: SimpleBot | ISMCTSAgent | ReaderAgent
        if family == "default":
            self.agent = default_agent(seed=seed, strength=strength)
        elif family == "ismcts":
            self.agent = ISMCTSAgent.with_strength(strength, seed=seed)
        else:
            self.agent = SimpleBot(rng=random.Random(seed))
        self.behind = under_way  # its past decisions still to take again
        self._pending: SimpleBot | ISMCTSAgent | ReaderAgent | None = None

    def choose(self, match: tr.Match) -> str:
        """The bot's action at ``match`` (its seat is the one to act), as text; the agent as
        it is after the decision waits for :meth:`commit`."""
        if self.behind:
            self._catch_up(match)
        agent = copy.deepcopy(self.agent)
        agent.rng.seed(f"truco-server/{self.seed}/{len(match.actions)}")
        action = agent.choose(match, match.legal_actions())
        self._pending = agent
        return match.variant.format_action(action)

    def commit(self) -> None:
        """The action :meth:`choose` gave was applied: the agent is as that decision left it."""
        if self._pending is not None:
            self.agent, self._pending = self._pending, None

    def _catch_up(self, match: tr.Match) -> None:
        """Take the bot's past decisions of ``match`` again, on a replay of its record."""
        record = match.to_record()
        replay = tr.Match.from_record({**record, "actions": []})
        for seat, action in match.actions:
            if seat == self.seat and replay.current_player() == seat:
                self.choose(replay)
                self.commit()
            replay.apply(action, seat)
        self.behind = False


def make_bot(kind: str, seed: int, seat: int, under_way: bool = False) -> Bot:
    """A bot of one of :data:`BOT_KINDS` at ``seat``; ``under_way``: for a match already
    under way (see :class:`Bot`)."""
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}: one of {', '.join(BOT_KINDS)}")
    return Bot(kind, seed, seat, under_way)


def timeout_action(match: tr.Match, seat: int) -> str:
    """What ``seat`` does when its turn timer runs out: it goes to the deck (``mazo``) when it
    may; else it plays its lowest card face up (by the variant's trick strength, given the
    turned card); else it declines a pending call (``no-quiero``); else it takes its first
    legal action in the library's order (a forced statement). Every built-in variant with
    its default options lets a seat go to the deck on every turn it could play a card."""
    obs = match.observation(seat)
    legal = obs.legal_actions
    if "mazo" in legal:
        return "mazo"
    v = match.variant
    plays = []
    for text in legal:
        action = v.parse_action(text)
        face_up = action.card is not None and not action.down and action.under is None
        if action.verb == "play" and face_up:
            assert action.card is not None
            plays.append((v.card_strength(action.card, obs.turned), text))
    if plays:
        return min(plays, key=lambda p: p[0])[1]  # equal strengths: the first in the hand
    if "no-quiero" in legal:
        return "no-quiero"
    return legal[0]
