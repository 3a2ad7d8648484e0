"""Game records: JSON and text forms, and replay (docs/notation.md).

A record is ``(variant, options, seats, deal source, start, actions)``. Every action is written
``SEAT:TEXT`` (``0:play 7E``, ``1:quiero``); a chance deal is written ``deal 7E``. Replaying a
record applies its actions to a fresh match and gives a state equal to the recorded one;
``dumps(match_record(m))`` is byte-stable, so JSON round-trips exactly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import DEAL, Action
from ..core.errors import InvalidRecord, InvalidRecordType, TrucoError, shown
from ..game.derivation import DERIVATIONS
from ..rules.presets import split_name
from ..rules.registry import get_variant, recorded_options
from ..rules.variant import Variant

if TYPE_CHECKING:
    from ..core.cards import Card
    from ..game.dealing import HandSummary
    from ..game.state import MatchState

__all__ = [
    "FORMAT",
    "distinct_keys",
    "dumps",
    "loads",
    "match_record",
    "record_to_text",
    "replay",
    "text_to_record",
]

FORMAT = "truco-rules/1"

_SEAT_PREFIX = re.compile(r"\s*(-1|[0-9]{1,3})\s*:(.*)", re.ASCII | re.DOTALL)
"""``SEAT:TEXT``: a seat of at most three ASCII digits (``-1`` is chance), then the action."""

_KEYS = ("format", "variant", "options", "seats", "seed", "deals", "start", "actions")


def action_text(match: MatchState, seat: int, action: Action) -> str:
    """One record entry."""
    text = match.variant.format_action(action)
    return text if action.verb == DEAL else f"{seat}:{text}"


def match_record(match: MatchState) -> dict[str, Any]:
    """The record of ``match`` as plain data. A seeded match's record names its
    ``derivation`` (see :mod:`~truco_rules.game.derivation`) unless it is 1: a record without one
    is read as derivation 1, the only one before derivations were numbered, so records of
    derivation 1 are written exactly as they always were."""
    fmt = match.variant.format_card
    options = recorded_options(match.variant)
    record = {
        "format": FORMAT,
        "variant": match.variant.name,
        "options": options,
        "seats": match.seats,
        "seed": match.seed,
        "deals": None
        if match.deals is None
        else [" ".join(fmt(c) for c in d) for d in match.deals],
        "start": {
            "mano": match.start["mano"],
            "scores": list(match.start["scores"]),
            "chicos": list(match.start["chicos"]),
        },
        "actions": [action_text(match, s, a) for s, a in match.actions],
    }
    if match.seed is not None and match.derivation != 1:  # 1 is the record without one
        record["derivation"] = match.derivation
    found = match.variant.preset()
    if found is not None:  # what the preset set then: a preset changed later replays as it was
        record["preset_options"] = found.settings()
    return record


def dumps(record: dict[str, Any]) -> str:
    """JSON text of a record, in a fixed layout (the derivation after the seed and the
    preset's options after the options, where the record has them)."""
    out = {}
    for k in _KEYS:
        out[k] = record[k]
        if k == "seed" and "derivation" in record:
            out["derivation"] = record["derivation"]
        if k == "options" and "preset_options" in record:
            out["preset_options"] = record["preset_options"]
    return json.dumps(out, ensure_ascii=False, indent=1) + "\n"


def loads(text: str) -> dict[str, Any]:
    """Parse JSON record text (raises :class:`InvalidRecord`)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidRecordType("a JSON record", "a str", text)
    try:
        data = json.loads(text, object_pairs_hook=distinct_keys)
    except (ValueError, TypeError, RecursionError) as exc:
        raise InvalidRecord(f"not a JSON record: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidRecord("a record is a JSON object")
    return data


def distinct_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are distinct (two values of one key: which holds?)."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise ValueError(f"a key given twice: {shown(key)}")
        seen.add(key)
    return dict(pairs)


def _check(record: dict[str, Any]) -> None:
    if not isinstance(record, dict):
        raise InvalidRecordType("a record", "a dict (as from to_record)", record)
    if record.get("format") != FORMAT:
        raise InvalidRecord(
            f"unknown record format {shown(record.get('format'))}; expected {FORMAT!r}"
        )
    missing = [k for k in _KEYS if k not in record]
    if missing:
        raise InvalidRecord(f"record lacks {', '.join(missing)}")
    unknown = [k for k in record if k not in _KEYS and k not in ("derivation", "preset_options")]
    if unknown:  # a misspelt key would be dropped, and the record replay as another match
        raise InvalidRecord(
            f"record has {shown(unknown[0])}; its keys are {', '.join(_KEYS)} and, for a "
            "seeded match, derivation; for a variant with a preset, preset_options"
        )
    if "derivation" in record and record["derivation"] is None:
        # a record names its derivation or has no field (derivation 1); null is neither
        which = ", ".join(map(str, DERIVATIONS))
        raise InvalidRecord(f"'derivation' must be one of {which} where it is given, not null")
    if "derivation" in record and record["seed"] is None:  # nothing is derived: no record says so
        raise InvalidRecord("'derivation' belongs to a seeded record; this one has no seed")
    if "preset_options" in record:
        if not isinstance(record["preset_options"], dict):
            raise InvalidRecord("'preset_options' must be an object")
        if not isinstance(record["variant"], str) or split_name(record["variant"])[1] is None:
            raise InvalidRecord("'preset_options' belong to a variant named NAME@PRESET")
    if not isinstance(record["actions"], list) or not all(
        isinstance(a, str) for a in record["actions"]
    ):
        raise InvalidRecord("'actions' must be a list of strings")
    if not isinstance(record["options"], dict):
        raise InvalidRecord("'options' must be an object")
    if not isinstance(record["start"], dict):
        raise InvalidRecord("'start' must be an object")
    for key in ("scores", "chicos"):
        given = record["start"].get(key, ())
        if isinstance(given, str | bytes) or not isinstance(given, Sequence):
            raise InvalidRecord(
                f"'start' {key} must be a list of integers, not {shown(record['start'][key])}"
            )
    unknown = [k for k in record["start"] if k not in ("mano", "scores", "chicos")]
    if unknown:
        raise InvalidRecord(
            f"'start' has {shown(unknown[0])}; it holds only mano, scores and chicos"
        )


def replay(record: dict[str, Any], variant: Variant | str | None = None) -> MatchState:
    """Build the match a record describes by replaying its actions (a
    :class:`~truco_rules.match.Match`, made by the variant's ``new_match``).

    The record names its variant, which the registry gives; ``variant`` (a
    :class:`~truco_rules.rules.variant.Variant`, or a registered name) replays it by other
    rules of that name instead, a variant derived and never registered: the record's options
    are applied to it as they are to the registered one (its own options go back to its
    defaults first)."""
    _check(record)
    if variant is not None:
        record = {**record, "variant": _given_variant(record, variant)}
    try:
        variant = _recorded_variant(record)
        start = record["start"]
        match: MatchState = variant.new_match(
            record["seats"],
            seed=record["seed"],
            deals=record["deals"],
            mano=start.get("mano"),
            scores=tuple(start.get("scores", (0, 0))),
            chicos=tuple(start.get("chicos", (0, 0))),
            derivation=record.get("derivation", 1),
        )
    except (TrucoError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidRecord(f"record header: {exc}") from None
    for i, entry in enumerate(record["actions"]):
        seat: int | None
        found = _SEAT_PREFIX.fullmatch(entry)
        if found is not None:
            seat, text = int(found.group(1)), found.group(2)
        else:
            seat, text = None, entry
        try:
            action = variant.parse_action(text)
            if seat is None and action.verb != DEAL:
                raise InvalidRecord("a player's action needs its seat, as in '0:truco'")
            match.apply(action, seat)
        except TrucoError as exc:
            raise InvalidRecord(f"action {i} ({shown(entry)}) does not replay: {exc}") from None
    return match


def _recorded_variant(record: dict[str, Any]) -> Variant:
    """The rules a record was played by: its variant with its options; under a preset, the
    preset's values as the record wrote them (a preset changed since replays as it was)."""
    options = _options(record["options"])
    pinned = record.get("preset_options")
    if isinstance(record["variant"], Variant):  # given by the caller, of the record's name
        played = record["variant"].with_options(**_options(pinned or {}))
        return played.with_options(**options)
    if pinned is None:
        return get_variant(record["variant"], options)
    base, preset = split_name(record["variant"])
    assert preset is not None  # _check
    played = get_variant(base).with_preset(preset, _options(pinned))
    return played.with_options(**options)


def _given_variant(record: dict[str, Any], variant: Variant | str) -> Variant:
    """The rules given to replay ``record`` by, with their own options back at their
    defaults (the record's are written as they differ from those)."""
    given = get_variant(variant)
    if given.name != record["variant"]:
        raise InvalidRecord(
            f"the record is of the variant {shown(record['variant'])}, not {shown(given.name)}"
        )
    info = given.option_info()
    return given.with_options(
        **{name: info[name]["default"] for name in given.non_default_options()}
    )


def _options(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}


def record_to_text(
    record: dict[str, Any],
    history: Sequence[HandSummary] = (),
    fmt: Callable[[Card], str] = str,
) -> str:
    """The text form: a header of ``[Key "value"]`` lines, a blank line, then the actions.

    Given the match's ``history``, the actions are grouped by hand, as PGN groups moves: a
    comment line opens each hand with the cards dealt (written by ``fmt``) and one closes it
    with its points and reasons (comments are ignored when the text is read back)."""
    lines = [f'[Variant "{record["variant"]}"]', f'[Seats "{record["seats"]}"]']
    for k, v in record.get("preset_options", {}).items():
        lines.append(f'[PresetOption "{k}={json.dumps(v)}"]')
    for k, v in record["options"].items():
        lines.append(f'[Option "{k}={json.dumps(v)}"]')
    if record["seed"] is not None:
        lines.append(f'[Seed "{record["seed"]}"]')
        if "derivation" in record:
            lines.append(f'[Derivation "{record["derivation"]}"]')
    for d in record["deals"] or ():
        lines.append(f'[Deal "{d}"]')
    st = record["start"]
    lines.append(f'[Mano "{st["mano"]}"]')
    lines.append(f'[Scores "{"-".join(map(str, st["scores"]))}"]')
    if any(st["chicos"]):
        lines.append(f'[Chicos "{"-".join(map(str, st["chicos"]))}"]')
    lines.append("")
    lines.extend(_annotated(record["actions"], history, fmt) if history else record["actions"])
    return "\n".join(lines) + "\n"


def _annotated(
    actions: Sequence[str], history: Sequence[HandSummary], fmt: Callable[[Card], str]
) -> list[str]:
    """The action lines with a comment before and after each contest of ``history``."""
    out: list[str] = []
    done = 0  # contests closed
    count = 0  # actions of the open contest
    opened = False

    def title(h: HandSummary) -> str:
        duel = f", contest {h.contest + 1}" if h.contest or h.kind == "pica-pica" else ""
        dealt = " | ".join(
            f"{s}: {' '.join(fmt(c) for c in cs)}" for s, cs in enumerate(h.dealt) if cs
        )
        return f"# hand {h.hand_no + 1}{duel} (mano seat {h.mano}) dealt {dealt}"

    def close() -> None:
        nonlocal done, count, opened
        h = history[done]
        pts = ", ".join(f"side {t} +{p} ({why})" for t, p, why in h.events) or "no points"
        out.append(f"# hand {h.hand_no + 1}: {pts} [{h.end_reason}]")
        done, count, opened = done + 1, 0, False

    for entry in actions:
        head = entry.split(":", 1)[0].strip()
        player = (
            ":" in entry
            and head.isdigit()
            and not entry.split(":", 1)[1].strip().startswith("discard")
        )
        if player and done < len(history) and not opened:
            out.append(title(history[done]))
            opened = True
        out.append(entry)
        if player and done < len(history):
            count += 1
            while done < len(history) and count >= history[done].actions:
                close()
                if done < len(history) and history[done].actions == 0:
                    out.append(title(history[done]))
                    opened = True
    return out


def text_to_record(text: str) -> dict[str, Any]:
    """Parse the text form (raises :class:`InvalidRecord`). Lines starting with ``#`` are
    comments; actions may also stand several to a line, separated by ``;``."""
    if not isinstance(text, str):
        raise InvalidRecordType("a text record", "a str", text)
    rec: dict[str, Any] = {
        "format": FORMAT,
        "variant": None,
        "options": {},
        "seats": 2,
        "seed": None,
        "deals": None,
        "start": {"mano": 0, "scores": [0, 0], "chicos": [0, 0]},
        "actions": [],
    }
    seen: set[str] = set()  # headers given once (Deal repeats; Option once per name)
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if not (line.endswith('"]') and ' "' in line[:-2]):  # [Mano "] has no value
                raise InvalidRecord(
                    f'line {n}: a header line looks like [Key "value"]: {shown(raw)}'
                )
            key, value = line[1:-2].split(' "', 1)
            named = key in ("Option", "PresetOption")  # once per option
            once = f"{key} {value.partition('=')[0]}" if named else key
            if key != "Deal" and once in seen:
                raise InvalidRecord(f"line {n}: a second {once} header: {shown(raw)}")
            seen.add(once)
            try:
                _header(rec, key, value)
            except (ValueError, RecursionError, TrucoError) as exc:
                raise InvalidRecord(
                    f"line {n}: bad {key} value {shown(value)}: {shown(str(exc), 200)}"
                ) from None
            continue
        rec["actions"].extend(a.strip() for a in line.split(";") if a.strip())
    if rec["variant"] is None:
        raise InvalidRecord('a text record needs a [Variant "..."] line')
    return rec


_INTEGER = re.compile(r"-?[0-9]+")
"""A number in a header: ASCII digits (a sign for the checks after to refuse), as the
record writes it; not the other spellings ``int`` takes (``1_0``, full-width digits,
spaces), which the position refuses too."""


def _int(text: str) -> int:
    if _INTEGER.fullmatch(text) is None:
        raise ValueError("not a number in ASCII digits")
    return int(text)


def _header(rec: dict[str, Any], key: str, value: str) -> None:
    if key == "Variant":
        rec["variant"] = value
    elif key == "Seats":
        rec["seats"] = _int(value)
    elif key == "Option":
        name, _, v = value.partition("=")
        rec["options"][name] = json.loads(v)
    elif key == "PresetOption":
        name, _, v = value.partition("=")
        rec.setdefault("preset_options", {})[name] = json.loads(v)
    elif key == "Seed":
        rec["seed"] = _int(value)
    elif key == "Derivation":
        rec["derivation"] = _int(value)
    elif key == "Deal":
        rec["deals"] = [*(rec["deals"] or []), value]
    elif key == "Mano":
        rec["start"]["mano"] = _int(value)
    elif key in ("Scores", "Chicos"):
        rec["start"][key.lower()] = [_int(x) for x in value.split("-")]
    else:
        raise ValueError(f"unknown header {shown(key)}")
