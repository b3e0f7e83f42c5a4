"""Rule changes on 18xx.games by date (rule ``<title>:edition.history``): a log of a game played before a change
can be refused by the rule as it is now; the refusal then names the change. Each title lists its changes as
``(date, what changed, the sections whose refusals it can explain)``, dated from the public history of the
18xx.games repository, with a fourth item for a change that explains a refusal only in some games or of some
actions: its cause, a test of the game (a corrected market cell matters only once a share price has stood on it;
before that, a refused purchase has another cause) or of the refused action (:class:`Naming`: a hex that changed
explains only a refusal of an action on that hex, not "there is no hex 'Z99'")."""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, Union

from ..i18n import Message, join, msg

Cause = Callable[[Any], bool]
"""Whether a change can explain a refusal in ``game`` (the game as it stands when the rules refuse an action)."""


@dataclass(frozen=True)
class Naming:
    """The cause of a change to one place of the map: the refused action names ``hex`` (a tile laid there, a route
    through it), a test of the action rather than of the game."""

    hex: str

    def holds(self, action: Any) -> bool:
        """True if ``action`` (an action record; ``None``: no action to test) names the hex in any of its fields."""
        return action is not None and self.hex in _texts(action)


Change = Union[tuple[str, str, tuple[str, ...]], tuple[str, str, tuple[str, ...], Union[Cause, Naming]]]


def note(prefix: str, title: str, changes: tuple[Change, ...], rule: str, created_at, game: Any = None,
         action: Any = None) -> Message | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` (``<prefix>:<section>``) and whose
    cause, where the change has one, holds in ``game`` or of the refused ``action`` (:class:`Naming`), in words (a
    :class:`~gamekit.i18n.Message`; each change's ``what`` is inserted as the title gives it), or ``None`` (also for
    a rule of another title or a log entry without a date, or with one no calendar day has). A change with a cause
    is left out without a ``game`` or an ``action`` to test it on."""
    if not isinstance(created_at, (int, float)) or isinstance(created_at, bool) or not rule.startswith(prefix + ":"):
        return None
    played = _day(created_at)
    if played is None:
        return None
    section = rule.split(":", 1)[1]
    # the cause last: it may replay the game, and only a change of the refusing rule after the log's day needs it
    later = [msg("on {day} {change}", day=day, change=what) for day, what, sections, *cause in changes
             if day > played and section in sections and all(_holds(holds, game, action) for holds in cause)]
    if not later:
        return None
    return msg("this action was played on {played}, and {title}'s rules changed since: {changes}", played=played,
               title=title, changes=join("; ", later))


def _holds(cause: Cause | Naming, game: Any, action: Any) -> bool:
    """Whether a change's cause holds: a :class:`Naming` of ``action``, another of ``game`` (none without one)."""
    if isinstance(cause, Naming):
        return cause.holds(action)
    return game is not None and cause(game)


def _texts(value: Any) -> Iterator[str]:
    """Every text in an action record's fields, nested records and tuples included (a route's hexes)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _texts(item)
    elif is_dataclass(value):
        for field in fields(value):
            yield from _texts(getattr(value, field.name))


def _day(created_at: float) -> str | None:
    """The day (``YYYY-MM-DD``, UTC) of ``created_at`` (seconds since 1970), or ``None`` for a number no calendar
    day has (out of range or not finite), read as a log entry without a date: a log's field is third-party data."""
    try:
        return datetime.fromtimestamp(created_at, tz=timezone.utc).date().isoformat()
    except (OverflowError, ValueError, OSError):
        return None
