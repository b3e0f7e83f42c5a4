"""1830 operating rounds: each floated corporation in turn lays track, places a token, runs its trains, pays
out or withholds, and buys trains (rule ``1830:or``).

Steps with no choice are passed by the engine itself, as at the table: a corporation with no train earns nothing
and withholds (its price falls), one that can place no token skips the token step, and so on. Track, tokens and
routes are checked by :mod:`gamekit.tracks`; money, trains and phases are handled here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action, Pass
from ...errors import DataError, GameError
from ...events import Event
from ...game import ActionRange, Step
from ...tracks import board as boards
from ...tracks import lay, tokens
from ...tracks.actions import (Bankrupt, BuyCompany, BuyTrain, DiscardTrain, Dividend, LayTile, PlaceToken,
                               RunRoutes, SellShares)
from ...tracks.shares import POOL
from ...tracks.trains import phase
from . import auction, revenue, trainbuy
from .economy import move_price, pay_from_bank, pay_to_bank, require
from .state import OperatingRound

if TYPE_CHECKING:
    from . import Game1830

STEP_NAMES = {"track": "Lay track", "token": "Place a station token", "route": "Run trains",
              "dividend": "Pay out or withhold", "buy_train": "Buy trains", "buy_company": "Buy private companies",
              "discard": "Discard a train", "pending_token": "Choose the city of a station token"}


def start(game: "Game1830") -> list[Event]:
    """Begin a set of operating rounds; its size is the current phase's number of ORs (``1830:or.sets``)."""
    total = phase(game.facts, game.state.depot).operating_rounds
    return begin(game, 1, total)


def begin(game: "Game1830", num: int, total: int) -> list[Event]:
    """Begin operating round ``num`` of ``total``: privates pay, the order is fixed, the first corporation starts."""
    state = game.state
    order = [c for c in game.operating_order_all() if state.corporations[c].floated]
    state.round = OperatingRound(num=num, total=total, order=order)
    events = [Event("1830:or", f"Operating round {num} of {total} begins; order: {', '.join(order) or 'none'}",
                    "round", {"round": "operating", "num": num, "total": total})]
    events += auction.pay_private_revenue(game, "1830:or.private-income")
    return events + _start_turn(game)


def _round(game: "Game1830") -> OperatingRound:
    return game.state.round


def operating(game: "Game1830") -> str | None:
    """The corporation whose turn it is (``None`` between turns)."""
    rnd = _round(game)
    return rnd.order[rnd.index] if rnd.index < len(rnd.order) else None


def current_entity(game: "Game1830") -> str:
    """Who must act: a corporation over its train limit, else the operating corporation."""
    rnd = _round(game)
    return rnd.must_discard[0] if rnd.must_discard else operating(game)


# ----- turn flow ---------------------------------------------------------------------------------------
def _start_turn(game: "Game1830") -> list[Event]:
    rnd = _round(game)
    if rnd.index >= len(rnd.order):
        return _end_round(game)
    corp = operating(game)
    rnd.step, rnd.laid, rnd.used_abilities, rnd.revenue, rnd.bought_train = "track", False, [], 0, False
    rnd.teleport = None
    events = [Event("1830:or.turn", f"{corp} operates", "turn", {"corporation": corp})]
    c = game.state.corporations[corp]
    if c.tokens and c.tokens[0] is None:
        events += _home_token(game, corp)
    return events + settle(game)


def _home_token(game: "Game1830", corp: str) -> list[Event]:
    """The home station token goes on the home city when the corporation first operates: the city that holds its
    reservation now (an upgrade may have moved it from the printed city). On a home hex reserved as a whole (1830
    ERIE on E11) it goes on the first city while the hex has no track; once a tile has split the hex, the
    corporation chooses the city as its first action (rule ``1830:token.home``)."""
    home = game.facts.corporation(corp).home
    city = tokens.home_city(game.track, game.state.board, corp, home)
    if city is None:
        _round(game).pending_tokens.append((corp, corp, home))
        return [Event("1830:token.home", f"{corp} must choose the city of {home} for its home station token",
                      "token_choice", {"corporation": corp, "hex": home})]
    tokens.place_token(game.track, game.state.board, corp, home, city, needs_connection=False)
    game.state.corporations[corp].tokens[0] = home
    return [Event("1830:token.home", f"{corp} places its home station token on {home}", "token",
                  {"corporation": corp, "hex": home})]


