"""``repr`` of a game: the step while it is played, why it ended once over (the outcome's text)."""

import gamekit
from gamekit.simulate import play_random_game


def test_a_game_being_played_shows_its_step():
    assert repr(gamekit.new_game("1830", ["Ann", "Ben", "Cy"])) == "<Game1830 1830: 0 actions, Private auction — Ann>"


def test_a_finished_game_says_why_it_ended():
    game = play_random_game("american-rails", 4, 1)
    assert repr(game) == "<AmericanRails american-rails: 228 actions, over: The year 1857 is over>"
    assert repr(play_random_game("1894", 3, 2)) == "<Game1894 1894: 879 actions, over: A player went bankrupt>"
