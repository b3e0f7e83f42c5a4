"""The classroom app: one Voila app for every title, laid out for a 1280×720 projector (issue 17).

A header picks the title (every name of :func:`gamekit.title_names`, so a title joins the app by joining the
title registry), the number of players and the seed, starts a new game, or loads a saved game (a gamekit save
, an 18xx.games export or a Rails-18xx game report) to replay. Below it, tabs hold the tables (:class:`~.classroom_table.Table`): the game
itself, and one tab per "what if" forked from it, each with a Back button to its parent.

``gamekit classroom`` (:mod:`.classroom_launch`) serves this app with Voila; ``notebooks/classroom_app.ipynb`` is
the same notebook for Binder (``?urlpath=voila/render/notebooks/classroom_app.ipynb``).
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import parse_qs

import ipywidgets as widgets

from .. import import_log, load_json, new_game
from ..errors import DataError, GameError
from ..game import SAVE_FORMAT
from ..i18n import LANGUAGES, Rendered, _, language, localize, msg, set_language
from ..loading import kind_words, parse_json
from ..numerals import typed_whole_number
from ..rails import import_rails_report, is_rails_report
from ..titles import display_name, game_class, title_names
from .classroom_launch import DEFAULT_PLAYERS, DEFAULT_SEED, DEFAULT_TITLE
from .classroom_table import Table, error_text
from .parts import set_layout, typed_whole

NAMES = ("Ann", "Ben", "Cy", "Di", "Eve", "Fay")
"""Player names of a new game, in seat order (a title for more seats names the rest "Player 7" …)."""


STYLE = """<style>
/* Projector type: 18 px body text everywhere in the app (ipywidgets size their controls from these). */
.gk-classroom { --jp-widgets-font-size: 18px; --jp-widgets-inline-height: 32px;
  --jp-widgets-inline-label-width: 70px; --jp-widgets-horizontal-tab-width: 360px; --jp-ui-font-size1: 18px; font-size: 18px; line-height: 1.3; }
.gk-classroom .widget-html-content, .gk-classroom select, .gk-classroom option, .gk-classroom input,
.gk-classroom button, .gk-classroom .widget-readout, .gk-classroom .widget-label, .gk-classroom pre,
.gk-classroom code, .gk-classroom .lm-TabBar-tabLabel { font-size: 18px; line-height: 1.3; }
.gk-classroom pre { font-family: inherit; }
.gk-classroom .widget-html-content { white-space: normal; }
.gk-classroom .lm-TabBar-tab { min-height: 30px; }
.gk-classroom .gk-log > * { flex-shrink: 0; }  /* log lines keep their height; the log scrolls instead */
/* so do the question's rows (its input row shrank to nothing); only the rows of its columns: a text that did
   not shrink across ran past the column instead of wrapping */
