"""The kit in the learner's language: English, Chinese, Catalan, Spanish and Dutch (gettext catalogues).

Every interface string is English in the code, marked for extraction (``_("Apply")``, ``ngettext(…)``), and looked
up at run time in ``gamekit/locale/<lang>/LC_MESSAGES/gamekit.mo`` (Python's :mod:`gettext`; the catalogues are
extracted, updated and compiled with Babel: README, "Languages"). The language is set for the whole process by
:func:`set_language` (``gamekit.set_language("zh")``) or, before ``import gamekit``, by the ``GAMEKIT_LANG``
environment variable; English is the default.

Event sentences and refusals are :class:`Message` values: English text (a ``str``, so every test, save and the
action codec see exactly the English sentence) that also carries its template and values, and renders itself in
the current language with :func:`localize`. Values are inserted as given: player and company names as the game
names them, money written in the title's currency (``$40``, ``40 F``; an amount of thousands as a :class:`Money`,
grouped as the learner's language groups them), numbers unchanged.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from string import Formatter
from types import CodeType, FunctionType
from typing import Any, Callable, Iterator

LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文", "ca": "Català", "es": "Español", "nl": "Nederlands"}
"""Language code → the language's own name (as the explorer's menu lists it). ``en`` is the source language."""

DOMAIN = "gamekit"
LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the compiled catalogues are: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/gamekit.mo`` (shipped in the wheel)."""


LANGUAGE_RULE = "core:setup.language"
"""The rule a language code that gamekit has no texts for is refused under (:func:`set_language`)."""


NO_LOCALE = ("C", "POSIX")
"""The locale names of no language (a container's default ``C.UTF-8``): read as English, gamekit's source
language."""


def _language_of(code: object) -> str | None:
    """The code of the language ``code`` names, or ``None`` for one gamekit has no texts in. One reading for
    :func:`set_language` and ``GAMEKIT_LANG``: spaces around the value and the case do not count, and a locale
    name as the system spells it names its language (``zh_CN.UTF-8``, ``zh-Hant``, ``NL`` and ``"zh "`` name
    ``zh``); the locale of no language (:data:`NO_LOCALE`, also ``C.UTF-8``) names English."""
    if not isinstance(code, str):
        return None
    first = re.split(r"[_.@-]", code.strip(), maxsplit=1)[0]
    if first.upper() in NO_LOCALE:
        return "en"
    return first.lower() if first.lower() in LANGUAGES else None


def _quoted(value: str, most: int = 40) -> str:
    """``repr(value)`` cut to ``most`` characters (``errors.shown``'s rule: that module imports this one): a
    mistyped variable of thousands of characters must not fill the warning."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def _from_environment() -> str:
    """The language ``GAMEKIT_LANG`` names (:func:`_language_of`), else English. An unknown value must not stop
    ``import gamekit`` (the explorer, the classroom and the CLI would all fail with a traceback): it is named in
    one line on standard error instead, cut to 40 characters."""
    value = os.environ.get("GAMEKIT_LANG") or "en"
    code = _language_of(value)
    if code is None:
        # In English, and not through msg (not defined yet): the language asked for is the one gamekit does not know
        sys.stderr.write(f"gamekit: GAMEKIT_LANG={_quoted(value)} is not a language of gamekit; the known ones are "
                         f"{', '.join(LANGUAGES)}; English is used\n")
        return "en"
    return code


_current = _from_environment()


def set_language(code: str) -> None:
    """Set the language of every text gamekit shows from now on, in this process.

    Args:
        code: one of :data:`LANGUAGES`: ``"en"``, ``"zh"``, ``"ca"``, ``"es"`` or ``"nl"`` (also as a locale
            name spells it: ``"zh_CN.UTF-8"``, ``"NL"``, ``" zh "``; ``"C"``, ``"POSIX"`` or ``"C.UTF-8"`` is
            English), read as ``GAMEKIT_LANG`` is (:func:`_language_of`).

    Raises:
        gamekit.errors.UnknownName: an unknown code (rule :data:`LANGUAGE_RULE`), naming the known ones; a
            :class:`~gamekit.errors.GameError` and a ``ValueError``. The language stays as it was.
    """
    global _current
    short = _language_of(code)
    if short is None:
        from .errors import UnknownName  # imported here: the errors import this module

        raise UnknownName(msg("{code} is not a language of gamekit; the known ones are {known}",
                              code=_quoted(code), known=", ".join(LANGUAGES)), LANGUAGE_RULE)
    _current = short


def language() -> str:
    """The current language's code (``"en"`` unless :func:`set_language` or ``GAMEKIT_LANG`` chose another)."""
    return _current


