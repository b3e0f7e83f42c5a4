"""Running trains in an 18xx game: logged or proposed routes are checked and scored by :mod:`gamekit.tracks.routes`
(the one implementation of route legality and revenue), here turned into events (rule ``route.run``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..actions import Action, is_checked
from ..choices import ActionGroup
from ..errors import GameError
from ..events import Event
from ..i18n import join, msg
from ..tracks import routes
from ..tracks.actions import Route, RunRoutes
from ..tracks.board import NodeKey, memo, remember_in
from ..tracks.router import BestRoutes, Position, any_route, remembered_best
from ..tracks.trains import phase, train_facts
from . import names
from .economy import pay_from_bank

if TYPE_CHECKING:
    from .game import Game18xx


def trains_of(game: "Game18xx", corp: str) -> dict[str, routes.Train]:
    """The corporation's trains as the route checker sees them (distance in stops, 1830's D unlimited; or the
    train's distance rows: "+n", express and goods trains)."""
    return {t: route_train(game, t) for t in game.state.corporations[corp].trains}


UNLIMITED = 10**6


def route_train(game: "Game18xx", train_id: str) -> routes.Train:
    """One train as the route checker sees it (rule ``route.distance``). A fact of the title (a frozen value),
    asked for every train at every route step and by the bots' every look at routes: kept per game's facts
    (``Game18xx._facts_memo``)."""
    memo = game._facts_memo()
    key = ("route train", train_id)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _route_train(game, train_id)
    return found


def _route_train(game: "Game18xx", train_id: str) -> routes.Train:
    """:func:`route_train` built from the facts."""
    facts = train_facts(game.facts, train_id)
    if not isinstance(facts.distance, tuple):
        return routes.Train.counting_all(train_id, facts.distance)
    rows = tuple(routes.DistanceRow(frozenset(r.nodes), UNLIMITED if r.visit is None else r.visit,
                                    UNLIMITED if r.pay is None else r.pay) for r in facts.distance)
    return routes.Train(train_id, facts.name, rows)


def check_run(game: "Game18xx", action: RunRoutes) -> tuple[int, list[Event]]:
    """Check a ``run_routes`` action as :func:`checked_run` does: ``(total revenue in dollars, events)``.

    Raises:
        GameError: a ``route.*`` rule of the title.
    """
    total, _, events = checked_run(game, action)
    return total, events


def checked_run(game: "Game18xx", action: RunRoutes) -> tuple[int, int, list[Event]]:
    """Check a ``run_routes`` action: every route legal and its claimed revenue exactly ours.

    Returns:
        ``(total revenue in dollars, subsidy for the treasury in dollars, events)``, one event per route with its
        stops (the subsidy is paid with the dividend: :func:`pay_subsidy`).

    Raises:
        GameError: a ``route.*`` rule of the title.
    """
    state = game.state
    corp = action.entity
    _spend(action)
    listed = game._listed_now(_BEST_RUN + corp)
    # the router's best set at this very position, checked and scored by the router; unless the listed action
    # was changed in place since it was built (past its frozen record): then it is not what was scored
    if listed is not None and (listed[0] is action or listed[0] == action) and is_checked(listed[0]):
        result = listed[1]
    elif not action.routes and type(game.route_rules).set_bonus is routes.RouteRules.set_bonus:
        # running no train: run_routes checks nothing and adds up nothing, and a set bonus is the one thing it could
        # pay for no route (half the route steps of random games, each building the route position otherwise)
        result = _NOTHING_RUN
    else:
        built = [routes.route_from_log(game.track, state.board, r.train, r.connections) for r in action.routes]
        pos = route_position(game, corp)  # kept since the step's skip asked for it, most often
        result = routes.run_routes(pos.data, pos.board, corp, built, pos.trains, pos.phase_colours, rules=pos.rules,
                                   claimed=[r.revenue for r in action.routes])
        for claimed, scored in zip(action.routes, result.routes):
            _check_claimed_stops(game, claimed, scored)
    events = []
    texts = memo(game.track, "route stop texts")
    tiles = state.board.tiles
    for r in result.routes:
        stops = join(" + ", [_stop_text(game, texts, s.node, tiles.get(s.node[0]), s.revenue) for s in r.stops])
        events.append(Event(game.rule("route.run"), msg("{corporation} runs {train}: {stops} = {revenue}",
                                                        corporation=corp, train=_train_text(r.train), stops=stops,
                                                        revenue=game.facts.money(r.revenue)),
                            "route", {"corporation": corp, "train": r.train, "revenue": r.revenue,
                                      "stops": [(s.node_id, s.revenue) for s in r.stops]}))
    if result.set_bonus:
        events.append(Event(game.rule("route.run"), msg("{corporation}'s routes together earn a bonus of {bonus}",
                                                        corporation=corp, bonus=game.facts.money(result.set_bonus)),
                            "route_bonus",
                            {"corporation": corp, "bonus": result.set_bonus}))
    total = result.total
    earned = kept_text(game, ("trains earn", corp, total),
                       lambda: msg("{corporation}'s trains earn {revenue}", corporation=corp,
                                   revenue=game.facts.money(total)))
    events.append(Event(game.rule("route.run"), earned, "revenue", {"corporation": corp, "revenue": total}))
    subsidy = result.subsidy
    if subsidy:
        earned = kept_text(game, ("subsidy earned", corp, subsidy),
                           lambda: msg("{corporation}'s routes earn a subsidy of {subsidy} for its treasury, paid with "
                                       "the dividend", corporation=corp, subsidy=game.facts.money(subsidy)))
        events.append(Event(game.rule("route.subsidy"), earned, "subsidy", {"corporation": corp, "amount": subsidy}))
    return result.total, result.subsidy, events


