"""Continental Divide, stop 70: the turn-order choices are kept per picker and cards taken, and the lines are counted
over the open rays only; along seeded games both give what the plain definitions give.

Rules: ``cd:order`` (the last player without a card chooses among the cards left) and ``cd:build.straight-line``
with the per-hex rules of :class:`~gamekit.cuberails.cd_build.LineWalk`.
"""

from __future__ import annotations

import pytest

from gamekit.cuberails.cd_actions import ChooseOrder
from gamekit.cuberails.cd_build import LineWalk, longest_lines
from gamekit.simulate import play_random_game


@pytest.mark.parametrize("players, seed", [(3, 5), (4, 6), (6, 7)])
def test_each_kept_group_of_cards_holds_the_pickers_cards_not_taken(players, seed):
    game = play_random_game("continental-divide", players, seed)
    kept = game._card_groups
    # every turn after the first has a choice of cards, and a picker meets the same cards taken more than once
    assert len(kept) >= 7
    for (picker, taken), group in kept.items():
        left = [k for k in range(1, players + 1) if k not in taken]
        assert list(group.actions()) == [ChooseOrder(entity=picker, position=k) for k in left]
    # outside a batch the offered cards are checked by test_speedcd67_shortcuts (the same plain definition)


@pytest.mark.parametrize("players, seed", [(4, 11), (5, 12)])
def test_counts_of_every_direction_are_the_open_rays_lines_and_zeros(players, seed):
    game = play_random_game("continental-divide", players, seed)
    board, compared, zeros = game.board, 0, 0
    for index in range(0, len(game.actions), 4):
        s = game.state_at(index)
        for rr in s.railroads.values():
            if not rr.started:
                continue
            origins = sorted(rr.hexes)
            every = LineWalk.start(s, rr, board, game.rules)._lines(origins, True)
            # six directions per origin, in the board's order
            assert [(o, ray) for o, ray, _ in every] == [(o, ray) for o in origins for ray in board.rays[o]]
            assert [line for line in every if line[2]] == longest_lines(s, rr, board, game.rules)
            for origin, ray, n in every:
                if ray not in [f.hexes for f in board.open_rays[origin]]:
                    assert n == 0
                    zeros += 1
            compared += len(every)
    assert compared > 1000 and zeros > 100
