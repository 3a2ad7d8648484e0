"""Fixed-size numeric views of an observation, for learning agents and adapters.

:func:`observation_features` turns one seat's :class:`~truco_rules.Observation` into a flat
list of floats whose length, :func:`observation_size`, depends only on the variant and the
seat count. Seats are counted *relative* to the observer (0 = itself, 1 = the next seat...)
and sides as "mine" and "theirs", so one network can play every seat.
:func:`information_features` adds what the observer saw in the previous contest. A
spectator's view (:meth:`Match.public_observation <truco_rules.match.Match.public_observation>`)
is counted from seat 0, with no cards of its own.

Layout (``D`` = cards in the deck, ``n`` = seats, ``L`` = ladder rungs):

| features | meaning |
|---|---|
| `D` | cards in my hand |
| `D` | cards I was dealt |
| `D` | the turned card |
| `D` | partners' cards I may see |
| `n * D` | face-up cards each seat played in this contest |
| `n` | face-down cards each seat played (/ 3) |
| `9` | each of 3 tricks: won by my side, theirs, tied |
| `4` | scores and chicos, mine and theirs (/ target) |
| `1 + (L + 1)` | stake (/ top rung); the pending call (one-hot) |
| `len(phase_names(v))` | the phase (one-hot) |
| `n + 1` | who acts (relative seat; last: nobody) |
| `n` | the contest's mano (relative seat) |
| `5` | envido: best statement mine / theirs (/ 40), chain length (/ 5), flores sung mine / theirs |
| `2 * K` | each call of this contest said by my side, by theirs (/ 3) |
| `K + 1` | the contest's last call (one-hot; last: none yet) |

``K`` is the number of the variant's calls, :func:`call_names`: its actions without a card
or number (the ladder's rungs and answers, the envido's and flor's calls, going to the deck,
a variant's own side bets' calls), in action-id order. With them two states that differ in
what is bet (an envido or a falta envido awaiting an answer; a flor or a contraflor) differ
in their features, as they do in their legal actions.
"""

from __future__ import annotations

import functools

import attrs

from ..contest.hand import PHASES, SIDE
from ..core.arguments import integer
from ..core.errors import InvalidOption, InvalidType
from ..rules.action_space import ActionSpace
from ..rules.variant import Variant
from .observe import HandView, Observation

__all__ = [
    "PHASE_NAMES",
    "call_names",
    "information_features",
    "information_size",
    "observation_features",
    "observation_size",
    "phase_names",
]

PHASE_NAMES: tuple[str, ...] = (*PHASES[:SIDE], "deal", "discard")
"""Every value of :attr:`Observation.phase` in one-hot order, but ``answer-side-bet``: a
variant with side bets of its own (:attr:`Variant.side_bets`) has it as one more, last."""


def _variant(variant: object) -> Variant:
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "a Variant (match.variant)", variant)
    return variant


def phase_names(variant: Variant) -> tuple[str, ...]:
    """The phases of ``variant`` in one-hot order (:data:`PHASE_NAMES`, and the side-bet
    phase if the variant has side bets of its own)."""
    variant = _variant(variant)
    return (*PHASE_NAMES, PHASES[SIDE]) if variant.side_bets else PHASE_NAMES


def _call_index(variant: Variant) -> dict[str, int]:
    """Each of :func:`call_names` with its position (worked out once per action space, which
    the variant keeps)."""
    return _calls_of(variant.action_space)


@functools.lru_cache(maxsize=64)
def _calls_of(space: ActionSpace) -> dict[str, int]:
    # an action without a card or a number is written as its verb in every notation
    verbs = [a.verb for a in space.actions if a.card is None and a.number is None]
    return {verb: i for i, verb in enumerate(dict.fromkeys(verbs))}


def call_names(variant: Variant) -> tuple[str, ...]:
    """The calls of ``variant`` in the features' order: the text of each action of its
    action space without a card or number, in id order."""
    return tuple(_call_index(_variant(variant)))


def observation_size(variant: Variant, seats: int) -> int:
    """The length of :func:`observation_features` for ``variant`` at ``seats`` seats (a
    seat count its table has: UnsupportedSeats otherwise)."""
    variant = _variant(variant)
    seats = integer(seats, "seats")
    variant.table.check_seats(seats, variant.name)
    d = len(variant.deck.cards)
    rungs = len(variant.ladder.names)
    phases = len(phase_names(variant))
    calls = len(call_names(variant))
    return (
        4 * d + seats * d + seats + 9 + 4 + 1 + rungs + 1 + phases + 2 * seats + 1 + 5
    ) + 3 * calls + 1


def information_size(variant: Variant, seats: int) -> int:
    """The length of :func:`information_features`."""
    seats = integer(seats, "seats")
    size = observation_size(variant, seats)  # its checks
    d = len(variant.deck.cards)
    return size + seats * d + d


def _table(out: list[float], view: HandView | None, me: int, n: int, index: dict[int, int]) -> None:
    d = len(index)
    base = len(out)
    out.extend([0.0] * (n * d))
    if view is None:
        return
    for p in view.table:
        if p.card is not None and not p.down:
            out[base + ((p.seat - me) % n) * d + index[p.card.index]] = 1.0


