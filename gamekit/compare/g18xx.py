"""The concept reader of the 18xx family: every value from the title's facts (``data/<title>/game.json``), its
:class:`~gamekit.g18xx.policy.Policy` and its class variables, worded in templates that render in the learner's
language (:mod:`gamekit.i18n`: the data's ids as words, money grouped as the language groups it)."""

from __future__ import annotations

import re

from ..g18xx.economy import DIRECTION_WORDS
from ..g18xx.game import Game18xx
from ..i18n import (
    COMPANY_KINDS,
    N_,
    Message,
    Rendered,
    Term,
    either,
    gettext,
    listing,
    msg,
    nmsg,
)
from ..tracks.facts import TitleFacts
from .table import Concept, RuleFinder, reader

_TIMING = {"immediate": N_("the game ends at once"), "current_or": N_("after the current operating round"),
           "full_or": N_("after the current set of operating rounds"),
           "one_more_full_or_set": N_("after one more full set of operating rounds")}
"""When the game ends once a trigger fired (``EndTriggerFacts.timing``)."""

_PAYEE = {"corporation": N_("the corporation"), "nobody": N_("nobody")}
"""Who receives the dividend of unsold shares (``Policy.ipo_pays``, ``Policy.pool_pays``)."""

_ROUNDING = {"up": N_("rounded up"), "down": N_("rounded down")}
"""How a holder's part of a payout is rounded (``Policy.payout_rounding``)."""

_MARKET_KINDS = {"grid": N_("square grid"), "hex": N_("hexagonal grid")}
"""The shape of the market (``MarketFacts.kind``), as words of another language; English keeps the data's id."""


@reader(Game18xx)
def read(cls: type[Game18xx], rule: RuleFinder) -> list[Concept]:
    """The concepts of an 18xx title (see :data:`gamekit.compare.CONCEPTS`)."""
    facts, policy = cls.load_facts(), cls.policy
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _per_count(facts.starting_cash, facts.money), rule("setup")),
        Concept("bank", msg("unlimited") if facts.unlimited_bank else facts.money(facts.bank_cash),
                rule("end.bank", "end.triggers", "setup")),
        Concept("capitalization", _capitalization(facts), rule("stock.float", "corporations", "stock.round")),
        Concept("who builds", _builds(policy), rule("or.track", "track.lay")),
        Concept("market", _market(facts), rule("market.zones", "market")),
        Concept("market moves", _moves(policy), rule("market.moves", "market")),
        Concept("selling", _selling(facts, policy), rule("stock.sell", "stock.round")),
        Concept("certificate limit", _per_count(facts.cert_limit, str), rule("stock.cert-limit", "stock.round")),
        Concept("holding limit", _holding(facts), rule("stock.holding-limit", "stock.round")),
        Concept("trains", listing([_train(facts, t) for t in facts.trains]), rule("trains.roster", "trains.buy")),
        Concept("rusting", _rusting(facts), rule("trains.rust", "trains.buy")),
        Concept("dividends", _dividends(policy), rule("dividend")),
        Concept("end triggers", listing([msg("{cause}: {timing}", cause=cls.trigger_words(t),
                                             timing=Message(_TIMING[t.timing], {})) for t in facts.end_triggers],
                                        ";"), rule("end.triggers", "end.bank")),
    ]


def _per_count(table: dict[str, int], written) -> Message:
    """A value per player count (``{"4": 600}``), each value ``written`` (money in the title's currency, or a
    number): "2 players $1,200, 3 players $800"."""
    return listing([msg("{count} players {value}", count=n, value=written(v))
                    for n, v in sorted(table.items(), key=lambda kv: int(kv[0]))])


def _kind(kind: str) -> str:
    """A kind of company (``CorporationFacts.kind``): its id in English ("major"), a word in another language."""
    return Term(kind, COMPANY_KINDS[kind]) if kind in COMPANY_KINDS else kind


