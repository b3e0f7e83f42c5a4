"""Random play: a seeded bot that picks uniformly among the legal actions (and values within ranges)."""

from __future__ import annotations

import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from .game import Game
from .rng import GameRandom
from .titles import game_class

DEFAULT_ACTION_CAP = 20_000


def random_action(game: Game, rng: GameRandom):
    """Pick one legal action at random: first an action type uniformly (so a pass is as likely as any kind of
    move, and turns end), then one action of that type uniformly, then, where that action is the lowest value of
    a range (bid, price), a value uniformly within the range.

    Args:
        game: a game that is not over.
        rng: the bot's random number generator.

    Returns:
        An action that is legal now.

    Raises:
        RuntimeError: the game offers no legal action although it is not over (an engine defect).
    """
    actions = game.legal_actions()
    if not actions:
        raise RuntimeError(f"no legal action at step {game.active_step.name!r} for {game.current_entity}")
    by_type: dict[str, list] = {}
    for action in actions:
        by_type.setdefault(action.type, []).append(action)
    kinds = sorted(by_type)
    group = by_type[kinds[rng.below(len(kinds))]]
    choice = group[rng.below(len(group))]
    for r in game.action_ranges():
        if r.template == choice:
            values = r.values()
            return r.action(values[rng.below(len(values))])
    return choice


@dataclass
class SimulationReport:
    """Summary of a batch of bot games (the ``--json`` output of ``gamekit simulate``).

    Attributes:
        games: games started; finished: games that reached an end condition of the rules.
        errors: one message per game that raised (empty when none); end_reasons: reason -> count.
        mean_actions: mean number of actions per game; seconds: wall time of the batch.
    """

    games: int = 0
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    end_reasons: dict[str, int] = field(default_factory=dict)
    mean_actions: float = 0.0
    seconds: float = 0.0
    winners: list[list[str]] = field(default_factory=list)

    def as_dict(self) -> dict:
        """Return the report as a JSON-ready dict."""
        return {
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "mean_actions": self.mean_actions,
            "end_reasons": self.end_reasons,
            "seconds": round(self.seconds, 3),
            "winners": self.winners,
        }


def play_random_game(title: str, players: int, seed: int, cap: int = DEFAULT_ACTION_CAP,
                     bot: Callable = random_action) -> Game:
    """Play one game with the random bot and return it (over, or stopped at ``cap`` actions)."""
    cls = game_class(title)
    game = cls([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed * 7919 + 17)
    while not game.is_over and len(game.actions) < cap:
        game.process(bot(game, rng))
    return game


def simulate(title: str, players: int, games: int, seed: int, progress: bool = False,
             cap: int = DEFAULT_ACTION_CAP) -> SimulationReport:
    """Play ``games`` bot games of ``title`` with ``players`` players, game i seeded ``seed + i``.

    Returns:
        A :class:`SimulationReport`; a game stopped by the action cap counts as not finished, and an
        exception in a game is recorded in ``errors`` (the batch goes on).
    """
    report = SimulationReport(games=games)
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    start = time.perf_counter()
    iterator = range(games)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"{title} x{players}", unit="game")
    for i in iterator:
        try:
            game = play_random_game(title, players, seed + i, cap)
        except Exception as exc:  # a bot game must never stop the batch; the report carries the defect
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            report.errors.append(f"game {i} (seed {seed + i}): {type(exc).__name__}: {exc} at {tb.filename}:{tb.lineno}")
            continue
        lengths.append(len(game.actions))
        if game.is_over:
            report.finished += 1
            reasons[game.outcome.reason] += 1
            report.winners.append(list(game.outcome.winners))
        else:
            reasons["cap"] += 1
    report.seconds = time.perf_counter() - start
    report.end_reasons = dict(sorted(reasons.items()))
    report.mean_actions = round(sum(lengths) / len(lengths), 1) if lengths else 0.0
    return report
