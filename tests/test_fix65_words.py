"""Stop 65's new-user pass: the rule options' descriptions in the learner's language (``gamekit titles``, the
classroom's examples menu and load message), and a shipped game's end in its title's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gamekit import cli
from gamekit.games import real_game, real_games
from gamekit.i18n import LANGUAGES, localize, set_language, using
from gamekit.titles import game_class, title_names

LOCALE = Path(cli.__file__).parent / "locale"


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_titles_option_descriptions_are_translated(language):
    with (LOCALE / language / "LC_MESSAGES" / "gamekit.po").open("rb") as f:
        catalog = read_po(f, locale=language)
    for title in title_names():
        for name, what in game_class(title).options_available.items():
            entry = catalog.get(what)
            assert entry is not None and entry.string and not entry.fuzzy, (language, title, name)


def test_gamekit_titles_lists_the_options_in_the_language(capsys):
    with using("zh"):
        assert cli.main(["titles"]) == 0
    out = capsys.readouterr().out
    assert "multiple_brown_from_ipo    在棕色区域，每回合也可以从首次发行（IPO）购买多张股份" in out
    assert "In the brown zone" not in out and "Three 6-trains" not in out
    for language, words in (("ca", "Tres trens de 6 en lloc de dos"), ("es", "Tres trenes de 6 en lugar de dos"),
                            ("nl", "Drie 6-treinen in plaats van twee")):
        with using(language):
            cli.main(["titles"])
        assert words in capsys.readouterr().out, language


def test_an_example_games_optional_rules_read_in_the_language(english):
    game = real_game("1830", "26855")
    assert game.options == ("multiple_brown_from_ipo",)
    assert game.description == ("18xx.games game 26855: 4 players (optional rules: In the brown zone several shares "
                                "per turn may be bought from the IPO too), ended when a player went bankrupt")
    set_language("es")
    assert "multiple_brown_from_ipo" not in game.description
    assert "En la zona marrón también se pueden comprar varias acciones por turno" in game.description


def test_an_unknown_optional_rule_is_named_as_the_log_names_it():
    game = real_game("1830", "26855")
    other = type(game)(**{**game.__dict__, "options": ("no_such_rule",)})
    assert localize(other.option_words()) == "no_such_rule"


def test_a_shipped_games_end_is_said_as_its_title_says_it(english):
    for game in real_games():
        if game.end:
            words = localize(game_class(game.title).end_words(game.end))
            assert game.description.endswith(f", ended when {words}"), game.name
