"""Tile lays: is laying tile copy ``T-i`` on hex H at rotation r legal for a corporation, what does it cost.

The checks, each refusing with a ``GameError`` naming its rule (``<prefix>:track.*``, the prefix from the map
data, ``1830`` for 1830):

* ``track.lay`` — a rotation 0..5 on a hex of the map.
* ``track.supply`` — the tile is in the manifest and that copy is not on the map.
* ``track.hex`` — no tile on red (off-board), blue (sea) or gray (fixed track) hexes; not on a hex blocked
  by a private company the caller lists in ``blocked_hexes``.
* ``track.colour`` — the tile's colour is allowed in the current phase and follows the colour of the tile
  it replaces (white → yellow → green → brown → gray).
* ``track.label`` — labels (OO, NY, B …) of the new tile equal those of the tile or hex it replaces.
* ``track.cities`` — the same number of towns, and of cities (unless the old tile has a label, or the title's
  :class:`UpgradeRules` allow the change: 1894's green city splitting in two, 1837's two towns becoming one).
* ``track.upgrade`` — every path of the old tile is kept (each old city's/town's exits stay on one new
  city/town; where the count changes, on some new node of that kind); tokens follow their city, except on a city
  whose count changed: those are lifted and re-placed (``track.tokens``).
* ``track.exits`` — no exit off the map, across an impassable border, or into a red/gray/blue hex where that
  hex has no track.
* ``track.connect`` — some exit of the new tile meets track the corporation's network reaches (18xx.games
  ``TRACK_RESTRICTION :permissive``), or the hex holds one of its station tokens; skipped for special lays.
* ``track.usable`` — only when the caller asks (``restrictive=True``, 1830 option ``seed_restrictive_upgrades``):
  an upgrade must add track that the corporation's network then reaches.
* ``track.tokens`` — (not a refusal) tokens on a printed multi-city hex without track are lifted when the
  first tile with track splits it; the laying corporation re-places them.
* ``track.terrain`` — the terrain cost of the replaced hex/tile (less any discount) is affordable.

The one-lay-per-operating-round budget and which private abilities apply are the caller's business.

:func:`legal_lays` lists every lay from :func:`hex_lays`, the candidates of one hex as far as the facts decide,
memoised in ``TrackData.cache`` under values (hex, tile on it, upgrade rules): a game's state never holds them.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field

from ..errors import GameError
from .board import (Board, PlacedTile, exits, lowest_free_copies, memo, placed_tile, rotated_paths, set_tile,
                    tile_paths, tiles_on_map)
from .graph import reach
from .mapdata import COLOURS, TileDef, TrackData


@dataclass(frozen=True)
class UpgradeRules:
    """A title's hooks for upgrades.

    Attributes:
        count_changes: ``(kind, old count, new count)`` upgrades that may change the number of nodes of a kind on
            a tile — ``("city", 1, 2)`` for 1894's green city that splits in two on its brown tile, ``("town", 2,
            1)`` for 1837's two towns that become one. The tokens of a city whose count changes are lifted for
            re-placement (:attr:`LayResult.lifted`).
    """

    count_changes: frozenset[tuple[str, int, int]] = field(default_factory=frozenset)

    def allows(self, kind: str, old: int, new: int) -> bool:
        """True when an upgrade may turn ``old`` nodes of ``kind`` into ``new``."""
        return old == new or (kind, old, new) in self.count_changes


PERMISSIVE = UpgradeRules()


@dataclass(frozen=True)
class LayResult:
    """What a legal lay does.

    Attributes:
        cost: terrain cost to pay, in currency units (after any discount).
        replaced: id of the tile replaced (a printed id such as ``"H12-0"``/``"blank-3"`` or a copy id).
        returns_to_supply: whether the replaced tile is a manifest copy that goes back to the supply.
        city_map: for each city of the old tile, the index of the new city its tokens move to.
        lifted: corporations whose tokens leave the hex because the new tile splits a printed multi-city hex
            (1830 OO hexes) or changes its number of cities (:class:`UpgradeRules`): the entity the title names
            then chooses a city of the new tile for each, free and without connection (rule ``track.tokens``).
    """

    cost: int
    replaced: str
    returns_to_supply: bool
    city_map: tuple[int, ...]
    lifted: tuple[str, ...] = ()


def check_lay(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int, *,
              phase_colours: tuple[str, ...] | list[str], cash: int | None = None,
              blocked_hexes: frozenset[str] | set[str] = frozenset(), ignore_connection: bool = False,
              terrain_discount: int = 0, restrictive: bool = False, upgrades: UpgradeRules = PERMISSIVE) -> LayResult:
    """Check that ``corporation`` may lay tile copy ``tile_id`` on ``coord`` at ``rotation``.

    Args:
        data, board: the title's track facts and the current board (not changed).
        corporation: id of the corporation laying (whose network must reach the hex).
        coord: hex coordinate; tile_id: copy id ``NAME-i``; rotation: 0..5 (tile edge e on hex edge (e+r)%6).
        phase_colours: tile colours allowed in the current phase.
        cash: the corporation's cash, or None to skip the affordability check.
        blocked_hexes: hexes where no tile may be laid now (private companies owned by players).
        ignore_connection: a special lay that needs no connection (1830 CS on B20, DH on F16).
        terrain_discount: currency units waived from the terrain cost (special abilities).
        restrictive: an upgrade must add track the corporation's network reaches once laid (``track.usable``).
        upgrades: the title's :class:`UpgradeRules` (which changes of city or town count are allowed).

    Returns:
        A :class:`LayResult` (cost, replaced tile, city mapping).

    Raises:
        GameError: with a ``<prefix>:track.*`` rule (module docstring lists them).
    """
    return _check_lay(data, board, corporation, coord, tile_id, rotation, phase_colours, cash, blocked_hexes,
                      ignore_connection, terrain_discount, None, restrictive, upgrades)


def _check_lay(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int,
               phase_colours, cash: int | None, blocked_hexes, ignore_connection: bool, terrain_discount: int,
               network: dict[str, set[int]] | None, restrictive: bool = False,
               upgrades: UpgradeRules = PERMISSIVE) -> LayResult:
    """:func:`check_lay` with the corporation's network edges precomputed (``network``) or not (None)."""
    rule = data.rule
    if coord not in data.hexes:
        raise GameError(f"there is no hex {coord} on the map", rule("track.lay"))
    if rotation not in range(6):
        raise GameError(f"rotation {rotation} is not one of 0..5", rule("track.lay"))
    tile = _manifest_tile(data, board, tile_id)
    old = placed_tile(data, board, coord)
    _check_hex(data, coord)
    if coord in blocked_hexes:
        raise GameError(f"{coord} is blocked by a private company owned by a player", rule("track.hex"))
    _check_colour(data, old, tile, phase_colours)
    changed, city_map, kept = _check_shape(data, old, tile, tile_id, rotation, upgrades)
    if not ignore_connection:
        touched = (reach(data, board, corporation).edges if network is None else network).get(coord, set())
        if not tile_exits(data, tile.name, rotation) & touched:
            raise GameError(f"{tile_id} on {coord} at rotation {rotation} does not connect to {corporation}'s "
                            "track network", rule("track.connect"))
    cost = max(0, old.parts.terrain_cost - terrain_discount)
    if cash is not None and cost > cash:
        raise GameError(f"{corporation} has {cash} but the terrain on {coord} costs {cost}", rule("track.terrain"))
    lifted: tuple[str, ...] = ()
    if _lifts(old, tile, changed):
        lifted = tuple(t for slots in board.tokens.get(coord, []) for t in slots if t)
    result = LayResult(cost, old.tile_id, old.name is not None, city_map, lifted)
    if restrictive and old.parts.paths:
        _check_usable(data, board, corporation, coord, tile_id, rotation, result, kept)
    return result


