"""The command line: ``gamekit replay`` on real and corrupted logs, ``gamekit simulate``, ``gamekit titles``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.cli import main
from gamekit.import18xx import filter_actions

from .fixtures import fixture_logs
from .test_rails_hostile import WRONG_LINES


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamekit.cli", *args], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def bank_log():
    return next(p for p in fixture_logs("1830") if p.stem == "1830_game_end_bank")


def test_replay_json_matches_the_recorded_result(bank_log):
    out = run("replay", str(bank_log), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["match"] is True and data["title"] == "1830"
    assert data["result"] == data["expected_result"] == {"13430": 13048, "15688": 12109, "15698": 12025}
    assert data["game_end_reason"] == "bank" and data["actions_applied"] >= 548


def test_replay_text_says_how_the_game_ended_and_the_ranking(bank_log):
    out = run("replay", str(bank_log))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1:5] == ["game over: The bank broke and the last set of operating rounds is over (rule 1830:end.bank)",
                                            "  1. Player 2 (13430): $13,048", "  2. Player 3 (15688): $12,109",
                                            "  3. Player 1 (15698): $12,025"]
    assert out.stdout.splitlines()[-1] == "the log records the same result and end (the bank broke): the replay matches it"


def _corrupt(log_path, tmp_path, change):
    data = json.loads(log_path.read_text())
    change(data)
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps(data))
    return path


def _first(data, kind):
    live = {a["id"] for a in filter_actions(data["actions"])}
    return next(a for a in data["actions"] if a["type"] == kind and a["id"] in live)


def _assert_one_line_refusal(out, action_id, rule):
    assert out.returncode != 0
    assert out.stdout == "" or "Traceback" not in out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert f"action {action_id}" in lines[0] and rule in lines[0]
    # the replay stopped there: no comparison of a result the game never reached
    assert "the log records" not in out.stdout
    assert out.stdout.splitlines()[-1] == "stopped: the log's next action was refused"


def test_bid_above_cash_is_refused(bank_log, tmp_path):
    def change(data):
        bid = _first(data, "bid")
        bid["price"] = 5000
        change.id = bid["id"]
    out = run("replay", str(_corrupt(bank_log, tmp_path, change)))
    _assert_one_line_refusal(out, change.id, "1830:auction")


def test_unknown_certificate_is_refused(bank_log, tmp_path):
    def change(data):
        buy = _first(data, "buy_shares")
        buy["shares"] = ["NYC_42"]
        change.id = buy["id"]
    out = run("replay", str(_corrupt(bank_log, tmp_path, change)))
    _assert_one_line_refusal(out, change.id, "1830:stock.certificates")


def test_tile_off_the_map_is_refused(bank_log, tmp_path):
    def change(data):
        lay = _first(data, "lay_tile")
        lay["hex"] = "Z99"
        change.id = lay["id"]
    out = run("replay", str(_corrupt(bank_log, tmp_path, change)))
    _assert_one_line_refusal(out, change.id, "1830:track.lay")


def test_overstated_revenue_is_refused(bank_log, tmp_path):
    def change(data):
        runs = _first(data, "run_routes")
        runs["routes"][0]["revenue"] += 10
        change.id = runs["id"]
    out = run("replay", str(_corrupt(bank_log, tmp_path, change)))
    _assert_one_line_refusal(out, change.id, "1830:route.revenue")


def test_truncated_file(bank_log, tmp_path):
    path = tmp_path / "cut.json"
    path.write_text(bank_log.read_text()[:5000])
    out = run("replay", str(path))
    assert out.returncode != 0 and "not valid JSON" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_missing_file(tmp_path):
    out = run("replay", str(tmp_path / "none.json"))
    assert out.returncode != 0 and "cannot read" in out.stderr


def test_titles_lists_the_playable_titles(capsys):
    assert main(["titles", "--names"]) == 0
    assert capsys.readouterr().out.split() == ["1830", "1837", "1894", "american-rails", "continental-divide"]


def test_log_without_its_end_says_why_it_does_not_match(bank_log, tmp_path):
    data = json.loads(bank_log.read_text())
    data["actions"] = data["actions"][:100]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data))
    out = run("replay", str(path))
    assert out.returncode == 1 and "our game is not over" in out.stderr


def test_action_that_is_not_an_object(bank_log, tmp_path):
    data = json.loads(bank_log.read_text())
    data["actions"][3] = "hello"
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data))
    out = run("replay", str(path))
    assert out.returncode != 0 and "actions[3] is not an action object" in out.stderr and "Traceback" not in out.stderr


def test_not_utf8(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00{")
    out = run("replay", str(path))
    assert out.returncode != 0 and "not UTF-8" in out.stderr and "Traceback" not in out.stderr


def test_import_log_raises_on_a_refused_action(bank_log, tmp_path):
    import gamekit

    def change(data):
        _first(data, "bid")["price"] = 10**12
    with pytest.raises(gamekit.DataError, match="1830:auction"):
        gamekit.import_log(_corrupt(bank_log, tmp_path, change))


def test_simulate_refuses_a_wrong_player_count():
    out = run("simulate", "1830", "--players", "9", "--json")
    assert out.returncode == 2 and "2–6 players" in out.stderr and "Traceback" not in out.stderr
    out = run("simulate", "1830", "--players", "3", "--games", "-2")
    assert out.returncode == 2 and "positive" in out.stderr


def test_simulate_check_reports_the_soak_as_json(capsys):
    code = main(["simulate", "american-rails", "--players", "3", "--games", "2", "--seed", "1", "--check",
                 "--samples", "2", "--mutations", "3"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert (report["title"], report["players"], report["games"], report["finished"]) == ("american-rails", 3, 2, 2)
    assert report["violations"] == [] and report["errors"] == [] and report["violation_count"] == 0
    assert report["mutations_tried"] == 3 * report["actions"]  # three at every position
    assert 0 < report["mutations_refused"] <= report["mutations_tried"]
    assert report["games_per_second"] > 0 and report["end_reasons"] == {"years": 2}


PLAYERS_3 = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}]


@pytest.mark.parametrize("name, text, place", [
    ("refused.json", {"title": "1830", "players": PLAYERS_3, "actions": [
        {"type": "bid", "entity": 1, "entity_type": "player", "id": 1, "company": "SV", "price": 5000}]},
     "action 1: 1830:auction.buy-cheapest: SV is the cheapest private and costs exactly $20"),
    ("title.json", {"title": "18XX", "players": [], "actions": []}, "unknown title '18XX'"),
    ("short.json", {"title": "1830", "players": PLAYERS_3, "actions": [], "result": {"1": 5}},
     "the log records a result, but our game is not over"),
    ("cut.json", '{"title": \n', "not valid JSON at line 2, column 1: the text ends before the JSON is complete: "
                                  "was the file cut short?"),
    ("odd.json", {"title": "1830", "players": PLAYERS_3, "actions": [7]}, "actions[0] is not an action object"),
    ("none.json", None, "cannot read"),
])
@pytest.mark.parametrize("spelled", ["{}", "./{}"])
def test_every_file_error_names_the_path_as_given_then_the_place(tmp_path, monkeypatch, capsys, name, text,
                                                                  place, spelled):
    """One style for every one-line file error, whichever layer found it (reading, the log's shape, our
    rules, the result): ``gamekit replay: <path as typed>: <place>: <reason>`` — never ``log:``."""
    monkeypatch.chdir(tmp_path)
    if text is not None:
        (tmp_path / name).write_text(text if isinstance(text, str) else json.dumps(text))
    path = spelled.format(name)
    assert main(["replay", path]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith(f"gamekit replay: {path}: {place}"), err


def test_routes_file_errors_name_the_path_too(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.json").write_text(json.dumps({"title": "1830", "players": PLAYERS_3, "actions": []}))
    assert main(["routes", "./v.json", "--at", "3"]) == 1
    assert capsys.readouterr().err.strip() == "gamekit routes: ./v.json: no run_routes with action id 3"
    assert main(["routes", "x/../w.json", "--all"]) == 1
    assert capsys.readouterr().err.strip().startswith("gamekit routes: x/../w.json: cannot read")


def test_measure_prints_the_sample_and_saves_it(tmp_path, capsys):
    import pandas as pd

    out = tmp_path / "ar.parquet"
    assert main(["measure", "american-rails", "--players", "3", "--games", "3", "--seats", "heuristic,random,random",
                 "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "3 games of american-rails, seat 1: heuristic bot, seats 2–3: random bot\n" in text
    assert "end reasons: the last year was played ×3\n" in text and "winning seat: seat 1 (heuristic): 3\n" in text
    frame = pd.read_parquet(out)
    assert list(frame["seed"]) == [1, 2, 3] and set(frame["bots"]) == {"heuristic,random,random"}


def test_measure_refuses_a_player_count_in_one_line(capsys):
    assert main(["measure", "1830", "--players", "9", "--games", "1"]) == 2
    assert capsys.readouterr().err.strip() == "gamekit measure: 1830 is for 2–6 players, not 9 (rule 1830:setup)"


def test_simulate_passes_title_options_to_every_game(capsys):
    """``--option`` reaches the games: American Rails' first-edition cash starts 3 players with $65, not $50."""
    from gamekit.simulate import new_bot_game

    assert new_bot_game("american-rails", 3, 1).cash("P1") == 50
    assert new_bot_game("american-rails", 3, 1, ["first-edition-cash"]).cash("P1") == 65
    assert new_bot_game("1837", 4, 1, ["edition=1st"]).edition == "1st"
    plain = main(["simulate", "american-rails", "--players", "3", "--games", "1", "--seed", "3", "--json"])
    plain_report = json.loads(capsys.readouterr().out)
    code = main(["simulate", "american-rails", "--players", "3", "--games", "1", "--seed", "3", "--json",
                 "--option", "first-edition-cash"])
    report = json.loads(capsys.readouterr().out)
    assert (plain, code) == (0, 0) and report["options"] == ["first-edition-cash"] and plain_report["options"] == []
    # seed 3's random game is 134 actions long with $50 each and 140 with $65 (seed 1's is 153 both ways)
    assert (plain_report["mean_actions"], report["mean_actions"]) == (134.0, 140.0) and report["finished"] == 1


