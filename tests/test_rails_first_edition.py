"""1837's first-edition start packet (rule 1837:auction.first-edition), by legal play from a new game."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.tracks.actions import Bid

FIRST = ("edition=1st", "packet=1st")


def new_game() -> gamekit.Game:
    return gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=FIRST)


def test_three_items_are_offered_at_face_value():
    game = new_game()
    assert game.active_step.rule == "1837:auction.first-edition"
    buys = {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"}
    assert buys == {("EKT", 100), ("EPP", 100), ("BB", 100)}
    assert Pass(entity="Ann") in game.legal_actions()


def test_prices_fall_by_10_after_everyone_passes_and_a_purchase_resets_them():
    game = new_game()
    for player in ("Ann", "Ben", "Cy", "Ann", "Ben", "Cy"):
        game.process(Pass(entity=player))
    assert {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"} == \
        {("EKT", 80), ("EPP", 80), ("BB", 80)}
    game.process(Bid(entity="Ann", company="EPP", price=80))
    assert game.cash("Ann") == 730 - 80
    assert game.president("EPP") == "Ann" and game.cash("EPP") == 100  # floats with its fixed treasury
    assert game.current_entity == "Ben"
    assert {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"} == \
        {("EKT", 100), ("BB", 100), ("EOD", 100)}


def test_a_wrong_price_or_an_item_not_offered_is_refused_and_changes_nothing():
    game = new_game()
    before = game.to_json()
    with pytest.raises(GameError) as wrong_price:
        game.process(Bid(entity="Ann", company="EKT", price=90))
    assert wrong_price.value.rule == "1837:auction.first-edition"
    with pytest.raises(GameError, match="KK1 is not on offer"):
        game.process(Bid(entity="Ann", company="KK1", price=60))
    assert game.to_json() == before


def test_the_sd_item_brings_its_mountain_railway():
    game = new_game()
    for _ in range(5):  # EKT, EPP, BB, EOD, RGTE bought at face value
        item = next(a for a in game.legal_actions() if a.type == "bid")
        game.process(item)
    offer = {a.company: a.price for a in game.legal_actions() if a.type == "bid"}
    assert offer == {"SD1": 150, "SD2": 170, "SD3": 185}
    who = game.current_entity
    game.process(Bid(entity=who, company="SD1", price=150))
    assert game.president("SD1") == who and "Semmering" in game.privates(who)


def sell_packet(game: gamekit.Game) -> str:
    """Play the packet to its end (each player buys the cheapest item offered it can afford, else passes);
    returns the last buyer."""
    last = None
    while game.active_step.rule == "1837:auction.first-edition" and "minors' certificates" not in \
            game.active_step.help:
        bids = sorted((a for a in game.legal_actions() if a.type == "bid"), key=lambda a: a.price)
        action = bids[0] if bids else Pass(entity=game.current_entity)
        last = action.entity if bids else last
        game.process(action)
    return last


def test_after_the_packet_the_kk_minors_are_sold_at_fixed_prices_from_the_player_after_the_last_buyer():
    game = new_game()
    last = sell_packet(game)
    seats = ["Ann", "Ben", "Cy"]
    assert game.current_entity == seats[(seats.index(last) + 1) % 3]
    for minor in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3"):
        assert game.president(minor) is None
    # rule 1837:auction.first-edition (the minors' sale): KK1-KK3 first, each at its treasury
    assert {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"} <= \
        {("KK1", 90), ("KK2", 140), ("KK3", 90)}
    assert Pass(entity=game.current_entity) in game.legal_actions()


def rich_minor_sale() -> gamekit.Game:
    """A game at the start of the minors' sale whose players hold enough cash to buy every minor (the packet
    bought at its lowest prices: everyone passes until an item costs 0)."""
    game = new_game()
    while "minors' certificates" not in game.active_step.help:
        free = [a for a in game.legal_actions() if a.type == "bid" and a.price == 0]
        game.process(free[0] if free else Pass(entity=game.current_entity))
    return game


def test_minors_float_at_once_and_the_ug_minors_follow_the_kk_minors_then_the_second_halves():
    game = rich_minor_sale()
    first = game.current_entity
    cash = game.cash(first)
    game.process(Bid(entity=first, company="KK2", price=140))
    assert game.cash(first) == cash - 140 and game.president("KK2") == first
    assert game.cash("KK2") == 140  # floats with its whole treasury from the bank
    assert game.current_entity != first  # a purchase is the player's turn
    for item in ("KK1", "KK3"):
        game.process(Bid(entity=game.current_entity, company=item, price=90))
    offer = {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"}
    assert offer == {("UG1", 90), ("UG2", 90), ("UG3", 90)}  # no second half before its president's certificate
    buyer = game.current_entity
    game.process(Bid(entity=buyer, company="UG1", price=90))
    assert game.cash("UG1") == 180 and game.holdings(buyer)["UG1"].percent == 50
    assert ("UG1_share", 90) in {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"}
    other = game.current_entity
    game.process(Bid(entity=other, company="UG1_share", price=90))
    assert game.holdings(other)["UG1"].percent == 50 and game.cash("UG1") == 180


def test_the_stock_round_begins_when_every_minor_is_sold_with_the_player_after_the_last_buyer():
    game = rich_minor_sale()
    last = None
    for item in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3", "UG1_share", "UG3_share"):
        last = game.current_entity
        game.process(Bid(entity=last, company=item, price=140 if item == "KK2" else 90))
    seats = ["Ann", "Ben", "Cy"]
    assert game.active_round() == "Stock round 1"
    assert game.current_entity == seats[(seats.index(last) + 1) % 3]


def test_a_minor_not_for_sale_or_at_a_wrong_price_is_refused_and_changes_nothing():
    game = rich_minor_sale()
    who = game.current_entity
    before = game.to_json()
    for item, price in (("UG1", 90), ("KK1", 60), ("UG1_share", 90)):
        with pytest.raises(GameError) as refused:
            game.process(Bid(entity=who, company=item, price=price))
        assert refused.value.rule == "1837:auction.first-edition"
    assert game.to_json() == before


def test_packet_1st_needs_the_first_edition():
    with pytest.raises(GameError) as refused:
        gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=("packet=1st",))
    assert refused.value.rule == "1837:edition"


def test_the_rulebooks_priority_option_gives_the_first_turn_to_the_player_after_the_last_buyer():
    from gamekit.titles.g1837 import start_packet

    def play(options):
        # the second edition's packet: each chooser bids the face value of the first affordable item, the others
        # pass; on the last item the last bidder after the buyer is the last one to act
        game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=options)
        last_buyer = None
        while game.active_round() == "Start packet":
            bids = [a for a in game.legal_actions() if a.type == "bid"]
            chooser = game.active_step.rule == "1837:auction.select"
            action = bids[0] if chooser and bids else Pass(entity=game.current_entity)
            events = game.process(action)
            last_buyer = next((e.data["player"] for e in events if e.kind == "buy_private"), last_buyer)
        return game, last_buyer

    seats = ["Ann", "Ben", "Cy"]
    plain, buyer = play(())
    ruled, same_buyer = play((start_packet.PRIORITY_OPTION,))
    assert buyer == same_buyer
    assert ruled.current_entity == seats[(seats.index(buyer) + 1) % 3]
    # by default the player after the last one to act: the last to pass after the purchase's bid
    assert plain.current_entity != ruled.current_entity


def test_the_minors_sale_ends_when_every_player_has_passed_in_a_row():
    game = rich_minor_sale()
    first = game.current_entity
    game.process(Bid(entity=first, company="KK1", price=90))
    for _ in range(3):
        assert game.active_step.rule == "1837:auction.first-edition"
        game.process(Pass(entity=game.current_entity))
    # editions.md E2: the sale was stock round 1 and the operating rounds follow, the majors still unreleased
    assert game.active_round() == "Operating round 1.1" and game.president("KK2") is None


def test_packet_1st_plays_the_first_editions_market_and_the_second_edition_keeps_its_own():
    # editions.md E8 (Rails' first-edition StockMarket.xml, data/1837/market_first_edition.json): rows 6-8 and the
    # right ends of rows 0-2 differ; the par column and the nationals' start cells are the same
    first, second = new_game(), gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=("edition=1st",))
    prices = {name: [[g.market.cell((r, c)).price for c in range(16) if (r, c) in g.market.cells] for r in range(9)]
              for name, g in (("1st", first), ("2nd", second))}
    assert prices["1st"][6] == [63, 67, 70, 73, 76, 79, 83, 87]
    assert prices["1st"][7] == [57, 61, 65, 68, 71, 74, 77]
    assert prices["1st"][8] == [51, 55, 59, 63, 66, 69, 72]
    assert prices["1st"][0][-5:] == [280, 320, 360, 400, 450] and prices["2nd"][0][-4:] == [280, 350, 400, 460]
    assert prices["2nd"][6] == [64, 67, 70, 73, 76, 79, 83, 87]
    assert prices["1st"][3:6] == prices["2nd"][3:6]
    assert [c.price for c in first.market.par_cells()] == [104, 97, 91, 85, 80, 75, 70]
    assert {n: first.share_price(n) for n in ("SD", "KK", "UG")} == {"SD": 142, "KK": 120, "UG": 175}
    # a withhold from 67 moves down a row: 61 K on the first edition's chart (1837v1_SR5.report line 1263), 62 K
    # on the second's
    assert first.market.cell(first.market.down((6, 1))).price == 61
    assert second.market.cell(second.market.down((6, 1))).price == 62
    yellow = {pos for pos, cell in first.market.cells.items() if not cell.counts_for_cert_limit}
    assert yellow == {(5, 0), (6, 0), (6, 1), (7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2), (8, 3)}
    # a saved game and a fork keep the chart
    first.process(Pass(entity="Ann"))
    for copy in (gamekit.load_json(first.to_json()), first.fork()):
        assert copy.market.cell((7, 1)).price == 61 and copy.share_price("KK") == 120


def test_a_first_edition_game_forms_the_sd_on_the_first_4_train_at_its_start_price_of_the_first_editions_chart():
    # editions.md E12: the first edition's national formation is the second edition's (Rails' first-edition data
    # has the same triggers and start cells; the first edition speaks only of the nationals' stations), on the first
    # edition's chart; the packet bought at its lowest prices and every minor sold (so the majors are released
    # under either reading of E2), then the heuristic bot plays until SD forms
    from gamekit.bots import bot
    from gamekit.rng import GameRandom

    game = rich_minor_sale()
    for item in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3", "UG1_share", "UG3_share"):
        game.process(Bid(entity=game.current_entity, company=item, price=140 if item == "KK2" else 90))
    assert game.active_round() == "Stock round 1"
    choose, rng = bot("heuristic"), GameRandom(1)
    formed = None
    for _ in range(1500):
        events = game.process(choose(game, rng))
        formed = next((e for e in events if e.kind == "float" and e.data["corporation"] == "SD"), None)
        if formed or game.is_over:
            break
    assert formed is not None, "SD never formed"
    assert game.phase() == "4" and game.market.cells[(0, 15)].price == 450  # the first edition's chart
    # its start cell K4 of Rails' first-edition grid, 142 K (row 3, column 10); five 10% certificates paid
    assert game.share_price("SD") == 142 and game.market_cell("SD") == (3, 10)
    assert formed.data["capital"] == 142 * 5
    for minor in ("SD1", "SD2", "SD3", "SD4", "SD5"):
        assert game.closed(minor)
    owners = {p for p in ("Ann", "Ben", "Cy") if "SD" in game.holdings(p)}
    assert owners and game.president("SD") in owners


@pytest.mark.parametrize("change, message", [
    (lambda raw: raw.pop("market"), "here: expected an object with a 'market'"),
    (lambda raw: raw["market"]["rows"][6].__setitem__(0, "63q"), "here: market: rows.6.0: zone letter 'q'"),
    (lambda raw: raw["market"]["rows"][7].__setitem__(1, "sixty"), "here: market: rows.7.1: 'sixty' is not a price"),
])
def test_a_malformed_first_edition_chart_is_a_one_line_error_naming_the_field(change, message):
    import copy

    from gamekit.datafiles import data_json
    from gamekit.errors import DataError
    from gamekit.titles.g1837 import first_market

    raw = copy.deepcopy(data_json("1837", first_market.FILE))
    assert first_market.parse(raw, "here").rows[6][1] == "67y"
    change(raw)
    with pytest.raises(DataError) as error:
        first_market.parse(raw, "here")
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_minors_left_unsold_wait_through_the_operating_rounds_and_are_sold_before_the_majors():
    # editions.md E2 (Rails' CompanyManager.xml: the majors are released once U1-U3 are sold; rule
    # 1837:auction.first-edition): a sale ended by passes counts as the stock round, the operating rounds follow,
    # the next stock round offers the minors left first and the majors' stock round follows the last sale
    from gamekit.g18xx.state import StockRound
    from gamekit.titles.g1837 import first_minors

    game = new_game()
    while "minors' certificates" not in game.active_step.help:
        free = [a for a in game.legal_actions() if a.type == "bid" and a.price == 0]
        game.process(free[0] if free else Pass(entity=game.current_entity))
    assert first_minors.left(game) == list(first_minors.PRICES)
    game.process(Bid(entity=game.current_entity, company="KK1", price=90))
    for _ in range(3):
        game.process(Pass(entity=game.current_entity))
    # editions.md E2: the sale was stock round 1; operating round 1.1 follows with the majors still unreleased
    assert game.active_round() == "Operating round 1.1" and game.president("KK1") is not None
    assert game.state.title.minors_left == ["KK2", "KK3", "UG1", "UG2", "UG3", "UG1_share", "UG3_share"]
    while not isinstance(game.state.round, first_minors.MinorSale):
        passes = [a for a in game.legal_actions() if a.type == "pass"]
        game.process(passes[0] if passes else game.legal_actions()[0])
    # the next stock round opens with the minors left, the priority holder first, KK2 and KK3 at their prices
    assert game.active_round() == "Stock round 2" and game.current_entity == game.priority_deal()
    assert sorted((a.company, a.price) for a in game.legal_actions() if a.type == "bid") == \
        [("KK2", 140), ("KK3", 90)]
    while isinstance(game.state.round, first_minors.MinorSale):
        bids = [a for a in game.legal_actions() if a.type == "bid"]
        game.process(bids[0] if bids else Pass(entity=game.current_entity))
    # every minor sold: the majors' stock round 2 follows at once
    assert game.active_round() == "Stock round 2" and not first_minors.left(game)
    assert isinstance(game.state.round, StockRound)
    assert all(game.president(m) for m in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3"))


def test_a_stock_round_sale_ended_by_passes_again_is_that_stock_round_and_the_minors_wait_once_more():
    # rule 1837:auction.first-edition (editions.md E2): nothing bought when the minors left are offered again in
    # stock round 2: the operating rounds 2.x follow, the majors still unreleased, and the minors wait for stock
    # round 3; a saved game replays to the same place
    from gamekit.titles.g1837 import first_minors

    game = new_game()
    while "minors' certificates" not in game.active_step.help:
        free = [a for a in game.legal_actions() if a.type == "bid" and a.price == 0]
        game.process(free[0] if free else Pass(entity=game.current_entity))
    last = None
    for _ in range(3):
        last = game.current_entity
        game.process(Pass(entity=last))
    seats = ["Ann", "Ben", "Cy"]
    assert game.active_round() == "Operating round 1.1"
    assert game.priority_deal() == seats[(seats.index(last) + 1) % 3]  # the player after the last one to act
    while game.active_round() != "Stock round 2":
        passes = [a for a in game.legal_actions() if a.type == "pass"]
        game.process(passes[0] if passes else game.legal_actions()[0])
    assert isinstance(game.state.round, first_minors.MinorSale)
    for _ in range(3):
        game.process(Pass(entity=game.current_entity))
    assert game.active_round() == "Operating round 2.1"
    assert game.state.title.minors_left == ["KK1", "KK2", "KK3", "UG1", "UG2", "UG3", "UG1_share", "UG3_share"]
    assert not any(game.president(m) for m in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3"))
    copy = gamekit.load_json(game.to_json())
    assert copy.active_round() == "Operating round 2.1" and copy.state.title.minors_left == game.state.title.minors_left


def test_the_minors_certificates_cost_their_first_edition_face_values():
    # rule 1837:auction.first-edition: KK1 90 K, KK2 140 K, KK3 90 K, each UG certificate 90 K; the second
    # edition's packet keeps its minimums (KK2 60 K)
    first, second = new_game(), gamekit.new_game("1837", ["Ann", "Ben", "Cy"])
    assert {m: first.facts.private(m).value for m in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG1_share")} == \
        {"KK1": 90, "KK2": 140, "KK3": 90, "UG1": 90, "UG2": 90, "UG1_share": 90}
    assert second.facts.private("KK2").value == 60 and second.facts.private("EKT").value == \
        first.facts.private("EKT").value
    assert first.fork().facts.private("KK2").value == 140
    assert gamekit.load_json(first.to_json()).facts.private("KK2").value == 140


def test_heuristic_bots_buy_every_minor_and_reach_the_majors_stock_round():
    # the bot weighs an item against its face value: at the first edition's (KK2 140 K) it buys KK2 once its
    # cash allows, so the UG minors and then the majors are released (with the second edition's 60 K it never
    # paid 140 K, and its games ended by the bank in phase 2 with no major; editions.md E2)
    from gamekit.bots import bot
    from gamekit.rng import GameRandom

    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"], seed=1, options=FIRST)
    choose, rng = bot("heuristic"), GameRandom(1)
    rounds = []
    for _ in range(400):
        game.process(choose(game, rng))
        if game.active_round() not in rounds:
            rounds.append(game.active_round())
        if game.active_round().startswith("Stock round") and not game.state.title.minors_left:
            break
    assert game.active_round().startswith("Stock round") and not game.state.title.minors_left
    assert all(game.president(m) for m in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3"))
    assert "Operating round 1.1" in rounds  # the minors waited through operating rounds first
