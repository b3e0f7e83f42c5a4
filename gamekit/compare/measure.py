"""Playout measurements: many seeded bot games of a title, one row of metrics per game (length, decisions per
turn, branching factor, end trigger, share-price volatility, the winner's margin and seat), on local cores or on a
Dask cluster, with identical results for a seed whatever runs them.

Rows carry no wall-clock figure, so two runs of the same sample compare equal. The table needs pandas and, to
save it, pyarrow (the ``compare`` extra); a Dask cluster needs ``distributed``.
"""

from __future__ import annotations

import math
import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Sequence

from ..bots import bot as get_bot
from ..bots import play_seats
from ..codec import count_concrete_actions
from ..errors import GameError, UsageError, message_of, shown
from ..game import Game
from ..i18n import N_, join, msg
from ..simulate import DEFAULT_ACTION_CAP, new_bot_game
from ..titles import game_class

COLUMNS: tuple[str, ...] = (
    "title", "options", "players", "seed", "bots", "finished", "end_reason", "actions", "rounds", "turns",
    "decisions_per_turn", "branching", "price_volatility", "winner", "winner_seat", "margin",
)
"""The columns of :func:`measure`'s table, in order."""

MEANS: dict[str, str] = {
    "actions": N_("actions"), "rounds": N_("rounds"), "turns": N_("turns"),
    "decisions_per_turn": N_("decisions per turn"), "branching": N_("branching"),
    "price_volatility": N_("price volatility"), "margin": N_("margin"),
}
"""The columns whose means ``gamekit measure`` prints, in order, each with its name in words (the catalogue's
msgid: shown in the current language in the printed sentence, where the column's key would be English)."""


def measure(title: str, players: int, games: int, bot: str | None = None, seed: int = 1, client: Any = None,
            seats: Sequence[str] | None = None, options: Sequence[str] = (), workers: int | None = None,
            progress: bool = False, path: str | os.PathLike | None = None) -> Any:
    """Play ``games`` bot games and measure each.

    Args:
        title: a CLI name (``gamekit.title_names()``); players: the player count.
        games: how many games; game ``i`` is seeded ``seed + i`` (the seeding of ``gamekit simulate``; the
            ``random`` seats play uniform legal play, :func:`gamekit.simulate.random_action`, so their games are
            ``simulate``'s except where its bot, :func:`gamekit.simulate.random_bot`, declines to raise its own
            standing bid).
        bot: a name of :data:`gamekit.bots.BOTS` playing every seat (default ``"random"``); or ``seats``, a
            list naming one bot per seat (e.g. one ``"heuristic"`` seat among ``"random"`` ones), not both.
        options: the title's rule options for every game (to measure a variant against the plain rules).
        client: a ``dask.distributed.Client``: the games run as tasks on its cluster. Without one they run in
            ``workers`` local processes (default: every core; ``1`` runs in this process).
        progress: show a tqdm progress bar.
        path: where to save the table as Parquet (optional).

    Returns:
        A pandas DataFrame, one row per game in seed order, columns :data:`COLUMNS`: ``options`` and ``bots``
        (comma-separated), ``actions`` applied, ``rounds`` (auction, stock and operating rounds, game turns or
        years entered), ``turns`` (runs of actions by one entity), ``decisions_per_turn`` = actions / turns,
        ``branching`` = mean number of concrete legal actions at each decision (ranges expanded),
        ``price_volatility`` = mean over corporations of the standard deviation of the relative price change
        from one round to the next (NaN where the title has no share prices), ``winner`` and ``winner_seat``
        (0-based; the first in seat order on a tie), ``margin`` = the winner's final value minus the
        runner-up's (currency units or victory points).

    Raises:
        ValueError: an unknown title or bot, a seat list of the wrong length, a player count, option or seed the
            title does not allow, ``games`` or ``workers`` that is not a whole number of at least 1 (``None``:
            every core), ``options`` given as one text, or a ``path`` that cannot be written (all before any
            game is played).
    """
    import pandas as pd

    _check_counts(players, games, options, workers)
    try:  # the count first, in the game's words (a seat list for a count the title does not play says nothing)
        game_class(title).check_player_count(players)
    except GameError as exc:
        raise UsageError(message_of(exc)) from None
    seats = _seats(players, bot, seats)
    _check_settings(title, players, seed, games, options)
    if path is not None:
        _check_writable(path)
    jobs = [(title, seats, seed + i, tuple(options)) for i in range(games)]
    rows = _run(jobs, client, workers, progress, f"{title} x{players}")
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    if path is not None:
        frame.to_parquet(path, index=False)
    return frame


