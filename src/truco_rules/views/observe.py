"""What one seat may see (docs/architecture.md, "Information").

:func:`observe` builds an :class:`Observation` from public information and the seat's own
cards only: other players' cards are hidden until played face up; a face-down card is known
only to its owner; envido scores appear only as stated. Two states that agree on everything
the seat may see give equal observations, so a bot that reads only observations cannot cheat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..contest.hand import ENV_DECLARING, ENV_DONE, ENV_NONE, ENV_VOID, PHASES, Hand
from ..core.actions import PLAY, Action
from ..core.arguments import seat_index
from ..core.cards import Card

if TYPE_CHECKING:
    from ..game.dealing import HandSummary
    from ..game.state import MatchState

from .observation import HandView, Observation, PlayedCard

__all__ = ["HandView", "Observation", "PlayedCard", "hand_view", "observe"]

_ENV_STATE = ("none", "awaiting answer", "stating scores", "settled", "void")

_NO_CONTEST = HandView(
    mano=-1,
    table=(),
    tricks=(),
    envido_chain=(),
    envido_state="none",
    envido_statements=(),
    flor_sung=(),
    folded=(),
    points=(),
    public_log=(),
    shown=(),
)


def hand_view(
    hand: Hand, seat: int, fmt: Callable[[Action], str], *, recall: bool = False
) -> HandView:
    """The public record of ``hand`` as ``seat`` sees it now; with ``recall``, as it saw it
    fall: where the rules gather a won trick face down (``played_cards_visible=False``),
    the cards of gathered tricks stay in view, every card played face up having been seen
    by every seat as it fell (the closing card of a trick too). The information state
    (:mod:`~truco_rules.views.infostate`) is that record; the observation is what the seat
    sees now."""
    visible = recall or hand.tr.played_cards_visible
    current = hand.trick_no if not hand.over else len(hand.results)

    def seen(t: int, s: int, down: bool) -> bool:
        """Whether ``seat`` sees the card ``s`` played in trick ``t``."""
        return s == seat or (not down and (visible or t >= current))

    table = tuple(PlayedCard(t, s, c if seen(t, s, d) else None, d) for t, s, c, d in hand.plays)
    log: list[tuple[int, str]] = []
    plays = iter(hand.plays)
    for s, act in hand.log:
        if act.verb == PLAY:
            t, _s, _c, d = next(plays)
            if not seen(t, s, d):
                log.append((s, "play down" if d else "play (gathered)"))
                continue
            if act.under is not None and s != seat:  # the card underneath stays hidden
                assert act.card is not None
                log.append((s, fmt(Action.play(act.card)) + " over (down)"))
                continue
        log.append((s, fmt(act)))
    env_state = hand.env_state
    if env_state == ENV_VOID and not hand.env_called:
        env_state = ENV_NONE  # "void" only says something once an envido was called
    statements = tuple(hand.env_public)
    if env_state not in (ENV_DONE, ENV_VOID) and hand.env_state != ENV_DECLARING:
        statements = ()
    return HandView(
        mano=hand.order[0],
        table=table,
        tricks=tuple(hand.results),
        envido_chain=tuple(hand.env_chain),
        envido_state=_ENV_STATE[env_state],
        envido_statements=statements,
        flor_sung=tuple(hand.flor_sung),
        folded=tuple(s for s in hand.order if hand.folded[s]),
        points=tuple(hand.points),
        public_log=tuple(log),
        shown=hand.shown() if hand.over else (),
    )


def public_fields(match: MatchState, seat: int, team: int) -> dict[str, Any]:
    """The fields of an observation every seat sees alike (``seat`` and ``team`` name the
    viewer: a seat and its side, or a spectator's ``-1``); the caller adds the rest."""
    hand = match.hand
    mano = match.mano if hand is None else hand.order[0]
    last = match.last_hand
    return {
        "seat": seat,
        "team": team,
        "seats": match.seats,
        "variant": match.variant.name,
        "scores": match.score,
        "score_text": match.score_text(),
        "chicos": (match.chicos[0], match.chicos[1]),
        "hand_no": match.hand_no,
        "mano": mano,
        "mano_side": match.team[mano],
        "current_player": match.current_player(),
        "previous": None if last is None else hand_view(last, seat, match.variant.format_action),
        "player_scores": tuple(match.player_scores or ()),
        "notation": match.variant.notation,
        "sides": tuple(match.team),
        "contests": tuple(match._contests),
        "contest": match._contest if hand is not None else 0,
    }


def between_hands(match: MatchState) -> dict[str, Any]:
    """The fields every viewer sees alike while no hand is being played (a deal or a discard
    awaited, or the match over): no turned card, no stake, no call, no contest."""
    discarding = match.hand is None and match.current_player() >= 0
    return {
        "phase": "over" if match.is_over() else "discard" if discarding else "deal",
        "turned": None,
        "stake": 0,
        "pending_call": None,
        "pending_caller": None,
        "raise_team": None,
        "current": _NO_CONTEST,
    }


def observe(match: MatchState, seat: int) -> Observation:
    """The observation of ``seat`` in ``match`` (a seat that is not one of the match's raises
    :class:`~truco_rules.core.errors.InvalidSeat`: seat ``-1`` is no seat, not the last one)."""
    if type(seat) is not int or not 0 <= seat < match.seats:
        seat = seat_index(seat, match.seats)
    hand = match.hand
    fmt = match.variant.format_action
    common = public_fields(match, seat, match.team[seat])
    common["discards"] = tuple((s, c if s == seat else None) for s, c in match._discarded)
    if hand is None:
        discarding = match.current_player() >= 0  # a player dealt an extra card discards
        mine = tuple(match._dealt[seat]) if discarding else ()
        return Observation(
            **common,
            **between_hands(match),
            my_cards=mine,
            my_dealt=mine,
            legal_actions=tuple(fmt(a) for a in match.legal_actions(seat)) if discarding else (),
        )
    blind = hand.blind and hand.pos[seat] >= 0

    def held(p: int) -> tuple[Card, ...]:
        # a card put down under a face-up one (two-card play) is no longer in hand
        return tuple(c for c in hand.cards[p] if c != hand.under[p])

    my_cards = () if blind else held(seat)
    my_dealt = tuple(hand.dealt[seat]) if hand.pos[seat] >= 0 and not blind else ()
    if hand.pos[seat] < 0:  # not in the duel in play: the seat still sees what it was dealt
        my_dealt = tuple(match._dealt[seat])
        later = match._contests[match._contest + 1 :]
        my_cards = my_dealt if any(seat in c for c in later) else ()  # its duel is still to come
    partners = tuple((p, held(p)) for p in hand.partners_seen(seat))
    return Observation(
        **common,
        **during_hand(match, hand, seat),
        my_cards=my_cards,
        my_dealt=my_dealt,
        legal_actions=tuple(fmt(a) for a in hand.legal_actions(seat)),
        unseen_cards=len(hand.cards[seat]) if blind else 0,
        partner_cards=partners,
    )


def during_hand(match: MatchState, hand: Hand, seat: int) -> dict[str, Any]:
    """The fields of the contest in play as ``seat`` (or a spectator's ``-1``) sees them:
    every viewer alike but for the contest's record and what it saw of the deal."""
    fmt = match.variant.format_action
    return {
        "phase": PHASES[hand.phase],
        "turned": match.turned,
        "stake": hand.stake(),
        "pending_call": hand.variant.ladder.names[hand.call - 1] if hand.call else None,
        "pending_caller": hand.call_caller if hand.call else None,
        "raise_team": hand.raise_team,
        "current": hand_view(hand, seat, fmt),
        "special": hand.special,
        "deal_seen": _deal_seen(match, seat, fmt),
    }


def _deal_seen(
    match: MatchState, seat: int, fmt: Callable[[Action], str]
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The cards other seats were seen to hold in the deal: a partner's whole hand, if the
    seat saw it (a hand of 11/10: a card he then played face down is no secret to it), and
    in the deal's finished contests the last one's as its public record shows them, the
    earlier ones' (the first duel of a pica-pica, seen from its third) by their face-up
    plays, if played cards stay visible, and their shown cards."""
    hand = match.hand
    if hand is None:
        return ()
    seen: dict[int, list[Card]] = {}

    def add(s: int, card: Card | None) -> None:
        if s != seat and card is not None and card not in seen.setdefault(s, []):
            seen[s].append(card)

    for p in hand.partners_seen(seat):  # a spectator (seat -1) has no partners
        for c in hand.dealt[p]:
            add(p, c)
    done: list[HandSummary] = []  # the deal's finished contests, the last one first
    for h in reversed(match._summaries()):
        if h.hand_no != match.hand_no:
            break
        done.append(h)
    if done:
        last = match.last_hand
        assert last is not None
        view = hand_view(last, seat, fmt)
        for played in view.table:
            add(played.seat, played.card)
        for s, cards in view.shown:
            for c in cards:
                add(s, c)
        # the contests before the last one: their actions are the record's, just before
        # the last contest's and the current one's (a contest records one entry per action)
        actions = match.actions
        end = len(actions) - len(hand.log) - done[0].actions
        visible = match.variant.tricks.played_cards_visible
        for h in done[1:]:
            start = end - h.actions
            for s, act in actions[start:end]:
                if visible and act.verb == PLAY and not act.down:
                    add(s, act.card)
            for s, cards in h.shown:
                for c in cards:
                    add(s, c)
            end = start
    return tuple((s, tuple(cs)) for s, cs in sorted(seen.items()) if cs)
