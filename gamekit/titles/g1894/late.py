"""1894's late corporations, LF and LB (rules ``1894:stock.late-corporations``, ``1894:corporations.late``): they
may be started once the first 5+1-train is sold; the president who pars one chooses its home at once (a
``choose`` action, ``"Arras (E10)"``) among its country's listed hexes that hold no reservation and have a
city with room for it — untracked hexes only, while there are any. The home station is placed at the
corporation's first operation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...g18xx.economy import require
from ...i18n import msg
from ...tracks import tokens
from ...tracks.board import placed_tile
from . import splits
from .actions import Choose

if TYPE_CHECKING:
    from .game import Game1894

RULE = "1894:stock.late-corporations"


def possible_homes(game: "Game1894", corp: str) -> list[str]:
    """The hexes ``corp`` may choose for its home now, in the listed order."""
    board = game.state.board
    fits = [h.hex for h in game.facts.corporation(corp).homes
            if not board.hex_reservations.get(h.hex)
            and not any(name for slots in board.reservations.get(h.hex, []) for name in slots)
            and any(tokens.free_slots(board, h.hex, i, corp) for i in range(len(board.tokens.get(h.hex, []))))]
    untracked = [coord for coord in fits if coord not in board.tiles]
    return untracked or fits


def choice_text(game: "Game1894", coord: str) -> str:
    """A home as 18xx.games words the choice: ``"Arras (E10)"``."""
    return f"{game.track.hexes[coord].name or coord} ({coord})"


def choices(game: "Game1894") -> list[Choose]:
    """The home choices of the pending late corporation's president."""
    player, corp = game.state.title.pending_home
    return [Choose(entity=player, choice=choice_text(game, h)) for h in possible_homes(game, corp)]


def choose(game: "Game1894", action: Choose) -> list[Event]:
    """Record the chosen home, one of the listed choices' texts (:func:`choices`), and reserve it: on a tile with
    one city, or in Paris the second city, that city; on a split brown tile the whole hex (the city is chosen when
    the token is placed), or its one city with room for it.

    Raises:
        GameError: rule ``1894:stock.late-corporations``: the chooser is not the president who parred, or the
            text is not a listed choice's (``"Lille (D11)"``; the hex alone, another name or spelling is refused).
    """
    player, corp = game.state.title.pending_home
    require(action.entity == player, msg("{player} chooses {corporation}'s home first",
                                                player=game.player(player).name, corporation=corp), RULE)
    listed = {choice_text(game, home): home for home in possible_homes(game, corp)}
    # the listed text whole: the hex alone or another name beside it would be kept in the save and the export
    # while the event names the listed place
    require(action.choice in listed, msg("{corporation}'s home may be one of {homes}, not {choice}",
                                         corporation=corp, homes=", ".join(listed), choice=repr(action.choice)), RULE)
    coord = listed[action.choice]
    board = game.state.board
    cities = placed_tile(game.track, board, coord).parts.cities
    if len(cities) > 1 and coord != game.facts.constants["paris_hex"]:
        board.hex_reservations.setdefault(coord, []).append(corp)
        splits.settle_reservations(game, coord, first_fit=False)
    else:
        city = 1 if len(cities) > 1 else 0
        board.reservations[coord][city][tokens.free_slots(board, coord, city, corp)[0]] = corp
    game.state.title.late_homes[corp] = coord
    game.state.title.pending_home = None
    return [Event(RULE, msg("{corporation}'s home is {place}", corporation=corp, place=choice_text(game, coord)),
                  "home", {"corporation": corp, "hex": coord})]
