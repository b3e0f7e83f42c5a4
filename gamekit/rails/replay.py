"""Replaying a Rails-18xx report with our rules: each line becomes our action or a check of our state after it.

A line that records a move (a bid, a purchase, a tile lay, a revenue, a dividend) is played as our legal action
that says the same; a line that records a consequence (cash, a price move, a float, a presidency, a payout, a
rusting) is compared with our state. Rails leaves some moves unrecorded: passing over an operating step, the B&O's
par price, the routes behind a revenue; the replay finds the legal one that gives the report's figures
(:mod:`gamekit.rails.moves`). The first refusal or difference stops the replay with ``line N: <rule>: <reason>``,
ours against the report's figure (rule ``core:import.log``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..actions import Action, Pass
from ..errors import DataError, GameError, cut, shown
from ..game import Game, Player
from ..i18n import msg
from ..titles import game_class
from .lines import Line
from .tables import RailsTable, market_cell


class Stop(Exception):
    """The replay stops at a line: ``str(self)`` is ``"line N: <rule>: <reason>"``."""


@dataclass
class Replay:
    """The state of one replay: our game (``None`` until the report's players are known) and the counts.

    Attributes:
        lines: the report's event lines.
        table: the title's name table.
        game: our game.
        applied: our actions applied.
        checked: figures of the report compared with ours (each equal).
        lines_done: report lines read so far (all of them after a complete replay).
        players: the report's players in seat order (``PlayerIs``): never more than the title plays (:meth:`seat`),
            so that looking a name up among them costs a few comparisons, however many lines name players.
        acted: the player whose stock-round turn is open after a purchase Rails records (our round ends it by
            that player's pass unless the round ended it itself).
        passed_by_round: players our stock round passed by itself because they could not act, whose pass Rails
            records on a line of its own still to come.
        merge_discards: ``(company, train kind)`` of trains our rules sent to the bank when a merger reached a
            company at its train limit (1837), whose discard Rails records on a line still to come.
        contribution: ``(line, player, amount)`` of a president's cash towards a train that Rails states on the
            line before the purchase, checked once the purchase is played.
        homes: company → the home hex the report states it chose (``SetsHomeHexS5``).
        options: our title's options that play the report's Rails variant (:func:`variant_options`).
        selected: the start item the last ``SelectForAuctioning`` names, which the bid that follows must name (our
            selection and first bid are one action).
        last_mover: the player of the stock round's last purchase, sale or pass line (``None`` as a round starts).
        sale_parts: ``(player, corporation)`` → the proceeds of the later lines of a sale played at once
            (:func:`gamekit.rails.moves.same_turn_sales`), checked at those lines.
    """

    lines: list[Line]
    table: RailsTable
    edition: str | None = None
    game: Game | None = None
    applied: int = 0
    checked: int = 0
    lines_done: int = 0
    players: list[str] = field(default_factory=list)
    operating: str | None = None
    before: dict[str, int] = field(default_factory=dict)
    revenue: int | None = None
    subsidy: int = 0
    index: int = 0
    round: str = ""
    acted: str | None = None
    sold: dict[str, int] = field(default_factory=dict)
    passed_by_round: list[str] = field(default_factory=list)
    merge_discards: list[tuple[str, str]] = field(default_factory=list)
    contribution: tuple[Line, str, int] | None = None
    sale_parts: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    homes: dict[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    selected: str | None = None
    last_mover: str | None = None

    # ---- helpers used by the handlers -------------------------------------------------------------------------

    def stop(self, line: Line, rule: str, reason: str) -> Stop:
        """A :class:`Stop` naming ``line``."""
        return Stop(f"line {line.number}: {rule}: {reason}")

    def rule(self, suffix: str) -> str:
        """The rule id ``<title>:<suffix>``."""
        return f"{self.table.title}:{suffix}"

    def check(self, line: Line, rule: str, what: str, ours: object, theirs: object) -> None:
        """Compare one figure; a difference stops the replay (ours vs the report's)."""
        self.checked += 1
        if ours != theirs:
            raise self.stop(line, self.rule(rule) if ":" not in rule else rule,
                            f"{what}: ours {ours}, the report's {theirs}")

    def act(self, line: Line, action: Action) -> list:
        """Apply our action for ``line`` and return its events; a refusal stops the replay with the rule that
        forbids it."""
        try:
            events = self.game.process(action)
        except GameError as exc:
            raise self.stop(line, exc.rule, f"{exc.message} (the report: {cut(line.text, 120)})") from None
        self.applied += 1
        for event in events:  # start items sold, also those an action resolves for other players
            if event.kind == "buy_private":
                self.sold[event.data["company"]] = event.data["price"]
            if event.kind == "end_turn":
                self.acted = None
            if event.kind == "discard" and "from" in event.data:
                self.merge_discards += [(event.data["corporation"], t.split("-")[0]) for t in event.data["trains"]]
        # a pass event names its player only in its text ("Alice passes"), ours and Rails' names being the same
        self.passed_by_round = [e.text.removesuffix(" passes") for e in events if e.kind == "pass"
                                and e.text.removesuffix(" passes") in self.players and
                                e.text.removesuffix(" passes") != action.entity]
        return events

    def round_over(self) -> bool:
        """True when our game has left the round the report is in (it ended the round because no player could
        act any more, where Rails still records each player's pass)."""
        return bool(self.round) and not self.game.active_round().startswith(self.round.split(" round")[0])

    def legal(self, kind: str, test: Callable[[Action], bool] = lambda a: True) -> list[Action]:
        """Our legal actions of type ``kind`` that pass ``test`` (built from the groups of that type only)."""
        return [a for group in self.game.action_groups() if group.type == kind
                for a in (group.action(i) for i in range(len(group))) if test(a)]

    def accepts(self, kind: str, entity: str | None = None) -> bool:
        """Whether ``entity`` (anyone when ``None``) may take an action of type ``kind`` now."""
        if entity is not None and self.game.current_entity != entity:
            return False
        return any(group.type == kind and group for group in self.game.action_groups())

    def advance(self, line: Line, entity: str, kinds: tuple[str, ...]) -> None:
        """Pass over the operating steps Rails does not record until ``entity`` may take one of ``kinds``.

        Only the operating company's own optional steps are passed (a tile lay, a token, buying a train or a
        private it did not report); anything else is a difference, reported by the action that follows.
        """
        for _ in range(12):
            if self.game.outcome is not None or any(self.accepts(kind, entity) for kind in kinds):
                return
            who = self.game.current_entity
            if who != self.operating or who in self.players or not self.accepts("pass", who):
                return
            self.act(line, Pass(entity=who))

    def unable_passes(self, line: Line, player: str) -> None:
        """Before ``player``'s move in the start round: pass for each player ahead of them whose only legal action
        is a pass. Rails' start round passes a player who cannot act (no item affordable, no raise affordable)
        without a line of its report and gives the turn to the next player."""
        for _ in range(len(self.players) - 1):
            who = self.game.current_entity
            if who == player or who not in self.players or self.round or \
                    any(group.type != "pass" and group for group in self.game.action_groups()):
                return
            self.act(line, Pass(entity=who))

    def stock_turn(self, line: Line, player: str) -> None:
        """Before ``player``'s stock-round move: end the turn of the player who bought or sold last, which Rails
        ends by itself (a purchase ends a turn) and our round ends by that player's pass."""
        if self.acted not in (None, player) and self.game.current_entity == self.acted and \
                self.accepts("pass", self.acted):
            self.act(line, Pass(entity=self.acted))
        self.acted = self.last_mover = player

    def finish_turn(self, line: Line) -> None:
        """End the operating company's turn: pass the steps Rails left unrecorded after its last reported move."""
        if self.operating is None:
            return
        for _ in range(12):
            if self.game.outcome is not None or self.game.current_entity != self.operating or \
                    not self.accepts("pass", self.operating):
                break
            self.act(line, Pass(entity=self.operating))
        self.operating = None

    def cash(self, name: str) -> int:
        """Our cash of a player or company named as in the report."""
        return self.game.cash(self.entity(name))

    def entity(self, name: str) -> str:
        """Our id of a player or company the current line names ``name`` as in the report.

        Raises:
            Stop: neither a player of the report nor one of our game's companies (:meth:`corporation`).
        """
        return name if name in self.players else self.corporation(name)

    def corporation(self, name: str) -> str:
        """Our id of the corporation, minor or coal company the current line names ``name`` in Rails' names.

        Raises:
            Stop: none of our game's companies (rule ``core:import.log``), at the current line.
        """
        ours = self.table.corporation(name)
        if ours not in self._companies():
            raise self._unknown(msg("{name} is not a corporation of {title} in Rails' names", name=shown(name, 40),
                                    title=self.table.title))
        return ours

    def private(self, name: str) -> str:
        """Our id of the private company the current line names ``name`` in Rails' names.

        Raises:
            Stop: none of our game's private companies (rule ``core:import.log``), at the current line.
        """
        ours = self.table.private(name)
        if ours not in self._privates():
            raise self._unknown(msg("{name} is not a private company of {title} in Rails' names",
                                    name=shown(name, 40), title=self.table.title))
        return ours

    def item(self, name: str) -> str:
        """Our id of the start-packet item (a private or a minor) the current line names ``name``.

        Raises:
            Stop: none of our game's private companies or companies (rule ``core:import.log``).
        """
        ours = self.table.item(name)
        if ours not in self._privates() and ours not in self._companies():
            raise self._unknown(msg("{name} is not a start item of {title} in Rails' names", name=shown(name, 40),
                                    title=self.table.title))
        return ours

    def player(self, name: str) -> str:
        """``name`` when it is one of the report's players (``PlayerIs``).

        Raises:
            Stop: not a player of the report (rule ``core:import.log``), at the current line.
        """
        if name not in self.players:
            raise self._unknown(msg("{name} is not a player of the report ({players})", name=shown(name, 40),
                                    players=", ".join(self.players)))
        return name

    def _companies(self) -> set[str]:
        # every company of our game's data, closed ones too (the report still names a minor after its exchange)
        return {c.sym for c in self.game.facts.corporations}

    def _privates(self) -> set[str]:
        return {p.sym for p in self.game.facts.privates}

    def _unknown(self, reason: str) -> Stop:
        line = self.lines[self.index]
        return self.stop(line, "core:import.log", f"{reason} (the report: {cut(line.text, 120)})")

    def ahead(self, keys: tuple[str, ...], test: Callable[[Line], bool], span: int = 400) -> Line | None:
        """The first line after the current one with one of ``keys`` that passes ``test`` (or ``None``)."""
        for later in self.lines[self.index + 1:self.index + 1 + span]:
            if later.key in keys and test(later):
                return later
        return None

    # ---- the game ---------------------------------------------------------------------------------------------

    def seat(self, line: Line) -> None:
        """Seat the player of the ``PlayerIs`` line ``line`` (``PlayerIs,<seat>,<name>``), checked as it is read:
        seats numbered 1, 2, … before play, each name once, and no more players than the title plays (rule
        ``<title>:setup``), so that a report of thousands of players stops at the first one too many."""
        seat, name = line.args
        if self.game is not None or seat != len(self.players) + 1 or name in self.players:
            raise self.stop(line, self.rule("setup"), "PlayerIs must number the players 1, 2, … before play")
        title = game_class(self.table.title)
        if seat > title.max_players:
            try:
                title.check_player_count(seat)
            except GameError as exc:
                raise self.stop(line, exc.rule, exc.message) from None
        self.players.append(name)

    def new_game(self, names: list[str], options: tuple[str, ...], line: Line) -> Game:
        """Our game of the report's title with the players ``names`` (in seat order) and ``options``.

        Raises:
            Stop: the title refuses the players or the options (rule ``<title>:setup``, named once): a count at
                the ``PlayerIs`` line that makes it wrong (the first beyond the title's most players, the last when
                they are too few), a name at the ``PlayerIs`` line that gives it (the last such line when the
                refusal names two), anything else at ``line``.
        """
        try:
            return game_class(self.table.title)([Player(n, n) for n in names], seed=0, options=options)
        except GameError as exc:
            raise self.stop(self._blamed(exc, line), exc.rule, exc.message) from None
        except ValueError as exc:
            raise self.stop(line, self.rule("setup"), str(exc)) from None

    def _blamed(self, exc: GameError, line: Line) -> Line:
        """The ``PlayerIs`` line a refusal of the set-up is about (see :meth:`new_game`), or ``line``."""
        values = getattr(exc.message, "values", {})
        seats = [later for later in self.lines if later.key == "PlayerIs"]
        if "count" in values and "high" in values and seats:
            return seats[min(len(seats), values["high"] + 1) - 1]
        said = {str(v) for v in values.values()}
        said |= {part for text in said for part in text.split(", ")}
        named = [seat for seat in seats if seat.args[1] in said or shown(seat.args[1]) in said]
        return named[-1] if named else line

    def start(self, line: Line) -> None:
        """Create our game once the players are known (at the first line that is not about the setup)."""
        if self.game is not None:
            return
        if not self.players:
            raise self.stop(line, "core:import.log", "the report names no players (PlayerIs) before play")
        options = ("edition=1st", "packet=1st") if self.edition == "1st" else self.options
        self.game = self.new_game(self.players, options, line)


def run(replay: Replay, handlers: dict[str, Callable[[Replay, Line], None]]) -> None:
    """Play every line through its handler; stop at the first :class:`Stop`."""
    setup = {"GameIs", "PlayerIs", "PlayerCash", "BankHas", "BankSizeIs", "StartOfPhase"}
    for replay.index, line in enumerate(replay.lines):
        if line.key not in setup:
            replay.start(line)
        try:
            handlers[line.key](replay, line)
        except KeyError as missing:  # a name our game does not know (the queries raise KeyError for those)
            raise replay.stop(line, replay.rule("setup"), f"{shown(missing.args[0])} is not a player, company or "
                              f"certificate of our game (the report: {cut(line.text, 120)})") from None
        except DataError:
            raise
        except (ValueError, OverflowError) as exc:  # a value our records refuse (FieldError): the line is wrong
            raise replay.stop(line, "core:import.log", f"{cut(str(exc), 160)} (the report: {cut(line.text, 120)})") \
                from None
        replay.lines_done += 1
    if replay.lines and replay.game is None:  # a report of its set-up alone still names a game that must exist
        replay.start(replay.lines[-1])


def variant_options(replay: Replay) -> tuple[str, ...]:
    """The options of our title that play the Rails variant the report plays (rule ``<title>:setup``), read from
    the report's evidence (``rails.json``): a corporation of a variant named anywhere (``variant_corporations``:
    1830's RDG is option ``reading``, N&W ``coalfields``), the bank at the start (``BankHas`` plus the players'
    cash; ``variant_options.banks``: 1830's Coalfields & Reading has 20,000) and a private's certificate of a
    variant's corporation (``variant_options.certificates``: the C&A's RDG 10%, option ``reading_ca_rdg``).

    Stops at the first line when the bank the options give is not the report's (a variant our title does not
    play), naming the evidence."""
    variants = replay.table.variants
    chosen: set[str] = set()
    first: dict[str, tuple[int, str]] = {}  # option → (line, corporation) of its first mention
    bank = cash = None
    for line in replay.lines:
        if line.key == "BankHas" and bank is None:
            bank = line.args[0]
        if line.key == "PlayerCash" and cash is None:
            cash = line.args[0]
        if line.key in replay.table.variant_lines:
            chosen.add(replay.table.variant_lines[line.key])
        for arg in line.args:
            if not isinstance(arg, str):
                continue
            parts = arg.split(",")
            for part in parts:
                if part in variants and variants[part] not in first:
                    first[variants[part]] = (line.number, part)
            if line.key == "ALSO_GETS" and len(parts) == 3 and parts[1] in replay.table.variant_certificates:
                chosen.add(replay.table.variant_certificates[parts[1]])
    chosen |= set(first)
    theirs = None
    if bank is not None and cash is not None:
        theirs = bank + cash * sum(1 for line in replay.lines if line.key == "PlayerIs")
        chosen |= set(replay.table.variant_banks.get(str(theirs), ()))
    if not chosen:
        return ()
    options = tuple(sorted(chosen))
    names = [line.args[1] for line in replay.lines if line.key == "PlayerIs"]
    ours = replay.new_game(names, options, replay.lines[0]).facts.bank_cash
    if theirs is not None and theirs != ours:
        order = sorted(first, key=lambda part: first[part][0])
        evidence = ", ".join(f"line {first[part][0]}" + (" names " if not i else " ") + first[part][1]
                             for i, part in enumerate(order))
        raise replay.stop(replay.lines[0], replay.rule("setup"), f"the report plays a Rails variant of "
                          f"{replay.table.title} ({evidence}; its bank {theirs}, ours with the options "
                          f"{', '.join(options)} {ours}), which gamekit does not play")
    return options


def edition_of(lines: list[Line], rails: RailsTable) -> str | None:
    """1837's edition from the report's start round (rule ``1837:edition``): Rails plays the first edition's
    start packet as a round it names (``StartOfStartRound,Initial Minor StartRound …``), the second's as the
    initial round; ``None`` for a title with one edition."""
    if not rails.editions:
        return None
    for line in lines[:40]:
        if line.key == "StartOfStartRound":
            return rails.editions.get(line.args[0], "1st")
        if line.key == "StartOfInitialRound":
            return rails.editions.get("", "2nd")
    return rails.editions.get("", "2nd")


def check_cash(replay: Replay, line: Line, name: str, amount: int, rule: str) -> None:
    """Compare a player's or company's cash with the report's."""
    try:
        ours = replay.cash(name)
    except KeyError:
        raise replay.stop(line, replay.rule("setup"), f"{name} is not a player or company of our game") from None
    replay.check(line, rule, f"cash of {name}", ours, amount)


def check_price(replay: Replay, line: Line, corp_name: str, price: int, cell: str, rule: str) -> None:
    """Compare a corporation's share price and market cell with the report's."""
    corp = replay.corporation(corp_name)
    replay.check(line, rule, f"share price of {corp_name}", replay.game.share_price(corp), price)
    ours_cell = replay.game.market_cell(corp)
    replay.check(line, rule, f"market cell of {corp_name}", ours_cell, market_cell(cell, f"line {line.number}",
                                                                             replay.table.market_offset(replay.edition)))

