"""1894's views: the map draws a split city, London with its ferries, Luxembourg and the Netherlands bonus; the
market draws the grey zone and the end cell (rules ``1894:track.city-split``, ``1894:route.ferry``,
``1894:route.luxembourg``, ``1894:market.grey``, ``1894:market.end-cell``)."""

from __future__ import annotations

from gamekit import new_game
from gamekit.import18xx import import_log
from gamekit.viz import map_figure, market_figure

from .fixtures import fixtures_dir, require_fixtures


def _trace(fig, name):
    return next(d for d in fig.data if d.name == name)


def test_fresh_map_names_london_luxembourg_and_the_netherlands_bonus():
    fig = map_figure(new_game("1894", ["A", "B", "C"], seed=1))
    names = " ".join(_trace(fig, "name").text)
    assert "London" in names and "Luxembourg" in names
    notes = set(_trace(fig, "note").text)
    assert notes == {"ferry: none yet", "4 ferries left", "= best stop", "+100 with I2/I18/A4"}


def test_real_position_shows_a_split_city_its_tokens_and_the_ferries():
    require_fixtures("1894")
    game = import_log(fixtures_dir() / "1894" / "green_city_upgrades.json").game
    fig = map_figure(game)
    tiles = set(_trace(fig, "tile").text)
    assert {"X20", "X21", "X22", "X23"} & tiles  # brown tiles of two cities, split from green ones
    split = [c for c, (tile, _) in game.state.board.tiles.items() if tile.startswith(("X19", "X2", "X1"))
             and len(game.state.board.tokens[c]) == 2]
    assert split
    assert "ferry: Nord, AG, Est, PLM" in _trace(fig, "note").text
    assert "0 ferries left" in _trace(fig, "note").text


def test_market_draws_the_grey_zone_and_the_end_cell():
    game = new_game("1894", ["A", "B", "C"], seed=1)
    fig = market_figure(game)
    grey, end = _trace(fig, "grey"), _trace(fig, "end of the game")
    assert grey.fillcolor == "#c7c7c7" and end.fillcolor == "#9ecae1"
    cells = [x for x in grey.x if x is not None]
    assert len(cells) // 5 == sum(1 for c in game.market.cells.values() if "g" in c.zones)
    assert len([x for x in end.x if x is not None]) // 5 == 1
