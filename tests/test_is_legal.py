"""Checking one action without listing all: ``Game.is_legal`` / ``Game.why_illegal`` agree with the legal lists and
with the refusals of ``process``; ``current_entity`` and ``active_step`` are known without listing; the lazy
groups of ``Game.action_groups`` hold exactly the listed actions and ranges."""

from __future__ import annotations

import pickle

import pytest

from gamekit.actions import action_from_json
from gamekit.codec import concrete_actions
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import _same_state as _same, mutate, play_random_game
from gamekit.titles import title_names

TITLES = sorted(title_names())
PLIES = {"1830": 400, "1837": 400, "1894": 300, "american-rails": 200, "continental-divide": 90}
# (title, action type) whose rules accept more spellings than the lists show: the 18xx engine accepts a train
# purchase without its ``variant`` (the lists always name it); reported to the lead, to be closed in gamekit/g18xx.
UNLISTED_SPELLINGS = {("1830", "buy_train"), ("1837", "buy_train"), ("1894", "buy_train")}


def positions(title: str, seed: int = 3, every: int = 7):
    """Forks of a random-bot game (4 players) at every ``every``-th position."""
    game = play_random_game(title, 4, seed, cap=PLIES[title])
    return [game.at(i) for i in range(0, len(game.actions), every)]


def process_verdict(game, action) -> GameError | None:
    """What ``process`` says on a fork: its refusal, or ``None`` when it accepts."""
    try:
        game.fork().process(action)
    except GameError as exc:
        return exc
    return None


@pytest.mark.parametrize("title", TITLES)
def test_listed_actions_are_legal_and_the_game_is_unchanged(title):
    rng = GameRandom(11)
    for game in positions(title):
        legal = game.legal_actions()
        for _ in range(min(4, len(legal))):
            action = legal[rng.below(len(legal))]
            before = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
            assert game.why_illegal(action) is None, action
            assert game.is_legal(action)
            assert _same(game, before)


@pytest.mark.parametrize("title", TITLES)
def test_mutated_actions_get_the_verdict_of_process(title):
    rng = GameRandom(5)
    refused = 0
    for game in positions(title):
        concrete = None
        for _ in range(6):
            action = mutate(game, rng)
            expected = process_verdict(game, action)
            before = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
            got = game.why_illegal(action)
            assert _same(game, before)
            if expected is None:
                assert got is None, (action, got)
                if (title, action.type) not in UNLISTED_SPELLINGS:
                    concrete = concrete if concrete is not None else set(concrete_actions(game))
                    # compared in its canonical form: a mutation may hold a list where the field is a tuple
                    assert action_from_json(action.to_json()) in concrete, \
                        f"accepted but neither listed nor in a range: {action}"
            else:
                refused += 1
                assert got is not None and got.rule == expected.rule and got.message == expected.message
                assert not game.is_legal(action)
    assert refused > 10


def test_why_illegal_names_the_protocol_rules():
    game = play_random_game("continental-divide", 4, 2, cap=5)
    assert game.why_illegal("pass").rule == "core:protocol.action"
    legal = game.legal_actions()[0]
    assert game.why_illegal(legal.replace(entity=5)).rule == "core:protocol.fields"
    over = play_random_game("continental-divide", 4, 2)
    assert over.is_over and over.why_illegal(legal).rule == "core:protocol.game-over"


@pytest.mark.parametrize("title", TITLES)
def test_entity_and_step_are_known_without_listing(title, monkeypatch):
    games = positions(title, every=11)
    expected = [(g.current_entity, g.active_step) for g in games]
    cls = type(games[0])

    def refuse(self):
        raise AssertionError("listed the legal actions")

    monkeypatch.setattr(cls, "_legal_actions", refuse)
    monkeypatch.setattr(cls, "_action_groups", refuse)
    monkeypatch.setattr(cls, "_ranges", refuse)
    assert [(g.current_entity, g.active_step) for g in games] == expected
    assert all(entity == step.entity for entity, step in expected)


@pytest.mark.parametrize("title", TITLES)
def test_groups_hold_the_listed_actions_and_ranges(title):
    for game in positions(title, every=5):
        groups = game.action_groups()
        legal, ranges = game.legal_actions(), game.action_ranges()
        for kind in {a.type for a in legal} | {g.type for g in groups}:
            in_groups = [a for g in groups if g.type == kind for a in g.actions()]
            assert in_groups == [a for a in legal if a.type == kind]
            assert [g.range(i) for g in groups if g.type == kind for i in range(len(g))] == \
                [next((r for r in ranges if r.template == a), None) for a in in_groups]
        assert all(bool(g) == (len(g) > 0) for g in game.action_groups())
