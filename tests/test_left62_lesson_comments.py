"""The translated first lessons (``notebooks/i18n/00_start_here.<lang>.ipynb``) read whole in their language: the
comments and docstrings of their code and the heading and button of their checks' answer are written in it too
(``CODE_TEXTS`` of ``notebooks/i18n/make_00_start_here.py``), and the generator refuses an English comment it has no
translation for."""

from __future__ import annotations

import io
import tokenize

import nbformat
import pytest

from .test_i18n_lessons import FOLDER, GENERATOR


def _read_texts(source: str) -> list[str]:
    """The comments and docstrings of a code cell's ``source``."""
    return [token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.COMMENT or (token.type == tokenize.STRING and token.string.startswith('"""'))]


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_every_comment_and_docstring_is_in_the_lesson_s_language(lang):
    code = [cell.source for cell in nbformat.read(FOLDER / f"00_start_here.{lang}.ipynb", as_version=4).cells
            if cell.cell_type == "code"]
    read = [text for source in code for text in _read_texts(source)]
    assert len(read) >= 10
    assert set(read) <= {texts[lang] for texts in GENERATOR.CODE_TEXTS.values()}
    assert not any(english in source for source in code for english in GENERATOR.CODE_TEXTS
                   if english != GENERATOR.CODE_TEXTS[english][lang])  # the English left nowhere
    assert "Show answer" not in "".join(code) and "Answer first" not in "".join(code)


def test_an_untranslated_comment_is_refused():
    with pytest.raises(ValueError, match="a new comment"):
        GENERATOR.translated_code("x = 1  # a new comment\n", "es")
    assert GENERATOR.translated_code("wrong = 1  # Cy acting on Ben's turn\n", "nl") == \
        "wrong = 1  # Cy speelt in de beurt van Ben\n"


def test_chinese_markdown_has_no_line_break_between_characters():
    cells = nbformat.read(FOLDER / "00_start_here.zh.ipynb", as_version=4).cells
    assert not any(GENERATOR.CJK_BREAK.search(cell.source) for cell in cells if cell.cell_type == "markdown")
    assert GENERATOR.CJK_BREAK.sub(r"\1\2", "购买**铁路公司**的\n**股票**；\n1. 运营") == "购买**铁路公司**的**股票**；\n1. 运营"
