"""A save's refusals word their places as their reasons do (hostile67 #7, #8): the refused action by its players'
display names, as the rule's reason names them; a missing ``version`` said missing, as for the other fields; every
value read from the save in JSON's spelling (``"x"``, ``null``), the expected format too."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit import Player
from gamekit.errors import DataError


@pytest.fixture(scope="module")
def save():
    g = gamekit.new_game("1830", [Player("a", "Ann"), Player("b", "Ben"), Player("c", "Cy")], seed=4)
    for _ in range(20):
        g.process(g.legal_actions()[0])
    return json.loads(g.to_json())


def _refusal(data) -> str:
    with pytest.raises(DataError) as refused:
        gamekit.load_json(data)
    return str(refused.value)


def test_the_refused_action_names_its_player_as_the_reason_does(save):
    """Players reversed: action 0 is Ann's bid, now out of turn. Before, the place read "a bids 20 on SV"."""
    reseated = {**save, "players": save["players"][::-1]}
    assert _refusal(reseated) == "save: action 0 (Ann bids $20 on SV): it is Cy's turn in the auction, not Ann's " \
                                 "(rule 1830:auction.order)"


@pytest.mark.parametrize("change, said", [
    (lambda d: d.pop("version"), "save: field 'version' is missing: it must be a whole number from 1"),
    (lambda d: d.update(version="x"), "save: field 'version' must be a whole number from 1, not \"x\""),
    (lambda d: d.update(version=None), "save: field 'version' must be a whole number from 1, not null"),
    (lambda d: d.update(format="x"), "save: field 'format' is \"x\", not \"gamekit-game\": not a gamekit save"),
    (lambda d: d.pop("format"), "save: field 'format' is missing: a gamekit save holds \"format\": \"gamekit-game\""),
    (lambda d: d.update(seed="x"), "save: field 'seed' must be a whole number, such as 7, not \"x\""),
])
def test_every_field_is_refused_in_one_wording(save, change, said):
    data = json.loads(json.dumps(save))
    change(data)
    assert _refusal(data) == said
