"""1837 bot games as the cross-check found its positions: played by the bots before 1837 let a corporation buy
another corporation's train in an emergency (``1837:trains.emergency``, policy ``emergency_from_others``).

That rule only adds choices, so every action of these games is legal by today's rules and the tests replay them
action by action; played today, the random bots' picks among the larger lists would lead to other games."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from gamekit.bots import play_seats
from gamekit.titles.g1837.game import Game1837


@lru_cache(maxsize=None)
def played(bot: str, players: int, seed: int, cap: int) -> tuple:
    """The actions of a bot game of 1837 (every seat ``bot``, ``players`` seats, ``seed``), to its ``cap``-th,
    with emergency purchases from the bank only."""
    today = Game1837.policy
    Game1837.policy = replace(today, emergency_from_others=False)
    try:
        return tuple(play_seats("1837", [bot] * players, seed, cap=cap).actions)
    finally:
        Game1837.policy = today
