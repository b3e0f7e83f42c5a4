"""An AST scan for English text that reaches a learner without passing through the i18n functions.

A *sink* is a place whose text a learner reads: an event's sentence (``Event(rule, text, …)``), a refusal
(``GameError(text, …)``, ``require(ok, text, rule)``, a malformed file's error (``DataError(text)``), a refused
argument (``UsageError(text)``), the ``(text, rule)`` a refusal function returns, what a function named
``…refusal`` returns (a reason, or a ``(reason, rule id)`` pair), a
``Refusal(rule, text)`` of Continental Divide's builds), a step's
name and help (``Step(name, help, …)``), what is printed (``print``), an assignment's heading, a question's
prompt and explanation, a command-line option's help, a widget's text (``description=``, ``tooltip=``, ``placeholder=``,
``value=`` and the first argument of ``widgets.HTML``/``Label``), and a figure's visible words (``title=``,
``name=`` of a trace unless ``showlegend=False``, ``text=``/``hovertext=``). The scan follows a sink's expression through
f-strings, ``+``, ``… if … else …``, ``"sep".join(…)`` and names assigned in the same function, and reports each
string literal found there that holds a word (letters, once ``{fields}`` and HTML tags are taken out) and is not
inside a call of ``_``, ``gettext``, ``ngettext``, ``pgettext``, ``msg``, ``nmsg``, ``N_`` or ``Nn_``.

Used by ``tests/test_i18n_scan.py``; :func:`scan_source` is what it tests on planted snippets, so the check can
fail.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

I18N_CALLS = {"_", "gettext", "ngettext", "pgettext", "msg", "nmsg", "N_", "Nn_", "localize"}
"""Functions whose string arguments are translatable templates (or, ``localize``, already-translated values)."""
POSITIONAL_SINKS = {"Event": (1,), "GameError": (0,), "require": (1,), "Step": (0, 1), "HTML": (0,), "Label": (0,),
                    "print": (0,), "assignment": (1,), "_fail": (0,), "TurnStep": (1,), "Refusal": (1,),
                    "DataError": (0,), "UsageError": (0,)}
"""Call name → positions of its arguments a learner reads."""
KEYWORD_SINKS = {"description", "tooltip", "placeholder", "title", "text", "hovertext", "name", "value", "prompt",
                 "explanation", "help"}
"""Keyword arguments a learner reads, where the call is a widget or a figure's part (see :func:`_reads_keyword`)."""
FIGURE_OR_WIDGET = re.compile(r"^(widgets\.|go\.|ipywidgets\.)|^(HTML|Label|Button|Dropdown|ToggleButtons|Checkbox|"
                              r"Text|Textarea|IntText|IntSlider|Tab|Accordion|Question|Result|add_argument|ArgumentParser)$|\.update_layout$|"
                              r"\.add_annotation$|^dict$")
WORD = re.compile(r"[A-Za-z]{2,}")
TAG = re.compile(r"<[^>]*>|&\w+;|\{[^{}]*\}")


@dataclass(frozen=True)
class Finding:
    """One English literal at a sink: the file, its line and the literal's text."""

    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return f"{_name(func.value)}.{func.attr}" if isinstance(func.value, (ast.Name, ast.Attribute)) else func.attr
    return ""


def _short(func: ast.expr) -> str:
    return _name(func).rsplit(".", 1)[-1]


def _is_text(literal: str) -> bool:
    return bool(WORD.search(TAG.sub(" ", literal)))


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str, allowed: frozenset[str]):
        self.path, self.allowed = path, allowed
        self.found: list[Finding] = []
        self.assigned: list[dict[str, list[ast.expr]]] = [{}]
        self.functions: list[str] = [""]

    # names assigned in the function being scanned, so a sink given a name is followed to its literal
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        names: dict[str, list[ast.expr]] = {}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign):
                for target in sub.targets:
                    if isinstance(target, ast.Name):
                        names.setdefault(target.id, []).append(sub.value)
            elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)) and isinstance(sub.target, ast.Name) and sub.value:
                names.setdefault(sub.target.id, []).append(sub.value)
        self.assigned.append(names)
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()
        self.assigned.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node: ast.Call) -> None:
        short = _short(node.func)
        for index in POSITIONAL_SINKS.get(short, ()):
            if index < len(node.args):
                self._check(node.args[index], set())
        if FIGURE_OR_WIDGET.search(_name(node.func)) or FIGURE_OR_WIDGET.search(short) or short in POSITIONAL_SINKS:
            hidden = any(k.arg == "showlegend" and isinstance(k.value, ast.Constant) and k.value.value is False
                         for k in node.keywords)
            for keyword in node.keywords:
                if keyword.arg in KEYWORD_SINKS and not (hidden and keyword.arg == "name"):
                    self._check(keyword.value, set())
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        # a refusal function returns (message, rule): the message is read
        value = node.value
        if isinstance(value, ast.Tuple) and len(value.elts) == 2 and isinstance(value.elts[1], ast.Call) \
                and _short(value.elts[1].func) == "rule":
            self._check(value.elts[0], set())
        elif value is not None and self.functions[-1].endswith("refusal"):
            # a function named ``…refusal`` returns why something is refused (or None): its text, or the text of
            # its (text, rule id) pair, is what the caller shows
            self._check(value.elts[0] if isinstance(value, ast.Tuple) and value.elts else value, set())
        self.generic_visit(node)

    def _check(self, node: ast.expr, seen: set[str]) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _is_text(node.value) and node.value not in self.allowed:
                self.found.append(Finding(self.path, node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            literal = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            if _is_text(literal) and literal not in self.allowed:
                self.found.append(Finding(self.path, node.lineno, literal))
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    self._check(v.value, seen)
        elif isinstance(node, ast.BinOp):
            self._check(node.left, seen)
            self._check(node.right, seen)
        elif isinstance(node, ast.IfExp):
            self._check(node.body, seen)
            self._check(node.orelse, seen)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                self._check(element, seen)
        elif isinstance(node, ast.Call):
            short = _short(node.func)
            if short in I18N_CALLS:
                return
            if short == "join" and isinstance(node.func, ast.Attribute):
                self._check(node.func.value, seen)
                for arg in node.args:
                    self._check(arg, seen)
            elif short == "format" and isinstance(node.func, ast.Attribute):
                self._check(node.func.value, seen)
        elif isinstance(node, ast.Name) and node.id not in seen:
            for value in self.assigned[-1].get(node.id, ()):
                self._check(value, seen | {node.id})


def scan_source(source: str, path: str = "<snippet>", allowed: frozenset[str] = frozenset()) -> list[Finding]:
    """The English literals at sinks of ``source`` (a module's text), but those in ``allowed``."""
    scanner = _Scanner(path, allowed)
    scanner.visit(ast.parse(source))
    return scanner.found


def scan(paths: list[Path], root: Path, allowed: frozenset[str] = frozenset()) -> list[Finding]:
    """:func:`scan_source` over files, each named relative to ``root``."""
    return [f for p in paths for f in scan_source(p.read_text(encoding="utf-8"), str(p.relative_to(root)), allowed)]