def who_played(seats: Sequence[str]) -> Any:
    """Which bot played which seat, in words for the line above a measurement's figures: ``"every seat played by
    the random bot"`` when one bot played them all, else ``"seat 1: heuristic bot, seats 2–4: random bot"`` (runs
    of seats played by one bot named together, seats counted from 1 as a reader counts them)."""
    if len(set(seats)) == 1:
        return msg("every seat played by the {bot} bot", bot=seats[0])
    runs: list[list] = []
    for seat, name in enumerate(seats, 1):
        if runs and runs[-1][2] == name:
            runs[-1][1] = seat
        else:
            runs.append([seat, seat, name])
    return join(", ", [msg("seat {seat}: {bot} bot", seat=first, bot=name) if first == last else
                       msg("seats {first}–{last}: {bot} bot", first=first, last=last, bot=name)
                       for first, last, name in runs])


def _seats(players: int, bot: Any, seats: Any) -> tuple[str, ...]:
    """The bot name of every seat: ``seats`` (a list of names, one a seat), else ``bot`` (default ``"random"``)
    in every seat.

    Raises:
        UsageError: both given, ``seats`` given as one text, a seat list of another length, an unknown bot.
    """
    if bot is not None and seats is not None:
        raise UsageError(msg("give bot (one bot in every seat) or seats (one bot a seat), not both"))
    if isinstance(seats, str):
        raise UsageError(msg("seats is a list of bot names, not one string"))
    named = tuple(seats) if seats is not None else ("random" if bot is None else bot,) * players
    if len(named) != players:
        raise UsageError(msg("{seats} seats named for {players} players", seats=len(named), players=players))
    for name in named:
        get_bot(name)
    return named


def _check_counts(players: Any, games: Any, options: Any, workers: Any = None) -> None:
    """Refuse counts that are not whole numbers (``games`` and ``workers``, unless ``None``, at least 1, as the
    command line's ``--workers``) and options given as one text, whose letters would be read as option names."""
    counts = (("players", players, 0), ("games", games, 1)) + (() if workers is None else (("workers", workers, 1),))
    for name, value, least in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise UsageError(msg("{name} is a whole number of at least {least}, not {value}", name=name,
                                 least=least, value=shown(value)))
    if isinstance(options, str):
        raise UsageError(msg("options is a list of option names, e.g. [{options}], not one text",
                             options=shown(options)))


def _check_settings(title: str, players: int, seed: int, games: int, options: Sequence[str]) -> None:
    """Refuse, before any game is played, what the title refuses of the first and the last game's settings
    (options, seeds; rule ``<title>:setup``), as a ``ValueError`` naming the rule."""
    for game_seed in {seed, seed + max(games - 1, 0)}:
        try:
            new_bot_game(title, players, game_seed, options)
        except GameError as exc:
            raise UsageError(message_of(exc)) from None


