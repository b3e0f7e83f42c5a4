"""1830 rules fixed after the cross-check against the 18xx.games engine (benchmarks/crosscheck.py), each at a
position reached by legal play (of the seeded bots, or scripted)."""

from __future__ import annotations

from gamekit.actions import Pass
from gamekit.tracks.actions import BuyShares, SellShares
from gamekit.tracks.shares import POOL

from .g1830_positions import nyc_floated, nyc_owning_dh, pass_on


def _second_stock_round(actions):
    """nyc_floated, then stock round 2 with ``actions`` (Di sells NYC_1 to the pool first)."""
    game = nyc_floated()
    while game.state.round.__class__.__name__ != "StockRound":
        pass_on(game)
    for action in [SellShares(entity="Di", shares=("NYC_1",), percent=10), Pass(entity="Di"), *actions]:
        game.process(action)
    return game


def test_a_president_selling_half_the_presidents_certificate_keeps_the_pools_first_certificate():
    # by legal play: Ann buys NYC_5 (20%, as Cy after selling NYC_4); Cy, left with the president's certificate
    # only, sells 10% of it, which hands the presidency to Ann
    g = _second_stock_round([BuyShares(entity="Ann", shares=("NYC_5",), percent=10), Pass(entity="Ann"),
                             Pass(entity="Ben"), SellShares(entity="Cy", shares=("NYC_4",), percent=10),
                             Pass(entity="Cy"), Pass(entity="Di"), Pass(entity="Ann"), Pass(entity="Ben")])
    ledger = g.state.ledger
    assert (ledger.certs("Cy", "NYC"), ledger.certs("Ann", "NYC"), ledger.certs(POOL, "NYC")) == \
        (["NYC_0"], ["NYC_2", "NYC_5"], ["NYC_1", "NYC_4"])
    g.process(SellShares(entity="Cy", shares=("NYC_0",), percent=10))
    # Ann's two certificates go to the pool for the president's one; Cy takes back the pool's first: NYC_1
    # (rule 1830:stock.president; the identity 18xx.games logs later actions by)
    assert (ledger.certs("Cy", "NYC"), ledger.certs("Ann", "NYC"), ledger.certs(POOL, "NYC")) == \
        (["NYC_1"], ["NYC_0"], ["NYC_4", "NYC_2", "NYC_5"])
    assert g.state.corporations["NYC"].president == "Ann"


def test_a_president_selling_the_presidents_and_another_certificate_takes_back_the_pools_first():
    # by legal play: in stock round 2 Di sells NYC_1 to the pool and Ann buys NYC_5 and NYC_6;
    # Cy (NYC_0 and NYC_4, 30%) sells 20% naming both certificates, which leaves Ann (30%) the presidency
    g = _second_stock_round([BuyShares(entity="Ann", shares=("NYC_5",), percent=10), Pass(entity="Ann"),
                             Pass(entity="Ben"), Pass(entity="Cy"), Pass(entity="Di"),
                             BuyShares(entity="Ann", shares=("NYC_6",), percent=10), Pass(entity="Ann"),
                             Pass(entity="Ben")])
    ledger = g.state.ledger
    assert (ledger.certs("Cy", "NYC"), ledger.certs(POOL, "NYC")) == (["NYC_0", "NYC_4"], ["NYC_1"])
    g.process(SellShares(entity="Cy", shares=("NYC_4", "NYC_0"), percent=20))
    # both named certificates go to the pool, Ann's first two join them for the president's certificate, and Cy
    # takes back the pool's first (NYC_1) for the 10% the sale leaves over — as the 18xx.games engine does
    # (rule 1830:stock.president; later logged actions name these certificates)
    assert g.state.corporations["NYC"].president == "Ann"
    assert (ledger.certs("Cy", "NYC"), ledger.certs("Ann", "NYC"), ledger.certs(POOL, "NYC")) == \
        (["NYC_1"], ["NYC_6", "NYC_0"], ["NYC_4", "NYC_2", "NYC_5"])


