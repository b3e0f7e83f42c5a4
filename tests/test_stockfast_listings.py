"""The stock round's listings take shortcuts (checks shared by every candidate made once, the pool and presidency
limits worked out bundle by bundle, the ledger's kept percentages): along random games of each 18xx title they
must list exactly what asking the refusal functions about every candidate lists, and the ledger's percentages
must equal its certificates summed."""

from __future__ import annotations

import pytest

from gamekit.g18xx import stock
from gamekit.g18xx.state import OperatingRound, StockRound
from gamekit.simulate import new_bot_game, random_action
from gamekit.rng import GameRandom
from gamekit.tracks.shares import IPO, POOL, is_president_cert

CASES = [("1830", 4, 2), ("1894", 3, 3), ("1837", 4, 1)]


def _played(title: str, players: int, seed: int, cap: int):
    """Yield the positions of the random game ``seed`` (at most ``cap`` actions), each before its action."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    while not game.is_over and len(game.actions) < cap:
        yield game
        game.process(random_action(game, rng))


def _every_sale(game, who: str, protect: str | None = None) -> list[tuple[tuple[str, ...], int]]:
    """Every candidate sale of ``sellable_bundles``'s shape that ``sell_refusal`` accepts, asked one by one."""
    ledger, unit = game.state.ledger, game.policy.share_unit
    found = []
    for corp in ledger.corporations_of(who):
        certs = ledger.certs(who, corp)
        ordinary = [c for c in certs if not is_president_cert(c)]
        for n in range(1, len(ordinary) + 1):
            bundle = tuple(ordinary[:n])
            percent = sum(ledger.percent[c] for c in bundle)
            if stock.sell_refusal(game, who, bundle, percent, protect) is None:
                found.append((bundle, percent))
        if len(ordinary) < len(certs):
            whole = (*ordinary, f"{corp}_0")
            for percent in range(unit, ledger.percent_of(who, corp) + 1, unit):
                if stock.sell_refusal(game, who, whole, percent, protect) is None:
                    found.append((whole, percent))
    return found


def _every_buy(game, who: str) -> list[tuple[str, int]]:
    """Per corporation and source (IPO, then pool), the first certificate it sells (not a president's certificate
    bought by parring, not reserved) where ``buy_refusal`` accepts it."""
    ledger = game.state.ledger
    found = []
    for corp in game.state.corporations:
        for source in (IPO, POOL):
            offered = [c for c in ledger.certs(source, corp)
                       if not (is_president_cert(c) and game.president_cert_by_par(corp))
                       and not (source == IPO and game.reserved_now(c))]
            if offered and stock.buy_refusal(game, who, offered[0]) is None:
                found.append((offered[0], ledger.percent[offered[0]]))
    return found


def _every_par(game, who: str) -> list[tuple[str, str]]:
    """Every corporation and par cell that ``par_refusal`` accepts."""
    return [(corp, cell.id) for corp in game.state.corporations for cell in game.market.par_cells()
            if stock.par_refusal(game, who, corp, cell.id) is None]


def _listed(game, kind: str) -> list:
    return [a for g in stock.action_groups(game) if g.type == kind for a in g.actions()]


@pytest.mark.parametrize("title, players, seed", CASES)
def test_stock_listings_equal_the_refusals_asked_of_every_candidate(title, players, seed):
    """At every stock-round position of a random game the pars, purchases and sales
    listed are those the refusal functions accept, in the same order; the player over a limit is offered only
    sales when any is legal."""
    seen = 0
    for game in _played(title, players, seed, 20_000):
        if not isinstance(game.state.round, StockRound):
            continue
        seen += 1
        who = stock.current_player(game)
        sales = [(a.shares, a.percent) for a in _listed(game, "sell_shares")]
        assert sales == _every_sale(game, who), (title, len(game.actions))
        if stock.over_limits(game, who) and sales:
            assert [g.type for g in stock.action_groups(game)] == ["sell_shares"]
            continue
        assert [(a.shares[0], a.percent) for a in _listed(game, "buy_shares")] == _every_buy(game, who)
        assert [(a.corporation, a.share_price) for a in _listed(game, "par")] == _every_par(game, who)
    assert seen > 50


@pytest.mark.parametrize("title, players, seed", CASES[:2])
def test_emergency_sales_equal_the_refusals_asked_of_every_candidate(title, players, seed):
    """At every train-purchase step of a random game's operating rounds, every player's
    sales to raise money for the operating corporation (its presidency kept, rule ``trains.emergency``) are
    those ``sell_refusal`` accepts (1830 and 1894: 1837's random games rarely offer one)."""
    seen = 0
    for game in _played(title, players, seed, 20_000):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.step != "buy_train" or rnd.must_discard:
            continue
        corp = rnd.order[rnd.index]
        for player in game.state.players:
            listed = [b for c in game.state.ledger.corporations_of(player)
                      for b in stock.sellable_bundles(game, player, c, protect=corp)]
            assert listed == _every_sale(game, player, protect=corp), (title, len(game.actions), player)
            seen += bool(listed)
    assert seen > 10


@pytest.mark.parametrize("title, players, seed", CASES)
def test_the_ledgers_percentages_are_its_certificates_summed(title, players, seed):
    """After every action of a random game, ``percent_of`` (kept by the ledger as certificates move) equals the
    percentages of the certificates each holder holds, for every holder and corporation."""
    for game in _played(title, players, seed, 20_000):
        ledger = game.state.ledger
        for holder, corps in ledger.holdings.items():
            for corp, certs in corps.items():
                assert ledger.percent_of(holder, corp) == sum(ledger.percent[c] for c in certs), \
                    (title, len(game.actions), holder, corp)
        assert ledger.percent_of("nobody", "NYC") == 0
