"""1837's mountain railways: the owner's companies lay a tile on the railway's own hex with the terrain cost
waived, as their tile lay of the turn, in any phase (rule ``1837:private.mountain``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from ...choices import LazyActions
from ...errors import GameError
from ...events import Event
from ...i18n import msg
from ...g18xx import operating, track
from ...g18xx.economy import require
from ...tracks import board as boards
from ...tracks import lay as lays
from ...tracks.actions import LayTile
from ...tracks.graph import reach

if TYPE_CHECKING:
    from ...tracks.facts import TileLayFacts
    from .game import Game1837

RULE = "1837:private.mountain"


def lay(game: "Game1837", action: LayTile) -> list[Event]:
    """The operating company lays a tile with mountain railway ``action.entity`` of its president; raises
    :class:`GameError` under ``1837:private.mountain`` when that is not possible now."""
    state = game.state
    sym = action.entity
    facts = game.facts.private(sym)
    ability = facts.tile_lay
    owner = state.private_owner.get(sym)
    corp = operating.operating(game) if hasattr(state.round, "pending_tokens") else None
    require(ability is not None and owner in state.players, msg("{company} lays no tile", company=sym), RULE)
    require(corp is not None and state.corporations[corp].president == owner and state.round.step == "track"
            and track.lays_left(game), msg("{company}'s tile is laid by a company of its owner as that company's "
                                           "tile lay of the turn", company=sym), RULE)
    require(action.hex in ability.hexes and action.tile.rsplit("-", 1)[0] in ability.tiles,
            msg("{company} lays only tile {tiles} on {hexes}", company=sym, tiles="/".join(ability.tiles),
                hexes="/".join(ability.hexes)), RULE)
    events = track.do_lay(game, corp, action, ignore_connection=ability.ignores_connection, rule=RULE,
                          terrain_discount=ability.discount)
    state.round.lays.append(False)
    return events + operating.after_lay(game) + operating.settle(game)


def lay_choices(game: "Game1837", corp: str) -> list[LayTile]:
    """The mountain-railway lays open to ``corp`` now: on its president's railways' hexes, each tile the railway
    may lay once (its lowest free copy) in each rotation giving a different track, in railway, hex, tile and
    rotation order (each lay checked by :func:`gamekit.tracks.lay.check_lay`)."""
    wanted = _wanted(game, corp)
    return [] if wanted is None else list(_lays(game, corp, *wanted))


def lay_group(game: "Game1837", corp: str) -> LazyActions:
    """The lays of :func:`lay_choices` as a group that finds them only when asked: a random draw that has found a
    lay of the track step's own group, or takes another action type, never asks, and so reads neither the
    railways' hexes nor the network for them (the group may then be empty). Ask it before the game changes."""
    return LazyActions(LayTile.type, _asked_lays(game, corp))


def _asked_lays(game: "Game1837", corp: str) -> Iterator[LayTile]:
    """:func:`lay_choices` one by one, :func:`_wanted` read only once the first is asked for."""
    wanted = _wanted(game, corp)
    if wanted is not None:
        yield from _lays(game, corp, *wanted)


def _wanted(game: "Game1837", corp: str) -> tuple[Sequence[str], list[tuple[str, str, list[str]]]] | None:
    """The phase's colours and :func:`_by_colour`'s railway hexes and tiles open to ``corp``'s lay now, or
    ``None`` where no lay can be: answered with no board work (the usual case, asked at every track step)."""
    state = game.state
    owner = state.corporations[corp].president
    if not track.lays_left(game) or owner not in state.players:
        return None
    abilities = _abilities(game)
    railways = [sym for sym in state.players[owner].privates if sym in abilities]
    if not railways:  # the usual case, asked at every listing of a track step: answered before any board work
        return None
    colours, _ = game.lay_colours(corp, None)
    wanted = _by_colour(game, railways, colours, abilities)
    # nearly always none once the railway's hex holds a tile: answered before the network is walked
    return (colours, wanted) if wanted else None


