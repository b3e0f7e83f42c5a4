"""The explorer: play any title step by step in JupyterLab (DESIGN §1, §2.2).

It shows the active step with its help text, the legal actions as a list (and every integer range — bids,
prices — as a slider with a number box), Apply / Undo / Redo, the map and market updating in place, and an
event log whose rule buttons open the rule's text. It only uses the game protocol (``active_step``,
``legal_actions``, ``action_ranges``, ``process``, ``undo``, ``redo``, ``history``), so it works unchanged for
every title; a refused action shows the ``GameError`` message and leaves the game as it was. Its texts are in
the language of :func:`gamekit.set_language`, which its language menu sets (``language_menu``).
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from ..errors import GameError
from ..game import ActionRange
from ..i18n import LANGUAGES, N_, _, language, localize, set_language
from ..sentences import sentence_for_reader, sentence_now
from .parts import (EventLog, amount_box, amount_controls, companies_html, entity_name, field_label, figure_panels,
                    history_entries, last_value, players_html, range_refusal, refused_note, rule_html, typed_action,
                    typed_whole)


RANGE_SLIDER_WIDTH = "320px"
RANGE_BUTTON_WIDTH = "90px"
"""Fixed widths of a range row's slider (with its field name) and Apply button, so that the rows line up."""


class RangeControl(widgets.VBox):
    """One integer range of a legal action: the template's sentence, a slider over the range, a number box and
    an Apply button, and under them a note. Moving the slider writes its value in the box; a number typed in the
    box moves the slider when it is one of the range's values. Anything else typed is refused at once, as a
    bounded number box refuses it, but in words: the note says why in red (not a whole number; outside the range,
    with the game's own reason and rule where ``why`` gives one) and Apply is disabled until the box holds a value
    of the range again; nothing is clamped into the range behind the user's back. ``value`` is the box's number;
    :meth:`action` the action it makes; Apply calls ``on_apply(control)``. ``said``: the template's sentence as a
    reader sees it (:func:`gamekit.sentences.sentence_for_reader`; default ``rng.template.sentence()``). ``why``:
    the game's refusal of an action (``Game.why_illegal``), to name the rule an off-range value breaks."""

    def __init__(self, rng: ActionRange, on_apply, said: str | None = None,
                 why: Callable[[Any], GameError | None] | None = None):
        self.range = rng
        self.why = why
        # no readout: the slider's own text box would clamp a typed value to the range without a word
        self.slider = widgets.IntSlider(min=rng.low, max=last_value(rng), step=rng.step, value=rng.low,
                                        description=field_label(rng.field), continuous_update=False, readout=False,
                                        layout=widgets.Layout(width=RANGE_SLIDER_WIDTH, flex="0 0 auto"))
        self.number = amount_box(rng.low)
        amount_controls(self.slider, self.number)
        self.button = widgets.Button(description=_("Apply"), button_style="primary",
                                     layout=widgets.Layout(width=RANGE_BUTTON_WIDTH, flex="0 0 auto"))
        self.button.on_click(lambda _: on_apply(self))
        self.note = widgets.HTML()
        self.number.observe(lambda _: self.judge(), names="value")
        # the sentence takes what the fixed-width controls leave: every row's slider, box and button line up
        said = localize(said or rng.template.sentence())
        text = _("{action}: {field} from {low} to {high}").format(action=said,
                                                                  field=field_label(rng.field), low=rng.low,
                                                                  high=rng.high)
        label = widgets.HTML(html.escape(text), layout=widgets.Layout(flex="1 1 0%", min_width="0"))
        self.number.layout.flex = "0 0 auto"
        row = widgets.HBox([label, self.slider, self.number, self.button], layout=widgets.Layout(align_items="center"))
        super().__init__([row, self.note])

    @property
    def value(self) -> int:
        """The chosen value: the number box's (the slider's, unless a value outside the range was typed).

        Raises:
            ValueError: the box's text is not a whole number (:func:`~gamekit.widgets.parts.typed_whole`).
        """
        return typed_whole(self.number.value, self.range.field)

    def action(self):
        """The range's action at the chosen value; a value off the range is set in the template as it is (for
        ``process`` to refuse with its rule, should it be applied anyway).

        Raises:
            ValueError: the box's text is not a whole number.
        """
        return typed_action(self.range, self.value)

    def refusal(self) -> str | None:
        """Why the box's text is no value of the range, in one line in the current language (the game's reason and
        rule where ``why`` gives one), or ``None`` when it is one (:func:`~gamekit.widgets.parts.range_refusal`)."""
        return range_refusal(self.range, self.number.value, self.why)

    def judge(self) -> None:
        """Say in ``note`` why the box's text is refused, and disable Apply, until it is a value of the range."""
        reason = self.refusal()
        self.note.value = "" if reason is None else refused_note(reason)
        self.button.disabled = reason is not None


