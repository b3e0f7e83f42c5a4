"""Rule texts: each title's ``data/<title>/rules.md`` split into sections with stable ids (DESIGN §2.4).

A section starts with a heading line whose first word is its id in backticks, e.g.
``### `1830:stock.sell` Selling shares``; its text runs to the next heading of that or a higher level. The files
wrap their lines for the editor; a section's text is read as flowing text (:func:`flowing`): a paragraph or a
list item is one line, blank lines, list items, table rows and headings stay as written.
Rule ids are ``<prefix>:<section>``; the prefix names the file: ``core`` → ``data/core_rules.md``, a title's
prefix → ``data/<its data folder>/rules.md`` as the title registry (:mod:`gamekit.titles`) says (``1830`` →
``data/1830/rules.md``, ``cd`` → ``data/continental_divide/rules.md``).

Each rules file may have a translation beside it, ``rules.<lang>.md`` (``zh``, ``ca``, ``es``, ``nl``: the codes
of :data:`gamekit.i18n.LANGUAGES`) with exactly the same section ids; :func:`rule_text` answers in the current
language (:func:`gamekit.set_language`) and in English where a file or a section has no translation
(``data/core_rules.md`` has none).
"""

from __future__ import annotations

import re
import unicodedata
from difflib import get_close_matches
from importlib import resources
from functools import lru_cache

from .datafiles import data_text
from .errors import DataError, shown
from .game import UnknownId
from .i18n import language, msg
from .titles import TITLE_RULE, rule_folders

RULE_FILES = {"core": ("", "core_rules.md"), **{p: (folder, "rules.md") for p, folder in rule_folders().items()}}
"""Rule prefix → ``(data folder, file name)`` of every rules file: ``core`` and each title of the registry."""

_HEADING = re.compile(r"^(#{1,6})\s+`([^`]+)`\s*(.*)$")
_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)]) ")
"""The start of a list item: ``- ``, ``* ``, ``+ ``, ``1. `` or ``1) ``."""


def rules_file(prefix: str, lang: str = "en") -> tuple[str, str]:
    """``(data folder, file name)`` of the rules of ``prefix`` in language ``lang``: ``rules.md`` in English,
    ``rules.<lang>.md`` in another (``core_rules.<lang>.md`` for ``core``).

    Raises:
        DataError: unknown prefix.
    """
    if prefix not in RULE_FILES:
        raise DataError(msg("no rules file for rule prefix {prefix}", prefix=repr(prefix)))
    folder, name = RULE_FILES[prefix]
    return (folder, name) if lang == "en" else (folder, name.replace(".md", f".{lang}.md"))


@lru_cache(maxsize=None)
def rule_sections(prefix: str, lang: str = "en") -> dict[str, tuple[str, str]]:
    """Return ``{rule id: (title, text)}`` for one rules file, in English or in the language ``lang``.

    Raises:
        DataError: unknown prefix, a missing file, or an id defined twice.
    """
    folder, name = rules_file(prefix, lang)
    return parse_sections(data_text(folder, name), f"{folder or 'data'}/{name}")


def parse_sections(text: str, where: str) -> dict[str, tuple[str, str]]:
    """Split the text of a rules file into ``{rule id: (title, text)}`` (the heading rule of the module).

    Raises:
        DataError: an id defined twice (the message names ``where``, the file).
    """
    sections: dict[str, tuple[str, str]] = {}
    current: str | None = None
    level = 0
    body: list[str] = []
    heading = ""

    def close() -> None:
        if current is not None:
            sections[current] = (heading, flowing("\n".join(body).strip()))

    for line in text.splitlines():
        match = _HEADING.match(line)
        plain_heading = line.startswith("#")
        if match or (plain_heading and current is not None and len(line) - len(line.lstrip("#")) <= level):
            close()
            current = None
            if match:
                rule_id = match.group(2)
                if rule_id in sections:
                    raise DataError(msg("{where}: rule {rule} is defined twice", where=where, rule=rule_id))
                current, level, heading, body = rule_id, len(match.group(1)), match.group(3), []
            continue
        if current is not None:
            body.append(line)
    close()
    return sections


