"""A question: a plain value holding a position, what is asked, the answer the engine computed and why.

A :class:`Question` is immutable and JSON-ready (:meth:`Question.to_dict` / :meth:`Question.from_dict`), so a
notebook, a widget or an assignment pack can carry it; :meth:`Question.check` marks an answer without running the
engine again.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ..i18n import DOT_GROUPS, N_, Message, Money, join, language, localize, msg
from ..errors import DataError, GameError, shown
from ..loading import MAX_DIGITS, require_type
from ..numerals import typed_whole_number
from ..saved_texts import from_data, to_data

AnswerType = Literal["number", "choice", "hex"]
"""How a question is answered: a whole number (money in currency units), one of the choices, or a hex name."""
DOLLARS = "${:,}"
"""How the dollar titles write an amount (1830 and the cube-rail titles, as :meth:`gamekit.game.Game.money` does by
default): the money format of a :class:`Question` and of :func:`read_answer` unless given another."""


@dataclass(frozen=True)
class Result:
    """The mark of one answer.

    Attributes:
        correct: whether the answer is right.
        explanation: why (the engine's account of the position, citing the rules), prefixed by a verdict; English
            text that renders in the current language (:func:`gamekit.i18n.localize`).
        given: the answer as read (a number, a choice or a hex name; ``None`` when it could not be read).
        expected: the right answer.
    """

    correct: bool
    explanation: str
    given: Any = None
    expected: Any = None


@dataclass(frozen=True)
class Question:
    """One question about one position of a game.

    Attributes:
        kind: the question kind (a key of :data:`gamekit.exercises.KINDS`, e.g. ``"sale_price"``).
        title: the game's title (CLI name).
        prompt: what is asked, in words (money as the title writes it).
        answer_type: ``"number"``, ``"choice"`` or ``"hex"``.
        answer: the right answer the engine computed (an int, a choice text or a hex name).
        explanation: why that is the answer: the engine's events and the rules they cite.
        rule_ids: the rule sections the explanation cites (their texts: :meth:`rule_texts`).
        save: the position as a gamekit save (``gamekit.load_json(save)`` is the game just before the asked move).
        action_index: the number of actions played to reach the position (the index of the next action in the
            source game).
        choices: the choices of a ``"choice"`` question, in the order shown.
        accepted: every answer marked right (a hex question may have several right hexes; else just ``answer``).
        money: how the title writes an amount, a format with one ``{:,}`` field (``"${:,}"``, ``"{:,}K"``).
    """

    kind: str
    title: str
    prompt: str
    answer_type: AnswerType
    answer: int | str
    explanation: str
    rule_ids: tuple[str, ...]
    save: str
    action_index: int
    choices: tuple[str, ...] = ()
    accepted: tuple[int | str, ...] = field(default=())
    money: str = DOLLARS

    def check(self, answer: Any) -> Result:
        """Mark ``answer``: a whole number (``90``, ``"$90"``, ``"-$5"``, ``"1,100"``, ``"1.100"`` in a language that
        groups thousands with a dot, ``"90 $"``; with the title's own money sign only, ``"120K"`` in 1837, never in
        1830: :meth:`read`, :data:`_NUMBER`), a choice (its text in English or in the current language, case and
        spaces ignored, or the start of it that no other choice shares, or its number as listed, ``2`` or ``"2"``:
        :func:`choices_meant`) or a hex name (``"e19"`` and full-width ``"Ｅ１９"`` are ``"E19"``), by
        :attr:`answer_type`.

        Returns:
            A :class:`Result`; an answer that cannot be read is wrong and the explanation says what is expected;
            an answer that could mean several choices is wrong and the explanation names them.
        """
        meant = choices_meant(answer, self.choices) if self.answer_type == "choice" else ()
        # a choice is read as read_answer reads it, from the choices already matched
        given = the_choice_meant(meant) if self.answer_type == "choice" else self.read(answer)
        right = self.accepted or (self.answer,)
        correct = given is not None and given in right
        if len(meant) > 1:  # never marked right by luck: the learner says which choice
            verdict = msg("Wrong: {given} could be any of {choices}; write more of the choice's text to tell which. "
                          "The answer is {answer}.", given=answer_shown(answer), choices=choices_listed(meant),
                          answer=self.shown())
        elif given is None:
            verdict = msg("Wrong: could not read {given} as {expected}; the answer is {answer}.",
                          given=answer_shown(answer), expected=self._readable(), answer=self.shown())
        elif correct:
            verdict = msg("Right: {given}.", given=self.shown(given))
        else:
            verdict = msg("Wrong: not {given}; the answer is {answer}.", given=self.shown(given), answer=self.shown())
        return Result(correct, join("\n", (verdict, self.explanation)), given, self.answer)

    def read(self, answer: Any) -> int | str | None:
        """Return ``answer`` read as this question reads it (:func:`read_answer` with its type, its choices and its
        title's money, :attr:`money`), or ``None`` when it cannot be: ``"80K"`` is no amount of an 1830 question,
        whose money is dollars, as ``"abc"`` is none."""
        return read_answer(self.answer_type, answer, self.choices, self.money)

    def shown(self, value: Any = None) -> str:
        """Return ``value`` (default the answer) as written to the learner: every number kind asks an amount of money,
        written as the title writes money (:attr:`money`), a :class:`~gamekit.i18n.Money` that groups thousands as
        the learner's language does (``$1.100`` in Dutch)."""
        value = self.answer if value is None else value
        if self.answer_type == "number":  # a debt with its sign first, as the titles write money (-$5)
            return Money(value, self.money.replace("{:,}", "{}"))
        return value if isinstance(value, Message) else str(value)  # a choice renders in the current language

    def _readable(self) -> Message:
        """What an answer must be, as a refusal names it: an amount with an example in the learner's grouping
        (``a whole number such as $1.100``, grouped as the language groups thousands), a choice or a hex."""
        if self.answer_type == "number":
            return msg("a whole number such as {example}", example=self.shown(1100))
        return Message(_READABLE[self.answer_type], {})

    def currency(self) -> str:
        """The sign the title writes its money with (``"$"``, ``"K"`` in 1837, ``"F"`` in 1894), from :attr:`money`
        (the title's facts)."""
        return currency_sign(self.money)

    def rule_texts(self) -> dict[str, str]:
        """Return rule id → its heading and text (:func:`gamekit.rules.rule_text`) for :attr:`rule_ids`."""
        from ..rules import rule_text

        return {rule: rule_text(rule) for rule in self.rule_ids}

    def position(self):
        """Return the game at the question's position (loaded from :attr:`save`)."""
        from .. import load_json

        return load_json(self.save)

    def to_dict(self) -> dict[str, Any]:
        """Return the question as a JSON-ready dict (tuples as lists; its texts as :func:`gamekit.saved_texts.to_data`
        writes them, so that the question read back renders in every language)."""
        data = asdict(self)
        data["rule_ids"] = list(data["rule_ids"])
        for key in _TEXTS:
            data[key] = to_data(getattr(self, key))
        for key in ("choices", "accepted"):
            data[key] = [to_data(value) for value in getattr(self, key)]
        return data

    @classmethod
    def from_dict(cls, data: Any, where: str = "question") -> "Question":
        """Return the question :meth:`to_dict` wrote, each field checked: its kind of value, ``answer_type`` one of
        ``"number"``, ``"choice"``, ``"hex"``, a number question's answers whole numbers, a choice or hex
        question's answers texts, and every text one that renders (a plain string or a message :meth:`to_dict`
        wrote); and what they hold (:func:`_check_content`): a title of gamekit, a question kind, a ``save`` of that
        title with ``action_index`` one of its positions, rule ids its rules have, ``money`` as that title writes
        it, a choice question's answer among its choices. A question that loads can be shown and checked.

        Args:
            data: the dict (from JSON).
            where: the place named in an error (``"assignment: question 2"``).

        Raises:
            DataError: one line naming ``where`` and the field: not a dict, a missing or unknown field, a value of
                another kind or content.
        """
        require_type(data, dict, where)
        names = set(_FIELDS)
        missing = [name for name in _REQUIRED if name not in data]
        unknown = sorted(str(key) for key in data if key not in names)
        if missing:
            raise DataError(msg("{where}: field {name} is missing", where=where, name=repr(missing[0])))
        if unknown:
            raise DataError(msg("{where}: {name} is not a field of a question", where=where,
                                name=shown(unknown[0], 30)))
        for name, kind in _FIELDS.items():
            if name in data:
                require_type(data[name], kind, f"{where}: field '{name}'")
        answer_type = data["answer_type"]
        if answer_type not in ("number", "choice", "hex"):
            raise DataError(msg("{where}: field 'answer_type': {value} is not number, choice or hex", where=where,
                                value=shown(answer_type, 30)))
        if "{:,}" not in data.get("money", "{:,}"):
            raise DataError(msg("{where}: field 'money': {value} has no amount field {{:,}}", where=where,
                                value=shown(data["money"], 30)))
        _check_content(data, where)
        values = dict(data)
        answer_kind = int if answer_type == "number" else (str, dict)
        values["answer"] = _field_text(data["answer"], answer_kind, f"{where}: field 'answer'")
        values["accepted"] = tuple(_field_text(v, answer_kind, f"{where}: field 'accepted'")
                                   for v in data.get("accepted", ()))
        values["choices"] = tuple(_field_text(v, (str, dict), f"{where}: field 'choices'")
                                  for v in data.get("choices", ()))
        values["rule_ids"] = tuple(require_type(v, str, f"{where}: field 'rule_ids'") for v in data["rule_ids"])
        for key in ("prompt", "explanation"):
            values[key] = _field_text(data[key], (str, dict), f"{where}: field '{key}'")
        if answer_type == "choice" and values["answer"] not in values["choices"]:
            raise DataError(msg("{where}: field 'answer': {value} is not one of the question's choices", where=where,
                                value=shown(values["answer"], 40)))
        return cls(**values)


def _check_content(data: dict, where: str) -> None:
    """What a question's fields hold (their kinds of value checked already): see :meth:`Question.from_dict`.

    Raises:
        DataError: one line naming ``where`` and the field.
    """
    from . import KINDS  # the kinds' modules import this one
    from ..rules import rule_text
    from ..titles import game_class

    title = data["title"]
    try:
        game_class(title)
    except GameError as exc:
        raise DataError(msg("{where}: field {field}: {problem}", where=where, field="'title'",
                            problem=exc.message)) from None
    if data["kind"] not in KINDS:
        raise DataError(msg("{where}: field 'kind': {value} is not a question kind (the kinds: {kinds})", where=where,
                            value=shown(data["kind"], 30), kinds=", ".join(KINDS)))
    money = data.get("money", DOLLARS)
    if money != title_money(title):
        raise DataError(msg("{where}: field 'money': {value} is not how {title} writes money ({own})", where=where,
                            value=shown(money, 30), title=title, own=title_money(title)))
    try:
        save = json.loads(data["save"])
    except ValueError:
        save = None
    if not isinstance(save, dict) or save.get("title") != title or not isinstance(save.get("actions"), list):
        raise DataError(msg("{where}: field 'save': not a saved game of {title}", where=where, title=title))
    count = len(save["actions"])
    if not 0 <= data["action_index"] <= count:
        raise DataError(msg("{where}: field 'action_index': {value} is not a position of its save (0 to {count})",
                            where=where, value=shown(data["action_index"], 30), count=count))
    for rule_id in data["rule_ids"]:
        try:
            rule_text(require_type(rule_id, str, f"{where}: field 'rule_ids'"))
        except GameError as exc:
            raise DataError(msg("{where}: field {field}: {problem}", where=where, field="'rule_ids'",
                                problem=exc.message)) from None


@lru_cache(maxsize=None)
def title_money(title: str) -> str:
    """How ``title`` (a title's name) writes an amount: a format with one ``{:,}`` field (``"${:,}"``, ``"{:,}K"``),
    as its games' :meth:`~gamekit.game.Game.money` writes it (read from a game of its fewest players, once)."""
    from .kind import money_format  # the kinds' module imports this one
    from ..titles import game_class

    cls = game_class(title)
    return money_format(cls([f"p{seat}" for seat in range(1, cls.min_players + 1)]))


def _field_text(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """``value`` of ``kind`` read back by :func:`~gamekit.saved_texts.from_data`, checked to render.

    Raises:
        DataError: another kind, or a dict :func:`~gamekit.saved_texts.to_data` did not write (or whose sentence does
            not render)."""
    require_type(value, kind, where)
    try:
        text = from_data(value)
        localize(text)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise DataError(msg("{where}: not a text gamekit wrote", where=where)) from None
    return text


_TEXTS = ("prompt", "answer", "explanation")
"""The fields of a :class:`Question` that may be messages rendered in the learner's language (with ``choices`` and
``accepted``)."""
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "kind": str, "title": str, "prompt": (str, dict), "answer_type": str, "answer": (int, str, dict),
    "explanation": (str, dict), "rule_ids": list, "save": str, "action_index": int, "choices": list,
    "accepted": list, "money": str}
"""Each field of :meth:`Question.to_dict`'s dict and the JSON kinds of its value."""
_REQUIRED = ("kind", "title", "prompt", "answer_type", "answer", "explanation", "rule_ids", "save", "action_index")
"""The fields a question's dict must have (the others have defaults)."""


_READABLE = {"choice": N_("one of the choices"), "hex": N_("a hex name such as E19")}
_NUMBER = re.compile(r"^(?P<sign>-?) ?(?P<before>\D*?) ?(?P<after>-?)"
                     r"(?P<digits>\d+|[1-9]\d{0,2}(?P<sep>[,. ])\d{3}(?:(?P=sep)\d{3})*) ?(?P<unit>\D*)$")
"""An amount as a learner writes it (runs of spaces as one, none at the ends): a sign before or after a currency
sign (``-$5``, ``$-5``), the digits, maybe grouped by thousands (``1,100``, ``1.100``, ``1 100``; a group never
starts the number with a zero), and a currency sign or unit before or after them (``90 $``, ``120K``, ``40 F``):
only the question's own title's sign (:func:`currency_sign`), checked by :func:`_amount`."""


def currency_sign(money: str) -> str:
    """The sign a title writes its money with, from its money format (:attr:`Question.money`): ``"$"`` of
    ``"${:,}"``, ``"K"`` of 1837's ``"{:,}K"``, ``"F"`` of 1894's ``"{:,} F"``."""
    return money.replace("{:,}", "").strip()


_HEX = re.compile(r"^([A-Za-z]+\d+)$")


def read_answer(answer_type: AnswerType, answer: Any, choices: tuple[str, ...] = (),
                money: str = DOLLARS) -> int | str | None:
    """Return ``answer`` read as ``answer_type`` (see :meth:`Question.check`), or ``None`` when it cannot be.

    A bool is never a number; a float counts only when whole (``90.0``); a number of more than
    :data:`~gamekit.loading.MAX_DIGITS` digits is none (no game holds such an amount, and Python refuses to read or
    write one of thousands of digits); a typed amount carries no sign but ``money``'s (the question's title's:
    :func:`_amount`); a choice is the one choice of ``choices`` that :func:`choices_meant` finds (none when it
    finds several); the choice returned is the English one.

    Args:
        answer_type: ``"number"``, ``"choice"`` or ``"hex"``.
        answer: what the learner gave.
        choices: a choice question's choices as listed.
        money: how the question's title writes an amount (:attr:`Question.money`; default dollars).
    """
    if answer is None or isinstance(answer, bool):
        return None
    if answer_type == "number":
        if isinstance(answer, (int, float)):
            whole = isinstance(answer, int) or answer.is_integer()
            return int(answer) if whole and abs(answer) < 10 ** MAX_DIGITS else None
        return _amount(answer, currency_sign(money))
    if answer_type == "choice":
        return the_choice_meant(choices_meant(answer, choices))
    match = _HEX.match(_typed(answer))
    return match.group(1).upper() if match else None


def choices_meant(answer: Any, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The choices a typed ``answer`` may mean, in their order: one is an answer, several an ambiguous one, none an
    unreadable one. Compared with case and runs of spaces ignored, in English and in the current language
    (:func:`gamekit.i18n.localize`):

    * a choice whose whole text it is (``"no train"``), or whose name it is, the text before the choice's first
      colon (``"Phase 3"`` is ``"Phase 3: yellow, green tiles; …"``, never also ``"Phase 3+1: …"``); else every
      choice whose text starts with it (``"yes"`` means the one choice starting so, or is ambiguous when there are
      two);
    * and, for a number, the choice of that number as listed, counting from 1 (``2``, ``"2"``, ``"２"``), and every
      choice whose text holds that number (``"3"`` for ``"Every 3-train"``, ``"4"`` for ``"Phase 4: …"``): a
      learner typing a train or a phase must not be marked on the choice listed at that place.

    Args:
        answer: what the learner gave (a bool is nothing: ``True`` is no choice's number).
        choices: the choices as listed (English texts or messages).

    Returns:
        A tuple of items of ``choices``.
    """
    if answer is None or isinstance(answer, bool) or isinstance(answer, int) and abs(answer) >= 10 ** MAX_DIGITS:
        return ()  # Python cannot write a whole number of thousands of digits as text
    wanted = _plain(str(answer))
    if not wanted:
        return ()
    texts = [(_plain(c), _plain(localize(c))) for c in choices]
    meant = {i for i, forms in enumerate(texts) if wanted in forms or wanted in map(_name, forms)} or \
        {i for i, forms in enumerate(texts) if any(form.startswith(wanted) for form in forms)}
    if wanted.isdecimal() and len(wanted) <= MAX_DIGITS:  # nor read one back
        number = re.compile(rf"(?<!\d)0*{int(wanted)}(?!\d)")
        meant |= {i for i, forms in enumerate(texts) if any(number.search(form) for form in forms)}
        if 1 <= int(wanted) <= len(choices):
            meant.add(int(wanted) - 1)
    return tuple(choices[i] for i in sorted(meant))


def the_choice_meant(meant: tuple[str, ...]) -> str | None:
    """The one choice an answer means, from the choices :func:`choices_meant` found for it: ``None`` when it found
    several (an ambiguous answer) or none (an unreadable one)."""
    return meant[0] if len(meant) == 1 else None


def choices_listed(choices: tuple[str, ...]) -> str:
    """Choices as a message lists them, each in the current language (``Every 2-train / No train``: a slash, as
    a choice's text may hold a comma)."""
    return join(" / ", choices)


def _typed(answer: Any) -> str:
    """A typed hex name as :data:`_HEX` reads it: :func:`_normal`, no spaces."""
    return "".join(_normal(answer).split())


def _normal(answer: Any) -> str:
    """A typed answer with full-width characters as their ASCII forms (``Ｅ１９`` is ``E19``, as a Chinese input
    method types them; a no-break space as a space) and a minus sign as a hyphen."""
    return unicodedata.normalize("NFKC", str(answer)).replace("\u2212", "-")


def _amount(answer: Any, sign: str) -> int | None:
    """A typed amount (:data:`_NUMBER`) as an int, or ``None``: two signs, a currency sign or unit other than
    ``sign``, the question's title's (``80K`` or ``80 F`` in a dollar title, ``$80`` or ``80€`` in 1837, ``80M``,
    ``80 ab``: a sign of another title or currency means another amount), a sign both before and after, spaces
    inside the digits that do not group thousands (``8 0``), a group of thousands that starts with a zero
    (``0,080``), or digits grouped by the current language's decimal sign (a comma in
    :data:`gamekit.i18n.DOT_GROUPS`, where ``1,100`` is 1.1, a point in the others, where ``1.100`` is) are no
    amount. A letter unit comes after the digits, as the titles write it (``120K``, not ``K120``), in the case the
    title writes it (``80k`` is no amount of 1837). Thousands are grouped by a comma in en and zh (``$1,100``, as
    the titles' rules write money), by a dot in ca, es and nl (``$1.100``), by a space in every language
    (``1 100``); ``1,5`` or ``1.1`` is no whole number in any."""
    match = _NUMBER.match(" ".join(_normal(answer).split()))
    decimal_sign = "," if language() in DOT_GROUPS else "."
    if match is None or (match["sign"] and match["after"]) or match["sep"] == decimal_sign:
        return None
    signs = [typed for typed in (match["before"], match["unit"]) if typed]
    if len(signs) > 1 or any(typed != sign for typed in signs) or match["before"].isalpha():
        return None
    digits = match["digits"].replace(match["sep"] or ",", "").lstrip("0")
    if len(digits) > MAX_DIGITS:
        return None
    value = typed_whole_number(digits or "0", signed=False)
    return -value if match["sign"] or match["after"] else value


def answer_shown(answer: Any) -> str:
    """An answer as a message quotes it, cut to a short line (:func:`gamekit.errors.shown`): a pasted page or a
    number of thousands of digits must not fill the feedback; a whole number too long for Python to write is
    given by its size (``10^5000``)."""
    if isinstance(answer, int) and not isinstance(answer, bool) and abs(answer) >= 10 ** 60:
        return f"{'-' if answer < 0 else ''}10^{int(abs(answer).bit_length() * 0.30103)}"
    return shown(answer)


def _name(form: str) -> str:
    """A choice's name as :func:`_plain` writes it: its text before the first colon (``"phase 3"`` of
    ``"phase 3: yellow, green tiles; …"``; a Chinese ``"："`` is a colon there), or ``""`` when it has none."""
    name, colon, _rest = form.partition(":")
    return name.strip() if colon else ""


def _plain(text: str) -> str:
    """``text`` as choices are compared: full-width characters as their plain forms (``"２"`` is ``"2"``, a
    Chinese choice's ``"："`` is ``":"``, on both sides), runs of spaces as one, no case."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
