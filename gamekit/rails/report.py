"""The outcome of replaying a Rails report: :class:`RailsReport`, shaped like 18xx.games' import report."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError
from ..game import Game
from ..i18n import localize, msg, nmsg
from ..import18xx import ended_text
from .handlers import HANDLERS
from .lines import Line, looks_like_report, parse_report
from .replay import Replay, Stop, edition_of, run, variant_options
from .tables import table


@dataclass
class RailsReport:
    """The outcome of a replay (the interface of :class:`gamekit.import18xx.ImportReport`).

    Attributes:
        game: our game after the last line replayed (``None`` only if the report stopped before its players).
        lines: the report's event lines.
        where: the report's name (file name or ``report``).
        applied: our actions applied.
        checked: the report's figures compared with ours, each equal.
        lines_done: report lines replayed (all of them when ``error`` is ``None``).
        error: ``"line N: <rule>: <reason>"`` where the replay stopped, or ``None``.
        title: the report's title (``"1830"``, ``"1837"``).
        edition: 1837's edition the report plays (``"1st"``/``"2nd"``), ``None`` for 1830.
    """

    game: Game | None
    lines: list[Line]
    where: str
    title: str = ""
    applied: int = 0
    checked: int = 0
    lines_done: int = 0
    error: str | None = None
    edition: str | None = None

    @property
    def ok(self) -> bool:
        """True when every line replayed with every figure equal (Rails reports state no separate result: the
        final cash and ranking lines are checked as the replay reaches them)."""
        return self.error is None

    def mismatch(self) -> str:
        """Why the replay does not match (the stop's line and reason), or ``""`` when it does."""
        return self.error or ""

    def summary(self) -> dict[str, Any]:
        """The JSON summary printed by ``gamekit replay --json``."""
        out = self.game.outcome if self.game else None
        return {"title": self.title, "source": "rails-18xx report",
                "edition": self.edition, "lines": len(self.lines), "lines_replayed": self.lines_done,
                "actions_applied": self.applied, "figures_checked": self.checked,
                "result": dict(out.ranking) if out else None, "game_end_reason": out.reason if out else None,
                "match": self.ok, "error": self.error}

    def describe(self) -> str:
        """A short text for the terminal, in the current language: lines replayed, actions, figures checked, the
        end or the stop (the stop's reason, the figure checked, stays English: README, "Languages")."""
        name = msg("{title} ({edition} edition)", title=self.title, edition=self.edition) if self.edition \
            else self.title
        text = [msg("{title}: Rails report, {lines}, {actions}, {figures}", title=name,
                    lines=nmsg("{done} of {count} line replayed", "{done} of {count} lines replayed",
                               len(self.lines), done=self.lines_done, count=len(self.lines)),
                    actions=nmsg("{count} action applied", "{count} actions applied", self.applied,
                                 count=self.applied),
                    figures=nmsg("{count} figure checked", "{count} figures checked", self.checked,
                                 count=self.checked))]
        out = self.game.outcome if self.game else None
        if out is not None:
            text.append(ended_text(out))
            text += [f"  {place}. {player}: {value}" for place, (player, value) in enumerate(out.ranking, start=1)]
        text.append(msg("stopped at {reason}", reason=self.error) if self.error
                    else msg("every figure of the report equals ours"))
        return "\n".join(map(localize, text))


def is_rails_report(text: str | bytes) -> bool:
    """True when ``text`` is a Rails-18xx game report, decided by its shape (:func:`.lines.looks_like_report`: not
    JSON, and ``GameIs`` first or mostly event lines; a wrong line does not stop it being a report, which the
    reader then refuses naming that line). The file suffix does not matter."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            return False
    return looks_like_report(text)


def import_rails_report(path_or_text: Any, *, strict: bool = False) -> RailsReport:
    """Replay a Rails-18xx report with our rules.

    Args:
        path_or_text: a :class:`pathlib.Path` (or the path of an existing ``.report`` file) or the report's text.
        strict: raise :class:`DataError` at the first stop instead of recording it in ``error``.

    Returns:
        A :class:`RailsReport`.

    Raises:
        DataError: a malformed report (one line naming the line), a title gamekit has no Rails table for, or
            (``strict``) the first stop.
    """
    lines, where = parse_report(Path(path_or_text) if isinstance(path_or_text, Path) else path_or_text)
    try:
        rails = table(lines[0].args[0])
    except DataError as exc:
        place = f"{where}: line {lines[0].number}"
        raise DataError(msg("{where}: {problem}", where=place, problem=exc.message)) from None
    replay = Replay(lines=lines, table=rails, edition=edition_of(lines, rails))
    error = None
    try:
        replay.options = variant_options(replay)
        run(replay, HANDLERS)
    except Stop as stop:
        error = str(stop)
        if strict:
            raise DataError(f"{where}: {error}") from None
    return RailsReport(game=replay.game, lines=lines, where=where, title=rails.title, applied=replay.applied,
                       checked=replay.checked, lines_done=replay.lines_done, error=error, edition=replay.edition)
