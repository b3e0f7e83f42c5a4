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


@pytest.mark.parametrize("title, what, rule", [
    ("1830", "a player, a corporation or the bank", "1830:setup"),
    ("1837", "a player, a corporation or the bank", "1837:setup"),
    ("1894", "a player, a corporation or the bank", "1894:setup"),
    ("continental-divide", "a player, a railroad or the bank", "cd:setup"),
    ("american-rails", "a player, a company or the bank", "ar:setup"),
])
def test_an_unknown_entity_is_refused_naming_it_and_those_there_are(title, what, rule):
    g = gamekit.new_game(title, ["Ann", "Ben", "Cy"])
    with pytest.raises(UnknownName) as refused:
        g.cash("Zed")
    assert refused.value.rule == rule
    assert str(refused.value.message).startswith(f"'Zed' is not {what} of this game; there are: Ann, Ben, Cy, ")
    assert str(refused.value.message).endswith(", bank")
    with pytest.raises(UnknownName) as refused:  # a treasury is a corporation's: only they are named (stop 65)
        g.treasury("Zed")
    assert refused.value.rule == rule
    assert str(refused.value.message).endswith("of this game; there are: " + ", ".join(g.corporations()))
    with pytest.raises(UnknownName, match="'Zed' is not a player"):
        g.holdings("Zed")
    with pytest.raises(UnknownName, match=r"'Zed' is not a player of this game; there are: Ann, Ben, Cy \(rule"):
        g.player("Zed")
    with pytest.raises(KeyError) as as_before:  # what code catching the KeyError it was reads
        g.cash("Zed")
    assert as_before.value.args == ("Zed",)


def test_an_unknown_corporation_lists_the_corporations():
    with pytest.raises(UnknownName) as refused:
        gamekit.new_game("1830", ["Ann", "Ben", "Cy"]).share_price("Zed")
    assert str(refused.value) == ("'Zed' is not a corporation of this game; there are: PRR, NYC, CPR, B&O, C&O, "
                                  "ERIE, NYNH, B&M (rule 1830:setup)")
    with pytest.raises(UnknownName, match="'Zed' is not a player, a corporation, the IPO or the pool of this game"):
        gamekit.new_game("1894", ["Ann", "Ben", "Cy"]).holdings("Zed")
    with pytest.raises(UnknownName, match="'Zed' is not a railroad of this game; there are: UP, SP, "):
        gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"]).share_price("Zed")


def test_an_unknown_rule_names_the_prefixes_or_the_closest_rules():
    from gamekit.rules import rule_text

    with pytest.raises(UnknownName) as refused:
        rule_text("nope")
    assert refused.value.message == ("no rule 'nope': a rule id is a prefix, ':' and a section, and the prefixes "
                                     "are core, 1830, 1837, 1894, cd, ar")
    with pytest.raises(UnknownName, match="no rule '1830:stok.sell'; the closest of the .* rules of 1830 are "
                                          "1830:stock.sell, "):
        rule_text("1830:stok.sell")
    with pytest.raises(KeyError):
        rule_text("1830:zzzzzzzz")
