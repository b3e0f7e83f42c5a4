"""The seeded random number generator every title uses (DESIGN §2.7: all randomness comes from it)."""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

_MODULUS = 2**31


class GameRandom:
    """A linear congruential generator, the one 18xx.games games use, so imported 1894 setups draw alike.

    ``state = seed mod 2**31``; each draw sets ``state = (1103515245 * state + 12345) mod 2**31`` and returns it
    (see ``reference/18xx_engine.md`` §5). Its whole state is one integer, so it pickles with the game.

    Args:
        seed: any integer.
    """

    def __init__(self, seed: int):
        self.state = seed % _MODULUS

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRandom) and other.state == self.state

    __hash__ = None  # mutable

    def __reduce__(self) -> tuple:
        """Pickle as ``GameRandom(state)`` (the state is below the modulus, so it is its own seed): pickle's own
        way reads ``__dict__``, after which CPython reads the state the slow way at each draw (see
        :class:`gamekit.game._SnapshotPickler`), in the live generator and in the one restored."""
        return GameRandom, (self.state,)

    def next(self) -> int:
        """Advance and return the new state, an integer in ``[0, 2**31)``."""
        self.state = (1103515245 * self.state + 12345) % _MODULUS
        return self.state

    def below(self, n: int) -> int:
        """Return an integer in ``[0, n)`` (``n`` a whole number, ``n >= 1``); raises ``ValueError`` for ``n < 1``.

        It scales the draw instead of taking a remainder: the low bits of this generator cycle with short
        periods (the lowest one alternates), the high bits do not.
        """
        if n < 1:
            raise ValueError("below() needs n >= 1")
        # next() written out: a bot draws twice an action. The state and the draw are never negative, so the
        # modulus and the division by 2**31 are a mask and a shift (for whole numbers n, as the draws ask)
        self.state = state = (1103515245 * self.state + 12345) & 0x7FFFFFFF
        return state * n >> 31

    @staticmethod
    def scaled(draw: int, n: int) -> int:
        """The integer in ``[0, n)`` that :meth:`below` returns for ``n`` when its draw is ``draw`` (a state returned
        by :meth:`next`; ``n >= 1``). ``below(n)`` advances the state alike whatever ``n`` is and only then scales,
        so a caller may draw once with :meth:`next` and scale the draw to a bound it learns afterwards."""
        return draw * n >> 31

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Return the items in a random order: each gets one draw, smallest draw first (stable for ties)."""
        keys = [self.next() for _ in items]
        return [item for _, _, item in sorted(zip(keys, range(len(items)), items))]
