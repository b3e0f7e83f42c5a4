"""Titles are shown by their printed names where a user reads them (the classroom's title menu and tab headings,
the headings of ``gamekit titles``) while the CLI names stay what a user types and what code keys on."""

import gamekit
from gamekit import cli, titles
from gamekit.widgets.classroom import Classroom


def test_display_name_is_part_of_the_public_api():
    assert "display_name" in gamekit.__all__ and gamekit.display_name is titles.display_name
    assert [gamekit.display_name(t) for t in gamekit.title_names()] == \
        ["1830", "1837", "1894", "American Rails", "Continental Divide"]
    assert "Continental Divide" in gamekit.display_name.__doc__


def test_the_classroom_menu_shows_printed_names_and_keeps_cli_names_as_values(english):
    app = Classroom("continental-divide", 3, seed=1)
    assert list(app.title_menu.options) == [("1830", "1830"), ("1837", "1837"), ("1894", "1894"),
                                            ("American Rails", "american-rails"),
                                            ("Continental Divide", "continental-divide")]
    assert (app.title_menu.value, app.title_menu.label) == ("continental-divide", "Continental Divide")
    assert app.tabs.titles == ("Continental Divide · seed 1",)
    app.title_menu.value = "american-rails"  # the players' range follows the value, a CLI name
    app.new_button.click()
    assert app.table.game.title == "american-rails" and app.tabs.titles == ("American Rails · seed 1",)
    app.load(gamekit.new_game("1830", ["A", "B", "C"], seed=3).to_json().encode(), "x.json")
    assert (app.title_menu.value, app.title_menu.label) == ("1830", "1830")  # the header names the loaded game


def test_gamekit_titles_heads_each_title_by_its_name_and_the_name_to_type(english, capsys):
    assert cli.main(["titles"]) == 0
    headings = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert headings == ["1830 (2–6 players)", "1837 (3–7 players)", "1894 (3–4 players)",
                        "American Rails (american-rails, 3–5 players)",
                        "Continental Divide (continental-divide, 3–6 players)"]
    assert cli.main(["titles", "--names"]) == 0
    assert capsys.readouterr().out.split() == list(gamekit.title_names())
