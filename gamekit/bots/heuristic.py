"""The heuristic bot: one rule of thumb per kind of decision, written per family of titles (:mod:`.h18xx`,
:mod:`.hcuberails`) and registered for the family's game base class; where no rule of thumb applies it plays
like the random bot. The families' strategies share how they bound and try candidates on forks
(:func:`sample_in_order`, :func:`best_on_forks`)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..families import ByFamily
from ..rng import GameRandom
from ..simulate import random_action

Strategy = Callable[[Any, GameRandom], Any]
STRATEGIES: ByFamily[Strategy] = ByFamily()
strategy = STRATEGIES.register  # @strategy(Game18xx): the heuristic of a family


def sample_in_order(rng: GameRandom, items: Sequence[Any], most: int) -> Sequence[Any]:
    """Bound the candidates a strategy tries, letting the seed choose them.

    Args:
        rng: the bot's generator (drawn from only when ``items`` holds more than ``most``).
        items: the candidates, in listing order; most: how many to keep.

    Returns:
        ``items`` itself when it holds ``most`` or fewer; otherwise ``most`` of them drawn with ``rng``, in their
        listing order.
    """
    if len(items) <= most:
        return items
    return [items[i] for i in sorted(rng.shuffled(range(len(items)))[:most])]


def best_on_forks(game: Any, actions: Sequence[Any], score: Callable[[Any], Any]) -> Any:
    """Try each action on a fork of ``game`` and return the one whose fork scores highest.

    Args:
        game: the game (left as it was); actions: legal actions of it.
        score: the fork after one action → a comparable value (higher is better).

    Returns:
        The first of the actions with the highest score; ``None`` when ``actions`` is empty.
    """
    best, best_score = None, None
    for action in actions:
        fork = game.fork_after(action)
        worth = score(fork)
        if best_score is None or worth > best_score:
            best, best_score = action, worth
    return best


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