def test_a_corporation_whose_trains_have_no_route_does_not_run():
    # nyc_owning_dh, by legal play: in operating round 3.1 the PRR owns three 2-trains but has laid no track, so
    # no two stops are joined to its station; after its track step it has nothing to run: the route step is
    # skipped and, with nothing earned, it withholds (rule 1830:or.route), as 18xx.games skips the step and its
    # logs hold no run for it
    game = nyc_owning_dh()
    at = len(game.actions) - 3
    position = game.at(at)
    assert position.current_entity == "PRR" and position.trains("PRR") == ("2-0", "2-1", "2-2")
    assert position.active_step.name == "Lay track"
    events = position.process(Pass(entity="PRR"))
    assert [e.text for e in events] == ["PRR passes (lay track)", "PRR withholds $0",
                                        "PRR's share price moves left from $90 to $82 (no revenue)"]
    assert position.active_step.name == "Buy trains"
    assert not any(a.type == "run_routes" for a in position.legal_actions())


def test_corporations_over_the_train_limit_after_a_phase_change_are_asked_in_listing_order():
    """Four heuristic seats, seed 3 (the cross-check's game): the B&M buys the first 5-train; phase 5 cuts the
    limit to two trains, and the C&O (first in operating order) and the B&O each hold three. The B&O, listed
    before the C&O in 1830's corporations, is asked first, as 18xx.games asks (rule ``1830:trains.limit``);
    either may discard first, each its own trains."""
    from gamekit.bots import play_seats
    from gamekit.tracks.actions import BuyTrain, DiscardTrain

    game = play_seats("1830", ["heuristic"] * 4, 3, cap=296)
    buy = game.actions[295]
    assert buy == BuyTrain(entity="B&M", train="5-0", price=450, variant="5", exchange=None)
    g = game.at(296)
    rnd = g.state.round
    assert rnd.order.index("C&O") < rnd.order.index("B&O")
    assert {c: len(g.state.corporations[c].trains) for c in ("B&O", "C&O")} == {"B&O": 3, "C&O": 3}
    assert g.current_entity == "B&O" and g.active_step.name == "Discard a train"
    assert [a.entity for a in g.legal_actions()] == ["B&O"] * 3 + ["C&O"] * 3
    g.process(DiscardTrain(entity="C&O", train="3-1"))  # the C&O may go first
    assert g.current_entity == "B&O" and len(g.state.corporations["C&O"].trains) == 2
    g.process(DiscardTrain(entity="B&O", train="3-3"))
    assert g.current_entity == "B&M" and g.active_step.name == "Buy trains"  # its turn goes on


def test_a_corporation_owning_the_cs_with_its_hex_empty_keeps_its_turn_open():
    """Rule 1830:private.abilities (as 18xx.games plays it): the CS's extra tile on B20 may be laid at any step of
    the owning corporation's turn, so its last step, the private-company purchase, waits for its pass while it owns
    the CS and B20 is empty — also when there is nothing left to buy. By legal play (nyc_owning_dh): the NYC buys
    every private a player may sell it (the CS from Ben, the SV, the CA and the M&H), then passes its steps."""
    from gamekit.tracks.actions import BuyCompany, LayTile

    game = nyc_owning_dh()
    for sym, price in [("CS", 20), ("SV", 10), ("CA", 80), ("MH", 55)]:
        game.process(BuyCompany(entity="NYC", company=sym, price=price))
    assert game.state.corporations["NYC"].cash == 425 - 165 and "B20" not in game.state.board.tiles
    laid_first = game.fork()
    while game.active_step.name != "Buy private companies":
        pass_on(game)
    step = game.active_step
    assert (game.current_entity, step.rule) == ("NYC", "1830:or.buy-company")
    assert step.help == "NYC may still use its private company's ability, or pass."
    assert game.legal_actions() == [Pass(entity="NYC")]  # nothing to buy; only its pass ends the turn
    held = game.fork()
    held.process(Pass(entity="NYC"))
    assert held.current_entity == "PRR"
    game.process(LayTile(entity="CS", hex="B20", tile="3-0", rotation=0))  # the CS lays its tile now instead
    assert game.state.board.tiles["B20"] == ("3-0", 0) and game.current_entity == "PRR"
    # laid at the start of the turn, the tile leaves nothing open: the turn ends after the train step
    laid_first.process(LayTile(entity="CS", hex="B20", tile="3-0", rotation=0))
    while laid_first.current_entity == "NYC" and laid_first.active_step.name != "Buy private companies":
        pass_on(laid_first)
    assert laid_first.current_entity == "PRR"
