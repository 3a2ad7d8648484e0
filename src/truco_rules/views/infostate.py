"""Observation and information-state strings: one seat's view as text.

* :func:`observation_string` is what the seat sees *now* (its :class:`Observation` on one
  line): scores, its cards, the turned card, the contest in play and the one before it.
* An *information state* is everything the seat has seen, in order: one segment per
  finished contest (its own cards and the partners' it was shown in a hand of 11/10, the
  turned card, the public record as it saw it, shown cards and points), its discards, then
  the contest in play. :class:`InfoTracker` builds it
  incrementally as a match is played; :meth:`Match.information_state_string` replays the
  match through one. Two histories the seat cannot tell apart give the same string, and
  two it can tell apart never do: where won tricks are gathered face down
  (``played_cards_visible=False``) the observation no longer shows their cards, but the
  information state keeps every card the seat saw fall, a trick's closing card too.

Both are built from the seat's observation and the public record as the seat saw it, so
they never reveal a card the seat has not seen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from ..contest.flor_bet import FlorBet
from ..contest.flor_holders import partner_silences, sings_first
from ..contest.hand import Hand
from ..core.actions import DISCARD, Action
from ..core.arguments import seat_index
from ..core.cards import Card
from ..core.errors import InvalidType
from ..game.state import MatchState
from .observe import HandView, Observation, hand_view, observe

if TYPE_CHECKING:
    from ..contest.bet_states import FlorState
    from ..game.dealing import HandSummary

__all__ = ["InfoTracker", "contest_text", "observation_string"]

CardFmt = Callable[[Card], str]


def _cards(cs: Sequence[Card], fmt: CardFmt) -> str:
    return " ".join(fmt(c) for c in cs) or "-"


def _shown_text(shown: Sequence[tuple[int, Sequence[Card]]], fmt: CardFmt) -> str:
    return "shown " + " ".join(f"{s}:{_cards(cs, fmt).replace(' ', ',')}" for s, cs in shown)


def contest_text(
    view: HandView,
    mine: Sequence[Card],
    turned: Card | None,
    fmt: CardFmt,
    partners: Sequence[tuple[int, Sequence[Card]]] = (),
    silenced: bool = False,
) -> str:
    """One contest as a seat saw it: its cards (and the partners' it was shown, or whether a
    partner's flor took its calls away), the turned card, the public record."""
    parts = [f"mano {view.mano}", f"cards {_cards(mine, fmt)}"]
    parts += [f"partner {p} dealt {_cards(cs, fmt)}" for p, cs in partners]
    if silenced:
        parts.append("calls taken by a partner's flor")
    if turned is not None:
        parts.append(f"turned {fmt(turned)}")
    parts.append("log " + ("; ".join(f"{s}:{t}" for s, t in view.public_log) or "-"))
    if view.envido_statements:
        parts.append(
            "stated "
            + " ".join(f"{s}:{'buenas' if v is None else v}" for s, v in view.envido_statements)
        )
    if view.flor_sung:
        parts.append("flor " + " ".join(map(str, view.flor_sung)))
    if view.points:
        parts.append("points " + " ".join(f"{t}+{p}({why})" for t, p, why in view.points))
    if view.shown:
        parts.append(_shown_text(view.shown, fmt))
    return " | ".join(parts)


def _now_text(obs: Observation, fmt: CardFmt) -> str:
    """The live part of an observation: standing, turn, phase, pending bets."""
    parts = [
        f"score {obs.scores[0]}-{obs.scores[1]}",
        f"chicos {obs.chicos[0]}-{obs.chicos[1]}",
        f"to act {obs.current_player}",
        f"phase {obs.phase}",
        f"stake {obs.stake}",
    ]
    if obs.player_scores:
        parts.append("players " + "-".join(map(str, obs.player_scores)))
    if obs.pending_call:
        parts.append(f"call {obs.pending_call} by {obs.pending_caller}")
    if obs.special:
        parts.append(f"special {obs.special}")
    if obs.unseen_cards:
        parts.append(f"unseen {obs.unseen_cards}")
    parts.append(f"hand {_cards(obs.my_cards, fmt)}")
    for p, held in obs.partner_cards:
        parts.append(f"partner {p} {_cards(held, fmt)}")
    return " | ".join(parts)


def observation_string(obs: Observation, fmt: CardFmt = str) -> str:
    """What a seat sees now, on one line (``fmt`` formats a card; default Spanish)."""
    if not isinstance(obs, Observation):
        raise InvalidType("obs", "an Observation", obs)
    if not callable(fmt):
        raise InvalidType("fmt", "a function card -> text", fmt)
    head = f"seat {obs.seat} side {obs.team} of {obs.seats} | {_now_text(obs, fmt)}"
    parts = [head]
    if obs.previous is not None:
        parts.append("previous [" + contest_text(obs.previous, (), None, fmt) + "]")
    if obs.phase not in ("deal", "over", "discard"):
        parts.append("current [" + contest_text(obs.current, obs.my_dealt, obs.turned, fmt) + "]")
    return " || ".join(parts)


def _partners_dealt(hand: Hand, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The partners' dealt cards ``seat`` was shown (the side of a hand of 11/10), in the
    deck's order (it saw a hand, not an order of dealing): part of what it has seen, though
    the partner plays them face down later."""
    return tuple(
        (p, tuple(sorted(hand.dealt[p], key=lambda c: c.index))) for p in hand.partners_seen(seat)
    )


def _silenced(hand: Hand, seat: int) -> bool:
    """Whether a partner's flor still to sing takes ``seat``'s calls away now
    (``partner_unsung_flor='no_calls'``): its own options tell it, so it has seen it."""
    state = cast("FlorState | None", hand.bet_state("flor"))
    if state is None:
        return False
    bet = hand.bets[hand.bt.by_name["flor"]]
    if not isinstance(bet, FlorBet) or not bet.silenced or not partner_silences(hand, state, seat):
        return False
    # what it may do, before the flor narrows it: silenced, unless its own flor narrows it
    # first, and only where a call was taken (with none to make it could not tell)
    base = hand._legal_by_phase(seat, seat == hand.turn) if hand.pos[seat] >= 0 else []
    if sings_first(hand, base, bet.sing_or_leave):
        return False
    return bet.restrict(hand, state, seat, base) != base


def _own_dealt(hand: Hand, seat: int) -> tuple[Card, ...]:
    if hand.blind and hand.pos[seat] >= 0:
        return ()  # a blind hand: the seat never saw its cards (they show as they fall)
    return tuple(hand.dealt[seat])


def _summary_text(h: HandSummary, fmt: CardFmt) -> str:
    """A contest that ended as it began (no Hand kept): only its public outcome."""
    parts = [f"mano {h.mano}", "log -"]
    if h.events:
        parts.append("points " + " ".join(f"{t}+{p}({why})" for t, p, why in h.events))
    if h.shown:
        parts.append(_shown_text(h.shown, fmt))
    return " | ".join(parts)


class InfoTracker:
    """Builds every seat's information-state string as a match is played.

    Call :meth:`update` after every action applied to the match (and once at the start);
    :meth:`string` gives a seat's information state at any time.
    """

    __slots__ = ("_actions", "_contests", "_fmt", "_past", "_silenceable", "_silenced")

    def __init__(self, match: MatchState) -> None:
        if not isinstance(match, MatchState):
            raise InvalidType("match", "a Match", match)
        self._fmt: Callable[[Action], str] = match.variant.format_action
        self._past: list[list[str]] = [[] for _ in range(match.seats)]
        self._contests = 0
        self._actions = 0
        self._silenced: set[int] = set()  # seats a partner's flor silenced in this contest
        flor = match.variant.flor  # whether it can (asked once, not at every action)
        self._silenceable = flor is not None and flor.partner_flor_silences()
        self.update(match)

    def copy(self) -> InfoTracker:
        """An independent copy (for a copied match)."""
        new = InfoTracker.__new__(InfoTracker)
        new._fmt = self._fmt
        new._past = [list(p) for p in self._past]
        new._contests = self._contests
        new._actions = self._actions
        new._silenced = set(self._silenced)
        new._silenceable = self._silenceable
        return new

    def update(self, match: MatchState) -> None:
        """Take in what happened since the last call."""
        if not isinstance(match, MatchState):
            raise InvalidType("match", "a Match", match)
        card_fmt = match.variant.format_card
        for s, act in match.actions[self._actions :]:
            if act.verb == DISCARD and act.card is not None:
                for p in range(match.seats):  # only its owner sees the card put aside
                    text = self._fmt(act) if p == s else "discard (unseen)"
                    self._past[p].append(f"{s}:{text}")
        self._actions = len(match.actions)
        done = match.history[self._contests :]
        # the contests the latest action ended are kept whole (one action may end two: a
        # contest's end starts one that ends as it begins); older ones only as summaries
        kept = match.last_hands[-len(done) :] if done else ()
        first_kept = len(done) - len(kept)
        for k, h in enumerate(done):
            for p in range(match.seats):
                if k >= first_kept:
                    hand = kept[k - first_kept]
                    view = hand_view(hand, p, self._fmt, recall=True)
                    text = contest_text(
                        view,
                        _own_dealt(hand, p),
                        hand.turned,
                        card_fmt,
                        _partners_dealt(hand, p),
                        k == 0 and p in self._silenced,  # the contest it was in play
                    )
                else:
                    text = _summary_text(h, card_fmt)
                self._past[p].append(f"[{text}]")
        self._contests = len(match.history)
        if done:
            self._silenced = set()
        live = match.hand
        if live is not None and self._silenceable:
            self._silenced.update(p for p in range(match.seats) if _silenced(live, p))

    def string(self, match: MatchState, seat: int) -> str:
        """The information state of ``seat`` (the match must be the one tracked); a seat the
        match does not have raises :class:`~truco_rules.core.errors.InvalidSeat`."""
        seat = seat_index(seat, match.seats)
        obs = observe(match, seat)
        fmt = match.variant.format_card
        head = f"{match.variant.name} seats {match.seats} seat {seat}"
        live = _now_text(obs, fmt)
        if obs.phase not in ("deal", "over", "discard"):
            hand = match.hand  # as the seat saw it fall: a gathered trick's cards too
            view = obs.current if hand is None else hand_view(hand, seat, self._fmt, recall=True)
            partners = () if hand is None else _partners_dealt(hand, seat)
            now = contest_text(
                view, obs.my_dealt, obs.turned, fmt, partners, seat in self._silenced
            )
            live += " | now [" + now + "]"
        elif obs.phase == "discard":
            live += f" | dealt {_cards(obs.my_dealt, fmt)}"
        return " || ".join([head, *self._past[seat], live])
