"""Compare our 1830-family state with a reference state line of 18xx.games (``<log>.states.jsonl``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gamekit.tracks import board as boards
from gamekit.tracks.shares import IPO, POOL

from .fixtures import replay_with_references


def our_view(game) -> dict:
    """Our state in the reference's shape (the keys we compare)."""
    state = game.state
    market = game.market
    players = []
    for p in game.players:
        ps = state.players[p.id]
        shares = {corp: state.ledger.certs(p.id, corp) for corp in state.ledger.corporations_of(p.id)}
        players.append({"id": p.id, "cash": ps.cash, "shares": shares, "companies": sorted(ps.privates),
                        "value": game.player_value(p.id)})
    corps = []
    for sym, cs in state.corporations.items():
        corps.append({
            "id": sym, "cash": cs.cash, "floated": cs.floated,
            "share_price": market.cell(cs.price).id if cs.price else None,
            "par_price": market.cell(cs.par).id if cs.par else None,
            "president": cs.president,
            "ipo_shares": state.ledger.certs(IPO, sym), "market_shares": state.ledger.certs(POOL, sym),
            "trains": list(cs.trains), "companies": sorted(cs.privates),
            "tokens": [_token_city(game, sym, coord) for coord in cs.tokens],
        })
    tiles = {coord: f"{tile_id}@{rot}" for coord, (tile_id, rot) in state.board.tiles.items()}
    upcoming = state.depot.upcoming
    return {"bank": state.bank, "players": {p["id"]: p for p in players}, "priority_order": list(state.seat_order),
            "corporations": {c["id"]: c for c in corps}, "tiles": tiles,
            "phase": game.facts.phases[state.depot.phase].name, "depot_next": upcoming[0] if upcoming else None}


def _token_city(game, corp: str, coord: str | None) -> str | None:
    if coord is None:
        return None
    board = game.state.board
    city = next((i for i, slots in enumerate(board.tokens[coord]) if corp in slots), None)
    # a token lifted by an upgrade is off the board until the laying corporation places it (1830:track.tokens)
    return None if city is None else boards.city_id(game.track, board, coord, city)


def reference_view(ref: dict) -> dict:
    """The reference line reduced to the keys :func:`our_view` produces (player ids as strings)."""
    players = [{"id": str(p["id"]), "cash": p["cash"], "shares": p["shares"], "companies": sorted(p["companies"]),
                "value": p["value"]} for p in ref["players"]]
    corps = [{"id": c["id"], "cash": c["cash"], "floated": c["floated"], "share_price": c["share_price"],
              "par_price": c["par_price"], "president": None if c["president"] is None else str(c["president"]),
              "ipo_shares": c["ipo_shares"], "market_shares": c["market_shares"], "trains": c["trains"],
              "companies": sorted(c["companies"]), "tokens": c["tokens"]} for c in ref["corporations"]]
    return {"bank": ref["bank"], "players": {p["id"]: p for p in players},
            "priority_order": [p["id"] for p in players], "corporations": {c["id"]: c for c in corps},
            "tiles": ref["tiles"], "phase": ref["phase"], "depot_next": ref["depot_next"]}


def differences(ours: dict, ref: dict, path: str = "") -> list[str]:
    """List every place where two nested JSON values differ (``path: ours != reference``)."""
    if isinstance(ours, dict) and isinstance(ref, dict):
        out = []
        for key in sorted(set(ours) | set(ref), key=str):
            out += differences(ours.get(key), ref.get(key), f"{path}.{key}")
        return out
    if isinstance(ours, list) and isinstance(ref, list) and len(ours) == len(ref) and all(
            isinstance(x, dict) for x in ours + ref):
        out = []
        for i, (a, b) in enumerate(zip(ours, ref)):
            out += differences(a, b, f"{path}[{a.get('id', i)}]")
        return out
    return [] if ours == ref else [f"{path}: ours {ours!r} != reference {ref!r}"]


def assert_state_matches_reference(log: Path, ours: Callable = our_view, reference: Callable = reference_view) -> int:
    """Replay ``log`` and assert that ``ours(game)`` equals ``reference(ref)`` before the first action and after
    every action (the first five differences are named with the action's log id and type); return the number of
    positions compared (actions + 1). ``ours``/``reference`` default to the 1830-family views of this module; a
    title passes its own where its state or the reference's differs in shape."""
    steps = 0
    for raw, game, ref in replay_with_references(log):
        diff = differences(ours(game), reference(ref))
        where = "setup" if raw is None else f"action {raw['id']} ({raw['type']})"
        assert diff == [], f"after {where}: {diff[:5]}"
        steps += 1
    return steps