_NOTHING_RUN = routes.RunResult((), 0, 0, 0)
"""What :func:`~gamekit.tracks.routes.run_routes` gives for no route under route hooks without a set bonus."""


TEXTS_KEPT = 4096
"""How many event texts :func:`kept_text` keeps per game's facts (it forgets them all when full)."""


def kept_text(game: "Game18xx", key: tuple, make: Callable[[], str]) -> str:
    """The event text ``make()`` builds, kept with the facts (``Game18xx._facts_memo``, a game's and its forks')
    under ``key``, which must hold every value the text reads but the facts (whose money format it may use): a
    sentence (:func:`~gamekit.i18n.msg`) is a pure function of its template and values, and is immutable
    (translated when shown), so one serves every event that says the same. For the sentences of an operating
    turn said again and again with the same values (a withholding of nothing, a private's income)."""
    return remember_in(game._facts_table("event texts"), key, TEXTS_KEPT, make)


STOP_TEXTS_KEPT = 4096
"""How many stops' texts :func:`_stop_text` keeps per title's track data (it forgets them all when full)."""


def _stop_text(game: "Game18xx", texts: dict, node: NodeKey, laid: tuple[str, int] | None, revenue: int) -> str:
    """A run's stop in its event, ``"Baltimore 30"`` (:func:`~gamekit.g18xx.names.stop` and the revenue), kept in
    ``texts``, the track data's memo, by the node, the tile laid on its hex (``board.tiles``, ``None`` for the
    printed hex) and the revenue: the name reads only the hex's facts and the parts of the tile there
    (:func:`~gamekit.tracks.board.placed_tile`, itself a function of the hex and that tile), and every run names
    its stops again, mostly the same ones. Texts are immutable (translated when shown), so one serves every
    event."""
    key = (node, laid, revenue)
    found = texts.get(key)
    if found is None:
        if len(texts) >= STOP_TEXTS_KEPT:
            texts.clear()
        found = texts[key] = join(" ", (names.stop(game, node), str(revenue)))
    return found


_TRAIN_TEXTS: dict[str, str] = {}


def _train_text(train_id: str) -> str:
    """:func:`~gamekit.g18xx.names.train` of ``train_id`` (``"a 2-train"``), kept per train id: a text of the id
    alone (its kind and a fixed template), asked at every run. Texts are immutable, so one serves every event (its
    translation is looked up when it is shown). A title's train ids are a few dozen, or a few hundred in all."""
    found = _TRAIN_TEXTS.get(train_id)
    if found is None:
        found = _TRAIN_TEXTS[train_id] = names.train(train_id)
    return found


def pay_subsidy(game: "Game18xx", corp: str) -> list[Event]:
    """The bank pays the subsidy ``corp``'s routes earned this turn to its treasury, when its revenue is paid
    out or withheld (1837's mines, as 18xx.games pays them; rule ``route.run``)."""
    rnd = game.state.round
    amount, rnd.subsidy = rnd.subsidy, 0
    if not amount:
        return []
    pay_from_bank(game, corp, amount)
    paid = kept_text(game, ("subsidy paid", corp, amount),
                     lambda: msg("{corporation} receives its subsidy of {subsidy}", corporation=corp,
                                 subsidy=game.facts.money(amount)))
    return [Event(game.rule("route.subsidy"), paid, "subsidy_paid",
                  {"corporation": corp, "amount": amount})]


