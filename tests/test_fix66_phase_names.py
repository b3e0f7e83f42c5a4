"""1894 names its phases by colour: the map's heading and the timeline's phase marks show them in the learner's
language (stop 66's fresh-user pass: "Green" stayed English in every language)."""
import pytest

import gamekit
from gamekit.i18n import using
from gamekit.viz import map_figure, timeline


@pytest.fixture(scope="module")
def game():
    return gamekit.open_real_game("1894", "1894_game_end_bankrupt").at(150)



@pytest.mark.parametrize("lang, word", [("en", "Green"), ("zh", "绿色"), ("ca", "Verd"), ("es", "Verde"),
                                        ("nl", "Groen")])
def test_the_maps_heading_names_the_phase_in_the_language(game, lang, word):
    assert game.phase() == "Green"
    with using(lang):
        heading = map_figure(game).layout.title.text
    assert word in heading
    if lang != "en":
        assert "Green" not in heading


@pytest.mark.parametrize("lang, green", [("en", "Green"), ("zh", "绿色"), ("nl", "Groen")])
def test_the_timelines_phase_marks_name_the_phases_in_the_language(game, lang, green):
    with using(lang):
        texts = " ".join(a.text or "" for a in timeline(game).layout.annotations)
    assert green in texts
    if lang != "en":
        assert "Green" not in texts
