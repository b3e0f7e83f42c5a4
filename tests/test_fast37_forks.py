"""Forks restore their state only when it is first read, and their first action keeps the snapshot they came from
as the position before it (``Game.fork``); what a game keeps of its title's facts (the train types carrying an
event, the private companies) and the train purchases kept by their values give the answers found afresh."""

from __future__ import annotations

import pytest

from gamekit.errors import GameError
from gamekit.g18xx import trainbuy
from gamekit.g18xx.game import _carriers
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks.trains import phase


def played(title: str, seed: int, count: int):
    """A random-bot game of ``title`` for four players, ``count`` actions (fewer if it ends)."""
    game = game_class(title)(["P1", "P2", "P3", "P4"], seed=seed)
    rng = GameRandom(seed)
    while not game.is_over and len(game.actions) < count:
        game.process(random_action(game, rng))
    return game


@pytest.mark.parametrize("title", ["1830", "1837", "continental-divide"])
def test_a_fork_keeps_the_snapshot_it_came_from_as_the_position_before_its_action(title):
    game = played(title, 3, 60)
    action = random_action(game, GameRandom(9))  # listed on the game, as a bot lists before it forks
    fork = game.fork()
    snapshot = fork._unread_snapshot()
    assert snapshot is not None and "state" not in fork.__dict__
    fork.process(action)
    assert fork._snapshots[-1] is snapshot  # not a second copy of the same position
    fork.undo()
    assert fork.state == game.state and fork.state is not game.state
    assert fork.to_json() == game.to_json()


def test_a_fork_of_an_unread_fork_shares_its_snapshot_and_neither_sees_the_others_actions():
    game = played("1837", 4, 80)
    first = game.fork()
    second = first.fork()
    assert second._unread_snapshot() is first._unread_snapshot()
    first.process(random_action(game, GameRandom(5)))
    assert second.state == game.state != first.state
    second.process(random_action(second, GameRandom(6)))
    assert game.state == game.fork().state and len(game.actions) == 80


def test_a_fork_set_by_hand_before_its_action_keeps_the_hand_set_position_for_a_refusal():
    game = played("1830", 2, 40)
    fork = game.fork()
    player = fork.state.seat_order[0]
    fork.state.players[player].cash = 7  # read (so restored) and changed by hand: its own snapshot is taken
    with pytest.raises(GameError):
        fork.process(type(fork.legal_actions()[0]).__mro__[0].unchecked(entity="nobody"))
    assert fork.state.players[player].cash == 7
    replaced = game.fork()
    replaced.state = game.state_at(len(game.actions) - 1)  # set by hand, never read: its value is the position
    assert replaced._unread_snapshot() is None
    assert replaced.state == game.state_at(len(game.actions) - 1)


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_kept_event_carriers_private_companies_and_train_limits_are_the_facts_along_a_game(title):
    game = game_class(title)(["P1", "P2", "P3", "P4"], seed=11)
    rng = GameRandom(11)
    events = sorted({e for t in game.facts.trains for e in t.events})
    while not game.is_over and len(game.actions) < 2500:
        sold = game.state.depot.sold_types
        for event in events:
            assert game.event_fired(event) == any(name in sold for name in _carriers(game.facts, event))
        assert game.private_symbols() == frozenset(game._private_symbols())
        for corp in game.state.corporations if len(game.actions) % 25 == 0 else ():
            assert game.train_limit_of(corp) == game.facts.train_limit(corp, phase(game.facts, game.state.depot))
        game.process(random_action(game, rng))
    assert any(game.event_fired(e) for e in events) or not events


def test_kept_train_purchases_equal_fresh_ones_along_a_game():
    game = game_class("1837")(["P1", "P2", "P3", "P4"], seed=12)
    rng = GameRandom(12)
    seen = 0
    while not game.is_over and len(game.actions) < 1500:
        for rng_ in game.action_ranges():
            if rng_.template.type == "buy_train":
                t = rng_.template
                assert (t.entity, t.train, t.price, t.variant, t.exchange) == \
                    (t.entity, t.train, rng_.low, t.train.rsplit("-", 1)[0], t.exchange)
                trainbuy._PURCHASES.clear()
                trainbuy._TEMPLATES.clear()
                fresh = trainbuy._purchase(t.entity, t.train, rng_.low, rng_.high, t.exchange)
                assert fresh == rng_
                seen += 1
        game.process(random_action(game, rng))
    assert seen > 20


def test_the_1837_entity_is_the_steps_along_a_game():
    game = game_class("1837")(["P1", "P2", "P3", "P4"], seed=13)
    rng = GameRandom(13)
    kinds = set()
    while not game.is_over and len(game.actions) < 1500:
        assert game.current_entity == game._step().entity
        kinds.add(type(game.state.round).__name__)
        game.process(random_action(game, rng))
    assert {"StockRound", "OperatingRound", "PacketRound"} <= kinds
