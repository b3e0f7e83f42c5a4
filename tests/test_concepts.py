"""The concept table (issue: compare mechanics across titles): computed from each title's facts, every value
citing a section of its rules, and following the facts when they change."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.compare import CONCEPTS
from gamekit import concepts, concepts_table
from gamekit.cuberails.cd_map import load_rules_data
from gamekit.rules import rule_sections
from gamekit.titles import game_class


@pytest.mark.parametrize("title", gamekit.title_names())
def test_every_concept_cites_an_existing_rule(title):
    rows = concepts(title)
    assert [c.name for c in rows] == list(CONCEPTS)
    sections = rule_sections(game_class(title).rule_prefix)
    for concept in rows:
        assert concept.value, concept
        assert concept.rule in sections, concept


def _cell(title, name):
    return next(c.value for c in concepts(title) if c.name == name)


def test_1830_values_are_the_rulebook_numbers():
    assert _cell("1830", "players") == "2–6"
    assert "4 players $600" in _cell("1830", "starting cash")
    assert "4 players 16" in _cell("1830", "certificate limit")
    assert _cell("1830", "bank") == "$12,000"
    assert _cell("1830", "holding limit").startswith("60% of one corporation")
    assert "2 rusts when the first 4 is bought" in _cell("1830", "rusting")
    assert "D (unlimited at $1,100)" in _cell("1830", "trains")
    assert _cell("1830", "capitalization") == "major: floats at 60% sold, receives 10 × its par price when it floats"


def test_a_changed_fact_changes_its_cell(monkeypatch):
    facts = game_class("1830").load_facts()
    monkeypatch.setitem(facts.starting_cash, "4", 700)
    assert "4 players $700" in _cell("1830", "starting cash")
    monkeypatch.setitem(load_rules_data().starting_cash, 4, 75)
    assert "4 players $75" in _cell("continental-divide", "starting cash")


def test_18xx_end_triggers_say_how_many_bankruptcies_and_when():
    """1837 goes on after a bankruptcy until all players but one are bankrupt (1837:end.bankrupt), and its bank
    ends the game after the current operating round; 1830's after the set (1830:end.bank)."""
    assert _cell("1837", "end triggers") == ("all players but one are bankrupt: the game ends at once; the bank "
                                             "breaks: after the current operating round")
    assert _cell("1830", "end triggers") == ("a player goes bankrupt: the game ends at once; the bank breaks: "
                                             "after the current set of operating rounds")


def test_cube_rails_end_triggers_come_from_their_facts():
    assert _cell("continental-divide", "end triggers") == f"after game turn {load_rules_data().turns}"
    assert _cell("american-rails", "end triggers").startswith("after 1857")


def test_table_has_a_value_and_a_rule_column_per_title():
    table = concepts_table(["1830", "continental-divide"])
    assert list(table.index) == list(CONCEPTS)
    assert list(table.columns) == [("1830", "value"), ("1830", "rule"), ("continental-divide", "value"),
                                   ("continental-divide", "rule")]
    assert table.loc["players", ("continental-divide", "value")] == "3–6"
    assert table.loc["dividends", ("1830", "rule")] == "1830:dividend"
