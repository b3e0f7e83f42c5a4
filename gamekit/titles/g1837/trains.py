"""1837's train surrender: in its train step a company may surrender one of its trains to the bank, paying half
its price; the train goes to the bank's discard pile, from which it may be bought again at its price (rule
``1837:trains.surrender``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...g18xx import operating
from ...g18xx.operating import STEPS, TurnStep
from ...g18xx.economy import pay_to_bank, require
from ...tracks.trains import train_facts
from .actions import ScrapTrain

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:trains.surrender"
OPENS_ON = "buy_across"
"""The train event from which trains may be surrendered: the first 3-train's."""


def cost(game: "Game1837", train_id: str) -> int:
    """What surrendering ``train_id`` costs: half its price, rounded down."""
    return train_facts(game.facts, train_id).price // 2


def choices(game: "Game1837", corp: str) -> list[ScrapTrain]:
    """The surrenders ``corp`` can pay for now: at its train limit, to make room, from the first 3-train on (as
    18xx.games offers them)."""
    c = game.state.corporations[corp]
    if len(c.trains) < game.train_limit_of(corp) or not game.event_fired(OPENS_ON):
        return []
    # as 18xx.games offers them: only with more cash than the surrender costs
    return [ScrapTrain(entity=corp, train=t) for t in c.trains if cost(game, t) < c.cash]


def _skip(game: "Game1837", corp: str) -> list[Event] | None:
    """The train step stays open while the company can buy a train or surrender one."""
    return STEPS["buy_train"].skip(game, corp) if not choices(game, corp) else None


BUY_TRAIN_STEP = TurnStep("buy_train", STEPS["buy_train"].name, "or.buy-train",
                          STEPS["buy_train"].action_types + ("scrap_train",), STEPS["buy_train"].help,
                          lambda g, c: STEPS["buy_train"].choices(g, c) + choices(g, c), _skip,
                          STEPS["buy_train"].passable, ranges=STEPS["buy_train"].ranges)
"""The train step of an 1837 operating turn: the shared one, with surrenders (``Game1837.title_steps``)."""


def scrap(game: "Game1837", action: ScrapTrain) -> list[Event]:
    """Surrender a train in the operating company's train step; raises :class:`GameError` under
    ``1837:trains.surrender`` otherwise."""
    rnd = game.state.round
    corp = action.entity
    require(operating.operating(game) == corp and rnd.step == "buy_train" and not rnd.must_discard,
            f"{corp} surrenders a train only in its own train step", RULE)
    c = game.state.corporations[corp]
    require(action.train in c.trains, f"{corp} does not own {action.train}", RULE)
    price = cost(game, action.train)
    require(price < c.cash, f"{corp} has {game.facts.money(c.cash)} and surrendering costs {game.facts.money(price)}",
            RULE)
    require(len(c.trains) >= game.train_limit_of(corp) and game.event_fired(OPENS_ON), f"{corp} surrenders a "
            "train only at its train limit, to make room for a new one, from the first 3-train on", RULE)
    c.trains.remove(action.train)
    game.state.depot.discarded.append(action.train)
    pay_to_bank(game, corp, price)
    return [Event(RULE, f"{corp} surrenders {action.train} to the bank and pays {game.facts.money(price)}", "scrap",
                  {"corporation": corp, "train": action.train, "cost": price})] + operating.settle(game)
