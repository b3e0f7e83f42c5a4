"""1837's national railways: their formation from the minors and the minors' merger (rules
``1837:national.formation``, ``1837:national.tokens``).

SD forms at once on the first 4-train; KK may form from the first 4-train on and must on the first 4+1; UG may
form from the first 4E on and must on the first 5 (the train events ``sd_formation``, ``kk_can_form``,
``kk_formation``, ``ug_can_form``, ``ug_formation``). A merging minor's owners receive the national's reserved
certificates (one per certificate of the minor), its treasury, trains and stations pass to the national, and it
closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import join, msg
from ...g18xx.economy import pay_from_bank
from ...tracks.board import Board
from ...tracks.shares import IPO, POOL
from . import trains

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:national.formation"
CAN_FORM = {"KK": "kk_can_form", "UG": "ug_can_form"}
MUST_FORM = {"SD": "sd_formation", "KK": "kk_formation", "UG": "ug_formation"}


def minors_of(game: "Game1837", national: str) -> list[str]:
    """The minors that merge into ``national``, in their order (a new list)."""
    return list(_minors_of(game, national))


def _minors_of(game: "Game1837", national: str) -> tuple[str, ...]:
    """:func:`minors_of` as kept with the game's facts (``_facts_memo``): a fact, asked for every national at every
    exchange round and by every reserved certificate's question (``Game1837.reserved_now``)."""
    memo = game._facts_memo()
    found = memo.get(("1837 minors of", national))
    if found is None:
        found = memo[("1837 minors of", national)] = tuple(c.sym for c in game.facts.corporations
                                                            if c.merges_into == national)
    return found


def independent_minors(game: "Game1837", national: str) -> list[str]:
    """The minors of ``national`` still operating on their own (floated, not merged)."""
    state = game.state
    return [m for m in _minors_of(game, national) if state.corporations[m].floated and not game.closed(m)]


def formed(game: "Game1837", national: str) -> bool:
    """True once ``national`` exists."""
    return game.state.corporations[national].floated


def formable(game: "Game1837") -> list[str]:
    """The first minors of the nationals whose optional formation may be decided now (rule
    ``1837:national.formation``)."""
    out = []
    for national, event in CAN_FORM.items():
        if game.event_fired(event) and not formed(game, national) and \
                (first := _minors_of(game, national)[0]) in independent_minors(game, national):
            out.append(first)
    return out


def joinable(game: "Game1837") -> list[str]:
    """The minors still on their own of a national that has formed, while its formation is open (from the
    ``kk_can_form`` or ``ug_can_form`` event on): each is asked again in every exchange round whether it folds
    in now, as 18xx.games asks them (rule ``1837:national.formation``)."""
    return [minor for national, event in CAN_FORM.items() if game.event_fired(event) and formed(game, national)
            for minor in independent_minors(game, national)]


def forced_formations(game: "Game1837") -> list[Event]:
    """Form every national whose forced formation's train was bought, with all its minors; a national that
    formed before, when some of its minors declined, takes those minors now (called after a train purchase;
    rule ``1837:national.formation``)."""
    events: list[Event] = []
    for national, event in MUST_FORM.items():
        if not game.event_fired(event):
            continue
        if not formed(game, national):
            events += form(game, national, independent_minors(game, national))
        else:
            for minor in independent_minors(game, national):
                events += fold_in(game, minor)
    return events + after_formations(game)


def form(game: "Game1837", national: str, merging: list[str]) -> list[Event]:
    """Form ``national`` from the minors ``merging``: the bank pays it its price for each certificate not
    reserved for minors now, then the minors merge (rule ``1837:national.formation``). A reserved certificate
    already given for a minor merged ahead of the formation (its owner's bankruptcy) is paid like a sold one, as
    18xx.games pays it (the bench's 6-player seed-11 game, action 4601)."""
    state = game.state
    c = state.corporations[national]
    c.floated = True
    facts = game.facts.corporation(national)
    price = game.market.cell(c.par).price
    kept = sum(facts.certificates[int(x.rpartition("_")[2])] for x in state.ledger.certs(IPO, national)
               if int(x.rpartition("_")[2]) in facts.reserved)
    capital = price * (100 - kept) // 10
    pay_from_bank(game, national, capital)
    events = [Event(RULE, msg("{national} forms and receives {capital} from the bank", national=national,
                              capital=game.facts.money(capital)), "float",
                    {"corporation": national, "capital": capital})]
    board = state.board
    _home_taken(board, national, [h for h, names in board.hex_reservations.items() if national in names])
    order = minors_of(game, national)
    owners = [state.corporations[m].president for m in sorted(merging, key=order.index)]
    for minor in merging:
        events += fold_in(game, minor)
    events += _first_president(game, national, owners)
    for minor in minors_of(game, national):  # a minor the start packet left unsold never comes: its home is free
        if not state.corporations[minor].floated and not game.closed(minor):
            for slots in board.reservations.values():
                for city in slots:
                    city[:] = [None if name == minor else name for name in city]
    return events


