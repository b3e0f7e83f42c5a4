"""The classroom app (issue 17) driven through its controls without a browser, for every playable title.

Each test clicks the app's buttons and menus as a teacher would and checks what the game became: the step line,
the log, the position of a replay, the seat bots' moves (they must be exactly the random bot's moves with the
table's documented seed), the what-if fork and its Back button. ``tests/test_classroom_browser.py`` runs the
same app in Chromium.
"""

from __future__ import annotations

import argparse
import datetime
import html
import json
import os
import re
import subprocess
import sys

from collections import namedtuple
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest

import gamekit
from gamekit import cli, viz
from gamekit.errors import DataError, GameError
from gamekit.game import SAVE_FORMAT
from gamekit.rng import GameRandom
from gamekit.sentences import sentence_now, sentence_then
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.viz.labels import Placer, text_size
from gamekit.viz.market_shapes import SHAPES
from gamekit.viz.overview import axis_range
from gamekit.widgets import classroom, classroom_launch, classroom_table
from gamekit.widgets.classroom import Classroom, classroom_app, player_names, read_game
from gamekit.widgets.classroom_bots import BOTS, COMPANIES, Seats, register_bot
from gamekit.widgets.classroom_table import NO_BOT_SEAT, Table
from gamekit.widgets.parts import EventLog

from .fixtures import PROJECT_ROOT, fixture_logs

TITLES = gamekit.title_names()
MAX_TRIES = 25
"""How many legal actions :func:`map_changing_position` tries at a step before it plays on."""


def players_for(title: str) -> int:
    """Four players where the title allows it, else the nearest count it allows."""
    cls = game_class(title)
    return min(max(4, cls.min_players), cls.max_players)


def map_data(game) -> list:
    """The map figure's traces as plain data (what the browser draws)."""
    return viz.map_figure(game).to_plotly_json()["data"]


def map_changing_position(title: str, seed: int = 7, after: int = 3, cap: int = 600):
    """Play the random bot from a new game until, after at least ``after`` actions, a listed legal action
    changes the map; return ``(game, action)``. Each step name is tried at its first three visits from there
    (``MAX_TRIES`` actions each), so the search knows nothing of any title. Raises ``AssertionError`` when no
    such position comes within ``cap`` actions."""
    game = gamekit.new_game(title, player_names(players_for(title)), seed=seed)
    rng = GameRandom(seed)
    visits: dict[str, int] = {}
    while len(game.actions) < cap and not game.is_over:
        name = game.active_step.name
        visits[name] = visits.get(name, 0) + (len(game.actions) >= after)
        if 1 <= visits[name] <= 3:
            before = map_data(game)
            for action in game.legal_actions()[:MAX_TRIES]:
                fork = game.fork()
                try:
                    fork.process(action)
                except GameError:
                    continue
                if map_data(fork) != before:
                    return game, action
        game.process(random_action(game, rng))
    raise AssertionError(f"{title}: no legal action changed the map within {cap} actions")


def select(table: Table, action) -> None:
    """Select ``action`` in the table's list of legal actions, as a click on its line does."""
    labels = dict(table.choices.options)
    table.choices.value = labels[sentence_now(table.view, action)]


def log_lines(table: Table) -> list[str]:
    return [line.children[1].value for line in table.event_log.lines]


@pytest.mark.parametrize("title", TITLES)
def test_apply_undo_redo_by_clicking(title):
    app = Classroom(title, players_for(title), seed=7)
    table = app.table
    game = table.game
    first = game.legal_actions()[0]
    assert table.choices.options[0] == (sentence_now(game, first), 0) and table.choices.value == 0
    assert "(after 0 actions)" in table.step_view.value and table.undo_button.disabled
    expected = game.fork()
    said = sentence_now(expected, first)
    events = expected.process(first)
    table.apply_button.click()
    assert game.to_json() == expected.to_json()
    assert "(after 1 action)" in table.step_view.value
    assert table.step_view.value.count(expected.active_step.name) >= 1
    # the log shows the newest action first: its heading, then its events with their rule buttons
    assert table.event_log.box.children[0].value == f"<b>1: {html.escape(said)}</b>"
    assert log_lines(table)[:len(events)] == [html.escape(e.text) for e in events]
    assert [line.children[0].description for line in table.event_log.lines[:len(events)]] == [e.rule for e in events]
    table.event_log.lines[0].children[0].click()
    assert events[0].rule in table.event_log.rule_view.value
    table.undo_button.click()
    assert len(game.actions) == 0 and not table.redo_button.disabled and "(after 0 actions)" in table.step_view.value
    table.redo_button.click()
    assert game.to_json() == expected.to_json() and table.redo_button.disabled


def test_a_bid_uses_the_amount_slider_and_a_refusal_changes_nothing():
    table = Classroom("1830", 4, seed=7).table
    (ca,) = [r for r in table.game.action_ranges() if getattr(r.template, "company", None) == "CA"]
    select(table, ca.template)
    assert table.amount_box.layout.display == "flex"
    assert (table.amount.min, table.amount.max, table.amount.value) == (165, 600, 165)
    table.amount.value = 180
    assert table.amount_number.value == "180"  # the number box follows the slider
    for typed in ("10000", "164", "-5"):  # outside the range: offered as typed, refused by the auction's rule
        table.amount_number.value = typed
        # refused at once under the box, Apply disabled (a click anyway is the game's to refuse)
        assert "1830:auction.bid" in table.amount_note.value and table.apply_button.disabled
        before = table.game.to_json()
        table.apply_button.click()
        assert "Refused" in table.message.value and "1830:auction.bid" in table.message.value
        assert table.game.to_json() == before
        assert (table.amount_number.value, table.amount.value) == (typed, 180)  # the slider stays in the range
    for typed in ("46.5", "1e3", " 18 0"):  # not whole numbers: refused in one line, nothing applied
        table.amount_number.value = typed
        before = table.game.to_json()
        table.apply_button.click()
        assert table.message.value == ("<span class='gk-refused'>Refused: the price must be a whole number "
                                       f"(digits only), not {html.escape(repr(typed.strip()))}</span>")
        assert table.game.to_json() == before and table.amount.value == 180
    table.amount_number.value = " 180 "
    assert (table.amount_note.value, table.apply_button.disabled) == ("", False)
    table.apply_button.click()
    assert log_lines(table)[0] == "Ann bids $180 on CA"
    select(table, table.game.legal_actions()[0])
    assert table.amount_box.layout.display == "none"  # "Ben buys SV for $20" is not a range
    before = table.game.to_json()
    table.apply(ca.action(200))  # Ann again, but it is Ben's turn
    assert "Refused" in table.message.value and "1830:auction.order" in table.event_log.rule_view.value
    assert table.game.to_json() == before


def seat_numbers(table: Table) -> list[tuple[str, str, str]]:
    """``(seat, cash, value)`` as the seats panel shows them, one per seat."""
    return [(row.seat, row.cash.value, row.value.value) for row in table.seat_rows]


