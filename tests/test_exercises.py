"""Exercises: every question kind on positions built by legal play, with answers computed by hand from the rules
(the 1830 market grid of data/1830/game.json, the payout and rusting rules, the cube-rail dividend rounding)."""

from __future__ import annotations

import math
import random

import pytest

import gamekit
from gamekit import exercises
from gamekit.actions import Pass
from gamekit.bots import play_seats
from gamekit.tracks.actions import BuyShares, Dividend, LayTile, Par, SellShares

from .g1830_positions import auction_done, nyc_floated, pass_on

KINDS = exercises.KINDS


def make(kind: str, position, played=None, seed: int = 0):
    question = KINDS[kind].make(position, played, random.Random(seed))
    assert question is not None
    assert question.check(question.answer).correct
    assert question.rule_ids and all(question.rule_texts().values())
    return question


def lone_president_at_second_round() -> gamekit.Game:
    """Cy pars NYC at $90 (cell row 1, column 6) and holds only the president's 20%; Di (NYC_1, NYC_4) and Ann
    (NYC_2, NYC_5) 20% each, Ben NYC_3. Nobody runs in OR 1 (NYC has no train), so NYC withholds nothing and
    moves left to row 1, column 5: $82. Stock round 2, Cy to act."""
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for i, (who, cert) in enumerate([("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Di", "NYC_4"),
                                     ("Ann", "NYC_5")]):
        if i == 3:
            g.process(Pass(entity="Cy"))
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    while g.active_round() != "Stock round 2" or g.current_entity != "Cy":
        pass_on(g)
    assert g.share_price("NYC") == 82 and g.market_cell("NYC") == (1, 5)
    return g


# ----- share sales ----------------------------------------------------------------------------------------
def test_a_sale_of_ten_percent_moves_the_price_one_row_down():
    g = lone_president_at_second_round()
    q = make("sale_price", g, SellShares(entity="Cy", shares=("NYC_0",), percent=10))
    assert q.answer == 76  # data/1830 market row 2, column 5 ("76"): one row below $82
    assert q.check("$76").correct and not q.check(82).correct
    assert "1830:stock.sell" in q.rule_ids and "1830:market.moves" in q.rule_ids


def test_a_sale_of_twenty_percent_moves_it_two_rows_down():
    g = lone_president_at_second_round()
    q = make("sale_price", g, SellShares(entity="Cy", shares=("NYC_0",), percent=20))
    assert q.answer == 71  # row 3, column 5 ("71")


def test_the_presidency_passes_to_the_first_tied_player_to_the_sellers_left():
    g = lone_president_at_second_round()
    q = make("sale_president", g, SellShares(entity="Cy", shares=("NYC_0",), percent=10))
    # Cy keeps 10%; Di and Ann hold 20% each; Di sits to Cy's left (seats Ann, Ben, Cy, Di)
    assert q.answer == "Di" and q.choices == ("Ann", "Ben", "Cy", "Di")
    assert q.check("di").correct and not q.check("Ann").correct
    assert "1830:stock.president" in q.rule_ids


def test_a_small_sale_keeps_the_president():
    g = nyc_floated()
    while g.active_round() != "Stock round 2" or g.current_entity != "Di":
        pass_on(g)
    q = make("sale_president", g, SellShares(entity="Di", shares=("NYC_1",), percent=10))
    assert q.answer == "Cy"  # Cy holds 30%, nobody else more than 10%


# ----- payouts ---------------------------------------------------------------------------------------------
def at_dividend(game) -> gamekit.Game:
    while "dividend" not in game.active_step.action_types or not game.revenue_this_turn():
        pass_on(game)
    return game


@pytest.fixture(scope="module")
def bot_1830():
    return play_seats("1830", ["heuristic"] * 4, 1, cap=200)


def test_payout_pays_each_player_a_tenth_per_ten_percent(bot_1830):
    index = next(i for i, (a, _) in enumerate(bot_1830.history()) if a.type == "dividend")
    g = bot_1830.at(index)
    corp, revenue = g.current_entity, g.revenue_this_turn()
    q = make("payout_player", g, seed=1)
    holder = next(p.id for p in g.players if str(g.percent(p.id, corp)) + "%" in q.prompt and p.id in q.prompt)
    assert q.answer == revenue * g.percent(holder, corp) // 100  # rule 1830:dividend.payout, by hand
    assert f"{g.money(revenue)}" in q.prompt


