"""A report cut short is refused as a Rails report, in one line naming the line (new-user pass 69, defect 3): a
fragment of one event line, without its ``GameIs`` start, is no JSON log."""

from pathlib import Path

import pytest

from gamekit import cli
from gamekit.errors import DataError
from gamekit.i18n import using
from gamekit.rails import import_rails_report, is_rails_report


@pytest.mark.parametrize("text, report", [
    ("BuysItemFor,Alice,EKT,40\n", True), ("\ufeffFloatsWithCash,EKT,100\n\n", True),
    ("GameIs,1830\n", True), ('{"id": 1}\n', False), ("hello,world\n", False), ("Alice bids 45 on SVNRR\n", False),
    ("BuysItemFor,Alice,EKT,40\nsome words\nmore words\n", False)])
def test_a_one_line_fragment_is_a_report(text, report):
    assert is_rails_report(text) is report


def test_the_fragment_is_refused_naming_its_first_line(tmp_path):
    path = tmp_path / "x.report"
    path.write_text("BuysItemFor,Alice,EKT,40\n", encoding="utf-8")
    with pytest.raises(DataError) as refused:
        import_rails_report(path)
    assert str(refused.value) == "x.report: line 1: a Rails report starts with 'GameIs,<title>'"


def test_gamekit_replay_says_so_in_dutch(tmp_path, capsys):
    path = tmp_path / "x.report"
    path.write_text("BuysItemFor,Alice,EKT,40\n", encoding="utf-8")
    with using("nl"):
        assert cli.main(["replay", str(path)]) == 1
    error = capsys.readouterr().err
    assert error == f"gamekit replay: {path}: regel 1: een Rails-verslag begint met 'GameIs,<title>'\n"
    assert "JSON" not in error
