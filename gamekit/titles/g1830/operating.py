"""1830 operating rounds (rule ``1830:or``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event

if TYPE_CHECKING:
    from . import Game1830


def start(game: "Game1830") -> list[Event]:
    game.state.round = "operating"
    return []
