"""Rule texts: each title's ``data/<title>/rules.md`` split into sections with stable ids (DESIGN §2.4).

A section starts with a heading line whose first word is its id in backticks, e.g.
``### `1830:stock.sell` Selling shares``; its text runs to the next heading of that or a higher level.
Rule ids are ``<prefix>:<section>``; the prefix names the file: ``core`` → ``data/core_rules.md``, a title's
prefix → ``data/<its data folder>/rules.md`` as the title registry (:mod:`gamekit.titles`) says (``1830`` →
``data/1830/rules.md``, ``cd`` → ``data/continental_divide/rules.md``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .datafiles import data_text
from .errors import DataError
from .titles import rule_folders

RULE_FILES = {"core": ("", "core_rules.md"), **{p: (folder, "rules.md") for p, folder in rule_folders().items()}}
"""Rule prefix → ``(data folder, file name)`` of every rules file: ``core`` and each title of the registry."""

_HEADING = re.compile(r"^(#{1,6})\s+`([^`]+)`\s*(.*)$")


@lru_cache(maxsize=None)
def rule_sections(prefix: str) -> dict[str, tuple[str, str]]:
    """Return ``{rule id: (title, text)}`` for one rules file.

    Raises:
        DataError: unknown prefix, a missing file, or an id defined twice.
    """
    if prefix not in RULE_FILES:
        raise DataError(f"no rules file for rule prefix {prefix!r}")
    folder, name = RULE_FILES[prefix]
    text = data_text(folder, name)
    sections: dict[str, tuple[str, str]] = {}
    current: str | None = None
    level = 0
    body: list[str] = []
    heading = ""

    def close() -> None:
        if current is not None:
            sections[current] = (heading, "\n".join(body).strip())

    for line in text.splitlines():
        match = _HEADING.match(line)
        plain_heading = line.startswith("#")
        if match or (plain_heading and current is not None and len(line) - len(line.lstrip("#")) <= level):
            close()
            current = None
            if match:
                rule_id = match.group(2)
                if rule_id in sections:
                    raise DataError(f"{folder or 'data'}/{name}: rule {rule_id} is defined twice")
                current, level, heading, body = rule_id, len(match.group(1)), match.group(3), []
            continue
        if current is not None:
            body.append(line)
    close()
    return sections


def rule_text(rule_id: str) -> str:
    """Return the heading and text of a rule section, e.g. ``rule_text("1830:stock.sell")``.

    Raises:
        KeyError: no such rule section.
    """
    prefix = rule_id.split(":", 1)[0]
    sections = rule_sections(prefix) if prefix in RULE_FILES else {}
    if rule_id not in sections:
        raise KeyError(rule_id)
    title, text = sections[rule_id]
    return f"{title}\n\n{text}".strip()
