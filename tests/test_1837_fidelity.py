"""1837 rules found by comparing with the 18xx.games engine on games nobody chose (issue 36): each is checked on a
position of the real game shipped in ``data/1837/games/`` (replayed by our rules) from which the test plays on
legally, or on a new game played legally by a short script, asserting the values the rule gives."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.import18xx import import_log
from gamekit.actions import Pass
from gamekit.tracks.actions import BuyShares, SellShares
from gamekit.tracks.shares import IPO, POOL

REAL_GAME = Path(__file__).resolve().parent.parent / "data" / "1837" / "games" / "1837_game_end_bank.json"


@lru_cache(maxsize=None)
def _real():
    report = import_log(REAL_GAME)
    assert report.error is None
    return report.game


def at(n: int, options: tuple[str, ...] = ()) -> gamekit.Game:
    """A new game with the real game's players playing its first ``n`` actions (our rules; ``options`` added)."""
    real = _real()
    game = gamekit.new_game("1837", list(real.players), options=options)
    with game.batch():
        for action in real.actions[:n]:
            game.process(action)
    return game


def pass_all(game: gamekit.Game) -> None:
    """Every player passes in turn until the stock round is over."""
    while game.active_step.name == "Stock round":
        game.process(Pass(entity=game.current_entity))


# ----- 1837:stock.sold-out ------------------------------------------------------------------------------------
def test_a_major_whose_ipo_holds_only_reserved_certificates_is_sold_out():
    """Stock round 8 of the real game: TR has floated with TR_4, TR_5 and TR_6 for sale and TR_7, TR_8 reserved
    for ZKB and SPB. Instead of the real purchases, Player 4 and Player 1 buy TR_4 and TR_5 and Player 4 then
    TR_6: only reserved certificates are left in the IPO. At the end of the round TR rises; its president holds
    60% (more than 40%), so diagonally up and left, from 70 K (row 6, column 2) to 72 K (row 5, column 1)."""
    game = at(654)
    assert game.state.ledger.certs(IPO, "TR") == ["TR_4", "TR_5", "TR_6", "TR_7", "TR_8"]
    assert game.state.corporations["TR"].price == (6, 2)
    for who, cert in (("621", "TR_4"), ("2006", "TR_5"), ("2072", None), ("5649", None), ("621", "TR_6")):
        assert game.current_entity == who
        game.process(BuyShares(entity=who, shares=(cert,), percent=10) if cert else Pass(entity=who))
    assert game.state.ledger.certs(IPO, "TR") == ["TR_7", "TR_8"]
    assert game.state.ledger.percent_of("2006", "TR") == 60
    pass_all(game)
    assert game.state.corporations["TR"].price == (5, 1)
    assert game.market.cell((5, 1)).price == 72


def test_a_major_with_a_certificate_for_sale_does_not_rise():
    """The same round as played: TR_6 stays for sale and TR keeps its price."""
    game = at(660)
    pass_all(game)
    assert game.state.corporations["TR"].price == (6, 2)


# ----- 1837:stock.sell: one block per corporation and turn -------------------------------------------------------
def test_a_second_sale_of_the_same_corporation_in_one_turn_is_refused():
    """Stock round 6 of the real game: Player 4 sold TI_1, TI_2 and TI_5 as one block. Selling TI_1 alone first,
    Player 4 may not sell TI again in the same turn: the sale is refused naming the rule, the state is as
    before, and no TI sale is listed; MS, which Player 4 has not sold, still may be (a block of its own)."""
    game = at(426)
    assert game.current_entity == "621"
    game.process(SellShares(entity="621", shares=("TI_1",), percent=10))
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(SellShares(entity="621", shares=("TI_2",), percent=10))
    assert refused.value.rule == "1837:stock.sell"
    assert game.state == before
    sales = [a for a in game.legal_actions() if a.type == "sell_shares"]
    assert not any(a.shares[0].startswith("TI_") for a in sales)
    assert game.state.ledger.percent_of("621", "TI") == 20


def test_the_same_corporation_may_be_sold_again_in_a_later_turn():
    """The real game's stock round 9: Player 1 sells KK_1 in one turn and KK_3 in a later one (actions 801 and
    806 of our replay): both are accepted, the second once other players have acted in between."""
    game = at(801)
    assert game.current_entity == "2006"
    game.process(SellShares(entity="2006", shares=("KK_1",), percent=10))
    with pytest.raises(GameError):
        game.process(SellShares(entity="2006", shares=("KK_3",), percent=10))
    real = _real()
    for action in real.actions[802:806]:
        game.process(action)
    game.process(SellShares(entity="2006", shares=("KK_3",), percent=10))
    assert game.state.ledger.owner["KK_3"] == POOL


