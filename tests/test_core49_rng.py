"""``GameRandom.below`` writes ``next()`` out (a bot draws twice an action): it must draw exactly as scaling
``next()`` does, the generator's documented rule, or every seeded game would change."""

import pytest

from gamekit.rng import GameRandom


@pytest.mark.parametrize("seed", [0, 1, 7919 + 17, 2**31 - 1, -5, 10**30])
def test_below_scales_next_and_advances_the_same_state(seed):
    drawn, twin = GameRandom(seed), GameRandom(seed)
    sizes = [1, 2, 3, 7, 40, 1000, 2**31, 2**40]
    for i in range(400):
        n = sizes[i % len(sizes)]
        expected = twin.next() * n // 2**31
        assert drawn.below(n) == expected
        assert drawn.state == twin.state
        assert 0 <= expected < n


def test_the_first_draws_of_seed_one():
    # the generator's rule by hand: state = (1103515245 * state + 12345) mod 2**31, scaled to [0, n)
    rng = GameRandom(1)
    state = (1103515245 * 1 + 12345) % 2**31
    assert rng.below(10) == state * 10 // 2**31
    state = (1103515245 * state + 12345) % 2**31
    assert rng.below(6) == state * 6 // 2**31


def test_below_refuses_an_empty_range_and_leaves_the_state():
    rng = GameRandom(3)
    with pytest.raises(ValueError):
        rng.below(0)
    assert rng.state == 3
