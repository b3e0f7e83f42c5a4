"""``router.any_route`` answers whether a corporation's trains can run at all exactly as the full search does
(``bool(find_best_routes(pos).routes)``), at every logged run of the real games (each corporation's position at
the logged run: trains that run) and at positions where no train can run: no trains, a train whose network joins
no two stops, and the same trains with every route refused by the title's hook."""

from __future__ import annotations

import dataclasses

import pytest

from gamekit.errors import GameError
from gamekit.routes import position, run_positions
from gamekit.tracks.router import any_route, find_best_routes
from gamekit.tracks.routes import RouteRules

from .fixtures import require_fixtures

LOGS = [("1830", "1830_game_end_bank"), ("1894", "green_city_upgrades"), ("1837", "1837_game_end_bank")]


def refusing(rules: RouteRules) -> RouteRules:
    """The title's hooks with every route refused (``check_route`` raises): no train can run anywhere."""

    class Refusing(type(rules)):
        def check_route(self, data, board, corporation, route, train) -> None:
            raise GameError("refused for the test", "core:test")

    if not dataclasses.is_dataclass(rules):  # 1830's hooks are the base class, with no fields
        return Refusing()
    return Refusing(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


@pytest.mark.parametrize("title,log", LOGS, ids=[t for t, _ in LOGS])
def test_any_route_agrees_with_the_full_search_at_every_logged_run(title, log):
    seen = ran = 0
    for n, logged in enumerate(run_positions(require_fixtures(title) / f"{log}.json")):  # a live replay: ask now
        if n % 3:
            continue
        pos = position(logged.game, logged.corporation)
        best = find_best_routes(pos)
        assert any_route(pos) == bool(best.routes), logged.action_id
        seen += 1
        ran += bool(best.routes)
        refused = dataclasses.replace(pos, rules=refusing(pos.rules))
        assert not any_route(refused) and not find_best_routes(refused).routes
        assert not any_route(dataclasses.replace(pos, trains={}))
    assert seen > 20 and ran > 10  # most logged runs earn something


def test_any_route_is_false_for_a_corporation_with_no_station():
    logged = next(iter(run_positions(require_fixtures("1830") / "1830_game_end_bank.json")))
    pos = position(logged.game, logged.corporation)
    stationed = {c for cities in pos.board.tokens.values() for slots in cities for c in slots}
    idle = [c for c in logged.game.corporations() if c not in stationed]
    assert idle
    lonely = dataclasses.replace(pos, corporation=idle[0])
    assert not find_best_routes(lonely).routes
    assert not any_route(lonely)