# ----- 1837:stock.priority after the start packet -----------------------------------------------------------------
def test_the_last_buyer_in_the_start_packet_has_the_first_stock_turn():
    """A new 4-player game: each item but the last is bought at its least bid by its chooser, the others passing.
    On the last item its chooser bids, the next player drops out, the one after raises, the fourth drops out and
    the chooser drops out: the raiser buys it and has the first turn of stock round 1 (18xx.games gives the turn
    to the last buyer; the player after the last one to drop out, the chooser's left neighbour, does not get it)."""
    from gamekit.tracks.actions import Bid

    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy", "Di"])
    with game.batch():
        while len(game.state.round.remaining) > 1:
            who = game.current_entity
            cash = game.state.players[who].cash
            item = min(game.state.round.remaining, key=lambda sym: game.facts.private(sym).value)
            if game.facts.private(item).value > cash:
                game.process(Pass(entity=who))
                continue
            game.process(Bid(entity=who, company=item, price=game.facts.private(item).value))
            while game.state.round.item is not None:
                game.process(Pass(entity=game.current_entity))
    item = game.state.round.remaining[0]
    order = game.state.seat_order
    chooser = game.current_entity
    at = order.index(chooser)
    left, raiser, fourth = (order[(at + k) % 4] for k in (1, 2, 3))
    price = game.facts.private(item).value
    game.process(Bid(entity=chooser, company=item, price=price))
    game.process(Pass(entity=left))
    game.process(Bid(entity=raiser, company=item, price=price + 5))
    game.process(Pass(entity=fourth))
    game.process(Pass(entity=chooser))
    assert game.active_step.name == "Stock round"
    assert game.state.seat_order == [raiser, fourth, chooser, left]


# ----- 1837:market.order: majors parred at one price ------------------------------------------------------------
@pytest.mark.parametrize("options, first", [((), "CL"), (("market_order=float",), "BK")])
def test_majors_parred_at_one_price_operate_by_par_or_by_float(options, first):
    """Stock round 10 of the real game: Player 4 pars CL at 97 K; Player 1 then pars BK at 97 K too (in the real
    game at 91 K), and BK floats before CL. 18xx.games (the default) keeps the par order, CL above BK; the
    rulebook's order (option ``market_order=float``) puts BK's marker on the market first, so BK operates first."""
    from gamekit.tracks.actions import Par

    game = at(910, options)
    cl_par = _real().actions[910]
    assert (cl_par.entity, cl_par.corporation) == ("621", "CL")
    game.process(cl_par)
    game.process(Par(entity="2006", corporation="BK", share_price=cl_par.share_price))
    for who, cert in (("2072", "BK_1"), ("5649", "BK_2"), ("621", "CL_1"), ("2006", "BK_3"), ("2072", "CL_2"),
                      ("5649", "CL_3")):
        assert game.current_entity == who
        game.process(BuyShares(entity=who, shares=(cert,), percent=10))
    floats = [c for c in ("BK", "CL") if game.state.corporations[c].floated]
    assert floats == ["BK", "CL"]
    cell = game.state.corporations["CL"].price
    assert game.state.corporations["BK"].price == cell and game.market.cell(cell).price == 97
    assert game.state.stacks[cell] == [first, "CL" if first == "BK" else "BK"]
    majors = [c for c in game.operating_order_all() if c in ("BK", "CL")]
    assert majors[0] == first


# ----- companies standing aside from the real game ------------------------------------------------------------------
def play_real_aside(game: gamekit.Game, i: int, aside: tuple[str, ...], stop, play=None) -> gamekit.Game:
    """Play on ``game`` the real game's actions from index ``i``, the companies ``aside`` taking no part: in an
    exchange round each declines, in its own turn it passes or, where it may not, runs no train. Before each
    move ``stop(game, i)`` is asked (``i`` the next real action's index); the game is returned when it says so.
    ``play(game, action)`` plays a real action (default: ``game.process``), adapting or tolerating it where the
    changed position asks for it."""
    from gamekit.tracks.actions import Choose, RunRoutes

    real = list(_real().actions)
    while not stop(game, i):
        who = game.current_entity
        if who in aside:
            if game.active_step.name == "Exchange round":
                decline = next(a for a in game.legal_actions() if a.choice.lower() == "decline")
                game.process(Choose(entity=who, choice=decline.choice))
            else:
                kinds = {a.type for a in game.legal_actions()}
                game.process(Pass(entity=who) if "pass" in kinds else RunRoutes(entity=who, routes=()))
            continue
        (play or gamekit.Game.process)(game, real[i])
        i += 1
    return game


