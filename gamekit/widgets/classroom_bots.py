"""Who plays each seat of a classroom table: a person or a bot, and the registry of bots.

A bot is a function ``choose(game, rng) -> action`` returning one action that is legal now — the signature of
:func:`gamekit.simulate.random_action` and of the ``bot`` argument of :func:`gamekit.simulate.play_random_game`,
so a bot written for batch simulation plays at the classroom table unchanged: the random bot and the heuristic
bot of :mod:`gamekit.bots`; another joins with ``register_bot(name, choose)`` and every seat menu offers it.

Seats are players. When the step's entity is not a player (an 1830 corporation operating), the move belongs to
the seat :data:`COMPANIES`: the public protocol does not say who presides over a corporation, and
:meth:`Seats.seat_of` is the one place to change once the game can be asked.
"""

from __future__ import annotations

from typing import Any, Callable

from ..rng import GameRandom
from ..bots import heuristic_action
from ..i18n import N_
from ..simulate import random_action

BotChoice = Callable[[Any, GameRandom], Any]
"""``choose(game, rng) -> action``: one action legal in ``game`` now, drawn with ``rng`` where it draws."""

BOTS: dict[str, BotChoice] = {N_("random bot"): random_action, N_("heuristic bot"): heuristic_action}
"""Bot name (English; the seat menus show it translated where the catalogues name it) -> its choice function."""

PERSON = N_("person")
"""The seat menu entry for a seat a person plays (English; the menus show it translated)."""

COMPANIES = N_("companies")
"""The seat that plays entities which are not players (corporations, railroads)."""


def register_bot(name: str, choose: BotChoice) -> None:
    """Offer a bot in every seat menu opened from now on.

    Args:
        name: the menu label (must not be :data:`PERSON`).
        choose: ``choose(game, rng) -> action`` (see :data:`BotChoice`).

    Raises:
        ValueError: the name is :data:`PERSON` or already taken by another function.
    """
    if name == PERSON or BOTS.get(name, choose) is not choose:
        raise ValueError(f"bot name {name!r} is taken")
    BOTS[name] = choose


class Seats:
    """Who plays each seat: ``plays[seat] is None`` for a person, else the bot's name in :data:`BOTS`.

    Args:
        player_ids: the game's player ids in seat order; the seat :data:`COMPANIES` is added after them.
        plays: initial ``seat -> bot name`` (seats not named are played by people).

    Raises:
        ValueError: a seat or bot name that does not exist.
    """

    def __init__(self, player_ids: list[str], plays: dict[str, str | None] | None = None):
        self.order = [*player_ids, COMPANIES]
        self.plays: dict[str, str | None] = dict.fromkeys(self.order)
        for seat, bot in (plays or {}).items():
            self.set(seat, bot)

    def set(self, seat: str, bot: str | None) -> None:
        """Let ``bot`` (a name in :data:`BOTS`) or a person (``None``) play ``seat``; raises ``ValueError``."""
        if seat not in self.plays:
            raise ValueError(f"no seat {seat!r}; seats are {', '.join(self.order)}")
        if bot is not None and bot not in BOTS:
            raise ValueError(f"no bot {bot!r}; bots are {', '.join(BOTS)}")
        self.plays[seat] = bot

    def copy(self) -> "Seats":
        """An independent copy (a what-if table starts with its parent's seats)."""
        return Seats(self.order[:-1], self.plays)

    @staticmethod
    def seat_of(game: Any) -> str | None:
        """The seat whose move it is: the acting player's id, :data:`COMPANIES` for any other entity, ``None``
        once the game is over."""
        entity = game.current_entity
        if entity is None:
            return None
        return entity if entity in {p.id for p in game.players} else COMPANIES

    def bot_to_move(self, game: Any) -> BotChoice | None:
        """The bot playing the seat to move now, or ``None`` when a person plays it or the game is over."""
        seat = self.seat_of(game)
        name = self.plays.get(seat) if seat is not None else None
        return BOTS[name] if name is not None else None