def test_treasury_part_withhold_is_the_revenue_and_payout_nothing_without_pool_shares(bot_1830):
    index = next(i for i, (a, _) in enumerate(bot_1830.history()) if a.type == "dividend")
    g = bot_1830.at(index)
    corp, revenue = g.current_entity, g.revenue_this_turn()
    assert g.percent(gamekit.POOL, corp) == 0
    for kind, part in (("withhold", revenue), ("payout", 0)):
        kinds = KINDS["payout_treasury"]
        q = kinds.ask(g, Dividend(entity=corp, kind=kind), corp, "", exercises.kind.consequence(
            g, Dividend(entity=corp, kind=kind))[1])
        assert q.answer == part


# ----- tile lays -------------------------------------------------------------------------------------------
def test_a_legal_lay_and_a_green_tile_in_phase_two():
    g = nyc_floated()  # NYC at its track step, phase 2
    legal = LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1)
    kind = KINDS["tile_lay_legal"]
    seen = {}
    for seed in range(12):
        q = kind.make(g, legal, random.Random(seed))
        seen[q.answer] = q
        assert "no hex" not in q.explanation  # a refused variant stays on the map (E19's neighbour F20 is, G21 not)
    assert set(seen) == {exercises.tile_lay.LEGAL, exercises.tile_lay.ILLEGAL}
    refused = seen[exercises.tile_lay.ILLEGAL]
    assert "Refused" in refused.explanation and refused.rule_ids[0].startswith("1830:track")
    green = LayTile(entity="NYC", hex="E19", tile="14-0", rotation=0)
    assert g.why_illegal(green).rule == "1830:track.colour"  # phase 2 lays yellow only


def test_where_may_the_tile_go_accepts_every_legal_hex():
    g = nyc_floated()
    q = make("tile_lay_where", g, LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1))
    assert q.answer_type == "hex" and "E19" in q.accepted  # NYC's home city takes the yellow city 57
    assert q.check("e19").correct and not q.check("A1").correct and not q.check("nowhere").correct


# ----- best routes -----------------------------------------------------------------------------------------
def test_best_route_of_two_two_trains(bot_1830):
    # CPR (home Montreal area) runs two of its 2-trains in phase 2: A19 off-board $40 + B16 city $20 = $60 and
    # B16 $20 + C15 town $10 = $30; no other pair of stops is in reach, so $90 is the best (rule route.best)
    index = next(i for i, (a, _) in enumerate(bot_1830.history()) if a.type == "run_routes" and a.entity == "CPR")
    q = make("best_route", bot_1830.at(index))
    assert q.answer == 90 and "proved optimal" in q.explanation
    # the learner reads the trains by kind and each stop by its hex and printed name, not by router ids
    # (CPR owns four 2-trains; the other two find no pair of stops left without reusing track)
    assert "runs its trains (four 2-trains)" in q.prompt
    assert "- a 2-train: A19 Montreal $40 + B16 Ottawa $20 = $60\n- a 2-train: B16 Ottawa $20 + C15 Kingston $10" \
        in q.explanation
    assert "2-0" not in q.prompt + q.explanation and "B16-0" not in q.explanation


def test_a_lone_train_is_asked_in_the_singular(bot_1830):
    index = next(i for i, (a, _) in enumerate(bot_1830.history())
                 if a.type == "run_routes" and len(bot_1830.at(i).trains(a.entity)) == 1)
    q = make("best_route", bot_1830.at(index))
    assert "runs its only train, a 3-train. What is the most it can earn this turn?" in q.prompt
    # rule route.distance: a 3-train counts three stops; the answer is their sum (rule route.revenue)
    (line,) = [x for x in q.explanation.splitlines() if x.startswith("- a 3-train: ")]
    stops = [int(part.rsplit("$", 1)[1]) for part in line.split(" = ")[0].split(" + ")]
    assert len(stops) <= 3 and sum(stops) == q.answer == int(line.rsplit("$", 1)[1])



