"""Who acts now, known without the step (``Game.current_entity``, which a title may answer without building the
step's help text), is the step's entity at every position of random games of the share titles."""

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_bot


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1830", 3, 5), ("1894", 3, 1), ("1894", 4, 7),
                                                  ("1837", 4, 1)])
def test_current_entity_is_the_steps_at_every_position(title, players, seed):
    game, rng = new_bot_game(title, players, seed), GameRandom(seed * 7919 + 17)
    seen = set()
    with game.batch():
        while not game.is_over and len(game.actions) < 4000:
            step = game.active_step
            assert game.current_entity == step.entity, (len(game.actions), step.name)
            seen.add(type(game.state.round).__name__)
            game.process(random_bot(game, rng))
    assert game.current_entity is None and game.active_step.entity is None or len(game.actions) == 4000
    assert {"StockRound", "OperatingRound"} <= seen
