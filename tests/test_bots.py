"""The heuristic bot: legal and deterministic in every title, and better than the random bot by a wide margin
(fixed seeds, so each figure is an exact, repeatable result)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.bots import bot, heuristic_action, play_seats, seat_of
from gamekit.rng import GameRandom
from gamekit.simulate import play_random_game


@pytest.mark.parametrize("title", gamekit.title_names())
def test_heuristic_games_are_legal_and_repeatable(title):
    cls = gamekit.game_class(title)
    seats = ["heuristic"] * cls.min_players
    first = play_seats(title, seats, 4, cap=300)
    again = play_seats(title, seats, 4, cap=300)
    assert [a.to_json() for a in first.actions] == [a.to_json() for a in again.actions]
    assert len(first.actions) == 300 or first.is_over


@pytest.mark.parametrize("title", gamekit.title_names())
def test_random_seats_replay_the_random_bots_game(title):
    cls = gamekit.game_class(title)
    seats = play_seats(title, ["random"] * cls.min_players, 2, cap=200)
    plain = play_random_game(title, cls.min_players, 2, cap=200)
    assert [a.to_json() for a in seats.actions] == [a.to_json() for a in plain.actions]


@pytest.mark.parametrize("title, players, games, wins", [
    ("american-rails", 4, 10, 9), ("continental-divide", 4, 5, 5), ("1830", 4, 2, 2),
])
def test_one_heuristic_seat_beats_random_seats(title, players, games, wins):
    won = sum("P1" in play_seats(title, ["heuristic"] + ["random"] * (players - 1), seed).outcome.winners
              for seed in range(1, games + 1))
    assert won >= wins


def test_four_heuristic_1830_players_break_the_bank():
    game = play_seats("1830", ["heuristic"] * 4, 1)
    assert game.outcome.reason == "bank"


def test_the_heuristic_takes_the_cheapest_private_at_its_price():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    action = heuristic_action(game, GameRandom(1))
    assert (action.type, action.company, action.price) == ("bid", "SV", 20)


def test_a_corporation_plays_with_its_presidents_bot():
    game = play_random_game("1830", 4, 3, cap=300)
    while game.current_entity not in game.corporations():
        game.process(bot("random")(game, GameRandom(len(game.actions))))
    corp = game.current_entity
    assert seat_of(game, corp) == game.president(corp)
    assert seat_of(game, "P2") == "P2"


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        bot("oracle")
