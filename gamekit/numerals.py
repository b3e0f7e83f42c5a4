"""Whole numbers typed as text: the one policy by which the kit reads them, wherever they are typed (a sentence
read back by the codec, a widget's number box, the classroom URL, a command-line argument, a quiz answer).

The text is Unicode-normalised (NFKC: full-width digits, as a Chinese input method types them, are ASCII digits),
trimmed of surrounding spaces, and read as ``int()`` reads digits: any Unicode decimal digit (``"٣٨٣"`` is 383),
leading zeros allowed, but no ``_`` between digits (``int("1_000")`` is 1000, a slip in a typed number), no
spaces, points or exponents inside, and a sign (``+``, ``-`` or the minus sign ``−``) only where the field takes
one.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .loading import MAX_DIGITS

_SIGNED = re.compile(r"[+-]?(\d+)")  # \d in a str pattern: any Unicode decimal digit (category Nd), as int() reads
_UNSIGNED = re.compile(r"(\d+)")


def typed_whole_number(text: Any, signed: bool = True, most: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` writes, by the module's policy, or ``None`` when it writes none.

    Args:
        text: what was typed (anything but a ``str`` is no typed number).
        signed: whether the field takes a sign (a seed, an amount the rules judge); ``False``: digits only (a
            number a sentence writes).
        most: the most digits (leading zeros counted) read: a longer number is none (no game holds it, and Python
            refuses to read one of thousands of digits).

    Returns:
        The number, or ``None``.
    """
    if not isinstance(text, str):
        return None
    plain = unicodedata.normalize("NFKC", text).replace("\u2212", "-").strip()
    match = (_SIGNED if signed else _UNSIGNED).fullmatch(plain)
    if match is None or len(match[1]) > most:
        return None
    return int(plain)
