"""Stop 65's leftovers: money written one way, player names that are one printable line at every door, unknown
ids refused with the ids there are, each title's end reason in its own words, the choice an answer means read in
one place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamekit
import gamekit.game
from gamekit.errors import DataError, GameError, UnknownId
from gamekit.exercises.question import (
    Question,
    choices_meant,
    read_answer,
    the_choice_meant,
)
from gamekit.i18n import localize, set_language

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Ann", "Ben", "Cy", "Di"]


# ----- 1. money: one notation ------------------------------------------------------------------------------------
@pytest.mark.parametrize("title, amounts", [
    ("1830", {1100: "$1,100", 12000: "$12,000", 600: "$600", 0: "$0", -5: "-$5", -1250: "-$1,250"}),
    ("1837", {1100: "1,100K", 12048: "12,048K", 555: "555K", -5: "-5K"}),
    ("1894", {1100: "1,100 F", 480: "480 F", -1250: "-1,250 F"}),
])
def test_the_facts_and_the_game_write_money_alike(title, amounts):
    game = gamekit.new_game(title, PLAYERS)
    for amount, text in amounts.items():
        assert game.facts.money(amount) == text and game.money(amount) == text


def test_an_event_writes_thousands_as_the_seats_panel_does():
    """The setup event's amounts (formatted when the event is made) carry the separator, as ``g.money`` does."""
    texts = {title: str(gamekit.new_game(title, PLAYERS).setup_events[0]) for title in ("1830", "1837", "1894")}
    assert texts == {"1830": "Each player receives $600; the bank keeps $9,600 [1830:setup]",
                     "1837": "Each player receives 555K; the bank keeps 12,048K [1837:setup]",
                     "1894": "Each player receives 480 F; the bank is unlimited [1894:setup]"}


# ----- 2. a player's name is one printable line, at every door ------------------------------------------------------
ODD_NAMES = ["Bo\nX", "Bo\tX", "Bo\u2028X", "Bo\x1bX", "Bo\rX"]


def _one_line(error: Exception) -> str:
    text = str(error)
    assert "\n" not in text and "\r" not in text and "\u2028" not in text
    return text


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_new_game_refuses_a_name_of_more_than_one_printable_line(name):
    with pytest.raises(GameError) as info:
        gamekit.new_game("1830", ["Ann", name, "Cy"])
    assert "a player name is one line of at most 40 printable characters" in _one_line(info.value)
    assert info.value.rule == "1830:setup"


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_save_holding_such_a_name_is_refused_naming_the_save(name):
    doc = json.loads(gamekit.new_game("1837", PLAYERS, seed=1).to_json())
    doc["players"][1]["name"] = name
    with pytest.raises(DataError) as info:
        gamekit.load_json(json.dumps(doc))
    assert _one_line(info.value).startswith("save: a player name is one line of at most 40 printable characters")


@pytest.mark.parametrize("name", ODD_NAMES)
def test_an_18xx_games_log_holding_such_a_name_is_refused_naming_its_field(name):
    log = json.loads((ROOT / "data/1830/games/26855.json").read_text())
    log["players"][0]["name"] = name
    with pytest.raises(DataError) as info:
        gamekit.import_log(json.dumps(log))
    assert _one_line(info.value).startswith(
        "log: field 'players': a player name is one line of at most 40 printable characters")


def test_spaces_around_a_name_are_kept_as_the_kit_compares_names_trimmed():
    """A name with spaces around it is one printable line: accepted, and it reads as the same name as the trimmed
    one (two such players are refused as alike)."""
    assert gamekit.new_game("1830", [" Ann ", "Ben", "Cy"]).players[0].name == " Ann "
    with pytest.raises(GameError):
        gamekit.new_game("1830", [" Ann", "Ann", "Cy"])


# ----- 3. unknown ids ------------------------------------------------------------------------------------------------
def test_unknown_id_lives_with_the_errors_and_the_game_module_still_exports_it():
    assert gamekit.game.UnknownId is UnknownId and issubclass(UnknownId, KeyError)
    assert issubclass(UnknownId, GameError)


@pytest.mark.parametrize("title, listed", [
    ("1830", ("'Zed' is not a corporation of this game; there are: PRR, NYC, CPR, B&O, C&O, ERIE, NYNH, B&M "
              "(rule 1830:setup)")),
    ("continental-divide", ("'Zed' is not a railroad of this game; there are: UP, SP, ATSF, NP, GN, TP, DRG, MP "
                            "(rule cd:setup)")),
    ("american-rails", "'Zed' is not a company of this game; there are: AM, NA, CO, MA, LI, RE (rule ar:setup)"),
])
def test_treasury_names_only_the_ids_it_accepts(title, listed):
    game = gamekit.new_game(title, ["Ann", "Ben", "Cy"])
    for asked in ("Zed", "Ann", "bank"):
        with pytest.raises(UnknownId) as info:
            game.treasury(asked)
        assert str(info.value) == listed.replace("'Zed'", repr(asked))
        assert "bank" not in str(info.value).split("there are:")[1]


