"""The waterfall private auction of an 18xx game (1830's; rule ``auction``).

The cheapest unsold private may be bought at its price; bids on the others wait until they become the
cheapest, then one bid buys it and several start an auction among their bidders. When every player passes
in a row, the price of the cheapest private drops (policy ``all_pass_drop``; 1830: the Schuylkill Valley by $5)
while it is unsold (at 0 the next player must take it), and otherwise the owned privates pay their revenue.
Bids rise by at least the policy's ``bid_increment``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Pass
from ..choices import ActionGroup, groups_of
from ..errors import GameError
from ..events import Event
from ..game import ActionRange, Step
from ..i18n import join, msg
from ..tracks.actions import Bid, Par
from . import companies, names
from .economy import check_float, pay_to_bank, require, set_price
from .state import AuctionRound

if TYPE_CHECKING:
    from .game import Game18xx

def new_round(game: "Game18xx") -> AuctionRound:
    """Start the auction with every private for sale, cheapest first, the first seat to act."""
    privates = sorted(game.facts.privates, key=lambda p: p.value)
    return AuctionRound(remaining=[p.sym for p in privates])


def _round(game: "Game18xx") -> AuctionRound:
    return game.state.round


def price_of(game: "Game18xx", company: str) -> int:
    """Price of a private for a direct purchase: face value less the all-pass discounts (``auction.price-drop``)."""
    return game.facts.private(company).value - _round(game).discount.get(company, 0)


def auctioning(game: "Game18xx") -> str | None:
    """The private under auction now: the cheapest one while it has two or more bids."""
    rnd = _round(game)
    if rnd.remaining and len(rnd.bids.get(rnd.remaining[0], [])) > 1:
        return rnd.remaining[0]
    return None


def current_player(game: "Game18xx") -> str:
    """Who acts: the owner of a pending president's certificate, the lowest bidder in an auction, or the next seat."""
    rnd = _round(game)
    if rnd.pending_pars:
        return rnd.pending_pars[0][1]
    company = auctioning(game)
    if company:
        return min(rnd.bids[company], key=lambda b: b[1])[0]
    return game.state.seat_order[rnd.index]


def committed(game: "Game18xx", player: str) -> int:
    """Dollars a player has bid on privates not yet resolved (they must keep that cash; ``auction.bid``)."""
    return sum(price for bids in _round(game).bids.values() for who, price in bids if who == player)


def own_bid(game: "Game18xx", player: str, company: str) -> int:
    """The player's current bid on ``company`` (0 if none)."""
    return next((price for who, price in _round(game).bids.get(company, []) if who == player), 0)


def max_bid(game: "Game18xx", player: str, company: str) -> int:
    """Highest bid the player can afford on ``company``: cash less other open bids."""
    return game.state.players[player].cash - committed(game, player) + own_bid(game, player, company)


def min_bid(game: "Game18xx", company: str) -> int:
    """Lowest legal bid: the price for the cheapest private, else $5 over the highest bid or the face value."""
    return _min_bid(game, company, auctioning(game))


def _min_bid(game: "Game18xx", company: str, auctioned: str | None) -> int:
    """:func:`min_bid`, given the private under auction now (``auctioning``: a listing reads it once)."""
    rnd = _round(game)
    if company == rnd.remaining[0] and not auctioned:
        return price_of(game, company)
    bids = rnd.bids.get(company, [])
    high = max((price for _, price in bids), default=game.facts.private(company).value)
    return high + game.policy.bid_increment