# ----- 1837:trains.limit after a coal exchange --------------------------------------------------------------------
def declined_until_stock_round_7(declined: tuple[str, ...]) -> gamekit.Game:
    """The real game to the exchange round before stock round 7, with Player 4's coal companies ``declined`` (EOD,
    EKT) declining MS's exchange at action 436/437 and in every exchange round after it. Those coal companies
    then pass their turns (no lay, no run, no train), and MS's real moves that needed their trains are left out
    (it buys the 3-0 and the 3-1, as in the real game, without surrendering 1G-2 in between; the refusals leave
    the state as it was). Returns the game with the first of them asked again."""
    from gamekit.tracks.actions import Choose

    game = at(436)
    for coal in ("EOD", "EKT"):
        game.process(Choose(entity=coal, choice="Decline" if coal in declined else "Exchange"))

    def play(game: gamekit.Game, action) -> None:
        try:
            game.process(action)
        except GameError:
            # without EOD's 1G-2 MS does not own it to surrender at 479 (nor, without EKT's 1G-3, a train to run
            # at 477)
            assert action.entity == "MS" and action.type in ("run_routes", "scrap_train")

    return play_real_aside(game, 438, declined, lambda g, i: i >= 488 and g.current_entity in declined and
                           g.active_step.name == "Exchange round", play)


def test_an_exchange_over_the_train_limit_discards_one_of_the_trains_received():
    """EOD and EKT declined and exchanged before stock round 7: MS (limit 3 in phase 3) holds 3-0 and 3-1, takes
    EOD's 1G-2 (3 trains, at its limit) and EKT's 1G-3 (4): before anything else MS discards one of the two
    trains it received, to the bank's discard pile; one of its own is refused."""
    from gamekit.tracks.actions import Choose, DiscardTrain

    game = declined_until_stock_round_7(("EOD", "EKT"))
    ms = game.state.corporations["MS"]
    assert game.current_entity == "EOD" and ms.trains == ["3-0", "3-1"] and game.train_limit_of("MS") == 3
    game.process(Choose(entity="EOD", choice="Exchange"))
    assert ms.trains == ["3-0", "3-1", "1G-2"] and game.current_entity == "EKT"
    game.process(Choose(entity="EKT", choice="Exchange"))
    assert ms.trains == ["3-0", "3-1", "1G-2", "1G-3"]
    assert game.active_step.rule == "1837:trains.limit" and game.current_entity == "MS"
    assert game.legal_actions() == [DiscardTrain(entity="MS", train="1G-2"), DiscardTrain(entity="MS", train="1G-3")]
    with pytest.raises(GameError) as refused:
        game.process(DiscardTrain(entity="MS", train="3-0"))
    assert refused.value.rule == "1837:trains.limit"
    game.process(DiscardTrain(entity="MS", train="1G-3"))
    ms = game.state.corporations["MS"]
    assert ms.trains == ["3-0", "3-1", "1G-2"] and "1G-3" in game.state.depot.discarded
    assert game.active_step.name == "Stock round"


def test_a_company_at_its_train_limit_leaves_the_coal_companys_trains_to_the_bank():
    """EKT exchanged as in the real game, EOD declined: MS holds 1G-3, 3-0 and 3-1, its limit of 3, when EOD is
    exchanged before stock round 7; EOD's 1G-2 goes to the bank's discard pile (as 18xx.games plays it), and
    MS takes EOD's treasury."""
    from gamekit.tracks.actions import Choose

    game = declined_until_stock_round_7(("EOD",))
    ms = game.state.corporations["MS"]
    assert ms.trains == ["1G-3", "3-0", "3-1"]
    cash = ms.cash + game.state.corporations["EOD"].cash
    events = game.process(Choose(entity="EOD", choice="Exchange"))
    ms = game.state.corporations["MS"]
    assert ms.trains == ["1G-3", "3-0", "3-1"] and ms.cash == cash
    assert "1G-2" in game.state.depot.discarded
    assert "MS is at its train limit of 3: EOD's 1G-train goes to the bank" in [e.text for e in events]


# ----- 1837:national.formation: a minor that declined is asked again, and taken by the forced formation ----------
def ug3_declined(until: int) -> gamekit.Game:
    """The real game with UG3 declining to fold into UG at action 796 (UG forms from UG1 and UG2) and in every
    exchange round after it, passing its turns, to our action ``until`` of the real game; UG runs without UG3's
    2G-5 where the real game ran it (action 832)."""
    from gamekit.tracks.actions import Choose, RunRoutes

    game = at(796)
    game.process(Choose(entity="UG3", choice="decline"))

    def play(game: gamekit.Game, action) -> None:
        if action.entity == "UG" and action.type == "run_routes":
            own = game.state.corporations["UG"].trains
            action = RunRoutes(entity="UG", routes=tuple(r for r in action.routes if r.train in own))
        game.process(action)

    return play_real_aside(game, 797, ("UG3",), lambda g, i: i >= until, play)


def test_a_minor_that_declined_is_asked_again_and_folds_in_at_once():
    """UG3 declined UG's formation; in the next exchange round (before an operating round of the set after stock
    round 9) 18xx.games asks it again: it folds in at once, its owner Player 3 receiving two 10% UG shares (UG3's
    two 50% certificates were both Player 3's), and UG takes its 2G-5 and treasury."""
    from gamekit.tracks.actions import Choose

    game = ug3_declined(822)
    assert game.active_step.name == "Exchange round" and game.current_entity == "UG3"
    assert [a.choice for a in game.legal_actions()] == ["fold_in", "decline"]
    held = game.state.ledger.percent_of("5649", "UG")
    cash = game.state.corporations["UG"].cash + game.state.corporations["UG3"].cash
    events = game.process(Choose(entity="UG3", choice="fold_in"))
    assert events[0].text == "UG3 merges into UG: Player 3 receives a 10% UG share, Player 3 receives a 10% UG share"
    assert game.closed("UG3") and "2G-5" in game.state.corporations["UG"].trains
    assert game.state.ledger.percent_of("5649", "UG") == held + 20
    assert game.state.corporations["UG"].cash == cash


