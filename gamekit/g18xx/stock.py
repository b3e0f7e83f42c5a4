"""The 18xx stock round: par, buy and sell certificates in turn, sell–buy–sell (rule ``stock.round``).

On a turn a player may sell any number of certificates, buy one (or par a corporation), and sell again; a pass
ends the turn. The round ends when every player passes in a row; corporations whose certificates are all held by
players then rise one row (``stock.sold-out``) and the priority deal goes to the player after the last one who
bought or sold (``stock.priority``).
"""

from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Iterator

from ..actions import Action, Pass
from ..choices import ActionGroup, LazyRows, ListedActions, groups_of, listed
from ..errors import GameError, shown
from ..events import Event
from ..game import Step
from ..i18n import Message, N_, msg
from ..tracks.actions import BuyShares, Par, SellShares
from ..tracks.board import remember_in
from ..tracks.shares import IPO, POOL, ShareLedger, cert_corporation, is_president_cert
from .economy import (cert_limit, check_float, move_price, par_price, pay_for_ipo, pay_from_bank, pay_to_bank,
                      pool_percent, require, set_price, share_price, transfer_presidency, update_president)
from .state import StockRound

if TYPE_CHECKING:
    from .game import Game18xx


def new_round(game: "Game18xx") -> StockRound:
    """Start a stock round with the priority deal holder (first in ``seat_order``) to act."""
    game.state.stock_round_num += 1
    return StockRound(index=0)


def rotate_after_auction(game: "Game18xx") -> list[Event]:
    """At the end of the private auction the priority deal goes to the player after the last one who bought a
    private outright (rule ``stock.priority``); no event of its own."""
    rnd = game.state.round
    if game.policy.priority_after_auction == "auction_turn":
        order = game.state.seat_order
        order[:] = order[rnd.index:] + order[:rnd.index]
    elif rnd.last_to_act is not None:
        _rotate_after(game, rnd.last_to_act)
    return []


def _rotate_after(game: "Game18xx", player: str) -> None:
    order = game.state.seat_order
    start = order.index(player) + 1
    order[:] = order[start:] + order[:start]


def _round(game: "Game18xx") -> StockRound:
    return game.state.round


def current_player(game: "Game18xx") -> str:
    """The player whose turn it is."""
    state = game.state
    return state.seat_order[state.round.index]


def step(game: "Game18xx") -> Step:
    """The active step of the stock round."""
    who = current_player(game)
    rnd = _round(game)
    name = game.player(who).name
    if rnd.acted:
        text = msg("{player}: You have bought or sold this turn: sell more if you wish, or pass to end your turn.",
                   player=name)
    elif game.state.stock_round_num == 1:
        text = msg("{player}: Par a corporation or buy one certificate (no sales in the first stock round), or pass.",
                   player=name)
    else:
        text = msg("{player}: Sell certificates, then par a corporation or buy one certificate, then sell again; pass "
                   "to end the turn.", player=name)
    return Step(STOCK_ROUND, text, game.rule("stock.round"), who, action_types(game))


STOCK_ROUND = msg("Stock round")
"""The stock round's step name (one message for every step: it is rendered in the reader's language when shown)."""


def action_types(game: "Game18xx") -> tuple[str, ...]:
    """The action types a stock-round turn accepts (its :func:`step`'s, without building the step's help text):
    par, buy, sell, pass and the title's extras."""
    return tuple(sorted(STEP_TYPES + game.stock_round_extra_types))


def ranges(game: "Game18xx") -> list:
    """A stock round has no ranges: every purchase and sale has one price."""
    return []


BUY_TEMPLATE = N_("{entity} buys a {percent} certificate of {corporation} from {source} for {price}")
SELL_TEMPLATE = N_("{entity} sells {percent} of {corporation} to the bank pool for {price}")
"""A player's purchase and sale of a certificate, as the events say them (``percent`` with its sign, "10%";
``source`` the words of :data:`SOURCE_WORDS`): the action codec reads them back in each language
(:mod:`gamekit.sentences`), so their field names are its groups'."""
SOURCE_WORDS = {IPO: N_("the IPO"), POOL: N_("the bank pool")}
"""Where a certificate is bought from, in words."""
_SOURCE_MESSAGES = {source: Message(words, {}) for source, words in SOURCE_WORDS.items()}
"""The messages of :data:`SOURCE_WORDS`, one per source: every purchase says one, and a message without values
never changes."""


# What a stock-round turn accepts; which of them is legal now, the rules say (``legal_actions`` lists them).
STEP_TYPES = ("buy_shares", "par", "pass", "sell_shares")


# ----- what may be bought --------------------------------------------------------------------------------
def buy_refusal(game: "Game18xx", player: str, cert: str) -> tuple[str, str] | None:
    """Why ``player`` may not buy ``cert`` now, as ``(message, rule)``, or ``None`` if the purchase is legal. The rule
    is the section forbidding the purchase: ``stock.holder`` for a certificate that is not for sale (another's, or
    reserved), the market's and the turn's sections (``stock.buy``, ``stock.one-buy``, …) for the rest."""
    state = game.state
    corp = cert_corporation(cert)
    c = state.corporations[corp]
    source = state.ledger.owner.get(cert)
    if source not in (IPO, POOL) or (source == IPO and game.reserved_now(cert)):
        text = (msg("{certificate} is not for sale (held by {holder}, reserved)", certificate=cert, holder=source)
                if source == IPO else msg("{certificate} is not for sale (held by {holder})", certificate=cert,
                                          holder=source))
        return text, game.rule("stock.holder")
    if c.par is None:
        return msg("{corporation} has no par price yet; par it first", corporation=corp), game.rule("stock.par")
    if is_president_cert(cert) and game.president_cert_by_par(corp):
        return msg("the president's certificate is only bought by parring"), game.rule("stock.par")
    if corp in _round(game).sold.get(player, ()):
        return msg("{player} sold {corporation} this round and may not buy it again",
                   player=game.player(player).name, corporation=corp), game.rule("stock.sell-then-buy")
    return _purchase_refusal(game, player, cert, source, price_for(game, cert),
                             _limits(game, player)[0] + 1 > cert_limit(game))  # cert_count, kept


