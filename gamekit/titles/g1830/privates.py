"""1830's private companies' special abilities: the Camden & Amboy's and the Delaware & Hudson's tile lays, the
D&H's station token, and the Mohawk & Hudson's exchange for a New York Central share (rules ``1830:private.*``).
The data of each ability is in ``data/1830/game.json``; the abilities' effects are these functions'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import DataError, GameError, shown
from ...events import Event
from ...g18xx import names, operating, track
from ...g18xx.economy import check_float, require, update_president
from ...g18xx.state import AuctionRound
from ...g18xx.stock import SOURCE_WORDS
from ...i18n import Message, msg
from ...tracks import board as boards
from ...tracks import lay
from ...tracks.actions import BuyShares, LayTile, PlaceToken
from ...tracks.shares import IPO, POOL, cert_corporation, is_president_cert

if TYPE_CHECKING:
    from . import Game1830

MH_RULE = "1830:private.mh-exchange"
ABILITIES = "1830:private.abilities"


def special_lay(game: "Game1830", action: LayTile) -> list[Event]:
    """A private company's tile lay: CS (extra tile on B20) or DH (tile on F16, the corporation's lay)."""
    state = game.state
    rnd = state.round
    sym = action.entity
    corp = operating.operating(game)
    facts = game.facts.private(sym)
    ability = facts.tile_lay or facts.teleport
    require(state.private_owner.get(sym) == corp and ability is not None,
            msg("{company}'s ability is used by the corporation owning it during its turn", company=sym), ABILITIES)
    require(sym not in rnd.used_abilities, msg("{company}'s tile lay is used once per turn", company=sym),
            ABILITIES)
    require(action.hex in ability.hexes and action.tile.rsplit("-", 1)[0] in ability.tiles,
            msg("{company} lays only tile {tiles} on {hexes}", company=sym, tiles="/".join(ability.tiles),
                hexes="/".join(ability.hexes)), ABILITIES)
    if facts.teleport:
        require(track.lays_left(game) and rnd.step == "track",
                msg("{company}'s tile is the corporation's tile lay of the turn", company=sym), "1830:private.dh")
    events = track.do_lay(game, corp, action, ignore_connection=True, rule=ABILITIES)
    rnd.used_abilities.append(sym)
    state.title.used_abilities.append(sym)
    if facts.teleport:
        track.record_lay(game, corp, action.hex, False)
        rnd.teleport = action.hex
        events += operating.after_lay(game)
    return events + operating.settle(game)


def extra_lay_open(game: "Game1830", corp: str) -> bool:
    """True when ``corp`` owns a private whose extra tile lay (the CS's, once per game) it has not made: the lay
    is open at any step of its turn (rule ``1830:private.abilities``). As 18xx.games counts it, the ability stays
    open until used, also once its hex holds a tile laid otherwise (the corporation then can only pass)."""
    state = game.state
    return any(game.facts.private(sym).tile_lay is not None and game.facts.private(sym).tile_lay.extra_lay
               and sym not in state.title.used_abilities for sym in state.corporations[corp].privates)


def extra_lay_actions(game: "Game1830") -> list[LayTile]:
    """The extra tile lays (the CS's on B20) open to the operating corporation at the step that waits for them, the
    private-company purchase that ends its turn: one action per tile and distinct track, the lowest rotation of
    those giving the same track, each checked as the lay itself is (no connection needed; rule
    ``1830:private.abilities``). Asked only at that step of an operating round (:meth:`Game1830.extra_actions`:
    there are none elsewhere)."""
    state = game.state
    corp = operating.operating(game)
    if corp is None or not extra_lay_open(game, corp):
        return []
    copies = boards.lowest_free_copies(game.track, state.board)
    actions: list[LayTile] = []
    for sym in state.corporations[corp].privates:
        ability = game.facts.private(sym).tile_lay
        if ability is None or not ability.extra_lay or sym in state.round.used_abilities:
            continue
        for coord in ability.hexes:
            old = boards.placed_tile(game.track, state.board, coord)
            for name in ability.tiles:
                if name not in copies or not _colour_fits(game, corp, sym, coord, name, copies[name], old):
                    continue
                tracks = set()
                for rotation in range(6):
                    action = LayTile(entity=sym, hex=coord, tile=copies[name], rotation=rotation)
                    track_laid = lay.tile_exits(game.track, name, rotation)
                    if track_laid not in tracks and _lay_refusal(game, corp, action) is None:
                        tracks.add(track_laid)
                        actions.append(action)
    return actions


def _colour_fits(game: "Game1830", corp: str, sym: str, coord: str, name: str, tile_id: str, old) -> bool:
    """Whether copy ``tile_id`` of tile ``name``, laid by ``sym`` for ``corp``, passes the colour check of the lay
    (rule ``1830:track.colour``) on ``coord``, where ``old`` lies: the phase's colours for the lay
    (:meth:`Game1830.lay_colours`, which reads the tile and the hex, never the rotation) and the colour following
    the old tile's. Where it does not, the lay check refuses every rotation (:func:`_lay_refusal`), and once a tile
    lies on the ability's hex it refuses every one: asked first, so that the step waiting for the ability (the
    turn's last) does not check and refuse six lays a listing."""
    tile = game.track.tiles[name]
    colours, _ = game.lay_colours(corp, LayTile(entity=sym, hex=coord, tile=tile_id, rotation=0))
    return tile.colour in colours and lay.colour_follows(old, tile)


def _lay_refusal(game: "Game1830", corp: str, action: LayTile) -> GameError | None:
    """Why ``corp``'s special lay ``action`` (needing no connection) is refused, or None."""
    colours, _ = game.lay_colours(corp, action)
    try:
        lay.check_lay(game.track, game.state.board, corp, action.hex, action.tile, action.rotation,
                      phase_colours=colours, cash=game.state.corporations[corp].cash, ignore_connection=True,
                      upgrades=game.upgrade_rules)
    except GameError as refusal:
        return refusal
    return None


def teleport_token(game: "Game1830", action: PlaceToken) -> PlaceToken:
    """A token placed by a private company (as 18xx.games logs the D&H's): it is the owning corporation's token
    on the hex where the private's tile was laid this turn (rule ``1830:private.dh``)."""
    corp = operating.operating(game)
    owner = game.state.private_owner.get(action.entity)
    require(owner == corp and game.facts.private(action.entity).teleport is not None and
            game.state.round.teleport is not None, msg("{company} places no station token now", company=action.entity),
            "1830:private.dh")
    require(action.tokener in (None, corp), msg("{company}'s token is placed for {corporation}, not {other}",
                                                company=action.entity, corporation=corp, other=action.tokener),
            "1830:private.dh")
    try:
        coord, _ = boards.find_city(game.track, game.state.board, action.city)
    except DataError:
        raise GameError(msg("there is no city {city} on the map", city=repr(action.city)), "1830:token.city") from None
    teleport = game.state.round.teleport
    require(coord == teleport, msg("{company} places its token only on {hexes}", company=action.entity,
                                   hexes=teleport), "1830:private.dh")
    return PlaceToken(entity=corp, city=action.city, slot=action.slot, tokener=corp)


# ----- the Mohawk & Hudson exchange --------------------------------------------------------------------
def exchangeable_privates(game: "Game1830") -> frozenset[str]:
    """The private companies that can be exchanged for a certificate (the M&H): a fact of the title, kept
    (:meth:`~gamekit.g18xx.game.Game18xx._facts_memo`), as every position asks it."""
    facts, memo = game._facts_kept  # _facts_memo written out: asked at every position
    if facts is not game.facts:
        memo = game._facts_memo()
    kept = memo.get("exchangeable privates")
    if kept is None:
        kept = memo["exchangeable privates"] = frozenset(p.sym for p in game.facts.privates if p.exchange is not None)
    return kept


def exchange_actions(game: "Game1830") -> list[Action]:
    """The exchanges open now: per exchangeable private, one 10% certificate from the IPO and one from the pool."""
    state = game.state
    owners, players = state.private_owner, state.players
    exchangeable = exchangeable_privates(game)
    for sym in exchangeable:  # asked at every position: mostly none is a player's (closed, exchanged, sold)
        if owners.get(sym) in players:
            break
    else:
        return []
    actions: list[Action] = []
    for sym, owner in owners.items():
        if sym not in exchangeable or owner not in players:
            continue
        ex = game.facts.private(sym).exchange
        for source in (IPO, POOL):
            certs = [c for c in state.ledger.certs(source, ex.corporation) if not is_president_cert(c)]
            if certs and _exchange_refusal(game, sym, certs[0]) is None:
                # the ledger's own ids and percent, checked just above: built trusted (asked at every position)
                actions.append(BuyShares._trusted(entity=sym, shares=(certs[0],),
                                                  percent=state.ledger.percent[certs[0]]))
    return actions


def _exchange_refusal(game: "Game1830", sym: str, cert: str) -> tuple[Message, str] | None:
    state = game.state
    ex = game.facts.private(sym).exchange
    owner = state.private_owner.get(sym)
    if ex is None or owner not in state.players:
        return msg("{company} is not a private a player can exchange", company=sym), MH_RULE
    if isinstance(state.round, AuctionRound):
        return msg("{company} is exchanged in stock and operating rounds, not during the private auction",
                   company=sym), MH_RULE
    if cert not in state.ledger.owner:
        return msg("there is no certificate {certificate}", certificate=shown(cert)), MH_RULE
    corp = cert_corporation(cert)
    source = state.ledger.owner.get(cert)
    if corp != ex.corporation or is_president_cert(cert):
        return msg("{company} is exchanged only for a {percent} certificate of {corporation}", company=sym,
                   percent="10%", corporation=ex.corporation), MH_RULE
    allowed = {IPO for f in ex.from_ if f == "ipo"} | {POOL for f in ex.from_ if f == "market"}
    if source not in allowed:
        return msg("{certificate} is neither in the IPO nor in the bank pool", certificate=cert), MH_RULE
    if state.ledger.percent_of(owner, corp) + state.ledger.percent[cert] > game.facts.max_holding_percent:
        return msg("the owner would hold more than {percent} of {corporation}",
                   percent=f"{game.facts.max_holding_percent}%", corporation=corp), MH_RULE
    return None


def exchange(game: "Game1830", action: BuyShares) -> list[Event]:
    """Exchange the private ``action.entity`` for the certificate ``action.shares[0]``; the private closes."""
    require(len(action.shares) == 1, msg("{company} can only be exchanged for one certificate",
                                         company=action.entity), MH_RULE)
    cert = action.shares[0]
    refusal = _exchange_refusal(game, action.entity, cert)
    if refusal:
        require(False, *refusal)
    require(action.percent == game.state.ledger.percent[cert],
            msg("{certificate} is {percent}, not {other}", certificate=cert,
                percent=f"{game.state.ledger.percent[cert]}%", other=f"{action.percent}%"), MH_RULE)
    state = game.state
    source = state.ledger.owner[cert]
    owner = state.private_owner.pop(action.entity)
    state.players[owner].privates.remove(action.entity)
    state.closed_privates.append(action.entity)
    state.ledger.move(cert, owner)
    corp = cert_corporation(cert)
    # the action codec reads this sentence back as the exchange's (gamekit.sentences, its "exchanges" form)
    text = msg("{owner} exchanges {entity} for {certificate} from {source}; {entity} closes",
               owner=game.player(owner).name, entity=action.entity, certificate=names.certificate(game, cert),
               source=Message(SOURCE_WORDS[source], {}))
    events = [Event(MH_RULE, text, "exchange", {"player": owner, "certificate": cert, "from": source})]
    return events + update_president(game, corp) + check_float(game, corp)
