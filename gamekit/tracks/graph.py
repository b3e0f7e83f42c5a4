"""What a corporation's track network reaches: the walk from its station tokens along usable track.

Track is a set of paths, one tile's path at a time; a walk enters a path at one end and leaves at the other.
Leaving across a hex edge continues on the neighbour's paths that touch the facing edge (never back onto a
sibling path of the same hex: trains do not reverse). At a node the walk may continue on any other path of
that node, except where the node stops it: an off-board area always, and a city whose slots are all filled by
other corporations' tokens (``1830:route.blocked``). The walk starts at every city holding the corporation's
token (such a city never blocks its owner).

A walk that may not reverse (as trains run) is a trail: on its way from the token it crosses no hex edge twice
and passes no town or city twice, so no loop brings it back onto its own track, which would turn it round; the
cities holding the corporation's other tokens start walks of their own. 18xx.games walks its graph so.

A walk may be allowed to reverse (1837's token connection, difference D4 between its editions: once in the first
edition, any number of times in the second): at the far end of a path it turns back, onto the same path or onto
another path of the same hex touching the same hex edge (backing up through a junction). At a node the
walk never reverses where it may not pass through.

Used by tile lays (``1830:track.connect``: which hex edges the network touches) and station tokens
(``1830:token.connect``: which cities it reaches).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress, count
from operator import ne
from typing import Iterable

from .board import Board, End, NodeKey, blocks, corporation_cities, memo, placed_tile, rotated_paths
from .mapdata import TrackData


class TilePaths(dict):
    """hex → the paths of the tile lying there now, turned to hex edges (:func:`rotated_paths`), each hex looked up
    once: a walk or a route search over one board asks for the same hexes many times. Valid while the board is
    unchanged."""

    def __init__(self, data: TrackData, board: Board):
        super().__init__()
        self.data, self.board = data, board
        self._ends: dict[str, dict[End, tuple[int, ...]]] = {}

    def __missing__(self, coord: str):
        paths = self[coord] = rotated_paths(self.data, placed_tile(self.data, self.board, coord))
        return paths

    def ends(self, coord: str) -> dict[End, tuple[int, ...]]:
        """The paths of the tile on ``coord`` by the ends they touch (``PlacedTile.ends``): end → path indices."""
        found = self._ends.get(coord)
        if found is None:
            found = self._ends[coord] = placed_tile(self.data, self.board, coord).ends
        return found

    def reused(self, coords: Iterable[str]) -> None:
        """Hear that an answer kept from an earlier walk stands for reading the tiles of ``coords`` (a memo hit
        reads no tile through this lookup). Nothing to do here; a lookup that records what a walk read
        counts them."""


@dataclass
class Reach:
    """The result of a walk.

    Attributes:
        nodes: node keys ``(hex, kind, index)`` reached (including the token cities and blocked cities).
        paths: ``(hex, path index)`` of every path walked.
        edges: hex → edges the network touches there (both sides of each edge crossed or reached), plus every
            open edge of a hex holding one of the corporation's tokens.
        arrivals: hex → edges by which a walk crossed into the hex from its neighbour, whether or not the hex has
            track there (what an upgrade's new track there would be entered by: rule ``track.usable``); a walk that
            may not reverse records here only arrivals at a hex it has not left before on its way (a way that was
            never on the hex: it leaves a hex only across an edge; which crossings of an edge are met first that
            way is the walk's order's, see :func:`_trail`).
        looped: hexes a walk that may not reverse came back to after leaving them on its way (a loop): new track
            there may be entered or not, as its other ends were crossed on that way or not, so what an upgrade
            there reaches is known only by walking the upgraded board (unless no new track ends at an edge of its
            ``returns`` or its ``arrivals``, or a way of ``return_exits`` goes on into it). A hex not here: no way
            the walk walked came back into it.
        returns: hex → the edges by which a walk that may not reverse crossed back into a ``looped`` hex. With
            ``arrivals``: every edge some trail crosses into the hex by, whatever the walk's order (every step a
            trail walks is walked, and records its crossing as one or the other).
        return_exits: hex of ``returns`` → for each way the walk crossed back into the hex, ``edge | exits << 3``:
            the edge it crossed in by and the edges of the hex it had left it by, as bits (``1 << edge``; one int,
            made and kept at each return at little cost; which ways those are is the walk's order's, but each is a
            trail): a new path of an upgrade there leading from that edge to another edge, and touching none of
            those exits, is walked on the upgraded board (rule ``track.usable``).
    """

    nodes: set[NodeKey] = field(default_factory=set)
    paths: set[tuple[str, int]] = field(default_factory=set)
    edges: dict[str, set[int]] = field(default_factory=dict)
    arrivals: dict[str, set[int]] = field(default_factory=dict)
    looped: set[str] = field(default_factory=set)
    returns: dict[str, set[int]] = field(default_factory=dict)
    return_exits: dict[str, set[int]] = field(default_factory=dict)

    def cities(self) -> list[tuple[str, int]]:
        """Return the ``(hex, city)`` pairs reached, sorted."""
        return sorted((h, i) for h, kind, i in self.nodes if kind == "city")


def node_paths(data: TrackData, board: Board, node: NodeKey, tiles: TilePaths | None = None) -> list[tuple[int, End]]:
    """Return ``(path index, end)`` for every path of the node's tile touching that node (``tiles``: a lookup of
    this board's tile paths to reuse)."""
    coord, kind, index = node
    end = (kind, index)
    return [(i, end) for i in (TilePaths(data, board) if tiles is None else tiles).ends(coord).get(end, ())]


