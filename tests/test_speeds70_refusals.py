"""Refusals whose messages are now built only when raised (speeds70: the auction's turn and bids, a private
company's purchase) name the same rule and say the same thing as before, and leave the game exactly as it was; and
the private purchases a corporation is offered, read from the facts' sale terms kept in symbol order, are those a
plain reading of the state gives, along seeded games."""

from __future__ import annotations

import pickle

import pytest

from gamekit.errors import GameError
from gamekit.g18xx import auction, companies
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.actions import Bid


def _refused(game, action) -> GameError:
    """The refusal of ``action``, checked to leave the state as it was."""
    before = pickle.dumps(game.state)
    with pytest.raises(GameError) as caught:
        game.process(action)
    assert game.state == pickle.loads(before)  # equal, field by field (a board restored has a fresh version)
    return caught.value


def test_1894_auction_refusals_name_their_rule_and_change_nothing():
    game = new_bot_game("1894", 4, 1)
    rnd = game.state.round
    who = auction.current_player(game)
    other = next(p for p in game.state.seat_order if p != who)
    cheapest, dearer = rnd.remaining[0], rnd.remaining[1]
    price = auction.price_of(game, cheapest)
    cash = game.state.players[who].cash
    face = game.facts.private(dearer).value

    error = _refused(game, Bid(entity=other, company=cheapest, price=price))
    assert error.rule == "1894:auction.order"
    assert error.message == f"it is {game.name_of(who)}'s turn in the auction, not {game.name_of(other)}'s"

    error = _refused(game, Bid(entity=who, company=cheapest, price=price + 5))
    assert error.rule == "1894:auction.buy-cheapest"
    assert error.message == f"{cheapest} is the cheapest private and costs exactly {game.facts.money(price)}"

    error = _refused(game, Bid(entity=who, company=dearer, price=face))  # the minimum is the face value + 5
    assert error.rule == "1894:auction.bid"
    assert error.message == f"the minimum bid on {dearer} is {game.facts.money(face + 5)}"

    error = _refused(game, Bid(entity=who, company=dearer, price=face + 7))  # 1894 bids in multiples of 5
    assert error.rule == "1894:auction.bid"
    assert error.message == f"a bid is a multiple of {game.facts.money(5)}"

    error = _refused(game, Bid(entity=who, company=dearer, price=cash + 5))
    assert error.rule == "1894:auction.bid"
    assert error.message == f"{game.player(who).name} can bid at most {game.facts.money(cash)} (cash less other bids)"

    game.process(Bid(entity=who, company=dearer, price=face + 5))  # the legal bid is taken
    assert auction.own_bid(game, who, dearer) == face + 5


def _plain_prices(game, corp: str) -> dict[str, tuple[int, int]]:
    """The private companies ``corp`` may buy from players, read plainly: every private a player owns, in symbol
    order, that the facts let a corporation buy, from half to twice its face value, as far as the cash goes."""
    state = game.state
    if not game.facts.phases[state.depot.phase].corporations_buy_privates or state.round.must_discard:
        return {}
    cash = state.corporations[corp].cash
    out = {}
    for sym, owner in sorted(state.private_owner.items()):
        facts = game.facts.private(sym)
        if owner in state.players and facts.may_sell_to_corporation:
            low, high = -(-facts.value // 2), min(2 * facts.value, cash)
            if low <= high:
                out[sym] = (low, high)
    return out


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1894", 4, 2), ("1830", 3, 5)])
def test_private_prices_are_the_plain_reading_along_a_game(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    offered = positions = 0
    while not game.is_over and len(game.actions) < 2500:
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and not rnd.must_discard and not rnd.pending_tokens:
            corp = game.current_entity
            prices = companies._prices(game, corp)
            assert prices == _plain_prices(game, corp), len(game.actions)
            assert list(prices) == sorted(prices)
            positions += 1
            offered += bool(prices)
        game.process(random_action(game, rng))
    assert positions > 100 and offered > 0  # the phases that allow purchases were reached, with offers
