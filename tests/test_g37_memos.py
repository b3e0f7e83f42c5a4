"""1837's answers kept or shortened for speed (issue 32) give the answers of the long way, which reads everything
afresh, at the positions of seeded random-bot games played legally by gamekit's rules:

- ``may_buy_train`` (asked for every train of every train-step listing: it reads its facts once per game and looks
  for a train's owner in debt among the majors and nationals only): coal companies buy goods trains only, trains
  pass between companies from the first 3-train on and never from one in debt, and the discard pile sells the
  first discarded of a type first (rules ``1837:trains.goods``, ``1837:trains.buy``, ``1837:trains.financing``);
- the map overlays applied, the hexes closed and the tile-lay rules (kept by the depot's phase and the train types
  sold; rules ``1837:map.bosnia``, ``1837:map.italy``);
- the corporations of which the player acting holds more than the holding limit (the limits kept per game; rule
  ``1837:stock.must-sell``);
- the bank's second halves of UG1 and UG3 on sale (the companies granting them kept per game; rule
  ``1837:auction.ug-halves``).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from gamekit.bots import play_seats
from gamekit.g18xx.state import OperatingRound, StockRound
from gamekit.titles.g1837 import board_events, selling, trains
from gamekit.titles.g1837.game import TOWN_MERGES, UPGRADE_REACH
from gamekit.tracks.lay import UpgradeRules
from gamekit.tracks.shares import IPO
from gamekit.tracks.trains import phase_index, train_facts, train_name

GAMES = ((4, 1), (5, 2))
"""(players, seed) of the random-bot games looked at: in the second, companies go into debt for financed trains."""
CAP = 2500


def _long_way(game, corp: str, train_id: str, from_corporation: bool) -> bool:
    """``may_buy_train`` from the facts and the whole state, every company looked at."""
    if game.facts.corporation(corp).kind == "coal" and not train_facts(game.facts, train_id).goods:
        return False
    if from_corporation:
        return game.event_fired(trains.ACROSS) and not any(
            c.cash < 0 and train_id in c.trains for c in game.state.corporations.values())
    discarded = game.state.depot.discarded
    return train_id not in discarded or \
        next(t for t in discarded if train_name(t) == train_name(train_id)) == train_id


def _overlays_long_way(game) -> frozenset[str]:
    """The overlays applied now, from every overlay's event or phase."""
    depot = game.state.depot
    return frozenset(name for name, overlay in game.track.overlays.items()
                     if (overlay.on_event and game.event_fired(overlay.on_event)) or
                     (overlay.on_phase and depot.phase >= phase_index(game.facts, overlay.on_phase)))


def _over_limit_long_way(game) -> list[str]:
    """The corporations of which the player acting holds more than its holding limit outside a zone allowing it."""
    if not isinstance(game.state.round, StockRound):
        return []
    state, who = game.state, game.current_entity
    return [corp for corp in state.ledger.corporations_of(who)
            if corp in state.corporations and state.corporations[corp].price is not None
            and state.ledger.percent_of(who, corp) > game.facts.max_holding_percent_of(corp)
            and not game.market.cell(state.corporations[corp].price).allows_over_60]


def _halves_long_way(game) -> list[str]:
    """The bank's second halves of UG1 and UG3 on sale: those in the IPO whose minor has floated."""
    state = game.state
    return [p.sym for p in game.facts.privates if not p.start_packet and p.grants_certificate is not None
            and state.ledger.owner.get(p.grants_certificate) == IPO
            and state.corporations[p.grants_certificate.rsplit("_", 1)[0]].floated]


def _check_map_and_limits(game, seen: dict) -> None:
    """Compare the overlays, closed hexes, tile-lay rules, holding limits and the bank's UG halves on sale with
    the long way."""
    halves = _halves_long_way(game)
    assert game._bank_halves() == halves
    seen["halves"] += bool(halves)
    overlays = _overlays_long_way(game)
    assert board_events.applied(game) == overlays
    assert board_events.closed_hexes(game) == game.track.closed_hexes(overlays)
    assert game.upgrade_rules == UpgradeRules(TOWN_MERGES, reach=UPGRADE_REACH[game.edition],
                                              closed_borders=overlays)
    over = _over_limit_long_way(game)
    assert list(selling._over_limit(game)) == over
    seen["overlays"].add(overlays)
    seen["over"] += bool(over)


@lru_cache(maxsize=None)
def _checked(players: int, seed: int) -> tuple[int, int, int, int, int, int, int]:
    """Play the seeded game comparing the answers: the map's and the holding limits' at every position, and at
    every operating-round position ``may_buy_train`` for every company against every train in play, in the depot
    or in the discard pile; returns the operating-round positions, the answers compared, the refusals among them,
    the positions with a company in debt, the different sets of overlays met, the positions where the player
    acting was over a holding limit and those where the bank had a UG half on sale."""
    seen = {"positions": 0, "answers": 0, "refused": 0, "debt": 0, "overlays": set(), "over": 0, "halves": 0}

    def check(game) -> None:
        state = game.state
        if game.is_over:
            return
        _check_map_and_limits(game, seen)
        if not isinstance(state.round, OperatingRound):
            return
        seen["positions"] += 1
        seen["debt"] += any(c.cash < 0 for c in state.corporations.values())
        held = [t for c in state.corporations.values() for t in c.trains]
        depot = list(dict.fromkeys(state.depot.upcoming[:8] + state.depot.discarded))
        for corp in state.corporations:
            for train_id, from_corporation in [(t, True) for t in held] + [(t, False) for t in depot]:
                answer = game.may_buy_train(corp, train_id, from_corporation)
                assert answer == _long_way(game, corp, train_id, from_corporation), (corp, train_id)
                seen["answers"] += 1
                seen["refused"] += not answer

    play_seats("1837", ["random"] * players, seed, cap=CAP, watch=check)
    return seen["positions"], seen["answers"], seen["refused"], seen["debt"], len(seen["overlays"]), seen["over"], \
        seen["halves"]


@pytest.mark.parametrize("players,seed", GAMES)
def test_may_buy_train_answers_as_the_long_way(players: int, seed: int) -> None:
    positions, answers, refused, *_ = _checked(players, seed)
    assert positions > 100 and refused > 0 and answers > refused


@pytest.mark.parametrize("players,seed", GAMES)
def test_overlays_limits_and_halves_answer_as_the_long_way(players: int, seed: int) -> None:
    # the overlays change in every game (Bosnia opens, Italy leaves), the bank sells a UG half for a while; the
    # checks ran at every position
    checked = _checked(players, seed)
    assert checked[4] >= 2 and checked[6] > 0


def test_a_game_reaches_a_company_in_debt() -> None:
    assert _checked(5, 2)[3] > 0
