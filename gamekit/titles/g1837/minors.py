"""1837's dividends: majors and nationals choose payout, half or withhold; coal companies and minors pay half
automatically, with no decision (rules ``1837:dividend``, ``1837:minor.payout``, ``1837:dividend.rounding``).

Rounding is 18xx.games' (D6): a half payout keeps half the revenue rounded down in the treasury and shares the
rest, each holder's part rounded down; what is left over stays with the bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import GameError
from ...events import Event
from ...g18xx import dividend as dividends, end, revenue
from ...g18xx.economy import move_price, pay_from_bank
from ...g18xx.operating import STEPS, TurnStep, next_step
from ...i18n import join, msg
from ...tracks.actions import Dividend
from ...tracks.board import Board, memo
from ...tracks.mapdata import TrackData
from ...tracks.router import first_segment_hexes
from ...tracks.shares import POOL
from . import homes

if TYPE_CHECKING:
    from .game import Game1837

KINDS = ("payout", "half", "withhold")
PAYOUT, HALF, MINOR = "1837:dividend", "1837:dividend.rounding", "1837:minor.payout"


def _revenue(game: "Game1837") -> int:
    return game.state.round.revenue


def _chooses(game: "Game1837", corp: str) -> bool:
    return game.kind(corp) in ("major", "national")


def _skip(game: "Game1837", corp: str) -> list[Event] | None:
    """A coal company or minor pays half at once; a major or national with no revenue, or whose treasury is below
    zero, withholds."""
    if not _chooses(game, corp):
        return minor_payout(game, corp, _revenue(game))
    if _revenue(game) and game.state.corporations[corp].cash >= 0:
        return None
    # a treasury below zero (the bank financed a train) keeps all revenue until it is repaid (1837:trains.financing)
    return dividends.withhold(game, corp, _revenue(game), implicit=not _revenue(game))


DIVIDEND_STEP = TurnStep(
    "dividend", msg("Pay out, pay half or withhold"), "or.dividend", ("dividend",),
    lambda g, c: msg("{corporation} earned {amount}: pay it all out (price right), pay half (price down and right) or "
                     "withhold it (price left).", corporation=c, amount=g.facts.money(_revenue(g))),
    lambda g, c: [Dividend(entity=c, kind=k) for k in KINDS], _skip)
"""The dividend step of an 1837 operating turn (replaces the shared one: ``Game1837.title_steps``)."""
assert DIVIDEND_STEP.key in STEPS


def dividend(game: "Game1837", action: Dividend) -> list[Event]:
    """A major's or national's decision (rule ``1837:dividend``); raises :class:`GameError` otherwise."""
    rnd = game.state.round
    corp = action.entity
    # the refusals are built only when raised (``if not …: raise``): every decision the listing offers passes
    if not (rnd.index < len(rnd.order) and rnd.order[rnd.index] == corp and rnd.step == "dividend"):
        raise GameError(msg("{corporation} is not at its dividend step", corporation=corp), game.rule("or.dividend"))
    if action.kind not in KINDS:
        raise GameError(msg("{kind} is not one of {kinds}", kind=repr(action.kind), kinds=", ".join(KINDS)), PAYOUT)
    total = _revenue(game)
    if action.kind == "payout":
        events = dividends.payout(game, corp, total)
    elif action.kind == "withhold":
        events = dividends.withhold(game, corp, total, implicit=False)
    else:
        events = half(game, corp, total)
    return events + next_step(game)


def _share_out(game: "Game1837", corp: str, amount: int, rule: str) -> list[Event]:
    """Pay ``amount`` to the holders of ``corp``, each its percent rounded down; pool certificates pay the
    corporation, IPO ones nobody (rule ``1837:dividend.payout``)."""
    state = game.state
    events = []
    holders = [p for p in state.seat_order] + [POOL]
    for holder in holders:
        percent = state.ledger.percent_of(holder, corp)
        if not percent:
            continue
        part = percent * amount // 100
        receiver = corp if holder == POOL else holder
        pay_from_bank(game, receiver, part)
        name = game.player(receiver).name if receiver in state.players else receiver
        # kept per values (revenue.kept_text): every minor's turn says them, mostly as an earlier turn did
        text = revenue.kept_text(game, ("receives", name, part),
                                 lambda: msg("{holder} receives {amount}", holder=name, amount=game.facts.money(part)))
        events.append(Event(rule, text, "dividend", {"to": receiver, "amount": part}))
    return events


def half(game: "Game1837", corp: str, total: int) -> list[Event]:
    """A major's or national's half payout: the treasury keeps half rounded down, the holders share the rest;
    the price moves diagonally down and right (rules ``1837:dividend.rounding``, ``1837:market.moves``)."""
    kept = total // 2
    pay_from_bank(game, corp, kept)
    text = revenue.kept_text(game, ("pays half", corp, total), lambda: msg(
        "{corporation} pays half of {amount}: the treasury keeps {kept}", corporation=corp,
        amount=game.facts.money(total), kept=game.facts.money(kept)))
    events = revenue.pay_subsidy(game, corp) + [Event(HALF, text, "half",
                                                      {"corporation": corp, "revenue": total, "kept": kept})]
    events += _share_out(game, corp, total - kept, HALF) + end.check_bank(game)
    return events + move_price(game, corp, "down_right", PAYOUT, "half paid")


def minor_payout(game: "Game1837", corp: str, total: int) -> list[Event]:
    """A coal company's or minor's automatic payout: half to the treasury (rounded down), half shared by its
    owners; nothing with no revenue. Under ``minor_payout=full`` (first edition) the SD and KK minors pay all
    to their owners (rule ``1837:minor.payout``)."""
    subsidy = revenue.pay_subsidy(game, corp)
    # the texts kept per values (revenue.kept_text): every minor's turn says one, mostly as an earlier turn did
    if not total:
        nothing = revenue.kept_text(game, ("earned nothing", corp),
                                    lambda: msg("{corporation} earned nothing and pays nothing", corporation=corp))
        return subsidy + [Event(MINOR, nothing, "withhold", {"corporation": corp, "revenue": 0})]
    full = "minor_payout=full" in game.options and game.facts.corporation(corp).merges_into in ("SD", "KK")
    kept = 0 if full else total // 2
    if kept:
        pay_from_bank(game, corp, kept)
    text = revenue.kept_text(game, ("minor pays", corp, total, full), lambda: msg(
        "{corporation} pays all of {amount} to its owner", corporation=corp, amount=game.facts.money(total))
        if full else msg("{corporation} pays half of {amount} to its owners and keeps {kept}", corporation=corp,
                         amount=game.facts.money(total), kept=game.facts.money(kept)))
    events = subsidy + [Event(MINOR, text, "half",
                    {"corporation": corp, "revenue": total, "kept": kept})]
    return events + _share_out(game, corp, total - kept, MINOR) + end.check_bank(game)


def ask_chosen_homes(game: "Game1837") -> list[Event]:
    """At the start of an operating round a floated company that chooses between two homes and has not
    placed its home station chooses it first (rule ``1837:minor.tokens``)."""
    state = game.state
    rnd = state.round
    events = []
    for facts in game.facts.corporations:
        c = state.corporations[facts.sym]
        if facts.home_rule == "choose_one" and c.floated and c.tokens and c.tokens[0] is None and \
                not any(owner == facts.sym for _, owner, _ in rnd.pending_tokens):
            rnd.pending_tokens.insert(0, (facts.sym, facts.sym, tuple(h.hex for h in facts.homes)))
            homes = [h.hex for h in facts.homes]  # two (1837's minors choose between a pair of homes)
            events.append(Event("1837:minor.tokens", msg("{corporation} chooses its home: {homes} or {last}",
                                                         corporation=facts.sym, homes=join(", ", homes[:-1]),
                                                         last=homes[-1]),
                                "token_choice",
                                {"corporation": facts.sym}))
    return events


TOKEN_STEP = TurnStep(
    "token", STEPS["token"].name, "or.token", STEPS["token"].action_types, STEPS["token"].help, homes.token_choices,
    lambda g, c: None if _chooses(g, c) and g.directs_lays(c) else [], STEPS["token"].passable,
    place=homes.token_step, deferred=STEPS["token"].deferred)
"""The token step of an 1837 operating turn: a major's or national's, even where no station can be placed now
(a pass ends it), as 18xx.games keeps it; coal companies and minors have their home station only (rules
``1837:or.token``, ``1837:minor.tokens``). A national's home hex keeps only its last free spaces
(``1837:token.reserved``, :mod:`.homes`)."""


def has_route(game: "Game1837", corp: str) -> bool:
    """Whether track joins one of ``corp``'s stations to another stop (rule ``1837:or.route``): the route step asks
    for a run then, whether or not the company's trains can run that route. Two stations of the company with no
    track between them are no route, though its network then holds two stops (CL with stations on C33 and D36 and
    no track leaving them: 18xx.games skips its route step).

    Answered by the router's first segment of the first level from the company's stations
    (``first_segment_hexes``: that of ``network_segments`` of depth 1, found without cutting the rest of the level),
    or at once by a segment of that level found before (:func:`_witnessed_segment`): the route step asks at every
    turn of every company, and its answer is nearly always yes."""
    state = game.state
    if _witnessed_segment(game.track, state.board, corp):
        return True
    found = first_segment_hexes(revenue.route_position(game, corp))
    if found is None:
        return False
    hexes = tuple(sorted(found))
    memo(game.track, _WITNESSES)[corp] = (hexes, _hex_facts(state.board, hexes))
    return True


_WITNESSES = "1837 route witnesses"
"""The memo (``TrackData.cache``) of a segment found by :func:`has_route` per company: its hexes and what the board
held on them."""


def _hex_facts(board: Board, hexes: tuple[str, ...]) -> list[tuple]:
    """The tiles and station tokens (copied) on ``hexes``: all that a segment from a station reads of the board."""
    return [(board.tiles.get(coord), [slots[:] for slots in board.tokens.get(coord) or ()]) for coord in hexes]


def _witnessed_segment(data: TrackData, board: Board, corp: str) -> bool:
    """Whether the segment :func:`has_route` last found for ``corp`` is still one of the first level of its
    network: the board holds on the segment's hexes the tiles and tokens it held then. The first level's segments
    are the legs from a station of the company to another stop over plain track (``router._Walk``): such a leg
    reads only the tiles on its hexes, and which cities are the company's stations only the tokens on them, so
    the same leg is found again from the same station, whatever changed elsewhere."""
    kept = memo(data, _WITNESSES).get(corp)
    if kept is None:
        return False
    # _hex_facts(board, hexes) == kept[1], hex by hex and without copying the board's tokens (only what is kept
    # must be a copy): the route step asks at every turn of every company, and the segment nearly always holds
    tiles, tokens = board.tiles.get, board.tokens.get
    for coord, (tile, slots) in zip(kept[0], kept[1]):
        if tiles(coord) != tile or list(tokens(coord) or ()) != slots:
            return False
    return True


ROUTE_STEP = TurnStep(
    "route", STEPS["route"].name, "or.route", STEPS["route"].action_types, STEPS["route"].help, STEPS["route"].choices,
    lambda g, c: None if g.state.corporations[c].trains and has_route(g, c) else [], STEPS["route"].passable)
"""The route step of an 1837 operating turn: skipped, as 18xx.games skips it, when no track joins a station of the
company to another stop (rule ``1837:or.route``, :func:`has_route`)."""

