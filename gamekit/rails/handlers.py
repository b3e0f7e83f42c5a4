"""What each report line means for our game: the handler of every key of :data:`gamekit.rails.lines.SHAPES`.

A handler either plays the line as our action (through :class:`gamekit.rails.replay.Replay`'s ``act``) or
compares the figures it states with ours (``check``). Lines that only narrate (a round starts, Rails' worth
statistics) are read and checked for their shape only; :data:`NARRATION` lists them.
"""

from __future__ import annotations

from typing import Callable

from ..actions import Pass
from ..errors import shown
from ..i18n import msg
from ..query import BANK, IPO, POOL
from ..tracks.actions import Bid, BuyCompany
from . import g1830, moves
from .lines import Line
from .replay import Replay, check_cash, check_price

Handler = Callable[[Replay, Line], None]
HANDLERS: dict[str, Handler] = {}


def handles(*keys: str) -> Callable[[Handler], Handler]:
    """Register a handler for report keys."""
    def register(fn: Handler) -> Handler:
        for key in keys:
            HANDLERS[key] = fn
        return fn
    return register


NARRATION = ("StartOfInitialRound", "StartOfStartRound", "END_SR",
             "ALL_PASSED", "ShortORExecuted", "TO_AUCTION", "FirstTrainBought", "NewTrainAvailable", "text",
             "CorrectionModeDeactivate", "BankIsBrokenReportText", "EoGFinalRanking :",
             "PlayerMustRaiseCash", "PlayerMustSellShares", "StartCoalExchangeRound", "StartOfCoalExchangeRound",
             "MergingInto", "EndOfCoalExchangeRound",
             "StartFormationRound", "EndOfFormationRound", "TrainsObsolete.ALL", "PhaseClosesAllPrivates",
             "SharesReleased", "EndOfFormationRoundNoInterrupt")
"""Lines that narrate what the surrounding lines already state (their figures are checked there; a release of
shares for sale is checked by the purchases that follow being legal)."""
for _key in NARRATION:
    HANDLERS[_key] = lambda replay, line: None


@handles("ORWorthIncrease")
def _worth(replay: Replay, line: Line) -> None:
    """``ORWorthIncrease,player,round,change``: Rails' statistics of a player's worth, narration whose figures
    gamekit does not keep; the player must be one of the report's."""
    replay.player(line.args[0])


# ---- setting up -------------------------------------------------------------------------------------------------

@handles("GameIs")
def _game_is(replay: Replay, line: Line) -> None:
    replay.check(line, "setup", "title", replay.table.title, line.args[0])


@handles("PlayerIs")
def _player_is(replay: Replay, line: Line) -> None:
    replay.seat(line)


@handles("PlayerCash")
def _player_cash(replay: Replay, line: Line) -> None:
    replay.start(line)
    for player in replay.players:
        check_cash(replay, line, player, line.args[0], "setup")


@handles("BankHas", "BankSizeIs")
def _bank(replay: Replay, line: Line) -> None:
    replay.start(line)
    replay.check(line, "setup", "the bank's cash", replay.game.cash(BANK), line.args[0])


@handles("StartOfPhase")
def _phase(replay: Replay, line: Line) -> None:
    replay.start(line)
    replay.check(line, "trains.phase", "phase", replay.game.phase(), line.args[0])


@handles("HasPriority", "StartingPlayer")
def _priority(replay: Replay, line: Line) -> None:
    rule = "stock.priority"
    ours = replay.game.current_entity
    if ours != line.args[0] and line.args[0] in replay.passed_by_round:
        # our round began by passing the players who cannot act, the priority holder among them; Rails names
        # the holder and records their passes on lines of their own
        ours = replay.game.priority_deal()
    replay.check(line, rule, "player to act", ours, line.args[0])


@handles("StartStockRound")
def _stock_round(replay: Replay, line: Line) -> None:
    moves.unrecorded_par(replay, line)
    replay.round, replay.acted, replay.last_mover = f"Stock round {line.args[0]}", None, None
    if moves.minor_sale(replay):
        return  # Rails opens stock round 1 with the first edition's sale of minors, a round of ours before it
    replay.check(line, "stock.round", "round", replay.game.active_round(), f"Stock round {line.args[0]}")


# ---- private auction and start packet ------------------------------------------------------------------------

