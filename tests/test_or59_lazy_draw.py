"""The random draw asks a lazy group whether it holds an action only while the answer could change the type drawn
(``simulate._drawn_type``): the same type and the same generator state as asking every group first."""

import itertools

import pytest

from gamekit.actions import Pass
from gamekit.choices import LazyActions, ListedActions
from gamekit.rng import GameRandom
from gamekit.simulate import _drawn_type


class _Game:
    """What ``_drawn_type`` reads of a game: only for its refusal."""

    class active_step:
        name = "test"

    current_entity = "P1"


def _listed(kind, n):
    return ListedActions(kind, [Pass(entity=f"P{i + 1}") for i in range(n)])


def _lazy(kind, n, asked):
    def found():
        asked.append(kind)
        yield from (Pass(entity=f"P{i + 1}") for i in range(n))
    return LazyActions(kind, found())


def _asking_all(by_type, rng):
    holding = [k for k in sorted(by_type) if any(by_type[k])]
    return holding[rng.below(len(holding))]


def test_generator_scales_one_draw_alike_for_any_bound():
    # _drawn_type draws with next() and scales the draw once it knows the bound: the same as below(n)
    for seed, n in itertools.product(range(0, 2**31, 2**31 // 97), range(1, 9)):
        a, b = GameRandom(seed), GameRandom(seed)
        assert GameRandom.scaled(a.next(), n) == b.below(n) and a.state == b.state


@pytest.mark.parametrize("seed", range(40))
def test_same_draw_as_asking_every_group(seed):
    kinds = ["buy_shares", "lay_tile", "par", "pass", "sell_shares"]
    shape = GameRandom(seed * 31 + 7)
    for _ in range(30):
        # type -> its groups as (lazy, size)
        described = {kind: [(shape.below(2) == 1, shape.below(3)) for _ in range(1 + shape.below(2))]
                     for kind in kinds if shape.below(3)}
        if not any(size for groups in described.values() for _, size in groups):
            continue
        lazy = [kind for kind, groups in described.items() if any(is_lazy for is_lazy, _ in groups)]
        state = shape.next()
        mine, theirs = GameRandom(state), GameRandom(state)
        assert _drawn_type(_Game(), mine, _built(described), lazy) == _asking_all(_built(described), theirs)
        assert mine.state == theirs.state


def _built(described):
    return {kind: [_lazy(kind, size, []) if is_lazy else _listed(kind, size) for is_lazy, size in groups]
            for kind, groups in described.items()}


def test_a_pass_drawn_whatever_the_lays_asks_no_lay():
    asked = []
    state = GameRandom(0)
    while True:  # a draw in the upper half: [lay_tile, pass] and [pass] both draw the pass
        probe = GameRandom(state.state)
        probe.below(1)
        if probe.state >= 2**30:
            break
        state.below(1)
    by_type = {"lay_tile": [_lazy("lay_tile", 3, asked)], "pass": [_listed("pass", 1)]}
    assert _drawn_type(_Game(), GameRandom(state.state), by_type, ["lay_tile"]) == "pass"
    assert asked == []


def test_nothing_legal_is_refused():
    by_type = {"lay_tile": [_lazy("lay_tile", 0, [])], "pass": [_listed("pass", 0)]}
    with pytest.raises(RuntimeError):
        _drawn_type(_Game(), GameRandom(5), by_type, ["lay_tile"])


@pytest.mark.parametrize("title,seed", [("1830", 1), ("1837", 2)])
def test_token_step_group_finds_the_cities_when_asked(title, seed):
    # the token step's choices are a lazy group (TurnStep.deferred): the same actions as the step's choices
    from gamekit.g18xx import operating
    from gamekit.g18xx.state import OperatingRound
    from gamekit.simulate import new_bot_game, random_bot

    game = new_bot_game(title, 4, seed)
    rng = GameRandom(seed)
    seen = 0
    with game.batch():
        for _ in range(3000):
            if game.is_over:
                break
            rnd = game.state.round
            if isinstance(rnd, OperatingRound) and rnd.step == "token" and not rnd.must_discard and \
                    not rnd.pending_tokens:
                corp = operating.operating(game)
                groups = [g for g in game.action_groups() if g.type == "place_token"]
                assert len(groups) == 1 and type(groups[0]) is LazyActions
                assert list(groups[0].actions()) == operating.turn_step(game, "token").choices(game, corp)
                seen += 1
            game.process(random_bot(game, rng))
    assert seen > 10
