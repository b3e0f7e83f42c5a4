"""Phases (18xx): what the next phase changes when the train that starts it is bought.

Rules: ``trains.phase`` (the first train of a kind starts its phase: tile colours, the train limit, operating
rounds per set), ``trains.limit``, ``trains.rust``.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, colour_word, join, msg, nmsg, phase_word, round_name, train_limit_text
from .kind import Kind, consequence, event_lines, legal_of_type, question, say_purchase, title_rule
from .question import Question
from .rust import bought_from_bank


def colours_text(colours) -> str:
    """Tile colours as the data names them (``["yellow", "green"]``), each in the current language where shown."""
    return join(", ", [colour_word(c) for c in colours])


def describe(phase) -> str:
    """One line for a phase of the title's facts: its name, tile colours, train limit and operating rounds."""
    return nmsg("Phase {phase}: {colours} tiles; train limit {limit}; {rounds} operating round per set",
                "Phase {phase}: {colours} tiles; train limit {limit}; {rounds} operating rounds per set",
                phase.operating_rounds, phase=phase_word(phase.name), colours=colours_text(phase.tiles),
                limit=train_limit_text(phase.train_limit), rounds=phase.operating_rounds)


class NextPhase(Kind):
    """What begins when the train that starts the next phase is bought (choice among the title's phases)."""

    name = "next_phase"
    family = "18xx"
    summary = N_("what the next phase changes (tiles, train limit, operating rounds) when its train is bought")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a bank purchase that starts a phase."""
        return 2 if bought_from_bank(action, events) and any(e.kind == "phase" for e in events) else 0

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about a purchase that changes the phase, ``None`` where no legal purchase does."""
        for_sale = set(position.trains_for_sale())
        buys = [a for a in legal_of_type(position, "buy_train") if a.train in for_sale]
        if played in buys:
            buys = [played]
        rng.shuffle(buys)
        for buy in buys[:4]:
            after, events = consequence(position, buy)
            if after.phase() != position.phase():
                return self.ask(position, buy, after, events)
        return None

    def ask(self, position: Game, buy: Action, after: Game, events: list[Event]) -> Question:
        """Ask which phase begins and what it brings (choices: the phases of the title not reached yet, in their
        order: a phase never comes back, so one already past is no answer a learner should weigh)."""
        names = [p.name for p in position.facts.phases]
        ahead = position.facts.phases[names.index(position.phase()) + 1:]
        phases = {p.name: describe(p) for p in ahead}
        choices = list(phases.values())
        answer = phases[after.phase()]
        prompt = msg("{round}, phase {phase} (tiles {colours}; train limit {limit}): {purchase}. What begins?",
                     round=round_name(position.active_round()), phase=phase_word(position.phase()),
                     colours=colours_text(position.tile_colours()), limit=train_limit_text(position.train_limit()),
                     purchase=say_purchase(position, buy))
        explanation = msg("{answer}. After the purchase the game reports tiles {colours} and train limit {limit}."
                          "\n{events}", answer=answer, colours=colours_text(after.tile_colours()),
                          limit=train_limit_text(after.train_limit()),
                          events=event_lines(events, {"phase", "rust", "discard"}))
        return question(self, position, prompt, "choice", answer, explanation,
                        [title_rule(position, "trains.phase"), title_rule(position, "trains.limit")]
                        + [e.rule for e in events], choices=choices)
