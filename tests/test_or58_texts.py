"""Event texts kept per values (stop 58: price moves, purchases, sales, payouts): along seeded
random games of each 18xx title, every event says exactly what a game that forgets every kept text before each
action says, built afresh: the same English sentence, with the same template and values (what a translation
renders), value by value."""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

CASES = [("1830", 4, 1), ("1830", 4, 3), ("1837", 4, 1), ("1894", 3, 2)]
KEPT = ("price move texts", "stock texts", "event texts")
"""The names of the kept texts in a game's facts memo (``Game18xx._facts_memo``)."""


def _said(text) -> tuple:
    """A text as what its reader sees of it: the English sentence, the template and each value, said so in turn."""
    values = getattr(text, "values", None) or {}
    return str(text), getattr(text, "template", None), tuple((k, _said(v)) for k, v in sorted(values.items()))


def _forget(game) -> None:
    memo = game._facts_memo()
    for name in KEPT:
        memo.pop(name, None)


@pytest.mark.parametrize("title, players, seed", CASES)
def test_kept_texts_are_the_texts_built_afresh(title, players, seed):
    kept, fresh = new_bot_game(title, players, seed), new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    said = 0
    while not kept.is_over and len(kept.actions) < 900:
        action = random_action(kept, rng)
        _forget(fresh)
        events = kept.process(action)
        assert [_said(e.text) for e in events] == [_said(e.text) for e in fresh.process(action)]
        said += len(events)
    assert said > 900  # the games said something: purchases, sales, price moves, payouts, trains


def test_a_reason_kept_by_identity_is_never_another_reason_with_its_id():
    """A price move's text is kept by its reason's identity (``economy.move_price``): a reason built afresh for
    each move (another object each time, which may take a freed object's id) is never answered another reason's
    text."""
    from gamekit.g18xx import economy
    from gamekit.i18n import msg

    game = new_bot_game("1830", 4, 1)
    rng = GameRandom(1 * 7919 + 17)
    while not any(c.price for c in game.state.corporations.values()):
        game.process(random_action(game, rng))
    corp = next(sym for sym, c in game.state.corporations.items() if c.price)
    for n in range(50):
        why = msg("{amount} withheld", amount=f"${n}")
        [event] = [e for e in economy.move_price(game, corp, "left", "1830:dividend.withhold", why)
                   if e.kind == "price_move"]
        assert f"(${n} withheld)" in str(event.text) and event.text.values["why"] is why
