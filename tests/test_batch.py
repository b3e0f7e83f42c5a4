"""``Game.batch``: a replay or bot game keeps a snapshot only every ``BATCH_SNAPSHOT_EVERY`` actions, and every
position between two snapshots is rebuilt by applying the actions since again — equal (dataclass equality all the
way down) to the position played one action at a time, with the same events, undo, refusals and forks."""

from __future__ import annotations

import pickle

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.game import BATCH_SNAPSHOT_EVERY
from gamekit.query import BANK
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class

TITLES = ["1830", "1894", "1837", "continental-divide", "american-rails"]


def played(title: str, seed: int, count: int) -> gamekit.Game:
    """A random-bot game of ``title`` played one action at a time (a snapshot before each), ``count`` actions."""
    game = game_class(title)(["P1", "P2", "P3", "P4"], seed=seed)
    rng = GameRandom(seed)
    while not game.is_over and len(game.actions) < count:
        game.process(random_action(game, rng))
    return game


def copy_of(state):
    return pickle.loads(pickle.dumps(state))


@pytest.mark.parametrize("title", TITLES)
def test_every_position_of_a_loaded_game_equals_the_played_one(title):
    game = played(title, 5, 2 * BATCH_SNAPSHOT_EVERY + 7)
    loaded = gamekit.load_json(game.to_json())
    kept = [i for i, s in enumerate(loaded._snapshots) if s is not None]
    assert len(game.actions) > BATCH_SNAPSHOT_EVERY  # positions rebuilt from two snapshots (a short game may end)
    assert kept == list(range(0, len(game.actions), BATCH_SNAPSHOT_EVERY))  # 0, 64, 128 of 135
    for index in range(len(game.actions) + 1):
        assert loaded.state_at(index) == game.state_at(index), index
    assert [events for _, events in loaded.history()] == [events for _, events in game.history()]


@pytest.mark.parametrize("title", TITLES)
def test_undo_in_a_loaded_game_walks_back_through_the_played_positions(title):
    game = played(title, 6, BATCH_SNAPSHOT_EVERY + 5)
    loaded = gamekit.load_json(game.to_json())
    while game.actions:
        assert loaded.undo() == game.undo()
        assert loaded.state == game.state and loaded.to_json() == game.to_json()
        assert loaded.active_step == game.active_step
    with pytest.raises(GameError):
        loaded.undo()


@pytest.mark.parametrize("title", ["1830", "american-rails"])
def test_a_refusal_inside_a_batch_leaves_the_position_and_the_next_action_as_played(title, monkeypatch):
    game = played(title, 7, BATCH_SNAPSHOT_EVERY + 3)
    reference = game.fork()
    rng = GameRandom(11)
    first = random_action(reference, rng)
    reference.process(first)
    second = random_action(reference, rng)
    expected = reference.fork().process(second)
    rebuilds = []
    monkeypatch.setattr(game, "_rebuilt", lambda index: rebuilds.append(index) or type(game)._rebuilt(game, index))
    with game.batch():
        game.process(first)  # the batch's first snapshot is before this action: the refusal rebuilds after it
        with pytest.raises(GameError):  # the bank: an id of the game (admitted), refused by the turn rule, applying
            game.process(second.replace(entity=BANK))
        assert rebuilds == [BATCH_SNAPSHOT_EVERY + 4]
        assert game.state == reference.state and game.actions == reference.actions
        assert game.process(second) == expected


def test_a_fork_of_a_loaded_game_undoes_on_its_own():
    game = played("1830", 8, 40)
    loaded = gamekit.load_json(game.to_json())
    fork = loaded.fork()
    fork.undo()
    fork.undo()
    assert loaded.state == game.state and fork.state == game.state_at(38)
    assert loaded.at(21).state == game.state_at(21)


def test_a_position_set_by_hand_before_a_batch_is_kept_by_its_rebuilds():
    game = played("american-rails", 9, 5)
    who = game.current_entity
    game.state.cash[who] += 7  # position set by hand: the rebuilds start from the batch's first snapshot
    hand_set = copy_of(game.state)
    rng = GameRandom(3)
    with game.batch():
        for _ in range(4):
            game.process(random_action(game, rng))
    for _ in range(4):
        game.undo()
    assert game.state == hand_set


