"""A command given the other kind of file says what the file is and which command takes it: ``gamekit routes`` given
a gamekit save, ``gamekit export`` given an 18xx.games log (``gamekit replay`` given a save already did)."""

from pathlib import Path

import gamekit
from gamekit import cli

LOG = Path(__file__).resolve().parent.parent / "data" / "1830" / "games" / "26855.json"


def test_routes_given_a_save_names_the_export_then_routes(tmp_path, capsys):
    save = tmp_path / "save.json"
    save.write_text(gamekit.new_game("1830", ["Ann", "Bob", "Cy"], seed=1).to_json(), encoding="utf-8")
    assert cli.main(["routes", "--all", str(save)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"gamekit routes: {save}: a gamekit save, not an 18xx.games log: write it as a log with 'gamekit export "
        f"{save} log.json', then 'gamekit routes --all log.json'")


def test_export_given_a_log_names_replay(tmp_path, capsys):
    out = tmp_path / "out.json"
    assert cli.main(["export", str(LOG), str(out)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"gamekit export: {LOG}: an 18xx.games log, not a gamekit save: 'gamekit replay {LOG}' replays it")
    assert not out.exists()


def test_a_file_of_neither_kind_keeps_the_loader_s_own_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"title": "1830"}', encoding="utf-8")
    assert cli.main(["export", str(bad), str(tmp_path / "out.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gamekit export: {bad}: ") and "gamekit replay" not in err
