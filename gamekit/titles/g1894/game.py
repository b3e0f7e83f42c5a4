"""The 1894 game class: the policy's values and the hooks where 1894's rules differ from 1830's."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import ClassVar

from ...actions import Action, Pass
from ...choices import ActionGroup, ListedActions, groups_of
from ...errors import DataError, GameError, cut, shown
from ...events import Event
from ...g18xx import operating
from ...g18xx.state import OperatingRound, StockRound
from ...i18n import N_, msg, nmsg
from ...game import Step
from ...g18xx import Game18xx, Policy
from ...tracks import board as boards
from ...tracks.actions import BuyCompany, BuyShares, LayTile, Par, PlaceToken, SellShares
from ...tracks.lay import UpgradeRules
from . import ferry, history, late, privates, redeem, setup, splits
from .routes import Rules1894, has_route, passes_london
from .actions import Choose, SpecialBuy


@dataclass
class State1894:
    """What only 1894 keeps (``State.title``): the French starting corporation drawn at setup, the corporations
    owning a ferry marker, whether the last set of operating rounds has begun (rule ``1894:end.final-set``) and the
    privates whose once-per-game ability is used (LRC, LS, GLG/SAC); ``station_token``: the station private whose
    free token may follow its tile lay now; ``pending_home``: ``(player, corporation)`` while a late corporation's
    president must choose its home; ``late_homes``: the homes chosen."""

    french_start: str = ""
    ferries: list[str] = field(default_factory=list)
    last_set: bool = False
    used_abilities: list[str] = field(default_factory=list)
    station_token: str | None = None
    pending_home: tuple[str, str] | None = None
    late_homes: dict[str, str] = field(default_factory=dict)


def _token_choices(game: "Game1894", corp: str) -> list:
    """The token step's choices: ferry-aware (:func:`ferry.token_choices`), with the other corporations' homes kept
    on whole hexes set aside where they do not stop ``corp`` (:func:`splits.token_choices`)."""
    return splits.token_choices(game, corp, ferry.token_choices)


class Game1894(Game18xx):
    """A game of 1894 for 3–4 players (see :class:`gamekit.game.Game` for the protocol).

    Options (teaching toggles, rule ``1894:edition``): ``london_bonus=owner`` (the London shipping bonus belongs
    to the corporation owning LS rather than to the one with the A12 station) and ``grey_extra_up=every_up`` (every
    rise in the grey zone goes one step further, not only the end-of-round sold-out rise).
    """

    title: ClassVar[str] = "1894"
    rule_prefix: ClassVar[str] = "1894"
    data_folder: ClassVar[str] = "1894"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    options_available: ClassVar[dict[str, str]] = {
        "london_bonus=owner": N_("The London shipping bonus goes to the corporation owning LS (not to the one with "
                                 "the A12 station)"),
        "grey_extra_up=every_up": N_("Every rise of a price in the grey zone goes one step further"),
    }
    # 18xx.games' 1894 has no optional rules: each option here is gamekit's own (the export refuses them)
    site_options: ClassVar[frozenset[str]] = frozenset()
    policy: ClassVar[Policy] = Policy(bid_multiple=5, lays_per_turn=2, upgrades_per_turn=1, lays_on_one_hex=False,
                                      lifted_token_overfills=True, priority="first_to_pass",
                                      priority_after_auction="auction_turn", ipo_pays="corporation",
                                      pool_pays="nobody", sell_down_to_holding_limit=False,
                                      trade_in_at_limit=True, trade_ins_per_turn=1,
                                      pool_sells_first_of_type=True, emergency_sell_only_needed=True,
                                      emergency_from_others=True,
                                      or_steps=("redeem", "track", "token", "route", "dividend", "buy_train",
                                                "buy_company", "update_tokens"))
    title_steps: ClassVar[dict] = {"redeem": redeem.STEP, "update_tokens": splits.STEP,
                                   "token": replace(operating.STEPS["token"], choices=_token_choices,
                                                    skip=lambda g, c: None if _token_choices(g, c) else [])}
    site_waits_at_token_step: ClassVar[bool] = True
    """18xx.games opens the token step where a token left is affordable and a reachable city, London included,
    has a slot, and waits for a pass where ours skips it (the export writes that pass:
    :func:`gamekit.export18xx.waited_steps`)."""
    rule_aliases: ClassVar[dict[str, str]] = {
        "auction.bo": "auction.major-shareholding", "auction.ca": "auction.nord-minor", "private.bo": "private.close",
        "stock.brown-buy": "stock.one-buy", "token.home": "or.home", "token.place": "or.token",
        "track.tokens": "track.city-split", "route.run": "route.revenue",
        "route.subsidy": "route.revenue", "end.stock_market": "end.stock-market",
        "end.final_phase": "end.final-set"}

    def _setup(self) -> list[Event]:
        events = super()._setup()
        self.state.title = State1894()
        return events + setup.set_up(self)

    # ----- auction and stock round -------------------------------------------------------------------
    def sold_out(self, corp: str) -> bool:
        """Sold out: players and the corporation's treasury hold all its certificates (rule
        ``1894:stock.sold-out``)."""
        ledger = self.state.ledger
        return self.state.corporations[corp].par is not None and \
            sum(ledger.percent_of(p, corp) for p in [*self.state.seat_order, corp]) == 100

    def sold_out_steps(self, corp: str) -> int:
        """One step, one more in the grey zone, one more when president and treasury hold 80% or more (rule
        ``1894:stock.sold-out``)."""
        c = self.state.corporations[corp]
        ledger = self.state.ledger
        big = ledger.percent_of(c.president, corp) + ledger.percent_of(corp, corp) >= 80
        if "grey_extra_up=every_up" in self.options:  # the rise's own extra step comes from extra_price_move
            return 1 + big
        return super().sold_out_steps(corp) + big

    def extra_price_move(self, old, new) -> str | None:
        """With option ``grey_extra_up=every_up``, every rise from the grey zone goes one step further (the Catalan
        summary's reading; 18xx.games adds it only to the sold-out rise; rule ``1894:edition``)."""
        grey = "sold_out_extra_up" in self.market.cell(old).effects
        return "up" if "grey_extra_up=every_up" in self.options and grey and new[0] < old[0] else None

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
    def start_round(self, kind: str) -> list[Event]:
        """A set of operating rounds begun after the last set was announced (the first D sold) is the last: no
        track and no token steps in it (rule ``1894:end.final-set``)."""
        events: list[Event] = []
        if kind == "operating" and not self.state.title.last_set and self.event_fired("last_or_set_triggered"):
            self.state.title.last_set = True
            events.append(Event("1894:end.final-set", msg("The last set of operating rounds begins: no track and no "
                                                          "station tokens in it"), "last_set"))
        return events + super().start_round(kind)

    def or_steps(self) -> tuple[str, ...]:
        """Without track and token steps in the last set (rule ``1894:end.final-set``)."""
        steps = self.policy.or_steps
        return tuple(s for s in steps if s not in ("track", "token")) if self.state.title.last_set else steps

    def has_route(self, corp: str) -> bool:
        """Track joins one of ``corp``'s stations to another stop: its two homes alone are no route (rule
        ``1894:trains.must-buy``)."""
        return has_route(self.track, self.state.board, corp)

    def track_step_open(self, corp: str) -> bool:
        """The track step stays open while ``corp`` could still buy a private with an extra tile lay from a
        player (the LRC), as 18xx.games keeps it: the buy would bring one more lay (rule ``1894:private.lrc``)."""
        return privates.extra_lay_open(self, corp) or privates.extra_lay_buyable(self, corp)

    def turn_ability_open(self, corp: str) -> bool:
        """London shipping's station on A12, while ``corp`` owns it unused (rule ``1894:private.ls``)."""
        return privates.station_open(self, corp)

    def token_replacer(self, layer: str, owner: str) -> str:
        """A token lifted by a city split is re-placed by its owner (rule ``1894:track.city-split``)."""
        return owner

    def replace_token_now(self, layer: str, owner: str) -> bool:
        """The laying corporation's own token at once, the others' at the end of its turn (rule
        ``1894:track.city-split``)."""
        return layer == owner

    def private_ability(self, action: Action) -> list[Event]:
        """The LRC's extra tile, the station private's tile and token, London shipping's free token (rules
        ``1894:private.lrc``, ``1894:private.station``, ``1894:private.ls``); anything else a private does is
        refused by the round."""
        station = self.facts.private(action.entity).teleport is not None
        if isinstance(action, LayTile):
            lay = privates.station_lay if station else privates.extra_lay
            events = lay(self, action)  # in the track step the lay may end it; before it, the step stays
            return events + (operating.after_lay(self) if self.state.round.step == "track" else []) + \
                operating.settle(self)
        if isinstance(action, (PlaceToken, Pass)) and station:
            return privates.station_token(self, action) + operating.settle(self)
        if isinstance(action, PlaceToken):
            return privates.free_token(self, action) + operating.settle(self)
        return super().private_ability(action)

    def _turn_corporation(self) -> str | None:
        """The corporation in its operating turn with no pending choice of another entity, else ``None``."""
        rnd = self.state.round
        if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens:
            return None
        return operating.operating(self)

    def _step(self) -> Step:
        pending = self.state.title.pending_home
        if pending:
            return Step(msg("Choose a home"), msg("{player} chooses the home of {corporation}.",
                                                  player=self.player(pending[0]).name, corporation=pending[1]),
                        late.RULE, pending[0], ("choose",))
        step = super()._step()
        types = self._with_turn_types(step.action_types)
        return step if types == step.action_types else replace(step, action_types=types)

    def _entity(self) -> str | None:
        """Who acts now without building the step's help text: the player choosing a pending home city, else
        whoever the round names."""
        pending = self.state.title.pending_home
        return pending[0] if pending else super()._entity()

    def _action_types(self) -> tuple[str, ...]:
        if self.state.title.pending_home:
            return ("choose",)
        return self._with_turn_types(super()._action_types())

    def _with_turn_types(self, types: tuple[str, ...]) -> tuple[str, ...]:
        """``types`` (a step's) with, in a corporation's operating turn, the special purchases and, at the
        redemption step, the buying back of shares."""
        if self._turn_corporation() is None:
            return types
        redeeming = ("buy_shares",) if self.state.round.step == "redeem" else ()
        return tuple(sorted({*types, "special_buy", *redeeming}))

    def _legal_actions(self) -> list[Action]:
        if self.state.title.pending_home:
            return late.choices(self)
        corp = self._turn_corporation()
        legal = super()._legal_actions()
        if corp is None:
            return legal
        if self.state.round.deferred_tokens:  # else no hex is closed to a token (splits.closed_to), the usual case
            legal = [a for a in legal if not splits.closed_to(self, a)]
        return legal + ferry.choices(self, corp)

    def _action_groups(self) -> list[ActionGroup]:
        if self.state.title.pending_home:
            return groups_of(self._legal_actions(), self._ranges())  # choices of its own
        corp = self._turn_corporation()
        groups = super()._action_groups()
        if corp is None:
            return groups
        # as _legal_actions filters and extends the listing, keeping the round's lazy groups (the track step's
        # lays found only as far as asked): only station tokens are filtered, the ferry purchase comes last
        if self.state.round.deferred_tokens:  # else no hex is closed to a token (splits.closed_to), the usual case
            groups = [g if g.type != PlaceToken.type else
                      ListedActions(g.type, [a for a in g.actions() if not splits.closed_to(self, a)]) for g in groups]
        return groups + groups_of(ferry.choices(self, corp), ())

    def _apply_action(self, action: Action) -> list[Event]:
        if self.state.title.pending_home:
            if not isinstance(action, Choose):
                raise GameError(msg("the home of {corporation} is chosen first",
                                    corporation=self.state.title.pending_home[1]), late.RULE)
            return late.choose(self, action)
        if isinstance(action, Par) and isinstance(self.state.round, StockRound) and \
                action.corporation in self.state.corporations and \
                self.facts.corporation(action.corporation).home_rule == "choose_one":
            self.state.title.pending_home = (action.entity, action.corporation)  # undone with the par if refused
        # the operating turn's corporation is asked only by the actions it concerns (nothing below changes the turn
        # before the round's rules apply the action); the checks follow the rules' order for each kind of action
        if isinstance(action, SpecialBuy):
            if self._turn_corporation() != action.entity:
                raise GameError(msg("a ferry marker is bought by the operating corporation in its turn, not by "
                                    "{entity}", entity=action.entity), ferry.RULE)
            # a step the purchase leaves without a choice (no station it can now pay for) ends, as at its start
            return ferry.buy(self, action) + operating.settle(self)
        if isinstance(action, (BuyShares, SellShares)) and redeem.is_own(action):
            return self._redeem(action)
        if isinstance(action, PlaceToken):
            return self._place_token(action)
        if isinstance(action, LayTile):
            if self._no_city_split() and splits.splits_city(self, action):
                raise GameError(msg("from the {phase} phase on no green city is upgraded to a split brown tile "
                                    "({hex})", phase=self.facts.constants['no_city_split_from_phase'],
                                    hex=action.hex), "1894:track.no-split-in-purple")
            if splits.splits_city(self, action):
                splits.reserve_hex(self.state.board, action.hex)  # undone with the lay if it is refused
        elif isinstance(action, BuyCompany) and self._turn_corporation() == action.entity and \
                self.state.round.step == "track":
            # a track step held open only for a purchase of the LRC (track_step_open) ends once the corporation,
            # its lays used, can no longer make it: a purchase of another private may have spent the money
            return super()._apply_action(action) + operating.after_lay(self) + operating.settle(self)
        return super()._apply_action(action)

    def _place_token(self, action: PlaceToken) -> list[Event]:
        """A station token (:meth:`_apply_action`): refused on a hex closed by lifted tokens (rule
        ``1894:track.city-split``) or reached only through London without a ferry marker (``1894:route.ferry``);
        an ordinary token on a split hex narrows the homes kept there (``1894:token.reserved``)."""
        corp = self._turn_corporation()
        if corp and splits.closed_to(self, action):
            raise GameError(msg("{city} takes no new station while lifted tokens wait to be placed again",
                                city=action.city), splits.RULE)
        if corp and ferry.through_london_only(self, action):
            raise GameError(msg("{entity} reaches {city} only through London and has no ferry marker",
                                entity=action.entity, city=action.city), ferry.RULE)
        ordinary = corp == action.entity and self.state.round.step == "token"
        try:
            coord, _ = boards.find_city(self.track, self.state.board, action.city)
        except DataError:
            return super()._apply_action(action)  # refused by the round under its own rule
        events = super()._apply_action(action)
        splits.settle_reservations(self, coord, first_fit=ordinary)
        return events

    def _advance(self) -> list[Event]:
        return [] if self.state.title and self.state.title.pending_home else super()._advance()

    def par_blocked(self, corp: str) -> tuple[str, str] | None:
        """A late corporation is started only while a city of its country can be its home (rule
        ``1894:stock.late-corporations``): with none left, its par would leave a home to choose and no choice."""
        if self.facts.corporation(corp).home_rule == "choose_one" and not late.possible_homes(self, corp):
            return f"no city on {corp}'s list has a free station space for its home", late.RULE
        return None

    def chosen_home(self, corp: str) -> str | None:
        """The home a late corporation's president chose (rule ``1894:stock.late-corporations``)."""
        return self.state.title.late_homes.get(corp)

    def _redeem(self, action: Action) -> list[Event]:
        rnd = self.state.round
        if self._turn_corporation() != action.entity or rnd.step != "redeem":
            raise GameError(msg("{entity} redeems or reissues its shares at the start of its operating turn",
                                entity=action.entity), redeem.REDEEM)
        handler = redeem.redeem if isinstance(action, BuyShares) else redeem.reissue
        return handler(self, action) + operating.settle(self)

    # ----- routes ------------------------------------------------------------------------------------
    @property
    def route_rules(self) -> Rules1894:
        """The route hooks now: who holds a ferry marker and who earns the London shipping bonus — the
        corporation with the A12 station, or with option ``london_bonus=owner`` the one owning LS (rules
        ``1894:route.ferry``, ``1894:route.london-bonus``)."""
        consts = self.facts.constants
        state = self.state
        if "london_bonus=owner" in self.options:
            owner = state.private_owner.get("LS")
            bonus = frozenset({owner} if owner in state.corporations else ())
        else:
            bonus = frozenset(c for slots in state.board.tokens.get(consts["ferry_supply_hex"], []) for c in slots if c)
        # the last hooks are kept with the facts while what they read is the same: the ferry holders, the bonus
        # earners and the tile on London (passes_london reads only it; the rest are facts); the route finder's
        # every question builds them, and its kept positions compare them (revenue.route_position)
        key = (tuple(state.title.ferries), bonus, state.board.tiles.get(consts["london_hex"]))
        memo = self._facts_memo()
        kept = memo.get("1894 route rules")
        if kept is not None and kept[0] == key:
            return kept[1]
        rules = Rules1894(frozenset(state.title.ferries), bonus, consts["london_hex"], consts["luxembourg_hex"],
                          consts["netherlands_hex"], consts["paris_hex"],
                          frozenset(consts["netherlands_bonus_partners"]), consts["netherlands_bonus"],
                          passes_london(self.track, state.board, consts["london_hex"]))
        memo["1894 route rules"] = (key, rules)
        return rules

    def token_placement(self, entity: str, coord: str) -> AbstractContextManager:
        """The homes kept for a split hex set aside around the placement itself and put back before the turn
        moves on (:func:`splits.placing`; rule ``1894:token.reserved``)."""
        return splits.placing(self, entity, coord)

    def split_board(self, board: boards.Board, lay: LayTile) -> boards.Board | None:
        """The green city's split: the tile laid, the hex's tokens lifted and its home reservations kept for the
        whole hex (rule ``1894:track.city-split``; :func:`splits.split_board`)."""
        return splits.split_board(self, board, lay)

    @property
    def upgrade_rules(self) -> UpgradeRules:
        """The green city splits in two on its brown tile, until the purple phase (rules ``1894:track.city-split``,
        ``1894:track.no-split-in-purple``); London is a gate that only a corporation with a ferry marker passes:
        track or a station reached only through London is closed to the others (rules ``1894:track.connect``,
        ``1894:route.ferry``)."""
        splits_now = frozenset() if self._no_city_split() else frozenset({("city", 1, 2)})
        return UpgradeRules(splits_now, gates=frozenset({(self.facts.constants["london_hex"], 0)}),
                            gate_passers=frozenset(self.state.title.ferries if self.state.title else ()))

    def _no_city_split(self) -> bool:
        """The phase forbids upgrading a green city to its split brown tiles (rule
        ``1894:track.no-split-in-purple``)."""
        memo = self._facts_memo()  # the phase's index is a fact of the title: kept (asked at every lay listing)
        first = memo.get("no city split from")
        if first is None:
            names = [p.name for p in self.facts.phases]
            first = memo["no city split from"] = names.index(self.facts.constants["no_city_split_from_phase"])
        return self.state.depot.phase >= first

    def stationless_hexes(self) -> frozenset[str]:
        """London takes no station token (rule ``1894:token.city``)."""
        return frozenset({self.facts.constants["london_hex"]})

    # ----- views --------------------------------------------------------------------------------------
    def map_notes(self) -> dict[str, str]:
        """London (who holds a ferry marker), the ferry supply, Luxembourg and the Netherlands bonus, in words
        for the map (rules ``1894:route.ferry``, ``1894:route.luxembourg``, ``1894:route.netherlands``). Returns
        hex → text: a :class:`~gamekit.i18n.Message`, English as a ``str``, drawn in the learner's language
        (:func:`~gamekit.i18n.localize`)."""
        consts = self.facts.constants
        ferries = self.state.title.ferries
        left = consts["ferry_markers"] - len(ferries)
        return {consts["london_hex"]: msg("ferry: {holders}", holders=", ".join(ferries)) if ferries else
                msg("ferry: none yet"),
                consts["ferry_supply_hex"]: nmsg("{count} ferry left", "{count} ferries left", left, count=left),
                consts["luxembourg_hex"]: msg("= best stop"),
                consts["netherlands_hex"]: msg("+{bonus} with {partners}", bonus=consts["netherlands_bonus"],
                                               partners="/".join(consts["netherlands_bonus_partners"]))}

    # ----- 18xx.games logs ---------------------------------------------------------------------------
    def rule_change_note(self, rule: str, created_at, action=None) -> str | None:
        """The prototype's rule changes after ``created_at`` touching ``rule`` whose cause, where a change has one,
        holds of the refused ``action`` (rule ``1894:edition.history``; the G2 change: an action naming G2)."""
        return history.note(rule, created_at, action)

    def log_fields(self, action: Action, earlier: list[dict]) -> dict:
        """A corporation's reissue (``sell_shares`` by the corporation) logs its price, ``share_price``, as
        18xx.games does (rule ``1894:or.reissue``)."""
        if action.type == "sell_shares" and action.entity in self.state.corporations:
            return {"share_price": self.market.cells_with("reissue_par")[0].price}
        return {}

    def action_from_log(self, entry: dict, where: str) -> Action | None:
        """1894's log entries: a corporation's reissue (``sell_shares`` by the corporation) logs its price,
        ``share_price``, which must be the reissue price, and no other sale logs one (rule ``1894:or.reissue``);
        the rest as for every 18xx title.

        Raises:
            DataError: a malformed entry, a price on a sale that is not a corporation's reissue, or another reissue
                price, naming ``where``, the field and the rule.
        """
        if entry.get("type") == "sell_shares" and "share_price" in entry:
            self._check_reissue_price(entry, where)
            entry = {k: v for k, v in entry.items() if k != "share_price"}  # checked: the market's reissue price
        return super().action_from_log(entry, where)

    def _check_reissue_price(self, entry: dict, where: str) -> None:
        """The logged ``share_price`` of a ``sell_shares`` entry: only a corporation's reissue carries one, the
        market's reissue price (rule ``1894:or.reissue``); a player's sale has no price field.

        Raises:
            DataError: naming ``where``, the field and the rule.
        """
        logged = entry["share_price"]
        if str(entry.get("entity")) not in self.state.corporations:
            raise DataError(msg("{where}: field {field} is not part of a sell_shares action by {entity}: only a "
                                "corporation's reissue logs its price (rule {rule})", where=where,
                                field=repr("share_price"), entity=cut(str(entry.get("entity"))),
                                rule="1894:or.reissue"))
        price = self.market.cells_with("reissue_par")[0].price
        if type(logged) is not int or logged != price:
            raise DataError(msg("{where}: field {field}: a reissue is at {price}, not {logged} (rule {rule})",
                                where=where, field=repr("share_price"), price=price, logged=shown(logged),
                                rule="1894:or.reissue"))