def _check_hex(data: TrackData, coord: str) -> None:
    """No tile on a red, blue or gray hex (rule ``track.hex``)."""
    printed = data.hexes[coord]
    if printed.colour in ("red", "blue", "gray"):
        raise GameError(f"{coord} is a {printed.colour} hex (off-board, sea or fixed track); no tile may be laid "
                        "there", data.rule("track.hex"))


def _check_shape(data: TrackData, old: PlacedTile, tile: TileDef, tile_id: str, rotation: int,
                 upgrades: UpgradeRules) -> tuple[frozenset[str], tuple[int, ...], frozenset[int]]:
    """The checks that depend only on the facts, the old tile and the new tile at its rotation: labels, node
    counts, kept track, exits (rules ``track.label``, ``track.cities``, ``track.upgrade``, ``track.exits``).

    Returns:
        ``(kinds whose node count changes, city map, indexes of the new paths that were already there)``.
    """
    _check_label(data, old, tile)
    changed = _check_counts(data, old, tile, upgrades)
    new_paths = tile_paths(data, tile.name, rotation)
    city_map, kept = _check_kept(data, old, rotated_paths(data, old), tile, new_paths, old.hex, changed)
    _check_exits(data, old.hex, new_paths, tile_id, rotation)
    return changed, city_map, kept


