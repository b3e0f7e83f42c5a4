"""The soak's checks can fail: each title's ``audit()`` sees money or shares appear and broken bookkeeping (the
defects are made on purpose on the state of a scripted position); a mutation check undoes what was legal."""

from __future__ import annotations

import gamekit
from gamekit.simulate import check_mutation
from gamekit.tracks.actions import BuyTrain

from .g1830_positions import nyc_with_tile_and_train


def test_1830_audit_sees_money_and_certificates_go_wrong():
    g = nyc_with_tile_and_train()
    conserved, problems = g.audit()
    assert problems == [] and conserved["certificates"] == 8 * 100  # eight corporations, 100% each
    g.state.players["Ann"].cash += 5  # a defect on purpose: money from nowhere
    g.state.ledger.holdings["Ann"].setdefault("NYC", []).append("NYC_1")  # NYC_1 held by Di and Ann
    now, problems = g.audit()
    assert now["money"] == conserved["money"] + 5
    assert "NYC_1 is held twice" in problems and now["certificates"] == conserved["certificates"] + 10


def test_cube_rail_audits_see_negative_cash():
    for title in ("continental-divide", "american-rails"):
        g = gamekit.new_game(title, ["A", "B", "C"], seed=1)
        assert g.audit()[1] == []
        g.state.cash["A"] = -1
        assert "A has -1 dollars" in g.audit()[1]


def test_check_mutation_undoes_a_legal_action_and_accepts_a_clean_refusal():
    g = nyc_with_tile_and_train()  # NYC at its buy-train step with $820
    saved = g.to_json()
    assert check_mutation(g, g.legal_actions()[0]) == (False, None) and g.to_json() == saved
    assert check_mutation(g, BuyTrain(entity="NYC", train="2-1", price=1, variant="2")) == (True, None)
    assert g.to_json() == saved