@contextmanager
def using(code: str) -> Iterator[None]:
    """``with using("ca"): …`` runs the block in language ``code`` and restores the language before it.

    Raises:
        gamekit.errors.UnknownName: an unknown code (a ``ValueError`` too).
    """
    before = _current
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


@lru_cache(maxsize=None)
def _catalogue(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English: none, the text is its own translation)."""
    if code == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])


def gettext(message: str) -> str:
    """``message`` (English) in the current language; English where the catalogue has no translation."""
    return _catalogue(_current).gettext(message)


_ = gettext


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language where it means what ``context`` says (one English word, two
    translations: "players" counted in a form, "players" heading a chart's legend)."""
    return _catalogue(_current).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with plural forms, in the current language (Chinese has one form; the
    others two, like English)."""
    return _catalogue(_current).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (a constant translated where it is shown)."""
    return message


COLOUR_NAMES = {"yellow": N_("yellow"), "green": N_("green"), "brown": N_("brown"), "gray": N_("gray"),
                "grey": N_("grey"), "white": N_("white"), "red": N_("red"), "blue": N_("blue")}
"""The colours of tiles and phases as the data names them, translated where they are shown (a map's heading, a
phase's description)."""


def colour_word(colour: str) -> str:
    """A tile's or hex's colour as the data names it (``"yellow"``), shown in the current language where
    :data:`COLOUR_NAMES` has it (a :class:`Term`), else as it is."""
    return Term(colour, COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


PHASE_NAMES = {"Yellow": N_("Yellow"), "Green": N_("Green"), "Blue": N_("Blue"), "Brown": N_("Brown"),
               "Red": N_("Red"), "Gray": N_("Gray"), "Purple": N_("Purple")}
"""The phases that a title names by colour (1894: ``Yellow`` … ``Purple``; others number them), as proper names of
phases in each language."""


def phase_word(name: str) -> str:
    """A phase's name as the data gives it (``"3"``, ``"Yellow"``), in the current language where it is a word of
    :data:`PHASE_NAMES` (a :class:`Term`), else as it is (a number or a train's name is no word)."""
    return Term(name, PHASE_NAMES[name]) if name in PHASE_NAMES else name


COMPANY_KINDS = {"coal": N_("coal companies"), "minor": N_("minors"), "major": N_("majors"),
                 "national": N_("national railways")}
"""The kinds of company a train limit may count apart (``CorporationFacts.kind``: 1837's), as words of the learner's
language; English keeps the data's ids (``coal 2, major 4``)."""


def train_limit_text(limit: int | dict[str, int]) -> str:
    """A train limit in words: ``4``, or per kind of company ``coal 2, major 3`` (sorted by kind; each kind in the
    current language where it is shown, a :class:`Joined` of :class:`Term`)."""
    if isinstance(limit, int):
        return str(limit)
    return join(", ", [join(" ", [Term(kind, COMPANY_KINDS[kind]) if kind in COMPANY_KINDS else kind, str(n)])
                       for kind, n in sorted(limit.items())])


ACTION_KINDS = {
    "bid": N_("a bid"), "par": N_("a par price"), "buy_shares": N_("a share purchase"),
    "sell_shares": N_("a share sale"), "buy_company": N_("a private company purchase"), "lay_tile": N_("a tile lay"),
    "place_token": N_("a station token"), "run_routes": N_("a run of the trains"),
    "dividend": N_("a dividend decision"), "buy_train": N_("a train purchase"),
    "discard_train": N_("a train discard"), "scrap_train": N_("a train surrender"), "bankrupt": N_("a bankruptcy"),
    "choose": N_("a choice"), "special_buy": N_("a ferry purchase"), "pass": N_("a pass"),
    "ar_bid": N_("a bid"), "ar_build": N_("a cube built"), "ar_choose_action": N_("an action chosen"),
    "ar_choose_share": N_("a share put up for auction"), "ar_develop": N_("a house placed"),
    "ar_fund": N_("a funding"), "ar_place_start": N_("a starting cube placed"), "ar_take_money": N_("a Take $2"),
    "cd_build_track": N_("a track build"), "cd_buy_share": N_("a share purchase"),
    "cd_choose_order": N_("a turn-order card taken"), "cd_start_railroad": N_("a railroad started")}
"""Action type (``Action.type``) → the kind of action in words, as a learner reads it (``"lay_tile"`` → "a tile
lay"), shown in the current language: :func:`action_words`."""


def action_words(types: Any) -> Message:
    """The kinds of action ``types`` (an iterable of action type names) in words, in the current language: one
    (``"a tile lay"``), two (``"a bid or a pass"``) or more (``"a bid, a pass or a tile lay"``); a kind twice is
    named once, a type :data:`ACTION_KINDS` lacks by its name."""
    parts = [Message(word, {}) for word in dict.fromkeys(ACTION_KINDS.get(t, t) for t in types)]
    return either(parts) if parts else msg("nothing")


def either(parts: Any) -> Any:
    """The texts ``parts`` (a non-empty sequence, Messages or plain) as alternatives, in the current language: one
    as it is, two as ``"a or b"``, more as ``"a, b or c"`` (a :class:`Message`; Chinese ``"a、b或c"``)."""
    text = parts[-1]
    if len(parts) > 1:
        text = msg("{some} or {last}", some=parts[-2], last=text)
    for part in reversed(parts[:-2]):
        text = msg("{first}, {rest}", first=part, rest=text)
    return text


LIST_TEMPLATES = {",": N_("{first}, {rest}"), ";": N_("{first}; {rest}")}
"""How a language lists texts, by the English separator: ``"a, b"`` (Chinese ``"a、b"``) and, between items that
hold commas themselves, ``"a; b"`` (Chinese ``"a；b"``)."""


def listing(parts: Any, separator: str = ",") -> Any:
    """The texts ``parts`` (a non-empty sequence, Messages or plain) listed, each in the current language, with the
    language's punctuation: ``separator`` ``","`` lists ``"a, b, c"``, ``";"`` ``"a; b; c"`` (a :class:`Message`
    whose English text is ``separator + " "`` joining them; one part as it is)."""
    template = LIST_TEMPLATES[separator]
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = Message(template, {"first": part, "rest": text})
    return text


END_REASONS = {
    "bankrupt": N_("a player went bankrupt"), "bank": N_("the bank broke"),
    "stock_market": N_("a share price reached the end of the market"),
    "final_phase": N_("the last phase's operating rounds were played"), "final_train": N_("the last train was bought"),
    "turns": N_("the last game turn was played"), "years": N_("the last year was played"),
    "shares": N_("every share was sold"), "supplies": N_("the supplies ran low")}
"""How a game ended, in words, for each end reason (``Outcome.reason``, as an 18xx.games log's ``game_end_reason``
records it): :func:`end_reason_words`."""


def end_reason_words(reason: str) -> str:
    """An end reason (``"bank"``) in words in the current language (a :class:`Message`: "the bank broke"); a reason
    :data:`END_REASONS` lacks as it is."""
    return Message(END_REASONS[reason], {}) if reason in END_REASONS else reason


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a template with plural forms for extraction without translating it now: ``(singular, plural)``, shown
    later with :func:`ngettext` or a :class:`Message` of ``n``."""
    return singular, plural


_new_text = str.__new__
"""Builds a text of a ``str`` subclass (``_new_text(Message, "…")``) without calling the subclass's ``__new__``."""

WRITERS_KEPT = 4096
"""The most templates whose writer (:func:`_writer`) is kept; the sentences of the engine are a few hundred
literals, so the memo is emptied only if something builds templates at run time."""

_WRITERS: dict[str, Callable[[dict], str]] = {}
"""Template → its writer (:func:`_writer`), found at its first sentence."""


def _writer(template: str) -> Callable[[dict], str]:
    """What writes ``template.format_map(values)`` for a sentence's ``values``: for a template whose fields are
    plain names (``{corporation}``), an f-string of its literal text and its fields (:func:`_shape`), which parses
    nothing at each sentence, as ``str.format`` and the printf form it replaced do (event sentences were a thirtieth
    of a random 1830 game's instructions; their writers took 0.6% off 1837's). An f-string writes a field
    ``{name}`` as ``format(value, "")``, exactly as ``str.format`` does, and raises the same ``KeyError`` for the
    first field without a value. Any other template (a format spec, ``{amount:+d}``; a conversion, an index, an
    attribute, a number; an unmatched brace) is written by its own ``format_map``, with its own errors."""
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        return template.format_map
    pieces = [""]  # literal, field name, literal, …, literal: the texts around the fields, maybe empty
    for literal, name, spec, conversion in parsed:
        if name is not None and (not name.isidentifier() or spec or conversion is not None):
            return template.format_map
        pieces[-1] += literal  # the parser splits a literal at "{{" and "}}"
        if name is not None:
            pieces += [name, ""]
    return FunctionType(_shape(len(pieces) // 2), {}, "write", tuple(pieces))


_SHAPES: dict[int, CodeType] = {}
"""Number of fields → the code of :func:`_shape`'s writers for it, compiled once."""


def _shape(fields: int) -> CodeType:
    """The code of a writer of a template with ``fields`` fields: ``write(values, _0, n0, _1, …, _k)`` returns
    ``f"{_0}{values[n0]}{_1}…{_k}"``; a template's writer is a function of it whose defaults are the template's
    literals ``_i`` and field names ``ni`` (:func:`_writer`). The source is the same for every template with that
    many fields (it holds none of a template's text), so each shape is compiled once."""
    code = _SHAPES.get(fields)
    if code is None:
        names = [f"_{i}, n{i}" for i in range(fields)] + [f"_{fields}"]
        body = "".join(f"{{_{i}}}{{values[n{i}]}}" for i in range(fields)) + f"{{_{fields}}}"
        namespace: dict[str, Any] = {}
        # generated names only: no template's text is ever compiled
        exec(f"def write(values, {', '.join(names)}):\n    return f'{body}'\n", namespace)
        code = _SHAPES[fields] = namespace.pop("write").__code__  # popped: no function-globals cycle left
    return code


def _formatted(template: str, values: dict[str, Any]) -> str:
    """``template.format_map(values)``, through the template's writer (:func:`_writer`, found once and kept).

    Raises:
        KeyError: a field of the template has no value (as ``format_map``).
    """
    write = _WRITERS.get(template)
    if write is None:
        if len(_WRITERS) >= WRITERS_KEPT:
            _WRITERS.clear()
        write = _WRITERS[template] = _writer(template)
    return write(values)


class Message(str):
    """An event sentence or a refusal: its English text (this ``str``) plus its template and values, rendered in
    another language by :meth:`local`.

    Build one with :func:`msg` (or :func:`nmsg` for a sentence with plural forms). Attributes: ``template`` (the
    English template, the catalogue's msgid), ``values`` (``{name: value}`` for its ``{name}`` fields; a value
    that is itself a :class:`Message` is rendered in the same language), ``plural`` and ``n`` (the plural
    template and the count choosing the form, or None).
    """

    template: str
    values: dict[str, Any]
    plural: str | None = None  # a message without plural forms (nearly all) keeps these class defaults
    n: int | None = None

    def __new__(cls, template: str, values: dict[str, Any], plural: str | None = None,
                n: int | None = None) -> "Message":
        self = _new_text(cls, _formatted(template if plural is None or n == 1 else plural, values))
        self.template, self.values = template, values
        if plural is not None or n is not None:
            self.plural, self.n = plural, n
        return self

    def local(self) -> str:
        """The text in the current language (English where a catalogue lacks the template)."""
        if _current == "en":
            return str(self)
        form = gettext(self.template) if self.plural is None else ngettext(self.template, self.plural, self.n)
        return form.format(**{k: v.local() if isinstance(v, Message) else v for k, v in self.values.items()})

    def __reduce__(self):
        return (Message, (self.template, self.values, self.plural, self.n))


DOT_GROUPS = frozenset({"ca", "es", "nl"})
"""The languages that group thousands with a dot (``$1.100``) and write a decimal comma; the others group them
with a comma (``$1,100``), as the titles' rules write money."""


class Money(Message):
    """An amount of money as a title writes it (``$1,100``, ``1,100K``, ``-1,250 F``): its English text (this
    ``str``, thousands grouped with a comma, a debt with its sign first) that renders with the current language's
    thousands separator (:data:`DOT_GROUPS`: ``$1.100`` in Dutch) wherever a message or a panel shows it. Build one
    with ``Money(amount, currency)``; attributes ``amount`` (a whole number of currency units) and ``currency``
    (the title's notation, a format with one ``{}`` field: ``"${}"``, ``"{}K"``, ``"{} F"``). The titles write an
    amount below 1,000 as a plain ``str``: there is nothing to group."""

    amount: int
    currency: str

    def __new__(cls, amount: int, currency: str) -> "Money":
        self = _new_text(cls, _grouped(amount, currency, ","))
        self.template, self.values, self.amount, self.currency = currency, {}, amount, currency
        return self

    def local(self) -> str:
        """The amount grouped as the current language groups thousands."""
        return _grouped(self.amount, self.currency, ".") if _current in DOT_GROUPS else str(self)

    def __reduce__(self):
        return (Money, (self.amount, self.currency))


def money_text(amount: int, currency: str) -> str:
    """``amount`` (whole currency units) as the titles write money in ``currency`` (a format with one ``{}`` field:
    ``"${}"``, ``"{}K"``, ``"{} F"``), a debt with its sign first (``-$5``): a plain ``str`` below 1,000, where
    there is nothing to group, else a :class:`Money` (``$1,100``, ``$1.100`` in Dutch)."""
    # a Money costs more than the text, and events write money when they are made
    if -1000 < amount < 1000:
        return currency.format(amount) if amount >= 0 else "-" + currency.format(-amount)
    return Money(amount, currency)


def _grouped(amount: int, currency: str, separator: str) -> str:
    """``amount`` in ``currency`` (a format with one ``{}`` field), thousands grouped with ``separator``, a debt's
    sign first (``-$1,250``)."""
    digits = f"{abs(amount):,}"
    text = currency.format(digits if separator == "," else digits.replace(",", separator))
    return "-" + text if amount < 0 else text


def number_text(value: float, places: int = 0) -> str:
    """``value`` rounded to ``places`` decimal places as the current language writes a number: its whole part
    grouped as money is (:class:`Money`: ``1,102``; ``1.102`` in Catalan), a decimal comma in the
    languages that write one (:data:`DOT_GROUPS`: ``3,563``) and a point in the others, trailing
    zeros of the decimal part left out (``2.5``, not ``2.50``; ``83``, not ``83.0``); a whole number as a bare
    amount (a cash or value column whose heading names it: ``12,025``, ``12.025`` in Spanish)."""
    whole, _point, fraction = f"{abs(value):.{places}f}".partition(".")
    fraction = fraction.rstrip("0")
    sign = "-" if value < 0 and (int(whole) or fraction) else ""
    point = "," if _current in DOT_GROUPS else "."
    return sign + localize(Money(int(whole), "{}")) + (point + fraction if fraction else "")


def msg(template: str, **values: Any) -> Message:
    """A translatable sentence: ``msg("{player} bids {amount}", player="Ann", amount="$40")`` is the English text
    ``"Ann bids $40"`` that :func:`localize` renders in the current language. ``template`` must be a string literal
    (Babel extracts it); its fields are ``str.format`` fields named by ``values``."""
    # Message(template, values), built here: a game makes a few sentences an action (its events), and the call
    # through the class and its __new__ cost as much as building one; _formatted written out for the same reason
    write = _WRITERS.get(template)
    if write is None:
        return Message(template, values)  # its first sentence: the template's writer is found there
    self = _new_text(Message, write(values))
    self.template, self.values = template, values
    return self


def nmsg(singular: str, plural: str, n: int, **values: Any) -> Message:
    """Like :func:`msg` with plural forms: ``nmsg("{n} share", "{n} shares", 3, n=3)``; ``n`` chooses the form
    (and is usually also one of the values)."""
    return Message(singular, values, plural, n)


class Term(Message):
    """A value that English writes as it is (an id: ``"expand3"``) and another language as a translated word
    (``"Expand 3"`` → ``"Amplia 3"``): English sentences keep their ids, a reader in another language sees words.
    Build one with ``Term(text, word)``; ``word`` is the catalogue's msgid (marked with :func:`N_`)."""

    def __new__(cls, text: str, word: str) -> "Term":
        self = str.__new__(cls, text)
        self.template, self.values = word, {}
        return self

    def local(self) -> str:
        """The word in the current language; the text as it is in English."""
        return str(self) if _current == "en" else gettext(self.template)

    def __reduce__(self):
        return (Term, (str(self), self.template))


class Joined(Message):
    """Several texts joined by a separator (``"Baltimore 30 + Albany 40"``, ``"Ann, Ben"``), each part rendered
    in the current language when it is a :class:`Message`. Build one with :func:`join`."""

    parts: tuple[Any, ...]
    separator: str

    def __new__(cls, separator: str, parts: tuple[Any, ...]) -> "Joined":
        text = separator.join(map(str, parts))
        self = str.__new__(cls, text)
        self.template, self.values = text, {}
        self.separator, self.parts = separator, parts
        return self

    def local(self) -> str:
        """The parts in the current language, joined by the separator (which is not translated)."""
        return self.separator.join(localize(p) for p in self.parts)

    def __reduce__(self):
        return (Joined, (self.separator, self.parts))


class Rendered(Message):
    """A text that a function writes in the current language, where no single template says it (a shipped game's
    description is built from several): its English text is what the function writes in English, and in another
    language the function writes it again each time it is shown. Build one with ``Rendered(write)``, ``write()``
    returning the text in the current language; :func:`gamekit.saved_texts.to_data` keeps its English text only."""

    write: Callable[[], str]

    def __new__(cls, write: Callable[[], str]) -> "Rendered":
        with using("en"):
            text = write()
        self = str.__new__(cls, text)
        self.template, self.values, self.write = text, {}, write
        return self

    def local(self) -> str:
        """The text as ``write()`` gives it in the current language."""
        return str(self) if _current == "en" else self.write()

    def __reduce__(self):
        return (str, (str(self),))  # the function need not be picklable: a copy keeps the English text


def join(separator: str, parts: Any) -> Joined:
    """``separator.join(parts)`` as a :class:`Message`: ``join(" + ", [stop_a, stop_b])`` is the English text joined,
    and renders each part in the current language. ``parts``: any iterable of texts (Messages or plain)."""
    return Joined(separator, tuple(parts))


def localize(text: Any) -> str:
    """``text`` in the current language when it is a :class:`Message`; other text unchanged (an 18xx event not
    yet built from a template, a name, a number)."""
    return text.local() if isinstance(text, Message) else str(text)


ROUND_WORDS = (("Private auction", N_("Private auction")), ("Opening auctions", N_("Opening auctions")),
               ("Start packet", N_("Start packet")), ("Exchange round", N_("Exchange round")),
               ("Stock round", N_("Stock round")), ("Operating round", N_("Operating round")),
               ("Game turn", N_("Game turn")), ("Year", N_("Year")))
"""The words with which the titles' ``active_round()`` names a round ("Stock round 2", "Operating round 3.1",
"Year 1848", "Opening auctions"), each translated where the name is shown."""
_ROUND = re.compile("|".join(f"({re.escape(words)})" for words, _word in ROUND_WORDS))


def round_name(name: str, lower: bool = False) -> Joined:
    """``name``, an ``active_round()`` text, as a :class:`Message` whose words of :data:`ROUND_WORDS` render in the
    current language and whose numbers stay as they are ("Stock round 2" → "Ronda d'accions 2"); English as given
    (``lower``: in lower case, as inside a sentence, in every language)."""
    parts: list[Any] = []
    at = 0
    for found in _ROUND.finditer(name):
        word = ROUND_WORDS[found.lastindex - 1][1]
        parts += [name[at:found.start()], _Lower(word) if lower else Message(word, {})]
        at = found.end()
    rest = name[at:]
    return join("", [p for p in parts + [rest.lower() if lower else rest] if p])


class _Lower(Message):
    """A word of :data:`ROUND_WORDS` (or a step's name) in lower case, in English and in its translation."""

    def __new__(cls, word: str) -> "_Lower":
        # one object per word object (a step's name is a constant): it is immutable and holds nothing but the word,
        # and every pass of an operating step names its step with one (a fifth of an 1837 game's events)
        kept = _LOWERS.get(id(word))
        if kept is not None and kept[0] is word and type(kept[1]) is cls:
            return kept[1]
        self = str.__new__(cls, word.lower())
        self.template, self.values = word, {}
        if len(_LOWERS) >= WRITERS_KEPT:
            _LOWERS.clear()
        _LOWERS[id(word)] = (word, self)  # the word is held, so that no other object takes its id meanwhile
        return self

    def local(self) -> str:
        """The word in the current language, in lower case (rendered at each call: the language may change)."""
        return gettext(self.template).lower()

    def __reduce__(self):
        return (_Lower, (self.template,))


_LOWERS: dict[int, tuple[str, _Lower]] = {}
"""``id(word)`` → the word and its :class:`_Lower` (at most :data:`WRITERS_KEPT`; the words are the constant names of
steps and rounds, a few dozen)."""