def _purchase_refusal(game: "Game18xx", player: str, cert: str, source: str, price: int,
                      full: bool) -> tuple[str, str] | None:
    """Why ``player`` may not buy ``cert``, which is for sale to them, from ``source`` at ``price``: the turn's
    purchases, their cash, the certificate limit (``full``: one more certificate would exceed it) and the holding
    limit; ``None`` if nothing forbids it. The listing (:func:`_buys`) makes the same checks without building a
    message: a change here is a change there."""
    state = game.state
    corp = cert_corporation(cert)
    cell = game.market.cell(state.corporations[corp].price)
    if _round(game).bought:
        again = _second_buy_refusal(game, player, corp, source, cell)
        if again is not None:
            return msg(again), game.rule(SECOND_BUY_RULES[again])
    if state.players[player].cash < price:
        return (msg("{player} has {cash} and the certificate costs {price}", player=game.player(player).name,
                    cash=game.facts.money(state.players[player].cash), price=game.facts.money(price)),
                game.rule("stock.buy"))
    if cell.counts_for_cert_limit and full:
        return _at_cert_limit(game, player), game.rule("stock.cert-limit")
    after = state.ledger.percent_of(player, corp) + state.ledger.percent[cert]
    most = game.facts.max_holding_percent_of(corp)
    if after > most and not cell.allows_over_60:
        return (msg("a player may hold at most {percent} of {corporation} here", percent=f"{most}%",
                    corporation=corp), game.rule("stock.holding-limit"))
    return None


PRESIDENT_BUYS_TWO = N_("only the president buys a second certificate in this zone, of the same corporation")
BROWN_FROM_POOL = N_("in the brown zone several certificates per turn come only from the bank pool; an IPO "
                     "certificate is the turn's only one")
ONE_BUY = N_("only one certificate may be bought per turn (several only from a brown-zone corporation)")
SECOND_BUY_RULES = {PRESIDENT_BUYS_TWO: "stock.one-buy", BROWN_FROM_POOL: "stock.brown-buy", ONE_BUY: "stock.one-buy"}
"""The refusals of a further purchase in a turn (:func:`_second_buy_refusal`), each with its rule."""


def _second_buy_refusal(game: "Game18xx", player: str, corp: str, source: str, cell) -> str | None:
    """Why ``player``, who has bought this turn, may not buy a certificate of ``corp`` from ``source`` (``cell``:
    the corporation's market cell) as well: the template of one of :data:`SECOND_BUY_RULES`, or ``None``. Only the
    template, so that the listing (:func:`_buys`) asks without building a message."""
    bought = game.state.round.bought
    if "president_buys_two" in cell.effects:
        if game.state.corporations[corp].president != player or len(bought) >= 2 or \
                any(b != corp for b, _ in bought):
            return PRESIDENT_BUYS_TWO
        return None
    multiple = cell.multiple_buy and bought == [(corp, bought[0][1])] * len(bought)
    if game.multiple_buy_from_ipo():
        multiple = cell.multiple_buy and all(c == corp for c, _ in bought)
    elif multiple and (source != POOL or bought[0][1] != POOL):
        return BROWN_FROM_POOL
    if not multiple:
        return ONE_BUY
    return None


def _at_cert_limit(game: "Game18xx", player: str) -> Message:
    return msg("{player} is at the certificate limit of {limit}", player=game.player(player).name,
               limit=cert_limit(game))


def price_for(game: "Game18xx", cert: str) -> int:
    """Price in dollars of a certificate: par price from the IPO, market price from the pool, per 10%."""
    corp = cert_corporation(cert)
    per_share = par_price(game, corp) if game.state.ledger.owner[cert] == IPO else share_price(game, corp)
    return per_share * game.state.ledger.percent[cert] // 10


def par_refusal(game: "Game18xx", player: str, corp: str, cell_id: str) -> tuple[str, str] | None:
    """Why ``player`` may not par ``corp`` at market cell ``cell_id`` now, or ``None``."""
    state = game.state
    cell = game.market.by_id.get(cell_id)
    if corp not in state.corporations:
        return msg("there is no corporation {corporation}", corporation=corp), game.rule("stock.par")
    if state.corporations[corp].par is not None:
        return msg("{corporation} already has a par price", corporation=corp), game.rule("stock.par")
    if game.facts.corporation(corp).capitalization == "fixed":  # 1837's coal companies and minors
        return (msg("{corporation} is not started at a par price: it is sold in the start packet", corporation=corp),
                game.rule("stock.par"))
    opens_on = game.facts.corporation(corp).opens_on
    if opens_on and not game.event_fired(opens_on):
        return (msg("{corporation} cannot be started yet (it opens with the event {event})", corporation=corp,
                    event=opens_on), game.rule("stock.par"))
    if cell is None or "p" not in cell.zones:
        # a learner reads the cell by its price ("$95"); only a cell id the market lacks is quoted as given
        shown_cell = msg("{cell} is not a par price", cell=cell_id) if cell is None else \
            msg("{price} is not a par price", price=game.money(cell.price))
        return shown_cell, game.rule("stock.par")
    if (blocked := game.par_blocked(corp)) is not None:
        return blocked
    if _round(game).bought:
        return msg("only one certificate may be bought per turn"), game.rule("stock.one-buy")
    cost = president_cost(game, corp, cell.price)
    if state.players[player].cash < cost:
        return (msg("the president's certificate at that par costs {price}", price=game.facts.money(cost)),
                game.rule("stock.par"))
    if _limits(game, player)[0] + 1 > cert_limit(game):  # cert_count, kept
        return _at_cert_limit(game, player), game.rule("stock.cert-limit")
    return None


def president_cost(game: "Game18xx", corp: str, par: int) -> int:
    """What the president's certificate of ``corp`` costs at par price ``par`` (per 10%, currency units): its
    percent (``certificates[0]``; 1830: two shares, the Reading of its variant three) times a tenth of the par."""
    return game.facts.corporation(corp).certificates[0] * par // 10