@pytest.mark.parametrize("option, message", [
    ("edition", "unknown option 'edition' for 1837 (options: edition=2nd, edition=1st, minor_payout=full, "
                "packet=1st, market_order=float, priority=last-buyer, financing=none) "
                "(rule 1837:edition)"),
    ("edition=3rd", "unknown option 'edition=3rd' for 1837"),
    ("minor_payout=full", "minor_payout=full is an option of the first edition only (rule 1837:edition)"),
    ("=1st", "option '=1st' is malformed: write KEY=VALUE (e.g. edition=1st) or an option name"),
    ("edition=", "option 'edition=' is malformed"),
    ("edition=1st=2nd", "option 'edition=1st=2nd' is malformed"),
])
def test_simulate_refuses_a_malformed_or_unknown_option_in_one_line(capsys, option, message):
    code = main(["simulate", "1837", "--players", "4", "--games", "3", "--seed", "1", "--json", "--option", option])
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert code == 2 and captured.out == "" and "\n" not in err and err.startswith(f"gamekit simulate: {message}"), err


@pytest.mark.parametrize("out, says", [
    ("/nonexistent/dir/x.parquet", "cannot save /nonexistent/dir/x.parquet: there is no folder /nonexistent/dir"),
    ("/tmp", "/tmp is not a .parquet file: the table is saved as Parquet"),
    ("table.csv", "table.csv is not a .parquet file: the table is saved as Parquet"),
])
def test_measure_refuses_a_table_path_it_cannot_write_before_playing(capsys, out, says):
    assert main(["measure", "1894", "--players", "3", "--games", "2", "--out", out]) == 2
    assert capsys.readouterr().err.strip() == f"gamekit measure: {says}"


