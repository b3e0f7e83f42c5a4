"""Tile lays: is laying tile copy ``T-i`` on hex H at rotation r legal for a corporation, what does it cost.

The checks, each refusing with a ``GameError`` naming its rule (``<prefix>:track.*``, the prefix from the map
data, ``1830`` for 1830):

* ``track.lay`` — a rotation 0..5 on a hex of the map.
* ``track.supply`` — the tile is in the manifest and that copy is not on the map.
* ``track.hex`` — no tile on red (off-board), blue (sea) or gray (fixed track) hexes; not on a hex blocked
  by a private company the caller lists in ``blocked_hexes``.
* ``track.colour`` — the tile's colour is allowed in the current phase and follows the colour of the tile
  it replaces (white → yellow → green → brown → gray).
* ``track.label`` — labels (OO, NY, B …) of the new tile equal those of the tile or hex it replaces; a city the
  new tile keeps for a corporation (1894's Paris tiles: the PLM's) receives that corporation's station or home
  reservation where the hex holds one.
* ``track.cities`` — the same number of towns, and of cities (unless the old tile has a label, or the title's
  :class:`UpgradeRules` allow the change: 1894's green city splitting in two, 1837's two towns becoming one); and
  where the old tile or hex lists its only upgrades (``upgrades_to``), one of those.
* ``track.upgrade`` — every path of the old tile is kept (each old city's/town's exits stay on one new
  city/town; where the count changes, on some new node of that kind); tokens follow their city, except on a city
  whose count changed: those are lifted and re-placed (``track.tokens``).
* ``track.exits`` — no exit off the map, across an impassable border (or one that an overlay the title lists in
  :attr:`UpgradeRules.closed_borders` has closed: 1837's Italy in the second edition), or into a red/gray/blue
  hex where that hex has no track.
* ``track.connect`` — some exit of the new tile meets track the corporation's network reaches (18xx.games
  ``TRACK_RESTRICTION :permissive``), or the hex holds one of its station tokens; skipped for special lays.
* ``track.usable`` — what an upgrade must do for the corporation once laid, by :attr:`UpgradeRules.reach`:
  nothing more (``permissive``); add track its network then reaches (``restrictive``; also whenever the caller
  asks, ``restrictive=True``: 1830 option ``seed_restrictive_upgrades``); or either that or change the revenue of
  a town or city its network then reaches (``semi_restrictive``: 1837's second edition, 18xx.games'
  ``TRACK_RESTRICTION``).
* ``track.tokens`` — (not a refusal) tokens on a printed multi-city hex without track are lifted when the
  first tile with track splits it; the laying corporation re-places them.
* ``track.terrain`` — the terrain cost of the replaced hex/tile (less any discount) is affordable.

The one-lay-per-operating-round budget and which private abilities apply are the caller's business.

:func:`legal_lays` lists every lay from :func:`hex_lays`, the candidates of one hex as far as the facts decide,
memoised in ``TrackData.cache`` under values (hex, tile on it, upgrade rules — the closed borders among them):
a game's state never holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Callable, Iterator, Literal

from ..errors import GameError, shown
from ..i18n import Message, N_, colour_word, join, msg
from .board import (Board, PlacedTile, exits, lowest_free_copies, memo, placed_tile, rotated_paths, set_tile,
                    tile_paths, tiles_on_map)
from .graph import Reach as Walk
from .graph import passable, reach, walks_onto
from .mapdata import COLOURS, Revenue, TileDef, TrackData

ReachRule = Literal["permissive", "semi_restrictive", "restrictive"]


@dataclass(frozen=True)
class UpgradeRules:
    """A title's hooks for tile lays and upgrades that the facts do not carry (a value: part of the memo's key).

    Attributes:
        count_changes: ``(kind, old count, new count)`` upgrades that may change the number of nodes of a kind on
            a tile — ``("city", 1, 2)`` for 1894's green city that splits in two on its brown tile, ``("town", 2,
            1)`` for 1837's two towns that become one. Only an upgrade of a laid or printed tile changes a count:
            the first tile on an empty (white) hex has the hex's printed towns and cities (rule ``track.cities``;
            1837's double-town hexes take a double-town tile). The tokens of a city whose count changes are
            lifted for re-placement (:attr:`LayResult.lifted`).
        reach: what an upgrade must do for the laying corporation beyond connecting (rule ``track.usable``):
            ``permissive`` (nothing: 1830, 1894, 1837's first edition), ``semi_restrictive`` (make new track
            reachable or change the revenue of a reachable town or city: 1837's second edition) or
            ``restrictive`` (make new track reachable).
        closed_borders: names of the applied map overlays whose borders (``Border.closes_with``) no tile exit may
            cross now (1837's second edition: ``italy`` once Italy has left the map; rule ``track.exits``).
        gates: ``(hex, city)`` cities that a corporation's track network reaches but passes through only when it is
            one of ``gate_passers`` (1894's London, passed only with a ferry marker: track reached only through it
            cannot be built on; rule ``track.connect``).
        gate_passers: the corporations that pass through the ``gates``.
    """

    count_changes: frozenset[tuple[str, int, int]] = field(default_factory=frozenset)
    reach: ReachRule = "permissive"
    closed_borders: frozenset[str] = field(default_factory=frozenset)
    gates: frozenset[tuple[str, int]] = field(default_factory=frozenset)
    gate_passers: frozenset[str] = field(default_factory=frozenset)

    def allows(self, kind: str, old: int, new: int, old_colour: str) -> bool:
        """True when a tile of ``new`` nodes of ``kind`` may replace a tile of ``old_colour`` with ``old`` of
        them: the same count, or a count change of :attr:`count_changes` upgrading a tile that is not white."""
        return old == new or (old_colour != "white" and (kind, old, new) in self.count_changes)


PERMISSIVE = UpgradeRules()


GATE = "(gate)"
"""The stand-in token that fills a gate's slots on the board a corporation's network is walked on."""


def network_board(board: Board, corporation: str, upgrades: UpgradeRules = PERMISSIVE) -> Board:
    """The board on which ``corporation``'s track network is walked for tile lays and stations: ``board`` itself,
    or, where the corporation may not pass a gate of ``upgrades`` (1894's London without a ferry marker), a copy
    whose gate cities are filled with :data:`GATE` tokens, which the walk reaches but does not pass (as a city
    full of other corporations' tokens; rule ``track.connect``)."""
    if not upgrades.gates or corporation in upgrades.gate_passers:
        return board
    gated = _trial_board(board)
    for coord, city in upgrades.gates:
        cities = [list(slots) for slots in gated.tokens.get(coord, ())]
        if city < len(cities):
            cities[city] = [GATE] * max(1, len(cities[city]))
            gated.tokens[coord] = cities
    gated.changed()
    return gated


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
              terrain_discount: int = 0, restrictive: bool = False, upgrades: UpgradeRules = PERMISSIVE,
              trusted: bool = False, listed: bool = False) -> LayResult:
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
        restrictive: an upgrade must add track the corporation's network reaches once laid, whatever
            ``upgrades.reach`` says (``track.usable``).
        upgrades: the title's :class:`UpgradeRules` (which changes of city or town count are allowed, what an
            upgrade must reach, which overlays' borders are closed).
        trusted: the lay was checked when it was first played (a saved game loaded again): the walks of the
            network (``track.connect``, ``track.usable``), which decide nothing else, are skipped.
        listed: the lay is one that :func:`find_lays` yields for this board and these arguments now (a bot plays
            it from the listing): every check of the listing (hex, rotation, supply, colour, blocked hex, shape,
            station kept, terrain cost, connection, what an upgrade reaches) is not made again; the result is
            worked out from the old tile and the new one alone.

    Returns:
        A :class:`LayResult` (cost, replaced tile, city mapping).

    Raises:
        GameError: with a ``<prefix>:track.*`` rule (module docstring lists them).
    """
    if listed:
        tile = data.tiles[data.tile_name(tile_id)]
        old = placed_tile(data, board, coord)
        changed, city_map, _ = _check_shape(data, old, tile, tile_id, rotation, upgrades)
        return _result(board, coord, old, tile, changed, city_map, terrain_discount)
    return _check_lay(data, board, corporation, coord, tile_id, rotation, phase_colours, cash, blocked_hexes,
                      ignore_connection, terrain_discount, None, restrictive, upgrades, trusted)


def _result(board: Board, coord: str, old: PlacedTile, tile: TileDef, changed: frozenset[str],
            city_map: tuple[int, ...], terrain_discount: int) -> LayResult:
    """What a legal lay of ``tile`` on ``coord``, where ``old`` lies, does (``changed`` and ``city_map`` as
    :func:`_check_shape` finds them): the terrain cost after the discount, the tile replaced, the tokens lifted."""
    lifted: tuple[str, ...] = ()
    if _lifts(old, tile, changed):
        lifted = tuple(t for slots in board.tokens.get(coord, []) for t in slots if t)
    return LayResult(max(0, old.parts.terrain_cost - terrain_discount), old.tile_id, old.name is not None, city_map,
                     lifted)


def _check_lay(data: TrackData, board: Board, corporation: str, coord: str, tile_id: str, rotation: int,
               phase_colours, cash: int | None, blocked_hexes, ignore_connection: bool, terrain_discount: int,
               network: dict[str, set[int]] | None, restrictive: bool = False,
               upgrades: UpgradeRules = PERMISSIVE, trusted: bool = False) -> LayResult:
    """:func:`check_lay` with the corporation's network edges precomputed (``network``) or not (None)."""
    rule = data.rule
    if coord not in data.hexes:
        raise GameError(msg("there is no hex {hex} on the map", hex=shown(coord)), rule("track.lay"))
    if rotation not in range(6):
        raise GameError(msg("rotation {rotation} is not one of 0..5", rotation=rotation), rule("track.lay"))
    tile = _manifest_tile(data, board, tile_id)
    if tile.rotations is not None and rotation not in tile.rotations:
        raise GameError(msg("{tile} may only be laid at rotation {rotations}, not {rotation}",
                            tile=_named(data, tile_id), rotations=_either(tile.rotations), rotation=rotation),
                        rule("track.lay"))
    old = placed_tile(data, board, coord)
    _check_hex(data, coord)
    if coord in blocked_hexes:
        raise GameError(msg("{hex} is blocked by a private company owned by a player", hex=coord), rule("track.hex"))
    _check_colour(data, old, tile, phase_colours)
    changed, city_map, kept = _check_shape(data, old, tile, tile_id, rotation, upgrades)
    misplaced = _misplaced_holder(board, coord, tile, city_map)
    if misplaced:
        raise GameError(msg("{tile} on {hex} at rotation {rotation} would not put {corporation}'s station on the "
                            "city the tile keeps for {corporation}", tile=_named(data, tile_id), hex=coord,
                            rotation=rotation, corporation=misplaced), rule("track.label"))
    walk = None  # the corporation's walk, found once for the connection and what an upgrade reaches
    if not ignore_connection and not trusted:
        if network is None:
            walk = reach(data, network_board(board, corporation, upgrades), corporation)
        touched = (walk.edges if walk is not None else network).get(coord, set())
        if not tile_exits(data, tile.name, rotation) & touched:
            raise GameError(msg("{tile} on {hex} at rotation {rotation} does not connect to {corporation}'s track "
                                "network", tile=_named(data, tile_id), hex=coord, rotation=rotation,
                                corporation=corporation), rule("track.connect"))
    cost = max(0, old.parts.terrain_cost - terrain_discount)
    if cash is not None and cost > cash:
        raise GameError(msg("{corporation} has {cash} but the terrain on {hex} costs {cost}", corporation=corporation,
                            cash=cash, hex=coord, cost=cost), rule("track.terrain"))
    result = _result(board, coord, old, tile, changed, city_map, terrain_discount)
    reach_rule = _reach_rule(restrictive, upgrades)
    if reach_rule != "permissive" and old.parts.paths and not trusted:
        # today's walk decides most upgrades (the listing reads it so), sparing a walk of the upgraded board
        decided = _decided_by_walk(data, board, corporation, old, tile.name, rotation, reach_rule, upgrades, walk)
        if decided is None:
            _check_usable(data, board, corporation, old, tile_id, rotation, city_map, bool(result.lifted), kept,
                          reach_rule, upgrades)
        elif not decided:
            _refuse_unusable(data, corporation, coord, tile_id, rotation, reach_rule)
    return result


def _misplaced_holder(board: Board, coord: str, tile: TileDef, city_map: tuple[int, ...]) -> str | None:
    """The corporation whose station or home reservation on ``coord`` the lay would not move onto the city that
    ``tile`` prints as kept for it (1894's Paris tiles keep a city for the PLM), or ``None`` (rule ``track.label``)."""
    tokens, reserved = board.tokens.get(coord, []), board.reservations.get(coord, [])
    for new, city in enumerate(tile.cities):
        for corp in city.reserved:
            for old, target in enumerate(city_map):
                held = [*(tokens[old] if old < len(tokens) else ()), *(reserved[old] if old < len(reserved) else ())]
                if corp in held and target != new:
                    return corp
    return None


def _reach_rule(restrictive: bool, upgrades: UpgradeRules) -> ReachRule:
    """The rule ``track.usable`` applies: the caller's ``restrictive`` overrides the title's."""
    return "restrictive" if restrictive else upgrades.reach


NO_TILE_HEX = {
    "red": N_("{hex} is a red hex (off-board, sea or fixed track); no tile may be laid there"),
    "blue": N_("{hex} is a blue hex (off-board, sea or fixed track); no tile may be laid there"),
    "gray": N_("{hex} is a gray hex (off-board, sea or fixed track); no tile may be laid there")}
"""The refusal of a tile on a hex that takes none (rule ``track.hex``), per colour (a sentence of its own for each:
the colour's word agrees with "hex" in the languages that inflect it)."""


def _check_hex(data: TrackData, coord: str) -> None:
    """No tile on a red, blue or gray hex (rule ``track.hex``)."""
    printed = data.hexes[coord]
    if printed.colour in ("red", "blue", "gray"):
        raise GameError(Message(NO_TILE_HEX[printed.colour], {"hex": coord}), data.rule("track.hex"))


def _check_shape(data: TrackData, old: PlacedTile, tile: TileDef, tile_id: str, rotation: int,
                 upgrades: UpgradeRules) -> tuple[frozenset[str], tuple[int, ...], dict[int, int]]:
    """The checks that depend only on the facts, the old tile and the new tile at its rotation: labels, node
    counts, kept track, exits (rules ``track.label``, ``track.cities``, ``track.upgrade``, ``track.exits``).

    Returns:
        ``(kinds whose node count changes, city map, kept track)``: kept track maps the index of each new path
        that was already there to the index of the old path it keeps.
    """
    _check_label(data, old, tile)
    changed = _check_counts(data, old, tile, upgrades)
    new_paths = tile_paths(data, tile.name, rotation)
    maps, kept = _check_kept(data, old, rotated_paths(data, old), tile, rotation, new_paths, old.hex, changed)
    _check_exits(data, old.hex, new_paths, tile_id, rotation, upgrades.closed_borders)
    return changed, maps["city"], kept


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


def _check_usable(data: TrackData, board: Board, corporation: str, old: PlacedTile, tile_id: str, rotation: int,
                  city_map: tuple[int, ...], lift: bool, kept: dict[int, int], reach_rule: ReachRule,
                  upgrades: UpgradeRules = PERMISSIVE) -> None:
    """What an upgrade must do for the corporation once laid (rule ``track.usable``). ``restrictive`` (the older,
    Avalon Hill, edition of 1830): some new track must be open to its trains, i.e. its network then walks on a path
    the old tile did not have. ``semi_restrictive`` (1837's second edition, as 18xx.games' ``TRACK_RESTRICTION``):
    that, or its network walks on a kept path whose town or city now has another revenue (a yellow city of 20
    becoming a green one of 30)."""
    coord = old.hex
    trial = _trial_board(board)
    set_tile(data, trial, coord, tile_id, rotation, city_map, lift=lift)
    name = data.tile_name(tile_id)
    new_paths = tile_paths(data, name, rotation)
    tile = data.tiles[name]
    # the walk of the trial board stops at the first path of the goal it walks
    goal = frozenset((coord, i) for i in _goal_paths(old, tile, new_paths, kept, reach_rule))
    if not goal or not walks_onto(data, network_board(trial, corporation, upgrades), corporation, goal):
        _refuse_unusable(data, corporation, coord, tile_id, rotation, reach_rule)


def _goal_paths(old: PlacedTile, tile: TileDef, new_paths, kept: dict[int, int], reach_rule: ReachRule) -> list[int]:
    """The paths of the new tile whose walking makes an upgrade usable (rule ``track.usable``): new track, or
    (semi-restrictive) a kept path whose town or city now pays another revenue; by index."""
    new_track, revalued = _goal_split(len(new_paths), kept, [_path_revenues(tile, path) for path in new_paths],
                                      _old_revenues(old))
    return list(new_track) if reach_rule == "restrictive" else sorted(new_track + revalued)


def _goal_split(count: int, kept: dict[int, int], new_revenues,
                old_revenues) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The goal paths of :func:`_goal_paths` of a new tile of ``count`` paths, ``kept`` as :func:`_kept_track`
    finds it, in one pass: ``(new track, kept paths whose town or city now pays another revenue)``, each by index
    (the listing keeps both with every lay). ``new_revenues``/``old_revenues``: :func:`_path_revenues` of each
    path of the new and of the old tile, by index."""
    new_track, revalued = [], []
    for i in range(count):
        was = kept.get(i)
        if was is None:
            new_track.append(i)
        elif new_revenues[i] != old_revenues[was]:
            revalued.append(i)
    return tuple(new_track), tuple(revalued)


def _old_revenues(old: PlacedTile) -> list[list[int]]:
    """:func:`_path_revenues` of each path of the tile on a hex, by index."""
    return [_path_revenues(old.parts, path) for path in old.paths]


def _tile_revenues(data: TrackData, name: str) -> tuple[list[int], ...]:
    """:func:`_path_revenues` of each path of manifest tile ``name``, by index: the same at every rotation (a
    rotation turns only the edge ends of paths, :func:`~gamekit.tracks.board.turn_paths`, and keeps their order),
    so memoised in ``data.cache`` per tile (read it, never change it)."""
    cache = memo(data, "tile revenues")
    found = cache.get(name)
    if found is None:
        tile = data.tiles[name]
        found = cache[name] = tuple(_path_revenues(tile, path) for path in tile.parsed_paths)
    return found


def _refuse_unusable(data: TrackData, corporation: str, coord: str, tile_id: str, rotation: int,
                     reach_rule: ReachRule) -> None:
    """Raise the refusal of rule ``track.usable`` for an upgrade that fails it under ``reach_rule``."""
    if reach_rule == "restrictive":
        raise GameError(msg("no new track of {tile} on {hex} at rotation {rotation} would be usable by {corporation}",
                            tile=_named(data, tile_id), hex=coord, rotation=rotation, corporation=corporation),
                        data.rule("track.usable"))
    raise GameError(msg("{tile} on {hex} at rotation {rotation} would give {corporation} no new track and no new "
                        "revenue of a town or city it reaches", tile=_named(data, tile_id), hex=coord,
                        rotation=rotation, corporation=corporation), data.rule("track.usable"))


def _decided_by_walk(data: TrackData, board: Board, corporation: str, old: PlacedTile, name: str, rotation: int,
                     reach_rule: ReachRule, upgrades: UpgradeRules, walk: Walk | None = None) -> bool | None:
    """Rule ``track.usable`` for an upgrade that passed every other check, read from the corporation's walk of the
    board as it is where that walk decides it (:func:`_walk_decides`, as :func:`find_lays` reads it), else None:
    the tile at that rotation is then one of the hex's :func:`hex_lays` unless another rotation gives the same
    track (then None too). ``walk``: that walk where the caller has it (found here when None)."""
    lay = next((lay for lay in hex_lays(data, old, upgrades) if lay.name == name and lay.rotation == rotation), None)
    if lay is None:
        return None
    walked_on = network_board(board, corporation, upgrades)
    if walk is None:
        walk = reach(data, walked_on, corporation)
    return _walk_decides(data, walked_on, corporation, old, lay, walk, reach_rule)


def _blocking_changes(board: Board, coord: str, corporation: str, tile: TileDef, city_map: tuple[int, ...]) -> bool:
    """Whether laying ``tile`` on ``coord`` (each old city's tokens moving to its new city of ``city_map``, as
    :func:`set_tile` carries them over) makes a city block ``corporation`` that does not now, or the other way
    round (``board.blocks`` now against the new city's slots).

    A city holding one of the corporation's tokens blocks it neither now nor then. Else it blocks now when no
    slot is empty, and then when its tokens fill the new city's slots: counted here once per city, as the
    listing asks of every upgrade it reads from a walk."""
    if not city_map:  # no city: nothing to block (and the hex may have no slots at all)
        return False
    held = board.tokens[coord]
    for old, new in enumerate(city_map):
        slots = held[old]
        if corporation in slots:
            continue
        placed = len(slots) - slots.count(None)
        if (placed == len(slots)) != (placed >= tile.cities[new].slots):
            return True
    return False


def _trial_board(board: Board) -> Board:
    """A copy of ``board`` that :func:`set_tile` may change without changing ``board`` (it replaces a hex's entries
    in the three dicts and never changes the lists they hold), far cheaper than a deep copy."""
    return replace(board, tiles=dict(board.tiles), tokens=dict(board.tokens), reservations=dict(board.reservations))


def _path_revenues(parts, path) -> list[int]:
    """The highest revenues of the towns, cities and off-boards that a path of ``parts`` ends at, sorted (what
    18xx.games compares for the semi-restrictive rule)."""
    return sorted([_highest(getattr(parts, _NODE_PARTS[kind])[index].revenue) for kind, index in path
                   if kind in _NODE_PARTS])


_NODE_PARTS = {"city": "cities", "town": "towns", "offboard": "offboards"}
"""The field of :class:`~gamekit.tracks.mapdata.TileParts` holding each kind of node that pays a revenue (as
``TileParts.nodes_of``, without building its mapping at every end of every path a listing compares)."""


def _highest(revenue: Revenue) -> int:
    return max(revenue.values()) if isinstance(revenue, dict) else revenue


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


def _named(data: TrackData, tile_id: str) -> str:
    """A tile as a refusal names it to a learner: ``tile 56`` for copy ``56-0`` (which copy is the engine's)."""
    return msg("tile {tile}", tile=data.tile_name(tile_id))


def _either(choices) -> Message:
    """Alternatives as a refusal lists them: ``"0 or 3"``, ``"0 or 2 or 4"`` (each "or" in the language)."""
    first, *rest = map(str, choices)
    said: str | Message = first
    for choice in rest:
        said = msg("{first} or {second}", first=said, second=choice)
    return said


def _manifest_tile(data: TrackData, board: Board, tile_id: str) -> TileDef:
    try:
        tile = data.tiles[data.tile_name(tile_id)]
    except KeyError:
        raise GameError(msg("{tile} is not a tile of the manifest", tile=tile_id), data.rule("track.supply")) from None
    copy = int(tile_id.rpartition("-")[2])
    if tile.count is not None and copy >= tile.count:
        raise GameError(msg("there are only {count} copies of tile {tile}", count=tile.count, tile=tile.name),
                        data.rule("track.supply"))
    if tile_id in tiles_on_map(board):
        raise GameError(msg("tile {tile} is already on the map", tile=tile_id), data.rule("track.supply"))
    return tile


def next_colour(old: str, new: str) -> bool:
    """Whether a ``new``-coloured tile may replace an ``old``-coloured one: the colour after ``old`` in
    :data:`~gamekit.tracks.mapdata.COLOURS` (rule ``track.colour``; the phase's colours are checked apart)."""
    return old in COLOURS and COLOURS.index(new) == COLOURS.index(old) + 1


def colour_follows(old: PlacedTile, tile: TileDef) -> bool:
    """:func:`next_colour`, or a later colour where the old tile lists ``tile`` among its only upgrades
    (``upgrades_to``: 1830's Coalfields, whose two-town yellow tiles become the brown 1717 on G17)."""
    if next_colour(old.colour, tile.colour):
        return True
    listed = old.parts.upgrades_to
    return listed is not None and tile.name in listed and old.colour in COLOURS and \
        COLOURS.index(tile.colour) > COLOURS.index(old.colour)


def _check_colour(data: TrackData, old: PlacedTile, tile: TileDef, phase_colours) -> None:
    if tile.colour not in phase_colours:
        raise GameError(msg("{colour} tiles are not available in this phase (only {colours})",
                            colour=colour_word(tile.colour), colours=join(", ", map(colour_word, phase_colours))),
                        data.rule("track.colour"))
    if not colour_follows(old, tile):
        raise GameError(msg("a {colour} tile cannot replace the {old} tile on {hex}", colour=colour_word(tile.colour),
                            old=colour_word(old.colour), hex=old.hex), data.rule("track.colour"))


def _required_labels(data: TrackData, old: PlacedTile, tile: TileDef) -> tuple[str, ...]:
    future = data.hexes[old.hex].future_label
    if future and COLOURS.index(tile.colour) >= COLOURS.index(future.colour):
        return (future.label,)
    return old.labels


def _label_fits(data: TrackData, old: PlacedTile, tile: TileDef) -> bool:
    """Whether :func:`_check_label` accepts ``tile`` (without building its refusal: the listing asks of every
    tile)."""
    listed = old.parts.upgrades_to
    if listed is not None and tile.name not in listed:
        return False
    return sorted(tile.labels) == sorted(_required_labels(data, old, tile))


def _counts_changed(old: PlacedTile, tile: TileDef, upgrades: UpgradeRules) -> frozenset[str] | None:
    """What :func:`_check_counts` returns, or None where it refuses (without building the refusal)."""
    parts = old.parts
    changed = set()
    if len(tile.towns) != len(parts.towns):
        if not upgrades.allows("town", len(parts.towns), len(tile.towns), old.colour):
            return None
        changed.add("town")
    if len(tile.cities) != len(parts.cities) and not (old.labels and old.colour != "white"):
        if not upgrades.allows("city", len(parts.cities), len(tile.cities), old.colour):
            return None
        changed.add("city")
    return frozenset(changed)


def _check_label(data: TrackData, old: PlacedTile, tile: TileDef) -> None:
    """The new tile has the labels the hex needs, and is one of the tiles the old one lists as its only upgrades
    where it lists them (rules ``track.label``, ``track.cities``)."""
    listed = old.parts.upgrades_to
    if listed is not None and tile.name not in listed:
        raise GameError(msg("tile {tile} on {hex} upgrades only to {tiles}", tile=old.name or old.tile_id, hex=old.hex,
                            tiles=", ".join(listed)), data.rule("track.cities"))
    need = _required_labels(data, old, tile)
    if sorted(tile.labels) != sorted(need):
        have = "/".join(tile.labels) or msg("no label")
        want = "/".join(need) or msg("no label")
        raise GameError(msg("tile {tile} has {labels} but {hex} needs {needed}", tile=tile.name, labels=have,
                            hex=old.hex, needed=want), data.rule("track.label"))


def _check_counts(data: TrackData, old: PlacedTile, tile: TileDef, upgrades: UpgradeRules) -> frozenset[str]:
    """Check the node counts; return the kinds whose count the title's upgrade rules let change here."""
    parts = old.parts
    changed = set()
    if len(tile.towns) != len(parts.towns):
        if not upgrades.allows("town", len(parts.towns), len(tile.towns), old.colour):
            raise GameError(msg("tile {tile} has {count} towns but {hex} has {old}", tile=tile.name,
                                count=len(tile.towns), hex=old.hex, old=len(parts.towns)), data.rule("track.cities"))
        changed.add("town")
    if len(tile.cities) != len(parts.cities) and not (old.labels and old.colour != "white"):
        if not upgrades.allows("city", len(parts.cities), len(tile.cities), old.colour):
            raise GameError(msg("tile {tile} has {count} cities but {hex} has {old}", tile=tile.name,
                                count=len(tile.cities), hex=old.hex, old=len(parts.cities)), data.rule("track.cities"))
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
    return tuple(mapping[i] for i in range(len(old_exits))) \
        if _place_nodes(0, order, old_exits, new_exits, distinct, mapping) else None


def _place_nodes(k: int, order: list[int], old_exits: list[frozenset[int]], new_exits: list[frozenset[int]],
                 distinct: bool, mapping: dict[int, int]) -> bool:
    """Extend ``mapping`` to the old nodes ``order[k:]`` by backtracking (:func:`_match_nodes`); True when every
    one is placed. A function of the module, not a closure: a recursive closure is a reference cycle, garbage
    left to the cycle collector at every listing of a hex's lays."""
    if k == len(order):
        return True
    i = order[k]
    for j, ex in enumerate(new_exits):
        if (not distinct or j not in mapping.values()) and old_exits[i] <= ex:
            mapping[i] = j
            if _place_nodes(k + 1, order, old_exits, new_exits, distinct, mapping):
                return True
            del mapping[i]
    return False


def _loose_match(old_exits: list[frozenset[int]], new_exits: list[frozenset[int]]) -> tuple[int, ...]:
    """Where the count of a kind changes: each old node goes to the first new node sharing an exit (else the
    first); its tokens are lifted anyway, the map only carries reservations."""
    return tuple(next((j for j, ex in enumerate(new_exits) if ex & old), 0) for old in old_exits)


KEEPS_EVERY = {"city": N_("tile {tile} does not keep the track of every city on {hex}"),
               "town": N_("tile {tile} does not keep the track of every town on {hex}")}
"""The refusal of an upgrade that loses the track of a city or a town (rule ``track.upgrade``), per kind."""


def _check_kept(data: TrackData, old: PlacedTile, old_paths, tile: TileDef, rotation: int, new_paths, coord: str,
                changed: frozenset[str] = frozenset()) -> tuple[dict[str, tuple[int, ...]], dict[int, int]]:
    """Check that every old path survives the upgrade (``tile`` at ``rotation``, whose paths are ``new_paths``);
    return, per kind (``city``, ``town``), the new node of each old one, and, for each path of the new tile that was
    already there, the index of the old path it keeps (shared: read them, never change them). For a kind in
    ``changed`` a path may end on any new node of that kind."""
    found = _known_kept_track(data, old, old_paths, tile, rotation, new_paths, changed)
    if found == "drop":
        raise GameError(msg("tile {tile} at this rotation drops existing track on {hex}", tile=tile.name,
                            hex=coord), data.rule("track.upgrade"))
    if isinstance(found, str):
        raise GameError(Message(KEEPS_EVERY[found], {"tile": tile.name, "hex": coord}), data.rule("track.upgrade"))
    return found


def _known_kept_track(data: TrackData, old: PlacedTile, old_paths, tile: TileDef, rotation: int, new_paths,
                      changed: frozenset[str], old_nodes: dict[str, list[frozenset[int]]] | None = None,
                      kept_track: tuple[dict, int] | None = None
                      ) -> tuple[dict[str, tuple[int, ...]], dict[int, int]] | str:
    """:func:`_kept_track`, a pure function of the two tiles' track and node counts, asked again on every hex where
    the same tile lies (or, printed, with the same track) and by the check of the lay then played: memoised in
    ``data.cache`` under the old tile's track (:func:`_kept_track_memo`, ``kept_track`` where the caller looked it
    up), then the new tile, its rotation turned back as that memo says and the kinds whose count changes (its
    answer is shared: read it, never change it). ``old_paths``: ``old``'s paths (``old.paths``)."""
    memo_part, turned = _kept_track_memo(data, old, old_paths) if kept_track is None else kept_track
    key = (tile.name, (rotation - turned) % 6, changed)
    found = memo_part.get(key)
    if found is None:
        found = memo_part[key] = _kept_track(old, old_paths, tile, new_paths, changed, old_nodes,
                                             _tile_node_exits(data, tile, rotation, new_paths))
    return found


def _tile_node_exits(data: TrackData, tile: TileDef, rotation: int, paths) -> dict[str, list[frozenset[int]]]:
    """The exits of each city and each town of manifest tile ``tile`` at ``rotation`` (its paths there: ``paths``),
    by kind (as :func:`_old_node_exits`): a pure function of the tile's facts and the rotation, asked by every
    :func:`_kept_track` of that tile against the track of another tile, so memoised in ``data.cache`` (read it,
    never change it)."""
    cache = memo(data, "tile node exits")
    key = (tile.name, rotation)
    found = cache.get(key)
    if found is None:
        found = cache[key] = {"city": _node_exits(paths, "city", len(tile.cities)),
                              "town": _node_exits(paths, "town", len(tile.towns))}
    return found


def _kept_track_memo(data: TrackData, old: PlacedTile, old_paths) -> tuple[dict, int]:
    """The part of :func:`_known_kept_track`'s memo for the old tile's track, and the rotation the new tile's
    rotation is turned back by in its keys: looked up once by :func:`_hex_lays`, which asks of every rotation of
    every candidate tile.

    :func:`_kept_track` compares edges of the two tiles only with each other (equal, one set within another,
    sharing one) and keeps the order of paths and nodes, so turning both tiles by one rotation leaves its answer
    as it is. A laid manifest tile's track is its track at rotation 0 turned by the rotation it lies at
    (:func:`~gamekit.tracks.board.placed_tile`): its part is keyed by its name, and the new tile's rotation is
    turned back by the laid one's (one part for every hex and rotation where that tile lies). A printed tile's
    part is keyed by its track and node counts (``old_paths``, at rotation 0: nothing to turn back)."""
    parts = old.parts
    if old.name is not None:
        key, turned = old.name, old.rotation
    else:
        key, turned = (old_paths, len(parts.cities), len(parts.towns)), 0
    kept_track = memo(data, "kept track")
    found = kept_track.get(key)
    if found is None:
        found = kept_track[key] = {}
    return found, turned


def _kept_track(old: PlacedTile, old_paths, tile: TileDef, new_paths, changed: frozenset[str],
                old_nodes: dict[str, list[frozenset[int]]] | None = None,
                new_nodes: dict[str, list[frozenset[int]]] | None = None
                ) -> tuple[dict[str, tuple[int, ...]], dict[int, int]] | str:
    """What :func:`_check_kept` returns, or why it refuses, without building the refusal (the listing asks of
    every rotation of every tile): ``"city"`` or ``"town"`` (a node of that kind loses track), ``"drop"`` (a path
    is lost). ``old_nodes``: the exits of the old tile's cities and towns (:func:`_old_node_exits`), found once
    by a caller asking about many tiles; ``new_nodes``: those of the new tile (its paths ``new_paths``), found
    when None."""
    if old_nodes is None:
        old_nodes = _old_node_exits(old, old_paths)
    maps = {}
    for kind, new_n in (("city", len(tile.cities)), ("town", len(tile.towns))):
        old_exits = old_nodes[kind]
        new_exits = _node_exits(new_paths, kind, new_n) if new_nodes is None else new_nodes[kind]
        mapping = _loose_match(old_exits, new_exits) if kind in changed else _match_nodes(old_exits, new_exits)
        if mapping is None:
            return kind
        maps[kind] = mapping

    def moved(end):
        if end[0] in changed:
            return (end[0], None)
        return (end[0], maps[end[0]][end[1]]) if end[0] in maps else end

    new_index = {frozenset((moved(a), moved(b))) if changed else frozenset((a, b)): i
                 for i, (a, b) in enumerate(new_paths)}
    kept: dict[int, int] = {}
    for old_index, (a, b) in enumerate(old_paths):
        if a[0] == b[0] == "city" and "city" not in changed and maps["city"][a[1]] == maps["city"][b[1]]:
            continue  # a path between two cities that the upgrade joins into one (1837's brown Budapest)
        moved_path = frozenset((moved(a), moved(b)))
        if moved_path not in new_index:
            return "drop"
        kept[new_index[moved_path]] = old_index
    return maps, kept


def _old_node_exits(old: PlacedTile, old_paths) -> dict[str, list[frozenset[int]]]:
    """The exits of each city and each town of the old tile (``_node_exits``), by kind."""
    return {"city": _node_exits(old_paths, "city", len(old.parts.cities)),
            "town": _node_exits(old_paths, "town", len(old.parts.towns))}


def _check_exits(data: TrackData, coord: str, paths, tile_id: str, rotation: int, closed: frozenset[str]) -> None:
    """No exit off the map, across an impassable border or one the overlays ``closed`` have closed, or into a hex
    without track there (rule ``track.exits``)."""
    leaving = exits(paths)
    if leaving <= open_exits(data, coord, closed):  # the open edges of a hex are memoised: one test for a lay
        return
    for edge in sorted(leaving):
        if data.exit_allowed(coord, edge, closed):
            continue
        if data.exit_allowed(coord, edge):
            raise GameError(msg("{tile} at rotation {rotation} on {hex} would point across a border closed by "
                                "{overlays} (edge {edge})", tile=_named(data, tile_id), rotation=rotation, hex=coord,
                                overlays="/".join(sorted(closed)), edge=edge), data.rule("track.exits"))
        raise GameError(msg("{tile} at rotation {rotation} on {hex} would run track off the map, across an impassable "
                            "border or into a hex without track (edge {edge})", tile=_named(data, tile_id),
                            rotation=rotation, hex=coord, edge=edge), data.rule("track.exits"))


def legal_lays(data: TrackData, board: Board, corporation: str, *, phase_colours, cash: int | None = None,
               blocked_hexes: frozenset[str] | set[str] = frozenset(),
               restrictive: bool = False, upgrades: UpgradeRules = PERMISSIVE) -> list[tuple[str, str, int, int]]:
    """Return every legal ordinary lay of ``corporation`` as ``(hex, tile id, rotation, cost)``, sorted: the list
    of :func:`find_lays` (arguments and rules as there)."""
    return list(find_lays(data, board, corporation, phase_colours=phase_colours, cash=cash,
                          blocked_hexes=blocked_hexes, restrictive=restrictive, upgrades=upgrades))


def find_lays(data: TrackData, board: Board, corporation: str, *, phase_colours, cash: int | None = None,
              blocked_hexes: frozenset[str] | set[str] | Callable[[], frozenset[str]] = frozenset(),
              restrictive: bool = False, upgrades: UpgradeRules = PERMISSIVE) -> Iterator[tuple[str, str, int, int]]:
    """Yield every legal ordinary lay of ``corporation`` as ``(hex, tile id, rotation, cost)``, sorted, each found
    only when asked for (whether there is a lay stops at the first); the board must not change meanwhile.

    One copy per tile name (the lowest free copy); of rotations giving the same track only the lowest.
    Rules: as :func:`check_lay` (``restrictive`` and ``upgrades`` as there); ``blocked_hexes`` may also be a
    function returning them, called only once the network holds a candidate of the phase's colours with a copy in
    the supply and the cash for its terrain (most listings of a network in 1837's yellow phases hold none, and the
    caller's blocked hexes cost a lookup).

    What the board does not decide is memoised (:func:`hex_lays`), and what the corporation's walk decides is kept
    with that walk (:func:`_network_lays`), so a listing filters the kept candidates by the supply, the phase's
    colours, the private companies' hexes and the cash. What an upgrade reaches (``track.usable``, unless
    permissive) is read from the walk where it decides it (:func:`_walk_decides`); only where it does not is the
    tile laid on a trial board (:func:`_usable`).
    """
    walked_on = network_board(board, corporation, upgrades)
    walk = reach(data, walked_on, corporation)
    reach_rule = _reach_rule(restrictive, upgrades)
    listing = _network_lays(data, corporation, walk, reach_rule, upgrades)
    coloured = listing.of_colours(data, walked_on, phase_colours)
    if not coloured:
        return
    copies = lowest_free_copies(data, board)
    for candidate in coloured:
        coord, old, lay = candidate
        tile_id = copies.get(lay.name)
        if (tile_id is None or (cash is not None and lay.cost > cash)
                or (lay.keeps_cities and _misplaced_holder(board, coord, data.tiles[lay.name], lay.city_map))):
            continue
        if callable(blocked_hexes):  # looked up once a candidate has a copy and the cash (many listings have none)
            blocked_hexes = blocked_hexes()
        if coord in blocked_hexes:
            continue
        if reach_rule != "permissive" and lay.upgrade:
            decided = listing.decided(data, walked_on, candidate)
            if not (_usable(data, board, corporation, old, lay, tile_id, reach_rule, upgrades)
                    if decided is None else decided):
                continue
        yield coord, tile_id, lay.rotation, lay.cost


class _NetworkLays:
    """The candidate lays of a corporation's network as one walk of it decides them, kept with that walk.

    Attributes:
        walk: the walk (:func:`~gamekit.tracks.graph.reach`'s shared answer) of ``corporation``'s network.
        shape: the shape rules (:func:`_shape_rules`) the candidates pass.
    """

    def __init__(self, walk: Walk, corporation: str, reach_rule: ReachRule, shape: UpgradeRules):
        self.walk, self.corporation, self.reach_rule, self.shape = walk, corporation, reach_rule, shape
        self._decided: dict[int, bool | None] = {}
        self._coloured: dict[tuple[str, ...], list[tuple[str, PlacedTile, HexLay]]] = {}

    def of_colours(self, data: TrackData, board: Board, colours) -> list[tuple[str, PlacedTile, HexLay]]:
        """``(hex, tile there, lay)`` for every :func:`hex_lays` lay whose colour is one of ``colours`` (a phase's)
        of every hex the walk touches whose exits meet the edges it touches there (rule ``track.connect``), by hex
        then tile name and rotation; ``board`` is the network board now (as :meth:`decided`). Found once per
        colours, each hex's from :func:`_touching_lays`'s memo under those colours: most lays of a network are of a
        colour the phase does not allow yet (1837's green and brown upgrades in its yellow phases), and a listing
        never builds them."""
        key = tuple(colours)
        found = self._coloured.get(key)
        if found is None:
            found = self._coloured[key] = _coloured_candidates(data, board, self.walk.edges, self.shape, key)
        return found

    def decided(self, data: TrackData, board: Board, candidate: tuple[str, PlacedTile, HexLay]) -> bool | None:
        """:func:`_walk_decides` for ``candidate`` (an upgrade among :meth:`of_colours`'s) on ``board`` (the network
        board now, which holds what the walk's board held where the walk went), found the first time it is asked:
        a listing of a phase's colours asks only of those. The board is the caller's, never kept: another game or
        fork may share the walk while this one's board moves on. Kept by the candidate's identity: the candidate
        lists of :meth:`of_colours` hold every candidate asked of while this listing lives."""
        found = self._decided.get(id(candidate), _UNASKED)  # most are asked once: no KeyError raised for each
        if found is _UNASKED:
            _, old, lay = candidate
            found = self._decided[id(candidate)] = _walk_decides(data, board, self.corporation, old, lay, self.walk,
                                                                 self.reach_rule)
        return found


def _coloured_candidates(data: TrackData, board: Board, network: dict[str, set[int]], shape: UpgradeRules,
                         colours: tuple[str, ...]) -> list[tuple[str, PlacedTile, HexLay]]:
    """:meth:`_NetworkLays.of_colours` of the walk touching the hex ``network`` (:attr:`Walk.edges`), found."""
    out: list[tuple[str, PlacedTile, HexLay]] = []
    kept, laid = _touching_memo(data, shape), board.tiles.get
    by_hex = kept.get(colours)
    if by_hex is None:
        by_hex = kept[colours] = {}
    for coord in sorted(network):
        # _touching_lays's memo asked here first (its key as there): most hexes of a walk were listed before
        touched = network[coord]
        found = by_hex.get((coord, laid(coord), frozenset(touched)))
        if found is None:
            found = _touching_lays(data, board, coord, touched, shape, colours, kept)
        if found:
            out += found
    return out


_UNASKED = object()
"""The answer :meth:`_NetworkLays.decided` has not found yet (its answers include None)."""


TOUCHING_KEPT = 20_000
"""How many answers :func:`_touching_lays` keeps per title, shape rules and colours (a few games' hexes, tiles and
touched edges)."""


def _touching_lays(data: TrackData, board: Board, coord: str, touched: set[int], shape: UpgradeRules,
                   colours: tuple[str, ...], kept: dict) -> tuple[tuple[str, PlacedTile, HexLay], ...]:
    """``(hex, tile there, lay)`` for every :func:`hex_lays` lay of ``coord`` whose exits meet the edges ``touched``
    (rule ``track.connect``) and whose colour is one of ``colours``. Each new walk of a network lists every hex it
    touches again, most of them as the walk before it did, so the answer is kept in ``data.cache`` under all it
    reads: the hex, the tile there, the edges touched, the colours and the shape rules (``kept``: the shape rules'
    part of that memo, :func:`_touching_memo`, looked up once by a caller asking of many hexes; in it, a part per
    colours, looked up once per walk, so that no hex's key holds them)."""
    by_hex = kept.get(colours)
    if by_hex is None:
        by_hex = kept[colours] = {}
    key = (coord, board.tiles.get(coord), frozenset(touched))
    found = by_hex.get(key)
    if found is None:
        if len(by_hex) >= TOUCHING_KEPT:
            by_hex.clear()
        old = placed_tile(data, board, coord)
        # isdisjoint answers without building the set of shared exits for each of the hex's lays
        found = by_hex[key] = tuple((coord, old, lay) for lay in _shaped_lays(data, old, shape)
                                  if lay.colour in colours and not lay.exits.isdisjoint(touched))
    return found


def _touching_memo(data: TrackData, shape: UpgradeRules) -> dict:
    """The part of :func:`_touching_lays`'s memo in ``data.cache`` for the shape rules ``shape``: looked up once
    per walk rather than hashing the rules (a dataclass, hashed field by field) with every hex's key."""
    kept = memo(data, "touching lays")
    found = kept.get(shape)
    if found is None:
        found = kept[shape] = {}
    return found


LISTINGS_KEPT = 512
"""How many :class:`_NetworkLays` are kept per title: more than the walks :func:`~gamekit.tracks.graph.reach`
keeps (:data:`~gamekit.tracks.graph.WALKS_KEPT` per corporation; 1837 has some thirty corporations), so that the
listing of a walk still kept is found again rather than made anew; the oldest goes first."""


def _network_lays(data: TrackData, corporation: str, walk: Walk, reach_rule: ReachRule,
                  upgrades: UpgradeRules) -> _NetworkLays:
    """The :class:`_NetworkLays` of ``walk``, kept in ``data.cache`` under the walk itself, the corporation, the
    reach rule and the shape rules.

    The same walk object is the answer of :func:`~gamekit.tracks.graph.reach` only while the board holds the same
    tiles and tokens on every hex the walk touches, and a candidate reads nothing else of the board: the tile
    of its hex (its :func:`hex_lays`) and, for :func:`_walk_decides`, the walk and the tokens of that hex. The
    kept entry holds its walk, so the walk's id is never reused while the entry lives."""
    shape = _shape_rules(upgrades)
    kept = memo(data, "network lays")
    key = (corporation, id(walk), reach_rule, id(shape))  # a shape rules value is one object (_shape_rules)
    found = kept.get(key)
    if found is None or found.walk is not walk:
        if found is None and len(kept) >= LISTINGS_KEPT:
            del kept[next(iter(kept))]  # the oldest: a walk reach has most likely dropped
        found = kept[key] = _NetworkLays(walk, corporation, reach_rule, shape)
    return found


def _walk_decides(data: TrackData, board: Board, corporation: str, old: PlacedTile, lay: HexLay, walk: Walk,
                  reach_rule: ReachRule) -> bool | None:
    """Rule ``track.usable`` for a listed upgrade, read from ``walk`` (the corporation's network on the board as it
    is) where that walk decides it, else None.

    It decides when the upgrade keeps the hex's towns and cities one for one, lifts no token, blocks or frees no
    city for the corporation (its slots) and the old tile has no junction: then, until the walk on the upgraded
    board first enters a new path, it is the walk of today, so a new path is walked exactly when one of its ends
    is an edge the walk crosses into the hex by (``walk.arrivals``) or a town or city the walk reaches and may
    leave by every path; and when none is, the kept paths walked are those walked today. Where a loop of the walk
    came back to the hex (``walk.looped``), a way crossing in again may be cut off before new track, so only the
    answer that no new path is entered is read, when no new path ends at an edge the walk crosses in by again or at
    a town or city it passes; or that one is, where a way that crossed in again goes on into an edge-to-edge new
    path (:func:`_returns_into_new_track`).

    Whatever else the upgrade changes, a path of the goal (:func:`_goal_paths`) that leaves the hex by an edge the
    walk first crosses into it by is walked: the way that crosses there has not yet been on the hex, so it is a
    way of the upgraded board too (every other hex, token and slot stays as it is), and it goes on into that path.
    And an upgrade without a goal (a tile that only joins two towns, at their revenue) is never usable.

    The lay's edges and nodes of new and revalued track are found once with it (:class:`HexLay`): the sets
    asked about here are those (the edges of the goal's paths, as one set of edges).

    Exact in whatever order the walk went (:func:`~gamekit.tracks.graph._trail`: which crossing of an edge it
    meets first, and so whether it is an arrival or a return, is its order's): every path some trail walks toward
    the hex records its crossing into it, as an arrival or a return, so ``arrivals ∪ returns`` of the hex, like
    ``paths`` and ``nodes``, depends on no order. A recorded arrival is the crossing of a way never on the hex (a
    way leaves a hex only across an edge), so True read from arrivals holds in any order; an edge of new track
    among the returns only gives None (the trial walk decides); False is read only where new track meets neither
    set. A node gives True only where the hex is not ``looped``: no way the walk walked came back into the hex, so
    the way that reached the node (one it walked) never left the hex and reaches it on the upgraded board too.
    """
    coord = old.hex
    if reach_rule == "restrictive":
        if not lay.new_track:
            return False
    elif not lay.new_track and not lay.revalued:
        return False
    new_track_edges, goal_edges, entered, revalued_from = lay.track_ends
    if reach_rule == "restrictive":
        goal_edges = new_track_edges
    arrived = walk.arrivals.get(coord)
    if arrived and not goal_edges.isdisjoint(arrived):
        return True
    tile = data.tiles[lay.name]
    parts = old.parts
    if (len(tile.cities) != len(parts.cities) or len(tile.towns) != len(parts.towns) or parts.junctions
            or _blocking_changes(board, coord, corporation, tile, lay.city_map)):
        return None
    # arrivals meeting new track were seen above (new track is part of every goal); a looped hex is entered
    # again by other edges, which may or may not go on into new track
    looped = coord in walk.looped
    if looped and not new_track_edges.isdisjoint(walk.returns[coord]):
        return True if _returns_into_new_track(walk, coord, lay) else None
    nodes = walk.nodes
    for kind, images in (("city", lay.city_map), ("town", lay.town_map)):
        for k, new in enumerate(images):
            node = (coord, kind, k)
            if node in nodes and (kind, new) in entered and passable(board, node, corporation):
                return None if looped else True
    if reach_rule == "restrictive":
        return False
    return any((coord, o) in walk.paths for o in revalued_from)


def _returns_into_new_track(walk: Walk, coord: str, lay: HexLay) -> bool:
    """Whether a way that ``walk`` crossed back into hex ``coord`` by (:attr:`~gamekit.tracks.graph.Reach.return_exits`)
    goes on into a path of ``lay``'s new track leading from that edge to another edge, which touches no edge the way
    had left the hex by: True means the upgrade is usable (rule ``track.usable``), for an upgrade that
    :func:`_walk_decides` reads from the walk (one for one towns and cities, no junction, no city blocking or freed).

    Such a way is a trail on the board as it is; on the upgraded board it is one too (every path it walked on the
    hex is kept, with its towns and cities one for one, every other hex, token and slot stays), and it goes on into
    that path: a trail's step is cut off only by an edge its hex was left by on the way, or by a town or city
    passed (an edge-to-edge path passes none). The trail walk walks every step some trail walks
    (:func:`~gamekit.tracks.graph._trail`), so it walks that new path. Where no way recorded serves, the trial walk
    decides (as before): the ways recorded are those of the walk's order, a sufficient witness, never a refusal."""
    ways = walk.return_exits.get(coord, ())
    for i in lay.new_track:
        a, b = lay.paths[i]
        if a[0] != "edge" or b[0] != "edge":
            continue
        bits = 1 << a[1] | 1 << b[1]
        # a way is ``edge crossed in by | exits << 3`` (see return_exits)
        if any((way & 7) in (a[1], b[1]) and not (way >> 3) & bits for way in ways):
            return True
    return False


@dataclass(frozen=True)
class HexLay:
    """A tile that may replace the tile of a hex as far as the facts decide (colour order, labels, node counts,
    kept track, exits): tile name, rotation, its colour, its exits, the terrain cost, whether it upgrades track
    (so that the rule of what an upgrade reaches applies), the new city and town of each old one (``city_map``, as
    :attr:`LayResult.city_map`, and ``town_map``), the kept track (pairs of new and old path index), and of the
    new paths those that are new track (``new_track``) and the kept ones whose town or city pays another revenue
    now (``revalued``): what an upgrade must let the corporation walk (:func:`_goal_paths`); whether the tile keeps
    a city for a corporation (``keeps_cities``: only then may it misplace a station, :func:`_misplaced_holder`);
    and the new tile's paths at the rotation (``paths``, shared with :func:`tile_paths`)."""

    name: str
    rotation: int
    colour: str
    exits: frozenset[int]
    cost: int
    upgrade: bool
    city_map: tuple[int, ...] = ()
    town_map: tuple[int, ...] = ()
    kept: tuple[tuple[int, int], ...] = ()
    new_track: tuple[int, ...] = ()
    revalued: tuple[int, ...] = ()
    keeps_cities: bool = False
    paths: tuple = field(default=(), compare=False, repr=False)

    @cached_property
    def track_ends(self) -> tuple[frozenset[int], frozenset[int], frozenset[tuple[str, int]], tuple[int, ...]]:
        """``(edges of the new track's paths, edges of the new and revalued paths, towns and cities the new
        track's paths end at, the old path each revalued path keeps)``: what :func:`_walk_decides` asks about at
        every listing, found the first time (a permissive title never asks)."""
        new_ends = {end for i in self.new_track for end in self.paths[i]}
        goal_ends = new_ends.union(*(self.paths[i] for i in self.revalued))
        kept = dict(self.kept)
        return (frozenset(e for kind, e in new_ends if kind == "edge"),
                frozenset(e for kind, e in goal_ends if kind == "edge"),
                frozenset(end for end in new_ends if end[0] in ("city", "town")),
                tuple(kept[i] for i in self.revalued))


def hex_lays(data: TrackData, old: PlacedTile, upgrades: UpgradeRules = PERMISSIVE) -> tuple[HexLay, ...]:
    """Return the lays of every manifest tile on ``old``'s hex that pass the checks of the facts alone, by tile
    name then rotation, one rotation per distinct track (the lowest).

    A pure function of the read-only facts, the tile now on the hex (name and rotation) and ``upgrades`` (the
    borders closed now among them), so it is memoised in ``data.cache`` under those values: never part of a game's
    state, never stale after a lay, an undo, a map overlay or in a fork (each asks with its own tile and rules).
    Rules: ``track.hex``, ``track.colour`` (order of colours; the phase's colours are the caller's),
    ``track.label``, ``track.cities``, ``track.upgrade``, ``track.exits``.
    """
    return _shaped_lays(data, old, _shape_rules(upgrades))


def _shaped_lays(data: TrackData, old: PlacedTile, shape: UpgradeRules) -> tuple[HexLay, ...]:
    """:func:`hex_lays` with ``shape`` already :func:`_shape_rules` of the rules (the part its memo depends on)."""
    key = (old.hex, old.name, old.rotation, shape)
    try:
        return data.cache["hex_lays"][key]
    except KeyError:
        found = memo(data, "hex_lays")[key] = _laid_tile_lays(data, old, shape)
        return found


def _laid_tile_lays(data: TrackData, old: PlacedTile, shape: UpgradeRules) -> tuple[HexLay, ...]:
    """:func:`_hex_lays` of ``old``, shared by every hex where the same manifest tile lies at the same rotation and
    the hex adds the same facts: all that :func:`_hex_lays` reads of a hex beside its tile is its colour, the edges
    open there (:func:`open_exits`) and its future label (:func:`_required_labels`), so those and the tile are the
    key (memoised in ``data.cache``). A printed tile is keyed on its printed parts instead of a name
    (:func:`_printed_key`): plain hexes, alike towns and cities of a map share their lays too."""
    printed = data.hexes[old.hex]
    tile = (old.name, old.rotation) if old.name is not None else _printed_key(old)
    if tile is None:
        return tuple(_hex_lays(data, old, shape))
    future = printed.future_label
    key = (tile, printed.colour, open_exits(data, old.hex, shape.closed_borders),
           None if future is None else (future.label, future.colour), shape)
    shared = memo(data, "laid tile lays")
    found = shared.get(key)
    if found is None:
        found = shared[key] = tuple(_hex_lays(data, old, shape))
    return found


def _printed_key(old: PlacedTile) -> tuple | None:
    """What :func:`_hex_lays` reads of a printed tile (``old``, unlaid): its parts at rotation 0 (all fields of
    :class:`TileParts` but the names of its terrain: a hex's coordinate, name and reservations are not among them)
    and its colour. None when a part is unhashable (a revenue by phase): that hex's lays are then its own."""
    parts = old.parts
    key = (old.colour, parts.cities, parts.towns, parts.offboards, parts.junctions, parts.paths, parts.labels,
           parts.terrain_cost, parts.upgrades_to)
    try:
        hash(key)
    except TypeError:
        return None
    return key


_SHAPE_RULES: dict[UpgradeRules, UpgradeRules] = {}


def _shape_rules(upgrades: UpgradeRules) -> UpgradeRules:
    """``upgrades`` without its gates (which decide the connection, not a tile's shape): the part of the rules that
    :func:`hex_lays` depends on, made once per value (a value of a few kinds per title)."""
    last = _LAST_SHAPE
    if last[0] is upgrades:  # the same rules object as the last listing's (a title keeps its own): no hash
        return last[1]
    found = _SHAPE_RULES.get(upgrades)
    if found is None:
        found = _SHAPE_RULES[upgrades] = replace(upgrades, gates=frozenset(), gate_passers=frozenset())
    last[:] = (upgrades, found)
    return found


_LAST_SHAPE: list = [None, None]
"""The rules :func:`_shape_rules` was last asked about and its answer: it holds that rules object, so no other object
can take its identity while it is kept."""


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
    allowed = open_exits(data, old.hex, upgrades.closed_borders)
    old_nodes = _old_node_exits(old, old_paths)
    kept_track = _kept_track_memo(data, old, old_paths)
    old_revenues = None  # found once a lay keeps track (most upgrades), never for a white hex
    for name, changed in _fitting_tiles(data, old, upgrades):
        tile = data.tiles[name]
        keeps_cities = any(city.reserved for city in tile.cities)
        for rotation, new_exits in _turned_exits(data, name):
            if not old_exits <= new_exits <= allowed:
                continue
            new_paths = tile_paths(data, name, rotation)
            found = _known_kept_track(data, old, old_paths, tile, rotation, new_paths, changed, old_nodes,
                                      kept_track)
            if isinstance(found, str):
                continue
            maps, kept = found
            if kept and old_revenues is None:
                old_revenues = _old_revenues(old)
            new_track, revalued = _goal_split(len(new_paths), kept, _tile_revenues(data, name), old_revenues)
            out.append(HexLay(name, rotation, tile.colour, new_exits, cost, bool(old.parts.paths), maps["city"],
                              maps["town"], tuple(sorted(kept.items())), new_track, revalued,
                              keeps_cities, new_paths))
    return out


def _fitting_tiles(data: TrackData, old: PlacedTile, upgrades: UpgradeRules) -> tuple[tuple[str, frozenset[str]], ...]:
    """``(name, kinds whose node count changes)`` for every :func:`_candidate_tiles` tile whose labels and node
    counts fit ``old`` (:func:`_label_fits`, :func:`_counts_changed`), by name. The same for every hex whose tile
    has the same colour, only upgrades, labels and numbers of cities and towns, and the same future label: so
    memoised in ``data.cache`` under those (all that those checks read) and the rules."""
    parts = old.parts
    future = data.hexes[old.hex].future_label
    key = (old.colour, parts.upgrades_to, old.labels, None if future is None else (future.label, future.colour),
           len(parts.cities), len(parts.towns), upgrades)
    kept = memo(data, "fitting tiles")
    found = kept.get(key)
    if found is None:
        fitting = []
        for name in _candidate_tiles(data, old):
            tile = data.tiles[name]
            changed = _counts_changed(old, tile, upgrades) if _label_fits(data, old, tile) else None
            if changed is not None:
                fitting.append((name, changed))
        found = kept[key] = tuple(fitting)
    return found


def _candidate_tiles(data: TrackData, old: PlacedTile) -> tuple[str, ...]:
    """The names of the manifest tiles whose colour may replace ``old`` (:func:`colour_follows`), sorted: the next
    colour's tiles and, where ``old`` lists its only upgrades, those of them of a later colour."""
    names = _next_colour_tiles(data, old.colour)
    listed = old.parts.upgrades_to
    if listed is None:
        return names
    skipping = {name for name in listed if name in data.tiles and colour_follows(old, data.tiles[name])}
    return tuple(sorted(skipping.union(names)))


def _next_colour_tiles(data: TrackData, colour: str) -> tuple[str, ...]:
    """The names of the manifest tiles that may replace a ``colour`` tile by :func:`next_colour`, sorted (a hex's
    candidates are only these: most of a manifest is of other colours; memoised in ``data.cache``)."""
    found = data.cache.get("next colour tiles")
    if found is None:
        found = data.cache["next colour tiles"] = {}
    names = found.get(colour)
    if names is None:
        names = found[colour] = tuple(name for name in sorted(data.tiles)
                                      if next_colour(colour, data.tiles[name].colour))
    return names


def open_exits(data: TrackData, coord: str, closed: frozenset[str] = frozenset()) -> frozenset[int]:
    """Return the edges of ``coord`` that track may leave by while the overlays ``closed`` close their borders
    (``TrackData.exit_allowed``; memoised under both)."""
    cache = memo(data, "open_exits")
    key = (coord, closed)
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(e for e in range(6) if data.exit_allowed(coord, e, closed))
    return found


def _turned_exits(data: TrackData, name: str) -> tuple[tuple[int, frozenset[int]], ...]:
    """The :func:`distinct_rotations` of tile ``name``, each with its :func:`tile_exits` (memoised: the first
    question about every rotation of every candidate tile of a hex, one lookup per tile)."""
    cache = memo(data, "turned_exits")
    found = cache.get(name)
    if found is None:
        found = cache[name] = tuple((r, tile_exits(data, name, r)) for r in distinct_rotations(data, name))
    return found


def distinct_rotations(data: TrackData, name: str) -> tuple[int, ...]:
    """Return the rotations of tile ``name`` giving distinct track, the lowest of each, among those the manifest
    allows (``TileDef.rotations``; memoised)."""
    cache = memo(data, "distinct_rotations")
    found = cache.get(name)
    if found is None:
        seen: set[frozenset] = set()
        rotations = []
        for rotation in data.tiles[name].rotations or range(6):  # a tile printed for one way round keeps it
            shape = frozenset(frozenset(p) for p in tile_paths(data, name, rotation))
            if shape not in seen:
                seen.add(shape)
                rotations.append(rotation)
        found = cache[name] = tuple(rotations)
    return found


def _usable(data: TrackData, board: Board, corporation: str, old: PlacedTile, lay: HexLay, tile_id: str,
            reach_rule: ReachRule, upgrades: UpgradeRules) -> bool:
    """Whether :func:`check_lay` accepts a lay that :func:`find_lays` listed on every other count, i.e. whether it
    passes rule ``track.usable`` (the lay's city map and kept track are those the check finds: :func:`hex_lays`
    ran the same shape checks on the same tile)."""
    tile = data.tiles[lay.name]
    changed = _counts_changed(old, tile, upgrades)
    try:
        _check_usable(data, board, corporation, old, tile_id, lay.rotation, lay.city_map,
                      _lifts(old, tile, frozenset() if changed is None else changed), dict(lay.kept), reach_rule,
                      upgrades)
    except GameError:
        return False
    return True
