"""A full city is refused naming the hex as a player does, not by the city's index in the data ("city 0 of E19"):
needs the OTHERS commit on gamekit/tracks/tokens.py."""
import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.tracks import tokens


@pytest.mark.parametrize("coord, says", [
    ("E19", "no free slot for CPR in Albany (E19)"),
    ("E5", "no free slot for CPR in the chosen city of Detroit & Windsor (E5)"),
])
def test_a_full_city_is_named_by_its_hex(coord, says):
    game = gamekit.new_game("1830", ["A", "B", "C", "D"])
    board = game.state.board
    tokens.place_token(game.track, board, "NYC", coord, 0, needs_connection=False)  # its one slot
    with pytest.raises(GameError) as refused:
        tokens.place_token(game.track, board, "CPR", coord, 0, needs_connection=False)
    assert str(refused.value) == f"{says} (rule 1830:token.slot)"
