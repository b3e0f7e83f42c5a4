"""Rusting (18xx): which trains leave the game when a corporation buys a train from the bank.

Rules: ``trains.rust`` (the first train of a kind rusts the trains its data names), ``trains.buy``.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from .kind import Kind, consequence, event_lines, legal_of_type, question, say_purchase, title_rule, train_kind
from ..i18n import N_, Message, msg, phase_word, round_name
from .question import Question

NONE = N_("No train rusts")


def rusted(events: list[Event]) -> list[str]:
    """The trains the ``events`` say rusted, in the order said."""
    return [t for e in events if e.kind == "rust" for t in e.data.get("trains", ())]


def rust_choice(kinds: list[str]) -> str:
    """The choice text naming the kinds that rust (``["2"]`` → ``"Every 2-train"``), rendered in the current
    language where it is shown."""
    if not kinds:
        return Message(NONE, {})
    choice = msg("Every {train}-train", train=kinds[0])
    for kind in kinds[1:]:
        choice = msg("{trains} and every {train}-train", trains=choice, train=kind)
    return choice


def bought_from_bank(action: Action, events: list[Event]) -> bool:
    """True when ``action`` bought a train from the bank (its purchase event names the bank as seller)."""
    return action.type == "buy_train" and any(e.kind == "buy_train" and e.data.get("from") == "bank"
                                              for e in events)


class Rust(Kind):
    """Which trains rust when this train is bought (choice: no train, or every train of the kinds owned)."""

    name = "rust"
    family = "18xx"
    summary = N_("which trains rust when a corporation buys a train from the bank")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a bank purchase that rusts trains, 1 before another bank purchase."""
        if not bought_from_bank(action, events):
            return 0
        return 2 if rusted(events) else 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about a purchase from the bank, ``None`` where none is legal."""
        for_sale = set(position.trains_for_sale())
        buys = [a for a in legal_of_type(position, "buy_train") if a.train in for_sale]
        buy = played if played in buys else (rng.choice(buys) if buys else None)
        if buy is None:
            return None
        _, events = consequence(position, buy)
        gone = rusted(events)
        answer = rust_choice(sorted({train_kind(t) for t in gone}, key=_kind_order))
        owned = sorted({train_kind(t) for c in position.corporations() for t in position.trains(c)}, key=_kind_order)
        choices = [rust_choice([])] + [rust_choice([k]) for k in owned]
        if answer not in choices:
            choices.append(answer)
        prompt = msg("{round}, phase {phase}: {purchase}. Which trains rust?",
                     round=round_name(position.active_round()),
                     phase=phase_word(position.phase()), purchase=say_purchase(position, buy))
        explanation = msg("{answer}.\n{events}", answer=answer,
                          events=event_lines(events, {"rust"}) or msg("- the purchase rusts nothing"))
        return question(self, position, prompt, "choice", answer, explanation,
                        [title_rule(position, "trains.rust"), title_rule(position, "trains.buy")]
                        + [e.rule for e in events], choices=choices)


def _kind_order(kind: str) -> tuple[int, str]:
    """Trains by their number first (``"2"`` < ``"10"``), then by name (``"D"``)."""
    digits = "".join(ch for ch in kind if ch.isdigit())
    return (int(digits) if digits else 99, kind)
