"""The command line's numbers as the learner's language writes them (new-user pass 69, defect 1): the replay's
ranking grouped as money is grouped, simulate's mean and seconds and measure's means with the language's decimal
sign, measure's columns named in words in the language of the sentence around them; a game's HTML view groups
its values the same way."""

import re
from pathlib import Path

import pytest

from gamekit import cli
from gamekit.cli import significant_text
from gamekit.i18n import number_text
from gamekit.html_view import game_html
from gamekit.i18n import using
from gamekit.import18xx import import_log

GREEN_CITY = Path(__file__).resolve().parent.parent / "data" / "1894" / "games" / "green_city_upgrades.json"


@pytest.mark.parametrize("lang, mean, seconds, small", [
    ("en", "1,102.5", "3.563", "0.1862"), ("zh", "1,102.5", "3.563", "0.1862"),
    ("ca", "1.102,5", "3,563", "0,1862"), ("es", "1.102,5", "3,563", "0,1862"), ("nl", "1.102,5", "3,563", "0,1862")])
def test_a_number_in_each_language(lang, mean, seconds, small):
    with using(lang):
        assert (number_text(1102.5, 1), number_text(3.563, 3), significant_text(0.18623)) == (mean, seconds, small)


def test_trailing_zeros_and_significant_digits():
    with using("es"):
        assert [number_text(83.0, 1), number_text(2.5, 3), number_text(-1250.0, 0), number_text(-0.04, 1)] == [
            "83", "2,5", "-1.250", "0"]
        assert [significant_text(v) for v in (1005.3, 494.94, 2.4387, 12345.6, float("nan"))] == [
            "1.005", "494,9", "2,439", "12.346", "—"]


@pytest.mark.parametrize("lang, ranking", [
    ("en", ["  1. Player 3 (16016): 13,417 F", "  2. Player 2 (13412): 10,133 F", "  3. Player 1 (14643): 9,536 F"]),
    ("nl", ["  1. Player 3 (16016): 13.417 F", "  2. Player 2 (13412): 10.133 F", "  3. Player 1 (14643): 9.536 F"]),
    ("ca", ["  1. Player 3 (16016): 13.417 F", "  2. Player 2 (13412): 10.133 F", "  3. Player 1 (14643): 9.536 F"])])
def test_the_replay_ranks_with_money_grouped_as_the_language_groups_it(lang, ranking):
    report = import_log(GREEN_CITY)
    with using(lang):
        lines = report.describe().splitlines()
    assert lines[lines.index(ranking[0]):lines.index(ranking[0]) + 3] == ranking


def test_the_html_view_groups_the_ranking_as_the_language_groups_it():
    game = import_log(GREEN_CITY).game
    with using("nl"):
        page = game_html(game)
    assert "13.417" in page and "13,417" not in page
    with using("en"):
        assert "13,417" in game_html(game)


def test_simulate_writes_its_mean_and_seconds_in_catalan(capsys, monkeypatch):
    monkeypatch.setenv("GAMEKIT_LANG", "ca")
    with using("ca"):
        assert cli.main(["simulate", "1894", "--players", "3", "--games", "2", "--seed", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("2/2 partides acabades, mitjana 1.102,5 accions, motius del final un jugador ha fet "
                           "fallida ×2, ")
    assert re.fullmatch(r".*, \d+(,\d{1,3})? s", line)


def test_measure_names_its_means_in_spanish_with_a_decimal_comma(capsys):
    pytest.importorskip("pandas")
    with using("es"):
        assert cli.main(["measure", "1894", "--players", "3", "--games", "1", "--seed", "1", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert ("medias: acciones 1.005, rondas 45, turnos 412, decisiones por turno 2,439, ramificación 494,9, "
            "volatilidad de la cotización 0,1862, margen 83") in lines