@handles("BID_ITEM_LOG", "BID_ITEM")
def _bid(replay: Replay, line: Line) -> None:
    if line.key == "BID_ITEM_LOG":
        player, price, item, free = line.args
    else:
        (player, price, item), free = line.args, None
    company = replay.item(item)
    moves.check_selection(replay, line, company)
    replay.unable_passes(line, player)
    replay.act(line, Bid(entity=player, company=company, price=price))
    if free is not None:
        from ..g18xx.auction import committed
        replay.check(line, "auction.bid", f"{player}'s cash not bid", replay.cash(player) -
                     committed(replay.game, player), free)


@handles("SelectForAuctioning")
def _select(replay: Replay, line: Line) -> None:
    moves.select(replay, line)


@handles("BuysItemFor")
def _buys_item(replay: Replay, line: Line) -> None:
    moves.buy_item(replay, line)


@handles("ITEM_PRICE_REDUCED")
def _price_reduced(replay: Replay, line: Line) -> None:
    moves.check_item_price(replay, line)


@handles("SetsHomeHexS5")
def _home_hex(replay: Replay, line: Line) -> None:
    moves.stated_home(replay, line)


@handles("ALSO_GETS")
def _also_gets(replay: Replay, line: Line) -> None:
    moves.also_gets(replay, line)


@handles("PASSES", "Autopasses")
def _passes(replay: Replay, line: Line) -> None:
    player = replay.player(line.args[0])
    if player in replay.passed_by_round and replay.game.current_entity != player:
        _late_pass(replay, line, player, replay.last_mover)
        replay.passed_by_round.remove(player)
        replay.last_mover = player
        return  # our round passed the player already, who could not act
    replay.unable_passes(line, player)
    if moves.closing_pass(replay, line):
        return  # the high bidder's pass that closes Rails' auction: ours sold the item already
    previous = replay.last_mover
    replay.stock_turn(line, player)
    replay.acted = None
    if replay.game.current_entity != player and (line.key == "Autopasses" or replay.round_over()):
        _late_pass(replay, line, player, previous)
        return  # Rails passes a player who cannot act; our rounds skip them, or end when nobody can act
    replay.act(line, Pass(entity=player))


def _late_pass(replay: Replay, line: Line, player: str, previous: str | None) -> None:
    """A pass Rails records for a player our round skipped or after our round ended, where our game has no
    pass to play: Rails gives the turn round the table, so the pass names the player seated after the one whose
    stock-round line came before (rule ``stock.round``)."""
    if previous in replay.players:
        seats = replay.players
        replay.check(line, "stock.round", "player passing next", seats[(seats.index(previous) + 1) % len(seats)],
                     player)


# ---- stock round ----------------------------------------------------------------------------------------------

