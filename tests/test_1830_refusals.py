"""Every kind of illegal 1830 action is refused with a GameError naming its rule, leaving the game unchanged."""

from __future__ import annotations

import gamekit
from gamekit.actions import Pass
from gamekit.tracks.actions import (BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, LayTile, PlaceToken,
                                    Route, RunRoutes, SellShares, Bid, Par)

from .g1830_positions import pass_on, PLAYERS, assert_refused, auction_done, nyc_floated, nyc_with_tile_and_train


# ----- private auction -----------------------------------------------------------------------------------
def test_wrong_player_in_the_auction():
    g = gamekit.new_game("1830", PLAYERS)
    assert_refused(g, Bid(entity="Ben", company="SV", price=20), "1830:auction.order")


def test_cheapest_private_costs_exactly_its_price():
    g = gamekit.new_game("1830", PLAYERS)
    assert_refused(g, Bid(entity="Ann", company="SV", price=25), "1830:auction.buy-cheapest")


def test_bid_below_the_minimum():
    g = gamekit.new_game("1830", PLAYERS)
    assert_refused(g, Bid(entity="Ann", company="CA", price=160), "1830:auction.bid")  # face 160: minimum 165


def test_bids_may_not_exceed_cash():
    g = gamekit.new_game("1830", PLAYERS)
    g.process(Bid(entity="Ann", company="BO", price=400))
    g.process(Pass(entity="Ben"))
    g.process(Pass(entity="Cy"))
    g.process(Pass(entity="Di"))
    err = assert_refused(g, Bid(entity="Ann", company="CA", price=205), "1830:auction.bid")
    assert "at most $200" in err.message  # $600 cash less the $400 bid on the BO


def test_unknown_private():
    g = gamekit.new_game("1830", PLAYERS)
    assert_refused(g, Bid(entity="Ann", company="XX", price=50), "1830:auction.bid")


def test_bo_buyer_must_set_par_first():
    g = gamekit.new_game("1830", PLAYERS)
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Cy", "DH", 70), ("Di", "MH", 110),
                                ("Ann", "CA", 160), ("Ben", "BO", 220)]:
        g.process(Bid(entity=who, company=company, price=price))
    assert g.active_step.rule == "1830:auction.bo"
    assert_refused(g, Pass(entity="Ben"), "1830:auction.bo")
    assert_refused(g, Par(entity="Ben", corporation="B&O", share_price="112,0,7"), "1830:stock.par")


# ----- stock round ----------------------------------------------------------------------------------------
def test_wrong_player_in_the_stock_round():
    g = auction_done()
    assert_refused(g, Par(entity="Ann", corporation="NYC", share_price="90,1,6"), "1830:stock.round")


def test_no_sales_in_the_first_stock_round():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    g.process(Pass(entity="Di"))
    g.process(Par(entity="Ann", corporation="PRR", share_price="67,5,6"))  # Ann holds PRR_1 from the C&A
    g.process(Pass(entity="Ben"))
    assert_refused(g, SellShares(entity="Cy", shares=("NYC_0",), percent=20), "1830:stock.no-sale-first")


def test_unaffordable_par():
    g = auction_done()  # Cy has $530: the president's certificate at 100 costs 200, fine; at par it is 2 x par
    g.state.players["Cy"].cash = 150  # position: Cy is short of money
    assert_refused(g, Par(entity="Cy", corporation="NYC", share_price="82,2,6"), "1830:stock.par")


def test_unknown_certificate():
    g = auction_done()
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_12",), percent=10), "1830:stock.certificates")


def test_unparred_corporation_cannot_be_bought():
    g = auction_done()
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_1",), percent=10), "1830:stock.par")