def test_the_seats_panel_labels_cash_and_value():
    """A heading row names the columns; each seat shows its cash and its value apart: Continental Divide's
    four players start with 60 cash and no shares (value 0); in 1830 Ann's 20 on SV, the cheapest private
    company, buys it at once (rule 1830:auction.buy-cheapest): 580 cash, value 600 (580 + SV's 20)."""
    table = Classroom("continental-divide", 4, seed=7).table
    heading = table.right.children[0]
    # the value column says what Continental Divide counts: victory points (stop 65)
    assert [html.unescape(re.sub("<[^>]+>", "", cell.value)) for cell in heading.children] == \
        ["seat", "cash", "points", "played by"]
    assert seat_numbers(table) == [("Ann", "60", "0"), ("Ben", "60", "0"), ("Cy", "60", "0"), ("Di", "60", "0"),
                                   (COMPANIES, "", "")]
    table = Classroom("1830", 4, seed=7).table
    select(table, table.game.legal_actions()[0])
    assert table.chosen.value == "<i>Chosen:</i> Ann buys SV for $20"
    table.apply_button.click()
    assert seat_numbers(table)[0] == ("Ann", "580", "600")


def test_a_long_seat_name_keeps_to_its_column():
    """A name of 40 characters, the longest a game takes, is cut to the seat column with "…" (the app's style)
    and shown whole on hover: it ran into the cash column before."""
    name = "Alexandra-Maria von Habsburg-Lothringen!"
    assert len(name) == 40
    table = Table(gamekit.new_game("1830", [name, "Ben", "Cy"], seed=7))
    cell = table.seat_rows[0].name.value
    assert f"title='{html.escape(name)}'" in cell and "max-width: 92px" in cell and "class='gk-seat gk-acting'" in cell
    assert re.search(r"\.gk-seat \{[^}]*overflow: hidden; text-overflow: ellipsis;", classroom.STYLE)


def test_the_chosen_action_is_shown_whole():
    """The list cuts a long sentence at its width; the line under it shows the selected one whole, and follows
    the selection."""
    table = Classroom("continental-divide", 4, seed=7).table
    actions = table.game.legal_actions()
    assert table.chosen.value == f"<i>Chosen:</i> {html.escape(actions[0].sentence())}"
    assert "at a stock value of $10" in table.chosen.value
    select(table, actions[-1])
    assert table.chosen.value == f"<i>Chosen:</i> {html.escape(actions[-1].sentence())}"


def text_sizes(fig) -> list[float]:
    """Every font size a figure writes its texts in (text traces and annotations), in pixels as drawn."""
    sizes = [t.textfont.size for t in fig.data if "text" in (t.mode or "") and t.textfont.size]
    return sizes + [a.font.size or 12 for a in fig.layout.annotations]


@pytest.mark.parametrize("title", TITLES)
def test_panels_open_on_the_part_in_play_with_projector_labels(title):
    """The map is drawn as small as its labels allow (18xx maps at 43 px hexes, the smallest on which
    Vienna's crowded stations fit their abbreviations: 1830's 956 px wide, 1894's 734 px,
    1837's 1473 px; Continental Divide's 860 px, American Rails' map and the markets at 1100 px) and shown as a window onto the part of the
    board in play, 1.4 times larger than drawn: every label reads at least 14 px
    on the projector (scrolled at full size they read 9 px), the window fits its panel and lies inside the
    board, and it holds the places in play (the window's centre is among them). Continental Divide's map opens
    on its start cities in the East, not on the empty West."""
    table = Classroom(title, players_for(title), seed=7).table
    widths = {"map": {"1830": 956, "1837": 1473, "1894": 734, "continental-divide": 860}.get(title, 1100), "market": 1100}
    places = {"map": viz.map_in_play(table.game)}
    if viz.has_market(table.game):
        places["market"] = viz.market_in_play(table.game)
    for name, panel in table.panels.items():
        assert panel.figure.layout.width == widths[name], name
        shown = panel.shown
        assert panel.scale == classroom_table.PROJECTOR_SCALE == 1.4
        assert min(text_sizes(shown)) * panel.scale >= 14, name
        assert shown.layout.width * panel.scale <= classroom_table.LEFT_WIDTH
        (x0, x1), (y0, y1) = classroom_table.plot_extent(panel.figure)
        (wx0, wx1), (wy0, wy1) = shown.layout.xaxis.range, shown.layout.yaxis.range
        assert x0 - 1e-9 <= wx0 < wx1 <= x1 + 1e-9 and y0 - 1e-9 <= wy0 < wy1 <= y1 + 1e-9, name
        inside = [(x, y) for x, y in places[name] if wx0 <= x <= wx1 and wy0 <= y <= wy1]
        assert inside or not places[name], name
        assert shown.layout.dragmode == "pan" and shown.layout.title.text is None
    assert table.panels["map"].figure.to_plotly_json()["data"] == viz.compact_map_figure(table.game).to_plotly_json()["data"]
    if "market" in table.panels:  # its rows as low as its labels allow: more than three of them in the window
        (wy0, wy1) = table.panels["market"].shown.layout.yaxis.range
        rows = (wy1 - wy0) / SHAPES[table.game.market.kind].row_height
        assert rows >= 3, rows
    if title == "continental-divide":
        (wx0, wx1) = table.panels["map"].shown.layout.xaxis.range
        (x0, x1), _ = classroom_table.plot_extent(table.panels["map"].figure)
        assert wx0 > (x0 + x1) / 2  # the East half


def test_the_window_follows_the_company_acting():
    """In an operating round the map's window opens on the stations of the corporation that operates (its
    routes start there), and moves with the next one."""
    game = gamekit.new_game("1830", player_names(4), seed=7)
    rng = GameRandom(7)
    while game.active_step.name != "Lay track" and len(game.actions) < 400:
        game.process(random_action(game, rng))
    table = Table(game)
    corp = game.current_entity
    (wx0, wx1), (wy0, wy1) = (table.panels["map"].shown.layout.xaxis.range, table.panels["map"].shown.layout.yaxis.range)
    homes = viz.map_in_play(game)
    assert homes and all(wx0 <= x <= wx1 and wy0 <= y <= wy1 for x, y in homes[:1]), corp


def test_clock_ticks_that_waited_behind_a_slow_move_are_dropped(monkeypatch):
    """The browser's clock ticks at the chosen speed whatever the kernel manages; ticks that queued behind a slow
    move (they arrive right after it ends) are dropped, so the bots play as fast as the kernel can and stop as
    soon as Bots play is released."""
    table = Classroom("continental-divide", 3, seed=7).table
    for seat in table.seats.order:
        table.seats.set(seat, "random bot")
    table.autoplay.value = True
    now = [100.0]
    monkeypatch.setattr(classroom_table.time, "monotonic", lambda: now[0])
    table.clock_tick()
    assert len(table.game.actions) == 1
    now[0] += 0.01  # a tick that waited: it arrives 10 ms after the move ended (the clock ticks every 500 ms)
    table.clock_tick()
    assert len(table.game.actions) == 1
    for _ in range(3):  # a queue of them, each 200 ms after the one before (600 ms after the move): dropped
        now[0] += 0.2
        table.clock_tick()
        assert len(table.game.actions) == 1
    now[0] += 0.3  # a tick on time
    table.clock_tick()
    assert len(table.game.actions) == 2


