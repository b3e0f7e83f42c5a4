"""Classroom, Whole map: the map is scaled to about half, so its legend (10 px as drawn) read about 5 px; it is now
left out of the scaled figure and read in the key line under the panel, which is not scaled, as in the window view
(newuser68 item 3). Every text the scaled figure still writes reads at least 14 px."""

from __future__ import annotations

import html

import pytest

from gamekit.widgets import classroom_table
from gamekit.widgets.classroom import Classroom


@pytest.mark.parametrize("title,players,scale", [("continental-divide", 3, 0.6311),
                                                 ("american-rails", 4, None),
                                                 ("1830", 4, None)])
def test_the_whole_maps_legend_is_in_the_key_line(title, players, scale):
    table = Classroom(title, players, seed=2).table
    panel = table.panels["map"]
    table.whole_button.value = True
    if scale is not None:  # Continental Divide's 1100 px map in the 836 px column, 540 px high less its title
        assert panel.scale == pytest.approx(scale, abs=1e-4)
    assert panel.scale < 0.75
    names = [t.name for t in panel.figure.data if t.name and t.showlegend is not False]
    assert names and panel.shown.layout.showlegend is False
    assert all(html.escape(name) in panel.key.value for name in names)
    assert panel.key is not panel.widget and "gk-whole" not in panel.key._dom_classes  # the key is not scaled
    written = [t for t in panel.shown.data if "text" in (t.mode or "") and any(t.text or ())]
    assert written and min(t.textfont.size for t in written) * panel.scale >= 14 - 1e-9
    table.whole_button.value = False
    assert panel.shown.layout.showlegend is False and all(html.escape(n) in panel.key.value for n in names)


def test_the_drawn_figure_keeps_its_legend():
    table = Classroom("continental-divide", 3, seed=2).table
    table.whole_button.value = True
    panel = table.panels["map"]
    assert panel.figure.layout.showlegend is not False  # only the copy shown is changed
    assert "plains ($2)" in [t.name for t in panel.figure.data]
    assert classroom_table.figure_key_html(panel.figure) == panel.key.value
