"""Values worked out once per object: the per-variant tables of the contest and the action
space.

A variant object is immutable, so what the kernel derives from its hooks (the rule flags,
the side-bet table, the action space) can be worked out once and looked up by the object's
identity. :class:`PerObject` keeps the object beside its value, so that a value is never
handed to another object that happens to get the same ``id`` once the first is gone, and it
holds a bounded number of them (a long run that builds variants on the fly does not grow it
without end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["PerObject"]

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    """A cache of ``make(obj)`` by the identity of ``obj``, at most ``size`` entries (all
    are dropped when it fills: the objects in use are few, and are worked out again)."""

    __slots__ = ("_hits", "_make", "_size")

    def __init__(self, make: Callable[[K], V], size: int = 256) -> None:
        self._make = make
        self._size = size
        self._hits: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K) -> V:
        """The value for ``obj``, worked out on the first call for this object."""
        hit = self._hits.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = self._make(obj)
        if len(self._hits) >= self._size:
            self._hits.clear()
        self._hits[id(obj)] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every value."""
        self._hits.clear()
