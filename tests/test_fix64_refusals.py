"""Stop 64's refusals a new user met: a title given as a number, unknown names asked of a game or the rules."""

import pytest

import gamekit
from gamekit.errors import UnknownName


def test_a_title_given_as_a_number_is_told_to_be_a_name_in_quotes():
    with pytest.raises(UnknownName) as refused:
        gamekit.new_game(1830, ["Ann", "Ben", "Cy"])
    assert refused.value.message.startswith('a title is a name in quotes, e.g. "1830", not 1830; playable titles: '
                                            "1830, 1837, 1894")
    with pytest.raises(UnknownName, match='unknown title \'1831\'; playable titles: 1830'):
        gamekit.new_game("1831", ["Ann", "Ben", "Cy"])