@handles("START_COMPANY_LOG")
def _start_company(replay: Replay, line: Line) -> None:
    player, corp_name, par, cost, count, percent, source = line.args
    corp = replay.corporation(corp_name)
    if source not in ("BANK", "IPO"):
        raise replay.stop(line, replay.rule("stock.par"), msg("a president's certificate comes from the bank "
                                                              "(BANK), not from {source}", source=shown(source, 40)))
    replay.stock_turn(line, player)
    if replay.game.facts.corporation(corp).kind == "minor":
        moves.buy_minor(replay, line, player, corp, cost, percent)
        return
    pars = replay.legal("par", lambda a: a.entity == player and a.corporation == corp and
                        int(a.share_price.split(",")[0]) == par)
    if not pars:
        raise replay.stop(line, replay.rule("stock.par"), f"{player} may not start {corp_name} at par {par} in our "
                          f"game now")
    before, held = replay.cash(player), replay.game.holdings(player).get(corp)
    replay.act(line, pars[0])
    replay.check(line, "stock.par", f"{player}'s payment for {corp_name}'s president's certificate",
                 before - replay.cash(player), cost)
    replay.check(line, "stock.par", f"{player}'s share of {corp_name} bought",
                 replay.game.holdings(player).get(corp).percent - (held.percent if held else 0), percent)
    unit = min(replay.game.certificate_percent(c) for c in replay.game.certificates(IPO, corp) +
               replay.game.certificates(player, corp))
    replay.check(line, "stock.par", f"shares in {corp_name}'s president's certificate", percent // unit, count)


@handles("BUY_SHARE_LOG", "BuyPresidentLog")
def _buy_share(replay: Replay, line: Line) -> None:
    player, percent, corp_name, source, price = line.args
    moves.unrecorded_par(replay, line)
    replay.stock_turn(line, player)
    if corp_name in replay.table.share_items:
        moves.buy_share_item(replay, line, player, replay.table.share_items[corp_name], price,
                             replay.corporation(corp_name), percent)
        return
    corp = replay.corporation(corp_name)
    holder = {"IPO": IPO, "Pool": POOL}.get(source) or replay.entity(source)
    owned = set(replay.game.certificates(holder, corp))
    options = replay.legal("buy_shares", lambda a: a.entity == player and a.percent == percent and
                           all(s.startswith(corp + "_") for s in a.shares) and set(a.shares) <= owned)
    if not options:
        raise replay.stop(line, replay.rule("stock.buy"), f"{player} may not buy {percent}% of {corp_name} from "
                          f"{source} in our game now")
    events = replay.act(line, options[0])
    paid = sum(e.data.get("price", 0) for e in events if e.kind == "buy" and e.data.get("player") == player)
    replay.check(line, "stock.buy", f"{player}'s payment for {percent}% of {corp_name}", paid, price)


@handles("SELL_SHARE_LOG", "SELL_SHARES_LOG")
def _sell(replay: Replay, line: Line) -> None:
    if line.key == "SELL_SHARE_LOG":
        player, percent, corp_name, total = line.args
    else:
        player, _count, _each, percent, corp_name, total = line.args
    corp = replay.corporation(corp_name)
    if (player, corp) in replay.sale_parts:  # a later part of a sale played at once (moves.same_turn_sales)
        replay.check(line, "stock.sell", f"{player}'s proceeds for {percent}% of {corp_name}",
                     replay.sale_parts[(player, corp)].pop(0), total)
        if not replay.sale_parts[(player, corp)]:
            del replay.sale_parts[(player, corp)]
        return
    replay.stock_turn(line, player)
    parts = moves.same_turn_sales(replay, line, player, corp_name, percent)
    options = replay.legal("sell_shares", lambda a: a.entity == player and a.percent == sum(parts) and
                           all(s.startswith(corp + "_") for s in a.shares))
    if not options:
        raise replay.stop(line, replay.rule("stock.sell"), f"{player} may not sell {sum(parts)}% of {corp_name} in "
                          f"our game now")
    events = replay.act(line, min(options, key=lambda a: len(a.shares)))
    got = sum(e.data.get("proceeds", 0) for e in events if e.kind == "sell" and e.data.get("player") == player)
    if len(parts) > 1:
        replay.sale_parts[(player, corp)] = [got * part // sum(parts) for part in parts[1:]]
        got = got * percent // sum(parts)
    replay.check(line, "stock.sell", f"{player}'s proceeds for {percent}% of {corp_name}", got, total)


@handles("FloatsWithCash")
def _floats(replay: Replay, line: Line) -> None:
    corp = replay.corporation(line.args[0])
    replay.check(line, "stock.float", f"{line.args[0]} floated", replay.game.floated(corp), True)
    check_cash(replay, line, line.args[0], line.args[1], "stock.float")


@handles("PRICE_MOVES_LOG", "SoldOut")
def _price_moves(replay: Replay, line: Line) -> None:
    if len(line.args) == 1:  # SoldOut,corp: the price move follows on its own line
        # the title's own judgement: 1837's IPO keeps certificates reserved for exchanges, never for sale
        corp = replay.corporation(line.args[0])
        replay.check(line, "stock.sold-out", f"{line.args[0]} sold out", replay.game.sold_out(corp), True)
        return
    corp_name, _old, _old_cell, price, cell = line.args
    check_price(replay, line, corp_name, price, cell, "stock.sold-out" if line.key == "SoldOut" else "market.moves")


@handles("PRICE_STAYS_LOG", "SoldOutNoRaise")
def _price_stays(replay: Replay, line: Line) -> None:
    corp_name, price, cell = line.args
    if line.key == "SoldOutNoRaise":  # sold out where the price cannot rise (reports of early 2021)
        replay.check(line, "stock.sold-out", f"{corp_name} sold out",
                     replay.game.sold_out(replay.corporation(corp_name)), True)
    check_price(replay, line, corp_name, price, cell, "stock.sold-out" if line.key == "SoldOutNoRaise" else
                "market.moves")


@handles("IS_NOW_PRES_OF")
def _president(replay: Replay, line: Line) -> None:
    player, corp_name = line.args
    replay.check(line, "stock.president", f"president of {corp_name}",
                 replay.game.president(replay.corporation(corp_name)), player)


@handles("SwapsPrivateForCertificate")
def _swap(replay: Replay, line: Line) -> None:
    moves.swap_private(replay, line)


@handles("Has")
def _has(replay: Replay, line: Line) -> None:
    name, amount = line.args
    check_cash(replay, line, name, amount + _income_ahead(replay, name) + _forced_ahead(replay, name),
               "core:import.log")


def _forced_ahead(replay: Replay, name: str) -> int:
    """Cash a forced exchange of the exchange round that follows these cash lines moves (1837's
    ``AutoMergeMinorLog,minor,major,cash,…``): Rails states the cash before that round, where our exchange round
    has made a forced exchange already when it came before the round's first decision (rule ``coal.exchange``;
    one that waits behind a decision is still to come). Returns the change to the stated cash: minus the cash a
    minor our round closed handed over, plus what its major received."""
    following = [later for later in replay.lines[replay.index + 1:replay.index + 80] if later.key != "Has"]
    if not following or following[0].key != "StartCoalExchangeRound":
        return 0
    change = 0
    for later in following[1:]:
        if later.key == "EndOfCoalExchangeRound":
            break
        if later.key == "AutoMergeMinorLog" and replay.game.closed(replay.table.corporation(later.args[0])):
            minor, major, cash = later.args[0], later.args[1], later.args[2]
            change += -cash if name == minor else cash if name == major else 0
    return change


def _income_ahead(replay: Replay, name: str) -> int:
    """Private income of ``name`` paid at the start of the operating round that follows these cash lines: Rails
    states the cash before it, our round has already paid it, as the previous round ended (rules
    ``or.private-income``, ``auction.all-pass``)."""
    following = replay.lines[replay.index + 1:replay.index + 60]
    rest = [later for later in following if later.key != "Has"]
    if not rest or rest[0].key != "START_OR":
        return 0
    income = 0
    for later in rest[1:]:
        if later.key != "ReceivesFor":
            break
        income += later.args[1] if later.args[0] == name else 0
    return income


# ---- operating rounds -----------------------------------------------------------------------------------------

@handles("EndOfOperatingRound")
def _end_of_or(replay: Replay, line: Line) -> None:
    replay.finish_turn(line)


@handles("START_OR")
def _start_or(replay: Replay, line: Line) -> None:
    replay.round, replay.last_mover = f"Operating round {line.args[0]}", None


@handles("ReceivesFor")
def _receives_for(replay: Replay, line: Line) -> None:
    owner, amount, private = line.args
    company = replay.private(private)
    replay.check(line, "or.private-income", f"owner of {private}", replay.game.private_owner(company),
                 replay.entity(owner))
    replay.check(line, "or.private-income", f"revenue of {private}", replay.game.facts.private(company).revenue,
                 amount)


@handles("CompanyOperates")
def _operates(replay: Replay, line: Line) -> None:
    moves.operates(replay, line)


@handles("LaysTileAt", "LaysTileAtFor")
def _lays_tile(replay: Replay, line: Line) -> None:
    moves.lay_tile(replay, line)


@handles("LAYS_TOKEN_ON", "LAYS_FREE_TOKEN_ON")
def _lays_token(replay: Replay, line: Line) -> None:
    moves.place_token(replay, line)


@handles("CompanyRevenue")
def _revenue(replay: Replay, line: Line) -> None:
    moves.run_routes(replay, line)


@handles("CompanyPaysOutFull", "CompanyWithholds", "CompanySplits", "CompanyDoesNotPayDividend",
         "CompanyDividesEarnings")
def _dividend(replay: Replay, line: Line) -> None:
    moves.dividend(replay, line)


@handles("Payout")
def _payout(replay: Replay, line: Line) -> None:
    player, amount, _shares, _percent = line.args
    ours = replay.entity(player)
    kept = replay.subsidy if ours == replay.operating else 0  # a company's own shares: its mine pays it apart
    replay.check(line, "dividend.payout", f"{player}'s dividend", replay.cash(player) - replay.before[ours] - kept,
                 amount)


@handles("Receives", "RECEIVES")
def _receives(replay: Replay, line: Line) -> None:
    name, amount = line.args
    ours = replay.entity(name)
    kept = replay.subsidy if ours == replay.operating else 0  # paid apart from it
    replay.check(line, "dividend.payout", f"{name}'s income", replay.cash(name) - replay.before[ours] - kept,
                 amount)


@handles("BuysRight")
def _buys_right(replay: Replay, line: Line) -> None:
    """``BuysRight,corp,right,price``: a right of a Rails variant (1830's Coalfields), played as our purchase of
    it where our game has it (:mod:`gamekit.rails.g1830`)."""
    corp_name, right, price = line.args[:3]
    if g1830.right_price(replay.game) is None:
        raise replay.stop(line, replay.rule("setup"), f"{corp_name} buys Rails' right {right}, which belongs to a "
                          f"Rails variant of {replay.table.title} our game does not play")
    g1830.buy_right(replay, line, corp_name, right, price)


@handles("BuysTrain", "ExchangesTrain")
def _buys_train(replay: Replay, line: Line) -> None:
    moves.buy_train(replay, line)


@handles("PresidentAddsCash")
def _president_adds(replay: Replay, line: Line) -> None:
    corp_name, player, amount = line.args
    later = replay.lines[replay.index + 1] if replay.index + 1 < len(replay.lines) else None
    if later is not None and later.key in ("BuysTrain", "ExchangesTrain") and later.args[0] == corp_name:
        replay.contribution = (line, player, amount)  # Rails states it before the purchase: checked after it
        return
    replay.check(line, "or.buy-train", f"{player}'s cash added to {corp_name}'s train",
                 replay.before.get(player, 0) - replay.cash(player), amount)


@handles("CompanyDiscardsTrain")
def _discards(replay: Replay, line: Line) -> None:
    moves.discard_train(replay, line)


@handles("TrainsObsoleteRusted")
def _obsolete_rusted(replay: Replay, line: Line) -> None:
    """``TrainsObsoleteRusted,kind,corp`` (one line per train): ``corp``'s obsolete trains of that kind rusted after
    its run (rule ``trains.obsolete``): it holds none of them any more."""
    kind, corp_name = line.args[:2]
    corp = replay.corporation(corp_name)
    held = [t for t in replay.game.trains(corp) if t.split("-")[0] == kind]
    replay.check(line, replay.table.rules.get("obsolete_rusted", "trains.rust"),
                 f"{corp_name}'s {kind}-trains after its run", held, [])


@handles("TrainsRusted")
def _rusted(replay: Replay, line: Line) -> None:
    kind = line.args[0]
    holders = [c for c in replay.game.corporations() if any(t.split("-")[0] == kind for t in replay.game.trains(c))]
    replay.check(line, "or.buy-train", f"companies still holding {kind}-trains", holders, [])


@handles("BuysPrivateFromFor")
def _buys_private(replay: Replay, line: Line) -> None:
    corp_name, private, seller, price = line.args
    corp, company = replay.corporation(corp_name), replay.private(private)
    replay.advance(line, corp, ("buy_company",))
    replay.check(line, replay.table.rules["buy_private"], f"seller of {private}", replay.game.private_owner(company),
                 replay.entity(seller))
    replay.act(line, BuyCompany(entity=corp, company=company, price=price))
    replay.check(line, replay.table.rules["buy_private"], f"owner of {private}", replay.game.private_owner(company),
                 corp)


@handles("PrivateCloses")
def _private_closes(replay: Replay, line: Line) -> None:
    company = replay.private(line.args[0])
    replay.check(line, replay.table.rules["private_close"], f"{line.args[0]} closed",
                 replay.game.private_owner(company), None)


@handles("GameOver")
def _game_over(replay: Replay, line: Line) -> None:
    replay.finish_turn(line)
    replay.check(line, "end.bank", "game over", replay.game.outcome is not None, True)


@handles("CorrectionModeActivate", "CorrectCashSubstractMoney", "CorrectCashAddMoney")
def _correction(replay: Replay, line: Line) -> None:
    if g1830.is_right_correction(replay, line):
        if line.key == "CorrectCashSubstractMoney":
            g1830.buy_right(replay, line, line.args[0], "Coalfields", line.args[1])
        return
    raise replay.stop(line, "core:import.log", "Rails' correction mode changes the game by hand (here: "
                      f"{line.text}); no rule of the game does that, so gamekit stops the replay")


for _key in ("TerritoryIsOpened", "TerritoryIsClosed", "PlayerDoesNoWantToMerge", "MERGE_MINOR_LOG",
             "AutoMergeMinorLog", "MinorCloses", "GetShareForMinor", "GetPresShareForMinor", "START_MERGED_COMPANY",
             "ExchangesBaseToken", "CompanyGetsLoanToBuyTrain", "NoMerge", "DuplicateTokenRemoved", "TrainInherited",
             "PayoutBlocked", "CompanyRepaysBankLoan", "YouMustRaiseCashButCannot",
             "PlayerIsBankrupt"):
    HANDLERS.setdefault(_key, lambda replay, line: moves.title_line(replay, line))
del _key
