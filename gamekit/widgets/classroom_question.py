"""The classroom's "Question" panel (issue 34): the projected position becomes a question for the room.

:func:`gamekit.exercises.about_position` turns the position a table shows into a question whose answer the
engine computed (a share sale's price, a payout, a tile lay, the best route, a minimum bid …), drawn with the
number of actions played as its seed, so the same position always asks the same question. The room answers
aloud; the teacher may type its answer into the quiz and press Answer, and **Reveal answer** shows the right
answer with its explanation and the text of every rule it cites (:meth:`gamekit.widgets.Quiz.reveal`). The
panel takes the actions' column while it is open; the map and the market beside it show the position asked
about. Public API only.

The map of the table prints place names, revenues and tiles, not the hexes' coordinates, while a question may
name hexes by them ("May it lay tile 23 on I3", "P3 builds UP from O31: N32 → M33"). So the panel shows, under
the answer row, a window onto the map round the hexes the question names, each outlined and labelled with its
coordinate (:func:`marked`), with the place names around them to find them by on the table's map; after
**Reveal answer**, also round those its explanation names (the hexes a tile may go on). The table's own map
outlines and labels the same hexes while the question is up (``on_marks``), and drops them when it goes.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Collection, Sequence

import ipywidgets as widgets

from .. import viz
from ..exercises import Question, Result, about_position
from ..i18n import N_, _, nmsg, localize
from ..viz.hexes import hex_center, hex_corners
from .parts import set_layout
from .quiz import Quiz, map_hexes

NO_QUESTION = N_("No question fits this position: questions ask about a bid, a share sale, a payout, a tile lay, "
               "a route, a train purchase, a phase, a build or a dividend that can be played now. Step on (or "
               "play on) to such a move and press Question again.")
"""What the table says when :func:`gamekit.exercises.about_position` has no question for the position (English;
shown translated)."""


WHERE = N_("Outlined on the map below: {hexes} (drag the map to see more of it)")
"""The heading of the window onto the hexes a question names (English; shown translated)."""
WHERE_HEIGHT = 230
"""Height in pixels of that window (with the question's prompt and answer row, it fits the panel unscrolled)."""
MARK_COLOUR = "#c2185b"
"""The outline and label colour of a named hex: a magenta no company, tile or terrain of the maps is drawn in."""
MARK_FONT_PX = 12
"""Font size a named hex's label is drawn at: shown 1.4 times larger (as the table's map), it reads 17 px."""
_COORD = re.compile(r"\b[A-Z]{1,2}\d{1,3}\b")


def question_seed(game: Any) -> int:
    """The seed of the question about ``game``'s position: the number of actions played, so the same position
    of the same game always asks the same question (and the next position most likely another)."""
    return len(game.actions)


class QuestionPanel:
    """A question about one position, laid out for a projector column ``width`` × ``height`` pixels.

    Args:
        width, height: the panel's size in pixels (it scrolls inside when the rules revealed are long).
        on_close: ``callback()`` run by **Back to the game** (the table shows its actions again).
        on_marks: ``callback(hexes)`` told the hexes the question outlines (:attr:`hexes`) each time it shows or
            reveals: the table outlines them on its own map too.

    Attributes:
        box: the panel (CSS class ``gk-question``; hidden until :meth:`ask` finds a question); quiz: the
        :class:`~gamekit.widgets.Quiz` of the question asked (``None`` before); question: that
        :class:`~gamekit.exercises.Question`; reveal_button, close_button: the panel's buttons; hexes: the hexes
        of the map the question names (:func:`hexes_named`; after the reveal, its explanation's too); where: the
        window onto them (a :class:`~gamekit.widgets.classroom_table.FigureView` in the quiz's ``aside``, CSS
        class ``gk-where-map``; ``None`` when the question names no hex); where_heading: the line over it.
    """

    def __init__(self, width: int, height: int, on_close: Callable[[], None],
                 on_marks: Callable[[list[str]], None] = lambda hexes: None):
        self.on_marks = on_marks
        self.quiz: Quiz | None = None
        self.question: Question | None = None
        self.width = width
        self.game: Any = None
        self.figure: Any = None
        self.hexes: list[str] = []
        self.where: Any = None
        self.where_heading = widgets.HTML()
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
        if self.hexes:
            where = _(WHERE).format(hexes=", ".join(self.hexes))
            self.where_heading.value = f"<span style='color:{MARK_COLOUR}'>{html.escape(where)}</span>"

    def ask(self, game: Any) -> Question | None:
        """Make the question about ``game``'s position (seeded by :func:`question_seed`) and show it unanswered;
        ``None`` (and nothing shown) when no question kind fits the position. ``game`` is not changed."""
        question = about_position(game, seed=question_seed(game))
        if question is None:
            return None
        self.question, self.game = question, game
        self.quiz = Quiz([question], figures=False)  # the table's own map and market show the position
        self.quiz.header.layout.display = "none"  # "Question 1 of 1 … score 0 / 0": no score for the room
        self.figure, self.hexes, self.where = None, [], None
        self.show_where(localize(question.prompt))
        self.relabel()
        self.slot.children = [self.quiz]
        self.reveal_button.disabled = False
        return question

    def show_where(self, text: str) -> None:
        """Show, in the quiz's ``aside``, the window onto the hexes of the map that ``text`` names, outlined and
        labelled (:func:`marked`), shown as the table shows its map (1.4 times as drawn, dragged to pan); none
        where ``text`` names no hex. Drawn again only when the hexes change."""
        from .classroom_table import FigureView, native  # imported here: that module imports this one

        if self.figure is None and viz.has_map(self.game):
            self.figure = native(viz.compact_map_figure)(self.game)
        hexes = hexes_named(text, map_hexes(self.figure), named_ids(self.game)) if self.figure is not None else []
        self.on_marks(hexes)  # the table's map, whose own figure this question's position is drawn on
        if hexes == self.hexes:
            return
        self.hexes = hexes
        if not hexes:
            self.where, self.quiz.aside.children = None, ()
            return
        centres = [hex_center(name) for name in hexes]
        figure = marked(self.figure, hexes)
        # 30 px less than the panel: its scroll bar, once the rules revealed are long, and the boxes' margins
        self.where = FigureView(lambda _game: figure, self.game, self.width - 30, WHERE_HEIGHT, lambda _game: centres,
                                titled=False)
        self.where.widget.add_class("gk-where-map")
        self.relabel()
        self.quiz.aside.children = [self.where_heading, self.where.box]

    def reveal(self) -> Result | None:
        """Show the right answer, its explanation and the text of each rule it cites (``None`` before a question
        was asked)."""
        if self.quiz is None:
            return None
        self.reveal_button.disabled = True
        result = self.quiz.reveal()
        self.show_where(localize(self.question.prompt) + "\n" + localize(result.explanation))
        return result

    @property
    def shown(self) -> bool:
        """Whether the panel is on screen."""
        return self.box.layout.display != "none"

    def show(self, shown: bool) -> None:
        """Put the panel on screen (``shown``) or take it off."""
        set_layout(self.box.layout, display=None if shown else "none")


def hexes_named(text: str, drawn: Sequence[str], others: Collection[str] = ()) -> list[str]:
    """The hexes of ``drawn`` (the names of a map's hexes, :func:`~gamekit.widgets.quiz.map_hexes`) that ``text``
    names, in the order it first names them: a player ``P3`` or a company ``KK1`` is no hex of the map, nor is
    any of ``others`` (the game's players and companies: American Rails' map has a hex ``P2``, and a saved game's
    player ``P2`` bids in its questions)."""
    found: list[str] = []
    for name in _COORD.findall(text):
        if name in drawn and name not in others and name not in found:
            found.append(name)
    return found


def named_ids(game: Any) -> set[str]:
    """The names a question may give that are no hex, whatever they look like: ``game``'s players' ids and names
    and its companies' ids."""
    return {name for p in game.players for name in (p.id, p.name)} | set(game.corporations())


def marked(figure: Any, hexes: Sequence[str], font_px: int = MARK_FONT_PX) -> Any:
    """A copy of a map ``figure`` (drawn at hex size 1, as :func:`gamekit.viz.map_figure` draws every title) with
    each of ``hexes`` outlined in :data:`MARK_COLOUR` and labelled with its coordinate, ``font_px`` pixels high as
    drawn, in the upper part of the hex, on a pale ground so that it reads over the tile and names beneath."""
    import plotly.graph_objects as go

    out = go.Figure(figure)
    for name in hexes:
        cx, cy = hex_center(name)
        corners = hex_corners(cx, cy, 0.96)
        out.add_trace(go.Scatter(x=[x for x, _ in corners], y=[y for _, y in corners], mode="lines",
                                 line=dict(color=MARK_COLOUR, width=4), hoverinfo="skip", showlegend=False))
        out.add_annotation(x=cx, y=cy + 0.5, text=f"<b>{html.escape(name)}</b>", showarrow=False,
                           font=dict(size=font_px, color=MARK_COLOUR), bgcolor="rgba(255,255,255,0.85)",
                           borderpad=1)
    return out


def no_question_html() -> str:
    """The table's message when the position has no question (:data:`NO_QUESTION`)."""
    return f"<i>{html.escape(_(NO_QUESTION))}</i>"
