"""The quiz widget: shows a question's position (map and market, drawn as the explorer draws them), takes an
answer — a number, a choice or a hex typed or picked from the map's hexes — marks it with the engine's explanation and the rule texts,
and keeps the score.

Code drives it as a learner would (nbval enters the answers): ``quiz.answer(value)`` marks the current question
and returns its :class:`~gamekit.exercises.Result`, ``quiz.next()`` moves on, ``quiz.score`` is
``(right, answered)``, ``quiz.reveal()`` shows the answer without scoring (a teacher's reveal). An answer that
cannot be read (``"abc"`` for an amount), or a choice typed so that it could be several (``"Every"``), is refused:
the quiz says what it expects and neither scores the answer nor shows the right one.
"""

from __future__ import annotations

import html
import re
from typing import Any, Sequence

import ipywidgets as widgets

from ..exercises import KINDS, Question, Result
from ..exercises.question import answer_shown, choices_listed, choices_meant
from ..i18n import N_, Message, _, join, localize, msg
from .. import viz
from .parts import figure_panels, rule_html

_HEX = re.compile(r"\b([A-Z]{1,2}\d{1,3})\b")
_TAG = re.compile(r"<[^>]*>")
READABLE = {"number": N_("a whole number"), "choice": N_("one of the choices"),
            "hex": N_("a hex name such as E19")}
"""What each answer type expects, as the refusal of an unreadable answer says it."""
PICK = N_("Type the hex's name or pick it from the box's list (point at a hex on the map to see its name).")
"""How a hex question is answered here, after its prompt (an assignment notebook says how to type it instead).

The map is no click target: it is drawn as a figure output (:class:`~gamekit.widgets.parts.FigurePanel`), which
the page draws reliably but whose clicks the kernel never hears; a ``go.FigureWidget``, whose clicks it hears,
was often drawn empty in JupyterLab (see ``FigurePanel``)."""
REFUSED_COLOUR = "#8a6d00"
"""Border and text colour of a refusal: neither the green of right nor the red of wrong, as nothing is marked."""
REVEALED_COLOUR = "#0d47a1"
"""Border and text colour of a revealed answer: no answer was given, so neither right's green nor wrong's red."""
WRAP = "white-space:normal;overflow-wrap:anywhere"
"""Inline style wrapping a text to the column: an HTML widget's content does not wrap by itself (ipywidgets sets
``white-space: nowrap``), so a long prompt or rule text would run past the notebook's edge."""


