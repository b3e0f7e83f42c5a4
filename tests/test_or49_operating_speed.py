"""The operating round's shortcuts of stop 49 (issue 32) against fresh computations along real random games
(positions built by legal play):

- the train step's purchases (``trainbuy.purchases``) are found one by one, only as far as asked: asked in the
  order a random draw asks (whether there is one, then how many, then one of them) or in any other order, the
  group holds what a listing built afresh from the other corporations' trains and the depot holds;
- a turn's listing that closes with a lone pass gives the pass's group kept per entity
  (``operating._pass_group``): the groups of the private purchases and the pass equal those split afresh from a
  pass built by the checking constructor;
- the track step's lays kept by their values (``operating._lay_action``) equal lays built afresh by the checking
  constructor from the step's rows;
- the corporations' and private companies' symbols kept with the facts (``Game18xx.corporations``,
  ``private_companies``) are the facts' own, read afresh.
"""

from __future__ import annotations

import pytest

from gamekit.actions import Pass
from gamekit.choices import ListedActions, groups_of
from gamekit.g18xx import companies, operating, trainbuy
from gamekit.g18xx.query import Queries18xx
from gamekit.g18xx.state import OperatingRound
from gamekit.tracks.actions import BuyTrain, LayTile

from .bot_positions import random_positions

CASES = [("1830", 4, 3), ("1837", 4, 1), ("1894", 3, 2)]


def _train_steps(title: str, players: int, seed: int, cap: int = 4000):
    """``(game, corporation)`` at each train step of a seeded random game where the corporation lists purchases
    (no discard or token's city waiting)."""
    for game in random_positions(title, players, seed, cap):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.step == "buy_train" and not rnd.must_discard and \
                not rnd.pending_tokens and operating.operating(game) is not None:
            yield game, operating.operating(game)


def _fresh(game, corp: str) -> ListedActions:
    """The corporation's purchases computed afresh, train by train: the depot's trains it may buy at their price,
    then every other corporation's train the title lets it buy, at the prices of ``other_price_range``."""
    c = game.state.corporations[corp]
    at_limit = len(c.trains) >= game.train_limit_of(corp)
    ranges = [r for r in trainbuy.ranges(game, corp) if trainbuy.train_owner(game, r.template.train) is None]
    if not at_limit and not game.bank_finances(corp) and game.trains_change_hands():
        for other in sorted(game.state.corporations):
            if other == corp:
                continue
            for train in game.state.corporations[other].trains:
                span = trainbuy.other_price_range(game, corp, train) \
                    if game.may_buy_train(corp, train, from_corporation=True) else None
                if span is not None:
                    ranges.append(trainbuy._purchase(corp, train, span[0], span[1]))
    return ListedActions(BuyTrain.type, [r.template for r in ranges], ranges)


@pytest.mark.parametrize("title,players,seed", CASES)
def test_purchases_found_as_far_as_asked(title, players, seed):
    asked = with_others = 0
    for n, (game, corp) in enumerate(_train_steps(title, players, seed)):
        fresh = _fresh(game, corp)
        drawn = trainbuy.purchases(game, corp)  # as a random draw asks: whether, how many, one of them
        assert bool(drawn) == bool(fresh)
        assert len(drawn) == len(fresh)
        if fresh:
            last = len(fresh) - 1
            assert drawn.action(last) == fresh.action(last) and drawn.range(last) == fresh.range(last)
        picked = trainbuy.purchases(game, corp)  # an action first, then the rest: no measure in between
        if fresh:
            assert picked.action(n % len(fresh)) == fresh.action(n % len(fresh))
        assert list(picked.actions()) == list(fresh.actions())
        assert [picked.range(i) for i in range(len(fresh))] == [fresh.range(i) for i in range(len(fresh))]
        checked = trainbuy.purchases(game, corp)  # whether, twice, and nothing else
        assert bool(checked) == bool(checked) == bool(fresh)
        asked += 1
        with_others += any(trainbuy.train_owner(game, a.train) is not None for a in fresh.actions())
    assert asked > 50 and with_others > 5


def _rows(groups):
    return [(g.type, list(g.actions()), list(g.ranges())) for g in groups]


@pytest.mark.parametrize("title,players,seed", CASES)
def test_turn_closes_as_split_afresh(title, players, seed):
    alone = with_company = 0
    for n, game in enumerate(random_positions(title, players, seed, 2500)):
        if n % 3 == 0:
            # the shared answers (1837 narrows both to the companies still open, from these)
            assert Queries18xx.corporations(game) == tuple(c.sym for c in game.facts.corporations)
            assert Queries18xx.private_companies(game) == tuple(p.sym for p in game.facts.privates)
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens or \
                operating.operating(game) is None:
            continue
        corp = operating.operating(game)
        turn = operating.turn_step(game, rnd.step)
        company = companies.company_ranges(game, corp)
        passes = turn.passable is not None and turn.passable(game, corp)
        fresh = groups_of([r.template for r in company] + ([Pass(entity=corp)] if passes else []), company)
        closing = [g for g in operating.action_groups(game) if g.type in ("pass", "buy_company")]
        assert _rows(closing) == _rows(fresh)
        alone += passes and not company
        with_company += bool(company)
    # the 1837 game reaches no purchase of a private company by a corporation
    assert alone > 100 and with_company >= (0 if title == "1837" else 5)


@pytest.mark.parametrize("title,players,seed", CASES)
def test_kept_lays_as_built_afresh(title, players, seed):
    lays = 0
    for game in random_positions(title, players, seed, 2500):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens or rnd.step != "track" or \
                operating.operating(game) is None:
            continue
        corp = operating.operating(game)
        rows = list(operating.turn_step(game, "track").choices(game, corp))
        fresh = [LayTile(entity=corp, hex=h, tile=t, rotation=r) for h, t, r in rows]
        track = [g for g in operating.action_groups(game) if g.type == LayTile.type]
        assert [a for g in track for a in g.actions()] == fresh
        assert [operating._lay_action(corp, *row) for row in rows] == fresh  # found kept, the second time
        lays += len(fresh)
    assert lays > 500