def fold_in(game: "Game1837", minor: str) -> list[Event]:
    """Merge ``minor`` into its national: each of its certificates, held by a player or the bank pool, is exchanged
    for one of the national's reserved certificates, which goes to the same holder; its treasury, trains and
    stations pass over, and it closes (rules ``1837:national.formation``, ``1837:national.tokens``)."""
    from .exchange import CLOSED

    state = game.state
    national = game.facts.corporation(minor).merges_into
    n, m = state.corporations[national], state.corporations[minor]
    reserved = [x for x in state.ledger.certs(IPO, national) if game.reserved_now(x)]
    given = []
    for cert in _held(game, minor):
        holder = state.ledger.owner[cert]
        share = reserved.pop(0)
        state.ledger.move(share, holder)
        state.ledger.move(cert, CLOSED)
        given.append((holder, share))
    n.cash, m.cash = n.cash + m.cash, 0
    moved, m.trains = list(m.trains), []
    received = trains.receive(game, national, moved)
    board = state.board
    leaving = {coord for overlay in game.track.overlays.values() for coord in overlay.closes}
    for coord in m.tokens:
        # a station in Italy, which leaves the map as the SD forms, is the SD's spare station on its charter, also
        # when the minor merges early (a bankruptcy) and Italy is still there (1837:national.sd-tokens)
        n.tokens.append(None if coord in leaving else coord)
        if coord is None:
            continue
        for slots in board.tokens.get(coord, []):
            for i, name in enumerate(slots):
                if name == minor:
                    slots[i] = None if coord in leaving else national
    board.changed()
    m.tokens = [None] * len(m.tokens)
    n.tokens.sort(key=lambda t: t is None)  # stations on the map first, then those on the charter
    # merged early (its owner's bankruptcy), a minor's station in the national's home hex is the national's home
    # there: no space is kept for it any more (1837:token.reserved; the bench's 5-player seed-4 game, Vienna)
    _home_taken(board, national, [coord for coord in n.tokens if coord is not None])
    game.close(minor)
    names = join(", ", [msg("{player} receives {certificate}",
                            player=msg("the bank pool") if h == POOL else game.player(h).name,
                            certificate=msg("a {percent}% {corporation} share", percent=state.ledger.percent[s],
                                            corporation=national)) for h, s in given])
    events = [Event(RULE, msg("{minor} merges into {national}: {receivers}", minor=minor, national=national,
                              receivers=names), "merge",
                    {"minor": minor, "national": national, "certificates": {s: h for h, s in given},
                     "trains": moved if received else []})]
    if moved and not received:
        events.append(trains.discarded_on_merge(game, national, minor, moved))
    return events


def _home_taken(board: Board, national: str, coords: list[str]) -> None:
    """Lift ``national``'s reservations of whole home hexes among ``coords``, where its home is now a station of
    its own (a minor's that merged into it) or, at its formation, its minors' stations (rule
    ``1837:token.reserved``: only a home still to come keeps a hex's last free space)."""
    for coord in coords:
        names = board.hex_reservations.get(coord)
        if names and national in names:
            names.remove(national)
            if not names:
                del board.hex_reservations[coord]


def _held(game: "Game1837", minor: str) -> list[str]:
    """The certificates of ``minor`` held by players or by the bank pool (a bankrupt president's, or the half of
    UG1 or UG3 that went there when its holder went bankrupt: the pool receives the national's certificate for it,
    as 18xx.games merges it), in index order."""
    ledger = game.state.ledger
    players = game.state.players
    certs = [f"{minor}_{i}" for i in range(len(game.facts.corporation(minor).certificates))]
    return [c for c in certs if ledger.owner.get(c) in players or ledger.owner.get(c) == POOL]


def _first_president(game: "Game1837", national: str, owners: list[str | None]) -> list[Event]:
    """The president of ``national`` as it forms: the player holding most of its certificates; on a tie the owner
    of the lowest-numbered merging minor among them (``owners``: the merging minors' owners in their order), else
    the holder of the president's certificate bought before. The president's certificate goes to the president,
    who hands one certificate of the same size (the first received) to its former holder: the IPO, the player who
    bought it, or the bank pool where a bankrupt buyer's certificates went (rule ``1837:end.bankrupt``), as
    18xx.games moves it (rule ``1837:national.formation``)."""
    from ...g18xx.economy import transfer_presidency

    state = game.state
    current = state.corporations[national].president
    held = {p.id: state.ledger.percent_of(p.id, national) for p in game.players}
    rank = {p: len(owners) - owners.index(p) for p in owners if p is not None}
    new = max((p for p in held if held[p] > 0), key=lambda p: (held[p], rank.get(p, 0), p == current),
              default=None)
    if new is None or new == current:
        return []
    if current is None and state.ledger.owner.get(f"{national}_0") == POOL:
        return transfer_presidency(game, national, None, new, swapped_to=POOL)
    return transfer_presidency(game, national, current or IPO, new)


def after_formations(game: "Game1837") -> list[Event]:
    """Presidents of the nationals formed, after minors folded in: the presidency passes to a player holding more
    than the president, as in a stock round (rules ``1837:national.formation``, ``stock.president``)."""
    from ...g18xx.economy import update_president

    events: list[Event] = []
    for national in MUST_FORM:
        if formed(game, national) and game.state.corporations[national].president is not None:
            events += update_president(game, national)
    return events


def return_merged_tokens(game: "Game1837", coord: str) -> list[Event]:
    """After an upgrade of ``coord`` that joins a national's several stations there into one city (brown Vienna
    for the KK, brown Budapest for the UG), the stations left over go back to its charter (rules
    ``1837:national.kk-vienna``, ``1837:national.ug-budapest``)."""
    state = game.state
    events = []
    for corp, c in state.corporations.items():
        listed = c.tokens.count(coord)
        if not listed:  # nothing of it to return (asked after every lay, for every company)
            continue
        on_map = sum(slots.count(corp) for slots in state.board.tokens.get(coord, []))
        for _ in range(listed - on_map):
            c.tokens[len(c.tokens) - 1 - c.tokens[::-1].index(coord)] = None
            c.tokens.sort(key=lambda t: t is None)  # stations on the map first, then those on the charter
        if listed > on_map:
            events.append(Event("1837:national.tokens", msg("{count} of {corporation}'s stations on {hex} go back to "
                                                            "its charter", count=listed - on_map, corporation=corp,
                                                            hex=coord), "token_returned", {"corporation": corp, "hex": coord}))
    return events

