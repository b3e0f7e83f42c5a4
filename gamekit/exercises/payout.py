"""Payouts (18xx): what a player receives and what the treasury keeps when a corporation pays out, pays half or
withholds its revenue.

Rules: ``dividend.payout`` (each 10% held receives a tenth of the revenue; bank-pool shares pay whom the title
says), ``dividend.withhold`` (the treasury keeps it all), and a title's half payout (1837: the treasury keeps
half, rounded down, the holders share the rest).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, msg, round_name
from .kind import Kind, consequence, event_lines, legal_of_type, pick, question, say, title_rule
from .question import Question

def treasury_part(events: list[Event], corporation: str) -> int:
    """Return what the dividend ``events`` put into ``corporation``'s treasury in currency units: a withheld
    revenue, a half payout's kept half, and the payouts of shares whose dividends go to the corporation."""
    total = 0
    for e in events:
        if e.kind == "withhold" and e.data.get("corporation") == corporation:
            total += e.data["revenue"]
        elif e.kind == "half" and e.data.get("corporation") == corporation:
            total += e.data["kept"]
        elif e.kind == "dividend" and e.data.get("to") == corporation:
            total += e.data["amount"]
    return total


def received(events: list[Event], player: str) -> int:
    """Return what the dividend ``events`` paid ``player`` in currency units."""
    return sum(e.data["amount"] for e in events if e.kind == "dividend" and e.data.get("to") == player)


class _Dividend(Kind):
    """A corporation at its dividend step, with a choice of payout, half or withholding drawn among the legal
    ones (the one played where it was played)."""

    family = "18xx"

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a dividend decision."""
        return 2 if action.type == "dividend" else 0

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about one dividend choice, ``None`` where no corporation is choosing."""
        choices = legal_of_type(position, "dividend")
        choice = self.choose(choices, played, rng)
        if choice is None:
            return None
        corporation = choice.entity
        after, events = consequence(position, choice)
        revenue = position.revenue_this_turn()
        setting = msg("{round}. {corporation}'s trains earned {revenue}. {move}.",
                      round=round_name(position.active_round()),
                      corporation=corporation, revenue=position.money(revenue), move=say(position, choice))
        return self.ask(position, choice, corporation, setting, events)

    def choose(self, choices: list[Action], played: Action | None, rng: random.Random) -> Action | None:
        """The dividend choice asked about: drawn among the legal ones (a kind may prefer some)."""
        return pick(rng, choices)

    def ask(self, position: Game, choice: Action, corporation: str, setting: str, events: list[Event]) -> Question:
        """Return the question about ``choice`` (``setting`` says the revenue and the choice; ``events`` are what
        the choice did on a fork)."""
        raise NotImplementedError

    @staticmethod
    def rules(position: Game, events: list[Event]) -> list[str]:
        """The title's ``dividend`` section and the rules the dividend's events cite."""
        return [title_rule(position, "dividend")] + [e.rule for e in events]


class PayoutPlayer(_Dividend):
    """What one shareholder receives (number)."""

    name = "payout_player"
    summary = N_("what a shareholder receives when a corporation pays out (all or half)")

    def choose(self, choices: list[Action], played: Action | None, rng: random.Random) -> Action | None:
        """A choice that pays the holders (payout or half), drawn."""
        return pick(rng, [c for c in choices if c.kind != "withhold"])

    def ask(self, position: Game, choice: Action, corporation: str, setting: str, events: list[Event]) -> Question:
        """Ask what one player holding shares receives."""
        holders = [p.id for p in position.players if position.percent(p.id, corporation)]
        player = max(holders, key=lambda p: (position.percent(p, corporation), -holders.index(p)))
        name, percent = position.name_of(player), position.percent(player, corporation)
        prompt = msg("{setting} {player} holds {percent} of {corporation}. How much does {player} receive?",
                     setting=setting, player=name, percent=f"{percent}%", corporation=corporation)
        explanation = msg("{player} receives {amount}.\n{events}", player=name,
                          amount=position.money(received(events, player)), events=event_lines(events))
        return question(self, position, prompt, "number", received(events, player), explanation,
                        self.rules(position, events))


class PayoutTreasury(_Dividend):
    """What goes into the corporation's treasury (number)."""

    name = "payout_treasury"
    summary = N_("what a corporation's treasury gets when it pays out, pays half or withholds")

    def ask(self, position: Game, choice: Action, corporation: str, setting: str, events: list[Event]) -> Question:
        """Ask the treasury's part of the revenue."""
        part = treasury_part(events, corporation)
        prompt = msg("{setting} How much of the revenue goes into {corporation}'s treasury?", setting=setting,
                     corporation=corporation)
        explanation = msg("{corporation}'s treasury receives {amount}.\n{events}", corporation=corporation,
                          amount=position.money(part), events=event_lines(events))
        return question(self, position, prompt, "number", part, explanation, self.rules(position, events))
