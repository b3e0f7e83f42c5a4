"""1894's green cities that split in two on their brown tile (rule ``1894:track.city-split``): the tokens of the
hex are lifted; the laying corporation re-places its own at once, the other owners theirs at the end of its
turn, in operating order — the last step of 1894's turn, ``update_tokens``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import DataError
from ...events import Event
from ...g18xx.operating import TurnStep
from ...i18n import msg
from ...tracks import board as boards
from ...tracks.actions import PlaceToken

if TYPE_CHECKING:
    from .game import Game1894

RULE = "1894:track.city-split"


def _release(game: "Game1894", corp: str) -> list[Event] | None:
    """The step's skip: with tokens waiting, hand them to their owners in operating order (the step then waits
    for them, ``None``); with none, nothing to do."""
    rnd = game.state.round
    if not rnd.deferred_tokens:
        return []
    order = rnd.order
    rnd.pending_tokens.extend(sorted(rnd.deferred_tokens,
                                     key=lambda t: order.index(t[1]) if t[1] in order else len(order)))
    rnd.deferred_tokens.clear()
    return None


STEP = TurnStep("update_tokens", msg("Re-place lifted tokens"), "track.city-split", ("place_token",),
                lambda g, c: msg("The owners of the station tokens lifted by a city split place them again."),
                lambda g, c: [], _release)
"""The step, last in 1894's ``or_steps``."""


def closed_to(game: "Game1894", action: Action) -> bool:
    """True for an ordinary station token placed on a hex where two lifted tokens wait for the end of the turn:
    the hex takes no new station meanwhile (with one waiting it may, as 18xx.games plays it)."""
    if not isinstance(action, PlaceToken):
        return False
    try:
        coord, _ = boards.find_city(game.track, game.state.board, action.city)
    except DataError:
        return False  # the round refuses an unknown city under its own rule
    return sum(coord in hexes for _, _, hexes in game.state.round.deferred_tokens) >= 2


def splits_city(game: "Game1894", action: Action) -> bool:
    """True for an upgrade that would put more cities on a hex whose tile (laid or printed, not white) has cities:
    a green city's split brown tile (rules ``1894:track.city-split``, ``1894:track.no-split-in-purple``)."""
    if action.hex not in game.track.hexes:
        return False
    try:
        new = game.track.tiles[game.track.tile_name(action.tile)]
    except KeyError:
        return False  # not a tile of the manifest: the lay is refused under its own rule
    old = boards.placed_tile(game.track, game.state.board, action.hex)
    return old.colour != "white" and bool(old.parts.cities) and len(new.cities) > len(old.parts.cities)
