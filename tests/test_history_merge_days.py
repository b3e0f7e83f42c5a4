"""Rule changes on 18xx.games are dated by the day each reached the site's repository main branch, the merge of
its pull request (rules ``1830:edition.history``, ``1894:edition.history``). In 1830 the Erie's whole-hex reservation on E11 was merged on 23 April 2021 (pull request
5114, its commit written on 22 April), so a station refused by ``1830:token.reserved`` in a game played on 22 April
names that change, and one played on 23 April does not. In 1894 the G2 hex (Houdan) changed in a commit of 19
January 2025 merged on 1 February 2025 (pull request 11459)."""

from __future__ import annotations

from datetime import datetime, timezone

import gamekit


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


def test_the_erie_reservation_change_counts_from_its_merge_day():
    game = gamekit.new_game("1830", ["a", "b", "c"])
    note = game.rule_change_note("1830:token.reserved", _seconds("2021-04-22T20:00:00"))
    assert note == ("this action was played on 2021-04-22, and 1830's rules changed since: on 2021-04-23 the "
                    "Erie's reserved city on E11 stopped taking other corporations' station tokens")
    assert game.rule_change_note("1830:token.reserved", _seconds("2021-04-23T12:00:00")) is None


def test_the_houdan_change_counts_from_its_merge_day():
    game = gamekit.new_game("1894", ["a", "b", "c"])
    note = game.rule_change_note("1894:route.revenue", _seconds("2025-01-25T12:00:00"))
    assert note == ("this action was played on 2025-01-25, and 1894's rules changed since: on 2025-02-01 Houdan "
                    "(G2) became a grey town")
    assert game.rule_change_note("1894:route.revenue", _seconds("2025-02-01T12:00:00")) is None
