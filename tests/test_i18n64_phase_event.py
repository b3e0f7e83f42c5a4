"""A new phase's event counts its operating rounds with a real plural ("2 operating rounds per set", "1 operating
round"), in every language (rule ``trains.phase``); it was "operating round(s)"."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.i18n import ngettext, using

SINGULAR = "Phase {phase} begins: tiles {tiles}, train limit {limits}, {rounds} operating round per set"
PLURAL = "Phase {phase} begins: tiles {tiles}, train limit {limits}, {rounds} operating rounds per set"


@pytest.fixture(scope="module")
def phase_events():
    game = play_seats("1830", ["random"] * 4, 1)
    return [e for _, events in game.history() for e in events if e.kind == "phase"]


def test_the_phase_event_says_rounds_in_english_and_catalan(phase_events):
    first = phase_events[0]
    assert first.text == "Phase 3 begins: tiles yellow, green, train limit 4, 2 operating rounds per set"
    assert not any("round(s)" in e.text for e in phase_events)
    with using("ca"):
        assert first.local_text == ("Comença la fase 3: tessel·les de color groc, verd, límit de trens 4, 2 rondes "
                                    "d'operacions per conjunt")
    with using("es"):
        assert first.local_text.endswith(", 2 rondas de operaciones por conjunto")
    with using("nl"):
        assert first.local_text.endswith(", 2 bedrijfsrondes per reeks")
    with using("zh"):
        assert first.local_text.endswith("每组 2 个操作回合")


@pytest.mark.parametrize("lang, one, two", [
    ("en", "1 operating round per set", "2 operating rounds per set"),
    ("es", "1 ronda de operaciones por conjunto", "2 rondas de operaciones por conjunto"),
    ("ca", "1 ronda d'operacions per conjunt", "2 rondes d'operacions per conjunt"),
    ("nl", "1 bedrijfsronde per reeks", "2 bedrijfsrondes per reeks"),
    ("zh", "每组 1 个操作回合", "每组 2 个操作回合")])
def test_one_round_and_several_in_every_language(lang, one, two):
    """No title's phase event has one round (each title's first phase, the one with a single round, starts the
    game without an event), so the singular is read from the catalogue."""
    with using(lang):
        assert one in ngettext(SINGULAR, PLURAL, 1).format(phase="2", tiles="", limits="", rounds=1)
        assert two in ngettext(SINGULAR, PLURAL, 2).format(phase="3", tiles="", limits="", rounds=2)
