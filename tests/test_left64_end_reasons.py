"""Stop 64: how games end, in words. ``gamekit simulate`` (and ``measure``) tally the end reasons as the learner's
language says them (``i18n.end_reason_words``), not by code (``bank ×3``); ``compare_01``'s text says how each of
the five titles ends, naming the engine's end reasons its table shows."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

import gamekit
from gamekit.cli import _tally, main

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "compare_01_five_titles.ipynb"


def test_simulate_says_the_end_reasons_in_words(capsys, english):
    assert main(["simulate", "1830", "--players", "4", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "end reasons a player went bankrupt ×2," in out
    gamekit.set_language("zh")
    assert main(["simulate", "1830", "--players", "4", "--games", "2", "--seed", "1"]) == 0
    assert "结束原因 有玩家破产 ×2" in capsys.readouterr().out


def test_the_tally_words_each_reason_and_the_cap_in_the_language(english):
    # 1837's random games of seeds 1-4 (gamekit simulate 1837 --games 4): three broke the bank, one bankruptcy
    # (1837 ends by bankruptcy only when all players but one are bankrupt: the tally says so, stop 65)
    assert _tally({"bank": 3, "bankrupt": 1}, "1837") == "the bank broke ×3, all players but one went bankrupt ×1"
    assert _tally({"bank": 3, "bankrupt": 1}, "1830") == "the bank broke ×3, a player went bankrupt ×1"
    assert _tally({"years": 2, "cap": 1}, "american-rails") == \
        "the last year was played ×2, stopped at the action cap ×1"
    assert _tally({}, "1837") == ""
    gamekit.set_language("zh")
    assert _tally({"bank": 3, "bankrupt": 1}, "1837") == "银行破产 ×3、除一名玩家外其余玩家全部破产 ×1"
    assert _tally({"bank": 3, "bankrupt": 1}, "1894") == "银行破产 ×3、有玩家破产 ×1"
    gamekit.set_language("es")
    assert _tally({"stock_market": 1}, "1894") == "una cotización ha llegado al final del mercado ×1"


def _endings() -> dict[str, str]:
    """compare_01's list of how each title ends: title → its item's text."""
    cells = nbformat.read(LESSON, as_version=4).cells
    text = next(c.source for c in cells if c.cell_type == "markdown" and "How did the games end?" in c.source)
    items = re.findall(r"^- \*\*([^*]+)\*\*(.*?)(?=^- |^\(|\Z)", text, re.M | re.S)
    return {name: body for name, body in items}


def test_compare_01_says_how_each_of_the_five_titles_ends():
    endings = _endings()
    assert list(endings) == ["1830", "1837", "1894", "Continental Divide", "American Rails"]
    for title in ("1830", "1837", "1894"):  # every end the engine's facts have, by the code its table shows
        reasons = {t.reason for t in gamekit.new_game(title, ["A", "B", "C", "D"]).facts.end_triggers}
        assert set(re.findall(r"`(\w+)`", endings[title])) == reasons, title
    assert set(re.findall(r"`(\w+)`", endings["Continental Divide"])) == {"turns"}
    assert set(re.findall(r"`(\w+)`", endings["American Rails"])) == {"years", "shares", "supplies"}
    assert "450 F" in endings["1894"] and "never breaks" in endings["1894"]
    assert "all players but one" in endings["1837"]


def test_compare_01_shows_the_end_reasons_in_words_beside_the_codes():
    code = [c.source for c in nbformat.read(LESSON, as_version=4).cells if c.cell_type == "code"]
    assert any("end_words(reason)" in source and 'groupby(["title", "end_reason"])' in source for source in code)
