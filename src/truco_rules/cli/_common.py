"""What every subcommand shares: the default variant, argument types, ``--option`` parsing and
the choice of variants, all checked before a subcommand prints anything."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Callable, Sequence

from ..core.errors import ParseError, TrucoError, shown
from ..core.options import MAX_OPTION_INT
from ..rules.registry import default_variant as default_variant_of_registry
from ..rules.registry import get_variant, variant_names
from ..rules.variant import Variant


def default_variant() -> str:
    """The name of the variant used when none is named (the one aliased ``default``)."""
    return default_variant_of_registry().name


def at_least(low: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer of at most 20 digits (a seed up to 2**64 - 1; the
    command checks its own range), ``low`` or more (and ``most`` or less, if given)."""

    def parse(text: str) -> int:
        t = text.strip()
        if not (t.lstrip("-").isascii() and t.lstrip("-").isdigit()):
            raise argparse.ArgumentTypeError(f"{shown(text)} is not an integer")
        if len(t.lstrip("-")) > 20:
            raise argparse.ArgumentTypeError(f"{shown(text)} has more than 20 digits")
        value = int(t)
        if most is not None and not low <= value <= most:
            raise argparse.ArgumentTypeError(f"must be from {low} to {most}, not {value}")
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        return value

    parse.__name__ = f"integer >= {low}" if most is None else f"integer {low}..{most}"
    return parse


class _DefaultsShown(argparse.ArgumentDefaultsHelpFormatter):
    """Each argument's default, where it has one to show: not for a flag (``store_true``,
    ``store_false``: the flag's text says what it does), nor a default of ``None`` (the
    text says what leaving it out does), nor where the text already names the default."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if (
            action.default is None
            or isinstance(action.default, bool)
            or action.nargs == 0
            or "default" in text
        ):
            return text
        return super()._get_help_string(action)


def formatter(prog: str) -> argparse.HelpFormatter:
    """Help that shows each argument's default (where it has one to show)."""
    return _DefaultsShown(prog, max_help_position=30)


def add_variant_argument(
    p: argparse.ArgumentParser, help: str, dest: str = "variant"
) -> None:
    """The variant a subcommand runs, named either way: ``cmd NAME`` or ``cmd --variant NAME``
    (the same thing; :func:`settle_variant` puts it in ``args.<dest>``)."""
    help += "; VARIANT@PRESET plays a preset of it (truco-rules variants lists them)"
    p.add_argument("variant_positional", nargs="?", metavar="VARIANT", default=None, help=help)
    p.add_argument(
        "--variant",
        dest="variant_option",
        action="append",  # kept as a list, so that naming two is refused, not overwritten
        metavar="VARIANT",
        default=None,
        help="the same as the VARIANT argument",
    )
    p.set_defaults(variant_dest=dest)


def settle_variant(args: argparse.Namespace) -> None:
    """Put the variant named by position or by ``--variant`` where the subcommand reads it;
    two names that differ (the argument and ``--variant``, or ``--variant`` twice) are an
    error: neither is dropped in silence."""
    dest = getattr(args, "variant_dest", None)
    if dest is None:
        return
    given = [] if args.variant_positional is None else [args.variant_positional]
    labels = [shown(name) for name in given]
    for name in args.variant_option or []:
        given.append(name)
        labels.append(f"--variant {shown(name)}")
    for name, label in zip(given[1:], labels[1:], strict=True):
        if name != given[0]:
            raise ParseError(f"the variant is named twice ({labels[0]} and {label}): name it once")
    setattr(args, dest, given[0] if given else None)


_PYTHON_WORDS: dict[str, object] = {"None": None, "True": True, "False": False}


def parse_options(pairs: Sequence[str] | None, flag: str = "--option") -> dict[str, object]:
    """``--option NAME=VALUE`` pairs; a value is JSON if it parses as JSON, else text, but
    for the Python spellings ``None``, ``True`` and ``False`` (those an option's error
    message shows), read as JSON's ``null``, ``true`` and ``false``. A name given twice
    with two values is a ParseError. ``flag`` names the pairs' argument in errors."""
    out: dict[str, object] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep:
            raise ParseError(f"{flag} takes NAME=VALUE, not {shown(pair)}")
        try:
            value: object = json.loads(raw)
        except json.JSONDecodeError:
            value = _PYTHON_WORDS.get(raw.strip(), raw)
        except RecursionError:  # deep nesting
            raise ParseError(f"{flag} {name.strip()}: a value nested too deeply") from None
        except ValueError:  # a number of thousands of digits: no option takes one
            raise ParseError(
                f"{flag} {name.strip()}={shown(raw, 40)}: no option takes a number this "
                f"long (integer options go up to {MAX_OPTION_INT:,})"
            ) from None
        put_option(out, name.strip(), tuple(value) if isinstance(value, list) else value)
    return out


def put_option(options: dict[str, object], name: str, value: object) -> None:
    """Set ``options[name]``; an option already given another value is a ParseError (the
    first was dropped in silence)."""
    if name in options and options[name] != value:
        raise ParseError(
            f"--option {name} is given twice, as {shown(options[name])} and {shown(value)}: "
            "which one?"
        )
    options[name] = value


def chosen_variants(
    name: str | None, option_pairs: Sequence[str] | None, seats: int | None
) -> list[Variant]:
    """The variants a subcommand runs, with their options, checked before any output.

    With a ``name``: that variant, which must have ``seats`` seats and every option. Without:
    every registered variant that has ``seats`` seats (the others are named on stderr), each
    with the options it has (those that lack one are named on stderr); an option no variant
    has, a bad value, or a seat count no variant has is an error. ``seats`` ``None``: every
    seat count (no variant is left out).
    """
    options = parse_options(option_pairs)
    if name is not None:
        v = get_variant(name, options)
        if seats is not None:
            v.table.check_seats(seats, v.name)
        return [v]
    every = [get_variant(n) for n in variant_names()]
    known = {o for v in every for n, i in v.option_info().items() for o in (n, *i["aliases"])}
    for opt in options:
        if opt not in known:
            close = difflib.get_close_matches(opt, sorted(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ParseError(f"no registered variant has an option {shown(opt)}{hint}")
    chosen = [v for v in every if seats is None or seats in v.seat_counts]
    if not chosen:
        counts = ", ".join(map(str, sorted({n for v in every for n in v.seat_counts})))
        raise ParseError(f"no registered variant is played with {seats} seats; seats: {counts}")
    skipped = [v.name for v in every if seats is not None and seats not in v.seat_counts]
    out, refused, takers = [], [], 0
    for v in chosen:
        mine = {k: x for k, x in options.items() if v.option_name(k) is not None}
        takers += bool(mine)
        try:
            out.append(v.with_options(**mine))
        except TrucoError as exc:
            refused.append((v.name, exc))
    if refused:  # a value some variants take and others refuse: say which refuse it
        first = refused[0][1]
        if len(refused) < takers or len({str(e) for _, e in refused}) > 1:
            which = ", ".join(name for name, _ in refused)
            first.__dict__.setdefault("__notes__", []).append(f"in {which}")
        raise first
    if skipped:
        print(f"note: skipping {', '.join(skipped)} (no {seats}-seat table)", file=sys.stderr)
    for opt in options:  # an option some variants lack: say which play it as given
        lacking = [v.name for v in chosen if v.option_name(opt) is None]
        if lacking:
            print(
                f"note: --option {opt} applies to "
                f"{', '.join(v.name for v in chosen if v.option_name(opt) is not None)}; "
                f"{', '.join(lacking)} have no such option and play as they are",
                file=sys.stderr,
            )
    return out
