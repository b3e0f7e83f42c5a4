"""1894's green cities that split in two on their brown tile (rule ``1894:track.city-split``): the tokens of the
hex are lifted; the laying corporation re-places its own at once, the other owners theirs at the end of its
turn, in operating order by the share prices then — the last step of 1894's turn, ``update_tokens``.

A home not yet placed on the split city (Nord's second home, a late corporation's) is kept for the whole hex
(rule ``1894:token.reserved``): its corporation chooses the city when it places the station, unless stations
placed meanwhile leave only one city it could go to (:func:`settle_reservations`)."""

from __future__ import annotations

from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Iterator

from ...actions import Action
from ...errors import DataError
from ...events import Event
from ...g18xx.operating import TurnStep
from ...g18xx.state import OperatingRound
from ...i18n import msg
from ...tracks import board as boards
from ...tracks import tokens
from ...tracks.actions import LayTile, PlaceToken

if TYPE_CHECKING:
    from .game import Game1894

RULE = "1894:track.city-split"


def _release(game: "Game1894", corp: str) -> list[Event] | None:
    """The step's skip: with tokens waiting, hand them to their owners in operating order (the step then waits
    for them, ``None``); with none, nothing to do."""
    rnd = game.state.round
    if not rnd.deferred_tokens:
        return []
    order = game.operating_order_all()  # the prices now, not the round's order fixed at its start
    rnd.pending_tokens.extend(sorted(rnd.deferred_tokens,
                                     key=lambda t: order.index(t[1]) if t[1] in order else len(order)))
    rnd.deferred_tokens.clear()
    return None


STEP = TurnStep("update_tokens", msg("Re-place lifted tokens"), "track.city-split", ("place_token",),
                lambda g, c: msg("The owners of the station tokens lifted by a city split place them again."),
                lambda g, c: [], _release)
"""The step, last in 1894's ``or_steps``."""


def closed_to(game: "Game1894", action: Action) -> bool:
    """True for an ordinary station token placed on a hex where two lifted tokens wait for the end of the turn,
    or one while a home is kept on the whole hex: the hex takes no new station meanwhile (with one waiting and no
    such home it may, as 18xx.games plays it)."""
    if not isinstance(action, PlaceToken):
        return False
    try:
        coord, _ = boards.find_city(game.track, game.state.board, action.city)
    except DataError:
        return False  # the round refuses an unknown city under its own rule
    waiting = sum(coord in hexes for _, _, hexes in game.state.round.deferred_tokens)
    return waiting >= 2 or (waiting == 1 and bool(game.state.board.hex_reservations.get(coord)))


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


def is_split_tile(game: "Game1894", coord: str) -> bool:
    """True when ``coord`` holds a split brown tile: two cities and no label (Paris's tiles have theirs)."""
    tile = boards.placed_tile(game.track, game.state.board, coord)
    return len(tile.parts.cities) > 1 and not tile.labels


def reserve_hex(board: boards.Board, coord: str) -> None:
    """After a split of ``coord`` on ``board``: a home reservation on the old city becomes one on the whole hex,
    since either new city may become that home (rules ``1894:track.city-split``, ``1894:token.reserved``)."""
    for slots in board.reservations.get(coord, []):
        for i, corp in enumerate(slots):
            if corp is not None:
                slots[i] = None
                board.hex_reservations.setdefault(coord, []).append(corp)


def split_board(game: "Game1894", board: boards.Board, lay: LayTile) -> boards.Board | None:
    """The board that the operating corporation's ``lay``, splitting the green city on its hex, leaves of
    ``board`` (not changed) until the lifted tokens are placed again (:meth:`Game1894.split_board`): the tile
    laid, every token of the hex lifted (the layer's own waits for its choice at once, the others' for the end of
    its turn: none is on the board meanwhile) and the old city's home reservations kept for the whole hex
    (:func:`reserve_hex`); rule ``1894:track.city-split``. ``None`` on London and the ferry supply hex, whose
    tile and tokens the route hooks read (:meth:`Game1894.route_rules`): the hooks would change too."""
    consts = game.facts.constants
    coord = lay.hex
    if coord in (consts["london_hex"], consts["ferry_supply_hex"]):
        return None
    # the hex's lists are copied before reserve_hex changes them in place: the other hexes' are shared, unchanged
    after = boards.Board(dict(board.tiles), dict(board.tokens), dict(board.reservations),
                         {**board.hex_reservations, coord: list(board.hex_reservations.get(coord, []))})
    after.reservations[coord] = [list(slots) for slots in board.reservations.get(coord, [])]
    reserve_hex(after, coord)
    if not after.hex_reservations[coord]:
        del after.hex_reservations[coord]
    boards.set_tile(game.track, after, coord, lay.tile, lay.rotation, (), lift=True)
    return after


