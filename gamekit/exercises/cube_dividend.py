"""Dividends (cube rails): the dividend per share a company pays at the end of a turn or year.

Rules: Continental Divide ``cd:dividends`` (income ÷ shares issued, rounded up; ``cd:dividends.remainder``),
American Rails ``ar:dividends`` (income ÷ shares held by players, rounded up).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, join, nmsg, round_name
from .kind import Kind, consequence, question, say
from .question import Question


def dividend_events(game: Game, events: list[Event]) -> list[Event]:
    """The per-company dividend events among ``events`` (their rule is the title's ``dividends`` section)."""
    return [e for e in events if e.kind == "dividend" and e.rule == f"{game.rule_prefix}:dividends"]


def paying(event: Event) -> str:
    """The railroad or company a dividend event is about."""
    return event.data.get("railroad") or event.data["company"]


def paying_move(position: Game, played: Action | None, rng: random.Random,
                tries: int = 6) -> tuple[Action, Game, list[Event]] | None:
    """Return ``(move, fork after it, its dividend events)`` for ``played``, or at a position with nothing played
    for the first of ``tries`` legal moves drawn with ``rng`` that pays dividends; ``None`` when none does."""
    if played is not None:
        moves = [played]
    else:
        legal = position.legal_actions()
        moves = rng.sample(legal, min(tries, len(legal)))
    for move in moves:
        after, events = consequence(position, move)
        paid = dividend_events(position, events)
        if paid:
            return move, after, paid
    return None


class CubeDividend(Kind):
    """The dividend per share of one company in the dividends the next move brings about (number)."""

    name = "cube_dividend"
    family = "cube"
    summary = N_("a railroad's dividend per share (income over shares, rounded up)")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before the move that ends a turn (or year) and so pays dividends."""
        return 2 if any(e.kind == "dividend" and e.rule.endswith(":dividends") for e in events) else 0

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about one company's dividend, ``None`` when the next move pays none (at a position with
        nothing played, a few legal moves drawn with ``rng`` are tried)."""
        found = paying_move(position, played, rng)
        if found is None:
            return None
        played, after, paid = found
        event = rng.choice(paid)
        company = paying(event)
        shares = event.data.get("shares") or after.railroad_summary(company)["shares_issued"]
        values = dict(round=round_name(position.active_round()), move=say(position, played), company=company,
                      income=position.money(after.income(company)), shares=shares)
        prompt = (nmsg("{round}: {move}; then dividends are paid. {company}'s income is {income} and it has {shares} "
                       "share held by players. What dividend does {company} pay per share?",
                       "{round}: {move}; then dividends are paid. {company}'s income is {income} and it has {shares} "
                       "shares held by players. What dividend does {company} pay per share?", shares, **values)
                  if "shares" in event.data else
                  nmsg("{round}: {move}; then dividends are paid. {company}'s income is {income} and it has {shares} "
                       "share issued. What dividend does {company} pay per share?",
                       "{round}: {move}; then dividends are paid. {company}'s income is {income} and it has {shares} "
                       "shares issued. What dividend does {company} pay per share?", shares, **values))
        explanation = join("", (event.text, f" [{event.rule}]"))
        return question(self, position, prompt, "number", event.data["per_share"], explanation, [event.rule])
