"""The 18xx answers to the public query API (:mod:`gamekit.query`), plus the questions only 18xx games have.

Everything returned is a plain value copied out of the state; see :mod:`gamekit.query` for names and units.
"""

from __future__ import annotations

from typing import Any

from ..errors import unknown_id
from ..i18n import N_, Message
from ..query import BANK, IPO, POOL, Holding, Queries
from ..tracks import board as boards
from ..tracks.facts import EndTriggerFacts
from ..tracks.shares import IPO as LEDGER_IPO, POOL as LEDGER_POOL
from ..tracks.trains import for_sale
from .state import AuctionRound, OperatingRound, StockRound

_HOLDERS = {IPO: LEDGER_IPO, POOL: LEDGER_POOL}
END_TRIGGERS = {"bankrupt": N_("a player goes bankrupt"), "bank": N_("the bank breaks"),
                "stock_market": N_("a share price reaches the end of the market"),
                "final_phase": N_("the last phase begins"), "final_train": N_("the last train is bought")}
"""What fires each end trigger (``EndTriggerFacts.reason``) as a rule states it, in the present: the comparison's
end triggers (:meth:`Queries18xx.trigger_words`). How a game that ended so reads is another clause, in the past
(:data:`gamekit.i18n.END_REASONS`: "the bank broke"; Dutch words it as a clause of its own order)."""
BANKRUPTCIES = {"all_but_one": (N_("all players but one are bankrupt"), N_("all players but one went bankrupt"),
                                N_("All players but one went bankrupt"))}
"""The bankruptcy end of a trigger that waits for more than one bankruptcy (``EndTriggerFacts.players``; 1837: every
player but one bankrupt, rule ``end.bankrupt``), by the trigger's ``players``: as the rule states it
(:meth:`Queries18xx.trigger_words`), as a game that ended so reads (:meth:`Queries18xx.end_words`) and as the
sentence of its end event and outcome (:func:`gamekit.g18xx.end.outcome_text`; a sentence of its own, not the
clause capitalised: Dutch words the clause in the order of a subordinate clause), the one place of all three; one
bankruptcy (1830, 1894) reads as :data:`END_TRIGGERS`, :func:`gamekit.i18n.end_reason_words` and
:data:`gamekit.g18xx.end.ENDED` say."""