def passable(board: Board, node: NodeKey, corporation: str | None) -> bool:
    """Return whether a walk or route of ``corporation`` may pass through ``node`` (not stop there).

    Off-board areas never; a city not when every slot holds another corporation's token; towns always.
    ``corporation=None`` ignores tokens (a physical walk). Rules: ``1830:route.offboard``, ``1830:route.blocked``.
    """
    coord, kind, index = node
    if kind == "offboard":
        return False
    if kind == "city" and corporation is not None:
        return not blocks(board, coord, index, corporation)
    return True


def reach(data: TrackData, board: Board, corporation: str, reversals: int | None = 0,
          tiles: TilePaths | None = None) -> Reach:
    """Walk ``corporation``'s network from its station tokens (see the module docstring).

    Args:
        reversals: how often one walk may reverse (0: never, as trains run; None: any number of times).
        tiles: a lookup of this board's tile paths to reuse (a fresh one when None).

    Returns:
        A :class:`Reach` (nodes, paths and hex edges reached), shared with later calls that find the same walk:
        read it, never change it. A corporation without tokens reaches nothing.

    The walk reads nothing of the board but the corporation's token cities (where it starts), the tiles of the
    hexes it enters and the tokens of the cities it reaches, all on hexes it touches (:attr:`Reach.edges`). So
    the last :data:`WALKS_KEPT` walks of each corporation and ``reversals`` are kept in ``data.cache`` with that
    footprint (what the board held on those hexes) and the token cities it started from, and a walk whose
    footprint the board still holds, from the same token cities, is the answer: it would walk exactly the same way
    again. A lay or a token elsewhere on the map walks nothing; one on a hex the network touches walks again,
    unless the walk without reversals is found from the latest kept walk (:func:`_extended`: a token that changes
    no city's passing, a tile at the network's edge whose new track leads nowhere walked).

    Before all that, the walk found for the board's version (:attr:`Board.version`, which names its tiles and
    tokens exactly) is the answer: a network is asked about again and again at one position (the listing, the
    1894 ferry, the routes), and the last :data:`REACH_VERSIONS_KEPT` answers are kept per version.
    """
    key = (corporation, reversals, board.version)
    versioned = data.cache.get("reach by version")
    if versioned is None:
        versioned = data.cache["reach by version"] = {}
    walked = versioned.get(key)
    if walked is None:
        if len(versioned) >= REACH_VERSIONS_KEPT:
            versioned.clear()
        walked = versioned[key] = _footprint_reach(data, board, corporation, reversals, tiles)
    return walked


REACH_VERSIONS_KEPT = 256
"""How many walks :func:`reach` keeps by corporation, ``reversals`` and board version (per title)."""


def _footprint_reach(data: TrackData, board: Board, corporation: str, reversals: int | None,
                     tiles: TilePaths | None) -> Reach:
    """:func:`reach`'s walk found among the kept walks whose footprint the board still holds, extended from the
    latest, or walked afresh (see there)."""
    kept = memo(data, "reach_walks").get((corporation, reversals))
    seen = None  # the board's tokens kept (_token_board), found only once a footprint holds (a miss finds them once)
    if kept:
        tiles_now, tokens_now = board.tiles.get, board.tokens.get
        for at, (cities_then, coords, tiles_then, tokens_then, walked) in enumerate(kept):
            # compared whole, in C (map and list equality): a hit is asked far more often than a walk is made
            if list(map(tiles_now, coords)) == tiles_then and list(map(tokens_now, coords)) == tokens_then:
                if seen is None:
                    seen = _token_board(data, board)
                if _cities_on(seen, board, corporation) != cities_then:
                    continue
                if at:
                    kept.insert(0, kept.pop(at))
                return walked
    if seen is None:
        seen = _token_board(data, board)
    cities = _cities_on(seen, board, corporation)
    walked = _extended(data, board, corporation, cities, kept) if reversals == 0 and kept else None
    if walked is None:
        if reversals == 0:
            walked = _trail(data, board, corporation, cities=cities)
        elif reversals is None:
            walked = _turning(data, board, corporation, cities)
        else:
            walked = _walk(data, board, corporation, reversals, tiles, cities)
    _keep(data, board, corporation, reversals, cities, seen[0], walked)
    return walked


def _extended(data: TrackData, board: Board, corporation: str, cities: list[tuple[str, int]],
              kept: list) -> Reach | None:
    """The trail walk (:func:`_trail`) of ``board`` found from the latest kept walk of the same token ``cities``
    (the one a walk after a lay or a token differs from least, most often), where its footprint the board still
    holds but for tokens that pass or stop the corporation as they did (:func:`_same_passing`) and, on at most one
    hex, another tile (where :func:`_extend` finds the walk); None where that walk does not serve. ``kept``:
    :func:`reach`'s kept walks of the corporation (none of them a hit).

    The walk reads of a city's tokens only whether it passes the corporation (the token cities it starts from
    are the same): with only such tokens changed it walks as it did, step for step, and the answer is a copy of
    the kept walk (a new object: a walk's object stands for the tiles and tokens of its footprint, and the
    listings of :mod:`~gamekit.tracks.lay` are kept by it)."""
    then = next((walk for walk in kept if walk[0] == cities), None)
    if then is None:
        return None
    _, coords, tiles_then, tokens_then, walked = then
    differs = list(map(ne, map(board.tiles.get, coords), tiles_then))  # the hexes whose tile differs, found in C
    if sum(differs) > 1:
        return None
    laid_on = next(compress(coords, differs), None)
    tokens = list(map(board.tokens.get, coords))
    if tokens != tokens_then and not _same_passing(corporation, coords, tokens, tokens_then, laid_on):
        return None
    if laid_on is None:
        return _with_track(walked, (), [])
    return _extend(data, board, corporation, cities, walked, laid_on)


