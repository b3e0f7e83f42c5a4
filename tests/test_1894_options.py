"""1894's two teaching toggles (``editions.md`` §2.3, rule ``1894:edition``), each changing a number."""

from __future__ import annotations

import json

from gamekit import new_game
from gamekit.g18xx.revenue import trains_of
from gamekit.import18xx import import_log
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.tracks.routes import route_from_log, run_routes
from gamekit.tracks.trains import phase

from .fixtures import fixtures_dir, require_fixtures

MARKET = "1894_game_end_stock_market"
LONDON_484 = 390 + 180 - 90
"""AG's routes at action 484 without the London bonus: the 5+1's best stop besides London pays 90."""


def _before(log_id: int, options: list[str]):
    require_fixtures("1894")
    data = json.loads((fixtures_dir() / "1894" / f"{MARKET}.json").read_text())
    data["settings"]["optional_rules"] = options
    report = import_log(data, stop_at=log_id)
    assert report.error is None
    return report.game, next(a for a in data["actions"] if a.get("id") == log_id)


def _run_total(game, action) -> int:
    """What the logged routes earn in ``game`` by our rules (the claimed revenues not used)."""
    board = game.state.board
    built = [route_from_log(game.track, board, r.train, r.connections) for r in action.routes]
    return run_routes(game.track, board, action.entity, built, trains_of(game, action.entity),
                      phase(game.facts, game.state.depot).tiles, rules=game.route_rules).total


def test_london_bonus_owner_takes_the_bonus_from_the_a12_station_once_ls_closed():
    """AG holds the A12 station; London shipping closed with the 6-train. By default (18xx.games) AG's London
    route keeps its bonus; with ``london_bonus=owner`` nobody owns LS, so there is none."""
    default, logged = _before(484, [])
    toggled, _ = _before(484, ["london_bonus=owner"])
    assert default.state.private_owner.get("LS") is None and toggled.state.private_owner.get("LS") is None
    action = default.action_from_log(logged, "action 484")
    assert _run_total(default, action) == 390 + 180
    assert toggled.route_rules.london_bonus == frozenset()
    assert _run_total(toggled, action) == LONDON_484


def _grey_payout_position(options: tuple[str, ...]):
    """Seed 38's random 3-player game up to the CFOR's payout from 50 (10, 4), a grey cell (found by play; seeds 6,
    14 and 20, used before, lost their grey payouts when the rules of issue 36 changed their course)."""
    game = new_game("1894", ["A", "B", "C"], seed=38, options=options)
    rng = GameRandom(38)
    for _ in range(450):
        game.process(random_action(game, rng))
    return game, random_action(game, rng)


def test_grey_extra_up_every_up_adds_a_step_to_a_rise_at_the_end_of_a_grey_row():
    default, payout = _grey_payout_position(())
    toggled, same = _grey_payout_position(("grey_extra_up=every_up",))
    assert payout == same and payout.kind == "payout" and default.state.corporations["CFOR"].price == (10, 4)
    default.process(payout)
    toggled.process(same)
    assert default.share_price("CFOR") == 55 and default.state.corporations["CFOR"].price == (9, 4)
    assert toggled.share_price("CFOR") == 60 and toggled.state.corporations["CFOR"].price == (8, 4)
