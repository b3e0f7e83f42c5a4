"""A lay the game plays from its own listing for an engine bot skips the checks of the lay (stop 58:
``track.lay_step`` passes ``listed`` to ``lay.check_lay``, which then works out only what the lay does): sound
only if every lay the track step lists passes the whole check, walks included, and the result worked out so is
the whole check's, which this asserts along seeded random games of each 18xx title; and a game played so is the
game played with every lay checked in full."""

from __future__ import annotations

import pytest

from gamekit.g18xx import operating, track
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import lay

CASES = [("1830", 4, 1), ("1830", 4, 2), ("1837", 4, 1), ("1894", 3, 1)]


@pytest.mark.parametrize("title, players, seed", CASES)
def test_every_listed_lay_passes_the_whole_lay_check(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    checked = 0
    while not game.is_over and len(game.actions) < 1500:
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.step == "track" and not rnd.must_discard \
                and not rnd.pending_tokens:
            corp = operating.operating(game)
            colours, _ = game.lay_colours(corp, None)
            for coord, tile, rotation in list(track.tile_choices(game, corp))[::5]:
                options = {"phase_colours": colours, "cash": game.state.corporations[corp].cash,
                           "blocked_hexes": track.blocked_hexes(game), "restrictive": game.restrictive_upgrades(),
                           "upgrades": game.upgrade_rules}
                board = game.state.board
                assert lay.check_lay(game.track, board, corp, coord, tile, rotation, **options) == \
                    lay.check_lay(game.track, board, corp, coord, tile, rotation, listed=True, **options)
                checked += 1
        game.process(random_action(game, rng))
    assert checked > 20


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 5), ("1894", 3, 4)])
def test_a_game_played_from_the_listings_is_the_game_processed_in_full(title, players, seed):
    """The engine's bots play listed lays and purchases of other corporations' trains without their checks
    (``Game._play_listed``); ``process`` checks every action in full: the same seeded game, its events and its
    board."""
    from gamekit.simulate import play_random_game

    played = play_random_game(title, players, seed, cap=1500)
    processed = new_bot_game(title, players, seed)
    for action in played.actions:
        processed.process(action)
    assert any(a.type == "buy_train" and a.price != 0 for a in played.actions)
    assert [[(e.kind, str(e.text)) for e in events] for events in processed._events] == \
        [[(e.kind, str(e.text)) for e in events] for events in played._events]
    assert processed.state.board == played.state.board
