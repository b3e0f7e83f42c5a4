"""Report lines that are moves: each is played as our legal action that says the same.

Where Rails records a move only by its result (a tile by its orientation name, a revenue by its total, the
B&O's par by the first price paid for a share) the legal action that gives that result is searched among ours;
when none does, the replay stops and says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice, product

from ..actions import Action, Pass
from ..tracks.actions import Bid, BuyTrain, Dividend, LayTile, PlaceToken
from ..tracks.board import tile_paths
from ..errors import shown
from ..i18n import msg
from .lines import DIGITS, Line
from .replay import Replay
from .tables import connected

SEARCH_LIMIT = 200_000
"""Route combinations tried at most when the best set does not give the report's revenue."""


def select(replay: Replay, line: Line) -> None:
    """``SelectForAuctioning,player,item``: our selection and first bid are one action, played at the bid that
    follows; here the player to act is checked, after the passes of the choice that Rails does not record
    (:func:`_unrecorded_choice_passes`), and the item is kept for the bid to name (:func:`check_selection`)."""
    rule = replay.table.rules["choose_item"]
    player = replay.player(line.args[0])
    replay.selected = replay.item(line.args[1])
    replay.unable_passes(line, player)
    _unrecorded_choice_passes(replay, line, player, replay.rule(rule))
    replay.check(line, rule, "player to choose", replay.game.current_entity, player)


def check_selection(replay: Replay, line: Line, company: str) -> None:
    """The bid after ``SelectForAuctioning`` bids on the item selected (the table's rule ``choose_item``)."""
    selected, replay.selected = replay.selected, None
    if selected is not None:
        replay.check(line, replay.table.rules["choose_item"], "item selected and bid on", company, selected)


def _unrecorded_choice_passes(replay: Replay, line: Line, chooser: str, rule: str) -> None:
    """Pass the choice of each player before ``chooser`` whose turn to choose it is in our game.

    A player may pass the choice of an item (rule ``1837:auction.select``), and Rails' second-edition start
    round writes nothing to its report when one does (its save file holds the pass), so the next selection
    names a later player. The players between are taken to have passed, as long as our game is at that choice
    and accepts their pass; fewer than a round of passes, which would end the packet, since ``chooser`` chooses.
    """
    for _ in range(len(replay.players) - 1):
        who = replay.game.current_entity
        if who == chooser or who not in replay.players or replay.game.active_step.rule != rule or \
                not replay.accepts("pass", who):
            return
        replay.act(line, Pass(entity=who))


def buy_item(replay: Replay, line: Line) -> None:
    """``BuysItemFor,player,item,price`` (or ``player,PRES_CERT_NAME,item,percent,price``): a purchase at the
    item's price when it is ours to make, else the check that our auction sold it to that player."""
    args = line.args[1].split(",")
    player = line.args[0]
    if args[0] == "PRES_CERT_NAME" and len(args) == 4:
        item, price = args[1], _whole(replay, line, args[3])
    elif len(args) == 2:
        item, price = args[0], _whole(replay, line, args[1])
    else:
        raise replay.stop(line, "core:import.log", "BuysItemFor needs a player, an item and a price")
    company = replay.item(item)
    if not _owns(replay, player, company):
        replay.unable_passes(line, player)
        options = replay.legal("bid", lambda a: a.entity == player and a.company == company and a.price == price)
        replay.act(line, options[0] if options else Bid(entity=player, company=company, price=price))
    replay.check(line, "auction", f"owner of {item}", _owns(replay, player, company), True)
    replay.check(line, "auction", f"price paid for {item}", replay.sold.get(company), price)


def same_turn_sales(replay: Replay, line: Line, player: str, corp_name: str, percent: int) -> list[int]:
    """The percentages of ``player``'s sales of ``corp_name`` in this turn, from this line on: this one alone,
    unless the title's Rails data sells separate sales of a corporation in one turn at the first one's price
    (Rails' option ``SeparateSalesAtSamePrice``, on by default in its 1830: the same as selling them together,
    rule ``stock.sell``), in which case the sales that follow before anyone else acts are played with this one
    as one sale. Only price moves and presidency changes may lie between them."""
    parts = [percent]
    if not replay.table.same_price_sales:
        return parts
    for later in replay.lines[replay.index + 1:]:
        if later.key in ("PRICE_MOVES_LOG", "IS_NOW_PRES_OF"):
            continue
        if later.key != "SELL_SHARES_LOG" or later.args[0] != player or later.args[4] != corp_name:
            break
        parts.append(later.args[3])
    return parts