def _same_passing(corporation: str, coords: tuple[str, ...], tokens: list, tokens_then: list,
                  laid_on: str | None) -> bool:
    """Whether every city of the hexes ``coords`` whose tokens (``tokens``, by hex) differ from ``tokens_then``
    passes ``corporation`` now exactly when it did then (:func:`passable`: an empty slot or its own token), but
    on ``laid_on`` (a hex whose tokens :func:`_extend` shows the old walk never read)."""
    for coord, now, then in zip(coords, tokens, tokens_then):
        if now == then or coord == laid_on:
            continue
        if now is None or then is None or len(now) != len(then):
            return False
        for slots, slots_then in zip(now, then):
            if (corporation in slots or None in slots) != (corporation in slots_then or None in slots_then):
                return False
    return True


def _extend(data: TrackData, board: Board, corporation: str, cities: list[tuple[str, int]], walked: Reach,
            coord: str) -> Reach | None:
    """The trail walk of ``board``, where ``walked`` is the trail walk (:func:`_trail`) from the same token
    ``cities`` of a board that differed from it only by the tile and tokens on ``coord``, or None where this is
    not shown to be so.

    Shown when the old walk walked no path on ``coord``, which holds none of the token cities, and the new tile's
    track that the old walk's arrivals there (``walked.arrivals``) lead into ends only at towns and cities it may
    pass (never one twice: no loop on the tile), off-board areas, and hex edges facing no track (or the map's
    edge) of hexes where the old walk walked no path. The old walk then never left the hex (a way leaves a hex
    only by a walked path), read none of its tokens, and stopped at once wherever it crossed into the hex (a way
    crossing in walks on into any track there: nothing cuts it off on a hex it never left). So :func:`_trail` on
    the new board walks as on the old, step for step, until a way first crosses into ``coord`` by an edge the
    new track touches. There it walks the new track, which cuts nothing off either (it leaves the hex only by
    edges facing no track, where a way stops at once, so the hex is never left by the way; no node of the tile
    is passed twice, and the token cities are elsewhere), so every step of it is kept with no condition (nothing
    at all beyond it was cut off), the crossing step too, as it was at once before, and the walk goes on exactly
    as before. The new track records its paths, the edges they touch, the nodes they end at, and an arrival at
    each hex a way crosses into from it: an arrival rather than a return, as the walk walks no path there (the new
    walk's paths are the old ones and the new track), so no way left that hex.
    So the new walk is the old one with those records added, whatever way first came in: built here from a copy
    of ``walked`` (the kept walk stays as it is; a copy also where no new track meets an arrival)."""
    walked_hexes = {at for at, _ in walked.paths}
    if coord in walked_hexes or any(at == coord for at, _ in cities):
        return None
    by_edge = _hex_steps(data, board, coord)[2]
    entered = [step for edge in sorted(walked.arrivals.get(coord, ())) for step in by_edge[edge]]
    steps: dict[int, tuple] = {}  # step number → step of the new track walked
    crossings: list[tuple[str, int]] = []  # (hex, edge) crossed into from the new track
    if not _new_track(data, board, corporation, entered, walked_hexes, set(), steps, crossings):
        return None
    return _with_track(walked, steps.values(), crossings)


def _new_track(data: TrackData, board: Board, corporation: str, after: Iterable[tuple], walked_hexes: set[str],
               way: set[int], steps: dict[int, tuple], crossings: list[tuple[str, int]]) -> bool:
    """Walk the ``after`` steps on a tile for :func:`_extend` (depth first; ``way``: the way keys of the tile's
    nodes on the way), adding each step walked to ``steps`` and each hex edge crossed into to ``crossings``;
    False where the walk would not stay on the tile as shown there (a node passed twice, track or a walked path
    beyond an edge)."""
    for step in after:
        steps[step[0]] = step
        if step[3] == PATH_TO_EDGE:
            neighbour = step[8]
            if neighbour is not None:
                if neighbour in walked_hexes or _hex_steps(data, board, neighbour)[2][step[9]]:
                    return False
                crossings.append((neighbour, step[9]))
            continue
        passing = step[9]
        if passing is STOPS or (passing is BY_TOKENS
                                and not passable(board, (step[4][0], "city", step[10]), corporation)):
            continue
        if step[7] in way:
            return False
        way.add(step[7])
        if not _new_track(data, board, corporation, step[8], walked_hexes, way, steps, crossings):
            return False
        way.discard(step[7])
    return True


def _with_track(walked: Reach, steps: Iterable[tuple], crossings: list[tuple[str, int]]) -> Reach:
    """A copy of ``walked`` with the records of the new track's ``steps`` and ``crossings`` (see :func:`_extend`)
    added: paths, the edges they touch, the nodes they end at, arrivals. The copy shares with ``walked`` the sets
    it does not add to (a walk is read, never changed), so a walk of a big network is copied in a few C calls."""
    out = Reach(set(walked.nodes), set(walked.paths), dict(walked.edges), dict(walked.arrivals), walked.looped,
                walked.returns, walked.return_exits)
    edges, arrivals = out.edges, out.arrivals
    for step in steps:
        out.paths.add(step[4])
        for at, edge in step[5]:
            _add_to(edges, at, edge)
        out.nodes.update(step[6])
    for at, edge in crossings:
        _add_to(arrivals, at, edge)
    return out


