"""Events: what an action changed, each citing the rule that made it so."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .i18n import localize


@dataclass(frozen=True)
class Event:
    """One thing that happened in a game.

    Attributes:
        rule: id of the rule section that caused it (e.g. ``"1830:stock.float"``); see
            :func:`gamekit.rules.rule_text`.
        text: a sentence for the game log (money in the title's currency, e.g. "NYC floats and receives $900"),
            in English; where it is a :class:`gamekit.i18n.Message` (built from a translatable template and its
            values) :attr:`local_text` renders it in the current language.
        kind: a short machine tag (e.g. ``"float"``, ``"price_move"``, ``"payout"``) for views and tests.
        data: the facts behind the sentence (entity ids, amounts in currency units, prices per 10% share); a new
            empty dict when not given.
    """

    rule: str
    text: str
    kind: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def __init__(self, rule: str, text: str, kind: str = "", data: dict[str, Any] | None = None):
        # the dataclass's own __init__ of a frozen class sets each field through object.__setattr__: half of the
        # cost of an event, and an action makes one or two
        held = self.__dict__
        held["rule"] = rule
        held["text"] = text
        held["kind"] = kind
        held["data"] = {} if data is None else data

    @property
    def local_text(self) -> str:
        """The sentence in the current language (:func:`gamekit.set_language`); English text that is not a
        template stays as it is."""
        return localize(self.text)

    def __str__(self) -> str:
        return f"{self.local_text} [{self.rule}]"
