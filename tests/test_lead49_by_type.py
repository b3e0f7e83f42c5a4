"""The heuristic's view of the legal actions by type (``gamekit.bots.h18xx._by_type``, issue 32): built from the
action groups as read, it must hold, type by type, exactly the actions ``legal_actions()`` lists, in its order, and
index them as a list does. Positions of heuristic games of 1830 and 1894 (built by legal play; rule
``core:protocol.fields``: the bots play only listed actions)."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.bots.h18xx import _by_type


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1894", 3, 2)])
def test_actions_by_type_equal_the_listing(title, players, seed):
    """Every ``_OfType`` equals the listed actions of its type (iterated, by index from either end, sliced) and
    no type is missing or empty, at every position of a heuristic game."""
    seen: dict[str, int] = {}

    def compare(game) -> None:
        if game.is_over:
            return
        listed: dict[str, list] = {}
        for action in game.legal_actions():
            listed.setdefault(action.type, []).append(action)
        lazy = _by_type(game.action_groups())
        assert list(lazy) == list(listed)
        for kind, actions in listed.items():
            view = lazy[kind]
            assert len(view) == len(actions) and list(view) == actions
            assert [view[i] for i in range(len(actions))] == actions
            assert view[-1] == actions[-1] and view[1:3] == actions[1:3]
            with pytest.raises(IndexError):
                view[len(actions)]
            seen[kind] = seen.get(kind, 0) + 1

    play_seats(title, ["heuristic"] * players, seed, cap=400, watch=compare)
    assert {"lay_tile", "pass", "buy_shares", "par", "run_routes", "buy_train"} <= seen.keys()
    assert seen["lay_tile"] >= 10
