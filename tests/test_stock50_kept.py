"""The share ledger's answers kept per holder (``ShareLedger.kept(holder)``: a move forgets only those of the two
holders it changes, and the answers about nobody), the sale check's one walk of the certificates offered
(``stock._bundle_facts``) and the float check's premise for corporations without reserved certificates, each
against a fresh computation along random games."""

from __future__ import annotations

import pytest

from gamekit.g18xx import economy, stock
from gamekit.g18xx.state import StockRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.shares import IPO, POOL

from .fresh_holdings import fresh_excess
from .test_stock48_kept import _fresh_count


def _positions(title: str, players: int, seed: int, cap: int = 2500):
    """Yield every position of the random game ``seed`` (at most ``cap`` actions), each before its action."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    with game.batch():
        while not game.is_over and len(game.actions) < cap:
            yield game
            game.process(random_action(game, rng))


def _second_stock_round(seed: int = 4):
    for game in _positions("1830", 4, seed):
        if isinstance(game.state.round, StockRound) and game.state.stock_round_num == 2:
            return game
    raise AssertionError("no second stock round")


def test_a_move_forgets_only_the_answers_of_its_two_holders_and_those_about_nobody():
    game = _second_stock_round()
    ledger = game.state.ledger
    holder, *others = [p for p in game.state.players if ledger.corporations_of(p)]
    other = others[0]
    for player in game.state.players:
        stock._limits(game, player)
        economy.cert_count(game, player)
    ledger.kept()["question about nobody"] = 1
    corp = ledger.corporations_of(holder)[0]
    ledger.move(ledger.certs(holder, corp)[-1], POOL)
    assert ledger.kept(holder) == {} and ledger.kept() == {}
    assert set(ledger.kept(other)) == {"limits", "counted shares"}  # kept through another holder's move
    for player in game.state.players:  # the kept answers and the recounted ones are the fresh ones
        count, excess = stock._limits(game, player)
        assert count == economy.cert_count(game, player) == _fresh_count(game, player)
        assert excess == fresh_excess(game, player)
    ipo_cert = next(c for c, h in ledger.owner.items() if h == IPO and not c.endswith("_0"))
    ledger.move(ipo_cert, other)
    assert ledger.kept(other) == {} and "limits" in ledger.kept(holder)


def test_the_sale_check_refuses_odd_bundles_as_before():
    game = _second_stock_round()
    ledger = game.state.ledger
    who = stock.current_player(game)
    other = next(p for p in game.state.players if p != who and ledger.corporations_of(p))
    theirs = ledger.certs(other, ledger.corporations_of(other)[0])
    two_corps = ("PRR_1", "NYC_1")
    cases = {(): "a sale is of certificates of one corporation",
             two_corps: "a sale is of certificates of one corporation",
             (theirs[-1], theirs[-1]): "each certificate can be named only once in a sale",
             (theirs[-1],): f"{game.player(who).name} does not hold all of {theirs[-1]}"}
    for certs, text in cases.items():
        refusal = stock.sell_refusal(game, who, certs, 10)
        assert refusal is not None and str(refusal[0]) == text, certs


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 4), ("1837", 4, 2), ("1894", 3, 5)])
def test_bundle_facts_are_those_of_the_certificates(title, players, seed):
    checked = 0
    for game in _positions(title, players, seed, cap=1500):
        ledger = game.state.ledger
        for player in game.state.players:
            for corp in ledger.corporations_of(player):
                certs = tuple(ledger.certs(player, corp))
                for offered in (certs, certs[:1], certs + (f"{corp}_99",)):
                    held = all(ledger.owner.get(c) == player for c in offered)
                    total = sum(ledger.percent.get(c, 0) for c in offered)
                    president = any(c.endswith("_0") for c in offered)
                    assert stock._bundle_facts(ledger, player, offered) == (corp, held, total, president)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 4), ("1837", 4, 2), ("1894", 3, 5)])
def test_only_reserved_certificates_are_ever_held_back(title, players, seed):
    # check_float counts held-back IPO certificates only for a corporation with reserved certificates
    held_back = 0
    for game in _positions(title, players, seed, cap=1500):
        for cert, owner in game.state.ledger.owner.items():
            if owner == IPO and game.reserved_now(cert):
                corp, _, index = cert.rpartition("_")
                assert int(index) in game.facts.corporation(corp).reserved
                held_back += 1
    assert held_back > 0 or title != "1837"
