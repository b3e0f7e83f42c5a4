"""Texts kept as JSON and read back as texts that render in every language (a question of an assignment pack,
:mod:`gamekit.exercises.question`): :func:`to_data` and :func:`from_data`, and :class:`RuleHeading`, a rule
section's heading as a value of such a text. Apart from :mod:`gamekit.i18n` because a rule's heading is read from
the titles' rules (:mod:`gamekit.rules`), which stand above the language layer that every module imports."""

from __future__ import annotations

import re
from typing import Any

from .i18n import Joined, Message, Money, Rendered, Term, _Lower, join, language
from .rules import rule_text


class RuleHeading(Message):
    """The heading of a rule section as a value of a sentence (a choice "Yes: The end of the game"): English as
    given, and in another language the heading of the title's translated rules (:func:`gamekit.rules.rule_text`),
    without the rulebook's paragraph reference (``"(ref. 29)"``, ``"（ref. 29）"``), as the English is given. Build
    one with ``RuleHeading(text, rule_id)``."""

    def __new__(cls, text: str, rule_id: str) -> "RuleHeading":
        self = str.__new__(cls, text)
        self.template, self.values = rule_id, {}
        return self

    def local(self) -> str:
        """The heading in the current language (English where the rules have no translation of it)."""
        if language() == "en":
            return str(self)
        return without_reference(rule_text(self.template).partition("\n\n")[0])

    def __reduce__(self):
        return (RuleHeading, (str(self), self.template))


def without_reference(heading: str) -> str:
    """A rule's heading without the rulebook's paragraph reference at its end (``"The end of the game (ref. 29)"``
    → ``"The end of the game"``; full-width brackets too, as the Chinese rules write them)."""
    return re.sub(r"\s*[(（]ref\.[^)）]*[)）]\s*$", "", heading)


def to_data(text: Any) -> Any:
    """``text`` as JSON-ready data that :func:`from_data` turns back into it, so that a text saved as JSON (a
    question in an assignment pack) still renders in every language: a :class:`Message` (and a :class:`Term`,
    :class:`Joined`, :class:`RuleHeading`, :class:`Money` or lower-case word) as a dict of its template and values; a number,
    ``None`` or a plain ``str`` as it is; any other value (a :class:`Rendered` too) as its English text (what the
    sentence wrote of it).

    Returns:
        A ``str``, number, ``None`` or dict (a dict is always a message: no other value is kept as one)."""
    if isinstance(text, _Lower):
        return {"lower": text.template}
    if isinstance(text, Money):
        return {"money": text.amount, "currency": text.currency}
    if isinstance(text, Rendered):
        return str(text)
    if isinstance(text, RuleHeading):
        return {"heading": str(text), "rule": text.template}
    if isinstance(text, Term):
        return {"term": str(text), "word": text.template}
    if isinstance(text, Joined):
        return {"separator": text.separator, "parts": [to_data(part) for part in text.parts]}
    if isinstance(text, Message):
        data = {"template": text.template, "values": {name: to_data(v) for name, v in text.values.items()}}
        if text.plural is not None or text.n is not None:
            data.update(plural=text.plural, n=text.n)
        return data
    if text is None or isinstance(text, (int, float)):
        return text
    return str(text)


def from_data(data: Any) -> Any:
    """The text :func:`to_data` wrote (a dict back into its :class:`Message`; anything else as it is).

    Raises:
        KeyError: a dict that :func:`to_data` did not write."""
    if not isinstance(data, dict):
        return data
    if "lower" in data:
        return _Lower(data["lower"])
    if "money" in data:
        return Money(data["money"], data["currency"])
    if "heading" in data:
        return RuleHeading(data["heading"], data["rule"])
    if "term" in data:
        return Term(data["term"], data["word"])
    if "separator" in data:
        return join(data["separator"], [from_data(part) for part in data["parts"]])
    values = {name: from_data(value) for name, value in data["values"].items()}
    return Message(data["template"], values, data.get("plural"), data.get("n"))
