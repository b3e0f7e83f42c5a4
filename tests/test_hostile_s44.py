"""Hostile input a tester found (session 44): a command that would overwrite its own input, extra fields on a
save's players, file errors in every language, hand-edited 18xx.games logs, refusals that hide what was typed."""

from __future__ import annotations

import argparse
import copy
import json
import os

import pytest

import gamekit
from gamekit import export_cli
from gamekit.bots import play_seats
from gamekit.cli import main
from gamekit.errors import DataError
from gamekit.exercises.lesson import lesson_quiz
from gamekit.games import real_game
from gamekit.import18xx import filter_actions, import_log, read_log
from gamekit.i18n import using
from gamekit.titles import game_class


@pytest.fixture(scope="module")
def saved_1830() -> str:
    return play_seats("1830", ["heuristic"] * 3, 2, cap=40).to_json()


@pytest.mark.parametrize("spelling", ["same", "dotted", "symlink", "hardlink"])
def test_export_refuses_to_overwrite_its_own_save(tmp_path, capsys, monkeypatch, saved_1830, spelling):
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "save.json"
    save.write_text(saved_1830)
    out = {"same": "save.json", "dotted": "./sub/../save.json"}.get(spelling, "other.json")
    (tmp_path / "sub").mkdir()
    if spelling == "symlink":
        os.symlink(save, tmp_path / out)
    elif spelling == "hardlink":
        os.link(save, tmp_path / out)
    assert export_cli.run(argparse.Namespace(save="save.json", out=out, gamekit_only=False)) == 1
    err = capsys.readouterr().err
    assert err == (f"gamekit export: {out}: this is the save being exported (save.json): writing the log there "
                   "would overwrite it; name another file\n")
    assert save.read_text() == saved_1830  # nothing was written


def test_export_to_another_file_still_writes(tmp_path, capsys, saved_1830):
    save = tmp_path / "save.json"
    save.write_text(saved_1830)
    assert export_cli.run(argparse.Namespace(save=str(save), out=str(tmp_path / "log.json"), gamekit_only=False)) == 0
    assert gamekit.import_log(tmp_path / "log.json").to_json() == saved_1830


def test_an_extra_field_on_a_saved_player_is_refused(saved_1830):
    data = json.loads(saved_1830)
    data["players"] = [{**p, "color": "red"} if i == 1 else p for i, p in enumerate(data["players"])]
    with pytest.raises(gamekit.DataError) as refused:
        gamekit.load_json(json.dumps(data))
    assert refused.value.message == "save: field 'players[1].color' is not part of a gamekit save"
    data["players"][1].pop("color")
    assert gamekit.load_json(json.dumps(data)).to_json() == saved_1830  # the save as written still loads


PLACE_WORDS = ("log", "registre", "registro", "记录")  # "log" in en/nl, ca, es, zh


@pytest.mark.parametrize("lang", ["en", "zh", "ca", "es", "nl"])
def test_a_file_error_names_the_file_once_in_every_language(tmp_path, capsys, monkeypatch, saved_1830, lang):
    monkeypatch.chdir(tmp_path)
    log = json.dumps(gamekit.load_json(saved_1830).to_18xx_log())
    (tmp_path / "l_trunc.json").write_text(log[:3000])
    (tmp_path / "l_title.json").write_text(log.replace('"title": "1830"', '"title": "1831"'))
    with using(lang):
        assert main(["replay", "l_trunc.json"]) == 1
        assert main(["replay", "./l_title.json"]) == 1
    truncated, title = capsys.readouterr().err.splitlines()
    invalid = {"en": ": not valid JSON at line 1, column", "zh": "：不是有效的 JSON，第 1 行第",
               "ca": ": no és JSON vàlid a la línia 1, columna",
               "es": ": no es JSON válido en la línea 1, columna",
               "nl": ": geen geldige JSON op regel 1, kolom"}[lang]
    assert truncated.startswith("gamekit replay: l_trunc.json" + invalid) and truncated.count("l_trunc") == 1
    assert title.startswith("gamekit replay: ./l_title.json") and title.count("l_title") == 1
    assert "1831" in title and not any(word + ":" in title or word + "：" in title for word in PLACE_WORDS)


def test_an_unknown_title_is_a_translatable_message():
    with pytest.raises(ValueError) as unknown:  # a GameError (rule core:setup.title), and still a ValueError
        game_class("1831")
    assert unknown.value.message.template == "unknown title {title}; playable titles: {known}"
    assert str(unknown.value) == ("unknown title '1831'; playable titles: 1830, 1837, 1894, american-rails, "
                                  "continental-divide (rule core:setup.title)")


# ----- hand-edited 18xx.games logs ----------------------------------------------------------------------------
def _bank_log() -> dict:
    """The shipped real 1830 game that ends with the broken bank (its nodes listed, no legacy skip marks)."""
    return copy.deepcopy(read_log(real_game("1830", "1830_game_end_bank").log()))


def _index(log: dict, kind: str) -> int:
    """The index of the first action of ``kind`` that survives the log's undos."""
    kept = {a["id"] for a in filter_actions(log["actions"]) if a["type"] == kind}
    return next(i for i, a in enumerate(log["actions"]) if a.get("id") in kept)


def _refusal(log: dict) -> str:
    with pytest.raises(DataError) as refused:
        import_log(log, strict=True)
    assert "\n" not in str(refused.value)
    return refused.value.message


