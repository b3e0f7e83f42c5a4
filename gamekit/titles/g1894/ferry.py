"""Ferry markers and London (rules ``1894:route.ferry``, ``1894:route.london``): a corporation whose network
reaches London may buy one of the four ferry markers during its operating turn — 80 F, or 40 F when it owns
London shipping — and only with one may its trains run to or through London, or may it build track or place a
station that it reaches only through London (the track side is the lay rules' gate, ``UpgradeRules.gates``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import DataError
from ...events import Event
from ...g18xx import operating, track
from ...g18xx.economy import pay_to_bank, require
from ...g18xx.state import OperatingRound
from ...i18n import Message, msg
from ...tracks import board as boards
from ...tracks.actions import PlaceToken
from ...tracks.graph import reach
from ...tracks.lay import network_board
from .actions import SpecialBuy

if TYPE_CHECKING:
    from .game import Game1894

RULE = "1894:route.ferry"
DESCRIPTION = "Ferry marker"


def london_node(game: "Game1894") -> tuple[str, str, int]:
    """London's stop as a node key."""
    return game.facts.constants["london_hex"], "city", 0


def price(game: "Game1894", corp: str) -> int:
    """What a ferry marker costs ``corp``: 40 F with London shipping, else 80 F."""
    consts = game.facts.constants
    owns_ls = "LS" in game.state.corporations[corp].privates
    return consts["ls_ferry_marker_cost"] if owns_ls else consts["ferry_marker_cost"]


def refusal(game: "Game1894", corp: str) -> Message | None:
    """Why ``corp`` may not buy a ferry marker now, or ``None``."""
    why = _closed(game, corp)
    if why is None:
        return None
    if why == "held":
        return msg("{corporation} has a ferry marker already (one per corporation)", corporation=corp)
    if why == "sold out":
        return msg("all four ferry markers are sold")
    if why == "cash":
        return msg("{corporation} cannot pay {cost} for a ferry marker", corporation=corp,
                   cost=game.facts.money(price(game, corp)))
    return msg("{corporation}'s network does not reach London", corporation=corp)


def _closed(game: "Game1894", corp: str) -> str | None:
    """Which reason of :func:`refusal` holds, as a word (``"held"``, ``"sold out"``, ``"cash"``, ``"london"``), or
    ``None``: the listing (:func:`choices`, at every position of an operating turn) asks without building a
    message."""
    ferries = game.state.title.ferries
    if corp in ferries:
        return "held"
    if len(ferries) >= game.facts.constants["ferry_markers"]:
        return "sold out"
    if game.state.corporations[corp].cash < price(game, corp):
        return "cash"
    if london_node(game) not in reach(game.track, game.state.board, corp).nodes:
        return "london"
    return None


def choices(game: "Game1894", corp: str) -> list[SpecialBuy]:
    """The ferry purchase open to the operating corporation now (none or one)."""
    if _closed(game, corp) is not None:
        return []
    return [SpecialBuy(entity=corp, description=DESCRIPTION, cost=price(game, corp))]


def buy(game: "Game1894", action: SpecialBuy) -> list[Event]:
    """Buy a ferry marker for the operating corporation (the caller checked it is that corporation's turn)."""
    corp = action.entity
    require(action.description == DESCRIPTION,
            msg("{item} is not for sale; only a ferry marker", item=repr(action.description)), RULE)
    why = refusal(game, corp)
    require(why is None, why or "", RULE)
    cost = price(game, corp)
    require(action.cost == cost, msg("a ferry marker costs {corporation} {cost}, not {offered}", corporation=corp,
                                     cost=game.facts.money(cost), offered=game.facts.money(action.cost)), RULE)
    pay_to_bank(game, corp, cost)
    game.state.title.ferries.append(corp)
    return [Event(RULE, msg("{corporation} buys a ferry marker for {cost}", corporation=corp,
                            cost=game.facts.money(cost)), "ferry",
                  {"corporation": corp, "cost": cost})]


def through_london_only(game: "Game1894", action: Action) -> bool:
    """True for the operating corporation's ordinary station token on a city that its network reaches only through
    London while it has no ferry marker (rule ``1894:route.ferry``). A token waiting for its city after a split
    and a station private's token on its own hex need no connection, and are never refused here."""
    if not isinstance(action, PlaceToken) or not isinstance(game.state.round, OperatingRound):
        return False
    rnd = game.state.round
    corp = operating.operating(game)
    if rnd.pending_tokens or action.entity != corp:
        return False
    try:
        coord, city = boards.find_city(game.track, game.state.board, action.city)
    except DataError:
        return False  # the round refuses an unknown city under its own rule
    board = network_board(game.state.board, corp, game.upgrade_rules)
    if board is game.state.board or coord == rnd.teleport:
        return False
    return (coord, "city", city) not in reach(game.track, board, corp, game.token_reversals()).nodes


def token_choices(game: "Game1894", corp: str) -> list[Action]:
    """The token step's placements (:func:`gamekit.g18xx.track.token_choices`) but those reached only through
    London without a ferry marker (rule ``1894:route.ferry``)."""
    return [a for a in track.token_choices(game, corp) if not through_london_only(game, a)]
