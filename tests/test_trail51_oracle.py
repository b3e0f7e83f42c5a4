"""The no-reverse walk (:func:`gamekit.tracks.graph._trail`, the walk :func:`~gamekit.tracks.graph.reach` keeps and
:func:`~gamekit.tracks.graph.walks_onto` stops early) against a plain recursive walk written from its definition,
at many positions of seeded random games of 1830, 1894 and 1837 (positions built by legal play).

The loop keeps the top frame's hex and the edges it was left by in locals, holds no paths on its way (a path on
the way is cut off by its own ends) and adds a walked path's nodes when the path is first walked; the oracle below
does none of that: it asks the board and the tile for everything at every step, keeps every path it walks on its
way and adds a node when it reaches it. Every field must be equal, the order-dependent ones too
(``arrivals``, ``looped`` and ``returns`` depend on the depth-first order: both take a frame's steps last first).
Rules: ``1830:track.connect``, ``1830:route.blocked``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import graph
from gamekit.tracks.board import corporation_cities, placed_tile, rotated_paths

GAMES = [("1830", 4, 11, 2500), ("1894", 4, 12, 2500), ("1837", 4, 13, 1500), ("1837", 4, 2, 2500)]
"""Title, players, seed and how many actions of the game to play."""
CHECK_EVERY = 15
"""Check every fifteenth position (each check walks every corporation with a token twice, on an empty memo)."""
FIELDS = ("nodes", "paths", "edges", "arrivals", "looped", "returns")


class _Oracle:
    """The trail from the corporation's token cities, recursive and with no memo: a step is a path entered by one
    end; one walked with nothing cut off beyond it is not walked again from the same token (``done``)."""

    def __init__(self, data, board, corporation: str):
        self.data, self.board, self.corporation = data, board, corporation
        self.out = graph.Reach()

    def walk(self) -> graph.Reach:
        """Walk from every token city in turn (the others stay on the way: their own walks) and return the
        answer."""
        starts = [(coord, "city", i) for coord, i in corporation_cities(self.board, self.corporation)]
        for coord, _, _ in starts:
            self.out.edges.setdefault(coord, set()).update(graph.open_edges(self.data, coord))
        self.out.nodes.update(starts)
        for coord, kind, index in starts:
            self.done: set = set()
            self.way: set = {("node", node) for node in starts}
            self.crossed: dict[str, set[int]] = {}
            self._frame([(coord, path, (kind, index)) for path in self._paths_at(coord, (kind, index))])
        return self.out

    def _paths_at(self, coord: str, end) -> tuple[int, ...]:
        return placed_tile(self.data, self.board, coord).ends.get(end, ())

    def _frame(self, steps) -> bool:
        """Take ``steps`` last first; return whether something was cut off beyond one of them."""
        cut = False
        for step in reversed(steps):
            found = self._take(*step)
            cut = cut or found
        return cut

    def _take(self, coord: str, index: int, entered) -> bool:
        """Walk path ``index`` of ``coord`` entered by ``entered``; return whether something was cut off."""
        if (coord, index, entered) in self.done:
            return False
        path = rotated_paths(self.data, placed_tile(self.data, self.board, coord))[index]
        path_edges = {edge for kind, edge in path if kind == "edge"}
        if (coord, index) in self.way or path_edges & self.crossed.get(coord, set()):
            return True
        self._record(coord, index, path)
        a, b = path
        other = b if a == entered else a
        if other[0] == "edge":
            return self._cross(coord, index, entered, other[1])
        node = (coord, *other)
        self.out.nodes.add(node)
        if not graph.passable(self.board, node, self.corporation):
            self.done.add((coord, index, entered))
            return False
        if ("node", node) in self.way:
            return True
        leaving = [(coord, i, other) for i in self._paths_at(coord, other) if i != index]
        if not leaving:
            self.done.add((coord, index, entered))
            return False
        self.way |= {(coord, index), ("node", node)}
        cut = self._frame(leaving)
        self.way -= {(coord, index), ("node", node)}
        return self._finish(coord, index, entered, cut)

    def _cross(self, coord: str, index: int, entered, edge: int) -> bool:
        neighbour = self.data.neighbours[coord][edge]
        if neighbour is None:
            self.done.add((coord, index, entered))
            return False
        facing = (edge + 3) % 6
        if self.crossed.get(neighbour):
            self.out.looped.add(neighbour)
            self.out.returns.setdefault(neighbour, set()).add(facing)
        else:
            self.out.arrivals.setdefault(neighbour, set()).add(facing)
        ahead = [(neighbour, i, ("edge", facing)) for i in self._paths_at(neighbour, ("edge", facing))]
        if not ahead:
            self.done.add((coord, index, entered))
            return False
        left = self.crossed.setdefault(coord, set())
        before = set(left)
        left.add(edge)
        self.way.add((coord, index))
        cut = self._frame(ahead)
        self.way.discard((coord, index))
        self.crossed[coord] = before
        return self._finish(coord, index, entered, cut)

    def _finish(self, coord: str, index: int, entered, cut: bool) -> bool:
        if not cut:
            self.done.add((coord, index, entered))
        return cut

    def _record(self, coord: str, index: int, path) -> None:
        self.out.paths.add((coord, index))
        for kind, edge in path:
            if kind == "edge":
                self.out.edges.setdefault(coord, set()).add(edge)
                neighbour = self.data.neighbours[coord][edge]
                if neighbour is not None:
                    self.out.edges.setdefault(neighbour, set()).add((edge + 3) % 6)


def _token_holders(board) -> list[str]:
    """The corporations with a station token on the board, sorted."""
    return sorted({held for cities in board.tokens.values() for slots in cities for held in slots if held})


@pytest.mark.parametrize("title,players,seed,actions", GAMES)
def test_trail_equals_the_plain_recursive_walk(title, players, seed, actions):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    checked = 0
    for step in range(actions):
        if game.is_over:
            break
        if step % CHECK_EVERY == 0:
            data, board = game.track, game.state.board
            for corporation in _token_holders(board):
                walked = graph._trail(replace(data, cache={}), board, corporation)
                expected = _Oracle(data, board, corporation).walk()
                for name in FIELDS:
                    assert getattr(walked, name) == getattr(expected, name), (step, corporation, name)
                assert graph.reach(data, board, corporation) == expected, (step, corporation)
                checked += 1
        game.process(random_action(game, rng))
    assert checked > 20