def closing_pass(replay: Replay, line: Line) -> bool:
    """Whether ``PASSES,player`` is the pass by which Rails' start round closes an auction the player has won:
    once every other bidder has passed or could not raise (those passes unrecorded), Rails gives the turn to the
    high bidder, whose pass assigns the item (the next line, ``BuysItemFor`` of that player), where our auction
    sold it at once. True when our game has sold that item to that player already; the purchase line checks the
    price."""
    later = replay.lines[replay.index + 1] if replay.index + 1 < len(replay.lines) else None
    if later is None or later.key != "BuysItemFor" or later.args[0] != line.args[0]:
        return False
    args = later.args[1].split(",")
    item = args[1] if args[0] == "PRES_CERT_NAME" else args[0]
    try:
        company = replay.table.item(item)
    except KeyError:
        return False
    return company in replay.sold and _owns(replay, line.args[0], company)


_WHOLE = re.compile(r"^\s*-?[0-9]{1,%d}\s*$" % DIGITS)


def _whole(replay: Replay, line: Line, text: str) -> int:
    if not _WHOLE.match(text):
        raise replay.stop(line, "core:import.log", f"{shown(text, 30)} is not a whole number")
    return int(text)


def _owns(replay: Replay, player: str, company: str) -> bool:
    game = replay.game
    if company in game.private_companies():
        return game.private_owner(company) == player
    return game.president(company) == player


def check_item_price(replay: Replay, line: Line) -> None:
    """``ITEM_PRICE_REDUCED,item,price``: the cheapest private's price after everyone passed."""
    item, price = line.args
    company = replay.item(item)
    ours = _item_price(replay, company)
    replay.check(line, replay.table.rules["item_price"], f"price of {item}", ours, price)


def _item_price(replay: Replay, company: str) -> int:
    """The price an unsold start item sells at now: 1837's first-edition packet, else the private auction's."""
    from ..titles.g1837 import first_edition
    if isinstance(replay.game.state.round, first_edition.FirstEditionPacket):
        return first_edition.price_of(replay.game, company)
    from ..g18xx.auction import price_of
    return price_of(replay.game, company)


def also_gets(replay: Replay, line: Line) -> None:
    """``ALSO_GETS,player,CERT_NAME|PRES_CERT_NAME,corp,percent`` (a share that comes with a private) or
    ``ALSO_GETS,player,minor`` (1837: the SD minor that comes with its mountain railway)."""
    player, rest = line.args
    parts = rest.split(",")
    if len(parts) == 3:
        kind, corp_name, percent = parts[0], parts[1], _whole(replay, line, parts[2])
        if corp_name in replay.table.variants and replay.table.variants[corp_name] not in replay.game.options:
            raise replay.stop(line, replay.rule("setup"), f"{corp_name} belongs to Rails' "
                              f"{replay.table.variants[corp_name]} variant of {replay.table.title}, which gamekit "
                              f"does not play")
        corp = replay.corporation(corp_name)
        unrecorded_par(replay, line)
        held = replay.game.holdings(player).get(corp)
        replay.check(line, "auction", f"{player}'s share of {corp_name}", held.percent if held else 0, percent)
        president = "PRES_CERT_NAME" if replay.game.president(corp) == player else "CERT_NAME"
        replay.check(line, "auction", f"kind of {player}'s certificate of {corp_name}", president, kind)
    else:
        corp = replay.corporation(parts[0])
        replay.check(line, "auction", f"president of {parts[0]}", replay.game.president(corp), player)


def unrecorded_par(replay: Replay, line: Line) -> None:
    """Rails does not record a par price it did not ask for in the stock round (1830: the B&O's, set when the
    B&O private is bought): where our game asks for one, the par is the price at which the report's first share
    of that corporation sells (rule ``stock.par``); a report that never sells one states no figure it changes,
    and our first legal par is played."""
    if replay.game.outcome is not None or not replay.accepts("par"):
        return
    if replay.game.active_round().startswith("Stock"):
        return  # a par in the stock round is a move Rails records (START_COMPANY_LOG)
    corp = replay.legal("par")[0].corporation
    rails_name = next((name for name, ours in replay.table.corporations.items() if ours == corp), corp)
    first = replay.ahead(("BUY_SHARE_LOG", "BuyPresidentLog"), lambda later: later.args[2] == rails_name,
                         span=len(replay.lines))
    if first is None:
        # no line of the report depends on it: a corporation none of whose shares is sold never floats, and no
        # figure Rails states (cash, bank, prices of other corporations) involves its par; our first legal par
        # stands for the one Rails' player chose (docs/rails_reports.md, R8)
        replay.act(line, replay.legal("par", lambda a: a.corporation == corp)[0])
        return
    price = first.args[4]
    pars = replay.legal("par", lambda a: a.corporation == corp and int(a.share_price.split(",")[0]) == price)
    if not pars:
        raise replay.stop(line, replay.rule("stock.par"), f"no legal par price of {rails_name} is {price}")
    replay.act(line, pars[0])


