"""An assignment pack written in a language stays in it: its setup cell sets gamekit's language to the pack's, its
choices are listed in that language, a check explains in it and accepts a choice written in it (or in English), and
the questions' texts survive the pack's JSON as messages (``gamekit.saved_texts.to_data``)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json

import pytest

from gamekit.exercises import assignment_cli, questions
from gamekit.exercises.notebook import assignment, unpack
from gamekit.exercises.question import Question
from gamekit.i18n import LANGUAGES, gettext, language, localize, using
from gamekit.saved_texts import from_data, to_data
from gamekit.widgets.quiz import Quiz

TITLE, N, SEED = "1830", 6, 3


@pytest.fixture(scope="module")
def drawn() -> list[Question]:
    found = questions(TITLE, None, n=N, seed=SEED)
    assert any(q.answer_type == "choice" for q in found)
    return found


# a pack's setup cell sets the process's language: every test leaves English behind (conftest)
pytestmark = pytest.mark.usefixtures("english")


def code_of(notebook: dict) -> str:
    """The pack's code cells but the drawings (show(n) needs a display), as one program."""
    return "\n".join(c["source"] for c in notebook["cells"]
                     if c["cell_type"] == "code" and not c["source"].startswith("show("))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_pack_runs_and_explains_in_its_language(drawn, lang):
    with using(lang):
        notebook = assignment(drawn, "pack")
        right = [localize(gettext("Right: {given}.").format(given=localize(q.shown()))) for q in drawn]
        listed = [[localize(c) for c in q.choices] for q in drawn]
    setup = notebook["cells"][1]["source"]
    assert f"gamekit.set_language({lang!r})" in setup
    texts = [c["source"] for c in notebook["cells"] if c["cell_type"] == "markdown"]
    for q, choices in zip(drawn, listed):
        if q.answer_type == "choice":
            assert all(any(f"`{choice!r}`" in t for t in texts) for choice in choices)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code_of(notebook), "pack", "exec"), {})  # every solution passes its check
    assert language() == lang
    for verdict in right:
        assert verdict in printed.getvalue()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_choice_is_accepted_in_the_language_and_in_english(drawn, lang):
    packed = unpack(json.loads(json.dumps(assignment(drawn, "pack")))["cells"][1]["source"]
                    .split("unpack(", 1)[1].split(")", 1)[0].strip("'"))
    with using(lang):
        for q in (q for q in packed if q.answer_type == "choice"):
            wrong = next(c for c in q.choices if c != q.answer)
            assert q.check(localize(q.answer)).correct and q.check(str(q.answer)).correct
            assert q.check(f"  {localize(q.answer).upper()} ").correct
            assert not q.check(localize(wrong)).correct
            quiz = Quiz([q], figures=False)
            assert quiz.answer(localize(q.answer)).correct and quiz.score == (1, 1)


def test_the_chinese_rust_choice_of_the_issue(drawn):
    rust = next(q for q in drawn if q.kind == "rust")
    with using("zh"):
        assert rust.check("所有 2 型火车").correct == rust.check("Every 2-train").correct


def test_the_command_writes_the_pack_in_the_current_language(tmp_path):
    out = tmp_path / "zh.ipynb"
    parser = argparse.ArgumentParser()
    assignment_cli.add_arguments(parser)
    with using("zh"), contextlib.redirect_stdout(io.StringIO()):
        assert assignment_cli.run(parser.parse_args([TITLE, str(out), "--questions", "2", "--seed", str(SEED),
                                                     "--kinds", "rust"])) == 0
    notebook = json.loads(out.read_text())
    assert "gamekit.set_language('zh')" in notebook["cells"][1]["source"]
    assert "`'没有火车生锈'`" in notebook["cells"][2]["source"]


def test_messages_survive_json(drawn):
    for q in drawn:
        again = Question.from_dict(json.loads(json.dumps(q.to_dict())))
        assert again == q and str(again.explanation) == str(q.explanation)
        for lang in LANGUAGES:
            with using(lang):
                assert localize(again.prompt) == localize(q.prompt)
                assert localize(again.explanation) == localize(q.explanation)
                assert [localize(c) for c in again.choices] == [localize(c) for c in q.choices]
    assert from_data(to_data("plain")) == "plain" and to_data(None) is None and to_data(5) == 5
