"""A rule change on 18xx.games explains a refusal only where its cause applies (rule ``1830:edition.history``): the
market cell corrected on 1 March 2021 ($12 → $20) is named for a refused purchase or sale only in a game where a
share price has stood on that cell; before that the market as it was and as it is give the same game, and a
refusal there (a purchase naming a certificate that does not exist) has another cause."""

from __future__ import annotations

import copy
import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.g18xx import history
from gamekit.games import real_game
from gamekit.import18xx import import_log
from gamekit.titles.g1830.history import CORRECTED_CELL

MARKET_NOTE = "on 2021-03-01 a brown cell of the market's bottom row was corrected from $12 to $20"


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


def _log_up_to(entries: int) -> dict:
    """Real game 26855 (played in February 2021, before the correction) cut after its first ``entries`` log
    entries; its NYC's share price reaches the corrected cell in its fourth stock round."""
    data = copy.deepcopy(real_game("1830", "26855").log())
    data["actions"] = data["actions"][:entries]
    return data


def test_the_corrected_cell_is_the_bottom_rows_brown_20():
    rows = json.loads((Path(gamekit.__file__).parent.parent / "data/1830/game.json").read_text())["market"]["rows"]
    row, col = CORRECTED_CELL
    assert row == len(rows) - 1 and rows[row][col] == "20b"


def test_a_purchase_of_an_unknown_certificate_names_no_market_change():
    # log entry 370: player 82 buys ERIE_7; with a certificate ERIE_99, which does not exist, it is refused by
    # 1830:stock.certificates, and no share price has yet stood on the corrected cell: no note (one was added before)
    data = _log_up_to(370)
    data["actions"][369]["shares"] = ["ERIE_99"]
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    assert str(refused.value) == "action 370: 1830:stock.certificates: there is no certificate 'ERIE_99'"


def test_the_market_change_is_named_once_a_price_has_stood_on_the_cell():
    game = import_log(_log_up_to(482), strict=True).game
    played = _seconds("2021-02-10")
    first = next(i for i in range(len(game.actions) + 1)
                 if any(corp.price == CORRECTED_CELL for corp in game.state_at(i).corporations.values()))
    assert game.state_at(first).corporations["NYC"].price == CORRECTED_CELL
    for rule in ("1830:stock.buy", "1830:stock.sell", "1830:market.moves", "1830:end.bankrupt"):
        assert game.at(first - 1).rule_change_note(rule, played) is None
        assert game.at(first).rule_change_note(rule, played) == (
            f"this action was played on 2021-02-10, and 1830's rules changed since: {MARKET_NOTE}")
        assert game.rule_change_note(rule, played).endswith(MARKET_NOTE)  # it stays named after the price leaves
        assert game.rule_change_note(rule, _seconds("2021-03-01")) is None  # played on the day of the change


def test_a_change_without_a_cause_is_named_by_its_section_alone():
    game = gamekit.new_game("1830", ["a", "b", "c"])  # no price on any cell: the brown-zone change has no cause
    assert game.rule_change_note("1830:stock.brown-buy", _seconds("2021-02-08")).endswith(
        "from the IPO too only with the option multiple_brown_from_ipo)")
    assert game.rule_change_note("1830:stock.buy", _seconds("2021-02-08")) is None


def test_a_change_with_a_cause_is_left_out_without_a_game_or_where_the_cause_fails():
    changes = (("2021-03-01", "a caused change", ("stock.buy",), lambda game: game == "applies"),
               ("2021-03-02", "a plain change", ("stock.buy",)))
    played = _seconds("2021-02-01")
    assert history.note("1830", "1830", changes, "1830:stock.buy", played).endswith(": on 2021-03-02 a plain change")
    assert history.note("1830", "1830", changes, "1830:stock.buy", played, "fails").endswith("a plain change")
    assert history.note("1830", "1830", changes, "1830:stock.buy", played, "applies") == (
        "this action was played on 2021-02-01, and 1830's rules changed since: on 2021-03-01 a caused change; "
        "on 2021-03-02 a plain change")
