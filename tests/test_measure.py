"""Playout measurements: the same games as the random bot's, identical on one core, on local processes and on a
Dask cluster, saved as Parquet without loss."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from gamekit.compare.measure import COLUMNS, measure, measure_game
from gamekit.simulate import play_random_game


def test_a_row_describes_the_random_bots_game():
    row = measure_game("american-rails", ("random",) * 3, 3)
    game = play_random_game("american-rails", 3, 3)
    assert row["actions"] == len(game.actions)
    assert row["end_reason"] == game.outcome.reason
    assert row["winner"] == game.outcome.winners[0]
    ranking = game.outcome.ranking
    assert row["margin"] == ranking[0][1] - ranking[1][1]
    assert row["winner_seat"] == [p.id for p in game.players].index(row["winner"])
    assert row["rounds"] == 8  # the opening auctions and seven years
    assert row["decisions_per_turn"] == pytest.approx(row["actions"] / row["turns"])
    assert math.isnan(row["price_volatility"])  # American Rails has no share prices
    assert row["bots"] == "random,random,random"


def test_local_processes_and_one_core_agree(tmp_path):
    one = measure("american-rails", 3, 6, seed=11, workers=1)
    two = measure("american-rails", 3, 6, seed=11, workers=2, path=tmp_path / "ar.parquet")
    assert list(one.columns) == list(COLUMNS)
    assert list(one["seed"]) == list(range(11, 17))
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, pd.read_parquet(tmp_path / "ar.parquet"))


def test_a_dask_cluster_gives_the_same_table():
    import distributed
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        on_cluster = measure("continental-divide", 3, 4, seed=5, client=client)
    pd.testing.assert_frame_equal(on_cluster, measure("continental-divide", 3, 4, seed=5, workers=1))


def test_refuses_an_unknown_bot_or_player_count():
    with pytest.raises(ValueError, match="unknown bot"):
        measure("1830", 4, 1, bot="oracle")
    with pytest.raises(ValueError, match="2–6 players"):
        measure("1830", 7, 1)


@pytest.mark.parametrize("games, options, says", [
    (2.5, (), "games is a whole number of at least 1, not 2.5"),
    (0, (), "games is a whole number of at least 1, not 0"),
    (-1, (), "not -1"),
    (1, "optional_6_train", "options is a list of option names, e.g. ['optional_6_train'], not one text"),
])
def test_refuses_counts_and_options_it_cannot_play(games, options, says):
    with pytest.raises(ValueError) as info:
        measure("1830", 4, games, options=options)
    assert says in str(info.value)


def test_a_variant_is_measured_under_its_options():
    plain = measure("american-rails", 3, 3, seed=2, workers=1)
    variant = measure("american-rails", 3, 3, seed=2, workers=1, options=["first-edition-cash"])
    assert set(plain["options"]) == {""} and set(variant["options"]) == {"first-edition-cash"}
    assert list(plain["actions"]) != list(variant["actions"])  # 65 dollars each instead of 50 changes the games


@pytest.mark.parametrize("workers", [0, -2, True, 1.5])
def test_refuses_workers_the_command_line_refuses(workers):
    """``--workers 0`` is refused by the command line; ``workers=0`` ran on every core (``0 or cpu_count``)."""
    with pytest.raises(ValueError) as info:
        measure("1830", 4, 1, workers=workers)
    assert str(info.value) == f"workers is a whole number of at least 1, not {workers!r}"
