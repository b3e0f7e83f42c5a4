"""The listings of lays kept per walk (issue 32), against fresh answers along seeded random games of 1837 and 1894
(positions built by legal play).

:func:`gamekit.tracks.lay.find_lays` keeps one listing per walk (``_network_lays``, the oldest dropped first): with a
memo too small for a game's walks, the lays listed must still equal those of a fresh listing. Rule:
``1830:track.connect``.
"""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import lay

from .test_walk47_listing import _options, _reference


@pytest.mark.parametrize("title, seed", [("1837", 2), ("1894", 5)])
def test_listings_of_a_memo_too_small_for_the_walks_equal_fresh_listings(title, seed, monkeypatch):
    """With room for three listings, the oldest dropped as each new one comes, every listing of a corporation's
    lays along a random game equals a fresh listing (rule ``1830:track.connect``)."""
    monkeypatch.setattr(lay, "LISTINGS_KEPT", 3)
    game = game_class(title)([f"P{i + 1}" for i in range(4)], seed=seed)
    lay.memo(game.track, "network lays").clear()  # the title's memo, filled by earlier games to the usual size
    rng = GameRandom(seed)
    compared = listed = 0
    while not game.is_over and compared < 40:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            options = _options(game, corp)
            warm = list(lay.find_lays(game.track, game.state.board, corp, **options))
            assert warm == _reference(game, corp, options), (title, seed, len(game.actions), corp)
            assert len(lay.memo(game.track, "network lays")) <= 3
            compared += 1
            listed += len(warm)
        game.process(random_action(game, rng))
    assert compared >= 30 and listed >= 20
