"""American Rails (Tim Harrison; Quined Games 2013): a cube-rail share game for 3–5 players.

Players buy shares of six railroad companies at auction, and on a shared action track pick one action each
per phase: expand a company's track, auction a share, develop a city with a house, fund a company or take
money. Companies earn income from the cities they reach (full value alone, shared value once others
arrive, more with a house, bonuses for linking Chicago, New York and Atlanta); at the end of each of the
seven years the income is paid out per share held. Most money wins.

Rules: ``data/american_rails/rules.md`` (ids ``ar:…``); facts: ``data/american_rails/game.json`` and
``map.json`` (an approximate board). Open points and their options are listed in ``ar:options``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Iterator

from ..actions import Action, Pass
from ..cuberails.ar_auction import Auction
from ..cuberails.ar_board import Board, GameFacts, load_board, load_game_facts
from ..cuberails.ar_build import BuildChoices, build_targets, check_build
from ..cuberails.ar_query import QueriesAR
from ..cuberails.ar_income import (
    IncomeLine, entry_changes, house_changes, income_lines, linked_pairs, special_bonus,
)
from ..cuberails.dividends import dividend_per_share
from ..errors import GameError
from ..events import Event
from ..i18n import Message, N_, Term, msg, nmsg
from ..choices import ActionGroup, ActionRange, FieldChoices, ListedActions, listed, only, ranges_in
from ..game import Game, Outcome, Step
from ..rng import GameRandom


# ----- actions ---------------------------------------------------------------------------------------------
class ChooseShare(Action):
    """Put one share of ``company`` up for auction (opening round, or the Auction action). Rules
    ``ar:opening`` and ``ar:auction.action``."""

    type: ClassVar[str] = "ar_choose_share"
    company: str

    def sentence(self) -> str:
        return f"{self.entity} puts one {self.company} share up for auction"


class Bid(Action):
    """Bid ``amount`` dollars for the share being auctioned (``company``). Rule ``ar:auction.bid``."""

    type: ClassVar[str] = "ar_bid"
    company: str
    amount: int

    def sentence(self) -> str:
        return f"{self.entity} bids ${self.amount} for {_article(self.company)} {self.company} share"


class PlaceStart(Action):
    """Place ``company``'s starting cube in the city on ``hex``. Rule ``ar:start.city``."""

    type: ClassVar[str] = "ar_place_start"
    company: str
    hex: str

    def sentence(self) -> str:
        return f"{self.entity} starts {self.company} in {self.hex}"


class ChooseAction(Action):
    """Put one's marker on action-track row ``row`` (pass, develop, fund, take, expand3, auction, expand4)
    of the current column. Rule ``ar:track``."""

    type: ClassVar[str] = "ar_choose_action"
    row: str

    def sentence(self) -> str:
        return f"{self.entity} takes the {self.row} action"


class Build(Action):
    """Place one of ``company``'s cubes on ``hex``, paid from its treasury. Rule ``ar:expand``."""

    type: ClassVar[str] = "ar_build"
    company: str
    hex: str

    def sentence(self) -> str:
        return f"{self.entity} builds {self.company} into {self.hex}"


class Develop(Action):
    """Put a house on the city on ``hex``. Rule ``ar:develop``."""

    type: ClassVar[str] = "ar_develop"
    hex: str

    def sentence(self) -> str:
        return f"{self.entity} develops {self.hex}"


class Fund(Action):
    """Move $5 from the bank to ``company``'s treasury. Rule ``ar:fund``."""

    type: ClassVar[str] = "ar_fund"
    company: str

    def sentence(self) -> str:
        return f"{self.entity} funds {self.company}"


class TakeMoney(Action):
    """Take $2 (the Take $2 action). Rule ``ar:take-money``."""

    type: ClassVar[str] = "ar_take_money"

    def sentence(self) -> str:
        return f"{self.entity} takes $2"


# ----- state -----------------------------------------------------------------------------------------------
@dataclass
class CompanyState:
    """One company in a game: ``in_play`` (False for the company removed with 3 players), ``supply`` (track
    cubes left), ``unsold`` (shares still for sale), ``out`` (shares out of play), ``treasury`` and
    ``income`` (the income-track marker) in dollars, ``hexes`` (its cubes, in the order placed)."""

    id: str
    in_play: bool
    supply: int
    unsold: int
    out: int = 0
    treasury: int = 0
    income: int = 0
    hexes: list[str] = field(default_factory=list)

    def clone(self) -> "CompanyState":
        """An independent copy (its list of hexes copied)."""
        copy = object.__new__(CompanyState)
        values = self.__dict__.copy()  # a whole new dict: twice as fast as filling the new object's own
        values["hexes"] = self.hexes[:]
        copy.__dict__ = values
        return copy


