"""What the stock round keeps or works out once, compared with a fresh computation at the positions of random
games of each 18xx title: the par facts kept per title, the one walk over a player's holdings (certificate count
and holding limit), the ledger's most held by a president's challengers, the groups left out where they could
hold nothing, the one pass group per player and the phrases of a price move kept as messages."""

from __future__ import annotations

import pytest

from gamekit.actions import Pass
from gamekit.g18xx import economy, stock
from gamekit.g18xx.state import StockRound
from gamekit.i18n import Message
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

from .fresh_holdings import fresh_excess

CASES = [("1830", 4, 4), ("1894", 3, 5), ("1837", 4, 2)]


def _positions(title: str, players: int, seed: int, cap: int = 3000):
    """Yield every position of the random game ``seed`` (at most ``cap`` actions), each before its action."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    while not game.is_over and len(game.actions) < cap:
        yield game
        game.process(random_action(game, rng))


def _fresh_par_facts(game):
    candidates = [(corp, game.facts.corporation(corp).opens_on, game.facts.corporation(corp).certificates[0])
                  for corp in game.state.corporations if game.facts.corporation(corp).capitalization != "fixed"]
    cells = [(cell.id, cell.price) for cell in game.market.par_cells() if "p" in cell.zones]
    return candidates, cells


def _all_groups_listing(game) -> tuple[dict[str, list], bool]:
    """The stock round's actions by type as every group would list them, none left out (the pars asked of
    ``par_refusal``, the sales of ``sellable_bundles``), and whether the player has a choice (any of them)."""
    who = stock.current_player(game)
    buys = [a for g in stock.action_groups(game) if g.type == "buy_shares" for a in g.actions()]
    pars = [(corp, cell.id) for corp in game.state.corporations for cell in game.market.par_cells()
            if stock.par_refusal(game, who, corp, cell.id) is None]
    sales = [b for corp in game.state.ledger.corporations_of(who) for b in stock.sellable_bundles(game, who, corp)]
    extras = game.stock_round_extras(who)
    return {"par": pars, "buy_shares": buys, "sell_shares": sales}, bool(pars or buys or sales or extras)


@pytest.mark.parametrize("title, players, seed", CASES)
def test_kept_and_shared_stock_answers_equal_a_fresh_computation(title, players, seed):
    """At every position of a random game the ledger's most held by others is the maximum of the others'
    percentages; at every stock-round position the kept par facts, the one-walk limits and the groups (none left
    out that could hold an action, a pass exactly where the player acted or has a choice) are as computed
    afresh."""
    positions = 0
    passes = {}
    for game in _positions(title, players, seed):
        state = game.state
        ledger = state.ledger
        for corp in state.corporations:
            for player in state.seat_order:
                fresh = max([ledger.percent_of(p, corp) for p in state.seat_order if p != player], default=0)
                assert ledger.most_held(corp, state.seat_order, player) == fresh
        if not isinstance(state.round, StockRound):
            continue
        positions += 1
        assert stock._par_facts(game) == _fresh_par_facts(game)
        who = stock.current_player(game)
        assert who == state.seat_order[state.round.index]
        for player in state.seat_order:
            assert stock._limits(game, player) == (economy.cert_count(game, player), fresh_excess(game, player))
        groups = stock.action_groups(game)
        if stock.over_limits(game, who) and [g.type for g in groups] == ["sell_shares"]:
            continue  # the player must sell: test_stockfast_listings checks that listing
        wanted, choice = _all_groups_listing(game)
        by_type = {g.type: list(g.actions()) for g in groups}
        assert [(a.corporation, a.share_price) for a in by_type.get("par", [])] == wanted["par"]
        assert [(a.shares, a.percent) for a in by_type.get("sell_shares", [])] == wanted["sell_shares"]
        assert by_type.get("buy_shares", []) == wanted["buy_shares"]
        assert stock.offers_choice(stock.action_groups(game)) == choice
        assert ("pass" in by_type) == (state.round.acted or choice)
        if "pass" in by_type:
            assert by_type["pass"] == [Pass(entity=who)]
            assert passes.setdefault(who, by_type["pass"][0]) is by_type["pass"][0]  # one per player
    assert positions > 40


def test_a_price_moves_phrases_are_the_messages_built_afresh():
    """The kept messages of a price move's reason and direction render as messages built afresh do, in English
    and with their templates, along the sales of a random 1830 game."""
    game = new_bot_game("1830", 4, 6)
    rng = GameRandom(6 * 7919 + 17)
    moves = 0
    while not game.is_over and len(game.actions) < 1500:
        for event in game.process(random_action(game, rng)):
            if event.kind != "price_move":
                continue
            moves += 1
            why = event.text.values["why"]
            assert isinstance(why, Message)
            fresh = Message(why.template, dict(why.values))
            assert str(why) == str(fresh) and why.template == fresh.template and why.values == fresh.values
            direction = event.text.values.get("direction")
            if isinstance(direction, Message):
                assert str(direction) == direction.template
                assert economy._plain_message(direction.template) is direction
    assert moves > 20


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 3), ("1894", 4, 2)])
def test_the_auctions_groups_are_its_listing_and_ranges_split_by_type(title, players, seed):
    """At every position of a random game's private auction, the groups (ranges worked out once) hold the
    actions :func:`~gamekit.g18xx.auction.legal_actions` lists and the ranges
    :func:`~gamekit.g18xx.auction.ranges` finds, type by type, each range with its template; the bids are checked
    as built (``Action._trusted``)."""
    from gamekit import actions
    from gamekit.actions import is_checked
    from gamekit.choices import groups_of, listed, ranges_in
    from gamekit.g18xx import auction
    from gamekit.g18xx.state import AuctionRound

    seen = 0
    for game in _positions(title, players, seed, cap=400):
        if not isinstance(game.state.round, AuctionRound):
            continue
        seen += 1
        # the checked marks are a memo that forgets them all when full (actions.CHECKED_KEPT): emptied here, so
        # that the marks of this position's groups are still there when asked, whatever other tests marked before
        actions._CHECKED.clear()
        groups = auction.action_groups(game)
        checked = all(is_checked(r.template) for r in ranges_in(groups))
        fresh = groups_of(auction.legal_actions(game), auction.ranges(game))
        assert [g.type for g in groups] == [g.type for g in fresh]
        assert listed(groups) == listed(fresh)
        assert ranges_in(groups) == ranges_in(fresh)
        assert checked
    assert seen > 10
