"""Stop 66, leftover 3: the fixture that keeps a test's language English is written once, in ``tests/conftest.py``;
the tests that used a copy of it use that one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gamekit.i18n import language, set_language

TESTS = Path(__file__).resolve().parent
USERS = ("test_fix65_money", "test_left65_leftovers", "test_ux48b_amount_note", "test_fix65_choices",
         "test_fix65_wording", "test_left64_end_reasons", "test_fix65_words", "test_ui59_whole_map_labels",
         "test_classroom", "test_i18n", "test_classroom_messages", "test_i18n59_assignment_language",
         "test_phase_event_words")
"""The modules that each wrote their own copy before stop 66."""


def _fixtures(path: Path) -> set[str]:
    """The names of the functions ``path`` defines that switch the language back to English (a fixture's shape)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and any(isinstance(n, ast.Yield) for n in ast.walk(node)) and \
                "set_language('en')" in ast.unparse(node):
            found.add(node.name)
    return found


def test_the_english_fixture_is_written_once_in_conftest():
    assert _fixtures(TESTS / "conftest.py") == {"english"}
    assert [path.name for path in sorted(TESTS.glob("test_*.py")) if _fixtures(path)] == []
    for name in USERS:
        text = (TESTS / f"{name}.py").read_text(encoding="utf-8")
        uses = re.search(r"def test_\w+\([^)]*\benglish\b", text) or 'usefixtures("english")' in text
        assert "english_after" not in text and uses, name


def test_a_test_may_leave_another_language(english):
    set_language("nl")  # the fixture puts English back after this test


def test_the_next_test_starts_in_english(english):
    assert language() == "en"
