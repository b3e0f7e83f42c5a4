"""1894's private companies' abilities and special cases (rules ``1894:private.*``): the Nord minor
shareholding's share, the revenues that change (AR, SQG), the closings by phase and by first operation, the
LRC's extra tile, the station privates' tile and token, London shipping's token."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...g18xx import companies
from ...tracks.shares import IPO

if TYPE_CHECKING:
    from .game import Game1894


def minor_shareholding_share(game: "Game1894", player: str, sym: str) -> list[Event]:
    """The buyer of the Nord minor shareholding receives the last 10% certificate of Nord in the IPO, with no
    change of presidency (rule ``1894:private.nord-minor``)."""
    consts = game.facts.constants
    if sym != consts["minor_shareholding"]:
        return []
    corp = consts["minor_shareholding_corporation"]
    cert = game.state.ledger.certs(IPO, corp)[-1]
    game.state.ledger.move(cert, player)
    return [Event("1894:private.nord-minor", f"{game.player(player).name} receives the certificate {cert}", "grant",
                  {"certificate": cert})]


def extra_lay_buyable(game: "Game1894", corp: str) -> bool:
    """True when ``corp`` could buy, from a player, a private whose ability is an extra tile lay (the LRC)."""
    return any(game.facts.private(r.template.company).tile_lay is not None
               for r in companies.company_ranges(game, corp))
