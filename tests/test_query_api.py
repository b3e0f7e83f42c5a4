"""The public query API (gamekit.query) answers what 18xx.games' own engine recorded, and plain values only.

Every 50th action of each real 1830 game, cash (players, corporations, bank), holdings, presidents, share and par
prices, treasuries, trains, station tokens, the phase and the kind of round read through the API equal the
reference state in ``<log>.states.jsonl``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamekit
from gamekit.query import BANK, IPO, POOL, Holding
from gamekit.rng import GameRandom
from gamekit.simulate import random_action

from .fixtures import each_log, fixture_paths, replay_with_references

LOGS = fixture_paths("1830")
EVERY = 50
ROUND_KINDS = {"Private": "Auction", "Stock": "Stock", "Operating": "Operating"}


def _price(market_id: str | None) -> int | None:
    return None if market_id is None else int(market_id.split(",")[0])


def _percent(certs: list[str]) -> int:
    return sum(20 if c.endswith("_0") else 10 for c in certs)  # 1830: the president's certificate is 20%


def _token_hex(game, ref: dict, city: str) -> str:
    """The hex of a reference city id ``TILE-COPY-PART``: where that tile lies, else the printed hex it names."""
    tile = city.rsplit("-", 1)[0]
    laid = [coord for coord, placed in ref["tiles"].items() if placed.split("@")[0] == tile]
    if laid:
        return laid[0]
    return next(coord for coord, h in game.track.hexes.items() if h.tile_id == tile)


def _api_view(game) -> dict:
    """What the query API says, in the shape :func:`_reference_view` builds."""
    return {
        "bank": game.cash(BANK), "phase": game.phase(), "round": ROUND_KINDS[game.active_round().split()[0]],
        "players": {p.id: {"cash": game.cash(p.id), "holdings": game.holdings(p.id)} for p in game.players},
        "corporations": {c: {"treasury": game.treasury(c), "president": game.president(c),
                             "price": game.share_price(c), "par": game.par_price(c), "trains": game.trains(c),
                             "tokens": game.tokens(c), "ipo": game.percent(IPO, c), "pool": game.percent(POOL, c)}
                         for c in game.corporations()},
    }


def _reference_view(game, ref: dict) -> dict:
    return {
        "bank": ref["bank"], "phase": ref["phase"], "round": ref["round"],
        "players": {str(p["id"]): {"cash": p["cash"],
                                   "holdings": {c: Holding(len(certs), _percent(certs))
                                                for c, certs in p["shares"].items() if certs}}
                    for p in ref["players"]},
        "corporations": {c["id"]: {"treasury": c["cash"],
                                   "president": None if c["president"] is None else str(c["president"]),
                                   "price": _price(c["share_price"]), "par": _price(c["par_price"]),
                                   "trains": tuple(c["trains"]),
                                   "tokens": tuple(_token_hex(game, ref, t) for t in c["tokens"] if t),
                                   "ipo": _percent(c["ipo_shares"]), "pool": _percent(c["market_shares"])}
                         for c in ref["corporations"]},
    }


@each_log(LOGS)
def test_query_api_matches_reference_every_50_actions(log):
    compared = 0
    for i, (raw, game, ref) in enumerate(replay_with_references(log)):
        if i and i % EVERY == 0:
            assert _api_view(game) == _reference_view(game, ref), f"after action {raw['id']}"
            compared += 1
    assert compared == i // EVERY >= 8


def _plain(value) -> bool:
    if isinstance(value, (tuple, list)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return value is None or isinstance(value, (bool, int, str))


QUERIES = ("cash", "treasury", "holdings", "president", "share_price", "par_price", "trains", "tokens")


@pytest.mark.parametrize("title", gamekit.title_names())
def test_answers_are_plain_copies(title):
    players = ["Ann", "Ben", "Cy", "Di"]
    game = gamekit.new_game(title, players, seed=4)
    rng = GameRandom(4)
    while len(game.actions) < 80 and not game.is_over:
        game.process(random_action(game, rng))
    before = game.to_json()
    answered = 0
    for corp in game.corporations():
        for name in QUERIES:
            try:
                value = getattr(game, name)(corp) if name != "holdings" else game.holdings("Ann")
            except NotImplementedError as exc:
                assert title in str(exc)
                continue
            answered += 1
            assert _plain(value), (name, value)
            if isinstance(value, dict):
                value.clear()  # changing an answer cannot change the game
    for name in ("bank_cash", "active_round", "operating_order", "entity_ids"):
        assert _plain(getattr(game, name)())
    assert game.to_json() == before and answered >= 3 * len(game.corporations())
    assert set(players) <= set(game.entity_ids())


def test_1830_answers_by_hand():
    """Seed 7, four players, everyone takes the first legal action through the private auction (lesson 2's
    opening): Ann buys SV for 20, Ben CS for 40, Cy DH for 70, Di MH for 110, Ann CA for 160 (with a 10% PRR
    certificate), Ben the B&O for 220 (with its president's certificate) and pars it at 100."""
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    while game.active_round() == "Private auction":
        game.process(game.legal_actions()[0])
    assert game.active_round() == "Stock round 1" and game.phase() == "2"
    assert game.president("B&O") == game.private_owner("BO")
    owner = game.president("B&O")
    assert game.holdings(owner)["B&O"] == Holding(1, 20) and game.certificates(owner, "B&O") == ("B&O_0",)
    assert game.par_price("B&O") == game.share_price("B&O") == 100
    assert game.holdings(IPO)["B&O"] == Holding(8, 80)
    assert {p.id: game.cash(p.id) for p in game.players} == {"Ann": 600 - 20 - 160, "Ben": 600 - 40 - 220,
                                                              "Cy": 600 - 70, "Di": 600 - 110}
    assert game.bank_cash() == 12000 - 4 * 600 + 20 + 40 + 70 + 110 + 160 + 220
    assert game.holdings("Ann") == {"PRR": Holding(1, 10)} and game.privates("Ann") == ("SV", "CA")
    assert game.operating_order() == ("B&O",)
    assert game.treasury("B&O") == 0 and game.trains("B&O") == () and game.tokens("B&O") == ()
    assert game.trains_in_depot()[:2] == ("2-0", "2-1") and game.train_limit() == 4


ROOT = Path(__file__).resolve().parent.parent
VIEWS_AND_LESSONS = [*sorted((ROOT / "notebooks").glob("*.ipynb")),  # not .ipynb_checkpoints/: JupyterLab's copies
                     *sorted((ROOT / "notebooks" / "tools").glob("*.py")),
                     *sorted((ROOT / "gamekit" / "widgets").glob("*.py")),
                     *sorted((ROOT / "gamekit" / "viz").glob("*.py"))]
STATE_READ = re.compile(r"\.state\b")
SENTENCE_MATCH = re.compile(r"sentence\(\)\s*(==|\.startswith)|in \w+\.sentence\(\)")


@pytest.mark.parametrize("path", VIEWS_AND_LESSONS, ids=[p.name for p in VIEWS_AND_LESSONS])
def test_views_and_lessons_use_the_public_api(path):
    text = path.read_text()
    assert not STATE_READ.search(text), "reads game.state: use the query API (gamekit.query)"
    assert not SENTENCE_MATCH.search(text), "matches sentence text: use game.parse_action"


def test_train_types_sold_are_the_types_of_the_trains_the_bank_no_longer_has():
    from gamekit.bots import play_seats
    from gamekit.titles import game_class

    game = play_seats("1830", ["random"] * 4, 1, cap=600)
    roster = game_class("1830")(["Ann", "Ben", "Cy", "Di"], seed=1).trains_in_depot()
    left = set(game.trains_in_depot())
    sold = tuple(dict.fromkeys(train.split("-")[0] for train in roster if train not in left))
    assert game.train_types_sold() == sold == ("2", "3") and game.phase() == "3"
