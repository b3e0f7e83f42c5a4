"""The 1837 game class: the policy's values and the hooks where 1837's rules differ from 1830's."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, ClassVar

from ...actions import Action, Pass
from ...choices import ActionGroup, listed
from ...errors import DataError, GameError
from ...events import Event
from ...g18xx import Game18xx, Policy
from ...g18xx import operating, stock, trainbuy
from ...g18xx.economy import pay_from_bank, require, set_price
from ...g18xx.game import ROUNDS
from ...g18xx.state import OperatingRound, StockRound
from ...g18xx import track
from ...game import Step
from ...hexgrid import parse_coord
from ...i18n import N_, Term, msg, phase_word
from ...tracks.board import remember_in
from ...tracks.actions import BuyCompany, BuyTrain, Dividend, LayTile, PlaceToken, RunRoutes, SellShares
from ...tracks.lay import UpgradeRules
from ...tracks.shares import IPO, POOL
from ...tracks.trains import phase, train_facts, train_name
from . import (autopass, bankruptcy, board_events, exchange, first_minors, history, minors, mountain, nationals,
               par_chart, selling, start_packet, trains)
from .actions import ScrapTrain
from .routes import Rules1837
from .start_packet import PacketRound

EDITIONS = ("2nd", "1st")
UPGRADE_REACH = {"2nd": "semi_restrictive", "1st": "permissive"}
"""What an upgrade must do for the laying company, by edition (rules ``1837:track.upgrade-reach``,
``1837:track.usable``; D1)."""
TOWN_MERGES = frozenset({("town", 2, 1)})
"""A double-town tile upgrades to green 87, 88 or 204, one town on four exits (rule ``1837:track.cities``)."""
NATIONAL_TOKEN_PRICES = (20, 40)
"""Per hex of distance, the first and the second station a national places itself, beyond those its minors
brought (rule ``1837:national.token-cost``)."""


@lru_cache(maxsize=4096)  # a pure function of two names, asked for every city a station could go to
def hex_distance(a: str, b: str) -> int:
    """The number of hex steps between hexes ``a`` and ``b`` (doubled coordinates of :mod:`gamekit.hexgrid`)."""
    (xa, ya), (xb, yb) = parse_coord(a), parse_coord(b)
    dx, dy = abs(xa - xb), abs(ya - yb)
    return dy + max(0, (dx - dy) // 2)


@dataclass
class State1837:
    """What only 1837 keeps (``State.title``): the coal companies and minors closed by exchange or merger, how
    many stations each national has placed itself (their price rises, rule ``1837:national.token-cost``), and the
    corporations sold in the current turn, a stock round's or an emergency's (one block each, rule
    ``1837:stock.sell``; :mod:`.selling`), the trains
    each company received this round from companies merging into it (rule ``1837:trains.limit``), and the
    start-packet items left unsold, for sale in the stock rounds (rule ``1837:auction.select``), the minors
    with a choice of homes bought in a stock round, which take their first home at once, the company that
    has surrendered a train in its train step and owes a purchase (rule ``1837:trains.surrender``), and the
    first edition's KK and UG minors a sale ended by passes left unsold, offered again at the start of the next
    stock round (rule ``1837:auction.first-edition``), and the corporations whose president went bankrupt in this
    round (the bank finances their train, rule ``1837:trains.financing``)."""

    closed: list[str] = field(default_factory=list)
    national_tokens: dict[str, int] = field(default_factory=dict)
    turn_sales: list[str] = field(default_factory=list)
    merged_trains: dict[str, list[str]] = field(default_factory=dict)
    unsold: list[str] = field(default_factory=list)
    first_home: list[str] = field(default_factory=list)
    surrendered: str | None = None
    minors_left: list[str] = field(default_factory=list)
    bankrupting: list[str] = field(default_factory=list)


_ROUND_MODULES = {**ROUNDS, PacketRound: start_packet, first_minors.MinorSale: start_packet,
                  exchange.ExchangeRound: exchange}
"""The module playing each kind of round, by the round's own class (``Game1837._round_module``)."""


@lru_cache(maxsize=4)
def _with_surrender(types: tuple[str, ...]) -> tuple[str, ...]:
    """An operating turn's action types ``types`` with the surrender of a train, sorted (``Game1837._step``)."""
    return tuple(sorted({*types, "scrap_train"}))


_BANK_PURCHASES: dict[tuple[str, str, int], BuyCompany] = {}
BANK_PURCHASES_KEPT = 256
"""How many purchases of the bank's companies :func:`_bank_purchase` keeps (it forgets them all when full)."""


def _bank_purchase(player: str, company: str, price: int) -> BuyCompany:
    """The checked purchase of the bank's ``company`` by ``player`` at ``price`` (``Action._trusted``: values read
    from the state and the facts), kept by its values: every stock-round listing while the bank sells offers the
    same few purchases again, and building a checked action costs more than the rest of that listing's work on
    it. Actions are frozen, so one object serves every listing (should its checked mark be forgotten meanwhile,
    ``process`` only checks it again)."""
    return remember_in(_BANK_PURCHASES, (player, company, price), BANK_PURCHASES_KEPT,
                       lambda: BuyCompany._trusted(entity=player, company=company, price=price))


