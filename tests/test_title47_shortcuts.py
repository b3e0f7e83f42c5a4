"""The titles' shortcuts of issue 32 against a fresh computation, at every position of real random games:
1837's round modules by class, its open companies kept by the companies closed, its mountain railways' lays found
when asked, its token step without the nationals' reservation block where nothing is lifted,
its train purchases between companies, 1894's test of a route between two stations, 1830's variant parts."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from gamekit.g18xx import operating, track
from gamekit.g18xx.game import ROUNDS
from gamekit.g18xx.state import OperatingRound
from gamekit.simulate import new_bot_game, play_random_game
from gamekit.titles.g1830 import variant
from gamekit.titles.g1837 import exchange, homes, mountain, start_packet, trains
from gamekit.titles.g1837.start_packet import PacketRound
from gamekit.titles.g1894 import routes as routes1894
from gamekit.tracks.board import corporation_cities
from gamekit.tracks.graph import reach
from gamekit.tracks.trains import train_facts, train_name


def positions(title: str, players: int, seed: int, cap: int, options=()):
    """Each position of a random game of ``title`` (``players`` seats, ``seed``), to its ``cap``-th action: the
    game is rebuilt by playing the same actions again and yielded before each."""
    played = play_random_game(title, players, seed, cap=cap, options=options)
    game = new_bot_game(title, players, seed, options)
    with game.batch():
        for action in played.actions:
            yield game
            game.process(action)


def round_module_fresh(game):
    """The module playing the round, found by the round's class and its bases."""
    rnd = game.state.round
    if isinstance(rnd, PacketRound):
        return start_packet
    if isinstance(rnd, exchange.ExchangeRound):
        return exchange
    return ROUNDS[type(rnd)]


@pytest.mark.parametrize("options", [(), ("edition=1st", "packet=1st")])
def test_1837_round_module_by_class(options):
    seen = set()
    closed = 0
    for game in positions("1837", 4, 3, 6000, options):
        assert game._round_module() is round_module_fresh(game)
        seen.add(type(game.state.round).__name__)
        shut = game.state.title.closed
        assert game.corporations() == tuple(c.sym for c in game.facts.corporations if c.sym not in shut)
        closed = max(closed, len(shut))
    assert {"StockRound", "OperatingRound", "ExchangeRound"} <= seen and closed >= 5
    assert seen & {"PacketRound", "FirstEditionPacket"}


def test_1837_token_choices_without_the_block():
    token_steps = lifted = 0
    for game in (g for seed in (1, 2) for g in positions("1837", 4, seed, 7000)):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.step not in ("track", "token") or rnd.pending_tokens:
            continue  # the track step lists the stations too (the token step is taken with it)
        corp = operating.operating(game)
        token_steps += 1
        board_before = (dict(game.state.board.hex_reservations), repr(game.state.board.tokens))
        with homes.kept_last_spaces(game, corp):
            fresh = track.token_choices(game, corp)
        lifted += bool(homes._liftable(game.state.board, corp))
        assert homes.token_choices(game, corp) == fresh
        assert (dict(game.state.board.hex_reservations), repr(game.state.board.tokens)) == board_before
    assert token_steps > 500 and lifted > 0


def may_buy_fresh(game, corp: str, train_id: str, from_corporation: bool) -> bool:
    """Rules ``1837:trains.goods``, ``1837:trains.financing``, ``1837:trains.buy`` read from the facts and the
    state."""
    if not train_facts(game.facts, train_id).goods and game.facts.corporation(corp).kind == "coal":
        return False
    if from_corporation:
        owner = next((s for s, c in game.state.corporations.items() if train_id in c.trains), None)
        return game.event_fired(trains.ACROSS) and (owner is None or game.state.corporations[owner].cash >= 0)
    discarded = game.state.depot.discarded
    same = [t for t in discarded if train_name(t) == train_name(train_id)]
    return train_id not in discarded or same[0] == train_id


def test_1837_may_buy_train_matches_the_rules():
    asked = refused = 0
    for seed in (1, 2):
        for game in positions("1837", 4, seed, 7000):
            rnd = game.state.round
            if not isinstance(rnd, OperatingRound) or rnd.step != "buy_train":
                continue
            corp = operating.operating(game)
            held = [t for c in game.state.corporations.values() for t in c.trains]
            for train_id in held:
                asked += 1
                answer = game.may_buy_train(corp, train_id, True)
                refused += not answer
                assert answer == may_buy_fresh(game, corp, train_id, True)
            for train_id in list(game.state.depot.upcoming[:3]) + list(game.state.depot.discarded):
                assert game.may_buy_train(corp, train_id, False) == may_buy_fresh(game, corp, train_id, False)
    assert asked > 1000 and refused > 0


def has_route_fresh(data, board, corporation: str) -> bool:
    """Rule ``1894:trains.must-buy``: every station walked alone on a copy of the whole board's tokens."""
    stations = {(coord, "city", city) for coord, city in corporation_cities(board, corporation)}
    if reach(data, board, corporation).nodes - stations:
        return True
    for coord, _, city in stations:
        alone = {h: [[None if name == corporation and (h, i) != (coord, city) else name for name in slots]
                     for i, slots in enumerate(cities)] for h, cities in board.tokens.items()}
        if reach(data, replace(board, tokens=alone), corporation).nodes - {(coord, "city", city)}:
            return True
    return False


def test_1894_has_route_matches_whole_board_walks():
    alone = joined = 0
    for seed in (1, 2, 3):
        for at, game in enumerate(positions("1894", 4, seed, 3000)):
            if at % 3:
                continue
            board = game.state.board
            for corp in game.state.corporations:
                cities = corporation_cities(board, corp)
                if not cities:
                    continue
                answer = routes1894.has_route(game.track, board, corp)
                assert answer == has_route_fresh(game.track, board, corp), (seed, at, corp)
                joined += answer
                alone += len(cities) > 1 and not answer
    assert joined > 100


def test_1830_kept_variant_parts():
    for size in range(len(variant.OPTIONS) + 1):
        for chosen in combinations(sorted(variant.OPTIONS + ("dh_token_free",)), size):
            assert variant.kept_parts_of(chosen) == variant.parts_of(chosen)
    game = new_bot_game("1830", 4, 1, ("coalfields", "reading"))
    assert game.variant_parts() == ("reading", "coalfields", "both")


def test_1837_mountain_lays_found_when_asked():
    """The mountain railways' lazy group lists, after the round's groups, exactly the lays ``legal_actions`` lists
    eagerly (the random draw measures it only when it takes a lay)."""
    asked = laid = 0
    for seed in (1, 3):
        for game in positions("1837", 4, seed, 7000):
            corp = game._mountain_layer()
            if corp is None or mountain.lay_group(game, corp) is None:
                continue
            asked += 1
            lays = list(mountain.lay_group(game, corp).actions())
            laid += bool(lays)
            assert lays == mountain.lay_choices(game, corp)
            assert lays == [a for a in game.legal_actions() if a.entity != corp and a.type == "lay_tile"]
            assert [a for g in game.action_groups() for a in g.actions()] == game.legal_actions()
    assert asked > 500 and laid > 10
