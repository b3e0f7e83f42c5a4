"""The timeline of every title (``gamekit.viz.timeline`` and the replay player's charts): one point per round as
``gamekit.measure`` counts rounds, only the charts that mean something in the title, each value read through the
query API at its point, and the marks' labels apart from each other and from the data."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import viz
from gamekit.bots import play_seats
from gamekit.compare.measure import measure_game
from gamekit.cuberails.cd_bots import greedy_action
from gamekit.datafiles import data_json
from gamekit.simulate import play_random_game
from gamekit.viz.timelines import HEADING_PX, LABEL_GAP_PX, MIN_WIDTH_PX, PAD_PX
from gamekit.widgets import ReplayPlayer

CD_CHARTS = {"player_values": "Victory points (if the game ended then)", "player_cash": "Players' money ($)",
             "share_prices": "Lowest price of the next share ($)", "treasuries": "Treasuries ($)",
             "income": "Income ($ per game turn)"}


@pytest.fixture(scope="module")
def cd_demo():
    """The classroom demo of lesson cd_01: four greedy bots, seed 7."""
    return play_random_game("continental-divide", 4, seed=7, bot=greedy_action)


def test_continental_divide_has_a_point_per_game_turn_equal_to_its_turn_records(cd_demo):
    data = viz.timeline_data(cd_demo)
    records = cd_demo.turn_records()
    assert data.labels == [f"Turn {t}" for t in range(1, 9)] and len(records) == 8
    assert data.charts == CD_CHARTS
    players = [p.id for p in cd_demo.players]
    assert data.player_values == {pid: [r["vp"][pid] for r in records] for pid in players}
    assert data.player_cash == {pid: [r["cash"][pid] for r in records] for pid in players}
    for series, key in ((data.treasuries, "treasury"), (data.income, "income")):
        assert series == {rr: [r[key].get(rr) for r in records] for rr in cd_demo.corporations()}
    assert {pid: values[-1] for pid, values in data.player_values.items()} == cd_demo.outcome.values == {
        "P1": 22, "P2": 18, "P3": 18, "P4": 24}
    assert {rr: prices[-1] for rr, prices in data.share_prices.items()} == {
        rr: cd_demo.share_price(rr) for rr in cd_demo.corporations()}
    assert data.share_prices["ATSF"][0] == 20 and data.income["ATSF"] == [11, 34, 38, 38, 38, 38, 38, 38]
    assert data.revenue == {} and data.marks == []


def test_american_rails_has_the_opening_auctions_and_a_point_per_year():
    game = play_random_game("american-rails", 4, seed=7)
    data = viz.timeline_data(game)
    assert data.labels == ["Opening auctions", *(f"Year {year}" for year in range(1851, 1858))]
    assert list(data.charts) == ["player_values", "treasuries", "income"]  # no share price: shares are auctioned
    assert data.share_prices == {} and data.revenue == {}
    assert {pid: values[-1] for pid, values in data.player_values.items()} == game.outcome.values == {
        "P1": 25, "P2": 12, "P3": 22, "P4": 16}
    in_play = [c for c in game.corporations() if game.company_summary(c)["in_play"]]
    assert {c: data.income[c][-1] for c in in_play} == {c: game.income(c) for c in in_play}
    assert {c: data.treasuries[c][-1] for c in in_play} == {c: game.treasury(c) for c in in_play}
    assert data.income["AM"] == [None] * 5 + [4, 4, 4]  # AM comes into play in 1855
    assert data.positions == [23, 46, 75, 104, 133, 159, 180, 206] and data.positions[-1] == len(game.actions)


@pytest.mark.parametrize("title, cap", [("1830", 250), ("1837", 250), ("1894", 250),
                                        ("continental-divide", None), ("american-rails", None)])
def test_the_points_are_the_rounds_gamekit_measure_counts(title, cap):
    seats = ["random"] * 4
    game = play_seats(title, seats, seed=3, cap=cap)
    data = viz.timeline_data(game)
    assert len(data.labels) == measure_game(title, seats, 3, cap=cap or 10_000)["rounds"]
    assert data.positions[-1] == len(game.actions)
    assert all(len(values) == len(data.labels) for name in data.charts
               for values in getattr(data, name).values())


def test_the_replay_player_of_a_cube_rail_game_draws_only_its_own_charts(cd_demo):
    player = ReplayPlayer(cd_demo)
    fig = player.timeline.figure
    headings = [a.text for a in fig.layout.annotations if a.text in CD_CHARTS.values()]
    assert headings == list(CD_CHARTS.values())
    assert not any("Share prices (per 10% share)" in a.text or "Revenue" in a.text for a in fig.layout.annotations)
    assert all(len(trace.y) == 8 for trace in fig.data)
    assert fig.layout.width == MIN_WIDTH_PX and fig.layout.height == 760  # in sight whole in a notebook column
    victory = [t for t in fig.data if t.legendgroup == "players" and t.xaxis == "x"]
    assert {t.name: t.y[-1] for t in victory} == cd_demo.outcome.values
    player.slider.value = 40
    assert "round <b>Turn 4</b>" in player.status.value  # turn 4 runs from action 34 to 42
    assert [(s.x0, s.x1) for s in fig.layout.shapes if s.name == "now"] == [(3, 3)] * len(CD_CHARTS)


def test_the_marks_of_one_round_get_a_label_each_above_the_charts():
    """The sample 1830 game: the bank breaks and the game ends in its last round; each turning point has its
    own label in the strip above the first chart, at least LABEL_GAP_PX from the next in the narrowest drawing
    (MIN_WIDTH_PX), as near its line as that allows."""
    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    data = viz.timeline_data(sample)
    assert data.marks[-2:] == [(33, "bank broken"), (33, "game ends")]
    fig = viz.timeline(sample)
    marks = [a for a in fig.layout.annotations if a.text in {text for _, text in data.marks}]
    assert [a.text for a in marks] == [text for _, text in data.marks]
    assert all(a.yref == "paper" and a.y == 1 and a.yshift == HEADING_PX and a.yanchor == "bottom" for a in marks)
    per_point = (MIN_WIDTH_PX - fig.layout.margin.l - fig.layout.margin.r) / len(data.labels)
    centres = [(a.x + 0.5) * per_point for a in marks]
    lines = [point * per_point for point, _ in data.marks]  # each mark's line, at the start of its round
    assert all(b - a >= LABEL_GAP_PX - 1e-9 for a, b in zip(sorted(centres), sorted(centres)[1:])), centres
    assert max(abs(c - line) for c, line in zip(centres, lines)) <= LABEL_GAP_PX  # moved only as a neighbour needs
    assert fig.layout.width is None and fig.layout.margin.t > HEADING_PX + PAD_PX  # as wide as its output
