"""Building track in Continental Divide: which straight lines a railroad may build, and building them.

A line starts next to a hex that holds the railroad's cube and runs along one of the six hex directions.
Each new hex is checked in order with the cubes and money left after the hexes before it, so a cube
released by entering the Central or Western region can be used further along the same line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..events import Event
from .cd_map import DIRECTION_NAMES, Board, RulesData
from .cd_state import CDState, RailroadState


@dataclass(frozen=True)
class Refusal:
    """Why a hex cannot be built: the rule id and a sentence."""

    rule: str
    text: str


@dataclass
class LineWalk:
    """The running totals while a line is laid hex by hex (cubes and dollars left, port, regions).

    Create with :meth:`start`; :meth:`add` checks and takes one more hex.
    """

    rr: RailroadState
    board: Board
    rules: RulesData
    occupancy: dict[str, list[str]]
    cubes: int
    money: int
    has_port: bool
    unlocked: set[str] = field(default_factory=set)
    taken: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, state: CDState, rr: RailroadState, board: Board, rules: RulesData) -> "LineWalk":
        """Begin a line for ``rr`` in ``state``."""
        has_port = any(board.hexes[h].port for h in rr.hexes)
        return cls(rr, board, rules, state.occupancy, rr.cubes, rr.treasury, has_port, set(rr.unlocked))

    def refusal(self, coord: str) -> Refusal | None:
        """Return why ``coord`` cannot be the next hex of the line, or ``None`` when it can.

        Rules: ``cd:map``, ``cd:build.cubes``, ``cd:build.start-city``, ``cd:build.port``,
        ``cd:build.hex-limit``, ``cd:build.cost-income``.
        """
        rid = self.rr.id
        h = self.board.hexes.get(coord)
        if h is None:
            return Refusal("cd:map", f"{coord} is not a hex of the map")
        there = self.occupancy.get(coord, [])
        if rid in there or coord in self.taken:
            return Refusal("cd:build.cubes", f"{rid} already has a cube in {coord} (one cube per railroad per hex)")
        if h.start_city:
            return Refusal("cd:build.start-city",
                           f"{coord} is part of {h.start_city}; {rid} already occupies its one start-city hex")
        if h.port:
            if there:
                return Refusal("cd:build.port", f"the port {h.port} ({coord}) already holds {there[0]}; "
                                                f"a port city holds only one railroad")
            if self.has_port:
                return Refusal("cd:build.port", f"{rid} already occupies a port city; a railroad may occupy only one")
        if len(there) >= self.rules.railroads_per_hex:
            return Refusal("cd:build.hex-limit", f"{coord} already holds {', '.join(there)}; "
                                                 f"at most {self.rules.railroads_per_hex} railroads per hex")
        if self.cubes < 1:
            return Refusal("cd:build.cubes", f"{rid} has no cube available (build in Central or West to get more)")
        if self.money < h.cost:
            return Refusal("cd:build.cost-income",
                           f"{coord} costs ${h.cost} and {rid}'s treasury has ${self.money} left for it")
        return None

    def add(self, coord: str) -> Refusal | None:
        """Take ``coord`` as the next hex if the rules allow it; return the refusal otherwise."""
        refusal = self.refusal(coord)
        if refusal is not None:
            return refusal
        h = self.board.hexes[coord]
        self.taken.append(coord)
        self.cubes -= 1
        self.money -= h.cost
        self.has_port = self.has_port or bool(h.port)
        if h.region in ("central", "west") and h.region not in self.unlocked:
            self.unlocked.add(h.region)
            self.cubes += getattr(self.rules.cubes, h.region)
        return None


def lines_from(state: CDState, rr: RailroadState, board: Board, rules: RulesData) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Yield every legal line ``(origin, hexes)`` the railroad could build now, shortest first per direction.

    Rule: ``cd:build.straight-line`` (reference rule 19) with the per-hex checks of :meth:`LineWalk.refusal`.
    """
    for origin in sorted(rr.hexes):
        for d in range(6):
            walk = LineWalk.start(state, rr, board, rules)
            coord = board.step(origin, d)
            while coord is not None and walk.add(coord) is None:
                yield origin, tuple(walk.taken)
                coord = board.step(coord, d)


def line_refusal(state: CDState, rr: RailroadState, board: Board, rules: RulesData,
                 origin: str, hexes: tuple[str, ...]) -> Refusal | None:
    """Return why the line ``origin → hexes`` is illegal for ``rr``, or ``None`` when it may be built.

    Rule: ``cd:build.straight-line`` (shape) and the per-hex rules of :meth:`LineWalk.refusal`.
    """
    if origin not in rr.hexes:
        return Refusal("cd:build.straight-line", f"a line starts from a hex with {rr.id}'s cube; {origin} has none")
    if not hexes:
        return Refusal("cd:build.straight-line", "a line must add at least one hex")
    for coord in (origin, *hexes):
        if coord not in board.hexes:
            return Refusal("cd:map", f"{coord} is not a hex of the map")
    direction = board.direction(origin, hexes[0])
    if direction is None:
        return Refusal("cd:build.straight-line", f"{hexes[0]} is not next to {origin}")
    walk = LineWalk.start(state, rr, board, rules)
    previous = origin
    for coord in hexes:
        if board.step(previous, direction) != coord:
            return Refusal("cd:build.straight-line",
                           f"{coord} does not continue the straight line {DIRECTION_NAMES[direction]} from {origin}")
        refusal = walk.add(coord)
        if refusal is not None:
            return refusal
        previous = coord
    return None


def build_line(state: CDState, rr: RailroadState, board: Board, rules: RulesData, hexes: tuple[str, ...],
               divide_every_hex: bool) -> list[Event]:
    """Place the cubes of a checked line, pay for them and raise the income; return the events.

    Args:
        divide_every_hex: option ``divide-bonus-every-hex``: every hex west of the Divide adds $10, not only
            the first.

    Rules: ``cd:build.cost-income``, ``cd:build.regions``, ``cd:build.divide`` (reference rules 18, 23, 24).
    """
    events = []
    for coord in hexes:
        h = board.hexes[coord]
        rr.hexes.append(coord)
        state.occupancy.setdefault(coord, []).append(rr.id)
        rr.cubes -= 1
        rr.treasury -= h.cost
        rr.income += h.income
        label = f" ({h.name})" if h.name else ""
        events.append(Event("cd:build.cost-income",
                            f"{rr.id} builds in {coord}{label} for ${h.cost}; income +${h.income} → ${rr.income}",
                            "build", {"railroad": rr.id, "hex": coord, "cost": h.cost, "income": h.income}))
        if h.region in ("central", "west") and h.region not in rr.unlocked:
            extra = getattr(rules.cubes, h.region)
            rr.unlocked.append(h.region)
            rr.cubes += extra
            events.append(Event("cd:build.regions", f"{rr.id} enters the {h.region.title()} region: "
                                f"{extra} more cubes ({rr.cubes} available)", "unlock",
                                {"railroad": rr.id, "region": h.region, "cubes": extra}))
        if h.west_of_divide and (divide_every_hex or not rr.crossed_divide):
            rule = "cd:option.divide-bonus-every-hex" if divide_every_hex and rr.crossed_divide else "cd:build.divide"
            rr.crossed_divide = True
            rr.income += rules.divide_income
            events.append(Event(rule, f"{rr.id} builds west of the Continental Divide: income "
                                f"+${rules.divide_income} → ${rr.income}", "divide",
                                {"railroad": rr.id, "hex": coord, "income": rules.divide_income}))
    return events