class Game1837(Game18xx):
    """A game of 1837 for 3–7 players (see :class:`gamekit.game.Game` for the protocol).

    Options (rule ``1837:edition``): ``edition=1st`` plays the first edition's rules, as the first-edition text
    states them, where they differ from the second edition (the default, ``edition=2nd``, as 18xx.games plays
    it); under the first edition
    ``minor_payout=full`` pays the SD and KK minors' whole revenue to their owners (an uncertain reading, D5);
    in either edition ``market_order=float`` puts a major's price marker on the market when it floats, as the
    published rulebook does, not when it is parred (rule ``1837:market.order``).
    """

    title: ClassVar[str] = "1837"
    rule_prefix: ClassVar[str] = "1837"
    data_folder: ClassVar[str] = "1837"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    options_available: ClassVar[dict[str, str]] = {
        "edition=2nd": N_("The second edition, as 18xx.games plays it (the default)"),
        "edition=1st": N_("The first edition: upgrade reach, track toward closed Italy and token tracing as the "
                          "first-edition text states them"),
        "minor_payout=full": N_("First edition only: the SD and KK minors pay their whole revenue to their owners "
                                "(an uncertain reading of the first-edition text)"),
        "packet=1st": N_("First edition only: the start packet at falling fixed prices, without the KK and UG minors, "
                         "as the Rails project's first-edition games play it (rule 1837:auction.first-edition)"),
        "market_order=float": N_("The published rulebook's market order: a major's price marker goes on the market "
                                 "when it floats, below those already on its price (18xx.games: when it is parred; "
                                 "rule 1837:market.order)"),
        **start_packet.OPTIONS,
        "financing=none": N_("No bank financing: a corporation without a president buys no train it cannot pay for, "
                             "and after a bankruptcy the new president pays what the corporation lacks (18xx.games: "
                             "the bank pays it and the treasury goes below zero; rule 1837:trains.financing)"),
    }
    # 18xx.games' 1837 has no optional rules: each option here is gamekit's own (the export refuses them)
    site_options: ClassVar[frozenset[str]] = frozenset()
    policy: ClassVar[Policy] = Policy(
        no_sale_first_stock_round=False, no_sale_before_operated=True, sell_after_buy=False, sale_movement="per_sale",
        # over 60% a player sells first only while a block may still be sold this turn: selling.must_sell_groups
        sell_down_to_holding_limit=False,
        payout_rounding="down", or_steps=("track", "token", "route", "dividend", "buy_train"),
        emergency_cheapest_only=False, emergency_may_swap_presidency=False,
        # a train of another corporation at any price, the president's money too (1837:trains.emergency)
        emergency_from_others=True, emergency_from_others_to_face=False,
        # of the discard pile's trains of one kind the first discarded is sold first (may_buy_train says so too):
        # the listings then skip the rest of the pile, a score of trains late in a game
        pool_sells_first_of_type=True)
    rule_aliases: ClassVar[dict[str, str]] = {
        # the shared waterfall auction's sections: 1837 sells its start packet by selection instead
        "auction.all-pass": "auction.select", "auction.order": "auction.select", "auction.pass": "auction.bid",
        "auction.price-drop": "auction.select", "auction.resolve": "auction.win", "auction.buy-cheapest": "auction.win",
        "auction.bo": "auction", "auction.ca": "auction", "private.bo": "private.mountain",
        "private.close": "private.mountain", "or.buy-private": "or.buy-company", "stock.brown-buy": "stock.one-buy",
        "stock.no-sale-first": "stock.sell", "route.run": "route.revenue", "trains.trade-in": "trains.buy",
        "route.subsidy": "route.mine-subsidy"}
    title_steps: ClassVar[dict] = {"dividend": minors.DIVIDEND_STEP, "token": minors.TOKEN_STEP,
                                   "route": minors.ROUTE_STEP,
                                   "buy_train": trains.BUY_TRAIN_STEP}
    # the site opens a coal company's train step for a surrender it cannot follow with a purchase, or for a
    # purchase of a train it may not buy: the export writes the pass it waits for there
    # (gamekit.export18xx.waited_steps)
    site_waited_steps: ClassVar[dict] = {"buy_train": ("pass", trains.site_opens_step)}

    def __init__(self, players, seed: int = 0, options=()):
        self._rules: Rules1837 | None = None
        # a logged run's subsidy, read with the log entry and checked when the run is applied
        self._claimed_subsidy: dict[Action, int] = {}
        # a par's place on the par chart as a log chose it (rule 1837:market.par): kept for the export, which
        # writes it back; our own pars take the first free place
        self._logged_slots: dict[Action, int] = {}
        self._kinds: dict[str, str] = {}  # see kind(): facts only, so forks may share it
        self._goods: dict[str, bool] = {}  # see may_buy_train(): facts only, likewise
        self._owers: tuple[str, ...] | None = None  # see _may_owe_kinds(): facts only, likewise
        self._coal: frozenset[str] = frozenset()  # the coal companies (_setup): facts only, likewise
        super().__init__(players, seed=seed, options=options)

    def _check_setup(self) -> None:
        """The editions' options (rule ``1837:edition``), then the settings every title checks."""
        unknown = [o for o in self.options if o not in self.options_available]
        if unknown:
            raise GameError(msg("unknown option {option} for 1837 (options: {known})", option=repr(unknown[0]),
                                known=", ".join(self.options_available)), "1837:edition")
        if "minor_payout=full" in self.options and "edition=1st" not in self.options:
            raise GameError(msg("{option} is an option of the first edition only", option="minor_payout=full"),
                            "1837:edition")
        super()._check_setup()

    @property
    def edition(self) -> str:
        """``"1st"`` or ``"2nd"`` (rule ``1837:edition``)."""
        return "1st" if "edition=1st" in self.options else "2nd"

    # ----- setup and rounds ----------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        if "packet=1st" in self.options:  # the minors' certificates cost their first-edition prices
            self.facts = first_minors.with_face_values(self.facts)
        # a company's kind is asked for every train a listing looks at: read once from the facts
        self._kinds = {c.sym: c.kind for c in self.facts.corporations}
        self._coal = frozenset(sym for sym, kind in self._kinds.items() if kind == "coal")
        events = super()._setup()
        self.state.title = State1837()
        for corp in self.facts.corporations:
            if corp.initial_price:  # the nationals are priced from the start (1837:national.railways)
                cell = self.market.by_id[corp.initial_price]
                c = self.state.corporations[corp.sym]
                c.par = (cell.row, cell.col)
                set_price(self, corp.sym, c.par)
        return events

    def start_round(self, kind: str) -> list[Event]:
        """The start packet replaces the private auction (rule ``1837:auction``); an exchange round comes before
        every stock round and operating round (rule ``1837:exchange-round``)."""
        if kind == "auction":
            start_packet.new_round(self)
            return [Event("1837:auction", msg("The start packet is auctioned"), "round", {"round": "auction"})]
        if kind == "stock":
            return exchange.start(self, ("stock",))
        return exchange.start(self, ("operating", 1, phase(self.facts, self.state.depot).operating_rounds))

    def next_operating_round(self, num: int, total: int) -> list[Event]:
        """The next operating round of the set, after its exchange round (rule ``1837:exchange-round``)."""
        return exchange.start(self, ("operating", num, total))

    def begin_round(self, then: tuple) -> list[Event]:
        """Begin the round an exchange round came before: ``("stock",)`` or ``("operating", num, total)``; an
        operating round begins with the minors' pending home choices (rule ``1837:minor.tokens``). In the first
        edition a stock round begins with the sale of the KK and UG minors an earlier sale left unsold, the
        majors being released only once they are sold (rule ``1837:auction.first-edition``)."""
        if then[0] == "stock" and self.state.title.minors_left:
            return first_minors.resume(self, self.state.title.minors_left)
        if then[0] == "stock":
            return super().start_round("stock")
        events = operating.begin(self, then[1], then[2])
        if isinstance(self.state.round, OperatingRound):
            events += minors.ask_chosen_homes(self)
        return events

    def active_round(self) -> str:
        """``"Start packet"``, ``"Exchange round before …"`` (the round it precedes), or as every 18xx title; the
        first edition's sale of minors an earlier sale left is ``"Stock round N"``, the stock round it opens (rule
        ``1837:auction.first-edition``)."""
        rnd = self.state.round
        if isinstance(rnd, first_minors.MinorSale) and self.state.title.minors_left:
            return f"Stock round {self.state.stock_round_num + 1}"
        if isinstance(rnd, PacketRound):
            return "Start packet"
        if isinstance(rnd, exchange.ExchangeRound):
            nxt = f"stock round {self.state.stock_round_num + 1}" if rnd.then[0] == "stock" else \
                f"operating round {self.state.stock_round_num}.{rnd.then[1]}"
            return f"Exchange round before {nxt}"
        return super().active_round()

    def closed(self, corp: str) -> bool:
        """True once coal company or minor ``corp`` has been exchanged or merged (rules ``1837:coal.exchange``,
        ``1837:national.formation``)."""
        return corp in self.state.title.closed

    def close(self, corp: str) -> None:
        """Close coal company or minor ``corp``: it no longer operates (its stations stay on the map)."""
        self.state.title.closed.append(corp)
        self.state.corporations[corp].floated = False

    def _round_module(self):
        rnd = self.state.round
        try:  # asked several times per action: one look-up by the round's own class
            return _ROUND_MODULES[type(rnd)]
        except KeyError:  # a round class not listed there: the first edition's packet, a PacketRound
            pass
        if isinstance(rnd, PacketRound):
            return start_packet
        if isinstance(rnd, exchange.ExchangeRound):
            return exchange
        return ROUNDS[type(rnd)]

    def _advance(self) -> list[Event]:
        if type(self.state.round) is OperatingRound:
            # nothing follows an operating turn's action here (the turn settles itself: operating.settle), and the
            # shared _advance runs the ends and passes of auctions and stock rounds only: asked after every action
            return []
        if isinstance(self.state.round, PacketRound) and start_packet.finished(self):
            title = self.state.title
            title.unsold = start_packet.unsold(self)
            resumed = bool(title.minors_left)  # this was a stock round's sale of minors an earlier one left
            title.minors_left = first_minors.left(self)
            first = self._first_after_packet()
            if first is not None:
                order = self.state.seat_order
                at = order.index(first)
                order[:] = order[at:] + order[:at]
            if title.minors_left:
                # rule 1837:auction.first-edition: the sale was this stock round, the majors stay unreleased and
                # the operating rounds follow (Rails' CompanyManager.xml releases them once U1-U3 are sold)
                self.state.stock_round_num += 1
                return self.start_round("operating") + super()._advance()
            if resumed:  # the last minor sold: the majors' stock round goes on at once, its exchange round over
                return super().start_round("stock") + super()._advance()
            return self.start_round(self.policy.next_round("auction")) + super()._advance()
        events = super()._advance()
        # a player whose only choices left are those 1837 forbids (second sales of corporations sold this turn,
        # other purchases while the bank has companies for sale) ends the turn unasked
        while isinstance(self.state.round, StockRound) and not stock.finished(self) and \
                selling.only_a_pass(self._title_groups(self._groups_ahead())):
            self._carry(None)  # the groups kept for this player's turn, which now passes, belong to no position
            events += stock.pass_turn(self) + super()._advance()
        return events

    def _groups_ahead(self):
        """The stock round's groups at the position the action being applied leaves: those the shared
        ``_advance`` found and kept for it (``Game._carry``, inside a batch), else found again. (Its ``_apply`` is
        not over, so ``_carried_over`` does not give them yet; nothing has changed the state since they were
        kept.)"""
        carried = self._carried
        if carried is not None and carried[0] is self.state and carried[1] == len(self._actions) + 1 and \
                carried[2] is not None:
            return carried[2]
        return super()._round_groups()

    def sale_refusal(self, player: str, corp: str) -> tuple[str, str] | None:
        """A corporation sold in this turn is not sold again in it (rule ``1837:stock.sell``), in a stock round and
        in the president's emergency sales for a train (``1837:trains.emergency``): no such sale is offered, a
        player over the certificate limit who sold it goes on with their turn, and a bankrupt president's forced
        sale leaves it to the pool (``1837:end.bankrupt``)."""
        return selling.sale_refusal(self, player, corp)

    def _round_groups(self):
        """The round's groups; in a stock round only the bank's companies and a pass while any is for sale (rule
        ``1837:stock.round``, :meth:`stock_round_extras`), and only sales while the player is over a holding limit
        (``selling.must_sell_groups``); second sales of a corporation sold this turn are refused by
        :meth:`sale_refusal`."""
        return self._title_groups(super()._round_groups())

    def _title_groups(self, groups):
        """The shared round's ``groups`` as 1837 filters them in a stock round (:meth:`_round_groups`)."""
        if not isinstance(self.state.round, StockRound):
            return groups
        if self._bank_sells():
            return [g for g in groups if g.type in ("buy_company", "pass")]
        return selling.must_sell_groups(self, groups)

    def _legal_actions(self) -> list[Action]:
        """The round's legal actions; in a stock round those of :meth:`_round_groups`."""
        if isinstance(self.state.round, StockRound):
            return listed(self._round_groups()) + self.extra_actions()
        return super()._legal_actions()

    def _first_after_packet(self) -> str | None:
        """Who has the first turn of the first stock round (rule ``1837:stock.priority``): the buyer of the
        packet's last item, as 18xx.games plays the second edition (after a sale the turn goes to the seat after
        the buyer, ``chooser``), or after a round of passes the player whose turn it rests on (``chooser``); the
        player after the last one to act in the first edition's packet; with the
        option ``priority=last-buyer`` the player after the last buyer; ``None`` when nothing was sold."""
        rnd = self.state.round
        order = self.state.seat_order
        if start_packet.PRIORITY_OPTION in self.options and getattr(rnd, "last_buyer", None):
            return order[(order.index(rnd.last_buyer) + 1) % len(order)]
        if "packet=1st" in self.options:
            last = rnd.last_to_act
            return None if last is None else order[(order.index(last) + 1) % len(order)]
        if rnd.remaining:  # ended by a round of passes: the turn rests where the packet left it
            return order[rnd.chooser]
        return order[(rnd.chooser - 1) % len(order)] if rnd.last_to_act is not None else None

    def _apply_action(self, action: Action) -> list[Event]:
        rnd = self.state.round
        begun = emergency = False
        if isinstance(rnd, StockRound):
            begun = rnd.acted
            if not self._bank_sells():
                selling.check_must_sell(self, super()._round_groups, action)
            elif not isinstance(action, (BuyCompany, Pass)):
                raise GameError(msg("while the bank has companies for sale a stock-round turn is a purchase of one "
                                    "of them or a pass"), "1837:stock.round")
        elif isinstance(action, SellShares) and isinstance(rnd, OperatingRound):
            begun, emergency = rnd.emergency_sale is not None, True
        events = self._apply_title_action(action)
        # a stock round's actions and the president's emergency sales are recorded (selling.record)
        if emergency or isinstance(self.state.round, StockRound):
            selling.record(self, action, begun)
        return events

    def _apply_title_action(self, action: Action) -> list[Event]:
        # the action's and the round's classes, read once and compared by identity (no title subclasses them):
        # every action of a game passes these checks
        kind, operating_now = type(action), isinstance(self.state.round, OperatingRound)
        if kind is Dividend and operating_now:
            return minors.dividend(self, action) + operating.settle(self)
        if kind is ScrapTrain:
            require(operating_now, msg("trains are surrendered in operating rounds"), trains.RULE)
            return trains.scrap(self, action)
        if kind is Pass and operating_now:
            trains.check_pass(self, action)
        national_token = kind is PlaceToken and operating_now and action.entity in self.state.corporations and \
            self.kind(action.entity) == "national" and not self.state.round.pending_tokens
        events = super()._apply_action(action)
        if kind is BuyTrain:
            self.state.title.surrendered = None  # a surrendered train's replacement is bought
        elif kind is LayTile:
            events += nationals.return_merged_tokens(self, action.hex)
        if national_token:
            counts = self.state.title.national_tokens
            counts[action.entity] = counts.get(action.entity, 0) + 1
        # only a run read from a log claims a subsidy: a bot's run is not hashed for nothing
        claimed = self._claimed_subsidy.pop(action, None) if self._claimed_subsidy and kind is RunRoutes \
            else None
        if claimed is not None:
            paid = sum(e.data["amount"] for e in events if e.kind == "subsidy")
            if paid != claimed:
                raise GameError(msg("the mine pays {amount}, not {claimed}", amount=self.facts.money(paid),
                                    claimed=self.facts.money(claimed)), "1837:route.mine-subsidy")
        return events

    # ----- routes -----------------------------------------------------------------------------------------
    @property
    def route_rules(self) -> Rules1837:
        """1837's route hooks for this game's edition: goods trains and mine subsidies, express trains, token
        tracing (rules ``1837:route.goods``, ``1837:route.express``, ``1837:token.connect``)."""
        if self._rules is None:
            self._rules = Rules1837.of(self.track, self.facts, self.edition)
        return self._rules

    def bankruptcy(self, corp: str, president: str) -> list[Event]:
        """The game goes on without the bankrupt president until all players but one are bankrupt (rule
        ``1837:end.bankrupt``)."""
        return bankruptcy.go_bankrupt(self, corp, president)

    def home_token_pending(self, corp: str) -> bool:
        """A national's stations are its minors'; its spare ones wait on its charter (rule
        ``1837:national.tokens``)."""
        return self.kind(corp) != "national" and super().home_token_pending(corp)

    def token_reversals(self) -> int | None:
        """Any number of reversals in the second edition, one in the first (rule ``1837:token.connect``, D4)."""
        return self.route_rules.token_reversals

    @property
    def upgrade_rules(self) -> UpgradeRules:
        """The tile-lay rules of this game's edition now. Second edition: an upgrade must make new track reachable
        for the laying company or change the revenue of a town or city it reaches, and once Italy has left the map
        no tile may point across its closed border. First edition: reaching any track of the tile is enough, and
        track may still point into Italy (rules ``1837:track.upgrade-reach``, ``1837:map.italy``; D1, D2). In both,
        two towns become one on the double-town tiles' upgrades (rule ``1837:track.cities``)."""
        edition = self.edition
        closed = board_events.applied(self) if edition == "2nd" else frozenset()
        memo = self._facts_memo()  # a value of the edition and the overlays applied, asked at every track step
        found = memo.get(("1837 upgrade rules", edition, closed))
        if found is None:
            found = memo[("1837 upgrade rules", edition, closed)] = UpgradeRules(
                TOWN_MERGES, reach=UPGRADE_REACH[edition], closed_borders=closed)
        return found

    def rule_change_note(self, rule: str, created_at, action=None) -> str | None:
        """1837's rule changes on 18xx.games after ``created_at`` touching ``rule`` whose cause, where a change has
        one, holds in this game (rule ``1837:edition.history``)."""
        return history.note(rule, created_at, self)

    def log_fields(self, action: Action, earlier: list[dict]) -> dict:
        """A ``par`` logs the par chart's place beside its price, ``slot``, which changes nothing in play: the place
        its log chose for a par read from one, else the first place that no earlier par at that price took in
        ``earlier`` (rule ``1837:market.par``, :func:`.par_chart.place`). A ``run_routes`` logs the mine subsidy
        its routes earned, ``subsidy`` in K (0 without a mine, as the site writes it; rule
        ``1837:route.mine-subsidy``), which the import checks."""
        if action.type == "run_routes":
            return {"subsidy": self._run_subsidy(action)}
        if action.type != "par":
            return {}
        taken = (e["slot"] for e in earlier if e["type"] == "par" and e["share_price"] == action.share_price)
        return {"slot": par_chart.place(self._logged_slots.get(action), taken)}

    def _run_subsidy(self, run: Action) -> int:
        """The subsidy (K) the run ``run``, one of this game's actions (the very object), earned: its subsidy
        event's amount; 0 for a run of no train the export writes where ours skipped the step (not an action of
        the game). Found by identity: the same run may be played twice (a minor's one train on the same route)."""
        for action, events in zip(self._actions, self._events):
            if action is run:
                return sum(e.data["amount"] for e in events if e.kind == "subsidy")
        return 0

    def site_makes_itself(self, index: int, action: Action) -> bool:
        """True when ``action``, the game's action ``index`` (from 0), is a pass 18xx.games makes by itself (a
        major's or national's token step with no station to place, rule ``1837:or.token``, :mod:`.autopass`): the
        export writes it in the ``auto_actions`` of the entry before it (:func:`gamekit.export18xx.to_18xx_log`)."""
        return autopass.automatic(self, index, action)

    def action_from_log(self, entry: dict, where: str) -> Action | None:
        """1837's log entries: a forced coal exchange is recorded by the server as an automatic ``choose``, which
        our rules have made already (it changes nothing, when that coal company is closed: its fields are read and
        checked all the same, and the importer checks its ``entity_type``); a ``par`` logs the par
        chart's ``slot``, which changes nothing in play but is kept for the export (it must be a place of the chart
        that no earlier par at that price took, rule ``1837:market.par``); a ``run_routes`` logs its mine subsidy,
        which must be ours (checked when the action is applied; rule ``1837:route.mine-subsidy``); the rest as for
        every 18xx title.

        Raises:
            DataError: a malformed entry, naming ``where``.
        """
        if entry.get("type") == "choose" and "id" not in entry and str(entry.get("entity")) in self.state.corporations \
                and self.closed(str(entry.get("entity"))) and entry.get("choice") == "Exchange":
            super().action_from_log(entry, where)  # read whole first: an invented field is refused, not dropped
            return None  # the server's record of a forced exchange, which our rules made already (1837:coal.exchange)
        if entry.get("type") == "par" and "slot" in entry:
            action = super().action_from_log({k: v for k, v in entry.items() if k != "slot"}, where)
            self._keep_slot(action, self._logged_slot(action, entry["slot"], where))
            return action
        if entry.get("type") == "run_routes" and "subsidy" in entry:
            subsidy = entry["subsidy"]
            if not isinstance(subsidy, int) or isinstance(subsidy, bool):
                raise DataError(msg("{where}: field '{field}' must be a whole number", where=where, field="subsidy"))
            action = super().action_from_log({k: v for k, v in entry.items() if k != "subsidy"}, where)
            self._claimed_subsidy[action] = subsidy
            return action
        return super().action_from_log(entry, where)

    def saved_fields(self, action: Action) -> dict:
        """A par read from a log saves the par chart's place its log chose, ``slot`` (rule ``1837:market.par``), where
        it is not the first free place, the one our own pars take: a save of an imported game exports it again,
        and a game whose pars took the first free places saves as one played here."""
        if action.type == "par" and action in self._logged_slots:
            return {"slot": self._logged_slots[action]}
        return {}

    def action_from_save(self, raw: Any, where: str) -> Action:
        """A saved par may hold the par chart's place a log chose (:meth:`saved_fields`), checked as on import: a
        free place beside its price (rule ``1837:market.par``); the rest as for every title.

        Raises:
            DataError: a malformed entry or a place the chart does not give, naming ``where`` and the field.
        """
        if isinstance(raw, dict) and raw.get("type") == "par" and "slot" in raw:
            action = super().action_from_save({k: v for k, v in raw.items() if k != "slot"}, where)
            self._keep_slot(action, self._logged_slot(action, raw["slot"], where))
            return action
        return super().action_from_save(raw, where)

    def _logged_slot(self, par: Action, slot: object, where: str) -> int:
        """The ``slot`` logged with ``par``, checked: a place of the par chart that no earlier par at its price
        took, while one is free (rule ``1837:market.par``).

        Raises:
            DataError: naming ``where``, the field and (for a place outside the chart or a taken one) the rule.
        """
        if not isinstance(slot, int) or isinstance(slot, bool):
            raise DataError(msg("{where}: field '{field}' must be a whole number", where=where, field="slot"))
        if slot not in par_chart.PLACES:
            raise DataError(msg("{where}: field {field}: the par chart has places {places} beside each price, not "
                                "{slot} (rule {rule})", where=where, field=repr("slot"),
                                places=list(par_chart.PLACES), slot=slot, rule="1837:market.par"))
        price = par.share_price
        taken = par_chart.places_taken(((a.corporation, a.share_price, self._logged_slots.get(a))
                                        for a in self._actions if a.type == "par"), price)
        if slot in taken and len(taken) < len(par_chart.PLACES):
            raise DataError(msg("{where}: field {field}: place {slot} beside {price} holds {corporation}'s marker; a "
                                "par takes a free place ({free}) (rule {rule})", where=where, field=repr("slot"),
                                slot=slot, price=self.facts.money(int(price.split(",")[0])), corporation=taken[slot],
                                free=", ".join(str(p) for p in par_chart.PLACES if p not in taken),
                                rule="1837:market.par"))
        return slot

    def _keep_slot(self, par: Action, slot: int) -> None:
        """Keep the par chart's place a log or a save chose for ``par`` where it is not the one our own par takes
        there (the first free place, :func:`.par_chart.place`): the export and the save write it back, and a game
        whose pars all took the first free place saves as one played here does."""
        price = par.share_price
        taken = par_chart.places_taken(((a.corporation, a.share_price, self._logged_slots.get(a))
                                        for a in self._actions if a.type == "par"), price)
        if slot != par_chart.place(None, taken):
            self._logged_slots[par] = slot

    def corporations(self) -> tuple[str, ...]:
        """The companies in the game, in data order: coal companies and minors until they are exchanged or merged
        (rules ``1837:coal.exchange``, ``1837:national.formation``)."""
        closed = tuple(self.state.title.closed)
        memo = self._facts_memo()  # asked by the bots at every position: kept per game by the companies closed
        found = memo.get(("1837 companies open", closed))
        if found is None:
            shut = set(closed)
            found = memo[("1837 companies open", closed)] = tuple(c.sym for c in self.facts.corporations
                                                                    if c.sym not in shut)
        return found

    def private_companies(self) -> tuple[str, ...]:
        """The private companies proper, in data order: the mountain railways and the bank's UG halves (the
        start packet's coal and minor cards stand for their companies)."""
        return tuple(p for p in super().private_companies() if p in self.private_symbols())

    def _private_symbols(self) -> set[str]:
        """The private companies proper: the mountain railways and the bank's UG halves (a coal company's or
        minor's card shares its symbol with the company it stands for, which acts as a corporation)."""
        return {p.sym for p in self.facts.privates} - set(self.state.corporations)

    def private_ability(self, action: Action) -> list[Event]:
        """A mountain railway's tile lay (rule ``1837:private.mountain``); anything else a private company does
        is refused by the round."""
        if isinstance(action, LayTile):
            return mountain.lay(self, action)
        return super().private_ability(action)

    def extra_actions(self) -> list[Action]:
        """The mountain railways' lays open to the operating corporation at its track step (rule
        ``1837:private.mountain``)."""
        corp = self._mountain_layer()
        return mountain.lay_choices(self, corp) if corp else []

    def _action_groups(self) -> list[ActionGroup]:
        """The round's groups, then the mountain railways' lays of :meth:`extra_actions` as a group that finds them
        only when asked (a random draw seldom takes them)."""
        if not isinstance(self.state.round, OperatingRound):  # no mountain railway lays outside a track step
            return self._round_groups()
        corp = self._mountain_layer()
        # an operating round's groups, which 1837 does not filter (_title_groups: a stock round's only), asked of
        # its module at once (the shared _round_groups written out): nothing is carried over into an operating
        # position (the shared _advance keeps a stock round's groups only), and this is every listing of a turn
        groups = operating.action_groups(self)
        return groups + [mountain.lay_group(self, corp)] if corp else groups

    def _mountain_layer(self) -> str | None:
        """The operating corporation at its track step, waiting for neither a discard nor a station's city: the
        one a mountain railway may lay for now (rule ``1837:private.mountain``), else ``None``."""
        rnd = self.state.round
        if isinstance(rnd, OperatingRound) and not rnd.must_discard and not rnd.pending_tokens and \
                rnd.step == "track":
            return operating.operating(self)
        return None

    def _action_types(self) -> tuple[str, ...]:
        """The action types of :meth:`_step` without its help text, which ``process`` would otherwise build before
        every action: in an operating turn, waiting for neither a discard nor a station's city, every turn step's
        types and the surrender (``operating.TURN_TYPES``, as :meth:`_step` adds it)."""
        rnd = self.state.round
        if isinstance(rnd, OperatingRound) and not rnd.must_discard and not rnd.pending_tokens:
            return _with_surrender(operating.TURN_TYPES)
        return self._step().action_types

    def _entity(self) -> str | None:
        """Who acts now, as :meth:`_step` names them, without building its help text (the bots and the holding
        limits ask at every position): the stock round's player, the operating round's company or chooser."""
        module = self._round_module()
        if module is stock:
            return stock.current_player(self)
        if module is operating:
            return operating.current_entity(self)
        return super()._entity()

    def _step(self) -> Step:
        step = super()._step()
        rnd = self.state.round
        if isinstance(rnd, OperatingRound) and "buy_train" in step.action_types:
            return replace(step, action_types=_with_surrender(step.action_types))
        return step

    # ----- companies --------------------------------------------------------------------------------------
    def kind(self, corp: str) -> str:
        """``coal``, ``minor``, ``major`` or ``national`` (rule ``1837:companies``)."""
        try:  # a fact, asked at nearly every rule a company's turn looks at: read once per company
            return self._kinds[corp]
        except KeyError:
            found = self._kinds[corp] = self.facts.corporation(corp).kind
            return found

    def float_minor(self, corp: str) -> list[Event]:
        """A coal company or minor whose certificate was sold floats at once: the bank pays its fixed treasury
        and its home station is placed, unless it chooses between two homes at its first operating round (rules
        ``1837:coal.companies``, ``1837:minor.companies``); one with a choice of homes bought in a stock round
        (left unsold in the packet) takes its first home at once, as 18xx.games does."""
        c = self.state.corporations[corp]
        sold = 100 - self.state.ledger.percent_of(IPO, corp)
        if c.floated or sold < self.facts.float_percent_of(corp):
            return []
        c.floated = True
        capital = self.capital_on_float(corp)
        pay_from_bank(self, corp, capital)
        events = [Event("1837:auction", msg("{corporation} floats and receives {capital} from the bank",
                                            corporation=corp, capital=self.facts.money(capital)),
                        "float", {"corporation": corp, "capital": capital})]
        home_rule = self.facts.corporation(corp).home_rule
        if home_rule == "choose_one" and not isinstance(self.state.round, PacketRound):
            # bought in a stock round (left unsold in the packet): 18xx.games gives it its first home at once
            self.state.title.first_home.append(corp)
        if home_rule == "all" or corp in self.state.title.first_home:
            events += track.home_tokens(self, corp)
        return events

    def chosen_home(self, corp: str) -> str | None:
        """A minor with a choice of homes bought in a stock round takes its first home (``None`` otherwise: the
        choice waits for its first operating round, rule ``1837:minor.tokens``)."""
        return self.facts.corporation(corp).homes[0].hex if corp in self.state.title.first_home else None

    def after_float(self, corp: str) -> list[Event]:
        """A major's home station is placed when it floats, as 18xx.games does (rules ``1837:stock.float``,
        ``1837:open`` D16). Under ``market_order=float`` its price marker goes on the market now, below those
        already on its price, so that majors parred at one price in one round operate in the order they floated
        (rule ``1837:market.order``)."""
        if "market_order=float" in self.options:
            stack = self.state.stacks[self.state.corporations[corp].price]
            stack.remove(corp)
            stack.append(corp)
        return track.home_tokens(self, corp)

    def token_cost(self, corp: str, index: int, coord: str | None = None) -> int:
        """A station costs its price per hex of distance from the home hex (``coord`` ``None``: the least it can
        cost, one hex away); a national's stations taken over or returned cost 20 K per hex (rules
        ``1837:token.cost``, ``1837:national.token-cost``)."""
        facts = self.facts.corporation(corp)
        if facts.kind == "national":
            placed = self.state.title.national_tokens.get(corp, 0)
            per_hex = NATIONAL_TOKEN_PRICES[min(placed, len(NATIONAL_TOKEN_PRICES) - 1)]
        else:
            per_hex = facts.tokens[index]
        return per_hex * (1 if coord is None else hex_distance(facts.homes[0].hex, coord))

    def operating_order_all(self) -> list[str]:
        """Coal companies and minors first in their fixed order, then majors and nationals by price as in 1830
        (rule ``1837:or.order``)."""
        state = self.state
        small = [c.sym for c in self.facts.corporations if c.kind in ("coal", "minor") and state.corporations[c.sym].floated]
        return small + [c for c in super().operating_order_all() if self.kind(c) in ("major", "national")]

    def must_buy(self, corp: str) -> bool:
        """A major or national must always own a train, also one left without a president by a bankruptcy (the
        bank finances it); coal companies and minors need not; with option ``financing=none`` a corporation
        without a president need not (rules ``1837:trains.must-buy``, ``1837:trains.financing``)."""
        c = self.state.corporations[corp]
        return not c.trains and self.kind(corp) in ("major", "national") and (
            c.president is not None or "financing=none" not in self.options)

    def directs_lays(self, corp: str) -> bool:
        """A corporation lays track and places stations only with a president and a treasury not below zero: one
        in debt to the bank for a financed train cannot pay even for a free lay, as 18xx.games counts it (rules
        ``1837:end.bankrupt``, ``1837:trains.financing``)."""
        return super().directs_lays(corp) and self.state.corporations[corp].cash >= 0

    def bank_financing_event(self, corp: str, amount: int) -> Event:
        """The event of the bank paying ``amount`` that ``corp`` lacks for its train (rule ``1837:trains.financing``;
        :func:`gamekit.g18xx.trainbuy.buy` pays the train from the treasury, which goes below zero)."""
        return Event("1837:trains.financing",
                     msg("The bank pays the {amount} {corporation} lacks: its treasury goes below zero",
                         amount=self.facts.money(amount), corporation=corp), "financed",
                     {"corporation": corp, "amount": amount})

    def may_owe(self, corp: str) -> bool:
        """A major's or national's treasury may stay below zero after the bank financed its train (rule
        ``1837:trains.financing``; not with option ``financing=none``)."""
        return "financing=none" not in self.options and self.kind(corp) in ("major", "national")

    def bank_finances(self, corp: str) -> bool:
        """True when the bank pays what ``corp`` lacks for a train it sells: a trainless major or national without
        a president, or whose president went bankrupt in this operating round, with less cash than the dearest
        train the bank sells (rule ``1837:trains.financing``; never with option ``financing=none``)."""
        c = self.state.corporations[corp]
        if "financing=none" in self.options or c.trains or self.kind(corp) not in ("major", "national"):
            return False
        if c.president is not None and corp not in self.state.title.bankrupting:
            return False
        prices = [train_facts(self.facts, t).price for t in trainbuy.offered(self)]
        return bool(prices) and c.cash < max(prices)

    def train_events(self, train: str) -> list[Event]:
        """The first ``train``-train's events: Italy leaves the map, coal companies are exchanged, mountain
        railways close, nationals form (rules ``1837:map.italy``, ``1837:coal.exchange``,
        ``1837:private.mountain``, ``1837:national.formation``)."""
        events: list[Event] = []
        for event in train_facts(self.facts, f"{train}-0").events:
            events += board_events.apply_event(self, event)
            if event == "exchange_coal_companies":
                events += exchange.exchange_all(self)
            if event == "close_mountain_railways":
                events += mountain.close_all(self)
        return events + nationals.forced_formations(self)

    def closed_hexes(self) -> frozenset[str]:
        """Bosnia before phase 3, Italy after the first 4-train (rules ``1837:map.bosnia``,
        ``1837:map.italy``)."""
        return board_events.closed_hexes(self)

    def may_buy_train(self, corp: str, train_id: str, from_corporation: bool) -> bool:
        """Coal companies buy goods trains only; trains pass between companies only from the first 3-train on, and
        not from one whose treasury is below zero (rule ``1837:trains.financing``);
        of the discard pile's trains of one kind, the first discarded is sold first, as 18xx.games sells them
        (rules ``1837:trains.goods``, ``1837:trains.buy``)."""
        if corp in self._coal and not self._is_goods(train_id):
            return False
        if from_corporation:  # not from a corporation in debt to the bank (rule 1837:trains.financing)
            if not self.event_fired(trains.ACROSS):
                return False
            # a train has at most one owner: only an owner in debt refuses it; only a corporation that may owe
            # (a major or national) is ever in debt (Game18xx.audit), a third of all the companies
            corporations = self.state.corporations
            for sym in self._owers or self._may_owe_kinds():
                c = corporations[sym]
                if c.cash < 0 and train_id in c.trains:
                    return False
            return True
        discarded = self.state.depot.discarded
        if train_id not in discarded:
            return True
        name = train_name(train_id)
        for first in discarded:  # a loop, not next(): a generator costs more than the few trains looked at
            if train_name(first) == name:
                break
        return first == train_id  # the first discarded of its type (train_id itself is in the pile)

    def depot_buyer_kind(self, corp: str) -> bool:
        """Whether ``corp`` is a coal company: all that :meth:`may_buy_train` reads of the buyer of a depot train
        (rule ``1837:trains.goods``); its other refusal, the discard pile's order, is the depot's."""
        return corp in self._coal

    def _is_goods(self, train_id: str) -> bool:
        """Whether ``train_id`` is a goods train (rule ``1837:trains.goods``): a fact, asked for trains of every
        train-step listing, read once per train."""
        try:
            return self._goods[train_id]
        except KeyError:
            goods = self._goods[train_id] = bool(train_facts(self.facts, train_id).goods)
            return goods

    def trains_buyable_from(self, corp: str, other: str) -> list[str]:
        """:meth:`may_buy_train` for all of ``other``'s trains at once, as its refusals depend on the buyer and
        the seller: none from a company in debt to the bank (only a major or a national may owe), only the goods
        trains for a coal company (rules ``1837:trains.financing``, ``1837:trains.goods``). Asked, as the shared
        hook is, only while :meth:`trains_change_hands` (from the first 3-train on), which the train listing
        asks once, so the event is not looked up again for every seller."""
        seller = self.state.corporations[other]
        if seller.cash < 0 and self.kind(other) in ("major", "national"):
            return []
        if corp in self._coal:
            return [t for t in seller.trains if self._is_goods(t)]
        return seller.trains

    def trains_change_hands(self) -> bool:
        """Trains pass between companies only from the first 3-train on (rule ``1837:trains.financing``): before
        it, a train listing need not ask :meth:`may_buy_train` about each train the other companies hold."""
        return self.event_fired(trains.ACROSS)

    def _may_owe_kinds(self) -> tuple[str, ...]:
        """The majors and nationals, in the facts' order: the companies whose treasury may go below zero
        (:meth:`may_owe`, rule ``1837:trains.financing``). Kept per game: a fact of the companies' kinds only."""
        found = self._owers
        if found is None:
            found = self._owers = tuple(c.sym for c in self.facts.corporations if c.kind in ("major", "national"))
        return found

    def counts_at_end(self, corp: str) -> bool:
        """Only majors' and nationals' certificates add their market price to a player's value; coal companies and
        minors add nothing (rule ``1837:end.value``)."""
        return self.kind(corp) in ("major", "national")

    # ----- stock round ------------------------------------------------------------------------------------
    stock_round_extra_types: ClassVar[tuple[str, ...]] = ("buy_company",)

    def reserved_now(self, cert: str) -> bool:
        """True when ``cert`` (a certificate id such as ``"SD_6"``) is reserved now, and so not for sale: one
        reserved for a coal exchange, or for a minor of a national not formed yet. Once a national has formed, only
        as many of its IPO's reserved certificates stay reserved as its minors still on their own hold
        certificates; the others (a certificate handed back by the president, as 18xx.games sells it; one for a
        minor held by no player or for a second half of UG1 or UG3 left with the bank) are ordinary IPO
        certificates (rules ``1837:stock.holder``, ``1837:national.formation``)."""
        corp, _, index = cert.rpartition("_")
        if int(index) not in self.facts.corporation(corp).reserved:
            return False
        if self.kind(corp) != "national" or not nationals.formed(self, corp):
            return True
        waiting = sum(len(self.facts.corporation(m).certificates) for m in nationals.independent_minors(self, corp))
        held = [x for x in self.state.ledger.certs(IPO, corp)
                if int(x.rpartition("_")[2]) in self.facts.corporation(corp).reserved]
        return cert in held[:waiting]

    def president_cert_by_par(self, corp: str) -> bool:
        """A national's first certificate is bought at its fixed price like the others (rule
        ``1837:national.railways``)."""
        return self.kind(corp) != "national"

    def sold_out(self, corp: str) -> bool:
        """True when floated major or national ``corp`` has no certificate for sale: none in the bank pool and, in
        its IPO, only certificates reserved for coal exchanges or minors, which are never sold (rules
        ``1837:stock.sold-out``, ``1837:stock.buy``). A national not formed yet has not floated and never rises."""
        state = self.state
        c = state.corporations[corp]
        if not c.floated or c.price is None or self.kind(corp) not in ("major", "national"):
            return False
        return not state.ledger.certs(POOL, corp) and all(self.reserved_now(x) for x in state.ledger.certs(IPO, corp))

    def sold_out_move(self, corp: str) -> str:
        """Up, or diagonally up and left when the president holds more than 40% (rule ``1837:stock.sold-out``)."""
        c = self.state.corporations[corp]
        return "up_left" if c.president and self.state.ledger.percent_of(c.president, corp) > 40 else "up"

    def _bank_companies(self) -> list[str]:
        """The companies the bank sells in a stock round now: the start-packet items left unsold, then the second
        halves of UG1 and UG3 while they are in the bank (rules ``1837:stock.round``,
        ``1837:auction.ug-halves``)."""
        return list(self.state.title.unsold) + self._bank_halves()

    def _bank_sells(self) -> bool:
        """Whether the bank has companies for sale now (:meth:`_bank_companies` not empty), asked before every
        stock-round action: answered without building the list."""
        state = self.state
        if state.title.unsold:
            return True
        owner, corporations = state.ledger.owner, state.corporations
        for _, cert, minor in self._halves():  # as _bank_halves, stopping at the first half on sale
            if owner.get(cert) == IPO and corporations[minor].floated:
                return True
        return False

    def _bank_halves(self) -> list[str]:
        """The bank's second halves of UG1 and UG3 on sale now: their minor has floated (rule
        ``1837:auction.ug-halves``)."""
        state = self.state
        out = []
        for sym, cert, minor in self._halves():
            if state.ledger.owner.get(cert) == IPO and state.corporations[minor].floated:
                out.append(sym)
        return out

    def _halves(self) -> tuple[tuple[str, str, str], ...]:
        """``(company, certificate, minor)`` for each company outside the start packet granting a certificate (the
        second halves of UG1 and UG3): facts only, asked at every stock-round position, so kept with the facts
        (``_facts_memo``)."""
        facts, memo = self._facts_kept  # _facts_memo written out: asked before every stock-round action
        if facts is not self.facts:
            memo = self._facts_memo()
        found = memo.get("1837 halves")
        if found is None:
            found = memo["1837 halves"] = tuple(
                (p.sym, p.grants_certificate, p.grants_certificate.rsplit("_", 1)[0]) for p in self.facts.privates
                if not p.start_packet and p.grants_certificate is not None)
        return found

    def stock_round_extras(self, player: str) -> list[Action]:
        """Buying one of the bank's companies at its face value, once per turn instead of a certificate: a
        start-packet item left unsold, or a second half of UG1 or UG3 (rules ``1837:stock.round``,
        ``1837:auction.ug-halves``)."""
        if self.state.round.bought:
            return []
        cash = self.state.players[player].cash
        return [_bank_purchase(player, sym, self.facts.private(sym).value)
                for sym in self._bank_companies() if self.facts.private(sym).value <= cash]

    def apply_stock_round_extra(self, action: Action) -> list[Event]:
        """Buy one of the bank's companies: an unsold start-packet item, delivered as if won in the packet (rule
        ``1837:stock.round``), or a second half of UG1 or UG3 (rule ``1837:auction.ug-halves``)."""
        unsold = isinstance(action, BuyCompany) and action.company in self.state.title.unsold
        rule = "1837:stock.round" if unsold else "1837:auction.ug-halves"
        if not isinstance(action, BuyCompany) or action.company not in self._bank_companies():
            raise GameError(msg("{company} is not for sale from the bank",
                                company=getattr(action, "company", action.type)), rule)
        price = self.facts.private(action.company).value
        if action.price != price:
            raise GameError(msg("{company} costs {price}", company=action.company, price=self.facts.money(price)),
                            rule)
        if self.state.round.bought:
            raise GameError(msg("only one certificate may be bought per turn"), "1837:stock.round")
        if self.state.players[action.entity].cash < price:
            raise GameError(msg("{player} cannot pay {price}", player=self.player(action.entity).name,
                                price=self.facts.money(price)), rule)
        from ...g18xx.economy import pay_to_bank
        pay_to_bank(self, action.entity, price)
        if unsold:
            self.state.title.unsold.remove(action.company)
            self.state.round.bought.append((action.company, IPO))
            return [Event(rule, msg("{player} buys {company} from the bank for {price}",
                                    player=self.player(action.entity).name, company=action.company,
                                    price=self.facts.money(price)), "buy_private",
                          {"player": action.entity, "company": action.company, "price": price})] + \
                start_packet.deliver(self, action.entity, action.company)
        cert = self.facts.private(action.company).grants_certificate
        self.state.ledger.move(cert, action.entity)
        self.state.round.bought.append((cert.rsplit("_", 1)[0], IPO))
        corp = cert.rsplit("_", 1)[0]
        return [Event(rule, msg("{player} buys the second {percent} certificate of {corporation} from the bank for "
                                "{price}", player=self.player(action.entity).name,
                                percent=f"{self.state.ledger.percent[cert]}%", corporation=corp,
                                price=self.facts.money(price)), "buy",
                      {"player": action.entity, "certificate": cert, "price": price, "from": IPO})]

    # ----- views --------------------------------------------------------------------------------------
    def map_notes(self) -> dict[str, str]:
        """Notes the map writes, from the map's overlays and mines: Bosnia closed until its phase (then open),
        Italy leaving with its train's first copy (then out of play) and Bozen's tile to come, each written on
        the overlay's middle hex, and each mine's coal company and value now (rules ``1837:map.bosnia``,
        ``1837:map.italy``, ``1837:coal.mines``, ``1837:route.mine-subsidy``). Returns hex → text (lines joined
        with ``<br>``): a :class:`~gamekit.i18n.Message`, English as a ``str``, drawn in the learner's language
        (:func:`~gamekit.i18n.localize`)."""
        from ...tracks.mapdata import revenue_for

        def off_middle(coord: str, hexes: tuple[str, ...]) -> tuple[float, str]:
            # on screen a column step is half a hex wide, a row step three quarters of a hex high
            points = [parse_coord(c) for c in hexes]
            (x, y), n = parse_coord(coord), len(points)
            mx, my = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
            return (x - mx) ** 2 * 0.75 + (y - my) ** 2 * 2.25, coord

        notes: dict[str, str] = {}
        done = board_events.applied(self)
        for overlay in self.track.overlays.values():
            hexes = overlay.opens or overlay.closes
            where = min(hexes, key=lambda c: off_middle(c, hexes))
            place = Term("Bosnia", N_("Bosnia")) if overlay.opens else Term("Italy", N_("Italy"))
            if overlay.on_phase:
                on = phase_word(overlay.on_phase)
                notes[where] = msg("{place} open<br>(phase {phase})", place=place, phase=on) \
                    if overlay.name in done else msg("{place} closed<br>until phase {phase}", place=place, phase=on)
                continue
            train = next(t.name for t in self.facts.trains if overlay.on_event in t.events)
            notes[where] = msg("{place}: out<br>of play", place=place) if overlay.name in done else \
                msg("{place} leaves on<br>the first {train}-train", place=place, train=train)
            if overlay.name not in done:
                notes.update({lay.hex: msg("tile {tile} on the<br>first {train}-train", tile=lay.tile, train=train)
                              for lay in overlay.lays})
        colours = self.tile_colours()
        for corp in self.facts.corporations:
            if corp.kind == "coal":
                mine = corp.homes[0].hex
                value = revenue_for(self.track.hexes[mine].cities[0].revenue, colours)
                notes[mine] = msg("{corporation} mine<br>+{value}", corporation=corp.sym,
                                  value=self.facts.money(value))
        return notes