def _check_claimed_stops(game: "Game18xx", claimed: Route, scored: routes.RouteResult) -> None:
    """A route's ``hexes`` and ``nodes`` (as 18xx.games logs them, in either order) must be the stops its
    connections pass — no more, no fewer; empty means not given (rule ``route.stops``)."""
    stops = [s.node_id for s in scored.stops]
    if claimed.nodes and sorted(claimed.nodes) != sorted(stops):
        raise GameError(msg("route of {train}: its connections stop at {stops}, not at {claimed}",
                            train=claimed.train, stops=", ".join(stops), claimed=", ".join(claimed.nodes)),
                        game.rule("route.stops"))
    # 18xx.games lists the hex once more when a route of three or more connections starts with one inside a
    # single hex (1837's Buda to Pest, H20, H30): seen on every such route of the real 1837 game
    conns = claimed.connections
    hexes = [s.node[0] for s in scored.stops]
    logged = hexes + ([conns[0][0]] if len(conns) >= 3 and len(conns[0]) == 1 else [])
    if claimed.hexes and sorted(claimed.hexes) not in (sorted(hexes), sorted(logged)):
        raise GameError(msg("route of {train}: its connections stop in {hexes}, not in {claimed}",
                            train=claimed.train, hexes=", ".join(hexes), claimed=", ".join(claimed.hexes)),
                        game.rule("route.stops"))


def route_position(game: "Game18xx", corp: str) -> Position:
    """The route finder's view of ``corp`` now: board, trains, the phase's tile colours, the title's route rules.

    The last one built for ``corp`` is kept with the facts (``Game18xx._facts_memo``) and given again while every
    field is the same: the same board object (a position reads the board as it is when asked, never a copy) and
    corporation's name (the very text asked with, as a position built afresh holds it), track data, trains in the
    same order (a train's view is a fact of its id: :func:`route_train`), tile colours and equal route rules
    (frozen values; some titles build them afresh at each question). A position is frozen and
    its readers change none of its parts, so it serves every question about ``corp`` until one of them changes:
    the route step's skip, its listing and a bot's look at routes ask one after another, and building a position
    (its trains, the frozen dataclass) cost as much as a search answered from the router's memo."""
    state = game.state
    memo = game._facts_memo()
    key = ("route position", corp)
    trains = state.corporations[corp].trains
    colours = phase(game.facts, state.depot).tiles
    rules = game.route_rules
    kept = memo.get(key)
    if kept is None or kept.board is not state.board or kept.corporation is not corp or kept.data is not game.track \
            or kept.phase_colours != colours or list(kept.trains) != trains \
            or (kept.rules is not rules and kept.rules != rules):  # the same hooks object most often: no compare
        kept = memo[key] = Position(game.track, state.board, corp, trains_of(game, corp), tuple(colours), rules)
    return kept


def route_choices(game: "Game18xx", corp: str) -> list[Action]:
    """Route sets offered to a player or bot: the best set found by the router (rule ``route.best``; when
    some train can run), then running no train (always legal, earns nothing)."""
    best = _best_run(game, corp)
    return ([best] if best.routes else []) + [_no_run(corp)]


class RouteChoices(ActionGroup):
    """The route step's choices as :func:`route_choices` lists them, the best set found only when it is asked for:
    the step is active only where some train can run (:func:`can_run`), and then the best set holds a route
    (:func:`~gamekit.tracks.router.any_route`), so there are two choices, the best set and running no train."""

    type = RunRoutes.type

    def __init__(self, game: "Game18xx", corp: str):
        self._game, self._corp = game, corp

    def __len__(self) -> int:
        return 2

    def action(self, index: int) -> RunRoutes:
        if index == 0:
            return _best_run(self._game, self._corp)
        if index == 1:
            return _no_run(self._corp)
        raise IndexError(index)


_NO_RUNS: dict[str, RunRoutes] = {}


def _no_run(corp: str) -> RunRoutes:
    """The checked run of no train by ``corp`` (``Action._trusted``), one object per corporation: every route step
    lists it, and actions are frozen, so one serves every listing until a game runs it (:func:`_spend`; should its
    checked mark be forgotten meanwhile, ``process`` only checks it again). Corporations are a title's few dozen."""
    found = _NO_RUNS.get(corp)
    if found is None:
        found = _NO_RUNS[corp] = RunRoutes._trusted(entity=corp, routes=())
    return found