# ----- what may be sold ----------------------------------------------------------------------------------
def sell_refusal(game: "Game18xx", player: str, certs: tuple[str, ...], percent: int,
                 protect: str | None = None) -> tuple[str, str] | None:
    """Why ``player`` may not sell ``percent``% of the certificates ``certs`` (one corporation) to the bank pool
    now, or ``None``.

    A bundle with the president's certificate may sell less than it holds: the player then keeps some of its
    10% certificates (rule ``stock.president``). ``protect``: in an emergency sale, the corporation buying the
    train, whose presidency may not change hands (``trains.emergency``); emergency sales are allowed in any
    round. The rule returned is the section forbidding the sale: ``stock.certificates`` for a bundle that is not
    one of certificates (several corporations, one named twice, a percent not theirs), ``stock.holder`` for
    certificates the player does not hold, ``stock.sell`` and the others for a sale the rules refuse.
    """
    state = game.state
    if game.policy.no_sale_first_stock_round and state.stock_round_num == 1 and protect is None:
        return msg("no certificate may be sold in the first stock round"), game.rule("stock.no-sale-first")
    if not game.policy.sell_after_buy and protect is None and _round(game).bought:
        return msg("no certificate may be sold after buying in the same turn"), game.rule("stock.round")
    corp, held, total, with_president = _bundle_facts(state.ledger, player, certs)
    if corp is None:
        return msg("a sale is of certificates of one corporation"), game.rule("stock.certificates")
    if len(set(certs)) != len(certs):
        return msg("each certificate can be named only once in a sale"), game.rule("stock.certificates")
    title_refusal = game.sale_refusal(player, corp)
    if title_refusal:
        return title_refusal
    if not held:
        return (msg("{player} does not hold all of {certificates}", player=game.player(player).name,
                    certificates=", ".join(certs)), game.rule("stock.holder"))
    if state.corporations[corp].price is None:
        return (msg("{corporation} has no share price yet; its certificates cannot be sold", corporation=corp),
                game.rule("stock.sell"))
    if game.policy.no_sale_before_operated and not state.corporations[corp].operated:
        return (msg("{corporation} has not operated yet; its certificates cannot be sold", corporation=corp),
                game.rule("stock.sell"))
    if percent <= 0 or percent % game.policy.share_unit or percent > total or (percent < total and not with_president):
        return (msg("{percent} is not a sale of those certificates ({total})", percent=f"{percent}%",
                    total=f"{total}%"), game.rule("stock.certificates"))
    if pool_percent(game, corp) + percent > game.facts.pool_limit_percent:
        return (msg("the bank pool may hold at most {percent} of {corporation}",
                    percent=f"{game.facts.pool_limit_percent}%", corporation=corp), game.rule("stock.pool-limit"))
    if with_president and new_president_after_sale(game, player, corp, percent) is None:
        return (msg("the president's certificate cannot go to the pool; it passes only to a player who then holds "
                    "more than the seller and at least {percent}", percent=f"{state.ledger.percent[f'{corp}_0']}%"),
                game.rule("stock.president"))
    if _guarded(game, corp, protect) and _would_change_president(game, player, corp, percent):
        return (msg("selling would hand over the presidency of {corporation}, which is buying the train",
                    corporation=corp), game.rule("trains.emergency"))
    return None


def _bundle_facts(ledger: ShareLedger, player: str, certs: tuple[str, ...]) -> tuple[str | None, bool, int, bool]:
    """What :func:`sell_refusal` reads of the certificates ``certs`` offered for sale by ``player``, in one walk of
    them (a sale is checked at every sale of a game): their corporation (``None`` when there are none or they are
    of several), whether ``player`` holds every one, their total percent (meaningful only when held: an unknown
    id counts 0) and whether the president's certificate is among them."""
    if not certs:
        return None, False, 0, False
    corp = cert_corporation(certs[0])
    owner, sizes = ledger.owner, ledger.percent
    held, total, with_president = True, 0, False
    for cert in certs:
        if cert_corporation(cert) != corp:
            return None, False, 0, False
        held = held and owner.get(cert) == player
        total += sizes.get(cert, 0)
        with_president = with_president or is_president_cert(cert)
    return corp, held, total, with_president


def new_president_after_sale(game: "Game18xx", seller: str, corp: str, percent: int) -> str | None:
    """The player who takes the presidency when the president sells ``percent``% of ``corp``: the one holding the
    most (at least the president's certificate and more than the seller keeps), ties to the first after the seller
    in seat order."""
    state = game.state
    kept = state.ledger.percent_of(seller, corp) - percent
    order = state.seat_order
    start = order.index(seller)
    rotation = order[start + 1:] + order[:start]
    held = {p: state.ledger.percent_of(p, corp) for p in rotation}
    best = max(held.values(), default=0)
    if best < state.ledger.percent[f"{corp}_0"] or best <= kept:
        return None
    return next(p for p in rotation if held[p] == best)


def _would_change_president(game: "Game18xx", player: str, corp: str, percent: int) -> bool:
    state = game.state
    if state.corporations[corp].president != player:
        return False  # a shareholder's sale hands over no presidency
    left = state.ledger.percent_of(player, corp) - percent
    return any(state.ledger.percent_of(p, corp) > left for p in state.seat_order if p != player)


def sellable_bundles(game: "Game18xx", player: str, corp: str, protect: str | None = None
                     ) -> Iterator[tuple[tuple[str, ...], int]]:
    """Yield the legal sales of ``corp`` by ``player`` as ``(certificates, percent)``: 1, 2, … 10% certificates,
    first received first; and, where the presidency can pass, every amount of the whole holding with the
    president's certificate (from 10%: a president holding only the president's certificate may sell half of it).
    Each is found only when asked for (a search for any sale stops at the first), and is one that
    :func:`sell_refusal` accepts: its checks that do not depend on the bundle are made once
    (:func:`_sales_closed`), the others worked out for each bundle."""
    certs = game.state.ledger.holdings.get(player, {}).get(corp)
    if not certs or _sales_closed(game, player, corp, protect):
        return
    yield from _bundles(game, player, corp, tuple(certs), protect,
                        game.facts.pool_limit_percent - pool_percent(game, corp))


