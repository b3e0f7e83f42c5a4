"""1830's bank breaks at whatever payment takes it below zero (rule 1830:end.bank), not only at a dividend: a
float's capital in a stock round, private revenue in the auction. Found by the random-game soak: seed 95 at 5
players ran its private auction for 19,000 actions with the bank at -$5,528 and never broken."""

from __future__ import annotations

from gamekit.simulate import play_random_game


def _events(game, index: int) -> list[tuple[str, str, str]]:
    """(kind, rule, text) of each event of action ``index``."""
    return [(e.kind, e.rule, e.text) for e in list(game.history())[index][1]]


BROKEN = ("bank_broken", "1830:end.bank", "The bank has run out of money: the game ends after this set of operating "
          "rounds")


def test_a_float_that_empties_the_bank_breaks_it_in_the_stock_round():
    # random game seed 10 at 3 players (its float with the bank's last dollars moved from action 2204 to 1960 when
    # issue 36's third pass listed the CS's tile lays and changed the forced train purchase; seed 31, used before
    # that, no longer floats a corporation with the bank's last dollars)
    game = play_random_game("1830", 3, 10)
    before, after = game.at(1960), game.at(1961)
    assert game.actions[1960].sentence() == "P1 buys 10% (NYNH_4)" and before.active_step.name == "Stock round"
    assert (before.bank_cash(), after.bank_cash()) == (321, 321 + 90 - 900)
    assert _events(game, 1960)[1:] == [
        ("float", "1830:stock.float", "NYNH floats (60% sold) and receives $900 from the bank"), BROKEN]
    # the set of operating rounds that follows is the last
    assert game.outcome.reason == "bank" and len(game.actions) == 2024
    assert _events(game, 2023)[-1][0] == "game_end"


def test_private_revenue_in_the_auction_breaks_the_bank():
    game = play_random_game("1830", 5, 95)
    before, after = game.at(6348), game.at(6349)
    assert before.active_step.name == "Private auction" and (before.bank_cash(), after.bank_cash()) == (7, -8)
    assert _events(game, 6348) == [
        ("pass", "1830:auction.pass", "P4 passes"),
        ("private_income", "1830:auction.all-pass", "SV pays $5 to P4"),
        ("private_income", "1830:auction.all-pass", "CS pays $10 to P5"), BROKEN]
    # the auction goes on (random bids keep the cheapest private unsold); the game ends with the first set of
    # operating rounds after it, not by a bankruptcy 1,200 actions later
    assert game.outcome.reason == "bank" and len(game.actions) == 19953
