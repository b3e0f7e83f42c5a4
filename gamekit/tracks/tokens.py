"""Station tokens: may a corporation place its next token in a city, and placing it.

Checks, each refusing with a ``GameError`` naming its rule (prefix from the map data, ``1830`` for 1830):

* ``token.city`` — the hex has that city on its current tile.
* ``token.once`` — the corporation has no token in any city of that hex yet.
* ``token.reserved`` — a reservation on the whole hex for other corporations (1830 ERIE on E11) keeps
  everyone else out until it is used; a slot reserved for another corporation's home is not free.
* ``token.slot`` — a free slot remains (the corporation's own reserved slot, or an unreserved empty one).
* ``token.connect`` — the corporation's network reaches the city (skipped for home tokens and teleports).
* ``token.cost`` — the corporation can pay the price the caller passes (token prices are title facts).
"""

from __future__ import annotations

from ..errors import GameError
from ..i18n import Message, msg
from .board import Board, placed_tile
from .graph import reach
from .mapdata import TrackData


def check_token(data: TrackData, board: Board, corporation: str, coord: str, city: int, *, cost: int = 0,
                cash: int | None = None, slot: int | None = None, needs_connection: bool = True,
                reversals: int | None = 0) -> int:
    """Check that ``corporation`` may place a station token in city ``city`` of hex ``coord``.

    Args:
        cost: the token's price in currency units (the caller knows its token prices); cash: the corporation's
            cash, or None to skip the affordability check.
        slot: the slot asked for (as 18xx.games logs it), or None for the first one the rules give.
        needs_connection: False for a home token or a teleport ability (1830 DH on F16).
        reversals: how often the connection may reverse when traced (0 as trains run; ``None`` any number of
            times, 1837's second edition; 1 in its first; :func:`gamekit.tracks.graph.reach`).

    Returns:
        The slot index the token goes to.

    Raises:
        GameError: with a ``<prefix>:token.*`` rule (see the module docstring).
    """
    rule = data.rule
    free = _free_or_refusal(data, board, corporation, coord, city)
    if free is NO_CITY:
        raise GameError(msg("there is no city {city} on {hex}", city=city, hex=coord), rule("token.city"))
    if free is HELD:
        raise GameError(msg("{corporation} already has a station token on {hex}", corporation=corporation, hex=coord),
                        rule("token.once"))
    if free is RESERVED:
        raise GameError(msg("{hex} is reserved for {corporations}", hex=coord,
                            corporations=", ".join(board.hex_reservations[coord])), rule("token.reserved"))
    if free is FULL:
        raise GameError(_full_city(data, board, corporation, coord), rule("token.slot"))
    if slot is not None and slot not in free:
        raise GameError(msg("slot {slot} of city {city} on {hex} is not free for {corporation}", slot=slot, city=city,
                            hex=coord, corporation=corporation), rule("token.slot"))
    if needs_connection and (coord, "city", city) not in reach(data, board, corporation, reversals).nodes:
        raise GameError(msg("{corporation}'s network does not reach {hex}", corporation=corporation, hex=coord),
                        rule("token.connect"))
    if cash is not None and cost > cash:
        raise GameError(msg("{corporation} has {cash} but the token costs {cost}", corporation=corporation, cash=cash,
                            cost=cost), rule("token.cost"))
    return free[0] if slot is None else slot


NO_CITY, HELD, RESERVED, FULL = "token.city", "token.once", "token.reserved", "token.slot"
"""The rules of the refusals :func:`_free_or_refusal` names (without a refusal's text)."""


def _free_or_refusal(data: TrackData, board: Board, corporation: str, coord: str, city: int) -> list[int] | str:
    """The checks of :func:`check_token` that read the city alone (``token.city``, ``token.once``,
    ``token.reserved``, ``token.slot``, in that order): the rule of the first refusal, else the free slots
    (:func:`free_slots`, never empty). Without building a refusal: :func:`tokenable_cities` asks of every city
    the network reaches."""
    if coord not in data.hexes or city not in range(len(placed_tile(data, board, coord).parts.cities)):
        return NO_CITY
    if any(corporation in slots for slots in board.tokens[coord]):
        return HELD
    hex_reserved = board.hex_reservations.get(coord, [])
    # a home slot of its own on the hex lets a corporation in (1837's minors in Vienna, reserved for SD and KK)
    own_slot = any(corporation in slots for slots in board.reservations.get(coord, []))
    if hex_reserved and corporation not in hex_reserved and not own_slot:
        return RESERVED
    return free_slots(board, coord, city, corporation) or FULL