def step(game: "Game18xx") -> Step:
    """The active step of the auction."""
    rnd = _round(game)
    who = current_player(game)
    if rnd.pending_pars:
        corp = rnd.pending_pars[0][0]
        return Step(msg("Set par price"), msg("{player} holds the president's certificate of {corporation} and must "
                                              "choose its par price now.", player=game.player(who).name,
                                              corporation=corp), game.rule("auction.bo"), who, ("par",))
    company = auctioning(game)
    if company:
        return Step(msg("Private auction"), msg("Auction for {company}: raise the bid by at least {amount} or pass and "
                                                "leave the auction.", company=company,
                                                amount=game.facts.money(game.policy.bid_increment)),
                    game.rule("auction.resolve"), who, ("bid", "pass"))
    cheapest = rnd.remaining[0]
    return Step(msg("Private auction"), msg("Buy {company} for {price}, bid on a more expensive private (bids wait "
                                            "until it is the cheapest), or pass.", company=cheapest,
                                            price=game.facts.money(price_of(game, cheapest))),
                game.rule("auction.bid"), who, ("bid", "pass"))


def legal_actions(game: "Game18xx") -> list[Action]:
    """Every legal concrete action: the minimum bid on each private the player can afford, par prices, pass."""
    rnd = _round(game)
    who = current_player(game)
    if rnd.pending_pars:
        return [Par(entity=who, corporation=rnd.pending_pars[0][0], share_price=c.id)
                for c in game.par_cells(rnd.pending_pars[0][0], granted=True)]
    return [r.template for r in ranges(game)] + [Pass._trusted(entity=who)]


def action_groups(game: "Game18xx") -> list[ActionGroup]:
    """The legal actions of :func:`legal_actions` with their :func:`ranges` as groups of one type, the ranges
    worked out once for both."""
    rnd = _round(game)
    if rnd.pending_pars:
        return groups_of(legal_actions(game), [])
    found = ranges(game)
    return groups_of([r.template for r in found] + [Pass._trusted(entity=current_player(game))], found)


def ranges(game: "Game18xx") -> list[ActionRange]:
    """The bid ranges: for each private the player may bid on, from the minimum to what they can afford."""
    rnd = _round(game)
    if rnd.pending_pars:
        return []
    who = current_player(game)
    company = auctioning(game)
    candidates = [company] if company else list(rnd.remaining)
    free = game.state.players[who].cash - committed(game, who)  # max_bid less the own bid, the same for each
    step = game.policy.bid_multiple or 1
    out = []
    for c in candidates:
        low, high = _min_bid(game, c, company), free + own_bid(game, who, c)
        if c == rnd.remaining[0] and not company and low <= high:
            high = low  # the cheapest private is bought at its price, not bid on
        if low <= high and low % step == 0:
            # the template as checked (Action._trusted): its values are the rules' own
            out.append(ActionRange(Bid._trusted(entity=who, company=c, price=low), "price", low,
                                   high - (high - low) % step, step))
    return out


def apply(game: "Game18xx", action: Action) -> list[Event]:
    """Check and apply an auction action; raises :class:`GameError` naming the rule that forbids it."""
    rnd = _round(game)
    who = current_player(game)
    if rnd.pending_pars:
        if not (isinstance(action, Par) and action.entity == who):
            raise GameError(msg("{player} must first set the par price of {corporation}", player=game.player(who).name,
                                corporation=rnd.pending_pars[0][0]), game.rule("auction.bo"))
        return _par(game, action)
    # each refusal's message is built only when it is raised (every auction action passes these checks)
    if action.entity != who:
        raise GameError(msg("it is {player}'s turn in the auction, not {other}'s", player=game.name_of(who),
                            other=game.name_of(action.entity)), game.rule("auction.order"))
    if isinstance(action, Bid):
        return _bid(game, action)
    if isinstance(action, Pass):
        return _pass(game, who)
    raise_unaccepted(action, game.rule("auction.bid"))


def raise_unaccepted(action: Action, rule: str) -> None:
    """Refuse an action type the active step does not accept."""
    require(False, msg("a {action} action is not possible now", action=action.type), rule)


