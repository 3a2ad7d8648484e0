"""A differential trace of random matches through the public API (issue 22, "Unchanged").

Every built-in variant, at every seat count it has, with its options as registered and with
each other value of each option applied one at a time, plays a few random matches. A seeded
agent picks legal moves of any seat (out-of-turn calls and answers included) and applies them
in every public way (the very object ``legal_actions()`` returned, text, an equal parsed
object, an integer id; the seat given or left implicit). Before each move it makes a few
attempts that must fail (a seat that may not act, a verb of the variant's action space that
is not legal, a card the seat does not hold, text that is no action, a seat that is no seat,
an action object that was legal a step ago and is no longer) and notes the exception's class
and message. At every step the trace takes, canonically:

* the seat to act, whether the match is over or at a chance node;
* the legal actions of every seat as text (and of the seat to act as integer ids);
* every seat's observation as plain data (``Observation.to_dict``);
* the table as text, the match's repr, the scores, chicos, winner and returns;
* on a fifth of the steps, the position string and every seat's observation string; on one
  in 25, one seat's information-state string;

and when a contest ends (and at the end of the match): the new history entries, the hand
returns, the record as JSON and as text, and information-state strings (one seat's in turn;
every seat's at the end). Now and then a copy is checked equal to its match and independent
of it, and an undo and redo to give back the same record; at the end the record replays (JSON
and text) and the match pickles to an equal one. Each match is dealt from explicit card orders
(``deals=[...]``) drawn from the match's own ``random.Random``, so the trace never depends on
how a seed derives the deals; when the explicit deals run out the deals are chance nodes and
the agent deals the cards. A match starts from a drawn mano and, often, drawn scores and
chicos below the target (shorter matches that reach the end).

A match's trace is a stream of canonical JSON lines; the stored data keeps its SHA-256 (cut to
128 bits) and the final standing, so a commit can be compared with the one that wrote the data.

Commands (run from the repository root with the project's python)::

    python tools/differential/trace.py generate           # write the data file (start commit)
    python tools/differential/trace.py check [--full]     # compare the current code with it
    python tools/differential/trace.py dump KEY INDEX     # one match's step stream, as lines
    python tools/differential/trace.py explain KEY INDEX --old-rev 9a59d68
                                                          # the first step where they differ

Only the public API is used: ``truco_rules`` (``get_variant``, ``Variant`` and ``Match``
methods) and ``truco_rules.variants.builtin_names``.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import gzip
import hashlib
import importlib
import json
import multiprocessing
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import truco_rules as tr

# the built-in variants' names (truco_rules.variants is installed from variants/, outside src)
builtin_names: Callable[[], tuple[str, ...]] = importlib.import_module(
    "truco_rules.variants"
).builtin_names

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "differential" / "start.json.gz"
"""The stored trace of the starting commit of issue 22."""
START_COMMIT = "9a59d68"
FORMAT = 5  # 2: an illegal action's reason is not traced (error_text); 3: nor the
# information states of a table that gathers won tricks face down (played_cards_visible
# False), where the starting commit's forgot the gathered cards the seat had seen fall
# (perfect recall, fixed since; its observations are traced as before); 4: nor those of a
# match once a contest ended as it began (no action of its own), where the starting
# commit's showed the contest ended by the same action before it as a bare summary and
# the turned card of the deal before (fixed since); 5: nor those of a match of more than two
# seats once a hand of 11/10 is played, where the starting commit's forgot the partners'
# cards its side was shown (fixed since)
"""The version of the trace: change it whenever the stream below changes, and regenerate."""

MATCHES = 3
"""Matches per configuration in the stored data (``generate --matches`` overrides it)."""
MAX_ACTIONS = 120
"""A match stops after this many applied actions (a cap on the stream, not a rule)."""
ATTEMPTS = 3
"""Failing attempts tried before each move."""

# A few values for options without a list of choices (checked by a predicate): each differs
# from every built-in variant's own value and keeps matches short enough to finish.
NUMBER_VALUES: dict[str, tuple[Any, ...]] = {
    "target": (9, 15),
    "chicos_to_win": (2,),
    "toros_to_win": (1,),
    "pica_pica_cutoff": (None, 3),
    "pica_pica_start": (4,),
}


# ------------------------------------------------------------------ configurations
@dataclass(frozen=True)
class Config:
    """One variant at one seat count with at most one option changed from its own value."""

    variant: str
    seats: int
    option: str = ""
    value: Any = None

    @property
    def key(self) -> str:
        """A stable name: ``variant/seats`` or ``variant/seats/option=value``."""
        base = f"{self.variant}/{self.seats}"
        return base if not self.option else f"{base}/{self.option}={self.value!r}"

    def build(self) -> tr.Variant:
        """The variant with the option applied."""
        v = tr.get_variant(self.variant)
        return v.with_options(**{self.option: self.value}) if self.option else v


def option_alternatives(v: tr.Variant) -> list[tuple[str, Any]]:
    """Every ``(option, value)`` other than the variant's own value, one option at a time."""
    out: list[tuple[str, Any]] = []
    for name, info in v.option_info().items():
        own = info["value"]
        values = info["choices"] or NUMBER_VALUES.get(name, ())
        for value in values:
            if value == own and type(value) is type(own):
                continue
            out.append((name, value))
    return out


