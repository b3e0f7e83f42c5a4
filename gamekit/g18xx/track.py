"""The track and token steps of an operating turn: tile lays, station tokens, home tokens and tokens lifted by an
upgrade (rules ``track.*`` and ``token.*``).

Legality is :mod:`gamekit.tracks`' (``lay``, ``tokens``); this module adds the turn's budget (the policy's lays and
upgrades per turn), the title's colours and connection rule, token costs and who re-places a lifted token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ..actions import Action
from ..errors import DataError, GameError
from ..events import Event
from ..i18n import N_, msg
from ..tracks import board as boards
from ..tracks import lay, tokens
from ..tracks.actions import LayTile, PlaceToken
from ..tracks.trains import phase_index
from . import names
from .economy import pay_to_bank, require

if TYPE_CHECKING:
    from .game import Game18xx


def _round(game: "Game18xx"):
    return game.state.round


# ----- tiles -------------------------------------------------------------------------------------------
def blocked_hexes(game: "Game18xx") -> frozenset[str]:
    """Hexes of private companies owned by players: no tile may be laid there (``track.private-hex``); a private
    with ``blocks_until_phase`` blocks them only until that phase (1837's mountain railways); and the hexes the
    title has out of play now (:meth:`~gamekit.g18xx.game.Game18xx.closed_hexes`)."""
    closed, private = game.closed_hexes(), _private_hexes(game)
    last = _LAST_BLOCKED
    # the same two sets as the last time (both are kept answers: the same objects while nothing changes) have the
    # same union; the last answer holds them, so no other set takes their identity meanwhile
    if last[0] is not closed or last[1] is not private:
        last[:] = (closed, private, closed | private)
    return last[2]


_LAST_BLOCKED: list = [None, None, None]
"""The closed and the private companies' hexes :func:`blocked_hexes` was last asked with, and their union."""


BLOCKS_KEPT = 64
"""How many answers of :func:`_private_hexes` a game keeps (one per owners and phase: a game has a few dozen)."""


def _private_hexes(game: "Game18xx") -> frozenset[str]:
    """The hexes blocked by private companies that players own now. Asked at every listing of tile lays, so kept
    in the game's facts memo under all it reads beside the facts: the owners of the privates, the players and the
    phase."""
    state = game.state
    key = (tuple(state.private_owner.items()), tuple(state.players), state.depot.phase)
    kept = game._facts_memo().setdefault("private hexes", {})
    found = kept.get(key)
    if found is None:
        if len(kept) >= BLOCKS_KEPT:
            kept.clear()
        found = kept[key] = _find_private_hexes(game)
    return found


def _find_private_hexes(game: "Game18xx") -> frozenset[str]:
    """:func:`_private_hexes`, found from the facts."""
    state = game.state
    players, private = state.players, game.facts.private
    blocked: set[str] = set()
    for sym, owner in state.private_owner.items():
        if owner in players:
            facts = private(sym)  # looked up once, the phase asked only of a private that blocks a hex
            if facts.blocks_hexes and not _unblocked(game, facts.blocks_until_phase):
                blocked.update(facts.blocks_hexes)
    return frozenset(blocked)


def _unblocked(game: "Game18xx", phase_name: str | None) -> bool:
    return phase_name is not None and game.state.depot.phase >= phase_index(game.facts, phase_name)


def lays_left(game: "Game18xx") -> bool:
    """True while the operating corporation has a track action left this turn (policy ``lays_per_turn``)."""
    return len(_round(game).lays) < game.policy.lays_per_turn


def upgrades_left(game: "Game18xx") -> bool:
    """True while the operating corporation may still upgrade a tile this turn (policy ``upgrades_per_turn``)."""
    return sum(_round(game).lays) < game.policy.upgrades_per_turn


def is_upgrade(game: "Game18xx", coord: str) -> bool:
    """Whether a lay on ``coord`` now is an upgrade: the hex holds a tile that is not white — a laid tile or a
    printed yellow or green one (1894's Reims, I10) — for the turn's budget of upgrades (rule ``track.lay``)."""
    if coord not in game.track.hexes:
        return False  # no such hex: the lay itself is refused (rule track.hex)
    return boards.placed_tile(game.track, game.state.board, coord).colour != "white"


def tile_choices(game: "Game18xx", corp: str, unblocked: frozenset[str] = frozenset(),
                 terrain_discount: int = 0) -> Iterator[tuple[str, str, int]]:
    """Yield every legal ordinary tile lay of ``corp`` now, as ``(hex, tile id, rotation)``, each found only when
    asked for (:func:`gamekit.tracks.lay.find_lays`; the game must not change meanwhile); ``unblocked`` hexes a
    private's ability opens to it, with ``terrain_discount`` off the terrain cost (the cash it needs). The blocked
    hexes are looked up only once the network holds a candidate of the phase's colours."""
    if not lays_left(game):
        return
    colours, _ = game.lay_colours(corp, None)
    board = game.state.board
    upgrades = upgrades_left(game)
    used = frozenset(() if game.policy.lays_on_one_hex else _round(game).laid_hexes)
    for h, t, r, _ in lay.find_lays(game.track, board, corp, phase_colours=colours,
                                    cash=game.state.corporations[corp].cash + terrain_discount,
                                    blocked_hexes=lambda: blocked_hexes(game) - unblocked if unblocked
                                    else blocked_hexes(game),
                                    restrictive=game.restrictive_upgrades(), upgrades=game.upgrade_rules):
        if (upgrades or not is_upgrade(game, h)) and h not in used:
            yield h, t, r


def lay_step(game: "Game18xx", action: LayTile) -> list[Event]:
    """The corporation's tile lay of the turn (rules ``track.lay``, policy ``lays_per_turn``)."""
    corp = action.entity
    # the refusals are built only when raised: every lay passes these checks
    if not lays_left(game):
        raise GameError(msg("{corporation} has already laid its tile this turn", corporation=corp),
                        game.rule("track.lay"))
    upgrade = is_upgrade(game, action.hex)
    if upgrade and not upgrades_left(game):
        raise GameError(msg("{corporation} has no upgrade left this turn", corporation=corp), game.rule("track.lay"))
    record_lay(game, corp, action.hex, upgrade)
    # a lay the game plays from this position's listing for one of the engine's bots (Game._play_listed) was
    # listed only where the rules allow it (tile_choices: lay.find_lays, with the arguments do_lay passes the
    # check): the checks are not made again, as the stock round applies its listed actions (stock._listed_effect)
    return do_lay(game, corp, action, ignore_connection=False, listed=getattr(game, "_listed_play", None) is action)


def record_lay(game: "Game18xx", corp: str, hex_id: str, upgrade: bool) -> None:
    """Count a track action of ``corp``'s turn on ``hex_id`` (``upgrade``: it upgrades a tile).

    Raises:
        GameError: the policy forbids two track actions of a turn on one hex and ``hex_id`` had one (rule
            ``track.lay``; 1894's text of it and of ``or.track-actions``).
    """
    rnd = _round(game)
    if not game.policy.lays_on_one_hex and hex_id in rnd.laid_hexes:  # the refusal built only when raised
        raise GameError(msg("{corporation} has already laid track on {hex} this turn; the track actions of a turn "
                            "are on different hexes", corporation=corp, hex=hex_id), game.rule("track.lay"))
    rnd.lays.append(upgrade)
    rnd.laid_hexes.append(hex_id)


def do_lay(game: "Game18xx", corp: str, action: LayTile, *, ignore_connection: bool,
           rule: str | None = None, terrain_discount: int = 0, listed: bool = False) -> list[Event]:
    """Check and apply a lay by ``corp`` (``ignore_connection`` for special abilities; ``terrain_discount``:
    currency units off the terrain cost, an ability's lay on its own hex, which it does not block; ``listed``: a
    lay of this position's listing of the track step, whose checks are not made again: ``lay.check_lay``), pay its
    terrain and queue the re-placement of tokens it lifts; returns the events (rule: ``rule`` or the lay's own)."""
    state = game.state
    c = state.corporations[corp]
    colours, lay_rule = game.lay_colours(corp, action)
    blocked = blocked_hexes(game) - {action.hex} if terrain_discount else blocked_hexes(game)
    result = lay.lay_tile(game.track, state.board, corp, action.hex, action.tile, action.rotation,
                          phase_colours=colours, cash=c.cash, blocked_hexes=frozenset() if ignore_connection
                          else blocked, ignore_connection=ignore_connection, terrain_discount=terrain_discount,
                          restrictive=game.restrictive_upgrades() and not ignore_connection,
                          upgrades=game.upgrade_rules, trusted=game.trusted, listed=listed)
    if result.cost:
        pay_to_bank(game, corp, result.cost)
    lifted = _lift(game, corp, action.hex, result.lifted)
    tile = action.tile.rsplit('-', 1)[0]
    text = (msg("{corporation} lays tile {tile} on {hex} (rotation {rotation}) and pays {cost} for the terrain",
                corporation=corp, tile=tile, hex=action.hex, rotation=action.rotation,
                cost=game.facts.money(result.cost)) if result.cost else
            msg("{corporation} lays tile {tile} on {hex} (rotation {rotation})", corporation=corp, tile=tile,
                hex=action.hex, rotation=action.rotation))
    return [Event(rule or lay_rule, text, "lay_tile", {"corporation": corp, "hex": action.hex, "tile": action.tile,
                                                       "rotation": action.rotation, "cost": result.cost})] + lifted


# ----- tokens ------------------------------------------------------------------------------------------
TOKEN_TEMPLATES = {"a": N_("{entity} places a station token in {place} for {cost}"),
                   "its": N_("{entity} places its station token in {place}"),
                   "owner's": N_("{entity} places {owner}'s station token in {place}")}
"""A station token placed, as the event says it: bought, or a lifted or late home token put back by its owner or
by another (``owner``); the action codec reads them back in each language (:mod:`gamekit.sentences`), so their
field names are its groups'."""
def home_tokens(game: "Game18xx", corp: str) -> list[Event]:
    """The home station tokens go on the home cities when the corporation first operates: on each home
    (``home_rule`` ``all``) or on the one its president chooses (``choose_one``), on the city that holds its
    reservation now (an upgrade may have moved it from the printed city). On a home hex reserved as a whole (1830
    ERIE on E11) it goes on the first city while the hex has no track; once a tile has split the hex, the
    corporation chooses the city as its first action (rule ``token.home``)."""
    facts = game.facts.corporation(corp)
    homes = [h.hex for h in facts.homes]
    if facts.home_rule == "choose_one":
        chosen = game.chosen_home(corp)
        if chosen is None:
            return _ask_home(game, corp, tuple(homes))
        homes = [chosen]
    events: list[Event] = []
    for home in homes:
        city = tokens.home_city(game.track, game.state.board, corp, home)
        if city is None:
            events += _ask_home(game, corp, (home,))
            continue
        tokens.place_token(game.track, game.state.board, corp, home, city, needs_connection=False)
        placed = game.state.corporations[corp].tokens
        placed[placed.index(None)] = home
        events.append(Event(game.rule("token.home"), msg("{corporation} places its home station token in {place}",
                                                         corporation=corp, place=names.city(game, home, city)),
                            "token", {"corporation": corp, "hex": home}))
    return events


def _ask_home(game: "Game18xx", corp: str, hexes: tuple[str, ...]) -> list[Event]:
    _round(game).pending_tokens.append((corp, corp, hexes))
    places = names.place(game, hexes[0])
    for h in hexes[1:]:
        places = msg("{first} or {second}", first=places, second=names.place(game, h))
    return [Event(game.rule("token.home"), msg("{corporation} must choose the city of {places} for its home station "
                                               "token", corporation=corp, places=places),
                  "token_choice", {"corporation": corp, "hex": "/".join(hexes)})]


def next_token_cost(game: "Game18xx", corp: str, coord: str | None = None) -> int | None:
    """Price of ``corp``'s next station token (on hex ``coord``, where the title's price depends on the place),
    or ``None`` when all are placed (``token.place``)."""
    placed = game.state.corporations[corp].tokens
    if None not in placed:
        return None
    return game.token_cost(corp, placed.index(None), coord)


def token_choices(game: "Game18xx", corp: str) -> list[Action]:
    """Every legal token placement of ``corp`` now (affordable, reachable, free slot); while a token waits for
    its city (``pending_tokens``), the cities of its hexes with a free slot for its owner."""
    state = game.state
    pending = _round(game).pending_tokens
    if pending:
        _, owner, hexes = pending[0]
        return [PlaceToken._trusted(entity=corp, city=boards.city_id(game.track, state.board, coord, city), slot=slot)
                for coord in hexes
                for city in range(len(boards.placed_tile(game.track, state.board, coord).parts.cities))
                for slot in (tokens.free_slots(state.board, coord, city, owner)[:1]
                             or ([len(state.board.tokens[coord][city])] if _overfills(game, owner, coord) else []))]
    cost = next_token_cost(game, corp)
    if cost is None or cost > state.corporations[corp].cash:
        return []
    places = tokens.tokenable_cities(game.track, state.board, corp, game.token_reversals())  # sorted
    teleport = _round(game).teleport
    if teleport:
        places = sorted(set(places).union(_teleport_cities(game, corp, teleport)))
    out: list[Action] = []
    stationless = game.stationless_hexes()
    for coord, city in places:
        if coord in stationless or next_token_cost(game, corp, coord) > state.corporations[corp].cash:
            continue
        slot = tokens.free_slots(state.board, coord, city, corp)[0]
        # built as checked (Action._trusted): every value is read from the state by the checks above
        out.append(PlaceToken._trusted(entity=corp, city=boards.city_id(game.track, state.board, coord, city),
                                       slot=slot))
    return out


def _overfills(game: "Game18xx", owner: str, coord: str) -> bool:
    """Whether ``owner``'s token waiting for its city on hex ``coord`` may go back into a full city there, in a slot
    of its own (the next index): under the policy's overfill, a token lifted from that hex by an upgrade, which
    stays counted there (rule ``track.tokens``); never a home station placed late (rule ``token.home``: a home
    goes only where a slot is free, as 18xx.games places it)."""
    return game.policy.lifted_token_overfills and coord in game.state.corporations[owner].tokens


def _teleport_cities(game: "Game18xx", corp: str, teleport: str) -> Iterator[tuple[str, int]]:
    """The cities of hex ``teleport`` where a teleport ability places ``corp``'s token, which needs no connection
    (rule ``token.place``)."""
    board = game.state.board
    for city in range(len(boards.placed_tile(game.track, board, teleport).parts.cities)):
        try:
            tokens.check_token(game.track, board, corp, teleport, city, needs_connection=False)
        except GameError:
            continue
        yield teleport, city


def token_step(game: "Game18xx", action: PlaceToken) -> list[Event]:
    """Place a station token, or a token waiting for its city (rules ``token.place``, ``track.tokens``)."""
    state = game.state
    corp = action.entity
    if action.tokener not in (None, corp):  # the refusal built only when raised
        raise GameError(msg("{corporation} places its own tokens, not {other}'s", corporation=corp,
                            other=action.tokener), game.rule("token.place"))
    try:
        coord, city = boards.find_city(game.track, state.board, action.city)
    except DataError:
        raise GameError(msg("there is no city {city} on the map", city=repr(action.city)),
                        game.rule("token.city")) from None
    with game.token_placement(corp, coord):  # what the title changes around the placement alone
        return _placed(game, action, coord, city)


def _placed(game: "Game18xx", action: PlaceToken, coord: str, city: int) -> list[Event]:
    """:func:`token_step`'s placement of ``action`` in city ``city`` of hex ``coord``."""
    state = game.state
    corp = action.entity
    pending = _round(game).pending_tokens
    if pending:
        return _replace(game, corp, coord, city, action.slot, pending[0])
    # each refusal built only when raised (its place's name costs a look at the tile)
    if coord in game.stationless_hexes():
        raise GameError(msg("{place} takes no station token", place=names.place(game, coord)), game.rule("token.city"))
    cost = next_token_cost(game, corp, coord)
    if cost is None:
        raise GameError(msg("{corporation} has no station token left", corporation=corp), game.rule("token.place"))
    c = state.corporations[corp]
    teleported = coord == _round(game).teleport  # a teleport ability's token needs no connection
    tokens.place_token(game.track, state.board, corp, coord, city, cost=cost, cash=c.cash, slot=action.slot,
                       needs_connection=not teleported, reversals=game.token_reversals())
    c.tokens[c.tokens.index(None)] = coord
    if cost:
        pay_to_bank(game, corp, cost)
    text = msg(TOKEN_TEMPLATES["a"], entity=corp, place=names.city(game, coord, city), cost=game.facts.money(cost))
    return [Event(game.rule("token.place"), text, "token", {"corporation": corp, "hex": coord, "cost": cost})]


def _lift(game: "Game18xx", layer: str, coord: str, corps: tuple[str, ...]) -> list[Event]:
    """Tokens lifted by a lay — on a hex of several cities without track (1830 E11) when the first tile with track
    is laid there, or on a city that an upgrade splits or merges — are put back on a city of the new tile, free,
    as the next action of the entity the title names (:meth:`~gamekit.g18xx.game.Game18xx.token_replacer`; 1830:
    the laying corporation), or later in the turn where the title says so
    (:meth:`~gamekit.g18xx.game.Game18xx.replace_token_now`: ``deferred_tokens``). The owner keeps the token: it
    stays counted on that hex (rule ``track.tokens``)."""
    events = []
    cities = boards.placed_tile(game.track, game.state.board, coord).parts.cities
    for corp in corps:
        home = next((i for i, city in enumerate(cities) if corp in city.reserved), None)
        if home is not None:  # the new tile's city reserved for it (1894's Paris tiles for the PLM) takes it back
            tokens.place_token(game.track, game.state.board, corp, coord, home, needs_connection=False)
            continue
        placer = game.token_replacer(layer, corp)
        now = game.replace_token_now(layer, corp)
        (_round(game).pending_tokens if now else _round(game).deferred_tokens).append((placer, corp, (coord,)))
        text = msg("{corporation}'s station token in {place} is lifted: {placer} chooses the city of the new tile "
                   "where it goes", corporation=corp, place=names.place(game, coord), placer=placer)
        events.append(Event(game.rule("track.tokens"), text, "token_lifted",
                            {"corporation": corp, "hex": coord, "placer": placer}))
    return events


def _replace(game: "Game18xx", placer: str, coord: str, city: int, slot: int,
             entry: tuple[str, str, tuple[str, ...]]) -> list[Event]:
    state = game.state
    _, owner, hexes = entry
    # a home station chosen late (token.home) has none of its hexes among its owner's stations yet; a lifted token
    # stays counted on its hex (track.tokens)
    rule = game.rule("track.tokens" if set(hexes) & set(state.corporations[owner].tokens) else "token.home")
    require(coord in hexes, msg("{placer} must first place {owner}'s station token on {hexes}", placer=placer,
                                owner=owner, hexes="/".join(hexes)), rule)
    board = state.board
    if _overfills(game, owner, coord) and coord in board.tokens and city in range(len(board.tokens[coord])) \
            and not tokens.free_slots(board, coord, city, owner):
        # the lifted token finds room again in a slot of its own; 18xx.games logs name one of the full city's slots
        added = len(board.tokens[coord][city])
        require(0 <= slot <= added, msg("city {city} of {hex} is full: {owner}'s station token goes back into a new "
                                        "slot {added} (or name one of its slots 0–{last}), not slot {slot}",
                                        city=city, hex=coord, owner=owner, added=added, last=added - 1, slot=slot),
                game.rule("track.tokens"))
        slot = tokens.add_slot(state.board, coord, city)
    tokens.place_token(game.track, state.board, owner, coord, city, needs_connection=False, slot=slot)
    placed = state.corporations[owner].tokens
    if coord not in placed:  # a home token placed late (token.home)
        placed[placed.index(None)] = coord
    _round(game).pending_tokens.remove(entry)
    place = names.city(game, coord, city)
    text = msg(TOKEN_TEMPLATES["its"], entity=placer, place=place) if owner == placer else \
        msg(TOKEN_TEMPLATES["owner's"], entity=placer, owner=owner, place=place)
    return [Event(rule, text, "token",
                  {"corporation": owner, "placer": placer, "hex": coord, "cost": 0,
                   "city": boards.city_id(game.track, state.board, coord, city)})]
