"""1837 after a bankruptcy, as the cross-check against 18xx.games found it (issue 36, seeds 801–827): a half of UG1
or UG3 passes to the holder of the other half (``1837:end.bankrupt``), SD5's station goes to the SD's charter
(``1837:national.sd-tokens``), and the bank finances the train of a corporation without a president or whose
president has just gone bankrupt (``1837:trains.financing``). Each is checked on a position of a game played legally
by gamekit's bots (the cross-check's own game, played by today's rules; the position is asserted before the rule
is), then played on."""

from __future__ import annotations

from functools import lru_cache

import pytest

import gamekit
from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.actions import Pass
from gamekit.tracks.actions import BuyTrain
from gamekit.tracks.shares import POOL


@lru_cache(maxsize=None)
def _actions(players: int, seed: int, cap: int, options: tuple[str, ...] = ()) -> tuple:
    """The actions of the cross-check's bot game (every seat random) to its ``cap``-th."""
    return tuple(play_seats("1837", ["random"] * players, seed, cap=cap, options=options).actions)


def at(players: int, seed: int, n: int, options: tuple[str, ...] = ()) -> gamekit.Game:
    """A new game after the bot game's first ``n`` actions, replayed by our rules."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, players + 1)], options=list(options))
    with game.batch():
        for action in _actions(players, seed, n + 1, options)[:n]:
            game.process(action)
    return game


def _next(players: int, seed: int, n: int, options: tuple[str, ...] = ()):
    """The bot game's action after its first ``n``."""
    return _actions(players, seed, n + 1, options)[n]


# ----- 1837:end.bankrupt: the holder of a UG minor's other half takes it over ---------------------------------
def test_the_holder_of_the_other_half_of_a_ug_minor_takes_it_over_when_its_president_goes_bankrupt():
    """4 players, random seed 810: BK's president P1 goes bankrupt. P1 presides UG3 (its president's half, 50%)
    and P3 holds the other half: P3 holds as much as the president's certificate, so P3 takes UG3 over (the two
    halves change hands, P1's going to the pool) and UG3 runs on instead of merging into the UG, whose treasury
    stays empty (18xx.games: "P3 becomes the president of UG3"; gamekit merged it and gave UG 56 K)."""
    game = at(4, 810, 1028)
    state = game.state
    assert state.corporations["UG3"].president == "P1"
    assert (state.ledger.certs("P1", "UG3"), state.ledger.certs("P3", "UG3")) == (["UG3_0"], ["UG3_1"])
    assert (state.corporations["UG3"].cash, state.corporations["UG"].cash) == (56, 0)
    bankrupt = _next(4, 810, 1028)
    assert (bankrupt.type, bankrupt.entity) == ("bankrupt", "BK")
    game.process(bankrupt)
    state = game.state
    assert state.players["P1"].bankrupt and not game.closed("UG3")
    assert state.corporations["UG3"].president == "P3" and state.ledger.certs("P3", "UG3") == ["UG3_0"]
    assert state.ledger.owner["UG3_1"] == POOL
    assert (state.corporations["UG3"].cash, state.corporations["UG"].cash) == (56, 0)


# ----- 1837:national.sd-tokens: SD5's station goes to the SD's charter, also in an early merger ----------------
def test_sd5_merging_early_by_a_bankruptcy_gives_the_sd_its_spare_station_on_the_charter():
    """4 players, random seed 824: BH's president P1 goes bankrupt before the first 4-train, presiding SD5, whose
    station is in Italy. SD5 merges into the SD (not formed); its station leaves Italy's city, which is free again,
    and becomes the SD's spare station on its charter, as at the SD's formation (18xx.games: "SD receives token
    (charter)"; gamekit had moved the station in Italy to the SD)."""
    game = at(4, 824, 1203)
    state = game.state
    home = state.corporations["SD5"].tokens[0]
    assert state.corporations["SD5"].president == "P1" and home in ("L2", "L8")
    assert not game.event_fired("remove_italy")
    assert any("SD5" in slots for slots in state.board.tokens[home])
    game.process(_next(4, 824, 1203))
    state = game.state
    assert state.players["P1"].bankrupt and game.closed("SD5") and not state.corporations["SD"].floated
    assert home not in state.corporations["SD"].tokens and None in state.corporations["SD"].tokens
    assert not any(name in ("SD", "SD5") for slots in state.board.tokens[home] for name in slots)


