"""The concept table: what each title's rules say about the mechanics players compare across titles
(capitalization, who builds, the market and its moves, limits, trains, dividends, end triggers, …).

Every value is computed from the title's facts and named hooks (its data files, its :class:`Policy`, its class
variables), never typed in per title, and cites the section of the title's ``rules.md`` that states the rule.
A family of titles contributes one reader, registered for its game base class (:func:`reader`); the readers live
beside this module (:mod:`.g18xx`, :mod:`.cuberails`).

The table speaks the learner's language (:func:`gamekit.set_language`): each value is a
:class:`~gamekit.i18n.Message` (its ``str`` English), each concept is named by :func:`heading`; code finds a concept
by its key (:data:`CONCEPTS`), which is the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..families import ByFamily
from ..game import Game
from ..i18n import N_, gettext, localize
from ..rules import rule_sections
from ..titles import display_name, game_class, title_names

CONCEPTS: tuple[str, ...] = (
    N_("players"), N_("starting cash"), N_("bank"), N_("capitalization"), N_("who builds"), N_("market"),
    N_("market moves"), N_("selling"), N_("certificate limit"), N_("holding limit"), N_("trains"), N_("rusting"),
    N_("dividends"), N_("end triggers"),
)
"""The concepts every reader answers, in table order: their keys, the same in every language (code looks a
concept up by its key: ``table.loc["market", …]``), each also the catalogue's msgid of its name (:func:`heading`)."""


def heading(name: str) -> str:
    """The concept ``name`` (a key of :data:`CONCEPTS`) named in the current language (``"capitalization"`` →
    ``"capitalització"`` in Catalan; English: the key)."""
    return gettext(name)


@dataclass(frozen=True)
class Concept:
    """One cell of the concept table.

    Attributes:
        name: one of :data:`CONCEPTS`, the concept's key (the same in every language; :attr:`heading` names it in
            the current language).
        value: what the title's rules say, in a short phrase (money in the title's currency): its English text (a
            ``str``, usually a :class:`~gamekit.i18n.Message`), which :attr:`local_value` renders in the current
            language, as an event's text.
        rule: the id of the ``rules.md`` section that states it (e.g. ``"1830:stock.round"``).
    """

    name: str
    value: str
    rule: str

    @property
    def heading(self) -> str:
        """The concept's name in the current language (:func:`heading`)."""
        return heading(self.name)

    @property
    def local_value(self) -> str:
        """The value in the current language: its words translated, money grouped as the language groups it."""
        return localize(self.value)


Reader = Callable[[type[Game], "RuleFinder"], list[Concept]]
READERS: ByFamily[Reader] = ByFamily()
reader = READERS.register  # @reader(Game18xx): the concept reader of a family

class RuleFinder:
    """The rule ids of one title, to cite the first section that exists among a reader's candidates."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.ids = set(rule_sections(prefix))

    def __call__(self, *suffixes: str) -> str:
        """The id ``<prefix>:<suffix>`` of the first suffix whose section exists.

        Raises:
            LookupError: none exists (a reader cites a rule the title's ``rules.md`` does not have).
        """
        for suffix in suffixes:
            rule = f"{self.prefix}:{suffix}"
            if rule in self.ids:
                return rule
        raise LookupError(f"{self.prefix}: rules.md has none of the sections {', '.join(suffixes)}")


def concepts(title: str | type[Game]) -> list[Concept]:
    """The concept table of one title.

    Args:
        title: a CLI name from :func:`gamekit.title_names`, or a game class (e.g. a test's variant of a title).

    Returns:
        One :class:`Concept` per name of :data:`CONCEPTS`, in that order.

    Raises:
        ValueError: an unknown title; LookupError: no reader for its family, or a cited section missing.
    """
    cls = game_class(title) if isinstance(title, str) else title
    _load_readers()
    read = READERS.find(cls)
    if read is None:
        raise LookupError(f"{cls.title}: no concept reader for its family")
    found = {c.name: c for c in read(cls, RuleFinder(cls.rule_prefix))}
    return [found[name] for name in CONCEPTS]


def concepts_table(titles: Iterable[str] | None = None, headings: bool = False) -> Any:
    """The concept table of several titles as a pandas DataFrame (needs the ``compare`` extra: pandas), its values
    in the current language (:func:`gamekit.set_language`).

    Args:
        titles: CLI names; default every title :func:`gamekit.title_names` lists.
        headings: for showing: index the rows by the concepts' names in the current language (:func:`heading`)
            and name the columns by the titles' printed names (:func:`gamekit.titles.display_name`:
            ``"Continental Divide"``); by default rows and columns are keyed by :data:`CONCEPTS` and the CLI
            names, the same in every language, so that code finds a cell whatever the learner's language
            (``table.loc["market", ("1830", "value")]``; ``table.rename(index=heading, columns=display_name,
            level="title")`` shows such a table with the names).

    Returns:
        A DataFrame indexed by concept (:data:`CONCEPTS` order, index name ``"concept"``) with two columns per
        title under a column MultiIndex (level ``"title"``: the CLI name, or the printed name with ``headings``):
        ``(title, "value")``, the value in the current language (a plain
        ``str``; :class:`Concept` keeps the English and renders it), and ``(title, "rule")``, the rule id.
    """
    import pandas as pd

    names = list(titles) if titles is not None else list(title_names())
    columns = {}
    for title in names:
        rows = concepts(title)
        shown = display_name(title) if headings else title
        columns[(shown, "value")] = [c.local_value for c in rows]
        columns[(shown, "rule")] = [c.rule for c in rows]
    index = [heading(name) for name in CONCEPTS] if headings else list(CONCEPTS)
    frame = pd.DataFrame(columns, index=pd.Index(index, name="concept"))
    frame.columns = pd.MultiIndex.from_tuples(frame.columns, names=["title", ""])
    return frame


def _load_readers() -> None:
    # The readers register themselves on import; importing here keeps `import gamekit` light.
    from . import cuberails, g18xx  # noqa: F401