def settle(game: "Game1830") -> list[Event]:
    """Advance past steps that offer the operating corporation no choice (each pass cites its rule)."""
    events: list[Event] = []
    while not game.state.end_reason:
        rnd = _round(game)
        if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens:
            return events
        corp = operating(game)
        if corp is None:
            return events
        if rnd.step == "token" and not token_choices(game, corp):
            rnd.step = "route"
        elif rnd.step == "route" and not game.state.corporations[corp].trains:
            rnd.step = "dividend"
        elif rnd.step == "dividend" and rnd.revenue == 0:
            events += _withhold(game, corp, implicit=True)
            rnd.step = "buy_train"
        elif rnd.step == "buy_train" and not trainbuy.can_buy_any(game, corp):
            rnd.step = "buy_company"
        elif rnd.step == "buy_company" and not company_ranges(game, corp):
            events += _end_turn(game)
        else:
            return events
    return events


def _end_turn(game: "Game1830") -> list[Event]:
    rnd = _round(game)
    corp = operating(game)
    game.state.corporations[corp].operated = True
    rnd.index += 1
    return _start_turn(game)


def _end_round(game: "Game1830") -> list[Event]:
    state = game.state
    rnd = _round(game)
    if rnd.num < rnd.total:
        return begin(game, rnd.num + 1, rnd.total)
    if state.bank_broken:
        state.end_reason = "bank"
        return [Event("1830:end.bank", "The bank is broken and the set of operating rounds is over: the game ends",
                      "game_end", {"reason": "bank"})]
    return game.start_stock_round()


# ----- the step ----------------------------------------------------------------------------------------
def step(game: "Game1830") -> Step:
    """The active step of the operating round."""
    rnd = _round(game)
    who = current_entity(game)
    if rnd.must_discard:
        limit = phase(game.facts, game.state.depot).train_limit
        return Step(STEP_NAMES["discard"], f"{who} holds more than {limit} trains and must discard one.",
                    "1830:trains.limit", who, ("discard_train",))
    if rnd.pending_tokens:
        _, owner, coord = rnd.pending_tokens[0]
        return Step(STEP_NAMES["pending_token"], f"{who} chooses the city of {coord} where {owner}'s station "
                    "token goes.", "1830:track.tokens", who, ("place_token",))
    return Step(STEP_NAMES[rnd.step], _help(game, who, rnd.step), f"1830:or.{rnd.step.replace('_', '-')}", who,
                TURN_TYPES)


# What a corporation's turn accepts (which of them is legal at its step, the rules say: a dividend at the route
# step is refused by 1830:or.dividend, a private purchase before phase 3 by 1830:or.buy-private).
TURN_TYPES = ("bankrupt", "buy_company", "buy_train", "discard_train", "dividend", "lay_tile", "pass", "place_token",
              "run_routes", "sell_shares")


def _help(game: "Game1830", corp: str, name: str) -> str:
    cash = game.facts.money(game.state.corporations[corp].cash)
    return {
        "track": f"{corp} ({cash}) may lay or upgrade one tile connected to its network, or pass.",
        "token": f"{corp} ({cash}) may place its next station token in a city its network reaches, or pass.",
        "route": f"{corp} runs each train on a route; the revenue is the sum of the stops' values.",
        "dividend": f"{corp} earned {game.facts.money(_round(game).revenue)}: pay it out to shareholders "
                    "(price rises) or withhold it (price falls).",
        "buy_train": f"{corp} ({cash}) may buy trains" + (" and must buy one" if trainbuy.must_buy(game, corp)
                                                           else "") + "; pass when done.",
        "buy_company": f"{corp} ({cash}) may buy a private company from a player, or pass.",
    }[name]


