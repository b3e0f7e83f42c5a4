"""Buying trains in an 18xx game: the depot, other corporations, phases and rusting, the train limit, the forced
purchase with the president's money, and bankruptcy (rules ``trains.*`` and ``end.bankrupt``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ..actions import Action
from ..choices import LazyRows
from ..errors import GameError, shown
from ..events import Event
from ..game import ActionRange
from ..i18n import COLOUR_NAMES, N_, Term, join, msg, nmsg, phase_word, train_limit_text
from ..sentences import TRAIN_BOUGHT
from ..tracks.actions import Bankrupt, BuyTrain, DiscardTrain, SellShares
from ..tracks.shares import cert_corporation
from ..tracks.trains import for_sale, leave_play, new_phase_on, phase, rusted_by, take, train_facts, train_name
from . import companies, end, names, stock
from .economy import pay_to_bank, require, share_price

if TYPE_CHECKING:
    from .game import Game18xx


def train_owner(game: "Game18xx", train_id: str) -> str | None:
    """The corporation holding ``train_id``, or ``None`` (depot, discard pile or rusted)."""
    for corp, c in game.state.corporations.items():
        if train_id in c.trains:
            return corp
    return None


def depot_price(game: "Game18xx", train_id: str) -> int:
    """Face price of a train in dollars."""
    return train_facts(game.facts, train_id).price


_SALES: dict[tuple, tuple[object, tuple[str, ...], int | None]] = {}
SALES_KEPT = 512
"""How many depots' sales :func:`on_sale` keeps (it forgets them all when full: a game sees a few dozen)."""


def on_sale(game: "Game18xx") -> tuple[tuple[str, ...], int | None]:
    """The trains the depot sells now (:func:`~gamekit.tracks.trains.for_sale`, as a tuple) and the cheapest one's
    price (``None`` when there is none). Kept by the depot's content, all that ``for_sale`` reads (its trains to
    come, its discarded trains, its phase and the types sold): the rules of a train step ask for them several times
    at every position, and a game's positions share a few dozen depots."""
    return _last_sale(game)[4]


def _last_sale(game: "Game18xx") -> list:
    """The facts' entry of the depot now: ``[its trains to come, discarded trains, phase, types sold (copies),
    on_sale's answer, offered's answer or None until asked, depot_trains' answers by buyer kind]``.

    First the last depot asked of these facts (``Game18xx._facts_memo``, a game's and its forks') is compared field
    by field, the same fields as the key of :data:`_SALES` (lists of the same train ids compare fast; no tuple
    built nor hashed): a train step's skip and its listing, and position after position of a game, ask of one
    depot in a row. Otherwise the entry is made afresh, its sales from :data:`_SALES`."""
    depot = game.state.depot
    facts, memo = game._facts_kept  # _facts_memo written out: asked several times at every train step
    if facts is not game.facts:
        memo = game._facts_memo()
    last = memo.get("last on sale")
    if last is not None and last[0] == depot.upcoming and last[1] == depot.discarded and last[2] == depot.phase \
            and last[3] == depot.sold_types:
        return last
    key = (id(game.facts), tuple(depot.upcoming), tuple(depot.discarded), depot.phase, tuple(depot.sold_types))
    entry = _SALES.get(key)
    if entry is None or entry[0] is not game.facts:  # the facts are kept in the entry: their id is never reused
        if len(_SALES) >= SALES_KEPT:
            _SALES.clear()
        sale = tuple(for_sale(game.facts, depot))
        entry = _SALES[key] = (game.facts, sale, min((depot_price(game, t) for t in sale), default=None))
    # copies: the depot's lists change in place
    last = memo["last on sale"] = [list(depot.upcoming), list(depot.discarded), depot.phase, list(depot.sold_types),
                                   (entry[1], entry[2]), None, {}]
    return last


def _others_trains(game: "Game18xx", corp: str) -> Iterator[str]:
    """The other corporations' trains ``corp`` may buy now, found corporation by corporation in the order of their
    symbols (none at all where the title lets no train change hands now:
    :meth:`~gamekit.g18xx.game.Game18xx.trains_change_hands`). Each holder's trains come from
    :meth:`~gamekit.g18xx.game.Game18xx.trains_buyable_from`, which a title may answer for all of them at once."""
    if not game.trains_change_hands():
        return
    corporations = game.state.corporations
    for other in _symbol_order(game):
        if other != corp and corporations[other].trains:
            yield from game.trains_buyable_from(corp, other)


def others_sell_one(game: "Game18xx", corp: str) -> bool:
    """Whether :func:`_others_trains` holds a train (another corporation has a train ``corp`` may buy now), answered at the first holder that sells one, with no generator
    left unfinished (Python 3.11 closes a dropped one by throwing ``GeneratorExit`` through its frames, which cost
    more than this loop: the train step's skip asks whenever the depot's trains are beyond the treasury)."""
    if not game.trains_change_hands():
        return False
    corporations = game.state.corporations
    for other in _symbol_order(game):
        if other != corp and corporations[other].trains and game.trains_buyable_from(corp, other):
            return True
    return False


