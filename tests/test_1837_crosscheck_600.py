"""1837 rules found by the cross-check against the 18xx.games engine on seeds 601–602 (issue 36): each is checked
on a position of a game played legally by gamekit's bots, replayed action by action by our rules (the position is
asserted before the rule is), then played on by hand."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.tracks import board as boards
from gamekit.tracks.actions import BuyTrain, LayTile, PlaceToken, RunRoutes
from gamekit.tracks.shares import POOL
from gamekit.tracks.tokens import check_token
from gamekit.titles.g1837 import homes, minors

from .g1837_support import played


def _played(bot: str, players: int, seed: int, cap: int) -> tuple:
    """The actions of a bot game (every seat the same bot), to its ``cap``-th, as the cross-check found it."""
    return played(bot, players, seed, cap)


def at(bot: str, players: int, seed: int, n: int) -> gamekit.Game:
    """A new game (players P1…) after the bot game's first ``n`` actions, replayed by our rules."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, players + 1)])
    with game.batch():
        for action in _played(bot, players, seed, n)[:n]:
            game.process(action)
    return game


# ----- 1837:or.route: two stations with no track between them are no route --------------------------------------
def test_a_major_whose_stations_no_track_joins_to_a_stop_skips_its_route_step():
    """5 players, random bots, seed 601: CL, owning a 2-train, has stations on C33 and D36 and no track leads
    from either to another stop. Its network holds two stops, its two stations, but no route joins them: after
    its token step the route step is skipped (18xx.games skips it) and CL is at its train step; a run is refused
    there under ``1837:or.route``. TR, whose stations track joins to other stops, has a route."""
    game = at("random", 5, 601, 1184)
    state = game.state
    assert game.current_entity == "CL" and state.round.step == "buy_train"
    assert state.corporations["CL"].trains == ["2-4"]
    assert sorted(coord for coord, _ in boards.corporation_cities(state.board, "CL")) == ["C33", "D36"]
    assert game.has_route("CL")  # the shared test: two stops in its network
    assert not minors.has_route(game, "CL")
    assert minors.has_route(game, "TR")
    assert "run_routes" not in {a.type for a in game.legal_actions()}
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(RunRoutes(entity="CL", routes=()))
    assert refused.value.rule == "1837:or.route"
    assert game.state == before


# ----- 1837:token.reserved: a national's home keeps only its last free spaces ----------------------------------
def test_a_major_may_take_a_free_space_in_vienna_while_another_is_kept_for_the_kk():
    """7 players, heuristic bots, seed 602: BK (215 K, home C11) at its token step after laying #30 on B14. Green
    Vienna (427) has two free spaces; the SD has formed, the KK has not, so one space is kept for the KK and the
    other is BK's to take: 5 hexes from home, 200 K (18xx.games offers it). Once BK is there, Vienna's one free
    space is the KK's: MS, whose network also reaches Vienna, is refused it under ``1837:token.reserved``."""
    game = at("heuristic", 7, 602, 845)
    state = game.state
    assert game.current_entity == "BK" and state.round.step == "token"
    assert state.corporations["BK"].cash == 215
    assert state.board.tiles["G17"][0] == "427-0" and state.board.hex_reservations["G17"] == ["KK"]
    assert homes.free_spaces(state.board, "G17") == 2
    vienna = PlaceToken(entity="BK", city="427-0-10", slot=0)
    assert vienna in game.legal_actions()
    game.process(vienna)
    assert state.corporations["BK"].cash == 15
    assert "G17" in state.corporations["BK"].tokens
    assert homes.free_spaces(state.board, "G17") == 1 and state.board.hex_reservations["G17"] == ["KK"]
    last = next(city for city, slots in enumerate(state.board.tokens["G17"]) if slots == [None])
    with homes.kept_last_spaces(game, "MS"):
        with pytest.raises(GameError) as refused:
            check_token(game.track, state.board, "MS", "G17", last, reversals=None)
    assert refused.value.rule == "1837:token.reserved"
    assert state.board.hex_reservations["G17"] == ["KK"]  # put back


# ----- 1837:trains.emergency: another corporation's train with the president's money, at any price -------------
def _policy(**changes):
    from dataclasses import replace

    from gamekit.titles.g1837.game import Game1837
    return replace(Game1837.policy, **changes)


def test_after_an_emergency_sale_another_corporations_train_costs_more_than_there_was_before_it(monkeypatch):
    """3 players, random bots, seed 718 (the game as played with 1837's emergency purchases from the bank only):
    BH (79 K, no train) must buy one; the cheapest the bank sells costs 90 K and its president P3 has 8 K, so P3
    sells 10% of TI for 54 K. With the rule of ``1837:trains.emergency`` (a train of another corporation at any
    price, the president's money too; 18xx.games: ``EBUY_FROM_OTHERS = :always``), what the sale raised sets the
    least price: more than the 87 K BH and P3 had before it, 88 K, up to all they have, 141 K. A purchase of
    CL's 2-11 for 65 K, which BH could have paid without the sale, is refused (18xx.games: "Cannot sell shares in
    excess of what is needed to buy this train"); for 100 K, P3 pays the 21 K BH lacks."""
    from gamekit.titles.g1837.game import Game1837
    monkeypatch.setattr(Game1837, "policy", _policy(emergency_from_others=False))
    actions = play_seats("1837", ["random"] * 3, 718, cap=1378).actions
    game = gamekit.new_game("1837", ["P1", "P2", "P3"])
    with game.batch():
        for action in actions[:1378]:
            game.process(action)
    state = game.state
    assert game.actions[-1].type == "sell_shares" and game.actions[-1].entity == "P3"
    assert game.current_entity == "BH" and state.corporations["BH"].trains == []
    assert (state.corporations["BH"].cash, state.players["P3"].cash) == (79, 62)
    game.policy = _policy(emergency_from_others=True, emergency_from_others_to_face=False)
    from gamekit.g18xx.trainbuy import other_price_range, train_owner
    assert train_owner(game, "2-11") == "CL"
    assert other_price_range(game, "BH", "2-11") == (88, 141)
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(BuyTrain(entity="BH", train="2-11", price=65, variant="2"))
    assert refused.value.rule == "1837:trains.emergency"
    assert game.state == before
    game.process(BuyTrain(entity="BH", train="2-11", price=100, variant="2"))
    state = game.state
    assert state.corporations["BH"].trains == ["2-11"]
    assert (state.corporations["BH"].cash, state.players["P3"].cash) == (0, 41)


