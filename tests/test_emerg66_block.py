"""1837's emergency sale keeps to one block per corporation (rule ``1837:stock.sell``: the president sells "under
the normal rules", ``1837:trains.emergency``). Found replaying the bench's game (3 players, seed 10) in 18xx.games:
CL must buy a train, its president P1 sells TI_3 (action 3931) and KK_3 (3932); gamekit then offered KK_2, a second,
separate sale of KK in the same emergency, which 18xx.games refuses ("Cannot sell shares of KK").

The position after action 3932, by hand: CL holds 56 K and P1 396 K, 452 K together, below the cheapest train the
bank sells (470 K). KK is at 54 K, the market's floor (row 8, column 0); the pool holds 40% of it and P1 20% (KK_2,
KK_9): a 10% sale would still fit the pool's 50%, and only the one-block rule forbids it. P1's other holdings sell
nothing (GT, BH, TR, SD: the pool holds 50% of each; UG has not operated; CL is the corporation buying and P1 would
lose its presidency). Left: a train of another corporation for more than the 398 K there was before the KK sale
(452 − 54), up to 452 K, or the bankruptcy, since selling everything else raises nothing (18xx.games offers both,
its train step's ``spend_minmax`` and ``can_go_bankrupt?``: 452 K < 470 K)."""

import json

import pytest

from gamekit import load_json
from gamekit.errors import GameError
from gamekit.g18xx import trainbuy
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import Bankrupt, BuyTrain, SellShares
from gamekit.tracks.shares import POOL

SECOND_KK_SALE = SellShares(entity="P1", shares=("KK_2",), percent=10)


@pytest.fixture(scope="module")
def emergency():
    """The bench's 1837 game (3 players, seed 10) after action 3932: CL's emergency, TI and KK sold."""
    return play_random_game("1837", 3, 10, cap=3932)


def test_the_bench_game_reaches_cl_emergency_after_two_sales(emergency):
    assert [a.sentence() for a in emergency.actions[3930:]] == ["P1 sells 10% of TI (TI_3)",
                                                               "P1 sells 10% of KK (KK_3)"]
    state = emergency.state
    assert (emergency.current_entity, state.round.step) == ("CL", "buy_train")
    assert (state.corporations["CL"].cash, state.players["P1"].cash, trainbuy.cheapest_price(emergency)) == \
        (56, 396, 470)
    kk = state.corporations["KK"]
    assert (kk.price, emergency.market.cell(kk.price).price) == ((8, 0), 54)
    assert (state.ledger.percent_of(POOL, "KK"), state.ledger.certs("P1", "KK")) == (40, ["KK_2", "KK_9"])
    assert state.title.turn_sales == ["TI", "KK"]


def test_before_the_kk_sale_both_blocks_of_kk_were_offered(emergency):
    before = emergency.at(3931)  # after TI_3: KK not sold yet in this emergency
    sales = [a.sentence() for a in before.legal_actions() if a.type == "sell_shares"]
    assert sales == ["P1 sells 10% of KK (KK_3)", "P1 sells 20% of KK (KK_3, KK_2)"]


def test_a_second_sale_of_kk_in_the_same_emergency_is_refused_and_changes_nothing(emergency):
    game = emergency.fork()
    before = game._snapshot()
    with pytest.raises(GameError) as refused:
        game.process(SECOND_KK_SALE)
    assert refused.value.rule == "1837:stock.sell"
    assert "KK" in str(refused.value)
    assert game._snapshot() == before and len(game.actions) == 3932
    assert SECOND_KK_SALE not in game.legal_actions()


def test_what_is_offered_instead_is_another_corporation_train_or_the_bankruptcy(emergency):
    listed = emergency.legal_actions()
    assert not [a for a in listed if a.type == "sell_shares"]
    assert [a for a in listed if a.type == "bankrupt"] == [Bankrupt(entity="CL")]
    ranges = emergency.action_ranges()
    assert len(ranges) == 16 and all(isinstance(r.template, BuyTrain) for r in ranges)
    assert {(r.low, r.high) for r in ranges} == {(399, 452)}  # more than 452 − 54, at most CL's and P1's 452 K
    assert {r.template.train for r in ranges} >= {"3-0", "3+1-0", "4-1"}


def test_the_bankruptcy_leaves_kk_unsold_in_the_pool(emergency):
    game = emergency.fork()
    events = game.process(Bankrupt(entity="CL"))
    assert not [e for e in events if e.kind == "sell"]  # nothing else P1 holds may be sold either
    state = game.state
    assert state.players["P1"].bankrupt
    assert state.ledger.certs(POOL, "KK")[-2:] == ["KK_2", "KK_9"]  # moved, not sold: its price stays at 54 K
    assert emergency.market.cell(state.corporations["KK"].price).price == 54
    assert (state.corporations["CL"].cash, state.corporations["CL"].president) == (56 + 396, "P2")


def test_the_emergency_sales_survive_undo_fork_and_a_saved_game(emergency):
    game = emergency.fork()
    assert game.why_illegal(SECOND_KK_SALE).rule == "1837:stock.sell"
    loaded = load_json(json.loads(game.to_json()))
    assert loaded.state.title.turn_sales == ["TI", "KK"]
    assert loaded.why_illegal(SECOND_KK_SALE).rule == "1837:stock.sell"
    game.undo()  # KK_3's sale taken back: KK is sold in neither block yet
    assert game.state.title.turn_sales == ["TI"]
    assert game.why_illegal(SellShares(entity="P1", shares=("KK_3", "KK_2"), percent=20)) is None
    game.redo()
    assert game.why_illegal(SECOND_KK_SALE).rule == "1837:stock.sell"


def test_the_purchase_ends_the_emergency(emergency):
    game = emergency.fork()
    game.process(BuyTrain(entity="CL", train="3+1-0", price=421, variant="3+1"))
    assert game.state.round.emergency_sale is None
    assert game.sale_refusal("P1", "KK") is None  # the emergency's sales belong to CL's turn only