def test_a_routes_bonus_is_a_term_of_its_sum():
    # The shipped 1894 sample, action 560: the Nord's D-train runs Gent ... London ... Luxembourg; its twelve
    # other stops sum to 420 F and Luxembourg is worth the most valuable other stop, London's 80 F
    # (rule 1894:route.luxembourg), so 500 F. The explanation's terms add up to it: Luxembourg's printed 0 F
    # and a bonus of 80 F (it read "... + I18 Luxembourg 0 F = 500 F").
    from gamekit.datafiles import data_json

    q = make("best_route", gamekit.load_json(data_json("1894", "sample_game.json")).at(560))
    (line,) = [x for x in q.explanation.splitlines() if x.startswith("- a D-train: ")]
    assert q.answer == 500 and line.endswith("+ I18 Luxembourg 0 F + bonus 80 F = 500 F")
    terms = [int(part.split()[-2]) for part in line.split(" = ")[0].split(" + ")]
    assert len(terms) == 14 and sum(terms[:-1]) == 420 and sum(terms) == 500

# ----- rusting and phases ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def bot_1830_long():
    return play_seats("1830", ["heuristic"] * 4, 1, cap=180)


def test_the_first_four_train_rusts_every_two_train(bot_1830_long):
    index = next(i for i, (a, _) in enumerate(bot_1830_long.history()) if a.type == "buy_train" and a.train == "4-0")
    g = bot_1830_long.at(index)
    twos = {t for c in g.corporations() for t in g.trains(c) if t.startswith("2-")}
    q = make("rust", g, bot_1830_long.actions[index])
    assert twos and q.answer == "Every 2-train"  # rule 1830:trains.rust: the first 4 rusts the 2s
    buy = bot_1830_long.actions[index]
    assert f"{buy.entity} buys a 4-train from the bank for $300. Which trains rust?" in q.prompt  # not "4-0"
    phase = make("next_phase", g, bot_1830_long.actions[index])
    # rule 1830:trains.phase and trains.limit: phase 4 keeps yellow and green, the limit drops to 3
    assert phase.answer == "Phase 4: yellow, green tiles; train limit 3; 2 operating rounds per set"
    assert phase.answer in phase.choices and "Phase 3" not in " ".join(phase.choices)


def test_a_second_three_train_rusts_nothing_and_starts_no_phase(bot_1830_long):
    index = next(i for i, (a, _) in enumerate(bot_1830_long.history()) if a.type == "buy_train" and a.train == "3-1")
    g, buy = bot_1830_long.at(index), bot_1830_long.actions[index]
    assert make("rust", g, buy).answer == "No train rusts"  # only the first 4-, 6- and D-trains rust
    assert KINDS["next_phase"].make(g, buy, random.Random(0)) is None  # phase 3 began with the 3-0


def test_the_first_three_train_starts_phase_three(bot_1830_long):
    index = next(i for i, (a, _) in enumerate(bot_1830_long.history()) if a.type == "buy_train" and a.train == "3-0")
    q = make("next_phase", bot_1830_long.at(index), bot_1830_long.actions[index])
    assert q.answer == "Phase 3: yellow, green tiles; train limit 4; 2 operating rounds per set"


# ----- auctions --------------------------------------------------------------------------------------------
def test_the_lowest_bid_on_a_private_is_the_high_bid_plus_five():
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"])
    g.process(g.parse_action("Ann bids 45 on CS"))
    # Ben may bid on CS: Ann's $45 + $5; on DH (face $70): $75 (rule 1830:auction.bid)
    lowest = {}
    for seed in range(12):
        q = KINDS["minimum_bid"].make(g, None, random.Random(seed))
        lowest[q.prompt.split(" for ")[1].split(" ")[0]] = q.answer
    assert lowest["CS"] == 50 and lowest["DH"] == 75


# ----- cube rails ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cd_game():
    return play_seats("continental-divide", ["heuristic"] * 4, 1)


