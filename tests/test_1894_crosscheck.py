"""1894 rules fixed after the cross-check against the 18xx.games engine (benchmarks/crosscheck.py), each at a
position of a real game played on 18xx.games (shipped in ``data/1894/games``)."""

from __future__ import annotations

import pytest

from gamekit.errors import GameError
from gamekit.games import open_real_game
from gamekit.tracks.actions import LayTile, PlaceToken
from gamekit.tracks.board import find_city


def _refused(game, action, rule: str) -> GameError:
    before = game.to_json()
    with pytest.raises(GameError) as info:
        game.process(action)
    assert info.value.rule == rule, str(info.value)
    assert game.to_json() == before
    return info.value


def test_the_two_track_actions_of_a_turn_are_on_different_hexes():
    # real game, before log action 204: in the green phase Nord has laid a yellow #8 on C8 as its first track
    # action; its second (the log's: #8 on F17) may be an upgrade, but not of C8 (rule 1894:or.track-actions)
    game = open_real_game("1894", "1894_game_end_bankrupt", stop_at=204)
    assert game.current_entity == "Nord" and game.state.board.tiles["C8"] == ("8-0", 3)
    assert game.phase() == "Green" and game.active_step.name == "Lay track"
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile)]
    assert LayTile(entity="Nord", hex="F17", tile="8-1", rotation=5) in lays
    assert not [a for a in lays if a.hex == "C8"]
    error = _refused(game, LayTile(entity="Nord", hex="C8", tile="16-0", rotation=2), "1894:track.lay")
    assert "C8 this turn" in error.message
    game.process(LayTile(entity="Nord", hex="F17", tile="8-1", rotation=5))  # the logged lay still goes through


def test_london_takes_no_station_token():
    # real game, before log action 151: Ouest has bought a ferry marker; its network reaches London (A10) and
    # B9 and G6; the token step offers those two only, and a station in London is refused (rule 1894:token.city)
    game = open_real_game("1894", "1894_game_end_stock_market", stop_at=151)
    assert game.current_entity == "Ouest" and game.active_step.name == "Place a station token"
    tokens = [a for a in game.legal_actions() if isinstance(a, PlaceToken)]
    assert sorted(find_city(game.track, game.state.board, a.city)[0] for a in tokens) == ["B9", "G6"]
    error = _refused(game, PlaceToken(entity="Ouest", city="A10-0-0", slot=0), "1894:token.city")
    assert "London" in error.message


def test_a_green_tile_on_a_printed_yellow_hex_is_the_turns_upgrade():
    # real game, before log action 265: CFOR has laid green #619 on G4, printed yellow: that is its upgrade of the
    # turn, so its second track action may only be a yellow tile (the log's: #8 on F3; rule 1894:or.track-actions)
    game = open_real_game("1894", "1894_game_end_stock_market", stop_at=265)
    assert game.current_entity == "CFOR" and game.state.board.tiles["G4"][0].startswith("619-")
    assert game.state.round.lays == [True]
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile)]
    assert lays and all(a.hex not in game.state.board.tiles and game.track.hexes[a.hex].colour == "white"
                        for a in lays)
    assert any(a.hex == "F3" and a.tile.startswith("8-") and a.rotation == 5 for a in lays)  # the logged lay


def test_a_corporation_owning_london_shipping_unused_keeps_its_turn_open():
    """Rule 1894:private.ls (as 18xx.games plays it): London shipping's free station on A12 may be placed at any
    step of the owning corporation's turn, so the turn's last step, the private-company purchase, waits for its
    pass while the station is unused. By legal play: the random 4-player game of seed 8 (the conformance suite's),
    action 398: the Belge owns LS, nothing is left to buy."""
    import gamekit
    from gamekit.actions import Pass
    from gamekit.rng import GameRandom
    from gamekit.simulate import random_action
    from gamekit.tracks.board import city_id

    game = gamekit.new_game("1894", ("Ann", "Ben", "Cy", "Di"), seed=8)
    rng = GameRandom(8)
    for _ in range(398):
        game.process(random_action(game, rng))
    assert game.current_entity == "Belge" and game.active_step.rule == "1894:or.buy-company"
    assert "LS" in game.state.corporations["Belge"].privates and "LS" not in game.state.title.used_abilities
    assert game.legal_actions() == [Pass(entity="Belge")]
    passed = game.fork()
    passed.process(Pass(entity="Belge"))
    assert passed.current_entity == "CFOR"
    events = game.process(PlaceToken(entity="LS", city=city_id(game.track, game.state.board, "A12", 0)))
    assert events[0].text == "Belge places a station token in London bonus (A12) free of charge (LS)"
    assert game.current_entity == "CFOR" and game.state.corporations["Belge"].tokens == ["E16", "G18", "A12"]


