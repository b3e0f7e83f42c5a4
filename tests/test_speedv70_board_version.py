"""speedv70: the board version (``Board.version``) names a board's tiles and tokens exactly, and the answers
remembered per version equal fresh ones.

Along seeded random games of 1830, 1837 and 1894, at every position: every version ever seen names the same tiles
and tokens it named when first seen (so every writer of the board gave it a fresh version); forks, undos and
copies get versions that name their own content; ``token_cities`` equals a scan of the board; and every
corporation's network as ``reach`` finds it (by board version first) equals a walk on fresh track data, and so
does 1894's answer to "does the network reach London" (the ferry purchase, asked at every operating position).
"""

import copy
import dataclasses
import pickle
import random

import pytest

from gamekit.bots import play_seats
from gamekit.game import Game
from gamekit.simulate import play_random_game, random_action
from gamekit.titles.g1894 import ferry
from gamekit.tracks import board as boards
from gamekit.tracks.graph import reach, token_cities


class Versions:
    """Every board version seen, with the tiles and tokens it named then."""

    def __init__(self):
        self.seen: dict[int, tuple] = {}
        self.checked = 0

    def check(self, board: boards.Board) -> None:
        content = (dict(board.tiles), {h: [list(s) for s in cities] for h, cities in board.tokens.items()})
        first = self.seen.setdefault(board.version, content)
        assert first == content, f"version {board.version} names two boards"
        self.checked += 1


def _checking_bot(versions: Versions, stats: dict):
    def bot(game, rng):
        board = game.state.board
        versions.check(board)
        for corp in game.state.corporations:
            assert token_cities(game.track, board, corp) == boards.corporation_cities(board, corp)
        if stats.get("steps", 0) % 5 == 0:
            _check_reach(game, stats)
        step = stats["steps"] = stats.get("steps", 0) + 1
        if step % 7 == 0:
            _check_copies(game, versions)
        return random_action(game, rng)
    return bot


def _check_reach(game, stats: dict) -> None:
    """Every corporation's walk as :func:`reach` finds it (by board version first) equals a walk on fresh track
    data (nothing remembered), and so does 1894's answer to "does the network reach London" (the ferry)."""
    fresh = dataclasses.replace(game.track, cache={})
    board = game.state.board
    for corp, c in game.state.corporations.items():
        if not any(c.tokens):
            continue
        kept, walked = reach(game.track, board, corp), reach(fresh, board, corp)
        assert (kept.nodes, kept.paths, kept.edges) == (walked.nodes, walked.paths, walked.edges)
        assert reach(game.track, board, corp) is kept  # asked again at the same version: the same walk
        if game.title == "1894":
            closed = ferry._closed(game, corp)  # London is the last reason it asks
            if closed in (None, "london"):
                assert (closed is None) == (ferry.london_node(game) in walked.nodes)
                stats["ferry"] = stats.get("ferry", 0) + 1
        stats["walks"] = stats.get("walks", 0) + 1


def _check_copies(game, versions: Versions) -> None:
    """A fork, an action processed on it and undone, and copies of the board: each board checked against the
    versions seen; a copy gets a fresh version, and changed afterwards it never names the original's content."""
    board = game.state.board
    fork = game.fork()
    assert fork.state.board.version != board.version
    versions.check(fork.state.board)
    actions = fork.legal_actions()
    if actions:
        fork.process(random.Random(len(game.actions)).choice(actions))
        versions.check(fork.state.board)
        fork.undo()
        versions.check(fork.state.board)
        assert fork.state.board == board
    for other in (copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board)),
                  dataclasses.replace(board)):
        assert other.version != board.version and other == board
        versions.check(other)
        if other.tokens is not board.tokens:  # a shallow copy shares the dicts: not changed here
            boards.set_tile(game.track, other, *_some_lay(game, other))
            versions.check(other)
    versions.check(board)


def _some_lay(game, board):
    """A tile put on the first empty hex without cities (no rule checked: only the board's content changes)."""
    data = game.track
    coord = next(c for c, h in data.hexes.items() if c not in board.tiles and not h.cities)
    name = next(name for name, tile in data.tiles.items() if not tile.cities and tile.count)
    return coord, f"{name}-0", 0, ()


@pytest.mark.parametrize("title,seed", [("1830", 1), ("1894", 1), ("1894", 2), ("1837", 2)])
def test_versions_name_content_along_games(title, seed):
    versions, stats = Versions(), {}
    game = play_random_game(title, 4, seed, bot=_checking_bot(versions, stats))
    reference = play_random_game(title, 4, seed)
    assert game.actions == reference.actions  # the checks changed nothing of the game
    assert versions.checked > 200
    # the board changed along the game: many versions, each a distinct content
    assert len(versions.seen) > 50
    assert stats["walks"] > 100
    if title == "1894":
        assert stats["ferry"] > 20


def test_a_change_without_a_new_version_is_caught():
    """The check above fails where a writer forgets :meth:`Board.changed`: a token placed by hand keeps the
    version, and the version then names two contents."""
    game = play_random_game("1830", 4, 1, cap=40)
    board = game.state.board
    versions = Versions()
    versions.check(board)
    coord, cities = next((c, cities) for c, cities in board.tokens.items() if None in cities[0])
    cities[0][cities[0].index(None)] = "test"
    with pytest.raises(AssertionError):
        versions.check(board)
    board.changed()
    versions.check(board)


@pytest.mark.parametrize("title", ["1830", "1894"])
def test_versions_name_content_along_heuristic_games(title, monkeypatch):
    """The heuristic bot tries lays on shallow copies of the board (sharing the untouched hexes' city lists) and
    plays forks: every board a game applies an action to, before and after, still has one content per version."""
    versions = Versions()
    applied = Game._applied

    def checked(self, *args):
        versions.check(self.state.board)
        events = applied(self, *args)
        versions.check(self.state.board)
        return events

    monkeypatch.setattr(Game, "_applied", checked)
    game = play_seats(title, ["heuristic"] * 4, 1)
    assert versions.checked >= 2 * len(game.actions) > 0
    assert len(versions.seen) > 100
