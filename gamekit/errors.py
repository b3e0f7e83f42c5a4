"""The kinds of error gamekit raises: illegal moves, malformed input and refused arguments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .i18n import Message, _, localize, msg


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


class UnknownId(UnknownName, KeyError):
    """An id asked of a game or of the rules that it does not have: a player, corporation, railroad or holder of
    the query API (:meth:`~gamekit.game.Game.player`, :meth:`~gamekit.query.Queries.cash`,
    :meth:`~gamekit.query.Queries.holdings`, …) or a rule section (:func:`gamekit.rules.rule_text`); the message
    names it and the ids there are. ``gamekit.game.UnknownId`` is this class too (its earlier home).

    An :class:`UnknownName` (so a :class:`GameError` with its rule) and a ``KeyError`` as it was before, whose
    ``args[0]`` is the id asked, so that code catching that still catches it.

    Args:
        message: the refusal, naming the id and the ids there are.
        rule: the rule listing the ids (``<title>:setup`` for a game's players and companies).
        name: the id asked.
    """

    def __init__(self, message: str, rule: str, name: object):
        super().__init__(message, rule)
        self.name = name
        self.args = (name,)  # a KeyError's: the missing key, as code catching a KeyError reads it

    def __reduce__(self) -> tuple:
        return type(self), (self.message, self.rule, self.name)


def unknown_id(name: object, what: str, known: Sequence[str], rule: str) -> UnknownId:
    """The refusal of an id a game does not have, to raise: ``"'Zed' is not a player or a corporation of this
    game; there are: Ann, Ben, PRR, …"``.

    Args:
        name: the id asked (shown quoted and cut, :func:`shown`).
        what: what it should have been, a translatable phrase (``N_("a player or a corporation")``).
        known: the ids there are, in the order to list them.
        rule: the rule the refusal names.
    """
    return UnknownId(msg("{name} is not {what} of this game; there are: {known}", name=shown(name),
                         what=Message(what, {}), known=", ".join(known)), rule, name)


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
