"""Loading a title's data files (JSON facts and rules.md) shipped inside the package as ``gamekit.data``."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

M = TypeVar("M", bound=BaseModel)


def data_text(title_dir: str, name: str) -> str:
    """Return the text of ``data/<title_dir>/<name>`` from the installed package.

    Raises:
        DataError: the file is not in the package.
    """
    path = resources.files("gamekit.data").joinpath(*[part for part in (title_dir, name) if part])
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"data/{title_dir}/{name}: missing from the installed package") from None


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
        raise DataError(f"data/{title_dir}/{name}: line {exc.lineno} column {exc.colno}: {exc.msg}") from None


def load_model(model: type[M], raw: Any, where: str) -> M:
    """Validate ``raw`` against a pydantic model and return it.

    Raises:
        DataError: one line naming ``where`` and the path of the first wrong field (e.g. ``trains.3.price``).
    """
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(str(p) for p in first["loc"])
        # a model-level check carries its own place in its message ("trains.3.rusts_on: ...")
        msg = first["msg"].removeprefix("Value error, ")
        raise DataError(f"{where}: {place}: {msg}" if place else f"{where}: {msg}") from None
