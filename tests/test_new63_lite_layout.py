"""A widget hidden with ``display="none"`` is shown again in JupyterLite too (stop 63, the new user's pass).

JupyterLite's Pyodide kernel does not deliver a layout property set to ``None`` to the browser, so there the
classroom's Question hid the actions and showed no question, Back to the game left the actions hidden, Whole map
pressed again left the seats, log and market hidden, and a what-if tab had no Back button. Each now sends an
empty value first (``gamekit.widgets.parts.set_layout``), which clears the property in every front end; the
layout still ends with ``None``. Checked in headless Chromium on the site ``tools/build_lite.py`` builds; here
on the values each layout sends."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from gamekit.widgets.classroom import Classroom
from gamekit.widgets.parts import set_layout


def sent(layout: widgets.Layout, name: str) -> list:
    """Record every value ``layout`` sends for the property ``name`` (each change is one message)."""
    values: list = []
    layout.observe(lambda change: values.append(change["new"]), names=name)
    return values


def test_set_layout_clears_with_an_empty_value_first():
    layout = widgets.Layout(display="none", width="300px")
    display, width = sent(layout, "display"), sent(layout, "width")
    set_layout(layout, display=None, width=None)
    assert display == ["", None] and width == ["", None]
    assert layout.display is None and layout.width is None
    set_layout(layout, display="none")  # a value is sent as it is, and clearing a clear property sends nothing new
    set_layout(layout, width=None)
    assert display == ["", None, "none"] and width == ["", None]


def test_question_and_back_to_the_game_show_what_they_hid():
    table = Classroom("1830", 4, seed=7).table
    panel, middle = sent(table.question.box.layout, "display"), sent(table.middle.layout, "display")
    assert table.ask_question() is not None
    assert panel == ["", None] and middle == ["none"]
    table.question.close_button.click()
    assert panel == ["", None, "none"] and middle == ["none", "", None]


@pytest.mark.parametrize("title", ["1830", "continental-divide"])
def test_whole_map_pressed_again_shows_the_columns_again(title):
    table = Classroom(title, 4, seed=7).table
    right = sent(table.right.layout, "display")
    middle_width = sent(table.middle.layout, "width")
    table.whole_button.value = True
    table.whole_button.value = False
    assert right == ["none", "", None]
    assert middle_width[-1] == table.middle.layout.width != ""
    for name, panel in table.panels.items():
        if name != "map":
            assert panel.box.layout.display is None


def test_a_what_if_tab_shows_its_back_button_and_a_message_shows_its_box():
    app = Classroom("1830", 4, seed=7)
    box = sent(app.message_box.layout, "display")
    app.table.fork()
    fork = app.tables[-1]
    assert fork is not app.tables[0] and fork.back_button.layout.display is None
    app.load(b"[1, 2]", "list.json")  # refused: the message box shows the reason
    assert box[:2] == ["", None] and app.message_box.layout.display is None
