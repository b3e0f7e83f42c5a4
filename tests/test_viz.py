"""The Plotly views of 1830 (map, market, timeline): what they draw is what the game holds, and the same
position always gives the same figure. Hex facts are checked against the printed map (data/1830/map.json)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import gamekit
from gamekit import viz
from gamekit.tracks.board import placed_tile
from gamekit.viz.map18xx import hex_facts, map_figure
from gamekit.viz.market import market_figure
from gamekit.viz.timelines import timeline_data

from .fixtures import fixture_logs

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "1830" / "sample_game.json"
MID_GAME = 400
"""An action index of the sample game in its middle: tiles laid, tokens placed, several corporations priced."""


@pytest.fixture(scope="module")
def sample():
    return gamekit.load_json(SAMPLE.read_text())


@pytest.fixture(scope="module")
def mid(sample):
    return sample.at(MID_GAME)


def _trace(fig, name):
    return [t for t in fig.data if t.name == name]


def test_map_draws_every_token_with_its_abbreviation(mid):
    fig = map_figure(mid)
    on_board = Counter(corp for cities in mid.state.board.tokens.values() for slots in cities for corp in slots if corp)
    assert sum(on_board.values()) >= 8  # a real mid-game position, not an empty map
    drawn = {t.name.removesuffix(" token text"): list(t.text) for t in fig.data if t.name.endswith(" token text")}
    assert {corp: len(texts) for corp, texts in drawn.items()} == dict(on_board)
    assert all(text == [corp] * len(text) for corp, text in drawn.items())


def test_map_draws_every_laid_tile_and_all_its_track(mid):
    fig = map_figure(mid)
    board, track = mid.state.board, mid.track
    assert len(board.tiles) >= 10
    (tile_names,) = _trace(fig, "tile")
    assert sorted(tile_names.text) == sorted(track.tile_name(tid) for tid, _ in board.tiles.values())
    paths = sum(len(placed_tile(track, board, c).parts.paths) for c in track.hexes)
    (lines,) = _trace(fig, "track")
    assert list(lines.x).count(None) == paths  # one curve per path of every tile and printed hex


def test_map_is_deterministic_and_changes_with_the_position(sample, mid):
    assert map_figure(mid).to_json() == map_figure(sample.at(MID_GAME)).to_json()
    assert map_figure(mid).to_json() != map_figure(sample.at(MID_GAME + 200)).to_json()


def test_hex_facts_read_the_printed_map():
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    assert hex_facts(g, "A11").splitlines() == [
        "A11 Canadian West", "printed red hex", "off-board Canada: yellow $30, brown $50; now $30",
        "track reaches edges 0, 5"]
    assert "terrain: mountain; the first tile costs $120" in hex_facts(g, "C17")
    assert "impassable border on edge 2" in hex_facts(g, "C17")
    ny = hex_facts(g, "G19").splitlines()
    assert "first city: revenue $40, 1 token slot: reserved NYNH" in ny
    assert "second city: revenue $40, 1 token slot: empty" in ny
    assert "reserved for ERIE" in hex_facts(g, "E11")
    assert "no tile while a player owns CS" in hex_facts(g, "B20")
    (hover,) = _trace(map_figure(g), "hex facts")
    assert len(hover.hovertext) == len(g.track.hexes) == 93


def test_market_markers_sit_on_their_price_cells(mid):
    fig = market_figure(mid)
    priced = {c: cs.price for c, cs in mid.state.corporations.items() if cs.price is not None}
    assert len(priced) >= 3
    markers = {t.name: t for t in fig.data if t.name in priced}
    assert set(markers) == set(priced)
    for corp, (row, col) in priced.items():
        x, y = markers[corp].x[0], markers[corp].y[0]
        assert col - 0.5 < x < col + 0.5 and -row - 1 < y < -row  # inside the cell (row r spans y -r-1..-r)
        price = mid.market.cell((row, col)).price
        assert f"price ${price}" in markers[corp].hovertext[0]
    assert market_figure(mid).to_json() == fig.to_json()


def test_timeline_of_the_sample_game_matches_its_history(sample):
    data = timeline_data(sample)
    assert data.labels[:3] == ["Auction", "SR 1", "OR 1.1"]
    round_events = sum(e.kind == "round" for _, events in sample.history() for e in events)
    assert len(data.labels) == round_events + 1  # the auction closes at the first round event
    assert {pid: values[-1] for pid, values in data.player_values.items()} == sample.outcome.values
    final = {c: cs for c, cs in sample.state.corporations.items()}
    for corp, prices in data.share_prices.items():
        expected = sample.market.cell(final[corp].price).price if final[corp].price else None
        assert prices[-1] == expected
    paid = sum(e.data["revenue"] for _, events in sample.history() for e in events
               if e.kind in ("payout", "withhold"))
    assert sum(v or 0 for series in data.revenue.values() for v in series) == paid
    assert [text for _, text in data.marks if text.startswith("phase")] == [
        "phase 3", "phase 4", "phase 5", "phase 6", "phase D"]


def test_timeline_of_a_real_game():
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    game = gamekit.import_log(log)
    data = timeline_data(game)
    assert data.labels[-3:] == ["OR 5.3", "SR 6", "OR 6.1"]
    assert {pid: v[-1] for pid, v in data.player_values.items()} == {"330": 2212, "82": 2127, "1627": 1831, "117": 310}
    assert data.marks[-1] == (16, "game ends")
    fig = viz.timeline(game, now=300)
    assert len([t for t in fig.data if t.legendgroup == "players"]) == 4
    assert data.point_at(300) == 11 and data.labels[11] == "SR 5"


def test_map_dispatches_by_title():
    ar = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    cd = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=1)
    assert viz.map_figure(ar).layout.title.text.startswith("American Rails")
    assert viz.has_map(cd) and len(viz.map_figure(cd).data) > 0
    assert not viz.has_market(ar)
    with pytest.raises(ValueError, match="no share-market grid"):
        viz.market_figure(cd)


def test_viz_package_imports_plotly_only_when_drawing():
    code = "import sys, gamekit.viz, gamekit.widgets; print(json.dumps('plotly' in sys.modules))"
    out = subprocess.run([sys.executable, "-c", "import json; " + code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) is False


def test_rule_ids_named_by_views_widgets_and_lessons_exist():
    import re

    from gamekit.rules import rule_text

    root = Path(__file__).resolve().parent.parent
    files = [root / "gamekit" / "viz" / n for n in ("map18xx.py", "market.py", "timelines.py")]
    files += sorted((root / "gamekit" / "widgets").glob("*.py")) + sorted((root / "notebooks" / "tools").glob("make_*.py"))
    ids = {m for f in files for m in re.findall(r"`((?:1830|core):[a-z0-9.\-]*[a-z0-9])`", f.read_text())}
    assert len(ids) >= 30
    for rule_id in sorted(ids):
        assert rule_text(rule_id), rule_id


def test_spread_moves_labels_only_as_far_as_their_neighbours_push_them():
    from gamekit.viz.labels import spread

    assert spread([3, 3, 10], 2, 0, 10) == [3, 5, 10]           # a tie: the second name moves up by the gap
    assert spread([10, 9.5, 10], 2, 0, 10) == [8, 6, 10]        # pushed past the top: the names step down from it
    assert spread([1, 7], 2, 0, 10) == [1, 7]                   # far apart already: nothing moves