def _add_to(sets: dict[str, set[int]], coord: str, edge: int) -> None:
    """Add ``edge`` to the set of ``coord`` in ``sets`` (a copied mapping whose sets may be shared with another
    walk's): a new set where it adds an edge, never a change to the shared one."""
    found = sets.get(coord)
    if found is None:
        sets[coord] = {edge}
    elif edge not in found:
        sets[coord] = found | {edge}


WALKS_KEPT = 8
"""How many walks of one corporation (and number of reversals) :func:`reach` keeps with their footprints (a
random 1837 game finds about 6 in 10 of its walks among them; the heuristic bot's forks ask about one board per
candidate lay, then again about the board it keeps)."""


def token_cities(data: TrackData, board: Board, corporation: str) -> list[tuple[str, int]]:
    """:func:`corporation_cities` (the ``(hex, city)`` pairs where ``corporation`` has a station token, sorted),
    shared with later calls on a board holding the same tokens everywhere: read it, never change it.

    Finding them scans every slot of the map, and :func:`reach` asks at every call, mostly about a board whose
    tokens did not change since an earlier call (a token is placed far less often than a network is asked about).
    So copies of the tokens of the last :data:`TOKEN_BOARDS_KEPT` boards asked are kept in ``data.cache``, each
    with the answers found for it; a board whose tokens equal a copy (compared whole, in C) has its answers, a pure
    function of the tokens. A board equal to none takes the place of the copy asked least recently (:func:`_retoken`)
    with no answers yet."""
    return _cities_on(_token_board(data, board), board, corporation)


def _cities_on(seen: tuple[dict, dict, int], board: Board, corporation: str) -> list[tuple[str, int]]:
    """:func:`token_cities` of ``board`` from its kept tokens ``seen`` (:func:`_token_board`)."""
    found = seen[1].get(corporation)
    if found is None:
        found = seen[1][corporation] = corporation_cities(board, corporation)
    return found


def _token_board(data: TrackData, board: Board) -> tuple[dict[str, list[list[str | None]]], dict, int]:
    """The copy of ``board``'s tokens :func:`token_cities` keeps, with the answers found for it (corporation →
    its cities) and the last board version (:attr:`Board.version`) found to hold those tokens, found or made (see
    there). A board of a kept version holds those tokens (a copy changes only when it is made again for other
    tokens, with that board's version), so it is found without comparing tokens: most calls ask about a board
    that did not change since the last call."""
    kept = data.cache.get("token cities")
    if kept is None:
        kept = data.cache["token cities"] = []
    version = board.version
    for at, seen in enumerate(kept):
        if seen[2] == version:
            break
    else:
        tokens = board.tokens
        for at, seen in enumerate(kept):
            if seen[0] == tokens:  # another board, or a tile laid: the tokens may still be those kept
                seen = kept[at] = (seen[0], seen[1], version)
                break
        else:
            seen = (_retoken(kept.pop()[0] if len(kept) >= TOKEN_BOARDS_KEPT else {}, tokens), {}, version)
            kept.insert(0, seen)
            return seen
    if at:
        kept.insert(0, kept.pop(at))
    return seen


TOKEN_BOARDS_KEPT = 2
"""How many boards' tokens :func:`token_cities` keeps: the heuristic bot asks about the board of the game and
about that of a fork by turns."""


def _retoken(copy: dict[str, list[list[str | None]]], tokens: dict[str, list[list[str | None]]]) -> dict:
    """Make ``copy`` (a copy of another board's tokens, changed in place) a copy of ``tokens``: only the hexes whose
    tokens differ are copied again (a board differs from an earlier one in a few hexes), and hexes without
    tokens now leave it. A hex's list in a copy is never changed once made (a changed hex gets a new one), so the
    walks :func:`reach` keeps hold them as their footprint's tokens."""
    for coord, cities in tokens.items():
        if copy.get(coord) != cities:
            copy[coord] = [list(slots) for slots in cities]
    if len(copy) != len(tokens):  # every hex of tokens is in copy now: any other hex has left the board's tokens
        for coord in [coord for coord in copy if coord not in tokens]:
            del copy[coord]
    return copy


def _keep(data: TrackData, board: Board, corporation: str, reversals: int | None, cities: list[tuple[str, int]],
          copied: dict[str, list[list[str | None]]], walked: Reach) -> None:
    """Keep ``walked`` first among the walks of ``corporation`` with the token ``cities`` it started from and its
    footprint: the hexes the walk touched and, for each, the tile and tokens there (a copy: a board's token lists
    change in place when a token is placed; taken from ``copied``, the board's tokens as :func:`_token_board` keeps
    them, whose lists never change)."""
    coords = tuple(walked.edges)
    tokens = list(map(copied.get, coords))
    kept = memo(data, "reach_walks").setdefault((corporation, reversals), [])
    kept.insert(0, (cities, coords, list(map(board.tiles.get, coords)), tokens, walked))
    del kept[WALKS_KEPT:]


def open_edges(data: TrackData, coord: str) -> tuple[int, ...]:
    """The edges track may leave ``coord`` by (:meth:`TrackData.exit_allowed` with no overlay applied), found once
    per hex (memoised in ``data.cache``): every walk marks them at its token hexes."""
    found = memo(data, "open edges").get(coord)
    if found is None:
        found = memo(data, "open edges")[coord] = tuple(e for e in range(6) if data.exit_allowed(coord, e))
    return found


