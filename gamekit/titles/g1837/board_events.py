"""1837's map changes: Bosnia opens to track with phase 3, and Italy leaves the map on the first 4-train —
its tiles and stations are removed, its borders close and Bozen (K5) receives its tile (rules
``1837:map.bosnia``, ``1837:map.italy``). The changes are the map's overlays (``data/1837/map.json``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import msg
from ...tracks import board as boards
from ...tracks.trains import phase_index

if TYPE_CHECKING:
    from .game import Game1837

ITALY = "1837:map.italy"


def applied(game: "Game1837") -> frozenset[str]:
    """The overlays applied now: by their train event or phase. Asked at every track step's listing: kept with the
    game's facts (``_facts_memo``) by the depot's phase and the train types sold, all that it reads of the state
    (:meth:`~gamekit.g18xx.game.Game18xx.event_fired` reads the types sold)."""
    depot = game.state.depot
    key = ("1837 overlays", depot.phase, tuple(depot.sold_types))
    facts, memo = game._facts_kept  # _facts_memo written out: asked twice at every track step's listing
    if facts is not game.facts:
        memo = game._facts_memo()
    found = memo.get(key)
    if found is None:
        found = memo[key] = _applied(game)
    return found


def _applied(game: "Game1837") -> frozenset[str]:
    """The overlays applied now, found afresh (:func:`applied`)."""
    out = set()
    for name, overlay in game.track.overlays.items():
        if overlay.on_event and game.event_fired(overlay.on_event):
            out.add(name)
        if overlay.on_phase and game.state.depot.phase >= phase_index(game.facts, overlay.on_phase):
            out.add(name)
    return frozenset(out)


def closed_hexes(game: "Game1837") -> frozenset[str]:
    """Hexes out of play now: Bosnia before phase 3, Italy after the first 4-train (kept as :func:`applied`, by the
    overlays applied)."""
    done = applied(game)
    memo = game._facts_memo()
    found = memo.get(("1837 closed hexes", done))
    if found is None:
        found = memo[("1837 closed hexes", done)] = game.track.closed_hexes(done)
    return found


def apply_event(game: "Game1837", event: str) -> list[Event]:
    """Apply the overlays that train event ``event`` brings: their hexes' tiles and stations go, and their tiles
    are laid (rule ``1837:map.italy``)."""
    events: list[Event] = []
    for overlay in game.track.overlays.values():
        if overlay.on_event == event:
            events += _remove(game, overlay.closes) + _lay(game, overlay.lays)
            events.append(Event(ITALY, overlay.text, "map", {"overlay": overlay.name}))
    return events


def _remove(game: "Game1837", hexes) -> list[Event]:
    state = game.state
    board = state.board
    events = []
    for coord in hexes:
        board.tiles.pop(coord, None)
        printed = game.track.hexes[coord]
        for slots in board.tokens.get(coord, []):
            for corp in filter(None, slots):
                placed = state.corporations[corp].tokens
                placed[placed.index(coord)] = None
                events.append(Event(ITALY, msg("{corporation}'s station on {hex} leaves the map", corporation=corp, hex=coord),
                                    "token_removed",
                                    {"corporation": corp, "hex": coord}))
        if printed.cities:
            board.tokens[coord] = [[None] * c.slots for c in printed.cities]
            board.reservations[coord] = [[None] * c.slots for c in printed.cities]
    board.changed()
    return events


def _lay(game: "Game1837", lays) -> list[Event]:
    board = game.state.board
    events = []
    for lay in lays:
        tile_id = boards.supply(game.track, board)[lay.tile][0]
        cities = len(boards.placed_tile(game.track, board, lay.hex).parts.cities)
        boards.set_tile(game.track, board, lay.hex, tile_id, lay.rotation, tuple(range(cities)))
        events.append(Event(ITALY, msg("Tile {tile} is laid on {hex}", tile=lay.tile, hex=lay.hex), "lay_tile",
                            {"hex": lay.hex, "tile": tile_id, "rotation": lay.rotation}))
    return events
