"""The step header of 1837's first-edition fixed-price sales (rule 1837:auction.first-edition): the start packet
and the minors' sale after it read "Start packet"; a sale of the minors an earlier sale left unsold opens a later
stock round and is named by it (first_sale.FixedPriceSale.header)."""

from __future__ import annotations

import gamekit
from gamekit.actions import Pass
from gamekit.titles.g1837 import first_minors

FIRST = ("edition=1st", "packet=1st")


def _to_the_minors_sale(game: gamekit.Game) -> None:
    while "minors' certificates" not in game.active_step.help:
        free = [a for a in game.legal_actions() if a.type == "bid" and a.price == 0]
        game.process(free[0] if free else Pass(entity=game.current_entity))


def _through_the_operating_rounds(game: gamekit.Game) -> None:
    while not isinstance(game.state.round, first_minors.MinorSale):
        passes = [a for a in game.legal_actions() if a.type == "pass"]
        game.process(passes[0] if passes else game.legal_actions()[0])


def test_the_resumed_sale_is_headed_by_the_stock_round_it_opens():
    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=FIRST)
    assert game.active_step.name == "Start packet"
    _to_the_minors_sale(game)
    assert game.active_step.name == "Start packet"  # the sale that follows the packet is still its round
    for _ in range(3):  # nothing bought: the sale was stock round 1 and the minors wait (editions.md E2)
        game.process(Pass(entity=game.current_entity))
    _through_the_operating_rounds(game)
    assert game.active_round() == "Stock round 2"
    assert game.active_step.name == "Stock round 2: minors for sale again"
    assert game.active_step.rule == "1837:auction.first-edition"
    for _ in range(3):  # passed again: the minors wait for stock round 3, which the header then names
        game.process(Pass(entity=game.current_entity))
    _through_the_operating_rounds(game)
    assert game.active_round() == "Stock round 3"
    assert game.active_step.name == "Stock round 3: minors for sale again"
    # a saved game shows the same header
    assert gamekit.load_json(game.to_json()).active_step.name == "Stock round 3: minors for sale again"


def test_the_header_is_a_catalogue_template_with_the_round_number():
    # learner-facing text goes through gamekit.i18n: the header keeps its template and number for translation
    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=FIRST)
    _to_the_minors_sale(game)
    for _ in range(3):
        game.process(Pass(entity=game.current_entity))
    _through_the_operating_rounds(game)
    name = game.active_step.name
    assert name.template == "Stock round {number}: minors for sale again"
    assert name.values == {"number": 2}