def _lifts(old: PlacedTile, tile: TileDef, changed: frozenset[str]) -> bool:
    """Whether the lay lifts the hex's tokens: the first tile with track splits a printed multi-city hex, or the
    number of cities changes (rule ``track.tokens``)."""
    return (not old.parts.paths and bool(tile.paths) and len(tile.cities) > 1) or "city" in changed


def tile_exits(data: TrackData, name: str, rotation: int) -> frozenset[int]:
    """Return the hex edges that manifest tile ``name`` reaches at ``rotation`` (memoised in ``data.cache``)."""
    cache = memo(data, "tile_exits")
    key = (name, rotation)
    found = cache.get(key)
    if found is None:
        found = cache[key] = exits(tile_paths(data, name, rotation))
    return found


def _check_usable(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int,
                  result: LayResult, kept: frozenset[int]) -> None:
    """Seed 001's restrictive upgrade: some new track of the upgrade must be open to the corporation's trains, i.e.
    its network walks on a path the old tile did not have (rule ``track.usable``)."""
    trial = pickle.loads(pickle.dumps(board, pickle.HIGHEST_PROTOCOL))
    set_tile(data, trial, coord, tile_id, rotation, result.city_map, lift=bool(result.lifted))
    walked = reach(data, trial, corporation).paths
    if not any((coord, i) in walked for i in range(len(tile_paths(data, data.tile_name(tile_id), rotation)))
               if i not in kept):
        raise GameError(f"no new track of {tile_id} on {coord} at rotation {rotation} would be usable by "
                        f"{corporation}", data.rule("track.usable"))


def lay_tile(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int,
             **options) -> LayResult:
    """Check the lay (as :func:`check_lay`, same arguments) and apply it to ``board``.

    The replaced manifest tile returns to the supply; tokens and home reservations move to the new tile's
    matching city, except ``result.lifted`` tokens, which leave the board until re-placed on this hex (see
    :class:`LayResult`). The caller pays ``result.cost`` from the corporation's treasury.

    Raises:
        GameError: as :func:`check_lay`; the board is unchanged then.
    """
    result = check_lay(data, board, corporation, coord, tile_id, rotation, **options)
    set_tile(data, board, coord, tile_id, rotation, result.city_map, lift=bool(result.lifted))
    return result


def _manifest_tile(data: TrackData, board: Board, tile_id: str) -> TileDef:
    try:
        tile = data.tiles[data.tile_name(tile_id)]
    except KeyError:
        raise GameError(f"{tile_id} is not a tile of the manifest", data.rule("track.supply")) from None
    copy = int(tile_id.rpartition("-")[2])
    if tile.count is not None and copy >= tile.count:
        raise GameError(f"there are only {tile.count} copies of tile {tile.name}", data.rule("track.supply"))
    if tile_id in tiles_on_map(board):
        raise GameError(f"tile {tile_id} is already on the map", data.rule("track.supply"))
    return tile