def test_the_forced_formation_takes_the_minor_that_declined():
    """UG3 declined UG's voluntary formation and every later question; when TI buys the first 5-train (action
    846) UG3 merges at once, as a forced formation takes every minor still on its own."""
    game = ug3_declined(846)
    assert not game.closed("UG3")
    events = game.process(_real().actions[846])
    texts = [e.text for e in events]
    assert "UG3 merges into UG: Player 3 receives a 10% UG share, Player 3 receives a 10% UG share" in texts
    assert game.closed("UG3")


# ----- 1837:edition.history ---------------------------------------------------------------------------------------
def test_a_refusal_of_an_early_log_names_the_later_changes_of_its_rule():
    """An action played on 2025-01-20 and refused under ``1837:stock.sell`` is explained by the two changes of the
    sale rule on 18xx.games after that day; played after them, nothing is said."""
    from datetime import datetime, timezone

    def seconds(day: str) -> int:
        return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())

    game = gamekit.new_game("1837", ["a", "b", "c"])
    note = game.rule_change_note("1837:stock.sell", seconds("2025-01-20"))
    assert note == ("this action was played on 2025-01-20, and 1837's rules changed since: on 2025-01-30 a turn's "
                    "sales came before its purchase (sell, then buy), minors' shares stopped being sellable, and plus "
                    "trains count towns in place of cities; on 2025-02-17 the nationals got a train limit of 4 in "
                    "phases 2 to 4, certificates of a company without a share price stopped being sellable, and "
                    "bankruptcy was corrected")
    assert game.rule_change_note("1837:stock.sell", seconds("2025-03-01")) is None
    assert "2025-02-04" in game.rule_change_note("1837:exchange-round", seconds("2025-01-20"))


# ----- 1837:coal.exchange: when a forced exchange is made ---------------------------------------------------------
def test_a_forced_exchange_waits_for_the_exchange_round():
    """Stock round 5 of the real game: Player 2 buys TI_6, TI's last certificate for sale (TI_7 and TI_8 are
    reserved for EHS and LRB). The exchanges are forced but not made during the stock round; when it ends, the
    exchange round before the operating round makes both without a decision, as 18xx.games does, before any
    company operates."""
    game = at(362)
    real = _real().actions
    assert (real[362].entity, real[362].shares) == ("2072", ("TI_6",))
    game.process(real[362])
    assert game.active_step.name == "Stock round"
    assert game.state.ledger.certs(IPO, "TI") == ["TI_7", "TI_8"] and not game.closed("EHS")
    events = game.process(real[363])
    texts = [e.text for e in events]
    exchanges = [t for t in texts if "exchanges" in t]
    assert exchanges == ["Player 2 exchanges EHS for a 10% TI share; TI receives its treasury and a 1G-train",
                         "Player 3 exchanges LRB for a 10% TI share; TI receives its treasury and a 1G-train"]
    priority = next(e for e in events if e.kind == "priority")
    assert texts.index(exchanges[0]) > texts.index(priority.text)  # after the stock round's end
    assert game.closed("EHS") and game.closed("LRB") and game.state.ledger.certs(IPO, "TI") == []
    assert game.active_round().startswith("Operating round")


