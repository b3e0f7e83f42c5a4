"""The action types of the 18xx titles, named and shaped as in 18xx.games logs so imports map one to one.

Money is in the title's currency units; share prices are 18xx.games market ids ``"price,row,col"``.
"""

from __future__ import annotations

from typing import ClassVar

from ..actions import Action
from ..errors import DataError, shown
from ..i18n import msg
from ..model import Record


class Bid(Action):
    """Bid ``price`` on private company ``company`` (a bid on the cheapest one at its price buys it).

    Rule: ``1830:auction.bid``.
    """

    type: ClassVar[str] = "bid"
    company: str
    price: int

    def sentence(self) -> str:
        return f"{self.entity} bids {self.price} on {self.company}"


class Par(Action):
    """Set a corporation's par price and buy its president's certificate (``share_price`` = market id).

    Rule: ``1830:stock.par``.
    """

    type: ClassVar[str] = "par"
    corporation: str
    share_price: str

    def sentence(self) -> str:
        return f"{self.entity} pars {self.corporation} at {self.share_price.split(',')[0]}"


class BuyShares(Action):
    """Buy the certificates ``shares`` (ids, all of one corporation, from one holder); ``percent`` is their
    total. With a private company as entity it is that private's exchange (1830 MH for an NYC share).

    Rule: ``1830:stock.buy`` (``1830:private.mh-exchange`` for an exchange).
    """

    type: ClassVar[str] = "buy_shares"
    shares: tuple[str, ...]
    percent: int

    def sentence(self) -> str:
        return f"{self.entity} buys {self.percent}% ({', '.join(self.shares)})"


class SellShares(Action):
    """Sell the certificates ``shares`` (one corporation) to the bank pool; ``percent`` is their total.

    Rule: ``1830:stock.sell``.
    """

    type: ClassVar[str] = "sell_shares"
    shares: tuple[str, ...]
    percent: int

    def sentence(self) -> str:
        corp = self.shares[0].rsplit("_", 1)[0] if self.shares else "?"
        if any(s.endswith("_0") for s in self.shares):
            return f"{self.entity} sells {self.percent}% of {corp}, passing on the president's certificate"
        return f"{self.entity} sells {self.percent}% of {corp} ({', '.join(self.shares)})"


class BuyCompany(Action):
    """A corporation buys private company ``company`` from its owner for ``price`` (rule ``1830:or.buy-private``)."""

    type: ClassVar[str] = "buy_company"
    company: str
    price: int

    def sentence(self) -> str:
        return f"{self.entity} buys {self.company} for {self.price}"


class LayTile(Action):
    """Lay tile copy ``tile`` (e.g. ``"57-0"``) on ``hex`` turned ``rotation`` (0–5) sixths clockwise.

    The entity is the operating corporation, or a private company using its tile-lay ability.
    Rule: ``1830:track.lay``.
    """

    type: ClassVar[str] = "lay_tile"
    hex: str
    tile: str
    rotation: int

    def sentence(self) -> str:
        return f"{self.entity} lays {self.tile.rsplit('-', 1)[0]} on {self.hex} (rotation {self.rotation})"


class PlaceToken(Action):
    """Place the next station token in city ``city`` (18xx.games city id ``TILEID-PART``), slot ``slot``.

    Rule: ``1830:token.place``.
    """

    type: ClassVar[str] = "place_token"
    city: str
    slot: int = 0
    tokener: str | None = None

    def sentence(self) -> str:
        return f"{self.entity} places a station token on tile {self.city.rsplit('-', 1)[0]} (city {self.city})"


class Route(Record):
    """One train's route as 18xx.games logs it: the train id, the track walked as hex chains
    (``connections``), the hexes, the stops (``nodes``, ``HEX-PART``) and the revenue claimed in currency units."""

    train: str
    connections: tuple[tuple[str, ...], ...] = ()
    hexes: tuple[str, ...] = ()
    nodes: tuple[str, ...] = ()
    revenue: int = 0


