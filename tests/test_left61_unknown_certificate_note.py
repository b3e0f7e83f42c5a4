"""An 18xx.games log refused for naming a certificate the game does not have gets no rule-history note (rule
``1830:edition.history``), even once a share price has stood on the market cell corrected on 1 March 2021: the
note follows the refusal's cause: an unknown certificate is refused under ``1830:stock.certificates``, which no
change touches, and an action naming one is the log's own whatever section refuses it."""

from __future__ import annotations

import copy

import pytest

from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import import_log, unknown_certificates
from gamekit.titles.g1830.history import CORRECTED_CELL

MARKET_NOTE = "on 2021-03-01 a brown cell of the market's bottom row was corrected from $12 to $20"
PRR_BUY = 497
"""Index of log entry 498 of real game 26855 (played in February 2021): player 82 buys PRR_3, in the stock round
after NYC's share price has stood on the corrected cell."""


def _log_with(**fields) -> dict:
    data = copy.deepcopy(real_game("1830", "26855").log())
    data["actions"] = data["actions"][:PRR_BUY + 1]
    data["actions"][PRR_BUY].update(fields)
    return data


def _refusal(data: dict) -> str:
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    return str(refused.value)


def test_the_price_has_stood_on_the_corrected_cell_before_the_purchase():
    game = import_log(_log_with(), strict=True).game  # the log as played: every action accepted
    assert any(corp.price == CORRECTED_CELL for i in range(len(game.actions))
               for corp in game.state_at(i).corporations.values())


def test_an_unknown_certificate_gets_no_market_note():
    assert _refusal(_log_with(shares=["PRR_99"])) == (
        "action 498: 1830:stock.certificates: there is no certificate 'PRR_99'")


def test_an_unknown_certificate_among_a_sale_gets_no_note():
    said = _refusal(_log_with(type="sell_shares", shares=["PRR_3", "PRR_77"], percent=20))
    assert said == "action 498: 1830:stock.certificates: there is no certificate 'PRR_77'"


def test_a_certificate_held_by_another_player_gets_no_market_note():
    # ERIE_3 is another player's: refused under its own section (1830:stock.holder), which the market's
    # correction does not touch (tests/test_left62_share_refusal_rules.py: a refusal the market decides keeps it)
    said = _refusal(_log_with(shares=["ERIE_3"]))
    assert said == "action 498: 1830:stock.holder: ERIE_3 is not for sale (held by 117)"


def test_unknown_certificates_lists_those_the_game_lacks():
    game = import_log(_log_with(), strict=True).game
    from gamekit.actions import action_types
    sell = action_types()["sell_shares"](entity=game.players[0].id, shares=("PRR_3", "NYC_42", "X_1"), percent=30)
    assert unknown_certificates(game, sell) == ["NYC_42", "X_1"]
    assert unknown_certificates(game, action_types()["pass"](entity=game.players[0].id)) == []
