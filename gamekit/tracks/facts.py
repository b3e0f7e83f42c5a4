"""The schema of an 18xx title's economic facts (``data/<title>/game.json``): bank, market, phases, trains,
private companies and corporations. Validated with pydantic when loaded; errors name the wrong field."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from ..datafiles import data_json, load_model


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PhaseFacts(_Model):
    """A phase: starts with the first purchase of train ``on``; its train limit, tile colours, ORs per set."""

    name: str
    on: str | None = None
    train_limit: int
    tiles: tuple[str, ...]
    operating_rounds: int
    corporations_buy_privates: bool = False


class TrainFacts(_Model):
    """A train type: ``distance`` in stops (None = unlimited), price in currency units, copies (None =
    unlimited), the train whose first purchase rusts it, the phase from which it is sold, trade-in
    allowances (traded train name → discount) and whether its first purchase closes the private companies."""

    name: str
    distance: int | None = None
    price: int
    count: int | None = None
    count_with_option: dict[str, int] | None = None
    rusts_on: str | None = None
    available_on: str | None = None
    trade_in: dict[str, int] | None = None
    closes_privates: bool = False


class ExchangeFacts(_Model):
    """A private that may be exchanged for a 10% certificate of ``corporation`` taken from ``from``
    (``ipo`` and/or ``market`` = the bank pool)."""

    corporation: str
    from_: tuple[str, ...]

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True,
                              alias_generator=lambda name: "from" if name == "from_" else name)


class TileLayFacts(_Model):
    """A private's extra tile lay on ``hexes`` with one of ``tiles``, ``count`` times."""

    hexes: tuple[str, ...]
    tiles: tuple[str, ...]
    count: int
    ignores_connection: bool = True
    extra_lay: bool = True


class TeleportFacts(_Model):
    """A private's tile lay plus station token on ``hexes`` without connection."""

    hexes: tuple[str, ...]
    tiles: tuple[str, ...]


class PrivateFacts(_Model):
    """A private company: face value and revenue per operating round in currency units, and its abilities."""

    sym: str
    name: str
    value: int
    revenue: int
    description: str
    blocks_hexes: tuple[str, ...] = ()
    may_sell_to_corporation: bool = True
    grants_certificate: str | None = None
    closes_when_train_bought_by: str | None = None
    exchange: ExchangeFacts | None = None
    tile_lay: TileLayFacts | None = None
    teleport: TeleportFacts | None = None


class CorporationFacts(_Model):
    """A corporation: home hex (and city index on a multi-city hex), token costs in order (the first is the
    home token), colours, and its certificates in percent, index 0 being the president's certificate."""

    sym: str
    name: str
    home: str
    home_city: int | None = None
    tokens: tuple[int, ...]
    colour: str
    text_colour: str | None = None
    certificates: tuple[int, ...]


class TitleFacts(_Model):
    """Everything in ``data/<title>/game.json``. Money in currency units (``currency`` formats it)."""

    title: str
    source: str
    currency: str
    bank_cash: int
    starting_cash: dict[str, int]
    cert_limit: dict[str, int]
    float_percent: int
    max_holding_percent: int
    pool_limit_percent: int
    market_legend: dict[str, str]
    market: tuple[tuple[str, ...], ...]
    phases: tuple[PhaseFacts, ...]
    trains: tuple[TrainFacts, ...]
    privates: tuple[PrivateFacts, ...]
    corporations: tuple[CorporationFacts, ...]

    def money(self, amount: int) -> str:
        """Format an amount in the title's currency, e.g. ``$100``."""
        return self.currency.format(amount)

    def private(self, sym: str) -> PrivateFacts:
        """The private company ``sym``; raises ``KeyError`` if unknown."""
        return _index(self.privates)[sym]

    def corporation(self, sym: str) -> CorporationFacts:
        """The corporation ``sym``; raises ``KeyError`` if unknown."""
        return _index(self.corporations)[sym]

    def train(self, name: str) -> TrainFacts:
        """The train type ``name``; raises ``KeyError`` if unknown."""
        return _index(self.trains, "name")[name]


def _index(items: tuple, key: str = "sym") -> dict:
    return {getattr(item, key): item for item in items}


@lru_cache(maxsize=None)
def title_facts(folder: str) -> TitleFacts:
    """Load and validate ``data/<folder>/game.json``; raises :class:`gamekit.errors.DataError` naming the field."""
    return load_model(TitleFacts, data_json(folder, "game.json"), f"data/{folder}/game.json")
