"""Assignment packs: a notebook of questions with autograded answer cells in nbgrader's format.

The notebook written is nbgrader's *source* version (what a teacher keeps under ``source/<assignment>/``):

* a locked setup cell that sets gamekit's language to the pack's (the one it was written in: the checks explain in
  it), reads the questions (embedded, compressed: the positions travel with the notebook, so it needs no bot game
  and no 18xx.games file to run; their texts as messages, :func:`gamekit.saved_texts.to_data`) and defines ``show(n)`` and
  ``check(n, answer)``;
* per question a locked markdown cell (the prompt, the choices, how to answer), a locked cell drawing the
  position (skipped while nbgrader grades), a **solution cell** (``answer_<n> = …`` between nbgrader's ``### BEGIN SOLUTION`` /
  ``### END SOLUTION``, which ``nbgrader generate_assignment`` replaces by its stub) and an **autograded test
  cell** worth :data:`POINTS` points that calls ``check`` (an ``AssertionError`` with the explanation when wrong).

Cells carry nbgrader's metadata (``grade``, ``grade_id``, ``locked``, ``points``, ``schema_version`` 3,
``solution``, ``task``). Without nbgrader the same notebook runs top to bottom and checks itself; the student
form (``student=True``) has ``answer_<n> = None`` instead of the solution, so each check says what is missing.

The embedded questions include the answers (compressed, not hidden): the engine can compute any answer from the
position anyway, so the pack is for practice and honest homework, not an exam.
"""

from __future__ import annotations

import base64
import re
import binascii
import json
import zlib
from pathlib import Path
from typing import Any, Sequence

from ..errors import DataError
from ..i18n import N_, _, language, localize, msg, ngettext
from ..loading import MAX_BYTES, parse_json, require_type
from ..titles import display_name
from .question import Question

_CODE_SPAN = re.compile(r"(`[^`\n]*`)")
"""A markdown code span on one line, as the question texts write them (a choice, a rule id)."""

POINTS = 1
"""Points of each autograded answer cell."""
SCHEMA_VERSION = 3
"""nbgrader's cell metadata schema version written."""
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"

_HOW = {"number": N_("a whole number (an amount of money without the {currency}, e.g. `90`)"),
        "choice": N_("one of the choices: its number, or its text in quotes (enough of it to tell it from the "
                     "others)"),
        "hex": N_("a hex name in quotes, e.g. `\"E19\"`")}
"""How each kind of answer is written (translated when the notebook is written; ``{currency}``: the title's sign
of money, :meth:`Question.currency`)."""
RUN_ALL = N_("A check whose answer is wrong or missing stops the notebook with an error, so \"Run All\" stops "
             "there and leaves the questions under it unchecked: correct that answer and run its check again, "
             "then go on (in JupyterLab's Run menu, \"Run Selected Cell and All Below\"). When the notebook is "
             "graded, every check is run: a wrong answer costs only its own point.")
"""What the instructions cell tells a learner about Run All (which stops at the first failing check, while
nbgrader's autograde runs every cell and marks each check apart)."""
NO_ANSWER = N_("question {n}: no answer yet (set answer_{n})")
WRONG = N_("question {n}: not right (see the explanation above)")
"""What a check says to a missing or wrong answer (written into the setup cell in the notebook's language)."""


