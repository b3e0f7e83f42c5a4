"""``process`` asks ``_action_types`` before every action, and a title may answer it without building the step's
help text: along random games of every title (1830 with the Coalfields variant too, whose right adds a type to the
step) it must equal the active step's types at every position."""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

CASES = [("1830", 4, 1, ()), ("1830", 4, 2, ("coalfields",)), ("1894", 3, 1, ()), ("1837", 4, 1, ()),
         ("continental-divide", 4, 1, ()), ("american-rails", 4, 1, ())]


@pytest.mark.parametrize("title, players, seed, options", CASES)
def test_action_types_are_the_active_steps(title, players, seed, options):
    game = new_bot_game(title, players, seed, options)
    rng = GameRandom(seed * 7919 + 17)
    kinds = set()
    while not game.is_over and len(game.actions) < 20_000:
        assert game._action_types() == game.active_step.action_types, (title, len(game.actions))
        kinds |= set(game.active_step.action_types)
        game.process(random_action(game, rng))
    assert len(kinds) > 3
