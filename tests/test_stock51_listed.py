"""A stock-round action that the game plays for one of the engine's random bots (``Game._play_listed``, which names
it ``_listed_play`` while it applies it) is applied without the checks its listing made (``stock._listed_effect``):
the games played so are the games played with every check, and any other action is checked. The engine's hook is
emulated here (``_emulate_hook``) where the game does not name the action itself."""

from __future__ import annotations

import pytest

from gamekit.errors import GameError
from gamekit.g18xx import stock
from gamekit.g18xx.state import StockRound
from gamekit.game import Game
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, play_random_game, random_action
from gamekit.tracks.actions import BuyShares


def _emulate_hook(monkeypatch) -> list[bool]:
    """Name the action ``_play_listed`` applies as ``_listed_play`` (the engine's hook), and count, per stock-round
    action applied, whether it was applied unchecked (the list returned)."""
    applied = Game._applied
    unchecked: list[bool] = []

    def play_listed(game, action):
        game._listed_play = action
        try:
            applied(game, action, None)
        finally:
            game._listed_play = None

    found = stock._listed_effect

    def listed_effect(game, action):
        effect = found(game, action)
        unchecked.append(effect is not None)
        return effect

    monkeypatch.setattr(Game, "_play_listed", play_listed)
    monkeypatch.setattr(stock, "_listed_effect", listed_effect)
    return unchecked


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1830", 4, 2), ("1894", 3, 3), ("1837", 4, 1)])
def test_games_with_listed_actions_unchecked_are_the_games_with_every_check(monkeypatch, title, players, seed):
    unchecked = _emulate_hook(monkeypatch)
    fast = play_random_game(title, players, seed, cap=1500)
    assert sum(unchecked) > len(unchecked) // 2, "most stock-round actions are applied unchecked"
    monkeypatch.undo()
    checked = play_random_game(title, players, seed, cap=1500)
    assert fast.actions == checked.actions
    assert fast.state == checked.state


def _stock_position(seed: int):
    """The first position from the second stock round of the random 1830 game ``seed`` on that lists a purchase
    and a pass, in its batch."""
    game = new_bot_game("1830", 4, seed)
    rng = GameRandom(seed)
    with game.batch():
        while not (isinstance(game.state.round, StockRound) and game.state.stock_round_num >= 2 and
                   {g.type for g in game.action_groups() if g} >= {"buy_shares", "pass"}):
            game.process(random_action(game, rng))
        yield game


def test_only_the_action_being_played_from_the_listings_is_applied_unchecked():
    for game in _stock_position(3):
        groups = game.action_groups()
        buy = next(g for g in groups if g.type == "buy_shares" and g).action(0)
        passing = next(g for g in groups if g.type == "pass").action(0)
        assert stock._listed_effect(game, buy) is None  # nothing is being played
        game._listed_play = buy
        try:
            assert stock._listed_effect(game, buy) is stock._bought
            assert stock._listed_effect(game, BuyShares(**buy.field_values())) is None  # equal, not the one played
            assert stock._listed_effect(game, passing) is None
        finally:
            game._listed_play = None


def test_an_illegal_action_named_as_played_is_still_refused_through_process():
    for game in _stock_position(4):
        who = stock.current_player(game)
        other = next(p for p in game.state.seat_order if p != who)
        wrong = BuyShares(entity=other, shares=("PRR_1",), percent=10)
        with pytest.raises(GameError):
            game.process(wrong)  # process names nothing as played: every check is made
