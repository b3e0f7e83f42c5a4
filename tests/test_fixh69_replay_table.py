"""A replay table never plays on its record: a bot move, an action applied or the selected action are refused
with a message saying to fork it, and the record stays as it was (hostile69 item 2)."""

from __future__ import annotations

import html

from gamekit.simulate import play_random_game
from gamekit.widgets.classroom_table import Table

REFUSED = "<span class='gk-refused'>" + html.escape("Refused: a replay is not played on: fork it with What if to "
                                                    "play on") + "</span>"


def test_a_replay_table_refuses_every_move_and_its_record_stays():
    record = play_random_game("1830", 4, 2, cap=200)
    before = record.to_json()
    table = Table(record, replay=True, title="r")
    table.show(10)
    legal = table.view.legal_actions()
    table.choices.value = 0
    for move in (table.bot_move, lambda: table.apply(legal[0]), table.apply_selected):
        table.say(str)
        move()
        assert table.message.value == REFUSED
        assert len(record.actions) == 200 and record.to_json() == before and table.position == 10
    assert table.slider.max == 200


def test_the_bot_button_is_wired_only_in_play_mode():
    record = play_random_game("1830", 4, 2, cap=30)
    replay = Table(record, replay=True, title="r")
    replay.bot_button.click()  # not wired: nothing is said, nothing played
    assert len(record.actions) == 30 and replay.message.value == ""
    game = record.fork()
    played = Table(game, title="p")
    played.bot_button.click()
    assert len(game.actions) == 31 and len(record.actions) == 30