# ----- 1837:trains.financing: the bank pays what the corporation lacks -----------------------------------------
def test_the_bank_finances_the_train_of_the_corporation_whose_president_went_bankrupt():
    """4 players, random seed 810: after P1's bankruptcy BK (50 K, no train) passes to P4, who has 232 K. BK must
    buy a train; in this operating round the bank pays what it lacks: it may buy any train the bank sells (a
    3-train for 180 K), not another corporation's, P4 pays nothing and sells nothing, and BK's treasury goes to
    −130 K. While below zero BK lays no track and withholds its revenue (110 K twice), and no corporation may buy
    its trains. With option ``financing=none`` the same game reaches the same position and P4 adds the 130 K."""
    game = at(4, 810, 1029)
    state = game.state
    assert game.current_entity == "BK" and state.round.step == "buy_train"
    assert (state.corporations["BK"].president, state.corporations["BK"].cash, state.corporations["BK"].trains) == \
        ("P4", 50, [])
    assert state.players["P4"].cash == 232 and game.bank_finances("BK")
    legal = game.legal_actions()
    assert {a.type for a in legal} == {"buy_train"}  # no pass, no sale, no bankruptcy
    assert ("3-1", 180) in {(a.train, a.price) for a in legal}
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(Pass(entity="BK"))
    assert refused.value.rule == "1837:trains.must-buy" and game.state == before
    buy = _next(4, 810, 1029)
    assert (buy.train, buy.price) == ("3-1", 180)
    game.process(buy)
    state = game.state
    assert state.corporations["BK"].cash == -130 and state.players["P4"].cash == 232
    assert not game.directs_lays("BK")
    assert not game.may_buy_train("GT", "3-1", from_corporation=True)
    played = play_seats("1837", ["random"] * 4, 810, cap=1140)
    withheld = [e.data["revenue"] for i, (_, events) in enumerate(played.history(), 1) if i > 1030
                for e in events if e.kind == "withhold" and e.data["corporation"] == "BK"]
    assert withheld[:2] == [110, 110]

    old = at(4, 810, 1029, ("financing=none",))
    assert old.state.corporations["BK"].cash == 50 and not old.bank_finances("BK")
    old.process(BuyTrain(entity="BK", train="3-1", price=180, variant="3"))
    assert old.state.corporations["BK"].cash == 0 and old.state.players["P4"].cash == 232 - 130


def test_a_trainless_corporation_without_a_president_must_buy_a_train_the_bank_finances():
    """4 players, random seed 809: GT's president P1 goes bankrupt and nobody holds as much of GT as the
    president's certificate: GT has no president and no train. It must still buy one (18xx.games refused gamekit's
    pass: "Blocking step Buy Trains cannot process action pass"); the bank pays what it lacks. With option
    ``financing=none`` it need not buy, and may pass."""
    game = at(4, 809, 1460)
    state = game.state
    assert state.players["P1"].bankrupt and game.current_entity == "GT" and state.round.step == "buy_train"
    assert state.corporations["GT"].president is None and state.corporations["GT"].trains == []
    cash = state.corporations["GT"].cash
    assert game.must_buy("GT") and game.bank_finances("GT")
    assert "pass" not in {a.type for a in game.legal_actions()}
    buy = _next(4, 809, 1460)
    assert buy.type == "buy_train" and buy.price > cash
    game.process(buy)
    assert game.state.corporations["GT"].cash == cash - buy.price < 0
    assert game.audit()[1] == []  # a debt the rule allows is no broken bookkeeping (simulate --check)

    old = at(4, 809, 1460, ("financing=none",))
    assert not old.must_buy("GT") and "pass" in {a.type for a in old.legal_actions()}
