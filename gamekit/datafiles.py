"""Loading a title's data files (JSON facts and rules.md) shipped inside the package as ``gamekit.data``."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

from .errors import DataError
from .i18n import msg
from .model import FieldError, Record

M = TypeVar("M", bound=Record)


def data_text(title_dir: str, name: str) -> str:
    """Return the text of ``data/<title_dir>/<name>`` from the installed package.

    Raises:
        DataError: the file is not in the package.
    """
    path = resources.files("gamekit.data").joinpath(*[part for part in (title_dir, name) if part])
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(msg("{where}: missing from the installed package", where=f"data/{title_dir}/{name}")) \
            from None


@lru_cache(maxsize=None)
def data_json(title_dir: str, name: str) -> Any:
    """Return the parsed JSON of ``data/<title_dir>/<name>`` (cached; treat it as read-only).

    Raises:
        DataError: missing file or invalid JSON (with line and column).
    """
    text = data_text(title_dir, name)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(msg("{where}: line {line} column {column}: {reason}", where=f"data/{title_dir}/{name}",
                            line=exc.lineno, column=exc.colno, reason=exc.msg)) from None


def load_model(model: type[M], raw: Any, where: str) -> M:
    """Check ``raw`` (parsed JSON) against the record class ``model`` and return the record.

    Raises:
        DataError: one line naming ``where`` and the path of the first wrong field (e.g. ``trains.3.price``);
            a check of a whole record names its own place (``corporations.1: reserved: ...``).
    """
    try:
        return model.from_data(raw)
    except FieldError as exc:
        raise DataError(msg("{where}: {problem}", where=where, problem=str(exc))) from None