@contextmanager
def set_aside(game: "Game1894", corp: str, coords=None) -> Iterator[None]:
    """The context in which the other corporations' whole-hex home reservations that do not stop ``corp``'s
    station now (on ``coords``, default every hex holding one) are set aside; they are put back when it ends. A
    lifted station waiting for its city goes back whatever home is kept there; an ordinary station is stopped only
    when the homes kept fill the hex's free spaces (rule ``1894:token.reserved``: reservations keep a space, they
    never close a hex)."""
    board = game.state.board
    lifted = bool(getattr(game.state.round, "pending_tokens", None))
    aside: dict[str, list[str]] = {}
    for coord in list(board.hex_reservations if coords is None else coords):
        others = [c for c in board.hex_reservations.get(coord, []) if c != corp]
        free = sum(len(tokens.free_slots(board, coord, city, corp)) for city in range(len(board.tokens[coord])))
        if others and (lifted or len(others) < free):
            board.hex_reservations[coord] = [c for c in board.hex_reservations[coord] if c not in others]
            if not board.hex_reservations[coord]:
                del board.hex_reservations[coord]
            aside[coord] = others
    try:
        yield
    finally:
        for coord, corps in aside.items():
            board.hex_reservations.setdefault(coord, []).extend(corps)


def placing(game: "Game1894", entity: str, coord: str) -> AbstractContextManager:
    """The context of placing ``entity``'s station token on hex ``coord`` (``Game1894.token_placement``): the
    other corporations' homes kept for the whole hex that do not stop it are set aside (:func:`set_aside`; for a
    lifted token waiting for its city, those that do not stop its owner), and put back as soon as it is placed,
    before the turn moves on: a corporation starting its first turn then finds its home kept for the whole hex
    and chooses its city (while set aside, its home was put on a full city: 1894 at 4 players, heuristic seed
    8012). The homes kept are narrowed after the action (:func:`settle_reservations`). Rule
    ``1894:token.reserved``."""
    rnd = game.state.round
    pending = rnd.pending_tokens if isinstance(rnd, OperatingRound) else []
    return set_aside(game, pending[0][1] if pending else entity, [coord])


def token_choices(game: "Game1894", corp: str, choices) -> list:
    """``choices(game, corp)`` (the token step's listing) with the reservations that do not stop ``corp`` set
    aside meanwhile."""
    with set_aside(game, corp):
        return choices(game, corp)


def settle_reservations(game: "Game1894", coord: str, first_fit: bool) -> None:
    """Narrow the home reservations on the whole of the split hex ``coord`` to one city: after an ordinary station
    token there (``first_fit``) to the first city its corporation could still take; after a home or a re-placed
    station, or when a late corporation's home is chosen, only when one city alone could take it — once the
    action is done, after a turn it ended and the first steps of the next (18xx.games's reading; the Catalan
    summary of the rules is silent). Rule ``1894:token.reserved``."""
    board = game.state.board
    if not is_split_tile(game, coord):
        return
    for corp in list(board.hex_reservations.get(coord, [])):
        fits = [city for city in range(len(board.tokens[coord])) if _fits(board, coord, city, corp)]
        if fits and (first_fit or len(fits) == 1):
            board.hex_reservations[coord].remove(corp)
            if not board.hex_reservations[coord]:
                del board.hex_reservations[coord]
            board.reservations[coord][fits[0]][tokens.free_slots(board, coord, fits[0], corp)[0]] = corp


def _fits(board, coord: str, city: int, corp: str) -> bool:
    """``corp`` has no station on ``coord`` and city ``city`` has a slot free for it."""
    return not any(corp in slots for slots in board.tokens[coord]) and bool(tokens.free_slots(board, coord, city,
                                                                                                corp))
