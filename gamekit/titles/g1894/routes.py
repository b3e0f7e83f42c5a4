"""1894's route hooks (:class:`gamekit.tracks.routes.RouteRules`): Paris once per route, London only with a
ferry marker, and the three bonuses — Luxembourg, the Netherlands and London shipping (rules ``1894:route.*``).

The hooks are a frozen value built per position by :meth:`Game1894.route_rules`, since who holds a ferry marker
and who earns the London bonus are facts of the game, not of the board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ...errors import GameError
from ...i18n import msg
from ...tracks.board import Board, placed_tile
from ...tracks.graph import reach, token_cities
from ...tracks.mapdata import TrackData
from ...tracks.routes import Route, RouteRules, StopRevenue, Train


@dataclass(frozen=True)
class Rules1894(RouteRules):
    """1894's route hooks.

    Attributes:
        ferries: corporations holding a ferry marker (may run to or through London).
        london_bonus: corporations earning the London shipping bonus.
        london, luxembourg, netherlands, paris: the hexes of those places; partners: the exits that earn the
            Netherlands bonus with C18; netherlands_bonus: that bonus in F.
        london_through: a path of the tile on London passes it without stopping (:func:`passes_london`).
    """

    ferries: frozenset[str]
    london_bonus: frozenset[str]
    london: str
    luxembourg: str
    netherlands: str
    paris: str
    partners: frozenset[str]
    netherlands_bonus: int
    london_through: bool

    def check_route(self, data: TrackData, board: Board, corporation: str, route: Route, train: Train) -> None:
        """Paris at most once (rule ``1894:route.revisit``); London only with a ferry marker (``1894:route.london``).

        A router asks this of every route it scores, so the check reads the route's stops alone where it can:
        unless ``london_through``, every path of the tile on London ends at its city, so a leg entering London
        stops there (a leg has stops only at its ends): the route runs to London exactly when London is one of
        its stops."""
        hexes = [node[0] for node in route.stops]
        if hexes.count(self.paris) > 1:
            raise GameError(msg("route of {train} visits Paris twice", train=route.train), data.rule("route.revisit"))
        london = self.london
        if corporation not in self.ferries and (
                london in hexes or self.london_through
                and any(coord == london for leg in route.legs for coord, _ in leg.paths)):
            raise GameError(msg("route of {train} runs to London, and {corporation} has no ferry marker",
                                train=route.train, corporation=corporation), data.rule("route.london"))

    def check_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str]:
        """Paris and, for a corporation without a ferry marker, London: :meth:`check_route` refuses only routes
        stopping twice in Paris or running to London, so a route touching neither passes."""
        return frozenset({self.paris} if corporation in self.ferries else {self.paris, self.london})

    def bonus(self, data: TrackData, board: Board, corporation: str, route: Route,
              stops: tuple[StopRevenue, ...], phase_colours: Sequence[str]) -> int:
        """Luxembourg's value (the best stop of the route), the Netherlands bonus and the London shipping bonus
        (the best stop other than London and Luxembourg), in F (rules ``1894:route.luxembourg``,
        ``1894:route.netherlands``, ``1894:route.london-bonus``). ``stops``: the route's stops as scored, each
        paid stop's ``revenue`` being its :meth:`stop_value` on ``board`` in this phase, an unpaid one's 0."""
        hexes = {s.node[0] for s in stops}
        extra = self.netherlands_bonus if self.netherlands in hexes and hexes & self.partners else 0
        luxembourg = self.luxembourg in hexes
        london = self.london in hexes and corporation in self.london_bonus
        if not (luxembourg or london):
            return extra  # most routes: no stop's value is read again (a router scores thousands of them)
        # a paid stop's revenue is its value (both callers, score_route and route_earnings, pay a stop its
        # stop_value from this board and phase); only a stop paid nothing (a train skipping it, or worth 0) is
        # looked up again, so an unpaid stop still counts at its value
        values = {s.node: s.revenue or self.stop_value(data, board, s.node, phase_colours) for s in stops}
        if luxembourg:
            extra += max(values.values())
        if london:
            extra += max((v for node, v in values.items() if node[0] not in (self.london, self.luxembourg)),
                         default=0)
        return extra

    def route_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str],
                    best_stop: int) -> int:
        """At most what :meth:`bonus` adds to a route (1894 pays no subsidy): the Netherlands bonus, Luxembourg's
        value (one of the route's stops, so at most ``best_stop``) and, for a corporation earning it, the London
        shipping bonus (another stop's value, again at most ``best_stop``), in F. The router scores routes best
        bound first with it (:class:`gamekit.tracks.router.Ranked`)."""
        return max(self.netherlands_bonus, 0) + best_stop + (best_stop if corporation in self.london_bonus else 0)

    def bonus_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str]:
        """Luxembourg, the Netherlands and, for a corporation earning the London shipping bonus, London: a route
        with no stop there earns no bonus (:meth:`bonus`)."""
        return frozenset({self.luxembourg, self.netherlands} | ({self.london} if corporation in self.london_bonus
                                                                 else set()))


def passes_london(data: TrackData, board: Board, london: str) -> bool:
    """True when some path of the tile on ``london`` now joins two hex edges, so a route could pass through London
    without stopping there (never on 1894's printed London, whose paths all end at its city)."""
    return any(path[0][0] == "edge" and path[1][0] == "edge" for path in placed_tile(data, board, london).paths)


def has_route(data: TrackData, board: Board, corporation: str) -> bool:
    """True when track joins one of ``corporation``'s stations to another stop, so a train could run (rule
    ``1894:trains.must-buy``). Two stations alone are no route unless track joins them: a corporation with two
    homes (CFOR, Nord, Ouest) reaches both cities from the start."""
    stations = {(coord, "city", city) for coord, city in token_cities(data, board, corporation)}
    if reach(data, board, corporation).nodes - stations:
        return True
    held = {coord for coord, _, _ in stations}  # the only hexes whose tokens a walk from one station alone changes
    for coord, _, city in stations:  # only stations reached: is one joined to another? walk from each alone
        alone = dict(board.tokens)
        for h in held:
            alone[h] = [[None if name == corporation and (h, i) != (coord, city) else name for name in slots]
                        for i, slots in enumerate(board.tokens[h])]
        if reach(data, replace(board, tokens=alone), corporation).nodes - {(coord, "city", city)}:
            return True
    return False
