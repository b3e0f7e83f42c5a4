"""1830's C&SL lays its extra tile once in the game, as the engine and 18xx.games have it (needs the OTHERS commit
on data/1830/rules*.md)."""
import pytest

from gamekit.i18n import using
from gamekit.rules import rule_text


@pytest.mark.parametrize("lang, once, not_said", [("en", "once in the game", "once per turn"),
                                                  ("zh", "在整局游戏中一次", "每回合一次"),
                                                  ("ca", "un cop en tota la partida", "un cop per torn"),
                                                  ("es", "una vez en toda la partida", "una vez por turno"),
                                                  ("nl", "eenmaal in het hele spel", "eenmaal per beurt")])
def test_the_csl_tile_is_once_in_the_game(lang, once, not_said):
    with using(lang):
        text = " ".join(rule_text("1830:private.abilities").split())
    assert once in text and not_said not in text
