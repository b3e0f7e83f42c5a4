"""1837's train surrender: in its train step a company at its train limit may surrender one of its trains to the bank,
paying half its price, when it can still pay for the cheapest train on sale afterwards; the train goes to the bank's
discard pile, from which it may be bought again at its price, and the company must then buy a train with its own cash
(rule ``1837:trains.surrender``). And the trains a company receives from a coal company or a minor merging into it
(rule ``1837:trains.limit``): as 18xx.games plays it, a company already at its train limit before a round's first
merger into it does not take the merging company's trains, which go to the bank's discard pile; otherwise it takes
them, and once over its limit it discards down to it, choosing among the trains it received this round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ...actions import Pass
from ...errors import GameError
from ...events import Event
from ...g18xx import names, operating, trainbuy
from ...g18xx.operating import STEPS, TurnStep
from ...g18xx.economy import pay_to_bank, require
from ...i18n import join, msg, nmsg
from ...tracks.board import remember_in
from ...tracks.actions import DiscardTrain
from ...tracks.trains import train_facts, train_name
from .actions import ScrapTrain

if TYPE_CHECKING:
    from .game import Game1837

RULE, LIMIT = "1837:trains.surrender", "1837:trains.limit"
ACROSS = "buy_across"
"""The train event from which trains may be bought from other companies at any price: the first 3-train's."""


def cost(game: "Game1837", train_id: str) -> int:
    """What surrendering ``train_id`` costs: half its price, rounded down."""
    return train_facts(game.facts, train_id).price // 2


def least_purchase(game: "Game1837", corp: str) -> int | None:
    """The least ``corp`` pays for a new train after a surrender: 1 K where another company has a train ``corp``
    may buy (from the first 3-train on, at any price), else the price of the cheapest train the bank has on sale,
    new or from the discard pile, of a kind ``corp`` may buy (a coal company: goods trains only). 18xx.games
    counts 1 K from the first 3-train on whatever the other companies hold, and before it the cheapest train of
    any kind, so it lets a coal company surrender a train it cannot replace and then waits for a purchase that
    cannot be made. ``None`` when no train ``corp`` may buy is on sale (rule ``1837:trains.surrender``)."""
    if game.event_fired(ACROSS) and trainbuy.others_sell_one(game, corp):
        return 1
    return min((train_facts(game.facts, t).price for t in trainbuy.on_sale(game)[0]
                if game.may_buy_train(corp, t, False)), default=None)


def choices(game: "Game1837", corp: str) -> list[ScrapTrain]:
    """The surrenders open to ``corp``: at its train limit, each train whose half price leaves the company enough
    for :func:`least_purchase` (none right after a surrender: the company is then below its limit)."""
    return [_surrender(corp, t) for t in _surrenderable(game, corp)]


_SURRENDERS: dict[tuple[str, str], ScrapTrain] = {}
SURRENDERS_KEPT = 1024
"""How many surrenders :func:`_surrender` keeps (it forgets them all when full)."""


def _surrender(corp: str, train: str) -> ScrapTrain:
    """The checked surrender of ``train`` by ``corp`` (``Action._trusted``: both read from the state), kept by its
    values: every listing of a train step at the limit offers the same surrenders again, and building a checked
    action costs more than the rest of that listing. Actions are frozen, so one object serves every listing
    (should its checked mark be forgotten meanwhile, ``process`` only checks it again)."""
    return remember_in(_SURRENDERS, (corp, train), SURRENDERS_KEPT,
                       lambda: ScrapTrain._trusted(entity=corp, train=train))


def _surrenderable(game: "Game1837", corp: str) -> Iterator[str]:
    """The trains of :func:`choices`, found one by one: the train step's skip asks only whether there is one,
    after every action of the step, and builds no action for it."""
    c = game.state.corporations[corp]
    if len(c.trains) < game.train_limit_of(corp):
        return
    least = least_purchase(game, corp)
    if least is None:
        return
    for train in c.trains:
        if least + cost(game, train) <= c.cash:
            yield train


def site_opens_surrender(game: "Game1837", corp: str) -> bool:
    """18xx.games' test for a train step with surrenders: the company at its train limit, and a train of it whose
    half price plus the cheapest train on sale of any kind (1 K from the first 3-train on) its treasury covers.
    It holds where ours (:func:`choices`) offers nothing and skips the step for a coal company, which may buy goods
    trains only, and from the first 3-train on where no other company has a train to sell it and the bank's cost
    more than a surrender leaves: the site then waits for a pass, which the export writes
    (``Game1837.site_waited_steps``, :func:`gamekit.export18xx.waited_steps`)."""
    c = game.state.corporations[corp]
    if len(c.trains) < game.train_limit_of(corp):
        return False
    cheapest = 1 if game.event_fired(ACROSS) else min(
        (train_facts(game.facts, t).price for t in trainbuy.on_sale(game)[0]), default=None)
    return cheapest is not None and any(cheapest + cost(game, t) <= c.cash for t in c.trains)


