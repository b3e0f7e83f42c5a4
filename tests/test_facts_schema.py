"""The wider facts schema: what 1830's code reads keeps its meaning, the new fields carry 1837's and 1894's
mechanisms, and a bad file is refused with one line naming the file and the place."""

from __future__ import annotations

import copy

import pytest

from gamekit.datafiles import data_json, load_model
from gamekit.errors import DataError
from gamekit.tracks.facts import DistanceRow, TitleFacts, title_facts
from gamekit.tracks.mapdata import MapFile, TilesFile, build_track_data
from gamekit.tracks.trains import new_depot, rusted_by

F1830 = title_facts("1830")
WHERE = "data/test/game.json"


def refused(raw: dict) -> str:
    """Validate a changed copy of a game file; return the one-line error."""
    with pytest.raises(DataError) as exc:
        load_model(TitleFacts, raw, WHERE)
    message = str(exc.value)
    assert "\n" not in message and message.startswith(WHERE + ": ")
    return message


def raw_1830() -> dict:
    return copy.deepcopy(data_json("1830", "game.json"))


def test_1830_fields_keep_their_meaning():
    nynh = F1830.corporation("NYNH")
    assert (nynh.home, nynh.home_city) == ("G19", 0)
    assert (F1830.corporation("ERIE").home, F1830.corporation("ERIE").home_city) == ("E11", None)
    assert [p.train_limit for p in F1830.phases] == [4, 4, 3, 2, 2, 2]
    assert [p.name for p in F1830.phases if p.corporations_buy_privates] == ["3", "4"]
    assert [t.name for t in F1830.trains if t.closes_privates] == ["5"]
    assert F1830.market_legend["o"] == "orange: as yellow, and a player may hold more than 60%"
    assert F1830.bank_cash == 12000 and not F1830.unlimited_bank
    assert F1830.train("D").distance is None and F1830.train("3").distance == 3


def test_1830_end_triggers_and_discards_are_data():
    assert F1830.end_trigger("bankrupt").timing == "immediate"
    assert F1830.end_trigger("bankrupt").players == "one"
    assert F1830.end_trigger("bank").timing == "full_or"
    assert F1830.end_trigger("stock_market") is None
    assert F1830.discarded_trains == "depot"


def test_a_number_distance_is_one_row_of_every_stop_kind():
    (row,) = F1830.train("4").rows
    assert (set(row.nodes), row.pay, row.visit) == ({"city", "town", "offboard"}, 4, 4)
    (unlimited,) = F1830.train("D").rows
    assert (unlimited.pay, unlimited.visit) == (None, None)


def test_capital_of_a_full_capitalization_counts_ipo_certificates():
    prr = F1830.corporation("PRR")
    assert (prr.capitalization, prr.ipo_percent(), prr.certificates[0]) == ("full", 100, 20)
    assert F1830.float_percent_of("PRR") == 60 and F1830.max_holding_percent_of("PRR") == 60
    assert F1830.train_limit("PRR", F1830.phases[3]) == 2


def test_rusting_accepts_several_trigger_types():
    facts = title_facts("1837")
    depot = new_depot(facts, ())
    assert rusted_by(facts, depot, "3G-0") == ["1G"]
    assert rusted_by(facts, depot, "4G-0") == ["1G", "2G"]
    assert rusted_by(F1830, new_depot(F1830, ()), "4-0") == ["2"]


def test_a_corporation_with_two_homes_has_no_single_home():
    ouest = title_facts("1894").corporation("Ouest")
    assert [h.hex for h in ouest.homes] == ["B3", "E6"] and ouest.home_rule == "all"
    with pytest.raises(ValueError, match="Ouest has 2 homes"):
        ouest.home  # noqa: B018 - the property raises


