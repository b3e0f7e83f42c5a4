"""Legible text on a coloured fill: the text colour is chosen from the fill's luminance (WCAG 2 contrast).

A title's facts give each company a fill colour and sometimes a text colour (18xx.games' ``text_colour``); some
fills have none, and white text on 1837's pink UG minors or on orange SD minors was hard to read. Here the text
is the declared colour where it contrasts enough with the fill, else black or white, whichever contrasts more.
"""

from __future__ import annotations

NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "yellow": "#ffff00", "orange": "#ffa500", "brown": "#a52a2a", "pink": "#ffc0cb", "gray": "#808080",
         "grey": "#808080", "lightblue": "#add8e6", "lightgreen": "#90ee90", "purple": "#800080",
         "violet": "#ee82ee", "navy": "#000080", "maroon": "#800000", "olive": "#808000", "teal": "#008080",
         "cyan": "#00ffff", "magenta": "#ff00ff", "gold": "#ffd700", "silver": "#c0c0c0", "lime": "#00ff00"}
"""The CSS colour names the titles' facts use (and a few more), as hex: the facts name fills as CSS does."""
MIN_CONTRAST = 4.5
"""WCAG 2's least contrast ratio for small text (a token's 10 px abbreviation is small text)."""


def rgb(colour: str) -> tuple[int, int, int]:
    """Return the red, green and blue (0–255) of a CSS colour name of :data:`NAMED` or ``#rgb``/``#rrggbb``.

    Raises:
        ValueError: neither (a title whose facts name another colour needs it added to :data:`NAMED`).
    """
    text = NAMED.get(colour.strip().lower(), colour.strip())
    digits = text[1:] if text.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    try:
        if len(digits) != 6:
            raise ValueError
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        raise ValueError(f"not a colour gamekit can read: {colour!r}") from None


def luminance(colour: str) -> float:
    """The relative luminance of ``colour`` (0 black … 1 white), as WCAG 2 defines it."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours (1 the same … 21 black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_colour(fill: str, declared: str | None = None) -> str:
    """The colour to write on ``fill``: ``declared`` where its contrast with the fill reaches
    :data:`MIN_CONTRAST`, else ``"black"`` or ``"white"``, whichever contrasts more with the fill."""
    if declared and contrast(fill, declared) >= MIN_CONTRAST:
        return declared
    return "black" if contrast(fill, "black") >= contrast(fill, "white") else "white"
