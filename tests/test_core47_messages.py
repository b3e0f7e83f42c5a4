"""The sentences a game builds with ``msg`` (built without ``Message.__new__``) are the Messages the general
constructor builds from their template and values: every event of a random 1830 and 1837 game, in English and
rendered in another language, and after a pickle round trip (saves and snapshots)."""

import pickle

import pytest

from gamekit.i18n import Joined, Message, Term, msg, nmsg, using
from gamekit.simulate import play_random_game


def test_msg_is_the_general_constructors_message():
    built = msg("{player} buys {count} from {source}", player="Ann", count=3, source="IPO")
    general = Message("{player} buys {count} from {source}", {"player": "Ann", "count": 3, "source": "IPO"})
    assert built == general == "Ann buys 3 from IPO"
    assert type(built) is Message and (built.template, built.values, built.plural, built.n) == \
        (general.template, general.values, None, None)
    plural = nmsg("{k} share", "{k} shares", 2, k=2)
    assert plural == "2 shares" and (plural.plural, plural.n) == ("{k} shares", 2)
    assert Message("{k} share", {"k": 1}, "{k} shares", 1) == "1 share"


@pytest.mark.parametrize("title, seed", [("1830", 1), ("1837", 1)])
def test_event_sentences_match_the_general_constructor(title, seed):
    game = play_random_game(title, 4, seed, cap=1200)
    texts = [e.text for _, events in game.history() for e in events]
    messages = [t for t in texts if type(t) is Message]
    assert len(messages) > 500
    for text in messages:
        again = Message(text.template, text.values, text.plural, text.n)
        assert again == text and (again.template, again.values, again.plural, again.n) == \
            (text.template, text.values, text.plural, text.n)
        back = pickle.loads(pickle.dumps(text))
        assert type(back) is Message and back == text and back.values == text.values
    with using("ca"):
        assert sum(t.local() != str(t) for t in messages) > 100  # rendered from the template in Catalan
    kinds = {type(v) for t in messages for v in t.values.values()}
    assert kinds & {Term, Joined}  # sentences holding other sentences (a train's name, a route's stops)
