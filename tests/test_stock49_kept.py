"""The shortcuts of stop 49 in the stock round, the private companies and the titles' hooks answer as a fresh
computation does, at the positions of real random games: a player's certificate count and holding excess (kept
as one answer by the ledger), the prices at which a corporation may buy private companies (their terms kept per
title), 1830's M&H exchanges (none listed while no player owns an exchangeable private) and 1894's station tokens
(filtered only while a lifted token waits)."""

from __future__ import annotations

import pytest

from gamekit.g18xx import companies, stock
from gamekit.g18xx.state import StockRound
from gamekit.tracks.shares import IPO, POOL, is_president_cert
from gamekit.tracks.trains import phase

from .bot_positions import operating_positions, random_positions

CASES = [("1830", 4, 3), ("1894", 4, 2), ("1837", 3, 1)]


def _fresh_limits(game, player: str) -> tuple[int, tuple[str, int, int] | None]:
    """``player``'s certificate count and first holding excess, counted from the certificates themselves."""
    state, cells = game.state, game.market.cells
    ledger = state.ledger
    count = len(state.players[player].privates)
    excess = None
    for corp, certs in ledger.holdings.get(player, {}).items():
        if not certs:
            continue
        price = state.corporations[corp].price
        if price is None or cells[price].counts_for_cert_limit:
            count += len(certs)
        held = sum(ledger.percent[c] for c in certs)
        most = game.facts.max_holding_percent_of(corp)
        if excess is None and game.policy.sell_down_to_holding_limit and held > most and price is not None and \
                not cells[price].allows_over_60:
            excess = (corp, held, most)
    return count, excess


@pytest.mark.parametrize("title, players, seed", CASES)
def test_kept_limits_match_a_fresh_count_at_every_stock_position(title, players, seed):
    positions = 0
    for game in random_positions(title, players, seed, 1500):
        if not isinstance(game.state.round, StockRound):
            continue
        positions += 1
        for player in game.state.seat_order:
            fresh = _fresh_limits(game, player)
            assert stock._limits(game, player) == fresh
            assert stock._limits(game, player) == fresh  # the kept answer
    assert positions > 40


def _fresh_prices(game, corp: str) -> dict[str, tuple[int, int]]:
    """The private companies ``corp`` may buy from players now, worked out from the facts of each."""
    state = game.state
    if not phase(game.facts, state.depot).corporations_buy_privates or state.round.must_discard:
        return {}
    out = {}
    for sym, owner in sorted(state.private_owner.items()):
        facts = game.facts.private(sym)
        if owner in state.players and facts.may_sell_to_corporation:
            low, high = -(-facts.value // 2), min(2 * facts.value, state.corporations[corp].cash)
            if low <= high:
                out[sym] = (low, high)
    return out


@pytest.mark.parametrize("title, players, seed", CASES)
def test_private_prices_match_the_facts_at_every_operating_position(title, players, seed):
    offered = 0
    for game, corp in operating_positions(title, players, seed, 2500):
        prices = companies._prices(game, corp)
        assert prices == _fresh_prices(game, corp)
        offered += bool(prices)
    if title != "1837":  # 1837's private companies are sold to no corporation
        assert offered > 0


def _fresh_exchanges(game) -> list[tuple[str, str]]:
    """1830's M&H exchanges open now as (private, certificate): its owner a player, the first 10% certificate of
    the IPO and of the pool, within the holding limit, outside the private auction."""
    from gamekit.g18xx.state import AuctionRound

    state = game.state
    out = []
    for sym, owner in state.private_owner.items():
        ex = game.facts.private(sym).exchange
        if ex is None or owner not in state.players or isinstance(state.round, AuctionRound):
            continue
        for source in (IPO, POOL):
            certs = [c for c in state.ledger.certs(source, ex.corporation) if not is_president_cert(c)]
            if certs and state.ledger.percent_of(owner, ex.corporation) + state.ledger.percent[certs[0]] <= \
                    game.facts.max_holding_percent:
                out.append((sym, certs[0]))
    return out


@pytest.mark.parametrize("seed", [1, 5])
def test_1830_exchanges_match_a_fresh_listing_at_every_position(seed):
    from gamekit.titles.g1830 import privates

    listed = 0
    for game in random_positions("1830", 4, seed, 2500):
        found = [(a.entity, a.shares[0]) for a in privates.exchange_actions(game)]
        assert found == _fresh_exchanges(game)
        listed += bool(found)
    assert listed > 0


@pytest.mark.parametrize("seed", [2, 7])
def test_1894_tokens_are_filtered_only_where_a_lifted_token_waits(seed):
    """Where no lifted token waits, no listed action is closed to its hex (the filter is skipped); everywhere
    the listing holds no closed action and the groups list what the listing lists."""
    from gamekit.titles.g1894 import splits

    positions = 0
    for game in random_positions("1894", 4, seed, 2500):
        if game._turn_corporation() is None or game.state.title.pending_home:
            continue
        positions += 1
        legal = game._legal_actions()
        assert not any(splits.closed_to(game, a) for a in legal)
        assert [a for g in game._action_groups() for a in g.actions()] == legal
    assert positions > 100
