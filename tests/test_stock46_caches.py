"""The stock round's kept facts and its ledger reads agree with a fresh computation along random games: each
corporation's smallest certificate and holding limit (kept once per title's facts), what a holder holds of each
corporation (the ledger's own record), and who is over a holding limit."""

from __future__ import annotations

import pytest

from gamekit.g18xx import stock
from gamekit.g18xx.economy import cert_count
from gamekit.g18xx.state import StockRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

CASES = [("1830", 4, 3), ("1894", 4, 2), ("1837", 3, 1)]


def _stock_positions(title: str, players: int, seed: int, cap: int = 1500):
    """Yield the stock-round positions of the random game ``seed`` (at most ``cap`` actions), each before its
    action."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    while not game.is_over and len(game.actions) < cap:
        if isinstance(game.state.round, StockRound):
            yield game
        game.process(random_action(game, rng))


def _over_holding_limit_fresh(game, player: str) -> str | None:
    """The corporation ``player`` holds more of than its holding limit, outside the zones allowing it, counted
    from the certificates themselves; ``None`` if none (or the title does not make players sell down)."""
    if not game.policy.sell_down_to_holding_limit:
        return None
    ledger = game.state.ledger
    for corp, certs in ledger.holdings.get(player, {}).items():
        price = game.state.corporations[corp].price
        if not certs or price is None or game.market.cells[price].allows_over_60:
            continue
        if sum(ledger.percent[c] for c in certs) > game.facts.max_holding_percent_of(corp):
            return corp
    return None


@pytest.mark.parametrize("title, players, seed", CASES)
def test_kept_stock_facts_and_ledger_reads_match_a_fresh_count(title, players, seed):
    positions = 0
    for game in _stock_positions(title, players, seed):
        positions += 1
        kept = stock._corporation_facts(game)
        fresh = {c.sym: (min(c.certificates), game.facts.max_holding_percent_of(c.sym))
                 for c in game.facts.corporations}
        assert kept == fresh
        ledger = game.state.ledger
        for player in game.state.seat_order:
            held = {corp: pct for corp, pct in ledger.held_by(player).items() if pct}
            assert held == {corp: sum(ledger.percent[c] for c in certs)
                            for corp, certs in ledger.holdings.get(player, {}).items() if certs}
            count, over = stock._limits(game, player)
            assert count == cert_count(game, player)
            corp = _over_holding_limit_fresh(game, player)
            assert (over is None) == (corp is None)
            if corp is not None:
                assert over[0] == corp and over[1] == ledger.percent_of(player, corp)
    assert positions > 40  # the random game reaches several stock rounds


def test_kept_exchangeable_privates_match_the_facts_along_a_random_1830_game():
    """1830's M&H is the one private exchanged for a certificate; the kept set answers as the facts do at every
    position of a random game, and the step's action types offer ``buy_shares`` exactly where a player owns it."""
    from gamekit.titles.g1830 import privates

    game = new_bot_game("1830", 4, 5)
    rng = GameRandom(5 * 7919 + 17)
    owned = 0
    while not game.is_over and len(game.actions) < 800:
        fresh = frozenset(p.sym for p in game.facts.privates if p.exchange is not None)
        assert privates.exchangeable_privates(game) == fresh == {"MH"}
        if game.state.private_owner.get("MH") in game.state.players:
            owned += 1
            assert "buy_shares" in game._action_types()
        game.process(random_action(game, rng))
    assert owned > 5  # a player holds the M&H for a while (seed 5: 12 positions)