def test_a_fork_made_inside_a_batch_keeps_a_snapshot_before_each_of_its_actions():
    game = played("1830", 10, 3)
    rng = GameRandom(4)
    with game.batch():
        game.process(random_action(game, rng))
        game.process(random_action(game, rng))
        fork = game.fork()
    fork.process(random_action(fork, rng))
    assert [s is not None for s in game._snapshots] == [True, True, True, True, False]
    assert [s is not None for s in fork._snapshots] == [True, True, True, True, False, True]


@pytest.mark.parametrize("title", ["1830", "continental-divide"])
def test_inside_a_batch_each_position_lists_as_outside_it(title):
    """A batch keeps a position's listings (a bot and a measurement look at it once); after every action, refusal
    and undo the lists are those of the same game played outside a batch, and changing a returned list changes
    nothing kept."""
    game, reference = played(title, 12, 10), played(title, 12, 10)
    rng = GameRandom(5)
    with game.batch():
        for _ in range(BATCH_SNAPSHOT_EVERY + 4):
            assert game.legal_actions() == reference.legal_actions()
            assert game.action_ranges() == reference.action_ranges()
            game.legal_actions().clear()
            action = random_action(reference, rng)
            with pytest.raises(GameError):
                game.process(action.replace(entity="nobody"))
            assert game.legal_actions() == reference.legal_actions()
            game.process(action)
            reference.process(action)
        game.undo()
        reference.undo()
        assert game.legal_actions() == reference.legal_actions()
        assert game.action_ranges() == reference.action_ranges()


def _groups(game: gamekit.Game) -> list[tuple[str, list]]:
    return [(group.type, list(group.actions())) for group in game.action_groups()]


def test_a_stock_turn_s_listing_found_as_the_last_action_ended_serves_only_its_position(monkeypatch):
    """Whether the next stock-round player has a choice is found from their listing's groups; inside a batch those
    groups are that position's listing (not found a second time), the same as outside a batch, and after a
    refusal or an undo the position is listed afresh."""
    from gamekit.g18xx import stock

    game, reference = played("1830", 13, 0), played("1830", 13, 0)
    rng = GameRandom(6)
    listings = []
    real = stock.action_groups
    monkeypatch.setattr(stock, "action_groups", lambda g: listings.append(len(g.actions)) or real(g))
    carried = 0
    with game.batch():
        while carried < 40 and not reference.is_over:
            action = random_action(reference, rng)
            game.process(action)
            reference.process(action)
            if reference.active_step.name != "Stock round":
                continue
            listings.clear()
            assert _groups(game) == _groups(reference)
            carried += listings == [len(reference.actions)]  # listed once: for the reference alone
            with pytest.raises(GameError):  # the bank: admitted as an id of the game, refused applying it
                game.process(action.replace(entity=BANK))
            listings.clear()
            assert _groups(game) == _groups(reference) and len(listings) == 2  # a refusal lists afresh
        assert carried == 40
        game.undo()
        reference.undo()
        listings.clear()
        assert _groups(game) == _groups(reference) and len(listings) == 2


def test_a_rebuilt_position_reads_no_later_action():
    """1837, 7 players, random bots, seed 903: BH, which must buy a train, buys SPB's 1G for 939 K (action 1415)
    after passing twice, no share sold for it. The game's last action (1499) is a stock-round sale. The position
    before the purchase, rebuilt from the batch's snapshot, once took that later sale for BH's president's
    emergency sale (rule ``1837:trains.emergency``: after such a sale the price must exceed the money there was
    before it) and refused the purchase, so ``to_18xx_log`` could not be written."""
    from gamekit.bots import play_seats
    from gamekit.g18xx.trainbuy import other_price_range
    from gamekit.tracks.actions import BuyTrain, SellShares

    game = play_seats("1837", ["random"] * 7, 903, cap=1500)
    purchase = game.actions[1415]
    assert isinstance(purchase, BuyTrain) and (purchase.entity, purchase.train, purchase.price) == ("BH", "1G-3", 939)
    assert isinstance(game.actions[-1], SellShares)
    before = game.at(1415)
    president = before.state.corporations["BH"].president
    together = before.state.corporations["BH"].cash + before.state.players[president].cash
    assert other_price_range(before, "BH", "1G-3") == (1, together) == (1, 1402)
    before.process(purchase)
    assert before.state == game.state_at(1416)
    assert len(game.to_18xx_log()["actions"]) > 0