def _check_writable(path: str | os.PathLike) -> None:
    """Refuse, before hours of games, a table path that cannot be written: a folder, or in a missing folder."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(msg("{path} is a folder; name the Parquet file to write", path=str(target)))
    if not target.parent.is_dir():
        raise UsageError(msg("cannot save {path}: there is no folder {folder}", path=str(target),
                             folder=str(target.parent)))
    if not os.access(target.parent, os.W_OK):
        raise UsageError(msg("cannot save {path}: the folder {folder} is not writable", path=str(target),
                             folder=str(target.parent)))


def _run(jobs: list[tuple], client: Any, workers: int | None, progress: bool, label: str) -> list[dict]:
    if client is not None:
        futures = client.map(_measure_job, jobs, pure=True)
        if progress:
            from tqdm import tqdm

            for _ in tqdm(_as_completed(futures), total=len(futures), desc=label, unit="game"):
                pass
        return client.gather(futures)
    workers = workers if workers is not None else os.cpu_count() or 1
    if workers == 1:
        results = map(_measure_job, jobs)
        if progress:
            from tqdm import tqdm

            results = tqdm(results, total=len(jobs), desc=label, unit="game")
        return list(results)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = pool.map(_measure_job, jobs, chunksize=max(1, len(jobs) // (4 * workers)))
        if progress:
            from tqdm import tqdm

            results = tqdm(results, total=len(jobs), desc=label, unit="game")
        return list(results)


def _as_completed(futures: list) -> Any:
    from distributed import as_completed

    return as_completed(futures)


def _measure_job(job: tuple[str, tuple[str, ...], int, tuple[str, ...]]) -> dict:
    title, seats, seed, options = job
    return measure_game(title, seats, seed, options=options)


def measure_game(title: str, seats: Sequence[str], seed: int, cap: int = DEFAULT_ACTION_CAP,
                 options: Sequence[str] = ()) -> dict:
    """Play and measure one game: one row of :func:`measure` (players ``P1``…``Pn``, a bot name per seat, played
    by :func:`gamekit.bots.play_seats` with the title's ``options``)."""
    watch = _Watch()
    game = play_seats(title, seats, seed, cap, watch, options)
    return _row(game, title, seed, seats, watch)


class _Watch:
    """What :func:`measure_game` counts as the game goes: rounds entered, turns (runs of one entity's actions),
    the concrete legal actions at each decision, and each corporation's price at each new round."""

    def __init__(self) -> None:
        self.rounds, self.turns, self.branching = 0, 0, []
        self.entity: str | None = None
        self.round: str | None = None
        self.prices: dict[str, list[int]] = {}

    def __call__(self, game: Game) -> None:
        if game.active_round() != self.round:
            self.round, self.rounds = game.active_round(), self.rounds + 1
            _record_prices(game, self.prices)
        if game.is_over:
            return
        self.branching.append(count_concrete_actions(game))
        if game.current_entity != self.entity:
            self.entity, self.turns = game.current_entity, self.turns + 1


def _row(game: Game, title: str, seed: int, seats: Sequence[str], watch: _Watch) -> dict:
    outcome = game.outcome
    ranking = outcome.ranking if outcome else ()
    ids = [p.id for p in game.players]
    winner = next((pid for pid in ids if outcome and pid in outcome.winners), None)
    actions, turns = len(game.actions), watch.turns
    # options and bots as one comma-separated string each, so the table stays flat and Parquet-friendly
    return {
        "title": title, "options": ",".join(game.options), "players": len(seats), "seed": seed,
        "bots": ",".join(seats), "finished": game.is_over,
        "end_reason": outcome.reason if outcome else "cap", "actions": actions, "rounds": watch.rounds,
        "turns": turns, "decisions_per_turn": actions / turns if turns else 0.0,
        "branching": statistics.fmean(watch.branching) if watch.branching else 0.0,
        "price_volatility": _volatility(watch.prices),
        "winner": winner, "winner_seat": ids.index(winner) if winner else -1,
        "margin": ranking[0][1] - ranking[1][1] if len(ranking) > 1 else 0,
    }


def _round(game: Game) -> str:
    # The round in words names its number ("Operating round 3.2", "Game turn 4"), so entering one is a change.
    return game.active_round()


def _record_prices(game: Game, prices: dict[str, list[int]]) -> None:
    try:
        corporations = game.corporations()
    except NotImplementedError:
        return
    for corp in corporations:
        try:
            price = game.share_price(corp)
        except NotImplementedError:
            return
        if price:
            prices.setdefault(corp, []).append(price)


def _volatility(prices: dict[str, list[int]]) -> float:
    spreads = []
    for series in prices.values():
        changes = [(b - a) / a for a, b in zip(series, series[1:])]
        if len(changes) >= 2:
            spreads.append(statistics.pstdev(changes))
    return statistics.fmean(spreads) if spreads else math.nan
