"""``Game.fork_after`` is ``fork()`` then ``process()``, keeping the snapshot the fork came from as the position
before its action (forks of one position never see each other's actions); what a game keeps of its title's facts
(the train types carrying an event, the private companies, the train limits), the 1837 entity named without the
step, and the train purchases kept by their values give the answers found afresh."""

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
def test_fork_after_is_fork_then_process_and_keeps_the_snapshot_it_came_from(title):
    game = played(title, 3, 60)
    action = random_action(game, GameRandom(9))
    after = game.fork_after(action)
    forked = game.fork()
    events = forked.process(action)
    assert after.state == forked.state and after.to_json() == forked.to_json()
    assert list(after.history())[-1] == (action, events)
    assert game._restore(after._snapshots[-1]) == game.state  # the position before the action, kept for undo
    after.undo()
    assert after.state == game.state and after.state is not game.state
    assert after.to_json() == game.to_json() and len(game.actions) == 60


def test_forks_after_one_position_share_its_snapshot_and_never_see_each_others_actions():
    game = played("1837", 4, 80)
    rng = GameRandom(5)
    with game.batch():
        actions = [random_action(game, rng) for _ in range(4)]
        forks = [game.fork_after(a) for a in actions]
        assert len({id(f._snapshots[-1]) for f in forks}) == 1  # the position copied once
    for fork, action in zip(forks, actions):
        alone = game.fork()
        alone.process(action)
        assert fork.state == alone.state
        fork.undo()
        assert fork.state == game.state
    assert len(game.actions) == 80


def test_a_refused_fork_after_leaves_the_game_as_it_was():
    game = played("1830", 2, 40)
    before = game.fork()
    with pytest.raises(GameError):
        game.fork_after(type(game.legal_actions()[0]).unchecked(entity="nobody"))
    assert game.state == before.state and game.to_json() == before.to_json()


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
