"""Building track in Continental Divide: which straight lines a railroad may build, and building them.

A line starts next to a hex that holds the railroad's cube and runs along one of the six hex directions.
Each new hex is checked in order with the cubes and money left after the hexes before it, so a cube
released by entering the Central or Western region can be used further along the same line.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from operator import itemgetter
from typing import Collection, Iterable, Iterator, NamedTuple

from ..choices import ActionGroup
from ..events import Event
from ..i18n import N_, Message, Term, msg
from .cd_actions import BuildTrack
from .cd_map import DIRECTION_NAMES, RELEASING, Board, RulesData
from .cd_state import CDState, RailroadState


class Refusal(NamedTuple):
    """Why a hex cannot be built: the rule id and a sentence."""

    rule: str
    text: str


# why a hex cannot be the next of a line: reason -> (rule id, template with the fields of LineWalk._explain)
_REASONS = {
    "off-map": ("cd:map", N_("{coord} is not a hex of the map")),
    "own-cube": ("cd:build.cubes", N_("{rid} already has a cube in {coord} (one cube per railroad per hex)")),
    "start-city": ("cd:build.start-city",
                   N_("{coord} is part of {city}; {rid} already occupies its one start-city hex")),
    "port-taken": ("cd:build.port", N_("the port {port} ({coord}) already holds {first}; a port city holds only one "
                                       "railroad")),
    "second-port": ("cd:build.port", N_("{rid} already occupies a port city; a railroad may occupy only one")),
    "hex-limit": ("cd:build.hex-limit", N_("{coord} already holds {there}; at most {limit} railroads per hex")),
    "no-cube": ("cd:build.cubes", N_("{rid} has no cube available (build in Central or West to get more)")),
    "cost": ("cd:build.cost-income", N_("{coord} costs ${cost} and {rid}'s treasury has ${money} left for it")),
}
DIRECTION_WORDS = {"south-west": N_("south-west"), "west": N_("west"), "north-west": N_("north-west"),
                   "north-east": N_("north-east"), "east": N_("east"), "south-east": N_("south-east")}
"""The directions of a straight line (:data:`~gamekit.cuberails.cd_map.DIRECTION_NAMES`) in words, translated
where a refusal names one."""


class LineWalk:
    """The running totals while a line is laid hex by hex (cubes and dollars left, port, regions).

    Create with :meth:`start`; :meth:`add` checks and takes one more hex, :meth:`reach` measures straight lines
    without taking any. Both apply the per-hex rules: ``cd:map``, ``cd:build.cubes``, ``cd:build.start-city``,
    ``cd:build.port``, ``cd:build.hex-limit``, ``cd:build.cost-income`` and ``cd:build.regions``.
    """

    __slots__ = ("rid", "board", "rules", "limit", "occupancy", "cubes", "money", "has_port", "unlocked", "taken")

    def __init__(self, rr: RailroadState, board: Board, rules: RulesData, occupancy: dict[str, tuple[str, ...]],
                 has_port: bool):
        self.rid, self.board, self.occupancy = rr.id, board, occupancy
        self.rules, self.limit = rules, rules.railroads_per_hex
        self.cubes, self.money, self.has_port = rr.cubes, rr.treasury, has_port
        self.unlocked: frozenset[str] = frozenset(rr.unlocked)
        self.taken: list[str] = []

    @classmethod
    def start(cls, state: CDState, rr: RailroadState, board: Board, rules: RulesData) -> "LineWalk":
        """Begin a line for ``rr`` in ``state``."""
        return cls(rr, board, rules, state.occupancy, not board.port_hexes.isdisjoint(rr.hexes))

    def blocked(self, coord: str) -> str | None:
        """Return the reason (a key of the reasons table) why ``coord`` cannot be the next hex, or ``None``: the
        first per-hex rule that refuses it, in the order of the table."""
        fact = self.board.line_facts.get(coord)
        if fact is None:
            return "off-map"
        start_city, port, cost, _ = fact
        there = self.occupancy.get(coord, ())
        if self.rid in there or coord in self.taken:
            return "own-cube"
        if start_city:
            return "start-city"
        if port and there:
            return "port-taken"
        if port and self.has_port:
            return "second-port"
        if len(there) >= self.limit:
            return "hex-limit"
        if self.cubes < 1:
            return "no-cube"
        if self.money < cost:
            return "cost"
        return None

    def _explain(self, reason: str, coord: str) -> Refusal:
        rule, text = _REASONS[reason]
        h = self.board.hexes.get(coord)
        there = self.occupancy.get(coord, ())
        return Refusal(rule, Message(text, {
            "coord": coord, "rid": self.rid, "city": h and h.start_city, "port": h and h.port,
            "first": there[0] if there else "", "there": ", ".join(there), "limit": self.limit, "cost": h and h.cost,
            "money": self.money}))

    def add(self, coord: str) -> Refusal | None:
        """Take ``coord`` as the next hex if the rules allow it — one cube and its cost, and the cubes of a region
        entered for the first time (rule ``cd:build.regions``) —; return the refusal otherwise."""
        reason = self.blocked(coord)
        if reason is not None:
            return self._explain(reason, coord)
        _, port, cost, region = self.board.line_facts[coord]
        self.taken.append(coord)
        self.cubes -= 1
        self.money -= cost
        self.has_port = self.has_port or bool(port)
        if region in RELEASING and region not in self.unlocked:
            self.unlocked = self.unlocked | {region}
            self.cubes += getattr(self.rules.cubes, region)
        return None

    def reach(self, origin: str) -> list[int]:
        """For each direction (0–5), how many hexes in a straight line from ``origin`` could be taken one after the
        other as :meth:`add` takes them, from the walk as it stands (which stays unchanged).

        The same count as adding hex after hex, found from the ray's :class:`~.cd_map.RayFacts` (listing the lines
        looks at every direction from every hex of a railroad): the dollars allow the hexes whose running cost
        is at most the money left (never a start-city hex), the cubes those before the cubes run out (more once
        a region's first hex is taken), and the line ends at a port after the railroad's first and at the first
        hex with this railroad's cube, a full hex or an occupied port — whichever comes first."""
        return [n for _, _, n in self._lines((origin,), True)]

    def _lines(self, origins: Iterable[str], zeros: bool) -> list[tuple[str, tuple[str, ...], int]]:
        """``(origin, ray, count)`` for each of ``origins`` and each direction in order, as :meth:`reach` counts
        (``ray``: the hexes to the map's edge); with ``zeros`` false only where the count is at least 1
        (:func:`_counted_lines`, which looks at the rays that may hold a line: every other ray counts 0)."""
        occupancy = self.occupancy
        if self.taken:  # as far as the checks go, a hex this walk has taken holds its cube
            occupancy = {**occupancy, **{c: (self.rid,) for c in self.taken}}
        origins = tuple(origins)
        lines = _counted_lines(self.rid, occupancy, self.board, self.rules, (self.money, self.cubes, self.has_port),
                               self.unlocked, origins)
        if not zeros:
            return lines
        counted = {(origin, ray): n for origin, ray, n in lines}
        return [(origin, ray, counted.get((origin, ray), 0)) for origin in origins for ray in self.board.rays[origin]]


def _counted_lines(rid: str, occupancy: dict[str, tuple[str, ...]], board: Board, rules: RulesData,
                   left: tuple[int, int, bool], unlocked: Collection[str],
                   origins: Iterable[str]) -> list[tuple[str, tuple[str, ...], int]]:
    """``(origin, ray, count)`` for each of ``origins`` and each direction in order where the count, as
    :meth:`LineWalk.reach` counts it, is at least 1, for railroad ``rid`` with ``left`` = (dollars, cubes, whether
    it holds a port) and the regions ``unlocked``. Only the board's open rays are looked at (the others, off the
    map or into a start city first, count 0). One loop over all the origins: the
    lines of a railroad look at six rays of each of its hexes, at every build position a bot measures (so no walk
    is made for them)."""
    money, cubes, has_port = left
    limit, port_hexes = rules.railroads_per_hex, board.port_hexes
    open_rays = board.open_rays  # never empty, never into a start city first
    # the cubes a region releases (rule ``cd:build.regions``), read where ``releases`` of a ray counts them
    # (few rays run out of cubes)
    counts = rules.cubes
    out = []
    for origin in origins:
        for hexes, spent, ports, releases in open_rays[origin]:
            # most rays stop at once (a hex next to the railroad's own track): decided before the costs are
            # looked at; most hexes hold no cube: asked with ``in`` (no call), their occupants read only where
            # there are some
            first = hexes[0]
            if first in occupancy and (there := occupancy[first]) and (rid in there or len(there) >= limit
                                                                       or first in port_hexes):
                continue
            # the line ends at the first limit of all: the dollars, the ports, the cubes, an entered hex that
            # refuses it; the cheap limits first, so that fewer hexes' occupants are looked at
            n = bisect_right(spent, money)
            if ports:
                port_stop = ports[0] if has_port else ports[1] if len(ports) > 1 else n
                if port_stop < n:
                    n = port_stop
            if cubes < n:  # the cubes allow one hex each, and more from a region's first hex on
                left = cubes
                for at, region in releases:
                    if at < left and region not in unlocked:
                        left += getattr(counts, region)
                if left < n:
                    n = left
            i = 1
            while i < n:
                coord = hexes[i]
                if coord in occupancy and (there := occupancy[coord]) and (rid in there or len(there) >= limit
                                                                           or coord in port_hexes):
                    n = i
                    break
                i += 1
            if n:
                out.append((origin, hexes, n))
    return out


def longest_lines(state: CDState, rr: RailroadState, board: Board,
                  rules: RulesData) -> list[tuple[str, tuple[str, ...], int]]:
    """Return ``(origin, ray, count)``: for each hex with the railroad's cube (sorted) and each direction, the
    longest line it may build now that way, ``ray[:count]`` (``ray``: the hexes to the map's edge), where it can
    build at least one hex. Every first part of such a line is a legal line too (each hex is checked with what
    the hexes before it left), and there are no others.

    Rule: ``cd:build.straight-line`` (reference rule 19) with the per-hex checks of :class:`LineWalk`.
    """
    has_port = not board.port_hexes.isdisjoint(rr.hexes)
    return _counted_lines(rr.id, state.occupancy, board, rules, (rr.treasury, rr.cubes, has_port), rr.unlocked,
                          sorted(rr.hexes))


def can_build(state: CDState, rr: RailroadState, board: Board, rules: RulesData) -> bool:
    """True when ``rr`` may build at least one hex now (the first hex of some line passes every check of
    :meth:`LineWalk.blocked`); cheaper than finding its lines."""
    if rr.cubes < 1:  # the one check that refuses every first hex alike ("no-cube")
        return False
    rid, money, limit, occupancy = rr.id, rr.treasury, rules.railroads_per_hex, state.occupancy
    has_port = not board.port_hexes.isdisjoint(rr.hexes)
    line_facts, next_hex = board.line_facts, board.next_hex
    # the hexes built last are the likeliest to have a free neighbour; each neighbour is checked as
    # :meth:`LineWalk.blocked` checks a walk's first hex (no hex taken yet), written out: settling asks this at
    # every build position
    for origin in reversed(rr.hexes):
        for coord in next_hex[origin]:
            if coord not in line_facts:  # off the map (or no neighbour: None)
                continue
            fact = line_facts[coord]
            if fact[0] or money < fact[2]:  # start city, cost
                continue
            if coord in occupancy:  # most neighbours hold no cube: no call for them
                there = occupancy[coord]
                if rid in there or len(there) >= limit or (fact[1] and (there or has_port)):  # own cube, full, port
                    continue
            elif fact[1] and has_port:  # a second port
                continue
            return True
    return False


_COUNT = itemgetter(2)
"""The count of a line ``(origin, ray, count)`` of :meth:`LineWalk._lines`."""


class LineChoices(ActionGroup):
    """The lines a player may build now, as :class:`BuildTrack` actions built on demand: for each longest line
    (:func:`longest_lines`) of each railroad, its first 1, 2, … hexes, shortest first. Whether there is any line
    is answered without finding them (:func:`can_build`); they are found when the group is measured or read.

    Args:
        player: the acting player; railroads: those the player may build for, in listing order; state, board,
            rules: the game's.
    """

    type = BuildTrack.type

    def __init__(self, player: str, railroads: list[RailroadState], state: CDState, board: Board,
                 rules: RulesData):
        self._player, self._railroads = player, railroads
        self._state, self._board, self._rules = state, board, rules
        self._lines: list[tuple[str, tuple[str, ...], int]] | None = None  # the longest lines of all railroads
        self._owners: list[str] = []  # the railroad of each longest line
        self._ends: list[int] = []  # number of actions up to and including each longest line
        self._any: bool | None = None  # whether there is a line, once asked before the lines were found

    def _found(self) -> list[tuple[str, tuple[str, ...], int]]:
        if self._lines is None:
            lines: list[tuple[str, tuple[str, ...], int]] = []
            for rr in self._railroads:
                found = longest_lines(self._state, rr, self._board, self._rules)
                lines += found
                self._owners += [rr.id] * len(found)  # beside the lines: no tuple rebuilt per line
            self._ends = list(accumulate(map(_COUNT, lines)))
            self._lines = lines
        return self._lines

    def __bool__(self) -> bool:
        if self._lines is not None:
            return bool(self._lines)
        if self._any is None:  # the title's settling asks, then a bot: answered once
            state, board, rules = self._state, self._board, self._rules
            self._any = False
            for rr in self._railroads:
                if can_build(state, rr, board, rules):
                    self._any = True
                    break
        return self._any

    def __len__(self) -> int:
        self._found()
        return self._ends[-1] if self._ends else 0

    def action(self, index: int) -> BuildTrack:
        lines, ends = self._found(), self._ends
        if not 0 <= index < (ends[-1] if ends else 0):
            raise IndexError(index)
        at = bisect_right(ends, index)
        origin, ray, _ = lines[at]
        railroad = self._owners[at]
        length = index + 1 - (self._ends[at - 1] if at else 0)
        return BuildTrack._trusted(entity=self._player, railroad=railroad, origin=origin, hexes=ray[:length])

    def actions(self) -> Iterator[BuildTrack]:
        lines = self._found()  # fills the owners too
        return (BuildTrack._trusted(entity=self._player, railroad=railroad, origin=origin, hexes=ray[:length])
                for railroad, (origin, ray, count) in zip(self._owners, lines)
                for length in range(1, count + 1))


def line_refusal(state: CDState, rr: RailroadState, board: Board, rules: RulesData,
                 origin: str, hexes: tuple[str, ...]) -> Refusal | None:
    """Return why the line ``origin → hexes`` is illegal for ``rr``, or ``None`` when it may be built.

    Rule: ``cd:build.straight-line`` (shape) and the per-hex rules of :class:`LineWalk`.
    """
    if origin not in rr.hexes:
        return Refusal("cd:build.straight-line", msg("a line starts from a hex with {railroad}'s cube; {origin} has "
                                                     "none", railroad=rr.id, origin=origin))
    if not hexes:
        return Refusal("cd:build.straight-line", msg("a line must add at least one hex"))
    for coord in (origin, *hexes):
        if coord not in board.hexes:
            return Refusal("cd:map", msg("{coord} is not a hex of the map", coord=coord))
    direction = board.direction(origin, hexes[0])
    if direction is None:
        return Refusal("cd:build.straight-line", msg("{hex} is not next to {origin}", hex=hexes[0], origin=origin))
    walk = LineWalk.start(state, rr, board, rules)
    previous = origin
    for coord in hexes:
        if board.step(previous, direction) != coord:
            name = DIRECTION_NAMES[direction]
            return Refusal("cd:build.straight-line",
                           msg("{hex} does not continue the straight line {direction} from {origin}", hex=coord,
                               direction=Term(name, DIRECTION_WORDS[name]), origin=origin))
        refusal = walk.add(coord)
        if refusal is not None:
            return refusal
        previous = coord
    return None


REGION_ENTERED = {"central": N_("{railroad} enters the Central region: {extra} more cubes ({cubes} available)"),
                  "west": N_("{railroad} enters the West region: {extra} more cubes ({cubes} available)")}
"""The event of a railroad's first build in a region that releases cubes (:data:`RELEASING`, rule
``cd:build.regions``), per region."""


def build_line(state: CDState, rr: RailroadState, board: Board, rules: RulesData, hexes: tuple[str, ...],
               divide_every_hex: bool) -> list[Event]:
    """Place the cubes of a checked line, pay for them and raise the income; return the events.

    Args:
        divide_every_hex: option ``divide-bonus-every-hex``: every hex west of the Divide adds $10, not only
            the first.

    Rules: ``cd:build.cost-income``, ``cd:build.regions``, ``cd:build.divide`` (reference rules 18, 23, 24).
    """
    events = []
    rid, occupancy, facts, unlocked = rr.id, state.occupancy, board.hexes, rr.unlocked
    # the running totals in locals, written back once: each hex's event names the income
    total, cubes, treasury = rr.income, rr.cubes, rr.treasury
    for coord in hexes:
        h = facts[coord]
        cost, income, name, region = h.cost, h.income, h.name, h.region
        occupancy[coord] = (*occupancy.get(coord, ()), rid)
        treasury -= cost
        cubes -= 1
        total += income
        built = msg("{railroad} builds in {hex} ({name}) for ${cost}; income +${income} → ${total}", railroad=rid,
                    hex=coord, name=name, cost=cost, income=income, total=total) if name else \
            msg("{railroad} builds in {hex} for ${cost}; income +${income} → ${total}", railroad=rid, hex=coord,
                cost=cost, income=income, total=total)
        events.append(Event("cd:build.cost-income", built, "build",
                            {"railroad": rid, "hex": coord, "cost": cost, "income": income}))
        if region in RELEASING and region not in unlocked:
            extra = getattr(rules.cubes, region)
            unlocked.append(region)
            cubes += extra
            entered = Message(REGION_ENTERED[region], {"railroad": rid, "extra": extra, "cubes": cubes})
            events.append(Event("cd:build.regions", entered, "unlock", {"railroad": rid, "region": region,
                                                                        "cubes": extra}))
        if h.west_of_divide and (divide_every_hex or not rr.crossed_divide):
            rule = "cd:option.divide-bonus-every-hex" if divide_every_hex and rr.crossed_divide else "cd:build.divide"
            rr.crossed_divide = True
            total += rules.divide_income
            events.append(Event(rule, msg("{railroad} builds west of the Continental Divide: income +${income} → "
                                          "${total}", railroad=rid, income=rules.divide_income, total=total),
                                "divide", {"railroad": rid, "hex": coord, "income": rules.divide_income}))
    rr.hexes += hexes
    rr.income, rr.cubes, rr.treasury = total, cubes, treasury
    return events
