"""An action whose entity is nobody's id in the game (a player's display name given for the id, or an id nobody has)
is refused as an unknown id under the active step's rule, naming what was given, never as a turn refusal that
names the same player twice ("it is Ann's turn in the auction, not Ann's"); the game is left as it was."""

from __future__ import annotations

import pickle

import pytest

import gamekit
from gamekit import Player
from gamekit.errors import UnknownId
from gamekit.simulate import _same_state

SEATS = [Player("a", "Ann"), Player("b", "Ben"), Player("c", "Cy")]


@pytest.mark.parametrize("title", ["1830", "1837", "1894", "continental-divide", "american-rails"])
def test_a_players_name_given_for_the_id_is_refused_as_a_name_naming_the_id(title):
    g = gamekit.new_game(title, SEATS, seed=4)
    listed = g.legal_actions()[0]
    who = g.player(listed.entity)
    before, saved = pickle.dumps(g.state, pickle.HIGHEST_PROTOCOL), g.to_json()
    with pytest.raises(UnknownId) as refused:
        g.process(listed.replace(entity=who.name))
    assert refused.value.rule == g.active_step.rule
    assert refused.value.name == who.name
    assert refused.value.message == (f"'{who.name}' is a player's name, not an id: an action names {who.name} by the "
                                     f"id '{who.id}'")
    assert _same_state(g, before) and g.to_json() == saved and len(g.actions) == 0
    assert g.why_illegal(listed.replace(entity=who.name)).message == refused.value.message
    g.process(listed)  # the id itself is still accepted
    assert len(g.actions) == 1


def test_another_players_name_is_refused_as_well_not_as_that_players_turn():
    """Ben's name while Ann is to bid: the hostile pass saw "it is Ann's turn in the auction, not Ben's", as for the
    id 'b' itself; the name is now refused as a name."""
    g = gamekit.new_game("1830", SEATS, seed=4)
    bid = next(a for a in g.legal_actions() if a.type == "bid")
    assert g.active_step.entity == "a"
    with pytest.raises(UnknownId) as refused:
        g.process(bid.replace(entity="Ben"))
    assert str(refused.value) == "'Ben' is a player's name, not an id: an action names Ben by the id 'b' " \
                                 "(rule 1830:auction.bid)"
    turn = g.why_illegal(bid.replace(entity="b"))  # a real id out of turn keeps its turn rule and wording
    assert turn.rule == "1830:auction.order" and turn.message == "it is Ann's turn in the auction, not Ben's"


def test_an_id_nobody_has_is_refused_naming_it_and_the_players_ids():
    g = gamekit.new_game("1830", SEATS, seed=4)
    bid = next(a for a in g.legal_actions() if a.type == "bid")
    saved = g.to_json()
    refused = g.why_illegal(bid.replace(entity="Zed"))
    assert isinstance(refused, UnknownId) and refused.rule == "1830:auction.bid"
    assert refused.message == "'Zed' is not the id of a player or a company of this game; the players' ids are: " \
                              "'a', 'b', 'c'"
    assert g.to_json() == saved


def test_a_corporation_acting_is_still_accepted():
    """The check admits every id the game gives: a corporation's operating actions (1830's sample game replays
    whole through ``process``)."""
    from gamekit.datafiles import data_json

    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    corporations = {a.entity for a in sample.actions} & set(sample.corporations())
    assert sample.is_over and {"PRR", "NYC", "B&O"} <= corporations
