"""A player count is checked before any player is built and refused in one message everywhere: the count as
given and the rule (hostile69 items 1 and 7)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import cli
from gamekit.bots import play_seats
from gamekit.errors import GameError, UsageError
from gamekit.simulate import new_bot_game, play_random_game, simulate
from gamekit.widgets import classroom_launch
from gamekit.widgets.classroom import Classroom


@pytest.mark.parametrize("count, shown", [(-1, "-1"), (7, "7"), (10**30, str(10**30)), (4.0, "4.0"), (True, "True"),
                                          ("4", "'4'")])
def test_a_bot_game_quotes_the_count_as_given(count, shown):
    """A negative count was quoted as 0 (the empty list of names built from it) and 10**30 was built name by name
    first; a float or a bool raised a TypeError or was taken as 1."""
    with pytest.raises(GameError) as refusal:
        new_bot_game("1830", count, 1)
    assert (str(refusal.value), refusal.value.rule) == (f"1830 is for 2–6 players, not {shown} (rule 1830:setup)",
                                                        "1830:setup")


def test_play_random_game_and_simulate_refuse_before_a_game_is_built():
    with pytest.raises(GameError) as refusal:
        play_random_game("1830", 10**12, 1, cap=10)  # a trillion names would exhaust the memory
    assert str(refusal.value) == f"1830 is for 2–6 players, not {10**12} (rule 1830:setup)"
    with pytest.raises(GameError) as refusal:
        simulate("1894", 5, games=2, seed=1)  # refused once, not recorded as an error of each game
    assert str(refusal.value) == "1894 is for 3–4 players, not 5 (rule 1894:setup)"


def test_game_init_counts_the_players_before_reading_each():
    """Seven entries that are no player names: the count is the fault named first (it was the first entry's
    type)."""
    with pytest.raises(GameError) as refusal:
        gamekit.new_game("1830", [1, 2, 3, 4, 5, 6, 7])
    assert str(refusal.value) == "1830 is for 2–6 players, not 7 (rule 1830:setup)"
    with pytest.raises(GameError) as refusal:
        gamekit.new_game("american-rails", ["Ann", "Bob"])
    assert str(refusal.value) == "american-rails is for 3–5 players, not 2 (rule ar:setup)"


def test_play_seats_and_measure_say_it_in_the_same_words():
    with pytest.raises(GameError) as refusal:
        play_seats("1830", ["random"] * 7, 1, cap=5)
    assert str(refusal.value) == "1830 is for 2–6 players, not 7 (rule 1830:setup)"
    with pytest.raises(UsageError) as refusal:
        gamekit.measure("1830", 9, games=1, workers=1)
    assert str(refusal.value) == "1830 is for 2–6 players, not 9 (rule 1830:setup)"


@pytest.mark.parametrize("typed, said", [
    ("-3", "1830 is for 2–6 players, not -3 (rule 1830:setup)"),
    ("0", "1830 is for 2–6 players, not 0 (rule 1830:setup)"),
    ("100", "1830 is for 2–6 players, not 100 (rule 1830:setup)"),
    ("1000000000", "1830 is for 2–6 players, not 1000000000 (rule 1830:setup)"),
])
def test_the_classroom_header_says_one_message_for_every_wrong_count(typed, said):
    """-3 and 100 were "the number of players must be from 2 to 6, not -3", with no rule."""
    app = Classroom("1830", 4, seed=1)
    table = app.table
    app.players_box.value = typed
    assert app.new_game() is None and app.tables == [table]
    assert said in app.message.value.replace("&#x27;", "'")


@pytest.mark.parametrize("command", ["simulate", "classroom", "measure"])
def test_the_commands_say_the_count_and_the_rule(command, capsys, monkeypatch):
    monkeypatch.setattr(classroom_launch.subprocess, "Popen", None)  # no server may start
    argv = [command, "1830", "--players", "9"] if command != "classroom" else [command, "--players", "9",
                                                                                 "--no-browser"]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == f"gamekit {command}: 1830 is for 2–6 players, not 9 (rule 1830:setup)\n"
