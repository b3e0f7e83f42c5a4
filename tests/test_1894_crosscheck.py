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
