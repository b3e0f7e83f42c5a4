"""1837's stop values are kept per route hooks, stop, tile and phase colours (``routes.stop_table``, stop 64): its
``stop_value`` promises to read nothing else (``RouteRules.tile_stop_values``). Along the route positions of a
seeded 1837 game, every table equals the hook asked afresh; a class overriding ``stop_value`` alone promises
nothing, and its hook is asked every time."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.tracks import routes
from gamekit.tracks.board import memo, node_id
from gamekit.titles.g1837.routes import Rules1837

from .bot_positions import route_positions


def _afresh(pos, nodes) -> dict:
    """The stop table of ``nodes`` asked of the hook and the board at every stop, as without a memo."""
    return {n: (pos.rules.stop_value(pos.data, pos.board, n, pos.phase_colours), node_id(pos.data, pos.board, n))
            for n in nodes}


def test_kept_1837_stop_values_are_the_hooks():
    compared = 0
    for n, pos in enumerate(route_positions("1837", 5, 3000)):
        if n % 7:
            continue
        nodes = [(coord, kind, i) for coord in sorted(pos.board.tiles) for kind in ("city", "town", "offboard")
                 for i in range(2)]
        nodes = [node for node in nodes if _is_stop(pos, node)]
        assert routes.stop_table(pos.data, pos.board, nodes, pos.phase_colours, pos.rules) == _afresh(pos, nodes)
        compared += len(nodes)
    assert compared > 500
    assert routes._tile_values(Rules1837)


def _is_stop(pos, node) -> bool:
    """Whether ``node`` is a stop of the tile on its hex."""
    try:
        routes._part(pos.data, pos.board, node)
    except (IndexError, KeyError):
        return False
    return True


@dataclass(frozen=True)
class _Doubled(Rules1837):
    """1837's hooks with a stop value reading more than its tile (here: doubled on a hex holding tokens), without
    saying whether it keeps the promise of the class above."""

    def stop_value(self, data, board, node, phase_colours) -> int:
        value = super().stop_value(data, board, node, phase_colours)
        return 2 * value if board.tokens.get(node[0]) else value


def test_a_stop_value_overridden_alone_is_asked_every_time():
    assert not routes._tile_values(_Doubled)
    pos = next(iter(route_positions("1837", 5, 3000)))
    rules = _Doubled(**{f: getattr(pos.rules, f) for f in pos.rules.__dataclass_fields__})
    nodes = [n for n in ((coord, "city", 0) for coord in sorted(pos.board.tokens)) if _is_stop(pos, n)]
    assert nodes
    table = routes.stop_table(pos.data, pos.board, nodes, pos.phase_colours, rules)
    assert table == {n: (rules.stop_value(pos.data, pos.board, n, pos.phase_colours), node_id(pos.data, pos.board, n))
                     for n in nodes}
    assert rules not in memo(pos.data, "hooked stop values")
