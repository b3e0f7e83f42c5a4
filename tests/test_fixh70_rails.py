"""hostile70 defects 3, 7 and 8: a Rails report's players are checked as each ``PlayerIs`` line is read (no more
than the title plays, each refusal at the line that gives it, the rule named once), and a report is bounded in
lines, refused at the first line past the bound."""

from __future__ import annotations

import pytest

from gamekit.errors import DataError
from gamekit.rails import import_rails_report

SETUP = "GameIs,1830\nPlayerIs,1,Stefan\nPlayerIs,2,Martin\nPlayerIs,3,Erik\nPlayerCash,800\nBankHas,9600\n"
"""The set-up of Rails' 1830 test game ``1830_Auction_Test`` (three players with $800, the bank's $9,600 left)."""


def test_the_setup_alone_replays():
    report = import_rails_report(SETUP)
    assert report.ok and report.lines_done == 6 and [p.id for p in report.game.players] == ["Stefan", "Martin", "Erik"]


@pytest.mark.parametrize("setup, error", [
    (SETUP.replace("Stefan", "S" * 60), "line 2: 1830:setup: a player name is one line of at most 40 printable "
     "characters, not 'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS…"),
    (SETUP.replace("Martin", "bank"), "line 3: 1830:setup: a player may not be called bank: that name is taken by a "
     "company or a holder in this game"),
    (SETUP.replace("Erik", "Erik\u200e"), "line 4: 1830:setup: a player name is one line of at most 40 printable "
     "characters, not 'Erik\\u200e'"),
    (SETUP.replace("PlayerIs,2,Martin\nPlayerIs,3,Erik\n", ""), "line 2: 1830:setup: 1830 is for 2–6 players, not 1"),
    (SETUP.replace("PlayerIs,3,Erik\n", "PlayerIs,3,Erik\nPlayerIs,4,A\nPlayerIs,5,B\nPlayerIs,6,C\nPlayerIs,7,D\n"),
     "line 8: 1830:setup: 1830 is for 2–6 players, not 7"),
])
def test_a_refused_player_is_blamed_on_its_line_with_the_rule_once(setup, error):
    report = import_rails_report(setup)
    assert report.error == error and report.game is None


def test_players_past_the_most_stop_at_the_first_one_too_many():
    players = "".join(f"PlayerIs,{seat},P{seat}\n" for seat in range(1, 20_001))
    report = import_rails_report("GameIs,1830\n" + players + "PlayerCash,800\n")
    assert report.error == "line 8: 1830:setup: 1830 is for 2–6 players, not 7" and report.lines_done == 7


def test_a_report_longer_than_the_bound_is_refused_at_the_first_line_past_it():
    from gamekit.rails.lines import MAX_LINES

    text = SETUP + "PASSES,Alice\n" * (MAX_LINES - 6)
    assert import_rails_report(text).error == "line 7: core:import.log: 'Alice' is not a player of the report " \
        "(Stefan, Martin, Erik) (the report: PASSES,Alice)"
    with pytest.raises(DataError) as refused:
        import_rails_report(text + "PASSES,Alice\n")
    assert str(refused.value) == f"report: line {MAX_LINES + 1}: a Rails report has at most {MAX_LINES} lines " \
        "(Rails' own have a few thousand)"
