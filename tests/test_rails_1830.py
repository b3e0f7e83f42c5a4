"""1830 Rails-18xx reports at their first operating rounds: route sets searched for a stated revenue, and the
evidence behind the stop at NYNH's 130 (``1830_SellHalfPresCert`` and ``1830_5forDtrainExchange``, line 163)."""

from __future__ import annotations


import pytest

from gamekit.rails import import_rails_report
from gamekit.rails.lines import parse_report
from gamekit.rails.tables import table

from .rails_support import require_report

REPORTS = ["1830_SellHalfPresCert", "1830_5forDtrainExchange"]
NYNH_REVENUE_LINE = 163


def _head(name: str, upto: int) -> list[str]:
    """The report's first ``upto`` lines (up to and including line ``upto``)."""
    return require_report("1830", name).read_text().splitlines()[:upto]


@pytest.mark.parametrize("name", REPORTS)
def test_a_revenue_below_the_best_is_run_by_a_legal_route_set(name):
    # Regression: the search among each train's legal routes (moves.route_sets) read the router's candidates
    # as a list and crashed once they became a lazily scored ranking. NYNH's legal sets at line 163 include
    # Boston–Mansfield–Providence (3-train, 60) with New Haven–New York (2-train, 50): 110, below the best 140
    lines = _head(name, NYNH_REVENUE_LINE - 1) + ["CompanyRevenue,NYNH,110", "CompanyPaysOutFull,NYNH,110",
                                                  "Payout,Alice,55,5,10"]
    report = import_rails_report("\n".join(lines) + "\n")
    assert report.ok, report.error
    # the revenue (checked at the dividend line) and Alice's payout are two figures more than at line 162
    assert report.lines_done == 156 and report.checked == 177 + 2
    assert report.game.cash("Alice") == 43 + 55  # her cash at the end of stock round 2, then the payout


@pytest.mark.parametrize("name", REPORTS)
def test_nynh_s_130_at_line_163_is_no_legal_route_set(name):
    # Every tile lay and token of the report up to line 163 was checked against Rails' Map.xml and Tiles.xml:
    # NYNH's stations are New York (the city on our edge 3, Rails' city 2 on side 5 of tile -21 turned 1) and
    # Providence (F22, tile 57); its track runs New York – New Haven (F20, tile 1) – Providence – Mansfield (F24)
    # – Boston (E23); its trains are 2, 2, 2 and 3. By rules 1830:route.token ("Every route must include a city
    # holding one of the corporation's station tokens"), 1830:route.reuse and 1830:route.revenue ("A route earns
    # the sum of the values of its stops") the legal sets earn 140, 110, 100, 90 … and never 130; no other
    # orientation of the tiles laid (F20, F22, E19) nor the other New York city gives 130 either (checked by hand
    # with our router). Rails does not check it: its SetDividend action (Rails-18xx/Rails) says the earnings are
    # "calculated and entered by the user", so a report's revenue is what its player typed.
    report = import_rails_report(require_report("1830", name))
    assert report.error == ("line 163: 1830:route.revenue: no legal set of routes of NYNH earns 130: ours earn "
                            "140, 110, 100, 90, 80, 70, 60, 50, 40, 30, 0, the report's 130")
    assert (report.lines_done, report.checked) == (153, 177)


@pytest.mark.parametrize("name", REPORTS)
def test_the_stop_does_not_depend_on_how_rails_tile_sides_are_turned(name):
    # Rails' sides are taken 3 edges off ours (from its preprinted hexes). Every tile laid before line 163 is
    # tile 1, 9 or 57, each the same turned half-way round, so each lay connects the same edges whatever that
    # turn: a wrong turn cannot be what makes NYNH's 130 unreachable
    rails = table("1830")
    lays = [line for line in parse_report("\n".join(_head(name, NYNH_REVENUE_LINE)) + "\n")[0]
            if line.key in ("LaysTileAt", "LaysTileAtFor")]
    assert [(lay.args[1], lay.args[2]) for lay in lays] == [("57", "J14"), ("1", "F20"), ("9", "H14"),
                                                             ("57", "H16"), ("57", "E19"), ("57", "F22")]
    for lay in lays:
        rotation = rails.rotation(lay.args[3], "here")
        assert rails.exits(lay.args[1], rotation, "here") == rails.exits(lay.args[1], (rotation + 3) % 6, "here")


@pytest.mark.parametrize("name", REPORTS)
def test_with_nynh_s_figures_made_ours_the_b_and_o_s_130_is_no_legal_route_set_either(name):
    # The next stop, shown by giving NYNH the revenue our legal best set earns (140, paid out 14 a share): at
    # line 172 the B&O (trains 2, 2, 2; stations Baltimore and Washington, where it has just laid green tile 14,
    # the same whatever Rails' side turn) earns 60 on Baltimore–Washington, 60 on Washington–Deep South and 50 on
    # Washington–Richmond; by the same rules no legal set earns the report's 130 either
    lines = _head(name, 200)
    lines[NYNH_REVENUE_LINE - 1:NYNH_REVENUE_LINE + 4] = [
        "CompanyRevenue,NYNH,140", "CompanyPaysOutFull,NYNH,140", "Payout,Alice,70,5,10", "Payout,Charlie,14,1,10",
        "Payout,NYNH,14,1,10"]
    assert lines[171] == "CompanyRevenue,B&O,130" and lines[170] == "LaysTileAt,B&O,14,J14,NW"
    report = import_rails_report("\n".join(lines) + "\n")
    assert report.error == ("line 172: 1830:route.revenue: no legal set of routes of B&O earns 130: ours earn "
                            "170, 120, 110, 60, 50, 0, the report's 130")
    assert (report.lines_done, report.checked) == (161, 186)
    rails = table("1830")
    assert rails.exits("14", 2, "here") == rails.exits("14", 5, "here")