def _article(company: str) -> str:
    """"a" or "an" before a company's id as it is read aloud: letter by letter when it is in capitals ("an AM", "a
    CO"), else as a word."""
    sounds_vowel = "AEFHILMNORSX" if company.isupper() else "AEIOUaeiou"
    return "an" if company[:1] in sounds_vowel else "a"

@dataclass
class ArState:
    """All mutable state of an American Rails game (picklable; everything named by id).

    ``stage`` is one of: "choose-share", "bid", "start", "row", "develop", "fund", "take", "expand", "over".
    ``track[p]`` maps row id → player for phase p of the current year; ``order`` is the order of play of the
    current phase and ``turn`` the index in it. ``occupants`` maps hex → company ids in arrival order (a tuple,
    replaced when a cube arrives).
    """

    rng: GameRandom
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    companies: dict[str, CompanyState]
    occupants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    houses: list[str] = field(default_factory=list)
    house_supply: int = 0
    stage: str = "choose-share"
    year: int = 0
    phase: int = 0
    turn_order: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    turn: int = 0
    track: list[dict[str, str]] = field(default_factory=list)
    row: str | None = None
    opening_left: list[str] = field(default_factory=list)
    opening_winners: list[str] = field(default_factory=list)
    opener: str = ""
    auction: Auction | None = None
    start_for: tuple[str, str] | None = None
    expand_left: int = 0
    expand_company: str | None = None
    end: tuple[str, str, str] | None = None

    def clone(self) -> "ArState":
        """An independent copy, faster than a pickle round trip (``process`` takes one before every action):
        every dict and list copied, the values they hold being strings, numbers and tuples (so ``occupants``, whose
        values are tuples, is copied as one dict)."""
        copy = object.__new__(ArState)
        values = self.__dict__.copy()  # as CompanyState.clone
        values["rng"] = GameRandom(self.rng.state)
        values["cash"] = self.cash.copy()
        values["shares"] = {p: held.copy() for p, held in self.shares.items()}
        values["companies"] = {c: cs.clone() for c, cs in self.companies.items()}
        values["occupants"] = self.occupants.copy()
        values["houses"], values["track"] = self.houses[:], [column.copy() for column in self.track]
        values["turn_order"], values["order"] = self.turn_order[:], self.order[:]
        values["opening_left"], values["opening_winners"] = self.opening_left[:], self.opening_winners[:]
        values["auction"] = None if self.auction is None else self.auction.clone()
        copy.__dict__ = values
        return copy


_EXPAND_ROWS = {"expand3": 3, "expand4": 4}
_STEPS = {
    "choose-share": (N_("Choose a share to auction"), "ar:opening", ("ar_choose_share",)),
    "bid": (N_("Bid for a share"), "ar:auction.bid", ("ar_bid", "pass")),
    "start": (N_("Place the starting cube"), "ar:start.city", ("ar_place_start",)),
    "row": (N_("Choose an action"), "ar:track", ("ar_choose_action",)),
    "develop": (N_("Develop a city"), "ar:develop", ("ar_develop", "pass")),
    "fund": (N_("Fund a company"), "ar:fund", ("ar_fund", "pass")),
    "take": (N_("Take $2 or expand 2"), "ar:take-money", ("ar_take_money", "ar_build", "pass")),
    "expand": (N_("Expand"), "ar:expand", ("ar_build", "pass")),
}
_HELP = {
    "choose-share": N_("Pick the company whose share is auctioned next."),
    "bid": N_("Bid more than the high bid (an opening bid is at least $10), or pass and leave this auction."),
    "start": N_("Choose the city where the company's first cube goes; its income starts at the city's value."),
    "row": N_("Put your marker on a free action of this phase's column."),
    "develop": N_("Put a house on a developable city that has track, or pass."),
    "fund": N_("Give $5 from the bank to a company on the map, or pass."),
    "take": N_("Take $2, or place up to 2 cubes for one company you hold, or pass."),
    "expand": N_("Place a cube next to the company's track (the company pays), or pass to stop."),
}
"""Each stage's step name and help: English templates of the catalogue, shown in the current language."""


