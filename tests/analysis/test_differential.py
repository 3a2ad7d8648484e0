"""No option is dead: for every option of every built-in variant and every alternative value,
hypothesis finds a concrete game on which changing the option from the variant's own value to
the alternative changes the outcome.

The outcome of a game is what the rules decide: the legal actions of every seat at every step,
the seat to act, the contests' points and how they ended, the scores, the chicos and the
result, and what each seat is shown (its observation: the options that only decide what is
visible, like ``played_cards_visible`` or the malas/buenas split of the score, change that).

Both variants play the same actions in lockstep, chosen from the first one's legal actions by a
seeded random policy that prefers bets and answers to cards and rarely goes to the deck. The
search varies the seat count, the start scores (biased to the malas/buenas boundary and the
target), the first deals (biased to hands with several cards of a suit, for envido and flor),
the mano and the other options, since some options only matter in a context (``tie_next_leader``
at 4 seats, ``simultaneous_finish`` with points credited at the end of the hand, falta values
at given scores).

An option that legitimately cannot change any outcome is listed in ``NO_EFFECT`` with the
reason, and a test checks that it indeed changes nothing. A variant another installed package
registers is not searched: its options are its authors' claim, and the rules it inherits may
carry options its seat counts never reach (examples/truco-uruguayo's 3-seat gallo options).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import truco_rules as tr
from truco_rules.actions import PLAY
from truco_rules.testing import deals, legal_moves, option_values, score_width, start_scores
from truco_rules.variants import builtin_names

NO_EFFECT: dict[str, str] = {
    # Seats are numbered in play order whatever the direction around the physical table
    # (RULES §2.3, D20); the direction is kept only to describe the table.
    "table_direction": "cosmetic: seats are numbered in play order (RULES §2.3, D20)",
}
"""Options that cannot change an outcome in any variant, with the reason."""

NO_EFFECT_IN: dict[tuple[str, str], str] = {
    # After a tied trick of two players the earliest top card is the leader's own (he played
    # first and his card is a top card), so both choices name the same leader (RULES §1.3);
    # every contest of Almería is a 1 v 1 duel (RULES §7.2).
    ("almeria", "tie_next_leader"): "every contest is a duel of two players (RULES §1.3, §7.2)",
    # One refusal is every opponent's refusal when the contest is a duel (RULES §1.5, §7.2).
    ("almeria", "ladder_refusal"): "every contest is a duel: no partner to pass the answer to",
    # No card ranks alone (four 3s on top, RULES §7.1): a card is unbeatable only once its
    # three equals were seen, and a duel shows four cards before its last lead, which can
    # hold three 3s only if tricks 1-2 already decided the hand (RULES §1.4).
    ("almeria", "end_on_unbeatable_card"): "a duel never shows a card's three equals in time",
    ("almeria", "answer_pass"): "every contest is a duel: no partner to pass the answer to",
    ("almeria", "first_answerer"): "every contest is a duel: one player answers a call",
}
"""Options that cannot change an outcome in one variant, with the reason."""

HINTS: dict[str, dict[str, Any]] = {
    # Options that decide only in a rare context: every game tried for them is drawn in it.
    # "kinds" restricts the kind of game, "options" sets other options, "seats" the table.
    "third_trick_tie_after_win_tie": {
        "kinds": ["late-ties"],
        "options": {"second_trick_tie_after_win": "third_trick_decides"},
        "seats": [2],
    },
    "third_trick_tie_after_split": {"kinds": ["last-tie"], "seats": [2]},
    "all_tricks_tied": {
        "kinds": ["ties"],
        "seats": [2],
        # Mineiro's two-card play after a tied first trick makes three ties rare (RULES §6.4)
        "options": {"mineiro_first_trick_tie": "standard"},
    },
    "tie_next_leader": {"kinds": ["ties", "late-ties"], "seats": [4, 6]},
    "second_trick_tie_after_win": {"kinds": ["late-ties"], "seats": [2]},
    "simultaneous_finish": {
        "kinds": ["bets"],
        "options": {"score_timing": "end_of_hand"},
        "scores": "high",
    },
    "falta_mode": {"kinds": ["bets"], "scores": "malas"},
    "allow_envido_three_times": {"kinds": ["bets"]},
    "contraflor_al_resto_value": {
        "kinds": ["flor"],
        "options": {"flor_duel_mode": "s3_ladder"},
        "scores": "malas",
    },
    "contraflor_al_resto_ends_hand": {
        "kinds": ["flor"],
        "options": {"flor_duel_mode": "s3_ladder"},
        "scores": "malas",
    },
    "contraflor_al_resto_refused": {"kinds": ["flor"], "options": {"flor_duel_mode": "s3_ladder"}},
    "flor_same_team_multiple": {"kinds": ["flor"], "seats": [4, 6]},
    "flor_duel_mode": {"kinds": ["flor"]},
    # a side that played goes to the deck in trick 1 (answering a call, at 2 seats)
    "mazo_envido_bonus": {"kinds": ["deck"]},
    # a side goes to the deck while the other holds a flor sung by hand (RULES §2.10)
    "mazo_waits_for_flor": {
        "kinds": ["deck"],
        "options": {"flor_declaration": "manual_without_penalty"},
    },
    # issue 29: rules of the engines that need partners (or a partner's flor)
    "partner_unsung_flor": {"kinds": ["flor"], "seats": [4, 6]},
    "envido_while_partner_unplayed": {
        "kinds": ["bets", "cards"],
        "seats": [4, 6],
        # the seat asked to answer an out-of-turn truco has played, a partner has not
        "options": {"truco_call_timing": "any_time", "envido_caller": "unplayed_player"},
    },
    "answer_pass": {"kinds": ["bets"], "seats": [4, 6]},
    "first_answerer": {"kinds": ["bets"], "seats": [4, 6]},
    "pica_pica_cutoff": {"seats": [6], "hands": 3},
    "pica_pica_start": {"seats": [6], "hands": 3},
}
"""The context some options need (RULES §1.3-§1.4 tie rules, §2.6.4 falta, §2.7.3
contraflor, §2.12.1 pica-pica, §4 B13 simultaneous finish). ``scores``: ``"malas"`` draws two
different scores below the buenas, ``"high"`` two scores close to the target."""

EXAMPLES = 300
"""Most games tried per (option, alternative) before the option is declared dead."""
ACTIONS = 60
"""Most actions of one game."""


def alternatives(v: tr.Variant, name: str) -> list[Any]:
    """The values to compare with ``v``'s own: the other choices, or for an option checked
    by a predicate (``target``, ``chicos_to_win``, a cutoff that may be ``None``) nearby
    valid integers and ``None`` when allowed."""
    info = v.option_info()[name]
    value = info["value"]
    if info["choices"]:
        return [c for c in info["choices"] if c != value]
    candidates: list[Any] = []
    if type(value) is int and value == 0:
        candidates += [10]  # a threshold off by default (pica_pica_start): one that bites
    elif type(value) is int:
        candidates += [max(1, value // 2), value + 1, None]
    elif value is None:
        candidates += [1, 5]
    out: list[Any] = []
    for cand in candidates:
        if cand == value or cand in out:
            continue
        try:
            v.with_options(**{name: cand})
        except tr.InvalidOption:
            continue
        out.append(cand)
    if not out:
        raise AssertionError(
            f"option {name!r} of {v.name} has no choices and no integer value to vary: give "
            "the test values to try in alternatives(), or list it in NO_EFFECT with the reason"
        )
    return out


CASES = [
    (name, opt, alt)
    for name in builtin_names()
    for opt in tr.get_variant(name).option_info()
    if opt not in NO_EFFECT and (name, opt) not in NO_EFFECT_IN
    for alt in alternatives(tr.get_variant(name), opt)
]


Style = tuple[float, float, float, tuple[float, float, float]]
"""Weights of a call or answer, of a card face down, of going to the deck, and of a card of
the rank already leading the trick in tricks 1, 2 and 3 (any other card face up weighs 1)."""

STYLES: dict[str, Style] = {
    "bets": (3.0, 0.5, 0.1, (1.0, 1.0, 1.0)),
    "cards": (0.2, 1.0, 0.0, (1.0, 1.0, 1.0)),
    "ties": (0.0, 0.5, 0.0, (20.0, 20.0, 20.0)),
    "late-ties": (0.0, 0.2, 0.0, (0.1, 20.0, 20.0)),
    "last-tie": (0.0, 0.2, 0.0, (0.1, 0.1, 20.0)),
    "deck": (1.0, 1.0, 4.0, (1.0, 1.0, 1.0)),
}


def policy(
    m: tr.Match, rng: random.Random, style: Style
) -> Callable[[list[tuple[int, tr.Action]]], tuple[int, tr.Action]]:
    """A random choice among the legal moves of ``m``, weighted by ``style``."""
    bets, down, deck, ties = style

    def choose(moves: list[tuple[int, tr.Action]]) -> tuple[int, tr.Action]:
        hand = m.hand
        on_table = getattr(hand, "trick_plays", ()) if hand is not None else ()
        ranks = {p[1].rank for p in on_table if isinstance(p[1], tr.Card) and not p[2]}
        tie = ties[min(2, getattr(hand, "trick_no", 0))]
        weights = []
        for _s, act in moves:
            if act.verb == "mazo":
                w = deck
            elif act.verb != PLAY:
                w = bets
            elif act.down:
                w = 0.0 if not ranks and tie > 1.0 else down  # lead face up: others can tie
            else:
                w = tie if act.card is not None and act.card.rank in ranks else 1.0
            weights.append(w)
        if not any(weights):
            return moves[rng.randrange(len(moves))]
        return rng.choices(moves, weights=weights)[0]

    return choose


def first_difference(
    a: tr.Match,
    b: tr.Match,
    choose: Callable[[list[tuple[int, tr.Action]]], tuple[int, tr.Action]],
    hands: int,
) -> str | None:
    """Play ``a`` and ``b`` in lockstep; the first way their outcomes differ, or ``None``."""
    for _ in range(ACTIONS):
        moves = legal_moves(a, True)
        why = _same_state(a, b, moves)
        if why or a.is_over():
            return why
        seat, act = choose(moves)
        a.apply(act, seat)
        b.apply(act, seat)
        for x, y in zip(a.history, b.history, strict=False):
            if (x.points, x.events, x.winner, x.end_reason) != (
                y.points,
                y.events,
                y.winner,
                y.end_reason,
            ):
                return f"contest {x.hand_no}: {x.events} / {y.events}"
        if len(a.history) != len(b.history):
            return "contests ended at different times"
        if (a.score, a.chicos) != (b.score, b.chicos):
            return f"score: {a.score} / {b.score}"
        if len(a.history) >= hands:
            break
    why = _same_state(a, b, legal_moves(a, True))
    if why:
        return why
    for seat in range(a.seats):
        if a.observation(seat).to_dict() != b.observation(seat).to_dict():
            return f"observation of seat {seat}"
    return None


def _same_state(a: tr.Match, b: tr.Match, moves: list[tuple[int, tr.Action]]) -> str | None:
    if a.is_over() != b.is_over() or a.winner() != b.winner():
        return f"result: over {a.is_over()} / {b.is_over()}, winner {a.winner()} / {b.winner()}"
    if a.current_player() != b.current_player():
        return f"seat to act: {a.current_player()} / {b.current_player()}"
    if moves != legal_moves(b, True):
        return "legal actions"
    return None


def _scores(
    v: tr.Variant, seats: int, kind: str | None = None
) -> st.SearchStrategy[tuple[int, ...]]:
    """Start scores: the kit's, or just below (or above) any integer option's distance to
    the target (a cutoff such as ``pica_pica_cutoff`` counts from the target); ``kind``
    ``"malas"`` or ``"high"`` as in :data:`HINTS`."""
    t = v.match.target
    if kind is not None and score_width(v, seats) == 2:
        top = max(1, v.match.buenas_threshold if v.match.split else t // 2)
        low, high = (0, top - 1) if kind == "malas" else (max(0, t - 6), t - 1)
        pair = st.tuples(st.integers(low, high), st.integers(low, high))
        return pair.filter(lambda p: p[0] != p[1]) if high > low else pair
    near = set()
    for value in v.options().values():
        if type(value) is int:
            near |= {t - value - 1, t - value, t - value + 1, value - 1, value, value + 1}
    near = {x for x in near if 0 <= x < t}
    width = score_width(v, seats)
    if width != 2 or not near:
        return start_scores(v, seats) if width == 2 else st.just((0, 0))
    one = st.sampled_from(sorted(near))
    return st.one_of(start_scores(v, seats), st.tuples(one, one))


KINDS: dict[str, tuple[str | None, str]] = {
    # kind of game: (bias of the first deals, playing style)
    "bets": (None, "bets"),
    "flor": ("suits", "bets"),
    "ties": ("ranks", "ties"),
    "late-ties": ("ranks", "late-ties"),
    "last-tie": ("ranks", "last-tie"),
    "cards": ("ranks", "cards"),
    "deck": (None, "deck"),
}


@st.composite
def contexts(draw: st.DrawFn, v: tr.Variant, name: str, alt: Any) -> dict[str, Any]:
    """A game to try: its kind (deals and playing style), seats, options around the tested
    one, start scores and chicos."""
    hint = HINTS.get(name, {})
    kind = draw(st.sampled_from(hint.get("kinds", sorted(KINDS))))
    bias, style = KINDS[kind]
    forced = {k: x for k, x in hint.get("options", {}).items() if k in v.option_info()}
    context = {**draw(option_values(v, exclude=[name, *forced])), **forced}
    base = v.with_options(**context)
    other = base.with_options(**{name: alt})
    seats_hint = [n for n in hint.get("seats", ()) if n in base.seat_counts]
    seats = draw(st.sampled_from(seats_hint or base.seat_counts))
    low = base if base.match.target <= other.match.target else other
    need = min(base.match.chicos_to_win, other.match.chicos_to_win)
    source: dict[str, Any]
    if set(base.deck.cards) == set(other.deck.cards):
        first = st.lists(deals(variant=base, bias=bias, seats=seats), min_size=1, max_size=3)
        source = {"deals": draw(first), "mano": draw(st.integers(0, seats - 1))}
    else:
        source = {"seed": draw(st.integers(0, 2**31 - 1))}
    chicos = draw(st.sampled_from([(0, 0), (need - 1, need - 1), (need - 1, 0)]))
    if score_width(low, seats) != 2:
        chicos = (0, 0)
    return {
        "kind": kind,
        "options": context,
        "seats": seats,
        "start": {
            "scores": draw(_scores(low, seats, hint.get("scores"))),
            "chicos": chicos,
            **source,
        },
        "style": STYLES[style],
        "rng": draw(st.integers(0, 2**32 - 1)),
        "hands": hint.get("hands") or draw(st.integers(1, 2)),
    }


def differs(v: tr.Variant, name: str, alt: Any, ctx: Mapping[str, Any]) -> str | None:
    base = v.with_options(**ctx["options"])
    other = base.with_options(**{name: alt})
    a = base.new_match(ctx["seats"], **ctx["start"])
    b = other.new_match(ctx["seats"], **ctx["start"])
    choose = policy(a, random.Random(ctx["rng"]), ctx["style"])
    return first_difference(a, b, choose, ctx["hands"])


SEARCH = settings(
    max_examples=EXAMPLES,
    phases=[Phase.generate],
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("name,option,alt", CASES, ids=[f"{n}-{o}={a}" for n, o, a in CASES])
def test_option_changes_some_outcome(name: str, option: str, alt: Any) -> None:
    """Each option of RULES §8 (the disagreement register) and of the variants' sections
    decides something: some game tells its alternatives apart."""
    v = tr.get_variant(name)
    try:
        ctx = find(
            contexts(v, option, alt),
            lambda c: differs(v, option, alt, c) is not None,
            settings=SEARCH,
        )
    except NoSuchExample:
        pytest.fail(
            f"{name}: no game in {EXAMPLES} tells {option}={v.options()[option]!r} from "
            f"{option}={alt!r} apart: a dead option, or one that needs a context the search "
            "does not reach (extend contexts()), or a cosmetic one (list it in NO_EFFECT)"
        )
    # the game found replays: the same difference shows again
    assert differs(v, option, alt, ctx) is not None


ALLOWED = [(None, o) for o in sorted(NO_EFFECT)] + sorted(NO_EFFECT_IN)


@pytest.mark.parametrize("variant,option", ALLOWED, ids=[f"{v or 'all'}-{o}" for v, o in ALLOWED])
def test_options_listed_as_without_effect_change_nothing(variant: str | None, option: str) -> None:
    """The allow-lists are honest: their options exist, and on many games (drawn as for the
    other options, hints included) no outcome changes."""
    names = [variant] if variant is not None else list(builtin_names())
    found = [n for n in names if option in tr.get_variant(n).option_info()]
    assert found, f"{option} is no option of {variant or 'any built-in variant'}: drop it"
    for name in found:
        v = tr.get_variant(name)
        for alt in alternatives(v, option):
            try:
                ctx = find(
                    contexts(v, option, alt),
                    lambda c, v=v, alt=alt: differs(v, option, alt, c) is not None,
                    settings=settings(SEARCH, max_examples=40),
                )
            except NoSuchExample:
                continue
            pytest.fail(f"{name}: {option}={alt!r} changes an outcome: {ctx}")