@pytest.fixture(scope="module")
def ar_game():
    return play_seats("american-rails", ["heuristic"] * 4, 1)


def test_cd_dividend_is_income_over_shares_issued_rounded_up(cd_game):
    for seed in range(3):
        q = exercises.questions(cd_game, ["cube_dividend"], n=1, seed=seed)[0]
        income = int(q.prompt.split("income is $")[1].split(" ")[0])
        shares = int(q.prompt.split("it has ")[1].split(" ")[0])
        assert q.answer == math.ceil(income / shares)  # rule cd:dividends, by hand from the prompt's facts


def test_ar_dividend_counts_only_shares_held_by_players(ar_game):
    q = exercises.questions(ar_game, ["cube_dividend"], n=1, seed=2)[0]
    income = int(q.prompt.split("income is $")[1].split(" ")[0])
    shares = int(q.prompt.split("it has ")[1].split(" ")[0])
    assert "held by players" in q.prompt and q.answer == math.ceil(income / shares)  # rule ar:dividends
    assert f"it has {shares} {'share' if shares == 1 else 'shares'} held by players" in q.prompt


def test_cd_income_rises_by_the_hexes_built(cd_game):
    index = next(i for i, (a, e) in enumerate(cd_game.history()) if a.type == "cd_build_track"
                 and len(a.hexes) >= 3)
    g, action = cd_game.at(index), cd_game.actions[index]
    q = make("cube_income", g, action)
    gained = sum(e.data["income"] for _, events in [list(cd_game.history())[index]] for e in events
                 if e.kind in ("build", "divide"))
    assert q.answer == g.income(action.railroad) + gained  # rule cd:build.cost-income: each hex's income added


def test_cd_minimum_price_is_stock_value_plus_dividend(cd_game):
    index = next(i for i, (a, _) in enumerate(cd_game.history()) if a.type == "cd_buy_share")
    g, buy = cd_game.at(index), cd_game.actions[index]
    q = make("minimum_bid", g, buy)
    summary = g.railroad_summary(buy.railroad)
    dividend = math.ceil(summary["income"] / summary["shares_issued"])
    assert q.answer == summary["stock_value"] + dividend  # rule cd:stock.minimum-price
    assert "cd:stock.minimum-price" in q.rule_ids


def test_ar_opening_bid_is_ten_and_then_one_more(ar_game):
    bids = [(i, a) for i, (a, _) in enumerate(ar_game.history()) if a.type == "ar_bid"]
    first, second = bids[0], bids[1]
    assert make("minimum_bid", ar_game.at(first[0]), first[1]).answer == 10  # rule ar:auction.bid: $10 lowest
    assert make("minimum_bid", ar_game.at(second[0]), second[1]).answer == first[1].amount + 1


def test_end_conditions(ar_game, cd_game):
    last = len(ar_game.actions) - 1
    q = make("end_condition", ar_game.at(last), ar_game.actions[last])
    assert q.answer == "Yes: The seventh year" and "ar:end.years" in q.rule_ids  # the game ended in 1857
    early = next(i for i, (_, e) in enumerate(ar_game.history()) if any(x.kind == "dividend" for x in e))
    assert make("end_condition", ar_game.at(early), ar_game.actions[early]).answer == "No, the game goes on"
    last = len(cd_game.actions) - 1
    q = make("end_condition", cd_game.at(last), cd_game.actions[last])
    # rule cd:end: the game ends after game turn 8; the choice names it without the rulebook's "(ref. 29)"
    assert q.answer == "Yes: The end of the game" and "cd:end" in q.rule_ids


# ----- the question set ------------------------------------------------------------------------------------
CAPS = {"1830": 350, "1837": 600, "1894": 350, "continental-divide": 350, "american-rails": 350}
"""Actions of the seeded bot game per title: enough for a position of every kind (1837 sells from stock round 6)."""


