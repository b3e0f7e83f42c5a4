"""Continental Divide's settling keeps the groups it looked at for the position it reached (``Game._carry``): inside a
batch they serve as that position's ``action_groups()``, equal to the groups found afresh outside a batch, also
after a refusal, and an undo lists the position afresh."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles.continental_divide import ContinentalDivide


def _groups(game: gamekit.Game) -> list[tuple[str, list, list]]:
    """Each group's type, actions and ranges (the ranges of a range's lowest values, else None)."""
    return [(g.type, list(g.actions()), [g.range(i) for i in range(len(g))]) for g in game.action_groups()]


def test_the_groups_found_while_settling_serve_their_position_only(monkeypatch):
    players = ["Ann", "Ben", "Cy", "Dee"]
    game, reference = ContinentalDivide(players, seed=7), ContinentalDivide(players, seed=7)
    found = []
    real = ContinentalDivide._groups_now
    monkeypatch.setattr(ContinentalDivide, "_groups_now", lambda g: found.append(len(g.actions)) or real(g))
    rng = GameRandom(11)
    carried = 0
    with game.batch():
        while not reference.is_over:
            action = random_action(reference, rng)
            game.process(action)
            reference.process(action)
            if reference.is_over:
                break
            found.clear()
            assert _groups(game) == _groups(reference)
            carried += found == [len(reference.actions)]  # found once: for the reference alone
            with pytest.raises(GameError):
                game.process(action.replace(entity="nobody"))
            # a refusal by the rules rebuilds the state and lists it afresh; one of the action's type before them
            # leaves the state and its groups as they were
            assert _groups(game) == _groups(reference)
        assert carried == len(reference.actions) - 1  # every position but the last, where the game is over
        game.undo()
        reference.undo()
        found.clear()
        assert _groups(game) == _groups(reference) and len(found) == 2