def test_certificate_limit():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    g.process(Pass(entity="Di"))
    g.process(Pass(entity="Ann"))
    g.process(Pass(entity="Ben"))
    # position: Cy already holds 16 certificates' worth (the 4-player limit) in other corporations
    g.state.players["Cy"].privates += ["X1"] * 0
    for i in range(1, 9):
        g.state.ledger.move(f"B&O_{i}", "Cy")
    for i in range(1, 7):
        g.state.ledger.move(f"PRR_{i + 1}", "Cy")
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_1",), percent=10), "1830:stock.cert-limit")


def test_sixty_percent_limit():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    g.process(Pass(entity="Di"))
    g.process(Pass(entity="Ann"))
    g.process(Pass(entity="Ben"))
    for i in range(1, 5):  # position: Cy holds 60% of NYC
        g.state.ledger.move(f"NYC_{i}", "Cy")
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_5",), percent=10), "1830:stock.holding-limit")


def test_one_purchase_per_turn():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    g.state.round.index = g.state.seat_order.index("Cy")  # position: Cy's turn again, having bought this turn
    g.state.round.bought = [("NYC", "@ipo")]
    g.state.round.acted = True
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_1",), percent=10), "1830:stock.one-buy")


def test_bank_pool_holds_at_most_half():
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":  # finish OR 1 quickly: NYC passes everything
        pass_on(g)
    # position: the pool already holds 50% of NYC and Di holds the rest outside the president
    for i in (5, 6, 7, 8):
        g.state.ledger.move(f"NYC_{i}", "@pool")
    g.state.ledger.move("NYC_2", "@pool")
    seller = g.current_entity
    cert = g.state.ledger.certs(seller, "NYC")[-1]
    assert_refused(g, SellShares(entity=seller, shares=(cert,), percent=10), "1830:stock.pool-limit")


def test_president_certificate_never_goes_to_the_pool():
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":
        pass_on(g)
    g.state.round.index = g.state.seat_order.index("Cy")  # position: Cy's turn
    assert_refused(g, SellShares(entity="Cy", shares=("NYC_4", "NYC_0"), percent=30), "1830:stock.president")


# ----- operating round -----------------------------------------------------------------------------------
def test_tile_not_in_the_manifest():
    g = nyc_floated()
    assert_refused(g, LayTile(entity="NYC", hex="E19", tile="999-0", rotation=0), "1830:track.supply")


def test_tile_off_the_map():
    g = nyc_floated()
    assert_refused(g, LayTile(entity="NYC", hex="Z99", tile="57-0", rotation=0), "1830:track.lay")


def test_rotation_leading_off_the_map_or_into_nothing():
    g = nyc_floated()
    g.process(Pass(entity="NYC"))
    while g.current_entity != "NYC" or g.active_step.rule != "1830:or.track":
        pass_on(g)  # everyone passes on to NYC's next track step
    refused = {}
    for rotation in range(6):  # tile 9 (straight) on D20, north-east of New York
        try:
            g.fork().process(LayTile(entity="NYC", hex="D20", tile="9-0", rotation=rotation))
        except gamekit.GameError as exc:
            refused[rotation] = exc.rule
    assert refused and set(refused.values()) <= {"1830:track.exits", "1830:track.connect"}
    rotation, rule = sorted(refused.items())[0]
    assert_refused(g, LayTile(entity="NYC", hex="D20", tile="9-0", rotation=rotation), rule)


def test_green_tile_in_phase_2():
    g = nyc_floated()
    assert_refused(g, LayTile(entity="NYC", hex="E19", tile="14-0", rotation=0), "1830:track.colour")


def test_upgrade_must_keep_track():
    g = nyc_floated()
    g.process(LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1))
    g.state.depot.phase = 1  # position: green tiles are available
    g.state.round.lays = []
    g.state.round.step = "track"
    kept = {a.rotation for a in g.legal_actions() if isinstance(a, LayTile) and a.hex == "E19" and a.tile == "14-0"}
    dropped = next(r for r in range(6) if r not in kept)
    rule = err_rule_tile(g, "14-0", dropped)
    assert rule in ("1830:track.upgrade", "1830:track.exits")
    assert_refused(g, LayTile(entity="NYC", hex="E19", tile="14-0", rotation=dropped), rule)