def minor_sale(replay: Replay) -> bool:
    """True while our game sells 1837's KK and UG minors after the first edition's start packet (rule
    ``1837:auction.first-edition``): Rails sells them in its stock round 1."""
    from ..titles.g1837 import first_minors
    return isinstance(replay.game.state.round, first_minors.MinorSale)


def buy_minor(replay: Replay, line: Line, player: str, corp: str, cost: int, percent: int) -> None:
    """``START_COMPANY_LOG`` of a minor (1837's first edition): our purchase of its president's certificate at
    the price Rails charged, where our game sells it now."""
    replay.check(line, replay.table.rules["minor_sale"], "player to act", replay.game.current_entity, player)
    held = replay.game.holdings(player).get(corp)
    options = replay.legal("bid", lambda a: a.entity == player and a.company == corp and a.price == cost)
    if not options:
        raise replay.stop(line, replay.rule(replay.table.rules["minor_sale"]), f"{player} may not buy the minor "
                          f"{corp} for {cost} in our game now")
    replay.act(line, options[0])
    replay.check(line, replay.table.rules["minor_sale"], f"{player}'s share of {corp} bought",
                 replay.game.holdings(player).get(corp).percent - (held.percent if held else 0), percent)


def buy_share_item(replay: Replay, line: Line, player: str, item: str, price: int, corp: str, percent: int) -> None:
    """A minor's certificate that Rails sells as a share and our game as an item bought from the bank (1837's
    second halves of UG1 and UG3, rules ``auction.ug-halves`` and, in the first edition's sale of minors,
    ``auction.first-edition``): our purchase of that item at the price."""
    options = replay.legal("buy_company", lambda a: a.entity == player and a.company == item and a.price == price)
    options += replay.legal("bid", lambda a: a.entity == player and a.company == item and a.price == price)
    if not options:
        raise replay.stop(line, replay.rule("stock.buy"), f"{player} may not buy {item} for {price} in our game now")
    held = replay.game.holdings(player).get(corp)
    replay.act(line, options[0])
    replay.check(line, "stock.buy", f"{player}'s share of {corp} bought",
                 replay.game.holdings(player).get(corp).percent - (held.percent if held else 0), percent)


def swap_private(replay: Replay, line: Line) -> None:
    """``SwapsPrivateForCertificate,player,private,percent,corp``: the private exchanged for a share."""
    player, private, percent, corp_name = line.args
    company, corp = replay.private(private), replay.corporation(corp_name)
    before = replay.game.holdings(player).get(corp)
    options = [a for a in replay.game.legal_actions() if a.entity in (player, company) and
               company in str(a.to_json()) and a.type not in ("bid", "buy_company", "pass")]
    if not options:
        raise replay.stop(line, replay.rule(replay.table.rules["private_exchange"]), f"{player} may not exchange "
                          f"{private} for a share of {corp_name} in our game now")
    replay.act(line, options[0])
    after = replay.game.holdings(player).get(corp)
    replay.check(line, replay.table.rules["private_exchange"], f"{player}'s share of {corp_name} gained",
                 after.percent - (before.percent if before else 0), percent)


def home_choices(replay: Replay, line: Line) -> None:
    """Home stations Rails does not record (1837's SD5 chooses Milan or Venice, rule ``track.tokens``): where our
    game asks for one, the city is the one in the hex the report stated for it (older Rails reports:
    ``SetsHomeHexS5,S5,hex``, :func:`stated_home`), else in the hex of that company's first later line that names
    one of the choices (its first tile lay or station there)."""
    rule = replay.table.rules.get("home_choice")
    while rule and replay.game.outcome is None and replay.game.active_step.rule == replay.rule(rule):
        company = replay.game.current_entity
        options = {_token_hex(replay, a): a for a in replay.legal("place_token", lambda a: a.entity == company)}
        rails_name = next((name for name, ours in replay.table.corporations.items() if ours == company), company)
        later = replay.ahead(("LaysTileAt", "LaysTileAtFor", "LAYS_TOKEN_ON"),
                             lambda x: x.args[0] == rails_name and any(h in x.args for h in options),
                             span=len(replay.lines))
        hex_ = replay.homes.get(company) or (later and next(h for h in later.args if h in options))
        if hex_ not in options:
            raise replay.stop(line, replay.rule(rule), f"the report never shows where {rails_name}'s home station "
                              f"is ({' or '.join(sorted(options))})")
        replay.act(line, options[hex_])


