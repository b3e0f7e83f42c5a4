"""1894's log-reading refusals in the learner's language (rule ``1894:or.reissue``: a corporation's reissue is
logged with its price, which must be the market's reissue price)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import DataError


def _reissue_entry(price: int) -> dict:
    return {"type": "sell_shares", "entity": "Belge", "entity_type": "corporation", "shares": ["Belge_5"],
            "percent": 10, "share_price": price}


def test_a_reissue_logged_at_another_price_is_refused_with_both_prices():
    game = gamekit.new_game("1894", ["a", "b", "c"])
    with pytest.raises(DataError) as info:
        game.action_from_log(_reissue_entry(90), "action 7")
    assert str(info.value) == "action 7: field 'share_price': a reissue is at 100, not 90 (rule 1894:or.reissue)"


def test_the_reissue_refusal_is_a_catalogue_template():
    game = gamekit.new_game("1894", ["a", "b", "c"])
    with pytest.raises(DataError) as info:
        game.action_from_log(_reissue_entry(90), "action 7")
    message = info.value.args[0]
    assert message.template == "{where}: field {field}: a reissue is at {price}, not {logged} (rule {rule})"
    assert message.values == {"where": "action 7", "field": "'share_price'", "price": 100, "logged": "90",
                              "rule": "1894:or.reissue"}


def test_the_logged_reissue_price_is_accepted_and_dropped():
    game = gamekit.new_game("1894", ["a", "b", "c"])
    action = game.action_from_log(_reissue_entry(100), "action 7")
    assert action.entity == "Belge" and action.shares == ("Belge_5",)
