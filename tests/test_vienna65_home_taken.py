"""1837's homes kept for nationals not yet formed (rule ``1837:token.reserved``): a national whose minor merged into
it early (its owner's bankruptcy) has that minor's station in its home hex as its own, so no free space of the hex
is kept for it any more. Found by replaying the bench's whole 5-player seed-4 game in 18xx.games: KK3 merged into
the unformed KK at action 1133, and at action 1959 MS may place a station in Vienna (G17), where only the SD still
waits for a home; gamekit had kept two spaces (SD and KK) and refused it."""

import pytest

from gamekit.simulate import new_bot_game, play_random_game


@pytest.fixture(scope="module")
def played():
    """The bench's 1837 5-player seed-4 game, its first 1,960 actions."""
    return play_random_game("1837", 5, 4, cap=1960)


def _after(played, count):
    game = new_bot_game("1837", 5, 4)
    for action in played.actions[:count]:
        game.process(action)
    return game


def test_an_early_merge_takes_the_national_home(played):
    assert str(played.actions[1132]).startswith("MS's president cannot raise")  # P5's bankruptcy merges KK3 into KK
    before, after = _after(played, 1132), _after(played, 1133)
    assert before.state.board.hex_reservations["G17"] == ["SD", "KK"]
    assert after.tokens("KK") == ("G17",)  # KK3's station in Vienna is KK's now
    assert after.state.board.hex_reservations["G17"] == ["SD"]  # one space kept, for the SD alone


def test_a_free_space_of_vienna_is_offered(played):
    game = _after(played, 1958)
    assert (game.active_step.name, game.current_entity) == ("Place a station token", "MS")
    tokens = [a for a in game.legal_actions() if a.type == "place_token"]
    assert [a.city for a in tokens] == ["427-0-4"]  # a free city of the green Vienna tile (427) on G17
    free = sum(slot is None for city in game.state.board.tokens["G17"] for slot in city)
    assert free == 2  # two free spaces, one kept for the SD: MS may take the other