def _symbol_order(game: "Game18xx") -> tuple[str, ...]:
    """The corporations' symbols in sorted order, the order in which trains of other corporations are offered.
    The state holds the facts' corporations from the setup on, so the order is kept with the facts
    (:meth:`~gamekit.g18xx.game.Game18xx._facts_memo`) instead of being sorted at every train listing."""
    memo = game._facts_memo()
    order = memo.get("corporation symbols")
    if order is None:
        order = memo["corporation symbols"] = tuple(sorted(game.state.corporations))
    return order


def offered(game: "Game18xx") -> list[str]:
    """The train ids the bank sells now: the depot's and the discarded ones; where the policy says
    ``pool_sells_first_of_type``, of the discarded trains only the first of each type (trains of one type are
    alike, and 18xx.games offers the one discarded first; rule ``trains.buy``)."""
    return list(_offered_of(game, _last_sale(game)))


def _offered_of(game: "Game18xx", last: list) -> tuple[str, ...]:
    """:func:`offered` as the depot's entry ``last`` (:func:`_last_sale`, of the depot now) keeps it: read it,
    never change it."""
    sale = last[4][0]
    if not game.policy.pool_sells_first_of_type or not game.state.depot.discarded:
        return sale
    # kept in the depot's entry: a function of its content (and of the game's policy, which its forks share)
    if last[5] is None:
        discarded = game.state.depot.discarded
        firsts = {train_name(t): t for t in reversed(discarded)}
        last[5] = tuple(t for t in sale if t not in discarded or firsts[train_name(t)] == t)
    return last[5]


def depot_trains(game: "Game18xx", corp: str, last: list | None = None) -> tuple[str, ...]:
    """The depot's trains ``corp`` may buy now (the title's :meth:`~gamekit.g18xx.game.Game18xx.may_buy_train`), in
    the depot's order. ``last``: the depot's entry (:func:`_last_sale`) where the caller holds it for the position
    now.

    Kept in that entry per :meth:`~gamekit.g18xx.game.Game18xx.depot_buyer_kind` of ``corp``: every train listing
    asks, and the depot changes far less often. Sound because ``may_buy_train`` of a depot train reads only the
    depot's content, which the entry stands for (a new entry once it changes), and what the buyer's kind says of
    the buyer (the hook's promise)."""
    if last is None:
        last = _last_sale(game)
    kind = game.depot_buyer_kind(corp)
    kept = last[6]
    found = kept.get(kind)
    if found is None:
        may_buy = game.may_buy_train
        found = kept[kind] = tuple(t for t in _offered_of(game, last) if may_buy(corp, t, from_corporation=False))
    return found


def can_buy_any(game: "Game18xx", corp: str) -> bool:
    """True when ``corp`` has room under the limit and can afford some train, or must buy one."""
    c = game.state.corporations[corp]
    if len(c.trains) >= game.train_limit_of(corp):
        # at the limit every offer trades a train in (``_offers`` yields no other there): the first one answers,
        # without building the ranges of the others
        return game.policy.trade_in_at_limit and any(offer[3] for offer in _offers(game, corp))
    # the depot's cheapest train of any kind opens the step, as 18xx.games does (even one the title's
    # may_buy_train then refuses: an 1837 coal company with 90 K passes its train step); asked before must_buy,
    # which a title answers from the whole network (has_route): either opens it
    cheapest = _last_sale(game)[4][1]  # on_sale(game)[1] written out: asked after every action of a train step
    if cheapest is not None and c.cash >= cheapest:
        return True
    return game.must_buy(corp) or (c.cash >= 1 and others_sell_one(game, corp))


def ranges(game: "Game18xx", corp: str) -> list[ActionRange]:
    """Train purchases as ranges: depot trains at exactly their price, other corporations' trains at the prices of
    :func:`other_price_range` (rules ``trains.buy``, ``trains.emergency``). Their actions are built unchecked:
    every value comes from the state, and ``process`` checks an action again anyway."""
    return [_purchase(corp, *offer) for offer in _offers(game, corp)]


def purchases(game: "Game18xx", corp: str) -> "Purchases":
    """The purchases of :func:`ranges` as one group of ``buy_train`` actions, found only as far as asked and each
    action and range built only when asked for (a random bot asks whether there is one, and measures them only
    when it draws a purchase rather than the pass beside them)."""
    return Purchases(corp, _offers(game, corp))