@pytest.mark.parametrize("change, place", [
    (lambda g: g["trains"][3].update(rusts_on="9"), "trains.3: no train named '9'"),
    (lambda g: g["corporations"][0].update(certificates=[20, 10, 10]), "corporations.0.certificates"),
    (lambda g: g["corporations"][1].update(reserved=[9]), "corporations.1: reserved: certificate index 9 does not exist"),
    (lambda g: g["corporations"][2].update(capitalization="fixed"), "starting_treasury"),
    (lambda g: g.update(bank_cash="unlimited"), "end_triggers.1: an unlimited bank cannot break"),
    (lambda g: g.update(bank_cash="lots"), "bank_cash"),
    (lambda g: g["market"]["rows"][0].__setitem__(0, "60q"), "market: rows.0.0: zone letter 'q' is not in zones"),
    (lambda g: g["market"]["rows"][2].__setitem__(3, "6x0"), "rows.2.3: '6x0' is not a price"),
    (lambda g: g["market"].update(kind="hexagonal"), "market.kind"),
    (lambda g: g["trains"][0].update(events=["flood"]), "trains.0.events: 'flood' is not explained in events"),
    (lambda g: g["end_triggers"].append({"reason": "final_phase", "timing": "full_or"}), "phase: give it exactly"),
    (lambda g: g["end_triggers"].append({"reason": "stock_market", "timing": "immediate"}),
     "end_triggers.2: no market cell has the effect 'ends_game'"),
    (lambda g: g["phases"][2].update(train_limit={"major": 3, "giant": 1}), "phases.2.train_limit"),
    (lambda g: g["phases"][1].update(on="7"), "phases.1.on: no train named '7'"),
    (lambda g: g["corporations"][0].update(merges_into="NYC"), "merges_into: 'NYC' is not a national"),
    (lambda g: g["privates"][4].update(grants_certificate="PRR_9"), "privates.4.grants_certificate"),
    (lambda g: g["corporations"].append(g["corporations"][0]), "corporation 'PRR' is listed twice"),
    (lambda g: g["privates"][0].update(closes_on_phase="Z"), "privates.0.closes_on_phase: no phase named 'Z'"),
    (lambda g: g["privates"][1].update(comes_with="XX"), "privates.1.comes_with: no private named 'XX'"),
    (lambda g: g["privates"][2].update(closed_by_events=["flood"]), "privates.2.closed_by_events: 'flood'"),
    (lambda g: g["corporations"][3].update(exchanges_for="NYC", kind="coal"), None),
    (lambda g: g["corporations"][3].update(initial_price="99,0,0"), "initial_price: '99,0,0' is not a market cell"),
    (lambda g: g["corporations"][3].update(homes=[{"hex": "I15"}], home_rule="choose_one"), "'choose_one' needs"),
])
def test_a_bad_game_file_is_refused_naming_the_place(change, place):
    raw = raw_1830()
    change(raw)
    if place is None:  # a well-formed change: accepted
        load_model(TitleFacts, raw, WHERE)
    else:
        assert place in refused(raw)


def test_distance_rows_are_checked():
    with pytest.raises(ValueError, match="pay 5 is more than visit 3"):
        DistanceRow(nodes=("city",), pay=5, visit=3)
    with pytest.raises(ValueError, match="pay any is more than visit 3"):
        DistanceRow(nodes=("city",), pay=None, visit=3)
    with pytest.raises(ValueError, match="each node kind once"):
        DistanceRow(nodes=("town", "town"), pay=1, visit=1)
    raw = raw_1830()
    raw["trains"][0]["distance"] = [{"nodes": ["town"], "pay": 2, "visit": 1}]
    assert "trains.0.distance" in refused(raw)


def _map_with(overlays: list[dict], hexes_change=None) -> None:
    raw_map = copy.deepcopy(data_json("1830", "map.json"))
    raw_map["overlays"] = overlays
    if hexes_change:
        hexes_change(raw_map["hexes"])
    build_track_data(MapFile.from_data(raw_map),
                     TilesFile.from_data(data_json("1830", "tiles.json")), "data/test")


@pytest.mark.parametrize("overlays, hexes_change, message", [
    ([{"name": "x", "text": "t", "on_event": "e", "closes": ["Z99"]}], None, "overlay x: no hex Z99"),
    ([{"name": "x", "text": "t", "on_phase": "3", "lays": [{"hex": "F2", "tile": "999", "rotation": 0}]}], None,
     "overlay x: cannot lay tile 999"),
    ([], lambda hexes: hexes[0].update(borders=[{"edge": 1, "closes_with": "nowhere"}]),
     "border closes with unknown overlay 'nowhere'"),
])
def test_a_bad_overlay_is_refused(overlays, hexes_change, message):
    with pytest.raises(DataError, match=message):
        _map_with(overlays, hexes_change)


def test_an_overlay_needs_exactly_one_trigger():
    with pytest.raises(ValueError, match="exactly one of on_event and on_phase"):
        _map_with([{"name": "x", "text": "t"}])
