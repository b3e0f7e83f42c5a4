"""The query API refuses an argument that is not text (a list, a number, ``None``) as the documented
:class:`~gamekit.errors.UnknownId` naming it and the game's ids (hostile67 #9: ``g.cash([])`` raised ``TypeError:
unhashable type``), in every title; the answers for real ids are unchanged and the game is not touched."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import UnknownId


@pytest.mark.parametrize("title, ids", [
    ("1830", "A, B, C, PRR, NYC, CPR, B&O, C&O, ERIE, NYNH, B&M, SV, CS, DH, MH, CA, BO"),
    ("continental-divide", "A, B, C, UP, SP, ATSF, NP, GN, TP, DRG, MP"),
])
@pytest.mark.parametrize("ask", [lambda g: g.cash([]), lambda g: g.holdings([]), lambda g: g.player_value([]),
                                 lambda g: g.percent("A", []), lambda g: g.tokens({}), lambda g: g.cash(7),
                                 lambda g: g.holdings(holder=None)])
def test_a_query_refuses_an_id_that_is_not_text(title, ids, ask):
    g = gamekit.new_game(title, ["A", "B", "C"], seed=1)
    saved = g.to_json()
    with pytest.raises(UnknownId) as refused:
        ask(g)
    assert refused.value.rule == f"{g.rule_prefix}:setup"
    assert refused.value.message.endswith(f" is not an id of this game; there are: {ids}")
    assert isinstance(refused.value, KeyError) and g.to_json() == saved


def test_the_answers_for_real_ids_are_unchanged():
    g = gamekit.new_game("1830", ["A", "B", "C"], seed=1)
    assert (g.cash("A"), g.player_value("A"), g.holdings("A"), g.percent("A", "PRR")) == (800, 800, {}, 0)
    cd = gamekit.new_game("continental-divide", ["A", "B", "C"], seed=1)
    assert cd.cash("A") == 80 and cd.cash("bank") is None
    with pytest.raises(UnknownId, match="'Zed' is not a player, a corporation or the bank of this game"):
        g.cash("Zed")  # an unknown text id keeps its title's own refusal
