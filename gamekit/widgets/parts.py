"""Pieces shared by the explorer, the replay player and the quiz: figure panels that update in place, event-log lines
whose rule opens its text, and names of entities. Nothing here applies a rule; it asks the game. Texts are in the
current language (:mod:`gamekit.i18n`): event sentences built from templates render in it, names stay as given."""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Iterable

import ipywidgets as widgets
import plotly.graph_objects as go
import plotly.io as pio

from .. import viz
from ..errors import message_of
from ..html_view import train_kinds
from ..i18n import N_, _, localize, msg
from ..loading import MAX_DIGITS
from ..numerals import typed_whole_number
from ..rules import rule_text
from ..sentences import sentence_then


TYPED_DIGITS = 40
"""Longest number a box reads: more digits than any amount or seed a game takes (18), so the game still refuses
a too-long number with its own rule, and Python's ``int`` never meets thousands of digits."""


def typed_whole(text: str, name: str) -> int:
    """The whole number typed in a text box: an optional sign and digits, spaces round them trimmed, read by the
    kit's one policy (:func:`gamekit.numerals.typed_whole_number`: full-width and other scripts' decimal digits
    read as ``int()`` reads them, no ``_``).

    A browser's number box would read ``46.5`` as 465 and ``1e3`` as 13; a text box read here refuses them instead.

    Args:
        text: what was typed.
        name: what the number is (``"amount"``, ``"seed"``), for the message.

    Returns:
        The number (of at most :data:`TYPED_DIGITS` digits; its range is for the game to judge).

    Raises:
        ValueError: a one-line message when ``text`` is not such a number (in the current language).
    """
    number = typed_whole_number(text, most=TYPED_DIGITS)
    if number is None:
        stripped = text.strip()
        shown = stripped if len(stripped) <= 24 else stripped[:20] + "…"
        raise ValueError(localize(msg("the {name} must be a whole number (digits only), not {text}",
                                      name=field_label(name), text=repr(shown))))
    return number


FIELD_NAMES = {"amount": N_("amount"), "price": N_("price"), "seed": N_("seed"), "shares": N_("shares"),
               "stock_value": N_("stock value"), "number of players": N_("number of players")}
"""How the widgets name the fields of a range (``ActionRange.field``) and a typed number, translated where shown."""


def field_label(field: str) -> str:
    """The name of an action's field or a typed number in the current language (an unknown field as it is)."""
    return _(FIELD_NAMES[field]) if field in FIELD_NAMES else field


def typed_action(rng: Any, value: int) -> Any:
    """The action of ``rng`` (an :class:`~gamekit.choices.ActionRange`) at ``value`` as typed: the range's own
    action inside it; outside it, the template with the field set to ``value``, for ``process`` to refuse with the
    rule that forbids it (a widget never changes a typed amount into a legal one)."""
    if value in rng.values():
        return rng.action(value)
    return rng.template.replace(**{rng.field: value})


def range_refusal(rng: Any, text: str, why: Callable[[Any], Any] | None = None) -> str | None:
    """Why ``text``, typed in an amount box, is no value of the range ``rng`` (an
    :class:`~gamekit.choices.ActionRange`), in one line in the current language, or ``None`` when it is one: not a
    whole number (:func:`typed_whole`), between two steps of the range, or outside it (with the game's own reason
    and rule where ``why``, the game's ``why_illegal``, gives one for the action at that value, asked only of a
    number a game could hold: at most :data:`~gamekit.loading.MAX_DIGITS` digits)."""
    try:
        value = typed_whole(text, rng.field)
    except ValueError as err:
        return str(err)
    if value in rng.values():
        return None
    words = dict(value=value, field=field_label(rng.field), low=rng.low, high=rng.high)
    if rng.low <= value <= rng.high:
        return localize(msg("{value} is not a {field} of the range: from {low} to {high} in steps of {step}",
                            step=rng.step, **words))
    # a number longer than any a game holds is refused by the action's field format, not by a rule: the range says it
    refused = why(typed_action(rng, value)) if why is not None and abs(value) < 10 ** MAX_DIGITS else None
    if refused is None:
        return localize(msg("{value} is outside the range: the {field} is from {low} to {high}", **words))
    return localize(msg("{value} is outside the range: the {field} is from {low} to {high}; {reason}",
                        reason=message_of(refused), **words))


def refused_note(reason: str) -> str:
    """A refusal shown under a control: ``Refused: <reason>`` (in the current language, HTML-escaped) in red."""
    text = _("Refused: {reason}").format(reason=reason)
    return f"<span style='color:#b2182b'>{html.escape(text)}</span>"


