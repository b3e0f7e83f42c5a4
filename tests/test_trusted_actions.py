"""The engine's listings build their actions as checked (``Action._trusted``, or a checking constructor), so
``process`` does not build them a second time: every listed action, and every range's lowest and highest value,
must then be exactly what checking its fields would build (equal, with the same JSON), at positions of random
games of every title. An action built by hand with ``unchecked`` or changed with ``replace`` is still checked
again."""

from __future__ import annotations

import pytest

from gamekit.actions import Pass, _plain, build_action, is_checked, revalidate
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class, title_names


def rebuilt(action):
    return build_action(type(action), _plain(action), action.type)


@pytest.mark.parametrize("title", title_names())
def test_listed_actions_are_what_their_checked_fields_build(title):
    trusted = 0
    for seed in (1, 2):
        game = game_class(title)(["P1", "P2", "P3", "P4"], seed=seed)
        rng = GameRandom(seed)
        while not game.is_over and len(game.actions) < 400:
            listed = [a for g in game.action_groups() for a in g.actions()]
            listed += [r.action(v) for r in game.action_ranges() for v in (r.low, r.high)]
            for action in listed:
                if is_checked(action):
                    trusted += 1
                    again = rebuilt(action)
                    assert again == action and again.to_json() == action.to_json(), action
            game.process(random_action(game, rng))
    assert trusted > 100


def test_hand_built_and_replaced_actions_are_checked_again():
    game = game_class("american-rails")(["P1", "P2", "P3", "P4"], seed=1)
    game.process(next(g for g in game.action_groups() if g.type == "ar_choose_share").action(0))
    listed = next(g for g in game.action_groups() if g.type == "ar_bid").range(0)
    assert is_checked(listed.action(listed.low)) and is_checked(listed.action(listed.high))
    assert not is_checked(listed.action(listed.low).replace(amount=20.5))
    with pytest.raises(GameError, match="amount"):
        game.process(listed.action(listed.low).replace(amount=20.5))
    assert not is_checked(Pass.unchecked(entity=5))
    with pytest.raises(Exception, match="entity"):
        revalidate(Pass.unchecked(entity=5))
