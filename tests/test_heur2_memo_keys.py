"""The router's memo of best route sets, as a heuristic bot uses it: equal positions have one key however their
values are shared in memory (``router.position_key``), and the memo forgets the least recently asked position
first, so the route step's position outlives the tile lays tried after it (``router.remembered_best``)."""

from __future__ import annotations

import dataclasses

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router

from .test_router_memo import nynh_route_step


def test_equal_positions_sharing_strings_otherwise_have_one_key():
    game = nynh_route_step()
    pos = route_position(game, "NYNH")
    # the same name, as the very string object of a token on the board (a position built from a fork's board
    # shares names with it so, the game's own position does not): pickled with a memo, the board's token was
    # written as a reference to the corporation's name, and the key differed
    token = next(slot for cities in pos.board.tokens.values() for slots in cities for slot in slots
                 if slot == "NYNH")
    twin = dataclasses.replace(pos, corporation=token)
    assert twin.corporation is not pos.corporation and twin == pos
    assert router.position_key(twin) == router.position_key(pos)
    game.track.cache.pop("best routes", None)
    first = router.remembered_best(pos)
    assert router.remembered_best(twin) is first and first.total == 110


def _lay_positions(game, me: str, count: int):
    """Route positions of ``me`` after each of its first ``count`` legal tile lays (each on a fork)."""
    lays = [a for a in game.legal_actions() if a.type == "lay_tile"][:count]
    return [route_position(game.fork_after(lay), me) for lay in lays]


ASKED_AGAIN = 8
"""Every how many positions tried the own position is asked again (far fewer than the memo holds)."""


def test_the_position_asked_last_outlives_the_lays_tried():
    """A corporation's lay step in a random 1830 game: its own position is asked, then more positions than the
    memo holds (lays tried, with all trains and one fewer), asking the own position again every few of them; it is still answered from the memo (the same object),
    and every answer equals a new search's."""
    game, rng = new_bot_game("1830", 4, 3), GameRandom(3)
    while True:
        me = game.current_entity
        lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
        if lays and game.trains(me) and len(lays) > router.REMEMBERED // 2:
            break
        game.process(random_action(game, rng))
    own = route_position(game, me)
    game.track.cache.clear()
    first = router.remembered_best(own)
    tried = _lay_positions(game, me, router.REMEMBERED // 2 + 1)
    # with one train fewer too: more positions than the memo holds
    tried += [dataclasses.replace(pos, trains=dict(sorted(pos.trains.items())[:-1])) for pos in tried]
    assert len({router.position_key(pos) for pos in tried}) > router.REMEMBERED
    for i, pos in enumerate(tried, 1):
        got = router.remembered_best(pos)
        fresh = router.find_best_routes(pos)
        assert (got.routes, got.run, got.total) == (fresh.routes, fresh.run, fresh.total)
        if i % ASKED_AGAIN == 0:
            # still in the memo of networks (which answers remembered_best for titles without a set hook of their
            # own: the memo of positions is not filled), before it is asked
            assert router.network_key(own, router._walked_segments(own, 0)) in router.memo(own.data,
                                                                                        "best routes by network")
            assert router.remembered_best(own) is first
    assert first.total == router.find_best_routes(own).total
