"""The end of the game (cube rails): whether the dividends about to be paid end it, and by which condition.

Rules: the title's ``end`` section and its subsections (American Rails ``ar:end.years``, ``ar:end.shares``,
``ar:end.supplies``; Continental Divide ``cd:end``).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..rules import rule_sections
from .cube_dividend import paying_move
from ..i18n import N_, Message, msg, round_name
from ..saved_texts import RuleHeading, without_reference
from .kind import Kind, question, say
from .question import Question

GOES_ON = N_("No, the game goes on")


def end_conditions(game: Game) -> dict[str, RuleHeading]:
    """Return rule id → heading (rendered in the current language) of the conditions that end ``game``'s title: the
    subsections of its ``end`` section (the section itself when it has none), leaving out who wins."""
    sections = rule_sections(game.rule_prefix)
    top = f"{game.rule_prefix}:end"
    subs = {rule: _plain(heading, rule) for rule, (heading, _) in sections.items()
            if rule.startswith(top + ".") and not rule.endswith(".winner")}
    return subs or {top: _plain(sections[top][0], top)}


def _plain(heading: str, rule: str) -> RuleHeading:
    """A rule's heading as a choice reads it, in the learner's language: without the rulebook's paragraph reference
    (``"The end of the game (ref. 29)"`` → ``"The end of the game"``; the explanation's rule text keeps it)."""
    return RuleHeading(without_reference(heading), rule)


class EndCondition(Kind):
    """Does the game end after these dividends, and why (choice)?"""

    name = "end_condition"
    family = "cube"
    summary = N_("whether the game ends after the coming dividends, and by which condition")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before the move whose dividends end the game, 1 before another move that pays dividends."""
        if not any(e.kind == "dividend" and e.rule.endswith(":dividends") for e in events):
            return 0
        return 2 if any(e.kind == "end" or e.rule.split(":", 1)[1].startswith("end") for e in events) else 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about the move played next (at a position with nothing played, a legal move drawn that
        pays dividends), ``None`` when it pays none."""
        found = paying_move(position, played, rng)
        if found is None:
            return None
        played, after, _ = found
        conditions = end_conditions(position)
        goes_on = Message(GOES_ON, {})
        choices = [goes_on] + [msg("Yes: {condition}", condition=heading) for heading in conditions.values()]
        outcome = after.outcome
        if outcome is None:
            answer = goes_on
            why = msg("After the dividends the game goes on ({round}).", round=round_name(after.active_round()))
        else:
            rule = outcome.rule if outcome.rule in conditions else next(iter(conditions))
            answer = msg("Yes: {condition}", condition=conditions[rule])
            why = msg("The game ends: {outcome} [{rule}].", outcome=outcome.text, rule=outcome.rule)
        prompt = msg("{round}: {move}; then dividends are paid. Does the game end after these dividends?",
                     round=round_name(position.active_round()), move=say(position, played))
        return question(self, position, prompt, "choice", answer, why, list(conditions)
                        + ([outcome.rule] if outcome else []), choices=choices)
