"""A Rails report's names are checked: a name no company, private or player of our game has is refused in one line
naming the line; a known name that is not the one acting stops on the rule (hostile68 item 2).

Each damaged report is a real report (``GAMEKIT_RAILS``) cut before its first stop and with one line changed; the
undamaged cut replays with every figure equal, so each stop below is the damage's alone.
"""

from __future__ import annotations

import pytest

from gamekit.rails import import_rails_report

from .rails_support import require_report

HALF, SR4 = ("1830", "1830_SellHalfPresCert"), ("1837", "1837v2_SR4")


def replay(report: tuple[str, str], upto: int, number: int | None = None, new: str = ""):
    """The report's first ``upto`` lines, line ``number`` replaced by ``new``, replayed."""
    lines = require_report(*report).read_text().splitlines()[:upto]
    if number is not None:
        assert lines[number - 1] != new
        lines[number - 1] = new
    return import_rails_report("\n".join(lines))


def test_the_undamaged_cuts_replay_with_every_figure_equal():
    half, sr4 = replay(HALF, 160), replay(SR4, 195)
    assert (half.error, half.applied, half.checked) == (None, 81, 175)
    assert (sr4.error, sr4.applied) == (None, 69)


@pytest.mark.parametrize("number, new, kind", [
    (64, "CompanyDoesNotPayDividend,Nobody", "a corporation"),
    (26, "BUY_SHARE_LOG,Charlie,10,B&O,Nobody,100", "a corporation"),
    (67, "PrivateCloses,Nobody", "a private company"),
])
def test_a_name_of_no_company_is_refused_in_one_line_naming_the_line(number, new, kind):
    error = replay(HALF, 160, number, new).error
    assert error == (f"line {number}: core:import.log: 'Nobody' is not {kind} of 1830 in Rails' names (the report: "
                     f"{new})")


@pytest.mark.parametrize("number, new", [(42, "PASSES,Nobody"), (95, "ORWorthIncrease,alice,1.1,95")])
def test_a_line_of_no_player_is_refused(number, new):
    name = new.split(",")[1]
    assert replay(HALF, 160, number, new).error == (
        f"line {number}: core:import.log: '{name}' is not a player of the report (Alice, Bob, Charlie) (the "
        f"report: {new})")


def test_another_company_s_withholding_stops_on_the_dividend_rule():
    # line 64 is the B&O's (it earned nothing): PRR does not operate then
    assert replay(HALF, 160, 64, "CompanyDoesNotPayDividend,PRR").error == (
        "line 64: 1830:or.dividend: the report's PRR pays or withholds, ours is B&O's turn")


def test_the_passes_after_our_round_ended_go_round_the_table():
    # Charlie bought last (line 41): Alice passes next, not Bob
    assert replay(HALF, 160, 42, "PASSES,Bob").error == (
        "line 42: 1830:stock.round: player passing next: ours Alice, the report's Bob")


def test_a_par_states_the_certificate_s_shares_and_comes_from_the_bank():
    # NYNH's president's certificate is 20%: two 10% shares
    assert replay(HALF, 160, 24, "START_COMPANY_LOG,Alice,NYNH,100,200,1,20,BANK").error == (
        "line 24: 1830:stock.par: shares in NYNH's president's certificate: ours 2, the report's 1")
    assert replay(HALF, 160, 24, "START_COMPANY_LOG,Alice,NYNH,100,200,2,20,Nobody").error == (
        "line 24: 1830:stock.par: a president's certificate comes from the bank (BANK), not from 'Nobody'")


def test_the_certificate_that_comes_with_a_private_is_of_its_kind():
    # the C&A brings Bob a 10% certificate of PRR, not its president's
    assert replay(HALF, 160, 16, "ALSO_GETS,Bob,PRES_CERT_NAME,PRR,10").error == (
        "line 16: 1830:auction: kind of Bob's certificate of PRR: ours CERT_NAME, the report's PRES_CERT_NAME")


def test_the_item_selected_is_the_item_bid_on():
    # 1837v2_SR4 line 12: Alice selects EKT and bids 40 on it (line 13)
    assert replay(SR4, 195, 12, "SelectForAuctioning,Alice,EPP").error == (
        "line 13: 1837:auction.select: item selected and bid on: ours EKT, the report's EPP")
    assert replay(SR4, 195, 12, "SelectForAuctioning,Alice,Nobody").error == (
        "line 12: core:import.log: 'Nobody' is not a start item of 1837 in Rails' names (the report: "
        "SelectForAuctioning,Alice,Nobody)")


def test_a_private_is_bought_from_its_owner():
    # 1830_5forDtrainExchange line 83: NYNH buys the SVNRR from Alice, who owns it
    exchange = ("1830", "1830_5forDtrainExchange")
    assert replay(exchange, 100).error is None
    assert replay(exchange, 100, 83, "BuysPrivateFromFor,NYNH,SVNRR,Bob,40").error == (
        "line 83: 1830:or.buy-private: seller of SVNRR: ours Alice, the report's Bob")
