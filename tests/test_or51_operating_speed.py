"""The operating round's shortcuts of stop 51 (issue 32) against fresh computations along real random games
(positions built by legal play):

- a run's stop texts kept in the track data (``revenue._stop_text``) equal the texts built afresh from the
  stop's name and revenue, and every route event of a game names its stops as ``names.stop`` does;
- the texts of a pass and of a turn's start kept per entity and step (``operating._pass_text``,
  ``operating._operates_text``) equal those built afresh;
- the event texts kept with the facts by their values (``revenue.kept_text``: withholdings, privates' income,
  runs' earnings and subsidies) equal those built afresh, and the privates kept per
  corporation that closes them (``companies._closers``) are those whose facts name it;
- the train terms kept with the facts (``trainbuy._train_terms``) equal each train's face price and trade-ins
  read from its facts, and the purchases offered (``trainbuy._offers``) are those worked out afresh.
"""

from __future__ import annotations

import pytest

from gamekit.g18xx import companies, names, revenue, trainbuy
from gamekit.i18n import _Lower, join, msg
from gamekit.tracks.board import memo
from gamekit.tracks.trains import train_facts

from .bot_positions import operating_positions, random_positions

CASES = [("1830", 4, 1), ("1837", 4, 1), ("1894", 3, 2)]


def _fresh_stops(game, scored) -> list:
    """A route's stop texts built afresh: each stop's name (``names.stop``) and revenue."""
    return [join(" ", (names.stop(game, s.node), str(s.revenue))) for s in scored.stops]


@pytest.mark.parametrize("title,players,seed", CASES)
def test_stop_texts_equal_fresh(title, players, seed):
    routes = 0
    for game, corp in operating_positions(title, players, seed, 3000):
        if game.state.round.step != "route" or not revenue.can_run(game, corp):
            continue
        action, run = revenue._scored_best(game, corp)
        for scored in run.routes:
            texts = memo(game.track, "route stop texts")
            kept = [revenue._stop_text(game, texts, s.node, game.state.board.tiles.get(s.node[0]), s.revenue)
                    for s in scored.stops]
            assert kept == _fresh_stops(game, scored)
            assert [getattr(t, "parts", None) for t in kept] == \
                [getattr(t, "parts", None) for t in _fresh_stops(game, scored)]
        # the events of the run (checked_run changes nothing) name the stops as built afresh
        events = [e for e in revenue.checked_run(game, action)[2] if e.kind == "route"]
        assert [e.text.values["stops"] for e in events] == [join(" + ", _fresh_stops(game, r)) for r in run.routes]
        routes += len(events)
    assert routes > 10


def _fresh_offers(game, corp):
    """The purchases ``_offers`` yields, with each train's price and trade-ins read from its facts afresh."""
    saved = game._facts_memo().pop("train terms", None)
    try:
        return list(trainbuy._offers(game, corp))
    finally:
        if saved is not None:
            game._facts_memo()["train terms"] = saved


@pytest.mark.parametrize("title,players,seed", CASES)
def test_train_terms_equal_facts(title, players, seed):
    checked = 0
    for game, corp in operating_positions(title, players, seed, 3000):
        if game.state.round.step != "buy_train":
            continue
        assert list(trainbuy._offers(game, corp)) == _fresh_offers(game, corp)
        for train_id, (price, trade_in) in trainbuy._train_terms(game).items():
            assert price == train_facts(game.facts, train_id).price
            assert trade_in == tuple((train_facts(game.facts, train_id).trade_in or {}).items())
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("title,players,seed", CASES)
def test_kept_turn_texts_equal_fresh(title, players, seed):
    """Every pass and turn start of an operating round says what the sentence built afresh says, in English and
    as a template with its values (``operating._pass_text``, ``operating._operates_text``)."""
    seen = 0
    for game in random_positions(title, players, seed, 3000):
        for event in game._events[-1] if game._events else ():
            if event.kind == "turn":
                fresh = msg("{corporation} operates", corporation=event.data["corporation"])
            elif event.kind == "pass" and getattr(event.text, "template", None) == "{corporation} passes ({step})":
                step = event.text.values["step"]
                fresh = msg("{corporation} passes ({step})", corporation=event.text.values["corporation"],
                            step=_Lower(step.template))
            else:
                continue
            assert event.text == fresh
            assert (event.text.template, event.text.values) == (fresh.template, fresh.values)
            seen += 1
    assert seen > 50


def _fresh_text(game, event):
    """The sentence of a withholding, a private's income or a run's earnings built afresh from the event's data,
    or None for another event."""
    money = game.facts.money
    data = event.data
    if event.kind == "withhold":
        return msg("{corporation} withholds {amount}", corporation=data["corporation"], amount=money(data["revenue"]))
    if event.kind == "private_income":
        return msg("{company} pays {amount} to {owner}", company=data["company"], amount=money(data["amount"]),
                   owner=game.name_of(data["owner"]))
    if event.kind == "revenue":
        return msg("{corporation}'s trains earn {revenue}", corporation=data["corporation"],
                   revenue=money(data["revenue"]))
    if event.kind == "subsidy":
        return msg("{corporation}'s routes earn a subsidy of {subsidy} for its treasury, paid with the dividend",
                   corporation=data["corporation"], subsidy=money(data["amount"]))
    if event.kind == "subsidy_paid":
        return msg("{corporation} receives its subsidy of {subsidy}", corporation=data["corporation"],
                   subsidy=money(data["amount"]))
    return None


@pytest.mark.parametrize("title,players,seed", CASES)
def test_kept_event_texts_equal_fresh(title, players, seed):
    """The texts kept with the facts by their values (``revenue.kept_text``: withholdings, privates' income, runs'
    earnings) say what the sentences built afresh say, template and values alike."""
    seen = set()
    for game in random_positions(title, players, seed, 3000):
        for event in game._events[-1] if game._events else ():
            fresh = _fresh_text(game, event)
            if fresh is None or getattr(event.text, "template", None) != fresh.template:
                continue  # a title's own sentence of that kind (1837's minors share out their own way)
            assert event.text == fresh
            assert event.text.values == fresh.values
            assert {k: getattr(v, "template", v) for k, v in event.text.values.items()} == \
                {k: getattr(v, "template", v) for k, v in fresh.values.items()}
            seen.add(event.kind)
    # 1837's minors and coal companies say their withholdings their own way (none of the shared kind early on)
    own = {"withhold"} if title != "1837" else {"subsidy", "subsidy_paid"}  # 1837's mines earn subsidies
    assert {"private_income", "revenue"} | own <= seen


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_private_closers_equal_facts(title):
    """The privates kept per corporation that closes them (``companies._closers``) are those whose facts name it."""
    game = next(random_positions(title, 4 if title != "1894" else 3, 1, 1))
    for field in ("closes_when_operated", "closes_when_train_bought_by"):
        kept = companies._closers(game, field)
        for corp in game.state.corporations:
            fresh = {p.sym for p in game.facts.privates if getattr(p, field) == corp}
            assert kept.get(corp, frozenset()) == fresh
