"""1837's mine subsidy cites the mine-subsidy rule and SD5's late home station the home-station rule (needs the
OTHERS commit on gamekit/g18xx/revenue.py, gamekit/g18xx/track.py and gamekit/titles/g1837/game.py)."""
import pytest

from gamekit.bots import play_seats
from gamekit.rules import rule_text


@pytest.fixture(scope="module")
def events():
    game = play_seats("1837", ["heuristic"] * 4, 3)
    return [e for _, happened in game.history() for e in happened]


def test_a_mine_subsidy_cites_the_mine_subsidy_rule(events):
    subsidies = [e for e in events if e.kind in ("subsidy", "subsidy_paid")]
    assert subsidies and {e.rule for e in subsidies} == {"1837:route.mine-subsidy"}
    first = next(e for e in subsidies if e.kind == "subsidy")
    assert str(first.text) == "EPP's routes earn a subsidy of 20K for its treasury, paid with the dividend"
    assert rule_text("1837:route.mine-subsidy")


def test_sd5_choosing_its_home_city_cites_the_home_station_rule(events):
    home = [e for e in events if e.kind == "token" and str(e.text) == "SD5 places its station token in Milan (L2)"]
    assert [e.rule for e in home] == ["1837:token.home"]


