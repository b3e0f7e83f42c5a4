"""Income (cube rails): a company's income after it builds track, places its starting cube or gets a house.

Rules: Continental Divide ``cd:build.cost-income`` (every railroad in a hex gains its income), ``cd:build.divide``;
American Rails ``ar:income.city`` (full and shared city values; also a starting cube, ``ar:start.city``),
``ar:income.house`` (a city developed), ``ar:income.special``. The engine's events cite the ones that applied.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, msg, round_name
from .kind import Kind, consequence, event_lines, question, say
from .question import Question


def builder(events: list[Event]) -> str | None:
    """The railroad or company the ``events`` say built track (``None`` when none built)."""
    return next((e.data.get("railroad") or e.data.get("company") for e in events if e.kind == "build"), None)


def income_changed(events: list[Event]) -> str | None:
    """The railroad or company the ``events`` say built track, else the first whose income they change (a
    starting cube, a house); ``None`` when none did."""
    return builder(events) or next((e.data["company"] for e in events if e.kind == "income" and e.data.get("change")),
                                   None)


class CubeIncome(Kind):
    """A company's income after a build, a starting cube or a house (number)."""

    name = "cube_income"
    family = "cube"
    summary = N_("a railroad's income after it builds track")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a build that changed an income, 1 before another build (the positions a question set draws
        from; a starting cube or a house is asked about at a position asked directly, :meth:`make`)."""
        if builder(events) is None:
            return 0
        return 2 if any(e.data.get("change") or e.data.get("income") for e in events) else 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about the build (or income change) played next, or a legal one drawn; ``None`` without
        one."""
        candidates = [played] if played is not None else rng.sample(position.legal_actions(),
                                                                    min(6, len(position.legal_actions())))
        for action in candidates:
            after, events = consequence(position, action)
            company = income_changed(events)
            if company is not None:
                return self.ask(position, action, company, after, events)
        return None

    def ask(self, position: Game, action: Action, company: str, after: Game, events: list[Event]) -> Question:
        """Ask ``company``'s income after ``action``."""
        before, now = position.income(company), after.income(company)
        values = dict(round=round_name(position.active_round()), company=company, income=position.money(before),
                      move=say(position, action))
        prompt = (msg("{round}: {company}'s income is {income}. {move}. What is {company}'s income after this build?",
                      **values) if any(e.kind == "build" for e in events) else
                  msg("{round}: {company}'s income is {income}. {move}. What is {company}'s income after this move?",
                      **values))
        changes = [e for e in events if (e.data.get("railroad") or e.data.get("company")) == company
                   and e.kind != "dividend"]
        explanation = msg("{company}'s income goes from {before} to {after}.\n{events}", company=company,
                          before=position.money(before), after=position.money(now), events=event_lines(changes))
        return question(self, position, prompt, "number", now, explanation, [e.rule for e in changes])