def _next_colour(old: str, new: str) -> bool:
    return old in COLOURS and COLOURS.index(new) == COLOURS.index(old) + 1


def _check_colour(data: TrackData, old: PlacedTile, tile: TileDef, phase_colours) -> None:
    if tile.colour not in phase_colours:
        raise GameError(f"{tile.colour} tiles are not available in this phase (only {', '.join(phase_colours)})",
                        data.rule("track.colour"))
    if not _next_colour(old.colour, tile.colour):
        raise GameError(f"a {tile.colour} tile cannot replace the {old.colour} tile on {old.hex}",
                        data.rule("track.colour"))


def _required_labels(data: TrackData, old: PlacedTile, tile: TileDef) -> tuple[str, ...]:
    future = data.hexes[old.hex].future_label
    if future and COLOURS.index(tile.colour) >= COLOURS.index(future.colour):
        return (future.label,)
    return old.labels


def _check_label(data: TrackData, old: PlacedTile, tile: TileDef) -> None:
    need = _required_labels(data, old, tile)
    if sorted(tile.labels) != sorted(need):
        have = "/".join(tile.labels) or "no label"
        want = "/".join(need) or "no label"
        raise GameError(f"tile {tile.name} has {have} but {old.hex} needs {want}", data.rule("track.label"))


def _check_counts(data: TrackData, old: PlacedTile, tile: TileDef, upgrades: UpgradeRules) -> frozenset[str]:
    """Check the node counts; return the kinds whose count the title's upgrade rules let change here."""
    parts = old.parts
    changed = set()
    if len(tile.towns) != len(parts.towns):
        if not upgrades.allows("town", len(parts.towns), len(tile.towns)):
            raise GameError(f"tile {tile.name} has {len(tile.towns)} towns but {old.hex} has {len(parts.towns)}",
                            data.rule("track.cities"))
        changed.add("town")
    if len(tile.cities) != len(parts.cities) and not (old.labels and old.colour != "white"):
        if not upgrades.allows("city", len(parts.cities), len(tile.cities)):
            raise GameError(f"tile {tile.name} has {len(tile.cities)} cities but {old.hex} has "
                            f"{len(parts.cities)}", data.rule("track.cities"))
        changed.add("city")
    return frozenset(changed)


def _node_exits(paths, kind: str, count: int) -> list[frozenset[int]]:
    found: list[set[int]] = [set() for _ in range(count)]
    for a, b in paths:
        for node, other in ((a, b), (b, a)):
            if node[0] == kind and other[0] == "edge":
                found[node[1]].add(other[1])
    return [frozenset(s) for s in found]


def _match_nodes(old_exits: list[frozenset[int]], new_exits: list[frozenset[int]]) -> tuple[int, ...] | None:
    """Map each old node to a new node whose exits contain its exits, distinct new nodes unless the new tile
    has fewer (labelled merges); None when impossible."""
    distinct = len(new_exits) >= len(old_exits)
    # nodes with track first, so that a track-less node cannot take the only node some track fits
    order = sorted(range(len(old_exits)), key=lambda i: (not old_exits[i], i))
    mapping: dict[int, int] = {}

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for j, ex in enumerate(new_exits):
            if (not distinct or j not in mapping.values()) and old_exits[i] <= ex:
                mapping[i] = j
                if place(k + 1):
                    return True
                del mapping[i]
        return False

    return tuple(mapping[i] for i in range(len(old_exits))) if place(0) else None


def _loose_match(old_exits: list[frozenset[int]], new_exits: list[frozenset[int]]) -> tuple[int, ...]:
    """Where the count of a kind changes: each old node goes to the first new node sharing an exit (else the
    first); its tokens are lifted anyway, the map only carries reservations."""
    return tuple(next((j for j, ex in enumerate(new_exits) if ex & old), 0) for old in old_exits)


