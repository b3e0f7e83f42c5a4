"""The end of an 18xx game: triggers from the facts (``end_triggers``) and their timing (rules ``end.*``).

``immediate`` ends the game at once; ``current_or`` at the end of this operating round; ``full_or`` at the end of
this set of operating rounds; ``one_more_full_or_set`` after the set that follows this one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event

if TYPE_CHECKING:
    from .game import Game18xx

OUTCOME_TEXTS = {"bank": "The bank broke and the last set of operating rounds is over",
                 "bankrupt": "A player went bankrupt",
                 "stock_market": "A share price reached the end of the market and the last operating rounds are over",
                 "final_phase": "The last phase began and the last operating rounds are over",
                 "final_train": "The last train was sold and the last operating rounds are over"}
"""The outcome's text per end reason."""

TRIGGER_TEXTS = {"bank": "The bank has run out of money: the game ends after this set of operating rounds",
                 "stock_market": "A share price reached the end of the market: the game will end",
                 "final_phase": "The last phase begins: the game will end",
                 "final_train": "The last train is sold: the game will end"}


def trigger(game: "Game18xx", reason: str) -> list[Event]:
    """Fire the end trigger ``reason`` when the title has it (and it has not fired): at once, or remembered for
    the end of the operating round or set its timing names."""
    state = game.state
    facts = game.facts.end_trigger(reason)
    if facts is None or reason in state.end_pending or state.end_reason:
        return []
    if reason == "bank":
        state.bank_broken = True
    if facts.timing == "immediate":
        state.end_reason = reason
        return [Event(game.rule(f"end.{reason}"), OUTCOME_TEXTS[reason] + ": the game ends", "game_end",
                      {"reason": reason})]
    state.end_pending[reason] = facts.timing
    return [Event(game.rule(f"end.{reason}"), TRIGGER_TEXTS[reason], "bank_broken" if reason == "bank" else
                  "end_triggered", {"reason": reason})]


def check_bank(game: "Game18xx") -> list[Event]:
    """A finite bank below 0 has broken: the ``bank`` end trigger fires (rule ``end.bank``). Any payment may
    break it (a dividend, a sale to the pool, a private's revenue, a float's capital), so this is asked after
    every action and before an operating round's end is judged, not only after dividends."""
    state = game.state
    if state.bank is not None and state.bank < 0 and not state.bank_broken:
        return trigger(game, "bank")
    return []


def at_end_of_round(game: "Game18xx", last_of_set: bool) -> list[Event]:
    """At the end of an operating round: end the game where a pending trigger's timing is reached (a bank
    broken by any payment of the round counts); a ``one_more_full_or_set`` trigger becomes ``full_or`` at the
    end of its set."""
    state = game.state
    events = check_bank(game)
    for reason, timing in sorted(state.end_pending.items()):
        if timing == "current_or" or (timing == "full_or" and last_of_set):
            state.end_reason = reason
            text = "The bank is broken and the set of operating rounds is over: the game ends" \
                if reason == "bank" else OUTCOME_TEXTS[reason] + ": the game ends"
            return events + [Event(game.rule(f"end.{reason}"), text, "game_end", {"reason": reason})]
    if last_of_set:
        for reason, timing in state.end_pending.items():
            if timing == "one_more_full_or_set":
                state.end_pending[reason] = "full_or"
    return events