def err_rule_tile(game, tile, rotation):
    try:
        game.fork().process(LayTile(entity="NYC", hex="E19", tile=tile, rotation=rotation))
    except gamekit.GameError as exc:
        return exc.rule
    raise AssertionError("expected a refusal")


def test_second_tile_in_one_turn():
    g = nyc_floated()
    g.process(LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1))
    assert_refused(g, LayTile(entity="NYC", hex="F20", tile="7-0", rotation=0), "1830:or.track")


def test_unaffordable_terrain():
    from gamekit.tracks.lay import check_lay

    g = nyc_floated()  # E21, east of NYC's home E19, is a mountain hex ($120)
    g.process(LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1))  # track from E19 west and east
    g.state.round.lays, g.state.round.step = [], "track"  # position: NYC's next track step
    g.state.round.index = 0
    fits = []
    for rotation in range(6):
        try:
            result = check_lay(g.track, g.state.board, "NYC", "E21", "9-0", rotation, phase_colours=("yellow",))
            fits.append((rotation, result.cost))
        except gamekit.GameError:
            pass
    assert fits and all(cost == 120 for _, cost in fits)
    g.state.corporations["NYC"].cash = 100  # position: NYC is short of money
    assert_refused(g, LayTile(entity="NYC", hex="E21", tile="9-0", rotation=fits[0][0]), "1830:track.terrain")


def test_token_with_no_route():
    g = nyc_floated()
    g.process(Pass(entity="NYC"))  # no tile: the network is E19 alone
    assert g.active_step.rule in ("1830:or.buy-train",)  # no token possible: the token step was skipped
    assert_refused(g, PlaceToken(entity="NYC", city="H12-0-0", slot=0), "1830:or.token")


def test_route_claims_more_than_it_earns():
    g = nyc_with_tile_and_train()
    g2 = g  # the route needs the next turn; check the route step on a fork at NYC's next run instead
    assert g2.active_step.rule == "1830:or.buy-train"
    assert_refused(g, RunRoutes(entity="NYC", routes=(Route(train="2-0", connections=(("E19", "F20"),),
                                                            revenue=60),)), "1830:or.route")


def test_buying_past_the_train_limit():
    g = nyc_with_tile_and_train()
    for t in ("2-1", "2-2", "2-3"):
        g.process(BuyTrain(entity="NYC", train=t, price=80, variant="2"))
    assert g.active_step.rule != "1830:or.buy-train"  # at the limit of 4 the step ends by itself


def test_train_limit_refusal():
    g = nyc_with_tile_and_train()
    g.state.corporations["NYC"].trains += ["3-0", "3-1", "3-2"]  # position: NYC already holds 4 trains
    assert_refused(g, BuyTrain(entity="NYC", train="2-1", price=80, variant="2"), "1830:trains.limit")


def test_depot_sells_in_order_and_at_its_price():
    g = nyc_with_tile_and_train()
    assert_refused(g, BuyTrain(entity="NYC", train="3-0", price=180, variant="3"), "1830:trains.buy")
    assert_refused(g, BuyTrain(entity="NYC", train="2-1", price=70, variant="2"), "1830:trains.buy")


def test_dividend_out_of_turn_and_wrong_kind():
    g = nyc_with_tile_and_train()
    assert_refused(g, Dividend(entity="NYC", kind="payout"), "1830:or.dividend")


def test_discard_without_being_over_the_limit():
    g = nyc_with_tile_and_train()
    assert_refused(g, DiscardTrain(entity="NYC", train="2-0"), "1830:or")


def test_private_purchase_before_phase_3():
    g = nyc_with_tile_and_train()
    assert_refused(g, BuyCompany(entity="NYC", company="SV", price=20), "1830:or.buy-private")


def test_other_corporation_cannot_act():
    g = nyc_with_tile_and_train()
    assert_refused(g, Pass(entity="PRR"), "1830:or.order")


