"""Shared pieces of the lesson generators: writing a notebook without outputs, and the 1830 helper cell.

Each ``make_*.py`` script next to this file lists its cells as ``("md" | "code" | "check", source)`` pairs (a
``"check"`` is a code cell whose code is folded away) and calls
:func:`write`. Run a script, then check the notebook with ``pytest --nbval-lax notebooks/<name>.ipynb``.
Markdown is written as one means it — money as ``$90`` —; :func:`write` makes every dollar show as a dollar
sign in JupyterLab (:func:`dollars_as_text`; ``tests/test_markdown.py`` checks every notebook).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parent.parent

HELPERS = '''import gamekit
from gamekit import viz
from gamekit.errors import GameError
from gamekit.rules import rule_text
from gamekit.widgets import wide_figures

wide_figures()  # a map wider than this column scrolls inside it instead of being cut off


def do(game, sentence, quiet=False):
    """Apply the legal action that `sentence` names (game.parse_action reads it back, or
    raises a GameError saying why no legal action reads so); print each event with its
    rule id unless quiet; return the events."""
    events = game.process(game.parse_action(sentence))
    for event in events if not quiet else ():
        print("  ", event)
    return events'''
"""The first code cell of every 1830 lesson: imports and ``do(game, sentence)``."""

SHOW_RULE = '''

from IPython.display import Markdown, display


def show_rule(rule_id):
    """Show a rule section of the title's rules.md (rule_text(rule_id)) as formatted text."""
    heading, _, text = rule_text(rule_id).partition("\\n\\n")
    display(Markdown(f"**{heading}** (`{rule_id}`)\\n\\n{text}"))'''
"""Appended to :data:`HELPERS` by lessons whose rules are in francs: ``show_rule(id)`` shows a rule section as
markdown (bold and lists rendered, lines wrapped to the column) where ``print(rule_text(id))`` would show the raw
text with its fixed line breaks. Not for dollar titles: the rendered markdown would typeset a pair of dollars as
maths."""


CODE = re.compile(r"(^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\2[`~]*$|(`+)[^\n]*?[^`\n]\3(?!`))", re.M)
"""A code fence or code span of markdown (its dollars are shown as written)."""


def dollars_as_text(markdown: str) -> str:
    """Return ``markdown`` with every dollar outside code written ``\\\\$`` (an escaped ``\\$`` is rewritten too).

    Why two backslashes: JupyterLab typesets ``$…$`` of the source as maths, and the markdown parser turns
    ``\\$`` into a bare ``$`` that MathJax then typesets on the rendered page ("pays \\$90 and gets \\$180" shows
    "pays 90andgets180"). ``\\\\$`` reaches MathJax as ``\\$``, which it shows as a dollar sign.
    """
    parts = CODE.split(markdown)
    # split() returns text, then the groups of each code match (whole match, fence, span ticks), then text…
    out = []
    for k in range(0, len(parts), 4):
        out.append(re.sub(r"\\*\$", r"\\\\$", parts[k]))
        if k + 1 < len(parts):
            out.append(parts[k + 1])
    return "".join(out)


ANSWER = '''# The checks: this code holds the answers; unfold it (click ···) once you have tried.
from html import escape

from IPython.display import display
from ipywidgets import HTML, Button, Output, VBox


