"""Where a learner reads a title, it is named as its data prints it ("Continental Divide"), not by its CLI name
(``continental-divide``): the concept table shown with ``headings=True``, the assignment notebook's heading and
intro. Code keeps the CLI names: the default concept table's columns, ``game_class``."""

from __future__ import annotations

import argparse
import contextlib
import io
import json

import pytest

from gamekit import concepts_table
from gamekit.datafiles import data_json
from gamekit.errors import UnknownName
from gamekit.exercises import assignment_cli
from gamekit.i18n import using
from gamekit.titles import display_name, title_names

pytestmark = pytest.mark.usefixtures("english")  # the assignment's language is set per test


def test_each_title_is_named_as_its_data_prints_it():
    assert {t: display_name(t) for t in title_names()} == {
        "1830": "1830", "1837": "1837", "1894": "1894",
        "american-rails": "American Rails", "continental-divide": "Continental Divide"}
    # read from the data files, not typed in
    assert display_name("continental-divide") == data_json("continental_divide", "map.json")["title"]
    assert display_name("american-rails") == data_json("american_rails", "game.json")["title"]


def test_a_proper_name_is_the_same_in_every_language():
    with using("zh"):
        assert display_name("american-rails") == "American Rails"


@pytest.mark.parametrize("title", ["Continental Divide", "cd", 1830])
def test_a_name_that_is_not_a_cli_name_is_refused(title):
    with pytest.raises(UnknownName, match="playable titles: 1830, 1837, 1894, american-rails, continental-divide"):
        display_name(title)


def test_the_shown_table_names_its_columns_and_the_default_keeps_the_keys():
    titles = ["1830", "american-rails", "continental-divide"]
    keyed, shown = concepts_table(titles), concepts_table(titles, headings=True)
    assert list(keyed.columns.get_level_values("title").unique()) == titles
    assert list(shown.columns.get_level_values("title").unique()) == ["1830", "American Rails", "Continental Divide"]
    assert list(shown.columns) == [(name, part) for name in ["1830", "American Rails", "Continental Divide"]
                                   for part in ("value", "rule")]
    assert keyed.loc["market", ("1830", "value")] == shown.loc["market", ("1830", "value")]  # README's lookup
    assert shown.loc["market", ("Continental Divide", "rule")] == keyed.loc["market", ("continental-divide", "rule")]


def _first_cell(tmp_path, lang: str, title: str = "continental-divide") -> str:
    out = tmp_path / f"{lang}.ipynb"
    parser = argparse.ArgumentParser()
    assignment_cli.add_arguments(parser)
    with using(lang), contextlib.redirect_stdout(io.StringIO()):
        assert assignment_cli.run(parser.parse_args([title, str(out), "--questions", "2", "--seed", "2"])) == 0
    return json.loads(out.read_text())["cells"][0]["source"]


def test_the_assignment_heading_and_intro_name_the_title_in_english(tmp_path):
    assert _first_cell(tmp_path, "en").startswith(
        "# Continental Divide: 2 questions (seed 2)\n\n2 questions about positions of Continental Divide games. ")


def test_the_assignment_heading_and_intro_name_the_title_in_chinese(tmp_path):
    intro = _first_cell(tmp_path, "zh")
    assert intro.startswith("# Continental Divide：2 道题（种子 2）\n\n关于 Continental Divide 对局局面的 2 道题。")
    assert "continental-divide" not in intro


def test_an_18xx_assignment_keeps_its_number(tmp_path):
    assert _first_cell(tmp_path, "en", "1894").startswith(
        "# 1894: 2 questions (seed 2)\n\n2 questions about positions of 1894 games. ")
