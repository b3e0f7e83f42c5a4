"""``--seed`` of ``gamekit classroom`` and ``gamekit assignment`` is read by the kit's one rule for typed whole
numbers (left70 item 2), as every other number argument is: they read it with Python's ``int()``, which took
``1_000`` as 1000. A seed too long for a save (more than 18 digits, of any length) is one usage error naming the
argument, in the game's own words (``Game.__init__``'s message, translated as it is). ``simulate`` and
``measure`` read their ``--seed`` the same way."""

from __future__ import annotations

import pytest

from gamekit import cli
from gamekit.errors import GameError
from gamekit.i18n import localize, using
from gamekit.widgets import classroom_launch

LIMIT = "the seed is a whole number of at most 18 digits (a save must hold it), not "


def _parsed(command: str, seed: str):
    """The seed ``command``'s parser reads from ``--seed seed``."""
    parser = cli._parser()
    extra = {"classroom": [], "assignment": ["1830", "out.ipynb"], "simulate": ["1830", "--players", "4"],
             "measure": ["1830", "--players", "4"]}[command]
    return parser.parse_args([command, *extra, "--seed", seed]).seed


def _refusal(command: str, seed: str, capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        _parsed(command, seed)
    assert exit_.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and lines[1].startswith(f"'gamekit {command} --help' ")  # "shows the usage", as translated
    return lines[0]


COMMANDS = ["classroom", "assignment", "simulate", "measure"]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("typed, seed", [
    ("7", 7), ("+5", 5), ("-3", -3), ("−3", -3), (" 12 ", 12), ("٣٨٣", 383), ("１２", 12), ("007", 7),
    ("9" * 18, 10 ** 18 - 1), ("-" + "9" * 18, -(10 ** 18 - 1)),
])
def test_a_seed_is_read_as_every_number_argument_is(command, typed, seed):
    assert _parsed(command, typed) == seed


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("typed", ["1_000", "1e3", "7.0", "0x10", "seven", "", "1 000", "++1"])
def test_a_seed_that_is_no_whole_number_is_a_usage_error(command, typed, capsys):
    assert _refusal(command, typed, capsys) == (f"gamekit {command}: error: argument --seed: {typed!r} is not a "
                                                "whole number")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("typed, shown", [
    ("1" + "0" * 18, "1" + "0" * 18),  # 10**18: 19 digits
    ("-" + "9" * 19, "-" + "9" * 19),
    ("００" + "９" * 17, "００" + "９" * 17),  # full-width, leading zeros counted as typed
    ("9" * 5000, "9" * 59 + "…"),  # more than Python's int() reads: the same message, cut
])
def test_a_seed_too_long_for_a_save_is_one_message_in_the_game_s_words(command, typed, shown, capsys):
    assert _refusal(command, typed, capsys) == f"gamekit {command}: error: argument --seed: {LIMIT}{shown}"


def test_the_message_is_the_game_s_own(capsys):
    # the same words the game refuses such a seed with, less the rule argparse has no title for
    with pytest.raises(GameError) as refused:
        classroom_launch.new_game("1830", ["A", "B", "C"], seed=10 ** 18)
    assert str(refused.value) == f"{LIMIT}{10 ** 18} (rule 1830:setup)"
    assert _refusal("classroom", str(10 ** 18), capsys).endswith(f"argument --seed: {LIMIT}{10 ** 18}")


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_the_message_is_in_the_user_s_language(lang, capsys):
    with using(lang):
        with pytest.raises(GameError) as refused:
            classroom_launch.new_game("1830", ["A", "B", "C"], seed=10 ** 19 - 1)
        game_words = localize(refused.value.message)  # without its rule
        with cli.argparse_in_language():
            line = _refusal("assignment", "9" * 19, capsys)
    assert line.endswith(f" --seed{'：' if lang == 'zh' else ': '}{game_words}") and game_words != LIMIT + "9" * 19
    if lang == "zh":
        assert line == ("gamekit assignment：错误：参数 --seed：种子是至多 18 位的整数（存档必须能保存它），而不是 "
                        + "9" * 19)


def test_the_assignment_command_refuses_before_any_game_is_played(tmp_path, capsys):
    out = tmp_path / "a.ipynb"
    with pytest.raises(SystemExit):
        cli.main(["assignment", "1830", str(out), "--seed", "1_000"])
    assert not out.exists() and "argument --seed: '1_000' is not a whole number" in capsys.readouterr().err
    assert cli.main(["assignment", "1830", str(out), "--seed", "٣", "--questions", "1"]) == 0
    assert "(seed 3)" in out.read_text(encoding="utf-8")
