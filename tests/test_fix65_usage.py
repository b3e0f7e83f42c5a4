"""Stop 65's new-user pass: every usage error of the ``gamekit`` command is one line (naming the choices where
there are some) and a pointer to ``--help``, exit status 2; ``gamekit assignment`` refuses its options so too."""

from __future__ import annotations

import pytest

from gamekit import cli
from gamekit.i18n import using
from gamekit.widgets import classroom_launch


def run(capsys, *argv: str, main=cli.main) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    _out, err = capsys.readouterr()
    return code, err


def one_line(err: str, command: str) -> str:
    lines = err.splitlines()
    assert lines[0].startswith(f"gamekit {command}") and len(lines) <= 2, err
    assert len(lines) == 1 or lines[1] == f"'gamekit {command} --help' shows the usage"
    return lines[0]


@pytest.mark.parametrize("argv, command, says", [
    (("simulate", "1831", "--players", "4"), "simulate",
     ("gamekit simulate: error: argument title: invalid choice: '1831' (choose from '1830', '1837', '1894', "
     "'american-rails', 'continental-divide')")),
    (("classroom", "--lang", "fr"), "classroom",
     "gamekit classroom: error: argument --lang: invalid choice: 'fr' (choose from 'en', 'zh', 'ca', 'es', 'nl')"),
    (("simulate", "1830", "--players", "x"), "simulate",
     "gamekit simulate: error: argument --players: 'x' is not a whole number"),
])
def test_argparses_usage_errors_are_one_line_and_a_pointer_to_help(capsys, argv, command, says):
    code, err = run(capsys, *argv)
    assert code == 2 and one_line(err, command) == says and "usage:" not in err
    assert err.splitlines()[1] == f"'gamekit {command} --help' shows the usage"


def test_the_classroom_commands_own_parser_says_so_too(capsys):
    code, err = run(capsys, "--lang", "fr", main=classroom_launch.main)
    assert code == 2 and one_line(err, "classroom").endswith("(choose from 'en', 'zh', 'ca', 'es', 'nl')")


def test_a_usage_error_reads_in_the_language_in_one_line(capsys):
    with using("zh"):
        code, err = run(capsys, "simulate", "1831")
    assert code == 2 and err.splitlines() == [
        ("gamekit simulate：错误：参数 title：无效的选择：'1831'（可选：'1830', '1837', '1894', 'american-rails', "
        "'continental-divide'）"), "'gamekit simulate --help' 显示用法"]


@pytest.mark.parametrize("extra, says", [
    (("--seed", "1234567890123456789012"),
     ("gamekit assignment: error: argument --seed: the seed is a whole number of at most 18 digits (a save must "
      "hold it), not 1234567890123456789012")),
    (("--kinds", "nokind"), "gamekit assignment: unknown question kind 'nokind'; the kinds are sale_price, "),
    (("--kinds", "cube_income"),
     "gamekit assignment: 1830 has no cube_income questions (a railroad's income after it builds track)"),
    (("--players", "9"), "gamekit assignment: 1830 is for 2–6 players"),
])
def test_assignments_refused_options_are_usage_errors(capsys, tmp_path, extra, says):
    out = tmp_path / "a.ipynb"
    code, err = run(capsys, "assignment", "1830", str(out), *extra)
    assert code == 2 and one_line(err, "assignment").startswith(says) and not out.exists()
    assert "Traceback" not in err


def test_an_assignments_refusal_reads_in_the_language(capsys, tmp_path):
    with using("es"):
        code, err = run(capsys, "assignment", "1830", str(tmp_path / "a.ipynb"), "--kinds", "cube_income")
    assert code == 2 and err.startswith("gamekit assignment: 1830 no tiene preguntas cube_income (")
