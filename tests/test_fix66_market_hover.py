"""A share-market cell's hover names the cell by its price, as a player does, not by the data's row and column
indexes (stop 66's fresh-user pass: "(row 0, column 0)")."""
import pytest

import gamekit
from gamekit.i18n import using
from gamekit.viz.market import _cell_hover


@pytest.mark.parametrize("title, price", [("1830", "$60"), ("1837", "95K"), ("1894", "90 F")])
def test_the_first_cell_is_its_price(title, price):
    game = gamekit.new_game(title, ["Ann", "Ben", "Cy", "Di"])
    cell = next(c for c in game.market.cells.values() if (c.row, c.col) == (0, 0))
    hover = _cell_hover(game, cell)
    assert hover.split("<br>")[0] == price
    assert "row" not in hover and "column" not in hover


def test_the_top_cell_is_its_price_in_another_language_too():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"])
    top = max(game.market.cells.values(), key=lambda c: c.price)
    with using("nl"):
        assert _cell_hover(game, top).split("<br>")[0] == "$350"