MAX_RANGE_ROWS = 8
"""Above this many ranges (Continental Divide offers hundreds of start prices), one picker replaces the rows."""


class RangePicker(widgets.VBox):
    """Many integer ranges behind one dropdown: pick the action, then its value, then Apply. ``said``: the ranges'
    template sentences as a reader sees them (default: ``template.sentence()``); ``why``: as for
    :class:`RangeControl`."""

    def __init__(self, ranges: list[ActionRange], on_apply, said: list[str] | None = None,
                 why: Callable[[Any], GameError | None] | None = None):
        self.ranges = ranges
        self.on_apply = on_apply
        self.why = why
        self.said = said or [r.template.sentence() for r in ranges]
        self.dropdown = widgets.Dropdown(options=[(localize(text), i) for i, text in enumerate(self.said)],
                                         value=0, description=_("action"), layout=widgets.Layout(width="60%"))
        self.dropdown.observe(lambda change: self._show(change["new"]), names="value")
        super().__init__()
        self._show(0)

    def _show(self, index: int) -> None:
        self.control = RangeControl(self.ranges[index], self.on_apply, self.said[index], self.why)
        self.children = [self.dropdown, self.control]


EXPLORER_STYLE = """<style>
/* The list of legal actions keeps to its column: a list box is as wide as its longest action unless told
   otherwise, and a long one pushed it past the notebook column's edge (the line is cut at the box's edge). */
.gk-explorer .widget-select { max-width: 100%; min-width: 0; }
.gk-explorer .widget-select select { min-width: 0; max-width: 100%; }
</style>"""
"""The explorer's own style (scoped to its CSS class ``gk-explorer``)."""


INTRO_HEADING = N_("gamekit explorer: {title}")
INTRO = N_("Play a game of {title} by clicking. The top line names the active step, who acts and its rule id; choose "
           "a legal action in the list and press {apply} (a bid or a price has its own slider and {apply} button). "
           "{undo} and {redo} take actions back and forth. The map and the share market redraw after every action, "
           "and each line of the event log has a button that shows the rule it applied.")
"""The explorer's heading and how-to (``Explorer(game, intro=True)``, as the explorer app shows them), English,
shown translated; ``{apply}``, ``{undo}``, ``{redo}`` are the buttons' names in the same language."""


