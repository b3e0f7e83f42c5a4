"""How the 18xx engine's texts name things for a reader: places by their names on the map, cities and stops by
place, trains by kind, certificates by size and corporation — never by the internal ids that actions and
``Event.data`` keep (``"I15-0"``, ``"59-1-0"``, ``"2-0"``, ``"NYC_1"``). A name with words of its own (a train, a
certificate, a city of several) is a :class:`~gamekit.i18n.Message`: its English text, rendered in the current
language inside the sentence that carries it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import DataError
from ..i18n import Message, N_, msg
from ..tracks import board as boards
from ..tracks.board import NodeKey
from ..tracks.shares import cert_corporation, is_president_cert
from ..tracks.trains import train_name

if TYPE_CHECKING:
    from .game import Game18xx

ORDINALS = {
    "city": (N_("first city"), N_("second city"), N_("third city"), N_("fourth city"), N_("fifth city"),
             N_("sixth city")),
    "town": (N_("first town"), N_("second town"), N_("third town"), N_("fourth town"), N_("fifth town"),
             N_("sixth town")),
    "offboard": (N_("first offboard"), N_("second offboard"), N_("third offboard"), N_("fourth offboard"),
                 N_("fifth offboard"), N_("sixth offboard")),
}
"""Which stop of a hex, by kind and index: whole phrases (an ordinal agrees with its noun in Catalan and Spanish)."""


def _nth(kind: str, index: int) -> Message:
    """Stop ``index`` of kind ``kind`` in words: ``"second city"``; from the seventh on ``"no. 7 city"``."""
    words = ORDINALS.get(kind, ())
    if index < len(words):
        return Message(words[index], {})
    return msg("no. {number} {kind}", number=index + 1, kind=kind)


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
    nth = _nth("city", index)
    name = game.track.hexes[coord].name if coord in game.track.hexes else None
    return msg("{name}'s {nth} ({coord})", name=name, nth=nth, coord=coord) if name else \
        msg("the {nth} of {coord}", nth=nth, coord=coord)


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
    return msg("{name}'s {nth}", name=name, nth=_nth(kind, index))


def train(train_id: str) -> str:
    """A train by its kind with the article: ``"a 2-train"``, ``"an 8-train"``, ``"a D-train"``."""
    name = train_name(train_id)
    return msg("an {train}-train", train=name) if _article(name) == "an" else msg("a {train}-train", train=name)


def certificate(game: "Game18xx", cert: str) -> str:
    """A certificate by its size and corporation: ``"a 10% NYC share"``, ``"the NYC president's certificate"``."""
    corp = cert_corporation(cert)
    if is_president_cert(cert):
        return msg("the {corporation} president's certificate", corporation=corp)
    percent = game.state.ledger.percent[cert]
    if _article(str(percent)) == "an":
        return msg("an {percent}% {corporation} share", percent=percent, corporation=corp)
    return msg("a {percent}% {corporation} share", percent=percent, corporation=corp)


def _article(number: str) -> str:
    """"an" before a number read with a vowel sound (8, 11, 18, 80…), else "a"."""
    return "an" if number.startswith(("8", "11", "18")) else "a"
