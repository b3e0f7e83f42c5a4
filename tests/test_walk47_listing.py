"""The tile-lay listing's candidates by colour and the walk memo's token count (issue 32), against fresh answers
along seeded random games of 1830, 1894 and 1837 (positions built by legal play).

:func:`gamekit.tracks.lay.find_lays` reads only the candidates of the phase's colours, found once per listing
and colours (``_NetworkLays.of_colours``); at track steps its answer, asked with the phase's colours and with
every colour, must equal the legal lays filtered from every candidate of a listing made on an empty memo.
:func:`gamekit.tracks.graph.reach` counts the corporation's tokens only once a kept walk's footprint holds: a
token of the corporation added outside the footprint must still make it walk again. Rules: ``1830:track.connect``,
``1830:track.colour``, ``1830:token.connect``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import graph, lay
from gamekit.tracks.board import lowest_free_copies
from gamekit.tracks.mapdata import COLOURS


def _options(game, corp: str) -> dict:
    """The options the track step passes to the listing (cash as the corporation has it)."""
    colours, _ = game.lay_colours(corp, None)
    return dict(phase_colours=colours, cash=game.state.corporations[corp].cash,
                blocked_hexes=track.blocked_hexes(game), restrictive=game.restrictive_upgrades(),
                upgrades=game.upgrade_rules)


def _reference(game, corp: str, options: dict) -> list[tuple[str, str, int, int]]:
    """The legal lays of ``corp`` filtered from every candidate of a listing made on an empty memo (each candidate
    checked by colour, supply, blocked hex, cash, kept city and, for an upgrade, by laying it on a trial board)."""
    data = replace(game.track, cache={})
    board = game.state.board
    upgrades = options["upgrades"]
    walked_on = lay.network_board(board, corp, upgrades)
    walk = graph._trail(data, walked_on, corp)
    reach_rule = lay._reach_rule(options["restrictive"], upgrades)
    listing = lay._NetworkLays(walk, corp, reach_rule, lay._shape_rules(upgrades))
    copies = lowest_free_copies(data, board)
    out = []
    for coord, old, hex_lay in listing.of_colours(data, walked_on, COLOURS):
        tile_id = copies.get(hex_lay.name)
        if (tile_id is None or hex_lay.colour not in options["phase_colours"] or coord in options["blocked_hexes"]
                or hex_lay.cost > options["cash"]
                or lay._misplaced_holder(board, coord, data.tiles[hex_lay.name], hex_lay.city_map)):
            continue
        if reach_rule != "permissive" and hex_lay.upgrade and \
                not lay._usable(data, board, corp, old, hex_lay, tile_id, reach_rule, upgrades):
            continue
        out.append((coord, tile_id, hex_lay.rotation, hex_lay.cost))
    return out


@pytest.mark.parametrize("title, seed, every", [("1830", 3, 2), ("1894", 5, 2), ("1837", 2, 10)])
def test_listing_by_colours_equals_every_candidate_filtered_afresh(title, seed, every):
    game = game_class(title)([f"P{i + 1}" for i in range(4)], seed=seed)
    rng = GameRandom(seed)
    compared = listed = upgrades = seen = 0
    while not game.is_over and compared < 30:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            seen += 1
            if seen % every == 0:
                options = _options(game, corp)
                for colours in (options["phase_colours"], COLOURS, options["phase_colours"]):
                    asked = dict(options, phase_colours=tuple(colours))
                    warm = list(lay.find_lays(game.track, game.state.board, corp, **asked))
                    assert warm == _reference(game, corp, asked), (title, seed, len(game.actions), corp, colours)
                    listed += len(warm)
                    upgrades += sum(1 for coord, *_ in warm if coord in game.state.board.tiles)
                compared += 1
        game.process(random_action(game, rng))
    assert compared >= 15
    assert listed >= 20 and upgrades > 0  # lays were listed, upgrades among them (every colour asked)


@pytest.mark.parametrize("title, seed", [("1830", 4), ("1837", 6)])
def test_a_token_outside_the_footprint_walks_again(title, seed):
    """A kept walk whose footprint's tiles and tokens still hold is not the answer once the corporation has a token
    elsewhere (its count differs): the walk from the new token city adds to the network."""
    game = game_class(title)([f"P{i + 1}" for i in range(4)], seed=seed)
    rng = GameRandom(seed)
    tried = 0
    while not game.is_over and tried < 5:
        game.process(random_action(game, rng))
        board, data = game.state.board, game.track
        corp = game.current_entity
        if corp not in game.state.corporations or not graph.corporation_cities(board, corp):
            continue
        walk = graph.reach(data, board, corp)
        outside = next(((coord, city) for coord, cities in sorted(board.tokens.items()) if coord not in walk.edges
                        for city, slots in enumerate(cities) if slots and slots[0] is None), None)
        if outside is None:
            continue
        coord, city = outside
        trial = lay._trial_board(board)
        trial.tokens[coord] = [list(slots) for slots in board.tokens[coord]]
        trial.tokens[coord][city][0] = corp
        answer = graph.reach(data, trial, corp)
        assert answer is not walk
        fresh = graph._trail(replace(data, cache={}), trial, corp)
        assert (answer.nodes, answer.paths, answer.edges) == (fresh.nodes, fresh.paths, fresh.edges)
        assert (coord, "city", city) in answer.nodes
        assert graph.reach(data, board, corp) is walk  # the board as it is still finds its kept walk
        tried += 1
    assert tried == 5
