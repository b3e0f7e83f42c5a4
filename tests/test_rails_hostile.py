"""Hostile Rails-18xx reports: huge numbers, wrong lines, truncated lines, unicode. Each is recognised as a report
by its shape and either replays, stops at a line, or is refused in one line naming the line; nothing else."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit.errors import DataError, GameError
from gamekit.rails import import_rails_report, is_rails_report
from gamekit.rails.lines import DIGITS

from .test_rails import AUCTION

LINES = AUCTION.splitlines()
"""The hand-written auction report: 17 lines, line 16 ``BuysItemFor,Stefan,SVNRR,15``, line 17 ``Has,Stefan,785``."""


def with_line(number: int, text: str) -> str:
    """The auction report with its line ``number`` (from 1) replaced by ``text``."""
    lines = list(LINES)
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


def refusal(text: str) -> str:
    """The one-line refusal of a report (the test fails if the report is not refused)."""
    with pytest.raises(DataError) as caught:
        import_rails_report(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    return message


@pytest.mark.parametrize("digits", [DIGITS + 1, 25, 5000])
def test_a_price_of_too_many_digits_is_refused_naming_its_line(digits):
    message = refusal(with_line(16, "BuysItemFor,Stefan,SVNRR," + "9" * digits))
    assert message.startswith("report: line 16: BuysItemFor argument 3 is too large: '999")
    assert f"at most {DIGITS} digits" in message


def test_a_price_of_the_most_digits_is_read_and_compared():
    report = import_rails_report(with_line(16, "BuysItemFor,Stefan,SVNRR," + "9" * DIGITS))
    assert report.error is not None and report.error.startswith("line 16: ")
    assert report.lines_done == 15


@pytest.mark.parametrize("number, text, argument", [
    (5, "PlayerCash,99999999999999999", "PlayerCash argument 1"),
    (6, "BankHas,99999999999999999999", "BankHas argument 1"),
    (15, "ITEM_PRICE_REDUCED,SVNRR,99999999999999999999", "ITEM_PRICE_REDUCED argument 2"),
    (17, "Has,Stefan,-99999999999999999", "Has argument 2"),
])
def test_a_whole_number_that_is_too_large_is_called_too_large(number, text, argument):
    message = refusal(with_line(number, text))
    assert message.startswith(f"report: line {number}: {argument} is too large: ")
    assert "must be a whole number" not in message


WRONG_LINES = [
    (15, "TELEPORTS,Stefan,Mars", "line 15: 'TELEPORTS' is not a Rails report event we read"),
    (16, "BuysItemFor,Stefan", "line 16: BuysItemFor needs at least 2 arguments, it has 1"),
    (4, "PlayerIs,x,Erik", "line 4: PlayerIs argument 1 must be a whole number, not 'x'"),
    (1, "GameIs,", "line 1: GameIs argument 1 is empty"),
    (5, "PlayerCash,99999999999999999",
     "line 5: PlayerCash argument 1 is too large: '99999999999999999' (a whole number of at most 12 digits)"),
]
"""Lines that make the test auction report wrong, and what the refusal says after the report's name: the same
through the Python API and the CLI (tests/test_cli.py)."""


@pytest.mark.parametrize("number, text, says", WRONG_LINES + [
    (17, "Has,Stefan,99999999999999999",
     "line 17: Has argument 2 is too large: '99999999999999999' (a whole number of at most 12 digits)"),
    (1, "PlayerIs,1,Stefan", "line 1: a Rails report starts with 'GameIs,<title>'"),
])
def test_a_report_with_one_wrong_line_is_still_a_report_and_its_line_is_named(number, text, says):
    report = with_line(number, text)
    assert is_rails_report(report) and is_rails_report(report.encode())
    assert refusal(report) == f"report: {says}"


@pytest.mark.parametrize("text", ['{"title": "1830", "actions": []}', "[1, 2]", "null", "", "\n\n",
                                  "hello world\nthis is prose, with a comma\n", "\ufeff{\"a\": 1}"])
def test_json_and_prose_are_not_reports(text):
    assert not is_rails_report(text)


def test_a_word_where_a_price_belongs_stops_at_its_line():
    report = import_rails_report(with_line(16, "BuysItemFor,Stefan,SVNRR,fifteen"))
    assert report.error == "line 16: core:import.log: 'fifteen' is not a whole number"
    assert report.lines_done == 15 and report.applied == 3


def test_digits_of_another_script_are_not_a_price():
    report = import_rails_report(with_line(16, "BuysItemFor,Stefan,SVNRR,\u0661\u0665"))
    assert report.error is not None and report.error.startswith("line 16: core:import.log: ")
    assert "is not a whole number" in report.error


LINE = re.compile(r"^(report: )?line \d+: ")

VALUES = st.one_of(
    st.sampled_from(["", " ", "-1", "0", "5.0", "1e3", "0x10", "\u0661\u0665", "\u00b2", "\u03a9", "PRES_CERT_NAME",
                     "Stefan", "SVNRR", "B&O", "9" * 13, "9" * 25, "9" * 4400, "-" + "9" * 30, "\x00", "\ufeff",
                     "1.1", "E17"]),
    st.text(max_size=12),
    st.integers(min_value=-10 ** 30, max_value=10 ** 30).map(str),
)


@st.composite
def mutated(draw) -> tuple[int, str]:
    """The auction report with one line mutated: a field replaced, the line cut, a field added or dropped."""
    number = draw(st.integers(min_value=1, max_value=len(LINES)))
    parts = LINES[number - 1].split(",")
    how = draw(st.sampled_from(["field", "cut", "extra", "drop", "text"]))
    if how == "field":
        parts[draw(st.integers(min_value=0, max_value=len(parts) - 1))] = draw(VALUES)
        line = ",".join(parts)
    elif how == "cut":
        text = LINES[number - 1]
        line = text[:draw(st.integers(min_value=0, max_value=len(text)))]
    elif how == "extra":
        line = ",".join(parts + [draw(VALUES)])
    elif how == "drop":
        line = ",".join(parts[:-1]) if len(parts) > 1 else ""
    else:
        line = draw(st.text(max_size=40))
    return number, with_line(number, line.replace("\n", " ").replace("\r", " "))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_report_replays_stops_at_a_line_or_is_refused_in_one_line(case):
    number, text = case
    try:
        report = import_rails_report(text)
    except (DataError, GameError) as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 400
        assert LINE.match(message), message
        return
    assert report.error is None or (LINE.match(report.error) and "\n" not in report.error), report.error
    assert report.lines_done <= len(report.lines)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=len(LINES)), st.integers(min_value=DIGITS + 1, max_value=5000))
def test_any_long_number_on_any_line_is_refused_at_that_line(number, digits):
    parts = LINES[number - 1].split(",")
    text = with_line(number, ",".join(parts + ["9" * digits]) if number > 1 else "GameIs,1830," + "9" * digits)
    assert is_rails_report(text)
    message = refusal(text)
    assert message.startswith(f"report: line {number}: ") and "too large" in message


@pytest.mark.parametrize("text, stop", [
    ("GameIs,1830", "line 1: core:import.log: the report names no players (PlayerIs) before play"),
    ("GameIs,1830\nPlayerIs,1,Alice", "line 2: 1830:setup: 1830 is for 2–6 players, not 1"),
])
def test_a_report_of_its_set_up_alone_still_sets_up_its_game(text, stop):
    """A report cut after its header is not a replay "with every figure equal" of no game: its players must make a
    game of the title, checked as at the first line of play."""
    report = import_rails_report(text)
    assert not report.ok and report.error.startswith(stop) and report.game is None
