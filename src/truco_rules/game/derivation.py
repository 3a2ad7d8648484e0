"""How a seeded match derives its random choices from its seed: the deal derivations.

A seeded match makes two kinds of random choice: the first hand's mano (where the caller
does not give one) and the card order of every deal. Both are functions of the seed alone,
so a record ``(variant, options, seed, actions)`` replays exactly. How they are derived is
versioned; a match and its record name the derivation they use:

* **Derivation 1** (every record written without a derivation field): deal ``k`` is
  shuffled by ``random.Random(f"truco-rules/{seed}/{k}")`` and the mano is
  ``random.Random(f"truco-rules/{seed}/mano").randrange(seats)``. Seeding a Mersenne Twister
  from a string hashes it with SHA-512 and fills 624 words: most of the cost of a deal.
* **Derivation 2** (asked for with ``derivation=2``): a counter-based stream. The numbers of a
  purpose (deal ``k``, or the mano) are the 64-bit big-endian words of the BLAKE2b-512
  digests of ``b"<seed>/<purpose>/<block>"`` (personalised ``truco-rules v2``), block 0, 1,
  ... in turn; ``random()`` is a word's top 53 bits over 2**53, ``getrandbits(k)`` its top
  ``k`` bits. Deal ``k``'s purpose is ``k``, the mano's ``mano``. The mano is
  ``int(random() * seats)`` of the mano stream.

Both are handed to the deck hook as a :class:`random.Random` (the stream is a subclass that
draws every number from its words), so any deck hook deals under either. Both are fixed
forever: a derivation never changes once released, a faster one gets a new number.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from hashlib import blake2b
from typing import Any

from ..core.arguments import integer
from ..core.errors import InvalidType, ParseError, ParseErrorType, shown

__all__ = [
    "DEFAULT",
    "DERIVATIONS",
    "LATEST",
    "CounterStream",
    "check_derivation",
    "first_mano",
    "hand_random",
    "stream_words",
]

DERIVATIONS = (1, 2)
"""The deal derivations there are."""
LATEST = 2
"""The newest (and fastest) derivation."""
DEFAULT = 1
"""The derivation a new seeded match uses unless it asks for another: 1, so that every seed
keeps dealing what it has always dealt (scenarios, tests and documents name seeds); a caller
that plays many seeded matches and need not deal as older records did may ask for
:data:`LATEST` (the benchmarks do; ``simulate`` keeps the default, so its figures stay)."""

_WORDS = struct.Struct(">8Q")
_PERSON = b"truco-rules v2"
_SCALE = 2.0**-53


class CounterStream(random.Random):
    """Derivation 2's numbers for one purpose of one seed (see the module): a
    :class:`random.Random` whose every draw comes from the counter-based words, so its
    state is three small values and making one costs a hash, not a Mersenne Twister."""

    def __new__(cls, seed: int, purpose: str) -> CounterStream:
        # the base type seeds its unused generator from this constant, not from the OS
        new: CounterStream = random.Random.__new__(cls, 0)  # type: ignore[call-arg]
        return new

    def __init__(self, seed: int, purpose: str) -> None:
        self._key = b"%d/%s/" % (seed, purpose.encode())
        self._block = 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        words = self._words
        if not words:
            digest = blake2b(
                self._key + b"%d" % self._block, digest_size=64, person=_PERSON
            ).digest()
            self._block += 1
            words.extend(reversed(_WORDS.unpack(digest)))
        return words.pop()

    def random(self) -> float:
        """The next number in [0, 1): the next word's top 53 bits over 2**53."""
        words = self._words
        return ((words.pop() if words else self._next_word()) >> 11) * _SCALE

    def getrandbits(self, k: int) -> int:
        """The next ``k`` bits: the top ``k`` bits of the next word (more words, high first,
        past 64)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            take = min(64, k - have)
            out = (out << take) | (self._next_word() >> (64 - take))
            have += take
        return out

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """A stream's numbers are fixed by its seed and purpose: it cannot be reseeded."""
        if getattr(self, "_key", None) is not None:
            raise TypeError("a derivation-2 stream cannot be reseeded")

    def getstate(self) -> tuple[Any, ...]:
        """The stream's position (for :meth:`setstate`)."""
        return (self._key, self._block, tuple(self._words))

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Go back to a position :meth:`getstate` gave."""
        key, block, words = state
        self._key, self._block, self._words = key, block, list(words)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.getstate(),))


def _restore(state: tuple[Any, ...]) -> CounterStream:
    stream = CounterStream(0, "")
    stream.setstate(state)
    return stream


def check_derivation(derivation: object, seeded: bool) -> int:
    """``derivation`` as given to a match: ``None`` for :data:`DEFAULT`; else one of
    :data:`DERIVATIONS`, an ``int`` or what the library takes for one (a numpy integer:
    :mod:`truco_rules.core.arguments`). Another number is a
    :class:`~truco_rules.core.errors.ParseError`; another type (a bool, a float, text) a
    :class:`~truco_rules.core.errors.ParseErrorType`, an ``InvalidType`` as well. A match
    without a seed makes no random choice: the number is kept but means nothing."""
    if derivation is None:
        return DEFAULT
    which = f"one of {', '.join(map(str, DERIVATIONS))} (or None for the default, {DEFAULT})"
    number = integer(derivation, "derivation", which, ParseErrorType)
    if number not in DERIVATIONS:
        raise ParseError(f"derivation must be {which}, not {shown(derivation)}")
    return number


def hand_random(seed: int, hand_no: int, derivation: int) -> random.Random:
    """The generator that shuffles deal ``hand_no`` of a match seeded ``seed``."""
    if derivation == 1:
        return random.Random(f"truco-rules/{seed}/{hand_no}")
    return CounterStream(seed, str(hand_no))


def first_mano(seed: int, seats: int, derivation: int) -> int:
    """The first hand's mano a seeded match draws when none is given."""
    if derivation == 1:
        return random.Random(f"truco-rules/{seed}/mano").randrange(seats)
    return int(CounterStream(seed, "mano").random() * seats)


def stream_words(seed: int, purpose: str, count: int) -> Sequence[int]:
    """The first ``count`` words of derivation 2's stream for ``purpose`` (for checks and
    for other implementations of the derivation). ``seed`` and ``count`` are integers (a
    ``count`` from 0), ``purpose`` text; anything else is
    :class:`~truco_rules.core.errors.InvalidType`."""
    seed = integer(seed, "seed")
    count = integer(count, "count", "an int from 0")
    if count < 0:
        raise ParseError(f"count must be an int from 0, not {count}")
    if not isinstance(purpose, str):
        raise InvalidType("purpose", "a str (a deal's number, or 'mano')", purpose)
    stream = CounterStream(seed, purpose)
    return [stream._next_word() for _ in range(count)]
