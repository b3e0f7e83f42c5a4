"""1837's mountain railways: the owner's companies lay a tile on the railway's own hex with the terrain cost
waived, as their tile lay of the turn, in any phase (rule ``1837:private.mountain``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...g18xx import operating, track
from ...g18xx.economy import require
from ...tracks.actions import LayTile

if TYPE_CHECKING:
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
    require(ability is not None and owner in state.players, f"{sym} lays no tile", RULE)
    require(corp is not None and state.corporations[corp].president == owner and state.round.step == "track"
            and track.lays_left(game), f"{sym}'s tile is laid by a company of its owner as that company's tile lay "
            "of the turn", RULE)
    require(action.hex in ability.hexes and action.tile.rsplit("-", 1)[0] in ability.tiles,
            f"{sym} lays only tile {'/'.join(ability.tiles)} on {'/'.join(ability.hexes)}", RULE)
    events = track.do_lay(game, corp, action, ignore_connection=ability.ignores_connection, rule=RULE,
                          terrain_discount=ability.discount)
    state.round.lays.append(False)
    return events + operating.after_lay(game) + operating.settle(game)


def lay_choices(game: "Game1837", corp: str) -> list[LayTile]:
    """The mountain-railway lays open to ``corp`` now: its president's railways' hexes, each legal tile once."""
    state = game.state
    if not track.lays_left(game):
        return []
    owner = state.corporations[corp].president
    out = []
    for sym in state.players[owner].privates if owner in state.players else ():
        ability = game.facts.private(sym).tile_lay
        if ability is None:
            continue
        for h, t, r in track.tile_choices(game, corp, unblocked=frozenset(ability.hexes),
                                          terrain_discount=ability.discount):
            if h in ability.hexes and t.rsplit("-", 1)[0] in ability.tiles:
                out.append(LayTile(entity=sym, hex=h, tile=t, rotation=r))
    return out


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
        events.append(Event(RULE, f"{sym} closes", "private_closed", {"company": sym}))
    return events

