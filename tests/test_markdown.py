"""Lesson markdown shows money as money: no markdown cell of any notebook holds text JupyterLab would typeset
as maths.

JupyterLab (4.x) renders a markdown cell in two passes, and :func:`typeset` models both:

1. Before the markdown is parsed, ``removeMath`` (``@jupyterlab/rendermime``, ``latex.ts``) cuts out every
   ``$…$``, ``$$…$$``, ``\\\\(…\\\\)``, ``\\\\[…\\\\]`` and ``\\begin{…}…\\end{…}`` of the source —
   pairs may span lines but not a blank line; braces must balance — and hands them to MathJax. Dollars inside
   code spans and fences are left alone. ``\\$`` is not a delimiter in this pass.
2. The rest goes through the markdown parser, which turns ``\\$`` into a bare ``$`` (a backslash escape), and
   MathJax then typesets the rendered page with ``$…$``, ``\\(…\\)`` and ``\\[…\\]`` delimiters, skipping
   ``<code>`` and honouring ``\\$`` (processEscapes). So ``\\$90 … \\$180`` in one paragraph *is* typeset
   (checked in JupyterLab 4.6 in Chromium: "pays 90andgets180"); the source must say ``\\\\$90`` — the markdown
   parser leaves ``\\$`` for MathJax, which shows a dollar sign. ``notebooks/tools/nbcells.py`` writes it so.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))

# ----- pass 1: JupyterLab's removeMath, on the cell's source -------------------------------------------------
MATHSPLIT = re.compile(r"(\$\$?|\\(?:begin|end)\{[a-z]*\*?\}|\\[{}$]|[{}]|(?:\n\s*)+|@@\d+@@|\\\\[()[\]])", re.I)
FENCE = re.compile(r"^(?P<fence>`{3,}|(?:~T){3,})[^`\n]*\n[\s\S]*?^(?P=fence)`*$", re.M)
CODE_SPAN = re.compile(r"(^|[^\\])(`+)([^\n]*?[^`\n])\2(?!`)", re.M)


def _without_code(source: str) -> str:
    """Return ``source`` with code fences and code spans blanked (neither pass typesets inside them)."""
    text = FENCE.sub("", source.replace("~", "~T"))
    return CODE_SPAN.sub(lambda m: m.group(1), text).replace("~T", "~")


def remove_math(source: str) -> tuple[list[str], str]:
    """Return (the maths ``removeMath`` finds, the text left with each maths replaced by ``@@n@@``)."""
    blocks = MATHSPLIT.split(_without_code(source).replace("\r\n", "\n"))
    math: list[str] = []
    start = end = last = None
    braces = 0

    def take(first: int, final: int) -> None:
        math.append("".join(blocks[first:final + 1]))
        blocks[first:final + 1] = [f"@@{len(math) - 1}@@"] + [""] * (final - first)

    i = 1
    while i < len(blocks):
        block = blocks[i]
        if start is not None:
            if block == end:
                if braces:
                    last = i
                else:
                    take(start, i)
                    start = end = last = None
            elif re.search(r"\n.*\n", block):
                if last is not None:
                    i = last
                    take(start, i)
                start = end = last = None
                braces = 0
            elif block == "{":
                braces += 1
            elif block == "}" and braces:
                braces -= 1
        elif block in ("$", "$$"):
            start, end, braces = i, block, 0
        elif block in ("\\\\(", "\\\\["):
            start, end, braces = i, "\\\\)" if block.endswith("(") else "\\\\]", 0
        elif block[1:6] == "begin":
            start, end, braces = i, "\\end" + block[6:], 0
        i += 2
    if start is not None and last is not None:
        take(start, last)
    return math, "".join(blocks)


# ----- pass 2: the markdown parser's escapes, then MathJax on the rendered text ------------------------------
PUNCTUATION = re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
MATHJAX_START = re.compile(r"\$\$|\$|\\\(|\\\[|\\begin\s*\{[^}]*\}|\\[\\$]")
MATHJAX_END = {"$": "$", "$$": "$$", "\\(": "\\)", "\\[": "\\]"}


def unescape(text: str) -> str:
    """Return text as the markdown parser renders it: a backslash before ASCII punctuation is dropped."""
    return re.sub(rf"\\([{PUNCTUATION}])", r"\1", text)


def mathjax_finds(paragraph: str) -> list[str]:
    """Return the maths MathJax (inline ``$``, ``\\(``, display ``$$``, ``\\[``, environments, processEscapes)
    typesets in one rendered paragraph."""
    found, pos = [], 0
    while (m := MATHJAX_START.search(paragraph, pos)) is not None:
        opener = m.group(0)
        pos = m.end()
        if opener in ("\\\\", "\\$"):
            continue  # an escaped backslash or dollar: shown as text
        closer = MATHJAX_END.get(opener) or "\\end{" + opener.split("{", 1)[1]
        braces, k = 0, pos
        while k < len(paragraph):
            if paragraph.startswith(closer, k) and not braces:
                found.append(paragraph[m.start():k + len(closer)])
                pos = k + len(closer)
                break
            if paragraph[k] == "\\":
                k += 2
                continue
            if paragraph[k] == "{":
                braces += 1
            elif paragraph[k] == "}" and braces:
                braces -= 1
            k += 1
    return found


def typeset(source: str) -> list[str]:
    """Return every piece of a markdown cell's source that JupyterLab would typeset as maths (empty: none)."""
    math, rest = remove_math(source)
    rendered = unescape(re.sub(r"@@\d+@@", " ", rest))
    return math + [m for paragraph in re.split(r"\n\s*\n", rendered) for m in mathjax_finds(paragraph)]


# ----- the model against cases checked in the browser --------------------------------------------------------
@pytest.mark.parametrize("source, maths", [
    ("Cy pays $90 and gets $180 from it.", ["$90 and gets $"]),
    ("Cy pays \\$90 and gets \\$180 from it.", ["$90 and gets $"]),           # pass 2: the escape is eaten
    ("Ben bids \\$170; Cy bids \\$175 { and } \\$5.", ["$170; Cy bids $"]),
    ("a \\(x\\) and \\\\(y\\\\) here.", ["\\\\(y\\\\)"]),                       # only the doubled backslash
    ("costs $120\n\nand then $80 later.", []),                               # no pair across a blank line
    ("pays \\\\$90 to \\\\$100 ($10 a share) and $ 20", ["$10 a share) and $"]),
    ("Cy pays \\\\$90 and gets \\\\$180; `$5` and \\\\$5 {x} more.", []),
    ("only one $90 here.", []),
    ("```\nx = '$1' + '$2'\n```\nthen `$3` and `$4`", []),
])
def test_the_model_finds_what_jupyterlab_typesets(source, maths):
    assert typeset(source) == maths


# ----- the lessons -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_markdown_cell_is_typeset_as_maths(path):
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
    bad = {f"cell {c.get('id', k)}": typeset(c.source) for k, c in enumerate(cells)}
    bad = {cell: maths for cell, maths in bad.items() if maths}
    assert not bad, f"{len(bad)} markdown cell(s) of {path.name} would show maths instead of text: {bad}"
