"""The replay player: scrub through a finished or imported game with the map, market and charts in sync.

A slider (and a play/pause button driving it) picks a position ``i`` (``game.at(i)``: before action ``i``);
the map and market show that position, the timeline marks the round it falls in, and the log lists the
action about to be played with the events it caused. Nothing is recomputed: every view reads the game. Its texts
are in the language of :func:`gamekit.set_language`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..i18n import _, localize
from ..viz import timeline_data
from ..viz.timelines import MIN_WIDTH_PX, timeline_figure
from .parts import EventLog, FigurePanel, companies_html, entity_name, figure_panels, history_entries, players_html

NOW = "now"
TIMELINE_PX = 760
"""Height of the replay's timeline in pixels (every chart of it in sight at once)."""


class ReplayPlayer(widgets.VBox):
    """Replay a game position by position.

    Args:
        game: a game with actions (finished, imported with ``import_log`` or loaded with ``load_json``).
        interval: milliseconds per position while playing.
        start: the first position shown (default 0).

    Attributes:
        slider: ``IntSlider`` over positions ``0..len(game.actions)``; play: a ``Play`` button linked to it.
        back_button, next_button: one position back / forward.
        position: the position shown; view: ``game.at(position)``.
        panels: ``"map"``/``"market"`` panels; timeline: the :class:`~gamekit.widgets.parts.FigurePanel` of
            :func:`gamekit.viz.timeline` (the charts of the game's title, one point per round) whose red line marks
            the current round; data: the :class:`~gamekit.viz.timelines.Timeline` behind it.
        event_log: the action at the position and its events (rule buttons open the rule's text).
        players_view, companies_view: the players' values and the companies by kind at the position.
    """

    def __init__(self, game: Any, interval: int = 400, start: int = 0):
        self.game = game
        last = len(game.actions)
        self.position = start
        self.view = game.at(start)
        self.slider = widgets.IntSlider(min=0, max=last, value=start, description=_("position"),
                                        continuous_update=False, layout=widgets.Layout(width="60%"))
        self.play = widgets.Play(min=0, max=last, value=start, interval=interval, description=_("play"))
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.back_button = widgets.Button(description="◀", layout=widgets.Layout(width="40px"))
        self.next_button = widgets.Button(description="▶", layout=widgets.Layout(width="40px"))
        self.back_button.on_click(lambda _: self._step(-1))
        self.next_button.on_click(lambda _: self._step(1))
        self.status = widgets.HTML()
        self.players_view = widgets.HTML()
        self.companies_view = widgets.HTML()
        self.event_log = EventLog(limit=40)
        self.panels = figure_panels(self.view)
        self.data = timeline_data(game)
        # all charts in sight at once: wide_figures() shows a figure in a box 90% of the window high (810 px of 900)
        fig = timeline_figure(game, self.data, height=TIMELINE_PX)
        # at the width its labels are placed for, it fits a notebook column whole (the map's 1100 px scroll)
        fig.update_layout(width=MIN_WIDTH_PX)
        fig.add_vline(x=self.data.point_at(start), line=dict(color="#d62728", width=2), name=NOW)
        self.timeline = FigurePanel(lambda _view: fig, self.view)
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        header = widgets.HBox([self.play, self.back_button, self.slider, self.next_button])
        super().__init__([header, self.status, self.players_view, self.companies_view, *[p.view for p in self.panels.values()],
                          self.timeline.view, widgets.HTML("<b>" + html.escape(_("Next action and its events")) + "</b>"),
                          self.event_log.box,
                          self.event_log.rule_view])
        self.show(start)

    def _step(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, self.slider.min), self.slider.max)

    def show(self, position: int) -> None:
        """Show the game before action ``position`` (``len(game.actions)``: the end) in every view."""
        self.position = position
        self.view = self.game.at(position)
        point = self.data.point_at(position)
        step = self.view.active_step
        self.status.value = _("position {position} of {total} — round {round} — {step}: {player}").format(
            position=position, total=len(self.game.actions), round=f"<b>{html.escape(localize(self.data.labels[point]))}</b>",
            step=html.escape(localize(step.name)), player=html.escape(entity_name(self.view, step.entity)))
        self.players_view.value = players_html(self.view)
        self.companies_view.value = companies_html(self.view)
        for panel in self.panels.values():
            panel.show(self.view)
        now = self.timeline.figure.layout.shapes
        if any(line.name == NOW and line.x0 != point for line in now):  # a new round: the charts are drawn again
            self.timeline.render(self.timeline.figure.update_shapes(dict(x0=point, x1=point), selector=dict(name=NOW)))
        self.event_log.show(history_entries(self.game, position, position + 1))
