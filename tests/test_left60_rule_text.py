"""Rule texts read as flowing text: the rules files wrap their lines for the editor, and a learner reading a rule
note, a question's rules or the classroom's rule pane saw those breaks in mid-sentence. A paragraph and a list
item are one line each now; blank lines, list items, table rows and headings stay."""

from pathlib import Path

from gamekit.i18n import using
from gamekit.rules import flowing, rule_text

DATA = Path(__file__).resolve().parent.parent / "data"


def test_a_wrapped_paragraph_reads_as_one_line():
    raw = (DATA / "continental_divide" / "rules.md").read_text(encoding="utf-8")
    assert "plus the dividend per share it would pay now\n(`cd:dividends`)" in raw  # the file wraps here
    text = rule_text("cd:stock.minimum-price")
    heading, _, body = text.partition("\n\n")
    assert heading == "The minimum price of a share (ref. 14)"
    assert "\n" not in body
    assert "plus the dividend per share it would pay now (`cd:dividends`). The buyer may pay more." in body


def test_list_items_tables_and_blank_lines_keep_their_lines():
    formation = rule_text("1837:national.formation").split("\n")
    items = [line for line in formation if line.startswith("- ")]
    assert len(items) == 3 and items[0].startswith("- **SD** forms at once") and items[0].endswith("SD minors.")
    assert "" in formation  # the blank lines between blocks stay
    table = [line for line in rule_text("1837:coal.companies").split("\n") if line.startswith("|")]
    assert table[:3] == ["| coal company | mine | exchanged for a share of |", "|---|---|---|",
                         "| Pilsen-Priesen (EPP) | E11 | BK |"]


def test_chinese_lines_join_without_a_space():
    raw = (DATA / "continental_divide" / "rules.zh.md").read_text(encoding="utf-8")
    with using("zh"):
        text = rule_text("cd:turn")
    body = text.partition("\n\n")[2]
    assert "（`cd:build`）。只有\n轮到的玩家" in raw  # the file wraps between two Chinese characters
    assert "\n" not in body and "（`cd:build`）。只有轮到的玩家可以行动" in body


def test_flowing_rules():
    assert flowing("A share costs\nat least $10.\n\n- one\n  item\n- two\n\n| a |\n| b |\n### Later\nmore\ntext") == \
        "A share costs at least $10.\n\n- one item\n- two\n\n| a |\n| b |\n### Later\nmore text"
    assert flowing("交换可以在\n股票回合进行；E11\nis a hex") == "交换可以在股票回合进行；E11 is a hex"
