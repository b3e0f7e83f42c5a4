"""The shortcuts of loading and listing keep every answer: ``load_json`` applies saved lays as trusted
(``Game.trusted``: the walks of ``track.connect`` and ``track.usable`` are skipped) and still rebuilds the state,
events and save of the game played; a tried upgrade's walk that stops at the first path it looks for
(``graph.walks_onto``) answers as the whole walk does."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.simulate import play_random_game
from gamekit.tracks.board import placed_tile
from gamekit.tracks.graph import reach, walks_onto


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 3), ("1837", 4, 2), ("1894", 4, 1)])
def test_a_loaded_save_is_the_game_played(title, players, seed):
    played = play_random_game(title, players, seed, cap=700)
    lays = sum(1 for a in played.actions if a.type == "lay_tile")
    assert lays > 10  # the game lays track, so the trusted lays are exercised
    loaded = gamekit.load_json(played.to_json())
    assert loaded.state == played.state
    assert [e for events in loaded._events for e in events] == [e for events in played._events for e in events]
    assert loaded.to_json() == played.to_json()
    assert loaded.trusted is False  # trusted only while the saved actions are applied
    assert loaded.legal_actions() == played.legal_actions()


def test_a_loaded_game_checks_its_new_lays_again():
    """After loading, a lay off the corporation's network is refused by ``track.connect`` again: trust covers only
    the saved actions."""
    played = play_random_game("1830", 4, 3, cap=700)
    at = next(i for i, a in enumerate(played.actions) if a.type == "lay_tile" and i > 100)
    lay = played.actions[at]
    loaded = gamekit.load_json(played.at(at).to_json())
    assert loaded.trusted is False and loaded.fork().trusted is False
    assert loaded.is_legal(lay)
    touched = reach(loaded.track, loaded.state.board, lay.entity).edges
    refusals = {loaded.why_illegal(lay.replace(hex=coord, rotation=rotation)).rule.rsplit(":", 1)[-1]
                for coord in sorted(loaded.track.hexes) if coord not in touched for rotation in range(6)}
    assert "track.connect" in refusals

@pytest.mark.parametrize("title, players, seed", [("1837", 4, 2), ("1894", 4, 1)])
def test_walks_onto_answers_as_the_whole_walk(title, players, seed):
    game = play_random_game(title, players, seed, cap=900)
    board, data = game.state.board, game.track
    walks = {corp: reach(data, board, corp) for corp in game.state.corporations}
    widest = sorted(walks, key=lambda corp: (-len(walks[corp].paths), corp))[:3]
    asked = reached = 0
    for corp in widest:
        for coord in sorted(walks[corp].edges):  # the hexes its network touches, and the paths of their tiles
            for index in range(len(placed_tile(data, board, coord).paths)):
                expected = (coord, index) in walks[corp].paths
                assert walks_onto(data, board, corp, frozenset({(coord, index)})) is expected, (corp, coord, index)
                asked += 1
                reached += expected
    assert reached > 20 and asked > reached  # both answers occur, on networks of some size
