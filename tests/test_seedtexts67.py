"""1837's and 1894's texts name their sources as documents a learner can look for — 1837's first-edition text (an
English text of the first edition's rules), 1894's Catalan summary of the 2024 rules — never as "the seed" or by
a seed file, in every language; a game's random seed (which a learner does give) is still named so."""

import re

import pytest

import gamekit
from gamekit.datafiles import data_text
from gamekit.i18n import gettext, using
from gamekit.rules import rule_text, rules_file
from gamekit.titles.g1837 import homes
from gamekit.titles.g1894 import splits

LANGUAGES = ("en", "zh", "ca", "es", "nl")
# "seed" in each language; the Catalan adverb "llavors" (then) is not one
SEED_WORD = re.compile(r"\bseed(s|ed)?\b|种子|\bllavor\b|\bsemillas?\b|\bzaad\b", re.IGNORECASE)
# a seed file of the project's sources, as the texts used to cite them ("000_45d9b18710a9d72f.txt")
SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
# the game's random seed and the 1830 option named after its source (an API name): the only seeds left
RANDOM_SEED = re.compile(
    r"random seeds? \d|seed-\d+ game|game's seed|seeded draws|`seed_restrictive_upgrades`"
    r"|随机种子|对局的?种子|按种子抽取"
    r"|llavor aleatòria|llavor de la partida|sortejos amb llavor"
    r"|semilla aleatoria|semilla de la partida|sorteos con semilla"
    r"|willekeurige seed|seed van de partij|lotingen met seed", re.IGNORECASE)


def _seeds_as_sources(text):
    """The seed words of ``text`` that are not the game's random seed, and its seed file names."""
    text = RANDOM_SEED.sub("", " ".join(text.split()))
    return [m.group() for m in SEED_WORD.finditer(text)] + SEED_FILE.findall(text)


@pytest.mark.parametrize("prefix", ["1837", "1894"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rules_file_names_a_seed_as_its_source(prefix, lang):
    folder, name = rules_file(prefix, lang)
    assert _seeds_as_sources(data_text(folder, name)) == []


def test_the_1837_edition_notes_name_no_seed_as_their_source():
    notes = data_text("1837", "editions.md")
    assert _seeds_as_sources(notes) == []
    assert "the first-edition text gives only the directions of the moves (rules\n76–77" in notes


def test_the_random_seeds_are_still_named():
    """The allowance above is used: the bench games and the 1894 draw do name the game's random seed."""
    assert "random seed 810" in rule_text("1837:trains.financing")
    assert "from the game's seed" in rule_text("1894:setup.draw")
    with using("ca"):
        assert "llavor aleatòria 810" in rule_text("1837:trains.financing")


@pytest.mark.parametrize("lang, cited", [
    ("en", "the option `edition=1st` switches the rules that the first-edition text states differently"),
    ("zh", "选项 `edition=1st` 会切换第一版规则文本中表述不同的规则"),
    ("ca", "L'opció `edition=1st` canvia les regles que el text de la primera edició formula de manera diferent"),
    ("es", "La opción `edition=1st` cambia las reglas que el texto de la primera edición formula de otro modo"),
    ("nl", "De optie `edition=1st` schakelt de regels om die de tekst van de eerste editie anders formuleert"),
])
def test_1837_cites_its_first_edition_text(lang, cited):
    with using(lang):
        assert cited.lower() in " ".join(rule_text("1837:edition").split()).lower()


@pytest.mark.parametrize("lang, named, cited", [
    ("en", "The Catalan summary of the rules", "as the Catalan summary and rulebook §10.1 word it"),
    ("zh", "加泰罗尼亚语规则概要", "按加泰罗尼亚语规则概要和规则书 §10.1 的说法"),
    ("ca", "El resum català de les regles", "tal com ho diuen el resum català i el reglament §10.1"),
    ("es", "El resumen catalán de las reglas", "como lo dicen el resumen catalán y el reglamento §10.1"),
    ("nl", "De Catalaanse samenvatting van de regels", "zoals de Catalaanse samenvatting en het regelboek §10.1"),
])
def test_1894_cites_its_catalan_summary(lang, named, cited):
    with using(lang):
        assert named in rule_text("1894:sources")
        assert cited in " ".join(rule_text("1894:edition").split())


@pytest.mark.parametrize("title", ["1837", "1894"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_option_description_names_a_seed(title, lang):
    options = gamekit.game_class(title).options_available
    with using(lang):
        for name, description in options.items():
            assert _seeds_as_sources(gettext(description)) == [], name


def test_the_1837_option_descriptions_name_the_first_edition_text():
    options = gamekit.game_class("1837").options_available
    assert options["edition=1st"] == ("The first edition: upgrade reach, track toward closed Italy and token tracing "
                                      "as the first-edition text states them")
    assert options["minor_payout=full"].endswith("(an uncertain reading of the first-edition text)")


def test_the_docstrings_cite_the_documents():
    game_1837, game_1894 = gamekit.game_class("1837"), gamekit.game_class("1894")
    docs = [game_1837.__doc__, homes.__doc__, game_1894.extra_price_move.__doc__, splits.settle_reservations.__doc__]
    assert [_seeds_as_sources(doc) for doc in docs] == [[], [], [], []]
    assert "the first-edition text's rule 42 says so" in " ".join(homes.__doc__.split())
    assert "the Catalan summary's reading" in " ".join(game_1894.extra_price_move.__doc__.split())
