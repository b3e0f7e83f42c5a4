"""The statements of seed 001 (the 1830 rules, older edition), as tests with their numbers."""

from __future__ import annotations

import gamekit
from gamekit.actions import Pass
from gamekit.tracks.actions import BuyShares, Par, SellShares

from .g1830_positions import assert_refused, auction_done, nyc_owning_dh, pass_on


def test_nyc_at_par_90_floats_at_60_percent_and_receives_900():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
        assert not g.state.corporations["NYC"].floated  # 50% sold at most
    events = g.process(BuyShares(entity="Cy", shares=("NYC_4",), percent=10))
    assert g.state.corporations["NYC"].floated
    assert g.state.corporations["NYC"].cash == 900
    assert any(e.rule == "1830:stock.float" and e.data["capital"] == 900 for e in events)


def test_seed_example_seventy_percent_sold_still_900():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Cy", "NYC_4"), ("Di", "NYC_5")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    assert g.state.corporations["NYC"].cash == 900  # capital is 10 x par, however much is sold


def _nyc_sold_out_then_second_stock_round():
    """Cy pars NYC at 90; the four players buy every NYC share in turn (Cy 40%, Di, Ann and Ben 20% each); after
    the operating round, the second stock round begins with Di (the player after Cy, who bought last)."""
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Cy", "NYC_4"),
                      ("Di", "NYC_5"), ("Ann", "NYC_6"), ("Ben", "NYC_7"), ("Cy", "NYC_8")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    while type(g.state.round).__name__ != "StockRound" or g.state.stock_round_num < 2:
        pass_on(g)
    assert g.current_entity == "Di"
    return g


def test_pool_holds_at_most_half():
    g = _nyc_sold_out_then_second_stock_round()
    ledger = g.state.ledger
    for who, certs in [("Di", ("NYC_1",)), ("Ann", ("NYC_2",)), ("Ben", ("NYC_3", "NYC_7"))]:
        g.process(SellShares(entity=who, shares=certs, percent=10 * len(certs)))
        g.process(Pass(entity=who))
    g.process(Pass(entity="Cy"))
    assert ledger.percent_of("@pool", "NYC") == 40  # Di and Ann hold 10% each
    g.process(SellShares(entity="Di", shares=("NYC_5",), percent=10))  # 50%: allowed
    assert ledger.percent_of("@pool", "NYC") == 50
    g.process(Pass(entity="Di"))
    assert g.current_entity == "Ann"
    assert_refused(g, SellShares(entity="Ann", shares=("NYC_6",), percent=10), "1830:stock.pool-limit")


def test_tie_in_holdings_keeps_the_old_president():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    g.process(Pass(entity="Cy"))
    events = g.process(BuyShares(entity="Di", shares=("NYC_5",), percent=10))
    assert g.state.ledger.percent_of("Di", "NYC") == g.state.ledger.percent_of("Cy", "NYC") == 20
    assert g.state.corporations["NYC"].president == "Cy"
    assert not any(e.rule == "1830:stock.president" for e in events)


def test_more_shares_take_the_presidency_with_a_certificate_swap():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    g.process(Pass(entity="Cy"))
    g.process(BuyShares(entity="Di", shares=("NYC_4",), percent=10))  # 20% each: Cy stays president
    assert g.state.corporations["NYC"].president == "Cy"
    for who in ["Ann", "Ben", "Cy"]:  # a first-round turn ends after its purchase (nothing may be sold)
        g.process(Pass(entity=who))
    events = g.process(BuyShares(entity="Di", shares=("NYC_5",), percent=10))
    assert g.state.corporations["NYC"].president == "Di"
    assert g.state.ledger.certs("Di", "NYC") == ["NYC_5", "NYC_0"]  # her first two shares went to Cy
    assert g.state.ledger.certs("Cy", "NYC") == ["NYC_1", "NYC_4"]
    assert g.state.players["Di"].cash == 490 - 3 * 90
    assert any(e.rule == "1830:stock.president" for e in events)


