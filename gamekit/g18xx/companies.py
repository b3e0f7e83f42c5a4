"""Private companies in play: their revenue, their purchase by corporations and their closing (rules
``or.private-income``, ``or.buy-private``, ``private.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameError
from ..events import Event
from ..game import ActionRange
from ..i18n import msg
from ..tracks.actions import BuyCompany
from ..tracks.board import placed_tile
from . import end
from .economy import pay_from_bank
from .revenue import kept_text

if TYPE_CHECKING:
    from .game import Game18xx


def pay_private_revenue(game: "Game18xx", rule: str) -> list[Event]:
    """The bank pays each owned private's revenue to its owner, cheapest private first (rules
    ``or.private-income`` and ``auction.all-pass``); a payment that breaks the bank fires the end trigger
    (``end.bank``)."""
    events = []
    for sym, owner in sorted(game.state.private_owner.items(), key=lambda kv: game.facts.private(kv[0]).value):
        revenue = private_revenue(game, sym)
        pay_from_bank(game, owner, revenue)
        events.append(Event(rule, _income_text(game, sym, revenue, game.name_of(owner)), "private_income",
                            {"company": sym, "owner": owner, "amount": revenue}))
    return events + end.check_bank(game)


def _income_text(game: "Game18xx", sym: str, amount: int, owner: str) -> str:
    """``"C&StL pays $10 to Ann"``: private ``sym`` paying ``amount`` to the owner named ``owner``, kept by these
    values (:func:`~gamekit.g18xx.revenue.kept_text`): a private pays the same to the same owner round after
    round."""
    return kept_text(game, ("private pays", sym, amount, owner),
                     lambda: msg("{company} pays {amount} to {owner}", company=sym, amount=game.facts.money(amount),
                                 owner=owner))


def private_revenue(game: "Game18xx", sym: str) -> int:
    """What private ``sym`` pays its owner now, in currency units: its revenue, or what the facts make it depend
    on — a corporation owner (``revenue_when_corporation_owned``) or the colour of a hex's tile
    (``revenue_by_hex_colour``; rule ``or.private-income``)."""
    facts = game.facts.private(sym)
    state = game.state
    if facts.revenue_by_hex_colour is not None:
        by = facts.revenue_by_hex_colour
        return by.revenue.get(placed_tile(game.track, state.board, by.hex).colour, facts.revenue)
    if facts.revenue_when_corporation_owned is not None and state.private_owner.get(sym) in state.corporations:
        return facts.revenue_when_corporation_owned
    return facts.revenue


def company_ranges(game: "Game18xx", corp: str) -> list[ActionRange]:
    """Private companies ``corp`` may buy from players now (in phases whose status allows it), each from half to
    twice its face value, as far as its cash goes (rule ``or.buy-private``)."""
    prices = _prices(game, corp)
    # most listings of a turn offer none (1837 never; other titles outside phases 3 and 4): no list built then
    return [_offer(corp, sym, low, high) for sym, (low, high) in prices.items()] if prices else []


def _prices(game: "Game18xx", corp: str) -> dict[str, tuple[int, int]]:
    """The private companies ``corp`` may buy from players now, in symbol order: symbol → (lowest, highest price).
    A purchase is checked against these, read from the state, never against a listed action: the listed ones
    are kept across listings (:func:`_offer`), and a value changed in place past their frozen record must not
    make its own check pass."""
    state = game.state
    # the phase first (phase() written out): every listing of an operating turn asks, and most phases of every
    # title allow no purchase (1837's none), so most listings are answered here, without looking at the terms
    if not game.facts.phases[state.depot.phase].corporations_buy_privates or state.round.must_discard:
        return {}
    terms = _sale_terms(game)
    if not terms:
        return {}
    cash = state.corporations[corp].cash
    players = state.players
    owners = state.private_owner
    out = {}
    for sym, (low, most) in terms.items():  # in symbol order
        if owners.get(sym) in players:
            high = min(most, cash)
            if low <= high:
                out[sym] = (low, high)
    return out


def _sale_terms(game: "Game18xx") -> dict[str, tuple[int, int]]:
    """The private companies a player may sell to a corporation, each with its lowest and highest price (half
    and twice its face value; rule ``or.buy-private``), in symbol order: facts of the title, kept
    (:meth:`~gamekit.g18xx.game.Game18xx._facts_memo`), as every operating position in those phases asks them."""
    memo = game._facts_memo()
    terms = memo.get("private sale terms")
    if terms is None:
        terms = memo["private sale terms"] = {p.sym: (-(-p.value // 2), 2 * p.value) for p in
                                              sorted(game.facts.privates, key=lambda p: p.sym)
                                              if p.may_sell_to_corporation}
    return terms


_OFFERS: dict[tuple[str, str, int, int], ActionRange] = {}
OFFERS_KEPT = 1024
"""How many purchases of private companies :func:`_offer` keeps (it forgets them all when full)."""


def _offer(corp: str, sym: str, low: int, high: int) -> ActionRange:
    """The purchase of private ``sym`` by ``corp`` at ``low`` to ``high`` as a range whose template is built
    unchecked and marked checked (``Action._trusted``: its values come from the facts and the state), kept by its
    values: every listing of an operating turn in a phase that allows the purchases offers them, mostly at the
    same prices. Ranges and actions are frozen, so one object serves every listing."""
    key = (corp, sym, low, high)
    found = _OFFERS.get(key)
    if found is None:
        if len(_OFFERS) >= OFFERS_KEPT:
            _OFFERS.clear()
        found = _OFFERS[key] = ActionRange(BuyCompany._trusted(entity=corp, company=sym, price=low), "price", low,
                                           high)
    return found


def buy_company(game: "Game18xx", action: BuyCompany) -> list[Event]:
    """``action.entity`` buys a private company from a player (rule ``or.buy-private``)."""
    state = game.state
    corp = action.entity
    rule = game.rule("or.buy-private")
    prices = _prices(game, corp).get(action.company)
    # each refusal built only when raised (every purchase the listings offer passes these checks)
    if prices is None:
        raise GameError(msg("{corporation} cannot buy {company} now (phases 3–4, from a player, not the BO)",
                            corporation=corp, company=action.company), rule)
    low = prices[0]
    high = 2 * game.facts.private(action.company).value
    if not low <= action.price <= high:
        raise GameError(msg("{company} sells for {low} to {high}", company=action.company, low=game.facts.money(low),
                            high=game.facts.money(high)), rule)
    if action.price > state.corporations[corp].cash:
        raise GameError(msg("{corporation} cannot pay {price}", corporation=corp, price=game.facts.money(action.price)),
                        rule)
    seller = state.private_owner[action.company]
    state.corporations[corp].cash -= action.price
    state.players[seller].cash += action.price
    state.players[seller].privates.remove(action.company)
    state.corporations[corp].privates.append(action.company)
    state.private_owner[action.company] = corp
    return [Event(rule, msg("{corporation} buys {company} from {player} for {price}", corporation=corp,
                            company=action.company, player=game.player(seller).name,
                            price=game.facts.money(action.price)), "buy_private",
                  {"corporation": corp, "company": action.company, "price": action.price})]


def close_on_first_train(game: "Game18xx", corp: str) -> list[Event]:
    """A private that closes when a named corporation buys its first train, from anyone (1830: the BO with the
    B&O; rule ``private.bo``)."""
    closing = _closers(game, "closes_when_train_bought_by").get(corp)
    if not closing:  # most corporations close no private so (all of them in most titles)
        return []
    events: list[Event] = []
    for sym in [s for s in game.state.private_owner if s in closing]:
        events += close_private(game, sym, game.rule("private.bo"))
    return events


def _closers(game: "Game18xx", field: str) -> dict[str, frozenset[str]]:
    """Corporation → the private companies whose facts name it in ``field`` (``closes_when_operated``,
    ``closes_when_train_bought_by``): facts of the title, kept with them (``Game18xx._facts_memo``), as every
    dividend step and train purchase asks whether one closes. A private is then closed when it is still owned
    (``private_owner``), in the order of ``private_owner`` as before."""
    memo = game._facts_memo()
    key = ("private closers", field)
    found = memo.get(key)
    if found is None:
        by: dict[str, set[str]] = {}
        for private in game.facts.privates:
            corp = getattr(private, field)
            if corp is not None:
                by.setdefault(corp, set()).add(private.sym)
        found = memo[key] = {corp: frozenset(syms) for corp, syms in by.items()}
    return found


def close_when_operated(game: "Game18xx", corp: str) -> list[Event]:
    """A private that closes when a named corporation has operated — its first dividend step, paid or withheld,
    as 18xx.games counts an operation (1894's major shareholdings; rule ``private.close``)."""
    closing = _closers(game, "closes_when_operated").get(corp)
    if not closing:  # most corporations close no private so (all of them in most titles)
        return []
    events: list[Event] = []
    for sym in [s for s in game.state.private_owner if s in closing]:
        events += close_private(game, sym, game.rule("private.close"))
    return events


def close_all_privates(game: "Game18xx") -> list[Event]:
    """The ``close_privates`` train event closes every private company it names in ``closed_by_events`` (by
    default every one; rule ``private.close``)."""
    events: list[Event] = []
    for sym in sorted(game.state.private_owner, key=lambda s: game.facts.private(s).value):
        if "close_privates" in game.facts.private(sym).closed_by_events:
            events += close_private(game, sym, game.rule("private.close"))
    return events


def close_on_phase(game: "Game18xx", phase_name: str) -> list[Event]:
    """Privates whose ``closes_on_phase`` is the phase that begins close (1894's SQG in Purple; rule
    ``private.close``)."""
    events: list[Event] = []
    for sym in [s for s in game.state.private_owner if game.facts.private(s).closes_on_phase == phase_name]:
        events += close_private(game, sym, game.rule("private.close"))
    return events


def close_private(game: "Game18xx", sym: str, rule: str) -> list[Event]:
    """Close one private company: it leaves its owner and pays nothing more."""
    state = game.state
    owner = state.private_owner.pop(sym)
    holder = state.players[owner] if owner in state.players else state.corporations[owner]
    holder.privates.remove(sym)
    state.closed_privates.append(sym)
    return [Event(rule, msg("{company} closes", company=sym), "close_private", {"company": sym})]
