"""1837's first-edition share market, played with the option ``packet=1st`` (rules ``1837:market.moves``,
``1837:edition``; reference notes D18).

The first-edition text gives only a price's directions (rules 76–77), no chart values. The second edition's chart
is ``game.json``'s ``market`` (18xx.games' grid). The first edition's is transcribed from the Rails project's
first-edition data into ``data/1837/market_first_edition.json`` (same schema, same zones): its top three rows
have one more cell and other values at their right ends, and its three lowest rows other values in and beside the
yellow cells (``editions.md`` E8). It lines up with the second edition's columns, so the par prices (column 2)
and the nationals' start cells are the same cells at the same prices; the moves are the hex chart's either way.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...datafiles import data_json, load_model
from ...errors import DataError
from ...i18n import msg
from ...tracks.market import MarketFacts, StockMarket

if TYPE_CHECKING:
    from .game import Game1837

FILE = "market_first_edition.json"
"""The first-edition chart's data file in ``data/1837/``."""
OPTION = "packet=1st"
"""The option that plays Rails' first-edition data: the start packet, the minors' sale and this chart."""


def parse(raw: object, where: str = f"data/1837/{FILE}") -> MarketFacts:
    """The chart of a parsed data file ``{"source": …, "market": {kind, rows, zones}}``, checked against the
    market schema of ``game.json``.

    Raises:
        DataError: one line naming ``where`` and the wrong field (``market.rows.6.0``).
    """
    if not isinstance(raw, dict) or "market" not in raw:
        raise DataError(msg("{where}: expected an object with a '{field}'", where=where, field="market"))
    return load_model(MarketFacts, raw["market"], f"{where}: market")


@lru_cache(maxsize=None)
def facts() -> MarketFacts:
    """The first edition's chart from ``data/1837/``, validated (read once).

    Raises:
        DataError: the file is missing or malformed (one line naming the wrong field).
    """
    return parse(data_json("1837", FILE))


def market() -> StockMarket:
    """A fresh :class:`StockMarket` of the first edition's chart."""
    return StockMarket(facts())


def choose(game: "Game1837") -> None:
    """Give ``game`` the first edition's chart when it plays ``packet=1st`` (called as the game is set up, before
    any price is set: the nationals' start prices are read from the chart chosen here).

    Raises:
        DataError: a national's start cell (``initial_price`` of ``game.json``) is not a cell of this chart.
    """
    if OPTION not in game.options:
        return
    chart = market()
    for corp in game.facts.corporations:
        if corp.initial_price and corp.initial_price not in chart.by_id:
            raise DataError(msg("{where}: {corporation}'s start cell {cell} is not on the first edition's chart",
                                where=f"data/1837/{FILE}", corporation=corp.sym, cell=corp.initial_price))
    game.market = chart
