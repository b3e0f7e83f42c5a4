"""The 1894 game class: the policy's values and the hooks where 1894's rules differ from 1830's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...events import Event
from ...g18xx import Game18xx, Policy
from ...tracks.lay import UpgradeRules
from . import privates, setup


@dataclass
class State1894:
    """What only 1894 keeps (``State.title``): the French starting corporation drawn at setup, the corporations
    owning a ferry marker, and whether the last set of operating rounds has begun (rule ``1894:end.final-set``)."""

    french_start: str = ""
    ferries: list[str] = field(default_factory=list)
    last_set: bool = False


class Game1894(Game18xx):
    """A game of 1894 for 3–4 players (see :class:`gamekit.game.Game` for the protocol).

    Options (teaching toggles, rule ``1894:edition``): ``london_bonus_owner`` (the London shipping bonus belongs
    to the corporation owning LS rather than to the one with the A12 station) and ``grey_extra_up_always`` (every
    rise in the grey zone goes one step further, not only the end-of-round sold-out rise).
    """

    title: ClassVar[str] = "1894"
    rule_prefix: ClassVar[str] = "1894"
    data_folder: ClassVar[str] = "1894"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    options_available: ClassVar[dict[str, str]] = {
        "london_bonus_owner": "The London shipping bonus goes to the corporation owning LS (not to the one with "
                              "the A12 station)",
        "grey_extra_up_always": "Every rise of a price in the grey zone goes one step further",
    }
    policy: ClassVar[Policy] = Policy(lays_per_turn=2, upgrades_per_turn=1, priority="first_to_pass",
                                      priority_after_auction="auction_turn", ipo_pays="corporation",
                                      pool_pays="nobody")
    upgrade_rules: ClassVar[UpgradeRules] = UpgradeRules(frozenset({("city", 1, 2)}))

    def _setup(self) -> list[Event]:
        events = super()._setup()
        self.state.title = State1894()
        return events + setup.set_up(self)

    # ----- auction and stock round -------------------------------------------------------------------
    def par_cells(self, corp: str, granted: bool = False) -> list:
        """The par cells; the buyer of a major shareholding may also par at the reissue price, 100 (rule
        ``1894:private.major-shareholding``)."""
        cells = self.market.par_cells()
        if granted:
            cells = sorted(cells + self.market.cells_with("reissue_par"), key=lambda c: -c.price)
        return cells

    def after_private_bought(self, player: str, sym: str) -> list[Event]:
        """The Nord minor shareholding's Nord certificate (rule ``1894:private.nord-minor``)."""
        return privates.minor_shareholding_share(self, player, sym)

    # ----- operating round ---------------------------------------------------------------------------
    def track_step_open(self, corp: str) -> bool:
        """The track step stays open while ``corp`` could still buy a private with an extra tile lay from a
        player (the LRC), as 18xx.games keeps it: the buy would bring one more lay (rule ``1894:private.lrc``)."""
        return privates.extra_lay_buyable(self, corp)
