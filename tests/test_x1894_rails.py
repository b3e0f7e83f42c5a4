"""Narration lines of a Rails report take no field beyond their shape: ``StartOfInitialRound,x`` (Rails writes
the round's number there, or nothing) is refused in one line naming the report line, before anything is played."""

from __future__ import annotations

import pytest

from gamekit.errors import DataError
from gamekit.rails import import_rails_report
from gamekit.rails.handlers import NARRATION
from gamekit.rails.lines import SHAPES, parse_line

from .test_rails_hostile import refusal, with_line

SAMPLE = {"s": "A", "i": "1", "r": "1.1", "n": "1", "N": "1", "*": "A"}


@pytest.mark.parametrize("text, says", [
    ("StartOfInitialRound,x", "report: line 9: StartOfInitialRound argument 1 must be a whole number, not 'x'"),
    ("StartOfInitialRound,1,x", "report: line 9: StartOfInitialRound needs 1 argument, it has 2"),
    ("PhaseClosesAllPrivates,5,x", "report: line 9: PhaseClosesAllPrivates needs 1 argument, it has 2"),
])
def test_a_narration_line_with_a_field_more_is_refused_naming_its_line(text, says):
    assert refusal(with_line(9, text)) == says


@pytest.mark.parametrize("text", ["StartOfInitialRound", "StartOfInitialRound,1", "StartOfInitialRound,2"])
def test_the_round_start_rails_writes_still_replays(text):
    report = import_rails_report(with_line(9, text))
    assert report.ok, report.error


@pytest.mark.parametrize("key", sorted(k for k in NARRATION if k in SHAPES and not any(
    one[-1:] in ("*", "N") for one in SHAPES[k].split("|"))))
def test_no_narration_key_takes_an_unknown_field(key):
    longest = max(SHAPES[key].split("|"), key=len)
    fields = [SAMPLE[kind] for kind in longest]
    assert parse_line(",".join([key, *fields]), 3).key == key  # its own shape reads
    with pytest.raises(DataError, match=rf"^g\.report: line 3: {key} "):
        parse_line(",".join([key, *fields, "x"]), 3, "g.report")
