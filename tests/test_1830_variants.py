"""1830's Coalfields and Reading variants (options ``coalfields``, ``reading``, ``reading_ca_rdg``; rules
``1830:variant*`` and ``1830:trains.obsolete``): positions built by legal play, and seeded bot games."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import bots
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.simulate import soak
from gamekit.titles.g1830.coalfields import RIGHT, CoalfieldsRoutes, is_purchase
from gamekit.tracks.actions import Bid, BuyShares, Choose, Par, RunRoutes

BOTH = ["coalfields", "reading"]


def opening(options) -> gamekit.Game:
    """Two players: Ann buys SV, DH and CA, Ben CS, MH and BO (B&O parred at 100), each private at face value."""
    g = gamekit.new_game("1830", ["Ann", "Ben"], options=options)
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Ann", "DH", 70), ("Ben", "MH", 110),
                                ("Ann", "CA", 160), ("Ben", "BO", 220)]:
        g.process(Bid(entity=who, company=company, price=price))
    g.process(Par(entity="Ben", corporation="B&O", share_price="100,0,6"))
    return g


@pytest.mark.parametrize("options, bank, limits", [
    (BOTH, 20000, {"2": 30, "3": 22, "4": 18, "5": 15, "6": 13}),
    (["coalfields"], 12000, {"2": 29, "3": 21, "4": 17, "5": 14, "6": 12}),
    (["reading"], 12000, {"2": 29, "3": 21, "4": 17, "5": 14, "6": 12}),
])
def test_the_variants_bank_limits_corporations_and_trains(options, bank, limits):
    # Rails' Game.xml and CompanyManager.xml for Variant = Coalfields&Reading, Coalfields, Reading
    g = gamekit.new_game("1830", ["A", "B", "C", "D", "E"], options=options)
    assert g.state.bank == bank - 5 * 480
    assert g.facts.cert_limit == limits
    corps = {c.sym: c for c in g.facts.corporations}
    assert ("N&W" in corps) == ("coalfields" in options) and ("RDG" in corps) == ("reading" in options)
    counts = {t.name: t.count for t in g.facts.trains}
    both = len(options) == 2
    assert counts == {"2": 6, "3": 5, "4": 6 if both else 5, "5": 3, "6": 4 if both else 3, "7": 2, "D": None}
    assert {t.name: t.obsolete_on for t in g.facts.trains if t.obsolete_on} == {"2": "4", "3": "6", "4": "D"}
    assert not any(t.rusts_on for t in g.facts.trains)
    assert g.facts.train("D").price == 900 and g.facts.train("D").trade_in == {"4": 150, "5": 150, "6": 150}
    if "coalfields" in options:
        assert corps["C&O"].home == "K13" and corps["N&W"].home == "L16" and corps["N&W"].tokens == (0, 40, 100)
    if "reading" in options:
        assert corps["RDG"].certificates == (30,) + (10,) * 7 and corps["RDG"].tokens == (0, 40)


def test_the_c_and_a_s_reading_certificate_needs_the_reading():
    with pytest.raises(GameError) as refused:
        gamekit.new_game("1830", ["A", "B"], options=["coalfields", "reading_ca_rdg"])
    assert refused.value.rule == "1830:variant" and "reading_ca_rdg" in str(refused.value)


def test_base_1830_is_untouched_by_the_variants_data():
    g = gamekit.new_game("1830", ["A", "B", "C", "D"])
    assert g.facts.bank_cash == 12000 and len(g.facts.corporations) == 8
    assert g.facts.train("2").rusts_on == "4" and g.facts.train("2").obsolete_on is None
    assert "right" not in g.or_steps() and "obsolete" not in g.or_steps()


@pytest.mark.parametrize("options, cert", [(BOTH, "PRR_1"), (BOTH + ["reading_ca_rdg"], "RDG_1")])
def test_the_c_and_a_comes_with_the_certificate_the_options_name(options, cert):
    g = opening(options)
    assert g.state.ledger.owner[cert] == "Ann"


def test_the_reading_president_pays_three_shares_and_hands_over_30_percent():
    g = opening(BOTH)
    ann, ben = g.cash("Ann"), g.cash("Ben")
    assert ann == 1200 - 250 and ben == 1200 - 370
    # every listed par of the Reading is affordable at three shares
    pars = [a for a in g.legal_actions() if isinstance(a, Par) and a.corporation == "RDG"]
    assert pars and all(3 * int(a.share_price.split(",")[0]) <= ann for a in pars)
    g.process(Par(entity="Ann", corporation="RDG", share_price="100,0,6"))
    assert g.cash("Ann") == ann - 300 and g.state.ledger.owner["RDG_0"] == "Ann"
    # Ben buys four 10% certificates while Ann passes: 40% against 30%, so Ben becomes president
    events = []
    for cert in ["RDG_1", "RDG_2", "RDG_3", "RDG_4"]:
        if g.current_entity == "Ann":
            g.process(Pass(entity="Ann"))
        events += g.process(BuyShares(entity="Ben", shares=(cert,), percent=10))
    assert g.president("RDG") == "Ben" and g.state.ledger.owner["RDG_0"] == "Ben"
    change = [e for e in events if e.kind == "president"]
    assert len(change) == 1 and change[0].rule == "1830:stock.president"
    assert sorted(change[0].data["certificates"]) == ["RDG_1", "RDG_2", "RDG_3"]  # 30% for the 30% certificate
    assert g.state.ledger.percent_of("Ann", "RDG") == 30 and g.state.ledger.percent_of("Ben", "RDG") == 40
    assert g.cash("Ben") == ben - 400
    # 70% sold: the Reading floats with ten times its par
    assert g.state.corporations["RDG"].floated and g.cash("RDG") == 1000


def _bot_game(seed: int, options=BOTH, players: int = 4) -> gamekit.Game:
    return bots.play_seats("1830", ["random"] * players, seed, options=options)


def test_obsolete_trains_run_once_more_and_rust_after_their_owners_dividend():
    # seed 2 (4 random bots, both variants): the first 4-train makes the 2-trains obsolete (a 6-train the 3-trains,
    # a D the 4-trains); each holder's obsolete trains rust right after its next dividend (rule 1830:trains.obsolete)
    played = _bot_game(2)
    g = gamekit.new_game("1830", list(played.players), seed=played.seed, options=played.options)
    declared, rusted = [], 0
    for action in played.actions:
        obsolete_before = {c: [t for t in g.trains(c) if t in g.state.title.obsolete] for c in g.corporations()}
        events = g.process(action)
        for i, e in enumerate(events):
            if e.kind == "obsolete":
                declared.append(e.data["type"])
                # every train of that type a corporation holds is obsolete, none is left in the bank
                assert sorted(e.data["trains"]) == sorted(t for c in g.corporations() for t in g.trains(c)
                                                          if t.split("-")[0] == e.data["type"]) or \
                    g.state.round.must_discard
                assert not any(t.split("-")[0] == e.data["type"]
                               for t in g.state.depot.upcoming + g.state.depot.discarded)
            if e.kind == "rust" and e.rule == "1830:trains.obsolete":
                corp = e.data["corporation"]
                assert set(e.data["trains"]) <= set(obsolete_before[corp]) | set(
                    t for x in events[:i] if x.kind == "obsolete" for t in x.data["trains"])
                assert any(x.kind in ("payout", "withhold") and x.data.get("corporation") == corp
                           for x in events[:i])  # after this turn's dividend
                rusted += len(e.data["trains"])
        for corp, trains in obsolete_before.items():
            # an obsolete train leaves its holder by rusting, a discard, or a sale to another corporation (it
            # stays obsolete there)
            for t in set(trains) - set(g.trains(corp)):
                sold = any(x.kind == "buy_train" and x.data.get("train") == t for x in events)
                assert sold or any(x.kind in ("rust", "discard") for x in events)
                assert not sold or t in g.state.title.obsolete
    # in the order of their triggers (4, 6, D), each once; the 2-trains held then rusted one by one
    assert declared and declared == ["2", "3", "4"][:len(declared)] and rusted >= 1


def test_no_run_to_the_coalfields_without_the_right_and_the_hook_knows_who_bought_it():
    # Rails' report 1830_A plays the N&W to the Coalfields and is refused that run without the right
    # (tests/test_rails_1830_variant.py); here: a bot game runs no corporation to L10 before it bought the right,
    # and the route hook of each position holds exactly the buyers so far
    g = _bot_game(2)
    replay = gamekit.new_game("1830", list(g.players), seed=g.seed, options=g.options)
    bought = []
    for action in g.actions:
        if is_purchase(action):
            bought.append(action.entity)
        if isinstance(action, RunRoutes):
            assert action.entity in bought or not any("L10" in r.hexes for r in action.routes)
        replay.process(action)
        assert replay.route_rules == CoalfieldsRoutes("L10", frozenset(bought))
    assert bought


def test_the_right_is_bought_once_in_the_turn_before_the_run_and_refused_after():
    g = _bot_game(2)
    replay = gamekit.new_game("1830", list(g.players), seed=g.seed, options=g.options)
    for action in g.actions:
        if is_purchase(action):
            corp = action.entity
            assert replay.state.round.step in ("track", "token", "right")
            cash = replay.cash(corp)
            events = replay.process(action)
            assert replay.cash(corp) == cash - 140 and events[0].rule == "1830:variant.coalfields-right"
            again = replay.why_illegal(Choose(entity=corp, choice=RIGHT))
            assert again is not None
            break
        replay.process(action)
    else:
        pytest.fail("no corporation bought the right")


@pytest.mark.parametrize("options, players, seed", [(BOTH, 4, 31), (["coalfields"], 3, 32), (["reading"], 5, 33)])
def test_seeded_variant_games_keep_the_soak_invariants_to_their_end(options, players, seed):
    report = soak("1830", players, 1, seed, samples=2, mutations=2, options=options)
    assert not report.violations and not report.errors, (report.violations[:3], report.errors)
    assert report.finished == 1 and sum(report.end_reasons.values()) == 1
