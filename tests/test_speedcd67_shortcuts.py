"""The shortcuts of stop 67 in Continental Divide give the answers of the longer ways they replace, along seeded
games: the lines counted without a walk equal the lines a walk takes hex by hex, a line's running totals (cubes
after a region releases more, income, treasury) are those of its events, each player's pass is one listed group,
and a start handed over from the position's own listing is built as ``process`` builds it, while ``process``
still refuses an illegal start and leaves the state as it was."""

from __future__ import annotations

import re

import pytest

from gamekit.actions import Pass
from gamekit.cuberails.cd_actions import StartRailroad
from gamekit.cuberails.cd_build import LineWalk, longest_lines
from gamekit.errors import GameError
from gamekit.simulate import play_random_game
from gamekit.titles.continental_divide import ContinentalDivide

SEEDS = range(1, 6)


def _walked(game: ContinentalDivide, rr) -> list[tuple[str, tuple[str, ...], int]]:
    """The longest lines of ``rr`` found the slow way: from each of its hexes (sorted) in each direction, a fresh
    walk adds hex after hex until the rules refuse one; the lines of at least one hex."""
    out = []
    for origin in sorted(rr.hexes):
        for ray in game.board.rays[origin]:
            walk = LineWalk.start(game.state, rr, game.board, game.rules)
            count = 0
            while count < len(ray) and walk.add(ray[count]) is None:
                count += 1
            if count:
                out.append((origin, ray, count))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lines_counted_without_a_walk_are_those_a_walk_takes(seed):
    game = play_random_game("continental-divide", 4, seed)
    compared = 0
    for index in range(0, len(game.actions) + 1, 4):
        position = game.at(index)
        for rr in position.state.railroads.values():
            if rr.started:
                found = longest_lines(position.state, rr, position.board, position.rules)
                assert found == _walked(position, rr)
                compared += len(found)
    assert compared > 100


def _region_entries(game: ContinentalDivide):
    """Each line that entered the Central or West region: its index, the position before it, the line and its
    events."""
    for index, (action, events) in enumerate(game.history()):
        if any(e.rule == "cd:build.regions" for e in events):
            yield index, game.at(index), action, events


@pytest.mark.parametrize("seed", SEEDS)
def test_a_line_entering_a_region_counts_its_cubes_and_income_hex_by_hex(seed):
    game = play_random_game("continental-divide", 4, seed)
    entries = 0
    for index, before, line, events in _region_entries(game):
        rr = before.state.railroads[line.railroad]
        cubes, income, treasury = rr.cubes, rr.income, rr.treasury
        builds = iter(e for e in events if e.rule in ("cd:build.cost-income", "cd:build.regions", "cd:build.divide"))
        for coord in line.hexes:
            h = before.board.hexes[coord]
            cubes, income, treasury = cubes - 1, income + h.income, treasury - h.cost
            built = next(builds)
            assert built.data["hex"] == coord and built.text.endswith(f"→ ${income}")
            if h.region in ("central", "west") and h.region not in rr.unlocked and \
                    h.region not in [e.data["region"] for e in events[:events.index(built)] if e.kind == "unlock"]:
                cubes += getattr(before.rules.cubes, h.region)
                entered = next(builds)
                assert entered.rule == "cd:build.regions"
                assert int(re.search(r"\((\d+) available\)", str(entered.text)).group(1)) == cubes
                entries += 1
            if h.west_of_divide and not rr.crossed_divide and \
                    not any(e.rule == "cd:build.divide" for e in events[:events.index(built)]):
                income += before.rules.divide_income
                assert next(builds).rule == "cd:build.divide"
        after = game.at(index + 1).state.railroads[line.railroad]
        # a line that ends the game turn is followed by the dividends: the railroad keeps a remainder
        treasury += sum(e.data["kept"] for e in events if e.rule == "cd:dividends" and e.data["railroad"] == rr.id)
        assert (after.cubes, after.treasury) == (cubes, treasury)
        assert after.income == income
        assert after.hexes == rr.hexes + list(line.hexes)
    assert entries > 0


def test_each_player_passes_with_one_listed_group_at_every_stock_and_build_position():
    game = play_random_game("continental-divide", 4, 2)
    seen = {}
    for index in range(len(game.actions)):
        position = game.at(index)
        if position.state.phase not in ("stock", "build"):
            continue
        player = position.state.current_player
        passes = [g for g in position.action_groups() if g.type == Pass.type]
        assert len(passes) == 1 and list(passes[0].actions()) == [Pass(entity=player)]
        seen.setdefault(player, set()).add(id(passes[0]))
    assert len(seen) == 4 and all(len(ids) == 1 for ids in seen.values())


def _first_start(game: ContinentalDivide) -> tuple[int, StartRailroad]:
    """The index and action of the first railroad start of ``game``."""
    return next((i, a) for i, a in enumerate(game.actions) if isinstance(a, StartRailroad))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_listed_start_is_built_as_process_builds_it(seed):
    played = play_random_game("continental-divide", 4, seed)
    index, start = _first_start(played)
    checked = played.at(index)
    events = checked.process(start)
    assert [(e.rule, str(e.text), e.data) for e in events] == \
        [(e.rule, str(e.text), e.data) for e in list(played.history())[index][1]]
    assert checked.state.railroads == played.at(index + 1).state.railroads


def test_process_still_refuses_a_start_with_a_taken_stock_value_and_keeps_the_state():
    played = play_random_game("continental-divide", 4, 1)
    index, start = _first_start(played)
    # the same player's next start, whatever railroad, at the stock value the first start took
    later = next(i for i, a in enumerate(played.actions) if i > index and played.at(i).state.phase == "stock"
                 and played.at(i).state.current_player == start.entity and played.at(i).state.bought is None)
    position = played.at(later)
    unstarted = next(r for r, rr in position.state.railroads.items() if not rr.started)
    free_hex = next(h for h in position.start_hexes if len(position.state.occupancy.get(h, ())) < 3)
    again = StartRailroad(entity=start.entity, railroad=unstarted, hex=free_hex, shares=start.shares,
                          stock_value=start.stock_value)
    before = position.state.clone()
    with pytest.raises(GameError) as refused:
        position.process(again)
    assert refused.value.rule == "cd:stock.stock-value"
    assert position.state == before


def test_the_turn_order_cards_offered_are_the_pickers_choices_of_the_cards_left():
    from gamekit.cuberails.cd_actions import ChooseOrder

    game = play_random_game("continental-divide", 5, 4)
    offered = 0
    for index in range(len(game.actions)):
        position = game.at(index)
        s = position.state
        if s.phase != "order":
            continue
        picker = next(p for p in reversed(s.order) if p not in s.new_order)
        left = [k for k in range(1, 6) if k not in s.new_order.values()]
        [group] = position.action_groups()
        assert list(group.actions()) == [ChooseOrder(entity=picker, position=k) for k in left]
        offered += 1
    assert offered > 10