def test_window_centre_picks_the_crowded_places_and_stays_on_the_board():
    extent = ((0.0, 20.0), (-10.0, 0.0))
    # three places together in the east and one alone in the west: the window goes east
    assert classroom_table.window_centre([(1, -5), (15, -5), (16, -4), (17, -6)], (4, 4), extent) == (16, -5)
    # near the board's edge it is held on the board; with nothing in play it opens on the centre
    assert classroom_table.window_centre([(19.5, -0.5)], (4, 4), extent) == (18, -2)
    assert classroom_table.window_centre([], (4, 4), extent) == (10, -5)


@pytest.mark.parametrize("title", TITLES)
def test_a_figures_title_and_key_are_written_over_and_under_its_panel(title):
    """A figure's title, written in the figure, was cut at the panel's edge, and 1837's station key under the map
    by the panel's bottom margin: the title is written over the panel (wrapped, 18 px) and the key (the legend
    and what the figure writes under its plot) in a line under it that opens; the window itself writes nothing
    outside its plot."""
    table = Classroom(title, players_for(title), seed=7).table
    for name, panel in table.panels.items():
        if name == "market":  # its prices say what it is: its rows take the title's line
            assert not panel.titled and panel.heading.value == ""
        else:
            assert html.unescape(panel.heading.value).count(classroom_table.plain_title(panel.figure)) == 1
        assert "<" not in classroom_table.plain_title(panel.figure)
        assert not [a for a in panel.shown.layout.annotations if "paper" in (a.xref, a.yref)]
        key = panel.key.value
        names = [t.name for t in panel.figure.data if t.name and t.showlegend is not False]
        assert all(html.escape(n) in key for n in names), name
        assert key.startswith("<details") or not names
    if title == "1837":
        key = table.panels["map"].key.value
        assert "stations: □ coal company (its mine) ◌ minor ○ major ◉ national railway" in key
    if title == "1830":  # a long title takes two lines over the 480 px panel, and the window gives them room
        assert classroom_table.title_height("1830 — phase 2 (tiles: yellow) — after 100 actions", 480) == 48


