"""Every argument of ``gamekit replay``, ``routes``, ``simulate`` and ``measure`` says what it is in ``--help``
(newuser68 item 7: ``routes``' path and ``measure``'s ``--players``, ``--games`` and ``--seed`` had no text)."""

from __future__ import annotations

import re

import pytest

from gamekit.cli import main


def help_text(command: str, capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    return re.sub(r"\s+", " ", capsys.readouterr().out)


def test_routes_says_what_its_path_is(capsys):
    assert "path the 18xx.games log file (JSON, as the site exports a game)" in help_text("routes", capsys)


def test_replay_says_what_its_path_is(capsys):
    assert "path the game to replay: an 18xx.games log (JSON) or a Rails game report" in help_text("replay", capsys)


@pytest.mark.parametrize("command,games,seed", [("measure", 20, 1), ("simulate", 1, 0)])
def test_players_games_and_seed_are_explained_with_their_defaults(command, games, seed, capsys):
    text = help_text(command, capsys)
    assert "--players PLAYERS the number of players (seats) of each game" in text
    assert f"--games GAMES how many games to play (default: {games})" in text
    assert f"--seed SEED the first game's seed; game i has seed + i (default: {seed})" in text
