"""Rails-18xx's names and conventions mapped to ours, one table per title (``data/<title>/rails.json``).

The table names Rails' private companies and corporations where they differ from ours (1830's ``SVNRR`` is our
``SV``; 1837's ``S1`` our ``SD1``), the names of its tile rotations, and every tile's track as Rails' ``Tiles.xml``
defines it. Rails numbers a tile's sides from its own drawing, which need not match ours, so a laid tile is
placed by comparing what it connects, never by its rotation number alone (:meth:`RailsTable.exits`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..datafiles import data_json
from ..errors import DataError, shown
from ..i18n import msg

Exits = frozenset[tuple[frozenset[int], str]]
"""What a laid tile connects: for each connected part of its track, the hex edges it reaches and what lies on it
(``"city"``, ``"town"`` or ``"track"`` for plain track)."""

_CELL = re.compile(r"^([A-Z])(\d{1,2})$")


@dataclass(frozen=True)
class RailsTable:
    """One title's mapping (see the module docstring).

    Attributes:
        title: our title (``"1830"``).
        privates: Rails' private-company name → ours (names equal to ours are absent).
        corporations: Rails' corporation or minor name → ours.
        variants: corporations of a Rails variant → our title's option that plays it (1830: ``RDG`` → ``reading``).
        variant_banks: the bank at the start of a Rails variant (``"20000"``) → our options that give it.
        variant_certificates: a variant's corporation whose certificate comes with a private → the option.
        variant_tiles: the name a report gives a variant's tile (Rails' ``extId``: 1830's ``62`` for the
            Coalfields' tile 1062) → its Rails id, used where our game has no tile of the report's name.
        variant_rights: Rails' name of a variant's right (``Coalfields``) → our choice that buys it.
        variant_lines: a kind of line that only one reading of a rule writes → our option that reads it so
            (1830: ``LAYS_FREE_TOKEN_ON``, the D&H's free token, is ``dh_token_free``).
        rotations: Rails' rotation names in order (``"SW"`` is rotation 0).
        turn: how far Rails' side numbers are turned against our edges (side s at rotation r lies on our edge
            ``(s + r + turn) % 6``).
        tiles: Rails' tile id → ``{"stations": {id: kind}, "tracks": [[from, to], ...]}``.
        editions: (1837) the start round's name in the report → our edition (``""``: a report with no named
            start round).
        start_items: Rails' start-packet item name → our item, where they differ.
        rules: a kind of report line → the title's rule it is checked against (``"item_price"``,
            ``"choose_item"``, ``"buy_private"``, ``"private_close"``, ``"private_exchange"``, ``"minor_sale"``,
            ``"title_lines"``, ``"mine"``, ``"obsolete_rusted"``).
        column_offset: how many columns Rails' market has left of ours.
        edition_offsets: (1837) an edition whose Rails market has another number of columns left of ours → that
            number (Rails' first-edition grid lines up with ours, its second-edition grid has two more columns).
        territories: (1837) Rails' territory name → ``{"hex": a hex in play exactly while it is open, "rule"}``.
        share_items: a minor's certificate Rails sells as a share → our item bought from the bank (1837: the
            second 50% of UG1 and UG3).
        same_price_sales: Rails sells a player's separate sales of one corporation in one turn at the first
            sale's price (its game option ``SeparateSalesAtSamePrice``, on by default in 1830).
    """

    title: str
    privates: dict[str, str]
    corporations: dict[str, str]
    variants: dict[str, str]
    rotations: tuple[str, ...]
    turn: int
    tiles: dict[str, Any]
    editions: dict[str, str]
    start_items: dict[str, str]
    rules: dict[str, str]
    share_items: dict[str, str]
    column_offset: int = 0
    territories: dict = field(default_factory=dict)
    edition_offsets: dict[str, int] = field(default_factory=dict)
    same_price_sales: bool = False
    variant_banks: dict[str, list[str]] = field(default_factory=dict)
    variant_certificates: dict[str, str] = field(default_factory=dict)
    variant_lines: dict[str, str] = field(default_factory=dict)
    variant_tiles: dict[str, str] = field(default_factory=dict)
    variant_rights: dict[str, str] = field(default_factory=dict)

    def tile_of(self, name: str, ours) -> str:
        """Rails' tile id of the tile a report names ``name`` in a game whose tiles are ``ours`` (names): the
        name itself, or the variant's tile it stands for where our game has no tile of that name."""
        if name not in ours and self.variant_tiles.get(name) in ours:
            return self.variant_tiles[name]
        return name

    def market_offset(self, edition: str | None) -> int:
        """How many columns Rails' market of ``edition`` (``None``: the title's only one) has left of ours."""
        return self.edition_offsets.get(edition or "", self.column_offset)

    def item(self, name: str) -> str:
        """Our id of a start-packet item Rails names ``name`` (1837: ``SmB`` is sold with SD1 as our item
        ``SD1``), a private company or a minor."""
        if name in self.start_items:
            return self.start_items[name]
        return self.privates[name] if name in self.privates else self.corporation(name)

    def private(self, name: str) -> str:
        """Our id of Rails' private company ``name``: the table's, else ``name`` itself (a name Rails spells as we
        do). Whether our game has it is the replay's check (:meth:`gamekit.rails.replay.Replay.private`)."""
        return self.privates.get(name, name)

    def corporation(self, name: str) -> str:
        """Our id of Rails' corporation, minor or coal company ``name``: the table's, else ``name`` itself.
        Whether our game has it is the replay's check (:meth:`gamekit.rails.replay.Replay.corporation`)."""
        return self.corporations.get(name, name)

    def rotation(self, name: str, where: str) -> int:
        """Rails' rotation index of a rotation name (``"W"`` → 1).

        Raises:
            DataError: not one of the table's names.
        """
        if name not in self.rotations:
            raise DataError(msg("{where}: {name} is not a tile orientation ({names})", where=where, name=repr(name),
                                names=", ".join(self.rotations)))
        return self.rotations.index(name)

    def exits(self, tile: str, rotation: int, where: str) -> Exits:
        """What Rails' tile ``tile`` connects when laid at Rails rotation ``rotation`` (side s lies on our edge
        ``(s + rotation + turn) % 6``).

        Raises:
            DataError: a tile Rails' Tiles.xml does not have.
        """
        data = self.tiles.get(tile)
        if data is None:
            raise DataError(msg("{where}: tile {tile} is not in Rails' tile set for {title}", where=where,
                                tile=repr(tile), title=self.title))
        ends = [(a, b) for a, b in data["tracks"]]
        turn = rotation + self.turn
        return connected(ends, lambda end: (int(end[4:]) + turn) % 6 if end.startswith("side") else None,
                         lambda end: data["stations"].get(end, "track"))


