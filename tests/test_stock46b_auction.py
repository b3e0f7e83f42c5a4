"""The private auction's bid ranges, which read the player's free cash and the private under auction once per
listing, agree with :func:`~gamekit.g18xx.auction.min_bid` and :func:`~gamekit.g18xx.auction.max_bid` asked
afresh for each private, along random games."""

from __future__ import annotations

import pytest

from gamekit.g18xx import auction
from gamekit.g18xx.state import AuctionRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

CASES = [("1830", 4, 3), ("1830", 3, 5), ("1894", 4, 2)]


def _fresh_ranges(game) -> list[tuple[str, int, int]]:
    """Each biddable private with its lowest and highest bid, from the one-private functions."""
    rnd = game.state.round
    who = auction.current_player(game)
    company = auction.auctioning(game)
    step = game.policy.bid_multiple or 1
    out = []
    for c in [company] if company else rnd.remaining:
        low, high = auction.min_bid(game, c), auction.max_bid(game, who, c)
        if c == rnd.remaining[0] and not company and low <= high:
            high = low
        if low <= high and low % step == 0:
            out.append((c, low, high - (high - low) % step))
    return out


@pytest.mark.parametrize("title, players, seed", CASES)
def test_auction_ranges_match_fresh_bids(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    positions = bids = 0
    while not game.is_over and len(game.actions) < 400:
        if isinstance(game.state.round, AuctionRound) and not game.state.round.pending_pars:
            positions += 1
            listed = [(r.template.company, r.low, r.high) for r in auction.ranges(game)]
            assert listed == _fresh_ranges(game)
            bids += len(listed)
        game.process(random_action(game, rng))
    assert positions > 5 and bids > positions
