"""Rails-18xx reports replayed with our rules (gamekit.rails): the reader, the tables and real reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import gamekit
from gamekit.errors import DataError
from gamekit.rails import import_rails_report, is_rails_report
from gamekit.rails.lines import SHAPES, parse_line, parse_report
from gamekit.rails.tables import market_cell, table

from .rails_support import require_report

AUCTION = """GameIs,1830
PlayerIs,1,Stefan
PlayerIs,2,Martin
PlayerIs,3,Erik
PlayerCash,800
BankHas,9600
StartOfPhase,2
BankSizeIs,9600
StartOfInitialRound,1
HasPriority,Stefan
PASSES,Stefan
PASSES,Martin
PASSES,Erik
ALL_PASSED
ITEM_PRICE_REDUCED,SVNRR,15
BuysItemFor,Stefan,SVNRR,15
Has,Stefan,785
"""


def test_a_hand_written_report_replays_and_checks_each_figure():
    report = import_rails_report(AUCTION)
    assert report.ok, report.error
    assert report.game.private_owner("SV") == "Stefan" and report.game.cash("Stefan") == 785
    # one pass each, then the purchase; figures: title, 3 starting cash, the bank twice, phase, priority, the
    # price drop, the owner, Stefan's cash
    assert report.applied == 4
    assert report.checked == 12  # and the price paid
    assert report.summary()["figures_checked"] == 12


def test_a_different_figure_stops_at_its_line_with_ours_and_the_reports():
    report = import_rails_report(AUCTION.replace("Has,Stefan,785", "Has,Stefan,780"))
    assert report.error == "line 17: core:import.log: cash of Stefan: ours 785, the report's 780"
    assert not report.ok and report.mismatch() == report.error
    assert "stopped at line 17" in report.describe()


def test_a_refused_move_names_the_rule():
    report = import_rails_report(AUCTION.replace("BuysItemFor,Stefan,SVNRR,15", "BuysItemFor,Martin,SVNRR,15"))
    assert report.error.startswith("line 16: 1830:auction")


def test_malformed_lines_are_one_line_errors_naming_the_line():
    with pytest.raises(DataError, match=r"^report: line 2: BuysItemFor needs|line 2: 'Nonsense' is not"):
        parse_report("GameIs,1830\nNonsense,1\n")
    with pytest.raises(DataError, match=r"^report: line 3: Has argument 2 must be a whole number, not 'x'$"):
        parse_report("GameIs,1830\n\nHas,Ann,x\n")
    with pytest.raises(DataError, match="starts with 'GameIs"):
        parse_report("PlayerIs,1,Ann\n")
    with pytest.raises(DataError, match="no Rails-18xx table for '1894'"):
        import_rails_report("GameIs,1894\n")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80))
def test_fuzzed_lines_parse_or_fail_with_one_line(raw):
    raw = raw.replace("\n", " ").replace("\r", " ")
    if not raw.strip():
        return
    try:
        line = parse_line(raw, 7)
    except DataError as exc:
        assert str(exc).startswith("report: line 7: ") and "\n" not in str(exc)
    else:
        assert line.key == "text" or line.key in SHAPES


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=16), st.sampled_from(["", "x", ",", ",,,", "-1", "Ann,Bob"]))
def test_fuzzed_reports_fail_with_the_line(cut, noise):
    lines = AUCTION.splitlines()
    lines[cut] = lines[cut] + noise
    text = "\n".join(lines)
    try:
        report = import_rails_report(text)
    except DataError as exc:
        assert f"line {cut + 1}:" in str(exc) and "\n" not in str(exc)
    else:
        assert report.error is None or report.error.startswith("line ")


def test_reports_are_recognised_by_content():
    assert is_rails_report(AUCTION)
    assert is_rails_report(AUCTION.encode())
    assert not is_rails_report('{"title": "1830", "actions": []}')
    # a report with a wrong line is still a report (by its shape), so the reader names that line
    assert is_rails_report("GameIs,1830\nnot a report line\n")
    with pytest.raises(DataError, match=r"^report: line 2: 'not a report line' is not a Rails report event"):
        import_rails_report("GameIs,1830\nnot a report line\n")
    assert not is_rails_report("not a report line\nnor this, with a comma\n")


def test_tile_orientation_maps_rails_sides_to_our_edges():
    rails = table("1830")
    assert rails.rotation("W", "here") == 1
    # Rails' tile 8 joins sides 3 and 5; laid facing W (1) it joins our edges 1 and 3 (turned by 3)
    assert rails.exits("8", 1, "here") == frozenset({(frozenset({1, 3}), "track")})
    # Rails' tile 57 laid facing SW: its city joins our edges 0 and 3
    assert rails.exits("57", 0, "here") == frozenset({(frozenset({0, 3}), "city")})
    assert market_cell("G1", "here") == (0, 6)
    assert table("1837").item("SmB") == "SD1" and table("1837").corporation("S1") == "SD1"
    with pytest.raises(DataError, match="'N' is not a tile orientation"):
        rails.rotation("N", "line 3")


def test_1830_auction_test_replays_to_its_end():
    report = import_rails_report(require_report("1830", "1830_Auction_Test"))
    assert report.ok, report.error
    assert (report.lines_done, report.applied, report.checked) == (53, 19, 33)
    assert report.game.private_owner("DH") == "Martin" and report.game.private_owner("MH") == "Stefan"


def test_a_report_s_bank_of_20000_plays_the_coalfields_and_reading_options():
    # Rails' BankHas is the bank after the players' cash: 17,600 + 3 × 800 = 20,000, the bank of Rails' variant
    # "Coalfields&Reading" (data/1830/rails.json, variant_options): our game plays both options and checks it
    text = AUCTION.replace("BankHas,9600", "BankHas,17600").replace("BankSizeIs,9600", "BankSizeIs,17600")
    report = import_rails_report(text)
    assert report.ok, report.error
    assert report.game.options == ("coalfields", "reading")
    assert report.game.cash("bank") == 17600 + 15 and report.checked == 12


def test_a_bank_no_option_gives_stops_at_the_bank():
    # 11,600 + 2,400 = 14,000 is Rails' Wabash variant, which we do not play: nothing chooses an option, and the
    # bank line differs
    report = import_rails_report(AUCTION.replace("BankHas,9600", "BankHas,11600"))
    assert report.error == "line 6: 1830:setup: the bank's cash: ours 9600, the report's 11600"


@pytest.mark.parametrize("name", ["1837v2_SR4", "1837v2_EarlyMergers", "1837v2_AfterBankruptcy1"])
def test_1837_second_edition_start_packet_equals_ours(name):
    report = import_rails_report(require_report("1837", name))
    assert report.edition == "2nd"
    # the whole start packet (coal companies, SD/KK/UG minors with their floats and treasuries, every player's
    # and company's cash) equals ours; the first stock round's priority deal is the open difference
    assert report.checked == 173 and report.applied == 69
    assert report.error == "line 200: 1837:stock.priority: player to act: ours Bob, the report's Alice"


FIRST_EDITION_STOPS = {
    # (lines replayed, actions, figures, the stop): the start packet, the minors' sale and the majors of stock
    # round 1, then the operating rounds up to a Rails figure its own first-edition data contradicts
    "1837v1_SR4": (1007, 378, 638, "line 1035: 1837:route.mine-subsidy: EPP's routes earn 20 in both games; its "
                                   "mine pays ours 20, the report's 30"),
    "1837v1_SR5": (1427, 504, 1057, "line 1501: 1837:route.mine-subsidy: BK's best routes earn 250 in both games, "
                                    "ours 230 on the routes + 20 from the mine they reach, the report's 220 + 30; "
                                    "the most a set with a 30 K mine earns is 200 + 30"),
}


@pytest.mark.parametrize("name", sorted(FIRST_EDITION_STOPS))
def test_1837_first_edition_reports_replay_the_packet_the_minors_sale_and_stock_round_1(name):
    report = import_rails_report(require_report("1837", name))
    assert report.edition == "1st" and report.game.options == ("edition=1st", "packet=1st")
    # editions.md E1, E2: every price, purchase, float, treasury and cash of the packet and of the KK and UG
    # minors' sale (rule 1837:auction.first-edition), BK started at 70 in stock round 1 and its shares bought;
    # on the first edition's market (E8) BK's prices, its sell-out rise and RGTE's forced exchange; the stops are
    # editions.md E7 (EPP's mine) and E11 (Rails' split of BK's revenue between routes and mine)
    assert (report.lines_done, report.applied, report.checked, report.error) == FIRST_EDITION_STOPS[name]
    game = report.game
    assert (game.president("KK2"), game.president("UG1")) == ("Alice", "Charlie")
    for minor in ("UG1", "UG3"):  # both halves sold to players before the majors were released
        assert sum(game.holdings(p)[minor].percent for p in ("Alice", "Bob", "Charlie")
                   if minor in game.holdings(p)) == 100


@pytest.mark.parametrize("title", ["1830", "1837"])
def test_every_rule_a_stop_can_name_is_a_section_of_the_titles_rules(title):
    from gamekit.rules import rule_sections

    # each title's lines' module speaks only of its title's rules
    source = "".join(p.read_text() for p in (Path(__file__).parent.parent / "gamekit" / "rails").glob("*.py")
                     if p.name not in {"g1830.py", "g1837.py"} or p.name == f"g{title}.py")
    named = set(re.findall(r'replay\.rule\("([a-z.-]+)"\)', source)) | set(re.findall(
        r'(?:check\(line, |check_cash\(replay, line, [^,]+, [^,]+, |check_price\(replay, line, [^,]+, [^,]+, '
        r'[^,]+, )"([a-z.-]+)"', source)) | set(table(title).rules.values()) | \
        {t["rule"] for t in table(title).territories.values()}
    assert named >= {"stock.buy", "track.lay", "route.revenue"}
    assert not [rule for rule in named if f"{title}:{rule}" not in rule_sections(title)]


@pytest.mark.parametrize("seed", [11])
def test_a_whole_bot_game_written_as_a_rails_report_replays_to_the_same_end(seed):
    # the report holds only what Rails records (no operating-round passes, no B&O par, no routes): the reader
    # must find each of those again to rebuild the game action for action
    from gamekit.rng import GameRandom

    from .rails_support import write_report

    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=seed)
    text, written = write_report(game, GameRandom(seed), 2000)
    assert game.is_over
    report = import_rails_report(text)
    assert report.ok, report.error
    assert report.applied == written == len(game.actions)
    assert report.game.outcome.ranking == game.outcome.ranking
    for entity in [p.id for p in game.players] + list(game.corporations()):
        assert report.game.cash(entity) == game.cash(entity)
    assert report.checked > 1000


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_real_report_with_one_line_damaged_fails_naming_that_line(data):
    lines = require_report("1830", "1830_Auction_Test").read_text().splitlines()
    index = data.draw(st.integers(min_value=1, max_value=len(lines) - 1))
    fields = lines[index].split(",")
    at = data.draw(st.integers(min_value=0, max_value=len(fields) - 1))
    fields[at] = data.draw(st.sampled_from(["", "x", "-5", "999999", "Nobody", "SVNRR", "1.1"]))
    lines[index] = ",".join(fields)
    try:
        report = import_rails_report("\n".join(lines))
    except DataError as exc:
        assert f"line {index + 1}:" in str(exc) and "\n" not in str(exc)
    else:
        # a damaged line that still parses changes nothing we check, or stops the replay with a rule and a reason
        # (at that line, or at an earlier one whose figure it explains: a cash line counts the income that follows)
        assert report.error is None or re.match(r"^line \d+: [a-z0-9]+:[a-z.-]+: \S", report.error)


def test_cash_stated_before_an_exchange_round_counts_the_forced_exchanges_our_round_made_already():
    # 1837v1_SR5.report lines 1280-1312 (its form): Rails states the cash after stock round 3 and then exchanges
    # RGTE into BK (45 K moved) in the coal exchange round; where our exchange round made that forced exchange
    # already (rule 1837:coal.exchange), RGTE's stated 45 is our 0 and BK's stated 320 our 365
    from gamekit.rails.handlers import _forced_ahead
    from gamekit.rails.replay import Replay

    text = "\n".join(["GameIs,1837", "END_SR,3", "Has,RGTE,45", "Has,BK,320", "Has,Alice,61",
                      "StartCoalExchangeRound,3.0", "PlayerDoesNoWantToMerge,Alice,EOD, EKT,MS",
                      "AutoMergeMinorLog,RGTE,BK,45,1", "GetShareForMinor,Bob,10,BK,RGTE", "MinorCloses,RGTE",
                      "EndOfCoalExchangeRound,3.0", "AutoMergeMinorLog,EPP,BK,30,1"])
    lines, _ = parse_report(text)
    game = gamekit.new_game("1837", ["Alice", "Bob", "Charlie"])
    replay = Replay(lines=lines, table=table("1837"), game=game)

    def changes():
        out = {}
        for index in (2, 3, 4):
            replay.index = index
            out[lines[index].args[0]] = _forced_ahead(replay, lines[index].args[0])
        return out

    # our exchange round has not reached RGTE yet (it waits behind a decision): the stated cash is ours
    assert changes() == {"RGTE": 0, "BK": 0, "Alice": 0}
    game.close("RGTE")  # as our round's forced exchange closes it
    assert changes() == {"RGTE": -45, "BK": 45, "Alice": 0}  # the merge after the round's end is not counted
    lines, _ = parse_report("\n".join(["GameIs,1837", "Has,BK,320", "START_OR,3.1", "StartCoalExchangeRound,3.1",
                                       "AutoMergeMinorLog,RGTE,BK,45,1"]))
    replay = Replay(lines=lines, table=table("1837"), index=1, game=game)
    assert _forced_ahead(replay, "BK") == 0  # an operating round comes first: the cash is stated after the exchange


@pytest.mark.parametrize("number, replacement, reason", [
    (753, "START_COMPANY_LOG,Charlie,K1,90,80,1,100,BANK", "1837:auction.first-edition: Charlie may not buy the "
                                                           "minor KK1 for 80 in our game now"),
    (753, "START_COMPANY_LOG,Charlie,U2,90,90,1,100,BANK", "Charlie may not buy the minor UG2 for 90"),
    (753, "START_COMPANY_LOG,Alice,K1,90,90,1,100,BANK", "player to act: ours Charlie, the report's Alice"),
    (754, "FloatsWithCash,K1,x", "FloatsWithCash argument 2 must be a whole number, not 'x'"),
    (768, "BUY_SHARE_LOG,Charlie,50,U2,IPO,90", "Charlie may not buy 50% of U2 from IPO"),
])
def test_a_wrong_line_of_the_first_editions_minors_sale_stops_at_that_line(number, replacement, reason):
    # 1837v1_SR4.report up to the end of stock round 1, one line of the minors' sale changed (rule
    # 1837:auction.first-edition, editions.md E2): a one-line stop or error naming that line
    lines = require_report("1837", "1837v1_SR4").read_text().splitlines()[:790]
    assert lines[number - 1].split(",")[0] == replacement.split(",")[0]
    lines[number - 1] = replacement
    try:
        report = import_rails_report("\n".join(lines))
        message = report.error
    except DataError as exc:
        message = str(exc)
    assert message.startswith(f"line {number}: ") or message.startswith(f"report: line {number}: ")
    assert reason in message and "\n" not in message


def test_a_coalfields_right_bought_outside_an_operating_turn_is_refused():
    # BuysRight names the N&W: the report plays our option coalfields (its bank, 12,000, is ours), and the line is
    # played as our purchase of the right, which the private auction does not take
    text = AUCTION.rstrip("\n") + "\nBuysRight,N&W,Coalfields,140\n"
    assert parse_report(text)[0][-1].args == ("N&W", "Coalfields", 140)
    report = import_rails_report(text)
    assert report.game.options == ("coalfields",)
    assert report.error == (f"line {len(text.splitlines())}: 1830:auction.bid: the step 'Private auction' takes a bid "
                            f"or a pass, not a choice (the report: BuysRight,N&W,Coalfields,140)")


@pytest.mark.parametrize("text, template, values", [
    ("GameIs,1830\n\nHas,Ann,x\n", "{where}: {key} argument {index} must be a whole number, not {text}",
     {"where": "report: line 3", "key": "Has", "index": 2, "text": "'x'"}),
    ("PlayerIs,1,Ann\n", "{where}: line {number}: a Rails report starts with 'GameIs,<title>'",
     {"where": "report", "number": 1}),
    ("GameIs,1830\nNonsense,1\n", "{where}: line {number}: {key} is not a Rails report event we read",
     {"where": "report", "number": 2, "key": "'Nonsense'"}),
])
def test_a_malformed_report_s_error_is_a_translatable_template_with_its_values(text, template, values):
    # the reader's refusals are catalogue templates (gamekit.i18n.msg): the English text unchanged, the template
    # and its values kept for the learner's language
    with pytest.raises(DataError) as error:
        parse_report(text)
    assert error.value.message.template == template and error.value.message.values == values
    assert error.value.message == template.format(**values)


def test_the_tables_refusals_are_translatable_templates():
    with pytest.raises(DataError) as orientation:
        table("1830").rotation("N", "line 3")
    assert orientation.value.message.template == "{where}: {name} is not a tile orientation ({names})"
    with pytest.raises(DataError) as cell:
        market_cell("7G", "line 9")
    assert cell.value.message == "line 9: '7G' is not a market cell such as G1"
    with pytest.raises(DataError) as no_table:
        table("1894")
    assert no_table.value.message.values == {"title": "'1894'"}
