"""A seeded random source whose whole state is one JSON-able value.

Every random decision of a match (shuffles, coin flips) comes from one ``SeededRandom`` kept inside
the match state, so a seed plus the list of actions reproduces every state (OpenSpiel, Showdown).
The generator is SplitMix64: tiny state, pure integer arithmetic, and therefore the same numbers on
every platform and under every ``PYTHONHASHSEED`` (nothing here hashes strings).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SeededRandom:
    """SplitMix64 random numbers; ``to_json``/``from_json`` round-trip the exact position."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        # Mix the seed once so that neighbouring seeds (1, 2, 3 ...) start far apart.
        self.state = _mix((seed * _GOLDEN) & _MASK)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> SeededRandom:
        """An independent generator seeded from this one (advances this one by one step)."""
        child = SeededRandom(0)
        child.state = self.next64()
        return child

    def to_json(self) -> dict[str, str]:
        """The state as JSON; a hex string, because JSON readers in browsers lose 64-bit precision."""
        return {"splitmix64": format(self.state, "016x")}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeededRandom:
        """Restore a generator at the exact position ``to_json`` recorded."""
        rng = cls(0)
        rng.state = int(str(data["splitmix64"]), 16) & _MASK
        return rng


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
