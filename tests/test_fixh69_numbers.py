"""One policy for a typed whole number (hostile69 item 4): NFKC (full-width digits), any Unicode decimal digit as
``int()`` reads it, no ``_``, a sign only where the field takes one; the same in the codec, the widget boxes, the
classroom URL and the command line."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import cli
from gamekit.codec import parse_action
from gamekit.numerals import typed_whole_number
from gamekit.widgets.classroom import classroom_app
from gamekit.widgets.parts import typed_whole


@pytest.mark.parametrize("text, signed, number", [
    ("383", True, 383), (" ٣٨٣ ", True, 383), ("３８３", True, 383), ("३८३", False, 383), ("0383", False, 383),
    ("-12", True, -12), ("−12", True, -12), ("+7", True, 7), ("-12", False, None), ("+7", False, None),
    ("1_000", True, None), ("1 000", True, None), ("1.0", True, None), ("1e3", True, None), ("", True, None),
    ("-", True, None), ("٣_٠", True, None), ("9" * 18, True, 10**18 - 1), ("9" * 19, True, None), (383, True, None),
])
def test_the_policy(text, signed, number):
    assert typed_whole_number(text, signed=signed) == number


@pytest.mark.parametrize("typed, number", [("١٢", 12), ("３０", 30), (" -5 ", -5)])
def test_the_widget_boxes_read_what_the_quiz_reads(typed, number):
    """An amount box refused "١٢" and "３０" ("must be a whole number (digits only)") that the quiz took."""
    assert typed_whole(typed, "amount") == number


def test_the_widget_boxes_refuse_an_underscore():
    with pytest.raises(ValueError) as refusal:
        typed_whole("1_0", "seed")
    assert str(refusal.value) == "the seed must be a whole number (digits only), not '1_0'"


@pytest.mark.parametrize("query, players, seed", [
    ("players=٣&seed=٤٢", 3, 42),
    ("seed=%EF%BC%93", 4, 3),            # a full-width 3
    ("seed=1_000&players=5", 5, 1),      # int() read 1000; the policy reads no number, so the default stays
    ("players=99&seed=-7", 6, -7),       # brought into 1830's range (2–6), as the docstring says
    ("players=0", 2, 1),
])
def test_the_classroom_url_reads_numbers_by_the_policy(query, players, seed):
    app = classroom_app("1830", 4, 1, query=query)
    assert (app.table.game.title, len(app.table.game.players), app.table.game.seed) == ("1830", players, seed)


def test_the_command_line_reads_numbers_by_the_policy(capsys):
    args = cli._parser().parse_args(["simulate", "1830", "--players", "٤", "--seed", "３"])
    assert (args.players, args.seed) == (4, 3)
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", "1830", "--players", "4", "--seed", "1_0"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[0] == \
        "gamekit simulate: error: argument --seed: '1_0' is not a whole number"


def test_the_codec_reads_any_scripts_digits_in_an_amount():
    game = gamekit.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=1)
    bid = parse_action(game, "Ann bids $٤٥ on CS")
    assert (bid.type, bid.company, bid.price) == ("bid", "CS", 45)
    assert parse_action(game, "Ann bids $４５ on CS") == bid
