"""The heuristic bot: one rule of thumb per kind of decision, written per family of titles (:mod:`.h18xx`,
:mod:`.hcuberails`) and registered for the family's game base class; where no rule of thumb applies it plays
like the random bot."""

from __future__ import annotations

from typing import Any, Callable

from ..rng import GameRandom
from ..simulate import random_action

Strategy = Callable[[Any, GameRandom], Any]
_STRATEGIES: list[tuple[type, Strategy]] = []


def strategy(base: type) -> Callable[[Strategy], Strategy]:
    """Register the heuristic of the titles whose game class derives from ``base``."""

    def register(fn: Strategy) -> Strategy:
        _STRATEGIES.append((base, fn))
        return fn

    return register


def heuristic_action(game: Any, rng: GameRandom) -> Any:
    """Choose a sensible legal action for whoever acts now in ``game`` (not over).

    Returns:
        An action that is legal now (from ``game.legal_actions()`` or a value of one of ``game.action_ranges()``).

    Raises:
        RuntimeError: no legal action although the game is not over (an engine defect).
    """
    from . import h18xx, hcuberails  # noqa: F401  (the strategies register themselves)

    for base, play in _STRATEGIES:
        if isinstance(game, base):
            return play(game, rng)
    return random_action(game, rng)
