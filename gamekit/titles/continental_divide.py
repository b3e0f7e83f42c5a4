"""Continental Divide (John Bohrer, 2013), a cube-rail share game, on gamekit's protocol.

3–6 players invest in eight railroads that build west from Chicago, Memphis and New Orleans. Eight game
turns; in each, every player in turn-order-card order may buy stock (start one railroad, or buy shares of one
started railroad) and then build track for railroads they control. After every player: dividends, the end
check, the turn track, and a new turn order chosen from the last player up. The winner has the most victory
points; money counts for nothing at the end.

The map is gamekit's APPROXIMATE teaching map (``data/continental_divide/map.json``), the railroads are named
by gamekit; the rules are in ``data/continental_divide/rules.md`` (rule ids ``cd:…``).
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from ..actions import Action, Pass
from ..errors import GameError
from ..events import Event
from ..i18n import Message, N_, listing, msg, nmsg
from ..choices import ActionGrid, ActionGroup, ActionRange, ListedActions, listed, ranges_in
from ..game import Game, Outcome, Step
from ..rng import GameRandom
from ..cuberails.cd_actions import BuildTrack, BuyShare, ChooseOrder, ShareRanges, StartRailroad
from ..cuberails.cd_build import LineChoices, build_line, line_refusal
from ..cuberails.cd_economy import (
    holds_majority, majority_holders, minimum_share_price, payout, player_vp, players_vp, vp_per_share,
)
from ..cuberails.cd_map import load_board, load_railroads, load_rules_data
from ..cuberails.cd_query import QueriesCD
from ..cuberails.cd_state import CDState, RailroadState, TurnRecord

OPTION_ONE_LINE = "one-line-per-turn"
OPTION_DIVIDE_EVERY_HEX = "divide-bonus-every-hex"
_DECKS = {"blue": N_("blue"), "red": N_("red")}
"""The colours of the turn-order decks, as the order event names them (translated where shown)."""


def _and(names: list[str]) -> str | Message:
    """Names joined by "and" in the current language ("Ann and Ben and Cy"), a single name as it is."""
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=_and(names[:-1]), last=names[-1])


_TABLED = 1000
_DOLLARS = tuple(f"${amount}" for amount in range(_TABLED))
"""``_DOLLARS[n]``: the text of ``n`` dollars below ``_TABLED`` (no thousands separator there), as ``Game.money``."""

_STOCK_TYPES = (StartRailroad.type, BuyShare.type, Pass.type)
_BUILD_TYPES = (BuildTrack.type, Pass.type)
_ORDER_TYPES = (ChooseOrder.type,)
"""The action types of the stock, build and turn-order steps (``_step`` and ``_action_types``)."""


class ContinentalDivide(QueriesCD, Game):
    """A game of Continental Divide (``new_game("continental-divide", players, seed, options)``).

    Args: as :class:`gamekit.game.Game`; 3–6 players. Options (see ``data/continental_divide/rules.md``):
        ``one-line-per-turn``: all of a player's building in one turn is a single line (one railroad);
        ``divide-bonus-every-hex``: every hex west of the Divide adds $10 income, not only the first.

    Raises:
        GameError: wrong player count or unknown option (rule ``cd:setup``).

    Money is in dollars; ``player_value`` and the outcome's ranking are victory points.
    """

    title: ClassVar[str] = "continental-divide"
    rule_prefix: ClassVar[str] = "cd"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    options_available: ClassVar[dict[str, str]] = {
        OPTION_ONE_LINE: N_("all track a player builds in one turn is one straight line, for one railroad "
                            "(default: one straight line per railroad)"),
        OPTION_DIVIDE_EVERY_HEX: N_("every hex built west of the Continental Divide adds $10 income "
                                    "(default: only the first one, when the railroad crosses)"),
    }

    state: CDState

    @classmethod
    def value_word(cls) -> str:
        """A player's value is victory points here (money only buys shares): the seats panel heads it "points"."""
        return N_("points")

    # ----- setup -------------------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        self.board = load_board()
        self.rules = load_rules_data()
        self.railroad_data = {r.id: r for r in load_railroads()}
        self.start_hexes = tuple(self.board.start_hexes())
        self._player_names = {p.id: p.name for p in self.players}
        # a player's name from their id, as ``name_of`` names a player, for the events of checked actions
        self._name = self._player_names.__getitem__
        # each player's pass as a group, built once per game: the same at every position (actions are frozen), and
        # offered at every stock and build position
        self._passes = {p.id: ListedActions(Pass.type, (Pass._trusted(entity=p.id),)) for p in self.players}
        # (player, card) -> that player's choice of that turn-order card, built the first time it is offered
        self._cards: dict[tuple[str, int], ChooseOrder] = {}
        # (picker, cards taken) -> the picker's choices of the cards left, built the first time they are offered
        self._card_groups: dict[tuple[str, frozenset[int]], ListedActions] = {}
        self._share_counts = tuple(range(self.rules.shares_issued.min, self.rules.shares_issued.max + 1))
        # each player's start options where there are none (every railroad started, stock of one bought this turn,
        # or no free stock value the player can pay), as a group built once per game: the same at every such position
        self._no_starts = {p.id: self._starts(p.id, (), (), []) for p in self.players}
        self._one_line = OPTION_ONE_LINE in self.options
        ids = [p.id for p in self.players]
        cash = self.rules.starting_cash[len(ids)]
        rng = GameRandom(self.seed)
        order = rng.shuffled(ids)
        self.state = CDState(rng, {p: cash for p in ids}, {r: RailroadState(r) for r in self.railroad_data}, order)
        # each player's lines where they may build for no railroad, as a group built once per game (it finds none and
        # never reads the state it is given)
        self._no_lines = {p.id: LineChoices(p.id, [], self.state, self.board, self.rules) for p in self.players}
        events = [
            Event("cd:setup.cash", msg("each of the {count} players receives {cash}", count=len(ids),
                                       cash=self.money(cash)), "setup", {"cash": cash}),
            Event("cd:setup.turn-track", msg("the locomotive stands on game turn 1"), "turn", {"turn": 1}),
            Event("cd:setup.turn-order", msg("blue turn-order cards dealt at random: {order}",
                                             order=", ".join(f"{i + 1} {self.name_of(p)}" for i, p in enumerate(order))),
                  "order", {"order": list(order)}),
        ]
        return events + self._settle()

    def _snapshot(self) -> CDState:
        return self.state.clone()

    def _restore(self, snapshot: CDState) -> CDState:
        return snapshot.clone()

    def money(self, amount: int) -> str:
        """Return ``amount`` (dollars) as :class:`~gamekit.game.Game` writes it (``$1,200``), read from a table
        below $1,000, where there is no thousands separator: the dividends and the share prices name a few
        amounts each, and formatting with separators was most of their cost."""
        return _DOLLARS[amount] if type(amount) is int and 0 <= amount < _TABLED else Game.money(self, amount)

    # ----- the active step ---------------------------------------------------------------------------
    def _step(self) -> Step:
        s = self.state
        if s.phase == "stock":
            what = (msg("buy more shares of {railroad}", railroad=s.bought) if s.bought
                    else msg("start a railroad or buy shares of one"))
            return Step(msg("Buy stock"), msg("Turn {turn}: {player} may {what}, or pass to building.", turn=s.turn,
                                              player=self.name_of(s.current_player), what=what),
                        "cd:stock.buy", s.current_player, _STOCK_TYPES)
        if s.phase == "build":
            return Step(msg("Build track"),
                        msg("Turn {turn}: {player} may build a straight line for each railroad they control, or pass "
                            "to end the turn.", turn=s.turn, player=self.name_of(s.current_player)),
                        "cd:build.straight-line", s.current_player, _BUILD_TYPES)
        picker = self._picker()
        return Step(msg("Choose turn order"),
                    msg("{player} chooses a turn-order card for turn {turn} (the last player chooses first).",
                        player=picker, turn=s.turn), "cd:order", picker, _ORDER_TYPES)

    def _entity(self) -> str:
        s = self.state
        # ``current_player``, written out: asked before every action
        return s.order[s.seat] if s.phase in ("stock", "build") else self._picker()

    def _action_types(self) -> tuple[str, ...]:
        """The types :meth:`_step` accepts, without building its help text (``process`` asks before each action)."""
        phase = self.state.phase
        return _STOCK_TYPES if phase == "stock" else _BUILD_TYPES if phase == "build" else _ORDER_TYPES

    def _picker(self) -> str:
        """The player who chooses a turn-order card now: the last of this turn's order without one (rule
        ``cd:order``); a plain loop, as the search is asked twice per card (``_entity`` and the listing)."""
        new_order = self.state.new_order
        for player in reversed(self.state.order):
            if player not in new_order:
                return player
        raise StopIteration  # as the search's ``next`` did: everyone has a card (never in the order phase)

    # ----- legal actions -----------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return listed(self._action_groups())

    def _ranges(self) -> list[ActionRange]:
        return ranges_in(self._action_groups())

    def _action_groups(self) -> list[ActionGroup]:
        # inside a batch, the groups :meth:`_settle` found as the last action ended (``Game._carry``)
        carried = self._carried_over()
        return carried if carried is not None else self._groups_now()

    def _groups_now(self) -> list[ActionGroup]:
        """The legal actions as groups, in listing order: in the stock phase the start options, the share
        purchases and the pass; in the build phase the lines and the pass; then the turn-order cards (none once
        the game is over)."""
        s = self.state
        if s.phase == "stock":
            player = s.order[s.seat]  # ``current_player``, written out: asked at every stock and build position
            cash = s.cash[player]
            # the share purchases: one range per railroad, from its minimum price to the player's cash
            return [self._start_grid(), ShareRanges(player, cash, self._buyable(cash)), self._passes[player]]
        if s.phase == "build":
            player = s.order[s.seat]
            return [self._line_choices(player), self._passes[player]]
        if s.phase == "over":
            return []
        return [self._cards_left(self._picker(), frozenset(s.new_order.values()))]

    def _cards_left(self, picker: str, taken: frozenset[int]) -> ListedActions:
        """``picker``'s choices of the turn-order cards not ``taken`` (rule ``cd:order``), as a group built once per
        game: a quarter of a game's actions choose a card, and the same picker meets the same cards taken in many
        turns (the last player of a turn always meets none). The group is never changed once built."""
        group = self._card_groups.get((picker, taken))
        if group is None:
            cards = [self._card(picker, k) for k in range(1, len(self.state.order) + 1) if k not in taken]
            group = self._card_groups[picker, taken] = ListedActions(ChooseOrder.type, cards)
        return group

    def _card(self, player: str, card: int) -> ChooseOrder:
        """``player``'s choice of turn-order card ``card`` (rule ``cd:order``), built once per game: the groups of
        :meth:`_cards_left` hold the same few."""
        choice = self._cards.get((player, card))
        if choice is None:
            choice = self._cards[player, card] = ChooseOrder._trusted(entity=player, position=card)
        return choice

    def _start_grid(self) -> ActionGrid:
        """Start options: every (unstarted railroad, start hex with room, shares issued), each the lowest value
        of a run of free stock values the player can pay (rules ``cd:stock.start``, ``cd:stock.stock-value``)."""
        s = self.state
        player = s.order[s.seat]  # ``current_player``, written out
        # an empty axis leaves the grid empty whatever the others hold: once every railroad has started (most
        # positions after the first turns) or the player can pay no free value, the others are not looked at, and
        # the player's empty grid of the game is offered
        if s.bought is None:
            railroads = self._unstarted()
            if railroads:
                runs = self._free_value_runs(min(self.rules.stock_value.max, s.cash[player]))
                if runs:
                    return self._starts(player, railroads, self._start_hexes_free(), runs)
        return self._no_starts[player]

    def _starts(self, player: str, railroads: Sequence[str], hexes: Sequence[str],
                runs: list[tuple[int, int]]) -> ActionGrid:
        """``player``'s start options: ``railroads`` × ``hexes`` × the shares issued × ``runs`` of stock values."""
        axes = (("railroad", railroads), ("hex", hexes), ("shares", self._share_counts))
        return ActionGrid(StartRailroad, {"entity": player}, axes, "stock_value", runs)

    def _unstarted(self) -> list[str]:
        """The railroads nobody has started yet, in data order (rule ``cd:stock.start``)."""
        return [rid for rid, rr in self.state.railroads.items() if rr.start_hex is None]  # not ``started``

    def _start_hexes_free(self) -> list[str]:
        """The start-city hexes with room for one more railroad (rule ``cd:build.hex-limit``)."""
        occupancy, limit = self.state.occupancy, self.rules.railroads_per_hex
        return [h for h in self.start_hexes if len(occupancy.get(h, ())) < limit]

    def _free_value_runs(self, high: int) -> list[tuple[int, int]]:
        """Runs of consecutive stock values no railroad has taken, from the minimum up to ``high``."""
        low = self.rules.stock_value.min
        used = sorted({rr.stock_value for rr in self.state.railroads.values()
                       if rr.start_hex is not None and rr.stock_value >= low})  # started (``started``, called less)
        runs: list[tuple[int, int]] = []
        for v in used:
            if v > high:
                break
            if v > low:
                runs.append((low, v - 1))
            low = v + 1
        if low <= high:
            runs.append((low, high))
        return runs

    def _buyable(self, cash: int) -> list[tuple[str, int]]:
        """``(railroad, minimum price)`` of every started railroad whose share the current player, who has
        ``cash`` dollars, may buy now (rules ``cd:stock.buy``, ``cd:stock.minimum-price``)."""
        s = self.state
        if s.started_now:
            return []
        out = []
        # more shares: of the same railroad only; started and with an unsold share (``started``, ``unsold``
        # written out: this runs at every stock position)
        for rr in s.railroads.values() if s.bought is None else (s.railroads[s.bought],):
            if rr.start_hex is not None and rr.shares_issued > sum(rr.holders.values()):
                # ``minimum_share_price`` written out: the stock value + the dividend per share, rounded up (a
                # started railroad has issued shares, and its income is never negative)
                low = rr.stock_value - (-rr.income // rr.shares_issued)
                if cash >= low:
                    out.append((rr.id, low))
        return out

    def _builders(self, player: str) -> list[RailroadState]:
        """Railroads ``player`` (the current player) may still build for this turn (majority or tied, not built
        yet), in data order."""
        s = self.state
        if self._one_line and s.built:
            return []
        built, out = s.built, []
        # a railroad the player holds a share of is started: test that first, it rules out most railroads;
        # ``holds_majority`` written out (asked at every build position), a holder holding at least one share
        for rr in s.railroads.values():
            holders = rr.holders
            if player in holders and (held := holders[player]) and rr.cubes > 0 and held == max(holders.values()) \
                    and rr.id not in built:
                out.append(rr)
        return out

    def _line_choices(self, player: str) -> LineChoices:
        """The lines ``player`` (the current player) may build now, one group for every railroad they may build
        for (rule ``cd:build.straight-line``)."""
        builders = self._builders(player)
        if not builders:  # a player with no majority left to build for: settling ends their turn there
            return self._no_lines[player]
        return LineChoices(player, builders, self.state, self.board, self.rules)

    # ----- applying actions --------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        # the step's action types were checked by ``process``; an action of the position's own listing
        # (``Game._play_listed``) is the acting player's
        if self._listed_play is not action and action.entity != (entity := self._entity()):
            raise GameError(msg("it is {player}'s turn to act, not {other}'s", player=self.name_of(entity),
                                other=self.name_of(action.entity)), "cd:turn")
        if isinstance(action, StartRailroad):
            events = self._start(action)
        elif isinstance(action, BuyShare):
            events = self._buy(action)
        elif isinstance(action, BuildTrack):
            events = self._build(action)
        elif isinstance(action, ChooseOrder):
            events = self._choose(action)
        else:
            events = self._pass()
        return events + self._settle()

    def _check_start(self, a: StartRailroad) -> None:
        """Refuse a start the rules forbid now (``GameError`` naming the rule; the state is not changed)."""
        s, r = self.state, self.rules
        rr = s.railroads.get(a.railroad)
        if rr is None:
            raise GameError(msg("there is no railroad {railroad}", railroad=repr(a.railroad)), "cd:railroads")
        if s.bought is not None:
            raise GameError(msg("{player} has already bought shares of {railroad} this turn; stock may be bought in one "
                                "railroad per turn", player=self.name_of(a.entity), railroad=s.bought), "cd:stock.buy")
        if rr.started:
            raise GameError(msg("{railroad} is already started; buy its shares instead", railroad=rr.id),
                            "cd:stock.start")
        h = self.board.hexes.get(a.hex)
        if h is None or not h.start_city:
            raise GameError(msg("{hex} is not a hex of Chicago, Memphis or New Orleans", hex=a.hex), "cd:stock.start-city")
        if len(s.occupancy.get(a.hex, ())) >= r.railroads_per_hex:
            raise GameError(msg("{hex} already holds {count} railroads", hex=a.hex, count=r.railroads_per_hex),
                            "cd:build.hex-limit")
        if not r.shares_issued.min <= a.shares <= r.shares_issued.max:
            raise GameError(msg("a railroad issues {low} to {high} shares, not {shares}", low=r.shares_issued.min,
                                high=r.shares_issued.max, shares=a.shares), "cd:stock.shares-issued")
        if not r.stock_value.min <= a.stock_value <= r.stock_value.max:
            raise GameError(msg("a stock value is {low} to {high}, not {value}", low=self.money(r.stock_value.min),
                                high=self.money(r.stock_value.max), value=self.money(a.stock_value)),
                            "cd:stock.stock-value")
        owner = next((o.id for o in s.railroads.values() if o.started and o.stock_value == a.stock_value), None)
        if owner is not None:
            raise GameError(msg("{railroad} already has the stock value {value}; no two railroads may have the same "
                                "stock value", railroad=self.name_of(owner), value=self.money(a.stock_value)),
                            "cd:stock.stock-value")
        if s.cash[a.entity] < a.stock_value:
            raise GameError(msg("{player} has {cash}, the stock value is {value}", player=self.name_of(a.entity),
                                cash=self.money(s.cash[a.entity]), value=self.money(a.stock_value)), "cd:stock.cash")

    def _start(self, a: StartRailroad) -> list[Event]:
        s, r = self.state, self.rules
        if self._listed_play is not a:
            self._check_start(a)
        # a start of this position's own listing (``Game._play_listed``) is one the checks accept: the start grid
        # lists unstarted railroads, start hexes with room and free stock values the player can pay
        rr, h = s.railroads[a.railroad], self.board.hexes[a.hex]
        s.cash[a.entity] -= a.stock_value
        rr.start_hex, rr.shares_issued, rr.stock_value = a.hex, a.shares, a.stock_value
        rr.treasury, rr.income, rr.cubes = a.stock_value, 0, r.cubes.start
        rr.hexes.append(a.hex)
        rr.holders[a.entity] = 1
        s.occupancy[a.hex] = (*s.occupancy.get(a.hex, ()), rr.id)
        s.bought, s.started_now, s.phase = rr.id, True, "build"
        return [
            Event("cd:stock.start", msg("{player} starts {railroad} ({name}) in {city} ({hex}) with {shares} shares at "
                                        "stock value {value}, paid into its treasury", player=self._name(a.entity),
                                        railroad=rr.id, name=self.railroad_data[rr.id].name, city=h.start_city,
                                        hex=a.hex, shares=a.shares, value=self.money(a.stock_value)),
                  "start", {"railroad": rr.id, "player": a.entity, "hex": a.hex, "shares": a.shares,
                            "stock_value": a.stock_value}),
            Event("cd:stock.charter", msg("{railroad} has {unsold} unsold shares and {cubes} cubes to build; {central} wait "
                                          "for the Central region and {west} for the West", railroad=rr.id,
                                          unsold=a.shares - 1, cubes=r.cubes.start, central=r.cubes.central,
                                          west=r.cubes.west), "charter",
                  {"railroad": rr.id, "cubes": r.cubes.start}),
        ]

    def _buy(self, a: BuyShare) -> list[Event]:
        s = self.state
        rr = s.railroads.get(a.railroad)
        if rr is None:
            raise GameError(msg("there is no railroad {railroad}", railroad=repr(a.railroad)), "cd:railroads")
        if not rr.started:
            raise GameError(msg("{railroad} is not started; its first share is bought by starting it", railroad=rr.id),
                            "cd:stock.start")
        if s.started_now or s.bought not in (None, rr.id):
            raise GameError(msg("{player} has already bought stock of {railroad} this turn; stock may be bought in one "
                                "railroad per turn", player=self.name_of(a.entity), railroad=s.bought), "cd:stock.buy")
        if rr.unsold < 1:
            raise GameError(msg("{railroad} has no unsold share", railroad=rr.id), "cd:stock.buy")
        low = minimum_share_price(rr)
        if a.price < low:
            raise GameError(msg("a share of {railroad} costs at least {low} (stock value {value} + dividend {dividend}), "
                                "not {price}", railroad=rr.id, low=self.money(low), value=self.money(rr.stock_value),
                                dividend=self.money(low - rr.stock_value), price=self.money(a.price)),
                            "cd:stock.minimum-price")
        if s.cash[a.entity] < a.price:
            raise GameError(msg("{player} has {cash}, the price is {price}", player=self.name_of(a.entity),
                                cash=self.money(s.cash[a.entity]), price=self.money(a.price)), "cd:stock.cash")
        s.cash[a.entity] -= a.price
        rr.treasury += a.price
        rr.holders[a.entity] = rr.holders.get(a.entity, 0) + 1
        s.bought = rr.id
        return [Event("cd:stock.treasury", msg("{player} buys a share of {railroad} for {price} (minimum {low}); "
                                               "{railroad}'s treasury {treasury}", player=self._name(a.entity),
                                               railroad=rr.id, price=self.money(a.price), low=self.money(low),
                                               treasury=self.money(rr.treasury)), "buy",
                      {"railroad": rr.id, "player": a.entity, "price": a.price, "minimum": low})]

    def _build(self, a: BuildTrack) -> list[Event]:
        s = self.state
        if self._listed_play is a:
            # a line of this position's own listing (``Game._play_listed``): :class:`LineChoices` lists exactly
            # the lines the checks below accept (railroads of :meth:`_builders`, lines of ``longest_lines``)
            rr = s.railroads[a.railroad]
            s.built.append(rr.id)
            return build_line(s, rr, self.board, self.rules, a.hexes, OPTION_DIVIDE_EVERY_HEX in self.options)
        rr = s.railroads.get(a.railroad)
        if rr is None or not rr.started:
            raise GameError(msg("{railroad} is not a started railroad", railroad=a.railroad), "cd:build")
        if not holds_majority(rr, a.entity):
            held = rr.holders.get(a.entity, 0)
            holders = majority_holders(rr)
            raise GameError(nmsg("{player} holds {shares} of {railroad}; only its majority holder {holders} may build "
                                 "for it", "{player} holds {shares} of {railroad}; only its majority holders {holders} "
                                 "may build for it", len(holders), player=self.name_of(a.entity),
                                 shares=nmsg("{count} share", "{count} shares", held, count=held), railroad=rr.id,
                                 holders=listing([self.name_of(h) for h in holders])), "cd:build.majority")
        if self._one_line and s.built:
            raise GameError(msg("{player} has already built this turn (option {option}: one line per turn)",
                                player=self.name_of(a.entity), option=OPTION_ONE_LINE),
                            "cd:option.one-line-per-turn")
        if rr.id in s.built:
            raise GameError(msg("{railroad} has already built its straight line this turn", railroad=rr.id),
                            "cd:build.straight-line")
        refusal = line_refusal(s, rr, self.board, self.rules, a.origin, a.hexes)
        if refusal is not None:
            raise GameError(refusal.text, refusal.rule)
        s.built.append(rr.id)
        return build_line(s, rr, self.board, self.rules, a.hexes, OPTION_DIVIDE_EVERY_HEX in self.options)

    def _choose(self, a: ChooseOrder) -> list[Event]:
        s = self.state
        if not 1 <= a.position <= len(s.order) or a.position in s.new_order.values():
            raise GameError(msg("turn-order card {card} is not available", card=a.position), "cd:order")
        s.new_order[a.entity] = a.position
        return [Event("cd:order", msg("{player} takes turn-order card {card}", player=self._name(a.entity),
                                      card=a.position), "order",
                      {"player": a.entity, "position": a.position})]

    def _pass(self) -> list[Event]:
        s = self.state
        if s.phase == "stock":
            s.phase = "build"
            return [Event("cd:stock.pass", msg("{player} buys no more stock", player=self._name(s.current_player)),
                          "pass")]
        return self._end_player_turn()

    # ----- automatic flow ----------------------------------------------------------------------------
    def _settle(self) -> list[Event]:
        """Advance through steps that offer no real choice (rule ``cd:turn``). The groups that show the position
        reached offers one are kept for it (``Game._carry``), so a bot inside a batch does not find them a second
        time; for that, ``_settle`` is the last call of every ``_apply``."""
        s = self.state
        events: list[Event] = []
        while True:
            groups = self._groups_now()
            # the start grid knows its size without listing, the lines whether there is one without finding them
            if s.phase == "stock" and not (groups[0] or groups[1]):
                s.phase = "build"
            elif s.phase == "build" and not groups[0]:
                events += self._end_player_turn()
            elif s.phase == "order" and len(groups[0]) == 1:
                events += self._choose(groups[0].action(0))
                events += self._new_order()
            else:
                self._carry(groups)
                return events

    def _end_player_turn(self) -> list[Event]:
        s = self.state
        s.seat += 1
        s.bought, s.started_now, s.built, s.phase = None, False, [], "stock"
        if s.seat < len(s.order):
            return []
        return self._end_game_turn()

    def _end_game_turn(self) -> list[Event]:
        """Dividends, the end check, the turn track and the start of the turn-order choice (rule ``cd:turn.end``)."""
        s = self.state
        events = self._pay_dividends()
        s.records.append(self._record())
        if s.turn >= self.rules.turns:
            s.phase = "over"
            return events + [Event("cd:end", msg("game turn {turn} is over: the game ends", turn=s.turn), "end",
                                   {"turn": s.turn})]
        s.turn += 1
        s.phase, s.new_order = "order", {}
        return events + [Event("cd:turn.end", msg("the locomotive advances to game turn {turn}", turn=s.turn), "turn",
                               {"turn": s.turn})]

    def _pay_dividends(self) -> list[Event]:
        """Every started railroad pays its dividend, in data order (rules ``cd:dividends``,
        ``cd:dividends.remainder``); return one event each."""
        events = []
        cash, money, names = self.state.cash, self.money, self._player_names
        for rr in self.state.railroads.values():
            if rr.start_hex is None:  # not started
                continue
            per_share, players, kept = payout(rr)
            # one pass over the holders paid: the cash and the list of the event (players only, so named by
            # their display names as ``name_of`` names them)
            paid = []
            for player, amount in players.items():
                cash[player] += amount
                paid.append(f"{names[player]} {money(amount)}")
            rr.treasury += kept
            events.append(Event("cd:dividends", msg("{railroad} income {income} over {shares} shares: {per_share} a share "
                                                    "({paid}); {railroad} keeps {kept}", railroad=rr.id,
                                                    income=money(rr.income), shares=rr.shares_issued,
                                                    per_share=money(per_share), paid=", ".join(paid),
                                                    kept=money(kept)), "dividend",
                                {"railroad": rr.id, "per_share": per_share, "players": players,
                                 "kept": kept}))  # the payout's own dict: made for this dividend only
        return events

    def _record(self) -> TurnRecord:
        s = self.state
        started = [rr for rr in s.railroads.values() if rr.start_hex is not None]  # ``started``, written out
        board, points = self.board, self.rules.victory_points
        per_share = {rr.id: vp_per_share(rr, board, points) for rr in started}  # an unstarted one is worth 0
        return TurnRecord(
            s.turn,
            {rr.id: rr.income for rr in started},
            {rr.id: rr.treasury for rr in started},
            per_share,
            dict(s.cash),
            players_vp(s.cash, s.railroads, per_share),
        )

    def _new_order(self) -> list[Event]:
        s = self.state
        s.order = sorted(s.new_order, key=s.new_order.get)
        s.deck = "red" if s.deck == "blue" else "blue"
        s.new_order, s.seat, s.phase = {}, 0, "stock"
        return [Event("cd:order", msg("turn {turn} order ({deck} cards): {players}", turn=s.turn,
                                      deck=Message(_DECKS[s.deck], {}), players=", ".join(map(self._name, s.order))),
                      "order",
                      {"order": list(s.order)})]

    # ----- end ---------------------------------------------------------------------------------------
    def _outcome(self) -> Outcome | None:
        if self.state.phase != "over":
            return None
        seats, railroads = [p.id for p in self.players], self.state.railroads
        # each railroad's points per share once for all the seats (as :meth:`player_value` counts them)
        per_share = {rid: vp_per_share(rr, self.board, self.rules.victory_points) for rid, rr in railroads.items()}
        ranking = sorted(players_vp(seats, railroads, per_share).items(), key=lambda pv: -pv[1])
        best = ranking[0][1]
        winners = [p for p, v in ranking if v == best]
        text = nmsg("after game turn {turn}, {winners} wins with {points} victory points",
                    "after game turn {turn}, {winners} win with {points} victory points", len(winners),
                    turn=self.rules.turns, winners=_and(winners), points=best)
        return Outcome("turns", text, "cd:scoring.winner", tuple(ranking))

    def audit(self) -> tuple[dict[str, int], list[str]]:
        """Bookkeeping checks for soak tests: ``(conserved, problems)``: the shares of the railroads (held or
        unsold; issued once, rule ``cd:stock.start``) never change once issued — ``conserved`` counts the shares
        of each started railroad — and no cash, treasury, cube count or unsold count is negative."""
        s = self.state
        problems = [f"{self.name_of(p)} has {c} dollars" for p, c in s.cash.items() if c < 0]
        for rr in s.railroads.values():
            problems += [f"{rr.id}: {name} is {value}" for name, value in
                         (("treasury", rr.treasury), ("cubes", rr.cubes), ("unsold shares", rr.unsold)) if value < 0]
            problems += [f"{rr.id} has a cube on {h} but is not listed there" for h in rr.hexes
                         if rr.id not in s.occupancy.get(h, ())]
        return {f"shares {rr.id}": rr.held + rr.unsold for rr in s.railroads.values() if rr.started}, problems

    def player_value(self, player_id: str) -> int:
        """Return the player's victory points if the game ended now (rule ``cd:scoring.per-share``).

        Raises:
            gamekit.errors.UnknownId: no such player (rule ``cd:setup``; the message lists them); a ``KeyError`` too.
        """
        if player_id not in self.state.cash:
            raise self._unknown_player(player_id)
        return player_vp(player_id, self.state.railroads, self.board, self.rules.victory_points)

    # ----- read-only views for notebooks and charts --------------------------------------------------
    def vp_per_share(self, railroad: str) -> int:
        """Return the victory points one share of ``railroad`` is worth now (rule ``cd:scoring``)."""
        return vp_per_share(self.state.railroads[railroad], self.board, self.rules.victory_points)

    def minimum_price(self, railroad: str) -> int:
        """Return the lowest price of one share of a started railroad now, in dollars (``cd:stock.minimum-price``)."""
        return minimum_share_price(self.state.railroads[railroad])
