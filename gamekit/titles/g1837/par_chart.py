"""1837's par chart: the places beside each par price where the markers of the majors started there sit (rule
``1837:market.par``). The place changes nothing in play; 18xx.games logs the one its player chose as the par's
``slot``, so a game read from a log keeps it and its export writes it back."""

from __future__ import annotations

from typing import Iterable

PLACES = range(2)
"""The places beside each par price, logged as a ``par``'s ``slot``."""


def place(chosen: int | None, taken: Iterable[int]) -> int:
    """The place a par's marker takes beside its price, given the places ``taken`` there by earlier pars: the
    ``chosen`` one (a log's ``slot``) when it is free, else the first free place; the last place when every place is
    taken (the site then shows the new marker over the one there).

    Args:
        chosen: the place a log chose for this par, or ``None`` (a par of our own, which takes the first free one).
        taken: the places of the earlier pars at the same price.

    Returns:
        A place of :data:`PLACES`.
    """
    taken = set(taken)
    free = [p for p in PLACES if p not in taken]
    if not free:
        return PLACES[-1]
    return chosen if chosen in free else free[0]


def places_taken(pars: Iterable[tuple[str, str, int | None]], price: str) -> dict[int, str]:
    """The places taken beside ``price`` (a market id such as ``"104,0,2"``) after the pars ``pars``, each
    ``(corporation, price, place chosen or None)`` in the order played, as place → corporation (see :func:`place`)."""
    taken: dict[str, dict[int, str]] = {}
    for corp, at, chosen in pars:
        here = taken.setdefault(at, {})
        here[place(chosen, here)] = corp
    return taken.get(price, {})