def configs() -> list[Config]:
    """Every configuration, in a fixed order."""
    out: list[Config] = []
    for name in builtin_names():
        v = tr.get_variant(name)
        alternatives = option_alternatives(v)
        for seats in v.seat_counts:
            out.append(Config(name, seats))
            out.extend(Config(name, seats, o, val) for o, val in alternatives)
    return out


def config_by_key(key: str) -> Config:
    """The configuration named ``key`` (as :attr:`Config.key` writes it)."""
    for c in configs():
        if c.key == key:
            return c
    raise SystemExit(f"no configuration {key!r}")


def match_seed(key: str, index: int) -> int:
    """The seed of the agent of match ``index`` of configuration ``key``."""
    digest = hashlib.sha256(f"differential/{key}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# ------------------------------------------------------------------ sinks
class Sink(Protocol):
    """Where a match's canonical lines go."""

    def emit(self, tag: str, value: Any) -> None: ...


def canonical(tag: str, value: Any) -> str:
    """One line of the stream: ``[tag, value]`` as compact JSON with sorted keys."""
    return json.dumps([tag, value], sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Hasher:
    """Keeps the SHA-256 of the stream."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self.lines = 0

    def emit(self, tag: str, value: Any) -> None:
        self._sha.update(canonical(tag, value).encode())
        self._sha.update(b"\n")
        self.lines += 1

    def digest(self) -> str:
        return self._sha.hexdigest()[:32]


class Recorder(Hasher):
    """Keeps the stream's lines too (the full-detail mode), and its digest."""

    def __init__(self) -> None:
        super().__init__()
        self.stream: list[str] = []

    def emit(self, tag: str, value: Any) -> None:
        super().emit(tag, value)
        self.stream.append(canonical(tag, value))


# ------------------------------------------------------------------ probes
_REFUSED = re.compile(r"(illegal action .*? by seat .*?): .*?(; legal now: .*)?$", re.S)


def error_text(exc: Exception) -> str:
    """What the trace keeps of a raised error's message. An illegal action keeps its action,
    its seat and the legal actions listed, not the words of its reason: those are for players,
    and issue 27 rewrote them (every refusal says why, in the words of the rule that refuses),
    while which actions are refused, by whom and what stays legal must not change."""
    text = str(exc)
    if isinstance(exc, tr.IllegalAction):
        found = _REFUSED.match(text)
        if found:
            return f"{found[1]}: (reason){found[2] or ''}"
    return text


def error_kind(exc: Exception) -> str:
    """What the trace keeps of a raised error's class: the nearest class of the library's
    errors module in its ancestry. A class defined elsewhere that refines one (the
    ``SeatOutOfRange`` of ``apply`` for a seat the match lacks, a ``WrongPlayer`` that is
    also an ``InvalidSeat``) is traced as the class it refines, so that a finer kind added
    later leaves the trace of every earlier commit as it was."""
    for kind in type(exc).__mro__:
        if kind.__module__.startswith("truco_rules") and kind.__module__.endswith("errors"):
            return kind.__name__
    return type(exc).__name__


def probe(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``'s value, or the class and message of what it raised: a difference in
    either shows in the stream instead of stopping it."""
    try:
        return ["ok", fn(*args)]
    except Exception as exc:  # the class and message are what the trace compares (error_text)
        return ["raised", error_kind(exc), error_text(exc)]


def summary_data(h: tr.HandSummary, fmt: Callable[[tr.Card], str]) -> dict[str, Any]:
    """A history entry as plain data (cards as text), by its documented field names."""

    def cards(cs: Sequence[tr.Card]) -> list[str]:
        return [fmt(c) for c in cs]

    return {
        "hand_no": h.hand_no,
        "contest": h.contest,
        "mano": h.mano,
        "mano_side": h.mano_side,
        "dealt": [cards(d) for d in h.dealt],
        "points": list(h.points),
        "events": [list(e) for e in h.events],
        "winner": h.winner,
        "end_reason": h.end_reason,
        "tricks": list(h.tricks),
        "actions": h.actions,
        "shown": [[s, cards(cs)] for s, cs in h.shown],
        "special": h.special,
        "kind": h.kind,
        "top_bet": h.top_bet,
        "sides": list(h.sides),
    }


def _observation_data(m: tr.Match, seat: int) -> dict[str, Any]:
    return m.observation(seat).to_dict()


def _as_action(v: tr.Variant, payload: tr.Action | str) -> tr.Action:
    return payload if isinstance(payload, tr.Action) else v.parse_action(payload)


def snapshot(m: tr.Match, sink: Sink, full: bool) -> None:
    """Everything every seat can ask of the match now; ``full`` adds the position string
    and the observations as one-line strings (they cost the length of the match, or repeat
    the observations: a fifth of the steps and every end of a contest have them)."""
    sink.emit(
        "state",
        {
            "cp": probe(m.current_player),
            "over": probe(m.is_over),
            "chance": probe(m.is_chance_node),
            "table": probe(lambda: str(m)),
            "repr": probe(lambda: repr(m)),
            "scores": probe(lambda: [list(m.scores), list(m.chicos), m.score_text()]),
            "players": probe(lambda: [m.player_scores, m.player_chicos]),
            "winner": probe(lambda: [m.winner(), m.winner_team, list(m.winning_seats())]),
            "returns": probe(lambda: list(m.returns())),
            "legal": probe(m.legal_action_texts),
            "ids": probe(m.legal_action_ids),
        },
    )
    for s in range(m.seats):
        sink.emit(
            "seat",
            {
                "seat": s,
                "legal": probe(m.legal_action_texts, s),
                "obs": probe(_observation_data, m, s),
            },
        )
    if full:
        sink.emit("position", probe(m.position))
        sink.emit("lines", [probe(m.observation_string, s) for s in range(m.seats)])


def hand_end(m: tr.Match, seen: int, sink: Sink, final: bool = False) -> None:
    """What a finished contest leaves: history, returns, records, information states (of
    every seat at the end of the match, else of one seat in turn)."""
    fmt = m.variant.format_card
    snapshot(m, sink, full=True)
    for h in m.history[seen:]:
        sink.emit("history", summary_data(h, fmt))
    sink.emit("hand_returns", probe(lambda: list(m.hand_returns())))
    sink.emit("json", probe(m.to_json))
    sink.emit("text", probe(m.to_text))
    # an information state replays the match: every seat's at the end, one seat's a contest
    seats = range(m.seats) if m.is_over() or final else [len(m.history) % m.seats]
    if recalls(m):
        sink.emit("info", [[s, probe(m.information_state_string, s)] for s in seats])


def recalls(m: tr.Match) -> bool:
    """Whether the information states of ``m`` are traced: not where won tricks are gathered
    face down (FORMAT 3), nor once a contest ended as it began (FORMAT 4), nor at a table of
    partners once a hand of 11/10 is played (FORMAT 5)."""
    if not getattr(m.variant.tricks, "played_cards_visible", True):
        return False
    one_side = "one-side"  # the special hand of the side at 11 (10), whose players see
    if m.seats > 2 and (  # their partners' cards
        any(h.special == one_side for h in m.history)
        or (m.hand is not None and m.hand.special == one_side)
    ):
        return False
    return all(h.actions for h in m.history)


# ------------------------------------------------------------------ the agent
def _weight(action: tr.Action) -> float:
    # going to the deck ends a contest at once: rarer, so that tricks and bets get played
    return 0.15 if action.verb == "mazo" else 1.0


def attempts(
    m: tr.Match, rng: random.Random, sink: Sink, stale: Sequence[tuple[int, tr.Action]] = ()
) -> None:
    """A few actions that should be refused, each with what it raised (or ``applied``).
    ``stale`` are the moves that were legal a step ago, as the very objects
    ``legal_actions()`` returned then (a cache of trusted actions must not take them now)."""
    v = m.variant
    seats = m.seats
    cp = m.current_player()
    out: list[Any] = []
    for _ in range(ATTEMPTS):
        kind = rng.randrange(6)
        if kind == 5:  # an action object legal a step ago, by its seat, no longer legal now
            now = {s: m.legal_actions(s) for s in range(seats)}
            gone = [(s, a) for s, a in stale if a not in now[s]]
            if gone:
                old_seat, old = rng.choice(gone)
                text = v.format_action(old)
                try:
                    m.apply(old, old_seat)
                except Exception as exc:  # its class and message are traced (error_text)
                    out.append([old_seat, text, "stale", error_kind(exc), error_text(exc)])
                else:
                    out.append([old_seat, text, "stale", "applied"])
                continue
            kind = 1
        drawn = rng.randrange(seats)
        seat: int | None = drawn
        payload: tr.Action | str
        if kind == 0:  # a seat that is not to act, with any action of the variant
            others = [s for s in range(seats) if s != cp]
            seat = rng.choice(others) if others else 0
            payload = v.action_from_id(rng.randrange(v.num_actions))
        elif kind == 1:  # any seat, any verb of the action space
            payload = v.action_from_id(rng.randrange(v.num_actions))
        elif kind == 2:  # a card the seat does not hold
            held = set(m.observation(drawn).my_cards)
            cards = [c for c in v.deck.cards if c not in held]
            payload = v.parse_action(f"play {v.format_card(rng.choice(cards))}")
        elif kind == 3:  # as text, with no seat or a wrong one
            act = v.action_from_id(rng.randrange(v.num_actions))
            payload = v.format_action(act)
            seat = None if rng.random() < 0.5 else seat
        else:  # text that is no action, or a seat that is no seat
            payload = rng.choice(["", "truco 3", "play", "deal", "flor flor", "quiero!"])
            if rng.random() < 0.5:
                seat = rng.choice([seats, -3, 99])
                payload = v.action_from_id(rng.randrange(v.num_actions))
        shown = payload if isinstance(payload, str) else v.format_action(payload)
        legal = probe(m.legal_actions, seat)
        parsed = probe(_as_action, v, payload)
        if legal[0] == "ok" and parsed[0] == "ok" and parsed[1] in legal[1]:
            out.append([seat, shown, "skipped: legal"])
            continue
        try:
            m.apply(payload, seat)
        except Exception as exc:  # the class and message are what the trace compares (error_text)
            out.append([seat, shown, error_kind(exc), error_text(exc)])
        else:
            out.append([seat, shown, "applied"])
    sink.emit("attempts", out)


def every_move(m: tr.Match) -> list[tuple[int, tr.Action]]:
    """Every seat's legal moves (at a chance node: none; the deals are chance's)."""
    if m.is_chance_node():
        return []
    return [(s, a) for s in range(m.seats) for a in m.legal_actions(s)]


def choose(
    m: tr.Match, rng: random.Random, moves: list[tuple[int, tr.Action]]
) -> tuple[int | None, tr.Action]:
    """A legal move: mostly the seat to act's, sometimes another seat's (if it has any)."""
    if m.is_chance_node():
        return None, rng.choice(m.legal_actions())
    cp = m.current_player()
    if not moves:
        raise RuntimeError(f"no seat has a legal action, and the match is not over: {m!r}")
    if rng.random() < 0.85:
        own = [(s, a) for s, a in moves if s == cp]
        moves = own or moves
    weights = [_weight(a) for _s, a in moves]
    seat, action = rng.choices(moves, weights)[0]
    return seat, action


def apply_move(m: tr.Match, seat: int | None, action: tr.Action, rng: random.Random) -> str:
    """Apply a legal move in one of the public ways; returns which."""
    v = m.variant
    how = rng.randrange(4)
    given = seat
    if seat == m.current_player() and rng.random() < 0.5:
        given = None  # the seat to act may be left implicit
    if how == 0:  # the very object legal_actions() returned just now, for this seat
        fresh = m.legal_actions(seat)
        m.apply(fresh[fresh.index(action)], given)
        return "object"
    if how == 1:
        m.apply(v.format_action(action), given)
        return "text"
    if how == 2:
        m.apply(v.parse_action(v.format_action(action)), given)  # an equal, new object
        return "parsed"
    m.apply_id(v.action_id(action), given)
    return "id"


@functools.cache
def deal_length(cfg: Config) -> int:
    """How many cards each explicit deal lists: the fewest a first deal of ``cfg`` takes, and
    a few spare (a later deal may take more, e.g. an extra card to discard), at most the
    deck. Short deals keep records and positions small."""
    v = cfg.build()
    deck = list(v.deck.cards)
    for k in range(3 * cfg.seats, len(deck)):
        try:
            v.new_match(cfg.seats, deals=[deck[:k]])
        except tr.TrucoError:
            continue
        return min(k + 3, len(deck))
    return len(deck)


def new_match(cfg: Config, rng: random.Random, sink: Sink) -> tr.Match:
    """A match of ``cfg`` dealt from explicit card orders (or chance), with a drawn start."""
    v = cfg.build()
    deck = list(v.deck.cards)
    size = deal_length(cfg)
    n_deals = rng.choice([0, 1, 4, 30, 30, 30])
    deals: list[str] = []
    for _ in range(n_deals):
        rng.shuffle(deck)
        deals.append(" ".join(v.format_card(c) for c in deck[:size]))
    mano = rng.randrange(cfg.seats) if rng.random() < 0.8 else None
    info = v.option_info()
    target = info.get("target", {}).get("value")
    wins = next((info[k]["value"] for k in ("chicos_to_win", "toros_to_win") if k in info), 1)
    scores: list[int] = [0, 0]
    chicos: list[int] = [0, 0]
    if isinstance(target, int) and target > 1 and rng.random() < 0.6:
        scores = [rng.randrange(target), rng.randrange(target)]  # nearer the end: shorter
    if isinstance(wins, int) and wins > 1 and rng.random() < 0.6:
        chicos = [rng.randrange(wins), rng.randrange(wins)]
    sink.emit(
        "start",
        {"key": cfg.key, "deals": n_deals, "mano": mano, "scores": scores, "chicos": chicos},
    )
    args: dict[str, Any] = {"deals": deals or None, "mano": mano}
    try:
        m: tr.Match = v.new_match(cfg.seats, scores=scores, chicos=chicos, **args)
    except tr.TrucoError as exc:  # a table of individual scores takes one figure a player
        sink.emit("start_refused", [type(exc).__name__, str(exc)])
        width = range(cfg.seats)
        try:
            m = v.new_match(
                cfg.seats,
                scores=[rng.randrange(target) for _ in width] if target else [0] * cfg.seats,
                chicos=[rng.randrange(wins) for _ in width] if wins else [0] * cfg.seats,
                **args,
            )
        except tr.TrucoError as exc2:
            sink.emit("start_refused", [type(exc2).__name__, str(exc2)])
            m = v.new_match(cfg.seats, **args)
    return m


def play(cfg: Config, index: int, sink: Sink) -> dict[str, Any]:
    """Play match ``index`` of ``cfg`` into ``sink``; returns its final standing."""
    rng = random.Random(match_seed(cfg.key, index))
    m = new_match(cfg, rng, sink)
    seen = 0
    applied = 0
    moves: list[tuple[int, tr.Action]] = []
    while not m.is_over() and applied < MAX_ACTIONS:
        attempts(m, rng, sink, moves)
        if m.is_over():  # an attempt that should have failed ended it (the stream shows it)
            break
        snapshot(m, sink, full=rng.random() < 0.2)
        if rng.random() < 0.04:  # one seat's information state in the middle of a contest
            s = rng.randrange(m.seats)
            if recalls(m):
                sink.emit("info", [[s, probe(m.information_state_string, s)]])
        moves = every_move(m)
        seat, action = choose(m, rng, moves)
        how = apply_move(m, seat, action, rng)
        applied += 1
        sink.emit("move", [seat, m.variant.format_action(action), how])
        roll = rng.random()
        if roll < 0.02 and not m.is_over():
            # a copy is equal, and a move on it leaves the original as it was
            copied = m.copy()
            before = m.position()
            sink.emit("copy", [copied == m, copied.position() == before])
            s_, a_ = choose(copied, rng, every_move(copied))
            copied.apply(a_, s_)
            sink.emit("copy_moved", [m.position() == before, copied == m, copied.position()])
            if rng.random() < 0.5:
                m = copied
        elif roll < 0.03 and m.actions:
            last_seat, last = m.actions[-1]
            before = m.to_json()
            m.undo(1)
            sink.emit("undo", m.position())
            m.apply(last, None if m.is_chance_node() else last_seat)
            sink.emit("redo", m.to_json() == before)
        if len(m.history) > seen:
            hand_end(m, seen, sink)
            seen = len(m.history)
    attempts(m, rng, sink, moves)
    hand_end(m, seen, sink, final=True)
    again = tr.Match.from_json(m.to_json())
    sink.emit("replayed", [again == m, again.position() == m.position()])
    unpickled = pickle.loads(pickle.dumps(m))
    sink.emit("pickled", [unpickled == m, unpickled.position() == m.position()])
    from_text = probe(lambda: tr.Match.from_text(m.to_text()).position() == m.position())
    sink.emit("replayed_text", from_text)
    return {
        "actions": len(m.actions),
        "scores": list(m.scores),
        "chicos": list(m.chicos),
        "winner": m.winner_team,
        "over": m.is_over(),
    }


def run_match(cfg: Config, index: int) -> list[Any]:
    """One stored entry: ``[digest, actions, scores, chicos, winner side]``."""
    sink = Hasher()
    end = play(cfg, index, sink)
    return [sink.digest(), end["actions"], end["scores"], end["chicos"], end["winner"]]


def detail(cfg: Config, index: int) -> Recorder:
    """Match ``index`` of ``cfg`` in full detail: every line of its stream."""
    sink = Recorder()
    play(cfg, index, sink)
    return sink


# ------------------------------------------------------------------ data file
def _run_pair(pair: tuple[Config, int]) -> list[Any]:
    return run_match(*pair)


def _map(pairs: list[tuple[Config, int]], jobs: int) -> list[list[Any]]:
    if jobs <= 1:
        return [_run_pair(p) for p in pairs]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(_run_pair, pairs, chunksize=8)


def generate(matches: int, jobs: int = 1) -> dict[str, Any]:
    """The stored data: every configuration's matches."""
    pairs = [(cfg, i) for cfg in configs() for i in range(matches)]
    results = iter(_map(pairs, jobs))
    out = {cfg.key: [next(results) for _ in range(matches)] for cfg in configs()}
    return {
        "format": FORMAT,
        "written_at_commit": _commit(),
        "python": sys.version.split()[0],
        "matches_per_config": matches,
        "max_actions": MAX_ACTIONS,
        "matches": out,
    }


def _commit() -> str:
    """The commit of the truco_rules that is imported (the code the trace was taken of)."""
    where = Path(tr.__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(where), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def write(data: dict[str, Any], path: Path) -> None:
    """Write the data file (gzip, with a fixed timestamp so that equal data is equal bytes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    with path.open("wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as z:
        z.write(raw)


def load(path: Path = DATA) -> dict[str, Any]:
    """Read the data file."""
    with gzip.open(path, "rb") as z:
        data: dict[str, Any] = json.loads(z.read())
    if data.get("format") != FORMAT:
        raise SystemExit(f"{path} is trace format {data.get('format')}, this tool {FORMAT}")
    return data


def default_subset() -> set[str]:
    """The configurations the default check replays (match 0 of each): every variant at every
    seat count as registered, and every option value at one seat count (in turn)."""
    keys: set[str] = set()
    for name in builtin_names():
        v = tr.get_variant(name)
        counts = v.seat_counts
        keys.update(Config(name, n).key for n in counts)
        for j, (opt, value) in enumerate(option_alternatives(v)):
            keys.add(Config(name, counts[j % len(counts)], opt, value).key)
    return keys


def selection(
    data: dict[str, Any], full: bool, variant: str | None = None
) -> Iterator[tuple[Config, int, list[Any]]]:
    """The stored matches to check (of one variant, or all): every one with ``full``, else
    match 0 of the :func:`default_subset`. A stored configuration the code no longer makes
    (a variant, seat count, option or value gone) raises ``KeyError``."""
    by_key = {c.key: c for c in configs()}
    subset = None if full else default_subset()
    for key, entries in data["matches"].items():
        cfg = by_key.get(key)
        if cfg is None:
            raise KeyError(f"the stored configuration {key!r} is no longer made")
        if variant is not None and cfg.variant != variant:
            continue
        if subset is not None and key not in subset:
            continue
        for i, stored in enumerate(entries):
            if full or i == 0:
                yield cfg, i, stored


def check(data: dict[str, Any], full: bool, stop: int = 1, jobs: int = 1) -> list[str]:
    """The stored matches that now trace differently (the first ``stop`` of them)."""
    chosen = list(selection(data, full))
    now = _map([(cfg, i) for cfg, i, _ in chosen], jobs)
    bad = [
        describe_mismatch(cfg, i, stored, got)
        for (cfg, i, stored), got in zip(chosen, now, strict=True)
        if got != stored
    ]
    return bad[:stop]


def describe_mismatch(cfg: Config, index: int, stored: list[Any], now: list[Any]) -> str:
    """One line naming the match and how to see its first differing step."""
    return (
        f"variant={cfg.variant} seats={cfg.seats} option={cfg.option or '(as registered)'}"
        f"{'' if not cfg.option else f'={cfg.value!r}'} match={index}: stored "
        f"[digest, actions, scores, chicos, winner] {stored}, now {now}. First differing "
        f"step: python tools/differential/trace.py explain {cfg.key!r} {index} "
        f"--old-rev {START_COMMIT}"
    )


# ------------------------------------------------------------------ explaining a mismatch
def old_stream(key: str, index: int, old_python: str | None, old_rev: str | None) -> list[str]:
    """The stream of the match under the starting code: run by ``old_python`` (an
    environment with the starting commit installed), or from ``old_rev`` of this repository,
    extracted to a temporary directory and put first on ``PYTHONPATH``."""
    cmd = [old_python or sys.executable, str(Path(__file__).resolve()), "dump", key, str(index)]
    env = dict(os.environ)
    if old_python is not None:
        return _run(cmd, env)
    assert old_rev is not None
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", old_rev, "src", "variants"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        # the package layout setup.py makes: the variants inside the package
        os.rename(Path(tmp) / "variants", Path(tmp) / "src" / "truco_rules" / "variants")
        env["PYTHONPATH"] = str(Path(tmp) / "src")
        return _run(cmd, env)


def _run(cmd: list[str], env: dict[str, str]) -> list[str]:
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return done.stdout.splitlines()


def first_difference(old: list[str], new: list[str]) -> str:
    """The first line where two streams differ, with the step it belongs to, in detail."""
    for n, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            moves = [line for line in new[:n] if line.startswith('["move"')]
            last = moves[-1] if moves else "(none: before the first move)"
            diff = "\n".join(
                difflib.unified_diff(
                    _pretty(a), _pretty(b), "start commit", "current code", lineterm=""
                )
            )
            return (
                f"line {n} of the stream differs, after {len(moves)} move(s); last move "
                f"{last}\n{diff}"
            )
    if len(old) != len(new):
        return f"the streams agree for {min(len(old), len(new))} lines, then one ends"
    return "the streams are identical"


def _pretty(line: str) -> list[str]:
    return json.dumps(json.loads(line), indent=1, sort_keys=True, ensure_ascii=False).split("\n")


# ------------------------------------------------------------------ command line
def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="write the data file from the code on the path")
    g.add_argument("--out", type=Path, default=DATA)
    g.add_argument("--matches", type=int, default=MATCHES)
    g.add_argument("--jobs", type=int, default=1, help="processes")
    c = sub.add_parser("check", help="compare the code on the path with the data file")
    c.add_argument("--data", type=Path, default=DATA)
    c.add_argument("--full", action="store_true", help="every stored match, not the subset")
    c.add_argument("--all-mismatches", action="store_true", help="do not stop at the first")
    c.add_argument("--jobs", type=int, default=1, help="processes")
    d = sub.add_parser("dump", help="one match's stream, one canonical line a step part")
    d.add_argument("key")
    d.add_argument("index", type=int)
    e = sub.add_parser("explain", help="the first line where the start commit's stream differs")
    e.add_argument("key")
    e.add_argument("index", type=int)
    old = e.add_mutually_exclusive_group(required=True)
    old.add_argument("--old-python", help="a python with the starting commit installed")
    old.add_argument("--old-rev", help="a git revision of this repository (e.g. 9a59d68)")
    sub.add_parser("configs", help="list the configurations")
    args = p.parse_args(argv)

    if args.command == "generate":
        t0 = time.perf_counter()
        data = generate(args.matches, args.jobs)
        write(data, args.out)
        n = sum(len(v) for v in data["matches"].values())
        print(
            f"{n} matches of {len(data['matches'])} configurations in "
            f"{time.perf_counter() - t0:.1f} s -> {args.out} ({args.out.stat().st_size:,} B)"
        )
        return 0
    if args.command == "check":
        t0 = time.perf_counter()
        stop = 10**9 if args.all_mismatches else 1
        bad = check(load(args.data), args.full, stop, args.jobs)
        for line in bad:
            print(line)
        print(f"{'MISMATCH' if bad else 'identical'} ({time.perf_counter() - t0:.1f} s)")
        return 1 if bad else 0
    if args.command == "dump":
        for line in detail(config_by_key(args.key), args.index).stream:
            print(line)
        return 0
    if args.command == "explain":
        new = detail(config_by_key(args.key), args.index).stream
        print(
            first_difference(old_stream(args.key, args.index, args.old_python, args.old_rev), new)
        )
        return 0
    for cfg in configs():
        print(cfg.key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
