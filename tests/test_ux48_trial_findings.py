"""What a new user's trial of the kit found, each checked at its real new value: a double-town hex's facts, JSON
errors in words, the titles' rule options, which bot played a measurement, unknown titles and languages refused
as GameErrors naming a rule."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.cli import main
from gamekit.datafiles import data_json
from gamekit.errors import DataError, GameError
from gamekit.i18n import language, using
from gamekit.viz.map18xx import hex_facts


def facts(game, coord: str) -> list[str]:
    """The lines of a hex's facts after the hex's name."""
    return str(hex_facts(game, coord)).splitlines()[1:]


# ----- 1: a hex with two towns or cities -----------------------------------------------------------------------
def test_new_haven_and_hartford_is_two_towns_that_wait_for_a_tile():
    """1830's F20 is printed with two towns and no track (data/1830/map.json): they earn nothing until a tile is
    laid, said once for both; tile 1 laid there gives them $10 each, counted on one line."""
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    assert facts(game, "F20") == ["printed white hex", "2 towns: no revenue until a tile is laid"]
    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    laid = sample.at(next(i for i, a in enumerate(sample.actions) if a.type == "lay_tile" and a.hex == "F20") + 1)
    assert facts(laid, "F20")[:2] == ["tile 1 (yellow), rotation 0", "2 towns: revenue $10 each"]


def test_double_town_and_double_city_hexes_of_1837_and_1894_read_well():
    """1837's F18 is printed yellow with two $10 towns on track; 1894's Abeville hex has one town on printed track
    at 10 F and one without track, waiting for a tile; 1830's OO cities wait for a tile, each named by
    which city it is."""
    g1837 = gamekit.new_game("1837", ["A", "B", "C"], seed=1)
    assert facts(g1837, "F18") == ["printed yellow hex", "2 towns: revenue 10K each", "track reaches edges 0, 1, 2, 5"]
    g1894 = gamekit.new_game("1894", ["A", "B", "C"], seed=1)
    assert facts(g1894, "C6") == ["printed white hex", "town: no revenue until a tile is laid", "town: revenue 10 F",
                                  "track reaches edges 5"]
    g1830 = gamekit.new_game("1830", ["A", "B", "C"], seed=1)
    assert facts(g1830, "D10")[2:4] == ["first city: no revenue until a tile is laid, 1 token slot: empty",
                                        "second city: no revenue until a tile is laid, 1 token slot: empty"]
    assert facts(g1830, "G19")[2] == "first city: revenue $40, 1 token slot: reserved NYNH"  # printed with track


# ----- 2: malformed saves ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saved() -> str:
    return gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1).to_json()


def refusal(text) -> str:
    with pytest.raises(DataError) as refused:
        gamekit.load_json(text)
    return str(refused.value)


def test_a_save_cut_short_says_so_at_its_place(saved):
    assert saved[:40].endswith(',"ti')  # cut inside the string "title", which starts at column 38
    assert refusal(saved[:40]) == ("save: not valid JSON at line 1, column 38: the text ends inside the string that "
                                   "starts here: was the file cut short?")
    assert refusal(saved[:-3]) == (f"save: not valid JSON at line 1, column {len(saved) - 2}: the text ends before the "
                                   "JSON is complete: was the file cut short?")
    assert refusal('{\n "title":\n') == ("save: not valid JSON at line 3, column 1: the text ends before the JSON is "
                                        "complete: was the file cut short?")


@pytest.mark.parametrize("text, says", [
    ('{"title": "1830",}', "line 1, column 18: a comma before '}': JSON allows none after the last entry"),
    ("{'title': '1830'}", "line 1, column 2: expected a field name in double quotes here, found \"'title': '18\""),
    ('{"title" "1830"}', "line 1, column 10: expected ':' after the field name, found '\"1830\"}'"),
    ('{"title": "1830" "seed": 1}', "line 1, column 18: expected ',' between two entries or the closing bracket, "
                                    "found '\"seed\": 1}'"),
    ('{"seed": 1} x', "line 1, column 13: the JSON ended before here, but more text follows ('x'): is something "
                      "pasted after it?"),
    ('{"seed": }', "line 1, column 10: expected a value here (a number, text in double quotes, true, false, null, a "
                   "list or an object), found '}'"),
])
def test_every_json_syntax_error_is_one_line_in_words(text, says):
    assert refusal(text) == "save: not valid JSON at " + says


@pytest.mark.parametrize("field, value, says", [
    ("seed", 7.5, "field 'seed' must be a whole number, such as 7, not 7.5"),
    ("seed", "7", "field 'seed' must be a whole number, such as 7, not \"7\""),
    ("seed", True, "field 'seed' must be a whole number, such as 7, not true"),
    ("title", 1830, "field 'title' must be a title's name in double quotes, such as \"1830\", not 1830"),
    ("players", "Ann", "field 'players' must be a list of players, each with an \"id\" and a \"name\", not \"Ann\""),
    ("options", "optional_6_train", "field 'options' must be a list of option names, such as [] or "
                                    "[\"optional_6_train\"], not \"optional_6_train\""),
])
def test_a_field_of_the_wrong_type_is_named_with_the_value_expected(saved, field, value, says):
    data = json.loads(saved)
    data[field] = value
    assert refusal(json.dumps(data)) == "save: " + says
    del data[field]
    assert refusal(json.dumps(data)).startswith(f"save: field '{field}' is missing: it must be ")


# ----- 3: gamekit titles lists the rule options ----------------------------------------------------------------
def test_titles_lists_each_titles_player_counts_and_the_options_the_engine_accepts(capsys):
    assert main(["titles"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == ["1830 (2–6 players)", "  rule options (--option NAME):",
                       "    multiple_brown_from_ipo    In the brown zone several shares per turn may be bought from "
                       "the IPO too", "    optional_6_train           Three 6-trains instead of two"]
    listed = {}
    title = None
    for line in out:
        if not line.startswith(" "):  # "1830 (2–6 players)", "American Rails (american-rails, 3–5 players)"
            name, _, rest = line.partition(" (")
            title = rest.split(",")[0] if "," in rest else name
            listed[title] = []
        elif line.startswith("    "):
            listed[title].append(line.split()[0])
    assert listed["1837"][:2] == ["edition=2nd", "edition=1st"] and listed["1894"] == ["london_bonus=owner",
                                                                                       "grey_extra_up=every_up"]
    for title, names in listed.items():  # every name listed is one the title's own check accepts, and no other
        assert names == list(gamekit.titles.game_class(title).options_available)
        assert len(names) >= 2
    gamekit.new_game("1837", ["A", "B", "C"], options=["edition=1st"])
    with pytest.raises(GameError, match="edition=3rd"):
        gamekit.new_game("1837", ["A", "B", "C"], options=["edition=3rd"])


def test_simulate_help_points_to_titles_for_the_options(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "a rule option of the title, e.g. edition=1st for 1837 (repeatable); 'gamekit titles' lists every " \
           "title's options" in help_text


# ----- 4: which bot played a measurement -------------------------------------------------------------------------
def test_who_played_names_the_bot_of_each_seat():
    from gamekit.compare.measure import who_played

    assert who_played(["random"] * 4) == "every seat played by the random bot"
    assert who_played(["heuristic", "random", "random", "random"]) == "seat 1: heuristic bot, seats 2–4: random bot"
    assert who_played(["random", "heuristic", "random"]) == ("seat 1: random bot, seat 2: heuristic bot, "
                                                             "seat 3: random bot")


# ----- 5: unknown titles and languages ---------------------------------------------------------------------------
def test_an_unknown_title_is_a_game_error_naming_its_rule_and_still_a_value_error():
    with pytest.raises(GameError) as refused:
        gamekit.new_game("18xx-unknown", ["A", "B", "C"])
    assert isinstance(refused.value, ValueError) and refused.value.rule == "core:setup.title"
    assert str(refused.value) == ("unknown title '18xx-unknown'; playable titles: 1830, 1837, 1894, american-rails, "
                                  "continental-divide (rule core:setup.title)")
    with using("es"):
        assert str(refused.value) == ("juego desconocido '18xx-unknown'; juegos jugables: 1830, 1837, "
                                                "1894, american-rails, continental-divide (regla core:setup.title)")


def test_an_unknown_language_is_a_game_error_naming_its_rule_and_the_language_stays():
    with using("nl"):
        with pytest.raises(GameError) as refused:
            gamekit.set_language("xx")
        assert language() == "nl"
    assert isinstance(refused.value, ValueError) and refused.value.rule == "core:setup.language"
    assert refused.value.message == "'xx' is not a language of gamekit; the known ones are en, zh, ca, es, nl"
