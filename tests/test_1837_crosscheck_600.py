"""1837 rules found by the cross-check against the 18xx.games engine on seeds 601–602 (issue 36): each is checked
on a position of a game played legally by gamekit's bots, replayed action by action by our rules (the position is
asserted before the rule is), then played on by hand."""

from __future__ import annotations

from functools import lru_cache

import pytest

import gamekit
from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.tracks import board as boards
from gamekit.tracks.actions import PlaceToken, RunRoutes
from gamekit.tracks.tokens import check_token
from gamekit.titles.g1837 import homes, minors


@lru_cache(maxsize=None)
def _played(bot: str, players: int, seed: int, cap: int) -> tuple:
    """The actions of a bot game (every seat the same bot), to its ``cap``-th."""
    return tuple(play_seats("1837", [bot] * players, seed, cap=cap).actions)


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