def stated_home(replay: Replay, line: Line) -> None:
    """``SetsHomeHexS5,S5,hex`` (older Rails reports): the home hex SD5 chose, played where our game asks for it
    (now or later, :func:`home_choices`), else checked against the hex of our SD5's station."""
    company, hex_ = replay.corporation(line.args[0]), line.args[1]
    replay.homes[company] = hex_
    home_choices(replay, line)
    placed = replay.game.tokens(company)
    if placed:
        replay.check(line, replay.table.rules.get("home_choice", "track.tokens"), f"home hex of {line.args[0]}",
                     placed[0], hex_)


def operates(replay: Replay, line: Line) -> None:
    """``CompanyOperates,corp,president``: ours must be that company's turn, with that president."""
    corp_name, player = line.args
    corp = replay.corporation(corp_name)
    home_choices(replay, line)
    if replay.operating != corp:
        replay.finish_turn(line)
    replay.revenue, replay.subsidy = None, 0
    replay.operating = corp
    replay.check(line, "or.order", "company operating", replay.game.current_entity, corp)
    replay.check(line, "stock.president", f"president of {corp_name}", replay.game.president(corp), player)


def lay_tile(replay: Replay, line: Line) -> None:
    """``LaysTileAt,corp,tile,hex,orientation`` (``LaysTileAtFor`` adds the terrain cost): our legal lay of that
    tile on that hex whose track connects the same edges as Rails' tile at that orientation."""
    corp_name, tile, hex_, orientation = line.args[:4]
    corp = replay.corporation(corp_name)
    replay.advance(line, corp, ("lay_tile",))
    rails = replay.table
    tile = rails.tile_of(tile, replay.game.track.tiles)
    wanted = rails.exits(tile, rails.rotation(orientation, f"line {line.number}"), f"line {line.number}")
    data = replay.game.track
    options = _extra_lays(replay, corp, tile, hex_, wanted) or \
        [a for a in replay.legal("lay_tile", lambda a: a.hex == hex_ and data.tile_name(a.tile) == tile)
         if _exits(data, tile, a.rotation) == wanted]
    if not options:
        raise replay.stop(line, replay.rule("track.lay"), f"{corp_name} may not lay tile {tile} on {hex_} facing "
                          f"{orientation} in our game now")
    cost = line.args[4] if len(line.args) > 4 else 0
    if len({a.entity for a in options}) > 1:
        # the same lay as the company's own and through a private's ability (1837's mountain railway of its
        # president, terrain cost waived): Rails names only the company, its cost says which
        options = [a for a in options if _lay_cost(replay, corp, a) == cost] or options
    before = replay.cash(corp_name)
    replay.act(line, options[0])
    _home_city(replay, line, corp, tile, hex_)
    replay.check(line, "track.terrain", f"{corp_name}'s cost of the tile on {hex_}", before - replay.cash(corp_name),
                 cost)


def _home_city(replay: Replay, line: Line, corp: str, tile: str, hex_: str) -> None:
    """The home station our game asks for after a lay in a home hex of several cities (1830's Erie on E11), which
    Rails does not record: Rails lays a home station whose city is open (``city="0"``) before the company's first
    lay, in the first city of the tile there, and the lay keeps it in the new tile's first city (Rails'
    station 1, at the orientation laid). Our city is the one reaching the same hex edges (rule
    ``track.tokens``)."""
    game = replay.game
    step = game.active_step
    if step.entity != corp or step.action_types != ("place_token",) or step.rule != replay.rule("track.tokens"):
        return
    options = replay.legal("place_token", lambda a: a.entity == corp and _token_hex(replay, a) == hex_)
    rails = replay.table.tiles.get(tile, {})
    first = min((s for s, kind in rails.get("stations", {}).items() if kind == "city"), default=None)
    turn = replay.table.rotation(line.args[3], f"line {line.number}") + replay.table.turn
    edges = {(int(end[4:]) + turn) % 6 for pair in rails.get("tracks", ()) if first in pair
             for end in pair if end.startswith("side")}
    copy, rotation = game.track_state()["tiles"][hex_]
    reached_by = _city_edges(game.track, game.track.tile_name(copy), rotation)
    cities = [city for city, reached in reached_by.items() if reached == edges]
    toward = _next_lay_edge(replay, line, hex_)
    if toward is not None and not any(toward in reached_by[city] for city in cities):
        # Rails' player relays the token (tile -20's relayBaseTokens) and may choose the other city: the
        # company's next lay beside the hex says which (1830_A line 615, the next lay line 713 on F10)
        cities = [city for city, reached in reached_by.items() if toward in reached] or cities
    chosen = [a for a in options if cities and a.city == game.city_id(hex_, cities[0])]
    if chosen:
        replay.act(line, chosen[0])


