"""1837's editions on the track: what an upgrade must reach (D1, rules ``1837:track.upgrade-reach`` and
``1837:track.usable``) and track pointing into Italy once it has left the map (D2, rules ``1837:map.italy`` and
``1837:track.exits``), each on a position of the real game replayed by our rules under both editions: the same
tile lay is legal in one edition and refused, with the game unchanged, in the other. In both editions a town tile
upgrades only to its own green tiles, two towns becoming one on 87. The listed lays, read from the network walk
without trial boards, equal checking every candidate on its own under both rules.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit import new_game
from gamekit.errors import GameError
from gamekit.g18xx import track
from gamekit.tracks.actions import LayTile
from gamekit.tracks.board import placed_tile
from gamekit.tracks.graph import reach
from gamekit.tracks.lay import check_lay, hex_lays, legal_lays

from .g1830_positions import assert_refused
from .test_1837_rules import before, replay_under


def both_editions(action_id: int):
    """The real game just before its action ``action_id``: ``(second edition, first edition)``."""
    second = before(action_id)
    first, _ = replay_under(("edition=1st",), action_id)
    assert (second.edition, first.edition) == ("2nd", "1st")
    assert second.actions == first.actions
    return second, first


def lays_of(game) -> set[LayTile]:
    """The tile lays listed now."""
    return {a for a in game.legal_actions() if isinstance(a, LayTile)}


# ----- D1: what an upgrade must reach ------------------------------------------------------------------------
def test_d1_an_upgrade_that_adds_no_track_the_company_reaches_is_first_edition_only():
    """Before action 976 BH lays track in phase 4. E29 holds yellow curve 7 (edges 5–0), which BH's network walks;
    no track of BH reaches E29's edges 1 or 4. Green 18 at rotation 4 keeps the curve and adds a straight 1–4:
    the first edition (Orgler: reaching any track of the tile is enough) lets BH lay it; the second asks for new
    track BH reaches or a new revenue, and the tile has no town or city."""
    second, first = both_editions(976)
    upgrade = LayTile(entity="BH", hex="E29", tile="18-0", rotation=4)
    for game in (second, first):
        assert game.current_entity == "BH" and game.active_step.name == "Lay track"
        assert game.state.board.tiles["E29"] == ("7-3", 5)
        assert reach(game.track, game.state.board, "BH").edges["E29"] == {0, 5}
    listed_second, listed_first = lays_of(second), lays_of(first)
    assert upgrade not in listed_second and upgrade in listed_first
    # the first edition lists 124 lays more here, every one an upgrade the second refuses by the same rule
    assert listed_second < listed_first and len(listed_first - listed_second) == 124
    options = {"phase_colours": second.lay_colours("BH", None)[0], "blocked_hexes": track.blocked_hexes(second),
               "upgrades": second.upgrade_rules}
    for refused in listed_first - listed_second:
        assert placed_tile(second.track, second.state.board, refused.hex).parts.paths  # track there already
        with pytest.raises(GameError) as info:
            check_lay(second.track, second.state.board, "BH", refused.hex, refused.tile, refused.rotation, **options)
        assert info.value.rule == "1837:track.usable"
    error = assert_refused(second, upgrade, "1837:track.usable")
    assert "no new track" in error.message
    first.process(upgrade)
    assert first.state.board.tiles["E29"] == ("18-0", 4)


def test_d1_the_second_edition_accepts_an_upgrade_that_only_raises_a_citys_revenue():
    """SD1's logged upgrade of Vienna (G17) to 427 before action 566 gives SD1 no new track it can reach, but
    Vienna's cities pay more: semi-restrictive, the second edition accepts it (as 18xx.games did), as the first
    does; the first-edition text uncorrected (some new track usable: ``restrictive``) would refuse it."""
    second, first = both_editions(566)
    logged = LayTile(entity="SD1", hex="G17", tile="427-0", rotation=0)
    options = {"phase_colours": second.lay_colours("SD1", None)[0], "blocked_hexes": track.blocked_hexes(second)}
    with pytest.raises(GameError) as info:
        check_lay(second.track, second.state.board, "SD1", "G17", "427-0", 0,
                  upgrades=replace(second.upgrade_rules, reach="restrictive"), **options)
    assert info.value.rule == "1837:track.usable"
    assert [c.revenue for c in second.track.hexes["G17"].cities] == [40] * 4
    assert [c.revenue for c in second.track.tiles["427"].cities] == [60] * 6
    for game in (second, first):
        assert logged in lays_of(game)
        game.process(logged)
        assert game.state.board.tiles["G17"] == ("427-0", 0)


# ----- D2: track toward Italy once it has left the map ----------------------------------------------------
def test_d2_track_pointing_into_closed_italy_is_first_edition_only():
    """Before action 839 (phase 4: the first 4-train has taken Italy off the map) SD may lay yellow 7 on J4 at
    rotation 5 (edges 5 and 0) for J4's 70 K of terrain. Edge 0 crosses Italy's border: the second edition has
    closed it, the first lets track point into Italy (seed rule 13)."""
    second, first = both_editions(839)
    lay = LayTile(entity="SD", hex="J4", tile="7-8", rotation=5)
    for game in (second, first):
        assert game.current_entity == "SD" and game.event_fired("remove_italy")
        assert "J4" not in game.state.board.tiles
        assert [b.closes_with for b in game.track.hexes["J4"].borders if b.edge == 0] == ["italy"]
    assert second.upgrade_rules.closed_borders >= {"italy"} and not first.upgrade_rules.closed_borders
    assert lay not in lays_of(second)
    error = assert_refused(second, lay, "1837:track.exits")
    assert "closed" in error.message
    assert lay in lays_of(first)
    cash = first.state.corporations["SD"].cash
    first.process(lay)
    assert first.state.board.tiles["J4"] == ("7-8", 5)
    assert first.state.corporations["SD"].cash == cash - 70


def test_d2_the_closed_border_is_part_of_the_memos_key():
    """The games of both editions share one ``TrackData`` and its memo of lays per hex. With the second edition's
    rule of reach, Italy's border closed or open gives different lays in either order of asking: open, SD has
    the three lays across the border (on J4 and J6) besides the others."""
    second, first = both_editions(839)
    assert second.track is first.track
    options = {"phase_colours": second.lay_colours("SD", None)[0], "blocked_hexes": track.blocked_hexes(second),
               "cash": second.state.corporations["SD"].cash}
    closed = second.upgrade_rules
    opened = replace(closed, closed_borders=frozenset())

    def lays(rules):
        return set(legal_lays(second.track, second.state.board, "SD", upgrades=rules, **options))

    one_way = (lays(closed), lays(opened))
    second.track.cache.clear()
    other_way = (lays(opened), lays(closed))[::-1]
    assert one_way == other_way
    assert one_way[0] < one_way[1]
    assert {lay[:3] for lay in one_way[1] - one_way[0]} == {("J4", "7-8", 5), ("J6", "24-2", 3), ("J6", "26-0", 0)}


# ----- both editions: the towns' own upgrades --------------------------------------------------------------
def test_a_single_town_upgrades_only_to_its_green_town_tiles():
    """Before action 590 UG1 lays track; J18 holds yellow town 4 (edges 0–3). Green 87 would keep that track at
    rotation 0, but a single town upgrades only to tiles 410–424 (87, 88 and 204 are the double towns'): refused
    in both editions, while 410 is listed (rule ``1837:track.cities``)."""
    second, first = both_editions(590)
    for game in (second, first):
        assert game.current_entity == "UG1" and game.state.board.tiles["J18"] == ("4-3", 0)
        assert LayTile(entity="UG1", hex="J18", tile="410-0", rotation=3) in lays_of(game)
        assert not {a for a in lays_of(game) if a.hex == "J18" and a.tile.split("-")[0] in ("87", "88", "204")}
        error = assert_refused(game, LayTile(entity="UG1", hex="J18", tile="87-0", rotation=0), "1837:track.cities")
        assert "410" in error.message


def test_a_double_town_becomes_one_town_on_87():
    """F18's two printed towns (edges 0–2 and 1–5) may become the one town of green 87, at rotation 5 only (its
    exits 5, 0, 1, 2 keep both tracks); 88 and 204 cannot keep them (rule ``1837:track.cities``)."""
    game = new_game("1837", ["Ann", "Ben", "Cy"])
    old = placed_tile(game.track, game.state.board, "F18")
    assert len(old.parts.towns) == 2 and old.parts.upgrades_to == ("87", "88", "204")
    for edition in ((), ("edition=1st",)):
        rules = new_game("1837", ["Ann", "Ben", "Cy"], options=edition).upgrade_rules
        assert [(lay.name, lay.rotation) for lay in hex_lays(game.track, old, rules)] == [("87", 5)]


# ----- the listed lays equal the checks one by one --------------------------------------------------------
@pytest.mark.parametrize("action_id", [566, 839, 930, 956, 976, 1045])
def test_listed_lays_equal_checking_each_lay(action_id):
    """At real positions of phases 3–5 (Vienna's green and brown upgrades among them), under both editions and
    under the restrictive rule: :func:`legal_lays` (the rule read from the network walk) equals checking every
    permissive candidate with :func:`check_lay` (the tile laid on a trial board)."""
    game = before(action_id)
    corp = game.current_entity
    options = {"phase_colours": game.lay_colours(corp, None)[0], "blocked_hexes": track.blocked_hexes(game),
               "cash": game.state.corporations[corp].cash}
    board, data = game.state.board, game.track
    candidates = legal_lays(data, board, corp, upgrades=replace(game.upgrade_rules, reach="permissive"), **options)
    refused = 0
    for rule in ("semi_restrictive", "restrictive"):
        rules = replace(game.upgrade_rules, reach=rule)
        accepted = []
        for coord, tile, rotation, cost in candidates:
            try:
                check_lay(data, board, corp, coord, tile, rotation, upgrades=rules, **options)
            except GameError as exc:
                assert exc.rule == "1837:track.usable"
                refused += 1
                continue
            accepted.append((coord, tile, rotation, cost))
        assert legal_lays(data, board, corp, upgrades=rules, **options) == accepted
    assert refused > 0
