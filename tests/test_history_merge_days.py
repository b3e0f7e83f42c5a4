"""Rule changes on 18xx.games are dated by the day each reached the site's repository main branch, the merge of
its pull request (rules ``1830:edition.history``, ``1894:edition.history``). In 1830 the Erie's whole-hex reservation on E11 was merged on 23 April 2021 (pull request
5114, its commit written on 22 April), so a station refused by ``1830:token.reserved`` in a game played on 22 April
names that change, and one played on 23 April does not. In 1894 the G2 hex (Houdan) changed in a commit of 19
January 2025 merged on 1 February 2025 (pull request 11459)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

import gamekit
from gamekit.tracks.actions import Route, RunRoutes


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


@pytest.mark.parametrize("title, rule, played, note, merge_day", [
    ("1830", "1830:token.reserved", "2021-04-22T20:00:00",
     "this action was played on 2021-04-22, and 1830's rules changed since: on 2021-04-23 the Erie's reserved city "
     "on E11 stopped taking other corporations' station tokens", "2021-04-23T12:00:00"),
    ("1894", "1894:route.revenue", "2025-01-25T12:00:00",
     "this action was played on 2025-01-25, and 1894's rules changed since: on 2025-02-01 Houdan (G2) became a grey "
     "town", "2025-02-01T12:00:00"),
])
def test_a_change_counts_from_its_merge_day(title, rule, played, note, merge_day):
    game = gamekit.new_game(title, ["a", "b", "c"])
    through_g2 = RunRoutes(entity="Ouest", routes=(Route(train="2-0", hexes=("G2", "F3")),))  # the G2 change's cause
    assert game.rule_change_note(rule, _seconds(played), through_g2) == note
    assert game.rule_change_note(rule, _seconds(merge_day), through_g2) is None