def site_opens_step(game: "Game1837", corp: str) -> bool:
    """18xx.games' test for opening a company's train step: :func:`site_opens_surrender`, or the company below its
    train limit with a treasury that covers the cheapest train the site counts, which is 1 K from the first 3-train
    on where any other company holds a train, of whatever kind, else the cheapest the bank sells, of any kind. For
    a coal company, which may buy goods trains only, it counts the others' passenger trains too, so the site opens
    the step where ours, with no goods train within reach, skips it; the site then waits for a pass, which the
    export writes (``Game1837.site_waited_steps``; found in the bench's 3-player seed-1 game, action 4035)."""
    if site_opens_surrender(game, corp):
        return True
    corporations = game.state.corporations
    c = corporations[corp]
    if len(c.trains) >= game.train_limit_of(corp):
        return False
    if game.event_fired(ACROSS) and c.cash >= 1 and any(
            other.trains for symbol, other in corporations.items() if symbol != corp):
        return True
    cheapest = trainbuy.on_sale(game)[1]
    return cheapest is not None and cheapest <= c.cash


def must_replace(game: "Game1837", corp: str) -> bool:
    """True when ``corp`` surrendered a train in this train step and has not bought one since: it may not pass
    while it can buy one (rule ``1837:trains.surrender``)."""
    return game.state.title.surrendered == corp


def _skip(game: "Game1837", corp: str) -> list[Event] | None:
    """The train step stays open while the company can buy a train or surrender one; a company that surrendered
    a train and can buy none moves on (its replacement is then owed no more)."""
    if next(_surrenderable(game, corp), None) is not None:  # choices(game, corp), without building them
        return None
    skipped = STEPS["buy_train"].skip(game, corp)
    # whether there is a purchase, found only as far as the first (purchases: the offers ranges lists, lazily)
    if skipped is None and must_replace(game, corp) and not STEPS["buy_train"].purchases(game, corp):
        # the cheapest train on sale opened the step, but not one this company may buy (a coal company's
        # passenger train): 18xx.games then waits for a purchase that cannot be made; here the step ends
        skipped = []
    if skipped is not None:
        game.state.title.surrendered = None
    return skipped


def _passable(game: "Game1837", corp: str) -> bool:
    return STEPS["buy_train"].passable(game, corp) and not must_replace(game, corp)


def check_pass(game: "Game1837", action: Pass) -> None:
    """Refuse a company's pass in its train step right after it surrendered a train, while it can buy one; raises
    :class:`GameError` under ``1837:trains.surrender``."""
    if game.state.round.step == "buy_train" and must_replace(game, action.entity):  # the sentence only then
        raise GameError(msg("{corporation} surrendered a train and must now buy one", corporation=action.entity),
                        RULE)


def _help(game: "Game1837", corp: str) -> str:
    if must_replace(game, corp):
        return msg("{corporation} ({cash}) surrendered a train and must buy one with its own money.", corporation=corp,
                   cash=game.facts.money(game.state.corporations[corp].cash))
    return STEPS["buy_train"].help(game, corp)


BUY_TRAIN_STEP = TurnStep("buy_train", STEPS["buy_train"].name, "or.buy-train",
                          STEPS["buy_train"].action_types + ("scrap_train",), _help,
                          lambda g, c: STEPS["buy_train"].choices(g, c) + choices(g, c), _skip, _passable,
                          ranges=STEPS["buy_train"].ranges, purchases=STEPS["buy_train"].purchases)
"""The train step of an 1837 operating turn: the shared one, with surrenders (``Game1837.title_steps``)."""


