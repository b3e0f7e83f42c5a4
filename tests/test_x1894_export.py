"""The export writes the run of no train 18xx.games waits for at a run step ours skips (rule
``1894:route.london``): an 1894 corporation whose track reaches a second stop only through London, without a ferry
marker, has no legal route, so our run step is skipped, while the site's run step, which reads the track alone,
waits for a ``run_routes`` with no routes. The import takes that entry back as nothing, once."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.errors import DataError
from gamekit.export18xx import to_18xx_log, waited_steps
from gamekit.g18xx import revenue
from gamekit.import18xx import import_log


def waited_runs(game) -> list[tuple[int, str]]:
    """``(action index, corporation)`` of the empty runs among the game's waited steps."""
    return [(index, corp) for index, corp, entry in waited_steps(game) if entry == "run_routes"]


@pytest.fixture(scope="module")
def game():
    """A 3-player 1894 game of the heuristic bot (seed 3011) past the turn where LF's trains had only London's
    routes, the position the cross-check met."""
    return play_seats("1894", ["heuristic"] * 3, 3011, cap=600)


def test_a_run_step_skipped_with_track_but_no_legal_route_is_a_waited_run(game):
    waited = waited_runs(game)
    assert waited, "the game reaches a skipped run step the site opens"
    for index, corp in waited:
        after = game.at(index + 1)  # the skip happened inside action `index`; the board is as it left it
        assert after.state.corporations[corp].trains and after.has_route(corp)
        assert not revenue.can_run(after, corp)
        assert corp not in after.state.title.ferries  # 1894:route.london: no ferry marker, so London is barred


def test_the_export_writes_the_empty_run_right_after_the_action_that_skipped_it(game):
    log = to_18xx_log(game)
    entries = log["actions"]
    assert [e["id"] for e in entries] == list(range(1, len(entries) + 1))
    waited = waited_runs(game)
    assert len(entries) == len(game.actions) + len(waited)
    for shift, (index, corp) in enumerate(waited):
        before, run = entries[index + shift], entries[index + shift + 1]
        assert before["type"] == game.actions[index].type and before["entity"] == game.actions[index].entity
        assert run == {"type": "run_routes", "entity": corp, "entity_type": "corporation", "id": run["id"],
                       "routes": []}


def test_the_import_takes_the_waited_run_back_as_nothing(game):
    report = import_log(to_18xx_log(game), strict=True)
    assert report.applied == len(game.actions)
    assert report.game.to_json() == game.to_json()


def test_a_second_empty_run_or_one_by_another_corporation_is_refused(game):
    index, corp = waited_runs(game)[0]
    log = to_18xx_log(game)
    at = next(i for i, e in enumerate(log["actions"]) if e["type"] == "run_routes" and not e["routes"]
              and e["entity"] == corp)
    twice = {**log, "actions": log["actions"][:at + 1] + [{**log["actions"][at], "id": 10_000}]}
    with pytest.raises(DataError, match="action 10000: "):
        import_log(twice, strict=True)
    other = next(c for c in game.state.corporations if c != corp)
    stranger = {**log, "actions": log["actions"][:at] + [{**log["actions"][at], "entity": other}]}
    with pytest.raises(DataError, match=f"action {log['actions'][at]['id']}: "):
        import_log(stranger, strict=True)


def test_a_game_without_such_a_step_exports_one_entry_per_action():
    game = play_seats("1830", ["heuristic"] * 3, 7, cap=300)
    assert waited_runs(game) == []
    assert [e["id"] for e in to_18xx_log(game)["actions"]] == list(range(1, len(game.actions) + 1))


@pytest.fixture(scope="module")
def token_game():
    """A 3-player 1894 game of the random bot (seed 4009) whose corporations meet token steps with no place they
    can afford or take, read as a title whose site waits at such a step (``site_waits_at_token_step``)."""
    game = play_seats("1894", ["random"] * 3, 4009, cap=900)
    game.site_waits_at_token_step = True  # this game's reading, whatever its class says (PATCH for 1830/1894)
    return game


def test_a_token_step_skipped_with_a_token_affordable_and_a_free_slot_in_reach_is_a_waited_pass(token_game):
    from gamekit.g18xx.operating import turn_step
    from gamekit.tracks.tokens import tokenable_cities

    passes = [(index, corp) for index, corp, kind in waited_steps(token_game) if kind == "pass"]
    assert passes
    for index, corp in passes:
        after = token_game.at(index + 1)
        left = [i for i, placed in enumerate(after.state.corporations[corp].tokens) if placed is None]
        assert left and min(after.token_cost(corp, i, None) for i in left) <= after.state.corporations[corp].cash
        assert tokenable_cities(after.track, after.state.board, corp, after.token_reversals())
        assert turn_step(after, "token").choices(after, corp) == []  # ours: no place it can afford or take


def test_the_waited_passes_are_written_and_read_back(token_game, monkeypatch):

    monkeypatch.setattr(type(token_game), "site_waits_at_token_step", True, raising=False)  # the imported game too

    waited = waited_steps(token_game)
    entries = to_18xx_log(token_game)["actions"]
    assert len(entries) == len(token_game.actions) + len(waited)
    shift = 0
    for index, corp, kind in waited:
        shift += 1
        entry = entries[index + shift]
        assert (entry["type"], entry["entity"]) == (kind, corp)
    log = to_18xx_log(token_game)
    assert import_log(log, strict=True).game.to_json() == token_game.to_json()
    first = next(w for w in waited if w[2] == "pass")
    at = first[0] + 2 + waited.index(first)  # the pass's id: its action's entry, the waited entries before it
    assert (log["actions"][at - 1]["type"], log["actions"][at - 1]["entity"]) == ("pass", first[1])
    twice = {**log, "actions": log["actions"][:at] + [{**log["actions"][at - 1], "id": 10_000}]}
    with pytest.raises(DataError, match="action 10000: "):
        import_log(twice, strict=True)


@pytest.mark.parametrize("which", ["game", "token_game"])
def test_a_game_noting_its_own_skips_finds_what_a_replay_on_a_fork_finds(which, request):
    """The import's way (the game notes its skips as it applies each action) against the export's (apply the
    actions again on a fork that notes them), on both games above; a copy made inside the block notes nothing,
    and the game's steps are its class's again after it."""
    from gamekit.export18xx import is_waited_entry, noting_waited_steps, waited_steps

    played = request.getfixturevalue(which)
    expected = waited_steps(played)
    assert expected
    replay = played.at(0)
    replay.site_waits_at_token_step = played.site_waits_at_token_step
    waited_after = []
    with noting_waited_steps(replay) as found:
        for index, action in enumerate(played.actions):
            replay.process(action)
            copy = replay.fork()  # a trial copy: what it applies is not the game's
            if copy.legal_actions():
                copy.process(copy.legal_actions()[0])
            waited_after += [(index, corp, kind) for corp in played.state.corporations for kind in ("pass", "run_routes")
                             if is_waited_entry(replay, {"type": kind, "entity": corp})]
    assert list(found) == expected
    assert waited_after == expected
    assert "title_steps" not in vars(replay)
