"""Event sentences a learner reads name things in words, not the engine's identifiers (issue 30)."""

from __future__ import annotations

from gamekit.simulate import play_random_game
from gamekit.tracks.actions import LayTile

from .g1830_positions import assert_refused, nyc_floated


def test_a_diagonal_step_of_1837s_hex_market_reads_in_words():
    """A major paying half moves its price one step down to the right on 1837's hex market (rule
    ``1837:dividend``): the event says "down and to the right", never ``down_right``. Seeded random 3-player
    game 2: TI pays half at action 1948, from 77K to 75K."""
    game = play_random_game("1837", 3, 2, cap=1949)
    action, events = list(game.history())[1948]
    assert action.sentence() == "TI pays half"
    moves = [e.text for e in events if e.kind == "price_move"]
    assert moves == ["TI's share price moves down and to the right from 77K to 75K (half paid)"]


def test_a_refused_tile_lay_names_the_tile_not_its_copy():
    """A tile lay that does not reach the corporation's track is refused (rule ``1830:track.connect``) naming
    "tile 7", the tile a player holds, not the engine's copy id ``7-0``; the game is unchanged."""
    game = nyc_floated()
    error = assert_refused(game, LayTile(entity="NYC", hex="D20", tile="7-0", rotation=0), "1830:track.connect")
    assert error.message == "tile 7 on D20 at rotation 0 does not connect to NYC's track network"


def test_rusting_agrees_in_number():
    """The first 4-train rusts every 2-train (rule ``1830:trains.rust``); the event counts them in words and its
    verb agrees: seeded random 4-player 1830 game 1, C&O buys the first 4-train at action 600."""
    game = play_random_game("1830", 4, 1, cap=601)
    action, events = list(game.history())[600]
    assert action.sentence() == "C&O buys train 4-0 for 300"
    rusts = [e.text for e in events if e.kind == "rust"]
    assert rusts[:2] == ["NYC's two 2-trains rust and leave the game", "CPR's 2-train rusts and leaves the game"]