@pytest.mark.parametrize("title", TITLES)
def test_the_whole_map_view_fits_the_whole_map_beside_the_actions(title):
    """Whole map: the map as drawn (1100 px wide, 1837's 1473 px, 1830's 956 px), is scaled as a whole to fit the body (540 px
    high less its title, the left and seats columns wide: 836 px); the seats, log and market wait hidden; the
    actions take the width left. Pressed again, the window onto the part in play is back with the three
    columns."""
    table = Classroom(title, players_for(title), seed=7).table
    panel = table.panels["map"]
    width = panel.figure.layout.width
    table.whole_button.value = True
    top = classroom_table.title_height(classroom_table.plain_title(panel.figure), 836)
    key = classroom_table.KEY_PX if classroom_table.figure_key_html(panel.figure) else 0
    height = panel.shown.layout.height
    scale = min(836 / width, (540 - top - key) / height)
    assert panel.scale == pytest.approx(scale) and panel.shown.layout.width == width
    # scaled to about half, the labels are written larger so that they still read 14 px; the ones that would
    # then overlap are left out (every hex keeps its hover text), and none of those kept meets another
    kept = written_labels(panel.shown)
    assert kept and min(size for _, _, _, size in kept) * panel.scale >= 14 - 1e-9
    assert len(kept) >= 20, len(kept)
    m, (x0, x1), (y0, y1) = panel.shown.layout.margin, axis_range(panel.shown, "x"), axis_range(panel.shown, "y")
    k = min((width - m.l - m.r) / (x1 - x0), (panel.shown.layout.height - m.t - m.b) / (y1 - y0))
    boxes = [Placer(k).box(x, y, *text_size(text, size)) for x, y, text, size in kept]
    assert not any(a.meets(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert f"scale({scale:.4f})" in panel.style.value and panel.box.layout.overflow == "hidden"
    assert table.right.layout.display == "none"
    assert all(p.box.layout.display == "none" for name, p in table.panels.items() if name != "map")
    assert table.left.layout.width == f"{round(width * scale) + 4}px" and table.middle.layout.flex == "1 1 0px"
    table.whole_button.value = False
    assert panel.scale == 1.4 and panel.box.layout.overflow == "auto"
    assert (table.left.layout.width, table.middle.layout.width, table.right.layout.display) == ("480px", "420px", None)


def written_labels(fig) -> list[tuple[float, float, str, float]]:
    """Every label a figure writes (a text trace's non-empty texts): ``(x, y, text, font px as drawn)``."""
    return [(x, y, str(text), t.textfont.size) for t in fig.data if "text" in (t.mode or "")
            and t.text is not None and not isinstance(t.text, str) for x, y, text in zip(t.x, t.y, t.text) if text]


def test_bots_play_without_a_bot_seat_says_so():
    """Bots play with a person on every seat would wait for ever: the table says so, the toggle springs back and
    nothing moves; with one bot seat the toggle stays pressed."""
    table = Classroom("1830", 4, seed=7).table
    table.autoplay.value = True
    assert table.message.value == NO_BOT_SEAT and table.autoplay.value is False and not table.clock.playing
    table.tick()
    assert len(table.game.actions) == 0
    table.seat_rows[1].menu.value = "random bot"
    table.message.value = ""
    table.autoplay.value = True
    assert table.autoplay.value is True and table.message.value == ""
    table.tick()  # Ann, a person, is to move: the bot of Ben's seat waits
    assert len(table.game.actions) == 0


@pytest.mark.parametrize("title", TITLES)
def test_bots_play_seats_with_the_random_bot(title):
    """Bots on every seat: each clock tick is one move of the random bot with the table's seed; a person's seat
    stops the bots until the person moves."""
    table = Classroom(title, players_for(title), seed=5).table
    for row in table.seat_rows:
        row.menu.value = "random bot"
    table.autoplay.value = True
    for _ in range(30):
        table.tick()
    expected = gamekit.new_game(title, player_names(players_for(title)), seed=5)
    rng = GameRandom(5 * 7919 + 17)
    for _ in range(30):
        expected.process(random_action(expected, rng))
    assert table.game.to_json() == expected.to_json()
    # a person's seat: the clock ticks, nobody moves
    seat = Seats.seat_of(table.game)
    next(row for row in table.seat_rows if row.seat == seat).menu.value = "person"
    table.tick()
    assert len(table.game.actions) == 30 and "gk-acting" in next(r for r in table.seat_rows if r.seat == seat).name.value
    table.bot_button.click()  # the teacher lets a bot make this one move
    assert len(table.game.actions) == 31
    table.autoplay.value = False
    table.tick()
    assert len(table.game.actions) == 31


def test_a_corporation_operating_is_the_companies_seat():
    game, _ = map_changing_position("1830")
    assert game.active_step.name == "Lay track"
    assert game.current_entity not in {p.id for p in game.players} and Seats.seat_of(game) == COMPANIES
    seats = Seats([p.id for p in game.players], {COMPANIES: "random bot"})
    assert seats.bot_to_move(game) is BOTS["random bot"] and seats.copy().plays == seats.plays


def test_the_bot_registry_refuses_clashes():
    with pytest.raises(ValueError, match="taken"):
        register_bot("random bot", lambda game, rng: None)
    with pytest.raises(ValueError, match="taken"):
        register_bot("person", random_action)
    register_bot("random bot", random_action)  # the same function again is no clash
    with pytest.raises(ValueError, match="no bot"):
        Seats(["Ann"], {"Ann": "genius"})
    with pytest.raises(ValueError, match="no seat"):
        Seats(["Ann"]).set("Zed", None)


@pytest.mark.parametrize("title", TITLES)
def test_replay_steps_jumps_autoplays_and_forks(title):
    record = gamekit.new_game(title, player_names(players_for(title)), seed=3)
    rng = GameRandom(11)
    for _ in range(25):
        record.process(random_action(record, rng))
    app = Classroom(title, players_for(title), seed=7)
    table = app.load(record.to_json(), "saved.json")
    assert table.replay and app.tables == [table] and app.tabs.selected_index == 0
    assert "(action 0 of 25)" in table.step_view.value
    assert f"Next in the record:</i> {html.escape(sentence_now(record.at(0), record.actions[0]))}" in table.step_view.value
    assert table.play_buttons.layout.display == "none" and table.seat_rows[0].menu.layout.display == "none"
    table.next_step.click()
    table.next_step.click()
    table.back_step.click()
    assert table.position == 1 and table.view.to_json() == record.at(1).to_json()
    table.slider.value = 20  # the jump slider
    assert table.position == 20 and "(action 20 of 25)" in table.step_view.value
    assert table.event_log.box.children[0].value == f"<b>20: {html.escape(sentence_then(record, *list(record.history())[19]))}</b>"
    table.autoplay.value = True
    for _ in range(10):
        table.tick()
    assert table.position == 25 and table.autoplay.value is False and table.next_step.disabled
    table.first_button.click()
    assert table.position == 0 and table.back_step.disabled
    # what if: fork at position 12 and play something else than the record did
    table.slider.value = 12
    table.fork_button.click()
    fork = app.table
    assert app.tabs.selected_index == 1 and not fork.replay and fork.game.actions == record.actions[:12]
    other = next(a for a in fork.game.legal_actions() if a != record.actions[12])
    select(fork, other)
    fork.apply_button.click()
    assert fork.game.actions[12] == other != record.actions[12]
    assert table.game.to_json() == record.to_json() and table.position == 12  # the record is untouched
    assert fork.back_button.layout.display != "none" and table.back_button.layout.display == "none"
    fork.back_button.click()
    assert app.tabs.selected_index == 0
    assert [app.tabs.get_title(i) for i in range(2)] == ["replay · saved.json", "what if · 1"]


def test_a_fork_of_a_game_in_play_keeps_its_own_history():
    app = Classroom("continental-divide", 3, seed=2)
    game = app.table.game
    app.table.apply_button.click()
    app.table.fork_button.click()
    fork = app.table
    fork.apply_button.click()
    assert len(game.actions) == 1 and len(fork.game.actions) == 2 and fork.game.actions[0] == game.actions[0]
    assert fork.seats.plays == app.tables[0].seats.plays and fork.seats is not app.tables[0].seats


def test_an_18xx_games_export_replays_to_its_end():
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    app = Classroom()
    table = app.load(log.read_bytes(), log.name)
    assert table.slider.max == len(table.game.actions) == 502
    table.last_button.click()
    assert table.view.is_over and "<b>Game over</b>" in table.step_view.value
    assert table.bot_button.disabled and table.fork_button.disabled
    # thousands grouped as the language groups them (stop 65)
    assert [row.value.value for row in table.seat_rows[:4]] == ["1,831", "2,127", "310", "2,212"]


def test_a_file_that_does_not_load_changes_nothing():
    app = Classroom("american-rails", 3, seed=1)
    tables = list(app.tables)
    assert app.load(b"{not json", "broken.json") is None
    assert app.message.value == ("<span class='gk-refused'>broken.json: game file: not valid JSON at line 1, column "
                                 "2: expected a field name in double quotes here, found &#x27;not json&#x27;</span>") \
        and app.tables == tables
    save = json.loads(app.table.game.to_json())
    save["actions"] = [{"type": "pass", "entity": "Nobody"}]
    assert app.load(json.dumps(save), "bad.json") is None and "action 0" in app.message.value
    app.upload.value = ({"name": "ok.json", "type": "application/json", "size": 1,
                         "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc),
                         "content": memoryview(app.table.game.to_json().encode())},)
    assert app.message.value == "" and app.table.replay and app.tabs.get_title(0) == "replay · ok.json"


@pytest.mark.parametrize("data, reason", [
    (b"[" * 50_000, "nested more than 64 levels deep"),
    (b'{"format": "\xff\xfe"}', "not UTF-8 text"),
    (b'{"seed": ' + b"7" * 5000 + b"}",
     "line 1 column 10: a whole number of 5000 digits (at most 18 are read)"),
])
def test_a_malformed_file_is_one_line_data_error_shown_by_the_app(data, reason):
    """Files built to break a plain ``json.loads``: 50,000 '[' (RecursionError), bytes that are not UTF-8, and a
    5000-digit integer (Python's int digit limit) are each one line naming the problem."""
    with pytest.raises(DataError) as err:
        read_game(data)
    assert str(err.value) == f"game file: {reason}"
    app = Classroom("american-rails", 3, seed=1)
    tables = list(app.tables)
    assert app.load(data, "bad.json") is None and app.tables == tables
    assert app.message.value == f"<span class='gk-refused'>bad.json: game file: {reason}</span>"


def test_header_sets_title_players_seed_and_query_string():
    app = classroom_app(query="title=american-rails&players=9&seed=2")
    assert app.table.game.title == "american-rails" and app.players_box.value == "5" and app.table.game.seed == 2
    app = classroom_app(query="title=1899&players=x", seed=4)  # an unknown title and a bad number are ignored
    assert app.title_menu.value == "1830" and app.players_box.value == "4" and app.table.game.seed == 4
    app.title_menu.value = "american-rails"
    app.players_box.value = "6"
    app.title_menu.value = "continental-divide"  # a new title keeps a count it plays
    assert app.players_box.value == "6"
    app.title_menu.value = "american-rails"  # and brings one it does not into its range
    assert app.players_box.value == "5"
    app.title_menu.value = "continental-divide"
    app.players_box.value, app.seed_box.value = " 3", " 11 "
    app.new_button.click()
    game = app.table.game
    assert (game.title, [p.id for p in game.players], game.seed) == ("continental-divide", ["Ann", "Ben", "Cy"], 11)
    assert app.message.value == ""
    assert list(app.table.panels) == ["map"] and player_names(8)[6:] == ["Player 7", "Player 8"]


def test_a_player_count_the_title_refuses_is_said_and_the_game_stays():
    """A typed count outside the title's range is not quietly changed: New game says the title's rule, and the
    current game stays; so does a count that is not a whole number or a billion."""
    app = Classroom("american-rails", 3, seed=1)
    table = app.table
    for typed, said in (("9", "american-rails is for 3–5 players, not 9 (rule ar:setup)"),
                        ("4.5", "the number of players must be a whole number (digits only), not '4.5'"),
                        ("1000000000", "american-rails is for 3–5 players, not 1000000000 (rule ar:setup)")):
        app.players_box.value = typed
        assert app.new_game() is None and app.tables == [table] and app.players_box.value == typed
        assert app.message.value == f"<span class='gk-refused'>New game: {html.escape(said)}</span>"


def test_a_seed_the_game_refuses_is_said_and_the_game_stays():
    """New game with a seed of 20 digits (the game takes at most 18) or one that is not a whole number says why in
    one line and keeps the current game; the URL's seed of 20 digits is ignored."""
    app = classroom_app(query="seed=99999999999999999999", seed=4)
    assert app.table.game.seed == 4 and app.seed_box.value == "4"
    table = app.table
    app.seed_box.value = "99999999999999999999"
    assert app.new_game() is None and app.tables == [table]
    assert app.message.value == ("<span class='gk-refused'>New game: the seed is a whole number of at most 18 digits "
                                 "(a save must hold it), not 99999999999999999999 (rule 1830:setup)</span>")
    app.seed_box.value = "7.5"  # a browser's number box read this as 75
    app.new_button.click()
    assert app.tables == [table]
    assert app.message.value == ("<span class='gk-refused'>New game: the seed must be a whole number (digits only), "
                                 "not &#x27;7.5&#x27;</span>")
    app.seed_box.value = "-999999999999999999"  # 18 digits: taken
    assert app.new_game().game.seed == -999999999999999999 and app.message.value == ""


def test_newest_action_first_in_the_log():
    event = namedtuple("event", "rule local_text")
    entries = [("Setup", event("r0", "s")), ("0: a", event("r1", "a1")), ("0: a", event("r2", "a2")),
               ("1: b", event("r3", "b1"))]
    log = EventLog(limit=3)
    log.show(entries)
    shown = [row.value if isinstance(row, widgets.HTML) else row.children[1].value for row in log.box.children]
    assert shown == ["<b>1: b</b>", "b1", "<b>0: a</b>", "a1", "a2"]  # newest action first, its events in order
    assert [line.children[1].value for line in log.lines] == ["b1", "a1", "a2"]  # the event rows, top to bottom


def test_the_app_notebook_is_the_one_the_command_writes(tmp_path):
    committed = nbformat.read(PROJECT_ROOT / "notebooks" / "classroom_app.ipynb", 4)
    written = nbformat.read(classroom_launch.write_app_notebook(tmp_path / "app.ipynb"), 4)
    assert [c.source for c in committed.cells] == [c.source for c in written.cells]
    assert [c.source for c in written.cells] == [src for _, src in classroom_launch.app_cells()]


def test_the_command_serves_the_app_with_voila(monkeypatch):
    calls = []

    class FakeServer:
        def __init__(self, command, env):
            template = Path(env["JUPYTER_PATH"].split(os.pathsep)[0]) / "voila" / "templates" / "gamekit"
            calls.append((command, nbformat.read(command[3], 4).cells[0].source, (template / "index.html.j2").read_text()))

        def wait(self):
            return 0

    monkeypatch.setattr(classroom_launch.subprocess, "Popen", FakeServer)
    assert classroom_launch.main(["--title", "american-rails", "--seed", "3", "--port", "9001", "--no-browser"]) == 0
    ((command, source, template),) = calls
    # a kernel whose page closed is shut down after 10 minutes (Voila keeps one per page load otherwise)
    assert command[1:3] == ["-m", "voila"] and \
        command[4:] == ["--port=9001", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--template=gamekit",
                        "--MappingKernelManager.cull_interval=60", "--MappingKernelManager.cull_idle_timeout=600",
                        "--MappingKernelManager.cull_connected=False",
                        f"--KernelManager.transport={classroom_launch.KERNEL_TRANSPORT}", "--no-browser"]
    # on Linux the kernels are reached over Unix sockets: no TCP port another process could take first
    assert classroom_launch.KERNEL_TRANSPORT == ("ipc" if sys.platform.startswith("linux") else "tcp")
    # the page template is Voila's lab page less its two stylesheets from a CDN
    assert "extends 'lab/index.html.j2'" in template and template.count("cdn.jsdelivr.net") == 2
    assert "classroom_app(title='american-rails', players=4, seed=3)" in source
    assert not Path(command[3]).exists()  # the notebook's temporary folder is gone once the server stops
    parser = argparse.ArgumentParser()
    classroom_launch.add_arguments(parser)
    assert parser.parse_args([]).port == 8866


def test_the_command_refuses_a_seed_the_game_refuses(monkeypatch, capsys):
    monkeypatch.setattr(classroom_launch.subprocess, "Popen", None)  # no server may start
    with pytest.raises(SystemExit) as exit_:  # a usage error naming --seed, in the game's words (left70)
        cli.main(["classroom", "--seed", "9" * 20, "--players", "4", "--no-browser"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        "gamekit classroom: error: argument --seed: the seed is a whole number of at most 18 digits (a save must "
        f"hold it), not {'9' * 20}")


@pytest.mark.parametrize("argv, said", [
    (["--port", "99999"], "--port must be a TCP port from 1 to 65535, not 99999"),
    (["--port", "0"], "--port must be a TCP port from 1 to 65535, not 0"),
    (["--port", "-5"], "--port must be a TCP port from 1 to 65535, not -5"),
    (["--players", "0"], "1830 is for 2–6 players, not 0 (rule 1830:setup)"),
    (["--players", "9"], "1830 is for 2–6 players, not 9 (rule 1830:setup)"),
    (["--players", "99"], "1830 is for 2–6 players, not 99 (rule 1830:setup)"),
    (["--title", "american-rails", "--players", "2"], "american-rails is for 3–5 players, not 2 (rule ar:setup)"),
])
def test_the_command_refuses_a_port_or_player_count_in_one_line(monkeypatch, capsys, argv, said):
    """A port that is no TCP port and a player count the title does not play were served anyway (Voila said it
    ran on port 99999; the app quietly clamped 99 players to 6): each is refused in one line with exit status 2,
    the players as ``gamekit simulate`` refuses them, and no server starts."""
    monkeypatch.setattr(classroom_launch.subprocess, "Popen", None)  # no server may start
    assert cli.main(["classroom", *argv, "--no-browser"]) == 2
    assert capsys.readouterr().err == f"gamekit classroom: {said}\n"
    if "--players" in argv:  # simulate refuses the same count in the same words
        title = argv[argv.index("--title") + 1] if "--title" in argv else "1830"
        assert cli.main(["simulate", title, "--players", argv[-1], "--games", "1"]) == 2
        assert capsys.readouterr().err == f"gamekit simulate: {said}\n"


def test_stopping_the_command_stops_the_server(tmp_path):
    """A SIGTERM to the command reaches the server it started (here a Python process that sleeps)."""
    import os
    import signal
    import sys
    import threading
    import time

    started = tmp_path / "started"
    code = f"import pathlib, time; pathlib.Path({str(started)!r}).touch(); time.sleep(60)"

    def stop_soon():
        while not started.exists():
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=stop_soon, daemon=True).start()
    before = signal.getsignal(signal.SIGTERM)
    t0 = time.monotonic()
    status = classroom_launch.serve([sys.executable, "-c", code])
    assert status == -signal.SIGTERM and time.monotonic() - t0 < 30  # the server was stopped, not waited for
    assert signal.getsignal(signal.SIGTERM) is before  # and this process's own handling is back


def test_the_heuristic_bot_takes_a_seat():
    from gamekit.bots import heuristic_action

    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    seats = Seats([p.id for p in game.players], {"Ann": "heuristic bot"})
    assert seats.bot_to_move(game) is heuristic_action is BOTS["heuristic bot"]


def test_the_header_names_the_title_players_and_seed_of_each_replay_loaded():
    """The header kept the first game's title and seed after a replay was loaded (stale): each load now shows the
    loaded game's own, and New game then starts a game like it."""
    app = Classroom("1830", 4, seed=7)
    records = []
    for title, players, seed in (("continental-divide", 3, 5), ("1894", 4, 11), ("continental-divide", 5, 2)):
        record = gamekit.new_game(title, player_names(players), seed=seed)
        rng = GameRandom(3)
        for _ in range(6):
            record.process(random_action(record, rng))
        records.append(record)
        app.load(record.to_json(), f"{title}-{seed}.json")
        assert (app.title_menu.value, app.players_box.value, app.seed_box.value) == (title, str(players), str(seed))
        assert app.table.game.title == title and app.table.game.seed == seed
    fresh = app.new_game()
    assert (fresh.game.title, len(fresh.game.players), fresh.game.seed) == ("continental-divide", 5, 2)
    assert fresh.game.at(0).to_json() == records[-1].at(0).to_json()


def test_an_18xx_games_export_is_named_by_its_game_id_not_as_a_seed():
    """An 18xx.games export sets the header's title and players; its number on the site names it (message
    line, tab), and the seed box keeps the seed of the next New game (it showed the site's seed as ours)."""
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    app = Classroom("continental-divide", 3, seed=2)
    table = app.load(log.read_bytes(), log.name)
    assert (app.title_menu.value, app.players_box.value) == ("1830", str(len(table.game.players)))
    assert app.seed_box.value == "2"
    assert app.message.value == "Replaying 18xx.games game 26855 (26855.json)"
    assert app.tabs.titles == ("replay · 18xx.games game 26855",)
    assert classroom.record_name(json.loads(log.read_text())) == "18xx.games game 26855"
    assert classroom.record_name({"format": SAVE_FORMAT}) is None


def test_the_examples_menu_lists_the_recorded_games_of_the_title(monkeypatch):
    """Recorded games join the header's examples menu through ``EXAMPLE_SOURCES`` (the shipped 18xx.games games
    plug in there): the menu lists the title's, is hidden for a title without any, and choosing one replays
    it and puts the menu back on its heading."""
    record = gamekit.new_game("1894", player_names(4), seed=11)
    rng = GameRandom(3)
    for _ in range(5):
        record.process(random_action(record, rng))
    saved = json.loads(record.to_json())
    source = lambda title: [classroom.ExampleGame(title, "a 1894 bot game", lambda: saved)] if title == "1894" else []
    monkeypatch.setattr(classroom, "EXAMPLE_SOURCES", [source])
    app = Classroom("1830", 4, seed=7)
    assert app.examples.layout.display == "none"
    app.title_menu.value = "1894"
    assert app.examples.layout.display is None and app.examples.label == "examples…"
    assert [label for label, _ in app.examples.options] == ["examples…", "a 1894 bot game"]
    app.examples.value = 0
    # back to its heading, shown (a value of None showed a blank menu)
    assert (app.examples.value, app.examples.label) == (classroom.HEADING, "examples…")
    assert app.table.replay and app.tabs.titles == ("replay · a 1894 bot game",)
    assert app.table.game.to_json() == record.to_json() and app.seed_box.value == "11"


def test_what_if_says_why_it_is_off_at_the_end_of_a_game():
    """At the end of a game What if is off, and its tooltip and the step line say why and what to do instead."""
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    app = Classroom("1830", 4, seed=7)
    table = app.load(log.read_bytes(), log.name)
    table.show(len(table.game.actions))
    assert table.view.is_over and table.fork_button.disabled
    assert table.fork_button.tooltip == classroom_table.GAME_OVER_FORK
    assert "What if is off: the game is over" in table.step_view.value
    table.show(len(table.game.actions) - 1)
    assert not table.fork_button.disabled and "What if is off" not in table.step_view.value


def test_the_page_loads_itself_again_when_the_app_does_not_come(tmp_path):
    """The page's own retry: the template writes a script into the page head that loads the page again when
    the app is not on it after two minutes, three times in a row at most (a hung kernel otherwise left the page
    waiting for ever)."""
    template = (classroom_launch.write_voila_template(tmp_path) / "voila" / "templates" / "gamekit" /
                "index.html.j2").read_text()
    script = classroom_launch.reload_script()
    assert "{% raw %}" + script + "{% endraw %}" in template
    assert "location.reload()" in script and "}, 120000);" in script and "tries < 3" in script
    assert ".gk-classroom" in script and "sessionStorage.removeItem(key)" in script


def test_the_toolbar_buttons_show_with_their_own_display():
    """Whole map and a fork's Back were shown as inline-flex, which put their labels at the top of the button:
    shown, their layout leaves the display to the button's own style (label centred)."""
    app = Classroom("1830", 4, seed=7)
    table = app.table
    assert table.whole_button.layout.display is None
    table.fork_button.click()
    assert app.table.back_button.layout.display is None and table.back_button.layout.display == "none"


def test_the_examples_menu_lists_the_real_games_shipped_with_gamekit():
    """The real 18xx.games games in ``data/<title>/games/`` are the examples of their title (none in a fresh clone
    is missing: they ship in the package), and each opens as the recorded game."""
    from gamekit.games import real_games
    from gamekit.widgets import classroom

    shipped = classroom.example_games("1830")
    assert [e.label for e in shipped] == [g.description for g in real_games("1830")] and len(shipped) == 2
    assert {e.read()["id"] for e in shipped} == {26855, 210011}
    assert classroom.example_games("american-rails") == []


def test_the_question_button_asks_the_room_about_the_position_shown():
    """Question (issue 34): the position on the screen becomes a question for the room, in the actions' column
    (the map and market stay on the position); Reveal answer shows the right answer with the rule it follows.
    At 1830's start the question is the lowest bid on the B&O: its face value $220 plus the $5 a bid must rise
    by (rule 1830:auction.bid), which is also the low end of the engine's range for that bid."""
    from gamekit.rules import rule_text
    from gamekit.widgets.classroom_question import question_seed

    table = Classroom("1830", 4, seed=7).table
    question = table.ask_question()
    assert question is table.question.question and question.kind == "minimum_bid" and "BO" in question.prompt
    assert question.answer_type == "number" and question.action_index == 0 == question_seed(table.game)
    bid_on_bo = [r.low for r in table.game.action_ranges() if "BO" in repr(r.template)]
    assert question.answer == 220 + 5 == min(bid_on_bo)
    assert table.middle.layout.display == "none" and table.question.shown
    assert html.escape(question.prompt) in table.question.quiz.prompt.value
    assert table.question.quiz.feedback.value == ""  # the answer waits for the teacher
    result = table.question.reveal()
    shown = html.unescape(table.question.quiz.feedback.value)
    assert result.correct and result.expected == 225 and "$225" in shown
    assert "1830:auction.bid" in question.rule_ids and "1830:auction.bid" in shown
    assert rule_text("1830:auction.bid").split("\n")[0][:40] in shown  # the rule's own text, not only its id
    assert table.question.reveal_button.disabled
    # the same position asks the same question; Back to the game shows the actions again
    assert table.ask_question() == question
    table.question.close_button.click()
    assert table.middle.layout.display is None and not table.question.shown


def test_a_question_about_a_replayed_sale_is_answered_by_the_engine():
    """In a replay stepped to a stock round with a sale to hand, the question asks where the price goes; the
    engine's answer (the sale played in a fork, the price read back) is the question's. B&O sits on the bottom
    cell of its column at $40, so the price stays at $40 (rule 1830:market.moves)."""
    game = gamekit.new_game("1830", player_names(4), seed=7)
    rng = GameRandom(7)
    for _ in range(120):
        game.process(random_action(game, rng))
    app = Classroom("1830", 4, seed=7)
    table = app.load(game.to_json(), "stock round.json")
    table.show(120)
    question = table.ask_question()
    assert question.kind == "sale_price" and question.action_index == 120
    sale = next(a for a in table.view.legal_actions() if type(a).__name__ == "SellShares" and len(a.shares) == 1)
    fork = table.view.fork()
    fork.process(sale)
    assert question.answer == fork.share_price("B&O") == table.view.share_price("B&O") == 40
    assert question.check(40).correct and not question.check(30).correct
    # stepping back closes the question: it was about a position no longer shown
    table.show(119)
    assert not table.question.shown and table.middle.layout.display is None


def test_a_position_without_a_question_says_so_and_keeps_the_actions():
    """A position no question kind fits (1830's first stock round before any sale, seed 7 after 40 actions)
    says so and what to do, and the actions stay on the screen."""
    from gamekit.widgets.classroom_question import NO_QUESTION

    game = gamekit.new_game("1830", player_names(4), seed=7)
    rng = GameRandom(7)
    for _ in range(40):
        game.process(random_action(game, rng))
    table = Table(game)
    assert table.ask_question() is None
    assert html.escape(NO_QUESTION) in table.message.value
    assert table.middle.layout.display is None and not table.question.shown


def test_load_game_opens_a_rails_report_and_says_where_it_stops():
    """Issue 31: the classroom's Load game opens a Rails-18xx game report (told by its content, whatever the file
    is called) in replay mode; a report that stops says at which line and why; one refused at its first action
    leaves the tables as they were."""
    from .test_rails import AUCTION

    app = Classroom("1830", 3, seed=1)
    table = app.load(AUCTION.encode(), "auction.txt")
    assert table is app.table and table.replay and app.tabs.get_title(0) == "replay · auction.txt"
    assert table.game.private_owner("SV") == "Stefan" and table.game.cash("Stefan") == 785
    assert app.message.value == "Replaying a Rails-18xx report (auction.txt): 17 of 17 lines, 12 figures checked"
    assert app.players_box.value == "3" and app.seed_box.value == "1"  # a report has no seed to show

    wrong = AUCTION.replace("Has,Stefan,785", "Has,Stefan,780")
    assert app.load(wrong, "wrong.report") is not None
    assert ("stopped at line 17: core:import.log: cash of Stefan: ours 785, the report&#x27;s 780"
            in app.message.value)

    tables = list(app.tables)
    refused = AUCTION.replace("PASSES,Stefan", "PASSES,Nobody")
    assert app.load(refused, "refused.report") is None and app.tables == tables
    assert app.message.value.startswith("<span class='gk-refused'>refused.report: line ")


# ----- the classroom in the learner's language (issue 35) ------------------------------------------------------
def _labels(app: Classroom) -> dict[str, object]:
    """What the app shows as text outside the game itself: the header and each table's controls and headings."""
    labels = {"header": (app.title_menu.description, app.players_box.description, app.seed_box.description,
                         app.new_button.description, app.upload.description, app.upload.tooltip,
                         app.language_menu.tooltip, app.upload_style.value),
              "tabs": app.tabs.titles}
    for i, table in enumerate(app.tables):
        labels[f"table {i}"] = (
            table.bot_button.description, table.bot_button.tooltip, table.autoplay.description,
            table.speed.description, table.fork_button.description, table.fork_button.tooltip,
            table.back_button.description, table.whole_button.description, table.question_button.description,
            table.step_rule.description, table.apply_button.description, table.undo_button.description,
            table.redo_button.description, tuple(c.value for c in table.seat_heading.children),
            tuple(row.menu.options for row in table.seat_rows), table.log_heading.value,
            table.event_log.rule_view.value, table.message.value, table.question.reveal_button.description,
            table.question.close_button.description, re.sub(r"<code>.*?</code>", "", table.step_view.value))
    return labels


def test_the_language_menu_redraws_the_header_and_every_table_in_that_language(english):
    """Chinese, then Catalan, from the header's menu: the header, the game's table and its what-if fork say what
    the catalogues say (gamekit/locale/<lang>/LC_MESSAGES/gamekit.po); English again restores every text as it
    was; no game changes and the seats keep their bots."""
    app = Classroom("continental-divide", 3, seed=1)
    table = app.table
    table.apply_button.click()
    table.apply_button.click()
    table.seat_rows[1].menu.value = "random bot"
    table.fork_button.click()
    fork = app.tables[1]
    table.choices.value = None
    table.apply_button.click()  # nothing chosen: the message line says so
    english = _labels(app)
    assert table.message.value == "Choose an action first." and app.tabs.titles[0] == "Continental Divide · seed 1"
    saves = [t.game.to_json() for t in app.tables]

    app.language_menu.value = "zh"
    assert gamekit.language() == "zh"
    assert (app.title_menu.description, app.players_box.description, app.seed_box.description,
            app.new_button.description, app.language_menu.tooltip) == ("游戏", "玩家数", "种子", "新对局", "语言")
    assert 'content: "载入对局"' in app.upload_style.value
    assert app.tabs.titles == ("Continental Divide · 种子 1", "假如 · 1")
    assert (table.bot_button.description, table.autoplay.description, table.fork_button.description,
            table.whole_button.description, table.question_button.description, table.apply_button.description,
            table.undo_button.description, table.redo_button.description, table.step_rule.description) == (
        "机器人走一步", "机器人对局", "假如", "整张地图", "提问", "执行", "撤销", "重做", "本步骤的规则")
    assert table.fork_button.tooltip == "把此局面分支到新标签页并在那里进行"
    assert [re.sub("<[^>]+>", "", c.value) for c in table.seat_heading.children] == ["座位", "现金", "胜利点", "操控者"]
    assert table.seat_rows[1].menu.label == "随机机器人" and table.seat_rows[0].menu.label == "真人"
    assert table.message.value == "请先选择一个动作。" and "<b>事件日志</b>" == table.log_heading.value
    assert "（" not in table.step_view.value and "2 个动作之后" in table.step_view.value  # the cube-rail step too:
    assert "轮到" in table.step_view.value  # its name and help come from the catalogue
    assert fork.back_button.description == "返回" and fork.back_button.tooltip == "返回此分支所来自的对局"

    app.set_language("ca")
    assert (app.new_button.description, app.seed_box.description) == ("Partida nova", "llavor")
    assert app.tabs.titles == ("Continental Divide · llavor 1", "i si… · 1")
    assert (table.bot_button.description, table.autoplay.description, table.apply_button.description,
            table.step_rule.description) == ("Jugada del bot", "Juguen els bots", "Aplica", "regla d'aquest pas")
    assert "després de 2 accions" in table.step_view.value and fork.back_button.description == "Torna"
    assert table.seat_rows[1].menu.label == "bot aleatori" and app.language_menu.value == "ca"

    app.language_menu.value = "en"
    assert _labels(app) == english
    assert [t.game.to_json() for t in app.tables] == saves and app.tables[0] is table and app.tables[1] is fork
    assert table.seats.plays[table.seats.order[1]] == "random bot"  # the seat kept its bot through the menus


def test_a_replay_and_a_rails_report_speak_the_language_chosen(english):
    """A replay's slider, its step line and the header's message; a Rails-18xx report's figures and where it
    stopped, written again in the language chosen afterwards; Question for the room in Dutch."""
    from .test_rails import AUCTION

    gamekit.set_language("es")
    app = Classroom("1830", 3, seed=1)
    table = app.load(AUCTION.encode(), "auction.txt")
    assert app.message.value == ("Reproduciendo un informe de Rails-18xx (auction.txt): 17 de 17 líneas, 12 cifras "
                                 "comprobadas")
    assert table.slider.description == "acción" and "(acción 0 de 4)" in table.step_view.value
    assert table.first_button.tooltip == "hasta el inicio" and table.autoplay.description == "Avanza solo"
    assert "Siguiente en el registro:" in table.step_view.value
    app.set_language("nl")
    assert app.message.value == "Rails-18xx-verslag wordt afgespeeld (auction.txt): 17 van 17 regels, 12 getallen gecontroleerd"
    assert app.tabs.titles == ("afspelen · auction.txt",)
    assert app.load(AUCTION.replace("Has,Stefan,785", "Has,Stefan,780"), "wrong.report") is not None
    assert "; <span class='gk-refused'>gestopt bij line 17: " in app.message.value
    app.set_language("ca")
    assert "; <span class='gk-refused'>aturat a line 17: " in app.message.value


def test_the_question_panel_speaks_the_language_chosen(english):
    """Question for the room (1830 seed 7 at its start: the position of the question test above) in Dutch, its
    buttons and heading written again in Chinese."""
    game = gamekit.new_game("1830", player_names(4), seed=7)
    gamekit.set_language("nl")
    table = Table(game)
    assert table.ask_question() is not None
    assert table.question.heading.value.startswith("<b>Vraag voor de klas</b> <span class='gk-where'>(na 0 acties)")
    assert (table.question.reveal_button.description, table.question.close_button.description) == (
        "Toon het antwoord", "Terug naar de partij")
    gamekit.set_language("zh")
    table.relabel()
    assert table.question.heading.value.startswith("<b>给全班的问题</b> <span class='gk-where'>(0 个动作之后)")
    assert table.question.reveal_button.description == "揭晓答案"


def test_a_refusal_said_in_one_language_is_said_again_in_the_next(english):
    """The header's message line (a New game refused) follows the language menu, as the table's does."""
    app = Classroom("american-rails", 3, seed=1)
    app.players_box.value = "120"
    assert app.new_game() is None
    assert app.message.value == ("<span class='gk-refused'>New game: american-rails is for 3–5 players, not 120 "
                                 "(rule ar:setup)</span>")
    app.set_language("ca")
    assert app.message.value == ("<span class='gk-refused'>Partida nova: american-rails és per a 3–5 jugadors, no 120 "
                                 "(regla ar:setup)</span>")
    table = Table(gamekit.new_game("continental-divide", player_names(3), seed=1))
    table.autoplay.value = True  # no seat is played by a bot
    assert table.message.value == ("Cap seient no el juga un bot: tria un bot al quadre de seients i després prem "
                                   "Juguen els bots.")


def test_the_language_comes_from_the_page_address_or_the_command(english, monkeypatch):
    """``?lang=ca`` opens the app in Catalan (an unknown code is ignored, like an unknown title); ``gamekit
    classroom --lang zh`` writes the language into the app notebook; without either the app notebook is the one
    committed for Binder (no language: the server's GAMEKIT_LANG, else English)."""
    app = classroom_app(query="title=continental-divide&players=3&seed=2&lang=ca")
    assert gamekit.language() == "ca" and app.language_menu.value == "ca" and app.new_button.description == "Partida nova"
    gamekit.set_language("en")
    app = classroom_app(query="title=continental-divide&players=3&lang=fr")
    assert gamekit.language() == "en" and app.new_button.description == "New game"
    assert "lang" not in classroom_launch.app_cells()[0][1]
    assert classroom_launch.app_cells(lang="zh")[0][1].endswith("classroom_app(title='1830', players=4, seed=7, "
                                                                "lang='zh')")
    parser = argparse.ArgumentParser()
    classroom_launch.add_arguments(parser)
    assert parser.parse_args(["--lang", "nl"]).lang == "nl" and parser.parse_args([]).lang is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--lang", "fr"])


def test_the_classroom_is_english_without_gamekit_lang(tmp_path):
    """A process started without GAMEKIT_LANG shows the classroom in English (the texts the other tests read)."""
    env = {k: v for k, v in os.environ.items() if k != "GAMEKIT_LANG"}
    code = ("import gamekit\nfrom gamekit.widgets.classroom_table import Table\n"
            "t = Table(gamekit.new_game('continental-divide', ['Ann', 'Ben', 'Cy'], seed=1))\n"
            "print(gamekit.language(), t.bot_button.description, t.apply_button.description, sep='|')")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "en|Bot move|Apply"