# ----- 1837:or.order: a minor merged during an operating round -------------------------------------------------
def test_a_minor_merged_into_its_national_during_an_operating_round_no_longer_operates_in_it():
    """Rule ``1837:or.order``. The real game to action 714, where TI buys the first 4-train; instead TI buys SD3's
    2-2 for 600 K (from the first 3-train on, trains pass between companies at any price), and no 4-train is
    bought in that round. The real game's actions go on where they are still legal; where not, the company acting
    passes, or runs its first route offered, or buys the first train offered other than the 4-train; the SD
    minors, which the real game had merged by then, pass or run their first route. In the next operating round
    SD3, first of the SD minors to reach its train step with the money, buys the 4-train: the SD forms from its
    five minors, SD4 and SD5, next in the order, have closed and do not operate, and KK1 operates next (the SD
    from the next operating round)."""
    from gamekit.tracks.actions import BuyTrain

    real = list(_real().actions)
    game = at(714)
    assert game.current_entity == "TI" and real[714].train == "4-0"
    game.process(BuyTrain(entity="TI", train="2-2", price=600))
    i = 715
    with game.batch():
        while not (game.current_entity == "SD3" and game.active_step.name == "Buy trains"):
            who = game.current_entity
            legal = game.legal_actions()
            kinds = {a.type for a in legal}
            if who in ("SD1", "SD2", "SD3"):
                game.process(Pass(entity=who) if "pass" in kinds else next(a for a in legal if a.type == "run_routes"))
                continue
            action = real[i]
            if action.entity != who:
                if action.type == "choose" or (action.entity, action.type) == ("TR", "pass"):
                    i += 1  # TR's turn ended with its refused purchase; KK cannot form without a 4-train
                else:
                    game.process(Pass(entity=who))
                continue
            i += 1
            try:
                game.process(action)
            except GameError:
                substitute = [a for a in legal if a.type == "pass"] or [a for a in legal if a.type == "run_routes"] or \
                    [a for a in legal if a.type == "buy_train" and a.train != "4-0"]
                game.process(substitute[0])
    assert game.operating_order()[3:8] == ("SD1", "SD2", "SD3", "SD4", "SD5")
    assert game.state.corporations["SD3"].cash == 725
    events = game.process(BuyTrain(entity="SD3", train="4-0", price=470))
    texts = [e.text for e in events]
    assert "SD forms and receives 710K from the bank" in texts
    assert "SD4 operates" not in texts and "SD5 operates" not in texts and "KK1 operates" in texts
    assert game.closed("SD4") and game.closed("SD5") and game.current_entity == "KK1"


# ----- 1837:trains.surrender --------------------------------------------------------------------------------------
def test_a_company_that_surrendered_a_train_must_buy_one():
    """The real game's action 479: MS, at its limit of 3 in phase 3 with 907 K, may surrender any of its trains
    (half its price plus 1 K, the least a train of another company may cost from the first 3-train on, is within
    its treasury). It surrenders 1G-2 for 50 K as in the real game; then it must buy a train: no pass is listed
    and a pass is refused under the rule, leaving the state as it was. It buys the 3-1 for 180 K (the real action
    480) and, at its limit again, may pass or surrender once more."""
    from gamekit.titles.g1837.actions import ScrapTrain

    game = at(479)
    real = _real().actions
    ms = game.state.corporations["MS"]
    assert (game.phase(), game.current_entity, ms.cash, ms.trains) == ("3", "MS", 907, ["1G-2", "1G-3", "3-0"])
    assert game.train_limit_of("MS") == 3
    scraps = [a for a in game.legal_actions() if a.type == "scrap_train"]
    assert scraps == [ScrapTrain(entity="MS", train=t) for t in ("1G-2", "1G-3", "3-0")]
    assert real[479] == scraps[0]
    game.process(real[479])
    ms = game.state.corporations["MS"]
    assert ms.cash == 857 and ms.trains == ["1G-3", "3-0"] and "1G-2" in game.state.depot.discarded
    legal = game.legal_actions()
    assert {a.type for a in legal} == {"buy_train"} and game.current_entity == "MS"
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(Pass(entity="MS"))
    assert refused.value.rule == "1837:trains.surrender"
    assert game.state == before
    assert (real[480].train, real[480].price) == ("3-1", 180)
    game.process(real[480])
    kinds = {a.type for a in game.legal_actions()}
    assert game.state.corporations["MS"].cash == 677 and {"pass", "scrap_train"} <= kinds


def coal_companies_at_work(stop) -> gamekit.Game:
    """A new 3-player game played by a script until RGTE, at its limit of two 1G-trains in phase 2, is to act where
    ``stop(game)`` holds: in the start packet each player in turn takes the cheapest item left at its least price
    (or passes when short of money); every stock-round turn is a pass; in operating rounds each coal company lays the
    first tile offered, RGTE and EKT buy the first train offered, and every company otherwise passes or takes the
    first choice offered (its best routes; SD5 its first home)."""
    from gamekit.tracks.actions import Bid

    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"])
    with game.batch():
        while True:
            who = game.current_entity
            if game.active_step.name == "Start packet":
                remaining = game.state.round.remaining
                item = min(remaining, key=lambda sym: game.facts.private(sym).value)
                price = game.facts.private(item).value
                bid = game.state.round.item is None and price <= game.state.players[who].cash
                game.process(Bid(entity=who, company=item, price=price) if bid else Pass(entity=who))
                continue
            if who == "RGTE" and len(game.state.corporations["RGTE"].trains) == 2 and stop(game):
                return game
            legal = game.legal_actions()
            picked = [a for a in legal if a.type == "lay_tile" and game.kind(who) == "coal"] or \
                [a for a in legal if a.type == "buy_train" and who in ("RGTE", "EKT")] or \
                [a for a in legal if a.type == "pass"] or legal  # a run: the best routes come first
            game.process(picked[0])