def test_operating_order_by_share_price_ties_by_position():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    g.process(Par(entity="Di", corporation="C&O", share_price="90,1,6"))  # same price, arrives second
    g.process(Par(entity="Ann", corporation="PRR", share_price="100,0,6"))
    g.process(Par(entity="Ben", corporation="B&M", share_price="82,2,6"))
    assert g.operating_order_all()[:4] == ["B&O", "PRR", "NYC", "C&O"]  # B&O reached the $100 cell first


def test_equal_price_further_right_operates_first():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))  # $90, column 6; never floats
    g.process(Par(entity="Di", corporation="C&O", share_price="100,0,6"))
    for who, cert in [("Ann", "C&O_1"), ("Ben", "C&O_2"), ("Cy", "C&O_3"), ("Di", "C&O_4")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    while type(g.state.round).__name__ != "StockRound" or g.state.stock_round_num < 2:
        pass_on(g)  # C&O operates without a train: it withholds nothing and moves left to $90 on the top row
    assert g.market.cell(g.state.corporations["C&O"].price).price == 90
    assert g.state.corporations["C&O"].price == (0, 5) and g.state.corporations["NYC"].price == (1, 6)
    assert g.operating_order_all()[:3] == ["B&O", "NYC", "C&O"]  # NYC is further right


def _erie_operating(options=()):
    from gamekit.tracks.actions import Bid

    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], options=options)
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Cy", "DH", 70), ("Di", "MH", 110),
                                ("Ann", "CA", 160), ("Ben", "BO", 220)]:
        g.process(Bid(entity=who, company=company, price=price))
    g.process(Par(entity="Ben", corporation="B&O", share_price="100,0,6"))
    g.process(Par(entity="Cy", corporation="ERIE", share_price="90,1,6"))
    for who, cert in [("Di", "ERIE_1"), ("Ann", "ERIE_2"), ("Ben", "ERIE_3"), ("Cy", "ERIE_4")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    for who in ["Di", "Ann", "Ben", "Cy"]:
        g.process(Pass(entity=who))
    assert g.current_entity == "ERIE"
    return g


def test_erie_59_early_is_the_seeds_option():
    from gamekit.tracks.actions import LayTile

    lay = LayTile(entity="ERIE", hex="E11", tile="59-0", rotation=2)
    assert_refused(_erie_operating(), lay, "1830:track.colour")  # default: green only from phase 3
    g = _erie_operating(options=["seed_erie_59_early"])
    events = g.process(lay)
    assert g.state.board.tiles["E11"] == ("59-0", 2)
    assert events[0].rule == "1830:edition"


def test_delaware_and_hudson_tile_and_token_without_connection():
    from gamekit.tracks.actions import LayTile, PlaceToken
    from gamekit.tracks.board import city_id

    g = nyc_owning_dh()
    assert g.active_step.rule == "1830:or.track" and g.state.corporations["NYC"].cash == 425
    lays = []
    for rotation in range(6):
        try:
            g.fork().process(LayTile(entity="DH", hex="F16", tile="57-0", rotation=rotation))
            lays.append(rotation)
        except gamekit.GameError:
            pass
    assert lays  # F16 (Scranton) is far from NYC's network: only the ability allows it
    assert_refused(g, LayTile(entity="NYC", hex="F16", tile="57-0", rotation=lays[0]), "1830:track.connect")
    events = g.process(LayTile(entity="DH", hex="F16", tile="57-0", rotation=lays[0]))
    assert g.state.corporations["NYC"].cash == 425 - 120 and events[0].data["cost"] == 120
    assert g.active_step.rule == "1830:or.token"
    assert_refused(g, LayTile(entity="NYC", hex="E19", tile="57-1", rotation=1), "1830:or.track")
    assert_refused(g, PlaceToken(entity="DH", city="57-0-0", slot=0, tokener="PRR"), "1830:private.dh")
    # the D&H's token goes only on F16, not on another city such as NYC's home
    assert_refused(g, PlaceToken(entity="DH", city=city_id(g.track, g.state.board, "E19", 0), slot=0),
                   "1830:private.dh")
    g.process(PlaceToken(entity="DH", city="57-0-0", slot=0, tokener="NYC"))  # as 18xx.games logs it
    assert g.state.corporations["NYC"].tokens[:2] == ["E19", "F16"]
    assert g.state.corporations["NYC"].cash == 425 - 120 - 40