def set_layout(layout: widgets.Layout, **values: str | None) -> None:
    """Set CSS properties of a widget's ``layout`` on screen, ``None`` meaning the widget's own (the property
    cleared), e.g. ``set_layout(box.layout, display=None)`` to show a box hidden with ``display="none"``.

    JupyterLite's Pyodide kernel leaves a ``None`` out of the widget state it sends to the browser, so there a
    property set before (``"none"``) would stay set and a hidden panel would never show. An empty value clears a
    CSS property in every front end; it is sent first, and the layout still ends with ``None``, as the kernels
    of JupyterLab and Voila send it."""
    for name, value in values.items():
        if value is None and getattr(layout, name) is not None:
            setattr(layout, name, "")
        setattr(layout, name, value)


def amount_box(value: int | None = None) -> widgets.Text:
    """The number box beside an amount slider (90 px wide): a text box, read by :func:`typed_whole`."""
    return widgets.Text(value="" if value is None else str(value), layout=widgets.Layout(width="90px"))


def last_value(rng: Any) -> int:
    """The highest value of the range ``rng`` (an :class:`~gamekit.choices.ActionRange`): ``high`` where it is on
    a step from ``low``, else the step below it. A slider ends there, so that its far end is a legal amount too."""
    return rng.values()[-1]


def on_slider(slider: widgets.IntSlider, value: int) -> bool:
    """Whether ``value`` is a place the slider can take: within its bounds and a whole number of steps from its
    minimum (a range's values: bids in steps of $5, par prices)."""
    return slider.min <= value <= slider.max and (value - slider.min) % slider.step == 0


def amount_controls(slider: widgets.IntSlider, number: widgets.Text) -> None:
    """Tie a slider (made with ``readout=False``: ipywidgets' readout clamps a typed number into the range without
    a word) to a number box (:func:`amount_box`): moving the slider writes the box; a whole number typed in the box
    moves the slider when it is one of the slider's values (:func:`on_slider`), and the box keeps what was typed
    otherwise (the box's text is the amount to offer, read by :func:`typed_whole`). A number between two steps
    leaves the slider where it was: the slider only ever stands on a value the game takes (a slider set to 47 in
    steps of 5 from 45 showed a bid the box's note refused), and moving it to the nearest step would write that
    step into the box over what was typed."""
    slider.observe(lambda change: setattr(number, "value", str(change["new"])), names="value")

    def follow(change: dict) -> None:
        try:
            value = typed_whole(change["new"], "amount")
        except ValueError:
            return  # said when the amount is applied
        if on_slider(slider, value):
            slider.value = value

    number.observe(follow, names="value")


def entity_name(game: Any, entity: str | None) -> str:
    """Return a player's display name, or the id of a corporation, railroad or private (``"—"`` for None): names
    are never translated."""
    return "—" if entity is None else game.name_of(entity)


class FigurePanel:
    """A figure drawn by a figure function (``viz.map_figure`` …) into an ``Output`` widget, redrawn whole.

    The figure goes to the page through Plotly's own renderer (mime type ``application/vnd.plotly.v1+json``), not
    as a ``go.FigureWidget``. Plotly 6+ makes a FigureWidget an anywidget that carries its 5 MB plotly.js bundle
    in its state and loads it in the page per widget; anywidget gives that load 2 seconds and, past them, drops
    every message the kernel sends the widget. A FigureWidget receives its traces in such a message, right after
    the page creates it, so in JupyterLab a busy page drew empty axes (3 Run-All runs of 6) and in Voila
    its view missed the changes sent after a language switch. An ``Output`` widget's figure is its output's
    data: the page draws it whenever the output arrives, with no bundle to load and no time limit.

    Args:
        draw: function ``game -> go.Figure``.
        game: the position to draw first.

    Attributes:
        view: the ``Output`` widget to lay out.
        figure: the ``go.Figure`` on screen (its ``data`` and ``layout`` read as drawn).
    """

    def __init__(self, draw: Callable[[Any], go.Figure], game: Any):
        self.draw = draw
        self.view = widgets.Output()
        self.show(game)

    def show(self, game: Any) -> None:
        """Draw ``game``'s position in place of the last figure (the ``Output`` widget stays)."""
        self.render(self.draw(game))

    def render(self, figure: go.Figure) -> None:
        """Put ``figure`` on screen in place of the last one (the replay's timeline with its line moved)."""
        self.figure = figure
        bundle = pio.renderers["plotly_mimetype"].to_mimebundle(figure.to_dict())
        bundle["application/vnd.plotly.v1+json"]["config"] = {"displaylogo": False}
        self.view.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def figure_panels(game: Any) -> dict[str, FigurePanel]:
    """Return the panels the title has: ``"map"`` (every title with a map view), ``"market"`` (18xx titles).

    Args:
        game: the position to draw first.
    """
    panels = {}
    if viz.has_map(game):
        panels["map"] = FigurePanel(viz.map_figure, game)
    if viz.has_market(game):
        panels["market"] = FigurePanel(viz.market_figure, game)
    return panels


