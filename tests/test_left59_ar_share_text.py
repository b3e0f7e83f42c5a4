"""American Rails names a railroad's share the same way in its step, its events and its refusals: with the English
article its id takes when read aloud ("an AM share", "a CO share"), which the other languages leave out."""
from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.i18n import localize, using
from gamekit.titles.american_rails import Bid, ChooseShare, PlaceStart


def _opening_sale(company: str) -> tuple[gamekit.Game, list]:
    """Four players; P1 opens ``company``'s share, bids $10 and the others pass: the events of that sale."""
    game = gamekit.new_game("american-rails", ["P1", "P2", "P3", "P4"], seed=1)
    game.process(ChooseShare(entity="P1", company=company))
    game.process(Bid(entity="P1", company=company, amount=10))
    events = [e for player in ("P2", "P3", "P4") for e in game.process(Pass(entity=player))]
    return game, [e for e in events if e.rule == "ar:auction.win"]


@pytest.mark.parametrize("company, article", [("AM", "an"), ("CO", "a")])
def test_the_sale_names_the_share_as_the_bid_step_does(company, article):
    game = gamekit.new_game("american-rails", ["P1", "P2", "P3", "P4"], seed=1)
    game.process(ChooseShare(entity="P1", company=company))
    assert game.active_step.name == f"Bid for {article} {company} share"
    _, (win,) = _opening_sale(company)
    assert win.text == f"P1 buys {article} {company} share for $10, paid to the company"


@pytest.mark.parametrize("language, text", [
    ("es", "P1 compra una acción de AM por $10, que se pagan a la compañía"),
    ("ca", "P1 compra una acció de AM per $10, que es paguen a la companyia"),
    ("nl", "P1 koopt een aandeel AM voor $10, betaald aan de maatschappij"),
    ("zh", "P1 以 $10 购买一份 AM 股份，款项付给该公司"),
])
def test_the_sale_reads_naturally_in_each_language(language, text):
    _, (win,) = _opening_sale("AM")
    with using(language):
        assert localize(win.text) == text


def test_a_share_that_cannot_be_put_up_is_named_with_its_article():
    game, _ = _opening_sale("AM")
    game.process(PlaceStart(entity="P1", company="AM", hex="B26"))
    with pytest.raises(GameError) as refused:
        game.process(ChooseShare(entity=game.current_entity, company="AM"))
    assert refused.value.message == "an AM share cannot be put up now"
