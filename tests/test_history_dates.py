"""A log entry's date is third-party data (rule ``1830:edition.history``): a ``created_at`` no calendar day has (out
of range, not finite) is read as no date, so a refused action gets its one-line refusal and no rule-change note,
never a Python error."""

from __future__ import annotations

import copy

import pytest

from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import import_log

NO_DAY = (99999999999999, -99999999999999, 1e300, float("inf"), float("nan"))


@pytest.mark.parametrize("created_at", NO_DAY)
def test_a_date_no_calendar_has_gives_no_note(created_at):
    game = import_log(real_game("1830", "26855").log(), strict=True).game
    assert game.rule_change_note("1830:stock.buy", created_at) is None


@pytest.mark.parametrize("created_at", NO_DAY[:2])
def test_a_refused_action_with_such_a_date_is_refused_in_one_line(created_at):
    # log entry 27: player 82 pars B&O at $100; at a cell that is no par price it is refused, and the refusal's
    # rule is looked up among the rule changes after the entry's date
    data = copy.deepcopy(real_game("1830", "26855").log())
    data["actions"] = data["actions"][:27]
    data["actions"][26]["share_price"] = "1,0,0"
    data["actions"][26]["created_at"] = created_at
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    assert str(refused.value).startswith("action 27: 1830:stock.par: ")
    assert "\n" not in str(refused.value) and "rules changed" not in str(refused.value)