def rule_html(rule_id: str) -> str:
    """Return a rule's id and text as HTML in the current language (a note when the rules file has no such
    section)."""
    try:
        text = rule_text(rule_id)
    except KeyError:
        text = _("(no text for this rule id)")
    blocks = "".join(_block_html(block) for block in text.split("\n\n"))
    return f"<div style='border-left:3px solid #888;padding-left:6px'><b>{html.escape(rule_id)}</b>{blocks}</div>"


_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)]) ")


def _block_html(block: str) -> str:
    """One block of a rule's text as HTML: its paragraph (one line of :func:`gamekit.rules.rule_text`, which the
    panel wraps where it is narrow), then its list items, one line each; a table keeps its lines, monospaced,
    scrolling sideways if wide."""
    lines = block.splitlines()
    if lines and lines[0].startswith("|"):
        return f"<pre style='white-space:pre;overflow-x:auto;margin:4px 0'>{html.escape(block)}</pre>"
    items = [line.strip() for line in lines if _ITEM.match(line)]
    words = [line.strip() for line in lines if not _ITEM.match(line)]
    shown = f"<p style='margin:4px 0'>{_inline(' '.join(words))}</p>" if words else ""
    return shown + "".join(f"<div style='margin:2px 0 2px 1em;text-indent:-1em'>{_inline(_bullet(item))}</div>"
                           for item in items)


def _bullet(item: str) -> str:
    """A list item with the rules file's ``-``/``*`` marker drawn as a bullet (numbered items keep their number)."""
    return "• " + item[2:] if item[:2] in ("- ", "* ") else item


def _inline(text: str) -> str:
    """Escaped text with the rules files' **bold** and `code` marks shown as such."""
    marked = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html.escape(text))
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", marked)


_ROW = widgets.Layout(flex="0 0 auto")
"""A log row keeps its height: in the log's box (a flex column of at most 320 px) rows would otherwise shrink to
nothing once they overflow it (a long log showed only its headings) instead of scrolling."""


class EventLog:
    """The event log: one line per event with its text and a button naming its rule; the button opens the
    rule's text in ``rule_view``. The newest action's events are shown first, so a learner sees what the last
    action did without scrolling the box (the classroom's projector shows only the top); ``lines`` holds the event
    rows shown (the latest ``limit`` events), top to bottom."""

    def __init__(self, limit: int = 80):
        self.limit = limit
        self.box = widgets.VBox(layout=widgets.Layout(max_height="320px", overflow="auto"))
        self.rule_view = widgets.HTML()
        self.lines: list[widgets.HBox] = []

    def show(self, entries: Iterable[tuple[str, Any]]) -> None:
        """Show ``(heading, event)`` pairs, given latest last; a heading (the action's sentence) starts a group,
        and the groups are shown latest first, each with its events in the order they happened."""
        groups: list[list[widgets.Widget]] = []
        last_heading = None
        for heading, event in list(entries)[-self.limit:]:
            if heading != last_heading:
                groups.append([widgets.HTML(f"<b>{html.escape(heading)}</b>", layout=_ROW)])
                last_heading = heading
            groups[-1].append(self._line(event))
        self.box.children = [row for group in reversed(groups) for row in group]
        self.lines = [row for row in self.box.children if isinstance(row, widgets.HBox)]

    def _line(self, event: Any) -> widgets.HBox:
        """An event's row: its rule's button (opening the rule's text) and its text in the learner's language."""
        button = widgets.Button(description=event.rule, tooltip=_("show rule {rule}").format(rule=event.rule),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _click, rule=event.rule: self.open_rule(rule))
        return widgets.HBox([button, widgets.HTML(html.escape(event.local_text))], layout=_ROW)

    def open_rule(self, rule_id: str) -> None:
        """Show a rule's text under the log."""
        self.rule_view.value = rule_html(rule_id)


