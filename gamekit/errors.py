"""The kinds of error gamekit raises: illegal moves, malformed input and refused arguments."""

from __future__ import annotations

from typing import Any

from .i18n import _, localize, msg


class GameError(Exception):
    """An action the rules forbid.

    Raised by :meth:`gamekit.game.Game.process` (and the title rules under it); the game state is left
    exactly as it was before the call.

    Args:
        message: what is wrong, in a sentence a player understands (e.g. "Ann has $40, the bid is $45").
        rule: the id of the rule section that forbids it (e.g. ``"1830:auction.bid"``); its text is in
            ``data/<title>/rules.md`` and :func:`gamekit.rules.rule_text` returns it.

    ``message`` stays the English text; ``str(error)`` is in the current language where the message is a
    :class:`gamekit.i18n.Message` (a translatable template with its values).
    """

    def __init__(self, message: str, rule: str):
        super().__init__(message, rule)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return _("{message} (rule {rule})").format(message=localize(self.message), rule=self.rule)


class UnknownName(GameError, ValueError):
    """A name gamekit does not know where it expects one of a fixed list: a title
    (:func:`gamekit.titles.game_class`, rule ``core:setup.title``) or a language (:func:`gamekit.i18n.set_language`,
    rule ``core:setup.language``); the message lists the names accepted. A :class:`GameError` like every refusal,
    and a ``ValueError`` as well, as it was before, so that code catching that still catches it."""


class DataError(ValueError):
    """A malformed file: a data file, a saved game or an imported log.

    Args:
        message: one line naming the place that is wrong (file, action id or index, field) and what is wrong
            there, e.g. ``"game.json: action 17: unknown certificate 'NYC_12'"``.

    ``message`` (and ``args[0]``) stays the English text; ``str(error)`` is in the current language where the
    message is a :class:`gamekit.i18n.Message` (a translatable template with its values), as a command line shows
    it. A message that wraps another error's passes on ``error.message``, never ``str(error)``, so the English
    stays English.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return localize(self.message)


class UsageError(ValueError):
    """An argument a function refuses before it starts (a count, a seat list, a path to write), as a command line
    shows it.

    Args:
        message: what is wrong, naming the argument; ``message`` (and ``args[0]``) stays the English text and
            ``str(error)`` is in the current language where it is a :class:`gamekit.i18n.Message`.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return localize(self.message)


def message_of(exc: BaseException) -> Any:
    """The text of ``exc`` to put inside another message, kept in English and rendered in the current language
    where it is shown: a :class:`DataError`'s ``message``, a :class:`GameError`'s message with its rule, another
    error's first argument when it is text (a :class:`gamekit.i18n.Message` where the code built one), else
    ``str(exc)``."""
    if isinstance(exc, (DataError, UsageError)):
        return exc.message
    if isinstance(exc, GameError):
        return msg("{message} (rule {rule})", message=exc.message, rule=exc.rule)
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def cut(text: str, most: int = 80) -> str:
    """``text`` cut to ``most`` characters (the last one ``…``), for text of any size inside a message: an id, an
    action's sentence (unlike :func:`shown`, without quotes)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def shown(value: object, most: int = 60) -> str:
    """``repr(value)`` cut to ``most`` characters, for a message about input of any size (a pasted page or a
    number of thousands of digits must not fill the message)."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"
