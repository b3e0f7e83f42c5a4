"""1837's rusting takes a rusted type out of the game, the copies the bank has not sold yet too (rule
``1837:trains.rust``): found by the cross-check against the 18xx.games engine (issue 36, 5 players, heuristic bots,
seed 720), where gamekit let a company buy the bank's last 2G-train after the first 4G-train had rusted the 2G.
In 1837 the goods trains are a roster beside the passenger trains, so a goods type may rust before the bank has
sold it out. Checked on a position of that game played legally by gamekit's bots, replayed action by action by our
rules (the position is asserted before the rule is)."""

from __future__ import annotations

from functools import lru_cache

import pytest

import gamekit
from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.tracks.actions import BuyTrain
from gamekit.tracks.trains import for_sale, rusted, train_facts, train_name

SEED, PLAYERS, AT = 720, 5, 1017


@lru_cache(maxsize=None)
def _actions() -> tuple:
    """The bot game's first ``AT`` actions, as gamekit's heuristic bots played them."""
    return tuple(play_seats("1837", ["heuristic"] * PLAYERS, SEED, cap=AT).actions)


def _game(n: int = AT) -> gamekit.Game:
    """A new game (players P1…P5) after the bot game's first ``n`` actions, replayed by our rules."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, PLAYERS + 1)])
    with game.batch():
        for action in _actions()[:n]:
            game.process(action)
    return game


def test_the_bank_no_longer_sells_a_goods_train_type_rusted_before_it_sold_out():
    """UG has bought the first 4G-train (1000 K), which rusts the 2G-trains (and the 1G): no company holds one any
    more, but one 2G-train was still unsold in the bank. TR (557 K, one 3+1-train, limit 2) is at its train step:
    the bank's list holds no 2G-train, and buying the unsold 2G-5 at its price (230 K) is refused under
    ``1837:trains.buy``, the game unchanged. The bank still sells the next 5-train, the 3G and the next 4G."""
    game = _game()
    state = game.state
    assert game.current_entity == "TR" and state.round.step == "buy_train"
    assert state.corporations["TR"].cash == 557 and state.corporations["TR"].trains == ["3+1-0"]
    assert game.train_limit_of("TR") == 2
    assert "4G-0" in state.corporations["UG"].trains and "4G" in state.depot.sold_types
    assert train_facts(game.facts, "2G-5").rust_triggers == ("4G",)
    assert not any(train_name(t) in ("1G", "2G") for c in state.corporations.values() for t in c.trains)
    assert set(rusted(game.facts, state.depot)) == {"2", "3", "1G", "2G"}

    assert game.trains_for_sale() == ("5-1", "3G-0", "4G-1")
    assert not any(train_name(t) == "2G" for t in for_sale(game.facts, state.depot))
    assert not any(a.type == "buy_train" and train_name(a.train) == "2G" for a in game.legal_actions())

    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(BuyTrain(entity="TR", train="2G-5", price=train_facts(game.facts, "2G-5").price,
                              variant="2G", exchange=None))
    assert refused.value.rule == "1837:trains.buy"
    assert game.state == before


def test_the_first_4g_train_takes_the_unsold_2g_trains_out_of_the_bank():
    """Six actions earlier UG (one 4-, one 3+1- and one 1G-train surrendered) is at its train step with no 4G
    sold yet: the 2G-trains are in play, the bank lists its last one, 2G-5, beside the 3G, the first 4G and three
    surrendered 1G-trains. UG buys 4G-0 for 1000 K: the 2G and 1G rust, and the bank's list keeps the next
    5-train, the 3G and the next 4G only."""
    game = _game(AT - 5)
    state = game.state
    assert game.current_entity == "UG" and state.round.step == "buy_train"
    assert "4G" not in state.depot.sold_types and "2G" not in rusted(game.facts, state.depot)
    assert state.depot.discarded == ["1G-3", "1G-1", "1G-7"]
    assert game.trains_for_sale() == ("5-1", "2G-5", "3G-0", "4G-0", "1G-3", "1G-1", "1G-7")
    game.process(_actions()[AT - 5])
    assert state.corporations["UG"].trains[-1] == "4G-0"
    assert {"1G", "2G"} <= set(rusted(game.facts, game.state.depot))
    assert game.trains_for_sale() == ("5-1", "3G-0", "4G-1")