def legal_actions(game: "Game1830") -> list[Action]:
    """Concrete legal actions now (train prices between corporations and private prices: their minimum)."""
    rnd = _round(game)
    who = current_entity(game)
    if rnd.must_discard:
        return [DiscardTrain(entity=who, train=t) for t in game.state.corporations[who].trains]
    corp = who
    if rnd.pending_tokens:
        return token_choices(game, corp)
    out: list[Action] = []
    if rnd.step == "track":
        out += [LayTile(entity=corp, hex=h, tile=t, rotation=r) for h, t, r in tile_choices(game, corp)]
    elif rnd.step == "token":
        out += token_choices(game, corp)
    elif rnd.step == "route":
        out += revenue.route_choices(game, corp)
    elif rnd.step == "dividend":
        out += [Dividend(entity=corp, kind="payout"), Dividend(entity=corp, kind="withhold")]
    elif rnd.step == "buy_train":
        out += trainbuy.choices(game, corp) + trainbuy.emergency_actions(game, corp)
    out += [r.template for r in company_ranges(game, corp)]
    if rnd.step in ("track", "token", "buy_company") or (rnd.step == "buy_train" and not trainbuy.must_buy(game, corp)):
        out.append(Pass(entity=corp))
    return out


def ranges(game: "Game1830") -> list[ActionRange]:
    """Price ranges: trains from other corporations and private companies from players."""
    rnd = _round(game)
    if rnd.must_discard:
        return []
    corp = operating(game)
    out = company_ranges(game, corp)
    if rnd.step == "buy_train":
        out += trainbuy.ranges(game, corp)
    return out


def apply(game: "Game1830", action: Action) -> list[Event]:
    """Check and apply an operating-round action; raises :class:`GameError` naming the rule that forbids it."""
    rnd = _round(game)
    who = current_entity(game)
    if isinstance(action, SellShares) or isinstance(action, Bankrupt):
        events = trainbuy.apply_emergency(game, action)
        _resort_waiting(game)
        return events + settle(game)
    if isinstance(action, LayTile) and action.entity in game.private_symbols():
        return _special_lay(game, action) + settle(game)
    if isinstance(action, PlaceToken) and action.entity in game.private_symbols():
        action = _teleport_token(game, action)
    require(action.entity == who, f"it is {who}'s turn, not {action.entity}'s", "1830:or.order")
    if rnd.pending_tokens:
        require(isinstance(action, PlaceToken), f"{who} must first choose the city of "
                f"{rnd.pending_tokens[0][1]}'s station token on {rnd.pending_tokens[0][2]}", "1830:track.tokens")
        return _token(game, action) + settle(game)
    if rnd.must_discard:
        require(isinstance(action, DiscardTrain), f"{who} must first discard down to its train limit",
                "1830:trains.limit")
        return trainbuy.discard(game, action) + settle(game)
    handlers = {LayTile: ("track", _lay), PlaceToken: ("token", _token), RunRoutes: ("route", _run),
                Dividend: ("dividend", _dividend), BuyTrain: ("buy_train", trainbuy.buy),
                BuyCompany: (None, _buy_company), Pass: (None, _pass)}
    kind = type(action)
    require(kind in handlers, f"a {action.type} action is not possible in an operating round", "1830:or")
    wanted, handler = handlers[kind]
    if wanted is not None:
        require(rnd.step == wanted, f"{who} is at the step '{STEP_NAMES[rnd.step]}', not "
                f"'{STEP_NAMES[wanted]}'", f"1830:or.{wanted.replace('_', '-')}")
    return handler(game, action) + settle(game)


def _resort_waiting(game: "Game1830") -> None:
    """Emergency sales move prices: corporations still to operate this round are put back in price order
    (rule ``1830:or.order``)."""
    rnd = _round(game)
    waiting = set(rnd.order[rnd.index + 1:])
    rnd.order[rnd.index + 1:] = [c for c in game.operating_order_all() if c in waiting]


