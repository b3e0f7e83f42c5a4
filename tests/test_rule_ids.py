"""Every rule id the engine cites has a section in its title's rules file (DESIGN §2.4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.g18xx import Game18xx
from gamekit.g18xx.operating import STEPS
from gamekit.rules import RULE_FILES, rule_sections, rule_text
from gamekit.titles import game_class, title_names

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = "|".join(RULE_FILES)
LITERAL = re.compile(rf'"((?:{PREFIXES}):[a-z0-9][a-z0-9.\-]*)"')
SECTION = re.compile(r'rule\("([a-z]+(?:\.[a-z0-9\-]+)?)"\)')
SHARED = ("tracks", "g18xx")


def _titles_on_shared_engine() -> list:
    """The 18xx titles (their game classes) on the shared engine: their rules files hold every shared section."""
    return [cls for cls in map(game_class, title_names()) if issubclass(cls, Game18xx)]


def _shared_sections() -> set[str]:
    """Rule sections the shared 18xx modules cite without a prefix (``game.rule("stock.sell")``, the
    operating steps' sections)."""
    sections: set[str] = set()
    for folder in SHARED:
        for path in (ROOT / "gamekit" / folder).rglob("*.py"):
            sections |= set(SECTION.findall(path.read_text()))
    return sections | {step.section for step in STEPS.values()}


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in (ROOT / "gamekit").rglob("*.py"):
        cited |= set(LITERAL.findall(path.read_text()))
    for cls in _titles_on_shared_engine():
        game = cls(["A", "B", "C", "D"])
        cited |= {game.rule(section) for section in _shared_sections()}
        cited |= {game.rule(f"end.{t.reason}") for t in game.facts.end_triggers}
    return cited


def test_the_engine_cites_many_rules():
    assert len(_cited()) > 120


@pytest.mark.parametrize("rule_id", sorted(_cited()))
def test_cited_rule_has_text(rule_id):
    assert rule_text(rule_id).strip()


def test_the_shared_engine_cites_its_sections_and_1830_is_on_it():
    assert {"stock.sell", "or.buy-train", "track.tokens", "auction"} <= _shared_sections()
    assert [cls.title for cls in _titles_on_shared_engine()] == ["1830", "1837", "1894"]


@pytest.mark.parametrize("prefix", sorted(RULE_FILES))
def test_rules_files_parse_with_unique_ids(prefix):
    sections = rule_sections(prefix)
    assert sections and all(rid.startswith(prefix + ":") for rid in sections)