class Explorer(widgets.VBox):
    """Play a game by clicking: step, legal actions, ranges, Apply/Undo/Redo, map, market and event log.

    Args:
        game: a game of any title, at any position (the explorer plays on this object: it changes).
        log_limit: how many recent events the log shows.
        intro: begin with a heading and a paragraph on how to use the explorer (:data:`INTRO`), in the language
            chosen, as the explorer app does (a notebook's own text would stay English when the menu changes it).

    Attributes:
        game: the game being played.
        intro: HTML of the heading and how-to (hidden unless ``intro``).
        step_view: HTML of the active step (name, who acts, help, rule id); ``step_rule`` opens the rule.
        choices: the legal actions (labels are the actions' sentences, values their index in
            ``game.legal_actions()``); ``apply_button`` applies the selected one.
        range_controls: one :class:`RangeControl` per ``game.action_ranges()`` entry (none when more than
            ``MAX_RANGE_ROWS`` ranges are shown behind one :class:`RangePicker` instead).
        undo_button, redo_button: take back / re-apply the last action.
        language_menu: a Dropdown of :data:`gamekit.i18n.LANGUAGES`; choosing one calls
            :func:`gamekit.set_language` (for the whole process) and redraws the explorer in that language.
        message: the last refusal (``GameError`` text with its rule) or an empty string.
        players_view, companies_view: the players' values; the companies by kind
            (:func:`~gamekit.widgets.parts.companies_html`).
        panels: ``"map"``/``"market"`` :class:`~gamekit.widgets.parts.FigurePanel` where the title has them.
        event_log: the :class:`~gamekit.widgets.parts.EventLog`.
    """

    def __init__(self, game: Any, log_limit: int = 80, intro: bool = False):
        self.game = game
        self.intro = widgets.HTML(layout=widgets.Layout(display=None if intro else "none"))
        self.step_view = widgets.HTML()
        self.step_rule = widgets.Button(layout=widgets.Layout(width="auto"))
        self.choices = widgets.Select(rows=10, layout=widgets.Layout(width="100%"))
        self.apply_button = widgets.Button(button_style="primary")
        self.undo_button = widgets.Button(icon="undo")
        self.redo_button = widgets.Button(icon="repeat")
        self.language_menu = widgets.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                              value=language(), layout=widgets.Layout(width="200px"))
        self.log_heading = widgets.HTML()
        self.ranges_box = widgets.VBox()
        self.range_controls: list[RangeControl] = []
        self.message = widgets.HTML()
        self.players_view = widgets.HTML()
        self.companies_view = widgets.HTML()
        self.event_log = EventLog(log_limit)
        self.panels = figure_panels(game)
        self.step_rule.on_click(lambda _: self.event_log.open_rule(self.game.active_step.rule))
        self.apply_button.on_click(lambda _: self.apply_selected())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.language_menu.observe(lambda change: self.set_language(change["new"]), names="value")
        controls = widgets.VBox([
            self.language_menu, widgets.HBox([self.step_view, self.step_rule]), self.choices,
            widgets.HBox([self.apply_button, self.undo_button, self.redo_button]), self.ranges_box, self.message,
            self.players_view, self.companies_view])
        views = [p.view for p in self.panels.values()]
        super().__init__([widgets.HTML(EXPLORER_STYLE), self.intro, controls, *views, self.log_heading,
                          self.event_log.box, self.event_log.rule_view])
        self.add_class("gk-explorer")
        self.refresh()

    def set_language(self, code: str) -> None:
        """Show every text in language ``code`` (:func:`gamekit.set_language`, for the whole process) and redraw.

        Raises:
            ValueError: an unknown code.
        """
        set_language(code)
        self.language_menu.value = code
        self.message.value = ""
        self.event_log.rule_view.value = ""
        self.refresh()

    # ----- what a click does -----------------------------------------------------------------------
    def apply_selected(self) -> None:
        """Apply the action selected in ``choices`` (nothing selected: say so)."""
        actions = self.game.legal_actions()
        if self.choices.value is None or not 0 <= self.choices.value < len(actions):
            self.message.value = html.escape(_("Choose an action first."))
            return
        self.apply(actions[self.choices.value])

    def apply_typed(self, control: RangeControl) -> None:
        """Apply the action of a range ``control`` at the number typed in its box; text that is no value of the
        range (:meth:`RangeControl.refusal`) is refused in ``message`` and nothing is applied."""
        reason = control.refusal()
        if reason is not None:
            self.message.value = refused_note(reason)
            return
        self.apply(control.action())

    def apply(self, action: Any) -> None:
        """Process ``action``; a refusal is shown in ``message`` and changes nothing."""
        try:
            self.game.process(action)
        except GameError as err:
            self.message.value = refused_note(str(err))
            self.event_log.rule_view.value = rule_html(err.rule) if getattr(err, "rule", None) else ""
            return
        self.message.value = ""
        self.refresh()

    def undo(self) -> None:
        """Take back the last action (nothing to undo: say so)."""
        self._call(self.game.undo)

    def redo(self) -> None:
        """Re-apply the last undone action (nothing to redo: say so)."""
        self._call(self.game.redo)

    def _call(self, method) -> None:
        try:
            method()
        except GameError as err:
            self.message.value = html.escape(str(err))
            return
        self.message.value = ""
        self.refresh()

    # ----- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game: step, choices, ranges, buttons, players, panels and log."""
        game = self.game
        step = game.active_step
        who = entity_name(game, step.entity)
        self.language_menu.description = _("language")
        self.step_rule.description = _("rule of this step")
        self.apply_button.description = _("Apply")
        self.undo_button.description = _("Undo")
        self.redo_button.description = _("Redo")
        self.log_heading.value = "<b>" + html.escape(_("Event log")) + "</b>"
        button = {k: f"<b>{html.escape(_(name))}</b>" for k, name in (("apply", "Apply"), ("undo", "Undo"),
                                                                       ("redo", "Redo"))}
        title = html.escape(str(game.title))
        self.intro.value = (f"<h1>{html.escape(_(INTRO_HEADING)).format(title=title)}</h1>"
                            f"<p>{html.escape(_(INTRO)).format(title=title, **button)}</p>")
        acting = html.escape(_("{player} to act").format(player=who))
        self.step_view.value = (f"<b>{html.escape(localize(step.name))}</b> — {acting} "
                                f"<code>{html.escape(step.rule)}</code><br>{html.escape(localize(step.help))}")
        actions = game.legal_actions()
        self.choices.options = [(localize(sentence_now(game, a)), i) for i, a in enumerate(actions)]
        self.choices.value = 0 if actions else None
        ranges = [r for r in game.action_ranges() if r.high > r.low]
        said = [sentence_for_reader(game, r.template) for r in ranges]  # as the list above words its actions
        if len(ranges) > MAX_RANGE_ROWS:
            self.range_controls = []
            self.ranges_box.children = [RangePicker(ranges, self.apply_typed, said, self.game.why_illegal)]
        else:
            self.range_controls = [RangeControl(r, self.apply_typed, text, self.game.why_illegal)
                                   for r, text in zip(ranges, said)]
            self.ranges_box.children = self.range_controls
        self.apply_button.disabled = not actions
        self.undo_button.disabled = not game.actions
        self.redo_button.disabled = not game.can_redo
        self.players_view.value = players_html(game)
        self.companies_view.value = companies_html(game)
        for panel in self.panels.values():
            panel.show(game)
        first = max(0, len(game.actions) - self.event_log.limit)
        self.event_log.show(history_entries(game, first))