def can_run(game: "Game18xx", corp: str) -> bool:
    """Whether some train of ``corp`` has a route now: two stops joined to one of its stations (rule ``or.route``;
    without one the step is skipped and the corporation earns nothing, as 18xx.games skips it). The network
    joining two stops is not enough: 1894's Nord and Ouest start with two stations that no track joins yet. The
    router answers at the first route a train may run (:func:`~gamekit.tracks.router.any_route`) rather than
    scoring the best set: a replay asks this at every route step. A route joins two stops of the network, so the
    router's answer holds :meth:`~gamekit.g18xx.game.Game18xx.has_route`'s: that walk of the whole network is not
    asked first (it was false at fewer than 1 in 10 route steps of random 1830 games and cost a third as much as
    the router)."""
    return bool(game.state.corporations[corp].trains) and any_route(route_position(game, corp))


_BEST_RUN = "best run "
"""The kind under which a game's listings keep ``corp``'s best run at a position (``_BEST_RUN + corp``)."""


def _best_run(game: "Game18xx", corp: str) -> RunRoutes:
    """The router's best set as a ``run_routes`` action, remembered per position by the router
    (:func:`~gamekit.tracks.router.remembered_best`: the step, the legal actions and the bots all ask for it).
    Inside a batch the position's listings keep it with the router's score of it (``Game._listing``), so that
    :func:`checked_run`, when this very action is then run at this position, takes the score instead of checking
    and scoring the routes again."""
    return game._listing(_BEST_RUN + corp, lambda: _scored_best(game, corp))[0]


def _scored_best(game: "Game18xx", corp: str) -> tuple[RunRoutes, routes.RunResult]:
    """The router's best set for ``corp`` now as a ``run_routes`` action, with the router's check and score of
    it (``run_routes`` of its routes)."""
    best = remembered_best(route_position(game, corp))
    return _as_action(corp, best), best.run


def _as_action(corp: str, result: BestRoutes) -> RunRoutes:
    """The router's ``result`` as a ``run_routes`` action of ``corp`` (each route with its hexes, nodes and revenue).
    Built from values the engine's router produced (ids as texts, revenues as whole numbers, tuples), so built
    without checks and marked as checked (``Action._trusted``): ``process`` then does not build it again. Kept
    per ``result`` object (:data:`RUNS_KEPT`): actions are frozen, so one serves every listing of that set until a
    game runs it (:func:`_spend`; should its checked mark be forgotten meanwhile, ``process`` only checks it
    again)."""
    key = (corp, id(result))
    kept = _RUNS.get(key)
    if kept is not None:  # the entry holds ``result``: its id is not reused meanwhile
        return kept[1]
    logged = []
    for route, scored in zip(result.routes, result.run.routes):
        logged.append(Route.unchecked(train=route.train,
                                      connections=tuple(tuple(coord for coord, _ in leg.paths) for leg in route.legs),
                                      hexes=tuple(s.node[0] for s in scored.stops),
                                      nodes=tuple(s.node_id for s in scored.stops), revenue=scored.revenue))
    if len(_RUNS) >= RUNS_KEPT:
        _RUNS.clear()
        _RUN_KEYS.clear()
    action = RunRoutes._trusted(entity=corp, routes=tuple(logged))
    _RUNS[key] = (result, action)
    _RUN_KEYS[id(action)] = key
    return action


def _spend(action: RunRoutes) -> None:
    """Forget ``action`` as a kept listing (:func:`_as_action`, :func:`_no_run`) once a game runs it: the game's
    history then holds that very object, and a later listing handing it out again would let a change made in
    place to the listed action (past its frozen records) rewrite the history, whose save would then replay
    otherwise (tests/test_listed_run_history.py). A later listing of the same best set builds its action anew
    (about 1% of a random 1837 game's instructions)."""
    corp = action.entity
    if _NO_RUNS.get(corp) is action:
        del _NO_RUNS[corp]
    key = _RUN_KEYS.pop(id(action), None)
    if key is not None and _RUNS.get(key, (None, None))[1] is action:
        del _RUNS[key]


_RUNS: dict[tuple[str, int], tuple[BestRoutes, RunRoutes]] = {}
_RUN_KEYS: dict[int, tuple[str, int]] = {}
"""The id of each action kept in :data:`_RUNS` → its key there (:func:`_spend`)."""
RUNS_KEPT = 1024
"""How many best sets :func:`_as_action` keeps as actions (it forgets them all when full). The router answers a
position from its memo with the same :class:`~gamekit.tracks.router.BestRoutes` object, asked again at the route
step's listing, the bots' looks and positions that route alike (three in four of a random 1837 game's)."""