def _walk(data: TrackData, board: Board, corporation: str, reversals: int | None, tiles: TilePaths | None,
          cities: list[tuple[str, int]] | None = None) -> Reach:
    """The walk that may reverse (see the module docstring) by its states, from the corporation's token ``cities``
    (:func:`corporation_cities`, found when None): :func:`reach`'s for a number of reversals (1837's first
    edition); with any number (``reversals=None``) the walk :func:`_turning` finds by path ends, which the tests
    hold against this one."""
    out = Reach()
    tiles = TilePaths(data, board) if tiles is None else tiles
    neighbours = data.neighbours
    edges, arrivals, paths, nodes = out.edges, out.arrivals, out.paths, out.nodes
    by_end: dict[str, dict[End, tuple[int, ...]]] = {}  # hex → its paths by end (TilePaths.ends), looked up once

    def ends_of(coord: str) -> dict[End, tuple[int, ...]]:
        found = by_end.get(coord)
        if found is None:
            found = by_end[coord] = tiles.ends(coord)
        return found

    if cities is None:
        cities = corporation_cities(board, corporation)
    starts: list[NodeKey] = [(coord, "city", i) for coord, i in cities]
    for coord, _, _ in starts:
        edges.setdefault(coord, set()).update(open_edges(data, coord))
    nodes.update(starts)
    walked: set[tuple[str, int, End, int]] = set()
    # a walk's state: hex, path index, the end it entered by, reversals spent (stays 0 when unlimited); what is
    # reached does not depend on the order the states are taken in, so a stack serves
    todo: list[tuple[str, int, End, int]] = []
    for coord, kind, index in starts:
        todo.extend((coord, i, (kind, index), 0) for i in ends_of(coord).get((kind, index), ()))
    through: dict[NodeKey, bool] = {}  # node → passable, asked once per node
    while todo:
        state = todo.pop()
        if state in walked:
            continue
        walked.add(state)
        coord, index, entered, spent = state
        path = tiles[coord][index]
        if (coord, index) not in paths:  # a path's edges are touched the first time it is walked
            _record_path(out, neighbours, coord, index, path)
        a, b = path
        other = b if a == entered else a
        turn = spent + (reversals is not None)  # reversals spent after turning back here
        may_turn = reversals is None or spent < reversals
        if other[0] == "edge":
            neighbour = neighbours[coord][other[1]]
            if neighbour is not None:
                facing = ("edge", (other[1] + 3) % 6)
                arrivals.setdefault(neighbour, set()).add(facing[1])
                ahead = by_end.get(neighbour)
                for j in (ends_of(neighbour) if ahead is None else ahead).get(facing, ()):
                    todo.append((neighbour, j, facing, spent))
            if may_turn:
                todo.extend((coord, j, other, turn) for j in by_end[coord][other])
            continue
        node = (coord, other[0], other[1])
        nodes.add(node)
        may_pass = through.get(node)
        if may_pass is None:
            may_pass = through[node] = passable(board, node, corporation)
        if not may_pass:
            continue
        if may_turn:
            todo.append((coord, index, other, turn))
        # every other path leaves the node, also when it was entered before by one of them
        for i in by_end[coord][other]:
            if i != index:
                todo.append((coord, i, other, spent))
    return out


def _turning(data: TrackData, board: Board, corporation: str, cities: list[tuple[str, int]]) -> Reach:
    """The walk that may reverse any number of times (1837's second edition; see the module docstring), from the
    corporation's token ``cities``, found by path ends rather than by walk states (a path, the end it was entered
    by and the reversals spent, as :func:`_walk` takes them).

    Such a walk that arrives at an end of a path (a hex edge, or a town or city it may pass) goes on from there
    onto every path touching it, that path too (turned back), and across a hex edge onto every path of the
    neighbour touching the facing edge; at the facing edge, once a path of the neighbour leads there, it comes back
    the same way. So the walk enters a path by an end exactly when that end is "open": a token city it starts
    from, an edge on either side of which some path entered by its other end arrives, or a passable town or city
    where one arrives; from a node it may not pass (``passable``: an off-board area, a city full of other
    corporations' tokens) nothing goes on. Each open end (hex and end) is taken once, and every path touching it is
    walked away from it: its other end is reached and recorded (the path and the edges it touches, the node, the
    arrival across an edge into the neighbour) and opened where it is one of those. The states a walk by states
    takes are the paths entered by open ends, each once: one step per open end here rather than a stack entry
    per state and turn."""
    out = Reach()
    neighbours = data.neighbours
    edges, arrivals, paths, nodes = out.edges, out.arrivals, out.paths, out.nodes
    for coord, _ in cities:
        edges.setdefault(coord, set()).update(open_edges(data, coord))
    nodes.update((coord, "city", index) for coord, index in cities)
    todo: list[tuple[str, End]] = [(coord, ("city", index)) for coord, index in cities]
    opened = set(todo)  # the open ends (hex, end) found, each taken once
    blocked: set[tuple[str, End]] = set()  # the node ends found closed (passable asked once per node)
    while todo:
        coord, end = todo.pop()
        tile = placed_tile(data, board, coord)
        for index in tile.ends.get(end, ()):
            a, b = path = tile.paths[index]
            other = b if a == end else a
            if (coord, index) not in paths:
                _record_path(out, neighbours, coord, index, path)
            far = (coord, other)
            if other[0] == "edge":
                neighbour = neighbours[coord][other[1]]
                if neighbour is not None:
                    facing = (other[1] + 3) % 6
                    arrivals.setdefault(neighbour, set()).add(facing)
                    across = (neighbour, ("edge", facing))
                    if across not in opened:
                        opened.add(across)
                        todo.append(across)
            else:
                node = (coord, *other)
                nodes.add(node)
                if far in blocked:
                    continue
                if far not in opened and not passable(board, node, corporation):
                    blocked.add(far)
                    continue
            if far not in opened:
                opened.add(far)
                todo.append(far)
    return out