class Purchases(LazyRows):
    """Train purchases of one corporation, listed as :func:`ranges` lists them, from ``(train, lowest price,
    highest price, train traded in)`` offers found one by one from ``offers`` (which reads the position when
    iterated: ask the group before the game changes); whether there is one stops at the first. An action is its
    range's template (:func:`_template`), built when asked for. A listing of one corporation's purchases offers
    each train at most once at a price (a trade-in apart), so the ``i``-th action's range is the ``i``-th, as
    :class:`~gamekit.choices.ListedActions` would find it by comparing templates."""

    def __init__(self, corp: str, offers: Iterator[tuple[str, int, int, str | None]]):
        super().__init__(BuyTrain.type, offers,
                         lambda train_id, low, high, exchange: _template(corp, train_id, low, exchange))
        self._corp = corp

    def range(self, index: int) -> ActionRange:
        self._reach(index + 1 if index >= 0 else None)
        return _purchase(self._corp, *self._seen[index])


def _offers(game: "Game18xx", corp: str) -> Iterator[tuple[str, int, int, str | None]]:
    """:func:`ranges` as ``(train, lowest price, highest price, train traded in)``, without building them, found
    one by one (the depot's first: whether there is one seldom looks at the other corporations)."""
    state = game.state
    c = state.corporations[corp]
    at_limit = len(c.trains) >= game.train_limit_of(corp)
    if at_limit and not (game.policy.trade_in_at_limit and _trade_in_open(game, corp)):
        return
    # the depot's entry, read once for its cheapest train and its trains on sale: nothing below changes the depot
    # before they are read (the first purchase is yielded after both)
    last = _last_sale(game)
    cheapest = _cheapest_of(last) if state.depot.upcoming or state.depot.discarded else None
    must_buy = game.must_buy(corp)  # asked once: a title may look at the whole network (has_route)
    emergency = must_buy and cheapest is not None and c.cash < cheapest

    financed = game.bank_finances(corp)

    def affordable(price: int) -> bool:
        # with the president's money, only the cheapest train (rule 1830:trains.emergency)
        return price <= c.cash or financed or (
            emergency and (price == cheapest or not game.policy.emergency_cheapest_only)
            and price <= c.cash + _president_cash(game, corp))

    trade_in_open = _trade_in_open(game, corp)
    terms = _train_terms(game)
    for train_id in depot_trains(game, corp, last):
        price, trade_in = terms.get(train_id) or _terms_of(game, terms, train_id)
        if affordable(price) and not at_limit:
            yield (train_id, price, price, None)
        if not trade_in_open:
            continue
        for traded, discount in trade_in:
            for own in c.trains:
                if train_name(own) == traded and price - discount <= c.cash:
                    yield (train_id, price - discount, price - discount, own)
                    break
    # any price from 1 to the treasury's cash unless the president's money may help (other_price_range, asked
    # per train only then): a corporation without cash then looks at no other corporation's train
    plain = not (game.policy.emergency_from_others and must_buy)
    if at_limit or financed or (c.cash < 1 and plain):  # the bank finances only a train it sells
        return
    if plain:  # one range for every train (other_price_range's first case)
        # _others_trains written out: a listing that measures the purchases walks every other corporation's
        # trains, and a generator inside this one cost a resumption per train
        if not game.trains_change_hands():
            return
        cash, corporations, buyable_from = c.cash, state.corporations, game.trains_buyable_from
        for other in _symbol_order(game):
            if other != corp and corporations[other].trains:
                for train_id in buyable_from(corp, other):
                    yield (train_id, 1, cash, None)
        return
    for train_id in _others_trains(game, corp):
        span = _price_range(game, corp, train_id, must_buy)
        if span is not None:
            yield (train_id, span[0], span[1], None)


def _train_terms(game: "Game18xx") -> dict[str, tuple[int, tuple[tuple[str, int], ...]]]:
    """The facts' table of train id → (face price, the train types it takes in trade with their discounts), as
    :func:`_terms_of` fills it: facts of the title, kept with them (``Game18xx._facts_memo``), as every train
    listing prices the depot's trains one by one."""
    memo = game._facts_memo()
    terms = memo.get("train terms")
    if terms is None:
        terms = memo["train terms"] = {}
    return terms


