"""American Rails views: the map shows every cube and house with the company id; the income views add up."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")

import gamekit  # noqa: E402
from gamekit.rng import GameRandom  # noqa: E402
from gamekit.simulate import random_action  # noqa: E402
from gamekit.viz.american_rails import income_sources_figure, income_track_figure, map_figure  # noqa: E402


@pytest.fixture(scope="module")
def game():
    g = gamekit.new_game("american-rails", list("ABCD"), seed=4)
    rng = GameRandom(9)
    for _ in range(160):
        g.process(random_action(g, rng))
    return g


def test_map_draws_every_cube_and_house(game):
    fig = map_figure(game)
    cubes = {t.name.split()[0]: len(t.x) for t in fig.data if t.name and t.name[:2] in game.state.companies}
    assert cubes == {c: len(cs.hexes) for c, cs in game.state.companies.items() if cs.hexes}
    for t in fig.data:
        if t.name and t.name[:2] in game.state.companies:
            assert set(t.text) == {t.name[:2]}  # the id is written on every cube
    (houses,) = [t for t in fig.data if t.name == "house"]
    assert len(houses.x) == len(game.state.houses) == 7
    terrain = {t.name: (len(t.x) // 8) for t in fig.data if t.name in ("plains", "forest", "mountain", "city")}
    assert sum(terrain.values()) == len(game.board.terrain)


def test_income_views_add_up_to_the_track(game):
    sources = income_sources_figure(game)
    totals: dict[str, int] = {}
    for t in sources.data:
        totals[t.y[0][:2]] = totals.get(t.y[0][:2], 0) + t.x[0]
    assert totals == {c: cs.income for c, cs in game.state.companies.items() if cs.income}
    track = income_track_figure(game)
    assert list(track.data[0].x) == [cs.income for cs in game.state.companies.values() if cs.in_play]
