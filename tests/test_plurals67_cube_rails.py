"""Plural forms in the cube-rail games' refusals and events: "0 shares", "1 cube", never "share(s)"; each language
chooses its own form (Spanish and Catalan three, Dutch two, Chinese one)."""

from __future__ import annotations

from gamekit.actions import Pass
from gamekit.cuberails.cd_actions import BuildTrack
from gamekit.i18n import using
from gamekit.titles.american_rails import Build, ChooseAction

from .test_american_rails import opened, refused
from .test_continental_divide_support import assert_refused, build, new, start


def test_cd_majority_refusal_counts_the_shares_and_names_the_single_holder():
    g = new()
    start(g, "UP", "G39")  # Ann holds UP's only share sold
    build(g, "UP", "G39", "G37")
    start(g, "SP", "P38", value=21)  # Ben
    error = assert_refused(g, BuildTrack(entity="Ben", railroad="UP", origin="G37", hexes=("G35",)),
                           "cd:build.majority")
    assert error.message == "Ben holds 0 shares of UP; only its majority holder Ann may build for it"
    with using("es"):
        assert error.message.local() == ("Ben tiene 0 acciones de UP; solo su accionista mayoritario Ann puede "
                                         "construir para él")
    with using("nl"):
        assert error.message.local() == ("Ben heeft 0 aandelen van UP; alleen de meerderheidsaandeelhouder Ann mag "
                                         "ervoor bouwen")


def test_ar_full_forest_refusal_says_one_cube():
    g = opened()
    g.process(ChooseAction(entity="A", row="expand4"))
    g.process(Build(entity="A", company="NA", hex="C27"))  # a forest holds one cube
    g.process(Pass(entity="A"))
    g.process(ChooseAction(entity="B", row="expand3"))
    g.process(Build(entity="B", company="LI", hex="C29"))
    error = refused(g, Build(entity="B", company="LI", hex="C27"), "ar:expand.limits")
    assert error.message == "C27 is forest and holds 1 cube, its limit"
    with using("es"):
        assert error.message.local() == "C27 es bosque y tiene 1 cubo, su límite"