def test_measure_takes_a_bot_for_every_seat_or_one_per_seat_not_both(capsys):
    with pytest.raises(SystemExit) as info:
        main(["measure", "1894", "--players", "3", "--bot", "heuristic", "--seats", "random,random,random"])
    assert info.value.code == 2 and "not allowed with argument --bot" in capsys.readouterr().err


def test_replay_reads_a_rails_report_by_its_content_whatever_its_suffix(tmp_path, capsys):
    from .rails_support import require_report

    path = tmp_path / "game.txt"
    path.write_text(require_report("1830", "1830_Auction_Test").read_text())
    code = main(["replay", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "53 of 53 lines replayed, 19 actions applied, 33 figures checked" in out, out


def test_export_and_assignment_are_commands():
    with pytest.raises(SystemExit) as exit_export:
        main(["export", "--help"])
    with pytest.raises(SystemExit) as exit_assignment:
        main(["assignment", "--help"])
    assert exit_export.value.code == exit_assignment.value.code == 0


def _auction_with(number: int, text: str) -> str:
    from .test_rails import AUCTION

    lines = AUCTION.splitlines()
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("number, text, says", WRONG_LINES + [
    (16, "BuysItemFor,Stefan,SVNRR,9999999999999999999999999",
     "line 16: BuysItemFor argument 3 is too large: '9999999999999999999999999' (a whole number of at most 12 "
     "digits)"),
    (16, "BuysItemFor,Stefan,SVNRR," + "9" * 5000, "line 16: BuysItemFor argument 3 is too large: '99999"),
    (14, "ALL_PASSED,now", "line 14: ALL_PASSED takes no arguments, not 'now'"),
    (1, "GameIs,../../etc", "line 1: gamekit has no Rails-18xx table for '../../etc'"),
    (16, "BuysItemFor,Stefan,SVNRR,fifteen", "line 16: core:import.log: 'fifteen' is not a whole number"),
])
@pytest.mark.parametrize("where", ["r.report", "sub/r.txt"])
def test_a_wrong_report_line_is_one_line_naming_it_never_json_or_a_traceback(tmp_path, monkeypatch, capsys,
                                                                               number, text, says, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / where).write_text(_auction_with(number, text))
    assert main(["replay", where]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and len(err) < 300 and err.startswith(f"gamekit replay: {where}: {says}"), err


def test_a_single_line_needs_its_one_argument_in_the_singular(tmp_path, capsys):
    path = tmp_path / "r.report"
    path.write_text(_auction_with(5, "PlayerCash"))
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.strip() == f"gamekit replay: {path}: line 5: PlayerCash needs 1 argument, it has 0"


def test_replay_counts_agree_with_their_nouns(tmp_path, capsys):
    from .test_rails import AUCTION

    path = tmp_path / "r.report"
    path.write_text("\n".join(AUCTION.splitlines()[:11]) + "\n")  # the setup, then Stefan's pass: one action
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "11 of 11 lines replayed, 1 action applied, " in out, out
    counts = re.findall(r"(\d+) (lines?|actions?|figures?)\b", out.splitlines()[0])
    assert len(counts) == 3 and all((n == "1") == (not noun.endswith("s")) for n, noun in counts), out


def test_routes_says_a_rails_report_is_not_a_log_even_with_a_wrong_line(tmp_path, capsys):
    from .test_rails import AUCTION

    for text in (AUCTION, _auction_with(15, "TELEPORTS,Stefan,Mars")):
        path = tmp_path / "r.report"
        path.write_text(text)
        assert main(["routes", str(path), "--all"]) == 1
        err = capsys.readouterr().err.strip()
        assert err == f"gamekit routes: {path}: a Rails-18xx report: routes reads 18xx.games logs ('gamekit " \
                      "replay' reads Rails reports)"


def test_an_18xx_log_of_one_action_says_one_action(tmp_path, capsys):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"title": "1830", "players": PLAYERS_3,
                                "actions": [{"type": "pass", "entity": 1, "entity_type": "player", "id": 1}]}))
    main(["replay", str(path)])
    assert capsys.readouterr().out.splitlines()[0] == "1830: 1 action applied"