def _next_lay_edge(replay: Replay, line: Line, hex_: str) -> int | None:
    """The edge of ``hex_`` towards the hex of the same company's next tile lay, when that hex is a neighbour."""
    later = replay.ahead(("LaysTileAt", "LaysTileAtFor"), lambda x: x.args[0] == line.args[0] and x.args[2] != hex_,
                         span=len(replay.lines))
    if later is None:
        return None
    around = replay.game.track.neighbours.get(hex_, ())
    return around.index(later.args[2]) if later.args[2] in around else None


def _city_edges(data, name: str, rotation: int) -> dict[int, set[int]]:
    """Our tile ``name`` at ``rotation``: each city's index → the hex edges its track reaches."""
    reached: dict[int, set[int]] = {}
    for path in tile_paths(data, name, rotation):
        for end, other in (path, path[::-1]):
            if end[0] == "city" and other[0] == "edge":
                reached.setdefault(end[1], set()).add(other[1])
    return reached


def _lay_cost(replay: Replay, corp: str, action: LayTile) -> int:
    """What ``action`` costs company ``corp`` (tried on a fork of our game)."""
    fork = replay.game.fork()
    before = fork.cash(corp)
    fork.process(action)
    return before - fork.cash(corp)


def _extra_lays(replay: Replay, corp: str, tile: str, hex_: str, wanted) -> list[LayTile]:
    """The lay of ``tile`` on ``hex_`` as the extra tile lay of a private company ``corp`` owns (1830's C&StL on
    B20, rule ``1830:private.abilities``), when that is legal now. Rails' report does not say whether a lay used
    such an ability; a lay the ability allows is taken as its use, which leaves the corporation's own lay of the
    turn open (the ability is free, and once its hex holds a tile it can no longer be used)."""
    from ..tracks.board import lowest_free_copies
    game = replay.game
    copy = lowest_free_copies(game.track, game.state.board).get(tile)
    options = []
    for sym in game.privates(corp) if copy else ():
        ability = game.facts.private(sym).tile_lay
        if ability is None or not ability.extra_lay or ability.owner != "corporation" or \
                hex_ not in ability.hexes or tile not in ability.tiles:
            continue
        options += [a for a in (LayTile(entity=sym, hex=hex_, tile=copy, rotation=r) for r in range(6))
                    if _exits(game.track, tile, a.rotation) == wanted and game.is_legal(a)]
    return options


def _exits(data, tile: str, rotation: int):
    """What our tile ``tile`` connects at ``rotation`` (the shape :meth:`RailsTable.exits` gives Rails' tiles)."""
    return connected(list(tile_paths(data, tile, rotation)), lambda end: end[1] if end[0] == "edge" else None,
                     lambda end: end[0])


def place_token(replay: Replay, line: Line) -> None:
    """``LAYS_TOKEN_ON,corp,hex,cost`` / ``LAYS_FREE_TOKEN_ON,corp,hex``: our legal token in a city of that hex
    (the first free slot), at the report's cost."""
    corp_name, hex_ = line.args[:2]
    cost = line.args[2] if len(line.args) > 2 else 0
    corp = replay.corporation(corp_name)
    replay.advance(line, corp, ("place_token",))
    options = [a for a in replay.legal("place_token", lambda a: a.entity == corp) if _token_hex(replay, a) == hex_]
    if not options:
        raise replay.stop(line, replay.rule("or.token"), f"{corp_name} may not place a token on {hex_} in our game "
                          f"now")
    before = replay.cash(corp_name)
    replay.act(line, options[0])
    replay.check(line, "token.cost", f"{corp_name}'s cost of the token on {hex_}", before - replay.cash(corp_name),
                 cost)


def _token_hex(replay: Replay, action: PlaceToken) -> str:
    from ..tracks.board import find_city
    return find_city(replay.game.track, replay.game.state.board, action.city)[0]


