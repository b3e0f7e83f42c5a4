"""Reading a sentence the step cannot take is refused as ``process`` refuses that kind of action, whatever the
words' values (stop 66's fresh-user pass: 1837's "P1 pars BK at 100" in an operating round answered with the
step's help text, because 100K names no par cell and the words were never made an action)."""
import pytest

import gamekit
from gamekit.errors import GameError


@pytest.fixture(scope="module")
def laying_track():
    game = gamekit.open_real_game("1837", "1837_game_end_bank", stop_at=170)
    assert game.active_step.name == "Lay track"
    return game


@pytest.mark.parametrize("price", [100, 85])  # no par price in 1837, and one
def test_a_par_in_an_operating_round_is_not_the_steps_kind(laying_track, price):
    player = laying_track.players[0].id
    with pytest.raises(GameError) as refused:
        laying_track.parse_action(f"{player} pars BK at {price}")
    assert refused.value.rule == "1837:or.track"
    assert str(refused.value.message) == (f"'{player} pars BK at {price}' is not legal now: the step 'Lay track' "
                                          "takes a tile lay or a pass, not a par price")
