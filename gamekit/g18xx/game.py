"""The shared 18xx game: setup, the sequence of rounds, the end of the game and the title hooks.

A title subclasses :class:`Game18xx`, names its data folder and rule prefix, sets its :class:`Policy` and overrides
the hooks where its rules differ; everything else — the private auction, stock rounds, operating rounds with their
steps, trains, emergency money and bankruptcy — is :mod:`gamekit.g18xx`'s, written once.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import ClassVar, Hashable, Sequence

from .. import query
from ..actions import Action
from ..choices import ActionGroup, groups_of
from ..events import Event
from ..game import ActionRange, Game, Outcome, Player, Step
from ..i18n import msg
from ..rng import GameRandom
from ..tracks.actions import LayTile
from ..tracks.board import Board, new_board
from ..tracks.facts import TitleFacts, title_facts
from ..tracks.graph import reach
from ..tracks.lay import UpgradeRules
from ..tracks.mapdata import TrackData, load_track_data
from ..tracks.market import StockMarket
from ..tracks.routes import RouteRules
from ..tracks.shares import IPO, POOL, ShareLedger, cert_corporation
from ..tracks.trains import new_depot, phase
from ..tracks.router import Position
from . import auction, end, operating, revenue, stock, trainbuy
from .economy import share_price
from .policy import Policy
from .query import Queries18xx
from .state import AuctionRound, CorporationState, OperatingRound, PlayerState, State, StockRound

ROUNDS = {AuctionRound: auction, StockRound: stock, OperatingRound: operating}
"""The kind of each round's state → the module playing it (``step``, ``legal_actions``, ``ranges``, ``apply``; and
``action_groups`` where its actions are many and found lazily)."""
_ENTITY_OF = {auction: auction.current_player, stock: stock.current_player, operating: operating.current_entity}
"""Per round module, who acts in its step (the ``entity`` of its ``step``)."""


class Game18xx(Queries18xx, Game):
    """An 18xx game over the shared rounds (see :class:`gamekit.game.Game` for the protocol).

    Class attributes a title sets: ``title``, ``rule_prefix``, ``data_folder`` (``data/<folder>/``: ``game.json``,
    ``map.json``, ``tiles.json``), ``policy``, ``upgrade_rules`` (which upgrades may change the number of cities or
    towns), ``route_rules`` (the route hooks of :mod:`gamekit.tracks.routes`).
    """

    data_folder: ClassVar[str]
    policy: ClassVar[Policy] = Policy()
    upgrade_rules: ClassVar[UpgradeRules] = UpgradeRules()
    route_rules: ClassVar[RouteRules] = RouteRules()
    title_steps: ClassVar[dict] = {}
    """The title's own operating-turn steps by key (:class:`gamekit.g18xx.operating.TurnStep`), which its
    ``policy.or_steps`` may name beside the shared ones; the title's ``_apply`` handles their actions."""
    site_options: ClassVar[frozenset[str]] = frozenset()
    """The title's options that 18xx.games has under the same names (none by default); the export refuses a game
    with another (:func:`gamekit.export18xx.export_refusal`)."""

    def __init__(self, players: Sequence[str | Player], seed: int = 0, options: Sequence[str] = ()):
        self.facts = self.load_facts()
        self._facts_kept: tuple[TitleFacts | None, dict] = (None, {})  # see _facts_memo
        self._rule_ids: dict[str, str] = {}  # see rule
        self.market = StockMarket(self.facts.market)
        self.track = self.load_track()
        super().__init__(players, seed=seed, options=options)

    def _facts_memo(self) -> dict:
        """Answers that depend on the title's facts only (and on the values in their keys), asked at every action
        or every train a rule looks at: kept per game, shared by its forks (facts never change), and forgotten
        when a title's variant replaces the facts in its setup."""
        facts, memo = self._facts_kept
        if facts is not self.facts:
            memo = {}
            self._facts_kept = (self.facts, memo)
        return memo

    def _facts_table(self, name: str) -> dict:
        """The table ``name`` of :meth:`_facts_memo` (empty the first time), the memo read written out: the event
        texts kept by their values are asked at every purchase, sale, price move and run."""
        facts, memo = self._facts_kept
        if facts is not self.facts:
            memo = self._facts_memo()
        table = memo.get(name)
        if table is None:
            table = memo[name] = {}
        return table

    @classmethod
    def load_facts(cls) -> TitleFacts:
        """The title's validated facts: ``data/<data_folder>/game.json`` (cached, shared by every game)."""
        return title_facts(cls.data_folder)

    @classmethod
    def load_track(cls) -> TrackData:
        """The title's validated map and tiles: ``data/<data_folder>/map.json`` and ``tiles.json`` (cached)."""
        return load_track_data(cls.data_folder)

    rule_aliases: ClassVar[dict[str, str]] = {}
    """Engine section → the title's own section where the title's rules file words it under another id (1894's
    major shareholdings are its ``private.major-shareholding``, the engine's ``auction.bo``)."""

    def rule(self, section: str) -> str:
        """Return this title's rule id of ``section``: ``rule("stock.sell")`` → ``"<prefix>:stock.sell"`` (through
        :attr:`rule_aliases`). Each event names its rule: the ids are kept per game (shared by its forks), as they
        depend on the class's prefix and aliases only."""
        ids = self._rule_ids
        known = ids.get(section)
        if known is None:
            known = ids[section] = f"{self.rule_prefix}:{self.rule_aliases.get(section, section)}"
        return known

    # ----- setup and flow --------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        facts = self.facts
        cash = facts.starting_cash[str(len(self.players))]
        players = {p.id: PlayerState(cash=cash) for p in self.players}
        corporations = {c.sym: CorporationState(tokens=[None] * len(c.tokens)) for c in facts.corporations}
        ledger = ShareLedger.issue({c.sym: c.certificates for c in facts.corporations})
        bank = None if facts.unlimited_bank else facts.bank_cash - cash * len(self.players)
        flow = -cash * len(self.players) if bank is None else 0
        self.state = State(players=players, seat_order=[p.id for p in self.players], bank=bank, ledger=ledger,
                           corporations=corporations, private_owner={}, closed_privates=[], stacks={},
                           board=new_board(self.track), depot=new_depot(facts, self.options),
                           round=None, rng=GameRandom(self.seed), bank_flow=flow)
        left = msg("the bank is unlimited") if bank is None else msg("the bank keeps {amount}",
                                                                      amount=facts.money(bank))
        events = [Event(self.rule("setup"), msg("Each player receives {amount}; {bank}", amount=facts.money(cash),
                                                bank=left), "setup", {"cash": cash})]
        return events + self.start_round(self.policy.next_round("start"))

    def start_round(self, kind: str) -> list[Event]:
        """Begin a round of ``kind`` (``auction``, ``stock``, ``operating``: a set of operating rounds); a title
        with more kinds of round extends this."""
        if kind == "auction":
            self.state.round = auction.new_round(self)
            return [Event(self.rule("auction"), msg("The private auction begins"), "round", {"round": "auction"})]
        if kind == "stock":
            self.state.round = stock.new_round(self)
            return [Event(self.rule("stock.round"), msg("Stock round {number} begins",
                                                                 number=self.state.stock_round_num), "round")]
        return operating.start(self)

    def _round_module(self):
        return ROUNDS[type(self.state.round)]

    def _step(self) -> Step:
        return self._round_module().step(self)

    def _entity(self) -> str | None:
        """Who acts now, as :meth:`_step` names them, without building the step's help text (a bot asks at every
        position): the auction's, stock round's or operating round's own answer, else the step's."""
        who = _ENTITY_OF.get(self._round_module())
        return who(self) if who is not None else super()._entity()

    def _action_types(self) -> tuple[str, ...]:
        """The action types of :meth:`_step` without its help text where the round's module says them
        (``action_types``), else read from the step; a title whose ``_step`` adds types adds them here too."""
        types = getattr(self._round_module(), "action_types", None)
        return types(self) if types is not None else self._step().action_types

    def _legal_actions(self) -> list[Action]:
        return self._round_module().legal_actions(self) + self.extra_actions()

    def _ranges(self) -> list[ActionRange]:
        return self._round_module().ranges(self)

    def _action_groups(self) -> list[ActionGroup]:
        groups = self._round_groups()
        extras = self.extra_actions()
        # a new list either way (the round's groups may be kept for the position: _carry); most positions have no
        # extras, and then no call splits them
        return groups + groups_of(extras, ()) if extras else groups[:]

    def _round_groups(self) -> list[ActionGroup]:
        """The round's legal actions as groups: its module's own ``action_groups`` (found lazily), else its
        listed actions and ranges split by type."""
        carried = self._carried_over()  # the stock round's groups, found as the last action ended (_advance)
        if carried is not None:
            return carried
        module = self._round_module()
        if hasattr(module, "action_groups"):
            return module.action_groups(self)
        return groups_of(module.legal_actions(self), module.ranges(self))

    def turn_ability_open(self, corp: str) -> bool:
        """Whether ``corp`` owns a private company whose ability it may still use at any time of its own operating
        turn (none by default; 1830: the CS's tile, 1894: London shipping's station). Its turn's last step, the
        private-company purchase, then waits for its pass instead of ending the turn, as 18xx.games keeps it
        (rule ``or.buy-company``)."""
        return False

    def extra_actions(self) -> list[Action]:
        """The title's legal actions now besides its round's, listed after them (none by default; 1830: the M&H
        exchange, 1837: the mountain railways' lays)."""
        return []

    def _apply(self, action: Action) -> list[Event]:
        # _advance comes last: nothing may change the state after it (see _advance); the bank's end is asked only
        # of a finite bank below zero (end.check_bank answers nothing otherwise), not at every action
        events = self._apply_action(action)
        bank = self.state.bank
        if bank is not None and bank < 0:
            events = events + end.check_bank(self)  # a new list: the rules' own is not changed
        return events + self._advance()

    def _apply_action(self, action: Action) -> list[Event]:
        """Check and apply one action by the rules of the round (or of the private company acting), before the
        game moves on (:meth:`_advance`); a title with actions or after-effects of its own extends this.
        Raises :class:`GameError` naming the rule that forbids the action."""
        facts, memo = self._facts_kept  # private_symbols written out: asked at every action
        symbols = memo.get("private symbols") if facts is self.facts else None
        if action.entity in (self.private_symbols() if symbols is None else symbols):
            return self.private_ability(action)
        return self._round_module().apply(self, action)

    def _advance(self) -> list[Event]:
        """Run what follows without a choice: round ends, and stock-round turns with nothing but a pass.

        The stock round's groups that show the next player has a choice are kept for that position
        (``Game._carry``), so a bot or a replay inside a batch does not find them a second time; for that, the
        last call of an action's ``_apply`` is this one."""
        events: list[Event] = []
        while True:
            rnd = self.state.round
            if isinstance(rnd, AuctionRound) and auction.finished(self):
                events += stock.rotate_after_auction(self) + self.start_round(self.policy.next_round("auction"))
            elif isinstance(rnd, StockRound) and stock.finished(self):
                events += stock.finish(self)
                return events + self.start_round(self.policy.next_round("stock"))
            elif isinstance(rnd, StockRound):
                groups = stock.action_groups(self)
                if not stock.offers_choice(groups):
                    events += stock.pass_turn(self)
                    continue
                self._carry(groups)
                return events
            else:
                return events

    def next_operating_round(self, num: int, total: int) -> list[Event]:
        """Operating round ``num`` of ``total`` follows the one just over in its set (1837 puts an exchange round
        between them)."""
        return operating.begin(self, num, total)

    def end_of_operating_set(self) -> list[Event]:
        """The last operating round of a set is over (and the game goes on): the next round begins."""
        return self.start_round(self.policy.next_round("operating")) + self._advance()

    @property
    def is_over(self) -> bool:
        """True once an end condition has been met: the state's ``end_reason`` is set, as :meth:`_outcome` (which
        answers ``None`` exactly while it is not) says it, without the call (asked before every action and every
        listing)."""
        return self.state.end_reason is not None

    def _outcome(self) -> Outcome | None:
        # is_over reads end_reason itself: a title deciding the end otherwise overrides both
        reason = self.state.end_reason
        if reason is None:
            return None
        ranking = sorted(((p.id, self.player_value(p.id)) for p in self.players), key=lambda pv: -pv[1])
        return Outcome(reason, end.outcome_text(self, reason), self.rule(f"end.{reason}"), tuple(ranking))

    # ----- hooks a title may override --------------------------------------------------------------------
    def or_steps(self) -> tuple[str, ...]:
        """The steps of an operating turn now: the policy's ``or_steps`` (1894 drops track and token in its last
        set)."""
        return self.policy.or_steps

    def has_route(self, corp: str) -> bool:
        """True when ``corp``'s network joins at least two stops, so a train could run (``trains.must-buy``)."""
        return len(reach(self.track, self.state.board, corp).nodes) >= 2

    def must_buy(self, corp: str) -> bool:
        """A corporation with no train whose network joins two stops must buy one (rule ``trains.must-buy``)."""
        return not self.state.corporations[corp].trains and self.has_route(corp)

    def train_limit_of(self, corp: str) -> int:
        """The train limit of ``corp`` in the current phase: its own, else the phase's for its kind (rule
        ``trains.limit``). A fact of the corporation and phase, asked at every train listing: kept
        (:meth:`_facts_memo`)."""
        facts, memo = self._facts_kept  # _facts_memo written out: asked a dozen times per action
        if facts is not self.facts:
            memo = self._facts_memo()
        key = ("train limit", corp, self.state.depot.phase)
        limit = memo.get(key)
        if limit is None:
            limit = memo[key] = self.facts.train_limit(corp, phase(self.facts, self.state.depot))
        return limit

    def token_cost(self, corp: str, index: int, coord: str | None = None) -> int:
        """Price of ``corp``'s station token number ``index`` (0 = home) in currency units, placed on hex
        ``coord`` (``None``: not yet known; 1830's prices do not depend on it; rule ``token.place``)."""
        return self.facts.corporation(corp).tokens[index]

    def capital_on_float(self, corp: str) -> int:
        """What the bank pays ``corp`` when it floats: par × the IPO certificates' percent / 10 for ``full``
        capitalization (1830: 10 × par), nothing for ``incremental`` (its IPO sales paid it already), the fixed
        treasury for ``fixed`` (rule ``stock.float``)."""
        facts = self.facts.corporation(corp)
        if facts.capitalization == "incremental":
            return 0
        if facts.capitalization == "fixed":
            return facts.starting_treasury
        return self.market.cell(self.state.corporations[corp].par).price * facts.ipo_percent() // 10

    def par_cells(self, corp: str, granted: bool = False) -> list:
        """The market cells ``corp`` may be parred at, highest first: the par zone's (rule ``stock.par``).
        ``granted``: parred by the buyer of a private that comes with its president's certificate (1830 BO)."""
        return self.market.par_cells()

    def after_private_bought(self, player: str, sym: str) -> list[Event]:
        """What buying private ``sym`` in the auction brings besides a certificate the facts name (none by
        default; 1894's Nord minor shareholding brings a Nord share). Returns the events."""
        return []

    def sold_out(self, corp: str) -> bool:
        """True when ``corp``'s certificates are all held by players at the end of a stock round (rule
        ``stock.sold-out``)."""
        state = self.state
        return state.corporations[corp].par is not None and \
            sum(state.ledger.percent_of(p, corp) for p in state.seat_order) == 100

    def track_step_open(self, corp: str) -> bool:
        """Whether ``corp``'s track step stays open after its track actions are used, so that a pass ends it
        (False; 1894: while it could still buy a private with an extra tile lay)."""
        return False

    def extra_price_move(self, old, new) -> str | None:
        """A further market move after a price moved from cell ``old`` to ``new`` (None: none; 1894's option
        ``grey_extra_up_always``: a rise from the grey zone goes one step more; rule ``market.moves``)."""
        return None

    def sold_out_steps(self, corp: str) -> int:
        """How many times a sold-out corporation's price moves at the end of a stock round: once, twice from a
        cell whose zone has the effect ``sold_out_extra_up`` (rule ``stock.sold-out``)."""
        return 2 if "sold_out_extra_up" in self.market.cell(self.state.corporations[corp].price).effects else 1

    def after_float(self, corp: str) -> list[Event]:
        """What happens when ``corp`` floats, besides its capital (nothing by default: the home station waits for
        its first operation; 1837 places it at once, rule ``token.home``). Returns the events."""
        return []

    def bankruptcy(self, corp: str, president: str) -> list[Event]:
        """What follows when ``corp``'s president, having sold what they could, still cannot pay for its train:
        they lose their cash and the game ends (1837 plays on without them; rule ``end.bankrupt``)."""
        return trainbuy.end_by_bankruptcy(self, president)

    def home_token_pending(self, corp: str) -> bool:
        """Whether ``corp`` places its home station as its turn begins: its first station is not on the map yet
        (1837's nationals have no home station of their own: their minors' become theirs; rule ``token.home``)."""
        c = self.state.corporations[corp]
        return bool(c.tokens) and c.tokens[0] is None

    def token_reversals(self) -> int | None:
        """How often the connection of a new station token may reverse when traced: 0, as trains run (1837: any
        number in the second edition, one in the first; rule ``token.connect``)."""
        return 0

    def directs_lays(self, corp: str) -> bool:
        """Whether ``corp`` lays track and places station tokens in its operating turn: a corporation with a
        president does; one left without a president (1837, after its president's bankruptcy, when no player holds
        enough of it to take it over) has nobody to choose them and skips both steps, as 18xx.games does in
        receivership (rules ``or.track``, ``or.token``). In 1830 and 1894 every operating corporation has one."""
        return self.state.corporations[corp].president is not None

    def bank_finances(self, corp: str) -> bool:
        """Whether the bank pays what ``corp`` lacks for a train it sells, its treasury going below zero (1837 after
        a bankruptcy, rule ``1837:trains.financing``; :func:`gamekit.g18xx.trainbuy.buy`). Never by default."""
        return False

    def may_owe(self, corp: str) -> bool:
        """True when the rules let the treasury of ``corp`` go below zero (a debt to the bank, as 1837's bank
        financing leaves, rule ``1837:trains.financing``): :meth:`audit` then counts no negative cash of it as
        broken bookkeeping. Never by default."""
        return False

    def bank_financing_event(self, corp: str, amount: int) -> Event:
        """The event of the bank paying ``amount`` that ``corp`` lacks for its train (a title whose
        :meth:`bank_finances` can be true names its rule here).

        Raises:
            NotImplementedError: the title has no bank financing."""
        raise NotImplementedError(f"{self.title} has no bank financing")

    def stationless_hexes(self) -> frozenset[str]:
        """Hexes whose cities never take a station token, though routes run through them (none by default; 1894:
        London; rule ``token.city``)."""
        return frozenset()

    def closed_hexes(self) -> frozenset[str]:
        """Hexes out of play now, where no tile may be laid (none by default; 1837: Bosnia until phase 3, Italy
        once it has left the map; rule ``track.hex``)."""
        return frozenset()

    def train_events(self, train: str) -> list[Event]:
        """What the title's own train events do when the first ``train``-train is sold (after the phase change
        and rusting): nothing by default (1837: nationals form, Italy leaves the map, coal companies are
        exchanged; rule ``trains.phase``). Returns the events."""
        return []

    def may_buy_train(self, corp: str, train_id: str, from_corporation: bool) -> bool:
        """Whether ``corp`` may buy ``train_id`` at all, from the depot or (``from_corporation``) from another
        corporation — the depot's order, prices and limits aside (True; 1837: coal companies buy goods trains
        only, and trains change hands between corporations only from the first 3-train; rule ``trains.buy``)."""
        return True

    def depot_buyer_kind(self, corp: str) -> Hashable:
        """What :meth:`may_buy_train` reads of buyer ``corp`` for a train of the depot (``from_corporation``
        False), besides the depot's content: buyers of one kind may buy the same depot trains, so
        :func:`~gamekit.g18xx.trainbuy.depot_trains` keeps one answer per kind until the depot changes. A title
        whose ``may_buy_train`` refuses a depot train for a reason of the buyer's says it here (1837: whether
        ``corp`` is a coal company); by default every buyer is of one kind (``None``)."""
        return None

    def trains_buyable_from(self, corp: str, other: str) -> list[str]:
        """The trains of corporation ``other`` that ``corp`` may buy now, in ``other``'s order: those
        :meth:`may_buy_train` allows ``from_corporation`` (asked while :meth:`trains_change_hands` is True). A
        title whose refusals depend on the seller or the buyer rather than on each train answers for all of
        ``other``'s trains at once here (the answer must equal the per-train one; the caller does not change the
        list)."""
        may = self.may_buy_train
        return [t for t in self.state.corporations[other].trains if may(corp, t, True)]

    def trains_change_hands(self) -> bool:
        """Whether corporations may buy trains from one another now at all (True; 1837: only from the first
        3-train on; rule ``trains.buy``). Asked once per train listing before :meth:`may_buy_train` is asked
        for every train the other corporations hold, which then need not be looked at one by one; it must be
        False only where :meth:`may_buy_train` refuses every train ``from_corporation``."""
        return True

    def sold_out_move(self, corp: str) -> str:
        """The market move of sold-out ``corp`` at the end of a stock round: the policy's ``sold_out_move``
        (1837: up, or up-left when its president holds more than 40%; rule ``stock.sold-out``)."""
        return self.policy.sold_out_move

    def reserved_now(self, cert: str) -> bool:
        """True while IPO certificate ``cert`` is held back from sale (1837: kept for coal exchanges and
        national formation; rule ``stock.holder``). None by default."""
        return False

    def sale_refusal(self, player: str, corp: str) -> tuple[str, str] | None:
        """Why the title forbids ``player`` any sale of ``corp`` now, as ``(message, rule)``, or ``None`` (1837: a
        corporation sold in this turn is not sold again in it). Consulted by every sale check, so a sale the title
        forbids neither makes a player over a limit sell first nor keeps their turn open. None by default."""
        return None

    def president_cert_by_par(self, corp: str) -> bool:
        """Whether ``corp``'s president's certificate is bought only by parring (True; 1837's nationals are
        priced from the start and their first certificate is bought like any other; rule ``stock.par``)."""
        return True

    stock_round_extra_types: ClassVar[tuple[str, ...]] = ()
    """Action types a title's stock-round turn accepts besides par, buy, sell and pass (1837: ``buy_company``,
    the second halves of UG1 and UG3)."""

    def stock_round_extras(self, player: str) -> list[Action]:
        """The title's further legal stock-round actions of ``player`` now (none by default)."""
        return []

    def apply_stock_round_extra(self, action: Action) -> list[Event]:
        """Check and apply one of :attr:`stock_round_extra_types` in a stock-round turn (it counts as acting);
        raises :class:`~gamekit.errors.GameError` naming the rule that forbids it."""
        raise NotImplementedError(action.type)

    def token_replacer(self, layer: str, owner: str) -> str:
        """Who chooses the new city of ``owner``'s token lifted by ``layer``'s upgrade (rule ``track.tokens``):
        the laying corporation."""
        return layer

    def replace_token_now(self, layer: str, owner: str) -> bool:
        """Whether ``owner``'s token lifted by ``layer``'s upgrade is re-placed at once (True), or waits in
        ``deferred_tokens`` for the title's own step (1894: other corporations' tokens wait for the end of the
        turn; rule ``track.tokens``)."""
        return True

    def token_placement(self, entity: str, coord: str) -> AbstractContextManager:
        """The context in which ``entity``'s station token is placed on hex ``coord`` (:func:`track.token_step`
        and a title's own placements): what the title does to the board's reservations around the placement
        itself, undone before the turn moves on (rule ``token.reserved``); nothing by default."""
        return nullcontext()

    def split_board(self, board: Board, lay: LayTile) -> Board | None:
        """The board that ``lay``, a lay by the operating corporation changing the number of cities on a hex
        that has some (its tokens lifted: rule ``track.tokens``), leaves of ``board`` (which is not changed) until
        the lifted tokens are placed again, where the title says; ``None`` where it does not, and a bot scoring
        the lay then plays it on a fork. No title but 1894 upgrades a city so."""
        return None

    def lay_colours(self, corp: str, action) -> tuple[tuple[str, ...], str]:
        """The tile colours ``corp`` may lay with ``action`` now and the rule of the lay: the phase's
        (rule ``track.lay``)."""
        return tuple(phase(self.facts, self.state.depot).tiles), self.rule("track.lay")

    def restrictive_upgrades(self) -> bool:
        """The connection rule of an upgrade: False (permissive: it must connect, as any lay); True when it must
        add track the laying corporation can use (rule ``track.usable``)."""
        return False

    def multiple_buy_from_ipo(self) -> bool:
        """Whether several certificates per turn of a corporation in a ``multiple_buy`` zone may come from the
        IPO too (False: only from the bank pool; rule ``stock.brown-buy``)."""
        return False

    def private_ability(self, action: Action) -> list[Event]:
        """Apply an action whose entity is a private company (its special ability). None by default: the round
        refuses it."""
        return self._round_module().apply(self, action)

    # ----- facts about the position ------------------------------------------------------------------
    def audit(self) -> tuple[dict[str, int], list[str]]:
        """Bookkeeping checks for soak tests: ``(conserved, problems)``.

        ``conserved`` holds quantities that never change in a game: all money (bank, players, treasuries, in
        currency units; the bank may go below zero when it breaks, rule ``end.bank``; an unlimited bank counts
        what it received less what it paid, ``State.bank_flow``) and the certificates in all holdings (percent
        summed over every holder and corporation). ``problems`` lists broken bookkeeping: negative cash (but a
        treasury the rules let go below zero, :meth:`may_owe`), a certificate whose owner and holder lists
        disagree or that is held twice, a train in two places, a placed station token missing from the map.
        """
        state = self.state
        bank = state.bank_flow if state.bank is None else state.bank
        money = bank + sum(p.cash for p in state.players.values()) + \
            sum(c.cash for c in state.corporations.values())
        problems = [f"{who} has {cash} dollars" for who, cash in
                    [(p, ps.cash) for p, ps in state.players.items()] +
                    [(c, cs.cash) for c, cs in state.corporations.items() if not self.may_owe(c)] if cash < 0]
        ledger = state.ledger
        problems += [f"{cert} is owned by {owner} but not in its holdings" for cert, owner in ledger.owner.items()
                     if cert not in ledger.holdings.get(owner, {}).get(cert_corporation(cert), [])]
        held = [cert for corps in ledger.holdings.values() for certs in corps.values() for cert in certs]
        problems += [f"{cert} is held twice" for cert in set(held) if held.count(cert) > 1]
        trains = [t for c in state.corporations.values() for t in c.trains] + list(state.depot.upcoming)
        problems += [f"train {t} is in two places" for t in set(trains) if trains.count(t) > 1]
        pending = {(owner, coord) for _, owner, hexes in
                   getattr(state.round, "pending_tokens", []) + getattr(state.round, "deferred_tokens", [])
                   for coord in hexes}
        for corp, c in state.corporations.items():
            for coord in c.tokens:
                on_map = coord and any(corp in slots for slots in state.board.tokens.get(coord, []))
                if coord and not on_map and (corp, coord) not in pending:
                    problems.append(f"{corp}'s token on {coord} is not on the map")
        return {"money": money, "certificates": sum(ledger.percent[cert] for cert in held)}, problems

    def action_from_log(self, entry: dict, where: str) -> Action | None:
        """The title's reading of one 18xx.games log entry as our action (``None``: an entry that changes
        nothing); the log's ``entity_type`` is checked against :meth:`entity_kind` by the importer. The 18xx
        default is :func:`gamekit.import18xx.to_action`; a title with log entries of its own (1894's
        ``special_buy``, 1837's ``choose``) reads them here.

        Raises:
            DataError: a malformed entry, naming ``where``.
        """
        from ..import18xx import to_action  # the importer imports the title registry: import it when used

        return to_action(entry, where)

    def log_fields(self, action: Action, earlier: list[dict]) -> dict:
        """Fields the site logs with ``action`` that our action does not hold, given the ``earlier`` log entries
        (none by default; 1837 adds a par's place on the par chart, 1894 a reissue's price)."""
        return {}

    def rule_change_note(self, rule: str, created_at, action: Action | None = None) -> str | None:
        """Why an 18xx.games log entry refused under ``rule`` may be older than the rule: a sentence naming the
        change when the title's rules changed after ``created_at`` (seconds since 1970, as logs record it), else
        ``None`` (no changes recorded by default; 1894 is a prototype whose data changed). ``action`` is the
        refused action, for a change that explains only the refusal of some actions (1894's G2 hex: an action
        naming G2)."""
        return None

    def entity_kind(self, entity: str) -> str | None:
        """What an entity id names, in 18xx.games' ``entity_type`` words: ``corporation``, ``company`` (a private
        company) or ``None`` for an unknown id (players are the caller's business)."""
        if entity in self.state.corporations:
            return "corporation"
        return "company" if entity in self.private_symbols() else None

    def route_position(self, corp: str) -> Position:
        """The route finder's view of ``corp`` now (see :func:`gamekit.routes.best_routes`)."""
        return revenue.route_position(self, corp)

    def event_fired(self, event: str) -> bool:
        """True once the train event ``event`` has happened: a train whose first copy carries it was sold."""
        facts, memo = self._facts_kept  # _facts_memo written out: a title's train rules ask this per train
        if facts is not self.facts:
            memo = self._facts_memo()
        carriers = memo.get(("carriers", event))
        if carriers is None:
            carriers = memo[("carriers", event)] = _carriers(self.facts, event)
        sold = self.state.depot.sold_types
        for name in carriers:  # a loop, not any(): a generator costs more than the few types it looks at
            if name in sold:
                return True
        return False

    def available_corporations(self) -> list[str]:
        """The corporations in the game now: all but those whose ``opens_on`` event has not happened."""
        return [c.sym for c in self.facts.corporations if not c.opens_on or self.event_fired(c.opens_on)]

    def money(self, amount: int) -> str:
        """Return ``amount`` as the title's facts write money (:meth:`~gamekit.tracks.facts.TitleFacts.money`:
        ``$1,200``, ``1,200K``, ``1,200 F``, a debt ``-$5``), the notation of its events and refusals too."""
        return self.facts.money(amount)

    def par_blocked(self, corp: str) -> tuple[str, str] | None:
        """Why the title forbids starting ``corp`` now whatever its par price, as ``(reason, rule id)``, or
        ``None`` (the default: nothing beyond rule ``stock.par``; 1894: a late corporation needs a home)."""
        return None

    def chosen_home(self, corp: str) -> str | None:
        """The home hex the president of a ``choose_one`` corporation chose when starting it (``None``: not
        chosen in advance; the home token then waits for the choice at its first operation, rule
        ``token.home``)."""
        return None

    def map_notes(self) -> dict[str, str]:
        """Short texts the map writes on hexes whose rules a learner needs to see (none by default; 1894:
        London's ferries, Luxembourg, the Netherlands bonus)."""
        return {}

    def _named_ids(self) -> set[str]:
        """Corporations, private companies, the bank and the holders initial offering and bank pool, as the
        certificates name them and as the query API does (``holdings("ipo")``; rule ``setup``)."""
        return super()._named_ids() | set(self.private_companies()) | {IPO, POOL, query.IPO, query.POOL}

    def private_symbols(self) -> frozenset[str]:
        """The symbols of the private companies (:meth:`_private_symbols`, kept: :meth:`_facts_memo`)."""
        facts, memo = self._facts_kept  # _facts_memo written out: asked at every action
        if facts is not self.facts:
            memo = self._facts_memo()
        symbols = memo.get("private symbols")
        if symbols is None:
            symbols = memo["private symbols"] = frozenset(self._private_symbols())
        return symbols

    def _private_symbols(self) -> set[str]:
        """The symbols of the private companies, found from the facts (and the corporations, which never change
        in a game)."""
        return {p.sym for p in self.facts.privates}

    def player_value(self, player_id: str) -> int:
        """Cash + certificates at market price (corporations with a price that :meth:`counts_at_end`) + face value
        of privates held, in currency units (rule ``end.value``).

        Raises:
            gamekit.errors.UnknownId: no such player (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        state = self.state
        try:
            value = state.players[player_id].cash
        except KeyError:
            raise self._unknown_player(player_id) from None
        for corp in state.ledger.corporations_of(player_id):
            if state.corporations[corp].price is not None and self.counts_at_end(corp):
                value += share_price(self, corp) * state.ledger.percent_of(player_id, corp) // 10
        return value + sum(self.facts.private(sym).value for sym in state.players[player_id].privates)

    def counts_at_end(self, corp: str) -> bool:
        """Whether a player's certificates of ``corp`` add its market price to the player's value (rule
        ``end.value``): every corporation by default; 1837: majors and nationals only."""
        return True

    def operating_order_all(self) -> list[str]:
        """Corporations with a price, in operating order: higher price, then further right, then higher row,
        then earlier arrival on the cell (rule ``or.order``)."""
        state = self.state

        def key(corp: str):
            row, col = state.corporations[corp].price
            return (-self.market.cell((row, col)).price, -col, row, state.stacks[(row, col)].index(corp))

        return sorted((c for c, cs in state.corporations.items() if cs.price is not None), key=key)


def _carriers(facts: TitleFacts, event: str) -> tuple[str, ...]:
    """The train types of ``facts`` whose first copy carries the train event ``event``, in the facts' order."""
    return tuple(t.name for t in facts.trains if event in t.events)
