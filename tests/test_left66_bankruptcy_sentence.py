"""Stop 66, leftover 2: a bankruptcy is worded once, by the action's own sentence (the president goes bankrupt),
which the reader's sentence renders in every language like any other action's; ``sentence_now`` and
``sentence_then`` special-case no action type; the sentence, and the older "declares bankruptcy", read back."""

from __future__ import annotations

import inspect
import json

import pytest

import gamekit
from gamekit import sentences
from gamekit.games import open_real_game
from gamekit.i18n import LANGUAGES, localize, using
from gamekit.sentences import sentence_now, sentence_then

pytestmark = pytest.mark.usefixtures("english")

WORDED = "ERIE's president cannot raise the money for its train and goes bankrupt"
SAID = {"en": WORDED, "es": "El presidente de ERIE no puede reunir el dinero para su tren y quiebra",
        "ca": "El president de ERIE no pot reunir els diners per al seu tren i fa fallida"}


@pytest.fixture(scope="module")
def bankruptcy():
    """The shipped 1830 game 26855, whose action 501 is ERIE's bankruptcy: the position before it, the action and
    the game after it."""
    game = open_real_game("1830", "26855")
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][:501]
    return gamekit.load_json(json.dumps(data)), game.actions[501], game


def test_the_actions_own_sentence_is_the_presidents_bankruptcy(bankruptcy):
    _position, action, _game = bankruptcy
    assert action.type == "bankrupt" and action.sentence() == str(action) == WORDED


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_reader_sees_it_now_and_then_in_the_language(bankruptcy, lang):
    position, action, game = bankruptcy
    _action, events = list(game.history())[501]
    now, then = sentence_now(position, action), sentence_then(game, action, events)
    assert now == then == WORDED  # the English text, as before stop 66
    with using(lang):
        assert localize(now) == localize(then) == SAID[lang]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_sentence_and_the_older_one_read_back_as_the_action(bankruptcy, lang):
    position, action, _game = bankruptcy
    said = sentence_now(position, action)
    with using(lang):
        assert position.parse_action(localize(said)) == action
        assert position.parse_action("ERIE declares bankruptcy") == action


def test_no_action_type_is_special_cased_where_the_reader_sees_a_sentence():
    for function in (sentence_now, sentence_then):
        source = inspect.getsource(function)
        assert "action.type ==" not in source and "bankrupt" not in source.lower(), function.__name__
    assert not hasattr(sentences, "BANKRUPT_WORDED")