def _check_kept(data: TrackData, old: PlacedTile, old_paths, tile: TileDef, new_paths, coord: str,
                changed: frozenset[str] = frozenset()) -> tuple[tuple[int, ...], frozenset[int]]:
    """Check that every old path survives the upgrade; return the city map and the indexes of the new tile's paths
    that were already there. For a kind in ``changed`` a path may end on any new node of that kind."""
    maps = {}
    for kind, old_n, new_n in (("city", len(old.parts.cities), len(tile.cities)),
                               ("town", len(old.parts.towns), len(tile.towns))):
        old_exits, new_exits = _node_exits(old_paths, kind, old_n), _node_exits(new_paths, kind, new_n)
        mapping = _loose_match(old_exits, new_exits) if kind in changed else _match_nodes(old_exits, new_exits)
        if mapping is None:
            raise GameError(f"tile {tile.name} does not keep the track of every {kind} on {coord}",
                            data.rule("track.upgrade"))
        maps[kind] = mapping

    def moved(end):
        if end[0] in changed:
            return (end[0], None)
        return (end[0], maps[end[0]][end[1]]) if end[0] in maps else end

    new_index = {frozenset((moved(a), moved(b))) if changed else frozenset((a, b)): i
                 for i, (a, b) in enumerate(new_paths)}
    kept = set()
    for a, b in old_paths:
        if a[0] == b[0] == "city" and "city" not in changed and maps["city"][a[1]] == maps["city"][b[1]]:
            continue  # a path between two cities that the upgrade joins into one (1837's brown Budapest)
        moved_path = frozenset((moved(a), moved(b)))
        if moved_path not in new_index:
            raise GameError(f"tile {tile.name} at this rotation drops existing track on {coord}",
                            data.rule("track.upgrade"))
        kept.add(new_index[moved_path])
    return maps["city"], frozenset(kept)


def _check_exits(data: TrackData, coord: str, paths, tile_id: str, rotation: int) -> None:
    for edge in sorted(exits(paths)):
        if not data.exit_allowed(coord, edge):
            raise GameError(f"{tile_id} at rotation {rotation} on {coord} would run track off the map, across an "
                            f"impassable border or into a hex without track (edge {edge})", data.rule("track.exits"))


def legal_lays(data: TrackData, board: Board, corporation: str, *, phase_colours, cash: int | None = None,
               blocked_hexes: frozenset[str] | set[str] = frozenset(),
               restrictive: bool = False, upgrades: UpgradeRules = PERMISSIVE) -> list[tuple[str, str, int, int]]:
    """Return every legal ordinary lay of ``corporation`` as ``(hex, tile id, rotation, cost)``, sorted.

    One copy per tile name (the lowest free copy); of rotations giving the same track only the lowest.
    Rules: as :func:`check_lay` (``restrictive`` and ``upgrades`` as there).

    What the board does not decide is memoised (:func:`hex_lays`), so a call walks the network once and filters
    the candidates of each hex it touches by the supply, the phase's colours, the connection, the private
    companies' hexes and the cash; only the restrictive check of an upgrade lays the tile on a trial board.
    """
    network = reach(data, board, corporation).edges
    copies = lowest_free_copies(data, board)
    out = []
    for coord in sorted(network):
        if coord in blocked_hexes:
            continue
        touched = network[coord]
        for lay in hex_lays(data, placed_tile(data, board, coord), upgrades):
            tile_id = copies.get(lay.name)
            if (tile_id is None or lay.colour not in phase_colours or not lay.exits & touched
                    or (cash is not None and lay.cost > cash)):
                continue
            if restrictive and lay.upgrade and not _usable(data, board, corporation, coord, tile_id, lay.rotation,
                                                           phase_colours, network, upgrades):
                continue
            out.append((coord, tile_id, lay.rotation, lay.cost))
    return out