# ----- 1837:end.bankrupt: the minors a bankrupt player presides merge, formed national or not ------------------
def test_a_bankrupt_players_minors_merge_into_nationals_not_yet_formed_and_their_private_closes():
    """6 players, random bots, seed 709: TI (38 K, no train) cannot pay for one and its president P5 goes
    bankrupt. P5 presides KK3, UG2 and SD3, whose nationals have not formed, holds half of UG3 (P4 presides it) and
    owns the Arlberg. The three minors merge into KK, UG and SD at once, which take their treasuries, trains and
    stations but do not form: not floated, no capital from the bank (18xx.games: KK holds 73 K, not 913 K). UG3
    runs on, its half in the pool; the Arlberg closes, so it pays P5 nothing more; TI receives P5's 41 K."""
    game = at("random", 6, 709, 1266)
    state = game.state
    assert game.current_entity == "TI" and state.corporations["TI"].trains == []
    assert [c for c in ("KK3", "UG2", "SD3", "UG3") if state.corporations[c].president == "P5"] == ["KK3", "UG2", "SD3"]
    assert state.ledger.certs("P5", "UG3") == ["UG3_1"] and state.players["P5"].privates == ["Arlberg"]
    assert not any(state.corporations[n].floated for n in ("KK", "UG", "SD"))
    game.process(_played("random", 6, 709, 1267)[1266])
    state = game.state
    assert state.players["P5"].bankrupt and state.players["P5"].cash == 0
    assert [(state.corporations[n].cash, state.corporations[n].trains, [t for t in state.corporations[n].tokens if t])
            for n in ("KK", "UG", "SD")] == [(73, ["2-4"], ["G17"]), (117, [], ["K21"]), (39, ["2-6"], ["I7"])]
    assert not any(state.corporations[n].floated for n in ("KK", "UG", "SD"))
    assert all(game.closed(m) for m in ("KK3", "UG2", "SD3")) and not game.closed("UG3")
    assert state.ledger.owner["UG3_1"] == POOL
    assert "Arlberg" in state.closed_privates and "Arlberg" not in state.private_owner
    assert state.corporations["TI"].cash == 38 + 41


# ----- 1837:end.bankrupt: a corporation left without a president lays no track and places no station ----------
def test_a_corporation_left_without_a_president_skips_its_track_and_token_steps():
    """4 players, random bots, seed 713: P2, president of CL and MS, goes bankrupt over CL's train. P4 (20% of CL)
    takes CL over; nobody holds enough of MS (P1 10%), which is left without a president. At its turn (after CL's
    train, which the bank financed, ``1837:trains.financing``) MS has nobody to choose a tile or a station: its
    track and token steps are skipped and it is at its route step (as 18xx.games skips them in receivership); a
    tile lay is refused, naming the route step's rule."""
    game = at("random", 4, 713, 1417)
    state = game.state
    assert state.players["P2"].bankrupt
    assert (state.corporations["CL"].president, state.corporations["MS"].president) == ("P4", None)
    assert game.current_entity == "MS" and state.round.step == "route"
    assert not game.directs_lays("MS") and game.directs_lays("GT")
    # CL, presided again but in debt to the bank for its financed train, lays none either (1837:trains.financing)
    assert state.corporations["CL"].cash == -50 and not game.directs_lays("CL")
    assert {a.type for a in game.legal_actions()} == {"run_routes"}
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(LayTile(entity="MS", hex="H12", tile="9-1", rotation=1))
    assert refused.value.rule.startswith("1837:")
    assert game.state == before


def test_a_player_who_comes_to_hold_the_presidents_share_of_a_presidentless_corporation_takes_it_over():
    """6 players, random bots, seed 709: after P5's bankruptcy TI has no president, its president's certificate
    (20%) in the pool. P4, holding 10%, buys another 10% from the pool: now holding as much as the president's
    certificate, P4 exchanges the two 10% certificates with the pool for it and presides TI (18xx.games too)."""
    game = at("random", 6, 709, 1450)
    state = game.state
    assert state.corporations["TI"].president is None and state.ledger.owner["TI_0"] == POOL
    buy = _played("random", 6, 709, 1451)[1450]
    assert (buy.type, buy.entity, buy.shares) == ("buy_shares", "P4", ("TI_5",))
    assert state.ledger.percent_of("P4", "TI") == 10
    game.process(buy)
    state = game.state
    assert state.corporations["TI"].president == "P4"
    assert state.ledger.certs("P4", "TI") == ["TI_0"] and state.ledger.percent_of("P4", "TI") == 20