def test_track_reached_only_through_london_needs_a_ferry_marker():
    # real game, before log action 474: the Belge (49 F, no ferry marker) reaches western France only through
    # London (A10); 18xx.games' London blocks a corporation without a ferry marker like a full city. Hexes it
    # reaches only that way (B9, C4, C8, D5) take none of its tiles (rules 1894:track.connect, 1894:route.ferry)
    game = open_real_game("1894", "1894_game_end_stock_market", stop_at=474)
    assert game.current_entity == "Belge" and "Belge" not in game.state.title.ferries
    lays = {a.hex for a in game.legal_actions() if isinstance(a, LayTile)}
    assert lays == {"C10", "C12", "D13", "D15", "D17", "D9", "E10", "E14", "E16", "E6", "F11", "F13", "F17", "F9",
                    "G10", "G14", "G8", "H17", "H9"}
    _refused(game, LayTile(entity="Belge", hex="C4", tile="7-2", rotation=2), "1894:track.connect")
    game.process(LayTile(entity="Belge", hex="D17", tile="14-3", rotation=2))  # the logged lay


def test_a_brown_paris_tile_keeps_the_plm_in_its_plm_city():
    # real game, before log action 426: Paris (G6) holds green X5 at rotation 0 with the PLM's station in its first
    # city. A brown Paris tile's first city is the PLM's, so it is laid at rotation 0 only; at rotation 3 the PLM's
    # station would fall on the other city (rule 1894:track.label; 18xx.games allows only this rotation)
    game = open_real_game("1894", "1894_game_end_stock_market", stop_at=426)
    assert game.state.board.tiles["G6"] == ("X5-0", 0) and game.state.board.tokens["G6"] == [["PLM"], [None]]
    assert [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == "G6"] == [
        LayTile(entity="PLM", hex="G6", tile="X10-0", rotation=0),
        LayTile(entity="PLM", hex="G6", tile="X12-0", rotation=0)]
    _refused(game, LayTile(entity="PLM", hex="G6", tile="X12-0", rotation=3), "1894:track.label")
    game.process(LayTile(entity="PLM", hex="G6", tile="X12-0", rotation=0))  # the logged lay
    assert game.state.board.tokens["G6"][0] == ["PLM"]


def test_no_green_city_splits_in_the_purple_phase():
    """Rule 1894:track.no-split-in-purple: from the first Diesel on, a green city tile is not upgraded. By legal
    play: three heuristic bots, seed 302, action 504: in the purple phase the CFOR's network touches E6's green #15;
    none of #15's brown tiles (X19–X21) is listed, and laying one is refused under that rule."""
    from gamekit.bots import play_seats

    game = play_seats("1894", ["heuristic"] * 3, 302, cap=504)
    assert (game.phase(), game.current_entity, game.state.board.tiles["E6"]) == ("Purple", "CFOR", ("15-1", 3))
    assert not [a for a in game.legal_actions() if isinstance(a, LayTile) and a.tile.rsplit("-", 1)[0] in
                ("X19", "X20", "X21")]
    for rotation in range(6):
        _refused(game, LayTile(entity="CFOR", hex="E6", tile="X19-0", rotation=rotation),
                 "1894:track.no-split-in-purple")


def test_a_track_step_held_open_for_the_lrc_ends_when_another_private_spends_the_money():
    """Rule 1894:private.lrc, at a position of legal play (random seats, 4 players, seed 774): the AG has used
    its two lays, and its track step stays open while it could still buy the LRC from P1 (28 F); it buys the GLG
    for 27 F instead, and with 1 F it can no longer buy the LRC, so the step ends and, no station affordable or
    free, the turn goes on to its trains, as 18xx.games plays it (a pass there was refused: "Blocking step Run
    Routes cannot process action pass")."""
    from gamekit.bots import play_seats
    from gamekit.tracks.actions import BuyCompany, RunRoutes

    game = play_seats("1894", ["random"] * 4, 774, cap=403)
    before = game.at(402)
    assert before.current_entity == "AG" and before.active_step.name == "Lay track"
    assert [a.sentence() for a in before.actions[400:402]] == ["AG lays 15 on C14 (rotation 2)",
                                                                "AG lays 7 on B13 (rotation 4)"]
    assert before.state.corporations["AG"].cash == 28 and before.private_owner("LRC") == "P1"
    assert game.actions[402] == BuyCompany(entity="AG", company="GLG", price=27)
    assert (game.current_entity, game.active_step.name, game.state.corporations["AG"].cash) == ("AG", "Run trains", 1)
    assert all(isinstance(a, RunRoutes) for a in game.legal_actions())


def test_a_ferry_marker_bought_in_the_token_step_ends_it_when_no_station_is_left_affordable():
    """Rule 1894:or.token, at a position of legal play (random seats, 3 players, seed 1025): Nord, in its token
    step with 104 F, buys a ferry marker for 80 F. With 24 F it can pay for no station, so the step ends as it
    would have at its start and Nord goes on to run its train, as 18xx.games plays it (a pass there was refused:
    "Blocking step Run Routes cannot process action pass")."""
    from gamekit.bots import play_seats

    game = play_seats("1894", ["random"] * 3, 1025, cap=549)
    before = game.at(547)
    assert (before.current_entity, before.active_step.name, before.state.corporations["Nord"].cash) == \
        ("Nord", "Place a station token", 104)
    assert game.actions[547].sentence() == "Nord buys a ferry marker for 80"
    after = game.at(548)
    assert (after.current_entity, after.active_step.name, after.state.corporations["Nord"].cash) == \
        ("Nord", "Run trains", 24)
    assert [a.sentence() for a in after.legal_actions()] == ["Nord runs 1 train(s) for 80", "Nord runs 0 train(s) for 0"]