def test_a_coal_company_surrenders_a_train_only_when_it_could_then_buy_a_goods_train():
    """Rule ``1837:trains.surrender``: a train is surrendered to make room for a new one, which the company must
    then buy. RGTE, with 1G-0 and 1G-2 (its limit of 2 in phase 2) and 145 K, may not surrender either: 50 K
    leaves 95 K, short of the 100 K of a 1G, the only kind a coal company buys (18xx.games counts the 2-train's
    90 K, lets it surrender and then waits for a purchase that cannot be made). With nothing it may do, its train
    step is not asked (EOD operates next) and a surrender is refused, the state left as it was. In the next train
    step, with 180 K, it may surrender either, pays 50 K and must buy a 1G (100 K), the one surrendered or a new
    one: a pass is refused."""
    from gamekit.titles.g1837.actions import ScrapTrain

    game = coal_companies_at_work(lambda g: g.active_step.name == "Run trains" and
                                  g.state.corporations["RGTE"].cash == 110)
    assert (game.phase(), game.state.corporations["RGTE"].trains) == ("2", ["1G-0", "1G-2"])
    assert game.state.depot.upcoming[0] == "2-0" and game.facts.train("2").price == 90
    game.process(next(a for a in game.legal_actions() if a.type == "run_routes"))
    assert game.state.corporations["RGTE"].cash == 145 and game.current_entity == "EOD"  # no train step: no surrender
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(ScrapTrain(entity="RGTE", train="1G-0"))
    assert refused.value.rule == "1837:trains.surrender" and game.state == before
    with game.batch():
        while not (game.current_entity == "RGTE" and game.active_step.name == "Buy trains"):
            legal = game.legal_actions()
            who = game.current_entity
            picked = [a for a in legal if a.type == "lay_tile" and game.kind(who) == "coal"] or \
                [a for a in legal if a.type == "pass"] or legal
            game.process(picked[0])
    rgte = game.state.corporations["RGTE"]
    assert (rgte.cash, rgte.trains) == (180, ["1G-0", "1G-2"])
    assert [a for a in game.legal_actions() if a.type == "scrap_train"] == \
        [ScrapTrain(entity="RGTE", train="1G-0"), ScrapTrain(entity="RGTE", train="1G-2")]
    game.process(ScrapTrain(entity="RGTE", train="1G-0"))
    assert game.state.corporations["RGTE"].cash == 130
    legal = game.legal_actions()
    assert "pass" not in {a.type for a in legal}
    assert {(a.train, a.price) for a in legal if a.type == "buy_train"} == {("1G-0", 100), ("1G-3", 100)}
    with pytest.raises(GameError) as refused:
        game.process(Pass(entity="RGTE"))
    assert refused.value.rule == "1837:trains.surrender"


# ----- 1837:trains.buy: the discard pile sells the first discarded train of a kind first --------------------------
def test_the_discard_pile_sells_its_first_train_of_a_kind_first():
    """The real game's action 714: TI has surrendered 1G-9 and owes a purchase; the discard pile holds, in the
    order discarded, 2-8, 1G-7, 2-12, 2-13, 1G-4, 1G-5, 2-0, 2-6, 1G-0, 1G-2 and 1G-9. Of each kind the bank sells
    the first discarded, as 18xx.games does: the 2-8 for 90 K and the 1G-7 for 100 K; the 1G-9 is refused."""
    from gamekit.tracks.actions import BuyTrain

    game = at(714)
    assert game.state.depot.discarded == ["2-8", "1G-7", "2-12", "2-13", "1G-4", "1G-5", "2-0", "2-6", "1G-0", "1G-2",
                                          "1G-9"]
    pile = [a for a in game.legal_actions() if a.type == "buy_train" and a.train in game.state.depot.discarded]
    assert pile == [BuyTrain(entity="TI", train="2-8", price=90, variant="2"),
                    BuyTrain(entity="TI", train="1G-7", price=100, variant="1G")]
    with pytest.raises(GameError) as refused:
        game.process(BuyTrain(entity="TI", train="1G-9", price=100, variant="1G"))
    assert refused.value.rule == "1837:trains.buy"


# ----- 1837:or.token: the site's automatic pass in an exported log -------------------------------------------------
def test_an_export_keeps_the_sites_automatic_token_passes_where_the_site_does():
    """The real game's log holds 40 passes that 18xx.games made by itself for a major or national at its token step
    with no station to place (kept in the ``auto_actions`` of the action before, 33 of them a tile lay's); our
    import applied them as actions. Exported again, each is in the same place, and nowhere else; the export
    imports back to the same game."""
    import json

    from gamekit.import18xx import filter_actions

    def automatic_passes(entries):
        return [(e["type"], e["entity"], auto["entity"]) for e in entries for auto in e.get("auto_actions") or ()
                if auto["type"] == "pass" and auto.get("entity_type") == "corporation"]

    real = _real()
    logged = automatic_passes(filter_actions(json.loads(REAL_GAME.read_text())["actions"]))
    exported = real.to_18xx_log()
    assert len(logged) == 40 and sum(1 for kind, _, _ in logged if kind == "lay_tile") == 33
    assert automatic_passes(exported["actions"]) == logged
    assert all("id" not in auto for e in exported["actions"] for auto in e.get("auto_actions") or ())
    assert import_log(exported).game.to_json() == real.to_json()


