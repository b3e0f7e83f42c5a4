"""Bots: functions ``choose(game, rng) -> action`` returning one action legal now, seeded and deterministic.

``random`` picks uniformly but never raises its own standing bid (:func:`gamekit.simulate.random_bot`, the random
player of ``gamekit simulate``: the rules allow such a bid, but uniform play that keeps making it can stay in a
private auction for ever); ``heuristic`` plays sensibly by each
family's rules of thumb (:mod:`.heuristic`). Bots use the public API only: legal actions, the query API and the
route finder.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..errors import UsageError, shown
from ..i18n import msg
from ..rng import GameRandom
from ..simulate import ENGINE_BOTS, random_bot
from .heuristic import heuristic_action

BotChoice = Callable[[Any, GameRandom], Any]

BOTS: dict[str, BotChoice] = {"random": random_bot, "heuristic": heuristic_action}
"""Bot name → its choice function."""

LISTING_BOTS = ENGINE_BOTS | {heuristic_action}
"""The bots whose every action is one of the game's listings at the position, handed over unchanged (the
heuristic chooses among ``legal_actions()`` and values of ``action_ranges()``): ``play_seats`` gives their actions to
``Game._play_listed``, which does not check them a second time."""


def bot(name: str) -> BotChoice:
    """The bot called ``name``.

    Raises:
        UsageError: no such bot, or a name that is no text (the message lists the known ones).
    """
    if not isinstance(name, str) or name not in BOTS:
        raise UsageError(msg("unknown bot {name}; known: {known}", name=shown(name), known=", ".join(sorted(BOTS))))
    return BOTS[name]


def seat_of(game: Any, entity: str | None) -> str | None:
    """The player who decides for ``entity``: the player itself, or a corporation's or railroad's president
    (query API); ``None`` for anything else (the bank's automatic moves, a company nobody presides)."""
    if entity in {p.id for p in game.players}:
        return entity
    try:
        return game.president(entity)
    except (KeyError, NotImplementedError):
        return None


def play_seats(title: str, seats: Sequence[str], seed: int, cap: int | None = None,
               watch: Callable[[Any], None] | None = None, options: Sequence[str] = ()) -> Any:
    """Play one game with a bot per seat (players ``P1``…``Pn``; a corporation plays with its president's bot,
    anything else with the random bot); the bots share one generator seeded as in
    :func:`gamekit.simulate.play_random_game`, so all-random seats replay that function's game played with
    ``bot=random_bot``.

    Args:
        title: a CLI name; seats: a bot name per seat; seed: the game's seed.
        cap: stop after this many actions (default the simulator's cap).
        watch: called with the game before each action and once when play stops (to measure the game).
        options: the title's rule options (``Game.options_available``).

    Returns:
        The game, over or stopped at ``cap`` actions (default the simulator's cap).

    Raises:
        UsageError: an unknown bot name, or ``seats`` given as one text; ValueError: an unknown title.
        GameError: a seat count the title does not play, or an option it does not have (rule
            ``<title>:setup``).
    """
    from ..game import BOT_SNAPSHOT_EVERY
    from ..simulate import DEFAULT_ACTION_CAP, new_bot_game

    if isinstance(seats, str):
        raise UsageError(msg("seats is a list of bot names, not one string"))
    game = new_bot_game(title, len(seats), seed, options)
    choose = {player.id: bot(name) for player, name in zip(game.players, seats)}
    rng = GameRandom(seed * 7919 + 17)
    with game.batch(BOT_SNAPSHOT_EVERY):  # bots only play legal actions, so snapshots every few actions are enough
        # one action a turn of the loop, from none: counted by the loop (game.actions copies the whole history)
        for _ in range(cap or DEFAULT_ACTION_CAP):
            if game.is_over:
                break
            if watch:
                watch(game)
            seat = seat_of(game, game.current_entity)
            choice = choose.get(seat, random_bot)
            action = choice(game, rng)
            if choice in LISTING_BOTS:
                game._play_listed(action)
            else:
                game.process(action)
    if watch:
        watch(game)
    return game
__all__ = ["BOTS", "BotChoice", "bot", "heuristic_action", "play_seats", "seat_of"]