def _bundles(game: "Game18xx", player: str, corp: str, certs: tuple[str, ...], protect: str | None, room: int
             ) -> Iterator[tuple[tuple[str, ...], int]]:
    """:func:`sellable_bundles` of ``certs`` (all that ``player`` holds of ``corp``, not none) once
    :func:`_sales_closed` has let sales of ``corp`` by ``player`` through; ``room``: how many percent of ``corp``
    the bank pool may still take."""
    ledger = game.state.ledger
    president = f"{corp}_0"
    ordinary = tuple(c for c in certs if c != president) if president in certs else certs
    unit = game.policy.share_unit
    guarded = protect is not None and _guarded(game, corp, protect)
    percent = 0
    for n, cert in enumerate(ordinary, 1):
        percent += ledger.percent[cert]
        # the more certificates, the fuller the pool and the less the seller keeps: a refusal for either holds for
        # every larger bundle too (stock.pool-limit, trains.emergency)
        if percent > room or (guarded and _would_change_president(game, player, corp, percent)):
            break
        if percent % unit == 0:
            yield ordinary[:n], percent
    if len(ordinary) == len(certs):
        return
    # the whole holding with the president's certificate: the presidency must pass (stock.president) to another
    # player holding at least that certificate and more than the seller keeps (new_president_after_sale)
    others = ledger.most_held(corp, game.state.seat_order, player)
    if others < ledger.percent[president]:
        return
    held = ledger.percent_of(player, corp)
    whole = (*ordinary, president)
    for percent in range(unit, held + 1, unit):
        if held - percent >= others:
            continue  # the seller would keep as much as anyone else
        if percent > room or (guarded and _would_change_president(game, player, corp, percent)):
            break
        yield whole, percent


def _sales_closed(game: "Game18xx", player: str, corp: str, protect: str | None) -> bool:
    """Whether :func:`sell_refusal` refuses every sale of ``corp`` by ``player`` now, for a reason that does not
    depend on the certificates: the first stock round, a purchase this turn, the title's own reason, no share
    price yet, not operated yet."""
    state = game.state
    policy = game.policy
    if protect is None and ((policy.no_sale_first_stock_round and state.stock_round_num == 1) or
                            (not policy.sell_after_buy and _round(game).bought)):
        return True
    c = state.corporations[corp]
    return c.price is None or (policy.no_sale_before_operated and not c.operated) or \
        game.sale_refusal(player, corp) is not None  # the title's own reason, the dearest to ask, last


def _guarded(game: "Game18xx", corp: str, protect: str | None) -> bool:
    """Whether a sale of ``corp`` in an emergency sale for ``protect`` may not hand over its presidency (rule
    ``trains.emergency``)."""
    return corp == protect or (protect is not None and not game.policy.emergency_may_swap_presidency)


# ----- the step ------------------------------------------------------------------------------------------
def legal_actions(game: "Game18xx") -> list[Action]:
    """Every legal action of the current player: pars, buys (one per certificate source), sales, pass."""
    return listed(action_groups(game))


def action_groups(game: "Game18xx") -> list[ActionGroup]:
    """The legal actions of :func:`legal_actions` as groups of one type, each found only as far as asked (a
    random bot measures the type it chose and asks only whether the others hold an action): only sales while the
    player is over a limit (rule ``stock.must-sell``) and can sell; else pars, buys, sales, the title's extras,
    and a pass where anything else is possible or the player has acted (rule ``stock.round``)."""
    rnd = game.state.round
    who = game.state.seat_order[rnd.index]  # current_player
    count, excess = _limits(game, who)  # over_limits, the holdings walked once
    limit = cert_limit(game)
    if count > limit or excess is not None:
        sales = list(_sales(game, who))
        if sales:
            return [ListedActions("sell_shares", sales)]
    full = count + 1 > limit
    # a group that can hold nothing is left out, as it would list nothing
    groups: list[ActionGroup] = [] if rnd.bought or full else [LazyRows("par", _pars(game, who), _par_action)]
    groups.append(LazyRows("buy_shares", _buys(game, who, full), _buy_action))
    if _sales_open(game):
        groups.append(LazyRows("sell_shares", _open_sale_rows(game, who), _sell_action))
    extras = game.stock_round_extras(who)
    if extras:
        groups += groups_of(extras, ())
    if rnd.acted or any(groups):
        groups.append(_pass_group(who))
    return groups


_PASS_GROUPS: dict[str, ListedActions] = {}


def _pass_group(who: str) -> ListedActions:
    """The group of ``who``'s pass alone, one per player (checked, ``Action._trusted``): every stock-round
    position offers it, and groups of actions already built never change, so one serves every position (should
    the pass's checked mark be forgotten meanwhile, ``process`` only checks it again)."""
    found = _PASS_GROUPS.get(who)
    if found is None:
        found = _PASS_GROUPS[who] = ListedActions("pass", (Pass._trusted(entity=who),))
    return found


def _sales_open(game: "Game18xx") -> bool:
    """Whether :func:`sell_refusal` may accept a sale in this stock-round turn: not in the first stock round
    where the title forbids it (``stock.no-sale-first``), nor after a purchase where the title forbids selling
    then (``stock.round``)."""
    policy = game.policy
    state = game.state
    return not ((policy.no_sale_first_stock_round and state.stock_round_num == 1) or
                (not policy.sell_after_buy and state.round.bought))


# The listings below ask the refusal functions about every candidate, and skip first the candidates those
# functions would refuse for a reason shared by all of them (a purchase made, the certificate limit reached, no
# sale this round): the same answers for a fraction of the calls. They yield rows of values, and the groups build
# an action of a row only when it is asked for (``LazyRows``), as checked (``Action._trusted``): their values come
# from the state and these rules. ``full``: one more certificate would exceed the player's certificate limit.
def _par_action(who: str, corp: str, cell: str) -> Par:
    return Par._trusted(entity=who, corporation=corp, share_price=cell)


def _buy_action(who: str, cert: str, percent: int) -> BuyShares:
    return _kept_action(BuyShares, who, (cert,), percent)


def _sell_action(who: str, bundle: tuple[str, ...], percent: int) -> SellShares:
    return _kept_action(SellShares, who, bundle, percent)


_BUILT: dict[tuple, BuyShares | SellShares] = {}
BUILT_KEPT = 4096
"""How many purchases and sales :func:`_kept_action` keeps (it forgets them all when full: the game moves on)."""