def run_routes(replay: Replay, line: Line) -> None:
    """``CompanyRevenue,corp,revenue``: Rails does not record the routes, so ours are the best legal set when it
    earns the report's revenue, else a legal set that does (searched among each train's legal routes). Rails'
    revenue includes what the routes earn for the treasury alone (1837's mines, our subsidy)."""
    corp_name, revenue = line.args
    corp = replay.corporation(corp_name)
    replay.advance(line, corp, ("run_routes", "dividend", "buy_train"))
    replay.before = _cash_now(replay)
    if not replay.accepts("run_routes", corp):
        replay.check(line, "or.route", f"{corp_name}'s revenue", 0, revenue)  # no train: our step was skipped
        replay.revenue, replay.subsidy = 0, 0
        return
    options = replay.legal("run_routes", lambda a: a.entity == corp)
    earned = {id(a): _earns(replay, a) for a in options}
    wanted = _parts(replay, corp_name, revenue)
    chosen = next((a for a in options if wanted(earned[id(a)])), None)
    found = chosen and earned[id(chosen)]
    seen: list[tuple[int, int]] = list(earned.values())
    for action, money in ([] if chosen else route_sets(replay, corp)):
        if wanted(money):
            chosen, found = action, money
            break
        seen.append(money)
    if chosen is None:
        totals = {sum(money) for money in seen}
        _mine_differs(replay, line, corp_name, earned.values())
        _split_differs(replay, line, corp_name, revenue, seen)
        raise replay.stop(line, replay.rule("route.revenue"), f"no legal set of routes of {corp_name} earns "
                          f"{revenue}: ours earn {', '.join(map(str, sorted(totals, reverse=True)))}, the "
                          f"report's {revenue}")
    replay.act(line, chosen)
    replay.revenue, replay.subsidy = found


def _parts(replay: Replay, corp_name: str, revenue: int):
    """The test a set's ``(revenue, subsidy)`` must pass: its total is the report's revenue and, where the next
    line splits it (1837: ``CompanyDividesEarnings,corp,total,routes,mine``), its parts are the report's."""
    split = replay.ahead(("CompanyDividesEarnings",), lambda later: later.args[0] == corp_name, span=2)
    if split is None or split.args[1] != revenue:
        return lambda money: sum(money) == revenue
    return lambda money: tuple(money) == (split.args[2], split.args[3])


def _mine_differs(replay: Replay, line: Line, corp_name: str, earned) -> None:
    """When the report splits the revenue it states (1837: ``CompanyDividesEarnings,corp,total,routes,mine`` on
    the next line) and one of our sets earns its routes' part with another mine value, stop on the mine (the
    table's rule ``mine``), not on the routes."""
    rule = replay.table.rules.get("mine")
    split = replay.ahead(("CompanyDividesEarnings",), lambda later: later.args[0] == corp_name, span=2)
    if rule is None or split is None:
        return
    routes, mine = split.args[2], split.args[3]
    ours = sorted({subsidy for revenue, subsidy in earned if revenue == routes and subsidy != mine})
    if ours:
        raise replay.stop(line, replay.rule(rule), f"{corp_name}'s routes earn {routes} in both "
                          f"games; its mine pays ours {ours[0]}, the report's {mine}")


def _split_differs(replay: Replay, line: Line, corp_name: str, revenue: int, earned: list[tuple[int, int]]) -> None:
    """When the best of our sets earns the report's total but the report splits it between routes and mine in a
    way no legal set does (1837: ``CompanyDividesEarnings,corp,total,routes,mine``), stop on the split (the
    table's rule ``mine``), naming our best set's split."""
    rule = replay.table.rules.get("mine")
    split = replay.ahead(("CompanyDividesEarnings",), lambda later: later.args[0] == corp_name, span=2)
    best = max(earned, key=sum, default=None)
    if rule is None or split is None or best is None or sum(best) != revenue:
        return
    routes, mine = split.args[2], split.args[3]
    with_mine = [r for r, s in earned if s == mine]
    most = f"the most a set with a {mine} K mine earns is {max(with_mine)} + {mine}" if with_mine else \
        f"no set reaches a {mine} K mine"
    raise replay.stop(line, replay.rule(rule), f"{corp_name}'s best routes earn {revenue} in both games, ours "
                      f"{best[0]} on the routes + {best[1]} from the mine they reach, the report's {routes} + "
                      f"{mine}; {most}")


def _cash_now(replay: Replay) -> dict[str, int]:
    cash = {p: replay.cash(p) for p in replay.players}
    cash.update({c: replay.game.cash(c) for c in replay.game.corporations()})
    return cash


def _earns(replay: Replay, action: Action) -> tuple[int, int]:
    """``(revenue, subsidy)`` a ``run_routes`` action earns: the routes' revenue, and what they pay to the
    treasury alone (found by playing it on a fork of our game)."""
    events = replay.game.fork().process(action)
    subsidy = sum(e.data["amount"] for e in events if e.kind == "subsidy")
    return sum(r.revenue for r in action.routes), subsidy