def _pass(game: "Game1830", action: Pass) -> list[Event]:
    rnd = _round(game)
    corp = action.entity
    if rnd.step == "buy_train":
        require(not trainbuy.must_buy(game, corp), f"{corp} has no train and must buy one", "1830:trains.must-buy")
    require(rnd.step in ("track", "token", "buy_train", "buy_company"), "running trains cannot be skipped",
            "1830:or.route")
    nxt = {"track": "token", "token": "route", "buy_train": "buy_company"}
    events = [Event(f"1830:or.{rnd.step.replace('_', '-')}", f"{corp} passes ({STEP_NAMES[rnd.step].lower()})", "pass")]
    if rnd.step == "buy_company":
        return events + _end_turn(game)
    rnd.step = nxt[rnd.step]
    return events


# ----- track -------------------------------------------------------------------------------------------
def blocked_hexes(game: "Game1830") -> frozenset[str]:
    """Hexes of private companies owned by players: no tile may be laid there (``1830:track.private-hex``)."""
    state = game.state
    return frozenset(h for sym, owner in state.private_owner.items() if owner in state.players
                     for h in game.facts.private(sym).blocks_hexes)


def tile_choices(game: "Game1830", corp: str) -> list[tuple[str, str, int]]:
    """Every legal ordinary tile lay of ``corp`` now, as ``(hex, tile id, rotation)``."""
    if _round(game).laid:
        return []
    colours = phase(game.facts, game.state.depot).tiles
    return [(h, t, r) for h, t, r, _ in lay.legal_lays(game.track, game.state.board, corp, phase_colours=colours,
                                                       cash=game.state.corporations[corp].cash,
                                                       blocked_hexes=blocked_hexes(game),
                                                       restrictive="seed_restrictive_upgrades" in game.options)]


def _lay(game: "Game1830", action: LayTile) -> list[Event]:
    rnd = _round(game)
    corp = action.entity
    require(not rnd.laid, f"{corp} has already laid its tile this turn", "1830:track.lay")
    events = _do_lay(game, corp, action, ignore_connection=False)
    rnd.laid = True
    rnd.step = "token"
    return events


# Seed 001 (older edition): these corporations may lay this green tile on their home hex in any phase.
EARLY_HOME_TILES = {"ERIE": "59"}


def _do_lay(game: "Game1830", corp: str, action: LayTile, *, ignore_connection: bool,
            rule: str = "1830:track.lay") -> list[Event]:
    state = game.state
    c = state.corporations[corp]
    colours = phase(game.facts, state.depot).tiles
    early = EARLY_HOME_TILES.get(corp)
    if ("seed_erie_59_early" in game.options and early == action.tile.rsplit("-", 1)[0]
            and action.hex == game.facts.corporation(corp).home):
        colours = tuple(colours) + ("green",)
        rule = "1830:edition"
    blocked = blocked_hexes(game) if not ignore_connection else frozenset()
    result = lay.lay_tile(game.track, state.board, corp, action.hex, action.tile, action.rotation,
                          phase_colours=colours, cash=c.cash, blocked_hexes=blocked,
                          ignore_connection=ignore_connection,
                          restrictive="seed_restrictive_upgrades" in game.options and not ignore_connection)
    if result.cost:
        pay_to_bank(game, corp, result.cost)
    lifted = _lift(game, corp, action.hex, result.lifted)
    text = f"{corp} lays tile {action.tile.rsplit('-', 1)[0]} on {action.hex} (rotation {action.rotation})"
    if result.cost:
        text += f" and pays {game.facts.money(result.cost)} for the terrain"
    return [Event(rule, text, "lay_tile", {"corporation": corp, "hex": action.hex, "tile": action.tile,
                                           "rotation": action.rotation, "cost": result.cost})] + lifted