def connected(paths: list[tuple[Any, Any]], edge_of, kind_of) -> Exits:
    """What a tile's paths connect: each plain track between two edges on its own (1830's tile 25 joins edges
    0–2 and 0–4, not 2–4), and the edges of the paths meeting at one city or town together with its kind.

    Args:
        paths: pairs of ends.
        edge_of: end → hex edge, or ``None`` for a node (city or town).
        kind_of: node end → ``"city"``/``"town"``.
    """
    plain: list[tuple[frozenset[int], str]] = []
    at_node: dict[Any, set[int]] = {}
    for a, b in paths:
        ea, eb = edge_of(a), edge_of(b)
        if ea is not None and eb is not None:
            plain.append((frozenset((ea, eb)), "track"))
            continue
        nodes = [end for end, edge in ((a, ea), (b, eb)) if edge is None]
        edges = {edge for edge in (ea, eb) if edge is not None}
        for node in nodes:
            at_node.setdefault(node, set()).update(edges)
    return frozenset(plain) | frozenset((frozenset(edges), kind_of(node)) for node, edges in at_node.items())


def market_cell(name: str, where: str, offset: int = 0) -> tuple[int, int]:
    """Rails' market cell name → our ``(row, column)``: the letter is the column (A = 0, less ``offset``
    columns Rails has left of ours), the number the row from 1 (``"G1"`` → ``(0, 6)``).

    Raises:
        DataError: not a letter and a number.
    """
    match = _CELL.match(name)
    if not match:
        raise DataError(msg("{where}: {name} is not a market cell such as G1", where=where, name=repr(name)))
    return int(match.group(2)) - 1, ord(match.group(1)) - ord("A") - offset


_TITLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _&-]{0,39}")


@lru_cache(maxsize=None)
def table(title: str) -> RailsTable:
    """The table of ``title`` (``"1830"`` or ``"1837"``), read once from ``data/<title>/rails.json``.

    Raises:
        DataError: no table for the title.
    """
    try:
        if not _TITLE.fullmatch(title):  # a report's text must not name a path outside the titles' data
            raise DataError(title)
        raw = data_json(title, "rails.json")
    except DataError:
        raise DataError(msg("gamekit has no Rails-18xx table for {title} (it replays Rails reports of 1830 and "
                            "1837)", title=shown(title, 40))) from None
    return RailsTable(title=raw["title"], privates=raw["privates"], corporations=raw["corporations"],
                      variants=raw.get("variant_corporations", {}), rotations=tuple(raw["orientation"]["names"]),
                      turn=raw["orientation"]["turn"],
                      tiles=raw["tiles"], editions=raw.get("editions", {}),
                      start_items=raw.get("start_items", {}), rules=raw["rules"],
                      share_items=raw.get("share_items", {}), column_offset=raw["market"]["column_offset"],
                      territories=raw.get("territories", {}),
                      edition_offsets=raw["market"].get("edition_offsets", {}),
                      same_price_sales=raw.get("same_price_sales", False),
                      variant_banks=raw.get("variant_options", {}).get("banks", {}),
                      variant_certificates=raw.get("variant_options", {}).get("certificates", {}),
                      variant_lines=raw.get("variant_options", {}).get("lines", {}),
                      variant_tiles=raw.get("variant_options", {}).get("tiles", {}),
                      variant_rights=raw.get("variant_options", {}).get("rights", {}))
