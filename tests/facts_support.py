"""Checks shared by the 1837 and 1894 data tests: our transcribed facts against the reference engine's states of
real games (``<log>.states.jsonl``, read through ``GAMEKIT_FIXTURES``)."""

from __future__ import annotations

from pathlib import Path

from gamekit.tracks.facts import TitleFacts
from gamekit.tracks.mapdata import TrackData, rotate

from .fixtures import reference_states


def placements(states: list[dict]) -> set[tuple[str, str, int]]:
    """Every ``(hex, tile id, rotation)`` the reference states show on the map."""
    out = set()
    for state in states:
        for coord, placed in state["tiles"].items():
            tile_id, rotation = placed.split("@")
            out.add((coord, tile_id, int(rotation)))
    return out


def check_against_states(log: Path, facts: TitleFacts, data: TrackData) -> list[dict]:
    """Assert that the states of ``log`` fit our facts; return the states for title-specific checks.

    Checked: the bank's first balance is our bank less the players' starting cash (0 for an unlimited bank);
    every corporation has our number of station tokens; every phase is ours and they come in our order; every
    train named is ours; every tile copy is in our manifest and every exit of a laid tile leaves the hex where our
    map allows track (printed borders).
    """
    states = reference_states(log)
    first = states[0]
    players = len(first["players"])
    bank = 0 if facts.unlimited_bank else facts.bank_cash
    assert first["bank"] == bank - players * facts.starting_cash[str(players)]
    for corp in first["corporations"]:
        assert len(corp["tokens"]) == len(facts.corporation(corp["id"]).tokens), corp["id"]
    order = [p.name for p in facts.phases]
    seen = [order.index(s["phase"]) for s in states]
    assert seen == sorted(seen)
    for state in states:
        if state["depot_next"]:
            facts.train(state["depot_next"].rpartition("-")[0])
    for coord, tile_id, rotation in placements(states):
        tile = data.tiles[data.tile_name(tile_id)]
        assert int(tile_id.rpartition("-")[2]) < (tile.count or 1 << 30), tile_id
        for a, b in tile.paths:
            for end in (a, b):
                if end.startswith("e"):
                    assert data.exit_allowed(coord, rotate(int(end[1:]), rotation)), (coord, tile_id, rotation)
    return states
