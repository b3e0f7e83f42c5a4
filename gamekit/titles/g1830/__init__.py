"""1830: Railways & Robber Barons (Francis Tresham) — the 18xx baseline title.

Rounds: the private auction (:mod:`.auction`), stock rounds (:mod:`.stock`) and operating rounds. Facts come from
``data/1830/game.json``; rules are written out in ``data/1830/rules.md``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Sequence

from ...actions import Action, Pass
from ...events import Event
from ...game import ActionRange, Game, Outcome, Player, Step
from ...rng import GameRandom
from ...tracks.actions import BuyShares
from ...tracks.board import new_board
from ...tracks.facts import title_facts
from ...tracks.graph import reach
from ...tracks.market import StockMarket
from ...tracks.mapdata import load_track_data
from ...tracks.shares import IPO, POOL, ShareLedger, cert_corporation, is_president_cert
from ...tracks.trains import new_depot
from . import auction, operating, stock
from .economy import check_float, require, share_price, update_president
from .state import AuctionRound, CorporationState, PlayerState, State, StockRound


class Game1830(Game):
    """A game of 1830 for 2–6 players (see :class:`gamekit.game.Game` for the protocol).

    Options: ``multiple_brown_from_ipo`` (several shares per turn may also be bought from the IPO when the price is
    in the brown zone), ``optional_6_train`` (three 6-trains instead of two), and seed 001's older edition:
    ``seed_erie_59_early``, ``seed_restrictive_upgrades`` (rule ``1830:edition``).
    """

    title: ClassVar[str] = "1830"
    rule_prefix: ClassVar[str] = "1830"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options_available: ClassVar[dict[str, str]] = {
        "multiple_brown_from_ipo": "In the brown zone several shares per turn may be bought from the IPO too",
        "optional_6_train": "Three 6-trains instead of two",
        "seed_erie_59_early": "Seed 001's older edition: the Erie may lay tile #59 on its home hex before green "
                              "tiles are available",
        "seed_restrictive_upgrades": "Seed 001's older edition: an upgrade must add track the laying corporation "
                                     "can use",
    }

    def __init__(self, players: Sequence[str | Player], seed: int = 0, options: Sequence[str] = ()):
        self.facts = title_facts("1830")
        self.market = StockMarket(self.facts.market)
        self.track = load_track_data("1830")
        super().__init__(players, seed=seed, options=options)

    # ----- setup and flow --------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        facts = self.facts
        cash = facts.starting_cash[str(len(self.players))]
        players = {p.id: PlayerState(cash=cash) for p in self.players}
        corporations = {c.sym: CorporationState(tokens=[None] * len(c.tokens)) for c in facts.corporations}
        ledger = ShareLedger.issue({c.sym: c.certificates for c in facts.corporations})
        self.state = State(players=players, seat_order=[p.id for p in self.players],
                           bank=facts.bank_cash - cash * len(self.players), ledger=ledger,
                           corporations=corporations, private_owner={}, closed_privates=[], stacks={},
                           board=new_board(self.track), depot=new_depot(facts, self.options),
                           round=None, rng=GameRandom(self.seed))
        self.state.round = auction.new_round(self)
        return [Event("1830:setup", f"Each player receives {facts.money(cash)}; the bank keeps "
                      f"{facts.money(self.state.bank)}", "setup", {"cash": cash}),
                Event("1830:auction", "The private auction begins", "round", {"round": "auction"})]

    def _module(self):
        rnd = self.state.round
        if isinstance(rnd, AuctionRound):
            return auction
        if isinstance(rnd, StockRound):
            return stock
        return operating

    def _step(self) -> Step:
        step = self._module().step(self)
        exchangeable = any(self.facts.private(sym).exchange and owner in self.state.players
                           for sym, owner in self.state.private_owner.items())
        if exchangeable and "buy_shares" not in step.action_types:  # the M&H exchange, judged by its own rule
            return replace(step, action_types=tuple(sorted({*step.action_types, "buy_shares"})))
        return step

    def _legal_actions(self) -> list[Action]:
        return self._module().legal_actions(self) + self._exchange_actions()

    def _ranges(self) -> list[ActionRange]:
        mod = self._module()
        return mod.ranges(self) if hasattr(mod, "ranges") else []

    def _apply(self, action: Action) -> list[Event]:
        if action.entity in self.private_symbols() and isinstance(action, BuyShares):
            events = self._exchange(action)
        else:
            events = self._module().apply(self, action)
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """Run what follows without a choice: round ends, and stock-round turns with nothing but a pass."""
        events: list[Event] = []
        while True:
            rnd = self.state.round
            if isinstance(rnd, AuctionRound) and auction.finished(self):
                self.state.round = stock.new_round_after_auction(self)
                events.append(Event("1830:stock.round", f"Stock round {self.state.stock_round_num} begins", "round"))
            elif isinstance(rnd, StockRound) and stock.finished(self):
                events += stock.finish(self)
                return events + operating.start(self)
            elif isinstance(rnd, StockRound) and not stock.has_choice(self):
                events += stock.pass_turn(self)
            else:
                return events

    def start_stock_round(self) -> list[Event]:
        """Begin the next stock round (after a set of operating rounds)."""
        self.state.round = stock.new_round(self)
        return [Event("1830:stock.round", f"Stock round {self.state.stock_round_num} begins", "round")] + \
            self._advance()

    def has_route(self, corp: str) -> bool:
        """True when ``corp``'s network joins at least two stops, so a train could run (``1830:trains.must-buy``)."""
        return len(reach(self.track, self.state.board, corp).nodes) >= 2

    def _outcome(self) -> Outcome | None:
        reason = self.state.end_reason
        if reason is None:
            return None
        ranking = sorted(((p.id, self.player_value(p.id)) for p in self.players), key=lambda pv: -pv[1])
        texts = {"bank": "The bank broke and the last set of operating rounds is over",
                 "bankrupt": "A player went bankrupt"}
        return Outcome(reason, texts[reason], f"1830:end.{reason}", tuple(ranking))

    def audit(self) -> tuple[dict[str, int], list[str]]:
        """Bookkeeping checks for soak tests: ``(conserved, problems)``.

        ``conserved`` holds quantities that never change in a game: all money (bank, players, treasuries, in
        dollars; the bank may go below zero when it breaks, rule ``1830:end.bank``) and the certificates in all
        holdings (percent summed over every holder and corporation). ``problems`` lists broken bookkeeping: negative cash, a certificate whose owner
        and holder lists disagree, a train in two places, a placed station token missing from the map.
        """
        state = self.state
        money = state.bank + sum(p.cash for p in state.players.values()) + \
            sum(c.cash for c in state.corporations.values())
        problems = [f"{who} has {cash} dollars" for who, cash in
                    [(p, ps.cash) for p, ps in state.players.items()] +
                    [(c, cs.cash) for c, cs in state.corporations.items()] if cash < 0]
        ledger = state.ledger
        problems += [f"{cert} is owned by {owner} but not in its holdings" for cert, owner in ledger.owner.items()
                     if cert not in ledger.holdings.get(owner, {}).get(cert_corporation(cert), [])]
        held = [cert for corps in ledger.holdings.values() for certs in corps.values() for cert in certs]
        problems += [f"{cert} is held twice" for cert in set(held) if held.count(cert) > 1]
        trains = [t for c in state.corporations.values() for t in c.trains] + list(state.depot.upcoming)
        problems += [f"train {t} is in two places" for t in set(trains) if trains.count(t) > 1]
        pending = {(owner, coord) for _, owner, coord in getattr(state.round, "pending_tokens", [])}
        for corp, c in state.corporations.items():
            for coord in c.tokens:
                on_map = coord and any(corp in slots for slots in state.board.tokens.get(coord, []))
                if coord and not on_map and (corp, coord) not in pending:
                    problems.append(f"{corp}'s token on {coord} is not on the map")
        return {"money": money, "certificates": sum(ledger.percent[cert] for cert in held)}, problems

    # ----- facts about the position ------------------------------------------------------------------
    def entity_kind(self, entity: str) -> str | None:
        """What an entity id names, in 18xx.games' ``entity_type`` words: ``corporation``, ``company`` (a private
        company) or ``None`` for an unknown id (players are the caller's business)."""
        if entity in self.state.corporations:
            return "corporation"
        return "company" if entity in self.private_symbols() else None

    def private_symbols(self) -> set[str]:
        """The symbols of the private companies."""
        return {p.sym for p in self.facts.privates}

    def player_value(self, player_id: str) -> int:
        """Cash + certificates at market price (corporations with a price) + face value of privates held, in dollars
        (rule ``1830:end.value``)."""
        state = self.state
        value = state.players[player_id].cash
        for corp in state.ledger.corporations_of(player_id):
            if state.corporations[corp].price is not None:
                value += share_price(self, corp) * state.ledger.percent_of(player_id, corp) // 10
        return value + sum(self.facts.private(sym).value for sym in state.players[player_id].privates)

    def operating_order_all(self) -> list[str]:
        """Corporations with a price, in operating order: higher price, then further right, then higher row,
        then earlier arrival on the cell (rule ``1830:or.order``)."""
        state = self.state

        def key(corp: str):
            row, col = state.corporations[corp].price
            return (-self.market.cell((row, col)).price, -col, row, state.stacks[(row, col)].index(corp))

        return sorted((c for c, cs in state.corporations.items() if cs.price is not None), key=key)

    # ----- the Mohawk & Hudson exchange --------------------------------------------------------------
    def _exchange_actions(self) -> list[Action]:
        state = self.state
        actions: list[Action] = []
        for sym, owner in state.private_owner.items():
            ex = self.facts.private(sym).exchange
            if ex is None or owner not in state.players:
                continue
            for source in (IPO, POOL):
                certs = [c for c in state.ledger.certs(source, ex.corporation) if not is_president_cert(c)]
                if certs and self._exchange_refusal(sym, certs[0]) is None:
                    actions.append(BuyShares(entity=sym, shares=(certs[0],), percent=state.ledger.percent[certs[0]]))
        return actions

    def _exchange_refusal(self, sym: str, cert: str) -> tuple[str, str] | None:
        state = self.state
        ex = self.facts.private(sym).exchange
        owner = state.private_owner.get(sym)
        rule = "1830:private.mh-exchange"
        if ex is None or owner not in state.players:
            return f"{sym} is not a private a player can exchange", rule
        if isinstance(state.round, AuctionRound):
            return f"{sym} is exchanged in stock and operating rounds, not during the private auction", rule
        if isinstance(state.round, StockRound) and stock.current_player(self) != owner:
            return f"in a stock round {sym} is exchanged on its owner's turn", rule
        if cert not in state.ledger.owner:
            return f"there is no certificate {cert}", rule
        corp = cert_corporation(cert)
        source = state.ledger.owner.get(cert)
        if corp != ex.corporation or is_president_cert(cert):
            return f"{sym} is exchanged only for a 10% certificate of {ex.corporation}", rule
        allowed = {IPO for f in ex.from_ if f == "ipo"} | {POOL for f in ex.from_ if f == "market"}
        if source not in allowed:
            return f"{cert} is neither in the IPO nor in the bank pool", rule
        if state.ledger.percent_of(owner, corp) + state.ledger.percent[cert] > self.facts.max_holding_percent:
            return f"the owner would hold more than {self.facts.max_holding_percent}% of {corp}", rule
        return None

    def _exchange(self, action: BuyShares) -> list[Event]:
        require(len(action.shares) == 1,
                f"{action.entity} can only be exchanged for one certificate", "1830:private.mh-exchange")
        cert = action.shares[0]
        refusal = self._exchange_refusal(action.entity, cert)
        if refusal:
            require(False, *refusal)
        require(action.percent == self.state.ledger.percent[cert], f"{cert} is {self.state.ledger.percent[cert]}%, "
                f"not {action.percent}%", "1830:private.mh-exchange")
        state = self.state
        owner = state.private_owner.pop(action.entity)
        state.players[owner].privates.remove(action.entity)
        state.closed_privates.append(action.entity)
        state.ledger.move(cert, owner)
        corp = cert_corporation(cert)
        events = [Event("1830:private.mh-exchange", f"{self.player(owner).name} exchanges {action.entity} for {cert}; "
                        f"{action.entity} closes", "exchange", {"player": owner, "certificate": cert})]
        return events + update_president(self, corp) + check_float(self, corp)


__all__ = ["Game1830", "Pass"]