class Quiz(widgets.VBox):
    """A sequence of questions, one at a time, with their positions and a score.

    Args:
        questions: the questions (from :func:`gamekit.exercises.questions` or
            :func:`gamekit.exercises.lesson_quiz`), asked in order.
        figures: draw the position's map and market (off: text only, faster in tests).

    Attributes:
        aside: a box between the answer row and the feedback, empty here, for what a host shows beside the
            question (the classroom's map of the hexes a question names).

    Raises:
        ValueError: no questions.
    """

    def __init__(self, questions: Sequence[Question], figures: bool = True):
        if not questions:
            raise ValueError("a quiz needs at least one question")
        self.questions = list(questions)
        self.figures = figures
        self.index = 0
        self.results: list[Result | None] = [None] * len(self.questions)
        self.header = widgets.HTML()
        self.prompt = widgets.HTML()
        self.number = widgets.Text(placeholder=_("amount, e.g. 90"), layout=widgets.Layout(width="12em"))
        # the browser lists the map's hexes that start with what is typed; any other text is still read and marked
        self.hex = widgets.Combobox(placeholder=_("type or pick a hex, e.g. E19"), ensure_option=False,
                                    layout=widgets.Layout(width="16em"))
        self.choices = widgets.RadioButtons(options=(), layout=widgets.Layout(width="auto"))
        self.submit = widgets.Button(description=_("Answer"), button_style="primary")
        self.forward = widgets.Button(description=_("Next question"))
        self.feedback = widgets.HTML()
        # a map wider than the page's column scrolls inside it (a notebook without wide_figures() would cut it)
        self.board = widgets.VBox(layout=widgets.Layout(overflow="auto"))
        self.submit.on_click(lambda _button: self.answer(self.typed()))
        self.forward.on_click(lambda _button: self.next())
        self.inputs = widgets.VBox()
        # what a host shows between the answer row and the feedback (the classroom: where the named hexes are)
        self.aside = widgets.VBox()
        self.panels: dict[str, Any] = {}
        super().__init__([self.header, self.prompt, self.inputs, self.aside, self.feedback, self.board])
        self.add_class("gamekit-quiz")  # a handle for the page's tests and styles
        self.show()

    # ----- driving it --------------------------------------------------------------------------------------
    @property
    def current(self) -> Question:
        """The question shown."""
        return self.questions[self.index]

    @property
    def score(self) -> tuple[int, int]:
        """``(right answers, questions answered)``; a question counts once, by its first answer."""
        answered = [r for r in self.results if r is not None]
        return sum(r.correct for r in answered), len(answered)

    def answer(self, value: Any) -> Result:
        """Mark ``value`` as the answer to the current question (see :meth:`Question.check`) and show the verdict,
        the explanation and the rule texts. A second answer to the same question is marked and shown but does
        not change the score.

        An answer that cannot be read as the question's type (:meth:`Question.read`: ``"abc"`` or an amount with
        a sign other than the question's title's, ``"80K"`` in 1830, for an amount; an empty field) is refused
        instead: the feedback says what is expected, the score does not change and the right answer
        stays hidden; the returned result is not correct and its ``given`` is ``None``."""
        q = self.current
        if q.read(value) is None:
            return self.refuse(value)
        result = q.check(value)
        if self.results[self.index] is None:
            self.results[self.index] = result
        self.feedback.value = self.feedback_html(result)
        self.header.value = self.header_html()
        return result

    def refuse(self, value: Any) -> Result:
        """Show that ``value`` could not be read as the current question's answer and what is expected; nothing
        is scored or revealed; a typed choice that could be several says which."""
        q = self.current
        meant = choices_meant(value, q.choices) if q.answer_type == "choice" else ()
        if len(meant) > 1:
            notice = msg("{given} could be any of {choices}: write more of the choice's text and answer again (not "
                         "scored).", given=answer_shown(value), choices=choices_listed(meant))
        else:
            notice = msg("Could not read {given} as {expected}: enter {expected} and answer again (not scored).",
                         given=answer_shown(value), expected=Message(READABLE[q.answer_type], {}))
        self.feedback.value = (f"<div style='border:2px solid {REFUSED_COLOUR};padding:6px;margin:4px 0;{WRAP}'>"
                               f"<b style='color:{REFUSED_COLOUR}'>{html.escape(notice.local())}</b></div>")
        return Result(False, notice, None, None)

    def reveal(self) -> Result:
        """Show the right answer with its explanation and rules (a teacher revealing it to the room): "The answer
        is $75.", in the colour of no verdict, as nobody answered; the score does not change. Returns the right
        answer's :class:`Result` with that explanation."""
        q = self.current
        right = q.check(q.answer)
        result = Result(right.correct, join("\n", (msg("The answer is {answer}.", answer=q.shown()), q.explanation)),
                        right.given, right.expected)
        self.feedback.value = self.feedback_html(result, REVEALED_COLOUR)
        return result

    def typed(self) -> Any:
        """The answer entered in the input of the current question's type."""
        kind = self.current.answer_type
        return {"number": self.number.value, "hex": self.hex.value, "choice": self.choices.value}[kind]

    def next(self) -> bool:
        """Show the next question; False (and nothing changes) after the last."""
        if self.index + 1 >= len(self.questions):
            return False
        self.index += 1
        self.show()
        return True

    # ----- drawing --------------------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the current question: header with the score, prompt, input, position."""
        q = self.current
        self.header.value = self.header_html()
        prompt = localize(q.prompt) + (" " + _(PICK) if q.answer_type == "hex" else "")
        self.prompt.value = f"<p style='font-size:1.1em;{WRAP}'>{html.escape(prompt)}</p>"
        self.feedback.value = ""
        self.number.value = self.hex.value = ""
        self.choices.options = [(localize(choice), choice) for choice in q.choices]
        self.choices.value = None
        field = {"number": self.number, "hex": self.hex, "choice": self.choices}[q.answer_type]
        buttons = [self.submit] + ([self.forward] if len(self.questions) > 1 else [])
        # the choices get their own rows: beside the buttons their labels would run under them
        self.inputs.children = ([field, widgets.HBox(buttons)] if q.answer_type == "choice"
                                else [widgets.HBox([field, *buttons])])
        self.board.children = self.position_views(q) if self.figures else []
        self.hex.options = self.hex_options(q)

    def hex_options(self, q: Question) -> tuple[str, ...]:
        """The hexes the hex box lists for ``q``: those of the map drawn beside it, or for a quiz without figures
        (the classroom's, beside the table's own map) of the position's map drawn for them; none for a question
        of another type or a title without a map."""
        if q.answer_type != "hex":
            return ()
        if "map" in self.panels and self.figures:
            return tuple(map_hexes(self.panels["map"].figure))
        game = q.position()
        return tuple(map_hexes(viz.map_figure(game))) if viz.has_map(game) else ()

    def header_html(self) -> str:
        """The question's number, what its kind asks in words (never the kind's key) and the score so far."""
        right, answered = self.score
        about = _(KINDS[self.current.kind].summary) if self.current.kind in KINDS else ""
        about = f" — {html.escape(about)}" if about else ""
        number = _("Question {number} of {count}").format(number=self.index + 1, count=len(self.questions))
        score = _("score {right} / {answered}").format(right=right, answered=answered)
        return f"<div style='{WRAP}'><b>{html.escape(number)}</b>{about} — {html.escape(score)}</div>"

    def feedback_html(self, result: Result, colour: str | None = None) -> str:
        """The verdict in colour (``colour``, else green when right and red when wrong), the explanation and each
        cited rule's text."""
        colour = colour or ("#1b5e20" if result.correct else "#b71c1c")
        verdict, *rest = localize(result.explanation).splitlines()
        lines = explanation_html(rest)
        rules = "".join(rule_html(r) for r in self.current.rule_ids)
        heading = html.escape(_("The rules"))
        return (f"<div style='border:2px solid {colour};padding:6px;margin:4px 0;{WRAP}'><b style='color:{colour}'>"
                f"{html.escape(verdict)}</b><br>{lines}<details open><summary>{heading}</summary>"
                f"<div>{rules}</div></details></div>")

    def position_views(self, q: Question) -> list[Any]:
        """The position's figures (map first), redrawn in the quiz's panels where the title keeps its views."""
        game = q.position()
        if set(self.panels) != set(figure_panels_kinds(game)):
            self.panels = figure_panels(game)
        else:
            for panel in self.panels.values():
                panel.show(game)
        return [panel.view for panel in self.panels.values()]


