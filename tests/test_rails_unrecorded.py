"""Moves Rails-18xx plays without a line of its report, and lines it writes in another order or form than our
rounds play them: the reader finds each again (gamekit.rails; editions.md E4, docs/rails_reports.md R3-R5)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import DataError
from gamekit.rails import import_rails_report
from gamekit.rails.lines import parse_line, parse_report
from gamekit.rails.moves import same_turn_sales
from gamekit.rails.replay import Replay, Stop
from gamekit.rails.tables import table

HEAD_1837 = """GameIs,1837
PlayerIs,1,Alice
PlayerIs,2,Bob
PlayerIs,3,Charlie
PlayerCash,730
BankHas,12078
StartOfPhase,2
BankSizeIs,12078
StartOfInitialRound,1
HasPriority,Alice
"""

# the form of 1837v2_AfterBankruptcy2-4 (Rails' repository): after a sale the next selection names a later player
# than ours; the players between passed the choice, which Rails' start round does not write to its report
CHOICE_PASSES = HEAD_1837 + """ 
SelectForAuctioning,Alice,EKT
BID_ITEM,Alice,40,EKT
PASSES,Bob
PASSES,Charlie
BuysItemFor,Alice,EKT,40
FloatsWithCash,EKT,100
 
SelectForAuctioning,Charlie,BB
BID_ITEM,Charlie,40,BB
PASSES,Alice
PASSES,Bob
BuysItemFor,Charlie,BB,40
FloatsWithCash,BB,100
 
