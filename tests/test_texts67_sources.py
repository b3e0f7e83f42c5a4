"""Texts a learner reads name their sources as documents (the older 1830 edition, the Continental Divide rulebook,
the Dutch American Rails rulebook), never by this project's seed numbers; one public question says whether the
active step takes a kind of action (``Game.why_kind_illegal``, used by the sentence reader); 1837's end by
bankruptcy is worded where its other wordings are (``g18xx.query.BANKRUPTCIES``)."""

import re

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.errors import GameError
from gamekit.g18xx.end import outcome_text
from gamekit.g18xx.query import BANKRUPTCIES
from gamekit.i18n import gettext, localize, using
from gamekit.rules import rule_sections, rule_text
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import LayTile

LANGUAGES = ("en", "zh", "ca", "es", "nl")
# a seed as a document: "seed 001", "Seed 004", "the seed says", "la semilla dice", "种子说" …
SEED_AS_SOURCE = re.compile(r"seeds? ?0*\d|semilla|llavor|种子|\bthe seed\b|\bde seed\b", re.IGNORECASE)
# the game's random seed, which a learner does give (new_game(..., seed=7))
RANDOM_SEED = re.compile(r"game's seed(ed)?|(llavor|semilla) de la partida|seed van de partij|对局(按|的)种子")


@pytest.mark.parametrize("prefix", ["1830", "cd", "ar"])
def test_no_rule_text_names_a_seed_as_its_source(prefix):
    for lang in LANGUAGES:
        with using(lang):
            for rule_id in rule_sections(prefix):
                text = RANDOM_SEED.sub("", " ".join(rule_text(rule_id).split()))
                assert not SEED_AS_SOURCE.search(text), (lang, rule_id, SEED_AS_SOURCE.search(text).group())


@pytest.mark.parametrize("lang, cited", [
    ("en", "the older edition's text lets the Erie lay the green OO tile #59"),
    ("zh", "旧版规则的文字允许 Erie"),
    ("ca", "el text de l'edició antiga permet que l'Erie posi la tessel·la verda OO #59"),
    ("es", "el texto de la edición antigua permite que el Erie coloque la loseta verde OO #59"),
    ("nl", "de tekst van de oudere editie laat de Erie de groene OO-tegel #59"),
])
def test_the_1830_options_cite_the_older_edition(lang, cited):
    with using(lang):
        assert cited in " ".join(rule_text("1830:edition").split())


@pytest.mark.parametrize("lang, cited", [
    ("en", "Example (rulebook): red, income $15, 4 shares"),
    ("zh", "例子（规则书）：红色，收入 $15"),
    ("ca", "Exemple (reglament): vermell, ingressos $15"),
    ("es", "Ejemplo (reglamento): rojo, ingresos $15"),
    ("nl", "Voorbeeld (regelboek): rood, inkomsten $15"),
])
def test_the_continental_divide_examples_cite_the_rulebook(lang, cited):
    with using(lang):
        assert cited in " ".join(rule_text("cd:dividends").split())


def test_the_option_descriptions_name_the_older_edition():
    options = gamekit.game_class("1830").options_available
    assert options["seed_erie_59_early"].startswith("Older edition (Avalon Hill): the Erie may lay tile #59")
    with using("es"):
        assert gettext(options["seed_restrictive_upgrades"]) == (
            "Edición antigua (Avalon Hill): una mejora debe añadir vía que la compañía que la coloca pueda usar")


def _notes(value, key=""):
    """Every string under a key naming a source or a note, at any depth of a data file."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _notes(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _notes(v, key)
    elif isinstance(value, str) and ("source" in key or "note" in key or re.fullmatch(r"S\d{3}", key)):
        yield value


@pytest.mark.parametrize("folder, name", [
    ("1830", "game.json"), ("1837", "game.json"), ("1894", "game.json"), ("continental_divide", "game.json"),
    ("continental_divide", "map.json"), ("continental_divide", "railroads.json"), ("american_rails", "game.json"),
    ("american_rails", "map.json")])
def test_the_data_files_source_notes_name_no_seed(folder, name):
    notes = list(_notes(data_json(folder, name)))
    assert notes
    for note in notes:
        assert not re.search(r"\bseeds?\b", note, re.IGNORECASE), note


def test_the_american_rails_rulebook_tag_names_the_document():
    assert data_json("american_rails", "game.json")["sources"]["S002"] == (
        "Dutch American Rails rulebook, Quined Games 2013, page 4")


# ----- the kind of action the active step takes ----------------------------------------------------------------------
WRONG_KIND = "the step 'Private auction' takes a bid or a pass, not a tile lay"


def test_why_kind_illegal_answers_as_process_refuses():
    """1830's first position is the private auction (rule ``1830:auction.bid``): a bid or a pass, no tile lay."""
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    assert game.why_kind_illegal("bid") is None and game.why_kind_illegal("pass") is None
    refusal = game.why_kind_illegal("lay_tile")
    assert (str(refusal.message), refusal.rule) == (WRONG_KIND, "1830:auction.bid")
    with pytest.raises(GameError) as raised:
        game.process(LayTile(entity="PRR", hex="H12", tile="57-0", rotation=0))
    assert (str(raised.value.message), raised.value.rule) == (WRONG_KIND, "1830:auction.bid")
    assert game.actions == ()


def test_why_kind_illegal_after_the_end():
    over = play_random_game("continental-divide", 3, 2)
    assert over.is_over
    refusal = over.why_kind_illegal("pass")
    assert (str(refusal.message), refusal.rule) == ("the game is over; no more actions", "core:protocol.game-over")


def test_the_sentence_reader_refuses_a_wrong_kind_with_the_same_words():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    with pytest.raises(GameError) as raised:
        game.parse_action("PRR lays 57 on H12 (rotation 0)")
    assert str(raised.value.message) == f"'PRR lays 57 on H12 (rotation 0)' is not legal now: {WRONG_KIND}"
    assert raised.value.rule == "1830:auction.bid"


# ----- 1837's end by bankruptcy --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, sentence", [
    ("en", "All players but one went bankrupt"), ("zh", "除一名玩家外其余玩家全部破产"),
    ("ca", "Tots els jugadors menys un han fet fallida"), ("es", "Todos los jugadores menos uno han quebrado"),
    ("nl", "Alle spelers op één na zijn failliet gegaan")])
def test_1837s_bankruptcy_end_reads_as_its_sentence_in_each_language(lang, sentence):
    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"])
    text = outcome_text(game, "bankrupt")
    assert text.template == BANKRUPTCIES["all_but_one"][2]
    with using(lang):
        assert localize(text) == sentence
    assert str(outcome_text(gamekit.new_game("1830", ["Ann", "Ben", "Cy"]), "bankrupt")) == "A player went bankrupt"
