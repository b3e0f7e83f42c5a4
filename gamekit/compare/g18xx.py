"""The concept reader of the 18xx family: every value from the title's facts (``data/<title>/game.json``), its
:class:`~gamekit.g18xx.policy.Policy` and its class variables."""

from __future__ import annotations

from ..g18xx.game import Game18xx
from ..tracks.facts import TitleFacts
from .table import Concept, RuleFinder, reader

_END = {"bank": "the bank breaks", "stock_market": "a price reaches the end "
        "of the market", "final_phase": "the last phase begins", "final_train": "the last train is bought"}
_TIMING = {"immediate": "the game ends at once", "current_or": "after the current operating round",
           "full_or": "after the current set of operating rounds", "one_more_full_or_set": "after one more full "
           "set of operating rounds"}

_BANKRUPT = {"one": "a player goes bankrupt", "all_but_one": "all players but one are bankrupt"}
"""The bankruptcy end by how many players it needs (``EndTriggerFacts.players``)."""

_PAYEE = {"corporation": "the corporation", "nobody": "nobody"}


@reader(Game18xx)
def read(cls: type[Game18xx], rule: RuleFinder) -> list[Concept]:
    """The concepts of an 18xx title (see :data:`gamekit.compare.CONCEPTS`)."""
    facts, policy = cls.load_facts(), cls.policy
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _per_count(facts, facts.starting_cash, money=True), rule("setup")),
        Concept("bank", "unlimited" if facts.unlimited_bank else facts.money(facts.bank_cash),
                rule("end.bank", "end.triggers", "setup")),
        Concept("capitalization", _capitalization(facts), rule("stock.float", "corporations", "stock.round")),
        Concept("who builds", _builds(policy), rule("or.track", "track.lay")),
        Concept("market", _market(facts), rule("market.zones", "market")),
        Concept("market moves", _moves(policy), rule("market.moves", "market")),
        Concept("selling", _selling(facts, policy), rule("stock.sell", "stock.round")),
        Concept("certificate limit", _per_count(facts, facts.cert_limit), rule("stock.cert-limit", "stock.round")),
        Concept("holding limit", _holding(facts), rule("stock.holding-limit", "stock.round")),
        Concept("trains", ", ".join(_train(facts, t) for t in facts.trains), rule("trains.roster", "trains.buy")),
        Concept("rusting", _rusting(facts), rule("trains.rust", "trains.buy")),
        Concept("dividends", _dividends(policy), rule("dividend")),
        Concept("end triggers", "; ".join(f"{_cause(t)}: {_TIMING[t.timing]}" for t in facts.end_triggers),
                rule("end.triggers", "end.bank")),
    ]


def _cause(trigger) -> str:
    """What fires an end trigger (``EndTriggerFacts``); bankruptcy by how many players it needs (1837 goes on
    after one)."""
    return _BANKRUPT[trigger.players or "one"] if trigger.reason == "bankrupt" else _END[trigger.reason]


def _per_count(facts: TitleFacts, table: dict[str, int], money: bool = False) -> str:
    return ", ".join(f"{n} players {facts.money(v) if money else v}" for n, v in sorted(table.items(),
                                                                                      key=lambda kv: int(kv[0])))


def _capitalization(facts: TitleFacts) -> str:
    kinds: dict[str, str] = {}
    for corp in facts.corporations:
        if corp.kind in kinds:
            continue
        if corp.capitalization == "full":
            how = f"receives {corp.ipo_percent() // 10} × its par price when it floats"
        elif corp.capitalization == "incremental":
            how = "receives the price of each share as it is sold"
        else:
            how = f"starts with a treasury of {facts.money(corp.starting_treasury or 0)}"
        floats = corp.float_percent if corp.float_percent is not None else facts.float_percent
        kinds[corp.kind] = f"{corp.kind}: floats at {floats}% sold, {how}"
    return "; ".join(kinds.values())


def _builds(policy) -> str:
    lays = "one track action" if policy.lays_per_turn == 1 else f"{policy.lays_per_turn} track actions"
    return (f"the corporation, its president choosing: {lays} per operating turn, at most "
            f"{policy.upgrades_per_turn} of them an upgrade")


def _market(facts: TitleFacts) -> str:
    prices = [int("".join(ch for ch in cell if ch.isdigit())) for row in facts.market.rows for cell in row if cell]
    zones = ", ".join(z.text.split(":")[0] for z in facts.market.zones.values())
    return (f"{facts.market.kind} of {len(prices)} cells, {facts.money(min(prices))} to {facts.money(max(prices))} "
            f"per 10% share; zones: {zones}")


def _moves(policy) -> str:
    sale = "per share sold" if policy.sale_movement == "per_share" else "once per sale"
    return (f"sale: {policy.sale_move} {sale}; payout: {policy.payout_move}; withhold: {policy.withhold_move}; "
            f"sold out at the end of a stock round: {policy.sold_out_move}")


def _selling(facts: TitleFacts, policy) -> str:
    parts = [f"in steps of {policy.share_unit}%", f"the bank pool holds at most {facts.pool_limit_percent}%"]
    if policy.no_sale_first_stock_round:
        parts.append("none in the first stock round")
    if policy.no_sale_before_operated:
        parts.append("only once the corporation has operated")
    return "; ".join(parts)


def _holding(facts: TitleFacts) -> str:
    above = [z.text.split(":")[0] for z in facts.market.zones.values() if "above_holding_limit" in z.effects]
    return f"{facts.max_holding_percent}% of one corporation" + (f" (more in the {', '.join(above)} zone)"
                                                                  if above else "")


def _train(facts: TitleFacts, train) -> str:
    count = "unlimited" if train.count is None else str(train.count)
    return f"{train.name} ({count} at {facts.money(train.price)})"


def _rusting(facts: TitleFacts) -> str:
    rusts = []
    for train in facts.trains:
        if train.rusts_on:
            on = train.rusts_on if isinstance(train.rusts_on, str) else " or ".join(train.rusts_on)
            rusts.append(f"{train.name} rusts when the first {on} is bought")
        elif train.obsolete_on:
            rusts.append(f"{train.name} is obsolete when the first {train.obsolete_on} is bought")
    return "; ".join(rusts) or "no train rusts"


def _dividends(policy) -> str:
    return (f"payout to the holders (rounded {policy.payout_rounding}) or withhold into the treasury; IPO shares "
            f"pay {_PAYEE[policy.ipo_pays]}, bank-pool shares pay {_PAYEE[policy.pool_pays]}")
