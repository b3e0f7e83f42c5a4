"""A best set the route step listed is processed with the router's scoring of it, kept with the action
(:func:`gamekit.g18xx.revenue._scored`): it must be what checking the logged routes afresh gives."""

import pytest

from gamekit.g18xx import revenue
from gamekit.simulate import play_random_game
from gamekit.tracks import routes
from gamekit.tracks.trains import phase


def _fresh(game, action) -> routes.RunResult:
    """``action``'s routes checked as a logged run is: rebuilt from their connections and scored."""
    state = game.state
    built = [routes.route_from_log(game.track, state.board, r.train, r.connections) for r in action.routes]
    return routes.run_routes(game.track, state.board, action.entity, built, revenue.trains_of(game, action.entity),
                             phase(game.facts, state.depot).tiles, rules=game.route_rules,
                             claimed=[r.revenue for r in action.routes])


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1894", 3, 1), ("1837", 4, 1)])
def test_kept_scoring_is_a_fresh_check(monkeypatch, title, players, seed):
    """Along a random game (legal play): every kept scoring used equals the fresh check of the same routes on the
    same position, and a run is used kept at least once."""
    kept_scoring = revenue._scored
    used = []

    def compared(game, action):
        found = kept_scoring(game, action)
        if found is not None:
            assert found == _fresh(game, action)
            used.append(action)
        return found

    monkeypatch.setattr(revenue, "_scored", compared)
    play_random_game(title, players, seed)
    assert used


def test_not_kept_for_another_position(monkeypatch):
    """A kept best set processed on a position whose board differs is checked afresh (no kept scoring)."""
    kept_scoring = revenue._scored
    others = []

    def on_a_changed_board(game, action):
        found = kept_scoring(game, action)
        if found is not None and not others:
            other = game.fork()
            coord = next(iter(other.state.board.tiles))
            del other.state.board.tiles[coord]  # another board: only the key is read, not a legal position
            others.append(kept_scoring(other, action))
        return found

    monkeypatch.setattr(revenue, "_scored", on_a_changed_board)
    play_random_game("1830", 4, 1)
    assert others == [None]
