"""American Rails rule of thumb "build toward income": which way a company's track should grow.

A cube on plains or in a forest earns nothing by itself; it pays only once the track it extends enters a city
(rule ``ar:income.city``) or links two of the special cities (``ar:income.special``). So a bot choosing one cube
at a time would see every such cube as worthless. Instead, a breadth-first search from the company's track
finds the cities within a few cubes, values each by what the company would gain on arrival divided by the
cubes needed, and ranks the hexes next to the track by the best city they lead to.
"""

from __future__ import annotations

from typing import Any

from ..cuberails.ar_income import SPECIAL_BONUS, city_value


def headings(game: Any, company: str, reach: int) -> list[str]:
    """The hexes next to ``company``'s track that lead toward a city, best first.

    Args:
        game: an American Rails game; company: a company id with track on the map.
        reach: the most cubes a path may take (at least 1).

    Returns:
        Hex names: each the first cube of a shortest path to some city within ``reach`` cubes the company has
        no cube in, ordered by that city's gain per cube (dollars of income per cube, highest first; ties: the
        nearer, then by hex name). A hex next to the track that leads to no such city is left out.

    The gain of a city is its value to the entering company (full or shared, with its house: rule
    ``ar:income.city``), plus $10 for each special city the track already holds when the city is special
    (``ar:income.special``). Paths avoid hexes the company is in and forests and mountains already full
    (``ar:expand.limits``); costs are not counted.
    """
    board, own = game.board, set(game.tokens(company))
    specials_held = sum(h in own for h in board.special_hexes)
    houses = set(game.houses())
    first: dict[str, str] = {}  # hex reached -> the cube next to the track its path starts with
    frontier = sorted({n for h in own for n in board.neighbours[h] if _open(game, board, company, n)})
    for hex_ in frontier:
        first[hex_] = hex_
    best: dict[str, tuple[float, int]] = {}
    for distance in range(1, reach + 1):
        for hex_ in frontier:
            city = board.city_at.get(hex_)
            if city is not None:
                there = len(game.occupants(hex_))
                gain = city_value(city, hex_ in houses, there + 1) + (SPECIAL_BONUS * specials_held if city.special else 0)
                score = (gain / distance, -distance)
                start = first[hex_]
                if score > best.get(start, (0.0, 0)):
                    best[start] = score
        if distance == reach:
            break
        ring = []
        for hex_ in frontier:
            for n in board.neighbours[hex_]:
                if n not in first and n not in own and _open(game, board, company, n):
                    first[n] = first[hex_]
                    ring.append(n)
        frontier = sorted(ring)
    return sorted(best, key=lambda h: (-best[h][0], -best[h][1], h))


def _open(game: Any, board: Any, company: str, hex_: str) -> bool:
    """Whether ``company`` could ever put a cube on ``hex_`` (rule ``ar:expand.limits``)."""
    there = game.occupants(hex_)
    limit = board.cost[board.terrain[hex_]].max_cubes
    return company not in there and (limit is None or len(there) < limit)