class AmericanRails(QueriesAR, Game):
    """American Rails for 3–5 players; see the module docstring and ``data/american_rails/rules.md``.

    Args: as :class:`gamekit.game.Game` (player names, seed, options from ``options_available``).

    Raises:
        GameError: fewer than 3 or more than 5 players, or an unknown option (rule ``ar:setup``).
    """

    title: ClassVar[str] = "american-rails"
    rule_prefix: ClassVar[str] = "ar"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    options_available: ClassVar[dict[str, str]] = {
        "first-edition-cash": N_("Start with $65/$50/$40 (3/4/5 players), the summary sheet's amounts."),
        "clockwise-openers": N_("Opening auctions are opened by each player in turn clockwise, not by the last "
                                "winner."),
        "unsold-on-no-bid": N_("A share nobody bids on stays for sale instead of leaving the game."),
        "opener-may-pass": N_("The player who puts a share up with the Auction action may pass without bidding."),
        "start-any-city": N_("A starting cube may go in a city that already has track (default: an empty city)."),
        "split-expand": N_("One Expand action may place cubes for several companies."),
        "house-not-counted": N_("A house does not raise the cost of building into its city."),
        "take-from-players": N_('The "Take $2" action takes $2 from each other player instead of from the bank.'),
        "order-from-phase-one": N_("Phases 2 and 3 both follow the order of the phase-1 column."),
    }

    board: Board
    facts: GameFacts

    # ----- setup -----------------------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        self.facts = load_game_facts()
        self.board = load_board()
        rng = GameRandom(self.seed)
        ids = [p.id for p in self.players]
        cash = self.facts.cash(len(ids), "first-edition-cash" in self.options)
        companies = {
            c.id: CompanyState(c.id, True, c.track_cubes, c.shares) for c in self.facts.companies
        }
        events = [Event("ar:setup.cash", msg("Each player starts with {cash}", cash=self.money(cash)), "cash",
                        {"cash": cash})]
        if len(ids) == 3:
            removed = self.facts.companies[rng.below(len(self.facts.companies))]
            companies[removed.id].in_play = False
            companies[removed.id].out, companies[removed.id].unsold = removed.shares, 0
            events.append(Event("ar:setup.three-players", msg("{company} is removed from the game", company=removed.name),
                                "remove", {"company": removed.id}))
        self.state = ArState(
            rng=rng, cash={p: cash for p in ids}, shares={p: {} for p in ids}, companies=companies,
            house_supply=self.facts.houses,
            opening_left=[c for c, s in companies.items() if s.in_play], opener=ids[0],
        )
        events.append(Event("ar:opening", msg("Opening auctions: {player} opens the first", player=self.name_of(ids[0])),
                            "phase"))
        return events + self._begin_opening_auction()

    def _snapshot(self) -> ArState:
        return self.state.clone()

    def _restore(self, snapshot: ArState) -> ArState:
        return snapshot.clone()

    # ----- the protocol hooks ----------------------------------------------------------------------------
    def _step(self) -> Step:
        s = self.state
        template, rule, types = _STEPS[s.stage]
        name = Message(template, {})
        if s.stage == "choose-share" and s.auction is None and s.row == "auction":
            rule, types = "ar:auction.action", ("ar_choose_share", "pass")
        if s.stage == "bid":  # {article} is English only ("a"/"an"): other languages leave it out
            name = msg("Bid for {article} {company} share", article=_article(s.auction.company),
                       company=s.auction.company)
        return Step(name, Message(_HELP[s.stage], {}), rule, self._entity(), types)

    def _entity(self) -> str:
        s = self.state
        if s.stage == "bid":
            return s.auction.bidder
        if s.stage == "start":
            return s.start_for[0]
        if s.stage == "choose-share" and s.row is None:
            return s.opener
        return s.order[s.turn]

    def _legal_actions(self) -> list[Action]:
        return listed(self._action_groups())

    def _ranges(self) -> list[ActionRange]:
        return ranges_in(self._action_groups())

    def _action_groups(self) -> list[ActionGroup]:
        """The legal actions as groups of one type, in listing order, each action built only when asked for; the
        cubes to place (``ar:expand``) are found only when their group is measured or read."""
        s, who = self.state, self._entity()
        if s.stage == "choose-share":
            offers = FieldChoices(ChooseShare, {"entity": who}, "company", self._offerable())
            return [offers, only(Pass, who)] if s.row == "auction" else [offers]
        if s.stage == "bid":
            return self._bid_groups(who)
        if s.stage == "start":
            return [FieldChoices(PlaceStart, {"entity": who, "company": s.start_for[1]}, "hex", self._start_cities())]
        if s.stage == "row":
            taken = s.track[s.phase]
            return [FieldChoices(ChooseAction, {"entity": who}, "row",
                                 [r.id for r in self.facts.action_rows if r.id not in taken])]
        if s.stage == "develop":
            return [FieldChoices(Develop, {"entity": who}, "hex", self._developable()), only(Pass, who)]
        if s.stage == "fund":
            return [FieldChoices(Fund, {"entity": who}, "company", self._fundable()), only(Pass, who)]
        builds = self._build_group(who)
        if s.stage == "take":
            return [only(TakeMoney, who), builds, only(Pass, who)]
        return [builds, only(Pass, who)]

    def _bid_groups(self, who: str) -> list[ActionGroup]:
        """The bid (the lowest, with its range up to the bidder's cash) and the pass, where allowed (rules
        ``ar:auction.bid``, ``ar:auction.action``)."""
        a, cash = self.state.auction, self.state.cash[who]
        low = a.min_bid(self.facts.minimum_bid)
        groups: list[ActionGroup] = []
        if cash >= low:
            bid = Bid._trusted(entity=who, company=a.company, amount=low)
            groups.append(ListedActions(Bid.type, [bid], [ActionRange(bid, "amount", low, cash)]))
        if not (a.opener_must_bid and who == a.opener and a.leader is None):
            groups.append(only(Pass, who))
        return groups

    def _apply(self, action: Action) -> list[Event]:
        entity = self._entity()  # the step's action types were checked by ``process``
        if action.entity != entity:
            rule = "ar:auction.bid" if self.state.stage == "bid" else "ar:track.order"
            raise GameError(msg("it is {player}'s turn, not {other}'s", player=self.name_of(entity),
                                other=self.name_of(action.entity)), rule)
        handler = getattr(self, f"_do_{self.state.stage.replace('-', '_')}")
        return handler(action)

    def _outcome(self) -> Outcome | None:
        if self.state.end is None:
            return None
        reason, text, rule = self.state.end
        ranking = sorted(((p.id, self.state.cash[p.id]) for p in self.players), key=lambda pv: -pv[1])
        return Outcome(reason, text, rule, tuple(ranking))

    def audit(self) -> tuple[dict[str, int], list[str]]:
        """Bookkeeping checks for soak tests: ``(conserved, problems)``: each company's shares (held, unsold or
        out of play) never change in number; no cash, treasury or track supply is negative."""
        s = self.state
        problems = [f"{p} has {c} dollars" for p, c in s.cash.items() if c < 0]
        problems += [f"{c.id}: {name} is {value}" for c in s.companies.values()
                     for name, value in (("treasury", c.treasury), ("supply", c.supply), ("unsold", c.unsold))
                     if value < 0]
        shares = {f"shares {c.id}": c.unsold + c.out + sum(held.get(c.id, 0) for held in s.shares.values())
                  for c in s.companies.values()}
        return shares, problems

    def player_value(self, player_id: str) -> int:
        """Return the player's money in dollars (shares are worth nothing at the end; rule ``ar:end.winner``).

        Raises:
            gamekit.errors.UnknownId: no such player (rule ``ar:setup``; the message lists them); a ``KeyError`` too.
        """
        try:  # asked for every player at every end and by the charts: the refusal costs no test on the way
            return self.state.cash[player_id]
        except KeyError:
            raise self._unknown_player(player_id) from None

    # ----- public read-only helpers for views and lessons ------------------------------------------------
    def income_lines(self, company: str) -> list[IncomeLine]:
        """Return a company's income broken down by city and kind (see
        :func:`gamekit.cuberails.ar_income.income_lines`); rules ``ar:income.*``."""
        return income_lines(company, self.board, self.state.occupants, self.state.houses)

    def shares_held(self, company: str) -> int:
        """Return how many of ``company``'s shares players hold (the dividend divisor, rule ``ar:dividends``)."""
        return sum(h.get(company, 0) for h in self.state.shares.values())

    def dividend(self, company: str) -> int:
        """Return the dividend per share the company would pay now, in dollars (0 with no share held).

        Rule ``ar:dividends``: income ÷ shares held by players, rounded up.
        """
        held = self.shares_held(company)
        return dividend_per_share(self.state.companies[company].income, held) if held else 0

    def column_order(self, phase: int) -> list[str]:
        """Return the players with a marker in column ``phase`` of this year, top row first (rule
        ``ar:track.order``)."""
        column = self.state.track[phase] if phase < len(self.state.track) else {}
        return [column[r.id] for r in self.facts.action_rows if r.id in column]

    def company_name(self, company: str) -> str:
        """Return the full name of a company id ("NA" → "National")."""
        return next(c.name for c in self.facts.companies if c.id == company)

    # ----- opening round and auctions --------------------------------------------------------------------
    def _offerable(self) -> list[str]:
        s = self.state
        if s.row is None:
            return list(s.opening_left)
        if s.cash[s.order[s.turn]] < self.facts.minimum_bid and "opener-may-pass" not in self.options:
            return []
        return [c for c, cs in s.companies.items() if cs.in_play and cs.unsold > 0]

    def _begin_opening_auction(self) -> list[Event]:
        s = self.state
        if not s.opening_left:
            return self._finish_opening()
        s.stage = "choose-share"
        if len(s.opening_left) == 1:
            return self._start_auction(s.opening_left[0], s.opener, "opening")
        return []

    def _do_choose_share(self, action: Action) -> list[Event]:
        s = self.state
        if isinstance(action, Pass):
            return [Event("ar:track.decline", msg("{player} declines the auction", player=self.name_of(action.entity)),
                          "decline")] + self._end_turn()
        if action.company not in self._offerable():
            rule = "ar:opening" if s.row is None else "ar:auction.action"
            raise GameError(msg("{article} {company} share cannot be put up now", article=_article(action.company),
                                company=action.company), rule)
        context = "opening" if s.row is None else "action"
        return self._start_auction(action.company, action.entity, context)

    def _start_auction(self, company: str, opener: str, context: str) -> list[Event]:
        s = self.state
        ids = [p.id for p in self.players]
        k = ids.index(opener)
        must = context == "action" and "opener-may-pass" not in self.options
        s.auction = Auction(company, opener, context, ids[k:] + ids[:k], opener_must_bid=must)
        if context == "opening":
            s.opening_left.remove(company)
        rule = "ar:opening" if context == "opening" else "ar:auction.action"
        events = [Event(rule, msg("{player} puts a share of {company} up for auction", player=self.name_of(opener),
                                  company=self.company_name(company)), "auction",
                        {"company": company, "opener": opener})]
        return events + self._advance_auction()

    def _advance_auction(self) -> list[Event]:
        s, a = self.state, self.state.auction
        events: list[Event] = []
        while not a.finished and s.cash[a.bidder] < a.min_bid(self.facts.minimum_bid):
            who = a.bidder
            a.drop(who)
            events.append(Event("ar:auction.pass", msg("{player} cannot bid {amount} and passes", player=self.name_of(who),
                                                       amount=self.money(a.min_bid(self.facts.minimum_bid))),
                                "pass", {"player": who}))
        if a.finished:
            return events + self._resolve_auction()
        s.stage = "bid"
        return events

    def _do_bid(self, action: Action) -> list[Event]:
        s, a = self.state, self.state.auction
        if isinstance(action, Pass):
            a.drop(action.entity)
            events = [Event("ar:auction.pass", msg("{player} passes", player=self.name_of(action.entity)), "pass",
                            {"player": action.entity})]
        else:
            if action.company != a.company:
                raise GameError(msg("the share up for auction is {company}, not {other}", company=a.company,
                                    other=action.company), "ar:auction.bid")
            a.bid(action.entity, action.amount, s.cash[action.entity], self.facts.minimum_bid)
            events = [Event("ar:auction.bid", msg("{player} bids {amount}", player=self.name_of(action.entity),
                                                  amount=self.money(action.amount)), "bid",
                            {"player": action.entity, "amount": action.amount})]
        return events + self._advance_auction()

    def _resolve_auction(self) -> list[Event]:
        s, a = self.state, self.state.auction
        company = s.companies[a.company]
        if a.leader is None:
            if "unsold-on-no-bid" in self.options:
                text = msg("Nobody bids; the {company} share stays for sale", company=a.company)
            else:
                company.unsold -= 1
                company.out += 1
                text = msg("Nobody bids; the {company} share leaves the game", company=a.company)
            return [Event("ar:auction.no-bid", text, "no_bid", {"company": a.company})] + self._after_auction()
        winner, price = a.leader, a.high
        s.cash[winner] -= price
        company.treasury += price
        company.unsold -= 1
        s.shares[winner][a.company] = s.shares[winner].get(a.company, 0) + 1
        if a.context == "opening" and winner not in s.opening_winners:
            s.opening_winners.append(winner)
        events = [Event("ar:auction.win", msg("{player} buys {article} {company} share for {price}, paid to the company",
                                              player=self.name_of(winner), article=_article(a.company),
                                              company=a.company, price=self.money(price)),
                        "buy_share", {"player": winner, "company": a.company, "price": price})]
        if not company.hexes and self._start_cities_for(a.company):
            s.stage, s.start_for = "start", (winner, a.company)
            return events
        return events + self._after_auction()

    def _after_auction(self) -> list[Event]:
        s, a = self.state, self.state.auction
        s.auction, s.start_for = None, None
        if a.context == "action":
            return self._end_turn()
        ids = [p.id for p in self.players]
        if a.leader is not None and "clockwise-openers" not in self.options:
            s.opener = a.leader
        else:
            s.opener = ids[(ids.index(a.opener) + 1) % len(ids)]
        return self._begin_opening_auction()

    def _finish_opening(self) -> list[Event]:
        s = self.state
        rest = [p.id for p in self.players if p.id not in s.opening_winners]
        s.turn_order = list(s.opening_winners) + rest
        s.year = 0
        events = [Event("ar:opening.order", msg("Turn order: {players}", players=", ".join(map(self.name_of, s.turn_order))),
                        "order",
                        {"order": list(s.turn_order)})]
        return events + self._begin_year()

    def _start_cities_for(self, company: str) -> list[str]:
        any_city = "start-any-city" in self.options
        return [c.hex for c in self.board.facts.cities if any_city or not self.state.occupants.get(c.hex)]

    def _start_cities(self) -> list[str]:
        return self._start_cities_for(self.state.start_for[1])

    def _do_start(self, action: Action) -> list[Event]:
        s = self.state
        if action.company != s.start_for[1]:
            raise GameError(msg("the company to start is {company}, not {other}", company=s.start_for[1],
                                other=action.company), "ar:start.city")
        if action.hex not in self._start_cities():
            raise GameError(msg("{hex} is not a city where {company} may start", hex=action.hex, company=action.company),
                            "ar:start.city")
        company = s.companies[action.company]
        company.supply -= 1
        events = [Event("ar:start.city", msg("{company} starts in {city}", company=action.company,
                                             city=self.board.city_at[action.hex].name),
                        "start", {"company": action.company, "hex": action.hex})]
        return events + self._place_cube(action.company, action.hex) + self._after_auction()

    # ----- years, phases and the action track ------------------------------------------------------------
    def _begin_year(self) -> list[Event]:
        s = self.state
        s.track = [{} for _ in range(self.facts.phases_per_year)]
        events = [Event("ar:year", msg("Year {year} begins", year=self.facts.years[s.year]), "year",
                        {"year": self.facts.years[s.year]})]
        return events + self._begin_phase(0)

    def _begin_phase(self, phase: int) -> list[Event]:
        s = self.state
        s.phase, s.turn, s.stage, s.row = phase, 0, "row", None
        if phase == 0:
            s.order = list(s.turn_order)
        else:
            source = 0 if "order-from-phase-one" in self.options else phase - 1
            s.order = self.column_order(source)
        return [Event("ar:track.order", msg("Action phase {phase}: {players}", phase=phase + 1,
                                            players=", ".join(map(self.name_of, s.order))), "order",
                      {"phase": phase + 1, "order": list(s.order)})]

    def _do_row(self, action: Action) -> list[Event]:
        s = self.state
        rows = {r.id: r for r in self.facts.action_rows}
        if action.row not in rows:
            raise GameError(msg("there is no action {row} on the track", row=repr(action.row)), "ar:track")
        if action.row in s.track[s.phase]:
            raise GameError(msg("{player} already took {action} this phase", player=s.track[s.phase][action.row],
                                action=Term(rows[action.row].label, rows[action.row].label)), "ar:track")
        s.track[s.phase][action.row] = action.entity
        s.row = action.row
        events = [Event("ar:track", msg("{player} takes {action}", player=self.name_of(action.entity),
                                        action=Term(rows[action.row].label, rows[action.row].label)), "action_choice",
                        {"player": action.entity, "row": action.row, "phase": s.phase + 1})]
        return events + self._enter_row(action.entity, action.row)

    def _enter_row(self, who: str, row: str) -> list[Event]:
        s = self.state
        if row == "pass":
            return self._end_turn()
        if row == "take" and len(self.players) == 3:
            return self._take_money(who) + self._end_turn()
        s.stage = {"develop": "develop", "fund": "fund", "take": "take", "auction": "choose-share"}.get(row, "expand")
        if row in _EXPAND_ROWS or row == "take":
            s.expand_left, s.expand_company = _EXPAND_ROWS.get(row, 2), None  # Take $2's alternative is Expand 2
        if not any(g for g in self._action_groups() if g.type != Pass.type):  # only the decline is left
            rule = _STEPS[s.stage][1] if row != "auction" else "ar:auction.action"
            return [Event(rule, msg("{player} can do nothing with this action", player=self.name_of(who)),
                          "nothing")] + self._end_turn()
        return []

    def _end_turn(self) -> list[Event]:
        s = self.state
        s.row, s.expand_company, s.expand_left = None, None, 0
        s.turn += 1
        if s.turn < len(s.order):
            s.stage = "row"
            return []
        if s.phase + 1 < self.facts.phases_per_year:
            return self._begin_phase(s.phase + 1)
        events = self._pay_dividends()
        events += self._check_end()
        if s.end is not None:
            s.stage = "over"
            return events
        s.turn_order = self.column_order(self.facts.phases_per_year - 1)
        s.year += 1
        return events + self._begin_year()

    # ----- the actions -----------------------------------------------------------------------------------
    def _do_develop(self, action: Action) -> list[Event]:
        s = self.state
        if isinstance(action, Pass):
            return [Event("ar:track.decline", msg("{player} declines to develop", player=self.name_of(action.entity)),
                          "decline")] + self._end_turn()
        if action.hex not in self._developable():
            raise GameError(self._why_not_develop(action.hex), "ar:develop")
        city = self.board.city_at[action.hex]
        s.houses.append(action.hex)
        s.house_supply -= 1
        events = [Event("ar:develop", msg("{player} builds a house in {city}", player=self.name_of(action.entity),
                                          city=city.name), "house",
                        {"hex": action.hex})]
        changes = house_changes(city, s.occupants[action.hex])
        return events + self._apply_changes(changes, city.name, "ar:income.house") + self._end_turn()

    def _why_not_develop(self, hex_: str) -> Message:
        city = self.board.city_at.get(hex_)
        if city is None:
            return msg("{hex} is not a city", hex=hex_)
        if not city.developable:
            return msg("{city} cannot be developed", city=city.name)
        if hex_ in self.state.houses:
            return msg("{city} already has a house", city=city.name)
        if self.state.house_supply <= 0:
            return msg("no houses are left")
        return msg("{city} has no track yet", city=city.name)

    def _developable(self) -> list[str]:
        s = self.state
        if s.house_supply <= 0:
            return []
        return [c.hex for c in self.board.facts.cities
                if c.developable and s.occupants.get(c.hex) and c.hex not in s.houses]

    def _do_fund(self, action: Action) -> list[Event]:
        if isinstance(action, Pass):
            return [Event("ar:track.decline", msg("{player} declines to fund", player=self.name_of(action.entity)),
                          "decline")] + self._end_turn()
        if action.company not in self._fundable():
            raise GameError(msg("{company} is not a company on the map", company=action.company), "ar:fund")
        self.state.companies[action.company].treasury += self.facts.fund_amount
        events = [Event("ar:fund", msg("The bank pays {amount} to {company}", amount=self.money(self.facts.fund_amount),
                                       company=action.company), "fund",
                        {"company": action.company, "amount": self.facts.fund_amount})]
        return events + self._end_turn()

    def _fundable(self) -> list[str]:
        return [c for c, cs in self.state.companies.items() if cs.in_play and cs.hexes]

    def _do_take(self, action: Action) -> list[Event]:
        if isinstance(action, TakeMoney):
            return self._take_money(action.entity) + self._end_turn()
        if isinstance(action, Pass):
            return [Event("ar:track.decline", msg("{player} declines the action", player=self.name_of(action.entity)),
                          "decline")] + self._end_turn()
        events = self._do_expand(action)
        if self.state.row == "take":  # cubes left to place: the rest of the action is an Expand 2
            self.state.stage = "expand"
        return events

    def _take_money(self, who: str) -> list[Event]:
        s, amount = self.state, self.facts.take_amount
        if "take-from-players" not in self.options:
            s.cash[who] += amount
            return [Event("ar:take-money", msg("{player} takes {amount} from the bank", player=self.name_of(who),
                                               amount=self.money(amount)), "take", {"player": who})]
        events = []
        for other in sorted(p for p in s.cash if p != who):
            paid = min(amount, s.cash[other])
            s.cash[other] -= paid
            s.cash[who] += paid
            events.append(Event("ar:take-money", msg("{player} takes {amount} from {other}", player=self.name_of(who),
                                                     amount=self.money(paid), other=self.name_of(other)), "take",
                                {"player": who, "from": other, "amount": paid}))
        return events

    def _build_group(self, who: str) -> BuildChoices:
        """The cubes ``who`` may place now for the companies of :meth:`_build_companies` (rule ``ar:expand``)."""
        return BuildChoices(Build, who, self._build_companies(who), self._targets)

    def _targets(self, company: str) -> Iterator[tuple[str, int]]:
        """Yield ``(hex, cost)`` for every cube ``company`` may place now, hexes in name order (``ar:expand``)."""
        s, cs = self.state, self.state.companies[company]
        return build_targets(self.board, company, cs.hexes, s.occupants, s.houses, self._house_counts, cs.treasury,
                             cs.supply)

    def _build_companies(self, who: str) -> list[str]:
        s = self.state
        if s.expand_company is not None and "split-expand" not in self.options:
            return [s.expand_company]
        return [c for c, n in sorted(s.shares[who].items()) if n > 0 and s.companies[c].hexes]

    @property
    def _house_counts(self) -> bool:
        return "house-not-counted" not in self.options

    def _do_expand(self, action: Action) -> list[Event]:
        s = self.state
        if isinstance(action, Pass):
            return [Event("ar:expand", msg("{player} stops expanding", player=self.name_of(action.entity)),
                          "stop")] + self._end_turn()
        if s.shares[action.entity].get(action.company, 0) < 1:
            raise GameError(msg("{player} holds no {company} share", player=self.name_of(action.entity),
                                company=action.company), "ar:expand.holder")
        if action.company not in self._build_companies(action.entity):
            raise GameError(msg("this Expand action builds for {company} only", company=s.expand_company),
                            "ar:expand.one-company")
        cs = s.companies[action.company]
        cost = check_build(self.board, action.company, action.hex, s.occupants, s.houses, self._house_counts,
                           cs.treasury, cs.supply)
        cs.treasury -= cost
        cs.supply -= 1
        s.expand_company = action.company
        s.expand_left -= 1
        events = [Event("ar:expand", msg("{company} builds into {hex} for {cost}", company=action.company,
                                         hex=action.hex, cost=self.money(cost)), "build",
                        {"company": action.company, "hex": action.hex, "cost": cost})]
        events += self._place_cube(action.company, action.hex)
        if s.expand_left > 0 and self._build_group(action.entity):
            return events
        return events + self._end_turn()

    # ----- income ----------------------------------------------------------------------------------------
    def _place_cube(self, company: str, hex_: str) -> list[Event]:
        s = self.state
        cs = s.companies[company]
        pairs_before = len(linked_pairs(cs.hexes, self.board))
        there = s.occupants.get(hex_, ())
        events: list[Event] = []
        city = self.board.city_at.get(hex_)
        if city is not None:
            changes = entry_changes(city, hex_ in s.houses, there, company)
            events += self._apply_changes(changes, city.name, "ar:income.city")
        s.occupants[hex_] = (*there, company)
        cs.hexes.append(hex_)
        bonus = special_bonus(pairs_before, len(linked_pairs(cs.hexes, self.board)))
        if bonus:
            cs.income += bonus
            events.append(Event("ar:income.special", msg("{company} links special cities: income +{bonus} (now {income})",
                                                         company=company, bonus=self.money(bonus),
                                                         income=self.money(cs.income)),
                                "income", {"company": company, "change": bonus, "source": "special"}))
        return events

    def _apply_changes(self, changes: dict[str, int], place: str, rule: str) -> list[Event]:
        events = []
        for company, change in changes.items():
            cs = self.state.companies[company]
            cs.income += change
            signed = ("+" if change >= 0 else "-") + self.money(abs(change))  # "+$4": money, as the income after it
            events.append(Event(rule, msg("{company} income {change} from {place} (now {income})", company=company,
                                          change=signed, place=place, income=self.money(cs.income)), "income",
                                {"company": company, "change": change, "source": place}))
        return events

    def _pay_dividends(self) -> list[Event]:
        s = self.state
        events = [Event("ar:dividends", msg("Dividends for {year}", year=self.facts.years[s.year]), "phase")]
        for company, cs in s.companies.items():
            held = self.shares_held(company)
            if not cs.in_play or held == 0:
                continue
            per_share = self.dividend(company)
            for player in sorted(s.shares):
                n = s.shares[player].get(company, 0)
                s.cash[player] += per_share * n
            paid = nmsg("{company} income {income} over {shares} share: {per_share} per share",
                        "{company} income {income} over {shares} shares: {per_share} per share", held,
                        company=company, income=self.money(cs.income), shares=held, per_share=self.money(per_share))
            events.append(Event("ar:dividends", paid, "dividend",
                                {"company": company, "income": cs.income, "shares": held, "per_share": per_share}))
        return events

    def _check_end(self) -> list[Event]:
        s = self.state
        in_play = [cs for cs in s.companies.values() if cs.in_play]
        low = self.facts.supply_low
        exhausted = sum(cs.supply <= low for cs in in_play) + (s.house_supply <= low)
        if s.year + 1 >= len(self.facts.years):
            s.end = ("years", msg("The year {year} is over", year=self.facts.years[s.year]), "ar:end.years")
        elif all(cs.unsold == 0 for cs in in_play):
            s.end = ("shares", msg("Every share has been sold or has left the game"), "ar:end.shares")
        elif exhausted >= len(self.players):
            s.end = ("supplies", msg("{count} supplies hold {low} pieces or fewer", count=exhausted, low=low),
                     "ar:end.supplies")
        if s.end is None:
            return []
        return [Event(s.end[2], msg("{reason}; the game ends", reason=s.end[1]), "end", {"reason": s.end[0]})]