def _special_lay(game: "Game1830", action: LayTile) -> list[Event]:
    """A private company's tile lay: CS (extra tile on B20) or DH (tile on F16, the corporation's lay)."""
    state = game.state
    rnd = _round(game)
    sym = action.entity
    corp = operating(game)
    facts = game.facts.private(sym)
    ability = facts.tile_lay or facts.teleport
    require(state.private_owner.get(sym) == corp and ability is not None,
            f"{sym}'s ability is used by the corporation owning it during its turn", "1830:private.abilities")
    require(sym not in rnd.used_abilities, f"{sym}'s tile lay is used once per turn", "1830:private.abilities")
    require(action.hex in ability.hexes and action.tile.rsplit("-", 1)[0] in ability.tiles,
            f"{sym} lays only tile {'/'.join(ability.tiles)} on {'/'.join(ability.hexes)}", "1830:private.abilities")
    if facts.teleport:
        require(not rnd.laid and rnd.step == "track", f"{sym}'s tile is the corporation's tile lay of the turn",
                "1830:private.dh")
    events = _do_lay(game, corp, action, ignore_connection=True, rule="1830:private.abilities")
    rnd.used_abilities.append(sym)
    if facts.teleport:
        rnd.laid = True
        rnd.step = "token"
        rnd.teleport = action.hex
    return events


# ----- tokens ------------------------------------------------------------------------------------------
def next_token_cost(game: "Game1830", corp: str) -> int | None:
    """Price in dollars of ``corp``'s next station token, or ``None`` when all are placed (``1830:token.place``)."""
    placed = game.state.corporations[corp].tokens
    if None not in placed:
        return None
    return game.facts.corporation(corp).tokens[placed.index(None)]


def token_choices(game: "Game1830", corp: str) -> list[Action]:
    """Every legal token placement of ``corp`` now (affordable, reachable, free slot); while a token waits for
    its city (``pending_tokens``), the cities of its hex with a free slot for its owner."""
    state = game.state
    pending = _round(game).pending_tokens
    if pending:
        _, owner, coord = pending[0]
        cities = range(len(boards.placed_tile(game.track, state.board, coord).parts.cities))
        return [PlaceToken(entity=corp, city=boards.city_id(game.track, state.board, coord, city), slot=slot)
                for city in cities for slot in tokens.free_slots(state.board, coord, city, owner)[:1]]
    cost = next_token_cost(game, corp)
    if cost is None or cost > state.corporations[corp].cash:
        return []
    places = set(tokens.tokenable_cities(game.track, state.board, corp))
    teleport = _round(game).teleport
    if teleport:
        for city in range(len(boards.placed_tile(game.track, state.board, teleport).parts.cities)):
            try:
                tokens.check_token(game.track, state.board, corp, teleport, city, needs_connection=False)
            except GameError:
                continue
            places.add((teleport, city))
    out: list[Action] = []
    for coord, city in sorted(places):
        slot = tokens.free_slots(state.board, coord, city, corp)[0]
        out.append(PlaceToken(entity=corp, city=boards.city_id(game.track, state.board, coord, city), slot=slot))
    return out


def _teleport_token(game: "Game1830", action: PlaceToken) -> PlaceToken:
    """A token placed by a private company (as 18xx.games logs the D&H's): it is the owning corporation's token
    on the hex where the private's tile was laid this turn (rule ``1830:private.dh``)."""
    corp = operating(game)
    owner = game.state.private_owner.get(action.entity)
    require(owner == corp and game.facts.private(action.entity).teleport is not None and
            _round(game).teleport is not None, f"{action.entity} places no station token now", "1830:private.dh")
    require(action.tokener in (None, corp), f"{action.entity}'s token is placed for {corp}, not {action.tokener}",
            "1830:private.dh")
    try:
        coord, _ = boards.find_city(game.track, game.state.board, action.city)
    except DataError:
        raise GameError(f"there is no city {action.city!r} on the map", "1830:token.city") from None
    require(coord == _round(game).teleport, f"{action.entity} places its token only on {_round(game).teleport}",
            "1830:private.dh")
    return PlaceToken(entity=corp, city=action.city, slot=action.slot, tokener=corp)


