"""The heuristic bot: one rule of thumb per kind of decision, written per family of titles (:mod:`.h18xx`,
:mod:`.hcuberails`) and registered for the family's game base class; where no rule of thumb applies it plays
like the random bot."""

from __future__ import annotations

from typing import Any, Callable

from ..families import ByFamily
from ..rng import GameRandom
from ..simulate import random_action

Strategy = Callable[[Any, GameRandom], Any]
STRATEGIES: ByFamily[Strategy] = ByFamily()
strategy = STRATEGIES.register  # @strategy(Game18xx): the heuristic of a family

def heuristic_action(game: Any, rng: GameRandom) -> Any:
    """Choose a sensible legal action for whoever acts now in ``game`` (not over).

    Returns:
        An action that is legal now (from ``game.legal_actions()`` or a value of one of ``game.action_ranges()``).

    Raises:
        RuntimeError: no legal action although the game is not over (an engine defect).
    """
    from . import h18xx, hcuberails  # noqa: F401  (the strategies register themselves)

    play = STRATEGIES.find(type(game)) or random_action
    return play(game, rng)