class RunRoutes(Action):
    """Run the corporation's trains on ``routes``; the revenue claimed must equal what the rules give.

    Rule: ``1830:route.run``.
    """

    type: ClassVar[str] = "run_routes"
    routes: tuple[Route, ...]
    # fields 18xx.games logs for other titles' rules; in ours they must be nothing
    log_defaults: ClassVar[dict] = {"extra_revenue": 0, "subsidy": 0}

    @classmethod
    def from_log(cls, fields: dict, where: str) -> dict:
        """Check an 18xx.games log's routes: the display text ``revenue_str`` must spell the route's ``hexes``
        (joined by ``-``; a route with the text and no ``hexes`` is refused naming ``hexes``) and is then
        dropped; ``nodes``, the stops, may be left out (logs of 2021 have none) but is never empty; any other
        field not of :class:`Route` is refused. An entry without ``routes`` is left so, and refused for it where
        the action is built (``routes: []`` is a run of no train; a missing field is damage, never read as one).

        Raises:
            DataError: naming ``where`` and the route.
        """
        if "routes" not in fields:  # no run of no train: the site cannot read such an entry, and neither do we
            return fields  # (the action is then refused for its missing field, which build_action names)
        routes = fields["routes"]
        if not isinstance(routes, list) or not all(isinstance(r, dict) for r in routes):
            raise DataError(msg("{where}: field 'routes' must be a list of route objects", where=where))
        out = []
        for i, route in enumerate(routes):
            text = route.get("revenue_str")
            if text is not None and "hexes" not in route:  # the text is checked against the hexes: name them
                raise DataError(msg("{where}: routes[{index}]: field 'hexes' is missing (revenue_str {text} names "
                                    "hexes it must spell)", where=where, index=i, text=shown(text)))
            if route.get("nodes") == []:  # a route joins two stops or more; a log without nodes leaves the field out
                raise DataError(msg("{where}: routes[{index}]: field 'nodes' is empty: a route has at least two "
                                    "stops (a log that does not list them leaves the field out)", where=where,
                                    index=i))
            hexes = route.get("hexes", [])
            if text is not None and (not isinstance(hexes, list) or text != "-".join(map(str, hexes))):
                # either field may be the one changed: both are named
                raise DataError(msg("{where}: routes[{index}]: revenue_str {text} does not spell its hexes {hexes}: "
                                    "one of the two fields is wrong", where=where, index=i, text=shown(text),
                                    hexes=shown("-".join(map(str, hexes)) if isinstance(hexes, list) else hexes)))
            unknown = sorted(set(route) - set(Route.field_names()) - {"revenue_str"})
            if unknown:
                raise DataError(msg("{where}: routes[{index}]: field {field} is not part of a route in our rules",
                                    where=where, index=i, field=repr(unknown[0])))
            out.append({k: v for k, v in route.items() if k != "revenue_str"})
        return {**fields, "routes": out}

    def sentence(self) -> str:
        return f"{self.entity} runs {len(self.routes)} train(s) for {sum(r.revenue for r in self.routes)}"


_DIVIDEND_WORDS = {"payout": "pays out", "withhold": "withholds", "half": "pays half"}
"""How a dividend choice reads in a sentence (``half``: 1837's half payout, rule ``1837:dividend``)."""


class Dividend(Action):
    """Pay the revenue out to the shareholders (``kind="payout"``) or keep it in the treasury (``"withhold"``).

    Rule: ``1830:dividend``.
    """

    type: ClassVar[str] = "dividend"
    kind: str

    def sentence(self) -> str:
        return f"{self.entity} {_DIVIDEND_WORDS.get(self.kind, self.kind)}"


class BuyTrain(Action):
    """Buy train ``train`` for ``price``; ``exchange`` names a train traded in (1830 D for a 4, 5 or 6).

    Rule: ``1830:trains.buy``.
    """

    type: ClassVar[str] = "buy_train"
    train: str
    price: int
    variant: str | None = None
    exchange: str | None = None

    def sentence(self) -> str:
        swap = f" trading in {self.exchange}" if self.exchange else ""
        return f"{self.entity} buys train {self.train} for {self.price}{swap}"


class DiscardTrain(Action):
    """Discard train ``train`` to the bank when over the train limit (rule ``1830:trains.limit``)."""

    type: ClassVar[str] = "discard_train"
    train: str

    def sentence(self) -> str:
        return f"{self.entity} discards {self.train}"


class Bankrupt(Action):
    """The corporation cannot buy the train it must own: its president goes bankrupt (rule ``1830:end.bankrupt``).

    The action is the corporation's, but a corporation does not go bankrupt, its president does: the sentence
    says so ("ERIE's president cannot raise the money for its train and goes bankrupt"; the older "ERIE declares
    bankruptcy" still reads back, :data:`gamekit.sentences.GRAMMARS`)."""

    type: ClassVar[str] = "bankrupt"

    def sentence(self) -> str:
        return f"{self.entity}'s president cannot raise the money for its train and goes bankrupt"


class Choose(Action):
    """A decision among named options, ``choice`` as 18xx.games logs it: 1894's home of a late corporation
    (``"Arras (E10)"``, the hex in parentheses; rule ``1894:corporations``); 1837's coal exchange (``Exchange`` or
    ``Decline``) and national formation (``form``, ``fold_in`` or ``decline``; rule ``1837:exchange-round``)."""

    type: ClassVar[str] = "choose"
    choice: str

    def sentence(self) -> str:
        home = self.choice.endswith(")") and "(" in self.choice
        return f"{self.entity} chooses {'its home ' if home else ''}{self.choice}"