def test_output_read_only_in_part_ends_quietly():
    """``gamekit titles | head -1``: a reader that closes the pipe early is no error worth a traceback."""
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from gamekit.cli import main; sys.exit(main())",
                             "titles"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # before the first line is written: the write finds the pipe closed
    err = proc.stderr.read().decode()
    assert proc.wait() == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


SHIPPED_1830 = Path(__file__).resolve().parent.parent / "data" / "1830" / "games" / "26855.json"


def test_replay_summary_speaks_the_chosen_language():
    out = subprocess.run([sys.executable, "-m", "gamekit.cli", "replay", str(SHIPPED_1830)], capture_output=True,
                         text=True, timeout=600, env={**os.environ, "GAMEKIT_LANG": "zh"})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "1830：已应用 502 个动作"
    assert lines[1] == "游戏结束：一名玩家破产（规则 1830:end.bankrupt）"
    assert lines[2] == "  1. Player 4 (330): $2,212"
    assert lines[-1] == "记录的结果和结束方式（有玩家破产）与此相同：重放与之相符"


def test_replay_of_a_log_with_another_result_says_both(tmp_path):
    data = json.loads(SHIPPED_1830.read_text())
    data["result"] = {player: value + 1 for player, value in data["result"].items()}
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    out = run("replay", str(path))
    assert out.returncode == 1
    assert out.stdout.splitlines()[-1] == ("the log records the result 330 2213, 82 2128, 1627 1832, 117 311, ending "
                                           "because a player went bankrupt: the replay does not match it")
    assert out.stderr.strip() == (f"gamekit replay: {path}: our result 330 2212, 82 2127, 1627 1831, 117 310 differs "
                                  "from the log's 330 2213, 82 2128, 1627 1832, 117 311")
