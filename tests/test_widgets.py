"""The explorer and the replay player, driven through their controls as a person would click them.

The main test plays the whole private auction and the first stock round of an 1830 game by selecting list
entries, moving a bid slider and clicking Apply / Undo / Redo, until the first operating round begins.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest

import gamekit
from gamekit.g18xx.state import OperatingRound, StockRound
from gamekit.widgets import Explorer, ReplayPlayer
from gamekit.widgets.parts import cell

from .fixtures import fixture_logs

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


def click_label(explorer: Explorer, wanted) -> str:
    """Select the first listed action whose label satisfies ``wanted`` and click Apply; a refused action is
    skipped for the next match, as a person would after reading the message. Returns the applied label."""
    for label, index in explorer.choices.options:
        if not wanted(label):
            continue
        before = len(explorer.game.actions)
        explorer.choices.value = index
        explorer.apply_button.click()
        if len(explorer.game.actions) == before + 1:
            return label
        assert explorer.message.value.startswith("<span"), "a click that changes nothing must say why"
    raise AssertionError(f"no acceptable action among {[o[0] for o in explorer.choices.options]}")


def log_texts(explorer: Explorer) -> list[str]:
    return [line.children[1].value for line in explorer.event_log.lines]


def test_whole_auction_and_stock_round_by_clicking():
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    assert ex.step_view.value.startswith("<b>Private auction</b> — Ann to act")
    # A bid on C&A with the slider: $165 is the minimum, the player moves it to $180 and clicks its Apply.
    (ca,) = [rc for rc in ex.range_controls if rc.range.template.company == "CA"]
    assert (ca.range.low, ca.range.high) == (165, 600)
    ca.slider.value = 180
    assert ca.number.value == "180"  # the number box follows the slider
    ca.button.click()
    assert log_texts(ex)[0] == "Ann bids $180 on CA"  # the newest action first
    assert ex.event_log.lines[0].children[0].description == "1830:auction.bid"
    ex.event_log.lines[0].children[0].click()
    assert "Bidding" in ex.event_log.rule_view.value
    # Undo and Redo buttons
    saved = ex.game.to_json()
    ex.undo_button.click()
    assert len(ex.game.actions) == 0 and not ex.redo_button.disabled
    ex.redo_button.click()
    assert ex.game.to_json() == saved and ex.redo_button.disabled
    # The rest of the auction: everyone buys the cheapest private when they can (a click on the first entry,
    # offered as a purchase: "Ben buys SV for $20").
    assert ex.choices.options[0][0] == "Ben buys SV for $20"
    clicks = 1
    while not isinstance(ex.game.state.round, StockRound):
        click_label(ex, lambda label: " bids " in label or " buys " in label or " pars " in label
                    or label.endswith("passes"))
        clicks += 1
    owners = ex.game.state.private_owner
    assert owners["CA"] == "Ann" and len(owners) == 6
    assert ex.step_view.value.startswith("<b>Stock round</b>")
    # The stock round: buy while a certificate is offered, par at $67 otherwise, then pass after 30 clicks.
    sr_clicks = 0
    while isinstance(ex.game.state.round, StockRound):
        if sr_clicks < 30:
            click_label(ex, lambda label: " buys " in label or label.endswith(" at $67") or label.endswith("passes"))
        else:
            click_label(ex, lambda label: label.endswith("passes"))
        sr_clicks += 1
    assert isinstance(ex.game.state.round, OperatingRound)
    texts = log_texts(ex)
    assert any(t.startswith("Operating round 1.1 begins (1 of 1 in this set)") for t in texts)
    floated = [c for c, cs in ex.game.state.corporations.items() if cs.floated]
    assert floated == ["PRR"] and any(t.startswith("PRR floats") for t in texts)
    # 1 slider bid, 4 purchases of the cheapest private, 1 par of B&O; 7 pars, 10 buys, then passes
    # (players with nothing left to do pass automatically)
    assert (clicks, sr_clicks) == (7, 17)
    # The map and market widgets were redrawn in place for the new position.
    assert ex.panels["map"].figure.layout.title.text.endswith(f"after {len(ex.game.actions)} actions")
    markers = {t.name for t in ex.panels["market"].figure.data if t.mode == "markers+text"}
    assert markers == {c for c, cs in ex.game.state.corporations.items() if cs.price is not None}


def test_a_refused_action_shows_its_rule_and_changes_nothing():
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    before = ex.game.to_json()
    wrong = ex.game.legal_actions()[0].replace(entity="Ben")
    ex.apply(wrong)
    assert "Refused" in ex.message.value and "1830:auction.order" in ex.message.value
    assert "1830:auction.order" in ex.event_log.rule_view.value
    assert ex.game.to_json() == before


@pytest.mark.parametrize("typed", ["46.5", "1e3", "", "12a", "1_000", "٤_٥", "9" * 41])
def test_a_typed_amount_that_is_not_a_whole_number_is_refused_and_nothing_applied(typed):
    """A browser's number box read 46.5 as 465 and 1e3 as 13; the text box's number is read by our own code, and
    text that is not a whole number is refused in one line before the game sees it."""
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    (dh,) = [rc for rc in ex.range_controls if rc.range.template.company == "DH"]
    dh.slider.value = 120
    dh.number.value = typed
    assert (dh.number.value, dh.slider.value) == (typed, 120)
    dh.button.click()
    shown = typed if len(typed) <= 24 else typed[:20] + "…"
    assert ex.message.value == ("<span style='color:#b2182b'>Refused: the price must be a whole number (digits "
                                f"only), not {html.escape(repr(shown))}</span>")
    assert len(ex.game.actions) == 0

@pytest.mark.parametrize("typed, shown, reason", [
    ("10000", "10000", "Ann can bid at most $600 (cash less other bids)"),
    ("74", "74", "the minimum bid on DH is $75"),
    ("-5", "-5", "the minimum bid on DH is $75"),
    (" +74 ", "74", "the minimum bid on DH is $75"),
])
def test_a_bid_typed_outside_its_range_is_refused_at_once_in_words(typed, shown, reason):
    """A number typed in a range's box that is no value of the range is refused as a bounded box refuses it, but
    visibly: the note under the box says so at once, with the range and the game's own reason and rule, and Apply is
    disabled (a click anyway applies nothing); nothing is clamped into the range. A value of the range clears the
    note, moves the slider and applies."""
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    (dh,) = [rc for rc in ex.range_controls if rc.range.template.company == "DH"]
    assert (dh.range.low, dh.range.high) == (75, 600) and dh.note.value == "" and not dh.button.disabled
    dh.number.value = typed
    said = (f"<span style='color:#b2182b'>Refused: {shown} is outside the range: the price is from 75 to 600; "
            f"{reason} (rule 1830:auction.bid)</span>")
    assert (dh.number.value, dh.slider.value, dh.note.value, dh.button.disabled) == (typed, 75, said, True)
    dh.button.click()
    assert ex.message.value == said and len(ex.game.actions) == 0 and dh.number.value == typed
    dh.number.value = "120"  # a number inside the range moves the slider too, and applies
    assert (dh.slider.value, dh.note.value, dh.button.disabled) == (120, "", False)
    dh.button.click()
    assert ex.message.value == "" and log_texts(ex)[0] == "Ann bids $120 on DH"


def test_explorer_needs_nothing_title_specific():
    ex = Explorer(gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=3))
    assert set(ex.panels) == {"map"}
    for _ in range(2):
        ex.choices.value = 0
        ex.apply_button.click()
    assert len(ex.game.actions) == 2 and ex.message.value == ""


def test_replay_player_keeps_views_in_sync():
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    game = gamekit.import_log(log)
    player = ReplayPlayer(game)
    assert player.slider.max == len(game.actions) == 502
    player.slider.value = 300
    assert player.panels["map"].figure.layout.title.text.endswith("after 300 actions")
    lines = [(s.x0, s.x1) for s in player.timeline.figure.layout.shapes if s.name == "now"]
    assert lines == [(11, 11)] * 4 and player.data.labels[11] == "SR 5"  # one line across each of the 4 charts
    assert "round <b>SR 5</b>" in player.status.value
    player.next_button.click()
    assert player.position == 301 and player.event_log.lines
    player.play.value = len(game.actions)  # the play button drives the slider
    assert player.slider.value == 502 and player.view.is_over


@pytest.mark.parametrize("position", [0, 400])
def test_replay_of_the_saved_sample_game(position):
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "data" / "1830" / "sample_game.json").read_text()
    player = ReplayPlayer(gamekit.load_json(text), start=position)
    assert player.view.to_json() == player.game.at(position).to_json()
    assert player.panels["market"].figure.layout.title.text == "Share market"


def test_many_ranges_sit_behind_one_picker():
    import gamekit
    from gamekit.widgets import Explorer
    from gamekit.widgets.explorer import MAX_RANGE_ROWS, RangePicker

    game = gamekit.new_game("continental-divide", ["A", "B", "C", "D"], seed=1)
    ex = Explorer(game)
    (picker,) = ex.ranges_box.children
    assert isinstance(picker, RangePicker) and len(picker.ranges) > MAX_RANGE_ROWS
    picker.dropdown.value = 5
    chosen = picker.ranges[5]
    picker.control.number.value = str(chosen.high)
    picker.control.button.click()
    assert game.actions[-1] == chosen.action(chosen.high)


def test_replay_player_steps_through_cube_rail_games():
    from gamekit.simulate import play_random_game
    from gamekit.widgets import ReplayPlayer

    for title in ("continental-divide", "american-rails"):
        game = play_random_game(title, 4, seed=7)
        player = ReplayPlayer(game)
        player.slider.value = 40
        assert player.slider.value == 40 and len(game.at(40).actions) == 40


def test_wide_figures_fit_or_scroll_inside_a_narrow_column(monkeypatch):
    """``wide_figures()`` shows a style sheet that lets a Plotly output scroll both ways in a box no taller than
    most of the window (JupyterLab cuts a wide map at a narrow column's edge otherwise) and runs the script that
    scales a figure wider than its column down to fit it; every lesson
    that draws a figure calls it in a code cell before its first figure."""
    import IPython.display

    import nbformat

    from gamekit.widgets import notebook_style, wide_figures

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    wide_figures()
    html, script = shown
    assert html.data == notebook_style.WIDE_FIGURES_CSS and script.data == notebook_style.FIT_SCRIPT
    assert ".jp-RenderedPlotly" in html.data and "overflow: auto" in html.data and "max-height: 90vh" in html.data
    # the script scales a figure drawn at a width of its own to its column's room, never below MIN_SCALE, where a
    # narrower column scrolls a figure output sideways in its row and a widget's figure inside itself at its size
    # (seen in Chromium: 1837's 1473 px map at 0.8 in the 1032 px row of a 1400 px window, the row scrolling,
    # 1830's scrolled to its right end hovers the hex under the mouse; the explorer's map at 1.0, scrolling in itself)
    assert "var MIN_SCALE = 0.8," in script.data and "plot.layout && plot.layout.width" in script.data
    assert "if (scale < MIN_SCALE) { scale = own ? MIN_SCALE : 1; }" in script.data
    assert "'scale(' + now + ')'" in script.data and "new ResizeObserver(later)" in script.data
    root = Path(__file__).resolve().parent.parent / "notebooks"
    for path in sorted(root.glob("*.ipynb")):
        if path.stem.endswith("_app"):
            continue
        code = [c.source for c in nbformat.read(path, 4).cells if c.cell_type == "code"]
        first_figure = next((i for i, src in enumerate(code) if "figure(" in src or "chart(" in src
                             or "timeline(" in src), None)
        if first_figure is not None:
            assert any("wide_figures()" in src for src in code[:first_figure + 1]), path.name


def test_replay_player_steps_through_the_real_1837_game_to_its_end():
    """Every panel of the player renders 1837: the map (with Italy gone at the first 4-train, action 715), the
    hex market, the companies by kind (the national railways priced from the start, a president once formed),
    and the log; the last position is the game's end by the broken bank."""
    log = next(p for p in fixture_logs("1837") if p.stem == "1837_game_end_bank")
    game = gamekit.import_log(log)
    player = ReplayPlayer(game)
    assert set(player.panels) == {"map", "market"} and player.slider.max == len(game.actions) == 1069
    player.slider.value = 100
    assert f"<tr>{cell('coal companies', 'th', extra=' colspan=6')}</tr>" in player.companies_view.value
    assert "minors</th>" in player.companies_view.value and "national railways</th>" in player.companies_view.value
    assert f"<tr>{cell('SD')}{cell('—')}" in player.companies_view.value  # priced from the start, not yet formed
    player.slider.value = 715
    notes = next(d for d in player.panels["map"].figure.data if d.name == "note").text
    assert "Italy: out<br>of play" in notes and player.panels["map"].figure.layout.width == 1473
    player.next_button.click()
    assert player.position == 716 and player.event_log.lines
    player.play.value = len(game.actions)
    assert player.view.is_over and player.view.outcome.reason == "bank"
    assert "Game over" in player.status.value and f"<tr>{cell('SD')}{cell('—')}" not in player.companies_view.value
    market = player.panels["market"].figure
    assert market.layout.title.text == "Share market" and any(t.mode == "markers+text" for t in market.data)


def test_explorer_plays_1837_from_the_start_packet_and_the_shipped_sample():
    from gamekit.datafiles import data_json
    from gamekit.widgets.explorer import RangePicker

    ex = Explorer(gamekit.new_game("1837", PLAYERS, seed=1))
    assert ex.step_view.value.startswith("<b>Start packet</b> — Ann to act")
    (picker,) = ex.ranges_box.children  # a bid on any of the 23 items of the start packet
    assert isinstance(picker, RangePicker) and len(picker.ranges) == 23
    picker.dropdown.value = next(i for i, r in enumerate(picker.ranges) if r.template.company == "EPP")
    picker.control.number.value = "60"
    picker.control.button.click()
    assert log_texts(ex)[0] == "Ann chooses EPP and bids 60K" and ex.message.value == ""
    sample = gamekit.load_json(data_json("1837", "sample_game.json"))
    ex = Explorer(sample.at(500))  # phase 3: seven coal companies not yet exchanged, minors and majors running
    assert all(f"{heading}</th>" in ex.companies_view.value for heading in ("coal companies", "minors", "majors"))
    before = len(ex.game.actions)
    ex.choices.value = 0
    ex.apply_button.click()
    assert len(ex.game.actions) == before + 1 and ex.message.value == ""
    assert set(ex.panels) == {"map", "market"}
    end = ReplayPlayer(sample, start=len(sample.actions))
    assert end.view.is_over and "Game over" in end.status.value


def test_a_rule_text_wraps_as_prose_not_at_the_rules_files_line_breaks():
    """The rules files wrap at 115 characters for the editor; a panel narrower than that showed ragged lines
    ("mor|e"). Paragraphs are one text, list items one line each, **bold** and `code` marked."""
    from gamekit.widgets.parts import rule_html

    shown = rule_html("1837:national.formation")
    assert "\n" not in shown
    assert ("<div style='margin:2px 0 2px 1em;text-indent:-1em'>• <b>SD</b> forms at once when the first 4-train is "
            "bought, from all five SD minors.</div>") in shown
    assert "<p style='margin:4px 0'>When a national forms, each minor&#x27;s owner receives one reserved 10% " \
        "certificate for every 100% of the minor (UG1 and UG3" in shown
    assert "(<code>1837:market.moves</code>)" in rule_html("1837:stock.sold-out")
    # a table keeps its lines
    assert "<pre style='white-space:pre;overflow-x:auto;margin:4px 0'>| coal company | mine | exchanged for a share " \
        "of |\n|---|---|---|\n| Pilsen-Priesen (EPP) | E11 | BK |" in rule_html("1837:coal.companies")


def test_the_companies_table_spaces_its_columns_and_aligns_its_numbers():
    """The headings ran together ("share pricetreasury"): every cell now has room after it, and the money columns
    are right-aligned under right-aligned headings."""
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    table = ex.companies_view.value
    assert table.startswith("<table><tr><th style='padding:1px 10px 1px 0;text-align:left'>company</th>")
    assert "<th style='padding:1px 10px 1px 0;text-align:right'>share price</th>" in table
    assert "<td style='padding:1px 10px 1px 0;text-align:right'>$0</td>" in table  # PRR's treasury
    assert table.count("<td ") == table.count("padding:1px 10px 1px 0") - table.count("<th ")
    assert "<th style='padding:1px 10px 1px 0;text-align:right'>value</th>" in ex.players_view.value


def test_the_range_rows_line_up():
    """Each row: the sentence takes the room the fixed-width slider, box and button leave, so the four auction
    rows' controls stand one under the other however long their sentences."""
    ex = Explorer(gamekit.new_game("1830", PLAYERS, seed=7))
    assert len(ex.range_controls) == 5
    for row in ex.range_controls:
        line, note = row.children  # the controls' line, and under it the note on a refused number
        label, slider, number, button = line.children
        assert (label.layout.flex, label.layout.min_width) == ("1 1 0%", "0")
        assert [(w.layout.width, w.layout.flex) for w in (slider, number, button)] == [
            ("320px", "0 0 auto"), ("90px", "0 0 auto"), ("90px", "0 0 auto")]
        assert line.layout.align_items == "center" and note is row.note and note.value == ""


def test_the_explorer_action_list_keeps_to_its_column():
    """A list box is as wide as its longest action unless told otherwise, and pushed the explorer's list past the
    notebook column: the explorer's own style lets it shrink to the column (scoped to ``gk-explorer``)."""
    from gamekit.widgets.explorer import EXPLORER_STYLE, Explorer

    ex = Explorer(gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7))
    assert "gk-explorer" in ex._dom_classes and ex.children[0].value == EXPLORER_STYLE
    assert ".gk-explorer .widget-select select { min-width: 0; max-width: 100%; }" in EXPLORER_STYLE
