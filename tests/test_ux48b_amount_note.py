"""The classroom's amount box refuses at once, in a red note under it, a number that is no value of the selected
action's range, as the Explorer's range rows do (the same words, rule and colour), and Apply is disabled until the
box holds a value of the range; nothing is clamped into the range. Positions are real ones of an 1830 game at seed
7 (the private auction: Ann has $600, the CA's minimum bid is $165)."""

from __future__ import annotations

import html

import pytest

import gamekit
from gamekit.i18n import localize, set_language
from gamekit.sentences import sentence_now
from gamekit.widgets.classroom import Classroom
from gamekit.widgets.classroom_table import Table
from gamekit.widgets.explorer import Explorer

RED = "<span style='color:#b2182b'>Refused: {}</span>"


def select(table, action) -> None:
    """Select ``action`` in the table's list, as a click on its line does."""
    table.choices.value = dict(table.choices.options)[localize(sentence_now(table.view, action))]


def company_range(game, company: str):
    (rng,) = [r for r in game.action_ranges() if getattr(r.template, "company", None) == company]
    return rng


@pytest.mark.parametrize("typed, reason", [
    ("10000", "Ann can bid at most $600 (cash less other bids)"),
    ("601", "Ann can bid at most $600 (cash less other bids)"),
    ("164", "the minimum bid on CA is $165"),
    ("-5", "the minimum bid on CA is $165"),
])
def test_a_bid_off_its_range_is_refused_at_once_under_the_box(english, typed, reason):
    table = Classroom("1830", 4, seed=7).table
    assert isinstance(table, Table)
    select(table, company_range(table.game, "CA").template)
    assert (table.amount_number.value, table.amount_note.value, table.apply_button.disabled) == ("165", "", False)
    assert table.amount_note.layout.display == "none"
    table.amount_number.value = typed
    said = RED.format(f"{typed} is outside the range: the price is from 165 to 600; {reason} (rule 1830:auction.bid)")
    assert (table.amount_note.value, table.apply_button.disabled) == (said, True)
    assert table.amount_note.layout.display is None  # shown
    assert (table.amount_number.value, table.amount.value) == (typed, 165)  # nothing clamped: the slider stays put
    assert table.message.value == ""  # said under the box, before any Apply
    middle = list(table.middle.children)
    assert middle.index(table.amount_note) == middle.index(table.amount_box) + 1  # right under the box
    table.amount_number.value = "180"  # a value of the range clears the note and enables Apply
    assert (table.amount_note.value, table.apply_button.disabled, table.amount.value) == ("", False, 180)
    assert table.amount_note.layout.display == "none"
    table.apply_button.click()
    assert table.event_log.lines[0].children[1].value == "Ann bids $180 on CA"


def test_text_that_is_no_whole_number_is_refused_at_once(english):
    table = Classroom("1830", 4, seed=7).table
    select(table, company_range(table.game, "CA").template)
    table.amount_number.value = "1e3"
    assert table.amount_note.value == RED.format(html.escape("the price must be a whole number (digits only), not "
                                                             "'1e3'"))
    assert table.apply_button.disabled


def test_the_note_says_what_the_explorer_says(english):
    """The same game and the same number: the classroom's note is the Explorer's, word for word, in English and
    in Spanish (the Explorer's templates, already translated)."""
    app = Classroom("1830", 4, seed=7)
    explorer = Explorer(gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7))
    (row,) = [rc for rc in explorer.range_controls if rc.range.template.company == "DH"]
    try:
        for code in ("en", "es"):
            app.set_language(code)  # the app's language menu: every table redrawn, its first action selected
            table = app.table
            assert (table.amount_note.value, table.apply_button.disabled) == ("", False)
            select(table, company_range(table.game, "DH").template)
            for box in (table.amount_number, row.number):
                box.value = "700"
            row.judge()  # the Explorer's note, written again in this language
            assert table.amount_note.value == row.note.value != "" and table.apply_button.disabled
        assert table.amount_note.value == ("<span style='color:#b2182b'>Rechazado: 700 está fuera del intervalo: "
                                           "precio va de 75 a 600; Ann puede pujar como máximo $600 (dinero menos "
                                           "otras pujas) (regla 1830:auction.bid)</span>")
    finally:
        set_language("en")


def test_an_action_without_a_range_clears_the_note(english):
    table = Classroom("1830", 4, seed=7).table
    select(table, company_range(table.game, "CA").template)
    table.amount_number.value = "9999"
    assert table.apply_button.disabled
    buy_sv = table.game.legal_actions()[0]  # "Ann buys SV for $20": no range
    select(table, buy_sv)
    assert table.amount_box.layout.display == "none"
    assert (table.amount_note.value, table.apply_button.disabled) == ("", False)
    table.apply_button.click()
    assert table.event_log.lines[0].children[1].value == "Ann buys SV for $20"
    # the next seat's list: its first action selected, Apply enabled, no note left from Ann's refused number
    assert (table.amount_note.value, table.apply_button.disabled) == ("", False)


def test_the_note_in_a_what_if_tab(english):
    """A fork opens in a classroom table too: its amount box judges Ben's cash, not Ann's."""
    app = Classroom("1830", 4, seed=7)
    game = app.table.game
    app.table.apply(company_range(game, "CA").action(180))
    app.table.fork()
    fork = app.table
    assert isinstance(fork, Table) and fork is not app.tables[0]
    select(fork, company_range(fork.game, "BO").template)
    fork.amount_number.value = "601"
    assert fork.amount_note.value == RED.format("601 is outside the range: the price is from 225 to 600; Ben can bid "
                                                "at most $600 (cash less other bids) (rule 1830:auction.bid)")
    assert fork.apply_button.disabled and app.tables[0].amount_note.value == ""


def test_a_bid_between_two_steps_of_its_range_is_refused(english):
    """1894's bids go up in steps of $5: a number inside the range but between two steps is no value of it."""
    table = Classroom("1894", 3, seed=1).table
    rng = company_range(table.game, "AR")
    assert (rng.low, rng.high, rng.step) == (30, 570, 5)
    select(table, rng.template)
    table.amount_number.value = "32"
    assert table.amount_note.value == RED.format("32 is not a price of the range: from 30 to 570 in steps of 5")
    assert table.apply_button.disabled and table.amount_number.value == "32"  # kept as typed, not rounded
    table.amount_number.value = "35"
    assert (table.amount_note.value, table.apply_button.disabled, table.amount.value) == ("", False, 35)