@pytest.mark.parametrize("title", sorted(CAPS))
def test_every_kind_of_a_title_is_asked_and_seeded(title):
    game = play_seats(title, ["heuristic"] * 4, 1, cap=CAPS[title])
    kinds = [k.name for k in exercises.applicable(game)]
    first = exercises.questions(game, kinds, n=len(kinds), seed=5)
    assert sorted(q.kind for q in first) == sorted(kinds)
    again = exercises.questions(game, kinds, n=len(kinds), seed=5)
    assert [q.to_dict() for q in first] == [q.to_dict() for q in again]
    for q in first:
        assert q.check(q.answer).correct
        assert exercises.Question.from_dict(q.to_dict()) == q
        assert len(q.position().actions) == q.action_index
        assert q.check(q.money.format(q.answer) if q.answer_type == "number" else q.answer).correct


def test_unknown_or_foreign_kinds_are_refused(cd_game):
    with pytest.raises(ValueError, match="has no rust questions"):
        exercises.questions(cd_game, ["rust"])
    with pytest.raises(KeyError):
        exercises.questions(cd_game, ["no_such_kind"])
    with pytest.raises(ValueError, match="3 to 5"):
        exercises.lesson_quiz(cd_game, ["cube_income"], n=7)


def test_answers_are_read_strictly():
    q = exercises.Question(kind="sale_price", title="1830", prompt="", answer_type="number", answer=1100,
                           explanation="why", rule_ids=(), save="", action_index=0)
    assert q.check("$1,100").correct and q.check(1100.0).correct
    assert not q.check(True).correct and not q.check("1100.5").correct and not q.check(None).correct
    assert "could not read" in q.check("lots").explanation


def test_a_lessons_closing_quiz_asks_about_the_lessons_own_game():
    g = lone_president_at_second_round()
    quiz = exercises.lesson_quiz(g, ["minimum_bid", "sale_price", "sale_president"], n=3, seed=2)
    assert [q.kind for q in quiz] == ["minimum_bid", "sale_price", "sale_president"]
    assert quiz == exercises.lesson_quiz(g, ["minimum_bid", "sale_price", "sale_president"], n=3, seed=2)
    assert all(q.action_index <= len(g.actions) for q in quiz)
    assert len(g.actions) == len(lone_president_at_second_round().actions)  # the lesson's game is not changed


def test_a_lessons_quiz_from_a_short_seeded_game():
    quiz = exercises.lesson_quiz("continental-divide", ["cube_income", "cube_dividend", "minimum_bid"], n=3, seed=1,
                                 cap=200)
    assert len(quiz) == 3 and {q.title for q in quiz} == {"continental-divide"}


@pytest.mark.parametrize("title", ["1830", "continental-divide", "american-rails"])
def test_a_question_about_the_position_on_the_projector(title, cd_game, ar_game, bot_1830):
    game = {"1830": bot_1830, "continental-divide": cd_game, "american-rails": ar_game}[title]
    found = {}
    for index in (len(game.actions) // 3, len(game.actions) // 2):
        position = game.at(index)
        before = position.to_json()
        q = exercises.about_position(position, seed=index)
        assert position.to_json() == before
        if q is not None:
            found[q.kind] = q
            assert q.action_index == index and q.check(q.answer).correct
    assert found


def test_cube_dividends_at_the_last_move_of_a_turn(cd_game):
    last = len(cd_game.actions) - 1  # the last build of turn 8: its dividends end the game
    q = KINDS["end_condition"].make(cd_game.at(last), None, random.Random(0))
    assert q is not None and q.answer.startswith("Yes")


def test_sources_a_save_and_refusals(tmp_path):
    g = lone_president_at_second_round()
    path = tmp_path / "game.json"
    path.write_text(g.to_json())
    assert exercises.source_game(path).to_json() == g.to_json()
    assert exercises.source_game(g.to_json()).to_json() == g.to_json()
    with pytest.raises(ValueError, match="neither a title"):
        exercises.source_game("1831")


def test_questions_from_a_real_game_log():
    from .fixtures import fixture_logs

    log = next(p for p in fixture_logs("1830") if not p.name.endswith(".states.jsonl"))
    qs = exercises.questions(log, ["sale_price", "best_route", "payout_player"], n=3, seed=1)
    assert [q.kind for q in qs] == ["sale_price", "best_route", "payout_player"]
    for q in qs:
        assert q.check(q.answer).correct and q.position().title == "1830"
