"""Stop 66, leftover 1: the concept table speaks the learner's language (names and values, money grouped as the
language groups it) while code finds a concept by its key, the same in every language; 1837's bankruptcy end is
worded in one place, for the rule and for a game that ended so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamekit
from gamekit.compare import CONCEPTS, concepts, concepts_table, heading
from gamekit.g18xx.query import BANKRUPTCIES
from gamekit.i18n import LANGUAGES, using

pytestmark = pytest.mark.usefixtures("english")

COMPARE = Path(gamekit.__file__).parent / "compare"


def _cell(title, name):
    return next(c for c in concepts(title) if c.name == name)


@pytest.mark.parametrize("lang, capitalization, bank, cash", [
    ("ca", "capitalització", "$12.000", "2 jugadors: $1.200, 3 jugadors: $800"),
    ("es", "capitalización", "$12.000", "2 jugadores: $1.200, 3 jugadores: $800"),
    ("nl", "kapitalisatie", "$12.000", "2 spelers: $1.200, 3 spelers: $800"),
    ("zh", "注资方式", "$12,000", "2 人：$1,200、3 人：$800"),
])
def test_the_names_and_values_follow_the_language_and_the_keys_do_not(lang, capitalization, bank, cash):
    gamekit.set_language(lang)
    rows = concepts("1830")
    assert [c.name for c in rows] == list(CONCEPTS)  # the keys, as code looks them up
    assert rows[3].name == "capitalization" and rows[3].heading == heading("capitalization") == capitalization
    assert _cell("1830", "bank").local_value == bank and str(_cell("1830", "bank").value) == "$12,000"
    assert _cell("1830", "starting cash").local_value.startswith(cash)
    table = concepts_table(["1830", "1837"])
    assert list(table.index) == list(CONCEPTS)  # looked up by key in any language
    assert table.loc["bank", ("1830", "value")] == bank
    assert table.loc["capitalization", ("1830", "rule")] == "1830:stock.float"
    shown = concepts_table(["1830"], headings=True)
    assert list(shown.index) == [heading(name) for name in CONCEPTS] and capitalization in shown.index
    assert list(shown[("1830", "value")]) == list(table[("1830", "value")])


def test_the_english_table_reads_as_before():
    assert _cell("1830", "capitalization").local_value == (
        "major: floats at 60% sold, receives 10 × its par price when it floats")
    assert concepts_table(["1830"]).loc["trains", ("1830", "value")].endswith("D (unlimited at $1,100)")
    assert _cell("1837", "rusting").value.endswith("1G rusts when the first 3G or 4G is bought; 2G rusts when the "
                                                   "first 4G is bought")
    assert list(concepts_table(["1830"], headings=True).index) == list(CONCEPTS)


@pytest.mark.parametrize("lang, expected", [
    ("en", ("all players but one are bankrupt: the game ends at once; the bank breaks: after the current operating "
            "round")),
    ("ca", ("tots els jugadors menys un són en fallida: la partida acaba de seguida; el banc fa fallida: després de "
            "la ronda d'operacions en curs")),
    ("es", ("todos los jugadores menos uno están en quiebra: la partida termina de inmediato; el banco quiebra: "
            "después de la ronda de operaciones en curso")),
    ("nl", ("alle spelers op één na zijn failliet: het spel eindigt meteen; de bank gaat failliet: na de lopende "
            "bedrijfsronde")),
    ("zh", "除一名玩家外其余玩家全部破产：游戏立即结束；银行破产：当前操作回合结束后"),
])
def test_1837s_end_triggers_in_each_language(lang, expected):
    with using(lang):
        assert _cell("1837", "end triggers").local_value == expected


def test_the_1837_bankruptcy_end_is_worded_in_one_place():
    """The rule's clause (the comparison) and a finished game's (``end_words``) both come from ``BANKRUPTCIES``;
    the comparison's modules word no end of their own."""
    cls = gamekit.game_class("1837")
    trigger = cls.load_facts().end_trigger("bankrupt")
    rule, ended = BANKRUPTCIES["all_but_one"][:2]
    assert (cls.trigger_words(trigger), cls.end_words("bankrupt")) == (rule, ended)
    assert rule == "all players but one are bankrupt" and ended == "all players but one went bankrupt"
    for path in COMPARE.glob("*.py"):
        assert "bankrupt" not in path.read_text(), path.name


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_worded_value_of_every_title_is_translated(lang):
    """A value with English words (not only numbers, money and train names) reads otherwise in each language, and
    its ``str`` stays English."""
    english = {t: {c.name: str(c.value) for c in concepts(t)} for t in gamekit.title_names()}
    with using(lang):
        for title in gamekit.title_names():
            for concept in concepts(title):
                assert str(concept.value) == english[title][concept.name]
                if re.search("[a-z]{3}", english[title][concept.name]):
                    assert concept.local_value != english[title][concept.name], (title, concept.name)
                assert concept.heading == heading(concept.name)
        # every name is the language's word (Dutch "bank" and Catalan "dividends" are spelled as in English)
        assert sum(heading(name) != name for name in CONCEPTS) >= len(CONCEPTS) - 1