def _lays(game: "Game1837", corp: str, colours: Sequence[str],
          wanted: list[tuple[str, str, list[str]]]) -> Iterator[LayTile]:
    """The lays of :func:`lay_choices` one by one, for the ``wanted`` hexes and tiles of :func:`_wanted`."""
    state = game.state
    copies = None  # the lowest free copies (find_lays's memo), read once a hex is open to a lay
    cash = state.corporations[corp].cash
    network = None  # a hex the network does not touch takes no lay; walked only for a railway that needs it
    blocked_now = restrictive = upgrades = None  # asked only once a lay is checked: most listings check none
    for sym, coord, names in wanted:
        ability = game.facts.private(sym).tile_lay
        if not ability.ignores_connection:
            if network is None:
                network = reach(game.track, state.board, corp).edges
            if coord not in network:
                continue
        if copies is None:
            copies = boards.lowest_free_copies(game.track, state.board)
        for name in names:
            if name not in copies:
                continue
            if blocked_now is None:
                blocked_now = track.blocked_hexes(game)
                restrictive, upgrades = game.restrictive_upgrades(), game.upgrade_rules
            blocked = blocked_now - {coord}
            shapes = set()
            for rotation in range(6):
                shape = frozenset(frozenset(p) for p in boards.turn_paths(game.track.tiles[name], rotation))
                if shape in shapes:
                    continue
                shapes.add(shape)
                try:
                    lays.check_lay(game.track, state.board, corp, coord, copies[name], rotation,
                                   phase_colours=colours, cash=cash, blocked_hexes=blocked,
                                   ignore_connection=ability.ignores_connection,
                                   terrain_discount=ability.discount, restrictive=restrictive, upgrades=upgrades)
                except GameError:
                    continue
                yield LayTile(entity=sym, hex=coord, tile=copies[name], rotation=rotation)


def _abilities(game: "Game1837") -> dict[str, "TileLayFacts"]:
    """The mountain railways' tile lays by railway: facts, asked at every track step, so kept with the game's
    facts (``_facts_memo``)."""
    memo = game._facts_memo()
    found = memo.get("1837 mountain railways")
    if found is None:
        found = memo["1837 mountain railways"] = {p.sym: p.tile_lay for p in game.facts.privates
                                                  if p.tile_lay is not None}
    return found


def _by_colour(game: "Game1837", railways: list[str], colours: Sequence[str],
               abilities: dict[str, "TileLayFacts"]) -> list[tuple[str, str, list[str]]]:
    """``(railway, hex, tile names)`` for each of the ``railways``' hexes open to a lay this turn, with the
    railway's tiles whose colour may be laid there now: a colour of the phase (``colours``), and the colour after
    the tile the hex shows (rule ``track.colour``); ``abilities`` as :func:`_abilities` gives them.
    :func:`~gamekit.tracks.lay.check_lay` refuses every other tile whatever its rotation, copy or the network, so
    leaving them out first lists exactly the same lays with no board work where none can apply: a railway's hex
    holds a tile of its own colour soon after it is laid."""
    state = game.state
    laid_tiles = state.board.tiles
    upgrades = None
    out = []
    for sym in railways:
        for coord in abilities[sym].hexes:
            laid = laid_tiles.get(coord)
            if laid is not None:
                if upgrades is None:
                    upgrades = track.upgrades_left(game)
                if not upgrades:
                    continue
            # a pure function of the facts and its key, asked at nearly every track step: kept with the track facts
            names = boards.remembered(game.track, "1837 mountain tiles", (sym, coord, laid, tuple(colours)),
                                      COLOUR_MEMO_SIZE, lambda: _tiles_by_colour(game, sym, coord, colours))
            if names:
                out.append((sym, coord, names))
    return out


COLOUR_MEMO_SIZE = 256
"""How many (railway, hex, tile there, phase colours) answers of :func:`_by_colour` are kept per title."""


def _tiles_by_colour(game: "Game1837", sym: str, coord: str, colours: Sequence[str]) -> list[str]:
    """Railway ``sym``'s tiles that may follow the tile on ``coord`` now by the colour rule (``track.colour``)."""
    old = boards.placed_tile(game.track, game.state.board, coord).colour
    tiles = game.track.tiles
    return [name for name in game.facts.private(sym).tile_lay.tiles
            if tiles[name].colour in colours and lays.next_colour(old, tiles[name].colour)]


def close_all(game: "Game1837") -> list[Event]:
    """The first 5-train closes the mountain railways (rule ``1837:private.mountain``)."""
    state = game.state
    events = []
    for sym, owner in sorted(state.private_owner.items()):
        if game.facts.private(sym).tile_lay is None:
            continue
        del state.private_owner[sym]
        state.players[owner].privates.remove(sym)
        state.closed_privates.append(sym)
        events.append(Event(RULE, msg("{company} closes", company=sym), "private_closed", {"company": sym}))
    return events

