"""1837's facts read once per game answer as the facts do, along random games (issue 32): the companies' kinds and
the coal companies (``Game1837._kinds``, ``_coal``) behind the train rules (``may_buy_train``,
``trains_buyable_from``), and the mountain railways' tile lays kept with the facts (``mountain._abilities``) behind
the railways' lays; and an operating round's groups, built without 1837's stock-round filter, list the legal
actions."""

from __future__ import annotations

from collections import defaultdict

import pytest

from gamekit.g18xx import track
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.titles.g1837 import mountain
from gamekit.tracks.trains import train_facts


def _fresh_buyable(game, corp: str, other: str) -> list[str]:
    """The trains ``corp`` may buy from ``other`` by the rules, read from the facts (rules
    ``1837:trains.financing``, ``1837:trains.goods``)."""
    facts = game.facts
    seller = game.state.corporations[other]
    if seller.cash < 0 and facts.corporation(other).kind in ("major", "national"):
        return []
    if facts.corporation(corp).kind == "coal":
        return [t for t in seller.trains if train_facts(facts, t).goods]
    return list(seller.trains)


def _fresh_wanted(game, corp: str) -> list[tuple[str, str, list[str]]]:
    """The railway hexes and tiles open to ``corp``'s president's mountain railways now, read from the facts."""
    owner = game.state.corporations[corp].president
    colours, _ = game.lay_colours(corp, None)
    out = []
    for sym in game.state.players[owner].privates:
        ability = game.facts.private(sym).tile_lay
        if ability is None:
            continue
        for coord in ability.hexes:
            if coord in game.state.board.tiles and not track.upgrades_left(game):
                continue
            names = mountain._tiles_by_colour(game, sym, coord, colours)
            if names:
                out.append((sym, coord, names))
    return out


def _by_type(actions) -> dict[str, list]:
    out = defaultdict(list)
    for action in actions:
        out[action.type].append(action)
    return dict(out)


@pytest.mark.parametrize("players, seed", [(4, 1), (6, 2)])
def test_facts_read_once_answer_as_the_facts_along_a_random_game(players, seed):
    game = new_bot_game("1837", players, seed)
    rng = GameRandom(seed)
    asked = defaultdict(int)
    abilities = {p.sym: p.tile_lay for p in game.facts.privates if p.tile_lay is not None}
    for _ in range(3000):
        if game.is_over:
            break
        corporations = game.state.corporations
        for corp in corporations:
            assert game.kind(corp) == game.facts.corporation(corp).kind
            assert (corp in game._coal) == (game.facts.corporation(corp).kind == "coal")
        if game.trains_change_hands():
            for corp in corporations:
                for other in corporations:
                    if other != corp and corporations[other].trains:
                        assert game.trains_buyable_from(corp, other) == _fresh_buyable(game, corp, other)
                        asked["coal buyer" if corp in game._coal else "other buyer"] += 1
        rnd = game.state.round
        if isinstance(rnd, OperatingRound):
            corp = game._mountain_layer()
            if corp and track.lays_left(game) and game.state.corporations[corp].president in game.state.players:
                assert mountain._abilities(game) == abilities
                wanted = mountain._wanted(game, corp)
                assert (wanted[1] if wanted else []) == _fresh_wanted(game, corp)
                asked["railway hexes open" if wanted else "no railway hex open"] += 1
            groups = [a for g in game.action_groups() for a in g.actions()]
            assert _by_type(groups) == _by_type(game.legal_actions())
            asked["operating positions"] += 1
        game.process(random_action(game, rng))
    # both kinds of buyer once trains change hands, track steps with and without a railway's hex open
    assert len(asked) == 5 and all(asked.values()), dict(asked)
