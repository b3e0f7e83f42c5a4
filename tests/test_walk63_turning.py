"""The walk that may reverse any number of times (1837's second-edition token connection, rule ``1837:token.connect``,
difference D4) found by open path ends (:func:`gamekit.tracks.graph._turning`) against a walk by states written from
the module's definition (a path entered by one end; at its far end the walk turns back or goes on), at many
positions of seeded random games of 1837, 1830 and 1894 (positions built by legal play; the last two walk so only
here: their networks have other loops and blocked cities). Every field of the answer must be equal. Rules:
``1830:token.connect``, ``1830:route.blocked``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import graph
from gamekit.tracks.board import corporation_cities, placed_tile

GAMES = [("1837", 4, 3, 2500), ("1837", 4, 7, 2500), ("1830", 4, 5, 2500), ("1894", 4, 6, 2500)]
"""Title, players, seed and how many actions of the game to play."""
CHECK_EVERY = 10
"""Check every tenth position (each check walks every corporation with a token twice, on an empty memo)."""
FIELDS = ("nodes", "paths", "edges", "arrivals", "looped", "returns")


def _by_states(data, board, corporation: str) -> graph.Reach:
    """The walk with any number of reversals, by states ``(hex, path index, end entered by)``: from a token city
    onto each of its paths; at a path's far end across the hex edge onto the neighbour's paths touching the facing
    edge, and back onto every path of the hex touching that edge (that path too); at a town or city it may pass,
    onto every path of that node (that path too); at any other node it stops. Every path walked records both sides
    of its hex edges, a node reached is recorded, and so is each crossing into a neighbour (an arrival)."""
    out = graph.Reach()
    cities = corporation_cities(board, corporation)
    todo = []
    for coord, city in cities:
        out.edges.setdefault(coord, set()).update(graph.open_edges(data, coord))
        out.nodes.add((coord, "city", city))
        todo += _entering(data, board, coord, ("city", city))
    seen = set()
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        coord, index, entered = state
        a, b = placed_tile(data, board, coord).paths[index]
        other = b if a == entered else a
        out.paths.add((coord, index))
        for kind, edge in (a, b):
            if kind == "edge":
                out.edges.setdefault(coord, set()).add(edge)
                neighbour = data.neighbours[coord][edge]
                if neighbour is not None:
                    out.edges.setdefault(neighbour, set()).add((edge + 3) % 6)
        if other[0] == "edge":
            neighbour = data.neighbours[coord][other[1]]
            if neighbour is not None:
                facing = ("edge", (other[1] + 3) % 6)
                out.arrivals.setdefault(neighbour, set()).add(facing[1])
                todo += _entering(data, board, neighbour, facing)
            todo += _entering(data, board, coord, other)
            continue
        node = (coord, *other)
        out.nodes.add(node)
        if graph.passable(board, node, corporation):
            todo += _entering(data, board, coord, other)
    return out


def _entering(data, board, coord: str, end) -> list:
    """The states entering each path of the tile on ``coord`` that touches ``end``."""
    return [(coord, index, end) for index, path in enumerate(placed_tile(data, board, coord).paths) if end in path]


@pytest.mark.parametrize("title, players, seed, actions", GAMES)
def test_turning_walk_equals_walk_by_states(title, players, seed, actions):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed)
    checked = 0
    for n in range(actions):
        if game.is_over:
            break
        if n % CHECK_EVERY == 0:
            board = game.state.board
            for corporation in sorted(game.state.corporations):
                cities = corporation_cities(board, corporation)
                if not cities:
                    continue
                fresh = replace(game.track, cache={})
                found = graph._turning(fresh, board, corporation, cities)
                by_states = _by_states(replace(game.track, cache={}), board, corporation)
                for name in FIELDS:
                    assert getattr(found, name) == getattr(by_states, name), (title, seed, n, corporation, name)
                checked += 1
        game._play_listed(random_action(game, rng))
    assert checked > 100


def test_reach_walks_any_reversals_by_open_ends(monkeypatch):
    """:func:`~gamekit.tracks.graph.reach` with ``reversals=None`` walks by open ends (a 1837 game's token steps
    ask it), and with one reversal by states (1837's first edition)."""
    called = []
    turning = graph._turning
    monkeypatch.setattr(graph, "_turning", lambda *args: called.append(args) or turning(*args))
    game = new_bot_game("1837", 4, 1)
    rng = GameRandom(1)
    while not called and not game.is_over:
        game._play_listed(random_action(game, rng))
    assert called
    data, board, corporation, _ = called[-1]
    walked = graph.reach(replace(data, cache={}), board, corporation, 1)
    assert walked.nodes <= graph.reach(replace(data, cache={}), board, corporation, None).nodes
