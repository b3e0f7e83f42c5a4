"""One table of the classroom app: a game on one 1280×720 screen, played by people and bots or replayed.

Three columns side by side: the map and the market (where the title has one); the active step with its help and
rule, the legal actions, an amount for bids and prices, Apply / Undo / Redo; the seats (cash and value now, who
plays them) above the event log whose rule buttons open the rule's text. A toolbar over them runs the table: in play
mode a bot move, "bots play" and the speed; in replay mode back / next, a jump slider and autoplay; in both the
"what if" fork, "whole map", which shows the whole map beside the actions, and "Question", which turns the position
shown into a question for the room (:mod:`.classroom_question`). Everything is read from the public game
protocol, so every title plays here unchanged.
"""

from __future__ import annotations

import html
import itertools
import math
import re
import time
from typing import Any, Callable

import ipywidgets as widgets
import plotly.graph_objects as go
from IPython.display import clear_output

from .. import viz
from ..errors import GameError
from ..i18n import N_, Message, _, localize, msg, nmsg, number_text
from ..rng import GameRandom
from ..sentences import sentence_now
from ..viz.hexes import hex_center
from ..viz.labels import text_size
from ..viz.overview import readable_labels
from .classroom_bots import BOTS, COMPANIES, PERSON, Seats
from .classroom_question import MARK_FONT_PX, QuestionPanel, marked, no_question_html
from .parts import (EventLog, amount_box, amount_controls, entity_name, field_label, history_entries, last_value,
                    range_refusal, refused_note, set_layout, typed_action, typed_whole)

# Pixel sizes of the 1280×720 projector layout (the toolbar and tab bar sit above the body).
BODY_HEIGHT = 540
LEFT_WIDTH = 480
MIDDLE_WIDTH = 420
RIGHT_WIDTH = 350
MARKET_HEIGHT = 220
WHOLE_WIDTH = LEFT_WIDTH + RIGHT_WIDTH + 6
"""Width of the left column in the whole-map view, which takes the seats column's place (and its gap)."""
LOG_EVENTS = 30
"""How many recent events the table's log shows (newest action first)."""

NO_BOT_SEAT = N_("No seat is played by a bot: choose a bot in the seats panel, then press Bots play.")
"""What the table says when Bots play is pressed while people play every seat (English; shown translated)."""

FORK_TIP = N_("fork this position into a new tab and play it there")
GAME_OVER_FORK = N_("What if is off: the game is over, so there is no move to play differently. Step back "
                    "(◀, or Undo) to a position before the end and fork that one.")
"""Why What if is off at the end of a game (its tooltip, and a line of the step; English, shown translated)."""

SPEEDS = (1, 2, 3, 5, 8)
"""Autoplay speeds offered, in moves per second."""


FIGURE_WIDTH = 1100
"""Width in pixels the figures are drawn at: the width :mod:`gamekit.viz` places its labels for (city names,
market prices). Drawn narrower, the labels keep their size while the board shrinks, so they pile up."""
PROJECTOR_SCALE = 1.4
"""How many times larger than drawn a panel shows its figure: the 10 px labels of :mod:`gamekit.viz` read 14 px
on a 1280×720 projector (drawn at 1100 px and scrolled, they read 9 px)."""
MIN_LABEL_PX = 14
"""The smallest a figure's label may read on the projector (the window's labels: 10 px × :data:`PROJECTOR_SCALE`;
the whole map's: :func:`gamekit.viz.overview.readable_labels`)."""
TITLE_FONT_PX, TITLE_LINE_PX = 18, 24
"""A figure's title, written over its panel (in the figure, a long title was cut at the panel's edge)."""
BOLD_EM = 1.3
"""How much wider the title's bold 18 px text runs than :func:`gamekit.viz.labels.text_size` estimates (measured
in Chromium: "1830 — phase 2 (tiles: yellow) — after 0" is 405 px, estimated 317 px)."""
KEY_PX = 30
"""Height of the line under a panel that opens the figure's key (its legend and the key under its plot)."""
WINDOW_PAD_PX = 1
PANEL_GAPS_PX = 18
"""Room the panel's four widgets take round themselves (ipywidgets' margins), so that it holds them unscrolled."""


_PANEL_IDS = itertools.count()


