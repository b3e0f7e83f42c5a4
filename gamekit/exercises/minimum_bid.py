"""Minimum bids and prices: the lowest amount a player may offer now — a bid in an auction (an 18xx private
auction, an American Rails share auction) or the price of a Continental Divide share.

The answer is the low end of the legal range the active step offers (``Game.action_ranges``); the rule is the
step's (``1830:auction.bid``, ``ar:auction.bid``, ``cd:stock.minimum-price``).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, join, msg, round_name
from .kind import Kind, consequence, event_lines, question
from .question import Question

_OFFERS = ("bid", "buy")
"""Event kinds of a bid or a share bought at a price the player chose."""
_FIELDS = ("price", "amount")
"""Range fields that are an amount offered."""


class MinimumBid(Kind):
    """The lowest bid or price a player may offer (number)."""

    name = "minimum_bid"
    family = "any"
    summary = N_("the lowest bid (or share price) a player may offer now")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a bid or a share bought at a chosen price, 1 before another action with an amount chosen
        (a private bought at its price in an auction, where bids on the others were open)."""
        if action.type == "buy_train" or not any(hasattr(action, f) for f in _FIELDS):
            return 0
        return 2 if any(e.kind in _OFFERS for e in events) else 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about the offer the active player may make, ``None`` without an amount to choose."""
        ranges = [r for r in position.action_ranges() if r.field in _FIELDS]
        if played is not None:
            ranges = [r for r in ranges if r.template.type == played.type] or ranges
        ranges = [r for r in ranges if r.low < r.high] or ranges  # a real choice of amount where there is one
        if not ranges:
            return None
        offer = rng.choice(ranges)
        step = position.active_step
        template = offer.template
        thing = next((getattr(template, f) for f in ("company", "railroad", "corporation") if hasattr(template, f)),
                     "it")
        who = position.name_of(template.entity)
        bid = offer.field == "amount" or "bid" in template.type
        name = round_name(position.active_round())
        where = name if step.name == position.active_round() else join(": ", (name, step.name))
        ask = dict(where=where, player=who, thing=thing)
        prompt = (msg("{where}. What is the lowest bid {player} may offer for {thing} now?", **ask) if bid else
                  msg("{where}. What is the lowest price {player} may offer for {thing} now?", **ask))
        lowest = template.replace(**{offer.field: offer.low})
        _, events = consequence(position, lowest)
        below = position.why_illegal(template.replace(**{offer.field: offer.low - 1}))
        refusal = msg("\n- {amount} is refused: {reason} [{rule}]", amount=position.money(offer.low - 1),
                      reason=below.message, rule=below.rule) if below else ""
        told = dict(low=position.money(offer.low), player=who, high=position.money(offer.high), help=step.help,
                    refusal=refusal, events=event_lines(events))
        explanation = (msg("The lowest bid is {low} (the highest {player} may offer is {high}). {help}{refusal}\n"
                           "{events}", **told) if bid else
                       msg("The lowest price is {low} (the highest {player} may offer is {high}). {help}{refusal}\n"
                           "{events}", **told))
        return question(self, position, prompt, "number", offer.low, explanation,
                        ([below.rule] if below else []) + [step.rule] + [e.rule for e in events])
