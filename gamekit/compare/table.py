"""The concept table: what each title's rules say about the mechanics players compare across titles
(capitalization, who builds, the market and its moves, limits, trains, dividends, end triggers, …).

Every value is computed from the title's facts and named hooks (its data files, its :class:`Policy`, its class
variables), never typed in per title, and cites the section of the title's ``rules.md`` that states the rule.
A family of titles contributes one reader, registered for its game base class (:func:`reader`); the readers live
beside this module (:mod:`.g18xx`, :mod:`.cuberails`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..game import Game
from ..rules import rule_sections
from ..titles import game_class, title_names

CONCEPTS: tuple[str, ...] = (
    "players", "starting cash", "bank", "capitalization", "who builds", "market", "market moves",
    "selling", "certificate limit", "holding limit", "trains", "rusting", "dividends", "end triggers",
)
"""The concepts every reader answers, in table order."""


@dataclass(frozen=True)
class Concept:
    """One cell of the concept table.

    Attributes:
        name: one of :data:`CONCEPTS`.
        value: what the title's rules say, in a short phrase (money in the title's currency).
        rule: the id of the ``rules.md`` section that states it (e.g. ``"1830:stock.round"``).
    """

    name: str
    value: str
    rule: str


Reader = Callable[[type[Game], "RuleFinder"], list[Concept]]
_READERS: list[tuple[type, Reader]] = []


def reader(base: type) -> Callable[[Reader], Reader]:
    """Register a concept reader for the titles whose game class derives from ``base`` (a family)."""

    def register(fn: Reader) -> Reader:
        _READERS.append((base, fn))
        return fn

    return register


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
    for base, read in _READERS:
        if issubclass(cls, base):
            found = {c.name: c for c in read(cls, RuleFinder(cls.rule_prefix))}
            return [found[name] for name in CONCEPTS]
    raise LookupError(f"{cls.title}: no concept reader for its family")


def concepts_table(titles: Iterable[str] | None = None) -> Any:
    """The concept table of several titles as a pandas DataFrame (needs the ``compare`` extra: pandas).

    Args:
        titles: CLI names; default every title :func:`gamekit.title_names` lists.

    Returns:
        A DataFrame indexed by concept (:data:`CONCEPTS` order) with two columns per title under a column
        MultiIndex ``(title, "value")`` and ``(title, "rule")``.
    """
    import pandas as pd

    names = list(titles) if titles is not None else list(title_names())
    columns = {}
    for title in names:
        rows = concepts(title)
        columns[(title, "value")] = [c.value for c in rows]
        columns[(title, "rule")] = [c.rule for c in rows]
    frame = pd.DataFrame(columns, index=pd.Index(CONCEPTS, name="concept"))
    frame.columns = pd.MultiIndex.from_tuples(frame.columns, names=["title", ""])
    return frame


def _load_readers() -> None:
    # The readers register themselves on import; importing here keeps `import gamekit` light.
    from . import cuberails, g18xx  # noqa: F401
