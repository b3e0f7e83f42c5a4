"""Rule changes on 18xx.games by date (rule ``<title>:edition.history``): a log of a game played before a change
can be refused by the rule as it is now; the refusal then names the change. Each title lists its changes as
``(date, what changed, the sections whose refusals it can explain)``, dated from the public history of the
18xx.games repository."""

from __future__ import annotations

from datetime import datetime, timezone

from ..i18n import Message, join, msg

Change = tuple[str, str, tuple[str, ...]]


def note(prefix: str, title: str, changes: tuple[Change, ...], rule: str, created_at) -> Message | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` (``<prefix>:<section>``), in words
    (a :class:`~gamekit.i18n.Message`; each change's ``what`` is inserted as the title gives it), or ``None`` (also
    for a rule of another title or a log entry without a date)."""
    if not isinstance(created_at, (int, float)) or isinstance(created_at, bool) or not rule.startswith(prefix + ":"):
        return None
    played = datetime.fromtimestamp(created_at, tz=timezone.utc).date().isoformat()
    section = rule.split(":", 1)[1]
    later = [msg("on {day} {change}", day=day, change=what) for day, what, sections in changes
             if day > played and section in sections]
    if not later:
        return None
    return msg("this action was played on {played}, and {title}'s rules changed since: {changes}", played=played,
               title=title, changes=join("; ", later))