def _kept_action(cls: type, who: str, shares: tuple[str, ...], percent: int) -> BuyShares | SellShares:
    """The checked purchase or sale (``cls``) of ``shares`` (``percent`` in all) by ``who`` (``Action._trusted``: a
    row of the listing, read from the state), kept by its values: building and marking an action costs more than
    the rest of the listing's work on it, and a certificate goes to and from the bank pool many times in a game.
    Actions are frozen, so one object serves every listing (as ``operating._lay_action``); should its checked mark
    be forgotten meanwhile, ``process`` only checks it again."""
    key = (cls, who, shares, percent)
    found = _BUILT.get(key)
    if found is None:
        if len(_BUILT) >= BUILT_KEPT:
            _BUILT.clear()
        found = _BUILT[key] = cls._trusted(entity=who, shares=shares, percent=percent)
    return found


def _pars(game: "Game18xx", who: str) -> Iterator[tuple[str, str, str]]:
    """The pars of ``who``, who has bought nothing this turn and is below the certificate limit (else
    par_refusal refuses every par: stock.one-buy, stock.cert-limit)."""
    state = game.state
    cash = state.players[who].cash
    corporations = state.corporations
    candidates, par_cells = _par_facts(game)
    affordable: dict[int, list[str]] = {}  # president's certificate in percent → the par cells the cash pays
    for corp, opens_on, president in candidates:
        if corporations[corp].par is not None or (opens_on and not game.event_fired(opens_on)):
            continue  # par_refusal refuses it at every par cell: parred already, not open yet
        cells = affordable.get(president)
        if cells is None:  # president_cost
            cells = affordable[president] = [cell for cell, price in par_cells if president * price // 10 <= cash]
        # par_refusal's other checks are those above; the title's may refuse the corporation at every cell
        if cells and game.par_blocked(corp) is None:
            for cell in cells:
                yield who, corp, cell


def _par_facts(game: "Game18xx") -> tuple[list[tuple[str, str | None, int]], list[tuple[str, int]]]:
    """What :func:`_pars` asks of the title at every position, kept (facts of the title,
    :meth:`~gamekit.g18xx.game.Game18xx._facts_memo`): the corporations started at a par price, in the order of
    the corporations, as ``(corporation, the event it opens with or None, its president's certificate in
    percent)`` (``par_refusal``: one of fixed capitalization is never parred), and the par cells of the ``p`` zone
    as ``(cell id, price)``, highest price first."""
    facts, memo = game._facts_kept  # _facts_memo written out: asked at every position
    if facts is not game.facts:
        memo = game._facts_memo()
    kept = memo.get("stock par facts")
    if kept is None:
        facts = game.facts
        candidates = [(c.sym, c.opens_on, c.certificates[0]) for c in facts.corporations
                      if c.capitalization != "fixed"]
        cells = [(cell.id, cell.price) for cell in game.market.par_cells() if "p" in cell.zones]
        kept = memo["stock par facts"] = candidates, cells
    return kept


def _buys(game: "Game18xx", who: str, full: bool) -> Iterator[tuple[str, str, int]]:
    state = game.state
    ledger = state.ledger
    rnd = state.round
    bought = bool(rnd.bought)
    # a second purchase in the turn is of the corporation of the first or of none (_second_buy_refusal refuses
    # every other in each of its zones' rules): the others are skipped before their market cell is looked at
    bought_corp = rnd.bought[0][0] if bought else None
    sold = rnd.sold.get(who, ())
    cash = state.players[who].cash
    cells = game.market.cells
    ipo, pool = ledger.holdings.get(IPO, {}), ledger.holdings.get(POOL, {})
    corporation_facts = _corporation_facts(game)
    reserved_now = game.reserved_now
    mine = ledger.held_by(who)  # percent_of the player, each corporation
    for corp, c in state.corporations.items():
        if c.par is None or corp in sold or (bought and corp != bought_corp):
            continue  # buy_refusal: par it first (stock.par), sold this round (stock.sell-then-buy), not the turn's
        in_ipo, in_pool = ipo.get(corp), pool.get(corp)
        if not (in_ipo or in_pool):
            continue  # none of it for sale (all with the players: the usual case later in a game)
        cell = cells[c.price]
        if bought and not (cell.multiple_buy or "president_buys_two" in cell.effects):
            continue  # _purchase_refusal: one certificate per turn (stock.one-buy)
        if full and cell.counts_for_cert_limit:
            continue  # _purchase_refusal: at the certificate limit (stock.cert-limit)
        smallest, most = corporation_facts[corp]
        # how much more of it the player may hold (where the zone allows any holding, no certificate exceeds it)
        room = 100 if cell.allows_over_60 else most - mine.get(corp, 0)
        for source, certs in ((IPO, in_ipo), (POOL, in_pool)):
            if not certs:
                continue  # none of it there
            each = cells[c.par].price if source == IPO else cell.price  # the pool sells at the market price
            if each * smallest // 10 > cash:
                continue  # _purchase_refusal: even its smallest certificate costs more than the cash (stock.buy)
            cert = certs[0]
            # _first_for_sale, asked only where the first certificate may be held back
            if cert.endswith("_0") or (source == IPO and reserved_now(cert)):
                cert = _first_for_sale(game, source, corp, certs)
                if cert is None:
                    continue
            percent = ledger.percent[cert]
            if percent > room:
                continue  # _purchase_refusal: the holding limit (stock.holding-limit)
            price = each * percent // 10  # price_for, the source known
            # the other checks of _purchase_refusal are those above: only a second purchase in the turn remains
            if price <= cash and (not bought or _second_buy_refusal(game, who, corp, source, cell) is None):
                yield who, cert, percent


def _corporation_facts(game: "Game18xx") -> dict[str, tuple[int, int]]:
    """Each corporation's smallest certificate and holding limit (``max_holding_percent_of``), in percent: facts
    of the title, kept (:meth:`~gamekit.g18xx.game.Game18xx._facts_memo`), as every stock-round position asks
    them of every corporation."""
    facts, memo = game._facts_kept  # _facts_memo written out: asked at every position
    if facts is not game.facts:
        memo = game._facts_memo()
    kept = memo.get("stock listing facts")
    if kept is None:
        facts = game.facts
        kept = memo["stock listing facts"] = {
            c.sym: (min(c.certificates), facts.max_holding_percent_of(c.sym)) for c in facts.corporations}
    return kept


def _first_for_sale(game: "Game18xx", source: str, corp: str, certs: list[str]) -> str | None:
    """The certificate of ``corp`` that ``source`` (the IPO or the bank pool; ``certs``: what it holds of ``corp``)
    sells next: the first that is not the president's certificate of a corporation started by parring nor
    reserved (rules ``stock.buy``, ``stock.par``), or ``None``."""
    ipo = source == IPO
    for cert in certs:
        if not (is_president_cert(cert) and game.president_cert_by_par(corp)) and \
                not (ipo and game.reserved_now(cert)):
            return cert
    return None


def _sales(game: "Game18xx", who: str) -> Iterator[SellShares]:
    return (_sell_action(*row) for row in _sale_rows(game, who))


def _sale_rows(game: "Game18xx", who: str) -> Iterator[tuple[str, tuple[str, ...], int]]:
    """The legal sales of ``who`` now as rows ``(who, certificates, percent)``, in listing order."""
    # sell_refusal refuses every sale while sales are closed (stock.no-sale-first, stock.round)
    return _open_sale_rows(game, who) if _sales_open(game) else iter(())


def _open_sale_rows(game: "Game18xx", who: str) -> Iterator[tuple[str, tuple[str, ...], int]]:
    """:func:`_sale_rows` once :func:`_sales_open` has said that sales are open (``action_groups`` asks that
    first, to leave the group out)."""
    policy = game.policy
    state = game.state
    ledger = state.ledger
    pooled = ledger.held_by(POOL)  # pool_percent of each corporation
    pool_limit = game.facts.pool_limit_percent
    pool_room = pool_limit - policy.share_unit
    before_operated = policy.no_sale_before_operated
    sale_refusal = game.sale_refusal
    corporations = state.corporations
    for corp, certs in ledger.holdings.get(who, {}).items():
        if not certs:
            continue
        c = corporations[corp]
        in_pool = pooled.get(corp, 0)
        if c.price is None or (before_operated and not c.operated) or in_pool > pool_room or \
                sale_refusal(who, corp) is not None:
            continue  # sell_refusal refuses every bundle of it (stock.sell, stock.pool-limit, the title's reason)
        # the checks of _sales_closed are those above: the bundles follow
        for bundle, percent in _bundles(game, who, corp, tuple(certs), None, pool_limit - in_pool):
            yield who, bundle, percent


def over_limits(game: "Game18xx", player: str) -> str | None:
    """Why ``player`` must sell before doing anything else: over the certificate limit, or over 60% of a
    corporation outside the orange and brown zones (rule ``stock.must-sell``); ``None`` if neither."""
    count, excess = _limits(game, player)
    limit = cert_limit(game)
    if count > limit:
        return msg("{player} holds {count} certificates, over the limit of {limit}", player=game.player(player).name,
                   count=count, limit=limit)
    if excess is not None:
        corp, held, most = excess
        return msg("{player} holds {percent} of {corporation}, over {most}", player=game.player(player).name,
                   percent=f"{held}%", corporation=corp, most=f"{most}%")
    return None


def _limits(game: "Game18xx", player: str) -> tuple[int, tuple[str, int, int] | None]:
    """What :func:`over_limits` asks, without its messages (asked at every stock-round position): ``player``'s
    :func:`~gamekit.g18xx.economy.cert_count`, and the first corporation they hold more of than its holding limit
    where the title makes them sell down to it (``sell_down_to_holding_limit``; its price outside the zones that
    allow more) as ``(corporation, percent, limit)``, or ``None``."""
    state = game.state
    kept = state.ledger.kept(player)  # both read only the player's holdings and prices: kept until either moves
    found = kept.get("limits")
    if found is None:
        found = kept["limits"] = _holdings_walk(game, player)
    counted, excess = found
    # the private companies change hands without the ledger (auction, purchase, closing): counted each time
    return len(state.players[player].privates) + counted, excess


def _holdings_walk(game: "Game18xx", player: str) -> tuple[int, tuple[str, int, int] | None]:
    """:func:`_limits`'s answer but the private companies, from one walk of ``player``'s holdings: their
    certificates that count toward the certificate limit (those of corporations whose price is outside the zones
    exempting them, :func:`~gamekit.g18xx.economy.counted_shares`), and the first corporation they hold more of
    than its holding limit, its price outside the zones that allow more, as ``(corporation, percent, limit)``
    (``None``: none, or the title does not make players sell down; rule ``stock.must-sell``)."""
    state = game.state
    corporations, cells = state.corporations, game.market.cells
    held = state.ledger.held_by(player)
    sell_down = game.policy.sell_down_to_holding_limit
    corporation_facts = _corporation_facts(game) if sell_down else None
    count, excess = 0, None
    for corp, certs in state.ledger.holdings.get(player, {}).items():
        if not certs:
            continue
        price = corporations[corp].price
        if price is None:
            count += len(certs)
            continue
        cell = cells[price]
        if cell.counts_for_cert_limit:
            count += len(certs)
        if sell_down and excess is None and not cell.allows_over_60:
            percent, most = held[corp], corporation_facts[corp][1]
            if percent > most:
                excess = corp, percent, most
    return count, excess


def offers_choice(groups: list[ActionGroup]) -> bool:
    """True when the stock round's ``groups`` (:func:`action_groups`) hold anything but a pass: the current
    player has a choice (else the engine passes for them). Each group finds only its first action for this."""
    for group in groups:  # a loop, not any(): asked at every stock-round position
        if group.type != "pass" and group:
            return True
    return False


def apply(game: "Game18xx", action: Action) -> list[Event]:
    """Check and apply a stock-round action; raises :class:`GameError` naming the rule that forbids it. An action
    the game plays from this position's listings for an engine bot (:func:`_listed_effect`) is applied without
    the checks its listing made."""
    effect = _listed_effect(game, action)
    if effect is not None:
        return effect(game, action)
    who = current_player(game)
    # refusals are built only when raised (``if not …: raise``): every action of the round passes these checks
    if action.entity != who:
        raise GameError(msg("it is {player}'s turn, not {other}'s", player=game.name_of(who),
                            other=game.name_of(action.entity)), game.rule("stock.round"))
    if not isinstance(action, SellShares):
        count, excess = _limits(game, who)  # over_limits without its message, built only when a sale is possible
        if (count > cert_limit(game) or excess is not None) and any(True for _ in _sale_rows(game, who)):
            raise GameError(msg("{reason}: sell first", reason=over_limits(game, who)), game.rule("stock.must-sell"))
    if isinstance(action, Par):
        return _par(game, action)
    if isinstance(action, BuyShares):
        return _buy(game, action)
    if isinstance(action, SellShares):
        return _sell(game, action)
    if isinstance(action, Pass):
        return pass_turn(game)
    if action.type in game.stock_round_extra_types:
        events = game.apply_stock_round_extra(action)
        _acted(game, who)
        return events
    require(False, msg("a {action} action is not possible in a stock round", action=action.type),
            game.rule("stock.round"))
    return []


def _listed_effect(game: "Game18xx", action: Action):
    """The function applying ``action`` without checks (:func:`_parred`, :func:`_bought`, :func:`_sold`,
    :func:`_passed`) when ``action`` is the one the game is playing for one of the engine's random bots
    (``Game._play_listed``, which names it ``_listed_play`` while it applies it), else ``None``.

    Such an action is taken from the game's listings at this very position and handed over unchanged (the bots of
    ``Game._play_listed``): the round's groups (:func:`action_groups`, a title's filter of them) list only the
    current player's actions, only sales while they must sell (rule ``stock.must-sell``), and each par, purchase
    and sale only where :func:`par_refusal`, :func:`buy_refusal` and :func:`sell_refusal` accept it (the listings
    skip exactly what those refuse; the soak and tests/test_stock51_listed.py check that every listed action is
    accepted, and that games played so are the games played with every check). A title's own stock-round
    actions (``stock_round_extra_types``) and any other action are checked."""
    # read with a default (a game object made without Game.__init__ names nothing), and never through
    # game.__dict__: in CPython 3.11 that makes every later attribute of the game slower to read
    if getattr(game, "_listed_play", None) is action:
        return _EFFECTS.get(action.type)
    return None


def _acted(game: "Game18xx", who: str) -> None:
    rnd = _round(game)
    rnd.acted = True
    rnd.last_to_act = who
    rnd.passed.clear()
    if who in rnd.pass_order:
        rnd.pass_order.remove(who)


def _par(game: "Game18xx", action: Par) -> list[Event]:
    refusal = par_refusal(game, action.entity, action.corporation, action.share_price)
    if refusal:
        require(False, *refusal)
    return _parred(game, action)


def _parred(game: "Game18xx", action: Par) -> list[Event]:
    """The par ``action``, checked: its price set, the president's certificate bought (rule ``stock.par``)."""
    state = game.state
    corp = action.corporation
    cell = game.market.by_id[action.share_price]
    c = state.corporations[corp]
    c.par = (cell.row, cell.col)
    set_price(game, corp, c.par)
    cost = president_cost(game, corp, cell.price)
    pay_for_ipo(game, action.entity, corp, cost)
    state.ledger.move(f"{corp}_0", action.entity)
    c.president = action.entity
    _round(game).bought.append((corp, IPO))
    _acted(game, action.entity)
    text = msg("{player} pars {corporation} at {par} and buys the president's certificate for {price}",
               player=game.player(action.entity).name, corporation=corp, par=game.facts.money(cell.price),
               price=game.facts.money(cost))
    return [Event(game.rule("stock.par"), text, "par", {"corporation": corp, "price": cell.price,
                                                       "player": action.entity})]


def _buy(game: "Game18xx", action: BuyShares) -> list[Event]:
    state = game.state
    if len(action.shares) != 1:
        raise GameError(msg("buy one certificate per action"), game.rule("stock.one-buy"))
    cert = action.shares[0]
    if cert not in state.ledger.owner:
        raise GameError(msg("there is no certificate {certificate}", certificate=shown(cert)),
                        game.rule("stock.certificates"))
    refusal = buy_refusal(game, action.entity, cert)
    if refusal:
        require(False, *refusal)
    if action.percent != state.ledger.percent[cert]:
        raise GameError(msg("{certificate} is {percent}, not {other}", certificate=cert,
                            percent=f"{state.ledger.percent[cert]}%", other=f"{action.percent}%"),
                        game.rule("stock.certificates"))
    return _bought(game, action)


def _bought(game: "Game18xx", action: BuyShares) -> list[Event]:
    """The purchase ``action``, checked: its one certificate paid for and moved, the presidency and float
    updated (rule ``stock.buy``)."""
    state = game.state
    cert = action.shares[0]
    corp = cert_corporation(cert)
    source = state.ledger.owner[cert]
    price = price_for(game, cert)
    if source == IPO:
        pay_for_ipo(game, action.entity, corp, price)
    else:
        pay_to_bank(game, action.entity, price)
    state.ledger.move(cert, action.entity)
    _round(game).bought.append((corp, source))
    _acted(game, action.entity)
    name, percent = game.player(action.entity).name, state.ledger.percent[cert]
    text = remember_in(_texts(game), ("buy", name, percent, corp, source, price), TEXTS_KEPT,
                       lambda: msg(BUY_TEMPLATE, entity=name, percent=f"{percent}%", corporation=corp,
                                   source=_SOURCE_MESSAGES[source], price=game.facts.money(price)))
    events = [Event(game.rule("stock.buy"), text, "buy",
                    {"player": action.entity, "certificate": cert, "price": price, "from": source})]
    events += update_president(game, corp)
    return events + check_float(game, corp)


TEXTS_KEPT = 4096
"""How many texts of purchases and sales :func:`_texts` keeps per title (it forgets them all when full)."""


def _texts(game: "Game18xx") -> dict:
    """The texts of purchases and sales (:data:`BUY_TEMPLATE`, :data:`SELL_TEMPLATE`) kept with the facts
    (``Game18xx._facts_memo``, whose money format they use), by a key holding every value they read: the kind,
    the player's name, the percent, the corporation, the source (a purchase) and the price. A sentence is a pure
    function of its template and values, and is immutable (translated when shown), so one serves every event that
    says the same: nearly every stock-round action is a purchase or a sale, mostly one said before."""
    return game._facts_table("stock texts")


def emergency_sell(game: "Game18xx", action: SellShares, protect: str) -> list[Event]:
    """A president's share sale to raise money for a forced train purchase (rule ``trains.emergency``)."""
    return _sell(game, action, protect=protect)


def sell_everything(game: "Game18xx", player: str, protect: str) -> list[Event]:
    """A bankrupt player's forced sale: corporation by corporation in operating order as it stands before the
    first sale, the largest legal bundle until none of that corporation can be sold; the presidency of
    ``protect`` (the bankrupt corporation) does not change hands (rule ``end.bankrupt``). The order decides where
    corporations falling onto the same market cell stack, so it is 18xx.games' order."""
    events: list[Event] = []
    held = set(game.state.ledger.corporations_of(player))
    for corp in [c for c in game.operating_order_all() if c in held]:
        while bundles := list(sellable_bundles(game, player, corp, protect=protect)):
            certs, percent = max(bundles, key=lambda b: b[1])
            events += _sell(game, SellShares(entity=player, shares=certs, percent=percent), protect=protect)
    return events


def _sell(game: "Game18xx", action: SellShares, protect: str | None = None) -> list[Event]:
    state = game.state
    who = action.entity
    unknown = [c for c in action.shares if c not in state.ledger.owner]
    if unknown:  # the refusal built only when raised, as in apply
        raise GameError(msg("there is no certificate {certificate}", certificate=", ".join(map(shown, unknown))),
                        game.rule("stock.certificates"))
    refusal = sell_refusal(game, who, action.shares, action.percent, protect)
    if refusal:
        require(False, *refusal)
    return _sold(game, action, protect)


def _sold(game: "Game18xx", action: SellShares, protect: str | None = None) -> list[Event]:
    """The sale ``action``, checked (``protect``: as :func:`sell_refusal`'s): the certificates to the pool, the
    presidency handed over where it passes, the proceeds paid, the price moved (rule ``stock.sell``)."""
    state = game.state
    who = action.entity
    corp = cert_corporation(action.shares[0])
    percent = action.percent
    price = share_price(game, corp)
    events: list[Event] = []
    ordinary = [c for c in action.shares if not is_president_cert(c)]
    swapping = len(ordinary) < len(action.shares)
    if swapping:
        # as 18xx.games: every certificate named goes to the pool, the new president swaps 20% for the president's
        # certificate, and the seller takes back from the pool what the certificates named exceed the sale by
        new = new_president_after_sale(game, who, corp, percent)
        handed = sum(state.ledger.percent[c] for c in action.shares)
        for cert in ordinary:
            state.ledger.move(cert, POOL)
        keeps = state.ledger.percent_of(who, corp) - state.ledger.percent[f"{corp}_0"]
        events += transfer_presidency(game, corp, who, new, swapped_to=who if keeps >= state.ledger.percent[f"{corp}_0"]
                                      else POOL, give_back=handed - percent)
    else:
        for cert in ordinary[len(ordinary) - percent // game.policy.share_unit:]:
            state.ledger.move(cert, POOL)
    proceeds = price * percent // 10
    pay_from_bank(game, who, proceeds)
    if protect is None:
        rnd = _round(game)
        rnd.sold.setdefault(who, set()).add(corp)
        _acted(game, who)
    name = game.player(who).name
    text = remember_in(_texts(game), ("sell", name, percent, corp, proceeds), TEXTS_KEPT,
                       lambda: msg(SELL_TEMPLATE, entity=name, percent=f"{percent}%", corporation=corp,
                                   price=game.facts.money(proceeds)))
    events.append(Event(game.rule("stock.sell"), text, "sell", {"player": who, "corporation": corp,
                                                                "percent": percent, "proceeds": proceeds}))
    steps = percent // game.policy.share_unit if game.policy.sale_movement == "per_share" else 1
    for _ in range(steps):
        events += move_price(game, corp, game.policy.sale_move, game.rule("stock.sell"), "a share was sold")
    return events + update_president(game, corp)


def pass_turn(game: "Game18xx") -> list[Event]:
    """End the current player's turn (a pass without acting counts toward the end of the round)."""
    rnd = _round(game)
    who = current_player(game)
    events: list[Event] = []
    if rnd.acted:
        events.append(_turn_event(game, who, "end_turn"))
    else:
        rnd.passed.add(who)
        if who not in rnd.pass_order:
            rnd.pass_order.append(who)
        events.append(_turn_event(game, who, "pass"))
    rnd.acted = False
    rnd.bought = []
    rnd.index = (rnd.index + 1) % len(game.players)
    return events


def _passed(game: "Game18xx", action: Pass) -> list[Event]:
    """The pass ``action`` of the current player, checked: :func:`pass_turn`."""
    return pass_turn(game)


_EFFECTS = {"par": _parred, "buy_shares": _bought, "sell_shares": _sold, "pass": _passed}
"""Each listed action type's application without checks (:func:`_listed_effect`)."""


def _turn_event(game: "Game18xx", who: str, kind: str) -> Event:
    """The event of ``who``'s end of turn (``kind`` ``"end_turn"``) or pass without acting (``"pass"``), one per
    rule id, player name and kind: nearly every stock-round turn says one, and an event without data is never
    changed (events are frozen), so one serves every turn."""
    return _shared_turn_event(game.rule("stock.round"), game.player(who).name, kind)


@functools.lru_cache(maxsize=1024)  # bounded: player names come from users
def _shared_turn_event(rule: str, name: str, kind: str) -> Event:
    """The one event of :func:`_turn_event` for ``rule``, player ``name`` and ``kind``."""
    text = msg("{player} ends the turn", player=name) if kind == "end_turn" else msg("{player} passes", player=name)
    return Event(rule, text, kind)


def finished(game: "Game18xx") -> bool:
    """True when every player has passed in a row."""
    return len(game.state.round.passed) == len(game.players)


def finish(game: "Game18xx") -> list[Event]:
    """End of the stock round: sold-out corporations rise, and the priority deal passes on."""
    state = game.state
    rnd = _round(game)
    events: list[Event] = []
    for corp in game.operating_order_all():
        if game.sold_out(corp):
            for _ in range(game.sold_out_steps(corp)):
                events += move_price(game, corp, game.sold_out_move(corp), game.rule("stock.sold-out"),
                                     "sold out at the end of the stock round")
    if game.policy.priority == "first_to_pass":
        order = state.seat_order
        order[:] = rnd.pass_order + [p for p in order if p not in rnd.pass_order]
    elif rnd.last_to_act is not None:
        _rotate_after(game, rnd.last_to_act)
    events.append(Event(game.rule("stock.priority"), msg("{player} has the priority deal",
                                                         player=game.player(state.seat_order[0]).name),
                        "priority", {"player": state.seat_order[0]}))
    return events
