"""Payouts (cube rails): what a shareholder receives at the next dividends if no income and no share changes
before them.

The engine answers: a fork of the position plays on quietly (a pass where one is legal, else the engine's first
legal move: a turn-order card, the Pass row of the action track) until dividends are paid, and the question is
asked only when no railroad's income and no player's shares changed on the way. So a learner can ask it at any
position — the turn-order choice of Continental Divide, the action track of American Rails — and the answer is
the dividend event the engine itself produced.

Rules: Continental Divide ``cd:dividends`` (income ÷ shares issued, rounded up), American Rails
``ar:dividends`` (income ÷ shares held by players, rounded up).
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, join, msg, nmsg, round_name
from .cube_dividend import dividend_events, paying
from .kind import Kind, question
from .question import Question

QUIET_MOVES = 400
"""Moves the quiet play may take before giving up (a Continental Divide game turn takes at most 14 with six
players; an American Rails year at most 30 with five)."""


def signature(game: Game) -> tuple[Any, ...]:
    """What the next dividends depend on: every railroad's income and every player's shares."""
    incomes = tuple(game.income(c) for c in game.corporations())
    shares = tuple(sorted((p.id, c, h.certificates) for p in game.players for c, h in game.holdings(p.id).items()))
    return incomes, shares


def quiet_dividends(position: Game, limit: int = QUIET_MOVES) -> tuple[Game, list[Event]] | None:
    """Play a fork of ``position`` on quietly until dividends are paid: at each step a legal pass, else the
    engine's first legal move.

    Returns:
        ``(fork just after the dividends, the dividend events)``, or ``None`` when a move on the way changed an
        income or a player's shares (a forced bid won, a starting cube placed), the game ended first, or no
        dividends came within ``limit`` moves. ``position`` is not changed.
    """
    fork = position.fork()
    before = signature(fork)
    for _ in range(limit):
        legal = fork.legal_actions()
        if fork.outcome is not None or not legal:
            return None
        move = next((a for a in legal if a.type == "pass"), legal[0])
        paid = dividend_events(fork, fork.process(move))
        if signature(fork) != before:
            return None
        if paid:
            return fork, paid
    return None


class CubePayout(Kind):
    """What a shareholder receives from one railroad at the next dividends, incomes and shares unchanged
    (number)."""

    name = "cube_payout"
    family = "cube"
    summary = N_("what a shareholder receives at the next dividends if no income or share changes before them")
    fallback = True  # it fits nearly every position: asked where the move on the table has no question

    def priority(self, action: Action, events: list[Event]) -> int:
        """1 before every move: the question is about the position, whatever is played from it."""
        return 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about one shareholder of a railroad drawn with ``rng`` (``played`` is not used: the
        question is about the position, not the move); ``None`` when the quiet play changes an income or a
        holding before the dividends, or nobody holds a share of a railroad that pays."""
        found = quiet_dividends(position)
        if found is None:
            return None
        _, paid = found
        pairs = [(event, player.id, holding.certificates) for event in paid for player in position.players
                 for company, holding in position.holdings(player.id).items()
                 if company == paying(event) and holding.certificates and event.data["per_share"]]
        if not pairs:
            return None
        event, player, count = rng.choice(pairs)
        company, per_share = paying(event), event.data["per_share"]
        values = dict(round=round_name(position.active_round()), company=company, player=position.name_of(player),
                      income=position.money(position.income(company)), count=count)
        prompt = nmsg("{round}: {company}'s income is {income} and {player} holds {count} share of it. If no income "
                      "and no share changes before the next dividends, how much does {player} receive from "
                      "{company}?",
                      "{round}: {company}'s income is {income} and {player} holds {count} shares of it. If no income "
                      "and no share changes before the next dividends, how much does {player} receive from "
                      "{company}?", count, **values)
        total = msg("{player} receives {count} × {per_share} = {total}.", player=position.name_of(player), count=count,
                    per_share=position.money(per_share), total=position.money(per_share * count))
        explanation = join("", (event.text, f" [{event.rule}]\n", total))
        return question(self, position, prompt, "number", per_share * count, explanation, [event.rule])
