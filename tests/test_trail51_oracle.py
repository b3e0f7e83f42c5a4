"""The no-reverse walk (:func:`gamekit.tracks.graph._trail`, the walk :func:`~gamekit.tracks.graph.reach` keeps and
:func:`~gamekit.tracks.graph.walks_onto` stops early) against a plain recursive walk written from its definition,
at many positions of seeded random games of 1830, 1894 and 1837 (positions built by legal play).

The loop keeps the top frame's hex and the edges it was left by in locals, holds no paths on its way (a path on
the way is cut off by its own ends) and adds a walked path's nodes when the path is first walked; the oracle below
does none of that: it asks the board and the tile for everything at every step, keeps every path it walks on its
way and adds a node when it reaches it. Every field must be equal, the order-dependent ones too
(``arrivals``, ``looped`` and ``returns`` depend on the depth-first order: both take a frame's steps last first,
and on which steps are done: both mark a step done when every cut-off beyond it was caused by the part of the way
the step and the steps after it added). The facts that depend on no order (paths, edges, nodes, and the edges
crossed into each hex, as arrivals or returns) must also equal those of the walk by the rule before stop 55 (a
step done only when nothing at all beyond it was cut off).
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


NO_CUT = float("inf")
"""The depth a walk returns when nothing beyond it was cut off, and the depth of the other token cities: what they
stop is stopped on every way from the token, so it cuts nothing off by a way."""


class _Oracle:
    """The trail from the corporation's token cities, recursive and with no memo: a step is a path entered by one
    end, at a depth (1 beyond the token city, one more for each step on the way before it). Each element of the way
    (a path, a node passed, a hex edge left by) is kept with the depth of the step that added it; a step cut off by
    the way is cut off by the lowest of those it meets (by the edges left first, else by the node or path). A step
    is done (not walked again from the same token) when nothing cut off beyond it was cut off by an element of a
    lower depth than its own (``refined``) or, by the rule before stop 55, when nothing at all was cut off."""

    def __init__(self, data, board, corporation: str, refined: bool = True):
        self.data, self.board, self.corporation, self.refined = data, board, corporation, refined
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
            self.way: dict = {("node", node): NO_CUT for node in starts}
            self.way[("node", (coord, kind, index))] = 0
            self.crossed: dict[str, dict[int, int]] = {}  # hex → edge left by → depth of the step that left
            self._frame([(coord, path, (kind, index)) for path in self._paths_at(coord, (kind, index))], 1)
        return self.out

    def _paths_at(self, coord: str, end) -> tuple[int, ...]:
        return placed_tile(self.data, self.board, coord).ends.get(end, ())

    def _frame(self, steps, depth: int) -> float:
        """Take ``steps`` (each at ``depth``) last first; return the lowest depth of an element of the way that
        cut something off beyond them (``NO_CUT``: none)."""
        low = NO_CUT
        for step in reversed(steps):
            low = min(low, self._take(*step, depth))
        return low

    def _cut(self, depth: float) -> float:
        """The depth a cut-off by an element of ``depth`` counts as (the rule before stop 55: below every step)."""
        return depth if self.refined else -1

    def _take(self, coord: str, index: int, entered, depth: int) -> float:
        """Walk path ``index`` of ``coord`` entered by ``entered`` at ``depth``; return what :meth:`_frame`
        returns."""
        if (coord, index, entered) in self.done:
            return NO_CUT
        path = rotated_paths(self.data, placed_tile(self.data, self.board, coord))[index]
        left = self.crossed.get(coord, {})
        by_edges = [left[edge] for kind, edge in path if kind == "edge" and edge in left]
        if by_edges:
            return self._cut(min(by_edges))
        if (coord, index) in self.way:
            return self._cut(self.way[(coord, index)])
        self._record(coord, index, path)
        a, b = path
        other = b if a == entered else a
        if other[0] == "edge":
            return self._cross(coord, index, entered, other[1], depth)
        node = (coord, *other)
        self.out.nodes.add(node)
        if not graph.passable(self.board, node, self.corporation):
            self.done.add((coord, index, entered))
            return NO_CUT
        if ("node", node) in self.way:
            return self._cut(self.way[("node", node)])
        leaving = [(coord, i, other) for i in self._paths_at(coord, other) if i != index]
        if not leaving:
            self.done.add((coord, index, entered))
            return NO_CUT
        self.way[(coord, index)] = self.way[("node", node)] = depth
        low = self._frame(leaving, depth + 1)
        del self.way[(coord, index)], self.way[("node", node)]
        return self._finish(coord, index, entered, low, depth)

    def _cross(self, coord: str, index: int, entered, edge: int, depth: int) -> float:
        neighbour = self.data.neighbours[coord][edge]
        if neighbour is None:
            self.done.add((coord, index, entered))
            return NO_CUT
        facing = (edge + 3) % 6
        if self.crossed.get(neighbour):
            self.out.looped.add(neighbour)
            self.out.returns.setdefault(neighbour, set()).add(facing)
        else:
            self.out.arrivals.setdefault(neighbour, set()).add(facing)
        ahead = [(neighbour, i, ("edge", facing)) for i in self._paths_at(neighbour, ("edge", facing))]
        if not ahead:
            self.done.add((coord, index, entered))
            return NO_CUT
        left = self.crossed.setdefault(coord, {})
        left[edge] = self.way[(coord, index)] = depth
        low = self._frame(ahead, depth + 1)
        del self.way[(coord, index)], left[edge]
        return self._finish(coord, index, entered, low, depth)

    def _finish(self, coord: str, index: int, entered, low: float, depth: int) -> float:
        if low >= depth:
            self.done.add((coord, index, entered))
        return low

    def _record(self, coord: str, index: int, path) -> None:
        self.out.paths.add((coord, index))
        for kind, edge in path:
            if kind == "edge":
                self.out.edges.setdefault(coord, set()).add(edge)
                neighbour = self.data.neighbours[coord][edge]
                if neighbour is not None:
                    self.out.edges.setdefault(neighbour, set()).add((edge + 3) % 6)


def _crossings(walk: graph.Reach) -> dict[str, set[int]]:
    """hex → the edges any way crossed into it by: arrivals and returns together, which no order of the walk
    changes (every step some trail walks is walked, and each crossing is recorded as one or the other)."""
    return {coord: walk.arrivals.get(coord, set()) | walk.returns.get(coord, set())
            for coord in walk.arrivals.keys() | walk.returns.keys()}


def _assert_same_facts(walked: graph.Reach, before: graph.Reach, step: int) -> None:
    """The facts of a walk that do not depend on its order (what :mod:`~gamekit.tracks.lay` reads as exact) are
    those of the walk by the rule before stop 55 (``before``): the paths, edges, nodes and crossings; a hex is
    looped by one exactly when some way returned to it in that walk, which may differ."""
    for name in ("nodes", "paths", "edges"):
        assert getattr(walked, name) == getattr(before, name), (step, name)
    assert _crossings(walked) == _crossings(before), step


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
                _assert_same_facts(walked, _Oracle(data, board, corporation, refined=False).walk(), step)
                checked += 1
        game.process(random_action(game, rng))
    assert checked > 20


def test_trail_where_the_done_rules_differ():
    """Late in a seeded 1837 game (a big network of the TR and TI: loops through many hexes) the refined rule's
    walk records other returns and looped hexes than the walk by the rule before stop 55 would: the loop's walk
    still equals the oracle by the refined rule field by field, and the order-independent facts of both."""
    game = new_bot_game("1837", 4, 5)
    rng = GameRandom(5 * 7919 + 17)
    differed = 0
    for step in range(7000):
        if step >= 6930 and step % 10 == 0:
            data, board = game.track, game.state.board
            for corporation in ("TI", "TR"):
                walked = graph._trail(replace(data, cache={}), board, corporation)
                expected = _Oracle(data, board, corporation).walk()
                for name in FIELDS:
                    assert getattr(walked, name) == getattr(expected, name), (step, corporation, name)
                before = _Oracle(data, board, corporation, refined=False).walk()
                _assert_same_facts(walked, before, step)
                differed += any(getattr(walked, name) != getattr(before, name) for name in FIELDS)
        game.process(random_action(game, rng))
    assert differed >= 7
