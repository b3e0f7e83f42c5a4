"""The track state of an 18xx game: tiles laid, tile supply, station tokens and reservations.

A :class:`Board` is plain, picklable data naming things by id (hex coordinates, tile copy ids such as ``"57-3"``,
corporation ids); it lives inside a title's game state. The read-only facts (printed map, tile manifest) are a
:class:`~gamekit.tracks.mapdata.TrackData` passed alongside. Functions here read and change the board without
checking rules; the rule checks are in :mod:`gamekit.tracks.lay` (tiles) and :mod:`gamekit.tracks.tokens`.

Ids shared with 18xx.games logs:

* tile copy ``NAME-i``; the printed tile of a hex has the id in ``HexDef.tile_id`` (``"H12-0"``, ``"city-3"``).
* city ``TILEID-PART`` (``"57-3-0"``, ``"G19-0-1"``) in ``place_token`` and in reference states' tokens.
* route node ``HEX-PART`` (``"D10-1"``) in ``run_routes``.

Node keys inside gamekit are tuples ``(hex, kind, index)`` with kind ``city``/``town``/``offboard`` and index the
part's position in its own list on the current tile (``("E11", "city", 1)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from itertools import count as naturals
from operator import ne
from typing import Callable, Hashable, TypeVar

from ..errors import DataError
from ..i18n import msg
from .mapdata import TileParts, TrackData, rotate

T = TypeVar("T")

NodeKey = tuple[str, str, int]
End = tuple[str, int]
Path = tuple[End, End]


_VERSIONS = naturals(1)
"""The process-wide source of board versions (:attr:`Board.version`): each number is handed out once."""


@dataclass
class Board:
    """Mutable track state (picklable).

    Attributes:
        tiles: hex → ``(tile copy id, rotation)`` for every hex where a manifest tile lies.
        tokens: hex → per city of the current tile → per slot: corporation id or None.
        reservations: hex → per city → per slot: corporation id holding a home reservation there, or None.
        hex_reservations: hex → corporations holding a reservation on the whole hex (1830 ERIE on E11).
        version: a number that names the board's tiles and tokens as they are now (not a field: no part of the
            board's value, its equality, its repr, ``vars()`` or its pickle). Two boards with the same version hold
            equal tiles and tokens, so a question about them alone may be remembered per version. Why it holds:

            * every number comes from one process-wide counter (:data:`_VERSIONS`), never from a board's own number
              plus one, so no two boards and no two changes anywhere in the process meet on one number;
            * a board gets a fresh number when it is made (``Board(...)``, ``dataclasses.replace``: ``__init__``)
              and when it is unpickled or copied (``copy.copy``, ``copy.deepcopy``, a game's snapshot restored by
              undo or a fork: all pass through ``__setstate__``), so a copy changed later never shares a number
              with its original, and a pickle from another process never brings in a number handed out here;
            * every change of its tiles or tokens ends with :meth:`changed` (:func:`set_tile`, :func:`new_board`,
              the token writers of :mod:`gamekit.tracks.tokens`, 1837's mergers and Italy's removal, the gated
              copy of :func:`gamekit.tracks.lay.network_board`), which gives it a fresh number.

            Reservations are not covered: a question that reads them must not be keyed on the version alone.
    """

    __slots__ = ("version", "__dict__", "__weakref__")  # the version outside the dict: vars() and pickles omit it

    tiles: dict[str, tuple[str, int]] = field(default_factory=dict)
    tokens: dict[str, list[list[str | None]]] = field(default_factory=dict)
    reservations: dict[str, list[list[str | None]]] = field(default_factory=dict)
    hex_reservations: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.version = next(_VERSIONS)

    def changed(self) -> None:
        """Give the board a fresh :attr:`version`: called by every writer once it changed tiles or tokens."""
        self.version = next(_VERSIONS)

    def __getstate__(self) -> dict:
        """The board's fields (its pickle, as before boards had versions: the version is not saved)."""
        return self.__dict__

    def __setstate__(self, state: dict) -> None:
        """Restore the fields of a pickle or copy, under a fresh version (see :attr:`version`)."""
        self.__dict__.update(state)
        self.version = next(_VERSIONS)