def observation_features(obs: Observation, variant: Variant) -> list[float]:
    """The observation as ``observation_size(variant, obs.seats)`` floats; ``variant`` is
    the observation's (InvalidOption for another)."""
    if not isinstance(obs, Observation):
        raise InvalidType("obs", "an Observation (from match.observation(seat))", obs)
    variant = _variant(variant)
    if variant.name != obs.variant:  # another variant's features: silently wrong numbers
        raise InvalidOption("variant", variant.name, f"the observation's, {obs.variant!r}")
    obs = _framed(obs)
    deck = variant.deck.cards
    index = {c.index: i for i, c in enumerate(deck)}
    d, n, me = len(deck), obs.seats, obs.seat
    out: list[float] = []

    def cards(cs: object) -> None:
        row = [0.0] * d
        for c in cs:  # type: ignore[attr-defined]
            row[index[c.index]] = 1.0
        out.extend(row)

    cards(obs.my_cards)
    cards(obs.my_dealt)
    cards(() if obs.turned is None else (obs.turned,))
    cards(tuple(c for _s, held in obs.partner_cards for c in held))
    _table(out, obs.current, me, n, index)
    down = [0.0] * n
    for p in obs.current.table:
        if p.down:
            down[(p.seat - me) % n] += 1 / 3
    out.extend(down)
    mine_is_mano = obs.mano_side == obs.team
    for t in range(3):
        row = [0.0, 0.0, 0.0]
        if t < len(obs.current.tricks):
            r = obs.current.tricks[t]
            row[2 if r < 0 else 0 if (r == 0) == mine_is_mano else 1] = 1.0
        out.extend(row)
    target = max(1, variant.match.target)
    chicos = max(1, variant.match.chicos_to_win)
    us, them = obs.team, 1 - obs.team
    out += [obs.scores[us] / target, obs.scores[them] / target]
    out += [obs.chicos[us] / chicos, obs.chicos[them] / chicos]
    out.append(obs.stake / max(1, max(variant.ladder.values)))
    call = [0.0] * (len(variant.ladder.names) + 1)
    names = variant.ladder.names
    call[names.index(obs.pending_call) + 1 if obs.pending_call in names else 0] = 1.0
    out.extend(call)
    phases = phase_names(variant)
    phase = [0.0] * len(phases)
    if obs.phase in phases:
        phase[phases.index(obs.phase)] = 1.0
    out.extend(phase)
    who = [0.0] * (n + 1)
    who[(obs.current_player - me) % n if obs.current_player >= 0 else n] = 1.0
    out.extend(who)
    mano = [0.0] * n
    mano[(obs.mano - me) % n] = 1.0
    out.extend(mano)
    side = _sides(obs)
    best = [0.0, 0.0]
    for s, v in obs.current.envido_statements:
        if v is not None:
            k = 0 if side.get(s, us) == us else 1
            best[k] = max(best[k], v / 40)
    out.extend(best)
    out.append(len(obs.current.envido_chain) / 5)
    flor = [0.0, 0.0]
    for s in obs.current.flor_sung:
        flor[0 if side.get(s, us) == us else 1] += 1 / max(1, n)
    out.extend(flor)
    _calls(out, obs, variant, side)
    return out


def _calls(out: list[float], obs: Observation, variant: Variant, side: dict[int, int]) -> None:
    """The calls of the contest in play, by side, and its last call."""
    index = _call_index(variant)
    k = len(index)
    said = [0.0] * (2 * k)
    last = k
    for s, text in obs.current.public_log:
        i = index.get(text)
        if i is not None:
            said[2 * i + (0 if side.get(s, obs.team) == obs.team else 1)] += 1 / 3
            last = i
    out.extend(said)
    one = [0.0] * (k + 1)
    one[last] = 1.0
    out.extend(one)


def _framed(obs: Observation) -> Observation:
    """``obs``, or for a spectator's view (:meth:`Match.public_observation
    <truco_rules.match.Match.public_observation>`, seat ``-1``: no cards of its own) the same
    view framed as seat 0's: seats counted from seat 0, sides as seat 0's and the other."""
    if obs.seat >= 0:
        return obs
    return attrs.evolve(obs, seat=0, team=obs.sides[0] if obs.sides else 0)


def _sides(obs: Observation) -> dict[int, int]:
    """Each seat's side in the deal (:attr:`Observation.sides`: at 3 seats the gallo is
    alone against the pair, so sides do not alternate there)."""
    if len(obs.sides) == obs.seats:
        return dict(enumerate(obs.sides))
    return {s: obs.team if (s - obs.seat) % 2 == 0 else 1 - obs.team for s in range(obs.seats)}


def information_features(obs: Observation, variant: Variant) -> list[float]:
    """:func:`observation_features` plus the face-up cards each seat played in the previous
    contest and the cards shown at its end."""
    out = observation_features(obs, variant)
    obs = _framed(obs)
    deck = variant.deck.cards
    index = {c.index: i for i, c in enumerate(deck)}
    _table(out, obs.previous, obs.seat, obs.seats, index)
    shown = [0.0] * len(deck)
    if obs.previous is not None:
        for _s, cs in obs.previous.shown:
            for c in cs:
                shown[index[c.index]] = 1.0
    out.extend(shown)
    return out