def _capitalization(facts: TitleFacts) -> Message:
    kinds: dict[str, Message] = {}
    for corp in facts.corporations:
        if corp.kind in kinds:
            continue
        if corp.capitalization == "full":
            how = msg("receives {times} × its par price when it floats", times=corp.ipo_percent() // 10)
        elif corp.capitalization == "incremental":
            how = msg("receives the price of each share as it is sold")
        else:
            how = msg("starts with a treasury of {amount}", amount=facts.money(corp.starting_treasury or 0))
        floats = corp.float_percent if corp.float_percent is not None else facts.float_percent
        kinds[corp.kind] = msg("{kind}: floats at {percent} sold, {how}", kind=_kind(corp.kind),
                               percent=f"{floats}%", how=how)
    return listing(list(kinds.values()), ";")


def _builds(policy) -> Message:
    lays = policy.lays_per_turn
    return msg("the corporation, its president choosing: {lays} per operating turn, at most {upgrades} of them an "
               "upgrade", lays=nmsg("one track action", "{count} track actions", lays, count=lays),
               upgrades=policy.upgrades_per_turn)


def _zone(text: str) -> Rendered:
    """A market zone's name: its legend's text (``"yellow: shares do not count …"``, a catalogue msgid) up to the
    colon, in the current language (Chinese writes a full-width colon)."""
    return Rendered(lambda: re.split("[:：]", gettext(text), maxsplit=1)[0])


def _zones(facts: TitleFacts, effect: str | None = None) -> Message:
    return listing([_zone(z.text) for z in facts.market.zones.values() if effect is None or effect in z.effects])


def _market(facts: TitleFacts) -> Message:
    prices = [int("".join(ch for ch in cell if ch.isdigit())) for row in facts.market.rows for cell in row if cell]
    kind = facts.market.kind
    return msg("{kind} of {cells} cells, {low} to {high} per {percent} share; zones: {zones}",
               kind=Term(kind, _MARKET_KINDS[kind]) if kind in _MARKET_KINDS else kind, cells=len(prices),
               low=facts.money(min(prices)), high=facts.money(max(prices)), percent="10%", zones=_zones(facts))


def _direction(move: str) -> str:
    return Term(move, DIRECTION_WORDS[move]) if move in DIRECTION_WORDS else move


def _moves(policy) -> Message:
    sale = msg("per share sold") if policy.sale_movement == "per_share" else msg("once per sale")
    return msg("sale: {sale} {per}; payout: {payout}; withhold: {withhold}; sold out at the end of a stock round: "
               "{sold_out}", sale=_direction(policy.sale_move), per=sale, payout=_direction(policy.payout_move),
               withhold=_direction(policy.withhold_move), sold_out=_direction(policy.sold_out_move))


def _selling(facts: TitleFacts, policy) -> Message:
    parts = [msg("in steps of {percent}", percent=f"{policy.share_unit}%"),
             msg("the bank pool holds at most {percent}", percent=f"{facts.pool_limit_percent}%")]
    if policy.no_sale_first_stock_round:
        parts.append(msg("none in the first stock round"))
    if policy.no_sale_before_operated:
        parts.append(msg("only once the corporation has operated"))
    return listing(parts, ";")


def _holding(facts: TitleFacts) -> Message:
    percent = f"{facts.max_holding_percent}%"
    if any("above_holding_limit" in z.effects for z in facts.market.zones.values()):
        return msg("{percent} of one corporation (more in the {zones} zone)", percent=percent,
                   zones=_zones(facts, "above_holding_limit"))
    return msg("{percent} of one corporation", percent=percent)


def _train(facts: TitleFacts, train) -> Message:
    if train.count is None:
        return msg("{train} (unlimited at {price})", train=train.name, price=facts.money(train.price))
    return msg("{train} ({count} at {price})", train=train.name, count=train.count, price=facts.money(train.price))


def _rusting(facts: TitleFacts) -> Message:
    rusts = []
    for train in facts.trains:
        if train.rusts_on:
            on = either([train.rusts_on] if isinstance(train.rusts_on, str) else list(train.rusts_on))
            rusts.append(msg("{train} rusts when the first {on} is bought", train=train.name, on=on))
        elif train.obsolete_on:
            rusts.append(msg("{train} is obsolete when the first {on} is bought", train=train.name,
                             on=train.obsolete_on))
    return listing(rusts, ";") if rusts else msg("no train rusts")


def _dividends(policy) -> Message:
    return msg("payout to the holders ({rounding}) or withhold into the treasury; IPO shares pay {ipo}, bank-pool "
               "shares pay {pool}", rounding=Message(_ROUNDING[policy.payout_rounding], {}),
               ipo=Message(_PAYEE[policy.ipo_pays], {}), pool=Message(_PAYEE[policy.pool_pays], {}))
