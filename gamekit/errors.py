"""The two kinds of error gamekit raises: illegal moves and malformed input."""

from __future__ import annotations

from .i18n import _, localize


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


class DataError(ValueError):
    """A malformed file: a data file, a saved game or an imported log.

    The message names the place that is wrong (file, action id or index, field), e.g.
    ``"game.json: action 17: unknown certificate 'NYC_12'"``.
    """


def cut(text: str, most: int = 80) -> str:
    """``text`` cut to ``most`` characters (the last one ``…``), for text of any size inside a message: an id, an
    action's sentence (unlike :func:`shown`, without quotes)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def shown(value: object, most: int = 60) -> str:
    """``repr(value)`` cut to ``most`` characters, for a message about input of any size (a pasted page or a
    number of thousands of digits must not fill the message)."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"
