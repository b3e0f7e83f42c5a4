"""1837's route-step question (rule ``1837:or.route``, :func:`gamekit.titles.g1837.minors.has_route`) answered by a
segment found before (``_witnessed_segment``) is the answer of a fresh walk of the company's network, along real
random games: positions built by legal play, the witness kept from earlier positions of the same game."""

from __future__ import annotations

from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.titles.g1837 import minors
from gamekit.tracks.board import corporation_cities
from gamekit.tracks.router import _Walk


def fresh_has_route(game, corp: str) -> bool:
    """The first level of ``corp``'s network walked anew (no kept walk, no witness): some segment of plain track
    from one of its stations to another stop."""
    data, board = game.track, game.state.board
    walk = _Walk(corporation_cities(board, corp))
    walk.deepen(data, board, corp, 1)
    return bool(walk.cut(data, board, 1, None))


def test_has_route_by_witness_matches_a_fresh_walk_along_random_games():
    witnessed = refused = asked = 0
    for seed, players in ((3, 4), (4, 5)):
        game = new_bot_game("1837", players, seed)
        rng = GameRandom(seed * 7919 + 17)
        with game.batch():
            for at in range(3000):
                if game.is_over:
                    break
                if isinstance(game.state.round, OperatingRound):
                    board = game.state.board
                    # every company with a station every 5th position, else the one operating (as the step asks)
                    corps = [c for c in game.state.corporations if corporation_cities(board, c)] if at % 5 == 0 \
                        else [game.current_entity]
                    for corp in corps:
                        if corp not in game.state.corporations or not corporation_cities(board, corp):
                            continue
                        kept = minors._witnessed_segment(game.track, board, corp)
                        answer = minors.has_route(game, corp)
                        assert answer == fresh_has_route(game, corp), (seed, at, corp)
                        asked += 1
                        witnessed += kept
                        refused += not answer
                game.process(random_action(game, rng))
    # the witness answered most questions, and the games held companies with no route too
    assert asked > 1000 and witnessed > asked // 2 and refused > 0, (asked, witnessed, refused)
