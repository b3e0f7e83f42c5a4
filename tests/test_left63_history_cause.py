"""1837's sell-then-buy change on 18xx.games (2025-01-30) explains a refusal under ``1837:stock.round`` only where its
cause applies (rule ``1837:edition.history``): a purchase now ends the buyer's stock-round turn, so a log played
before the change that goes on with the buyer's sale is refused as out of turn right after that purchase. Another
turn out of order (after a pass) has another cause and names no change.

The position is the shipped real game ``1837_game_end_bank`` (played in April 2025, after the change): its log
entry 276 is player 2006's purchase of KK_0 in a stock round; a sale by 2006 is appended, dated 2025-01-20.
"""

from __future__ import annotations

import copy
from datetime import datetime, timezone

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import import_log

CHANGE = "on 2025-01-30 a turn's sales came before its purchase (sell, then buy)"


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


def _log_with_a_sale_after(entries: int) -> dict:
    """The real game's log cut after its first ``entries`` entries, then 2006's sale of KK_0 dated 2025-01-20."""
    data = copy.deepcopy(real_game("1837", "1837_game_end_bank").log())
    data["actions"] = data["actions"][:entries]
    data["actions"].append({"type": "sell_shares", "entity": 2006, "entity_type": "player", "id": 99999,
                            "created_at": _seconds("2025-01-20"), "shares": ["KK_0"], "percent": 10})
    return data


def test_a_sale_right_after_the_sellers_purchase_names_the_sell_then_buy_change():
    data = _log_with_a_sale_after(276)
    assert data["actions"][275]["type"] == "buy_shares" and data["actions"][275]["entity"] == 2006
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    text = str(refused.value)
    assert "1837:stock.round: it is " in text and text.endswith(f"1837's rules changed since: {CHANGE})")


def test_a_turn_out_of_order_after_a_pass_names_no_change():
    """The position before 2006's purchase, right after player 621's pass: a refusal under ``1837:stock.round``
    there names no change."""
    game = import_log(_log_with_a_sale_after(276), strict=False).game
    before_buy = game.at(len(game.actions) - 1)
    assert before_buy.active_step.rule == "1837:stock.round" and game.actions[-1].type == "buy_shares"
    assert (before_buy.actions[-1].type, before_buy.actions[-1].entity) == ("pass", "621")
    assert CHANGE in game.rule_change_note("1837:stock.round", _seconds("2025-01-20"))
    assert before_buy.rule_change_note("1837:stock.round", _seconds("2025-01-20")) is None
    assert game.rule_change_note("1837:stock.round", _seconds("2025-02-01")) is None  # played after it


def test_the_other_sections_of_that_day_still_name_it_without_a_cause():
    game = gamekit.new_game("1837", ["a", "b", "c"])
    assert "2025-01-30 a turn's sales came before its purchase (sell, then buy), minors' shares" in \
        game.rule_change_note("1837:stock.sell", _seconds("2025-01-20"))