def scrap(game: "Game1837", action: ScrapTrain) -> list[Event]:
    """Surrender a train in the operating company's train step; raises :class:`GameError` under
    ``1837:trains.surrender`` otherwise."""
    rnd = game.state.round
    corp = action.entity
    # the refusals are built only when raised (``if not …: raise``): every surrender the listing offers passes
    if not (operating.operating(game) == corp and rnd.step == "buy_train" and not rnd.must_discard):
        raise GameError(msg("{corporation} surrenders a train only in its own train step", corporation=corp), RULE)
    c = game.state.corporations[corp]
    if action.train not in c.trains:
        raise GameError(msg("{corporation} does not own {train}", corporation=corp, train=action.train), RULE)
    if len(c.trains) < game.train_limit_of(corp):
        raise GameError(msg("{corporation} surrenders a train only at its train limit, to make room for a new one",
                            corporation=corp), RULE)
    price, least = cost(game, action.train), least_purchase(game, corp)
    if least is None:
        raise GameError(msg("{corporation} surrenders a train only to buy a new one, and the bank sells none it may "
                            "buy", corporation=corp), RULE)
    if price + least > c.cash:
        raise GameError(msg("{corporation} has {cash}: surrendering costs {cost} and a new train at least {least} "
                            "more", corporation=corp, cash=game.facts.money(c.cash), cost=game.facts.money(price),
                            least=game.facts.money(least)), RULE)
    c.trains.remove(action.train)
    game.state.depot.discarded.append(action.train)
    pay_to_bank(game, corp, price)
    game.state.title.surrendered = corp
    return [Event(RULE, msg("{corporation} surrenders {train} to the bank and pays {cost}", corporation=corp,
                            train=names.train(action.train), cost=game.facts.money(price)), "scrap",
                  {"corporation": corp, "train": action.train, "cost": price})] + operating.settle(game)


def new_round(game: "Game1837") -> None:
    """A new round begins (each begins with an exchange round): no train has been received from a merger in it,
    no company owes a purchase for a surrendered train, and no president has gone bankrupt in it."""
    game.state.title.merged_trains.clear()
    game.state.title.surrendered = None
    game.state.title.bankrupting.clear()


def receive(game: "Game1837", corp: str, moved: list[str]) -> bool:
    """``corp`` takes the trains ``moved`` of a company merging into it; returns False when it does not, being at
    its train limit before this round's first merger into it: the trains then go to the bank's discard pile (rule
    ``1837:trains.limit``)."""
    if not moved:
        return True
    c = game.state.corporations[corp]
    received = game.state.title.merged_trains.setdefault(corp, [])
    if not received and len(c.trains) >= game.train_limit_of(corp):
        _to_bank(game, moved)
        return False
    c.trains += moved
    received += moved
    return True


def words(moved: list[str], article: bool = True) -> str:
    """Trains as a reader reads them, by kind and never by copy id (issue 30): ``["1G-2"]`` → ``"a 1G-train"``,
    ``["1G-1", "2G-0"]`` → ``"a 1G-train and a 2G-train"``; without ``article``, ``"1G-train and 2G-train"``."""
    said = [names.train(t) if article else msg("{train}-train", train=train_name(t)) for t in moved]
    return msg("{trains} and {last}", trains=join(", ", said[:-1]), last=said[-1]) if len(said) > 1 else said[0]


def discarded_on_merge(game: "Game1837", corp: str, source: str, moved: list[str]) -> Event:
    """The event of ``source``'s trains going to the bank because ``corp`` was at its train limit."""
    return Event(LIMIT, nmsg("{corporation} is at its train limit of {limit}: {source}'s {trains} goes to the bank",
                             "{corporation} is at its train limit of {limit}: {source}'s {trains} go to the bank",
                             len(moved), corporation=corp, limit=game.train_limit_of(corp), source=source,
                             trains=words(moved, article=False)), "discard",
                 {"corporation": corp, "from": source, "trains": list(moved)})


def over_limit(game: "Game1837") -> list[str]:
    """The companies that received trains from a merger this round and now hold more than their limit."""
    corps = game.state.corporations
    return [corp for corp in game.state.title.merged_trains
            if corps[corp].floated and len(corps[corp].trains) > game.train_limit_of(corp)]


def discard_choices(game: "Game1837", corp: str) -> list[DiscardTrain]:
    """The discards open to ``corp``: one of the trains it received from a merger this round."""
    return [DiscardTrain(entity=corp, train=t) for t in game.state.title.merged_trains.get(corp, ())
            if t in game.state.corporations[corp].trains]


def discard(game: "Game1837", action: DiscardTrain) -> list[Event]:
    """``corp`` discards a train it received this round to the bank's discard pile; raises :class:`GameError`
    under ``1837:trains.limit`` for another train."""
    corp = action.entity
    require(action in discard_choices(game, corp), msg("{corporation} discards one of the trains it has just "
                                                       "received ({trains}), not {train}", corporation=corp,
                                                       trains=", ".join(a.train for a in discard_choices(game, corp)),
                                                       train=action.train), LIMIT)
    game.state.corporations[corp].trains.remove(action.train)
    _to_bank(game, [action.train])
    if len(game.state.corporations[corp].trains) <= game.train_limit_of(corp):
        game.state.title.merged_trains[corp] = []
    return [Event(LIMIT, msg("{corporation} discards {train} to the bank", corporation=corp, train=action.train),
                  "discard",
                  {"corporation": corp, "train": action.train})]


def _to_bank(game: "Game1837", moved: list[str]) -> None:
    if game.facts.discarded_trains == "depot":
        game.state.depot.discarded.extend(moved)