def _token(game: "Game1830", action: PlaceToken) -> list[Event]:
    state = game.state
    corp = action.entity
    require(action.tokener in (None, corp), f"{corp} places its own tokens, not {action.tokener}'s",
            "1830:token.place")
    try:
        coord, city = boards.find_city(game.track, state.board, action.city)
    except DataError:
        raise GameError(f"there is no city {action.city!r} on the map", "1830:token.city") from None
    pending = _round(game).pending_tokens
    if pending:
        return _replace(game, corp, coord, city, action.slot, pending[0])
    cost = next_token_cost(game, corp)
    require(cost is not None, f"{corp} has no station token left", "1830:token.place")
    c = state.corporations[corp]
    teleported = coord == _round(game).teleport  # the D&H token needs no connection (1830:private.dh)
    tokens.place_token(game.track, state.board, corp, coord, city, cost=cost, cash=c.cash, slot=action.slot,
                       needs_connection=not teleported)
    c.tokens[c.tokens.index(None)] = coord
    if cost:
        pay_to_bank(game, corp, cost)
    _round(game).step = "route"
    return [Event("1830:token.place", f"{corp} places a station token on {coord} for {game.facts.money(cost)}",
                  "token", {"corporation": corp, "hex": coord, "cost": cost})]


def _lift(game: "Game1830", layer: str, coord: str, corps: tuple[str, ...]) -> list[Event]:
    """Tokens on a hex of several cities without track (1830 E11) come off when the first tile with track is laid
    there; the laying corporation puts each back on a city of the new tile as its next action, free. The owner
    keeps the token: it stays counted on that hex (rule ``1830:track.tokens``)."""
    events = []
    for corp in corps:
        _round(game).pending_tokens.append((layer, corp, coord))
        events.append(Event("1830:track.tokens", f"{corp}'s station token on {coord} is lifted: {layer} chooses "
                            "the city of the new tile where it goes", "token_lifted",
                            {"corporation": corp, "hex": coord, "placer": layer}))
    return events


def _replace(game: "Game1830", placer: str, coord: str, city: int, slot: int,
             entry: tuple[str, str, str]) -> list[Event]:
    state = game.state
    _, owner, home = entry
    require(coord == home, f"{placer} must first place {owner}'s station token on {home}", "1830:track.tokens")
    tokens.place_token(game.track, state.board, owner, coord, city, needs_connection=False, slot=slot)
    placed = state.corporations[owner].tokens
    if coord not in placed:  # a home token placed late (1830:token.home)
        placed[placed.index(None)] = coord
    _round(game).pending_tokens.remove(entry)
    whose = "its" if owner == placer else f"{owner}'s"
    return [Event("1830:track.tokens", f"{placer} places {whose} station token on {coord}, city "
                  f"{boards.city_id(game.track, state.board, coord, city)}", "token",
                  {"corporation": owner, "placer": placer, "hex": coord, "cost": 0})]


# ----- routes and dividends ----------------------------------------------------------------------------
def _run(game: "Game1830", action: RunRoutes) -> list[Event]:
    rnd = _round(game)
    total, events = revenue.check_run(game, action)
    rnd.revenue = total
    rnd.step = "dividend"
    return events


def _dividend(game: "Game1830", action: Dividend) -> list[Event]:
    corp = action.entity
    require(action.kind in ("payout", "withhold"), f"{action.kind!r} is neither payout nor withhold", "1830:dividend")
    events = _payout(game, corp) if action.kind == "payout" else _withhold(game, corp, implicit=False)
    _round(game).step = "buy_train"
    return events


