"""Every rule id the engine cites has a section in its title's rules file (DESIGN §2.4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.rules import RULE_FILES, rule_sections, rule_text

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = "|".join(RULE_FILES)
LITERAL = re.compile(rf'"((?:{PREFIXES}):[a-z0-9][a-z0-9.\-]*)"')
TRACK_RULE = re.compile(r'rule\("([a-z]+\.[a-z0-9\-]+)"\)')


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in (ROOT / "gamekit").rglob("*.py"):
        text = path.read_text()
        cited |= set(LITERAL.findall(text))
        if path.parent.name == "tracks":
            # the track modules take their rule prefix from the map data; 1830 is the title using them now
            cited |= {f"1830:{section}" for section in TRACK_RULE.findall(text)}
    return cited


def test_the_engine_cites_many_rules():
    assert len(_cited()) > 120


@pytest.mark.parametrize("rule_id", sorted(_cited()))
def test_cited_rule_has_text(rule_id):
    assert rule_text(rule_id).strip()


def test_operating_step_rules_exist():
    # these ids are built as f"1830:or.{step}" from the step names
    for step in ("track", "token", "route", "dividend", "buy-train", "buy-company"):
        assert rule_text(f"1830:or.{step}")


@pytest.mark.parametrize("prefix", sorted(RULE_FILES))
def test_rules_files_parse_with_unique_ids(prefix):
    sections = rule_sections(prefix)
    assert sections and all(rid.startswith(prefix + ":") for rid in sections)
