"""Texts a learner reads, in words and in their language: the refusal of an action of the wrong kind names the
kinds a step takes ("a bid or a pass, not a tile lay"), a phase's description says "1 operating round" and "3
operating rounds", a teacher's reveal states the answer without marking it right, a game's end reason is words
("the bank broke", not ``bank``) in a replay's summary and a shipped game's description, and ``gamekit replay``
given a gamekit save says what the file is and which commands open it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.exercises.phase import describe
from gamekit.games import real_game
from gamekit.i18n import action_words, end_reason_words, localize, using
from gamekit.import18xx import ended_text
from gamekit.tracks.actions import LayTile

TREE = Path(__file__).resolve().parent.parent


def _wrong_kind() -> GameError:
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"])
    with pytest.raises(GameError) as refused:
        game.process(LayTile(entity="Ann", tile="57-0", hex="H10", rotation=0))
    return refused.value


def test_a_refused_kind_of_action_names_the_kinds_the_step_takes_in_words():
    refused = _wrong_kind()
    assert refused.rule == "1830:auction.bid"
    assert refused.message == "the step 'Private auction' takes a bid or a pass, not a tile lay"
    with using("zh"):
        assert localize(refused.message) == "步骤“私人公司拍卖”接受出价或放弃，而不是铺设板块"
    with using("ca"):
        assert localize(refused.message) == "el pas «Subhasta de privades» admet una oferta o un pas, no una " \
                                            "col·locació de tessel·la"
    with using("es"):
        assert localize(refused.message).endswith("admite una puja o un pase, no una colocación de loseta")
    with using("nl"):
        assert localize(refused.message).endswith("aanvaardt een bod of een pas, niet een gelegde tegel")


def test_kinds_of_action_are_listed_as_a_sentence_lists_them():
    assert action_words(()) == "nothing"
    assert action_words(("buy_train",)) == "a train purchase"
    assert action_words(("bankrupt", "buy_train", "pass", "sell_shares")) == \
        "a bankruptcy, a train purchase, a pass or a share sale"
    assert action_words(("bid", "ar_bid")) == "a bid"  # one kind named once
    assert action_words(("no_such_kind",)) == "no_such_kind"
    with using("zh"):
        assert localize(action_words(("lay_tile", "pass", "place_token"))) == "铺设板块、放弃或放置车站标记"


def test_a_phase_says_its_operating_rounds_with_a_plural():
    phases = gamekit.new_game("1830", ["Ann", "Ben", "Cy"]).facts.phases
    assert describe(phases[0]) == "Phase 2: yellow tiles; train limit 4; 1 operating round per set"
    assert describe(phases[1]).endswith("; 2 operating rounds per set")
    with using("es"):
        assert localize(describe(phases[0])).endswith("1 ronda de operaciones por conjunto")
        assert localize(describe(phases[1])).endswith("2 rondas de operaciones por conjunto")
    with using("nl"):
        assert localize(describe(phases[0])).endswith("1 bedrijfsronde per reeks")


def test_a_teachers_reveal_states_the_answer_and_does_not_mark_it():
    pytest.importorskip("ipywidgets")
    from gamekit.exercises import questions
    from gamekit.widgets import Quiz

    quiz = Quiz(questions("1830", kinds=["minimum_bid"], n=1, seed=3), figures=False)
    result = quiz.reveal()
    shown = quiz.feedback.value
    answer = quiz.current.shown()
    assert result.correct and quiz.score == (0, 0)
    assert f"The answer is {answer}." in shown and "Right" not in shown
    assert "#1b5e20" not in shown  # not the green of a right answer
    with using("ca"):
        quiz.reveal()
        assert f"La resposta és {answer}." in quiz.feedback.value


def test_an_end_reason_is_words_in_every_language():
    assert end_reason_words("bank") == "the bank broke" and end_reason_words("unknown") == "unknown"
    with using("zh"):
        assert localize(end_reason_words("bankrupt")) == "有玩家破产"
    with using("nl"):
        assert localize(end_reason_words("bank")) == "de bank is failliet gegaan"


def test_a_shipped_games_description_follows_the_learners_language():
    real = real_game("1830", "26855")
    assert real.description == ("18xx.games game 26855: 4 players (optional rules: In the brown zone several "
                                "shares per turn may be bought from the IPO too), "
                                "ended when a player went bankrupt")
    with using("es"):
        assert real.description == ("partida 26855 de 18xx.games: 4 jugadores (reglas opcionales: "
                                    "En la zona marrón también se pueden comprar varias acciones por turno de "
                                    "la emisión inicial (IPO)), terminada cuando un jugador ha quebrado")


def test_a_replays_end_line_gives_the_reason_once_in_words():
    game = real_game("1830", "26855").open()
    line = ended_text(game.outcome)
    assert "(bankrupt" not in line and line.endswith("(rule 1830:end.bankrupt)")


def test_replay_given_a_gamekit_save_says_what_it_is_and_which_commands_open_it(tmp_path):
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"])
    game.process(game.legal_actions()[0])
    save = tmp_path / "game.json"
    save.write_text(game.to_json())
    env = {"PYTHONPATH": str(TREE), "GAMEKIT_LANG": "en", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", "import sys; from gamekit.cli import main; sys.exit(main())",
                          "replay", str(save)], capture_output=True, text=True, env=env)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        f"gamekit replay: {save}: a gamekit save, not an 18xx.games log: open it in the classroom ('gamekit "
        f"classroom', then Load game), or write it as a log to replay with 'gamekit export {save} log.json'"]
    assert json.loads(save.read_text())["format"] == "gamekit-game"
