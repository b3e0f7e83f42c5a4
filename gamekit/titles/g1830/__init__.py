"""1830: Railways & Robber Barons (Francis Tresham) — the 18xx baseline title, on the shared engine
(:mod:`gamekit.g18xx`) with the policy's defaults, but: a train may be traded in for a D at the train limit (rule
``1830:trains.trade-in``), and in a forced train purchase the president sells no more than needed and may pay
toward another corporation's train (rule ``1830:trains.emergency``).

What is 1830's own is here: its data (``data/1830/``: facts, map, tiles; rules in ``data/1830/rules.md``), its
options, and its private companies' special abilities (:mod:`.privates`). The D trade-in is data (the D's
``trade_in`` in ``game.json``), played by the shared train purchase.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from ...actions import Action, Pass
from ...events import Event
from ...g18xx import Game18xx, Policy
from ...g18xx.state import OperatingRound
from ...game import Step
from ...tracks.actions import BuyShares, LayTile, PlaceToken
from ...tracks.trains import phase
from . import history, privates

# Seed 001 (older edition): these corporations may lay this green tile on their home hex in any phase.
EARLY_HOME_TILES = {"ERIE": "59"}


@dataclass
class State1830:
    """What only 1830 keeps (``State.title``): the privates whose once-per-game ability is used (the CS's tile)."""

    used_abilities: list[str] = field(default_factory=list)


class Game1830(Game18xx):
    """A game of 1830 for 2–6 players (see :class:`gamekit.game.Game` for the protocol).

    Options: ``multiple_brown_from_ipo`` (several shares per turn may also be bought from the IPO when the price is
    in the brown zone), ``optional_6_train`` (three 6-trains instead of two), and seed 001's older edition:
    ``seed_erie_59_early``, ``seed_restrictive_upgrades`` (rule ``1830:edition``).
    """

    title: ClassVar[str] = "1830"
    rule_prefix: ClassVar[str] = "1830"
    data_folder: ClassVar[str] = "1830"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    policy: ClassVar[Policy] = Policy(trade_in_at_limit=True, pool_sells_first_of_type=True,
                                      emergency_sell_only_needed=True, emergency_from_others=True)
    options_available: ClassVar[dict[str, str]] = {
        "multiple_brown_from_ipo": "In the brown zone several shares per turn may be bought from the IPO too",
        "optional_6_train": "Three 6-trains instead of two",
        "seed_erie_59_early": "Seed 001's older edition: the Erie may lay tile #59 on its home hex before green "
                              "tiles are available",
        "seed_restrictive_upgrades": "Seed 001's older edition: an upgrade must add track the laying corporation "
                                     "can use",
    }

    def _setup(self) -> list[Event]:
        events = super()._setup()
        self.state.title = State1830()
        return events

    # ----- options -----------------------------------------------------------------------------------
    def multiple_buy_from_ipo(self) -> bool:
        """Option ``multiple_brown_from_ipo`` (rule ``1830:stock.brown-buy``)."""
        return "multiple_brown_from_ipo" in self.options

    def restrictive_upgrades(self) -> bool:
        """Option ``seed_restrictive_upgrades`` (rule ``1830:track.usable``)."""
        return "seed_restrictive_upgrades" in self.options

    def lay_colours(self, corp: str, action) -> tuple[tuple[str, ...], str]:
        """The phase's colours; with option ``seed_erie_59_early`` also green for the Erie's #59 on its home
        (rule ``1830:edition``)."""
        colours = tuple(phase(self.facts, self.state.depot).tiles)
        early = EARLY_HOME_TILES.get(corp)
        if (action is not None and "seed_erie_59_early" in self.options and early == action.tile.rsplit("-", 1)[0]
                and action.hex == self.facts.corporation(corp).home):
            return colours + ("green",), "1830:edition"
        return colours, "1830:track.lay"

    # ----- private companies -------------------------------------------------------------------------
    def _step(self) -> Step:
        step = super()._step()
        owners, players = self.state.private_owner, self.state.players
        exchangeable = any(p.exchange and owners.get(p.sym) in players for p in self.facts.privates)
        if exchangeable and "buy_shares" not in step.action_types:  # the M&H exchange, judged by its own rule
            return replace(step, action_types=tuple(sorted({*step.action_types, "buy_shares"})))
        return step

    def rule_change_note(self, rule: str, created_at) -> str | None:
        """1830's rule changes on 18xx.games after ``created_at`` touching ``rule`` (rule ``1830:edition.history``)."""
        return history.note(rule, created_at)

    def turn_ability_open(self, corp: str) -> bool:
        """The CS's extra tile, while the corporation owns the CS and has not laid it (rule
        ``1830:private.abilities``)."""
        return privates.extra_lay_open(self, corp)

    def extra_actions(self) -> list[Action]:
        """The M&H exchanges open now (rule ``1830:private.mh-exchange``), and the CS's tile lays where the end of
        the owning corporation's turn waits for them (rule ``1830:private.abilities``)."""
        return privates.exchange_actions(self) + privates.extra_lay_actions(self)

    def private_ability(self, action: Action) -> list[Event]:
        """The M&H exchange (any round but the auction), the CS and DH tile lays and the DH token (operating
        rounds; rules ``1830:private.*``)."""
        if isinstance(action, BuyShares):
            return privates.exchange(self, action)
        if isinstance(self.state.round, OperatingRound):
            if isinstance(action, LayTile):
                return privates.special_lay(self, action)
            if isinstance(action, PlaceToken):
                return super().private_ability(privates.teleport_token(self, action))
        return super().private_ability(action)


__all__ = ["Game1830", "Pass"]