def pack(questions: Sequence[Question]) -> str:
    """Return the questions as one compact ASCII text (JSON, zlib, base64) for the setup cell."""
    raw = json.dumps([q.to_dict() for q in questions], separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def unpack(text: str) -> list[Question]:
    """Return the questions :func:`pack` wrote, read with the bounds of any untrusted file: the text unpacks to
    at most :data:`gamekit.loading.MAX_BYTES` (decompressed with that bound, never whole first), is parsed by
    :func:`gamekit.loading.parse_json` (size, depth, digits) and each question's fields are checked
    (:meth:`Question.from_dict`).

    Raises:
        DataError: one line, ``"assignment: the questions of the setup cell cannot be read (<why>); generate the
            notebook again"``: not base64 text, not zlib data or cut short, larger than the bound, not JSON, not a
            list of questions, or a question's field (named).
    """
    try:
        questions = _questions(text)
    except DataError as exc:
        raise DataError(msg("assignment: the questions of the setup cell cannot be read ({reason}); generate the "
                            "notebook again", reason=exc.message)) from None
    return questions


def _questions(text: Any) -> list[Question]:
    require_type(text, str, _("the packed text"))
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, binascii.Error):  # non-ASCII text is a ValueError, bad padding a binascii.Error
        raise DataError(_("the text is not base64: damaged or cut")) from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_BYTES + 1)
    except zlib.error:
        raise DataError(_("the text is not gamekit's compressed questions: damaged")) from None
    if len(raw) > MAX_BYTES or inflate.unconsumed_tail:
        raise DataError(msg("unpacked larger than {megabytes} MB", megabytes=MAX_BYTES // 2**20))
    if not inflate.eof or inflate.unused_data:
        raise DataError(_("the compressed questions are cut short or followed by other data"))
    data = require_type(parse_json(raw, _("the questions")), list, _("the questions"))
    return [Question.from_dict(d, msg("question {n}", n=n)) for n, d in enumerate(data, 1)]


def assignment(questions: Sequence[Question], heading: str, student: bool = False) -> dict[str, Any]:
    """Return the assignment notebook (nbformat 4.5 as a dict, ready for ``json.dump``) in gamekit's current
    language (:func:`gamekit.i18n.language`): its text, its choices and, through its setup cell, its checks.

    Args:
        questions: the questions, numbered from 1.
        heading: the notebook's title line.
        student: write ``answer_<n> = None`` instead of nbgrader's solution regions (a notebook to hand out
            without nbgrader).

    Raises:
        ValueError: no questions.
    """
    if not questions:
        raise ValueError("an assignment needs at least one question")
    cells = [_markdown("intro", _intro(heading, questions)), _code("setup", _setup(questions), locked=True)]
    for n, q in enumerate(questions, 1):
        cells.append(_markdown(f"question_{n}", _question_text(n, q)))
        cells.append(_code(f"position_{n}", f"show({n})", locked=True))
        cells.append(_code(f"answer_{n}", _answer_source(n, q, student), solution=True))
        cells.append(_code(f"check_{n}", f"check({n}, answer_{n})", locked=True, points=POINTS))
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i:03d}"
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                         "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write(notebook: dict[str, Any], path: str | Path) -> Path:
    """Write ``notebook`` (as :func:`assignment` returns it) to ``path`` as JSON in UTF-8, making the folders on
    the way that do not exist yet: nbgrader keeps each assignment two levels down (``source/ps1/ps1.ipynb``), so a
    teacher starting a course has none of them.

    Args:
        notebook: the notebook dict.
        path: the ``.ipynb`` file to write (replaced if it exists).

    Returns:
        The path written, as a :class:`~pathlib.Path`.

    Raises:
        OSError: the folders or the file cannot be made (a file where a folder should be, no permission); nothing
            is written then.
    """
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    return out


def literal(q: Question, value: Any) -> str:
    """The Python literal of an answer (``76``, ``'Di'``; a choice as the current language writes it, which the
    check accepts as it accepts the English text)."""
    return repr(int(value)) if q.answer_type == "number" else repr(localize(value))


def _intro(heading: str, questions: Sequence[Question]) -> str:
    titles = ", ".join(sorted({display_name(q.title) for q in questions}))
    text = ngettext("{count} question about positions of {titles} games. For each question, read the position, "
                    "then write your answer in the cell `answer_<n> = …` and run the check below it: it says whether "
                    "you are right and explains why, with the rules. Run the first code cell before the others.",
                    "{count} questions about positions of {titles} games. For each question, read the position, "
                    "then write your answer in the cell `answer_<n> = …` and run the check below it: it says whether "
                    "you are right and explains why, with the rules. Run the first code cell before the others.",
                    len(questions))
    return f"# {heading}\n\n" + text.format(count=len(questions), titles=titles) + "\n\n" + _(RUN_ALL)


def _setup(questions: Sequence[Question]) -> str:
    return "\n".join([
        "# " + _("Setup (do not change): the questions and their positions, and the checks."),
        "import os",
        "from IPython.display import display",
        "import gamekit",
        f"gamekit.set_language({language()!r})  # " + _("the language of this notebook: the checks explain in it"),
        "from gamekit.exercises.notebook import unpack",
        "from gamekit.i18n import localize",
        f"QUESTIONS = unpack({pack(questions)!r})",
        "",
        "def show(n):",
        "    \"\"\"Draw question n's position: the map (and the share market where the title has one); not while",
        "    nbgrader grades (it sets NBGRADER_EXECUTION), which needs only the answers.\"\"\"",
        "    if os.getenv('NBGRADER_EXECUTION'):",
        "        return",
        "    from gamekit import viz",
        "    game = QUESTIONS[n - 1].position()",
        "    if viz.has_map(game):",
        "        display(viz.map_figure(game))",
        "    if viz.has_market(game):",
        "        display(viz.market_figure(game))",
        "",
        "def check(n, answer):",
        "    \"\"\"Mark the answer to question n: print the explanation; fail (AssertionError) when it is wrong.\"\"\"",
        f"    assert answer is not None, {_(NO_ANSWER)!r}.format(n=n)",
        "    result = QUESTIONS[n - 1].check(answer)",
        "    print(localize(result.explanation))",
        f"    assert result.correct, {_(WRONG)!r}.format(n=n)",
    ])


def _question_text(n: int, q: Question) -> str:
    text = ["## " + _("Question {n}").format(n=n), "", localize(q.prompt), ""]
    if q.answer_type == "choice":
        text += [f"{i}. `{localize(choice)!r}`" for i, choice in enumerate(q.choices, 1)] + [""]
    rules = ", ".join(f"`{r}`" for r in q.rule_ids)
    how = _(_HOW[q.answer_type]).format(currency=q.currency())
    text += [_("Answer with {how}. Rules involved: {rules}.").format(how=how, rules=rules)]
    return _dollars_as_text("\n".join(text))


def _dollars_as_text(markdown: str) -> str:
    """``markdown`` with every ``$`` outside code spans written ``\\\\$``: money is not maths. JupyterLab typesets a
    pair of ``$`` as maths, and its markdown parser turns ``\\$`` into a bare ``$`` before MathJax sees the page, so
    only a doubled backslash reaches MathJax as ``\\$``, which it shows as a dollar sign. In a code span the
    backslashes would show, and nothing there is typeset."""
    parts = _CODE_SPAN.split(markdown)  # text, then a code span, then text…
    return "".join(part if k % 2 else part.replace("$", "\\\\$") for k, part in enumerate(parts))


def _answer_source(n: int, q: Question, student: bool) -> str:
    if student:
        return f"answer_{n} = None  # your answer"
    return f"{BEGIN}\nanswer_{n} = {literal(q, q.answer)}\n{END}"


def _meta(grade_id: str, *, solution: bool = False, locked: bool = False, points: int | None = None) -> dict:
    meta = {"grade": points is not None, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA_VERSION,
            "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def _code(grade_id: str, source: str, *, solution: bool = False, locked: bool = False,
          points: int | None = None) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": _meta(grade_id, solution=solution,
                                                                           locked=locked, points=points),
            "outputs": [], "source": source}


def _markdown(grade_id: str, source: str) -> dict:
    return {"cell_type": "markdown", "metadata": _meta(grade_id, locked=True), "source": source}
