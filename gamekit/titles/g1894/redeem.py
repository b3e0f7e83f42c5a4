"""1894's redemption and reissue step, the first step of a corporation's operating turn (rules
``1894:or.redeem``, ``1894:or.reissue``).

A corporation buys back its own certificates from the bank pool at the market price — up to two in the first
operating round of a set, one in the others — into its treasury (logged as a ``buy_shares`` by the
corporation); or, holding more of them in its treasury than remain in its IPO, it reissues them all at 100 F
each into the IPO, its par becoming 100 F (a ``sell_shares`` by the corporation). Either ends the step, as a
pass does. The drawn French corporation and the Belge do neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...events import Event
from ...g18xx.economy import pay_from_bank, pay_to_bank, require, share_price
from ...g18xx.operating import TurnStep, next_step
from ...i18n import msg
from ...tracks.actions import BuyShares, SellShares
from ...tracks.shares import IPO, POOL, cert_corporation
from . import setup

if TYPE_CHECKING:
    from .game import Game1894

REDEEM, REISSUE = "1894:or.redeem", "1894:or.reissue"


def _may(game: "Game1894", corp: str) -> bool:
    return corp not in setup.starting_corporations(game)


def redeem_limit(game: "Game1894") -> int:
    """How many certificates may be redeemed in this operating round: 2 in the first of a set, else 1."""
    return 2 if game.state.round.num == 1 else 1


def redemptions(game: "Game1894", corp: str) -> list[BuyShares]:
    """The redemptions open to ``corp``: 1 (or 2) of its pool certificates, first in the pool first, that its
    treasury can pay at the market price."""
    if not _may(game, corp):
        return []
    pool = game.state.ledger.certs(POOL, corp)
    cash = game.state.corporations[corp].cash
    return [BuyShares(entity=corp, shares=tuple(pool[:n]), percent=10 * n)
            for n in range(1, min(redeem_limit(game), len(pool)) + 1) if share_price(game, corp) * n <= cash]


def reissues(game: "Game1894", corp: str) -> list[SellShares]:
    """The reissue open to ``corp`` (none or one): all its treasury certificates, when they outnumber those left
    in its IPO."""
    ledger = game.state.ledger
    held = ledger.certs(corp, corp)
    if not _may(game, corp) or len(held) <= len(ledger.certs(IPO, corp)):
        return []
    return [SellShares(entity=corp, shares=tuple(held), percent=10 * len(held))]


def choices(game: "Game1894", corp: str) -> list[Action]:
    """The step's concrete actions (a pass is added by the round)."""
    return [*redemptions(game, corp), *reissues(game, corp)]


def _either(options: list[str]) -> str:
    """``"10% or 20%"``: the options joined by "or" in the current language (none: "nothing")."""
    if not options:
        return msg("nothing")
    if len(options) == 1:
        return options[0]
    return msg("{first} or {rest}", first=options[0], rest=_either(options[1:]))


def redeem(game: "Game1894", action: BuyShares) -> list[Event]:
    """Buy back the named pool certificates into the treasury, at the market price (rule ``1894:or.redeem``)."""
    corp = action.entity
    offered = [f"{a.percent}%" for a in redemptions(game, corp)]
    require(action in redemptions(game, corp),
            msg("{corporation} may redeem now only {percents} from the pool, first certificates in the pool first",
                corporation=corp, percents=_either(offered)), REDEEM)
    cost = share_price(game, corp) * len(action.shares)
    pay_to_bank(game, corp, cost)
    for cert in action.shares:
        game.state.ledger.move(cert, corp)
    return [Event(REDEEM, msg("{corporation} redeems {percent} from the pool for {cost}", corporation=corp,
                              percent=f"{action.percent}%", cost=game.facts.money(cost)), "redeem",
                  {"corporation": corp, "certificates": list(action.shares), "cost": cost})] + next_step(game)


def reissue(game: "Game1894", action: SellShares) -> list[Event]:
    """Reissue every treasury certificate into the IPO at 100 F each; par becomes 100 F (rule
    ``1894:or.reissue``)."""
    corp = action.entity
    require([action] == reissues(game, corp), msg("{corporation} may reissue only all of its treasury certificates, "
                                                  "and only when they outnumber those left in its IPO",
                                                  corporation=corp), REISSUE)
    cell = game.market.cells_with("reissue_par")[0]
    amount = cell.price * len(action.shares)
    pay_from_bank(game, corp, amount)
    for cert in action.shares:
        game.state.ledger.move(cert, IPO)
    game.state.corporations[corp].par = (cell.row, cell.col)
    return [Event(REISSUE, msg("{corporation} reissues {percent} for {amount}; its par price is now {par}",
                               corporation=corp, percent=f"{action.percent}%", amount=game.facts.money(amount),
                               par=game.facts.money(cell.price)), "reissue", {"corporation": corp, "amount": amount})
            ] + next_step(game)


def is_own(action: Action) -> bool:
    """True for a share action whose entity is the corporation of the certificates (redeem or reissue)."""
    return isinstance(action, (BuyShares, SellShares)) and bool(action.shares) and \
        all(cert_corporation(c) == action.entity for c in action.shares)


STEP = TurnStep("redeem", msg("Redeem or reissue shares"), "or.redeem", ("buy_shares", "pass", "sell_shares"),
                lambda g, c: msg("{corporation} may redeem its certificates from the bank pool or reissue its "
                                 "treasury certificates, or pass.", corporation=c),
                choices, lambda g, c: None if choices(g, c) else [], lambda g, c: True)
"""The step, named ``redeem`` in 1894's ``or_steps``."""
