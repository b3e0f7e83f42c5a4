"""1837's homes kept for the nationals not yet formed: Vienna (G17) for the SD and the KK, Budapest (H22) for the
UG (rule ``1837:token.reserved``). Such a hex is not closed to other companies' stations: nobody may take its
*last* free spaces, one kept for each national waiting for it. A company may place a station there while the hex
has more free spaces than nationals waiting (the BK in a green Vienna with two free spaces, the SD formed and the
KK not yet: 18xx.games lets it, and the first-edition text's rule 42 says so: "unless at least one station in that
hex remains free for that corporation").

The map holds these homes as reservations of the whole hex (``reserved_by`` in ``data/1837/map.json``), which the
shared token rules read as "closed to the others" (1830's Erie on E11 is kept so). The token step lifts a hex's
reservation for the time of one check or placement when its free spaces outnumber the nationals it waits for
(:func:`kept_last_spaces`), so every other rule of a station is checked as usual, and a station on a hex whose
free spaces are all kept is refused by ``1837:token.reserved``."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

from ...events import Event
from ...g18xx import track
from ...tracks.actions import Action, PlaceToken
from ...tracks.board import Board

if TYPE_CHECKING:
    from .game import Game1837


def free_spaces(board: Board, coord: str) -> int:
    """The spaces of hex ``coord`` any company could fill now: empty and not reserved for a minor's home."""
    return sum(1 for tokens, reserved in zip(board.tokens.get(coord, []), board.reservations.get(coord, []))
               for token, owner in zip(tokens, reserved) if token is None and owner is None)


def _liftable(board: Board, corp: str) -> dict:
    """The whole-hex reservations :func:`kept_last_spaces` lifts for ``corp``: hex → the nationals waiting there."""
    return {coord: names for coord, names in board.hex_reservations.items()
            if corp not in names and free_spaces(board, coord) > len(names)}


@contextmanager
def kept_last_spaces(game: "Game1837", corp: str) -> Iterator[None]:
    """For the time of the block, the whole-hex reservations of the hexes where ``corp`` may still place a station:
    those not held for ``corp`` itself whose free spaces outnumber the nationals waiting there are lifted, then
    put back (also when the block raises). Rule ``1837:token.reserved``."""
    board = game.state.board
    lifted = _liftable(board, corp)
    for coord in lifted:
        del board.hex_reservations[coord]
    try:
        yield
    finally:
        for coord, names in lifted.items():
            board.hex_reservations[coord] = names


def token_choices(game: "Game1837", corp: str) -> list[Action]:
    """The token step's stations (:func:`gamekit.g18xx.track.token_choices`), with the nationals' homes kept only
    as far as their last free spaces."""
    if not _liftable(game.state.board, corp):  # most token steps: no reservation to lift, no block to enter
        return track.token_choices(game, corp)
    with kept_last_spaces(game, corp):
        return track.token_choices(game, corp)


def token_step(game: "Game1837", action: PlaceToken) -> list[Event]:
    """Place a station (:func:`gamekit.g18xx.track.token_step`), with the nationals' homes kept only as far as their
    last free spaces."""
    with kept_last_spaces(game, action.entity):
        return track.token_step(game, action)
