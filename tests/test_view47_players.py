"""The players table heads ``player_value`` with what it is in the title: Continental Divide's victory points
are not money (every player starts with cash and no points), American Rails' value is the money itself."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import gamekit  # noqa: E402
from gamekit.viz import player_value_column  # noqa: E402
from gamekit.widgets.parts import players_html  # noqa: E402


def rows(table: str) -> list[list[str]]:
    """The table's rows as lists of cell texts."""
    return [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]


def test_continental_divide_shows_cash_and_points_at_the_start():
    game = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=1)
    table = rows(players_html(game))
    assert table[0] == ["player", "cash", "victory points if the game ended now"]
    # before any share is bought: each player's starting cash (rule cd:setup.cash) and no points
    assert [r[1] for r in table[1:]] == [game.money(game.cash(p.id)) for p in game.players]
    assert all(game.cash(p.id) > 0 for p in game.players) and [r[2] for r in table[1:]] == ["0", "0", "0"]


def test_american_rails_value_is_the_money_and_18xx_value_is_money_too():
    ar = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    assert player_value_column(ar) is None
    assert rows(players_html(ar))[0] == ["player", "cash"]
    g = gamekit.new_game("1837", ["A", "B", "C"], seed=1)
    assert player_value_column(g) == ("value", True)
    first = rows(players_html(g))[1]
    assert first == ["A", g.money(g.cash("A")), g.money(g.player_value("A"))]
