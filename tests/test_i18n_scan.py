"""No English text reaches a learner untranslated from the interface and the converted engine modules: an AST scan
(``tests/i18n_scan.py``) of every string literal given to a learner-facing output — events, refusals, steps,
widget texts, figure titles, legends and hovers — that is not wrapped in the i18n functions. The scan is tested on
planted snippets, so it can fail; and the data-written texts the views show (market zones, terrains) are each in
the catalogues."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from i18n_scan import scan, scan_source  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gamekit"
SCANNED = sorted(PACKAGE.rglob("*.py"))
"""Every module of the package: the interface (widgets, charts and maps, exercises, the command line), the action
codec, the game protocol, the track rules, every title's engine modules and the Rails report reader."""
ALLOWED = frozenset({
    # a command's name (and the file it names) before its message
    "gamekit assignment: {}", "gamekit classroom: {}", "gamekit classroom: ", "gamekit simulate: ",
    "gamekit simulate: {}", "gamekit measure: ", "gamekit measure: {}", "gamekit export: {}: {}",
})
"""Literals at a sink that are not text to translate, each with its reason."""


def test_no_untranslated_text_in_the_interface_and_converted_engine():
    found = scan(SCANNED, ROOT, ALLOWED)
    assert [str(f) for f in found] == []
    # every module, the record checker and each title's engine among them
    assert len(SCANNED) > 150
    assert {PACKAGE / "model.py", PACKAGE / "titles" / "g1894" / "ferry.py", PACKAGE / "cuberails" / "cd_map.py"} \
        <= set(SCANNED)


@pytest.mark.parametrize("snippet, expected", [
    ('raise GameError(f"{corp} has no token left", rule)', "{} has no token left"),
    ('require(ok, "no sale now", rule)', "no sale now"),
    ('Event(rule, f"{p} passes", "pass")', "{} passes"),
    ('widgets.Button(description="Apply")', "Apply"),
    ('go.Scatter(x=[], name="impassable border")', "impassable border"),
    ('fig.update_layout(title="Share market")', "Share market"),
    ('def f():\n    text = "Stock round"\n    return Step(text, help, rule, who)', "Stock round"),
    ('def f():\n    return "the IPO is empty", game.rule("stock.buy")', "the IPO is empty"),
    ('widgets.HTML("<b>Seats</b>")', "<b>Seats</b>"),
    ('return Refusal("cd:map", f"{coord} is not a hex of the map")', "{} is not a hex of the map"),
    ('Event(rule, msg("{p} passes", p=p) if a else "nobody passes", "pass")', "nobody passes"),
    ('def port_refusal(port):\n    return None if port else f"port {port} is not a port"', "port {} is not a port"),
    ('def sale_refusal(g, p):\n    return f"{p} sold this turn", RULE', "{} sold this turn"),
])
def test_the_scan_finds_english_at_each_kind_of_sink(snippet, expected):
    assert [f.text for f in scan_source(snippet)] == [expected]


@pytest.mark.parametrize("snippet", [
    'raise GameError(msg("{corp} has no token left", corp=corp), rule)',
    'widgets.Button(description=_("Apply"))',
    'go.Scatter(x=[], name="hex facts", showlegend=False)',  # a hidden trace's name is not shown
    'widgets.HTML(f"<b>{html.escape(_(\'Seats\'))}</b>")',
    'Event(rule, join(", ", parts), "route")',
    'widgets.HTML("")',
    'def port_refusal(port):\n    return None if port else msg("port {port} is not a port", port=port)',
    'def sale_refusal(g, p):\n    return msg("{p} sold this turn", p=p), "1837:stock.sell"',
])
def test_the_scan_passes_translated_or_wordless_text(snippet):
    assert scan_source(snippet) == []


def test_the_data_texts_the_views_show_are_in_the_catalogues():
    """Market zone descriptions (a market cell's hover) and terrain words (a map hex's hover, American Rails'
    refusals) come from data files: each must be a catalogue id, so that the views translate it."""
    import gamekit
    from gamekit.cuberails.ar_build import TERRAIN_WORDS as AR_TERRAIN
    from gamekit.tracks import board as boards
    from gamekit.viz.map18xx import TERRAIN_WORDS
    from gamekit.viz.market import ZONE_DESCRIPTIONS

    for title in ("1830", "1837", "1894"):
        game = gamekit.new_game(title, ["Ann", "Ben", "Cy", "Di"], seed=1)
        assert set(game.facts.market_legend.values()) <= set(ZONE_DESCRIPTIONS), title
        terrains = {t for h in game.track.hexes for t in boards.placed_tile(game.track, game.state.board, h).parts.terrain}
        assert terrains and terrains <= set(TERRAIN_WORDS), title
    ar = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    assert set(ar.board.terrain.values()) == set(AR_TERRAIN)
