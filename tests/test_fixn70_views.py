"""Stop 70's new-user pass, the game's views: the HTML view's heading in the learner's language with the title's
printed name, the cube-rail holdings as counts of shares, American Rails' bid help beside a higher minimum, and the
event log's actions numbered as "after N actions" counts them."""

import random
import re

import pytest

import gamekit
from gamekit.simulate import play_random_game
from gamekit.widgets.parts import history_entries

pytestmark = pytest.mark.usefixtures("english")


def _played(title: str, players: int = 3, actions: int = 20):
    """A seeded game after ``actions`` random legal actions (seed 3, choices by random.Random(1))."""
    game = gamekit.new_game(title, [f"P{n}" for n in range(1, players + 1)], seed=3)
    pick = random.Random(1)
    for _ in range(actions):
        game.process(pick.choice(game.legal_actions()))
    return game


def _heading(game) -> str:
    return re.search(r'<div class="gk-view"><div>(.*?)</div>', game._repr_html_()).group(1)


@pytest.mark.parametrize("language, title, players, expected", [
    ("zh", "1894", 3, "<b>1894</b> · 20 个动作 · 私人公司拍卖 · 阶段 黄色"),
    ("es", "1894", 3, "<b>1894</b> · 20 acciones · Subasta de privadas · fase Amarilla"),
    ("es", "1830", 3, "<b>1830</b> · 20 acciones · Ronda de acciones 1 · fase 2"),
    ("zh", "1837", 3, "<b>1837</b> · 20 个动作 · 起始包 · 阶段 2"),
    ("zh", "american-rails", 3, "<b>American Rails</b> · 20 个动作 · 开局拍卖 · 阶段 0"),
    ("es", "continental-divide", 4, "<b>Continental Divide</b> · 20 acciones · Turno de juego 2"),
    ("en", "continental-divide", 4, "<b>Continental Divide</b> · 20 actions · Game turn 2"),
])
def test_the_heading_names_round_and_phase_in_the_language_and_the_title_by_its_printed_name(
        language, title, players, expected):
    game = _played(title, players)
    gamekit.set_language(language)
    assert _heading(game) == expected


def test_a_finished_games_heading_names_its_last_round_in_the_language():
    game = play_random_game("continental-divide", 4, seed=2)
    gamekit.set_language("zh")
    assert _heading(game) == "<b>Continental Divide</b> · 74 个动作 · 游戏回合 8"


def test_cube_rail_holdings_are_counts_of_shares_that_add_up():
    game = play_random_game("continental-divide", 4, seed=2)
    rows = dict(re.findall(r"<tr><td>(P\d)</td><td class=\"n\">[^<]*</td><td>([^<]*)</td>", game._repr_html_()))
    assert rows["P2"] == "NP 2 shares president, GN 2 shares, TP 1 share president"
    assert "%" not in "".join(rows.values())
    held = sum(int(n) for row in rows.values() for n in re.findall(r"NP (\d+) share", row))
    assert held == sum(game.holdings(p.id)["NP"].certificates for p in game.players if "NP" in game.holdings(p.id))
    assert held == 3  # 2 + 1: the view wrote 66% + 33% for them before
    gamekit.set_language("nl")
    assert "NP 2 aandelen" in game._repr_html_()


def test_18xx_holdings_keep_percent_and_certificates():
    game = _played("1830", actions=40)
    row = re.findall(r"<tr><td>P\d</td><td class=\"n\">[^<]*</td><td>([^<]*)</td>", game._repr_html_())
    held = [(p.id, c, h) for p in game.players for c, h in game.holdings(p.id).items()]
    assert held, "40 random actions of 1830 buy some share"
    player, corp, h = held[0]
    assert f"{corp} {h.percent}% ({h.certificates})" in row[[p.id for p in game.players].index(player)]


def test_american_rails_bid_help_names_the_opening_floor_as_such():
    game = gamekit.new_game("american-rails", ["P1", "P2", "P3"], seed=3)
    game.process(game.legal_actions()[0])  # the opener chooses a share: the bidding starts
    step = game.active_step
    assert step.rule == "ar:auction.bid"
    assert gamekit.i18n.localize(step.help) == (
        "Bid more than the high bid (an opening bid is at least $10), or pass and leave this auction.")
    bids = [a.amount for a in game.legal_actions() if a.type == "ar_bid"]
    assert min(bids) == 10  # the floor the help names is the opening bid's; a later bid must beat the high bid


def test_the_event_log_numbers_actions_as_after_n_actions_counts_them():
    game = _played("1830")
    headings = [h for h, _event in history_entries(game)]
    numbers = sorted({int(h.split(":")[0]) for h in headings if h[0].isdigit()})
    assert numbers[0] == 1 and numbers[-1] == len(game.actions) == 20
    last = history_entries(game, 19, 20)[0][0]
    assert last.startswith("20: ")
    assert "20 actions" in _heading(game)
