"""A refused purchase or sale names the rule section of its own cause, so an 18xx.games log's rule-history note
(rule ``1830:edition.history``) follows the cause: a certificate named with the wrong percent, or one the player
may not buy or sell from where it is, is refused under ``1830:stock.certificates`` / ``1830:stock.holder``, which
the market cell corrected on 1 March 2021 does not touch, while a refusal the market decides keeps its note once a
share price has stood on that cell."""

from __future__ import annotations

import copy

import pytest

from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import import_log
from gamekit.rules import rule_text

MARKET_NOTE = "on 2021-03-01 a brown cell of the market's bottom row was corrected from $12 to $20"
PRR_BUY = 497
"""Index of log entry 498 of real game 26855 (played in February 2021): player 82 buys PRR_3 (10%) from the bank
pool, in the stock round after NYC's share price has stood on the corrected cell."""
CO_SALE = 571
"""Index of log entry 572: player 117, the C&O's president, sells PRR_6 to raise money for the C&O's forced train
purchase (rule ``1830:trains.emergency``)."""


def _refusal(index: int, drop: tuple[str, ...] = (), **fields) -> str:
    """The import's refusal of real game 26855 cut after entry ``index``, that entry's fields replaced (those in
    ``drop`` removed)."""
    data = copy.deepcopy(real_game("1830", "26855").log())
    data["actions"] = data["actions"][:index + 1]
    entry = data["actions"][index]
    entry.update(fields)
    for field in drop:
        del entry[field]
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    return str(refused.value)


def test_a_purchase_naming_the_wrong_percent_gets_no_market_note():
    assert _refusal(PRR_BUY, percent=20) == "action 498: 1830:stock.certificates: PRR_3 is 10%, not 20%"


def test_a_sale_naming_the_wrong_percent_gets_no_market_note():
    # player 82 holds NYC_5 (10%)
    assert _refusal(PRR_BUY, type="sell_shares", shares=["NYC_5"], percent=20) == (
        "action 498: 1830:stock.certificates: 20% is not a sale of those certificates (10%)")


def test_a_certificate_named_twice_gets_no_market_note():
    assert _refusal(PRR_BUY, type="sell_shares", shares=["NYC_5", "NYC_5"], percent=20) == (
        "action 498: 1830:stock.certificates: each certificate can be named only once in a sale")


def test_a_sale_of_another_player_s_certificate_gets_no_market_note():
    assert _refusal(PRR_BUY, type="sell_shares", shares=["ERIE_3"], percent=10) == (
        "action 498: 1830:stock.holder: Player 2 does not hold all of ERIE_3")


def test_an_emergency_sale_naming_the_wrong_percent_gets_no_market_note():
    assert _refusal(CO_SALE, percent=20) == (
        "action 572: 1830:stock.certificates: 20% is not a sale of those certificates (10%)")


def test_a_refusal_the_market_decides_keeps_the_note():
    # the C&O's president can still sell certificates whose prices the market gives: no bankruptcy yet
    said = _refusal(CO_SALE, ("shares", "percent"), type="bankrupt", entity="C&O", entity_type="corporation")
    assert said.startswith("action 572: 1830:end.bankrupt: the president can still raise the money")
    assert said.endswith(f"{MARKET_NOTE})")


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_each_title_words_the_two_sections(title):
    assert "certificate" in rule_text(f"{title}:stock.certificates")
    assert "for sale" in rule_text(f"{title}:stock.holder")
