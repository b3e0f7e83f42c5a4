"""The export writes only the options 18xx.games has (``site_options``): a game with an option of gamekit's own is
refused in one line naming it, unless the caller asks for a log only gamekit reads back (``gamekit_only``), which
keeps every option and replays to the same game (hostile68 item 1)."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.cli import main
from gamekit.simulate import play_random_game


@pytest.mark.parametrize("title,players,option", [("1830", 4, "coalfields"), ("1830", 4, "dh_token_free"),
                                                  ("1837", 3, "edition=1st"), ("1837", 3, "market_order=float"),
                                                  ("1894", 3, "london_bonus=owner")])
def test_an_option_the_site_has_not_is_refused_in_one_line_naming_it(title, players, option):
    game = gamekit.new_game(title, [f"p{i}" for i in range(players)], options=[option])
    with pytest.raises(NotImplementedError) as refused:
        game.to_18xx_log()
    text = str(refused.value)
    assert "\n" not in text and text.startswith(f"{option} is gamekit's option: 18xx.games would replay this "
                                                f"{title} game without it")


def test_every_own_option_is_named():
    game = gamekit.new_game("1830", ["a", "b", "c"], options=["reading", "reading_ca_rdg", "optional_6_train"])
    with pytest.raises(NotImplementedError, match=r"^reading, reading_ca_rdg are gamekit's options: "):
        game.to_18xx_log()


def test_the_sites_own_options_export():
    game = gamekit.new_game("1830", ["a", "b", "c"], options=["optional_6_train", "multiple_brown_from_ipo"])
    assert game.to_18xx_log()["settings"]["optional_rules"] == ["multiple_brown_from_ipo", "optional_6_train"]


@pytest.mark.parametrize("title,players,options", [("1830", 4, ["coalfields"]), ("1837", 3, ["edition=1st"]),
                                                   ("1894", 3, ["london_bonus=owner"])])
def test_a_log_only_gamekit_reads_keeps_the_options_and_the_game(title, players, options):
    game = play_random_game(title, players, 3, cap=150, options=options)
    log = json.loads(json.dumps(game.to_18xx_log(gamekit_only=True)))
    assert log["settings"]["optional_rules"] == options
    again = gamekit.import_log(log)
    assert again.options == tuple(options) and again.to_json() == game.to_json()


def test_gamekit_export_refuses_and_writes_with_the_flag(tmp_path, capsys):
    save = tmp_path / "cf.json"
    save.write_text(gamekit.new_game("1830", ["a", "b", "c"], options=["coalfields"]).to_json())
    out = tmp_path / "log.json"
    assert main(["export", str(save), str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "coalfields is gamekit's option" in err[0] and not out.exists()
    assert main(["export", "--gamekit-only", str(save), str(out)]) == 0
    assert json.loads(out.read_text())["settings"]["optional_rules"] == ["coalfields"]