.gk-classroom .gk-question > *, .gk-classroom .gk-question .widget-vbox > * { flex-shrink: 0; }
.gk-classroom .widget-hbox { gap: 6px; }
.gk-classroom .gk-log .widget-button { flex: 0 0 auto; }  /* a rule id is never cut short */
.gk-refused { color: #b2182b; }
/* Load game without ipywidgets' count of files chosen ("Load game (0)"): the button's own text is hidden and
   its name written again after the icon. */
.gk-classroom .gk-upload { font-size: 0 !important; }
.gk-classroom .gk-upload i { font-size: 18px; }
.gk-classroom .gk-upload::after { font-size: 18px; margin-left: 6px; }  /* its content: upload_label_css */
/* The legal actions: a long one wraps onto a second line instead of running past the column, its radio button
   beside its first line (ipywidgets writes the button after the text: a block there, it sat on the last line). */
.gk-classroom .gk-choices .widget-radio-box label { display: flex; white-space: normal; overflow-wrap: anywhere;
  height: auto; align-items: flex-start; line-height: 1.25; margin: 2px 0; }
.gk-classroom .gk-choices .widget-radio-box input { order: -1; flex: 0 0 auto; margin: 4px 6px 0 0; }
.gk-classroom .gk-choices .widget-radio-box { width: 100%; }
/* A list longer than its box says so: a shadow over the edge where more actions wait (a cut last line alone did
   not), and a scroll bar that stays drawn. The white covers scroll with the list and hide the shadows at its ends. */
.gk-classroom .gk-choices, .gk-classroom .gk-step-box { background:
  linear-gradient(#fff 30%, rgba(255, 255, 255, 0)) top / 100% 28px no-repeat local,
  linear-gradient(rgba(255, 255, 255, 0), #fff 70%) bottom / 100% 28px no-repeat local,
  radial-gradient(farthest-side at 50% 0, rgba(0, 0, 0, 0.3), transparent) top / 100% 12px no-repeat scroll,
  radial-gradient(farthest-side at 50% 100%, rgba(0, 0, 0, 0.3), transparent) bottom / 100% 12px no-repeat scroll;
  overflow-y: scroll !important; }
/* The step's text likewise, when it is longer than its box (a drawn scroll bar only then). */
.gk-classroom .gk-step-box { overflow-y: auto !important; }
.gk-classroom .gk-choices::-webkit-scrollbar, .gk-classroom .gk-step-box::-webkit-scrollbar { width: 10px; }
.gk-classroom .gk-choices::-webkit-scrollbar-thumb, .gk-classroom .gk-step-box::-webkit-scrollbar-thumb {
  background: #9a9a9a; border-radius: 5px; }
.gk-classroom .gk-choices::-webkit-scrollbar-track, .gk-classroom .gk-step-box::-webkit-scrollbar-track {
  background: #eee; }
/* A figure's title over its panel (wrapped) and the line that opens its key. */
.gk-classroom .gk-figure-title { font-weight: bold; line-height: 24px; }
.gk-classroom .gk-key summary { cursor: pointer; color: #0b3d91; }
/* A seat's name keeps to one line of its column; a long one ends in "…" and shows whole on hover (its title). */
.gk-classroom .gk-seat { display: block; box-sizing: border-box; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.gk-classroom .gk-acting { background: #ffd966; border-radius: 4px; padding: 0 4px; }  /* the seat to act */
.gk-classroom .gk-header > * { flex-shrink: 0; }
/* The message of a load or a New game: a box over the foot of the right-hand columns (below Apply, over the rule
   view), wide enough for a Rails report's stop in every language; it wraps, scrolls past six lines, and closes
   with its ×. In the header, beside the controls, it had 140×48 px and cut the stop off at the screen's edge. */
.gk-classroom .gk-tab-row > .gk-message-box { position: absolute; right: 6px; bottom: 6px; width: 720px;
  max-width: calc(100% - 12px); box-sizing: border-box; z-index: 20; margin: 0; padding: 6px 6px 6px 12px;
  background: #fff; border: 2px solid #888; border-radius: 6px; box-shadow: 0 3px 12px rgba(0, 0, 0, 0.35);
  align-items: flex-start; }
.gk-classroom .gk-message-box > .gk-message { flex: 1 1 auto; min-width: 0; height: auto; margin: 0; }
.gk-classroom .gk-message-box .gk-message .widget-html-content { white-space: normal; overflow-wrap: anywhere;
  height: auto; max-height: 141px; overflow-y: auto; line-height: 1.3; align-self: auto; }
.gk-classroom .gk-message-box > .gk-message-close { flex: 0 0 auto; width: 36px; margin: 0 0 0 6px; }
/* The language menu sits at the right end of the tabs' row, which the tabs leave free for it (the header has no
   room left for it). */
.gk-classroom .gk-tab-row { position: relative; }
.gk-classroom .gk-tab-row > .gk-language { position: absolute; top: 0; right: 0; margin: 0; }
.gk-classroom .gk-tab-row .lm-TabBar { margin-right: 140px; }
/* A figure panel scrolls as one box (the figure is wider and taller than the panel); the output area inside it
   would otherwise scroll sideways on its own, with its scroll bar at the figure's foot, out of sight. */
.gk-classroom .gk-figure .jp-OutputArea, .gk-classroom .gk-figure .jp-OutputArea-child,
.gk-classroom .gk-figure .jp-OutputArea-output { overflow: visible; }
/* The Voila page itself (its body says data-voila): no margins or prompts, so the app fills the screen without
   scrolling. Scoped to Voila: in JupyterLab these rules hid the prompts of every open notebook. */
body[data-voila] { margin: 0; }
body[data-voila] #rendered_cells, body[data-voila] .jp-Cell, body[data-voila] .jp-Cell-outputWrapper,
body[data-voila] .jp-OutputArea-child, body[data-voila] .jp-OutputArea-output { margin: 0; padding: 0; }
body[data-voila] .jp-OutputPrompt, body[data-voila] .jp-InputPrompt { display: none; min-width: 0; }
/* In JupyterLab the notebook column is narrower than the 1280 px screen the app is laid out for: squeezed, its
   buttons and panels cut their text. There the app keeps its width and the output scrolls sideways. */
body:not([data-voila]) .gk-classroom { min-width: 1260px; }
body:not([data-voila]) .jp-OutputArea-output:has(.gk-classroom) { overflow-x: auto; }
</style>"""


def upload_label_css() -> str:
    """The style rule that writes the Load game button's name after its icon (:data:`STYLE` hides the button's own
    text), in the current language: a CSS string cannot be translated where it stands in the style sheet."""
    # JSON's string escapes are CSS's for quotes and backslashes; a "<" would end the style element
    label = json.dumps(_("Load game"), ensure_ascii=False).replace("<", "\\3C ")
    return f"<style>.gk-classroom .gk-upload::after {{ content: {label}; }}</style>"


HEADING = -1
"""The value of the examples menu's heading ("examples…"): not ``None``, which a ``Dropdown`` takes for no
choice at all and shows as a blank menu."""

def player_names(count: int) -> list[str]:
    """Return ``count`` player names in seat order (:data:`NAMES`, then "Player 7", …)."""
    return [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(count)]


def read_game(data: bytes | str) -> Any:
    """Read a saved game for replay: a gamekit save (:meth:`Game.to_json`) or an 18xx.games export.

    Args:
        data: the file's bytes or text.

    Returns:
        The game with every recorded action applied (checked by our rules).

    Raises:
        DataError: a one-line message: not UTF-8, not JSON, nested too deep or a number too long
            (:func:`gamekit.loading.parse_json`), or an action the rules refuse (the message names it).
    """
    return read_record(parse_json(data, "game file"))


def read_record(parsed: Any) -> Any:
    """Replay a parsed game file (see :func:`read_game`): a gamekit save by its ``format``, else an 18xx.games
    export. Raises ``DataError`` as there, and for JSON that is not an object (a list, a number): the file is
    neither, and the room is told so rather than what ``import_log`` accepts from Python."""
    if not isinstance(parsed, dict):
        raise DataError(msg("{where}: expected a JSON object at the top level, not {kind}", where="game file",
                            kind=kind_words(parsed)))
    if parsed.get("format") == SAVE_FORMAT:
        return load_json(parsed)
    return import_log(parsed)


def _unnamed(name: str, called: str) -> str:
    """``name`` without the game's own name at its start: an example's label ("18xx.games game 26855: 4 players,
    …", "18xx.games 对局 26855：4 名玩家，…") begins with what the message already calls the game, which the room
    would otherwise read twice."""
    for colon in (": ", "："):
        if name.startswith(called + colon):
            return name[len(called) + len(colon):]
    return name


def record_name(parsed: Any) -> str | None:
    """What a parsed game file calls its game: ``"18xx.games game 26855"`` for an export of 18xx.games (its
    ``id``: the game's number on the site, which is not a gamekit seed; a :class:`~gamekit.i18n.Message`, shown
    with :func:`~gamekit.i18n.localize`), ``None`` for a gamekit save."""
    if isinstance(parsed, dict) and parsed.get("format") != SAVE_FORMAT:
        game_id = parsed.get("id")
        if isinstance(game_id, (int, str)) and not isinstance(game_id, bool) and str(game_id).isdigit():
            return msg("18xx.games game {number}", number=game_id)
        return msg("an 18xx.games game")
    return None


@dataclass(frozen=True)
class ExampleGame:
    """A recorded game the header's **examples** menu opens in replay mode.

    Attributes:
        title: the gamekit title name (``"1830"``) it is a game of.
        label: one line naming it in the menu (``"18xx.games game 26855: 4 players, …"``): a ``str``, or a
            :class:`~gamekit.i18n.Message` that the menu, the message line and the tab write in the current
            language (shown with :func:`~gamekit.i18n.localize`; written again when the language changes).
        read: ``read() -> parsed file``: the game file as parsed JSON (a gamekit save or an 18xx.games export),
            a fresh object each call.
    """

    title: str
    label: str
    read: Callable[[], Any]


def shipped_games(title: str) -> list[ExampleGame]:
    """The real 18xx.games games shipped with gamekit for ``title`` (:func:`gamekit.games.real_games`), as
    examples: none for a cube-rail title. Each is labelled by its description, in the language current where the
    label is shown (:class:`~gamekit.i18n.Rendered`)."""
    from ..games import real_games

    return [ExampleGame(title, Rendered(lambda game=game: game.description), game.log) for game in real_games(title)]


EXAMPLE_SOURCES: list[Callable[[str], list[ExampleGame]]] = [shipped_games]
"""Where :func:`example_games` finds recorded games: functions ``title -> [ExampleGame]``."""


def example_games(title: str) -> list[ExampleGame]:
    """The recorded games of ``title`` the header's examples menu lists (in the order of
    :data:`EXAMPLE_SOURCES`; the menu is hidden when there are none). A source joins with
    ``EXAMPLE_SOURCES.append(source)``, e.g. the real 18xx.games games shipped with gamekit:
    ``lambda title: [ExampleGame(title, g.description, g.log) for g in real_games(title)]``."""
    return [example for source in EXAMPLE_SOURCES for example in source(title)]


class Classroom(widgets.VBox):
    """The app: a header (title, players, seed, New game, Load game, examples) over tabs of tables, with the
    language menu at the right end of the tabs' row.

    Args:
        title: the title of the first game (a name of :func:`gamekit.title_names`).
        players: how many players (clamped to the title's range).
        seed: the seed of the first game.

    Raises:
        GameError: the first game is refused (a seed of more than 18 digits; :func:`classroom_app` ignores one).

    Attributes:
        title_menu, players_box, seed_box, new_button, upload (its name written by upload_style), examples,
        language_menu (:meth:`set_language`): the header's controls; message: what the last load or New game
        said (HTML), in ``message_box`` with its close button ``message_close`` (the box hidden while empty). tabs: the ``Tab`` of tables; tables: the :class:`Table` objects in tab order; parents:
        ``id(fork)`` -> the table the fork came from.
    """

    def __init__(self, title: str = DEFAULT_TITLE, players: int = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED):
        # the controls' texts are written by relabel(), in the current language
        # the titles by the names players know them by; the menu's values stay the CLI names
        self.title_menu = widgets.Dropdown(options=[(display_name(t), t) for t in title_names()], value=title,
                                           layout=widgets.Layout(width="270px"))
        # text, like the seed: a bounded number box quietly turned a typed 9 into the title's 5
        # the label as wide as its text: "jugadors", "jugadores" outgrow the 70 px ipywidgets gives a label
        self.players_box = widgets.Text(layout=widgets.Layout(width="150px"), style={"description_width": "initial"})
        # a text box read by typed_whole: a browser's number box reads 7.5 as 75 and rounds 17-digit seeds
        # wide enough for a ten-digit seed (an 18xx.games log's); longer ones scroll inside the box
        self.seed_box = widgets.Text(value=str(seed), layout=widgets.Layout(width="200px"))
        self.new_button = widgets.Button(button_style="success")
        # ipywidgets writes "Load game (0)", a count of files no one asked for: the page's style hides it, and
        # upload_style writes the name after the icon
        self.upload = widgets.FileUpload(accept=".json,.report,.txt", multiple=False,
                                          layout=widgets.Layout(width="auto"))  # as wide as its name
        self.upload.add_class("gk-upload")
        self.upload_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self.examples = widgets.Dropdown(layout=widgets.Layout(width="170px"))
        self.examples.observe(self._example_chosen, names="value")
        # each language named in itself, no label beside it (a reader of another language finds their own
        # name); "language" is its tooltip. It stands at the right end of the tabs' row (STYLE, gk-tab-row).
        self.language_menu = widgets.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                              value=language(), layout=widgets.Layout(width="130px"))
        self.language_menu.add_class("gk-language")
        self.language_menu.observe(lambda change: self.set_language(change["new"]), names="value")
        self.message = widgets.HTML()
        self.message.add_class("gk-message")
        self.message_close = widgets.Button(description="×")
        self.message_close.add_class("gk-message-close")
        self.message_close.on_click(lambda _: self.say(str))
        # the message's box (STYLE, gk-message-box) floats over the table; hidden while there is nothing to say
        self.message_box = widgets.HBox([self.message, self.message_close], layout=widgets.Layout(display="none"))
        self.message_box.add_class("gk-message-box")
        self._said: Callable[[], str] = str  # what the message line says, written again in another language
        self.tabs = widgets.Tab()
        self.tables: list[Table] = []
        self.parents: dict[int, Table] = {}
        self.title_menu.observe(lambda _: self._players_range(), names="value")
        self.title_menu.observe(lambda _: self._list_examples(), names="value")
        self.new_button.on_click(lambda _: self.new_game())
        self.upload.observe(self._uploaded, names="value")
        self._players_range(players)
        self._relabel_header()
        header = widgets.HBox([self.title_menu, self.players_box, self.seed_box, self.new_button, self.upload,
                               self.examples], layout=widgets.Layout(align_items="center"))
        header.add_class("gk-header")
        tab_row = widgets.VBox([self.tabs, self.language_menu, self.message_box])
        tab_row.add_class("gk-tab-row")
        super().__init__([widgets.HTML(STYLE), self.upload_style, header, tab_row])
        self.add_class("gk-classroom")
        self._open_only(self._new_table())

    def set_language(self, code: str) -> None:
        """Show the whole app in language ``code`` (:func:`gamekit.set_language`, for the whole process): the
        header, the message line, and every open table and fork (its controls and its position redrawn; no game
        changes).

        Raises:
            ValueError: an unknown code (the app stays as it was).
        """
        set_language(code)
        self.language_menu.value = code
        self._relabel_header()
        self.say(self._said)
        for table in self.tables:
            table.relabel()
            table.refresh()
        self.tabs.titles = tuple(localize(t.title) for t in self.tables)

    def _relabel_header(self) -> None:
        """Write the header's labels, tooltips and examples menu in the current language."""
        self.title_menu.description = _("title")
        self.players_box.description = _("players")
        self.seed_box.description = _("seed")
        self.new_button.description = _("New game")
        self.upload.description = _("Load game")
        self.upload.tooltip = _("replay a saved game, an export of a game on 18xx.games or a Rails-18xx game report")
        self.upload_style.value = upload_label_css()
        self.language_menu.tooltip = _("language")
        self.message_close.tooltip = _("close the message")
        self._list_examples()

    def say(self, text: Callable[[], str]) -> None:
        """Show ``text()`` (HTML) in the message box (shown while it says something, hidden when ``text()`` is
        empty); :meth:`set_language` calls it again."""
        self._said = text
        self.message.value = text()
        set_layout(self.message_box.layout, display=None if self.message.value else "none")

    def _players_range(self, wanted: int | None = None) -> None:
        """Put ``wanted`` players (default: the count typed, else the title's fewest) into the title's range: a
        new title or a loaded game sets a count the title plays; a count typed afterwards is for New game to
        judge."""
        cls = game_class(self.title_menu.value)
        if wanted is None:
            try:
                wanted = typed_whole(self.players_box.value, "number of players")
            except ValueError:
                wanted = cls.min_players
        self.players_box.value = str(min(max(wanted, cls.min_players), cls.max_players))

    # ----- opening tables --------------------------------------------------------------------------
    def new_game(self) -> Table | None:
        """Start a new game of the header's title, players and seed in a fresh first tab (other tabs close); a seed
        or a number of players that is not a whole number or that the game refuses (a seed of more than 18 digits,
        a count outside the title's range) is said in ``message`` (and ``None`` returned), the tables stay as
        they were."""
        try:
            table = self._new_table()
        except (ValueError, GameError) as exc:
            self.say(lambda exc=exc: refused_html(_("New game: {reason}").format(reason=error_text(exc))))
            return None
        self.say(str)
        return self._open_only(table)

    def _new_table(self) -> Table:
        seed = typed_whole(self.seed_box.value, "seed")
        count = typed_whole(self.players_box.value, "number of players")
        game_class(self.title_menu.value).check_player_count(count)  # before a name is built, in the game's words
        game = new_game(self.title_menu.value, player_names(count), seed=seed)
        return Table(game, title=msg("{title} · seed {seed}", title=display_name(game.title), seed=game.seed))

    def load(self, data: bytes | str, name: str = "game") -> Table | None:
        """Open a saved game file (see :func:`read_game`) in replay mode in a fresh first tab; a file that does not
        load is reported in ``message`` (and ``None`` returned), the tables stay as they were. A Rails-18xx game
        report (told by its content, :func:`gamekit.rails.is_rails_report`) opens as far as our rules replay it;
        where it stops, ``message`` says at which line and why. Every attempt replaces the previous message, and
        any exception of a reader is said in one line (:func:`failure_html`), never raised."""
        self.say(str)  # the last file's message must not stay to name this one
        try:
            return self._load(data, name)
        except Exception as exc:  # noqa: BLE001  (a reader's bug must still tell the room something)
            self.say(lambda exc=exc: failure_html(name, exc))
            return None

    def _load(self, data: bytes | str, name: str) -> Table | None:
        if is_rails_report(data):
            return self.replay_report(data, name)
        try:
            parsed = parse_json(data, "game file")
        except DataError as exc:
            self.say(lambda exc=exc: refused_html(f"{name}: {error_text(exc)}"))
            return None
        return self.replay(parsed, name)

    def replay(self, parsed: Any, name: str) -> Table | None:
        """Open a parsed game file (a gamekit save or an 18xx.games export; ``name`` names it, e.g. its file
        name) in replay mode in a fresh first tab. The header then shows the game's title and players, and a
        save's seed; an 18xx.games game is named by its number on the site (:func:`record_name`), never shown
        as a seed (the seed box keeps the seed of the next New game). A game that does not load is reported in
        ``message`` (and ``None`` returned), the tables stay as they were."""
        try:
            game = read_record(parsed)
        except (DataError, GameError, ValueError) as exc:
            self.say(lambda exc=exc: refused_html(f"{localize(name)}: {error_text(exc)}"))
            return None
        called = record_name(parsed)
        self._show_header(game, seed=called is None)
        self.say(lambda: html.escape(localize(msg("Replaying {game} ({file})", game=called,
                                                  file=_unnamed(localize(name), localize(called))))) if called else "")
        return self._open_only(Table(game, replay=True, title=msg("replay · {name}", name=called or name)))

    def replay_report(self, data: bytes | str, name: str) -> Table | None:
        """Open a Rails-18xx game report (``data``: its bytes or text; ``name`` names it) in replay mode in a fresh
        first tab: the game as far as our rules replay the report (:func:`gamekit.import_rails_report`), every
        figure the report states checked on the way. ``message`` names the report and, where the replay stopped
        before its end, the line and the reason. A report refused before its first action is reported in
        ``message`` (and ``None`` returned), the tables stay as they were."""
        text = data.decode("utf-8-sig", errors="replace") if isinstance(data, bytes) else data
        try:
            report = import_rails_report(text)
        except DataError as exc:
            self.say(lambda exc=exc: refused_html(f"{name}: {error_text(exc)}"))
            return None
        if report.game is None or not report.game.actions:
            self.say(lambda: refused_html(f"{name}: " + (localize(report.error) if report.error
                                                         else _("no action to replay"))))
            return None
        self._show_header(report.game, seed=False)
        self.say(lambda: report_html(report, name))
        return self._open_only(Table(report.game, replay=True, title=msg("replay · {name}", name=name)))

    def _list_examples(self) -> None:
        """Fill the examples menu with the recorded games of the header's title (hidden when there are none)."""
        self._examples = example_games(self.title_menu.value)
        self.examples.options = [(_("examples…"), HEADING),
                                 *((localize(e.label), i) for i, e in enumerate(self._examples))]
        self.examples.value = HEADING
        set_layout(self.examples.layout, display=None if self._examples else "none")

    def _example_chosen(self, change: dict) -> None:
        if change["new"] in (HEADING, None):
            return
        example = self._examples[change["new"]]
        self.examples.value = HEADING  # the menu is a list of commands: it goes back to its heading
        self.say(str)
        try:
            self.replay(example.read(), example.label)
        except Exception as exc:  # noqa: BLE001  (as in load)
            self.say(lambda exc=exc: failure_html(example.label, exc))

    def _show_header(self, game: Any, seed: bool = True) -> None:
        """Set the header's title, players and (``seed``) seed to ``game``'s, so that they describe the game shown
        (they kept the previous game's after a replay was loaded) and New game starts one like it."""
        if game.title not in title_names():
            return  # a title the app does not list (a test's own): the header cannot name it
        self.title_menu.value = game.title
        self._players_range(len(game.players))
        if seed:
            self.seed_box.value = str(game.seed)

    def _uploaded(self, change: dict) -> None:
        for upload in change["new"]:
            self.load(bytes(upload["content"]), upload["name"])

    def _open_only(self, table: Table) -> Table:
        for old in self.tables:
            old.autoplay.value = False
        self.tables, self.parents = [], {}
        return self._add(table)

    def _add(self, table: Table) -> Table:
        table.on_fork = self._fork
        table.on_back = self.back
        self.tables.append(table)
        self.tabs.children = list(self.tables)
        self.tabs.titles = tuple(localize(t.title) for t in self.tables)
        self.tabs.selected_index = len(self.tables) - 1
        return table

    def _fork(self, parent: Table, game: Any) -> None:
        table = Table(game, seats=parent.seats.copy(), title=msg("what if · {number}", number=len(self.tables)))
        set_layout(table.back_button.layout, display=None)  # the button's own display: its label centred
        self.parents[id(table)] = parent
        self._add(table)

    def back(self, table: Table) -> None:
        """Show the tab of the table ``table`` was forked from (the fork stays open in its own tab)."""
        parent = self.parents.get(id(table))
        if parent is not None:
            table.autoplay.value = False
            self.tabs.selected_index = self.tables.index(parent)

    @property
    def table(self) -> Table:
        """The table of the selected tab."""
        return self.tables[self.tabs.selected_index]


def refused_html(text: str) -> str:
    """A refusal in the header's message line: ``text`` (HTML-escaped) in the refusal colour."""
    return f"<span class='gk-refused'>{html.escape(text)}</span>"


EXPECTED = (DataError, GameError, ValueError)
"""The errors a reader refuses a file with; their text is the whole message. Any other is a reader's bug, said
with its class name (:func:`failure_html`)."""


def failure_html(name: str, error: Exception) -> str:
    """The message after the file ``name`` failed to load with ``error``: one line (its text's lines and spaces
    run together), in the refusal colour; an error other than :data:`EXPECTED` is named by its class
    (``KeyError: 'cash'``), and one without text by its class alone."""
    text = " ".join(error_text(error).split())
    if not isinstance(error, EXPECTED):
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return refused_html(f"{localize(name)}: {text}")


def report_html(report: Any, name: str) -> str:
    """The message line after a Rails-18xx report ``name`` was opened: how far it replays, and where it stopped
    (``report``: the :class:`gamekit.rails.report.RailsReport` of :func:`gamekit.import_rails_report`), in the
    current language."""
    replayed = html.escape(localize(msg("Replaying a Rails-18xx report ({file}): {done} of {lines} lines, {checked} "
                                        "figures checked", file=name, done=report.lines_done,
                                        lines=len(report.lines), checked=report.checked)))
    if not report.error:
        return replayed
    stop = html.escape(localize(msg("stopped at {reason}", reason=localize(report.error))))
    return f"{replayed}; <span class='gk-refused'>{stop}</span>"


def classroom_app(title: str = DEFAULT_TITLE, players: int = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED,
                  query: str | None = None, lang: str | None = None) -> Classroom:
    """Return the app; the URL's query string (``?title=continental-divide&players=3&seed=2&lang=ca``; Voila
    passes it as ``QUERY_STRING``) overrides the arguments. A number is read as every typed number of the kit
    (:func:`gamekit.numerals.typed_whole_number`: full-width digits and other scripts' decimal digits, no ``_``).
    An unknown title or language, a number that does not read so, or one of more than 18 digits (the game would
    refuse such a seed) is ignored. A player count outside the title's range (``players=0``, ``players=99``) is
    brought into it: the fewest or the most players the title plays. ``lang`` (a code of
    :data:`gamekit.i18n.LANGUAGES`) sets the language of the process (:func:`gamekit.set_language`) before the
    app is drawn; ``None`` keeps the current one (``GAMEKIT_LANG``, else English).

    Raises:
        GameError: the ``seed`` argument itself is refused by the game (see :class:`Classroom`).
    """
    fields = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    wanted = fields.get("title", [title])[0]
    title = wanted if wanted in title_names() else title
    numbers = {}
    for key, default in (("players", players), ("seed", seed)):
        typed = typed_whole_number(fields[key][0]) if key in fields else None
        numbers[key] = default if typed is None else typed
    wanted = fields.get("lang", [lang])[0]
    lang = wanted if wanted in LANGUAGES else lang
    if lang is not None:
        set_language(lang)
    return Classroom(title, numbers["players"], numbers["seed"])