@dataclass(frozen=True)
class PlacedTile:
    """The tile now on a hex: its parts, colour, rotation, copy id, manifest name (None when printed), and its
    paths turned to hex edges (:func:`rotated_paths`)."""

    hex: str
    parts: TileParts
    colour: str
    rotation: int
    tile_id: str
    name: str | None
    paths: tuple[Path, ...] = field(default=(), compare=False, repr=False)
    ends: dict[End, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    """The paths by the ends they touch: end → indices of the paths with that end (read-only; a walk enters a
    hex by an edge and leaves a node by its other paths, so it looks paths up by end)."""

    @property
    def labels(self) -> tuple[str, ...]:
        """Labels of the tile (a manifest tile's own, else the printed hex's)."""
        return self.parts.labels


def new_board(data: TrackData) -> Board:
    """Return the board at the start of a game: printed map, empty slots, printed home reservations."""
    board = Board()
    for coord, h in data.hexes.items():
        if h.cities:
            board.tokens[coord] = [[None] * c.slots for c in h.cities]
            board.reservations[coord] = [_slot_list(c.reserved, c.slots) for c in h.cities]
        if h.reserved_by:
            board.hex_reservations[coord] = list(h.reserved_by)
    board.changed()
    return board


def _slot_list(names: tuple[str, ...] | list[str | None], slots: int) -> list[str | None]:
    out: list[str | None] = list(names)[:slots]
    return out + [None] * (slots - len(out))


def _keep_slots(names: list[str | None], slots: int) -> list[str | None]:
    """Carry a city's slots over to an upgraded city: each token or reservation keeps its slot index (so a token
    never moves into a slot kept for a home token); only a city with fewer slots packs them."""
    if len(names) <= slots:
        return _slot_list(names, slots)
    return _slot_list([n for n in names if n], slots)


def memo(data: TrackData, name: str) -> dict:
    """Return the memo dict ``name`` of ``data.cache`` (created empty the first time): derived facts only, pure
    functions of the read-only facts and of the values in their keys, never part of a game's state."""
    found = data.cache.get(name)
    return found if found is not None else data.cache.setdefault(name, {})


def remembered(data: TrackData, name: str, key: Hashable, size: int, compute: Callable[[], T]) -> T:
    """Return the value under ``key`` in the memo ``name`` of ``data.cache`` (see :func:`memo`), computing it with
    ``compute()`` the first time; the memo is emptied when it holds ``size`` values (the positions of a game
    move on, so old keys are rarely asked again)."""
    return remember_in(memo(data, name), key, size, compute)


def remember_in(values: dict, key: Hashable, size: int, compute: Callable[[], T]) -> T:
    """Return ``values[key]``, computing it with ``compute()`` the first time; ``values`` is emptied when it holds
    ``size`` values (:func:`remembered`'s rule, for a memo kept elsewhere than in a title's track data)."""
    found = values.get(key)
    if found is None:
        if len(values) >= size:
            values.clear()
        found = values[key] = compute()
    return found


def placed_tile(data: TrackData, board: Board, coord: str) -> PlacedTile:
    """Return the tile on ``coord`` now (a laid manifest tile, else the printed hex).

    Memoised per ``(hex, laid copy and rotation)`` in ``data.cache``: a :class:`PlacedTile` is frozen and a pure
    function of the facts and those values, so boards of different games and forks share it safely.

    Raises:
        KeyError: no such hex.
    """
    key = (coord, board.tiles.get(coord))
    try:  # the hot path of every walk and route: one lookup
        return data.cache["placed_tile"][key]
    except KeyError:
        tile = memo(data, "placed_tile")[key] = _placed(data, *key)
        return tile


def _placed(data: TrackData, coord: str, laid: tuple[str, int] | None) -> PlacedTile:
    printed = data.hexes[coord]
    if laid is None:
        paths = turn_paths(printed, 0)
        return PlacedTile(coord, printed, printed.colour, 0, printed.tile_id, None, paths, _ends(paths))
    tile_id, rotation = laid
    tile = data.tiles[data.tile_name(tile_id)]
    paths = tile_paths(data, tile.name, rotation)
    return PlacedTile(coord, tile, tile.colour, rotation, tile_id, tile.name, paths, _ends(paths))


def _ends(paths: tuple[Path, ...]) -> dict[End, tuple[int, ...]]:
    found: dict[End, tuple[int, ...]] = {}
    for i, path in enumerate(paths):
        for end in path:
            found[end] = (*found.get(end, ()), i)
    return found


def rotated_paths(data: TrackData, tile: PlacedTile) -> tuple[Path, ...]:
    """Return the tile's paths with edge ends turned to hex edges (``(e + rotation) % 6``), as
    :func:`placed_tile` computed them once."""
    return tile.paths


def tile_paths(data: TrackData, name: str, rotation: int) -> tuple[Path, ...]:
    """Return the paths of manifest tile ``name`` at ``rotation`` (as :func:`turn_paths`), memoised in
    ``data.cache`` (a pure function of the read-only manifest)."""
    turned = memo(data, "tile_paths")
    key = (name, rotation)
    paths = turned.get(key)
    if paths is None:
        paths = turned[key] = turn_paths(data.tiles[name], rotation)
    return paths


def turn_paths(parts: TileParts, rotation: int) -> tuple[Path, ...]:
    """Return ``parts``' paths at ``rotation`` (edge ends turned, node ends unchanged)."""

    def turn(end: End) -> End:
        return ("edge", rotate(end[1], rotation)) if end[0] == "edge" else end

    return tuple((turn(a), turn(b)) for a, b in parts.parsed_paths)


def exits(paths: tuple[Path, ...]) -> frozenset[int]:
    """Return the hex edges that some path reaches."""
    return frozenset(end[1] for path in paths for end in path if end[0] == "edge")


def tiles_on_map(board: Board) -> set[str]:
    """Return the ids of manifest tile copies lying on the map."""
    return {tile_id for tile_id, _ in board.tiles.values()}


SUPPLY_MEMO_SIZE = 64
"""How many boards' tile supplies :func:`supply` and :func:`lowest_free_copies` remember (per title)."""


def supply(data: TrackData, board: Board) -> dict[str, list[str]]:
    """Return tile name → ids of the copies not on the map, lowest copy first (unlimited tiles: one fresh id);
    shared with later calls on a board with the same tiles laid (read it, never change it).

    Rule: ``1830:track.supply`` (replaced tiles return to the supply).
    """
    return remembered(data, "supply", _laid_ids(board), SUPPLY_MEMO_SIZE, lambda: _supply(data, board))


def _laid_ids(board: Board) -> tuple[tuple[str, int], ...]:
    # the laid copies with their rotations: built in one step (a turned tile is only another key for the same
    # supply, rarely asked)
    return tuple(board.tiles.values())


def _supply(data: TrackData, board: Board) -> dict[str, list[str]]:
    on_map = _copies_on_map(data, _laid_ids(board))
    out: dict[str, list[str]] = {}
    for name, tile in data.tiles.items():
        taken = on_map.get(name, set())
        if tile.count is None:
            out[name] = [f"{name}-{_lowest_free(taken)}"]
        else:
            out[name] = [f"{name}-{i}" for i in range(tile.count) if i not in taken]
    return out


def lowest_free_copies(data: TrackData, board: Board) -> dict[str, str]:
    """Return tile name → the lowest copy id not on the map, for every tile with a copy left (as the first id of
    each list of :func:`supply`, without listing the others); shared as :func:`supply`'s answer, a mapping to look
    tiles up in (found from an earlier answer, its order is not the manifest's). Rule: ``1830:track.supply``."""
    laid = _laid_ids(board)
    last = data.cache.get("last free copies")
    if last is not None and last[0] == laid:  # the map of the last answer, most often: compared without a hash
        return last[2]
    return remembered(data, "lowest free copies", laid, SUPPLY_MEMO_SIZE, lambda: _lowest_free_copies(data, laid))


CHANGES_FOLLOWED = 16
"""How many copies leaving or coming onto the map :func:`_lowest_free_copies` follows from the last answer it
found; more (another game's board, or hexes of the map dropped) and it counts the map afresh."""


def _lowest_free_copies(data: TrackData, laid: tuple[tuple[str, int], ...]) -> dict[str, str]:
    """The answer of :func:`lowest_free_copies` for the laid copies ``laid`` (:func:`_laid_ids`). Each is asked once
    a lay changed the map, one tile or two from the board of the last answer: so that answer is kept in
    ``data.cache`` with its laid copies and its copies on the map by tile, and only the tiles of the copies that
    left or came onto the map since are counted again (the hexes of a board keep their places among its tiles: a
    lay on a new hex comes last, an upgrade replaces its hex's entry), else the whole map
    (:func:`_counted_free_copies`)."""
    last = data.cache.get("last free copies")
    if last is not None:
        before, taken, found = last
        changed = list(compress(naturals(), map(ne, before, laid)))  # the places of both that differ
        gone = [before[at][0] for at in changed] + [tile_id for tile_id, _ in before[len(laid):]]
        come = [laid[at][0] for at in changed] + [tile_id for tile_id, _ in laid[len(before):]]
        if len(gone) + len(come) <= CHANGES_FOLLOWED:
            taken, found = _moved_copies(data, taken, found, gone, come)
            data.cache["last free copies"] = (laid, taken, found)
            return found
    taken = {name: frozenset(copies) for name, copies in _copies_on_map(data, laid).items()}
    found = _counted_free_copies(data, taken)
    data.cache["last free copies"] = (laid, taken, found)
    return found


def _moved_copies(data: TrackData, taken: dict[str, frozenset[int]], found: dict[str, str], gone: list[str],
                  come: list[str]) -> tuple[dict[str, frozenset[int]], dict[str, str]]:
    """The copies on the map by tile and the lowest free copies once the copies ``gone`` left the map and ``come``
    came onto it, from those before (``taken``, ``found``: not changed). A copy both gone and come (a hex moved
    among the tiles) stays."""
    parsed = _parsed_ids(data)
    taken = dict(taken)
    names = set()
    for tile_id in gone:
        name, copy = parsed(tile_id)
        taken[name] = taken.get(name, frozenset()) - {copy}
        names.add(name)
    for tile_id in come:
        name, copy = parsed(tile_id)
        taken[name] = taken.get(name, frozenset()) | {copy}
        names.add(name)
    found = dict(found)
    copies = _copy_ids(data)
    for name in names:
        _set_lowest_free(found, copies, name, taken[name])
    return taken, found


def _counted_free_copies(data: TrackData, taken: dict[str, frozenset[int]]) -> dict[str, str]:
    """The lowest free copies when ``taken`` (tile name → copy numbers) lie on the map: those of an empty map (copy
    0 of every tile that has one), changed only for the tiles on the map (a board holds few of a manifest's
    tiles)."""
    copies = _copy_ids(data)
    out = dict(_first_copies(data))
    for name, on_map in taken.items():
        _set_lowest_free(out, copies, name, on_map)
    return out


def _set_lowest_free(out: dict[str, str], copies: dict[str, tuple[int | None, tuple[str, ...]]], name: str,
                     taken: frozenset[int]) -> None:
    """Put in ``out`` the lowest copy of tile ``name`` not among ``taken``, or leave the tile out where none is
    left; a name that is not a manifest tile's has no supply of its own and is left as it is."""
    if name not in copies:
        return
    count, ids = copies[name]
    copy = _lowest_free(taken)
    if count is None or copy < count:
        out[name] = ids[copy] if copy < len(ids) else f"{name}-{copy}"
    else:
        out.pop(name, None)


def _first_copies(data: TrackData) -> dict[str, str]:
    """Tile name → its copy 0, for every manifest tile that has one, in manifest order (the lowest free copies of
    an empty map; memoised in ``data.cache``)."""
    found = data.cache.get("first copies")
    if found is None:
        found = data.cache["first copies"] = {name: ids[0] for name, (count, ids) in _copy_ids(data).items()
                                              if count is None or count > 0}
    return found


def _copy_ids(data: TrackData) -> dict[str, tuple[int | None, tuple[str, ...]]]:
    """Manifest tile name → its number of copies (None: unlimited) and the ids of its copies (one for an
    unlimited tile), in manifest order, made once per title: every board's supply is read from them (memoised in
    ``data.cache``)."""
    found = data.cache.get("copy ids")
    if found is None:
        found = data.cache["copy ids"] = {name: (tile.count, tuple(f"{name}-{i}" for i in range(tile.count or 1)))
                                          for name, tile in data.tiles.items()}
    return found


def _copies_on_map(data: TrackData, laid: tuple[tuple[str, int], ...]) -> dict[str, set[int]]:
    """Tile name → the copy numbers on the map, from the laid copies ``laid`` (:func:`_laid_ids`)."""
    parsed = _parsed_ids(data)
    out: dict[str, set[int]] = {}
    for tile_id, _ in laid:
        name, copy = parsed(tile_id)
        taken = out.get(name)
        if taken is None:
            out[name] = {copy}
        else:
            taken.add(copy)
    return out


def _parsed_ids(data: TrackData) -> Callable[[str], tuple[str, int]]:
    """Copy id ``NAME-i`` → ``(NAME, i)``, each id read once per title (memoised in ``data.cache``)."""
    parsed = memo(data, "copy of id")

    def parse(tile_id: str) -> tuple[str, int]:
        found = parsed.get(tile_id)
        if found is None:
            name, _, copy = tile_id.rpartition("-")
            found = parsed[tile_id] = (name, int(copy))
        return found
    return parse


def _lowest_free(taken: set[int]) -> int:
    n = 0
    while n in taken:
        n += 1
    return n


def city_slots(board: Board, coord: str, city: int) -> list[str | None]:
    """Return the token slots of city ``city`` on ``coord`` (corporation id or None per slot).

    Raises:
        KeyError/IndexError: no such city.
    """
    return board.tokens[coord][city]


def tokened_by(board: Board, coord: str, city: int, corporation: str) -> bool:
    """Return whether ``corporation`` has a station token in that city."""
    cities = board.tokens.get(coord)
    return bool(cities) and corporation in cities[city]


def blocks(board: Board, coord: str, city: int, corporation: str) -> bool:
    """Return whether that city blocks ``corporation``'s routes and track graph from passing through.

    A city blocks when every slot holds another corporation's token (an empty slot, reserved or not, does not
    block) and ``corporation`` has none there. Rule: ``1830:route.blocked``.
    """
    slots = board.tokens[coord][city]
    return corporation not in slots and None not in slots


def corporation_cities(board: Board, corporation: str) -> list[tuple[str, int]]:
    """Return the ``(hex, city)`` pairs where ``corporation`` has a station token, sorted."""
    # every walk starts here, scanning the whole map: a hex of one city (most) is asked about its slots at once,
    # only a hex of several cities is enumerated
    found = [(coord, i) for coord, cities in board.tokens.items()
             if len(cities) > 1 or (cities and corporation in cities[0])
             for i, slots in enumerate(cities) if corporation in slots]
    found.sort()
    return found


def set_tile(data: TrackData, board: Board, coord: str, tile_id: str, rotation: int,
             city_map: tuple[int, ...], lift: bool = False) -> None:
    """Put tile copy ``tile_id`` on ``coord`` at ``rotation`` without checking rules (the old one returns to
    the supply). ``city_map[i]`` is the new city that old city ``i``'s tokens and reservations move to;
    ``lift`` removes the tokens instead (their owners re-place them, rule ``1830:track.tokens``).
    """
    tile = data.tiles[data.tile_name(tile_id)]
    board.tiles[coord] = (tile_id, rotation)
    old_tokens = board.tokens.get(coord, [])
    old_reserved = board.reservations.get(coord, [])
    tokens: list[list[str | None]] = [[None] * c.slots for c in tile.cities]
    reserved: list[list[str | None]] = [[None] * c.slots for c in tile.cities]
    for old, new in enumerate(city_map):
        kept = old_tokens[old] if old < len(old_tokens) and not lift else []
        tokens[new] = _keep_slots(kept, tile.cities[new].slots)
        reserved[new] = _keep_slots(old_reserved[old] if old < len(old_reserved) else [], tile.cities[new].slots)
    if tile.cities:
        board.tokens[coord] = tokens
        board.reservations[coord] = reserved
    board.changed()


def city_id(data: TrackData, board: Board, coord: str, city: int) -> str:
    """Return the 18xx.games id of a city (``"57-3-0"``: tile copy id + part index)."""
    tile = placed_tile(data, board, coord)
    return f"{tile.tile_id}-{tile.parts.cities[city].part}"


def node_id(data: TrackData, board: Board, node: NodeKey) -> str:
    """Return the 18xx.games route node id of a node key (``("D10", "city", 1)`` → ``"D10-1"``)."""
    coord, kind, index = node
    return f"{coord}-{placed_tile(data, board, coord).parts.nodes_of(kind)[index].part}"


def find_city(data: TrackData, board: Board, city: str) -> tuple[str, int]:
    """Return ``(hex, city index)`` of an 18xx.games city id on the current board (``"57-3-0"``).

    Raises:
        DataError: no tile on the map has that id, or the part is not a city.
    """
    tile_id, _, part = city.rpartition("-")
    for coord in data.hexes:
        tile = placed_tile(data, board, coord)
        if tile.tile_id == tile_id:
            for i, c in enumerate(tile.parts.cities):
                if str(c.part) == part:
                    return coord, i
            break
    raise DataError(msg("city {city}: no such city on the map", city=repr(city)))
