"""Groups of rows (gamekit.choices.LazyRows): an action is built only when it is asked for, once; measuring a group
counts its rows. The 18xx stock round lists its pars, purchases and sales so, and the actions are those listed."""

from __future__ import annotations

from gamekit.actions import Pass, is_checked
from gamekit.choices import LazyRows
from gamekit.g18xx.state import StockRound
from gamekit.simulate import new_bot_game, play_random_game


def _rows(n: int, pulled: list[int]):
    for i in range(n):
        pulled.append(i)
        yield (f"P{i}",)


def test_rows_are_found_as_far_as_asked_and_built_when_asked():
    pulled: list[int] = []
    built: list[str] = []
    group = LazyRows("pass", _rows(5, pulled), lambda entity: built.append(entity) or Pass._trusted(entity=entity))
    assert bool(group) and pulled == [0] and built == []
    assert len(group) == 5 and pulled == [0, 1, 2, 3, 4] and built == []  # counted, none built
    third = group.action(2)
    assert third.entity == "P2" and built == ["P2"] and is_checked(third)
    assert group.action(2) is third and group.action(-3) is third and built == ["P2"]  # built once
    assert [a.entity for a in group.actions()] == ["P0", "P1", "P2", "P3", "P4"]
    assert built == ["P2", "P0", "P1", "P3", "P4"]
    try:
        group.action(5)
    except IndexError:
        pass
    else:
        raise AssertionError("a group of five rows gave a sixth action")


def test_stock_round_groups_hold_the_listed_actions():
    """Every stock-round position of a random 1830 game up to action 300: the groups' actions of each type are
    those of legal_actions, in order."""
    played = play_random_game("1830", 4, 2, cap=300)
    game = new_bot_game("1830", 4, 2)
    compared = 0
    for action in played.actions:
        if isinstance(game.state.round, StockRound):
            groups = game.action_groups()
            for kind in ("par", "buy_shares", "sell_shares"):
                found = [a for g in groups if g.type == kind for a in g.actions()]
                assert found == [a for a in game.legal_actions() if a.type == kind]
                compared += len(found)
        game.process(action)
    assert compared > 100
