"""The train listing's shortcuts (issue 32) give the answers of the full computation, at every train step of
random games (positions built by legal play):

- the corporations' symbols kept in sorted order with the facts (``trainbuy._symbol_order``) are the state's
  corporations sorted afresh;
- ``Game18xx.trains_buyable_from`` (the default, or a title's answer for all of a seller's trains at once) holds
  exactly the seller's trains that ``may_buy_train`` allows one by one, in the seller's order;
- ``trainbuy.ranges`` (one range from 1 to the cash for every other corporation's train unless the president's
  money may help) equals the listing computed train by train: each other corporation's train the title allows,
  priced by ``other_price_range``, after the depot's trains;
- the private companies' purchases kept by their values (``companies._offer``) and the payout and withholding kept
  per corporation (``operating._dividends_of``) equal those built afresh by the checking constructors;
- whether a president could raise the money for a forced purchase, answered from the bundles without a fork
  (``trainbuy._could_raise``), is the answer of selling everything on a fork.
"""

from __future__ import annotations

import pytest

from gamekit.choices import ActionRange
from gamekit.g18xx import companies, operating, trainbuy
from gamekit.g18xx.state import OperatingRound
from gamekit.tracks.actions import BuyCompany, Dividend

from .bot_positions import random_positions

CASES = [("1830", 4, 1), ("1830", 4, 3), ("1894", 3, 2), ("1837", 4, 1)]


def _train_steps(title: str, players: int, seed: int, cap: int = 6000):
    """Yield each position of a random game (inside its batch) where a corporation is at its train step, with
    that corporation, before the position's action is processed."""
    return _operating_positions(title, players, seed, cap, step="buy_train")


def _fresh_others(game, corp: str):
    """The other corporations' trains ``corp`` may buy, in the order of the sellers' symbols, asked train by
    train."""
    if not game.trains_change_hands():
        return []
    return [t for other in sorted(game.state.corporations) if other != corp
            for t in game.state.corporations[other].trains if game.may_buy_train(corp, t, True)]


def _rows(ranges):
    return [(r.template, r.field, r.low, r.high) for r in ranges]


@pytest.mark.parametrize("title,players,seed", CASES)
def test_sellers_trains_as_asked_one_by_one(title, players, seed):
    offered = 0
    for game, corp in _train_steps(title, players, seed):
        assert trainbuy._symbol_order(game) == tuple(sorted(game.state.corporations))
        for other, c in game.state.corporations.items():
            if other == corp or not game.trains_change_hands():  # the hook is asked only while they do
                continue
            asked = [t for t in c.trains if game.may_buy_train(corp, t, from_corporation=True)]
            assert list(game.trains_buyable_from(corp, other)) == asked
        found = list(trainbuy._others_trains(game, corp))
        assert found == _fresh_others(game, corp)
        offered += len(found)
    assert offered > 0  # the games reach positions where trains change hands


@pytest.mark.parametrize("title,players,seed", CASES)
def test_ranges_as_priced_train_by_train(title, players, seed):
    others = 0
    for game, corp in _train_steps(title, players, seed):
        listed = trainbuy.ranges(game, corp)
        depot = [r for r in listed if trainbuy.train_owner(game, r.template.train) is None]
        from_others = listed[len(depot):]
        assert all(trainbuy.train_owner(game, r.template.train) not in (None, corp) for r in from_others)
        c = game.state.corporations[corp]
        if len(c.trains) >= game.train_limit_of(corp) or game.bank_finances(corp):
            assert from_others == []
            continue
        expected = []
        for train in _fresh_others(game, corp):
            span = trainbuy.other_price_range(game, corp, train)
            if span is not None:
                expected.append((trainbuy._template(corp, train, span[0], None), "price", span[0], span[1]))
        assert _rows(from_others) == expected
        others += len(expected)
    assert others > 0


def _operating_positions(title: str, players: int, seed: int, cap: int = 6000, step: str | None = None):
    """Yield each position of a random game (inside its batch) where a corporation operates (at ``step``, if
    given) and no discard or token's city waits, with that corporation, before the position's action is
    processed."""
    for game in random_positions(title, players, seed, cap):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and not rnd.must_discard and not rnd.pending_tokens \
                and operating.operating(game) is not None and step in (None, rnd.step):
            yield game, operating.operating(game)


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 1), ("1830", 4, 3), ("1894", 3, 2)])
def test_kept_private_purchases_and_dividends_as_built_afresh(title, players, seed):
    offers = dividends = 0
    for game, corp in _operating_positions(title, players, seed):
        for r in companies.company_ranges(game, corp):
            fresh = ActionRange(BuyCompany(entity=corp, company=r.template.company, price=r.low), "price", r.low,
                                r.high)
            assert r == fresh  # not its checked mark: marks are forgotten when many (it is then checked again)
            value = game.facts.private(r.template.company).value
            assert (r.low, r.high) == (-(-value // 2), min(2 * value, game.state.corporations[corp].cash))
            offers += 1
        if game.state.round.step == "dividend" and not operating.turn_step(game, "dividend").skip(game.fork(), corp):
            listed = [a for g in game.action_groups() if g.type == "dividend" for a in g.actions()]
            assert listed == [Dividend(entity=corp, kind="payout"), Dividend(entity=corp, kind="withhold")]
            dividends += 1
    assert offers > 0 and dividends > 0


def test_could_raise_without_a_fork_as_with_one(monkeypatch):
    """Where the president's largest bundle of each corporation together raise the missing money, ``_could_raise``
    answers without selling everything on a fork: at every emergency listing of heuristic 1830 games (where
    presidents sell shares for trains) and of random 1830 and 1837 games, its answer equals the fork's."""
    from gamekit.bots import play_seats

    kept = trainbuy._could_raise
    compared = {"all": 0, "raised": 0}

    def compare(game, corp, bundles=()):
        found = kept(game, corp, bundles)
        if bundles:
            assert found == kept(game, corp)  # no bundles given: the trial on a fork
            compared["all"] += 1
            compared["raised"] += found
        return found

    monkeypatch.setattr(trainbuy, "_could_raise", compare)
    play_seats("1830", ["heuristic"] * 4, 1)
    for title, players, seed in [("1830", 4, 6), ("1837", 4, 2)]:
        for _ in _train_steps(title, players, seed):
            pass
    assert compared["raised"] >= 20 and compared["all"] >= 25