def show_answer(facts, money=None, amounts=(), shown=str):
    \"\"\"List the questions (the names of `facts`), then a "Show answer" button: their values appear below it once it
    is pressed. Try first! The facts named in `amounts` are money, written with `money` (the game's `money`); other
    values are written with `shown` (e.g. `localize`, in the learner's language).\"\"\"
    questions = HTML("<b>Answer first:</b><ul>" + "".join(f"<li>{escape(name)}?</li>" for name in facts) + "</ul>")
    answer, button = Output(), Button(description="Show answer", icon="eye")

    def written(name, value):
        if isinstance(value, dict):
            return ", ".join(f"{key} {written(name, item)}" for key, item in value.items())
        if isinstance(value, (tuple, list)):
            return ", ".join(str(written(name, item)) for item in value)
        is_amount = name in amounts and isinstance(value, int) and not isinstance(value, bool)
        return money(value) if is_amount else shown(value)

    # written now, in the language the lesson runs in, not at the click (a later cell may change it)
    lines = [f"{name}: {written(name, value)}" for name, value in facts.items()]

    def reveal(_):
        button.disabled = True
        with answer:
            for line in lines:
                print(line)

    button.on_click(reveal)
    display(VBox([questions, button, answer]))'''
"""Put before a "Check yourself" cell that prints its facts (see :func:`with_answer_button`)."""

HIDDEN_SOURCE = {"jupyter": {"source_hidden": True}}
"""Cell metadata with which JupyterLab shows a cell's output but folds its code away (a click unfolds it): the
code of a check holds its answers."""

FACTS_LOOP = re.compile(r'^for (\w+), (\w+) in (\w+)\.items\(\):\n    print\(f"\{\1\}: \{(?:(\w+)\(\2\)|\2)\}"\)$',
                        re.M)
"""The loop a "Check yourself" cell prints its facts with: ``for k, v in facts.items(): print(f"{k}: {v}")``, or
with each value passed through a function (``{localize(v)}``)."""


def with_answer_button(source: str) -> str:
    """Return the source of a code cell that printed its facts with :data:`FACTS_LOOP` so that it lists the
    questions and keeps the facts behind a "Show answer" button (:data:`ANSWER`) until the learner has tried; its
    asserts still check every fact (nbval). Other cells are returned as they are."""
    found = FACTS_LOOP.search(source)
    if found is not None:
        shown = f", shown={found[4]}" if found[4] else ""
        source = FACTS_LOOP.sub(f"show_answer({found[3]}{shown})", source, count=1)
    elif "show_answer(" not in source:  # a check may call it itself, naming its amounts of money
        return source
    return f"{ANSWER}\n\n\n{source}"


QUIZ_INTRO = """## Quiz

{count} questions about positions {where}. Type a number or pick an answer and press **Answer**: you are
told whether you are right and why, with the rules' own text. **Next question** moves on; the score counts your
first answer to each question."""
"""The heading of a lesson's closing quiz (:func:`quiz`)."""

_NUMBERS = {3: "Three", 4: "Four", 5: "Five"}


def quiz(source: str, kinds: list[str], answers: list, where: str, n: int = 3, seed: int = 1,
         questions: str | None = None) -> list[tuple[str, str]]:
    """Return the cells closing a lesson with its quiz (``gamekit.exercises.lesson_quiz``, ``gamekit.widgets.Quiz``).

    Args:
        source: the expression of the lesson's game (or title) the questions are drawn from, e.g. ``"g"``.
        kinds: the question kinds the lesson taught, asked in turn.
        answers: the right answers, worked out by hand from the rules for the positions the seed draws (the check
            cell asserts them: an engine change that moves an answer fails the lesson under nbval).
        where: words for the heading ("of this lesson's game").
        n, seed: how many questions and the seed of their draw.
        questions: the expression of the question list, when it is not ``lesson_quiz(source, kinds, n, seed)``.

    Returns:
        A markdown heading, the quiz cell, and a ``"check"`` cell (its code folded away: it holds the answers)
        that enters the answers on a copy of the quiz, as a learner would, and checks the verdicts and the score.
    """
    drawn = questions or f"lesson_quiz({source}, {kinds!r}, n={n}, seed={seed})"
    shown = f"""from gamekit.exercises import lesson_quiz
from gamekit.widgets.quiz import Quiz

quiz = Quiz({drawn})
quiz"""
    check = f"""# The quiz's check: this code holds the answers; unfold it (click ···) once you have tried.
# It answers a copy of the quiz as a learner would (yours above stays unanswered).
from html import escape

from gamekit.i18n import gettext, localize


def said(verdict, **values):
    \"\"\"The verdict as the quiz shows it in gamekit's language (gamekit.set_language), its values rendered too.\"\"\"
    return escape(gettext(verdict).format(**{{name: localize(value) for name, value in values.items()}}))


marked = Quiz(quiz.questions, figures=False)
answers = {answers!r}  # worked out by hand from the rules for these positions
assert [q.kind for q in marked.questions] == {[k for k in _turns(kinds, len(answers))]!r}
for question, answer in zip(marked.questions, answers):
    assert question.answer == answer, (question.prompt, question.answer)
    assert marked.answer(answer).correct  # marked right, and told so in the learner's language
    assert said("Right: {{given}}.", given=question.shown()) in marked.feedback.value, marked.feedback.value
    marked.next()
assert marked.score == ({len(answers)}, {len(answers)})
first = Quiz(quiz.questions[:1], figures=False)  # and a wrong answer is marked wrong, with the right one
miss = first.current.answer + 10 if first.current.answer_type == "number" else \\
    next(c for c in first.current.choices if c != first.current.answer)
assert not first.answer(miss).correct
assert said("Wrong: not {{given}}; the answer is {{answer}}.", given=first.current.shown(miss),
            answer=first.current.shown()) in first.feedback.value, first.feedback.value"""
    return [("md", QUIZ_INTRO.format(count=_NUMBERS[len(answers)], where=where)), ("code", shown), ("check", check)]


def _turns(kinds: list[str], n: int) -> list[str]:
    """The kinds of ``n`` questions when every kind has a position to ask about: they take turns in order."""
    return [kinds[i % len(kinds)] for i in range(n)]


KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
"""The kernel as JupyterLab names it in a notebook it saves (ipykernel's ``python3`` kernel spec)."""
LANGUAGE_INFO = {"name": "python", "mimetype": "text/x-python", "codemirror_mode": {"name": "ipython", "version": 3},
                 "pygments_lexer": "ipython3", "nbconvert_exporter": "python", "file_extension": ".py"}
"""The ``language_info`` that ipykernel reports and JupyterLab saves, except the Python ``version``, which is the
machine's: a lesson opened in JupyterLab gains that one line and nothing else."""


def _code_cell(source: str, hidden: bool = False) -> nbformat.NotebookNode:
    """A code cell of ``source``; a check whose facts wait behind a button (:func:`with_answer_button`), or a cell
    given as ``"check"`` (``hidden``: a quiz's check, :func:`quiz`), has its code folded away
    (:data:`HIDDEN_SOURCE`), since its asserts would tell the answers."""
    checked = with_answer_button(source)
    cell = new_code_cell(checked)
    if hidden or checked != source:
        cell.metadata.update(copy.deepcopy(HIDDEN_SOURCE))
    return cell


def lesson(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """Return the notebook of ``cells`` (no outputs; stable cell ids; a check's facts behind a button,
    :func:`with_answer_button`). Its metadata is the metadata JupyterLab
    writes (:data:`KERNELSPEC`, :data:`LANGUAGE_INFO`), so that opening and saving an unrun lesson leaves it as it
    was (but for the Python version), and a ``git pull`` meets no change of one's own."""
    nb = new_notebook()
    nb.cells = [new_markdown_cell(dollars_as_text(src)) if kind == "md" else _code_cell(src, hidden=kind == "check")
                for kind, src in cells]
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:02d}"  # stable ids: regenerating a lesson changes only what its cells say
    nb.metadata["kernelspec"] = copy.deepcopy(KERNELSPEC)
    nb.metadata["language_info"] = copy.deepcopy(LANGUAGE_INFO)
    return nb


def write(cells: list[tuple[str, str]], name: str) -> Path:
    """Write ``notebooks/<name>.ipynb`` from ``cells`` (:func:`lesson`) and return its path."""
    out = NOTEBOOKS / f"{name}.ipynb"
    nbformat.write(lesson(cells), out)
    print(f"wrote {out}")
    return out
