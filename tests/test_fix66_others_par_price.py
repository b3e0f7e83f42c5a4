"""A par at a price that is no par price is refused under the par rule, naming the price as money (needs the
OTHERS commits on gamekit/sentences.py and gamekit/g18xx/stock.py)."""
import pytest

import gamekit
from gamekit.actions import action_types
from gamekit.errors import GameError


@pytest.mark.parametrize("title, log, stop_at, text, says", [
    ("1830", "26855", 28, "117 pars PRR at 95", "'117 pars PRR at 95' is not legal now: $95 is not a par price"),
    ("1894", "1894_game_end_bankrupt", 38, "17193 pars Ouest at 85",
     "'17193 pars Ouest at 85' is not legal now: 85 F is not a par price"),
])
def test_reading_a_par_at_no_par_price(title, log, stop_at, text, says):
    game = gamekit.open_real_game(title, log, stop_at=stop_at)
    with pytest.raises(GameError) as refused:
        game.parse_action(text)
    assert refused.value.rule == f"{title}:stock.par"
    assert str(refused.value.message) == says


def test_processing_a_par_at_a_market_cell_that_is_no_par_names_its_price():
    game = gamekit.open_real_game("1830", "26855", stop_at=28)
    par = action_types()["par"](entity="117", corporation="PRR", share_price="76,2,5")
    with pytest.raises(GameError) as refused:
        game.process(par)
    assert str(refused.value) == "$76 is not a par price (rule 1830:stock.par)"
