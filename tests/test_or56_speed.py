"""Shortcuts of stop 56 (or56) checked against the work they skip, along seeded random games.

- The train listing's purchases of other corporations' trains (``trainbuy._offers``, written out without the
  ``_others_trains`` generator) are those of ``_others_trains``.
"""

from __future__ import annotations

from gamekit.g18xx import trainbuy
from gamekit.g18xx.state import OperatingRound

from .bot_positions import random_positions


def _offers_by_generator(game, corp: str) -> list[tuple]:
    """The other corporations' trains offered from 1 up to the cash, as ``_others_trains`` yields them."""
    cash = game.state.corporations[corp].cash
    return [(t, 1, cash, None) for t in trainbuy._others_trains(game, corp)]


def test_offers_of_other_corporations_trains_match_the_generator_along_random_games():
    compared = 0
    for title, seed in (("1837", 2), ("1830", 1), ("1894", 1)):
        for game in random_positions(title, 4, seed, 4000):
            rnd = game.state.round
            if not isinstance(rnd, OperatingRound) or rnd.step != "buy_train" or rnd.must_discard:
                continue
            corp = game.current_entity
            offers = list(trainbuy._offers(game, corp))
            theirs = [o for o in offers if o[3] is None and trainbuy.train_owner(game, o[0]) not in (None, corp)]
            plain = not (game.policy.emergency_from_others and game.must_buy(corp))
            c = game.state.corporations[corp]
            at_limit = len(c.trains) >= game.train_limit_of(corp)
            if plain and not at_limit and not game.bank_finances(corp) and c.cash >= 1:
                assert theirs == _offers_by_generator(game, corp), (title, seed, corp)
                compared += bool(theirs)
    assert compared > 50, compared
