"""A match told hand by hand, as a person reads it: the deal, the calls and answers, each
trick with its cards and winner, the points with their reasons, the score.

:func:`play_by_play` replays a match's record and narrates it for someone who may see every
card (a finished record); ``truco-rules replay`` prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..contest.hand import Hand
from ..core.actions import DEAL
from ..core.cards import Card
from ..describe.rule_words import changed_options, option_words
from ..game.dealing import HandSummary
from ..game.state import CHANCE, MatchState

__all__ = ["events_text", "play_by_play", "who_won"]


def events_text(h: HandSummary) -> str:
    """The points a contest gave, with their reasons: ``side 0 +2 (envido), side 1 +1 (tricks)``."""
    return ", ".join(f"side {t} +{p} ({why})" for t, p, why in h.events) or "no points"


def _contest_title(m: MatchState) -> str:
    assert m.hand is not None
    title = f"hand {m.hand_no + 1}"
    plan = m.plan
    if plan is not None and len(plan.contests) > 1:
        done = sum(1 for h in m.history if h.hand_no == m.hand_no)
        title += f", duel {done + 1} of {len(plan.contests)}"
    if plan is not None and plan.kind:
        title += f" ({plan.kind})"
    fmt = m.variant.format_card
    hand = m.hand
    dealt = " | ".join(
        f"seat {s}: {' '.join(fmt(c) for c in hand.dealt[s])}" for s in hand.order
    )
    line = f"{title}: mano seat {hand.order[0]}, score {m.score_text()}\n  dealt: {dealt}"
    if m.turned is not None:
        line += f" | turned: {fmt(m.turned)}"
    return line


def _trick_line(hand: Hand, k: int, fmt: Callable[[Card], str]) -> str:
    cards = ", ".join(
        f"seat {s} {fmt(c)}{' down' if d else ''}" for t, s, c, d in hand.plays if t == k
    )
    res = hand.results[k]
    who = "tied" if res < 0 else f"side {hand.mano_team if res == 0 else 1 - hand.mano_team}"
    return f"  trick {k + 1}: {cards} -> {who}"


def _sung(hand: Hand, flores: int, statements: int) -> Iterator[str]:
    """The songs and statements the engine made for the players since the counts given."""
    for s in hand.flor_sung[flores:]:
        yield f"  seat {s}: flor (sung)"
    for s, value in hand.env_public[statements:]:
        yield f"  seat {s}: {'son buenas' if value is None else f'says {value}'}"


def _narrate(m: MatchState) -> Iterator[str]:
    fmt_action, fmt = m.variant.format_action, m.variant.format_card
    r = m.variant.new_match(
        m.seats,
        seed=m.seed,
        deals=m.deals,
        mano=m.start["mano"],
        scores=tuple(m.start["scores"]),
        chicos=tuple(m.start["chicos"]),
        derivation=m.derivation,  # the deals of the record's own derivation
    )
    dealing: list[str] = []
    contest = None
    for seat, act in m.actions:
        if seat == CHANCE and act.verb == DEAL:
            if act.card is not None:
                dealing.append(fmt(act.card))
            r.apply(act, seat)
            continue
        if dealing:
            yield f"dealing: {' '.join(dealing)}"
            dealing = []
        if r.hand is not None and r.hand is not contest:
            contest = r.hand
            yield _contest_title(r)
            yield from _sung(contest, 0, 0)
        hand = r.hand
        tricks = len(hand.results) if hand is not None else 0
        said = (len(hand.flor_sung), len(hand.env_public)) if hand is not None else (0, 0)
        done = len(r.history)
        r.apply(act, seat)
        yield f"  seat {seat}: {fmt_action(act)}"
        if hand is not None:
            yield from _sung(hand, *said)
            for k in range(tricks, len(hand.results)):
                yield _trick_line(hand, k, fmt)
        for h in r.history[done:]:
            yield f"  points: {events_text(h)} [{h.end_reason}]"
            if h.shown:
                yield "  shown: " + " | ".join(
                    f"seat {s}: {' '.join(fmt(c) for c in cs)}" for s, cs in h.shown
                )
            yield f"  score: {r.score_text()}"
    if dealing:
        yield f"dealing: {' '.join(dealing)}"
    if r.hand is not None and r.hand is not contest:
        yield _contest_title(r)


def who_won(m: MatchState) -> str:
    """Who won the finished match ``m``, in words: ``side 1 wins``; where each player keeps
    his own score, no side wins: ``seat 2 wins``, or ``seats 1, 2 win`` (partners who reach
    the target together)."""
    if m.player_scores is None:
        return f"side {m.winner()} wins"
    seats = m.winning_seats()
    winners = ", ".join(map(str, seats))
    return f"seat {winners} wins" if len(seats) == 1 else f"seats {winners} win"


def play_by_play(m: MatchState) -> str:
    """The match told hand by hand (every card visible: for finished records and review)."""
    head = f"{m.variant.name}, {m.seats} seats"
    if m.seed is not None:
        head += f", seed {m.seed}" + (f" (derivation {m.derivation})" if m.derivation != 1 else "")
    changed = changed_options(m.variant)
    lines = [head, *([f"options: {option_words(changed)}"] if changed else []), *_narrate(m)]
    if m.is_over():
        won = who_won(m)
        if m.player_scores is None:
            won += f" (seats {', '.join(map(str, m.winning_seats()))})"
        lines.append(f"match over: {won}; final score {m.score_text()}")
    else:
        who = m.current_player()
        state = "dealing" if who == CHANCE else f"seat {who} to act"
        lines.append(f"in progress: {state}; score {m.score_text()}")
    return "\n".join(lines)