@pytest.mark.parametrize("title, rule", [("continental-divide", "cd:setup"), ("american-rails", "ar:setup"),
                                         ("1830", "1830:setup"), ("1837", "1837:setup"), ("1894", "1894:setup")])
def test_a_players_value_refuses_an_unknown_player(title, rule):
    game = gamekit.new_game(title, ["Ann", "Ben", "Cy"])
    with pytest.raises(UnknownId) as info:
        game.player_value("Zed")
    assert str(info.value) == f"'Zed' is not a player of this game; there are: Ann, Ben, Cy (rule {rule})"
    assert info.value.args == ("Zed",)  # a KeyError's missing key, as before


# ----- 4. each title's end reason in its own words ---------------------------------------------------------------------
BANKRUPT_WORDS = {
    "en": ("a player went bankrupt", "all players but one went bankrupt"),
    "zh": ("有玩家破产", "除一名玩家外其余玩家全部破产"),
    "ca": ("un jugador ha fet fallida", "tots els jugadors menys un han fet fallida"),
    "es": ("un jugador ha quebrado", "todos los jugadores menos uno han quebrado"),
    "nl": ("een speler is failliet gegaan", "alle spelers op één na zijn failliet gegaan"),
}


@pytest.mark.parametrize("language", sorted(BANKRUPT_WORDS))
def test_1837_ends_when_all_players_but_one_are_bankrupt_in_every_language(language, english):
    set_language(language)
    one, all_but_one = BANKRUPT_WORDS[language]
    words = {title: localize(gamekit.game_class(title).end_words("bankrupt")) for title in ("1830", "1837", "1894")}
    assert words == {"1830": one, "1837": all_but_one, "1894": one}
    assert localize(gamekit.game_class("1837").end_words("bank")) == localize(
        gamekit.game_class("1830").end_words("bank"))


def test_the_tally_of_a_bot_run_says_the_titles_words(english):
    from gamekit.cli import _tally

    assert _tally({"bankrupt": 2, "bank": 1}, "1837") == "all players but one went bankrupt ×2, the bank broke ×1"
    assert _tally({"bankrupt": 2, "cap": 1}, "1830") == "a player went bankrupt ×2, stopped at the action cap ×1"


def test_a_replay_summary_says_the_titles_words(english):
    from gamekit.import18xx import _reason_words

    game = gamekit.new_game("1837", PLAYERS)
    assert localize(_reason_words("bankrupt", game)) == "all players but one went bankrupt"
    assert _reason_words(None, game) == "None"


# ----- 5. the 1837 lesson shows the map's note as the engine gives it ---------------------------------------------------
def test_the_1837_lesson_shows_the_mine_note_in_the_learners_language(english):
    source = (ROOT / "notebooks/tools/make_1837_01.py").read_text()
    assert ".replace(\"<br>\"" not in source and "display(HTML(mine_note.local()))" in source
    game = gamekit.new_game("1837", PLAYERS, seed=1)
    mine = game.facts.corporation("EPP").homes[0].hex
    note = game.map_notes()[mine]
    assert (mine, str(note)) == ("E11", "EPP mine<br>+20K")
    set_language("zh")
    assert note.local() != str(note) and "EPP" in note.local()


# ----- 6. the one choice an answer means ----------------------------------------------------------------------------
CHOICES = ("Every 2-train", "Every 3-train", "No train")


@pytest.mark.parametrize("answer, meant, one", [
    ("no", ("No train",), "No train"), ("every", CHOICES[:2], None), ("zzz", (), None), (2, ("Every 2-train",
                                                                                            "Every 3-train"), None),
    ("every 3", ("Every 3-train",), "Every 3-train"),
])
def test_check_and_read_answer_read_the_same_one_choice(answer, meant, one):
    assert choices_meant(answer, CHOICES) == meant and the_choice_meant(meant) == one
    assert read_answer("choice", answer, CHOICES) == one
    q = Question(kind="k", title="1830", prompt="p", answer_type="choice", answer="No train", explanation="e",
                 rule_ids=(), save="", action_index=0, choices=CHOICES)
    result = q.check(answer)
    assert result.given == one and result.correct == (one == "No train")
