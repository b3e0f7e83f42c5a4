"""How the 18xx engine's texts name things for a reader: places by their names on the map, cities and stops by
place, trains by kind, certificates by size and corporation — never by the internal ids that actions and
``Event.data`` keep (``"I15-0"``, ``"59-1-0"``, ``"2-0"``, ``"NYC_1"``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import DataError
from ..tracks import board as boards
from ..tracks.board import NodeKey
from ..tracks.shares import cert_corporation, is_president_cert
from ..tracks.trains import train_name

if TYPE_CHECKING:
    from .game import Game18xx

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def place(game: "Game18xx", coord: str) -> str:
    """The hex as the map names it, with its coordinate: ``"Baltimore (I15)"``; an unnamed hex: ``"I15"``."""
    name = game.track.hexes[coord].name if coord in game.track.hexes else None
    return f"{name} ({coord})" if name else coord


def city(game: "Game18xx", coord: str, index: int) -> str:
    """City ``index`` of the tile on ``coord``: ``"Baltimore (I15)"`` where the tile has one city, else
    ``"Toronto's second city (F16)"`` (``"the second city of F16"`` on an unnamed hex)."""
    count = len(boards.placed_tile(game.track, game.state.board, coord).parts.cities)
    if count <= 1:
        return place(game, coord)
    nth = ORDINALS[index] if index < len(ORDINALS) else f"no. {index + 1}"
    name = game.track.hexes[coord].name if coord in game.track.hexes else None
    return f"{name}'s {nth} city ({coord})" if name else f"the {nth} city of {coord}"


def city_of_id(game: "Game18xx", city_id: str) -> str:
    """A city named by its id (``"59-1-0"``) in the words of :func:`city`; an id not on the map is returned as is."""
    try:
        coord, index = boards.find_city(game.track, game.state.board, city_id)
    except DataError:
        return city_id
    return city(game, coord, index)


def stop(game: "Game18xx", node: NodeKey) -> str:
    """A route's stop: the name of its hex (``"Baltimore"``), else the coordinate (``"I15"``); a hex of several
    stops adds which city or town (``"Toronto's second city"``)."""
    coord, kind, index = node
    name = (game.track.hexes[coord].name if coord in game.track.hexes else None) or coord
    parts = boards.placed_tile(game.track, game.state.board, coord).parts
    many = len(parts.cities) + len(parts.towns) > 1
    if not many:
        return name
    nth = ORDINALS[index] if index < len(ORDINALS) else f"no. {index + 1}"
    return f"{name}'s {nth} {kind}"


def train(train_id: str) -> str:
    """A train by its kind with the article: ``"a 2-train"``, ``"an 8-train"``, ``"a D-train"``."""
    name = train_name(train_id)
    return f"{_article(name)} {name}-train"


def certificate(game: "Game18xx", cert: str) -> str:
    """A certificate by its size and corporation: ``"a 10% NYC share"``, ``"the NYC president's certificate"``."""
    corp = cert_corporation(cert)
    if is_president_cert(cert):
        return f"the {corp} president's certificate"
    percent = game.state.ledger.percent[cert]
    return f"{_article(str(percent))} {percent}% {corp} share"


def _article(number: str) -> str:
    """"an" before a number read with a vowel sound (8, 11, 18, 80…), else "a"."""
    return "an" if number.startswith(("8", "11", "18")) else "a"
