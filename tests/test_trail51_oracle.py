"""The no-reverse walk (:func:`gamekit.tracks.graph._trail`, the walk :func:`~gamekit.tracks.graph.reach` keeps and
:func:`~gamekit.tracks.graph.walks_onto` stops early) against a plain recursive walk written from its definition,
at many positions of seeded random games of 1830, 1894 and 1837 (positions built by legal play).

The loop keeps the top frame's hex and the edges it was left by in locals, holds no paths on its way (a path on
the way is cut off by its own ends) and adds a walked path's nodes when the path is first walked; the oracle below
does none of that: it asks the board and the tile for everything at every step, keeps every path it walks on its
way and adds a node when it reaches it. Every field must be equal, the order-dependent ones too
(``arrivals``, ``looped``, ``returns`` and ``return_exits`` depend on the depth-first order: both take a frame's
steps last first, and on which steps are skipped: both keep a step walked with the elements of the way below it
that cut something off beyond it, and skip it from a way holding them all). The facts that depend on no order
(paths, edges, nodes, and the edges crossed into each hex, as arrivals or returns) must also equal those of the walk
by the rule before stop 55 (a step done only when nothing at all beyond it was cut off).
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
FIELDS = ("nodes", "paths", "edges", "arrivals", "looped", "returns", "return_exits")


class _Oracle:
    """The trail from the corporation's token cities, recursive: a step is a path entered by one end. The way holds
    its elements (a path, a node passed, a hex edge left by, each with the depth of the step that added it: 1
    beyond the token city, one more for each step on the way before it); a step cut off by the way is cut off by
    the lowest of those it meets (by the edges left first, else by the node or path). The token cities are never
    passed and are on every way from the token, so a cut-off by them is no condition.

    By the rule since stop 62 (``refined``) a step walked is kept with the elements below it that cut something
    off beyond it (by that rule: the cut-offs and the kept elements of the steps skipped beyond it), and skipped
    (not walked again, from the same token city or the next) from a way that holds them all (from every way when
    there are none). By the rule before stop 55, a step is done (skipped from every way of the same token city)
    when nothing at all was cut off beyond it."""

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
        self.tokens = {("node", node) for node in starts}
        self.done: dict = {}  # step → the elements of the way it is done from (all of them), for every token city
        for coord, kind, index in starts:
            if not self.refined:
                self.done = {}  # by the rule before stop 55: from each token city anew
            self.way: dict = {}  # element → depth
            self.crossed: dict[str, dict[int, int]] = {}  # hex → edge left by → depth of the step that left
            self._frame([(coord, path, (kind, index)) for path in self._paths_at(coord, (kind, index))], 1)
        return self.out

    def _paths_at(self, coord: str, end) -> tuple[int, ...]:
        return placed_tile(self.data, self.board, coord).ends.get(end, ())

    def _frame(self, steps, depth: int) -> set:
        """Take ``steps`` (each at ``depth``) last first; return the elements of the way that cut something off
        beyond them."""
        cuts: set = set()
        for step in reversed(steps):
            cuts |= self._take(*step, depth)
        return cuts

    def _take(self, coord: str, index: int, entered, depth: int) -> set:
        """Walk path ``index`` of ``coord`` entered by ``entered`` at ``depth``; return what :meth:`_frame`
        returns."""
        kept = self.done.get((coord, index, entered))
        if kept is not None and kept <= self.way.keys():
            return set(kept)
        path = rotated_paths(self.data, placed_tile(self.data, self.board, coord))[index]
        left = self.crossed.get(coord, {})
        by_edges = [(left[edge], edge) for kind, edge in path if kind == "edge" and edge in left]
        if by_edges:
            return {("edge", coord, min(by_edges)[1])}
        if ("path", coord, index) in self.way:
            return {("path", coord, index)}
        self._record(coord, index, path)
        a, b = path
        other = b if a == entered else a
        if other[0] == "edge":
            return self._cross(coord, index, entered, other[1], depth)
        node = (coord, *other)
        self.out.nodes.add(node)
        if not graph.passable(self.board, node, self.corporation):
            return self._finish(coord, index, entered, set(), ())
        if ("node", node) in self.tokens:
            return set()
        if ("node", node) in self.way:
            return {("node", node)}
        leaving = [(coord, i, other) for i in self._paths_at(coord, other) if i != index]
        if not leaving:
            return self._finish(coord, index, entered, set(), ())
        own = (("path", coord, index), ("node", node))
        self.way.update(dict.fromkeys(own, depth))
        cuts = self._frame(leaving, depth + 1)
        for element in own:
            del self.way[element]
        return self._finish(coord, index, entered, cuts, own)

    def _cross(self, coord: str, index: int, entered, edge: int, depth: int) -> set:
        neighbour = self.data.neighbours[coord][edge]
        if neighbour is None:
            return self._finish(coord, index, entered, set(), ())
        facing = (edge + 3) % 6
        if self.crossed.get(neighbour):
            self.out.looped.add(neighbour)
            self.out.returns.setdefault(neighbour, set()).add(facing)
            # the way's crossing back in: the edge and the edges it had left the hex by, as Reach keeps them
            exits = sum(1 << left for left in self.crossed[neighbour])
            self.out.return_exits.setdefault(neighbour, set()).add(facing | exits << 3)
        else:
            self.out.arrivals.setdefault(neighbour, set()).add(facing)
        ahead = [(neighbour, i, ("edge", facing)) for i in self._paths_at(neighbour, ("edge", facing))]
        if not ahead:
            return self._finish(coord, index, entered, set(), ())
        own = (("path", coord, index), ("edge", coord, edge))
        left = self.crossed.setdefault(coord, {})
        left[edge] = depth
        self.way.update(dict.fromkeys(own, depth))
        cuts = self._frame(ahead, depth + 1)
        del left[edge]
        for element in own:
            del self.way[element]
        return self._finish(coord, index, entered, cuts, own)

    def _finish(self, coord: str, index: int, entered, cuts: set, own: tuple) -> set:
        """Keep the step with the elements below it that cut something off beyond it (``cuts`` less its own
        elements ``own``) and return those."""
        cuts = cuts.difference(own)
        if self.refined:
            self.done[(coord, index, entered)] = frozenset(cuts)
        elif not cuts:
            self.done[(coord, index, entered)] = frozenset()
        return cuts

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
    """Late in a seeded 1837 game (big networks of five corporations: loops through many hexes) the walk by the
    rule since stop 62 records other returns and looped hexes than the walk by the rule before stop 55 would: the
    walk still equals the oracle by its own rule field by field, and the order-independent facts of both."""
    game = new_bot_game("1837", 4, 5)
    rng = GameRandom(5 * 7919 + 17)
    differed = 0
    for step in range(7000):
        if step >= 6950 and step % 10 == 0:
            data, board = game.track, game.state.board
            for corporation in ("BB", "EOD", "EPP", "KK", "MS"):
                walked = graph._trail(replace(data, cache={}), board, corporation)
                expected = _Oracle(data, board, corporation).walk()
                for name in FIELDS:
                    assert getattr(walked, name) == getattr(expected, name), (step, corporation, name)
                before = _Oracle(data, board, corporation, refined=False).walk()
                _assert_same_facts(walked, before, step)
                differed += any(getattr(walked, name) != getattr(before, name) for name in FIELDS)
        game.process(random_action(game, rng))
    assert differed >= 15  # 15 of these 25 walks (the game since 1837's surrender rule of stop 64; 20 before it)
