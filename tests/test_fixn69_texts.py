"""Texts in the learner's language (new-user pass 69, defects 2, 4 and 5): Continental Divide's legend names each
railroad's colour in the language, agreeing with the railroad; in ca, es and nl a comma is the decimal sign, so
"1,100" is no whole amount there; one name for the bank pool in Spanish and Catalan, as their rules name it;
American Rails' option names its action once; Spanish and Catalan tile colours after "de color"; Dutch end reasons
as whole clauses."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import gamekit
from gamekit import viz
from gamekit.exercises.question import read_answer
from gamekit.i18n import LOCALE_DIR, _, end_reason_words, localize, msg, using
from gamekit.titles import game_class

LEGEND = {
    "en": ["UP Union Pacific (yellow)", "SP Southern Pacific (red)", "ATSF Atchison, Topeka & Santa Fe (blue)"],
    "es": ["UP Union Pacific (amarillo)", "SP Southern Pacific (rojo)", "ATSF Atchison, Topeka & Santa Fe (azul)"],
    "ca": ["UP Union Pacific (groc)", "SP Southern Pacific (vermell)", "ATSF Atchison, Topeka & Santa Fe (blau)"],
    "nl": ["UP Union Pacific (geel)", "SP Southern Pacific (rood)", "ATSF Atchison, Topeka & Santa Fe (blauw)"],
    "zh": ["UP Union Pacific (黄色)", "SP Southern Pacific (红色)", "ATSF Atchison, Topeka & Santa Fe (蓝色)"],
}


@pytest.fixture(scope="module")
def cd_game():
    game = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=1)
    for _step in range(12):  # the auctions of the first railroads: their cubes stand on the map
        game.process(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("lang", sorted(LEGEND))
def test_the_railroads_colours_in_the_legend_are_in_the_language(cd_game, lang):
    with using(lang):
        names = [trace.name for trace in viz.map_figure(cd_game).data if trace.name and trace.showlegend is not False]
    railroads = [name for name in names if name.split(" ", 1)[0] in ("UP", "SP", "ATSF")]
    assert railroads == LEGEND[lang]


@pytest.mark.parametrize("typed, lang, amount", [
    ("1,100", "es", None), ("1,100", "ca", None), ("1,100", "nl", None), ("$1,100", "es", None),
    ("1,100 F", "nl", None), ("12,048K", "ca", None), ("1.100", "es", 1100), ("$1.100", "ca", 1100),
    ("1.100 F", "nl", 1100), ("1 100", "es", 1100), ("1,100", "en", 1100), ("$1,100", "en", 1100),
    ("1,100", "zh", 1100), ("1.100", "en", None), ("1.100", "zh", None), ("1,100.5", "en", None)])
def test_the_decimal_sign_of_the_language_groups_no_thousands(typed, lang, amount):
    # each amount with its own title's money (an F amount is 1894's, a K amount 1837's: leftq69)
    money = "{:,} F" if "F" in typed else "{:,}K" if "K" in typed else "${:,}"
    with using(lang):
        assert read_answer("number", typed, money=money) == amount


def _catalogue(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "gamekit.po", "rb") as po:
        return read_po(po)


@pytest.mark.parametrize("lang, pool, other", [("es", "pool del banco", "reserva"), ("ca", "pool del banc", "reserva")])
def test_the_bank_pool_has_one_name_as_the_rules_give_it(lang, pool, other):
    rules = Path(__file__).resolve().parent.parent / "data" / "1830" / f"rules.{lang}.md"
    assert pool in rules.read_text(encoding="utf-8")
    catalogue = _catalogue(lang)
    about_the_pool = [m for m in catalogue if m.id and "pool" in (m.id if isinstance(m.id, str) else m.id[0])]
    assert len(about_the_pool) > 12
    assert [m.id for m in about_the_pool if other in str(m.string) or "pool" not in str(m.string)] == []
    with using(lang):
        assert localize(msg("bank pool {percent}", percent="10%")) == f"{pool} 10%"
        assert _("bank pool") == pool


@pytest.mark.parametrize("lang, text", [
    ("en", 'The "Take $2" action takes $2 from each other player instead of from the bank.'),
    ("es", "La acción «Tomar $2» toma $2 de cada uno de los demás jugadores en lugar del banco."),
    ("ca", "L'acció «Agafar $2» agafa $2 de cadascun dels altres jugadors en lloc del banc."),
    ("nl", "De actie '$2 nemen' neemt $2 van elke andere speler in plaats van van de bank.")])
def test_american_rails_option_names_its_action_once(lang, text):
    with using(lang):
        assert _(game_class("american-rails").options_available["take-from-players"]) == text


@pytest.mark.parametrize("lang, title", [
    ("es", "1830 — fase 2 (losetas de color amarillo) — después de 0 acciones"),
    ("ca", "1830 — fase 2 (tessel·les de color groc) — després de 0 accions")])
def test_tile_colours_follow_de_color(lang, title):
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    with using(lang):
        assert viz.map_figure(game).layout.title.text == title


def test_dutch_end_reasons_are_whole_clauses():
    with using("nl"):
        assert [localize(end_reason_words(r)) for r in ("turns", "final_phase", "bank", "bankrupt", "shares")] == [
            "de laatste spelbeurt is gespeeld", "de bedrijfsrondes van de laatste fase zijn gespeeld",
            "de bank is failliet gegaan", "een speler is failliet gegaan", "elk aandeel is verkocht"]
        assert localize(msg("our game ended because {ours}, the log's because {theirs}",
                            ours=end_reason_words("bank"), theirs=end_reason_words("final_phase"))) == (
            "einde van ons spel: de bank is failliet gegaan; einde volgens het log: de bedrijfsrondes van de laatste "
            "fase zijn gespeeld")
