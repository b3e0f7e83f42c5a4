"""1837's route hooks (:class:`gamekit.tracks.routes.RouteRules`): goods trains from one mine, whose value is a
subsidy for the treasury and not revenue; express trains with at least two cities; no passenger train in a mine
(rules ``1837:route.goods``, ``1837:route.express``, ``1837:route.mine-subsidy``).

What the distance rows of ``data/1837/game.json`` already say is not repeated here: plus trains count their
extra places with towns (``1837:route.plus``), express trains pass towns unpaid and uncounted, goods trains count
their mine and cities, towns without limit (the mine takes one city place, as on 18xx.games). Vienna's cities
share the group ``Vienna`` in the map data, so the shared check visits Vienna once per route
(``1837:route.revisit``). The first edition traces the connection of a new station token with at most one
reversal, the second with any number (``1837:token.connect``, difference D4): :attr:`Rules1837.token_reversals`,
for :func:`gamekit.tracks.graph.reach`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...errors import GameError
from ...i18n import msg
from ...model import kept_property
from ...tracks.board import Board, NodeKey, placed_tile, remembered
from ...tracks.facts import TitleFacts
from ...tracks.mapdata import TrackData, revenue_for
from ...tracks.routes import Route, RouteRules, Train, _part

EDITIONS = ("2nd", "1st")
BOUND_MEMO_SIZE = 64
"""How many (phase colours, tiles on the mines) answers of :meth:`Rules1837.route_bound` are kept per title."""


@dataclass(frozen=True)
class Rules1837(RouteRules):
    """1837's route hooks.

    Attributes:
        mines: hexes of the coal mines (``HexDef.mine``).
        goods: train type names of the goods trains (``TrainFacts.goods``: 1G … 4G).
        express: train type names of the express trains (4E, 5E: a town row that pays nothing).
        token_reversals: reversals allowed when tracing a new station token's connection (1 in the first
            edition, None = any number in the second; rule ``1837:token.connect``).
    """

    mines: frozenset[str]
    goods: frozenset[str]
    express: frozenset[str]
    token_reversals: int | None = None

    @classmethod
    def of(cls, data: TrackData, facts: TitleFacts, edition: str = "2nd") -> "Rules1837":
        """Return the hooks for 1837's map ``data`` and facts ``facts`` in ``edition`` (``"2nd"``, default, or
        ``"1st"``).

        Raises:
            ValueError: an unknown edition.
        """
        if edition not in EDITIONS:
            raise ValueError(f"1837 has no edition {edition!r} (choose from {', '.join(EDITIONS)})")
        return cls(mines=frozenset(coord for coord, h in data.hexes.items() if h.mine),
                   goods=frozenset(t.name for t in facts.trains if t.goods),
                   express=frozenset(t.name for t in facts.trains if _passes_towns_unpaid(t.rows)),
                   token_reversals=1 if edition == "1st" else None)

    def is_mine(self, node: NodeKey) -> bool:
        """Whether ``node`` is a coal mine (the city printed on a mine hex)."""
        return node[1] == "city" and node[0] in self.mines

    def quota_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str]:
        """The mines: :meth:`check_route` counts a route's cities on them (rule ``1837:route.goods``)."""
        return self.mines

    def quota(self, train: Train) -> tuple[int, int | None]:
        """A goods train visits exactly one mine, any other train none (rule ``1837:route.goods``), as
        :meth:`check_route` demands."""
        return (1, 1) if train.name in self.goods else (0, 0)

    def stop_value(self, data: TrackData, board: Board, node: NodeKey, phase_colours: Sequence[str]) -> int:
        """A stop's revenue on its tile; a mine earns no revenue (its value is the subsidy, rule
        ``1837:route.mine-subsidy``)."""
        # is_mine inlined, and the shared value read directly: the router asks for every stop it meets
        if node[1] == "city" and node[0] in self.mines:
            return 0
        return revenue_for(_part(data, board, node).revenue, phase_colours)

    def tile_stop_values(self) -> bool:
        """True: :meth:`stop_value` reads the stop, its tile, the colours and the mines (a field)."""
        return True

    def check_route(self, data: TrackData, board: Board, corporation: str, route: Route, train: Train) -> None:
        """A goods train visits exactly one mine and a passenger train none (``1837:route.goods``); an express
        train counts at least two cities (``1837:route.express``)."""
        own = self.mines  # is_mine inlined, in a plain loop: the router checks every route it scores
        mines = 0
        for coord, kind, _ in route.stops:
            if kind == "city" and coord in own:
                mines += 1
        if train.name in self.goods:
            if mines != 1:
                raise GameError(msg("goods train {train} must visit exactly one mine, not {mines}",
                                    train=route.train, mines=mines), data.rule("route.goods"))
        elif mines:
            raise GameError(msg("train {train} enters a mine; only goods trains may", train=route.train),
                            data.rule("route.goods"))
        if train.name in self.express and sum(1 for node in route.stops if node[1] == "city") < 2:
            raise GameError(msg("express train {train} must count at least two cities", train=route.train),
                            data.rule("route.express"))

    def subsidy(self, data: TrackData, board: Board, corporation: str, route: Route,
                phase_colours: Sequence[str]) -> int:
        """The value of the route's mine (the first value before phase 5, the second from it), paid to the
        treasury outside the revenue (rule ``1837:route.mine-subsidy``)."""
        own, total = self.mines, 0  # is_mine inlined: asked for every route the router scores, most with no mine
        for node in route.stops:
            if node[1] == "city" and node[0] in own:
                total += revenue_for(_part(data, board, node).revenue, phase_colours)
        return total

    def route_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str],
                    best_stop: int) -> int:
        """At most what a route earns beyond its stops' values (1837 has no route bonus): a goods train's one
        mine's subsidy, so the value of the best mine now (:meth:`subsidy`), in K. The router scores routes best
        bound first with it (:class:`gamekit.tracks.router.Ranked`)."""
        mines = self._sorted_mines
        # a pure function of the phase's colours and the tiles on the mines: kept with the track facts
        key = (tuple(phase_colours), tuple(map(board.tiles.get, mines)))
        return remembered(data, "1837 mine bound", key, BOUND_MEMO_SIZE, lambda: max(
            (revenue_for(city.revenue, phase_colours) for coord in mines
             for city in placed_tile(data, board, coord).parts.nodes_of("city")), default=0))

    @kept_property
    def _sorted_mines(self) -> tuple[str, ...]:
        return tuple(sorted(self.mines))

    def bonus_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str]:
        """The mines: a route visiting none earns no subsidy (:meth:`subsidy`), and 1837 has no route bonus."""
        return self.mines


def _passes_towns_unpaid(rows) -> bool:
    """Whether a train's distance rows let it pass towns without pay (an express train)."""
    return any(tuple(r.nodes) == ("town",) and r.pay == 0 for r in rows)