SelectForAuctioning,Bob,EHS
BID_ITEM,Bob,40,EHS
PASSES,Charlie
PASSES,Alice
BuysItemFor,Bob,EHS,40
FloatsWithCash,EHS,100
Has,Alice,690
Has,Bob,690
Has,Charlie,690
"""


def test_1837_a_pass_of_the_choice_rails_does_not_record_is_played():
    # rule 1837:auction.select: a player may pass the choice of an item; after Alice's purchase Bob passed it
    # (Charlie chooses), after Charlie's Alice did (Bob chooses)
    report = import_rails_report(CHOICE_PASSES)
    assert report.ok, report.error
    assert [str(a) for a in report.game.actions] == [
        "Alice bids 40 on EKT", "Bob passes", "Charlie passes", "Bob passes", "Charlie bids 40 on BB",
        "Alice passes", "Bob passes", "Alice passes", "Bob bids 40 on EHS", "Charlie passes", "Alice passes"]
    assert report.applied == 11 and report.checked == 29
    assert {p: report.game.private_owner(c) or report.game.president(c) for p, c in
            (("EKT", "EKT"), ("BB", "BB"), ("EHS", "EHS"))} == {"EKT": "Alice", "BB": "Charlie", "EHS": "Bob"}


def test_1837_a_selection_while_an_item_is_under_auction_is_not_read_as_passes():
    # the bidding on EKT is open (Bob to raise or pass): no pass of a choice can explain Charlie's selection
    text = CHOICE_PASSES.replace("PASSES,Bob\nPASSES,Charlie\nBuysItemFor,Alice,EKT,40\nFloatsWithCash,EKT,100\n",
                                 "", 1)
    report = import_rails_report(text)
    assert report.error == "line 15: 1837:auction.select: player to choose: ours Bob, the report's Charlie"
    assert [str(a) for a in report.game.actions] == ["Alice bids 40 on EKT"]


# a hand-made 1830 auction in the form of 1830_sell_Presidency2 (Rails' repository, lines 12-33): Martin bids all
# his cash, so he can neither buy M&H nor raise on C&A; Rails passes him without a line and then asks the high
# bidder on C&A, Stefan, to pass, which closes that auction
AUCTION_1830 = """GameIs,1830
PlayerIs,1,Stefan
PlayerIs,2,Martin
PlayerIs,3,Erik
PlayerCash,800
BankHas,9600
StartOfPhase,2
BankSizeIs,9600
StartOfInitialRound,1
HasPriority,Stefan
BID_ITEM_LOG,Stefan,165,C&A,635
BID_ITEM_LOG,Martin,170,C&A,630
BID_ITEM_LOG,Erik,225,B&O,575
BuysItemFor,Stefan,SVNRR,20
BID_ITEM_LOG,Martin,630,B&O,0
BuysItemFor,Erik,C&StL,40
BuysItemFor,Stefan,D&H,70
BuysItemFor,Erik,M&H,110
TO_AUCTION,C&A
BID_ITEM_LOG,Stefan,175,C&A,535
PASSES,Stefan
BuysItemFor,Stefan,C&A,175
ALSO_GETS,Stefan,CERT_NAME,PRR,10
TO_AUCTION,B&O
PASSES,Erik
BuysItemFor,Martin,B&O,630
Has,Stefan,535
Has,Martin,170
Has,Erik,650
"""


def test_1830_rails_passes_a_player_who_cannot_act_and_the_high_bidder_closes_the_auction():
    report = import_rails_report(AUCTION_1830)
    assert report.ok, report.error
    game = report.game
    passes = [a.entity for a in game.actions if isinstance(a, Pass)]
    assert passes == ["Martin", "Martin", "Erik"]  # M&H and the raise on C&A unaffordable; Erik's own pass
    assert (game.private_owner("CA"), game.private_owner("BO"), game.private_owner("MH")) == \
        ("Stefan", "Martin", "Erik")
    assert (game.cash("Stefan"), game.cash("Martin"), game.cash("Erik")) == (535, 170, 650)


def test_1830_a_pass_rails_records_for_a_player_who_could_act_is_still_required():
    # Erik may buy M&H: his purchase cannot be preceded by a pass the report does not show
    text = AUCTION_1830.replace("BuysItemFor,Stefan,D&H,70\n", "", 1)
    report = import_rails_report(text)
    assert report.error.startswith("line 17: 1830:auction")


def _replay(title: str, text: str) -> Replay:
    lines, _ = parse_report(text)
    return Replay(lines=lines, table=table(title), game=gamekit.new_game(title, ["Ann", "Ben", "Cy"]))


@pytest.mark.parametrize("title, text, parts", [
    # Rails' option SeparateSalesAtSamePrice (its 1830's default): two sales of C&O in one turn are one sale
    ("1830", "SELL_SHARES_LOG,Ann,2,10,20,C&O,138\nPRICE_MOVES_LOG,C&O,69,H7,68,H8\nIS_NOW_PRES_OF,Ben,C&O\n"
             "SELL_SHARES_LOG,Ann,2,10,20,C&O,138\nPresidentAddsCash,Erie,Ann,230", [20, 20]),
    ("1830", "SELL_SHARES_LOG,Ann,1,10,10,C&O,69\nSELL_SHARES_LOG,Ann,1,10,10,PRR,70\n"
             "SELL_SHARES_LOG,Ann,1,10,10,C&O,68", [10]),
    ("1830", "SELL_SHARES_LOG,Ann,1,10,10,C&O,69\nPASSES,Ann\nSELL_SHARES_LOG,Ben,1,10,10,C&O,68", [10]),
    ("1837", "SELL_SHARES_LOG,Ann,1,10,10,BK,69\nSELL_SHARES_LOG,Ann,1,10,10,BK,68", [10]),  # not Rails' 1837
])
def test_sales_of_one_corporation_in_one_turn_are_grouped_where_rails_sells_them_at_one_price(title, text, parts):
    replay = _replay(title, f"GameIs,{title}\n{text}\n")
    replay.index = 1
    line = replay.lines[1]
    assert same_turn_sales(replay, line, line.args[0], line.args[4], line.args[3]) == parts


def test_lines_of_rails_reports_of_early_2021_are_read():
    # the Rails repository's history (1837_SR4_v1, 1837_SR3_v2): older keys and an older argument list
    assert parse_line("SetsHomeHexS5,S5,L2", 1).args == ("S5", "L2")
    assert parse_line("GetShareForMinor,Bob,10,BK,Unavailable,RGTE", 1).args == ("Bob", 10, "BK", "Unavailable",
                                                                                 "RGTE")
    assert parse_line("SoldOutNoRaise,BK,67,B7", 1).args == ("BK", 67, "B7")
    assert parse_line("RECEIVES,EPP,10", 1).args == ("EPP", 10)
    with pytest.raises(DataError, match="line 3: 'EPPReceives25' is not a Rails report event we read"):
        parse_line("EPPReceives25", 3)


def test_the_priority_holder_our_round_passed_by_itself_is_checked_as_the_priority_deal():
    # 1837v2_AfterBankruptcy4 (Rails' repository) line 397: stock round 2 begins with Charlie's priority, and
    # Charlie and Alice, who cannot buy, pass on lines of their own; our round passed them itself and waits for Bob
    from gamekit.rails.handlers import HANDLERS

    lines, _ = parse_report("GameIs,1830\nHasPriority,Ann\n")
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"])
    replay = Replay(lines=lines, table=table("1830"), game=game, players=["Ann", "Ben", "Cy"])
    replay.act(lines[1], Pass(entity="Ann"))
    assert (game.current_entity, game.priority_deal()) == ("Ben", "Ann")
    with pytest.raises(Stop, match="player to act: ours Ben, the report's Ann"):
        HANDLERS["HasPriority"](replay, lines[1])
    replay.passed_by_round = ["Ann"]
    HANDLERS["HasPriority"](replay, lines[1])
    assert replay.checked == 2


def test_a_company_s_dividend_on_its_own_shares_leaves_out_what_its_mine_paid():
    # 1837v2_AfterBankruptcy4 (Rails' repository) lines 865-870: BK earns 170, 140 on its routes and 30 from a
    # mine (rule 1837:route.mine-subsidy), pays out 140, and receives 28 on the 20% of itself it holds; its cash
    # rose by 58 since the revenue, of which 30 is the mine's
    from gamekit.rails.handlers import HANDLERS

    lines, _ = parse_report("GameIs,1837\nPayout,BK,28,2,10\n")
    game = gamekit.new_game("1837", ["Alice", "Bob", "Charlie"])
    replay = Replay(lines=lines, table=table("1837"), game=game, players=["Alice", "Bob", "Charlie"],
                    operating="BK", subsidy=30, before={"BK": game.cash("BK") - 58})
    HANDLERS["Payout"](replay, lines[1])
    replay.subsidy = 0
    with pytest.raises(Stop, match="BK's dividend: ours 58, the report's 28"):
        HANDLERS["Payout"](replay, lines[1])
