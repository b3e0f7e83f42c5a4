"""The heuristic floats its own corporation with certificates from the IPO (``gamekit.bots.h18xx._from_ipo``),
telling which purchase takes one by the IPO's certificate ids now instead of trying each on a fork. Along random
games of each title (positions built by legal play, the bank pool often holding certificates), at every decision
offering purchases, a purchase whose first certificate the IPO holds is exactly one whose fork leaves the IPO a
smaller percentage."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.query import IPO

CASES = [("1830", 4, 2, 800), ("1894", 4, 2, 500), ("1837", 5, 1, 1500)]  # title, players, seed, actions


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_a_purchase_of_an_ipo_certificate_is_one_leaving_the_ipo_less(title, players, seed, cap):
    seen = {"ipo": 0, "other": 0}

    def check(game):
        if game.is_over:
            return
        for buy in (a for a in game.legal_actions() if a.type == "buy_shares"):
            corp = buy.shares[0].rsplit("_", 1)[0]
            if corp not in game.corporations():
                continue
            held = buy.shares[0] in game.certificates(IPO, corp)
            assert held == (game.fork_after(buy).percent(IPO, corp) < game.percent(IPO, corp)), buy
            seen["ipo" if held else "other"] += 1

    play_seats(title, ["random"] * players, seed, cap=cap, watch=check)
    # both kinds are met: purchases from the IPO and from elsewhere (the bank pool)
    assert seen["ipo"] >= 50 and seen["other"] >= 5, seen
