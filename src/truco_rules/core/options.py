"""Hook options: house rules declared as typed, documented, validated attrs fields.

A hook (see :mod:`truco_rules.rules.hooks`) declares each of its options with :func:`option`;
:meth:`truco_rules.Variant.with_options` reaches them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from .errors import InvalidOption, InvalidOptionType, ProtocolError, UnhandledChoice

__all__ = [
    "MAX_OPTION_INT",
    "ask",
    "check_decisions",
    "check_hook",
    "check_hooks",
    "check_numbers",
    "meaning",
    "option",
    "option_entry",
    "option_fields",
    "option_homes",
    "positive_int",
    "unhandled_choices",
]

T = TypeVar("T")

def option(
    default: T,
    doc: str,
    *,
    choices: Sequence[Any] | None = None,
    check: Callable[[Any], bool] | None = None,
    allowed: str = "",
    source: str = "",
    aliases: Sequence[str] = (),
    convert: Callable[[Any], Any] | None = None,
) -> T:
    """Declare a hook option: an attrs field with a default, a docstring and validation.

    ``choices`` lists the allowed values (the default first); otherwise ``check`` is a
    predicate and ``allowed`` says in words what it accepts. ``aliases`` are other names
    :meth:`~truco_rules.Variant.with_options` takes for it (the spelling of a rules text
    that differs from the library's); ``convert`` turns another spelling of a value into
    the value (applied before the check; anything it does not know it returns as it is).
    """
    metadata: dict[str, Any] = {
        "option": True, "doc": doc, "source": source, "aliases": tuple(aliases)
    }
    if choices is not None:
        metadata["choices"] = tuple(choices)
        allowed = " | ".join(repr(a) for a in choices)
    elif check is None:
        raise TypeError("an option needs choices= (its values) or check= (a predicate)")
    else:
        metadata["allowed"] = allowed
    try:  # a variant is a value: compared, hashed and shared by every match that plays it
        hash(default)
    except TypeError:
        raise TypeError(
            f"an option's default must be immutable (a tuple, not a list): {default!r}"
        ) from None

    def validator(_inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if choices is not None:
            # bool is an int: compare types too, so True is not taken for 1.
            ok = any(value == a and type(value) is type(a) for a in choices)
        else:
            try:  # a predicate that fails on a value of another kind refuses it
                ok = bool(check(value)) if check is not None else False
            except Exception:
                ok = False
        if not ok:
            # a value of no kind the option takes is also a TypeError (InvalidOptionType)
            kinds = [type(a) for a in choices] if choices is not None else [type(default)]
            wrong = default is not None and type(value) not in kinds
            if wrong:
                kind = " or ".join(sorted({k.__qualname__ for k in kinds}))
                raise InvalidOptionType(attr.name, value, allowed, kind)
            raise InvalidOption(attr.name, value, allowed)

    if convert is not None:
        return attrs.field(
            default=default, validator=validator, metadata=metadata, converter=convert
        )
    return attrs.field(default=default, validator=validator, metadata=metadata)


def option_fields(hook: Any) -> tuple[attrs.Attribute[Any], ...]:
    """The option fields of a hook object (those declared with :func:`option`)."""
    return tuple(a for a in attrs.fields(type(hook)) if a.metadata.get("option"))


def option_homes(hooks: Iterable[tuple[str, Any]]) -> tuple[dict[str, str], dict[str, str]]:
    """The slot of each option of ``hooks`` ((slot, hook) pairs, in order), and the option
    each alias names; an option two hooks declare is a
    :class:`~truco_rules.core.errors.ProtocolError`."""
    home: dict[str, str] = {}
    alias: dict[str, str] = {}
    for slot, hook in hooks:
        if hook is None or not attrs.has(type(hook)):
            continue
        for f in option_fields(hook):
            if f.name in home:
                problem = f"declares {f.name!r}, which the {home[f.name]} hook declares too"
                raise ProtocolError(slot, "options", problem + ": option names are unique")
            home[f.name] = slot
            for word in f.metadata.get("aliases", ()):
                if alias.setdefault(word, f.name) != f.name:
                    problem = f"gives {f.name!r} the alias {word!r}, which names {alias[word]!r}"
                    raise ProtocolError(slot, "options", problem + ": an alias names one option")
    for word, name in alias.items():  # an alias that is an option's name would hide it
        if word in home and word != name:
            problem = f"gives {name!r} the alias {word!r}, the name of another option"
            raise ProtocolError(home[name], "options", problem)
    return home, alias


def option_entry(hook: Any, name: str, slot: str, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """What :meth:`~truco_rules.Variant.option_info` says of the option ``name`` of ``hook``
    (in the variant's ``slot``): its value, its default (from ``defaults``, else the
    field's), choices or the allowed values in words, documentation, source and aliases."""
    field = attrs.fields_dict(type(hook))[name]
    meta = field.metadata
    return {
        "value": getattr(hook, name),
        "default": defaults.get(name, field.default),
        "hook": slot,
        "choices": meta.get("choices"),
        "allowed": meta.get("allowed"),
        "doc": meta["doc"],
        "source": meta.get("source", ""),
        "aliases": meta.get("aliases", ()),
    }


MAX_OPTION_INT = 10_000
"""The largest number an integer option accepts (a target, chicos to win, a cutoff): larger
ones mean nothing at a table and would only make records and matches unbounded."""


def positive_int(v: object) -> bool:
    """Option check: an ``int`` from 1 to :data:`MAX_OPTION_INT` (``bool`` is refused)."""
    return type(v) is int and 0 < v <= MAX_OPTION_INT


def meaning(hook: Any, name: str, method: str, meanings: Mapping[Any, T]) -> T:
    """What the value of ``hook``'s option ``name`` means to the decision method ``method``:
    ``meanings[value]``. A value the mapping lacks (a choice a subclass added without
    overriding ``method``) raises :class:`~truco_rules.core.errors.UnhandledChoice` instead of
    acting silently as another value."""
    value = getattr(hook, name)
    try:
        return meanings[value]
    except (KeyError, TypeError):
        raise UnhandledChoice(type(hook).__name__, name, value, method, meanings) from None


_ASKED: dict[tuple[int, str], tuple[Any, Any]] = {}


def ask(hook: Any, method: str) -> Any:
    """``getattr(hook, method)()`` for a decision method, the answer kept per hook object:
    hooks are frozen, so the kernel may ask on every action without paying for the method
    again. (The method is looked up on the hook's own class, so an override answers.)"""
    key = (id(hook), method)
    hit = _ASKED.get(key)
    if hit is not None and hit[0] is hook:
        return hit[1]
    answer = getattr(hook, method)()
    if len(_ASKED) > 4096:
        _ASKED.clear()
    _ASKED[key] = (hook, answer)
    return answer


def check_decisions(hook: Any) -> None:
    """Call every decision method a hook class lists in ``DECISIONS`` (methods without
    arguments that read a choice option through :func:`meaning`), so a choice without a
    meaning fails when the variant is built, not in the middle of a match. Every method
    without a meaning is named in one :class:`~truco_rules.core.errors.UnhandledChoice`."""
    missing = unhandled_choices(hook)
    if missing:
        raise UnhandledChoice.every(missing)


def unhandled_choices(hook: Any) -> list[UnhandledChoice]:
    """The errors of every decision method of ``hook`` that has no meaning for its option's
    value (see :func:`check_decisions`), none raised."""
    out: list[UnhandledChoice] = []
    for method in getattr(type(hook), "DECISIONS", ()):
        try:
            getattr(hook, method)()
        except UnhandledChoice as exc:
            out.append(exc)
    return out


def _too_large(value: object) -> bool:
    if isinstance(value, tuple):
        return any(_too_large(v) for v in value)
    return isinstance(value, int) and not -MAX_OPTION_INT <= value <= MAX_OPTION_INT


def check_numbers(hook: Any, slot: str) -> None:
    """Refuse an attrs hook holding an integer (alone or in tuples) past
    :data:`MAX_OPTION_INT` either way: a target, a ladder's values, a bonus. A third party's
    option declared with a looser check, or a hook built with such a number, fails when the
    variant is built (:class:`~truco_rules.core.errors.InvalidOption`), not later in a record, a
    position or a table that cannot write a 5,000-digit number."""
    if hook is None or not attrs.has(type(hook)):
        return
    for field in attrs.fields(type(hook)):
        value = getattr(hook, field.name, None)
        if _too_large(value):
            raise InvalidOption(
                f"{slot}.{field.name}",
                value,
                f"integers from {-MAX_OPTION_INT:,} to {MAX_OPTION_INT:,} "
                "(every number of a rule set is bounded)",
            )


def check_hook(hook: Any, slot: str) -> None:
    """What a variant checks of the hook in ``slot`` when it is built:
    :func:`check_decisions` and :func:`check_numbers`."""
    check_decisions(hook)
    check_numbers(hook, slot)


def check_hooks(hooks: Iterable[tuple[str, Any]]) -> None:
    """:func:`check_hook` for every ``(slot, hook)`` of a variant, the decisions of all of
    them first: every decision method without a meaning, in whichever hook, is named in one
    :class:`~truco_rules.core.errors.UnhandledChoice`."""
    pairs = list(hooks)
    missing = [e for _slot, hook in pairs for e in unhandled_choices(hook)]
    if missing:
        raise UnhandledChoice.every(missing)
    for slot, hook in pairs:
        check_numbers(hook, slot)