def test_an_undo_to_a_later_action_is_refused():
    log = _bank_log()
    i = next(i for i, a in enumerate(log["actions"]) if a["type"] == "undo")
    undo = log["actions"][i]
    for target in (log["actions"][i + 3]["id"], undo["id"]):  # a later action, and the undo itself
        undo["action_id"] = target
        assert _refusal(log) == (f"actions[{i}] (action {undo['id']}): field 'action_id': {target} is not the id "
                                 "of an earlier action; an undo goes back to one")


def test_an_action_id_given_twice_is_refused():
    log = _bank_log()
    log["actions"][6]["id"] = log["actions"][5]["id"]
    assert _refusal(log) == f"log: actions[6]: field 'id': {log['actions'][5]['id']} is already the id of actions[5]"


@pytest.mark.parametrize("value", ["banana", {}, 1, None])
def test_a_skip_mark_is_true_or_false(value):
    log = _bank_log()
    log["actions"][3]["skip"] = value
    assert _refusal(log) == f"log: actions[3]: field 'skip' must be true or false, not {value!r}"


def test_a_program_entry_has_only_its_own_fields():
    log = _bank_log()
    i = next(i for i, a in enumerate(log["actions"]) if a["type"] == "program_buy_shares")
    assert import_log(copy.deepcopy(log), strict=True).game  # the real entry, with the site's fields, is read
    log["actions"][i]["zzz"] = 1
    assert _refusal(log) == f"log: actions[{i}]: field 'zzz' is not part of a program_buy_shares action in our rules"


def test_a_route_with_an_empty_node_list_is_refused():
    log = _bank_log()
    run = log["actions"][_index(log, "run_routes")]
    run["routes"][0]["nodes"] = []
    assert _refusal(log) == (f"action {run['id']}: routes[0]: field 'nodes' is empty: a route has at least two "
                             "stops (a log that does not list them leaves the field out)")


def test_real_logs_without_nodes_and_with_skip_marks_still_replay():
    log = read_log(real_game("1830", "26855").log())  # 2021: routes list no nodes, undone actions carry skip
    assert any("skip" in a for a in log["actions"])
    assert all("nodes" not in r for a in log["actions"] if a["type"] == "run_routes" for r in a["routes"])
    report = import_log(log, strict=True)
    assert report.error is None and report.applied == 502  # the surviving actions the site counts too


def test_a_route_without_its_hexes_is_refused_naming_hexes():
    log = _bank_log()
    run = log["actions"][_index(log, "run_routes")]
    text = run["routes"][0].pop("hexes") and run["routes"][0]["revenue_str"]
    assert _refusal(log) == (f"action {run['id']}: routes[0]: field 'hexes' is missing (revenue_str {text!r} names "
                             "hexes it must spell)")


# ----- arguments of the lesson quiz ----------------------------------------------------------------------------
@pytest.mark.parametrize("kinds, seed, n, says", [
    ("sale_price", 1, 3, "kinds is a list of kind names, not the string 'sale_price' (write ['sale_price'])"),
    (["sale_price"], "x", 3, "seed must be a whole number, not 'x'"),
    (["sale_price"], None, 3, "seed must be a whole number, not None"),
    (["sale_price"], 1.5, 3, "seed must be a whole number, not 1.5"),
    (["sale_price"], True, 3, "seed must be a whole number, not True"),
    (["sale_price"], 1, 3.0, "n must be a whole number, not 3.0"),
])
def test_the_lesson_quiz_refuses_arguments_of_the_wrong_type(saved_1830, kinds, seed, n, says):
    game = gamekit.load_json(saved_1830)
    with pytest.raises(TypeError) as refused:
        lesson_quiz(game, kinds, n=n, seed=seed)
    assert str(refused.value) == says


def test_gamekit_import_log_documents_its_arguments():
    doc = gamekit.import_log.__doc__
    assert all(word in doc for word in ("Args:", "stop_at:", "path_or_data:", "Returns:", "Raises:"))


def test_a_route_text_that_does_not_spell_its_hexes_is_shown_quoted_and_cut():
    log = _bank_log()
    run = log["actions"][_index(log, "run_routes")]
    run["routes"][0]["revenue_str"] = "\x00" + "H" * 500
    hexes = "-".join(run["routes"][0]["hexes"])
    assert _refusal(log) == (f"action {run['id']}: routes[0]: revenue_str '\\x00{'H' * 54}… does not spell its "
                             f"hexes '{hexes}': one of the two fields is wrong")


def test_a_route_whose_hexes_were_changed_names_both_fields():
    log = _bank_log()
    run = log["actions"][_index(log, "run_routes")]
    text = run["routes"][0]["revenue_str"]
    run["routes"][0]["hexes"][0] = "A1"
    changed = "-".join(run["routes"][0]["hexes"])
    assert _refusal(log) == (f"action {run['id']}: routes[0]: revenue_str '{text}' does not spell its hexes "
                             f"'{changed}': one of the two fields is wrong")


@pytest.mark.parametrize("lang, says", [("en", "bad.json: not valid JSON at line 2"),
                                        ("zh", "bad.json：不是有效的 JSON，第 2 行"),
                                        ("ca", "bad.json: no és JSON vàlid a la línia 2"),
                                        ("es", "bad.json: no es JSON válido en la línea 2"),
                                        ("nl", "bad.json: geen geldige JSON op regel 2")])
def test_an_export_error_names_the_save_once_in_every_language(tmp_path, capsys, monkeypatch, lang, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"format": "gamekit-save"\n')
    with using(lang):
        assert main(["export", "bad.json", "out.json"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gamekit export: " + says) and err.count("bad.json") == 1 and err.count("\n") == 1
    assert not (tmp_path / "out.json").exists()
