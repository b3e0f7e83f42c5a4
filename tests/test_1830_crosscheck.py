"""1830 rules fixed after the cross-check against the 18xx.games engine (benchmarks/crosscheck.py), each at a
position reached by legal play of the seeded bots."""

from __future__ import annotations

from gamekit.bots import play_seats
from gamekit.tracks.actions import SellShares
from gamekit.tracks.shares import POOL


def test_a_president_selling_half_the_presidents_certificate_keeps_the_pools_first_certificate():
    # random bots, 4 players, seed 1: P4 holds only the B&O president's certificate (20%), P2 two 10% ones
    game = play_seats("1830", ["random"] * 4, 1, cap=30)
    ledger = game.state.ledger
    assert (ledger.certs("P4", "B&O"), ledger.certs("P2", "B&O"), ledger.certs(POOL, "B&O")) == \
        (["B&O_0"], ["B&O_1", "B&O_3"], [])
    game.process(SellShares(entity="P4", shares=("B&O_0",), percent=10))
    # P2's two certificates go to the pool for the president's one; P4 takes back the pool's first: B&O_1
    # (rule 1830:stock.president; the identity 18xx.games logs later actions by)
    assert (ledger.certs("P4", "B&O"), ledger.certs("P2", "B&O"), ledger.certs(POOL, "B&O")) == \
        (["B&O_1"], ["B&O_0"], ["B&O_3"])
    assert game.state.corporations["B&O"].president == "P2"
