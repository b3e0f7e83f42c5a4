"""The end of an 18xx game: triggers from the facts (``end_triggers``) and their timing (rules ``end.*``).

``immediate`` ends the game at once; ``current_or`` at the end of this operating round; ``full_or`` at the end of
this set of operating rounds; ``one_more_full_or_set`` after the set that follows this one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event
from ..i18n import Message, N_, msg
from .query import BANKRUPTCIES

if TYPE_CHECKING:
    from .game import Game18xx

CAUSES = {"bank": N_("The bank has run out of money"),
          "stock_market": N_("A share price reached the end of the market"),
          "final_phase": N_("The last phase begins"), "final_train": N_("The last train is sold")}
"""What fired each pending end trigger, as its event says."""
WHEN = {"current_or": N_("this operating round"), "full_or": N_("this set of operating rounds"),
        "one_more_full_or_set": N_("the next full set of operating rounds")}
"""When a pending trigger ends the game, by its timing (``EndTriggerFacts.timing``)."""
ENDED = {"bankrupt": N_("A player went bankrupt"), "bank": N_("The bank broke"),
         "stock_market": N_("A share price reached the end of the market"),
         "final_phase": N_("The last phase began"), "final_train": N_("The last train was sold")}
OVER = {"immediate": None, "current_or": N_("{ended} and the last operating round is over"),
        "full_or": N_("{ended} and the last set of operating rounds is over"),
        "one_more_full_or_set": N_("{ended} and the last set of operating rounds is over")}
"""The outcome's text: why the game ended (``ENDED``), inside the template of the rounds its timing waited for
(``OVER``; none for an immediate end)."""


def outcome_text(game: "Game18xx", reason: str) -> Message:
    """The outcome's text for the end ``reason`` under the title's timing of it (1830's bank: "The bank broke and
    the last set of operating rounds is over"; 1837's: "… and the last operating round is over"), and 1837's
    bankruptcy end, which needs all players but one bankrupt (``players``), in the sentence
    :data:`~gamekit.g18xx.query.BANKRUPTCIES` words it with."""
    facts = game.facts.end_trigger(reason)
    if reason == "bankrupt" and facts is not None and facts.players in BANKRUPTCIES:
        return Message(BANKRUPTCIES[facts.players][2], {})
    ended, over = Message(ENDED[reason], {}), OVER[facts.timing if facts else "immediate"]
    return Message(over, {"ended": ended}) if over else ended


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
        return [Event(game.rule(f"end.{reason}"), msg("{outcome}: the game ends", outcome=outcome_text(game, reason)),
                      "game_end",
                      {"reason": reason})]
    state.end_pending[reason] = facts.timing
    return [Event(game.rule(f"end.{reason}"), msg("{cause}: the game ends after {when}",
                                                  cause=Message(CAUSES[reason], {}),
                                                  when=Message(WHEN[facts.timing], {})),
                  "bank_broken" if reason == "bank" else "end_triggered", {"reason": reason})]


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
            return events + [Event(game.rule(f"end.{reason}"), msg("{outcome}: the game ends",
                                                                   outcome=outcome_text(game, reason)),
                                   "game_end", {"reason": reason})]
    if last_of_set:
        for reason, timing in state.end_pending.items():
            if timing == "one_more_full_or_set":
                state.end_pending[reason] = "full_or"
    return events