def walks_onto(data: TrackData, board: Board, corporation: str, goal: frozenset[tuple[str, int]]) -> bool:
    """Whether ``corporation``'s walk that may not reverse (:func:`reach` with ``reversals=0``) walks one of the
    tile paths ``goal`` (``(hex, path index)`` pairs), answered as soon as it first walks one. For boards walked
    once (a lay tried on a copy of the board: rule ``track.usable``), so nothing is kept."""
    return _trail(data, board, corporation, goal) is None


_ids = count()
"""Numbers for the steps and way keys of :func:`_hex_steps`, unique in this process: a walk's sets hold these
ints, cheaper to hash than the tuples they stand for."""

PATH_TO_EDGE, PATH_TO_NODE = 0, 1
"""The kinds of a trail step (see :func:`_hex_steps`)."""

PASSES, STOPS, BY_TOKENS = "passes", "stops", "by tokens"
"""Whether a walk passes through the node a trail step leads to (:func:`passable`, known from the node's kind):
always (a town, a junction), never (an off-board area) or as the city's tokens decide."""

_NODE_PASSING = {"offboard": STOPS, "city": BY_TOKENS}


def _hex_steps(data: TrackData, board: Board, coord: str) -> tuple[dict, dict, tuple]:
    """The steps of the trail walk on the tile lying on ``coord`` now, made once per hex and tile (memoised in
    ``data.cache`` under the hex and the laid copy and rotation, as :func:`placed_tile`).

    Returns ``(enter, node_ids, by_edge)``: ``enter`` maps an end of the tile to the steps entering its paths by
    that end (path index order, as the tile's paths by end); ``node_ids`` maps a node end to its way key;
    ``by_edge[e]`` is ``enter``'s steps for edge ``e`` (0..5, none: ``()``), what a walk crossing into the hex
    asks, by an int rather than an end tuple to hash. A step is a tuple of the same length for both kinds, read by
    position (:func:`_trail` reads the first four of every step it takes):

    * ``(n, way key, path's edges, PATH_TO_EDGE, (hex, path), edges it touches, nodes it ends at, edge left by,
      neighbour hex or None, facing edge, the hex edge left by as ``(hex, 1 << edge)``)``;
    * ``(n, way key, path's edges, PATH_TO_NODE, (hex, path), edges it touches, nodes it ends at, node's way key,
      steps leaving the node by its other paths, whether a walk passes the node: PASSES, STOPS or BY_TOKENS, the
      node's index among its kind)``.

    ``n`` is the step's number (what the walk keeps steps by). Edges are given as bits (``1 << edge``;
    "path's edges" is the sum over its edge ends), how the walk keeps the edges it left a hex by; a hex edge
    left by, ``(hex, edge as a bit)``, is how the walk's conditions name it.

    "Edges it touches" are the ``(hex, edge)`` pairs :func:`_record_path` adds to :attr:`Reach.edges`; "nodes it
    ends at" are the node keys of the path's town, city, off-board and junction ends, which a walk reaches once it
    walks the path either way (it enters a node by the path or left it by the path)."""
    key = (coord, board.tiles.get(coord))
    memo_steps = memo(data, "hex steps")
    found = memo_steps.get(key)
    if found is not None:
        return found
    tile = placed_tile(data, board, coord)
    paths, by_end = tile.paths, tile.ends
    neighbours = data.neighbours[coord]
    # every city has a way key, also one without track (a token city the walk starts from and leaves by no path)
    node_ends = [end for end in by_end if end[0] != "edge"]
    node_ends += [("city", i) for i in range(len(tile.parts.cities)) if ("city", i) not in by_end]
    node_ids = {end: next(_ids) for end in node_ends}
    leaving: dict[tuple, list] = {}  # (node end, path arrived by) → the steps leaving the node, filled below
    enter: dict = {end: [] for end in by_end}
    for index, path in enumerate(paths):
        walked, way_key = (coord, index), next(_ids)
        edge_ends = tuple(e for kind, e in path if kind == "edge")
        edge_bits = 0
        for e in edge_ends:
            edge_bits |= 1 << e
        touched = tuple(side for e in edge_ends for side in ((coord, e), (neighbours[e], (e + 3) % 6))
                        if side[0] is not None)
        ends_at = tuple((coord, *end) for end in path if end[0] != "edge")
        a, b = path
        for entered in dict.fromkeys(path):
            other = b if a == entered else a
            if other[0] == "edge":
                edge = other[1]
                step = (next(_ids), way_key, edge_bits, PATH_TO_EDGE, walked, touched, ends_at, 1 << edge,
                        neighbours[edge], (edge + 3) % 6, (coord, 1 << edge))
            else:
                steps = leaving[(other, index)] = []
                step = (next(_ids), way_key, edge_bits, PATH_TO_NODE, walked, touched, ends_at, node_ids[other],
                        steps, _NODE_PASSING.get(other[0], PASSES), other[1])
            enter[entered].append(step)  # paths in index order, as the tile's paths by end
    for end in enter:
        enter[end] = tuple(enter[end])
    for (end, via), steps in leaving.items():
        steps.extend(step for step in enter[end] if step[4][1] != via)
    by_edge = tuple(enter.get(("edge", e), ()) for e in range(6))
    found = memo_steps[key] = (enter, node_ids, by_edge)
    return found