# ----- 1837:stock.round: a player left only a pass is passed for ---------------------------------------------------
def test_a_player_who_can_only_pass_while_the_bank_sells_companies_is_passed_for():
    """A new 3-player game whose start packet leaves SD3 (135 K) unsold: each player in turn takes the cheapest
    other item at its least price. In stock round 1 Cy buys the second halves of UG1 and UG3 (90 K each), keeping
    120 K, while Ann and Ben pass. With SD3 still in the bank a turn is only its purchase or a pass; Cy, short of
    135 K, could buy a KK share (120 K) but not now, so after Ben's pass 18xx.games passes for Cy, and so do we:
    the stock round ends without asking and the operating round begins (SD5 first chooses its home)."""
    from gamekit.tracks.actions import Bid, BuyCompany

    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"])
    with game.batch():
        while game.active_step.name == "Start packet":
            who = game.current_entity
            others = [s for s in game.state.round.remaining if s != "SD3"]
            item = min(others, key=lambda sym: game.facts.private(sym).value) if others else None
            bid = item and game.state.round.item is None and \
                game.facts.private(item).value <= game.state.players[who].cash
            game.process(Bid(entity=who, company=item, price=game.facts.private(item).value) if bid else
                         Pass(entity=who))
    assert game.current_entity == "Ben" and game.state.title.unsold == ["SD3"]
    for action in (Pass(entity="Ben"), BuyCompany(entity="Cy", company="UG1_share", price=90), Pass(entity="Ann"),
                   Pass(entity="Ben"), BuyCompany(entity="Cy", company="UG3_share", price=90), Pass(entity="Ann")):
        game.process(action)
    assert game.current_entity == "Ben" and game.state.players["Cy"].cash == 120
    assert game.market.cell(game.state.corporations["KK"].price).price == 120
    with game.batch():  # where the stock round's groups found for a turn are kept for the next position
        events = game.process(Pass(entity="Ben"))
        assert [e.text for e in events if e.kind in ("pass", "priority")] == \
            ["Ben passes", "Cy passes", "Ann has the priority deal"]
        assert game.active_round().startswith("Operating round") and game.state.title.unsold == ["SD3"]
        # the groups found for Cy's turn, which passed unasked, are not taken for the operating round's
        assert game.current_entity == "SD5" and [g.type for g in game.action_groups() if g] == ["place_token"]


# ----- 1837:stock.must-sell: over 60% of a major or national ------------------------------------------------------
def test_a_player_over_60_percent_sells_first_while_a_block_may_be_sold():
    """Stock round 7 of the real game (action 492): Player 4 holds 80% of MS and must sell before anything else:
    only MS sales are listed and a pass is refused under the rule. Selling 10% (in the real game 20%) leaves 70%,
    but MS has now been sold this turn, so no block of it can be: Player 4 may buy, par or pass. In stock round 9
    Player 1, with 70% of KK after selling a KK block, passes (action 802, as in the real game); in the next turn
    (action 806) a KK block may be sold again, and sales are all Player 1 may do."""
    from gamekit.tracks.actions import SellShares

    game = at(492)
    assert game.current_entity == "621" and game.state.ledger.percent_of("621", "MS") == 80
    assert {a.type for a in game.legal_actions()} == {"sell_shares"}
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(Pass(entity="621"))
    assert refused.value.rule == "1837:stock.must-sell"
    assert game.state == before
    game.process(SellShares(entity="621", shares=("MS_1",), percent=10))
    assert game.state.ledger.percent_of("621", "MS") == 70
    assert {a.type for a in game.legal_actions()} == {"buy_shares", "par", "pass"}
    game = at(802)
    assert game.current_entity == "2006" and game.state.ledger.percent_of("2006", "KK") == 70
    assert "pass" in {a.type for a in game.legal_actions()}
    game = at(806)
    assert game.current_entity == "2006" and {a.type for a in game.legal_actions()} == {"sell_shares"}


