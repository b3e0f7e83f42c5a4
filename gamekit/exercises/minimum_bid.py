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
    summary = "the lowest bid (or share price) a player may offer now"

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
        word = "bid" if offer.field == "amount" or "bid" in template.type else "price"
        where = position.active_round() + ("" if step.name == position.active_round() else f": {step.name}")
        prompt = f"{where}. What is the lowest {word} {who} may offer for {thing} now?"
        lowest = template.replace(**{offer.field: offer.low})
        _, events = consequence(position, lowest)
        below = position.why_illegal(template.replace(**{offer.field: offer.low - 1}))
        refusal = f"\n- {position.money(offer.low - 1)} is refused: {below.message} [{below.rule}]" if below else ""
        explanation = (f"The lowest {word} is {position.money(offer.low)} (the highest {who} may offer is "
                       f"{position.money(offer.high)}). {step.help}{refusal}\n{event_lines(events)}")
        return question(self, position, prompt, "number", offer.low, explanation,
                        ([below.rule] if below else []) + [step.rule] + [e.rule for e in events])
