"""The conformance suite every title passes (OpenSpiel-style), over the registry :data:`CASES` — a new title
(1837, 1894) joins by adding one :class:`Case`.

For each title, seeded random legal play (``gamekit.simulate.random_action``) gives a game; on its positions:

* refusals are atomic: after a refused action the pickled state and the save are byte for byte as before;
* every action played or legal round-trips through its JSON form, and every action type of the title is met;
* a fork, a loaded save and an undo-then-redo continue identically with the recorded actions;
* money is conserved where the bank is finite (cash of players + treasuries + bank), never negative where it is
  unlimited; shares add up to 100% over all holders (18xx) or at most 100% over the players (cube rails);
* **golden counts**: the number of concrete legal actions (ranges expanded,
  :func:`gamekit.codec.count_concrete_actions`) at a dozen fixed positions per title equals ``tests/golden/legal_counts.json``. A change that alters what is
  legal changes a number; whoever makes it must explain it. To regenerate the file after an explained change::

      GAMEKIT_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_conformance.py -k golden

  (the test then writes the counts it computes and fails, so a regeneration is never silent); commit the file
  with the explanation.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

import gamekit
from gamekit.actions import action_from_json
from gamekit.codec import count_concrete_actions
from gamekit.errors import GameError
from gamekit.query import IPO, POOL
from gamekit.rng import GameRandom
from gamekit.simulate import random_action

from . import synthetic_18xx  # registers the synthetic 18xx title (test-only, not listed by `gamekit titles`)
from .fixtures import require_fixtures

GOLDEN = Path(__file__).resolve().parent / "golden" / "legal_counts.json"
REGENERATE = "GAMEKIT_REGENERATE_GOLDEN"


@dataclass(frozen=True)
class Case:
    """One title in the suite.

    Attributes:
        title: the CLI name.
        players: player names of the seeded games.
        seeds: seeds of the random games (the game's seed and the bot's).
        cap: at most this many actions per random game.
        golden_plies: positions (numbers of actions played) of each random game whose legal actions are counted.
        fixtures: 18xx.games log stems (in ``$GAMEKIT_FIXTURES/<title>``) → positions counted in that replay.
        finite_bank: True when the bank's cash is finite (money is then conserved exactly).
        shares_complete: True when every certificate always has a holder (players, IPO, pool, treasuries), so
            each corporation's percentages add up to exactly 100.
        action_types: every action type of the title; the suite must meet each one.
        refusal_every: the refusal test mutates the actions of every ``refusal_every``-th position of each game
            (a title with many seeded games samples more sparsely).
    """

    title: str
    players: tuple[str, ...]
    seeds: tuple[int, ...]
    cap: int
    golden_plies: tuple[int, ...]
    fixtures: tuple[tuple[str, tuple[int, ...]], ...]
    finite_bank: bool
    shares_complete: bool
    action_types: frozenset[str]
    refusal_every: int = 9


CASES = {case.title: case for case in (
    Case("1830", ("Ann", "Ben", "Cy", "Di"), (1,), 1500, (0, 7, 30, 100, 200, 400, 700, 800),
         (("26855", (150, 350)), ("1830_game_end_bank", (200, 450))), True, True,
         frozenset({"pass", "bid", "par", "buy_shares", "sell_shares", "buy_company", "lay_tile", "place_token",
                    "run_routes", "dividend", "buy_train", "discard_train", "bankrupt"})),
    Case("1837", ("Ann", "Ben", "Cy", "Di"), (1,), 1500, (0, 7, 30, 100, 200, 400, 700, 1000),
         (("1837_game_end_bank", (150, 350, 700, 900)),), True, True,
         frozenset({"pass", "bid", "par", "buy_shares", "sell_shares", "buy_company", "lay_tile", "place_token",
                    "run_routes", "dividend", "buy_train", "discard_train", "choose", "scrap_train"})),
    Case("1894", ("Ann", "Ben", "Cy", "Di"), (1, 8, 42, 90), 1500, (0, 7, 30, 100, 200, 400, 600),
         (("1894_game_end_stock_market", (150, 350)), ("green_city_upgrades", (200, 450))), False, True,
         frozenset({"pass", "bid", "par", "buy_shares", "sell_shares", "buy_company", "lay_tile", "place_token",
                    "run_routes", "dividend", "buy_train", "discard_train", "bankrupt", "special_buy", "choose"})),
    Case(synthetic_18xx.TITLE, ("Ann", "Ben", "Cy", "Di"), tuple(s for s in range(1, 22) if s != 8), 2500, (0, 7, 30, 100, 200, 400),
         (), False, True,
         frozenset({"pass", "bid", "par", "buy_shares", "sell_shares", "buy_company", "lay_tile", "place_token",
                    "run_routes", "dividend", "buy_train", "discard_train", "bankrupt"}), refusal_every=97),
    Case("continental-divide", ("Ann", "Ben", "Cy", "Di"), (1, 2), 200, (0, 5, 20, 45, 70, 82), (), False, False,
         frozenset({"pass", "cd_start_railroad", "cd_buy_share", "cd_build_track", "cd_choose_order"})),
    Case("american-rails", ("Ann", "Ben", "Cy", "Di"), (1, 2), 800, (0, 10, 40, 90, 150, 200), (), False, False,
         frozenset({"pass", "ar_choose_share", "ar_bid", "ar_place_start", "ar_choose_action", "ar_build",
                    "ar_develop", "ar_fund", "ar_take_money"})),
)}
TITLES = sorted(CASES)


@lru_cache(maxsize=None)
def played(title: str, seed: int) -> gamekit.Game:
    """The seeded random game of a title (played to its end or the cap), shared by the tests of this module."""
    case = CASES[title]
    game = gamekit.new_game(title, case.players, seed=seed)
    rng = GameRandom(seed)
    while not game.is_over and len(game.actions) < case.cap:
        game.process(random_action(game, rng))
    return game


@lru_cache(maxsize=None)
def replayed(title: str, stem: str) -> gamekit.Game:
    """A real game of a title replayed from ``$GAMEKIT_FIXTURES`` (skips where absent, fails under CI)."""
    return gamekit.import_log(require_fixtures(title) / f"{stem}.json")


def positions(game: gamekit.Game, every: int):
    """Every ``every``-th position of a played game, from the start."""
    return (game.at(i) for i in range(0, len(game.actions), every))


class Serialized:
    """A game state serialized: its pickle, compared byte for byte, and where two pickles differ, the canonical
    JSON of the states (a pickle is not canonical: a set rebuilt from a pickle may list its items in another
    order), so two equal states always compare equal and two different ones never do."""

    def __init__(self, game):
        self.pickled = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)

    def canonical(self) -> bytes:
        return json.dumps(_canonical(pickle.loads(self.pickled)), sort_keys=True).encode()

    def __eq__(self, other) -> bool:
        return self.pickled == other.pickled or self.canonical() == other.canonical()

    def __repr__(self) -> str:
        return f"<state {hash(self.pickled)}>"


def _state_bytes(game) -> Serialized:
    return Serialized(game)


def _canonical(value):
    if dataclasses.is_dataclass(value):
        return [type(value).__name__, {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in value.items()), key=repr)
    if isinstance(value, (set, frozenset)):
        return sorted((_canonical(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return [type(value).__name__, _canonical(vars(value))]


def _mutations(game, action):
    """Variants of a legal action that the rules are likely to refuse: another entity, extreme numbers, ids
    that do not exist."""
    others = [p.id for p in game.players if p.id != action.entity] + ["nobody"]
    yield action.replace(entity=others[0])
    for name, value in action.field_values().items():
        if isinstance(value, bool) or name == "entity":
            continue
        if isinstance(value, int):
            yield action.replace(**{name: -1})
            yield action.replace(**{name: 10**7})
        elif isinstance(value, str):
            yield action.replace(**{name: "no-such-id"})


@pytest.mark.parametrize("title", TITLES)
def test_refusals_leave_the_game_byte_identical(title):
    refused = 0
    for seed in CASES[title].seeds:
        for game in positions(played(title, seed), every=CASES[title].refusal_every):
            before, save, history = _state_bytes(game), game.to_json(), game.actions
            for action in game.legal_actions()[:6]:
                for wrong in _mutations(game, action):
                    try:
                        game.process(wrong)
                    except GameError as exc:
                        assert exc.rule and exc.message
                        assert _state_bytes(game) == before and game.actions == history, (wrong, exc)
                        refused += 1
                    else:
                        game.undo()  # the variant happened to be legal
                        assert _state_bytes(game) == before
            assert game.to_json() == save
    assert refused >= 100


def _round_trip(action) -> None:
    text = json.dumps(action.to_json())
    assert action_from_json(json.loads(text)) == action, text


@pytest.mark.parametrize("title", TITLES)
def test_every_action_type_round_trips_through_json(title):
    case = CASES[title]
    games = [played(title, seed) for seed in case.seeds] + [replayed(title, stem) for stem, _ in case.fixtures]
    seen: set[str] = set()
    for game in games:
        for action in game.actions:
            _round_trip(action)
            seen.add(action.type)
        for pos in positions(game, every=37):
            for action in pos.legal_actions():
                _round_trip(action)
                seen.add(action.type)
    assert seen == case.action_types


@pytest.mark.parametrize("title", TITLES)
def test_fork_load_and_undo_continue_identically(title):
    game = played(title, CASES[title].seeds[0])
    n = len(game.actions)
    for start in (0, n // 3, 2 * n // 3):
        stop = min(start + 12, n)
        base = game.at(start)
        undone = game.at(stop)
        for _ in range(stop - start):
            undone.undo()
        copies = {"fork": base.fork(), "load": gamekit.load_json(base.to_json()), "undo": undone}
        assert {k: _state_bytes(g) for k, g in copies.items()} == {k: _state_bytes(base) for k in copies}
        expected = [e.text for _, events in list(game.history())[start:stop] for e in events]
        for name, copy in copies.items():
            events = [e.text for a in game.actions[start:stop] for e in copy.process(a)]
            assert events == expected, name
            assert _state_bytes(copy) == _state_bytes(game.at(stop)), name
            assert copy.legal_actions() == game.at(stop).legal_actions(), name
        redone = game.at(stop)
        for _ in range(stop - start):
            redone.undo()
        for _ in range(stop - start):
            redone.redo()
        assert _state_bytes(redone) == _state_bytes(game.at(stop)) and redone.to_json() == game.at(stop).to_json()


def _money(game) -> int:
    players = [game.cash(p.id) for p in game.players]
    treasuries = [game.treasury(c) for c in game.corporations()]
    assert min(players + treasuries) >= 0
    bank = game.bank_cash()
    return sum(players) + sum(treasuries) + (bank or 0)


def _percent_held(game, corp: str, holders) -> int:
    return sum(game.percent(h, corp) for h in holders)


@pytest.mark.parametrize("title", TITLES)
def test_money_and_shares_are_conserved(title):
    case = CASES[title]
    for seed in case.seeds:
        game = played(title, seed)
        start_money = _money(game.at(0))
        for pos in positions(game, every=11):
            assert (pos.bank_cash() is not None) == case.finite_bank
            money = _money(pos)
            if case.finite_bank:
                assert money == start_money, len(pos.actions)
            holders = [p.id for p in pos.players]
            if case.shares_complete:
                holders += [IPO, POOL, *pos.corporations()]
            for corp in pos.corporations():
                held = _percent_held(pos, corp, holders)
                assert held == 100 if case.shares_complete else held <= 100, (corp, len(pos.actions))


def golden_positions(title: str):
    """Yield ``(key, game)`` for the fixed positions of a title: ``seed<S>@<n>`` and ``<log stem>@<n>``."""
    case = CASES[title]
    for seed in case.seeds:
        game = played(title, seed)
        for n in case.golden_plies:
            assert n < len(game.actions), f"{title} seed {seed} has only {len(game.actions)} actions"
            yield f"seed{seed}@{n}", game.at(n)
    for stem, plies in case.fixtures:
        game = replayed(title, stem)
        for n in plies:
            yield f"{stem}@{n}", game.at(n)


@pytest.mark.parametrize("title", TITLES)
def test_golden_legal_action_counts(title):
    counts = {key: count_concrete_actions(game) for key, game in golden_positions(title)}
    assert len(counts) >= 12 and len(set(counts.values())) >= 6
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if os.environ.get(REGENERATE):
        golden[title] = counts
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
        pytest.fail(f"{REGENERATE} set: wrote {len(counts)} counts of {title} to {GOLDEN}; commit them with the "
                    "reason they changed")
    assert counts == golden[title]