def explanation_html(lines: Sequence[str]) -> str:
    """The explanation's lines as HTML: a run of lines written as a markdown list (``"- $164 is refused: …"``)
    becomes a bulleted list, the other lines plain lines (the dashes were shown as typed)."""
    parts: list[str] = []
    items: list[str] = []
    for line in lines:
        item = re.match(r"^\s*[-*]\s+(.*)$", line)
        if item:
            items.append(f"<li>{html.escape(item.group(1))}</li>")
            continue
        if items:
            parts.append(f"<ul style='margin:2px 0'>{''.join(items)}</ul>")
            items = []
        parts.append(html.escape(line) + "<br>")
    if items:
        parts.append(f"<ul style='margin:2px 0'>{''.join(items)}</ul>")
    return "".join(parts)


def map_hexes(figure: Any) -> list[str]:
    """The names of the hexes a map figure names in its hover texts (``"E19"`` from ``"E19 — New York …"``, or
    from ``"<b>N32</b> Dallas"`` as the cube-rail maps write them), sorted by letter then number: the list a hex
    answer is picked from. Every hex of the map, not only the right ones, so the list gives no answer away."""
    names = {match.group(1) for trace in figure.data for text in (getattr(trace, "hovertext", None) or ())
             if (match := _HEX.match(_TAG.sub(" ", str(text)).lstrip()))}
    return sorted(names, key=lambda name: (len(name.rstrip("0123456789")), name.rstrip("0123456789"),
                                           int(name[len(name.rstrip("0123456789")):])))


def figure_panels_kinds(game: Any) -> list[str]:
    """The names of the panels :func:`~gamekit.widgets.parts.figure_panels` would make for ``game``, without
    drawing them."""
    return [name for name, has in (("map", viz.has_map), ("market", viz.has_market)) if has(game)]
