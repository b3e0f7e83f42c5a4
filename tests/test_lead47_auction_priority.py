"""1830's priority deal after the private auction (rule ``1830:stock.priority``): it goes to the player after the
last one who bought a private outright, and a player made to take the Schuylkill Valley for free bought it
outright; privates won by bids afterwards do not count. The position is the one where an unseen 18xx.games game
(4 players, random seed 8002 of the cross-check) showed gamekit giving the deal one seat too early."""
from gamekit.tracks.actions import Bid, Par
from gamekit.actions import Pass
from gamekit.titles import game_class


def _forced_take_then_bids():
    game = game_class("1830")(["P1", "P2", "P3", "P4"], seed=1)
    bids = {1: ("P1", "CS", 594), 4: ("P4", "BO", 403), 7: ("P3", "CS", 599), 10: ("P2", "DH", 354),
            18: ("P2", "CA", 167), 24: ("P4", "MH", 184)}
    seats = ["P1", "P2", "P3", "P4"]
    for n in range(1, 33):
        who = seats[(n - 1) % 4]
        if n in bids:
            player, company, price = bids[n]
            assert player == who
            game.process(Bid(entity=who, company=company, price=price))
        else:
            game.process(Pass(entity=who))
    return game


def test_the_player_made_to_take_the_schuylkill_valley_passes_the_priority_deal_on():
    game = _forced_take_then_bids()
    assert game.privates("P1") == ("SV",)  # everyone passed at $0: the next player, P1, had to take it
    assert game.current_entity == "P1"  # the bid-off for CS between P1 and P3: P1, the lower bid, acts
    game.process(Pass(entity="P1"))  # leaves it: CS, DH, MH, CA and BO are sold on bids, BO to P4
    assert game.current_entity == "P4"  # who must par the B&O
    game.process(Par(entity="P4", corporation="B&O", share_price="76,3,6"))
    assert game.active_step.rule == "1830:stock.round"
    assert game.current_entity == "P2"  # after P1, who took the SV for free; not after P4, who won the BO by bid
