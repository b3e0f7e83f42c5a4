"""The classroom's Question button at cube-rail positions: the turn-order choice and the action track ask what a
shareholder receives at the next dividends, a share put up for auction asks the lowest bid, a starting cube and a
house ask the income after them; every answer is the engine's, in every language."""

import random

import pytest

from gamekit import exercises
from gamekit.bots import play_seats
from gamekit.exercises.cube_payout import quiet_dividends
from gamekit.i18n import LANGUAGES, localize, using

KINDS = exercises.KINDS


@pytest.fixture(scope="module")
def games():
    return {title: play_seats(title, ["heuristic"] * 4, 1, cap=600) for title in ("continental-divide", "american-rails")}


def positions(game, step):
    return [i for i in range(len(game.actions)) if game.at(i).active_step.name == step]


def test_a_question_fits_nearly_every_position(games):
    for title, game in games.items():
        asked = [exercises.about_position(game.at(i), seed=i) is not None for i in range(len(game.actions))]
        # before: 82% (Continental Divide) and 75% (American Rails); now only the first stock turn of
        # Continental Divide, before any railroad started, has none
        assert sum(asked) / len(asked) > 0.95, title


def test_the_turn_order_choice_asks_the_payout_of_the_engine(games):
    game = games["continental-divide"]
    index = positions(game, "Choose turn order")[0]
    position = game.at(index)
    q = exercises.about_position(position, seed=index)
    assert q.kind == "cube_payout" and q.action_index == index
    # the engine's own next dividends, reached by passing: rule cd:dividends, income over shares issued
    _, paid = quiet_dividends(position)
    players = {p.id for p in position.players}
    amounts = {amount for e in paid for p, amount in e.data["players"].items() if p in players}
    assert q.answer in amounts and "cd:dividends" in q.rule_ids
    assert q.check(q.answer).correct and not q.check(q.answer + 1).correct
    assert position.to_json() == game.at(index).to_json()  # the position is not changed


def test_the_payout_is_income_over_shares_held_in_american_rails(games):
    game = games["american-rails"]
    index = positions(game, "Choose an action")[5]
    position = game.at(index)
    q = KINDS["cube_payout"].make(position, None, random.Random(3))
    company = next(c for c in position.corporations() if f"from {c}?" in q.prompt)
    player = next(p for p in position.players if f"and {p.name} holds" in q.prompt)
    held = sum(position.holdings(p.id).get(company).certificates for p in position.players
               if position.holdings(p.id).get(company))
    per_share = -(-position.income(company) // held)  # rule ar:dividends: rounded up
    assert q.answer == per_share * position.holdings(player.id)[company].certificates


def test_a_payout_is_not_asked_when_the_quiet_play_changes_a_holding(games):
    game = games["american-rails"]
    # the starting cube changes an income at once: nothing quiet is legal
    index = positions(game, "Place the starting cube")[0]
    assert quiet_dividends(game.at(index)) is None


def test_a_share_put_up_for_auction_asks_its_lowest_bid(games):
    game = games["american-rails"]
    index = positions(game, "Choose a share to auction")[0]
    q = KINDS["minimum_bid"].make(game.at(index), None, random.Random(1))
    assert q.answer == 10 and "ar:auction.bid" in q.rule_ids  # rule ar:auction.bid: the lowest bid is $10
    assert "up for auction" in q.prompt and q.action_index == index


def test_the_starting_cube_and_a_house_ask_the_income(games):
    game = games["american-rails"]
    for step, rule in (("Place the starting cube", "ar:income.city"), ("Develop a city", "ar:income.house")):
        index = next(i for i in positions(game, step) if game.actions[i].type != "pass")
        q = KINDS["cube_income"].make(game.at(index), game.actions[index], random.Random(0))
        company = q.prompt.split("'s income")[0].split(": ")[-1]
        assert q.answer == game.at(index + 1).income(company) and rule in q.rule_ids
        assert q.prompt.endswith("after this move?")


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_the_new_questions_read_in_every_language(games, language):
    game = games["continental-divide"]
    index = positions(game, "Choose turn order")[0]
    q = exercises.about_position(game.at(index), seed=index)
    ar = games["american-rails"]
    auction = positions(ar, "Choose a share to auction")[0]
    bid = KINDS["minimum_bid"].make(ar.at(auction), None, random.Random(1))
    with using(language):
        for text in (q.prompt, q.explanation, bid.prompt):
            shown = localize(text)
            assert "If no income" not in shown and "receives" not in shown and ". What is the lowest" not in shown
