"""1837's train step asks whether a surrender is open without building the surrenders (``trains._surrenderable``),
and its surrender and dividend refusals are built only when raised: the answers and texts are those of before."""
import pytest

from gamekit.errors import GameError
from gamekit.g18xx.state import OperatingRound
from gamekit.titles.g1837 import minors, trains
from gamekit.titles.g1837.actions import ScrapTrain
from gamekit.tracks.actions import Dividend
from tests.bot_positions import operating_positions, random_positions


@pytest.mark.parametrize("seed", [10])
def test_surrender_question_matches_the_listed_surrenders_along_a_game(seed):
    asked = opened = 0
    for game, corp in operating_positions("1837", 4, seed, 4000):
        listed = [a.train for a in trains.choices(game, corp)]
        found = list(trains._surrenderable(game, corp))
        assert found == listed
        assert (next(trains._surrenderable(game, corp), None) is not None) == bool(listed)
        asked += 1
        opened += bool(listed)
    assert asked > 1000 and opened > 20  # surrenders were open at many positions, closed at most


def _first_operating(seed: int):
    for game in random_positions("1837", 4, seed, 4000):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.index < len(rnd.order) and not rnd.must_discard and \
                not rnd.pending_tokens and rnd.step == "track":
            return game, rnd.order[rnd.index]
    raise AssertionError("no track step")


def test_refusals_keep_their_texts_and_rules():
    game, corp = _first_operating(1)
    with pytest.raises(GameError) as exc:
        trains.scrap(game, ScrapTrain(entity=corp, train="2_0"))
    assert str(exc.value.message) == f"{corp} surrenders a train only in its own train step"
    assert exc.value.message.template == "{corporation} surrenders a train only in its own train step"
    assert exc.value.rule == trains.RULE
    with pytest.raises(GameError) as exc:
        minors.dividend(game, Dividend(entity=corp, kind="payout"))
    assert str(exc.value.message) == f"{corp} is not at its dividend step"
