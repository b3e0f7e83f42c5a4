"""The bot helpers refuse odd arguments with clear errors, before any game is played (hostile69 item 5)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import cli
from gamekit.bots import play_seats
from gamekit.errors import UsageError
from gamekit.simulate import play_random_game, random_bot, simulate


@pytest.mark.parametrize("cap", [-5, True, 1.5, "10", None])
def test_a_cap_is_a_whole_number_of_at_least_0(cap):
    """-5 played 0 actions and True one, without a word; 1.5 raised a raw TypeError."""
    with pytest.raises(UsageError) as refusal:
        play_random_game("1830", 4, 1, cap=cap)
    assert str(refusal.value) == f"cap is a whole number of actions, at least 0, not {cap!r}"
    with pytest.raises(UsageError):
        simulate("1830", 4, 1, 1, cap=cap)


def test_a_bot_is_a_function_or_a_bots_name():
    """bot="heuristic" raised "'str' object is not callable"."""
    by_name = play_random_game("1830", 4, 3, cap=60, bot="random")
    assert by_name.to_json() == play_random_game("1830", 4, 3, cap=60, bot=random_bot).to_json()
    assert len(by_name.actions) == 60
    assert play_random_game("1830", 4, 3, cap=40, bot="heuristic").actions == \
        play_seats("1830", ["heuristic"] * 4, 3, cap=40).actions
    with pytest.raises(UsageError) as refusal:
        play_random_game("1830", 4, 1, bot="oracle")
    assert str(refusal.value) == "unknown bot 'oracle'; known: heuristic, random"
    with pytest.raises(UsageError) as refusal:
        play_random_game("1830", 4, 1, bot=5)
    assert str(refusal.value) == "bot is a function (game, rng) → action or a bot's name, not 5"


def test_seats_are_a_list_and_not_given_with_a_bot():
    """seats="random" was read letter by letter ("6 seats named for 4 players"); bot= beside seats was ignored."""
    with pytest.raises(UsageError) as refusal:
        gamekit.measure("1830", 4, games=1, seats="random", workers=1)
    assert str(refusal.value) == "seats is a list of bot names, not one string"
    with pytest.raises(UsageError) as refusal:
        play_seats("1830", "rand", 1)
    assert str(refusal.value) == "seats is a list of bot names, not one string"
    with pytest.raises(UsageError) as refusal:
        gamekit.measure("1830", 4, games=1, bot="heuristic", seats=["random"] * 4, workers=1)
    assert str(refusal.value) == "give bot (one bot in every seat) or seats (one bot a seat), not both"
    with pytest.raises(UsageError) as refusal:
        gamekit.measure("1830", 4, games=1, seats=["random"] * 3, workers=1)
    assert str(refusal.value) == "3 seats named for 4 players"


@pytest.mark.parametrize("option", ["--samples", "--mutations"])
def test_soak_settings_go_with_check(option, capsys):
    assert cli.main(["simulate", "1830", "--players", "4", option, "5"]) == 2
    assert capsys.readouterr().err == "gamekit simulate: --samples and --mutations go with --check (the soak)\n"


def test_the_measure_command_still_defaults_to_the_random_bot(capsys):
    assert cli.main(["measure", "american-rails", "--players", "3", "--games", "1", "--workers", "1", "--json"]) == 0
    assert '"bots":"random,random,random"' in capsys.readouterr().out