def free_slots(board: Board, coord: str, city: int, corporation: str) -> list[int]:
    """Return the slots ``corporation`` could fill: its own reserved slot first, else the empty unreserved ones."""
    tokens = board.tokens[coord][city]
    reserved = board.reservations[coord][city]
    own = [i for i, (t, r) in enumerate(zip(tokens, reserved)) if t is None and r == corporation]
    return own or [i for i, (t, r) in enumerate(zip(tokens, reserved)) if t is None and r is None]


def add_slot(board: Board, coord: str, city: int) -> int:
    """Give city ``city`` of ``coord`` one more (empty, unreserved) slot and return its index — where a token
    lifted by an upgrade goes back when its city is full (as 18xx.games does; rule ``<prefix>:track.tokens``)."""
    board.tokens[coord][city].append(None)
    board.reservations[coord][city].append(None)
    board.changed()
    return len(board.tokens[coord][city]) - 1


def home_city(data: TrackData, board: Board, corporation: str, coord: str) -> int | None:
    """Return the city of hex ``coord`` where ``corporation``'s home token goes now, or ``None`` when it must choose.

    The home slot reservation moves with its city when the hex is upgraded (``set_tile``), so the city holding
    the reservation now is the home city, whatever the printed map said. A reservation on the whole hex (1830
    ERIE on E11) gives the first city while the hex has no track; once a tile with track and several cities lies
    there, the corporation chooses (``None``). Rule: ``<prefix>:token.home``.
    """
    for city, slots in enumerate(board.reservations.get(coord, [])):
        if corporation in slots:
            return city
    tile = placed_tile(data, board, coord)
    if corporation in board.hex_reservations.get(coord, []) and tile.parts.paths and len(tile.parts.cities) > 1:
        return None
    return 0


def place_token(data: TrackData, board: Board, corporation: str, coord: str, city: int, **options) -> int:
    """Check (as :func:`check_token`, same arguments) and place the token; return its slot.

    The corporation's home reservations on that hex (slot and whole-hex) are used up.

    Raises:
        GameError: as :func:`check_token`; the board is unchanged then.
    """
    slot = check_token(data, board, corporation, coord, city, **options)
    board.tokens[coord][city][slot] = corporation
    board.changed()
    for slots in board.reservations[coord]:
        for i, name in enumerate(slots):
            if name == corporation:
                slots[i] = None
    if corporation in board.hex_reservations.get(coord, []):
        board.hex_reservations[coord].remove(corporation)
        if not board.hex_reservations[coord]:
            del board.hex_reservations[coord]
    return slot


def tokenable_cities(data: TrackData, board: Board, corporation: str, reversals: int | None = 0
                     ) -> list[tuple[str, int]]:
    """Return the ``(hex, city)`` pairs where ``corporation`` could place a token now (connection traced with
    ``reversals`` as :func:`check_token`, slot, reservations; cost not considered), sorted. Rules: as
    :func:`check_token`."""
    held = board.tokens.get
    return [(coord, city) for coord, city in reach(data, board, corporation, reversals).cities()
            if _has_empty_slot(held(coord), city)
            and not isinstance(_free_or_refusal(data, board, corporation, coord, city), str)]


def _has_empty_slot(cities: list[list[str | None]] | None, city: int) -> bool:
    """Whether city ``city`` of a hex whose slots are ``cities`` (``board.tokens`` there) may have a free slot:
    False only where the city has slots and none is empty, which :func:`free_slots` then never finds (so
    :func:`_free_or_refusal` refuses it, by whichever rule it names first). Most cities a network reaches in
    1830 are full: the cheap half of the test first."""
    return cities is None or city >= len(cities) or None in cities[city]


def _full_city(data: TrackData, board: Board, corporation: str, coord: str) -> Message:
    """The refusal of a full city in a player's words: the hex by its name and coordinate ("Toronto (E19)"), and
    "the chosen city" where its tile has several (the city's index is the data's, not a word)."""
    name = data.hexes[coord].name if coord in data.hexes else None
    place = f"{name} ({coord})" if name else coord
    if len(placed_tile(data, board, coord).parts.cities) > 1:
        return msg("no free slot for {corporation} in the chosen city of {place}", corporation=corporation,
                   place=place)
    return msg("no free slot for {corporation} in {place}", corporation=corporation, place=place)