def _terms_of(game: "Game18xx", terms: dict, train_id: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The entry of :func:`_train_terms` for ``train_id``, made from its facts (:func:`depot_price`, the trade-ins
    of ``train_facts``) and kept."""
    found = terms[train_id] = (depot_price(game, train_id),
                               tuple((train_facts(game.facts, train_id).trade_in or {}).items()))
    return found


_PURCHASES: dict[tuple[str, str, int, int, str | None], ActionRange] = {}
_TEMPLATES: dict[tuple[str, str, int, str | None], BuyTrain] = {}
PURCHASES_KEPT = 4096
"""How many train purchases (and, apart, their templates) :func:`_purchase` keeps (it forgets them all when full:
positions move on)."""


def _purchase(corp: str, train_id: str, low: int, high: int, exchange: str | None = None) -> ActionRange:
    """The purchase of ``train_id`` by ``corp`` at ``low`` to ``high`` (trading in ``exchange``) as a range whose
    template is built unchecked and marked checked (``Action._trusted``). Kept by its values: a listing offers
    much the same purchases at position after position, and building and marking an action costs more than the
    rest of a listing's work on it. The template is kept apart from its range: another corporation's train is
    offered from 1 up to the buyer's cash, which changes more often than the template. Ranges and actions are
    frozen, so one object serves every listing; should the actions' checked marks be forgotten meanwhile,
    ``process`` only checks the action again."""
    key = (corp, train_id, low, high, exchange)
    found = _PURCHASES.get(key)
    if found is None:
        if len(_PURCHASES) >= PURCHASES_KEPT:
            _PURCHASES.clear()
        found = _PURCHASES[key] = ActionRange(_template(corp, train_id, low, exchange), "price", low, high)
    return found


def _template(corp: str, train_id: str, price: int, exchange: str | None) -> BuyTrain:
    """The checked purchase of ``train_id`` by ``corp`` at ``price`` (trading in ``exchange``), kept by its
    values (see :func:`_purchase`)."""
    key = (corp, train_id, price, exchange)
    found = _TEMPLATES.get(key)
    if found is None:
        if len(_TEMPLATES) >= PURCHASES_KEPT:
            _TEMPLATES.clear()
        found = _TEMPLATES[key] = BuyTrain._trusted(entity=corp, train=train_id, price=price,
                                                    variant=train_name(train_id), exchange=exchange)
    return found


def other_price_range(game: "Game18xx", corp: str, train_id: str) -> tuple[int, int] | None:
    """The prices in dollars, ``(lowest, highest)``, that ``corp`` may pay for another corporation's train
    ``train_id``, or ``None`` when no price is allowed.

    Any price from $1 to ``corp``'s cash (rule ``trains.buy``). Where the policy says ``emergency_from_others``, a
    corporation that must buy a train and has less cash than the train's face price may pay up to that face price
    (or any price: ``emergency_from_others_to_face`` False) with its president's money too (never more than both
    have together); once the president has sold
    certificates for this purchase, the price must exceed what the two had before the last sale, for a sale is
    allowed only when needed (rule ``trains.emergency``).
    """
    return _price_range(game, corp, train_id, game.must_buy(corp))


def _price_range(game: "Game18xx", corp: str, train_id: str, must_buy: bool) -> tuple[int, int] | None:
    """:func:`other_price_range`, ``must_buy`` being ``game.must_buy(corp)`` (a listing asks it once for all the
    trains it prices)."""
    c = game.state.corporations[corp]
    face = depot_price(game, train_id)
    if not (game.policy.emergency_from_others and must_buy and c.cash < face):
        return (1, c.cash) if c.cash >= 1 else None
    together = c.cash + _president_cash(game, corp)
    last_sale = _last_emergency_sale(game)
    lowest = together - last_sale + 1 if last_sale else 1
    highest = min(face, together) if game.policy.emergency_from_others_to_face else together
    return (lowest, highest) if 1 <= lowest <= highest else None


def _last_emergency_sale(game: "Game18xx") -> int | None:
    """The price of one 10% share in the president's last sale for the forced purchase now under way (the
    action just before this one), or ``None`` when the last action was not such a sale."""
    rnd = game.state.round
    return rnd.emergency_sale if getattr(rnd, "step", None) == "buy_train" else None


def unit_price(game: "Game18xx", events: list[Event]) -> int | None:
    """The price of one 10% share in the emergency sale that produced ``events`` (rule ``trains.emergency``), or
    ``None`` when they hold no sale (a bankruptcy)."""
    sale = next((e.data for e in events if e.kind == "sell"), None)
    return sale["proceeds"] * game.policy.share_unit // sale["percent"] if sale else None


def _trade_in_open(game: "Game18xx", corp: str) -> bool:
    """Whether ``corp`` may still trade a train in this turn (policy ``trade_ins_per_turn``)."""
    limit = game.policy.trade_ins_per_turn
    return limit is None or game.state.round.trade_ins < limit


def emergency_actions(game: "Game18xx", corp: str) -> list[Action]:
    """When ``corp`` must buy a train that it and its president cannot pay for: the president's share sales,
    and bankruptcy once nothing more can be sold (rules ``trains.emergency``, ``end.bankrupt``). A listing of the
    current position (the train step's choices): it keeps what the trial of :func:`_could_raise` found there with
    the position's listings."""
    state = game.state
    if not game.must_buy(corp) or game.bank_finances(corp) or \
            state.corporations[corp].cash + _president_cash(game, corp) >= cheapest_price(game):
        return []
    president = state.corporations[corp].president
    bundles = [bundle for other in state.ledger.corporations_of(president)
               for bundle in stock.sellable_bundles(game, president, other, protect=corp)]
    sales: list[Action] = [SellShares(entity=president, shares=certs, percent=percent) for certs, percent in bundles
                           if _needed(game, corp, certs, percent)]
    # with nothing to sell, selling everything raises nothing: the cash alone falls short (above), no trial needed
    return sales + ([Bankrupt(entity=corp)] if not bundles or not _listed_could_raise(game, corp, bundles) else [])


_COULD_RAISE = "could raise "
"""The kind under which a game's listings keep :func:`_could_raise` of a corporation at a position
(``_COULD_RAISE + corp``, ``Game._listing``)."""


def _listed_could_raise(game: "Game18xx", corp: str, bundles: list[tuple[tuple[str, ...], int]]) -> bool:
    """:func:`_could_raise` with the president's ``bundles``, kept with the position's listings inside a batch
    (``Game._listing``), so that :func:`bankrupt`, applied at this very position, does not sell everything on a
    second fork. Its answer is a fact of the position whichever way it is found: with or without ``bundles`` it is
    the answer of the trial on a fork (the shortcut from ``bundles`` answers True only where the trial does)."""
    return game._listing(_COULD_RAISE + corp, lambda: _could_raise(game, corp, bundles))


def _could_raise(game: "Game18xx", corp: str, bundles: list[tuple[tuple[str, ...], int]] = ()) -> bool:
    """True when selling everything the president may sell would pay for the cheapest train.

    ``bundles``: the bundles the president may sell now (``stock.sellable_bundles``), when the caller has them.
    Where the largest bundle of each corporation, sold at today's price, together raise the missing money, selling
    everything raises it too, and no trial on a fork is needed: the forced sale (``stock.sell_everything``) goes
    on until nothing can be sold, each time selling the largest bundle left, and a sale of one corporation changes
    neither the price nor the bundles of another, so each corporation's first sale is its largest bundle of now,
    at today's price (a sale raises price × percent / 10, ``stock._sell``)."""
    state = game.state
    missing = cheapest_price(game) - state.corporations[corp].cash - _president_cash(game, corp)
    largest: dict[str, int] = {}
    for certs, percent in bundles:
        other = cert_corporation(certs[0])
        largest[other] = max(largest.get(other, 0), share_price(game, other) * percent // 10)
    if largest and sum(largest.values()) >= missing:
        return True
    trial = game.fork()
    president = trial.state.corporations[corp].president
    stock.sell_everything(trial, president, corp)
    return trial.state.corporations[corp].cash + trial.state.players[president].cash >= cheapest_price(trial)


def _president_cash(game: "Game18xx", corp: str) -> int:
    president = game.state.corporations[corp].president
    return game.state.players[president].cash if president else 0


def buy(game: "Game18xx", action: BuyTrain) -> list[Event]:
    """Buy a train (rules ``trains.buy``, ``trains.emergency``)."""
    state = game.state
    corp = action.entity
    c = state.corporations[corp]
    # a purchase the game plays from this position's listing for an engine bot (Game._play_listed) is one of
    # _offers' rows, worked out at this position: within the train limit (or a trade-in there), of the train's own
    # variant, and allowed by may_buy_train (depot_trains asks it of the depot's trains, trains_buyable_from of the
    # other corporations', which equals it): those checks are not made again
    listed = getattr(game, "_listed_play", None) is action
    seller = train_owner(game, action.train)
    if not listed:
        _check_purchase(game, action, seller)
    if seller is not None:
        if seller == corp:
            raise GameError(msg("{corporation} already owns {train}", corporation=corp, train=action.train),
                            game.rule("trains.buy"))
        if action.exchange is not None:
            raise GameError(msg("a train is traded in only to the bank, not to {seller}", seller=seller),
                            game.rule("trains.trade-in"))
        if game.bank_finances(corp):
            raise GameError(msg("{corporation} buys a train the bank sells, the bank paying what it lacks, not "
                                "{seller}'s", corporation=corp, seller=seller), game.rule("trains.buy"))
        # a listed purchase is at a price of the range listed for it (_offers: other_price_range's): not again
        if not listed:
            _check_other_price(game, corp, seller, action)
        events = _president_adds(game, corp, action.price - c.cash) if action.price > c.cash else []
        state.corporations[seller].trains.remove(action.train)
        c.cash -= action.price
        state.corporations[seller].cash += action.price
        c.trains.append(action.train)
        # the codec reads this event as the action's sentence (gamekit.sentences.EVENT_WORDED), in each language
        bought = msg(TRAIN_BOUGHT, entity=corp, train=names.train(action.train),
                     source=msg("from {corporation}", corporation=seller), price=game.facts.money(action.price))
        return events + [Event(game.rule("trains.buy"), bought, "buy_train",
                               {"corporation": corp, "train": action.train, "price": action.price, "from": seller})
                         ] + companies.close_on_first_train(game, corp)
    if action.train not in offered(game):
        raise GameError(msg("{train} is not for sale now (the depot sells its trains in order, the bank pool the "
                            "first discarded of each type)", train=action.train)
                        if game.policy.pool_sells_first_of_type else
                        msg("{train} is not for sale now (the depot sells its trains in order)", train=action.train),
                        game.rule("trains.buy"))
    price = depot_price(game, action.train)
    events: list[Event] = []
    if action.exchange is not None:  # an empty name is a trade-in of no train, refused below, not no trade-in
        require(_trade_in_open(game, corp), msg("{corporation} has traded a train in this turn already",
                                                corporation=corp),
                game.rule("trains.trade-in"))
        discount = (train_facts(game.facts, action.train).trade_in or {}).get(train_name(action.exchange))
        require(action.exchange in c.trains and discount is not None,
                msg("{exchange} cannot be traded in for {train}", exchange=shown(action.exchange), train=action.train),
                game.rule("trains.trade-in"))
        price -= discount
    if action.price != price:
        raise GameError(msg("{train} costs {price}, not {offered}", train=action.train, price=game.facts.money(price),
                            offered=game.facts.money(action.price)), game.rule("trains.buy"))
    if price > c.cash and game.bank_finances(corp):
        events.append(game.bank_financing_event(corp, price - c.cash))
    elif price > c.cash:
        events += _president_contributes(game, corp, price)
    if action.exchange is not None:
        state.round.trade_ins += 1
        c.trains.remove(action.exchange)
        if game.facts.discarded_trains == "depot":  # a traded-in train goes where discarded ones go
            state.depot.discarded.append(action.exchange)
        events.append(Event(game.rule("trains.trade-in"), msg("{corporation} trades in {train}", corporation=corp,
                                                                train=names.train(action.exchange)), "trade_in",
                            {"corporation": corp, "train": action.exchange}))
    pay_to_bank(game, corp, price)
    # a discarded train, or a new one
    where = msg("from the bank pool") if action.train in state.depot.discarded else msg("from the bank")
    take(state.depot, action.train)
    c.trains.append(action.train)
    events.append(Event(game.rule("trains.buy"), msg(TRAIN_BOUGHT, entity=corp, train=names.train(action.train),
                                                     source=where, price=game.facts.money(price)),
                        "buy_train", {"corporation": corp, "train": action.train, "price": price, "from": "bank"}))
    return events + _after_depot_sale(game, corp, action.train)


def _check_purchase(game: "Game18xx", action: BuyTrain, seller: str | None) -> None:
    """Refuse ``action`` (its train held by ``seller``, ``None``: the bank's) beyond the train limit unless it
    trades a train in, of another variant than its train's, or where the title's
    :meth:`~gamekit.g18xx.game.Game18xx.may_buy_train` refuses it (rules ``trains.limit``, ``trains.buy``)."""
    corp = action.entity
    trading = action.exchange is not None and game.policy.trade_in_at_limit
    # each refusal's text is built only when it is raised: a game buys about a thousand trains
    if not (len(game.state.corporations[corp].trains) < game.train_limit_of(corp) or trading):
        raise GameError(msg("{corporation} is at its train limit of {limit}", corporation=corp,
                            limit=game.train_limit_of(corp)), game.rule("trains.limit"))
    if action.variant not in (None, train_name(action.train)):
        if train_name(action.train) not in _train_types(game):  # a made-up train has no variant to name
            raise GameError(msg("{train} is not a train of this game", train=shown(action.train)),
                            game.rule("trains.buy"))
        raise GameError(msg("{train} is a {kind}-train, not a {variant}", train=action.train,
                            kind=train_name(action.train), variant=action.variant), game.rule("trains.buy"))
    if not game.may_buy_train(corp, action.train, from_corporation=seller is not None):
        raise GameError(msg("{corporation} may not buy {train} from {seller}", corporation=corp, train=action.train,
                            seller=seller)
                        if seller else msg("{corporation} may not buy {train} now", corporation=corp,
                                           train=action.train), game.rule("trains.buy"))


def _train_types(game: "Game18xx") -> set[str]:
    """The names of the title's train types (``"2"``, ``"3+1"``, ``"D"``)."""
    return {t.name for t in game.facts.trains}


def _check_other_price(game: "Game18xx", corp: str, seller: str, action: BuyTrain) -> None:
    """Refuse ``action``, ``corp``'s purchase of ``seller``'s train, at a price :func:`other_price_range` does not
    allow (rules ``trains.buy``, ``trains.emergency``)."""
    cash = game.state.corporations[corp].cash
    span = other_price_range(game, corp, action.train)
    if span == (1, cash) or not game.policy.emergency_from_others:
        if not 1 <= action.price <= cash:
            raise GameError(msg("a train from another corporation costs $1 up to {corporation}'s cash ({cash})",
                                corporation=corp, cash=game.facts.money(cash)), game.rule("trains.buy"))
    elif span is None or not span[0] <= action.price <= span[1]:  # the president's money counts (trains.emergency)
        raise GameError(msg("{corporation} may pay {seller} for {train} only {low} to {high}", corporation=corp,
                            seller=seller, train=names.train(action.train), low=game.facts.money(span[0]),
                            high=game.facts.money(span[1])) if span else
                        msg("{corporation} may pay {seller} for {train} only nothing now", corporation=corp,
                            seller=seller, train=names.train(action.train)),
                        game.rule("trains.emergency"))


def _president_contributes(game: "Game18xx", corp: str, price: int) -> list[Event]:
    state = game.state
    c = state.corporations[corp]
    require(game.must_buy(corp), msg("{corporation} has {cash}; only a corporation without a train may use its "
                                     "president's money", corporation=corp, cash=game.facts.money(c.cash)),
            game.rule("trains.emergency"))
    cheapest = cheapest_price(game)
    require(price == cheapest or not game.policy.emergency_cheapest_only,
            msg("with the president's money only the cheapest train ({price}) may be bought",
                price=game.facts.money(cheapest)), game.rule("trains.emergency"))
    return _president_adds(game, corp, price - c.cash)


def _president_adds(game: "Game18xx", corp: str, short: int) -> list[Event]:
    state = game.state
    c = state.corporations[corp]
    president = c.president
    require(state.players[president].cash >= short, msg("{player} must raise {amount} by selling shares first",
                                                        player=game.player(president).name,
                                                        amount=game.facts.money(short)), game.rule("trains.emergency"))
    state.players[president].cash -= short
    c.cash += short
    return [Event(game.rule("trains.emergency"), msg("{player} adds {amount} from their own cash",
                                                     player=game.player(president).name,
                                                     amount=game.facts.money(short)), "emergency",
                  {"player": president, "amount": short})]


def _after_depot_sale(game: "Game18xx", corp: str, train_id: str) -> list[Event]:
    state = game.state
    depot = state.depot
    events: list[Event] = []
    new_phase = new_phase_on(game.facts, depot, train_id)
    rusting = rusted_by(game.facts, depot, train_id)
    first = train_name(train_id) not in depot.sold_types
    if first:
        depot.sold_types.append(train_name(train_id))
    if new_phase is not None:
        depot.phase = new_phase
        p = phase(game.facts, depot)
        tiles = join(", ", (Term(t, COLOUR_NAMES[t]) if t in COLOUR_NAMES else t for t in p.tiles))
        events.append(Event(game.rule("trains.phase"),
                            nmsg("Phase {phase} begins: tiles {tiles}, train limit {limits}, {rounds} operating "
                                 "round per set",
                                 "Phase {phase} begins: tiles {tiles}, train limit {limits}, {rounds} operating "
                                 "rounds per set", p.operating_rounds, phase=phase_word(p.name), tiles=tiles,
                                 limits=train_limit_text(p.train_limit), rounds=p.operating_rounds), "phase",
                            {"phase": p.name}))
        events += companies.close_on_phase(game, p.name)
        final = game.facts.end_trigger("final_phase")
        if final is not None and final.phase == p.name:
            events += end.trigger(game, "final_phase")
    for name in rusting:
        events += _rust(game, name)
    if first and train_facts(game.facts, train_id).closes_privates:
        events += companies.close_all_privates(game)
    if first:
        events += game.train_events(train_name(train_id))
    events += companies.close_on_first_train(game, corp)
    # asked in the title's listing order (minors first), as 18xx.games asks them; each discards its own trains,
    # so the order changes only who is asked first (rule trains.limit)
    state.round.must_discard = [c for c, x in state.corporations.items()
                                if x.floated and len(x.trains) > game.train_limit_of(c)]
    return events


def _counted(corp: str, name: str, count: int) -> str:
    """``"PRR's 2-train rusts and leaves the game"``, ``"PRR's two 2-trains rust and leave the game"``: a
    corporation's trains of one kind rusting, counted in words."""
    if count == 1:
        return msg("{corporation}'s {train}-train rusts and leaves the game", corporation=corp, train=name)
    number = Term(NUMBERS[count], NUMBERS[count]) if count in NUMBERS else str(count)
    return msg("{corporation}'s {count} {train}-trains rust and leave the game", corporation=corp, count=number,
               train=name)


NUMBERS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


def _rust(game: "Game18xx", name: str) -> list[Event]:
    events = []
    for corp, c in game.state.corporations.items():
        gone = [t for t in c.trains if train_name(t) == name]
        for t in gone:
            c.trains.remove(t)
        if gone:
            events.append(Event(game.rule("trains.rust"), _counted(corp, name, len(gone)), "rust",
                                {"corporation": corp, "trains": gone}))
    leave_play(game.state.depot, name)
    return events or [Event(game.rule("trains.rust"), msg("All {train}-trains rust", train=name), "rust",
                            {"trains": []})]


def discard(game: "Game18xx", action: DiscardTrain) -> list[Event]:
    """Discard a train when over the limit: to the bank's discard pile, or out of the game where the facts say
    ``removed`` (rule ``trains.limit``)."""
    state = game.state
    corp = action.entity
    c = state.corporations[corp]
    require(action.train in c.trains, msg("{corporation} does not own {train}", corporation=corp, train=action.train),
            game.rule("trains.limit"))
    c.trains.remove(action.train)
    if game.facts.discarded_trains == "depot":
        state.depot.discarded.append(action.train)
    if len(c.trains) <= game.train_limit_of(corp):
        state.round.must_discard.remove(corp)
    return [Event(game.rule("trains.limit"), msg("{corporation} discards {train} to the bank", corporation=corp,
                                                 train=names.train(action.train)),
                  "discard",
                  {"corporation": corp, "train": action.train})]


# ----- emergency money and bankruptcy -------------------------------------------------------------------
def apply_emergency(game: "Game18xx", action: Action) -> list[Event]:
    """Share sales by the president of a corporation that must buy a train it cannot afford, and bankruptcy."""
    state = game.state
    rnd = state.round
    corp = rnd.order[rnd.index] if rnd.index < len(rnd.order) else None
    require(corp is not None and rnd.step == "buy_train" and game.must_buy(corp),
            msg("shares are sold in an operating round only to raise money for a forced train purchase"),
            game.rule("trains.emergency"))
    president = state.corporations[corp].president
    if isinstance(action, Bankrupt):
        require(action.entity == corp, msg("only {corporation} can declare bankruptcy now", corporation=corp),
                game.rule("end.bankrupt"))
        return bankrupt(game, corp)
    require(action.entity == president, msg("only {corporation}'s president may sell shares now", corporation=corp),
            game.rule("trains.emergency"))
    require(state.corporations[corp].cash + state.players[president].cash < cheapest_price(game),
            msg("the president already has enough money for the train"), game.rule("trains.emergency"))
    require(not action.shares or _needed(game, corp, action.shares, action.percent),
            msg("one certificate fewer would raise enough: the president sells no more than needed"),
            game.rule("trains.emergency"))
    return stock.emergency_sell(game, action, protect=corp)


def _needed(game: "Game18xx", corp: str, certs: tuple[str, ...], percent: int) -> bool:
    """Whether the president's sale of ``percent`` % in ``certs`` is needed for ``corp``'s forced purchase: the
    same sale with its smallest certificate left out would not raise the missing money (always True unless the
    policy says ``emergency_sell_only_needed``; rule ``trains.emergency``)."""
    if not game.policy.emergency_sell_only_needed:
        return True
    state = game.state
    missing = cheapest_price(game) - state.corporations[corp].cash - _president_cash(game, corp)
    ledger = state.ledger
    if any(cert not in ledger.percent for cert in certs):
        return True  # the sale itself names the unknown certificate
    smallest = min(ledger.percent[cert] for cert in certs)
    return share_price(game, cert_corporation(certs[0])) * (percent - smallest) // 10 < missing


def cheapest_price(game: "Game18xx") -> int:
    """The cheapest train the depot sells now, in dollars."""
    return _cheapest_of(_last_sale(game))


def _cheapest_of(last: list) -> int:
    """:func:`cheapest_price` from the depot's entry ``last`` (:func:`_last_sale`)."""
    cheapest = last[4][1]
    if cheapest is None:
        raise ValueError("the depot sells no train")  # as min() of nothing: the rules ask only while one is sold
    return cheapest


def bankrupt(game: "Game18xx", corp: str) -> list[Event]:
    """The president cannot raise the money: they sell what they can, lose their cash, and the game ends at once
    (rule ``end.bankrupt``)."""
    state = game.state
    president = state.corporations[corp].president
    # the state is still the position's: what its listing found (_listed_could_raise) holds, else the trial
    listed = game._listed_now(_COULD_RAISE + corp)
    could = _could_raise(game, corp) if listed is None else listed
    require(not could, msg("the president can still raise the money for the cheapest train by selling certificates"),
            game.rule("end.bankrupt"))
    return stock.sell_everything(game, president, corp) + game.bankruptcy(corp, president)


def end_by_bankruptcy(game: "Game18xx", president: str) -> list[Event]:
    """The bankrupt president loses their cash to the bank and the game ends at once (rule ``end.bankrupt``)."""
    state = game.state
    pay_to_bank(game, president, state.players[president].cash)
    state.players[president].bankrupt = True
    state.end_reason = "bankrupt"
    return [Event(game.rule("end.bankrupt"), msg("{player} is bankrupt: the game ends",
                                                 player=game.player(president).name), "game_end",
                  {"reason": "bankrupt", "player": president})]

