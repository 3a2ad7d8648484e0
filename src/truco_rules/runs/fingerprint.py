"""The fingerprint of a rule set: a digest two processes that build the same variant from
the same code agree on, which a worker checks before it plays a task's variant
(:func:`~truco_rules.runs.fanout.resolve_variant`)."""

from __future__ import annotations

import functools
import hashlib
import inspect
import types
from typing import cast

import attrs

from ..rules.variant import HOOK_SLOTS, Variant

__all__ = ["canonical", "fingerprint"]


def canonical(value: object, depth: int = 0) -> str:
    """``repr(value)`` with the items of sets and dicts in sorted order (their iteration order
    depends on the process's hash seed), attrs classes walked field by field (but for the
    caches a process fills as it runs, marked ``metadata={"cache": True}``)."""
    if depth > 50:
        return "..."
    if attrs.has(type(value)):
        fields = ", ".join(
            f"{f.name}={canonical(getattr(value, f.name), depth + 1)}"
            for f in attrs.fields(cast("type[attrs.AttrsInstance]", type(value)))
            if not f.metadata.get("cache")
        )
        kind = type(value)
        return f"{_module(kind)}.{kind.__qualname__}{_class_data(kind, depth)}({fields})"
    if isinstance(value, (tuple, list)):
        return f"{type(value).__name__}({', '.join(canonical(v, depth + 1) for v in value)})"
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}({sorted(canonical(v, depth + 1) for v in value)})"
    if isinstance(value, dict):
        items = sorted(
            f"{canonical(k, depth + 1)}: {canonical(v, depth + 1)}" for k, v in value.items()
        )
        return f"dict({items})"
    if isinstance(value, type):
        return f"{_module(value)}.{value.__qualname__}"
    return repr(value)


def _module(kind: type) -> str:
    """The module of ``kind`` as the caller names it: a class of the main script is of
    ``__main__`` there and of ``__mp_main__`` in a worker that started afresh (spawn,
    forkserver) and ran the script under that name."""
    module = kind.__module__
    return "__main__" if module == "__mp_main__" else module


def _class_data(kind: type, depth: int) -> str:
    """The plain data a hook class and its bases hold (``POINTS = 3``, its verbs): a rule a
    hook reads from its class, which travels to a worker by reference, not by value."""
    data = {
        name: value
        for klass in reversed(kind.__mro__[:-1])
        for name, value in vars(klass).items()
        if not name.startswith("__")
        and name != "_abc_impl"  # an ABC's registry, not a rule
        and not callable(value)
        and not isinstance(value, (property, staticmethod, classmethod))
        and not hasattr(value, "__get__")
    }
    return canonical(data, depth + 1) if data else ""


def fingerprint(variant: Variant) -> str:
    """A digest of every field of ``variant`` (its hooks and their options, recursively, and the
    plain data their classes hold) and of the code of the methods its hook classes define
    (:func:`_code_digest`): two processes that build the same rule set from the same code
    get the same digest, and a worker whose hook classes run other code (a method replaced
    in the caller after the pool started, a notebook's class defined again) is refused.
    Empty when some field shows only its identity (``<... at 0x...>``), which no other
    process can compare."""
    hooks = [getattr(variant, slot) for slot in HOOK_SLOTS] + list(variant.side_bets)
    text = canonical(variant) + "".join(_plain_hook(h) for h in hooks)
    if " at 0x" in text:
        return ""
    code = "".join(_code_digest(type(h)) for h in hooks if h is not None)
    return hashlib.sha256((text + code).encode()).hexdigest()


def _code_digest(kind: type) -> str:
    """The code of every method, property and static or class method that ``kind`` and its
    bases define, as digests of their source (:func:`_code_text`): what a hook's class does,
    beside the data :func:`_class_data` reads. The values a function closes over and the
    functions it calls are not in it."""
    parts = []
    for klass in kind.__mro__[:-1]:
        for name, value in sorted(vars(klass).items()):
            for func in _functions(value):
                code = getattr(func, "__code__", None)
                # attrs writes a class's __init__, __eq__, __hash__ from its fields (walked
                # by canonical()), its hash salted per process
                if code is not None and not code.co_filename.startswith("<attrs generated"):
                    parts.append(f"{klass.__qualname__}.{name}={_code_text(code)}")
    return "|" + ";".join(parts)


def _functions(value: object) -> tuple[object, ...]:
    """The functions behind a class attribute: itself, or a property's or a static or class
    method's."""
    if isinstance(value, (staticmethod, classmethod)):
        return (value.__func__,)
    if isinstance(value, property):
        return (value.fget, value.fset, value.fdel)
    return (value,)


@functools.lru_cache(maxsize=4096)
def _code_text(code: types.CodeType) -> str:
    """A digest of the source ``code`` was compiled from, which another process importing
    the same file reads alike, whatever rewrote the bytecode as it was imported (pytest's
    assertions, an instrumenting import hook); code with no source to read (made by
    ``exec``) by its bytecode, constants and names (sets of constants in sorted order:
    their order depends on the hash seed)."""
    try:
        lines, _start = inspect.getsourcelines(code)
        return hashlib.sha256("".join(lines).encode()).hexdigest()[:16]
    except (OSError, TypeError):
        pass
    consts = [
        _code_text(c) if isinstance(c, types.CodeType) else canonical(c) for c in code.co_consts
    ]
    data = code.co_code + repr((consts, code.co_names)).encode()
    return hashlib.sha256(data).hexdigest()[:16]


def _plain_hook(hook: object) -> str:
    """What the walk of the variant shows only by its ``repr`` in a hook that is no attrs
    class (the protocols let any class be a hook): the plain data of its class and of the
    object itself, which a worker must hold too."""
    if hook is None or attrs.has(type(hook)):
        return ""  # walked field by field, its class data included
    kind, state = type(hook), getattr(hook, "__dict__", None)
    own = canonical(state) if state else ""
    return f"|{_module(kind)}.{kind.__qualname__}{_class_data(kind, 0)}{own}"
