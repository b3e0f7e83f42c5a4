"""The explorer's price choice words a train bought from another corporation as the list of legal actions does,
in the learner's language, not from its internal form "NYNH buys train 4-1 for $1" (needs the OTHERS commit on
gamekit/sentences.py)."""
import pytest

import gamekit
from gamekit.i18n import localize, using
from gamekit.sentences import sentence_for_reader, sentence_now


@pytest.fixture(scope="module")
def game():
    return gamekit.open_real_game("1830", "26855", stop_at=300)


@pytest.mark.parametrize("lang, said", [("zh", "NYNH 从 B&M 处以 $1 购买一辆 4 型火车"),
                                        ("en", "NYNH buys a 4-train from B&M for $1")])
def test_a_train_price_range_reads_as_the_legal_actions_list(game, lang, said):
    template = game.action_ranges()[0].template
    assert (template.type, template.train, template.price) == ("buy_train", "4-1", 1)
    with using(lang):
        assert localize(sentence_for_reader(game, template)) == said
        assert localize(sentence_for_reader(game, template)) == localize(sentence_now(game, template))


def test_every_train_range_of_the_position_names_its_seller_not_an_id(game):
    with using("zh"):
        said = [localize(sentence_for_reader(game, r.template)) for r in game.action_ranges()]
    assert len(said) == 9 and all("购买一辆" in s and " buys " not in s for s in said)
    assert "NYNH 从 PRR 处以 $1 购买一辆 3 型火车" in said
