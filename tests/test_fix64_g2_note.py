"""1894's G2 change (rule ``1894:edition.history``) is named only where the refused action names G2: a lay refused
for a hex the map has not or a rotation no tile has is the log's own, whatever the rules were on its day."""

from __future__ import annotations

import copy
import json

import pytest

from gamekit.datafiles import data_text
from gamekit.i18n import localize
from gamekit.import18xx import import_log

NOTE = ("this action was played on 2024-11-19, and 1894's rules changed since: on 2025-02-01 Houdan (G2) became a "
        "grey town")


def _first_lay_refused(**change):
    log = json.loads(data_text("1894", "games/green_city_upgrades.json"))
    lay = next(a for a in log["actions"] if a.get("type") == "lay_tile")
    lay.update(change)
    return localize(import_log(copy.deepcopy(log)).error)


@pytest.mark.parametrize("change, refusal", [
    ({"hex": "Z99"}, "action 42: 1894:track.lay: there is no hex 'Z99' on the map"),
    ({"rotation": 9}, "action 42: 1894:track.lay: rotation 9 is not one of 0..5"),
])
def test_a_refusal_not_about_g2_gets_no_note(change, refusal):
    assert _first_lay_refused(**change) == refusal


def test_a_lay_on_g2_in_an_old_log_names_the_change():
    assert _first_lay_refused(hex="G2") == ("action 42: 1894:track.hex: G2 is a gray hex (off-board, sea or fixed "
                                            f"track); no tile may be laid there ({NOTE})")
