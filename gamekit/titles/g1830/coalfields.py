"""The Coalfields right of 1830's Coalfields variant (rule ``1830:variant.coalfields-right``).

The Coalfields hex (``constants.coalfields_hex``) may be a stop of a corporation's route only once that
corporation has bought the right to run there, from the bank, for ``constants.coalfields_right`` (140), in its
own operating turn before it runs: in its track or token step, or in the title's step ``right`` before the run,
which asks for it while the corporation's network reaches the Coalfields; a corporation buys it once and keeps it
for the game. Routes are checked by the title's
route hook (:class:`CoalfieldsRoutes`), which the router also asks, so no listed route set breaks the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import GameError
from ...events import Event
from ...g18xx.economy import pay_to_bank, require
from ...g18xx import operating
from ...g18xx.operating import TurnStep
from ...g18xx.state import OperatingRound
from ...tracks.graph import reach
from ...i18n import msg
from ...tracks.actions import Choose
from ...tracks.routes import RouteRules

if TYPE_CHECKING:
    from . import Game1830


RIGHT = "the Coalfields right"
"""The choice (:class:`~gamekit.tracks.actions.Choose`) by which the operating corporation buys the right."""


def is_purchase(action: Action) -> bool:
    """Whether ``action`` is the purchase of the right (a ``choose`` of :data:`RIGHT`)."""
    return isinstance(action, Choose) and action.choice == RIGHT


BEFORE_RUN = ("track", "token", "right")
"""The steps of a turn in which the right may be bought: any before the run (Rails: at any time of the turn)."""


def hex_of(game: "Game1830") -> str | None:
    """The Coalfields hex of this game, or ``None`` when the variant is not played."""
    value = game.facts.constants.get("coalfields_hex")
    return value if isinstance(value, str) else None


def price_of(game: "Game1830") -> int:
    """What the right costs."""
    return int(game.facts.constants["coalfields_right"])


def refusal(game: "Game1830", corp: str) -> str | None:
    """Why ``corp`` may not buy the right now, or ``None``."""
    if hex_of(game) is None:
        return msg("this game has no Coalfields")
    rnd = game.state.round
    if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens or \
            rnd.index >= len(rnd.order) or rnd.order[rnd.index] != corp or rnd.step not in BEFORE_RUN:
        return msg("{corporation} may buy the Coalfields right only in its own operating turn, before it runs",
                   corporation=corp)
    if corp in game.state.title.rights:
        return msg("{corporation} already has the Coalfields right", corporation=corp)
    if game.state.corporations[corp].cash < price_of(game):
        return msg("{corporation} has {cash}, the Coalfields right costs {price}", corporation=corp,
                   cash=game.facts.money(game.state.corporations[corp].cash),
                   price=game.facts.money(price_of(game)))
    return None


def actions(game: "Game1830") -> list[Action]:
    """The purchase of the right, when the operating corporation may make it now."""
    if hex_of(game) is None or game.outcome is not None:
        return []
    corp = game.current_entity
    if corp not in game.state.corporations or refusal(game, corp) is not None:
        return []
    return [Choose(entity=corp, choice=RIGHT)]


def offered(game: "Game1830", corp: str) -> bool:
    """Whether the step ``right`` asks ``corp`` now: it may buy the right and its network reaches the
    Coalfields (a corporation that cannot get there is not asked)."""
    if refusal(game, corp) is not None:
        return False
    coal = hex_of(game)
    return any(node[0] == coal for node in reach(game.track, game.state.board, corp).nodes)


def _skip(game: "Game1830", corp: str) -> list[Event] | None:
    return None if offered(game, corp) else []


STEP = TurnStep("right", msg("Buy the Coalfields right"), "variant.coalfields-right", ("choose", "pass"),
                lambda g, c: msg("{corporation} ({cash}) may buy the right to run to the Coalfields for {price}, or "
                                 "pass.", corporation=c, cash=g.facts.money(g.state.corporations[c].cash),
                                 price=g.facts.money(price_of(g))),
                lambda g, c: actions(g), _skip, lambda g, c: True)
"""The title's operating step before ``route`` (Coalfields variant only)."""


def buy(game: "Game1830", action: Choose) -> list[Event]:
    """Check and apply the purchase, and go on to the next step (raises :class:`GameError` naming the rule)."""
    rule = game.rule("variant.coalfields-right")
    why = refusal(game, action.entity)
    require(why is None, why or "", rule)
    pay_to_bank(game, action.entity, price_of(game))
    game.state.title.rights.append(action.entity)
    events = [Event(rule, msg("{corporation} buys the right to run to the Coalfields for {price}",
                              corporation=action.entity, price=game.facts.money(price_of(game))),
                    "buy_right", {"corporation": action.entity, "price": price_of(game)})]
    if game.state.round.step == "right":
        events += operating.next_step(game) + operating.settle(game)
    return events


@dataclass(frozen=True)
class CoalfieldsRoutes(RouteRules):
    """1830's route rules plus the Coalfields right, a value built per position (the router remembers routes
    per rules value): a route stopping on ``coal_hex`` needs its corporation to be one of ``rights``."""

    coal_hex: str
    rights: frozenset[str]

    def check_hexes(self, data, board, corporation) -> frozenset[str]:
        """The Coalfields hex, for a corporation without the right: :meth:`check_route` refuses only routes
        stopping there."""
        return frozenset() if corporation in self.rights else frozenset({self.coal_hex})

    def check_route(self, data, board, corporation, route, train) -> None:
        """Refuse a route with a stop on the Coalfields hex unless ``corporation`` holds the right."""
        if corporation not in self.rights and any(stop[0] == self.coal_hex for stop in route.stops):
            raise GameError(msg("{corporation} has not bought the right to run to the Coalfields ({hex})",
                                corporation=corporation, hex=self.coal_hex), data.rule("variant.coalfields-right"))