def history_entries(game: Any, first: int = 0, last: int | None = None) -> list[tuple[str, Any]]:
    """Return ``(heading, event)`` for the setup events and the events of the actions at indices ``first..last-1``
    of ``game.actions``; each heading numbers its action from 1 ("20: …" is the 20th action), as the map titles'
    "after 20 actions" and the HTML view's "20 actions" count them."""
    setup = _("Setup")
    out: list[tuple[str, Any]] = [(setup, e) for e in game.setup_events] if first == 0 else []
    for i, (action, events) in enumerate(game.history()):
        if i < first or (last is not None and i >= last):
            continue
        heading = f"{i + 1}: {localize(sentence_then(game, action, events))}"
        out += [(heading, e) for e in events]
    return out


CELL_STYLE = "padding:1px 10px 1px 0"
"""Room after each cell of the widgets' tables: a widget's HTML gets none of JupyterLab's table style, and the
headings ran into each other ("share pricetreasury")."""


def cell(text: str, tag: str = "td", number: bool = False, extra: str = "") -> str:
    """One table cell of ``text`` (in the current language where it is a message: an amount grouped as the
    language groups thousands, :class:`~gamekit.i18n.Money`; escaped) with :data:`CELL_STYLE`; a number is
    right-aligned, other text left-aligned (headings too, over their column)."""
    align = "right" if number else "left"
    return f"<{tag} style='{CELL_STYLE};text-align:{align}'{extra}>{html.escape(localize(text))}</{tag}>"


def players_html(game: Any) -> str:
    """Return a small table of each player's cash and value now: ``game.player_value`` headed by what it is in
    the title (:func:`gamekit.viz.player_value_column`: 18xx "value" in money, Continental Divide's victory
    points; no second column where the value is the money, as in American Rails)."""
    from ..viz import player_value_column

    column = player_value_column(game)

    def value(player_id: str) -> str:
        amount = game.player_value(player_id)
        return game.money(amount) if column and column[1] else str(amount)

    head = cell(_("player"), "th") + cell(_("cash"), "th", number=True) + \
        (cell(column[0], "th", number=True) if column else "")
    rows = "".join(f"<tr>{cell(p.name)}{cell(game.money(game.cash(p.id)), number=True)}"
                   + (cell(value(p.id), number=True) if column else "") + "</tr>" for p in game.players)
    return f"<table><tr>{head}</tr>{rows}</table>"


KIND_HEADINGS = {"coal": N_("coal companies"), "minor": N_("minors"), "major": N_("majors"),
                 "national": N_("national railways")}
"""How the companies table names each kind of company (``CorporationFacts.kind``), translated where shown."""
COMPANY_COLUMNS = ((N_("company"), False), (N_("owner or president"), False), (N_("share price"), True),
                   (N_("treasury"), True), (N_("trains"), False), (N_("stations"), False))
"""The companies table's columns: heading, and whether it holds numbers (right-aligned)."""


def companies_html(game: Any) -> str:
    """Return a table of the companies in play, grouped by kind (1837: coal companies, minors, majors, national
    railways; 1830: its majors): owner or president, share price, treasury (title's currency), trains (by kind,
    :func:`gamekit.html_view.train_kinds`) and stations, read through the query API. Empty for a title without corporations facts (the cube rails)."""
    facts = getattr(game, "facts", None)
    if not hasattr(facts, "corporation"):
        return ""
    by_kind: dict[str, list[str]] = {}
    for corp in game.corporations():
        by_kind.setdefault(facts.corporation(corp).kind, []).append(corp)
    rows = []
    for kind, corps in by_kind.items():
        heading = _(KIND_HEADINGS[kind]) if kind in KIND_HEADINGS else kind
        rows.append(f"<tr>{cell(heading, 'th', extra=f' colspan={len(COMPANY_COLUMNS)}')}</tr>")
        for corp in corps:
            price = game.share_price(corp)
            cells = [corp, entity_name(game, game.president(corp)), "—" if price is None else facts.money(price),
                     facts.money(game.treasury(corp)), train_kinds(game.trains(corp)) or "—",
                     ", ".join(game.tokens(corp)) or "—"]
            rows.append("<tr>" + "".join(cell(c, number=n) for c, (_, n) in zip(cells, COMPANY_COLUMNS)) + "</tr>")
    head = "".join(cell(_(h), "th", number=n) for h, n in COMPANY_COLUMNS)
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"
