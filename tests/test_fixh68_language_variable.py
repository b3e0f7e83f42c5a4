"""``GAMEKIT_LANG`` and ``set_language`` read a language one way (hostile68 item 9): spaces around the value and
its case do not count, the locale of no language (``C``, ``POSIX``, ``C.UTF-8``) is English without a warning, and
the warning about an unknown value quotes at most 40 characters of it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import gamekit
from gamekit.errors import UnknownName

CODE = "import gamekit; from gamekit.i18n import _; print(gamekit.language(), _('Undo'))"


def run(value: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "GAMEKIT_LANG": value})


@pytest.mark.parametrize("value, code, undo", [
    ("zh ", "zh", "撤销"), (" ZH", "zh", "撤销"), ("nl_BE.UTF-8", "nl", "Ongedaan maken"), ("C", "en", "Undo"),
    ("POSIX", "en", "Undo"), ("C.UTF-8", "en", "Undo")])
def test_the_variable_names_a_language_without_a_warning(value, code, undo):
    done = run(value)
    assert done.stdout == f"{code} {undo}\n" and done.stderr == ""


def test_a_long_unknown_value_is_quoted_cut_in_one_line():
    done = run("x" * 5000)
    assert done.stdout.split() == ["en", "Undo"]
    assert done.stderr == ("gamekit: GAMEKIT_LANG='" + "x" * 38 + "… is not a language of gamekit; the known "
                           "ones are en, zh, ca, es, nl; English is used\n")


def test_set_language_reads_a_code_as_the_variable_does():
    try:
        gamekit.set_language(" ZH ")
        assert gamekit.language() == "zh"
        gamekit.set_language("C.UTF-8")
        assert gamekit.language() == "en"
        with pytest.raises(UnknownName) as refused:
            gamekit.set_language("y" * 5000)
        assert len(str(refused.value)) < 200 and gamekit.language() == "en"
    finally:
        gamekit.set_language("en")
