"""The classroom's "Question" panel (issue 34): the projected position becomes a question for the room.

:func:`gamekit.exercises.about_position` turns the position a table shows into a question whose answer the
engine computed (a share sale's price, a payout, a tile lay, the best route, a minimum bid …), drawn with the
number of actions played as its seed, so the same position always asks the same question. The room answers
aloud; the teacher may type its answer into the quiz and press Answer, and **Reveal answer** shows the right
answer with its explanation and the text of every rule it cites (:meth:`gamekit.widgets.Quiz.reveal`). The
panel takes the actions' column while it is open; the map and the market beside it show the position asked
about. Public API only.
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from ..exercises import Question, Result, about_position
from ..i18n import N_, _, nmsg, localize
from .parts import set_layout
from .quiz import Quiz

NO_QUESTION = N_("No question fits this position: questions ask about a bid, a share sale, a payout, a tile lay, "
               "a route, a train purchase, a phase, a build or a dividend that can be played now. Step on (or "
               "play on) to such a move and press Question again.")
"""What the table says when :func:`gamekit.exercises.about_position` has no question for the position (English;
shown translated)."""


def question_seed(game: Any) -> int:
    """The seed of the question about ``game``'s position: the number of actions played, so the same position
    of the same game always asks the same question (and the next position most likely another)."""
    return len(game.actions)


class QuestionPanel:
    """A question about one position, laid out for a projector column ``width`` × ``height`` pixels.

    Args:
        width, height: the panel's size in pixels (it scrolls inside when the rules revealed are long).
        on_close: ``callback()`` run by **Back to the game** (the table shows its actions again).

    Attributes:
        box: the panel (CSS class ``gk-question``; hidden until :meth:`ask` finds a question); quiz: the
        :class:`~gamekit.widgets.Quiz` of the question asked (``None`` before); question: that
        :class:`~gamekit.exercises.Question`; reveal_button, close_button: the panel's buttons.
    """

    def __init__(self, width: int, height: int, on_close: Callable[[], None]):
        self.quiz: Quiz | None = None
        self.question: Question | None = None
        self.heading = widgets.HTML()
        self.slot = widgets.VBox()
        self.reveal_button = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.close_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal_button.on_click(lambda _: self.reveal())
        self.close_button.on_click(lambda _: on_close())
        # the buttons over the question: a long explanation revealed under it never pushes them out of sight
        self.box = widgets.VBox([self.heading, widgets.HBox([self.reveal_button, self.close_button]), self.slot],
                                layout=widgets.Layout(width=f"{width}px", height=f"{height}px", overflow="auto",
                                                      display="none"))
        self.box.add_class("gk-question")
        self.relabel()

    def relabel(self) -> None:
        """Write the panel's buttons and heading in the current language (the quiz keeps the language it was
        asked in)."""
        self.reveal_button.description = _("Reveal answer")
        self.reveal_button.tooltip = _("show the right answer, why, and the rules it follows")
        self.close_button.description, self.close_button.tooltip = _("Back to the game"), _("close the question")
        if self.question is not None:
            done = self.question.action_index
            after = localize(nmsg("after {count} action", "after {count} actions", done, count=done))
            heading = html.escape(_("Question for the room"))
            self.heading.value = (f"<b>{heading}</b> "
                                  f"<span class='gk-where'>({html.escape(after)})</span>")

    def ask(self, game: Any) -> Question | None:
        """Make the question about ``game``'s position (seeded by :func:`question_seed`) and show it unanswered;
        ``None`` (and nothing shown) when no question kind fits the position. ``game`` is not changed."""
        question = about_position(game, seed=question_seed(game))
        if question is None:
            return None
        self.question = question
        self.quiz = Quiz([question], figures=False)  # the table's own map and market show the position
        self.quiz.header.layout.display = "none"  # "Question 1 of 1 … score 0 / 0": no score for the room
        self.relabel()
        self.slot.children = [self.quiz]
        self.reveal_button.disabled = False
        return question

    def reveal(self) -> Result | None:
        """Show the right answer, its explanation and the text of each rule it cites (``None`` before a question
        was asked)."""
        if self.quiz is None:
            return None
        self.reveal_button.disabled = True
        return self.quiz.reveal()

    @property
    def shown(self) -> bool:
        """Whether the panel is on screen."""
        return self.box.layout.display != "none"

    def show(self, shown: bool) -> None:
        """Put the panel on screen (``shown``) or take it off."""
        set_layout(self.box.layout, display=None if shown else "none")


def no_question_html() -> str:
    """The table's message when the position has no question (:data:`NO_QUESTION`)."""
    return f"<i>{html.escape(_(NO_QUESTION))}</i>"
