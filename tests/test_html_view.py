"""The Jupyter view of a game (``Game._repr_html_``, :mod:`gamekit.html_view`): players, corporations or
railroads, the bank, the phase and the active step, with their actual values, for every playing title.

One 1830 position is checked against hand-computed figures; a mid-game position of each title reached by
legal play (the 1830 sample game, seeded bot play in the cube-rail titles) is checked against the query API.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

import gamekit
from gamekit.query import IPO, POOL
from gamekit.rng import GameRandom
from gamekit.simulate import random_action

from .g1830_positions import nyc_with_tile_and_train

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "1830" / "sample_game.json"


class _Tables(HTMLParser):
    """Collects the text of every table cell (rows of cells) and of everything outside tables."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.outside: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        elif not self.lasttag == "style":
            self.outside.append(data)


def read_view(game) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]], str]:
    """Return (player name → column → cell, corporation → column → cell, the text outside the tables)."""
    parser = _Tables()
    parser.feed(game._repr_html_())
    players, corps = ({row[0]: dict(zip(table[0], row)) for row in table[1:]} for table in parser.tables)
    return players, corps, " ".join("".join(parser.outside).split())


def test_a_hand_computed_1830_position():
    # NYC floated (Cy president, 20% + 10%), laid 57 on E19, ran no train (price 90 -> 82, 1830:dividend.withhold)
    # and bought a 2-train for 80: treasury 900 - 80 = 820.
    players, corps, text = read_view(nyc_with_tile_and_train())
    holdings = "holdings (percent, certificates or shares)"
    # cash 600 - shares bought + private revenue; value = cash + shares at 82 (B&O at par 100) + privates at face
    assert players["Ann"] == {"player": "Ann", "cash": "$360", holdings: "PRR 10% (1), NYC 10% (1)",
                              "private companies": "SV, CA", "value now": "622"}
    assert players["Ben"]["cash"] == "$290" and players["Ben"]["value now"] == "832"
    assert players["Ben"][holdings] == "B&O 20% (1) president, NYC 10% (1)"
    assert players["Cy"][holdings] == "NYC 30% (2) president" and players["Cy"]["value now"] == "591"
    assert players["Di"]["private companies"] == "MH" and players["Di"]["value now"] == "612"
    assert corps["NYC"] == {"corporation": "NYC", "president": "Cy", "share price": "$82", "par price": "$90",
                            "treasury": "$820", "trains": "2", "tokens": "1: E19", "IPO": "40%",
                            "bank pool": "0%"}
    assert corps["B&O"]["par price"] == "$100" and corps["B&O"]["IPO"] == "80%"
    assert corps["PRR"]["president"] == "—" and corps["PRR"]["treasury"] == "$0"
    # bank: 12,000 - 2,400 to the players + 620 for privates - 105 private revenue + 540 for NYC shares
    # - 900 float + 80 for the train
    assert "Bank: $9,835 · trains for sale: 2 · train limit 4 per corporation" in text
    assert text.startswith("1830 · 18 actions · Operating round 1.1 · phase 2")
    assert "Buy trains, NYC to act" in text


def _bot_game(title: str, actions: int) -> gamekit.Game:
    game = gamekit.new_game(title, ["Ann", "Ben", "Cy", "Di"], seed=3)
    rng = GameRandom(11)
    for _ in range(actions):
        game.process(random_action(game, rng))
    return game


def _mid_games():
    yield "1830", gamekit.load_json(SAMPLE.read_text()).at(400)
    yield "continental-divide", _bot_game("continental-divide", 60)
    yield "american-rails", _bot_game("american-rails", 60)


@pytest.mark.parametrize("title, game", list(_mid_games()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_mid_game_view_shows_the_actual_figures(title, game):
    assert not game.is_over and game.title == title
    players, corps, text = read_view(game)
    assert set(players) == {p.name for p in game.players}
    for p in game.players:
        row = players[p.name]
        assert row["cash"] == f"${game.cash(p.id):,}" and row["value now"] == f"{game.player_value(p.id):,}"
        for corp, held in game.holdings(p.id).items():
            # 18xx: percent and certificates; the cube rails count shares (a railroad issues 3 to 10)
            shares = f"{held.certificates} share" + ("s" if held.certificates != 1 else "")
            written = shares if title in ("continental-divide", "american-rails") else f"{held.percent}% ({held.certificates})"
            assert f"{corp} {written}" in row["holdings (percent, certificates or shares)"]
    assert list(corps) == list(game.corporations())
    started = [c for c in game.corporations() if game.tokens(c)]
    assert len(started) >= 3  # a mid-game position: several companies on the map
    for corp in game.corporations():
        row = corps[corp]
        assert row["treasury"] == f"${game.treasury(corp):,}"
        pieces = row.get("tokens", row.get("cubes"))
        assert pieces.startswith(f"{len(game.tokens(corp))}") and all(h in pieces for h in game.tokens(corp))
    assert game.active_step.name in text and game.active_round() in text
    if title == "1830":
        assert all(corps[c]["trains"] == (", ".join(t.rsplit("-", 1)[0] for t in game.trains(c)) or "—") for c in corps)
        assert all(corps[c]["IPO"] == f"{game.percent(IPO, c)}%" for c in corps)
        assert all(corps[c]["bank pool"] == f"{game.percent(POOL, c)}%" for c in corps)
        priced = [c for c in corps if game.share_price(c) is not None]
        assert priced and all(corps[c]["share price"] == f"${game.share_price(c)}" for c in priced)
        assert f"phase {game.phase()}" in text and f"Bank: ${game.bank_cash():,}" in text
    else:
        assert "trains" not in next(iter(corps.values())) and "Bank: unlimited money" in text
    if title == "continental-divide":
        assert all(corps[c]["president"] == (game.president(c) or "—") for c in corps)
    if title == "american-rails":  # no share prices, no presidents: those columns are left out
        assert set(next(iter(corps.values()))) == {"railroad", "treasury", "cubes"}
        assert f"phase {game.phase()}" in text


@pytest.mark.parametrize("title, cash, bank", [("1837", "555K", "12,048K"), ("1894", "480 F", "unlimited money"),
                                               ("1830", "$600", "$9,600")])
def test_money_is_written_in_the_titles_currency(title, cash, bank):
    """1837 counts in Kronen, 1894 in francs: four players' starting cash and the bank in the view."""
    game = gamekit.new_game(title, ["Ann", "Bob", "Cy", "Di"])
    players, _, text = read_view(game)
    assert {row["cash"] for row in players.values()} == {cash}
    assert f"Bank: {bank}" in text
    if title == "1837":
        assert "train limit coal 2, major 4, minor 2, national 4 per corporation" in text
