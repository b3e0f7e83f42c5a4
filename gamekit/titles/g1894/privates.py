"""1894's private companies' abilities and special cases (rules ``1894:private.*``): the Nord minor
shareholding's share, the revenues that change (AR, SQG), the closings by phase and by first operation, the
LRC's extra tile, the station privates' tile and token, London shipping's token."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Pass
from ...errors import DataError, GameError
from ...events import Event
from ...g18xx import companies, names, operating, track
from ...g18xx.economy import pay_to_bank, require
from ...g18xx.state import OperatingRound
from ...i18n import N_, msg
from ...tracks import board as boards
from ...tracks import tokens
from ...tracks.actions import LayTile, PlaceToken
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
    return [Event("1894:private.nord-minor", msg("{player} receives {certificate}", player=game.player(player).name,
                                                    certificate=names.certificate(game, cert)), "grant",
                  {"certificate": cert})]


def extra_lay_buyable(game: "Game1894", corp: str) -> bool:
    """True when ``corp`` could buy, from a player, a private whose ability is an extra tile lay (the LRC)."""
    return any(game.facts.private(r.template.company).tile_lay is not None
               for r in companies.company_ranges(game, corp))


def _owner_operating(game: "Game1894", sym: str, rule: str) -> str:
    """The operating corporation, which must own ``sym`` (refused under ``rule`` otherwise)."""
    corp = operating.operating(game) if isinstance(game.state.round, OperatingRound) else None
    require(corp is not None and game.state.private_owner.get(sym) == corp,
            msg("{company}'s ability is used by the corporation owning it during its operating turn", company=sym),
            rule)
    return corp


def _ability(game: "Game1894", sym: str, kind: str, rule: str, what: str):
    """``(operating corporation, the ability)`` of a once-per-game ability ``kind`` of ``sym`` (``tile_lay``,
    ``token``, ``teleport``); refused under ``rule`` unless its owner operates and it is unused, with the refusal
    ``what`` (a template of ``{company}``)."""
    corp = _owner_operating(game, sym, rule)
    ability = getattr(game.facts.private(sym), kind)
    require(ability is not None and sym not in game.state.title.used_abilities, msg(what, company=sym), rule)
    return corp, ability


def _free_token(game: "Game1894", corp: str, sym: str, action: PlaceToken, coord: str, city: int,
                rule: str) -> list[Event]:
    """Place ``corp``'s next station token on ``coord`` free of charge, with no connection needed."""
    require(action.tokener in (None, corp), msg("{company}'s token is {corporation}'s, not {other}'s", company=sym,
                                                     corporation=corp, other=action.tokener), rule)
    c = game.state.corporations[corp]
    require(None in c.tokens, msg("{corporation} has no station token left", corporation=corp), rule)
    with game.token_placement(action.entity, coord):
        tokens.place_token(game.track, game.state.board, corp, coord, city, slot=action.slot, needs_connection=False)
    c.tokens[c.tokens.index(None)] = coord
    return [Event(rule, msg("{corporation} places a station token in {place} free of charge ({company})",
                            corporation=corp, place=names.city(game, coord, city), company=sym), "token",
                  {"corporation": corp, "hex": coord, "cost": 0})]


def extra_lay_open(game: "Game1894", corp: str) -> bool:
    """True when ``corp`` owns a private whose once-per-game extra tile lay is unused (the LRC)."""
    return any(game.facts.private(sym).tile_lay is not None and sym not in game.state.title.used_abilities
               for sym in game.state.corporations[corp].privates)


def station_open(game: "Game1894", corp: str) -> bool:
    """True when ``corp`` owns a private whose once-per-game free station (London shipping's on A12) is unused,
    has a station token left and none on that hex yet: the station may be placed at any step of its turn."""
    c = game.state.corporations[corp]
    for sym in c.privates:
        ability = game.facts.private(sym).token
        if ability is not None and sym not in game.state.title.used_abilities and None in c.tokens and \
                any(h not in c.tokens for h in ability.hexes):
            return True
    return False