def flowing(text: str) -> str:
    """Return a rules file's text with its editor's line breaks taken out: within a paragraph or a list item a
    single line break is a space (none between two Chinese characters, :func:`join_wrapped`); blank lines, each
    list item, each table row and each heading keep their own line.

    ``"A share costs\nat least $10.\n\n- one\n  item\n- two"`` → ``"A share costs at least $10.\n\n- one item\n- two"``.
    """
    blocks = []
    for block in re.split(r"\n[ \t]*\n", text):
        lines: list[str] = []
        for line in block.splitlines():
            if not lines or _ITEM.match(line) or line.startswith(("|", "#")) or lines[-1].startswith(("|", "#")):
                lines.append(line.rstrip())
            else:
                lines[-1] = join_wrapped(lines[-1], line.strip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def join_wrapped(before: str, after: str) -> str:
    """Join two wrapped lines of a rules file: with a space, except between two wide (Chinese) characters, where
    the line break was no space in the text (``交换可以在`` + ``股票回合`` reads ``交换可以在股票回合``)."""
    wide = before and after and all(unicodedata.east_asian_width(c) in "WF" for c in (before[-1], after[0]))
    return before + after if wide else f"{before} {after}"


@lru_cache(maxsize=None)
def _translated(prefix: str, lang: str) -> dict[str, tuple[str, str]]:
    """The sections of ``prefix``'s rules in ``lang``, or none where that translation is not in the package."""
    folder, name = rules_file(prefix, lang)
    present = resources.files("gamekit.data").joinpath(*[part for part in (folder, name) if part]).is_file()
    return rule_sections(prefix, lang) if present else {}


def rule_text(rule_id: str) -> str:
    """Return the heading and text of a rule section in the current language, e.g. ``rule_text("1830:stock.sell")``
    (English where the title's rules have no translation into it, or for a section the translation lacks).

    Raises:
        gamekit.game.UnknownId: no such rule section (rule ``core:setup.title``: a rule id's prefix is a title's or
            ``core``); the message names the id and the prefixes there are, or the closest ids of its file. A
            ``KeyError`` too.
        DataError: a translation that is malformed (an id defined twice).
    """
    prefix = rule_id.split(":", 1)[0] if isinstance(rule_id, str) else None
    sections = rule_sections(prefix) if prefix in RULE_FILES else {}
    if rule_id not in sections:
        raise _unknown_rule(rule_id, prefix, sections)
    lang = language()
    title, text = (_translated(prefix, lang).get(rule_id) if lang != "en" else None) or sections[rule_id]
    return f"{title}\n\n{text}".strip()


def _unknown_rule(rule_id: object, prefix: str | None, sections: dict[str, tuple[str, str]]) -> UnknownId:
    """The refusal of a rule id no rules file has: the prefixes there are, or the closest ids of its file (the
    first ones where none is close)."""
    if prefix not in RULE_FILES:
        return UnknownId(msg("no rule {rule}: a rule id is a prefix, ':' and a section, and the prefixes are "
                             "{prefixes}", rule=shown(rule_id), prefixes=", ".join(RULE_FILES)), TITLE_RULE, rule_id)
    close = get_close_matches(rule_id, sections, n=5, cutoff=0.6)
    if close:
        return UnknownId(msg("no rule {rule}; the closest of the {count} rules of {prefix} are {close}",
                             rule=shown(rule_id), count=len(sections), prefix=prefix, close=", ".join(close)),
                         TITLE_RULE, rule_id)
    return UnknownId(msg("no rule {rule}; the {count} rules of {prefix} start with {first}", rule=shown(rule_id),
                         count=len(sections), prefix=prefix, first=", ".join(list(sections)[:5]) + ", …"),
                     TITLE_RULE, rule_id)