def _trail(data: TrackData, board: Board, corporation: str, goal: frozenset[tuple[str, int]] | None = None,
           cities: list[tuple[str, int]] | None = None) -> Reach | None:
    """The walk that may not reverse, from each token city in turn (see the module docstring): depth first, keeping
    on its way the hex edges crossed and the towns, cities and junctions passed, none of which it enters again. A
    step (a path entered by one end, or a node left by all its paths but one) walked is kept (``done``) with its
    conditions: the elements of the way below it (a hex edge left by, a node passed, added by the steps before it)
    that cut something off beyond it (each cut-off counts the lowest element it meets, and a step skipped beyond it
    counts its own conditions). From a later way holding all its conditions, from the same token city or the next,
    the step is skipped: from every way when it has none. Walked again from a way lacking one, it may go further.
    (A step cut off only where a loop comes back to a node or an edge below it is so skipped from every other way
    through that node or edge: most repeated steps of a network with loops; random 1837 games walk some 55% fewer
    steps than by the rule that keeps only the steps with no condition, from each token city anew.)

    Why a kept step S reaches nothing more from a way holding its conditions (by induction on the order steps are
    kept): let S be kept with conditions C when walked from way W (from token city A), W' any way (from token city
    B, A or another) holding C that reaches S, and W'·S·x1…xk·x a trail, where S·x1…xk was walked from W (so for
    k = 0). From W·S·x1…xk, x was walked; or skipped, its conditions all on W·S·x1…xk: those on W are among C (they
    cut something off beyond each step of S·x1…xk, and each of those keeps what is below it), so on W', and the
    others on the trail too, so the trail's way W'·S·x1…xk holds them all and, by induction, what every trail
    through x from it walks was walked; or cut off (a path into a node on the way is walked up to the node, and
    cut off beyond it) by an element of S·x1…xk or one of C, both on the trail's way, which x would then meet: not
    a trail; or by one of the corporation's token cities: no condition, as no trail from B passes one either (B
    is where its every way starts, and the walk never passes the others: their own walks start there). So what
    every trail through S walks was walked; the same from each start city shows that every step some trail from a
    token walks is walked.
    The paths, edges, nodes and the hex edges crossed into a hex (as arrivals and returns together) are every
    trail's, in any order; which way first crosses an edge, and so whether a crossing is an arrival or a return,
    is this walk's order's. With a ``goal``, the first path of it walked is found in any order.

    Written as one loop over an explicit stack of steps made once per tile (:func:`_hex_steps`; every route listing
    and tile lay walks, so its constant matters): a frame is ``[step number, the element it adds to the way (a
    node's way key, or the hex edge it left a hex by as ``(hex, 1 << edge)``), the hex it left by an edge or None,
    the steps after it (the memo's own sequence, read from the end, never copied), the conditions found beyond it
    (a set of such elements, None while none), how many of those steps were left when a frame was pushed
    above it, the edges that hex was left by before, the edge it left that hex by as a bit or 0]`` (a frame done
    gives its conditions, less its own element, to the frame below it; a path into a node and that node are one
    step, as the node is left by the others of its paths only after that path; the hex left gets its edges back
    when the frame is done, as steps are done last first); a step with nothing after it is kept at once, with no
    condition. With a ``goal`` (paths as ``(hex, path index)``), None as soon as the walk first walks one of them
    (:func:`walks_onto`). ``cities``: the corporation's token cities (:func:`corporation_cities`, found when
    None).

    The steps after a frame all lie on one hex (the hex it crossed into, or the hex of the node it passes), and the
    edges that hex was left by on the way stay as they were while the frame is on top (a frame above it that
    leaves the hex again gives them back when it is done): so the top frame's hex and those edges are kept in
    locals (``here``, ``exits``), read once per frame rather than once per step.

    The way holds no paths of its own: a path on the way is never entered again, as its ends forbid it. A path
    that left a hex by an edge is cut off there by that edge (the hex's edges left by); one that crossed into a
    hex by an edge could be entered by that edge only by crossing it again, from a hex already left by it (cut
    off there); one that passed a node could be entered from that node only by passing it again (its way key),
    and the node's own frame leaves by its other paths only. A walked path's towns and cities are added to
    :attr:`Reach.nodes` when the path is first walked: a walk that passes a path into a node reaches it, and one
    that walks it out of a node had reached that node before."""
    out = Reach()
    edges, arrivals, paths, nodes, looped = out.edges, out.arrivals, out.paths, out.nodes, out.looped
    if cities is None:
        cities = corporation_cities(board, corporation)
    starts: list[NodeKey] = [(coord, "city", i) for coord, i in cities]
    for coord, _, _ in starts:
        edges.setdefault(coord, set()).update(open_edges(data, coord))
    nodes.update(starts)
    tokens_on = board.tokens
    by_edge_on: dict[str, tuple] = {}  # hex → its steps by edge crossed into it (_hex_steps), looked up once
    made, laid = memo(data, "hex steps"), board.tiles.get

    def steps_on(coord: str) -> tuple[dict, dict, tuple]:
        found = made.get((coord, laid(coord)))
        if found is None:
            found = _hex_steps(data, board, coord)
        by_edge_on[coord] = found[2]
        return found

    start_steps = [(coord, kind, index, steps_on(coord)) for coord, kind, index in starts]
    start_keys = {found[1][(kind, index)] for _, kind, index, found in start_steps}
    recorded: set[int] = set()  # way keys of the paths in out.paths
    through: dict[int, bool] = {}  # a city's way key → whether the walk may pass it (its tokens, unchanged meanwhile)
    done: set[int] = set()  # the steps kept, from every token city's walk
    kept: dict[int, set] = {}  # those kept with conditions → their conditions (none: kept from every way)
    for here, kind, index, (enter, node_ids, _) in start_steps:
        # hex → the edges it was left by, on the way, as bits (1 << edge): whether the way left a hex at all is
        # asked at every edge crossed, and a small int is made, compared and put back without a set
        crossed: dict[str, int] = {}
        exits = 0  # the edges the top frame's hex (here) was left by on the way
        # the way's nodes (way keys) → whether a cut-off by it is a condition: the token cities are on every way
        # from the token (the others are never passed: their own walks), so no cut-off by them is; the way's hex
        # edges are those of crossed
        way: dict[int, bool] = dict.fromkeys(start_keys, False)
        # the top frame and its steps are kept in locals, read from the stack only when a frame is done
        frame: list = [None, node_ids[(kind, index)], None, enter.get((kind, index), ()), None, 0, 0, 0]
        after = frame[3]
        left = len(after)  # the steps of the top frame not yet taken: after[:left], taken last first
        stack: list[list] = [frame]
        while True:
            if not left:
                stack.pop()
                if frame[2] is not None:  # back on the hex it left, which gets its edges back
                    here = frame[2]
                    exits = crossed[here] = frame[6]
                else:
                    del way[frame[1]]
                done.add(frame[0])
                if not stack:
                    break
                cuts = frame[4]
                if cuts is not None:
                    cuts.discard(frame[1])  # the frame's own element is on every way through it
                    if cuts:
                        kept[frame[0]] = cuts
                        frame = stack[-1]
                        if frame[4] is None:
                            frame[4] = set(cuts)
                        else:
                            frame[4] |= cuts
                        after = frame[3]
                        left = frame[5]
                        continue
                frame = stack[-1]
                after = frame[3]
                left = frame[5]
                continue
            left -= 1
            step = after[left]
            number = step[0]
            if number in done:
                cuts = kept.get(number)
                if cuts is None:
                    continue
                for element in cuts:
                    if element.__class__ is tuple:  # a hex edge left by
                        if not crossed.get(element[0], 0) & element[1]:
                            break
                    elif element not in way:
                        break
                else:  # kept for this way too: what cut off beyond it cuts off beyond this frame
                    if frame[4] is None:
                        frame[4] = set(cuts)
                    else:
                        frame[4] |= cuts
                    continue
                done.discard(number)  # walked again (until then not kept: it may be met on its own way)
                del kept[number]
            cut = exits & step[2]
            if cut:  # cut off by the lowest frame that left this hex by one of those edges
                for below in stack:
                    if below[7] & cut and below[2] == here:
                        if frame[4] is None:
                            frame[4] = {below[1]}
                        else:
                            frame[4].add(below[1])
                        break
                continue
            way_key = step[1]
            if way_key not in recorded:
                if goal is not None and step[4] in goal:
                    return None
                recorded.add(way_key)
                paths.add(step[4])
                for at, edge in step[5]:
                    found = edges.get(at)
                    if found is None:
                        edges[at] = {edge}
                    else:
                        found.add(edge)
                if step[6]:
                    nodes.update(step[6])
            if step[3] == PATH_TO_EDGE:
                neighbour = step[8]
                if neighbour is None:
                    done.add(number)
                    continue
                facing_edge = step[9]
                was = crossed.get(neighbour, 0)
                if was:
                    looped.add(neighbour)
                    found = out.returns.get(neighbour)
                    if found is None:
                        out.returns[neighbour] = {facing_edge}
                    else:
                        found.add(facing_edge)
                    found = out.return_exits.get(neighbour)
                    if found is None:
                        out.return_exits[neighbour] = {facing_edge | was << 3}
                    else:
                        found.add(facing_edge | was << 3)
                else:
                    found = arrivals.get(neighbour)
                    if found is None:
                        arrivals[neighbour] = {facing_edge}
                    else:
                        found.add(facing_edge)
                ahead = by_edge_on.get(neighbour)
                if ahead is None:  # steps_on, inlined: asked at the first crossing into each hex
                    found = made.get((neighbour, laid(neighbour))) or _hex_steps(data, board, neighbour)
                    ahead = by_edge_on[neighbour] = found[2]
                ahead = ahead[facing_edge]
                if not ahead:
                    done.add(number)
                    continue
                crossed[here] = exits | step[7]
                frame[5] = left
                frame = [number, step[10], here, ahead, None, 0, exits, step[7]]
                stack.append(frame)
                after = ahead
                left = len(ahead)
                here, exits = neighbour, was
                continue
            passing = step[9]
            node_key = step[7]
            if passing is not PASSES:
                if passing is STOPS:
                    done.add(number)
                    continue
                open_city = through.get(node_key)
                if open_city is None:  # passable, inlined: asked each time a way reaches the city, found once
                    slots = tokens_on[here][step[10]]
                    open_city = through[node_key] = corporation in slots or None in slots
                if not open_city:
                    done.add(number)
                    continue
            condition = way.get(node_key)
            if condition is not None:  # passed on the way: cut off
                if condition:
                    if frame[4] is None:
                        frame[4] = {node_key}
                    else:
                        frame[4].add(node_key)
                continue
            after = step[8]
            if not after:
                after = frame[3]
                done.add(number)
                continue
            way[node_key] = True
            frame[5] = left
            frame = [number, node_key, None, after, None, 0, 0, 0]
            stack.append(frame)
            left = len(after)
    return out


def _record_path(out: Reach, neighbours, coord: str, index: int, path) -> None:
    """Add path ``index`` of hex ``coord`` to ``out.paths`` and both sides of each hex edge it touches to
    ``out.edges`` (see :class:`Reach`)."""
    out.paths.add((coord, index))
    for kind, edge in path:
        if kind == "edge":
            out.edges.setdefault(coord, set()).add(edge)
            neighbour = neighbours[coord][edge]
            if neighbour is not None:
                out.edges.setdefault(neighbour, set()).add((edge + 3) % 6)