# ----- 1837:national.formation: the president on a tie ---------------------------------------------------------
def test_a_tie_for_a_forming_nationals_presidency_goes_to_the_owner_of_its_lowest_numbered_minor():
    """The real game to action 640, where Player 2 (2072) buys SD_3; here Player 2 passes instead, and the real
    game's actions 641–713 go on unchanged. Before the SD forms Player 1 (2006) owns SD1 and SD2 and holds SD_1 and
    SD_4; Player 2 owns SD3 and SD4 and holds SD_0, the president's certificate, bought at action 420, and SD_2.
    TI buys the first 4-train (action 714): the SD forms, Player 1 and Player 2 hold 40% each, and the tie goes to
    Player 1, owner of SD1, the lowest-numbered of the merging minors, as 18xx.games decides it (checked against
    its engine): SD_0 moves to Player 1, who hands SD_1, the first certificate he received, to Player 2."""
    real = list(_real().actions)
    game = at(640)
    assert real[640].entity == "2072" and real[640].shares == ("SD_3",)
    game.process(Pass(entity="2072"))
    with game.batch():
        for action in real[641:714]:
            game.process(action)
    ledger = game.state.ledger
    assert [game.state.corporations[m].president for m in ("SD1", "SD2", "SD3", "SD4", "SD5")] == \
        ["2006", "2006", "2072", "2072", "621"]
    assert ledger.certs("2006", "SD") == ["SD_1", "SD_4"] and ledger.certs("2072", "SD") == ["SD_0", "SD_2"]
    events = game.process(real[714])
    assert "Player 1 becomes president of SD" in [e.text for e in events]
    assert game.state.corporations["SD"].president == "2006"
    assert ledger.certs("2006", "SD") == ["SD_4", "SD_5", "SD_6", "SD_0"]
    assert ledger.certs("2072", "SD") == ["SD_2", "SD_7", "SD_8", "SD_1"]
    assert ledger.certs("621", "SD") == ["SD_9"] and ledger.certs(IPO, "SD") == ["SD_3"]


# ----- 1837:national.formation: the certificates no minor claims are for sale ---------------------------------------
def sd_formed_with_no_sd_bought_before() -> gamekit.Game:
    """The real game to the end of the operating round in which the SD forms (action 797), with every SD
    certificate bought before the formation left unbought: Player 2 (2072) passes instead of buying SD_0 (action
    420), SD_2 (489) and SD_3 (640), Player 1 (2006) instead of buying SD_1 (488) and SD_4 (643); Player 1, with
    that money, is no longer passed over in the stock round of actions 488–503 and passes his four turns there."""
    real = list(_real().actions)
    skipped = {420, 488, 489, 640, 643}
    game = gamekit.new_game("1837", list(_real().players))
    with game.batch():
        for i, action in enumerate(real[:797]):
            while game.active_step.name == "Stock round" and game.current_entity != action.entity:
                assert i in (494, 497, 500, 503) and game.current_entity == "2006"
                game.process(Pass(entity=game.current_entity))
            game.process(Pass(entity=action.entity) if i in skipped else action)
    return game


def test_a_certificate_handed_back_to_the_ipo_at_a_nationals_formation_is_for_sale():
    """SD formed (action 714) with no SD certificate held before: SD1–SD5's owners receive SD_5–SD_9, Player 1
    (SD1 and SD2, 20%, the tie with Player 2 going to the owner of SD1) takes the president's certificate SD_0
    from the IPO and hands back SD_5, the first certificate he received. No minor claims SD_5 any more: it is an
    ordinary IPO certificate of the SD, as 18xx.games sells it (checked against its engine on a bot game: SD_6,
    KK_7 and UG_7, handed back this way, are for sale in the IPO, and SD_6 is bought for 142 K paid to the bank;
    the SD was paid 5 × 142 K at its formation, nothing for SD_5)."""
    game = sd_formed_with_no_sd_bought_before()
    ledger, sd = game.state.ledger, game.state.corporations["SD"]
    assert ledger.certs("2006", "SD") == ["SD_6", "SD_0"] and ledger.certs("2072", "SD") == ["SD_7", "SD_8"]
    assert ledger.certs("621", "SD") == ["SD_9"]
    assert ledger.certs(IPO, "SD") == ["SD_1", "SD_2", "SD_3", "SD_4", "SD_5"]
    assert not any(game.reserved_now(c) for c in ledger.certs(IPO, "SD")) and not game.sold_out("SD")
    assert game.active_step.name == "Stock round" and game.current_entity == "2072"
    bank, treasury, cash = game.state.bank, sd.cash, game.state.players["2072"].cash
    game.process(BuyShares(entity="2072", shares=("SD_5",), percent=10))
    assert game.state.players["2072"].cash == cash - 142 and game.state.bank == bank + 142 and sd.cash == treasury
    # with 30% Player 2 becomes president and hands SD_7, his first certificate received, to Player 1
    assert ledger.certs("2072", "SD") == ["SD_8", "SD_5", "SD_0"] and ledger.certs("2006", "SD") == ["SD_6", "SD_7"]


def test_a_minor_still_on_its_own_keeps_its_certificate_of_the_formed_national_reserved():
    """The real game at the exchange round of action 796, with UG3 declining UG's formation: UG forms from UG1 and
    UG2, and UG3's holder's certificate stays reserved in the IPO (not for sale) until UG3 folds in."""
    from gamekit.tracks.actions import Choose

    real = list(_real().actions)
    game = at(796)
    game.process(Choose(entity="UG3", choice="decline"))
    ledger = game.state.ledger
    waiting = [c for c in ledger.certs(IPO, "UG") if game.reserved_now(c)]
    assert game.state.corporations["UG"].floated and len(waiting) == len(game.facts.corporation("UG3").certificates)
    assert real[796].entity == "UG3"
