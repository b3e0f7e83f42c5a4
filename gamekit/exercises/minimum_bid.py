"""Minimum bids and prices: the lowest amount a player may offer now — a bid in an auction (an 18xx private
auction, an American Rails share auction) or the price of a Continental Divide share.

The answer is the low end of the legal range the active step offers (``Game.action_ranges``); the rule is the
step's (``1830:auction.bid``, ``ar:auction.bid``, ``cd:stock.minimum-price``).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..choices import ActionRange
from ..events import Event
from ..game import Game
from ..i18n import N_, msg, round_name
from .kind import Kind, consequence, event_lines, question, say
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
        """The question about the offer the active player may make, ``None`` without an amount to choose.

        Where the position offers no amount but its moves put something up for auction (an American Rails share
        chosen), the question is about the lowest bid once such a move is played: ``played``, else one drawn
        with ``rng`` among the legal moves of the same type."""
        ranges = offers(position, played)
        if ranges:
            return self.ask(position, position, None, rng.choice(ranges))
        moves = [played] if played is not None else [a for a in position.legal_actions() if a.type != "pass"]
        if not moves or not opens_auction(position, moves[0]):
            return None
        move = moves[0] if played is not None else rng.choice([a for a in moves if a.type == moves[0].type])
        after, _ = consequence(position, move)
        ranges = offers(after, None)
        return self.ask(position, after, move, rng.choice(ranges)) if ranges else None

    def ask(self, position: Game, at: Game, move: Action | None, offer: ActionRange) -> Question:
        """Ask the lowest amount of ``offer``, a range of ``at``: ``position`` itself, or ``position`` after
        ``move``."""
        step = at.active_step
        template = offer.template
        thing = next((getattr(template, f) for f in ("company", "railroad", "corporation") if hasattr(template, f)),
                     "it")
        who = at.name_of(template.entity)
        bid = offer.field == "amount" or "bid" in template.type
        name = round_name(at.active_round())
        where = name if step.name == at.active_round() else msg("{round}: {step}", round=name, step=step.name)
        ask = dict(where=where, player=who, thing=thing)
        prompt = (msg("{where}. What is the lowest bid {player} may offer for {thing} now?", **ask) if bid else
                  msg("{where}. What is the lowest price {player} may offer for {thing} now?", **ask))
        if move is not None:
            prompt = msg("{move}. {question}", move=say(position, move), question=prompt)
        lowest = template.replace(**{offer.field: offer.low})
        _, events = consequence(at, lowest)
        below = at.why_illegal(template.replace(**{offer.field: offer.low - 1}))
        refusal = msg("\n- {amount} is refused: {reason} [{rule}]", amount=at.money(offer.low - 1),
                      reason=below.message, rule=below.rule) if below else ""
        told = dict(low=at.money(offer.low), player=who, high=at.money(offer.high), help=step.help,
                    refusal=refusal, events=event_lines(events))
        explanation = (msg("The lowest bid is {low} (the highest {player} may offer is {high}). {help}{refusal}\n"
                           "{events}", **told) if bid else
                       msg("The lowest price is {low} (the highest {player} may offer is {high}). {help}{refusal}\n"
                           "{events}", **told))
        return question(self, position, prompt, "number", offer.low, explanation,
                        ([below.rule] if below else []) + [step.rule] + [e.rule for e in events])


def opens_auction(position: Game, move: Action) -> bool:
    """True when ``move`` puts something up for auction at ``position`` (an event of kind ``"auction"``) and the
    auction then asks for an amount."""
    after, events = consequence(position, move)
    return any(e.kind == "auction" for e in events) and bool(offers(after, None))


def offers(game: Game, played: Action | None) -> list[ActionRange]:
    """The ranges of an amount offered at ``game`` (those of ``played``'s type when it has one), a real choice of
    amount first where there is one."""
    ranges = [r for r in game.action_ranges() if r.field in _FIELDS]
    if played is not None:
        ranges = [r for r in ranges if r.template.type == played.type] or ranges
    return [r for r in ranges if r.low < r.high] or ranges