def extra_lay(game: "Game1894", action: LayTile) -> list[Event]:
    """The LRC's extra yellow tile: once per game, in the owning corporation's turn up to its track step, for 60 F,
    connected to its network as any lay (rule ``1894:private.lrc``)."""
    sym = action.entity
    rule = "1894:private.lrc"
    corp, ability = _ability(game, sym, "tile_lay", rule, N_("{company}'s extra tile is laid once per game"))
    require(game.state.round.step in ("redeem", "track"), msg("{company}'s extra tile is laid before the token step",
                                                              company=sym),
            rule)
    require(action.tile.rsplit("-", 1)[0] in ability.tiles, msg("{company} lays only a yellow tile", company=sym), rule)
    require(action.hex not in game.state.board.tiles, msg("{company}'s tile is a lay, not an upgrade", company=sym),
            rule)
    require(game.state.corporations[corp].cash >= ability.cost,
            msg("{corporation} cannot pay {cost} for {company}'s tile", corporation=corp,
                cost=game.facts.money(ability.cost), company=sym), rule)
    pay_to_bank(game, corp, ability.cost)
    events = track.do_lay(game, corp, action, ignore_connection=ability.ignores_connection, rule=rule)
    game.state.title.used_abilities.append(sym)
    return [Event(rule, msg("{corporation} pays {cost} for {company}'s extra tile", corporation=corp,
                            cost=game.facts.money(ability.cost), company=sym), "ability",
                  {"corporation": corp, "company": sym, "cost": ability.cost})] + events


def free_token(game: "Game1894", action: PlaceToken) -> list[Event]:
    """London shipping's station token: the owning corporation places its next token on A12 free of charge, with
    no connection needed (rule ``1894:private.ls``)."""
    sym = action.entity
    rule = "1894:private.ls"
    corp, ability = _ability(game, sym, "token", rule, N_("{company}'s station token is placed once per game"))
    coord, city = _city(game, action.city, rule)
    require(coord in ability.hexes, msg("{company}'s token goes on {hexes}", company=sym,
                                                     hexes="/".join(ability.hexes)), rule)
    events = _free_token(game, corp, sym, action, coord, city, rule)
    game.state.title.used_abilities.append(sym)
    return events


def station_lay(game: "Game1894", action: LayTile) -> list[Event]:
    """The Liège (or Antwerpen) station private's tile: once, in the owning corporation's turn up to its track
    step, the corporation lays or upgrades the tile on the private's hex without a connection, paying any terrain,
    as one of its two track actions; it may then place a station token there free of charge (rule
    ``1894:private.station``)."""
    sym = action.entity
    rule = "1894:private.station"
    corp, ability = _ability(game, sym, "teleport", rule, N_("{company}'s tile is laid once per game"))
    rnd = game.state.round
    require(rnd.step in ("redeem", "track"), msg("{company}'s tile is laid before the token step", company=sym), rule)
    require(action.hex in ability.hexes and action.tile.rsplit("-", 1)[0] in ability.tiles,
            msg("{company} lays only tile {tiles} on {hexes}", company=sym, tiles="/".join(ability.tiles),
                hexes="/".join(ability.hexes)), rule)
    require(track.lays_left(game), msg("{company}'s tile is one of {corporation}'s track actions, and none is left",
                                           company=sym, corporation=corp), rule)
    track.record_lay(game, corp, action.hex, track.is_upgrade(game, action.hex))
    events = track.do_lay(game, corp, action, ignore_connection=True, rule=rule)
    game.state.title.used_abilities.append(sym)
    rnd.teleport = action.hex
    game.state.title.station_token = sym
    return events


def station_token(game: "Game1894", action: PlaceToken | Pass) -> list[Event]:
    """The station private's free token on the hex of its tile, or its pass declining it (rule
    ``1894:private.station``)."""
    sym = action.entity
    rule = "1894:private.station"
    corp = _owner_operating(game, sym, rule)
    rnd = game.state.round
    require(game.state.title.station_token == sym and rnd.teleport is not None,
            msg("{company}'s station token follows its tile lay", company=sym), rule)
    game.state.title.station_token = None
    if isinstance(action, Pass):
        rnd.teleport = None
        return [Event(rule, msg("{corporation} places no station token with {company}", corporation=corp, company=sym),
                      "pass")]
    coord, city = _city(game, action.city, rule)
    require(coord == rnd.teleport, msg("{company}'s token goes on {hexes}", company=sym, hexes=rnd.teleport), rule)
    rnd.teleport = None
    return _free_token(game, corp, sym, action, coord, city, rule)


def _city(game: "Game1894", city_id: str, rule: str) -> tuple[str, int]:
    try:
        return boards.find_city(game.track, game.state.board, city_id)
    except DataError:
        raise GameError(msg("there is no city {city} on the map", city=repr(city_id)), rule) from None