def route_sets(replay: Replay, corp: str) -> Iterator[tuple[Action, tuple[int, int]]]:
    """Every legal ``run_routes`` of ``corp`` with a route for at least one train, and what it earns
    ``(revenue, subsidy)``: per train, its legal routes, combined without shared track and scored by our rules
    (rules ``route.*``); at most :data:`SEARCH_LIMIT` combinations are tried."""
    from ..g18xx.revenue import _as_action, route_position
    from ..tracks.router import BestRoutes, Counters, _Clock, candidates, most_stops, network_segments
    from ..tracks.routes import run_routes as score

    pos = route_position(replay.game, corp)
    trains = sorted(pos.trains.items())
    segments = network_segments(pos, None, max((most_stops(t) for _, t in trains), default=0) - 1)
    by_type = candidates(pos, segments, [t for _, t in trains], Counters(), _Clock(None))
    per_train = [[None] + (by_type[t.distance].all() if t.distance in by_type else []) for _, t in trains]
    for combo in islice(product(*per_train), SEARCH_LIMIT):
        picked = [(tid, c) for (tid, _), c in zip(trains, combo) if c is not None]
        mask = 0
        clash = False
        for _, c in picked:
            clash = clash or bool(mask & c.mask)
            mask |= c.mask
        if clash or not picked:
            continue
        routes = tuple(c.route(tid) for tid, c in picked)
        try:
            run = score(pos.data, pos.board, corp, routes, pos.trains, pos.phase_colours, rules=pos.rules)
        except Exception:  # noqa: BLE001 - an illegal combination (a shared city, a stop twice) is skipped
            continue
        yield _as_action(corp, BestRoutes(routes, run, run.total, False, Counters())), (run.total, run.subsidy)


_KINDS = {"CompanyPaysOutFull": "payout", "CompanyWithholds": "withhold", "CompanySplits": "half",
          "CompanyDoesNotPayDividend": "withhold"}


def dividend(replay: Replay, line: Line) -> None:
    """``CompanyPaysOutFull`` / ``CompanyWithholds`` / ``CompanySplits,corp,revenue``,
    ``CompanyDoesNotPayDividend,corp`` (nothing earned), ``CompanyDividesEarnings,corp,revenue,treasury,holders``
    (1837's minors): our dividend of that kind; the cash of everyone before it is kept for the payout lines."""
    corp_name = line.args[0]
    corp = replay.corporation(corp_name)
    if replay.operating is not None and corp != replay.operating:
        raise replay.stop(line, replay.rule("or.dividend"), msg("the report's {corp} pays or withholds, ours is "
                                                                "{ours}'s turn", corp=corp_name, ours=replay.operating))
    if line.key == "CompanyDividesEarnings":  # total, the part paid as dividend, the part the treasury keeps
        replay.check(line, "or.dividend", f"{corp_name}'s revenue and its parts", line.args[1:],
                     (replay.revenue + replay.subsidy, replay.revenue, replay.subsidy))
        return
    if replay.accepts("dividend", corp):  # else our rules paid already, when the routes ran (1837's minors)
        replay.before = _cash_now(replay)
    if line.key != "CompanyDoesNotPayDividend":
        replay.check(line, "or.dividend", f"{corp_name}'s revenue", replay.revenue, line.args[1])
    replay.advance(line, corp, ("dividend", "buy_train"))
    if replay.accepts("dividend", corp):
        kind = _KINDS[line.key]
        options = replay.legal("dividend", lambda a: a.entity == corp and a.kind == kind)
        replay.act(line, options[0] if options else Dividend(entity=corp, kind=kind))
    elif line.key not in ("CompanyDoesNotPayDividend", "CompanyWithholds", "CompanySplits"):
        raise replay.stop(line, replay.rule("or.dividend"), f"{corp_name} has no dividend to choose in our game")


