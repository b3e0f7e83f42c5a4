"""The explorer's and the replay player's companies table named trains by their ids ("3-2, 3-3", "4-0"), which
read as a 3/2 train or a score; Jupyter's HTML view of a game already named them by kind. Both now write the kind
("3, 3"), as players name trains."""

from gamekit.games import open_real_game
from gamekit.html_view import train_kinds
from gamekit.widgets.parts import cell, companies_html


def test_trains_are_named_by_kind():
    assert train_kinds(("3-2", "3-3", "4-0")) == "3, 3, 4"
    assert train_kinds(("1G-1", "2+2-0", "4E-1")) == "1G, 2+2, 4E"
    assert train_kinds(()) == ""


def test_the_companies_table_names_trains_by_kind():
    game = open_real_game("1830", "26855", stop_at=240)
    table = companies_html(game)
    for corp in game.corporations():
        trains = game.trains(corp)
        if trains:
            assert cell(train_kinds(trains)) in table
            assert all(f"{t}," not in table and f"{t}<" not in table for t in trains if t.rsplit("-", 1)[1])
    assert any(game.trains(corp) for corp in game.corporations())