def _bid(game: "Game18xx", bid: Bid) -> list[Event]:
    rnd = _round(game)
    company = auctioning(game)
    if bid.company not in rnd.remaining:
        raise GameError(msg("{company} is not for sale", company=bid.company), game.rule("auction.bid"))
    if company and bid.company != company:
        raise GameError(msg("only {company} may be bid on during its auction", company=company),
                        game.rule("auction.resolve"))
    low, high = min_bid(game, bid.company), max_bid(game, bid.entity, bid.company)
    name = game.player(bid.entity).name
    if bid.company == rnd.remaining[0] and not company:
        if bid.price != low:
            raise GameError(msg("{company} is the cheapest private and costs exactly {price}", company=bid.company,
                                price=game.facts.money(low)), game.rule("auction.buy-cheapest"))
        if bid.price > high:
            raise GameError(msg("{player} has {free} free and cannot pay {price}", player=name,
                                free=game.facts.money(high), price=game.facts.money(bid.price)),
                            game.rule("auction.bid"))
        rnd.passed.clear()
        rnd.last_to_act = bid.entity
        events = _buy(game, bid.entity, bid.company, bid.price, game.rule("auction.buy-cheapest"))
        events += _resolve(game)
        _next_seat(game)
        return events
    if bid.price < low:
        raise GameError(msg("the minimum bid on {company} is {price}", company=bid.company,
                            price=game.facts.money(low)), game.rule("auction.bid"))
    multiple = game.policy.bid_multiple
    if multiple and bid.price % multiple != 0:
        raise GameError(msg("a bid is a multiple of {amount}", amount=game.facts.money(multiple)),
                        game.rule("auction.bid"))
    if bid.price > high:
        raise GameError(msg("{player} can bid at most {amount} (cash less other bids)", player=name,
                            amount=game.facts.money(high)), game.rule("auction.bid"))
    bids = rnd.bids.setdefault(bid.company, [])
    bids[:] = [b for b in bids if b[0] != bid.entity] + [[bid.entity, bid.price]]
    rnd.passed.discard(bid.entity)
    events = [Event(game.rule("auction.bid"), msg("{player} bids {amount} on {company}", player=name,
                                                  amount=game.facts.money(bid.price), company=bid.company), "bid",
                    {"player": bid.entity, "company": bid.company, "price": bid.price})]
    if not company:
        _next_seat(game)
    return events


def _pass(game: "Game18xx", who: str) -> list[Event]:
    rnd = _round(game)
    company = auctioning(game)
    name = game.player(who).name
    if company:
        rnd.bids[company] = [b for b in rnd.bids[company] if b[0] != who]
        events = [Event(game.rule("auction.resolve"), msg("{player} leaves the auction for {company}", player=name,
                                                          company=company), "pass")]
        return events + _resolve(game)
    rnd.passed.add(who)
    events = [Event(game.rule("auction.pass"), msg("{player} passes", player=name), "pass")]
    if len(rnd.passed) == len(game.players):
        events += _all_passed(game)
    _next_seat(game)
    return events


def _all_passed(game: "Game18xx") -> list[Event]:
    rnd = _round(game)
    rnd.passed.clear()
    first = min(game.facts.privates, key=lambda p: p.value).sym
    if first not in rnd.remaining:
        return companies.pay_private_revenue(game, game.rule("auction.all-pass"))
    before = price_of(game, first)
    rnd.discount[first] = rnd.discount.get(first, 0) + game.policy.all_pass_drop
    after = price_of(game, first)
    events = [Event(game.rule("auction.price-drop"),
                    msg("Everyone passed: {company} now costs {price} instead of {before}", company=first,
                        price=game.facts.money(max(after, 0)), before=game.facts.money(before)),
                    "price_drop", {"company": first, "price": after})]
    if after <= 0:
        _next_seat(game)
        forced = game.state.seat_order[rnd.index]
        rnd.last_to_act = forced  # taken outright, though for free: the priority deal may follow it (stock.priority)
        events += _buy(game, forced, first, 0, game.rule("auction.price-drop"))
        events.append(Event(game.rule("auction.price-drop"), msg("{player} must take {company} for free",
                                                                 player=game.player(forced).name, company=first),
                            "forced_buy"))
        events += _resolve(game)
    return events