def buy_train(replay: Replay, line: Line) -> None:
    """``BuysTrain,corp,train,seller,price`` (seller ``IPO`` = the bank's new trains, ``Pool`` = used ones, or a
    company) and ``ExchangesTrain,corp,old,new,seller,price``: our purchase of such a train at that price."""
    corp_name = line.args[0]
    corp = replay.corporation(corp_name)
    if line.key == "ExchangesTrain":
        _, old, kind, seller, price = line.args
    else:
        _, kind, seller, price = line.args
        old = None
    replay.advance(line, corp, ("buy_train", "scrap_train"))
    president = replay.game.president(corp)
    replay.before = {p: replay.cash(p) for p in replay.players}
    before = replay.cash(corp_name)
    surrender = _surrender(replay, line, corp, old)
    if surrender:
        old = None  # the train is surrendered: what follows is a plain purchase
    candidates = replay.legal("buy_train", lambda a: a.entity == corp and _train_kind(a) == kind and
                              _seller_fits(replay, a, seller) and (old is None) == (a.exchange is None) and
                              (old is None or a.exchange.split("-")[0] == old))
    # a train bought from another company may cost any price in a range: the listed action is its lowest
    options = [a for a in candidates if a.price == price - surrender] or \
        [a.replace(price=price - surrender) for a in candidates[:1] if seller not in ("IPO", "Pool")]
    if not options:
        raise replay.stop(line, replay.rule("or.buy-train"), f"{corp_name} may not buy a {kind}-train from {seller} "
                          f"for {price - surrender} in our game now" + (f" (after surrendering its {line.args[1]}-"
                                                                         f"train for {surrender})" if surrender else ""))
    events = replay.act(line, options[0])
    # the purchase may end the round, and the next one's private income is paid by the same action
    income = {}
    for e in events:
        if e.kind == "private_income":
            income[e.data["owner"]] = income.get(e.data["owner"], 0) + e.data["amount"]
    paid = before - replay.cash(corp_name) + income.get(corp, 0) + \
        (replay.before[president] - replay.cash(president) + income.get(president, 0) if president else 0)
    replay.check(line, "or.buy-train", f"price of {corp_name}'s {kind}-train", paid, price)
    if replay.contribution is not None:
        stated, player, amount = replay.contribution
        replay.contribution = None
        replay.check(stated, "or.buy-train", f"{player}'s cash added to {corp_name}'s train",
                     replay.before[player] - replay.cash(player) + income.get(player, 0), amount)


def _surrender(replay: Replay, line: Line, corp: str, old: str | None) -> int:
    """Where ``ExchangesTrain`` gives up a train our title surrenders by an action of its own before a plain
    purchase (1837: ``scrap_train``, half the train's price paid to the bank, rule ``1837:trains.surrender``; Rails
    states one price, the new train's plus that half): play the surrender and return what it cost; 0 where the
    title trades the train in as part of the purchase (1830's D), or the line is a plain purchase."""
    if old is None or replay.legal("buy_train", lambda a: a.entity == corp and a.exchange is not None and
                                   a.exchange.split("-")[0] == old):
        return 0
    scraps = replay.legal("scrap_train", lambda a: a.entity == corp and a.train.split("-")[0] == old)
    if not scraps:
        return 0
    before = replay.cash(replay.entity(corp))
    replay.act(line, scraps[0])
    return before - replay.cash(replay.entity(corp))


def _train_kind(action: BuyTrain) -> str:
    return action.variant or action.train.split("-")[0]


def _seller_fits(replay: Replay, action: BuyTrain, seller: str) -> bool:
    """Whether our train comes from where the report says: ``IPO`` the bank's new trains, ``Pool`` its used
    ones, else that company."""
    new, used = set(replay.game.trains_in_depot()), set(replay.game.trains_for_sale()) - set(
        replay.game.trains_in_depot())
    if seller == "IPO":
        return action.train in new
    if seller == "Pool":
        return action.train in used
    return action.train in replay.game.trains(replay.corporation(seller))


def discard_train(replay: Replay, line: Line) -> None:
    """``CompanyDiscardsTrain,corp,train,to``: a train given up over the train limit. Where a merger reached a
    company at its limit, Rails hands it the merging company's trains and then discards the excess, our rules send
    them to the bank at once (rule ``1837:trains.limit``): the same trains end where they do in Rails, and the
    line checks that the company is left holding as many trains as its limit."""
    corp_name, kind, _where = line.args
    corp = replay.corporation(corp_name)
    if (corp, kind) in replay.merge_discards:
        replay.merge_discards.remove((corp, kind))
        replay.check(line, "trains.limit", f"{corp_name}'s trains after the discard",
                     len(replay.game.trains(corp)), replay.game.train_limit_of(corp))
        return
    options = replay.legal("discard_train", lambda a: a.entity == corp and a.train.split("-")[0] == kind)
    if not options:
        held = [t.split("-")[0] for t in replay.game.trains(corp)]
        raise replay.stop(line, replay.rule("trains.limit"), f"Rails discards {corp_name}'s {kind}-train over the "
                          f"train limit; our game asks {corp_name} for no discard now (it holds "
                          f"{', '.join(held) or 'no train'})")
    replay.act(line, options[0])


def title_line(replay: Replay, line: Line) -> None:
    """Lines of 1837's coal exchange and national formations: played by the title's hooks where gamekit has them
    (:mod:`gamekit.rails.g1837`), else the replay stops naming the line."""
    from . import g1837
    g1837.play(replay, line)

