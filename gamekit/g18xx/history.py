"""Rule changes on 18xx.games by date (rule ``<title>:edition.history``): a log of a game played before a change
can be refused by the rule as it is now; the refusal then names the change. Each title lists its changes as
``(date, what changed, the sections whose refusals it can explain)``, dated from the public history of the
18xx.games repository, with a fourth item for a change that explains a refusal only in some games: its cause, a test
of the game (a corrected market cell matters only once a share price has stood on it; before that, a refused
purchase has another cause)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable, Union

from ..i18n import Message, join, msg

Cause = Callable[[Any], bool]
"""Whether a change can explain a refusal in ``game`` (the game as it stands when the rules refuse an action)."""
Change = Union[tuple[str, str, tuple[str, ...]], tuple[str, str, tuple[str, ...], Cause]]


def note(prefix: str, title: str, changes: tuple[Change, ...], rule: str, created_at, game: Any = None
         ) -> Message | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` (``<prefix>:<section>``) and whose
    cause, where the change has one, holds in ``game``, in words (a :class:`~gamekit.i18n.Message`; each change's
    ``what`` is inserted as the title gives it), or ``None`` (also for a rule of another title or a log entry
    without a date, or with one no calendar day has). A change with a cause is left out without a ``game`` to test
    it on."""
    if not isinstance(created_at, (int, float)) or isinstance(created_at, bool) or not rule.startswith(prefix + ":"):
        return None
    played = _day(created_at)
    if played is None:
        return None
    section = rule.split(":", 1)[1]
    # the cause last: it may replay the game, and only a change of the refusing rule after the log's day needs it
    later = [msg("on {day} {change}", day=day, change=what) for day, what, sections, *cause in changes
             if day > played and section in sections and all(game is not None and holds(game) for holds in cause)]
    if not later:
        return None
    return msg("this action was played on {played}, and {title}'s rules changed since: {changes}", played=played,
               title=title, changes=join("; ", later))


def _day(created_at: float) -> str | None:
    """The day (``YYYY-MM-DD``, UTC) of ``created_at`` (seconds since 1970), or ``None`` for a number no calendar
    day has (out of range or not finite), read as a log entry without a date: a log's field is third-party data."""
    try:
        return datetime.fromtimestamp(created_at, tz=timezone.utc).date().isoformat()
    except (OverflowError, ValueError, OSError):
        return None