def native(draw: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Wrap a figure function ``game -> go.Figure`` so its figure is as wide as it sets itself (the width its
    labels were placed for), else :data:`FIGURE_WIDTH` pixels, at the height it sets itself with thin margins.
    A figure that writes under its plot area (the station key of 1837's map) keeps its own bottom margin for
    it."""

    def draw_native(game: Any):
        fig = draw(game)
        below = any(a.yref == "paper" and (a.y or 0) < 0 for a in fig.layout.annotations)
        bottom = fig.layout.margin.b if below and fig.layout.margin.b is not None else 4
        fig.update_layout(width=fig.layout.width or FIGURE_WIDTH, autosize=False, margin=dict(l=4, r=4, t=34, b=bottom))
        return fig

    return draw_native


def plain_title(fig: Any) -> str:
    """The figure's title as plain text: Plotly's line breaks become " · ", its tags go."""
    text = fig.layout.title.text or ""
    return re.sub(r"<[^>]+>", "", text.replace("<br>", " · ")).strip()


def title_height(title: str, width: int) -> int:
    """Pixels the title line(s) take over a panel ``width`` pixels wide (the text wraps; none: 0)."""
    if not title:
        return 0
    return TITLE_LINE_PX * max(1, math.ceil(BOLD_EM * text_size(title, TITLE_FONT_PX)[0] / (width - 8)))


def plot_extent(fig: Any) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ``(x_range, y_range)`` a figure shows: its axes' ranges, or where it sets none (the share market), the
    extent of its traces' points."""
    ranges = []
    for axis, key in ((fig.layout.xaxis, "x"), (fig.layout.yaxis, "y")):
        if axis.range is not None:
            ranges.append(tuple(axis.range))
            continue
        values = [v for trace in fig.data for v in (getattr(trace, key, None) or ()) if v is not None]
        ranges.append((min(values), max(values)))
    return ranges[0], ranges[1]


def window_centre(places: list[tuple[float, float]], span: tuple[float, float],
                  extent: tuple[tuple[float, float], tuple[float, float]]) -> tuple[float, float]:
    """The centre of a window ``span`` plot units wide and high onto a figure showing ``extent``: round the
    places of ``places`` that most others lie near (the first of equals), the window held inside the extent;
    the extent's centre when ``places`` is empty."""
    (x0, x1), (y0, y1) = extent
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if places:
        def near(p: tuple[float, float]) -> list[tuple[float, float]]:
            return [q for q in places if abs(q[0] - p[0]) <= span[0] / 2 and abs(q[1] - p[1]) <= span[1] / 2]

        group = max((near(p) for p in places), key=len)
        cx, cy = sum(x for x, _ in group) / len(group), sum(y for _, y in group) / len(group)

    def inside(c: float, low: float, high: float, half: float) -> float:
        return (low + high) / 2 if 2 * half >= high - low else min(max(c, low + half), high - half)

    return inside(cx, x0, x1, span[0] / 2), inside(cy, y0, y1, span[1] / 2)


def window(fig: Any, places: list[tuple[float, float]], width: int, height: int, scale: float) -> Any:
    """``fig`` (as :func:`native` draws it) turned into a window ``width`` × ``height`` screen pixels onto the part
    of it round ``places`` (plot units, see :func:`window_centre`), at the pixels per plot unit it was drawn at,
    for showing ``scale`` times larger (its labels' size times ``scale`` on screen). The title, the legend and
    anything written outside the plot area are left to the panel (:func:`figure_key_html`); dragging pans the
    window over the rest of the figure."""
    m = fig.layout.margin
    (x0, x1), (y0, y1) = extent = plot_extent(fig)
    kx = (fig.layout.width - m.l - m.r) / (x1 - x0)
    ky = (fig.layout.height - m.t - m.b) / (y1 - y0)
    if fig.layout.yaxis.scaleanchor == "x":
        kx = ky = min(kx, ky)
    w, h = width / scale, height / scale
    span = ((w - 2 * WINDOW_PAD_PX) / kx, (h - 2 * WINDOW_PAD_PX) / ky)
    cx, cy = window_centre(places, span, extent)
    out = go.Figure(fig)
    out.update_layout(
        width=round(w), height=round(h), title=None, showlegend=False, dragmode="pan",
        margin=dict(l=WINDOW_PAD_PX, r=WINDOW_PAD_PX, t=WINDOW_PAD_PX, b=WINDOW_PAD_PX, autoexpand=False),
        xaxis_range=[cx - span[0] / 2, cx + span[0] / 2], yaxis_range=[cy - span[1] / 2, cy + span[1] / 2])
    # assigned, not updated: an update merges a list of annotations into the old one item by item
    out.layout.annotations = [a for a in fig.layout.annotations if "paper" not in (a.xref, a.yref)]
    out.layout.shapes = [s for s in fig.layout.shapes if "paper" not in (s.xref, s.yref)]
    return out


def _swatch(trace: Any) -> str:
    """The colour a legend entry shows for ``trace``: its fill, else its marker's, else its line's."""
    marker = getattr(trace, "marker", None)
    colour = (getattr(trace, "fillcolor", None) or (marker.color if marker is not None and isinstance(marker.color, str)
                                                     else None) or getattr(getattr(trace, "line", None), "color", None))
    return colour or "#888888"


def _glyph(shape: Any) -> str:
    """A shape drawn under a plot (1837's station key) as one character: a square, a dotted, thick or thin ring."""
    if shape.type == "rect":
        return "□"
    if shape.line.dash == "dot":
        return "◌"
    return "◉" if (shape.line.width or 1) >= 3 else "○"


def figure_key_html(fig: Any) -> str:
    """What a figure says besides its plot, as a line that opens (HTML ``details``): each legend entry (a trace
    with a name shown in the legend) with its colour, and the key written under the plot area (1837's station
    shapes), in order; empty when there is none."""
    entries = [f"<span style='color:{_swatch(t)}'>■</span>&nbsp;{html.escape(t.name)}" for t in fig.data
               if t.name and t.showlegend is not False]
    below = [(a.x, html.escape(a.text)) for a in fig.layout.annotations if a.yref == "paper" and (a.y or 0) < 0]
    below += [(s.x0, _glyph(s)) for s in fig.layout.shapes if s.yref == "paper" and (s.y0 or 0) < 0]
    key = " ".join(text for _, text in sorted(below, key=lambda pair: pair[0]))
    items = ([key] if key else []) + entries
    if not items:
        return ""
    # Babel reads no call inside an f-string: each text is looked up outside one
    summary = html.escape(_("key"))
    return (f"<details class='gk-key'><summary>{summary}</summary>" + "".join(f"<div>{item}</div>" for item in items)
            + "</details>")


class FigureView:
    """A figure in a panel of ``width`` × ``height`` pixels: a title over it (wrapped), the figure, and the line
    that opens its key (:func:`figure_key_html`). The figure is a window onto the part of the map or market in
    play (:func:`window`: ``places(game)`` says where), shown :data:`PROJECTOR_SCALE` times larger than drawn so
    that its labels read 14 px; drag it to pan. :meth:`whole` shows the whole figure scaled to fit instead.

    Drawn through Plotly's own renderer (mime type ``application/vnd.plotly.v1+json``) in an ``Output`` widget,
    not a ``go.FigureWidget``: each FigureWidget sends the 5 MB plotly.js bundle to the browser, and a table
    opened by a click (new game, replay, what if) would send it again per figure; and a FigureWidget changed
    before its view exists breaks in the browser. Here a redraw costs the figure's JSON only.

    Args:
        draw: function ``game -> go.Figure`` (see :func:`native`).
        game: the position to draw first.
        width, height: the panel's size in pixels.
        places: function ``game -> [(x, y)]`` in the figure's plot units (``gamekit.viz.map_in_play``);
            ``None``: the window opens on the figure's centre.
        titled: write the figure's title over the panel (the share market's "Share market" goes without: its
            prices say what it is, and its rows take the line).

    Attributes:
        box: the panel (a ``VBox`` of ``heading``, ``style``, ``widget`` and ``key``); widget: the ``Output``
        (CSS class ``gk-figure``); figure: the last ``go.Figure`` drawn, whole; shown: the figure on screen (the
        window, or the whole figure); heading: the title's ``HTML``; key: the key's ``HTML``; style: CSS of the
        view; scale: the scale the figure is shown at; marks: the hexes outlined on it (:meth:`mark`).
    """

    def __init__(self, draw: Callable[[Any], Any], game: Any, width: int, height: int,
                 places: Callable[[Any], list[tuple[float, float]]] | None = None, titled: bool = True):
        self.draw = draw
        self.titled = titled
        self.places = places or (lambda _: [])
        self.size = (width, height)
        self.fit: tuple[int, int] | None = None
        self.marks: list[str] = []
        self.widget = widgets.Output(layout=widgets.Layout(overflow="hidden", flex="0 0 auto"))
        self.widget.add_class("gk-figure")
        self.css_id = f"gk-figure-{next(_PANEL_IDS)}"
        self.widget.add_class(self.css_id)
        self.heading = widgets.HTML(layout=widgets.Layout(width=f"{width}px", flex="0 0 auto"))
        self.heading.add_class("gk-figure-title")
        self.key = widgets.HTML(layout=widgets.Layout(width=f"{width}px", flex="0 0 auto"))
        self.style = widgets.HTML(layout=widgets.Layout(height="0px", overflow="hidden"))
        self.box = widgets.VBox([self.heading, self.style, self.widget, self.key],
                                layout=widgets.Layout(width=f"{width}px", height=f"{height}px", overflow="auto",
                                                      flex="0 0 auto"))
        self.box.add_class("gk-panel")  # it scrolls only when its key is opened
        self.scale = PROJECTOR_SCALE
        self.show(game)

    def scale_to_fit(self, width: int, height: int) -> float:
        """The factor that fits the whole figure (as drawn: :attr:`drawn_width` wide) into ``width`` ×
        ``height`` pixels, at most 1."""
        drawn_height = self.figure.layout.height or FIGURE_WIDTH
        return min(1.0, width / self.drawn_width, height / drawn_height)

    @property
    def drawn_width(self) -> int:
        """The width the whole figure is drawn at, in pixels (:func:`native`: at least :data:`FIGURE_WIDTH`)."""
        return self.figure.layout.width or FIGURE_WIDTH

    def whole(self, width: int | None, height: int | None) -> float:
        """Show the whole figure scaled to fit ``width`` × ``height`` (CSS class ``gk-whole``), or with ``None``
        the window onto the part in play at :data:`PROJECTOR_SCALE`; return the scale shown. Scaling the drawn
        figure keeps every label where it was placed, in proportion, so no two collide; its labels are drawn to
        read 14 px scaled (:func:`gamekit.viz.overview.readable_labels`), and its legend, as in the window, is in
        the key line under the panel, which is not scaled."""
        self.fit = None if width is None or height is None else (width, height)
        self.render()
        return self.scale

    def mark(self, hexes: list[str]) -> None:
        """Outline and label ``hexes`` (names of a map's hexes) on the figure shown, as the question's window shows
        them (:func:`~.classroom_question.marked`), the window opening round them, until they are marked again:
        ``[]`` drops the outlines and the window follows the play again. Shown at once where they change; they
        stay on the figure through :meth:`show` and :meth:`whole`."""
        if list(hexes) != self.marks:
            self.marks = list(hexes)
            self.render()

    def show(self, game: Any) -> None:
        """Draw ``game``'s position in place of the last figure (the window follows the play)."""
        self.prepare(game)
        self.render()

    def prepare(self, game: Any) -> None:
        """Draw ``game``'s position without showing it yet (:meth:`render` shows it): a table computes every
        view first and then changes the screen at once."""
        self.figure = self.draw(game)
        self.spots = self.places(game)

    def render(self) -> None:
        """Show the figure drawn by :meth:`prepare`: the window onto the part in play, or (:meth:`whole`) the
        whole figure scaled to fit."""
        width, height = self.size
        title = plain_title(self.figure) if self.titled else ""
        if self.fit is None:
            top = title_height(title, width)
            key = figure_key_html(self.figure)
            fig_height = height - top - (KEY_PX if key else 0) - PANEL_GAPS_PX
            self.scale = PROJECTOR_SCALE
            spots = [hex_center(name) for name in self.marks] or self.spots
            shown = window(self._marked(MARK_FONT_PX), spots, width - 2, fig_height, self.scale)
            self.box.layout.overflow = "auto"
            self.widget.remove_class("gk-whole")
        else:
            key = figure_key_html(self.figure)  # the stations' colours name their companies here
            shown = go.Figure(self.figure)  # a copy: the figure stays as drawn
            # the legend is in the key line, read at its size: in the scaled figure its 10 px would read 5 px
            shown.update_layout(title=None, margin_t=4, showlegend=False)
            self.scale = min(1.0, self.fit[0] / self.drawn_width, (self.fit[1] - title_height(title, self.fit[0])
                                                                   - (KEY_PX if key else 0)) / shown.layout.height)
            # scaled down, the 10 px labels read 4-7 px: the ones that read 14 px where they are drawn larger
            shown = readable_labels(shown, self.scale, MIN_LABEL_PX)
            # the outlined hexes' labels over the names, read at the window's size (17 px) scaled as they are
            shown = marked(shown, self.marks, math.ceil(MARK_FONT_PX * PROJECTOR_SCALE / self.scale))
            # what the figure writes under its plot (1837's station key) is in the key line under the panel
            shown.layout.annotations = [a for a in shown.layout.annotations if "paper" not in (a.xref, a.yref)]
            shown.layout.shapes = [s for s in shown.layout.shapes if "paper" not in (s.xref, s.yref)]
            self.box.layout.overflow = "hidden"
            self.widget.add_class("gk-whole")
        self.shown = shown
        w, h = shown.layout.width, shown.layout.height
        shown_width = round(w * self.scale)
        self.heading.layout.width = self.key.layout.width = self.box.layout.width = \
            f"{width if self.fit is None else shown_width}px"
        set_layout(self.box.layout, height=f"{height}px" if self.fit is None else None)
        # the output holds the figure at its drawn size (Plotly's renderer fits a figure to its box) and is shown
        # scaled from its top left corner; its margins give the panel the scaled size. A rule for this panel alone.
        self.widget.layout.width, self.widget.layout.height = f"{w}px", f"{h}px"
        self.style.value = (f"<style>.{self.css_id} {{ transform: scale({self.scale:.4f}); transform-origin: 0 0; "
                            f"margin: 0 {(self.scale - 1) * w:.1f}px {(self.scale - 1) * h:.1f}px 0; }}</style>")
        with self.widget:
            clear_output(wait=True)
            shown.show(renderer="plotly_mimetype", config={"displaylogo": False})
        # the title after the figure: it never names a position the panel does not show yet
        self.key.value = key
        self.heading.value = f"<div class='gk-figure-title'>{html.escape(title)}</div>" if title else ""

    def _marked(self, font_px: int) -> Any:
        """The figure drawn, its :attr:`marks` outlined and labelled at ``font_px`` (the figure itself when none)."""
        return marked(self.figure, self.marks, font_px) if self.marks else self.figure


def table_panels(game: Any) -> dict[str, FigureView]:
    """Return the left column's figure panels: ``"map"`` (every title with a map view) above ``"market"``
    (titles with a share market); without a market the map takes the whole column. Each opens on the part of
    the board in play (:func:`gamekit.viz.map_in_play`, :func:`gamekit.viz.market_in_play`)."""
    panels: dict[str, FigureView] = {}
    market = viz.has_market(game)
    if viz.has_map(game):
        height = BODY_HEIGHT - MARKET_HEIGHT if market else BODY_HEIGHT
        panels["map"] = FigureView(native(viz.compact_map_figure), game, LEFT_WIDTH, height, viz.map_in_play)
    if market:
        panels["market"] = FigureView(native(viz.compact_market_figure), game, LEFT_WIDTH, MARKET_HEIGHT,
                                      viz.market_in_play, titled=False)
    return panels


CHOICES_PX = 176
"""Height of the list of legal actions (about six one-line actions; it scrolls)."""
CHOICES_MIN_PX = 84
"""The least height of the list of legal actions, where the column is short (a long step or message): three
one-line actions, or a wrapped one and a half."""
STEP_MIN_PX = 96
"""The least height of the step's text: four lines (its name and help; it scrolls past that)."""
STEP_MAX_PX = 140
"""The most height of the step's text while there are actions to list below it (six lines; past that it scrolls,
with a drawn scroll bar and a shadow where more text waits); with none (the game is over) it shows whole."""


SEAT_COLUMNS = ((N_("seat"), "92px"), (N_("cash"), "66px"), (N_("value"), "76px"), (N_("played by"), "98px"))
"""The seats panel's columns: heading (English, shown translated) and width (they add up to the right column with
the gaps; the numbers' columns fit the bold headings "diners", "waarde"; a heading of two words may take two
lines, "jugado por"). The value column is headed by what the title counts (:func:`label_seat_header`)."""


def seat_header(value_word: str = SEAT_COLUMNS[2][0]) -> widgets.HBox:
    """The seats panel's heading row, so the two numbers of a seat say which is its cash and which its value
    (in the current language; :func:`label_seat_header` writes it again in another); ``value_word`` heads the
    value column (the title's :meth:`~gamekit.query.Queries.value_word`, a msgid)."""
    header = widgets.HBox([widgets.HTML(layout=widgets.Layout(width=width)) for _name, width in SEAT_COLUMNS])
    label_seat_header(header, value_word)
    return header


def label_seat_header(header: widgets.HBox, value_word: str = SEAT_COLUMNS[2][0]) -> None:
    """Write the headings of a :func:`seat_header` row in the current language, the value column headed by
    ``value_word`` (what the title counts: "value", Continental Divide's "points")."""
    # a heading wraps between its words ("jugado por" is wider than its menu column); a word wider than its
    # column is cut with "…" (its title shows it whole)
    names = [name for name, _width in SEAT_COLUMNS]
    names[2] = value_word
    for cell, name, (_name, width) in zip(header.children, names, SEAT_COLUMNS):
        text = html.escape(_(name))
        cell.value = (f"<b style='display: block; max-width: {width}; overflow: hidden; text-overflow: ellipsis' "
                      f"title='{text}'>{text}</b>")


def seat_name_width(seat: str) -> str:
    """The width of a seat's name in the seats panel: the seat column's, or for the companies seat (which has no
    cash or value) the seat, cash and value columns' together."""
    if seat != COMPANIES:
        return SEAT_COLUMNS[0][1]
    return f"{sum(int(width.removesuffix('px')) for _name, width in SEAT_COLUMNS[:3])}px"


class SeatRow:
    """One row of the seats panel: the seat's name, its cash and value now (``game.cash``,
    ``game.player_value``; empty for the companies seat) and who plays it (a menu of person / bots)."""

    def __init__(self, seat: str, label: str, seats: Seats):
        self.seat = seat
        widths = [width for _, width in SEAT_COLUMNS]
        # the companies seat has no cash or value: its name takes their columns too ("companyies" outgrew one)
        alone = seat == COMPANIES
        self.name = widgets.HTML(html.escape(label), layout=widgets.Layout(width=seat_name_width(seat)))
        self.cash = widgets.HTML(layout=widgets.Layout(width=widths[1], display="none" if alone else None))
        self.value = widgets.HTML(layout=widgets.Layout(width=widths[2], display="none" if alone else None))
        # a Dropdown shows no label for the value None, so a person is the entry PERSON here
        self.menu = widgets.Dropdown(options=self._entries(), value=seats.plays[seat] or PERSON,
                                     layout=widgets.Layout(width=widths[3]))
        self.menu.observe(lambda change: seats.set(seat, None if change["new"] == PERSON else change["new"]),
                          names="value")
        self.box = widgets.HBox([self.name, self.cash, self.value, self.menu])

    @staticmethod
    def _entries() -> list[tuple[str, str]]:
        """The menu's ``(label, value)`` entries: person and the bots, labelled in the current language."""
        return [(_(name), name) for name in (PERSON, *BOTS)]

    def relabel(self) -> None:
        """Label the menu's entries in the current language; who plays the seat stays as it was."""
        chosen = self.menu.value
        self.menu.options = self._entries()
        self.menu.value = chosen


class Table(widgets.VBox):
    """A game on one screen, in play mode (people and bots apply actions) or replay mode (step through a record).

    Args:
        game: in play mode the game played (this object changes); in replay mode the record, which never
            changes — the table shows ``game.at(position)``.
        replay: replay mode when true.
        seats: who plays each seat (play mode); default everyone a person.
        title: the tab title of the table.

    Attributes:
        game, replay, seats, position (replay: actions before the position shown; play: ``len(game.actions)``),
        view: the game shown (``game`` in play mode, ``game.at(position)`` in replay mode).
        toolbar widgets: ``bot_button`` (one bot move), ``autoplay`` (toggle: bots play / replay plays),
            ``speed`` (moves per second), ``fork_button`` ("What if"), ``back_button`` (forks only: to the
            parent), ``whole_button`` (toggle: the whole-map view, :meth:`show_whole_map`), ``question_button``
            (:meth:`ask_question`), ``first_button``, ``back_step``, ``slider``, ``next_step``, ``last_button``
            (replay).
        question: the :class:`~.classroom_question.QuestionPanel` that takes the actions' column while a
            question is open.
        step_view, step_rule: the active step and the button opening its rule.
        choices: the legal actions (values are indexes in ``view.legal_actions()``); chosen: the selected
            action's whole sentence (the list cuts long ones); amount (a slider), amount_number (a text box: the
            value offered, typed or set by the slider) in amount_box, shown when the selected action has a range;
            amount_note under it (:meth:`_judge_amount`, hidden while empty); apply_button, undo_button,
            redo_button in ``play_buttons`` (hidden in replay mode); message: the last refusal or note.
        seat_rows: one :class:`SeatRow` per seat (under a :func:`seat_header`); panels: ``"map"``/``"market"`` :class:`FigureView`;
            event_log: the :class:`~gamekit.widgets.parts.EventLog` (rule buttons; ``rule_view`` shows a rule).
        on_fork: ``callback(table, game)`` the app sets to open a what-if table; on_back: ``callback(table)``.
    """

    def __init__(self, game: Any, *, replay: bool = False, seats: Seats | None = None, title: str = "Game"):
        self.game = game
        self.replay = replay
        self.title = title
        self.seats = seats or Seats([p.id for p in game.players])
        self.position = 0 if replay else len(game.actions)
        self.view = game.at(0) if replay else game
        self.rng = GameRandom(game.seed * 7919 + 17)  # the bots' draws: seeded as gamekit.simulate seeds its bot
        self.on_fork: Callable[[Table, Any], None] | None = None
        self.on_back: Callable[[Table], None] | None = None
        self._build_toolbar()
        self._build_middle()
        self._build_right()
        self.question = QuestionPanel(MIDDLE_WIDTH, BODY_HEIGHT, self.close_question, self._mark_map)
        self.panels = table_panels(self.view)
        # the panels scroll themselves; the column only holds them (hidden: no second scroll bar round them)
        self.left = widgets.VBox([p.box for p in self.panels.values()],
                                 layout=widgets.Layout(width=f"{LEFT_WIDTH}px", height=f"{BODY_HEIGHT}px",
                                                       overflow="hidden"))
        # shown with the button's own display (an inline-flex one stretched its label to the top of the button)
        set_layout(self.whole_button.layout, display=None if "map" in self.panels else "none")
        body = widgets.HBox([self.left, self.middle, self.question.box, self.right])
        super().__init__([self.toolbar, body])
        self.add_class("gk-table")
        self.relabel()
        self.refresh(figures=False)  # the panels were just drawn from this position

    def relabel(self) -> None:
        """Write the table's controls, tooltips, headings, question panel and message line in the current language
        (:func:`gamekit.set_language`); a rule shown under the log gives way to the hint. :meth:`refresh` writes
        the step, the actions, the log and the figures' keys."""
        for control, text, tip in (
                (self.bot_button, N_("Bot move"), N_("the seat's bot (or the random bot) plays one move")),
                (self.autoplay, N_("Autoplay") if self.replay else N_("Bots play"),
                 N_("play on by itself at the chosen speed")),
                (self.fork_button, N_("What if"), None),  # its tooltip is written by refresh (off at the end)
                (self.back_button, N_("Back"), N_("back to the game this fork came from")),
                (self.whole_button, N_("Whole map"),
                 N_("the whole map beside the actions (scaled to fit), in place of the seats and the log")),
                (self.question_button, N_("Question"), N_("a question for the room about the position shown; reveal "
                                                          "its answer and rule when the room has answered"))):
            control.description = _(text)
            if tip is not None:
                control.tooltip = _(tip)
        self.speed.description = _("speed")
        if self.replay:
            for button, tip in ((self.first_button, N_("to the start")), (self.back_step, N_("one action back")),
                                (self.next_step, N_("one action on")), (self.last_button, N_("to the end"))):
                button.tooltip = _(tip)
            self.slider.description = _("action")
        self.step_rule.description = _("rule of this step")
        self.apply_button.description, self.undo_button.description = _("Apply"), _("Undo")
        self.redo_button.description = _("Redo")
        label_seat_header(self.seat_heading, self.game.value_word())
        for row in self.seat_rows:
            row.relabel()
        self.log_heading.value = "<b>" + html.escape(_("Event log")) + "</b>"
        self.event_log.rule_view.value = "<i>" + html.escape(_("A rule button shows the rule here.")) + "</i>"
        self.question.relabel()
        self.message.value = self._said()

    def say(self, text: Callable[[], str]) -> None:
        """Show ``text()`` (HTML) in the message line; :meth:`relabel` calls it again in another language."""
        self._said = text
        self.message.value = text()

    # ----- building the columns --------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        # the controls' texts are written by relabel(), in the current language; each button as wide as its
        # name (at a fixed width a longer name, "Mapa sencer", was cut, and the replay's toolbar overran 1280 px)
        self.bot_button = widgets.Button(layout=_fitted())
        self.autoplay = widgets.ToggleButton(layout=_fitted())
        self.speed = widgets.SelectionSlider(options=[(f"{s}/s", s) for s in SPEEDS], value=2,
                                             style={"description_width": "initial"},  # "velocitat" is 78 px
                                             layout=widgets.Layout(width="230px"))
        self.fork_button = widgets.Button(button_style="warning", layout=_fitted())
        self.back_button = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
        self.whole_button = widgets.ToggleButton(layout=_fitted())
        self.whole_button.observe(lambda change: self.show_whole_map(change["new"]), names="value")
        self.question_button = widgets.Button(button_style="info", layout=_fitted())
        self.question_button.on_click(lambda _: self.ask_question())
        # The clock: a Play widget ticks in the browser; each tick is one move (it stays hidden: the toggle
        # drives it, so no icon font is needed).
        self.clock = widgets.Play(min=0, max=1000, repeat=True, interval=500, layout=widgets.Layout(display="none"))
        self._tick_ended = float("-inf")  # when the last clock tick was played (time.monotonic)
        widgets.link((self.autoplay, "value"), (self.clock, "playing"))
        self.speed.observe(lambda change: setattr(self.clock, "interval", 1000 // change["new"]), names="value")
        self.clock.observe(lambda _: self.clock_tick(), names="value")
        self.autoplay.observe(lambda change: change["new"] and self._check_bots(), names="value")
        if not self.replay:  # a replay's toolbar has no bot move: its record is never played on
            self.bot_button.on_click(lambda _: self.bot_move())
        self.fork_button.on_click(lambda _: self.fork())
        self.back_button.on_click(lambda _: self.on_back and self.on_back(self))
        items: list[widgets.Widget] = [self.bot_button]
        if self.replay:
            last = len(self.game.actions)
            self.first_button = widgets.Button(description="|◀", layout=_narrow())
            self.back_step = widgets.Button(description="◀", layout=_narrow())
            # 270 px: the replay's toolbar holds the speed slider and Question beside it on a 1280 px screen
            self.slider = widgets.IntSlider(min=0, max=last, value=0, continuous_update=False,
                                            layout=widgets.Layout(width="270px"))
            self.next_step = widgets.Button(description="▶", layout=_narrow())
            self.last_button = widgets.Button(description="▶|", layout=_narrow())
            self.first_button.on_click(lambda _: self.show(0))
            self.back_step.on_click(lambda _: self.show(self.position - 1))
            self.next_step.on_click(lambda _: self.show(self.position + 1))
            self.last_button.on_click(lambda _: self.show(len(self.game.actions)))
            self.slider.observe(lambda change: self.show(change["new"]), names="value")
            items = [self.first_button, self.back_step, self.slider, self.next_step, self.last_button]
        self.toolbar = widgets.HBox([*items, self.autoplay, self.speed, self.fork_button, self.back_button,
                                     self.whole_button, self.question_button, self.clock],
                                    layout=widgets.Layout(align_items="center"))

    def _build_middle(self) -> None:
        # the step's help keeps three lines at least, the list of actions gives way first (it scrolls, and says
        # so): squeezed to two lines, the help's third ran on under the rule button
        self.step_view = widgets.HTML(layout=widgets.Layout(max_height=f"{STEP_MAX_PX}px", overflow="auto",
                                                            flex="0 1 auto", min_height=f"{STEP_MIN_PX}px"))
        self.step_view.add_class("gk-step-box")  # says when more of its text waits below (the app's style)
        self.step_rule = widgets.Button(layout=widgets.Layout(width="auto", flex="0 0 auto"))
        # one line per action that wraps a long sentence (a list box cut it at its edge), in a box that scrolls
        self.choices = widgets.RadioButtons(layout=widgets.Layout(width="100%", height=f"{CHOICES_PX}px",
                                                                  min_height=f"{CHOICES_MIN_PX}px",
                                                                  overflow="auto", flex="0 40 auto"))
        self.choices.add_class("gk-choices")
        self.chosen = widgets.HTML(layout=widgets.Layout(max_height="96px", overflow="auto", flex="0 0 auto"))
        self.chosen.add_class("gk-chosen")
        self.choices.observe(lambda _: self._show_amount(), names="value")
        # no readout: it would clamp a typed amount into the range; the number box keeps what is typed
        self.amount = widgets.IntSlider(description=field_label("amount"), continuous_update=False, readout=False,
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(flex="1 1 auto", width="auto"))
        self.amount_number = amount_box()
        amount_controls(self.amount, self.amount_number)
        self.amount_box = widgets.HBox([self.amount, self.amount_number],
                                       layout=widgets.Layout(display="none", flex="0 0 auto"))
        # under the box, hidden while empty: why the number typed is no value of the range (as the explorer says)
        self.amount_note = widgets.HTML(layout=widgets.Layout(display="none", flex="0 0 auto"))
        self.amount_number.observe(lambda _: self._judge_amount(), names="value")
        # as wide as their names ("Ongedaan maken" outgrows a button's 148 px), sharing the column's width
        self.apply_button = widgets.Button(button_style="primary", layout=_shared())
        self.undo_button = widgets.Button(layout=_shared())
        self.redo_button = widgets.Button(layout=_shared())
        # where the column is short, the list of actions gives way first, then the step's text and the message
        # (each scrolls, two lines at least): a long message (no question fits, eight lines in Catalan) squeezed
        # the step's rule button and the Apply row out of sight
        self.message = widgets.HTML(layout=widgets.Layout(flex="0 1 auto", min_height="48px", overflow="auto"))
        self._said: Callable[[], str] = str  # what the message line says, written again in another language
        self.step_rule.on_click(lambda _: self.event_log.open_rule(self.view.active_step.rule))
        self.apply_button.on_click(lambda _: self.apply_selected())
        self.undo_button.on_click(lambda _: self._do(self.game.undo))
        self.redo_button.on_click(lambda _: self._do(self.game.redo))
        self.play_buttons = widgets.HBox([self.apply_button, self.undo_button, self.redo_button],
                                         layout=widgets.Layout(flex="0 0 auto"))
        if self.replay:
            self.play_buttons.layout.display = "none"  # a replay never changes; "What if" plays on in a fork
        self.middle = widgets.VBox([self.step_view, self.step_rule, self.choices, self.chosen, self.amount_box,
                                    self.amount_note, self.play_buttons, self.message],
                                   layout=widgets.Layout(width=f"{MIDDLE_WIDTH}px", height=f"{BODY_HEIGHT}px"))

    def _build_right(self) -> None:
        self.seat_rows = [SeatRow(seat, self._seat_label(seat), self.seats) for seat in self.seats.order]
        if self.replay:
            for row in self.seat_rows:
                row.menu.layout.display = "none"
        self.event_log = EventLog(LOG_EVENTS)
        self.event_log.box.add_class("gk-log")
        self.event_log.box.layout = widgets.Layout(flex="1 1 0px", min_height="0px", overflow="auto",
                                                   border="1px solid #ccc")
        rule_box = widgets.Box([self.event_log.rule_view],
                               layout=widgets.Layout(max_height="150px", overflow="auto", flex="0 0 auto"))
        self.seat_heading = seat_header(self.game.value_word())
        self.log_heading = widgets.HTML()
        self.right = widgets.VBox([self.seat_heading, *(row.box for row in self.seat_rows), self.log_heading,
                                   self.event_log.box, rule_box],
                                  layout=widgets.Layout(width=f"{RIGHT_WIDTH}px", height=f"{BODY_HEIGHT}px"))

    def _seat_label(self, seat: str) -> str:
        return _(COMPANIES) if seat == COMPANIES else entity_name(self.game, seat)

    def show_whole_map(self, whole: bool) -> None:
        """The whole-map view (``whole``): the left column takes the seats column's place too and shows the whole
        map scaled to fit it (:meth:`FigureView.whole`), beside the step and the actions; the market and the
        seats and log wait hidden. Otherwise the usual three columns, the map's panel a window onto the part in
        play."""
        hidden = "none" if whole else None
        set_layout(self.right.layout, display=hidden)
        for name, panel in self.panels.items():
            if name != "map":
                set_layout(panel.box.layout, display=hidden)
        panel = self.panels["map"]
        panel.whole(*((WHOLE_WIDTH, BODY_HEIGHT) if whole else (None, None)))
        # the map's column is as wide as the scaled map and never shrinks; the actions take the rest (long
        # sentences show whole)
        self.left.layout.width = f"{round(panel.drawn_width * panel.scale) + 4 if whole else LEFT_WIDTH}px"
        set_layout(self.left.layout, flex="0 0 auto" if whole else None)
        set_layout(self.middle.layout, width=None if whole else f"{MIDDLE_WIDTH}px",
                   flex="1 1 0px" if whole else None)

    # ----- what a click does -----------------------------------------------------------------------
    def selected_action(self) -> Any | None:
        """The action the controls describe: the selected legal action, at the amount typed or slid where it has a
        range (an amount off the range as typed, for the game to refuse with its rule; ``None`` when nothing is
        selected).

        Raises:
            ValueError: the amount typed is not a whole number (:func:`~gamekit.widgets.parts.typed_whole`).
        """
        action = self._chosen()
        if action is None:
            return None
        rng = self._range_of(action)
        return typed_action(rng, typed_whole(self.amount_number.value, rng.field)) if rng else action

    def _chosen(self) -> Any | None:
        """The legal action selected in ``choices`` (``None`` when none is)."""
        actions = self.view.legal_actions()
        index = self.choices.value
        return actions[index] if index is not None and 0 <= index < len(actions) else None

    def apply_selected(self) -> None:
        """Apply the selected action (play mode); nothing selected, an amount that is not a whole number (nothing
        is applied) or a refusal is said in ``message``; in replay mode nothing is applied (:meth:`apply`)."""
        if self._refused_in_replay():
            return
        try:
            action = self.selected_action()
        except ValueError as err:
            self.say(lambda err=err: refused_html(error_text(err)))
            return
        if action is None:
            self.say(lambda: html.escape(_("Choose an action first.")))
            return
        self.apply(action)

    def apply(self, action: Any) -> None:
        """Process ``action`` in the game played; a ``GameError`` is shown and changes nothing. In replay mode
        the record is never played on: ``message`` says to fork it (What if), and nothing changes."""
        if self._refused_in_replay():
            return
        self._do(self.game.process, action)

    def _refused_in_replay(self) -> bool:
        """In replay mode, say that a replay is not played on (a fork is) and return True; else False."""
        if self.replay:
            self.say(lambda: refused_html(_("a replay is not played on: fork it with What if to play on")))
        return self.replay

    def bot_move(self) -> None:
        """Let the bot of the seat to move (the random bot where a person plays it) play one move (play mode; in
        replay mode nothing is played, as in :meth:`apply`)."""
        if self._refused_in_replay():
            return
        if self.game.is_over:
            self.say(lambda: html.escape(_("The game is over.")))
            return
        bot = self.seats.bot_to_move(self.game) or next(iter(BOTS.values()))
        self.apply(bot(self.game, self.rng))

    def clock_tick(self) -> None:
        """A tick of the browser's clock: :meth:`tick`, unless the tick waited in the kernel's queue while the last
        one was being played (it arrives less than half a tick's interval after that one ended). The clock ticks
        at the chosen speed whatever the kernel manages: a move that takes longer than a tick (0.6 s on a busy
        machine, against 0.125 s at 8/s) left ticks queued behind it, which went on playing for seconds after
        Bots play was released, its message waiting behind them. A dropped tick counts as the last one too, so
        that a whole queue of them (each arrives right after the one before) is dropped: with only the played
        tick counting, on a machine with a load average of 17 a queued tick now and then came more than half an
        interval after it and played a move seconds after Bots play was released."""
        if time.monotonic() - self._tick_ended < self.clock.interval / 2000:
            self._tick_ended = time.monotonic()
            return
        try:
            self.tick()
        finally:
            self._tick_ended = time.monotonic()

    def tick(self) -> None:
        """One tick of the autoplay clock: replay steps on (and stops at the end); in play mode the seat's
        bot moves, a person's seat waits, and the clock stops when the game is over. A tick that arrives after
        autoplay was switched off (the browser may have sent it already) does nothing."""
        if not self.autoplay.value:
            return
        if self.replay:
            if self.position >= len(self.game.actions):
                self.autoplay.value = False
            else:
                self.show(self.position + 1)
            return
        if self.game.is_over:
            self.autoplay.value = False
            return
        bot = self.seats.bot_to_move(self.game)
        if bot is not None:
            self.apply(bot(self.game, self.rng))

    def _check_bots(self) -> None:
        """Bots play pressed in play mode with no bot seat would wait for ever: say so and release the toggle."""
        if not self.replay and not any(self.seats.plays.values()):
            self.autoplay.value = False
            self.say(lambda: html.escape(_(NO_BOT_SEAT)))

    def ask_question(self) -> Any | None:
        """The projected position becomes a question for the room (:meth:`QuestionPanel.ask`): the play stops,
        the question takes the actions' column, the map and market stay on the position; return the
        :class:`~gamekit.exercises.Question`. A position no question fits says so in ``message`` (``None``)."""
        self.autoplay.value = False
        question = self.question.ask(self.view)
        if question is None:
            self.say(no_question_html)
            return None
        self.say(str)
        self.middle.layout.display = "none"
        self.question.show(True)
        return question

    def close_question(self) -> None:
        """Take the question off the screen, and its hexes' outlines off the map, and show the actions again."""
        self.question.show(False)
        self._mark_map([])
        set_layout(self.middle.layout, display=None)

    def _mark_map(self, hexes: list[str]) -> None:
        """Outline ``hexes`` on the table's map (:meth:`FigureView.mark`; ``[]``: none), a title with a map."""
        if "map" in self.panels:
            self.panels["map"].mark(hexes)

    def fork(self) -> Any:
        """Fork the position shown into a what-if game (``on_fork`` opens it in a new tab) and return it."""
        fork = self.view.fork()
        self.autoplay.value = False
        if self.on_fork:
            self.on_fork(self, fork)
        return fork

    def show(self, position: int) -> None:
        """Replay mode: show the position before action ``position`` (clamped to ``0..len(game.actions)``)."""
        position = min(max(position, 0), len(self.game.actions))
        if position == self.position:
            return  # also ends the echo of the slider set below
        self.position = position
        self.view = self.game.at(position)
        self.slider.value = position
        self.refresh()

    def _do(self, method: Callable[..., Any], *args: Any) -> None:
        """Call a game method (process, undo, redo); a refusal is said with its rule, else the table redraws."""
        try:
            method(*args)
        except GameError as err:
            self.say(lambda err=err: refused_html(error_text(err)))
            self.event_log.open_rule(err.rule)
        else:
            self.say(str)
            self.refresh()

    def _range_of(self, action: Any):
        for rng in self.view.action_ranges():
            if rng.high > rng.low and rng.template == action:
                return rng
        return None

    def _show_amount(self) -> None:
        chosen = self._chosen()
        label = html.escape(_("Chosen:"))
        self.chosen.value = (f"<i>{label}</i> {html.escape(localize(sentence_now(self.view, chosen)))}" if chosen is not None
                             else "")
        rng = self._range_of(chosen) if chosen is not None else None
        self.amount_box.layout.display = "flex" if rng else "none"
        if rng:
            # widen first, then narrow: a slider refuses a minimum above its maximum at every moment
            high = last_value(rng)  # the slider's far end is a value of the range too
            self.amount.max = max(high, self.amount.max)
            self.amount.min = min(rng.low, self.amount.min)
            self.amount.step, self.amount.value = rng.step, rng.low
            self.amount.min, self.amount.max = rng.low, high
            self.amount.description = field_label(rng.field)
        self._judge_amount()

    def _judge_amount(self) -> None:
        """Refuse at once, in ``amount_note`` under the box, a number that is no value of the selected action's
        range (the range, and the game's own reason and rule: :func:`~gamekit.widgets.parts.range_refusal`, as the
        explorer's range rows say it), and keep Apply disabled until the box holds one. Nothing is clamped: a bid
        clamped to the top of its range would bid all of a player's cash without a word."""
        chosen = self._chosen()
        rng = self._range_of(chosen) if chosen is not None else None
        reason = None if rng is None else range_refusal(rng, self.amount_number.value, self.view.why_illegal)
        self.amount_note.value = "" if reason is None else refused_note(reason)
        set_layout(self.amount_note.layout, display="none" if reason is None else None)
        self.apply_button.disabled = chosen is None or reason is not None

    # ----- drawing ---------------------------------------------------------------------------------
    def refresh(self, figures: bool = True) -> None:
        """Redraw the table from the game: step, actions, buttons, seats, log and (``figures``) the figures.

        Everything is computed first (the figures take longest) and the widgets are changed after, one after
        the other: while bots play, the step line, the actions, the seats and the map then change together
        instead of the map trailing the rest by a drawing's time."""
        view = self.view
        if not self.replay:
            self.position = len(self.game.actions)
        if self.question.shown and self.question.question.action_index != self.position:
            self.close_question()  # the question was about a position no longer shown
        step = self._step_html()
        actions = view.legal_actions()
        options = [(localize(sentence_now(view, a)), i) for i, a in enumerate(actions)]
        acting = Seats.seat_of(view)
        seats = [(row, self._seat_html(row.seat, row.seat == acting),
                  *((number_text(view.cash(row.seat)), number_text(view.player_value(row.seat))) if row.seat != COMPANIES
                    else ("", ""))) for row in self.seat_rows]
        first = max(0, len(view.actions) - LOG_EVENTS)
        entries = history_entries(view, first)
        panels = list(self.panels.values()) if figures else []
        for panel in panels:
            panel.prepare(view)
        # the screen changes from here on: the figures first (they take longest to show), their titles last of
        # them and the step line right after, so that the step line never names a position the map does not
        self.fork_button.tooltip = _(GAME_OVER_FORK if view.is_over else FORK_TIP)
        for panel in panels:
            panel.render()
        self.step_view.value = step
        # no action to list (the game is over): the step's text takes the room, whole ("… Retrocede (◀, o
        # Deshacer) a una posición anterior al final y bifurca esa." was cut after its fourth line)
        self.step_view.layout.max_height = f"{STEP_MAX_PX}px" if actions else None
        self.choices.options = options
        self.choices.value = 0 if actions else None
        self._show_amount()  # and Apply: enabled while an action is chosen at a legal amount
        self.undo_button.disabled = not self.game.actions
        self.redo_button.disabled = not self.game.can_redo
        self.bot_button.disabled = view.is_over
        self.fork_button.disabled = view.is_over
        if self.replay:
            last = len(self.game.actions)
            self.first_button.disabled = self.back_step.disabled = self.position == 0
            self.next_step.disabled = self.last_button.disabled = self.position == last
        for row, name, cash, value in seats:
            row.name.value, row.cash.value, row.value.value = name, cash, value
        self.event_log.show(entries)

    def _seat_html(self, seat: str, acts: bool) -> str:
        """A seat's name in its column: one line, cut to the column (a 40-character name ran into the cash column;
        its title shows it whole); the seat to act bold on a highlight (a "▶ " mark pushed "companies" past its
        column)."""
        label = html.escape(self._seat_label(seat))
        return (f"<span class='gk-seat{' gk-acting' if acts else ''}' title='{label}' "
                f"style='max-width: {seat_name_width(seat)}'>{f'<b>{label}</b>' if acts else label}</span>")

    def _step_html(self) -> str:
        view = self.view
        step = view.active_step
        done = len(view.actions)
        where = localize(msg("action {position} of {count}", position=self.position, count=len(self.game.actions))
                         if self.replay else nmsg("after {count} action", "after {count} actions", done, count=done))
        who = (" — " + html.escape(_("{player} to act").format(player=entity_name(view, step.entity)))
               if step.entity is not None else "")
        text = (f"<div class='gk-step'><b>{html.escape(localize(step.name))}</b>{who} <code>{html.escape(step.rule)}"
                f"</code> <span class='gk-where'>({html.escape(where)})</span><br>{html.escape(localize(step.help))}")
        if self.replay and self.position < len(self.game.actions):
            upcoming = localize(sentence_now(view, self.game.actions[self.position]))
            text += "<br><i>" + html.escape(_("Next in the record:")) + f"</i> {html.escape(upcoming)}"
        if view.is_over:
            text += f"<br><i>{html.escape(_(GAME_OVER_FORK))}</i>"
        return text + "</div>"


def error_text(error: Exception) -> str:
    """A refusal's text in the current language: a ``GameError`` renders itself; an error raised with a
    :class:`~gamekit.i18n.Message` (``ValueError(msg(…))``) is rendered from its template; any other as it is."""
    first = error.args[0] if error.args else None
    return localize(first) if isinstance(first, Message) and not isinstance(error, GameError) else str(error)


def refused_html(reason: str) -> str:
    """The message line of a refusal: ``Refused: <reason>`` (in the current language) in the refusal colour
    (HTML-escaped)."""
    return "<span class='gk-refused'>" + html.escape(_("Refused: {reason}").format(reason=reason)) + "</span>"


def _fitted() -> widgets.Layout:
    return widgets.Layout(width="auto", flex="0 0 auto")


def _shared() -> widgets.Layout:
    return widgets.Layout(width="auto", flex="1 1 auto")


def _narrow() -> widgets.Layout:
    return widgets.Layout(width="48px")