def _resolve(game: "Game18xx") -> list[Event]:
    """Sell the cheapest private while it has exactly one bid; several bids start its auction."""
    rnd = _round(game)
    events: list[Event] = []
    while rnd.remaining:
        company = rnd.remaining[0]
        bids = rnd.bids.get(company, [])
        if len(bids) != 1:
            if len(bids) > 1:
                events.append(Event(game.rule("auction.resolve"),
                                    msg("{company} is now the cheapest private and goes to auction between {bidders}",
                                        company=company, bidders=join(", ", (game.player(b[0]).name for b in bids))),
                                    "auction"))
            break
        who, price = bids[0]
        del rnd.bids[company]
        events += _buy(game, who, company, price, game.rule("auction.resolve"))
    return events


def _buy(game: "Game18xx", player: str, company: str, price: int, rule: str) -> list[Event]:
    """Sell ``company`` to ``player`` for ``price``; ``rule`` says how (bought outright, won by bids, forced)."""
    state = game.state
    rnd = _round(game)
    facts = game.facts.private(company)
    rnd.remaining.remove(company)
    rnd.bids.pop(company, None)
    pay_to_bank(game, player, price)
    state.players[player].privates.append(company)
    state.private_owner[company] = player
    events = [Event(rule, msg("{player} buys {company} for {price}", player=game.player(player).name, company=company,
                              price=game.facts.money(price)),
                    "buy_private", {"player": player, "company": company, "price": price})]
    events += game.after_private_bought(player, company)
    cert = facts.grants_certificate
    if cert:
        corp = cert.rsplit("_", 1)[0]
        if cert.endswith("_0"):
            rnd.pending_pars.append((corp, player))
            events.append(Event(game.rule("auction.bo"), msg("{player} must set the par price of {corporation} and "
                                                             "then receives its president's certificate",
                                                             player=game.player(player).name, corporation=corp),
                                "grant", {"certificate": cert}))
        else:
            state.ledger.move(cert, player)
            events.append(Event(game.rule("auction.ca"), msg("{player} receives {certificate}",
                                                             player=game.player(player).name,
                                                             certificate=names.certificate(game, cert)),
                                "grant", {"certificate": cert}))
    return events


def _par(game: "Game18xx", action: Par) -> list[Event]:
    rnd = _round(game)
    cell = game.market.by_id.get(action.share_price)
    require(action.corporation == rnd.pending_pars[0][0],
            msg("the par price to set is {corporation}'s", corporation=rnd.pending_pars[0][0]), game.rule("auction.bo"))
    require(cell in game.par_cells(action.corporation, granted=True),
            msg("{price} is not a par price of {corporation}",
                price=action.share_price if cell is None else game.money(cell.price),
                corporation=action.corporation), game.rule("stock.par"))
    corp = action.corporation
    state = game.state
    state.corporations[corp].par = (cell.row, cell.col)
    set_price(game, corp, (cell.row, cell.col))
    state.ledger.move(f"{corp}_0", action.entity)
    state.corporations[corp].president = action.entity
    rnd.pending_pars.pop(0)
    events = [Event(game.rule("auction.bo"), msg("{corporation} is parred at {price}", corporation=corp,
                                                 price=game.facts.money(cell.price)), "par",
                    {"corporation": corp, "price": cell.price})]
    return events + check_float(game, corp) + _resolve(game)


def _next_seat(game: "Game18xx") -> None:
    rnd = _round(game)
    rnd.index = (rnd.index + 1) % len(game.players)


def finished(game: "Game18xx") -> bool:
    """True once every private is sold and no par price is pending."""
    rnd = _round(game)
    return not rnd.remaining and not rnd.pending_pars

