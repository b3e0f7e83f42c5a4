"""The rules in every language: each title's ``data/<title>/rules.<lang>.md`` (zh, ca, es, nl) has exactly the
section ids of its ``rules.md``, and each section states the same numbers and keeps the same layout (paragraphs,
list items, table rows); ``rule_text`` answers in the current language.

**What counts as a number.** Full-width digits are read as digits (``１２％`` is ``12%``), while full-width
punctuation stays punctuation (Chinese ``$50，5 名`` is 50 and 5, not 50.5); a number is a run of digits, with the separators between groups of three digits dropped (``$12,000``,
``12.000 $``, ``12 000`` are all 12000) and a comma or point before other digits read as the decimal point
(``1.5`` and ``1,5`` are 1.5). Signs, currency marks and percent signs are not part of it (``$100`` and ``100 $``
are 100, ``60%`` and ``60 %`` are 60). Numbers inside identifiers count like any other, so a hex (``E11``), a tile
(``#59``), a train (``2+2``), a rule id or option in backticks (``1830:or.sets``) must be written alike — they are
names, never translated. Numbers written as words ("two", "dos", "两") are not numbers here: a translation keeps
the original's digits as digits and its words as words. A date is its day and year in digits with the month as a
word ("April 6, 2021", "2021 年四月 6 日", "6 d'abril de 2021" are all {6, 2021}); a month in digits would add a
number and fail. Ordinals count by their digits ("1st", "1a", "1.º", "第 1" are 1).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import gamekit
from gamekit.i18n import LANGUAGES, using
from gamekit.rules import RULE_FILES, parse_sections, rule_sections, rule_text

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
TITLES = sorted((prefix, folder) for prefix, (folder, _) in RULE_FILES.items() if prefix != "core")
"""Rule prefix and data folder of every title (the core rules of the protocol are English only)."""

_HEADING = re.compile(r"^#{1,6}\s+`([^`]+)`", re.M)
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
_NUMBER = re.compile(r"\d+(?:[ ,.\u00a0\u202f]\d+)*")


def numbers(text: str) -> Counter:
    """The multiset of numbers in ``text`` as the module docstring defines them (decimal strings, e.g. "12000",
    "1.5")."""
    found: Counter = Counter()
    for run in _NUMBER.findall(text.translate(_FULL_WIDTH_DIGITS)):
        groups = re.split(r"[ ,.\u00a0\u202f]", run)
        if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]) and len(groups[0]) <= 3:
            found[str(int("".join(groups)))] += 1  # thousands: 12,000 / 12.000 / 12 000
            continue
        if len(groups) == 2 and re.fullmatch(r"\d+[,.]\d+", run):
            found[f"{int(groups[0])}.{groups[1]}"] += 1  # a decimal: 1.5 / 1,5
            continue
        for group in groups:  # a list ("2, 3, 4") or spaced digits: each its own number
            found[str(int(group))] += 1
    return found


def test_numbers_are_read_alike_in_every_language():
    assert numbers("The bank holds $12,000; 60% sold; 1.5 per share; E11 and #59.") == \
        numbers("El banc té 12.000 $; 60 % venut; 1,5 per acció; E11 i #59.") == \
        numbers("银行持有 $12,000；售出 60%；每股 1.5；E11 和 #59。") == \
        Counter({"12000": 1, "60": 1, "1.5": 1, "11": 1, "59": 1})
    assert numbers("April 6, 2021") == numbers("2021 年四月 6 日") == numbers("6 d'abril de 2021")
    assert numbers("phases 3, 4 and 5") == Counter({"3": 1, "4": 1, "5": 1})
    assert numbers("２４００ ／ ４ ＝ ６００") == Counter({"2400": 1, "4": 1, "600": 1})  # full-width digits
    assert numbers("two trains") != numbers("2 trains")
    assert numbers("每位玩家起始有 $50，5 名时有 $40") == Counter({"50": 1, "5": 1, "40": 1})


def _ids(path: Path) -> list[str]:
    return _HEADING.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("prefix,folder", TITLES)
def test_translation_has_exactly_the_rule_ids(prefix, folder, lang):
    english = _ids(DATA / folder / "rules.md")
    path = DATA / folder / f"rules.{lang}.md"
    assert path.is_file(), f"data/{folder}/rules.{lang}.md is missing"
    translated = _ids(path)
    assert sorted(set(english) - set(translated)) == [], f"{path.name}: rule ids missing"
    assert sorted(set(translated) - set(english)) == [], f"{path.name}: rule ids rules.md does not have"
    assert len(translated) == len(set(translated)), f"{path.name}: a rule id twice"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("prefix,folder", TITLES)
def test_each_rule_states_the_same_numbers(prefix, folder, lang):
    path = DATA / folder / f"rules.{lang}.md"
    if not path.is_file():
        pytest.fail(f"data/{folder}/rules.{lang}.md is missing")
    english = parse_sections((DATA / folder / "rules.md").read_text(encoding="utf-8"), "rules.md")
    translated = parse_sections(path.read_text(encoding="utf-8"), path.name)
    differ = {}
    for rule_id, (title, text) in english.items():
        if rule_id in translated:
            theirs = translated[rule_id]
            ours, other = numbers(f"{title}\n{text}"), numbers(f"{theirs[0]}\n{theirs[1]}")
            if ours != other:
                differ[rule_id] = {"only in rules.md": dict(ours - other),
                                   f"only in rules.{lang}.md": dict(other - ours)}
    assert differ == {}


_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.) ", re.M)


def shape(text: str) -> list[tuple[str, int]]:
    """The layout of a section's text: each block (paragraph, list or table, blocks parted by a blank line) as
    its kind and its number of items (list items, table rows; 1 for a paragraph)."""
    blocks = [block for block in re.split(r"\n\s*\n", text) if block.strip()]
    return [("table", block.strip().count("\n") + 1) if block.lstrip().startswith("|")
            else ("list", len(_ITEM.findall(block))) if _ITEM.match(block) else ("paragraph", 1)
            for block in blocks]


def test_shape_counts_paragraphs_list_items_and_table_rows():
    text = "One.\nStill one.\n\n- a\n  more of a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nLast."
    assert shape(text) == [("paragraph", 1), ("list", 2), ("table", 3), ("paragraph", 1)]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("prefix,folder", TITLES)
def test_each_rule_has_the_same_paragraphs_list_items_and_table_rows(prefix, folder, lang):
    """A translation keeps the layout of each section, so that a paragraph or list item added to ``rules.md`` and
    not translated (which need hold no number) is found too."""
    path = DATA / folder / f"rules.{lang}.md"
    if not path.is_file():
        pytest.fail(f"data/{folder}/rules.{lang}.md is missing")
    english = parse_sections((DATA / folder / "rules.md").read_text(encoding="utf-8"), "rules.md")
    translated = parse_sections(path.read_text(encoding="utf-8"), path.name)
    differ = {rule_id: {"rules.md": shape(text), f"rules.{lang}.md": shape(translated[rule_id][1])}
              for rule_id, (_, text) in english.items()
              if rule_id in translated and shape(text) != shape(translated[rule_id][1])}
    assert differ == {}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rule_text_answers_in_the_current_language(lang):
    """In each language ``rule_text`` is the section of ``rules.<lang>.md``; the core rules, which have no
    translation, stay English."""
    if not (DATA / "1830" / f"rules.{lang}.md").is_file():
        pytest.fail(f"data/1830/rules.{lang}.md is missing")
    english = rule_text("1830:stock.sell")
    core = rule_text("core:protocol.fields")
    with using(lang):
        title, text = rule_sections("1830", lang)["1830:stock.sell"]
        assert rule_text("1830:stock.sell") == f"{title}\n\n{text}".strip() != english
        assert rule_text("core:protocol.fields") == core
    assert rule_text("1830:stock.sell") == english
    assert gamekit.language() == "en"


def test_the_rule_panel_joins_wrapped_chinese_lines_without_a_space():
    """The rules files wrap long lines for the editor; the panel joins a paragraph's lines with a space, except
    between two Chinese characters, where no space was ever written (1830's M&H exchange wraps after 在)."""
    from gamekit.widgets.parts import rule_html

    with using("zh"):
        shown = rule_html("1830:private.mh-exchange")
    assert "交换可以在股票回合" in shown and "交换可以在 " not in shown
    with using("en"):
        english = rule_html("1830:private.mh-exchange")
    assert "\n" not in english.split("<p", 1)[1] and "  " not in english
