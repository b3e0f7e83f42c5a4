"""1837's train step with a surrender the site offers and ours does not (rule ``1837:trains.surrender``): a coal
company at its train limit may buy goods trains only, so ours skips its train step when no goods train can follow
a surrender, while 18xx.games, which counts the cheapest train on sale of any kind, opens the step and waits for a
pass. The export writes that pass (``Game1837.site_waited_steps``), and the import takes it back as nothing."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.errors import DataError
from gamekit.export18xx import waited_steps
from gamekit.g18xx import operating
from gamekit.import18xx import import_log
from gamekit.titles.g1837 import trains


@pytest.fixture(scope="module")
def game():
    """A 4-player 1837 game of the random bot (seed 601): its coal companies LRB and EOD reach their train
    limit with cash for a surrender but no goods train to buy (the cross-check bridged 22 such passes in it)."""
    return play_seats("1837", ["random"] * 4, 601, cap=700)


def test_the_site_opens_a_surrender_ours_skips_for_a_coal_company(game):
    waited = waited_steps(game)
    assert waited[:2] == [(231, "LRB", "pass"), (265, "LRB", "pass")]
    for index, corp, kind in waited:
        assert kind == "pass" and game.kind(corp) == "coal"
        before, after = game.at(index), game.at(index + 1)  # the skip happened inside action `index`
        assert not (after.state.round.step == "buy_train" and operating.operating(after) == corp)  # skipped
        company = after.state.corporations[corp]
        assert len(company.trains) == after.train_limit_of(corp)
        assert trains.site_opens_surrender(after, corp)
        assert trains.choices(after, corp) == []  # ours: no goods train could follow the surrender
        assert before.state.corporations[corp].trains == company.trains


def test_the_pass_is_written_after_the_action_and_read_back_once(game):
    log = game.to_18xx_log()
    entries = log["actions"]
    first = waited_steps(game)[0]
    at = next(i for i, e in enumerate(entries) if e["id"] == first[0] + 2)  # ids: one per action, then the pass
    assert (entries[at]["type"], entries[at]["entity"]) == ("pass", "LRB")
    assert import_log(log, strict=True).game.to_json() == game.to_json()
    twice = {**log, "actions": entries[:at + 1] + [{**entries[at], "id": 10_000}]}
    with pytest.raises(DataError, match="action 10000: "):
        import_log(twice, strict=True)
