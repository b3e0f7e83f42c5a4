"""1830: Railways & Robber Barons (Francis Tresham) — the 18xx baseline title, on the shared engine
(:mod:`gamekit.g18xx`) with the policy's defaults, but: a train may be traded in for a D at the train limit (rule
``1830:trains.trade-in``), and in a forced train purchase the president sells no more than needed and may pay
toward another corporation's train (rule ``1830:trains.emergency``).

What is 1830's own is here: its data (``data/1830/``: facts, map, tiles; rules in ``data/1830/rules.md``), its
options, and its private companies' special abilities (:mod:`.privates`). The D trade-in is data (the D's
``trade_in`` in ``game.json``), played by the shared train purchase.

The options ``coalfields`` and ``reading`` play Alan R. Moon's Coalfields and Reading variants (rule
``1830:variant``): their facts, map and tiles are ``data/1830/variants.json`` (:mod:`.variant`); their rules are
the obsolete trains (:mod:`.obsolete`) and the Coalfields right (:mod:`.coalfields`); the Reading's president's
certificate of 30% is data, bought at par for three shares by the shared stock round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from ...actions import Action, Pass
from ...choices import ListedActions
from ...errors import GameError
from ...events import Event
from ...g18xx import Game18xx, Policy
from ...g18xx.state import OperatingRound
from ...game import Step
from ...i18n import N_, msg
from ...tracks.actions import BuyShares, LayTile, PlaceToken
from ...tracks.lay import UpgradeRules
from ...tracks.trains import phase
from ...tracks.market import StockMarket
from . import coalfields, history, obsolete, privates, variant

UPGRADES_COALFIELDS = UpgradeRules(count_changes=frozenset({("town", 2, 1)}))
"""The Coalfields' upgrade hooks: a two-town tile may become a one-town tile (only G17's 1717 does: the two-town
tiles list it as their only upgrade, ``upgrades_to``)."""

# The older edition (Avalon Hill): these corporations may lay this green tile on their home hex in any phase.
EARLY_HOME_TILES = {"ERIE": "59"}


@dataclass
class State1830:
    """What only 1830 keeps (``State.title``): the privates whose once-per-game ability is used (the CS's tile)."""

    used_abilities: list[str] = field(default_factory=list)
    obsolete: list[str] = field(default_factory=list)
    """Variants: the trains that are obsolete and rust after their owner's next dividend (``1830:trains.obsolete``)."""
    rights: list[str] = field(default_factory=list)
    """Coalfields variant: the corporations that have bought the Coalfields right."""


class Game1830(Game18xx):
    """A game of 1830 for 2–6 players (see :class:`gamekit.game.Game` for the protocol).

    Options: ``coalfields`` and ``reading`` (the variants, alone or together; rule ``1830:variant``),
    ``multiple_brown_from_ipo`` (several shares per turn may also be bought from the IPO when the price is
    in the brown zone), ``optional_6_train`` (three 6-trains instead of two), and the older edition's rules
    (Avalon Hill): ``seed_erie_59_early``, ``seed_restrictive_upgrades`` (rule ``1830:edition``).
    """

    title: ClassVar[str] = "1830"
    rule_prefix: ClassVar[str] = "1830"
    # 1830 pays no route subsidy: the shared section it never reaches is the run's own
    rule_aliases: ClassVar[dict[str, str]] = {"route.subsidy": "route.run"}
    data_folder: ClassVar[str] = "1830"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    policy: ClassVar[Policy] = Policy(trade_in_at_limit=True, pool_sells_first_of_type=True,
                                      emergency_sell_only_needed=True, emergency_from_others=True)
    options_available: ClassVar[dict[str, str]] = {
        "multiple_brown_from_ipo": N_("In the brown zone several shares per turn may be bought from the IPO too"),
        "optional_6_train": N_("Three 6-trains instead of two"),
        "seed_erie_59_early": N_("Older edition (Avalon Hill): the Erie may lay tile #59 on its home hex before "
                                 "green tiles are available"),
        "seed_restrictive_upgrades": N_("Older edition (Avalon Hill): an upgrade must add track the laying "
                                        "corporation can use"),
        "coalfields": N_("Alan R. Moon's Coalfields variant: two rows of hexes to the south, the N&W, the Coalfields "
                         "right, obsolete trains"),
        "reading": N_("Alan R. Moon's Reading variant: the Reading (RDG) with a 30% president's certificate, "
                      "obsolete trains"),
        "dh_token_free": N_("Rails' reading of the D&H: the station token it lets the owning corporation place on F16 "
                            "is free (only the $120 mountain is paid)"),
        "reading_ca_rdg": N_("With the Reading: the C&A's buyer receives a certificate of the Reading (10%) instead "
                             "of one of the Pennsylvania"),
    }

    # the options 18xx.games has under the same names (its 1830 meta); the others are gamekit's own, which the site
    # would pass over, replaying the game under its default rules (the export refuses them)
    site_options: ClassVar[frozenset[str]] = frozenset({"multiple_brown_from_ipo", "optional_6_train"})

    def _check_setup(self) -> None:
        """``reading_ca_rdg`` goes with ``reading`` (rule ``1830:variant``), then the settings every title checks."""
        super()._check_setup()
        if "reading_ca_rdg" in self.options and "reading" not in self.options:
            raise GameError(msg("the option {option} needs the option {needed}", option="reading_ca_rdg",
                                needed="reading"), "1830:variant")

    def _setup(self) -> list[Event]:
        parts = variant.parts_of(self.options)
        if parts:  # the variant's facts, map and tiles replace 1830's before anything reads them
            self.facts = variant.variant_facts(self.data_folder, parts)
            self.track = variant.variant_track(self.data_folder, parts)
            self.market = StockMarket(self.facts.market)
        # facts of the options, asked at nearly every action: read once, now that the variant's facts are in
        # place (forks copy them with the game)
        self._parts = variant.kept_parts_of(self.options)
        self._coal = coalfields.hex_of(self)
        events = super()._setup()
        self.state.title = State1830()
        return events

    # ----- the variants ------------------------------------------------------------------------------
    @property
    def route_rules(self):
        """The route hooks now: 1830's, and with the Coalfields who holds the right (rule
        ``1830:variant.coalfields-right``)."""
        coal = self._coal
        if coal is None:
            return Game18xx.route_rules
        return coalfields.CoalfieldsRoutes(coal, frozenset(self.state.title.rights))

    @property
    def upgrade_rules(self) -> UpgradeRules:
        """1830's upgrade hooks; with the Coalfields the two towns of G17 become the one of tile 1717 (rule
        ``1830:variant.tiles``)."""
        if self._coal is None:
            return Game18xx.upgrade_rules
        return UPGRADES_COALFIELDS

    def variant_parts(self) -> tuple[str, ...]:
        """The parts of ``data/1830/variants.json`` this game plays (empty: 1830 itself)."""
        return self._parts

    def or_steps(self) -> tuple[str, ...]:
        """With a variant, the step ``obsolete`` follows the dividend: obsolete trains rust after their run (rule
        ``1830:trains.obsolete``); with the Coalfields the step ``right`` comes before the run (rule
        ``1830:variant.coalfields-right``)."""
        steps = self.policy.or_steps
        if not self._parts:  # variant_parts(), read directly: asked at every step of an operating turn
            return steps
        at = steps.index("dividend") + 1
        steps = steps[:at] + ("obsolete",) + steps[at:]
        if self._coal is not None:
            at = steps.index("route")
            steps = steps[:at] + ("right",) + steps[at:]
        return steps

    title_steps: ClassVar[dict] = {"obsolete": obsolete.STEP, "right": coalfields.STEP}
    site_waits_at_token_step: ClassVar[bool] = True
    """18xx.games opens the token step where a token left is affordable and a reachable city has a slot, and
    waits for a pass where ours skips it (the export writes that pass: :func:`gamekit.export18xx.waited_steps`)."""

    def train_events(self, train: str) -> list[Event]:
        """The first ``train``-train makes the trains whose ``obsolete_on`` names it obsolete (variants; rule
        ``1830:trains.obsolete``)."""
        return obsolete.declare(self, train) if self.variant_parts() else []

    def _legal_actions(self) -> list[Action]:
        return super()._legal_actions() + self._right_extra()

    def _action_groups(self):
        groups = super()._action_groups()
        if self._coal is None:  # 1830 itself: no right to list (asked at every position)
            return groups
        extra = self._right_extra()
        return groups + [ListedActions("choose", extra)] if extra else groups

    def _right_extra(self) -> list[Action]:
        """The Coalfields right in the track and token steps (the step ``right`` lists it itself)."""
        rnd = self.state.round
        if self._coal is None or not isinstance(rnd, OperatingRound) or rnd.step == "right":
            return []
        return coalfields.actions(self)

    def _apply_action(self, action: Action) -> list[Event]:
        if coalfields.is_purchase(action):
            events = coalfields.buy(self, action)
        else:
            events = super()._apply_action(action)
        if self._parts:
            obsolete.purge(self)
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

    def token_cost(self, corp: str, index: int, coord: str | None = None) -> int:
        """The token's usual price; with option ``dh_token_free`` the token that the owner of the D&H places on
        its hex in the turn its tile is laid there costs nothing (rule ``1830:private.dh``)."""
        rnd = self.state.round
        if "dh_token_free" in self.options and coord is not None and isinstance(rnd, OperatingRound) and \
                (coord == rnd.teleport or coord in rnd.laid_hexes) and \
                any(p.teleport and coord in p.teleport.hexes and self.state.private_owner.get(p.sym) == corp
                    for p in self.facts.privates):
            return 0
        return super().token_cost(corp, index, coord)

    # ----- private companies -------------------------------------------------------------------------
    def _step(self) -> Step:
        step = super()._step()
        types = self._with_private_types(step.action_types)
        return step if types == step.action_types else replace(step, action_types=types)

    def _action_types(self) -> tuple[str, ...]:
        return self._with_private_types(super()._action_types())

    def _with_private_types(self, types: tuple[str, ...]) -> tuple[str, ...]:
        """``types`` (a step's) with those of the M&H exchange and the Coalfields right where they are open, each
        judged by its own rule."""
        if "buy_shares" not in types:
            owners, players = self.state.private_owner, self.state.players
            for sym in privates.exchangeable_privates(self):  # a loop, not any(): one private (the M&H) in 1830
                if owners.get(sym) in players:
                    types = tuple(sorted({*types, "buy_shares"}))
                    break
        rnd = self.state.round
        if self._coal is not None and isinstance(rnd, OperatingRound) and \
                rnd.step in coalfields.BEFORE_RUN and not rnd.must_discard and not rnd.pending_tokens:
            types = tuple(sorted({*types, "choose"}))
        return types

    def rule_change_note(self, rule: str, created_at, action=None) -> str | None:
        """1830's rule changes on 18xx.games after ``created_at`` touching ``rule`` whose cause, where a change has
        one, holds in this game (rule ``1830:edition.history``)."""
        return history.note(self, rule, created_at)

    def turn_ability_open(self, corp: str) -> bool:
        """The CS's extra tile, while the corporation owns the CS and has not laid it (rule
        ``1830:private.abilities``)."""
        return privates.extra_lay_open(self, corp)

    def extra_actions(self) -> list[Action]:
        """The M&H exchanges open now (rule ``1830:private.mh-exchange``), and the CS's tile lays where the end of
        the owning corporation's turn waits for them (rule ``1830:private.abilities``)."""
        exchanges = privates.exchange_actions(self)
        rnd = self.state.round
        # the CS's lays wait only at the private-company purchase that ends a turn
        if isinstance(rnd, OperatingRound) and rnd.step == "buy_company":
            return exchanges + privates.extra_lay_actions(self)
        return exchanges

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
