"""American Rails income: cities with full and shared values, houses, and the special connections.

Two views of the same rule, kept apart on purpose and tested against each other:

* the *changes* the rulebook describes (its Dutch page 4, [S002]): what happens to each company's income marker when a
  cube enters a city (:func:`entry_changes`), a house is built (:func:`house_changes`) or a company's track
  links special cities (:func:`special_bonus`);
* the *breakdown* of a company's income as it stands, city by city (:func:`income_lines`), which is what the
  "where does the income come from" view shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from .ar_board import Board, CityFacts

HOUSE_FULL = 2  # the Dutch rulebook [S002]: a house adds $2 to the full value …
HOUSE_SHARED = 1  # … and $1 to the shared value
SPECIAL_BONUS = 10  # the Dutch rulebook [S002]: +$10 per special connection


def city_value(city: CityFacts, house: bool, companies_there: int) -> int:
    """Return what one company earns from a city, in dollars.

    Args:
        city: the city's facts (full and shared values).
        house: whether the city is developed.
        companies_there: how many companies have a cube in it (0 gives 0).

    Rule ``ar:income.city`` and ``ar:income.house`` (the Dutch rulebook): full value (+$2 with a house) while one
    company is there, shared value (+$1 with a house) for each once two or more are.
    """
    if companies_there == 0:
        return 0
    if companies_there == 1:
        return city.full + (HOUSE_FULL if house else 0)
    return city.shared + (HOUSE_SHARED if house else 0)


def entry_changes(city: CityFacts, house: bool, there_before: Sequence[str], newcomer: str) -> dict[str, int]:
    """Return the income changes, company id → dollars, when ``newcomer`` puts a cube in ``city``.

    Args:
        city: the city entered.
        house: whether it holds a house.
        there_before: ids of the companies with a cube there already.
        newcomer: id of the entering company (not in ``there_before``).

    Rule ``ar:income.city`` (the Dutch rulebook): the first company gains the full value; the second gains the shared
    value and the first loses full − shared (and $1 more with a house, whose bonus falls from $2 to $1);
    every later company gains the shared value and nobody else changes. Buffalo 4/3 with a house, National
    there, Liberty enters: ``{"LI": +4, "NA": -2}``.
    """
    n = len(there_before)
    changes = {newcomer: city_value(city, house, n + 1)}
    if n == 1:
        incumbent = there_before[0]
        changes[incumbent] = city_value(city, house, 2) - city_value(city, house, 1)
    return changes


def house_changes(city: CityFacts, there: Sequence[str]) -> dict[str, int]:
    """Return the income changes, company id → dollars, when a house is built in ``city``.

    Rule ``ar:income.house``: the house raises the full value by $2 and the shared value by $1, so a company
    alone there gains $2 and each of two or more gains $1 (the rulebook's wording for this moment is not
    known; this follows from the values, reference A.2 rule 33).
    """
    bonus = HOUSE_FULL if len(there) == 1 else HOUSE_SHARED
    return {company: bonus for company in there}


def linked_pairs(hexes: Iterable[str], board: Board) -> list[tuple[str, str]]:
    """Return the pairs of special-city hexes joined by one company's track, each pair sorted.

    Args:
        hexes: the hexes holding the company's cubes.
        board: the board (adjacency and which cities are special).

    Rule ``ar:income.special``.
    """
    own = set(hexes)
    specials = sorted(h for h in board.special_hexes if h in own)
    if len(specials) < 2:  # most tracks: no pair to look for
        return []
    component: dict[str, int] = {}
    for start in sorted(own):
        if start in component:
            continue
        component[start] = len(component)
        label, todo = component[start], [start]
        while todo:
            for n in board.neighbours[todo.pop()]:
                if n in own and n not in component:
                    component[n] = label
                    todo.append(n)
    return [(a, b) for a, b in combinations(specials, 2) if component[a] == component[b]]


def special_bonus(pairs_before: int, pairs_after: int) -> int:
    """Return the income rise, in dollars, for special connections newly made: $10 each.

    Rule ``ar:income.special`` (the Dutch rulebook): each of Chicago–New York, Chicago–Atlanta and New York–Atlanta
    pays +$10 once per company; reaching the third city after linking two completes two links at once: +$20.
    """
    return SPECIAL_BONUS * max(0, pairs_after - pairs_before)


@dataclass(frozen=True)
class IncomeLine:
    """One part of a company's income: ``source`` (a city name, or "Chicago–New York" for a special
    connection), ``kind`` ("full", "shared", "house" or "bonus") and ``amount`` in dollars."""

    source: str
    kind: str
    amount: int


def income_lines(company: str, board: Board, occupants: Mapping[str, Sequence[str]],
                 houses: Iterable[str]) -> list[IncomeLine]:
    """Return a company's income broken down by city and kind, cities in board order.

    Args:
        company: the company id.
        board: the board.
        occupants: hex → ids of the companies with a cube there.
        houses: hexes holding a house.

    Rules ``ar:income.city``, ``ar:income.house``, ``ar:income.special``; the total equals the income marker
    that the changes of :func:`entry_changes`, :func:`house_changes` and :func:`special_bonus` move.
    """
    developed = set(houses)
    lines: list[IncomeLine] = []
    own = [h for h, there in occupants.items() if company in there]
    for city in board.facts.cities:
        there = occupants.get(city.hex, ())
        if company not in there:
            continue
        alone = len(there) == 1
        lines.append(IncomeLine(city.name, "full" if alone else "shared", city.full if alone else city.shared))
        if city.hex in developed:
            lines.append(IncomeLine(city.name, "house", HOUSE_FULL if alone else HOUSE_SHARED))
    for a, b in linked_pairs(own, board):
        lines.append(IncomeLine(f"{board.city_at[a].name}–{board.city_at[b].name}", "bonus", SPECIAL_BONUS))
    return lines