def test_a_certificate_named_twice_in_a_sale():
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":
        pass_on(g)
    g.state.round.index = g.state.seat_order.index("Di")  # position: Di's turn; she holds NYC_1 only
    assert_refused(g, SellShares(entity="Di", shares=("NYC_1", "NYC_1", "NYC_1"), percent=30), "1830:stock.certificates")
    g.state.round.index = g.state.seat_order.index("Cy")  # Cy: NYC_0 and NYC_4
    assert_refused(g, SellShares(entity="Cy", shares=("NYC_0", "NYC_0"), percent=40), "1830:stock.certificates")


def test_exchange_percent_must_be_the_certificate_size():
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":
        pass_on(g)
    g.state.round.index = g.state.seat_order.index("Di")  # Di owns the M&H
    assert_refused(g, BuyShares(entity="MH", shares=("NYC_5",), percent=9), "1830:private.mh-exchange")
    g.process(BuyShares(entity="MH", shares=("NYC_5",), percent=10))
    assert g.state.ledger.certs("Di", "NYC") == ["NYC_1", "NYC_5"] and "MH" in g.state.closed_privates


def test_exchange_between_other_players_turns_in_a_stock_round():
    # rule 1830:private.mh-exchange: "during the player's turn of a stock round or between the turns of other
    # players"; 18xx.games allows it at any moment of the round. Di owns the M&H and passes first; Ann's turn.
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":
        pass_on(g)
    g.process(Pass(entity="Di"))
    turn = g.current_entity
    assert turn == "Ann"
    offered = [a for a in g.legal_actions() if a.entity == "MH"]
    assert [a.shares for a in offered] == [("NYC_5",)]
    cash = {p.id: g.state.players[p.id].cash for p in g.players}
    g.process(offered[0])
    assert g.state.ledger.certs("Di", "NYC") == ["NYC_1", "NYC_5"] and "MH" in g.state.closed_privates
    assert g.current_entity == turn  # the exchange neither uses nor ends the turn of the player to act
    assert {p.id: g.state.players[p.id].cash for p in g.players} == cash  # an exchange, not a purchase


def test_no_exchange_during_the_private_auction():
    g = gamekit.new_game("1830", PLAYERS)
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Cy", "DH", 70), ("Di", "MH", 110)]:
        g.process(Bid(entity=who, company=company, price=price))
    assert_refused(g, BuyShares(entity="MH", shares=("NYC_1",), percent=10), "1830:private.mh-exchange")


def test_exchange_is_offered_in_operating_rounds():
    g = nyc_floated()  # first operating round: Di owns the M&H
    offered = [a for a in g.legal_actions() if a.entity == "MH"]
    assert offered and offered[0].shares == ("NYC_5",)


def test_over_the_certificate_limit_the_player_must_sell_first():
    g = nyc_floated()
    while g.state.round.__class__.__name__ != "StockRound":
        pass_on(g)
    g.state.round.index = g.state.seat_order.index("Cy")  # position: Cy's turn, 17 certificates (limit 16)
    for cert in ["B&O_1", "B&O_2", "B&O_3", "B&O_4", "B&O_5", "NYC_5", "C&O_1", "C&O_2"] + \
            [f"PRR_{i}" for i in range(2, 8)]:
        g.state.ledger.move(cert, "Cy")
    # Cy may only sell; Di may exchange the M&H at any time of the round (rule 1830:private.mh-exchange)
    assert all(isinstance(a, SellShares) for a in g.legal_actions() if a.entity == "Cy")
    assert [a.entity for a in g.legal_actions() if not isinstance(a, SellShares)] == ["MH"]
    assert_refused(g, Pass(entity="Cy"), "1830:stock.must-sell")
    assert_refused(g, BuyShares(entity="Cy", shares=("NYC_6",), percent=10), "1830:stock.must-sell")
    g.process(SellShares(entity="Cy", shares=("B&O_1",), percent=10))
    assert any(isinstance(a, Pass) for a in g.legal_actions())
