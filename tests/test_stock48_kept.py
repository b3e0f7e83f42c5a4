"""What the share ledger keeps (``ShareLedger.kept``: a player's certificate count toward the limit, their excess
over a holding limit), compared with a fresh count from the certificates and the market at every position of
random games of each 18xx title, in every round (prices move in operating rounds too), and in a copy of the
state (a snapshot carries the kept answers); and the stock-round pass and end-of-turn events said once per
player."""

from __future__ import annotations

import pickle

import pytest

from gamekit.g18xx import economy, stock
from gamekit.g18xx.state import StockRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

from .fresh_holdings import fresh_excess

CASES = [("1830", 4, 4), ("1830", 5, 6), ("1894", 3, 5), ("1837", 4, 2)]


def _positions(title: str, players: int, seed: int, cap: int = 2500):
    """Yield every position of the random game ``seed`` (at most ``cap`` actions), each before its action."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    with game.batch():  # as the bots play: the stock round's groups carried from one action to the next
        while not game.is_over and len(game.actions) < cap:
            yield game
            game.process(random_action(game, rng))


def _fresh_count(game, player: str) -> int:
    """``player``'s certificates counting toward the limit, from the certificates and the market themselves."""
    state = game.state
    count = len(state.players[player].privates)
    for cert, holder in state.ledger.owner.items():
        if holder == player:
            price = state.corporations[cert.rsplit("_", 1)[0]].price
            count += price is None or game.market.cells[price].counts_for_cert_limit
    return count


@pytest.mark.parametrize("title,players,seed", CASES)
def test_kept_counts_match_fresh_ones_at_every_position(title, players, seed):
    checked = kept_used = moved = 0
    last_prices = None
    for game in _positions(title, players, seed):
        prices = {c: s.price for c, s in game.state.corporations.items()}
        moved += last_prices is not None and prices != last_prices
        last_prices = prices
        ledger = game.state.ledger
        for player in game.state.players:
            kept_used += "counted shares" in ledger.kept(player)  # an answer kept from an earlier position
            fresh = (_fresh_count(game, player), fresh_excess(game, player))
            assert stock._limits(game, player) == fresh, (len(game.actions), player)
            assert economy.cert_count(game, player) == fresh[0]
            checked += 1
    assert checked > 1000 and kept_used > 100 and moved > 10  # real reuse, across price moves


@pytest.mark.parametrize("title,players,seed", CASES[:1] + CASES[-1:])
def test_a_copy_of_the_state_carries_true_kept_answers(title, players, seed):
    for game in _positions(title, players, seed, cap=1200):
        if len(game.actions) % 97:
            continue
        for player in game.state.players:
            stock._limits(game, player)  # kept in the live ledger, then copied with it
        copy = pickle.loads(pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL))
        for player in game.state.players:
            assert copy.ledger.kept(player) == game.state.ledger.kept(player)
        live = game.state
        game.state = copy
        try:
            for player in copy.players:
                assert stock._limits(game, player) == (_fresh_count(game, player), fresh_excess(game, player))
        finally:
            game.state = live


def test_a_move_of_a_certificate_or_of_a_price_across_zone_effects_forgets_the_kept_answers():
    """A move of a player's certificate forgets the answers about them; a move of a price marker forgets every kept
    answer only where it changes what they read of a price. They read a price only as whether the corporation has
    one and, of its cell, ``counts_for_cert_limit`` (``economy.counted_shares``, ``stock._holdings_walk``) and
    ``allows_over_60`` (``stock._holdings_walk``, 1837's ``selling._over_limit``): every other input is the
    holdings, which only ``ShareLedger.move`` changes, forgetting the answers it touches. So a marker moving
    between two cells alike in both effects leaves each kept answer equal to the one worked out afresh, and these
    are the moves that keep them (``economy.set_price``)."""
    for game in _positions("1830", 4, 4):
        if isinstance(game.state.round, StockRound) and game.state.stock_round_num == 2:
            break
    ledger = game.state.ledger
    player = next(p for p in game.state.players if ledger.corporations_of(p))
    before = economy.cert_count(game, player)
    corp = ledger.corporations_of(player)[0]
    cert = ledger.certs(player, corp)[-1]
    ledger.move(cert, "@pool")
    assert economy.cert_count(game, player) == before - 1 == _fresh_count(game, player)
    market = game.market
    price = game.state.corporations[corp].price
    alike = market.down(price)
    assert alike != price and economy._zone_effects_differ(market.cells[price], market.cells[alike]) is False
    economy.cert_count(game, player)
    economy.set_price(game, corp, alike)  # a step inside one zone: the answers stay, and stay true
    assert "counted shares" in ledger.kept(player)
    assert economy.cert_count(game, player) == _fresh_count(game, player)
    assert stock._limits(game, player) == (_fresh_count(game, player), fresh_excess(game, player))
    other = next(cell for cell in market.cells if economy._zone_effects_differ(market.cells[alike], market.cells[cell]))
    economy.set_price(game, corp, other)  # into a cell of other effects (1830's yellow zone): all forgotten
    assert ledger.kept(player) == {}
    assert economy.cert_count(game, player) == _fresh_count(game, player)


def test_pass_and_end_of_turn_events_are_said_once_per_player():
    said = {}
    for game in _positions("1830", 4, 4, cap=1500):
        if not isinstance(game.state.round, StockRound):
            continue
        who = stock.current_player(game)
        for kind, text in (("pass", f"{game.player(who).name} passes"),
                           ("end_turn", f"{game.player(who).name} ends the turn")):
            event = stock._turn_event(game, who, kind)
            assert (event.kind, str(event.text), event.rule, event.data) == (kind, text, "1830:stock.round", {})
            assert said.setdefault((who, kind), event) is event
    assert len(said) == 8