def _payout(game: "Game1830", corp: str) -> list[Event]:
    """Pay the revenue out: each player gets revenue/10 per 10% held; pool shares pay the corporation; IPO shares pay
    nobody; the price moves right (rule ``1830:dividend.payout``)."""
    state = game.state
    total = _round(game).revenue
    per_share = total / 10
    events = [Event("1830:dividend.payout", f"{corp} pays out {game.facts.money(total)} "
                    f"({game.facts.money(int(per_share))} per share)", "payout",
                    {"corporation": corp, "revenue": total, "per_share": per_share})]
    holders = [p for p in state.seat_order] + [POOL]
    for holder in holders:
        percent = state.ledger.percent_of(holder, corp)
        if not percent:
            continue
        amount = -(-int(percent * total) // 100)
        receiver = corp if holder == POOL else holder
        pay_from_bank(game, receiver, amount)
        events.append(Event("1830:dividend.payout", f"{_who(game, receiver)} receives {game.facts.money(amount)}",
                            "dividend", {"to": receiver, "amount": amount}))
    events += _check_bank(game)
    return events + move_price(game, corp, "right", "1830:dividend.payout", "dividend paid")


def _withhold(game: "Game1830", corp: str, *, implicit: bool) -> list[Event]:
    """Keep the revenue in the treasury; the price moves left (rule ``1830:dividend.withhold``)."""
    total = _round(game).revenue
    if total:
        pay_from_bank(game, corp, total)
    why = "no revenue" if implicit else f"{game.facts.money(total)} withheld"
    events = [Event("1830:dividend.withhold", f"{corp} withholds {game.facts.money(total)}", "withhold",
                    {"corporation": corp, "revenue": total})]
    events += _check_bank(game)
    return events + move_price(game, corp, "left", "1830:dividend.withhold", why)


def _check_bank(game: "Game1830") -> list[Event]:
    state = game.state
    if state.bank < 0 and not state.bank_broken:
        state.bank_broken = True
        return [Event("1830:end.bank", "The bank has run out of money: the game ends after this set of operating "
                      "rounds", "bank_broken")]
    return []


def _who(game: "Game1830", entity: str) -> str:
    return game.player(entity).name if entity in game.state.players else entity


# ----- private companies -------------------------------------------------------------------------------
def company_ranges(game: "Game1830", corp: str) -> list[ActionRange]:
    """Private companies ``corp`` may buy from players now (phases 3 and 4), each from half to twice its face
    value, as far as its cash goes (rule ``1830:or.buy-private``)."""
    state = game.state
    if not phase(game.facts, state.depot).corporations_buy_privates or _round(game).must_discard:
        return []
    cash = state.corporations[corp].cash
    out = []
    for sym, owner in sorted(state.private_owner.items()):
        facts = game.facts.private(sym)
        if owner not in state.players or not facts.may_sell_to_corporation:
            continue
        low, high = -(-facts.value // 2), min(2 * facts.value, cash)
        if low <= high:
            out.append(ActionRange(BuyCompany(entity=corp, company=sym, price=low), "price", low, high))
    return out


def _buy_company(game: "Game1830", action: BuyCompany) -> list[Event]:
    state = game.state
    corp = action.entity
    match = [r for r in company_ranges(game, corp) if r.template.company == action.company]
    require(bool(match), f"{corp} cannot buy {action.company} now (phases 3–4, from a player, not the BO)",
            "1830:or.buy-private")
    r = match[0]
    require(r.low <= action.price <= 2 * game.facts.private(action.company).value,
            f"{action.company} sells for {game.facts.money(r.low)} to "
            f"{game.facts.money(2 * game.facts.private(action.company).value)}", "1830:or.buy-private")
    require(action.price <= state.corporations[corp].cash, f"{corp} cannot pay {game.facts.money(action.price)}",
            "1830:or.buy-private")
    seller = state.private_owner[action.company]
    state.corporations[corp].cash -= action.price
    state.players[seller].cash += action.price
    state.players[seller].privates.remove(action.company)
    state.corporations[corp].privates.append(action.company)
    state.private_owner[action.company] = corp
    return [Event("1830:or.buy-private", f"{corp} buys {action.company} from {game.player(seller).name} for "
                  f"{game.facts.money(action.price)}", "buy_private",
                  {"corporation": corp, "company": action.company, "price": action.price})]