class Queries18xx(Queries):
    """The query methods of an 18xx game (mixed into :class:`gamekit.g18xx.game.Game18xx`)."""

    state: Any

    # ----- the common API ----------------------------------------------------------------------------
    @classmethod
    def end_words(cls, reason: str) -> Message | str:
        """How a game of this title ended for ``reason``, a clause in the current language when shown, as the
        title's end trigger for it reads (rule ``end.<reason>``): 1837's ``bankrupt`` is "all players but one went
        bankrupt" (:data:`BANKRUPTCIES`), 1830's "a player went bankrupt"."""
        trigger = cls.load_facts().end_trigger(reason) if reason == "bankrupt" else None
        if trigger is not None and trigger.players in BANKRUPTCIES:
            return Message(BANKRUPTCIES[trigger.players][1], {})
        return super().end_words(reason)

    @classmethod
    def trigger_words(cls, trigger: EndTriggerFacts) -> Message:
        """What fires ``trigger`` (one of the title's ``facts.end_triggers``), a clause in the present as the rule
        states it, in the current language when shown (rule ``end.<reason>``): "the bank breaks"
        (:data:`END_TRIGGERS`); 1837's bankruptcy end "all players but one are bankrupt" (:data:`BANKRUPTCIES`)."""
        if trigger.reason == "bankrupt" and trigger.players in BANKRUPTCIES:
            return Message(BANKRUPTCIES[trigger.players][0], {})
        return Message(END_TRIGGERS[trigger.reason], {})

    def corporations(self) -> tuple[str, ...]:
        """Return the corporations' symbols in data order (rule ``setup``)."""
        # a fact the heuristic bot asks several times per position: kept with the facts (_facts_memo)
        memo = self._facts_memo()
        found = memo.get("corporations in data order")
        if found is None:
            found = memo["corporations in data order"] = tuple(c.sym for c in self.facts.corporations)
        return found

    def private_companies(self) -> tuple[str, ...]:
        """Return the private companies' symbols in data order (rule ``auction``)."""
        memo = self._facts_memo()
        found = memo.get("privates in data order")
        if found is None:
            found = memo["privates in data order"] = tuple(p.sym for p in self.facts.privates)
        return found

    def cash(self, entity: str) -> int | None:
        """Return the cash of a player, a corporation (its treasury) or :data:`~gamekit.query.BANK` in dollars
        (``None`` for the bank of a title whose bank is unlimited; rule ``end.bank``).

        Raises:
            gamekit.errors.UnknownId: no such entity (rule ``<title>:setup``; the message lists the players, the
                corporations and the bank); a ``KeyError`` too.
        """
        state = self.state
        if entity == BANK:
            return state.bank
        if entity in state.players:
            return state.players[entity].cash
        corporation = state.corporations.get(entity)
        if corporation is not None:
            return corporation.cash
        raise unknown_id(entity, N_("a player, a corporation or the bank"),
                         [*state.players, *self.corporations(), BANK], f"{self.rule_prefix}:setup")

    def holdings(self, holder: str) -> dict[str, Holding]:
        """Return corporation → :class:`~gamekit.query.Holding` for a player, :data:`~gamekit.query.IPO`,
        :data:`~gamekit.query.POOL` or a corporation (treasury shares).

        Raises:
            gamekit.errors.UnknownId: no such holder (rule ``<title>:setup``; the message lists the holders); a
                ``KeyError`` too.
        """
        inner = self._holder(holder)
        ledger = self.state.ledger
        return {corp: Holding(len(ledger.certs(inner, corp)), ledger.percent_of(inner, corp))
                for corp in ledger.corporations_of(inner)}

    def president(self, corporation: str) -> str | None:
        """Return the player holding the president's certificate, ``None`` before par (rule
        ``stock.president``).

        Raises:
            gamekit.errors.UnknownId: no such corporation (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        try:  # asked in every position by the bots: the refusal costs no call on the way
            return self.state.corporations[corporation].president
        except KeyError:
            raise self._unknown_corporation(corporation) from None

    def share_price(self, corporation: str) -> int | None:
        """Return the market price of one 10% share in dollars, ``None`` before par (rule ``market.moves``).

        Raises:
            gamekit.errors.UnknownId: no such corporation (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        cell = self._corporation(corporation).price
        return None if cell is None else self.market.cell(cell).price

    def par_price(self, corporation: str) -> int | None:
        """Return the par price of one 10% share in dollars, ``None`` before par (rule ``stock.par``).

        Raises:
            gamekit.errors.UnknownId: no such corporation (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        cell = self._corporation(corporation).par
        return None if cell is None else self.market.cell(cell).price

    def trains(self, corporation: str) -> tuple[str, ...]:
        """Return the corporation's train ids in the order bought (rule ``trains.buy``).

        Raises:
            gamekit.errors.UnknownId: no such corporation (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        try:  # asked in every position by the bots, as president
            return tuple(self.state.corporations[corporation].trains)
        except KeyError:
            raise self._unknown_corporation(corporation) from None

    def tokens(self, corporation: str) -> tuple[str, ...]:
        """Return the hexes of the corporation's placed station tokens, in placing order (rule ``token.place``).

        Raises:
            gamekit.errors.UnknownId: no such corporation (rule ``<title>:setup``; the message lists them); a
                ``KeyError`` too.
        """
        return tuple(h for h in self._corporation(corporation).tokens if h is not None)

    def phase(self) -> str:
        """Return the phase name (1830: ``"2"`` … ``"D"``) (rule ``trains.phase``)."""
        return self.facts.phases[self.state.depot.phase].name

    def active_round(self) -> str:
        """Return ``"Private auction"``, ``"Stock round N"`` or ``"Operating round N.M"`` (the M-th operating
        round after stock round N)."""
        rnd, num = self.state.round, self.state.stock_round_num
        if isinstance(rnd, AuctionRound):
            return "Private auction"
        if isinstance(rnd, StockRound):
            return f"Stock round {num}"
        return f"Operating round {num}.{rnd.num}"

    def operating_order(self) -> tuple[str, ...]:
        """Return the corporations in operating order: this operating round's order while one is played,
        else the order by share price now (rule ``or.order``)."""
        rnd = self.state.round
        if isinstance(rnd, OperatingRound):
            return tuple(rnd.order)
        return tuple(self.operating_order_all())

    # ----- 18xx questions ----------------------------------------------------------------------------
    def certificates(self, holder: str, corporation: str) -> tuple[str, ...]:
        """Return the certificate ids (``"NYC_0"`` is the president's) of ``corporation`` that ``holder``
        holds, in the order received (rule ``stock.president``); ``holder`` as in :meth:`holdings`."""
        return tuple(self.state.ledger.certs(self._holder(holder), corporation))

    def certificate_percent(self, certificate: str) -> int:
        """Return the size of a certificate in percent (20 for a president's certificate).

        Raises:
            KeyError: no such certificate.
        """
        return self.state.ledger.percent[certificate]

    def private_owner(self, company: str) -> str | None:
        """Return who owns an open private company (a player id or a corporation), ``None`` while unsold or
        once closed."""
        return self.state.private_owner.get(company)

    def privates(self, holder: str) -> tuple[str, ...]:
        """Return the private companies a player or corporation owns, in the order received.

        Raises:
            gamekit.errors.UnknownId: no such player or corporation (rule ``<title>:setup``); a ``KeyError`` too.
        """
        state = self.state
        owner = state.players.get(holder) or state.corporations.get(holder)
        if owner is None:
            raise unknown_id(holder, N_("a player or a corporation"), [*state.players, *self.corporations()],
                             f"{self.rule_prefix}:setup")
        return tuple(owner.privates)

    def floated(self, corporation: str) -> bool:
        """True once the corporation has floated (rule ``stock.float``)."""
        return self._corporation(corporation).floated

    def priority_deal(self) -> str:
        """Return the player id holding the priority deal (rule ``stock.priority``)."""
        return self.state.seat_order[0]

    def trains_for_sale(self) -> tuple[str, ...]:
        """Return the train ids the bank sells now (rule ``trains.buy``)."""
        return tuple(for_sale(self.facts, self.state.depot))

    def train_types_sold(self) -> tuple[str, ...]:
        """Return the train types (``"3"``, ``"4E"``) of which the bank has sold a copy, in the order first sold:
        only a type's first copy starts a phase, rusts trains or fires a train event (rule ``trains.phase``)."""
        return tuple(self.state.depot.sold_types)

    def trains_in_depot(self) -> tuple[str, ...]:
        """Return the trains not yet sold by the bank, in the order it sells them (rule ``trains.buy``)."""
        return tuple(self.state.depot.upcoming)

    def train_limit(self) -> int | dict[str, int]:
        """Return how many trains a corporation may own in the current phase (rule ``trains.limit``): a number, or
        where the limit depends on the kind of company (1837) kind → number (``{"coal": 2, "minor": 2, …}``)."""
        return self.facts.phases[self.state.depot.phase].train_limit

    def tile_colours(self) -> tuple[str, ...]:
        """Return the tile colours that may be laid in the current phase (rule ``track.lay``)."""
        return tuple(self.facts.phases[self.state.depot.phase].tiles)

    def market_cell(self, corporation: str) -> tuple[int, int] | None:
        """Return the ``(row, column)`` of the corporation's price marker on the market grid, ``None`` before par."""
        cell = self._corporation(corporation).price
        return None if cell is None else tuple(cell)

    def market_stacks(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """Return market cell ``(row, column)`` → corporations there in arrival order (operating order breaks
        ties with it, rule ``or.order``); only cells that hold a marker."""
        return {tuple(cell): tuple(corps) for cell, corps in sorted(self.state.stacks.items()) if corps}

    def revenue_this_turn(self) -> int:
        """Return what the operating corporation's trains earned this turn in dollars (0 outside an operating
        round, rule ``route.run``)."""
        rnd = self.state.round
        return rnd.revenue if isinstance(rnd, OperatingRound) else 0

    def track_state(self) -> dict[str, dict]:
        """Return the map as plain data (copies): ``tiles`` hex → ``(tile copy id, rotation)``; ``tokens`` and
        ``reservations`` hex → per city → per slot a corporation or ``None``; ``hex_reservations`` hex →
        corporations. ``gamekit.tracks.board.Board(**game.track_state())`` rebuilds a board to draw from."""
        b = self.state.board
        return {"tiles": dict(b.tiles),
                "tokens": {h: [list(slots) for slots in cities] for h, cities in b.tokens.items()},
                "reservations": {h: [list(slots) for slots in cities] for h, cities in b.reservations.items()},
                "hex_reservations": {h: list(c) for h, c in b.hex_reservations.items()}}

    def city_id(self, hex_: str, city: int) -> str:
        """Return the 18xx.games city id (``"57-3-0"``) of city ``city`` (0-based) on ``hex_`` now."""
        return boards.city_id(self.track, self.state.board, hex_, city)

    def _holder(self, holder: str) -> str:
        """The ledger's name of a holder of :meth:`holdings`; refuses an unknown one."""
        state = self.state
        if holder in _HOLDERS:
            return _HOLDERS[holder]
        if holder in state.players or holder in state.corporations:
            return holder
        raise unknown_id(holder, N_("a player, a corporation, the IPO or the pool"),
                         [*state.players, *self.corporations(), IPO, POOL], f"{self.rule_prefix}:setup")

    def _corporation(self, corporation: str) -> Any:
        """The state record of a corporation; refuses an unknown one."""
        try:
            return self.state.corporations[corporation]
        except KeyError:
            raise self._unknown_corporation(corporation) from None

    def _unknown_corporation(self, corporation: str) -> Exception:
        """The refusal of an id that is no corporation of this game, listing them (rule ``<title>:setup``)."""
        return unknown_id(corporation, N_("a corporation"), self.corporations(), f"{self.rule_prefix}:setup")