@dataclass(frozen=True)
class HexLay:
    """A tile that may replace the tile of a hex as far as the facts decide (colour order, labels, node counts,
    kept track, exits): tile name, rotation, its colour, its exits, the terrain cost, and whether it upgrades
    track (so that the restrictive rule applies)."""

    name: str
    rotation: int
    colour: str
    exits: frozenset[int]
    cost: int
    upgrade: bool


def hex_lays(data: TrackData, old: PlacedTile, upgrades: UpgradeRules = PERMISSIVE) -> tuple[HexLay, ...]:
    """Return the lays of every manifest tile on ``old``'s hex that pass the checks of the facts alone, by tile
    name then rotation, one rotation per distinct track (the lowest).

    A pure function of the read-only facts, the tile now on the hex (name and rotation) and ``upgrades``, so it is
    memoised in ``data.cache`` under those values: never part of a game's state, never stale after a lay, an
    undo or in a fork (each asks with its own tile). Rules: ``track.hex``, ``track.colour`` (order of colours;
    the phase's colours are the caller's), ``track.label``, ``track.cities``, ``track.upgrade``, ``track.exits``.
    """
    cache = memo(data, "hex_lays")
    key = (old.hex, old.name, old.rotation, upgrades)
    found = cache.get(key)
    if found is None:
        found = cache[key] = tuple(_hex_lays(data, old, upgrades))
    return found


def _hex_lays(data: TrackData, old: PlacedTile, upgrades: UpgradeRules) -> list[HexLay]:
    """The checks of :func:`_check_shape`, cheapest first (their order decides only which refusal is named, and
    these are not named): per tile the colour order, labels and node counts, per rotation the exits (those of the
    old tile among them, as keeping its track needs), then the kept track."""
    if data.hexes[old.hex].colour in ("red", "blue", "gray"):
        return []
    out = []
    cost = max(0, old.parts.terrain_cost)
    old_paths = rotated_paths(data, old)
    old_exits = exits(old_paths)
    allowed = open_exits(data, old.hex)
    for name in sorted(data.tiles):
        tile = data.tiles[name]
        if not _next_colour(old.colour, tile.colour):
            continue
        try:
            _check_label(data, old, tile)
            changed = _check_counts(data, old, tile, upgrades)
        except GameError:
            continue
        for rotation in distinct_rotations(data, name):
            new_exits = tile_exits(data, name, rotation)
            if not old_exits <= new_exits <= allowed:
                continue
            try:
                _check_kept(data, old, old_paths, tile, tile_paths(data, name, rotation), old.hex, changed)
            except GameError:
                continue
            out.append(HexLay(name, rotation, tile.colour, new_exits, cost, bool(old.parts.paths)))
    return out


def open_exits(data: TrackData, coord: str) -> frozenset[int]:
    """Return the edges of ``coord`` that track may leave by (``TrackData.exit_allowed``; memoised)."""
    cache = memo(data, "open_exits")
    found = cache.get(coord)
    if found is None:
        found = cache[coord] = frozenset(e for e in range(6) if data.exit_allowed(coord, e))
    return found


def distinct_rotations(data: TrackData, name: str) -> tuple[int, ...]:
    """Return the rotations of tile ``name`` giving distinct track, the lowest of each (memoised)."""
    cache = memo(data, "distinct_rotations")
    found = cache.get(name)
    if found is None:
        seen: set[frozenset] = set()
        rotations = []
        for rotation in range(6):
            shape = frozenset(frozenset(p) for p in tile_paths(data, name, rotation))
            if shape not in seen:
                seen.add(shape)
                rotations.append(rotation)
        found = cache[name] = tuple(rotations)
    return found


def _usable(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int, phase_colours,
            network: dict[str, set[int]], upgrades: UpgradeRules) -> bool:
    """Whether the full check, restrictive rule included, accepts the lay (rule ``track.usable``)."""
    try:
        _check_lay(data, board, corporation, coord, tile_id, rotation, phase_colours, None, frozenset(), False, 0,
                   network, True, upgrades)
    except GameError:
        return False
    return True
