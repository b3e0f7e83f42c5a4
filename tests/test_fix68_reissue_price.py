"""1894: only a corporation's reissue logs ``share_price``; a player's sale that carries one is refused, and a
reissue logged at another price names the field and the rule (rule ``1894:or.reissue``)."""

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import filter_actions


def entry_index(log, log_id):
    return next(i for i, a in enumerate(log["actions"]) if a.get("id") == log_id)


def test_a_players_sale_with_a_price_is_refused_naming_the_field_and_the_rule():
    log = real_game("1894", "1894_game_end_bankrupt").log()
    i = entry_index(log, 84)  # player 529 sells Belge_6: the log gives no price
    assert {k: log["actions"][i][k] for k in ("type", "entity", "entity_type", "shares")} == \
        {"type": "sell_shares", "entity": 529, "entity_type": "player", "shares": ["Belge_6"]}
    for price in (100, 60):  # the reissue price itself is no more part of a player's sale than another
        log["actions"][i]["share_price"] = price
        with pytest.raises(DataError) as refused:
            gamekit.import_log(log)
        assert str(refused.value) == ("action 84: field 'share_price' is not part of a sell_shares action by 529: "
                                      "only a corporation's reissue logs its price (rule 1894:or.reissue)")


@pytest.mark.parametrize("logged, shown", [(60, "60"), (100.0, "100.0"), ("100", "'100'"), (None, "None")])
def test_a_reissue_at_another_price_is_refused_naming_the_field_and_the_rule(logged, shown):
    log = real_game("1894", "green_city_upgrades").log()
    i = entry_index(log, 432)  # the Nord reissues Nord_8 at 100 F
    assert log["actions"][i]["entity"] == "Nord" and log["actions"][i]["share_price"] == 100
    log["actions"][i]["share_price"] = logged
    with pytest.raises(DataError) as refused:
        gamekit.import_log(log)
    assert str(refused.value) == (f"action 432: field 'share_price': a reissue is at 100, not {shown} "
                                  "(rule 1894:or.reissue)")


def test_the_real_reissues_import_and_export_their_price():
    log = real_game("1894", "green_city_upgrades").log()
    after = min(a["id"] for a in filter_actions(log["actions"]) if a["id"] > 986)  # both reissues applied
    game = gamekit.import_log(log, stop_at=after)
    exported = [a for a in game.to_18xx_log()["actions"] if a["type"] == "sell_shares"]
    reissues = [(a["entity"], a["shares"], a["share_price"]) for a in exported if a["entity_type"] == "corporation"]
    assert reissues == [("Nord", ["Nord_8"], 100), ("Ouest", ["Ouest_5", "Ouest_7"], 100)]
    assert all("share_price" not in a for a in exported if a["entity_type"] == "player")
    assert gamekit.import_log(game.to_18xx_log()).to_json() == game.to_json()
