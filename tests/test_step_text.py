"""``print(game.active_step)`` reads as a sentence in the current language, not as a dataclass."""

from __future__ import annotations

import gamekit
from gamekit.i18n import using


def test_a_step_prints_its_name_help_and_rule():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=1)
    assert str(game.active_step) == ("Private auction — Buy SV for $20, bid on a more expensive private (bids wait "
                                     "until it is the cheapest), or pass. [1830:auction.bid]")
    with using("es"):
        assert str(game.active_step) == ("Subasta de privadas — Compra SV por $20, puja por una privada más cara (las "
                                         "pujas esperan hasta que sea la más barata) o pasa. [1830:auction.bid]")
    assert repr(game.active_step).startswith("Step(name='Private auction', ")
