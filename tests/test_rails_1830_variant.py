"""Rails' report ``1830_A`` (a whole five-player game of the Coalfields & Reading variant, to the bank's break)
replayed with our options ``coalfields``, ``reading``, ``reading_ca_rdg`` and ``dh_token_free`` chosen from its
evidence (docs/rails_reports.md, R2 and R8–R10)."""

from __future__ import annotations

from gamekit.rails import import_rails_report
from gamekit.tracks.actions import BuyTrain, RunRoutes

from .rails_support import require_report

RIGHT_LINES = (194, 196)  # CorrectionModeActivate … CorrectionModeDeactivate: the N&W's 140 for the right
FIRST_COAL_RUN = 197  # CompanyRevenue,N&W,70: Norfolk 30 + the Coalfields 40


def _lines() -> list[str]:
    return require_report("1830", "1830_A").read_text().splitlines()


def test_1830_a_chooses_the_variant_options_from_its_evidence():
    # line 32 the C&A's RDG 10%, line 69 the N&W, BankHas 17,600 + 5 × 480 = 20,000, line 282 the D&H's free token
    report = import_rails_report("\n".join(_lines()[:283]) + "\n")
    assert report.ok, report.error
    assert report.game.options == ("coalfields", "dh_token_free", "reading", "reading_ca_rdg")
    assert report.game.state.ledger.owner["RDG_1"] == "Si"  # ALSO_GETS,Si,CERT_NAME,RDG,10


def test_1830_a_replays_to_its_end():
    """Through line 727, G17's brown 1717 on a yellow tile (a listed upgrade skips green, R11), to the bank's
    break."""
    report = import_rails_report(require_report("1830", "1830_A"))
    assert report.ok, report.error
    assert (report.lines_done, report.applied, report.checked) == (1888, 956, 1856)
    assert report.game.outcome.reason == "bank"
    assert report.game.outcome.ranking[0][0] == "Phil"  # EoGWinnerPhil


def test_the_n_and_w_runs_to_the_coalfields_after_the_correction_read_as_the_right():
    lines = _lines()
    report = import_rails_report("\n".join(lines[:FIRST_COAL_RUN]) + "\n")
    assert report.ok, report.error
    assert report.game.state.title.rights == ["N&W"]
    run = [a for a in report.game.actions if isinstance(a, RunRoutes)][-1]
    assert run.entity == "N&W" and [r.hexes for r in run.routes] == [("L10", "L16")]
    assert sum(r.revenue for r in run.routes) == 70
    # without the correction (no right) the N&W has no route: Norfolk's only track leads to the Coalfields
    first, last = RIGHT_LINES
    without = import_rails_report("\n".join(lines[:first - 1] + lines[last:FIRST_COAL_RUN]) + "\n")
    assert without.error == f"line {first}: 1830:or.route: N&W's revenue: ours 0, the report's 70"


def test_the_2_trains_made_obsolete_at_line_429_rust_after_each_holder_s_run():
    # line 429 TrainsObsolete.ALL,2 (C&O's first 4-train); lines 437, 445 and 457–459: the N&W's, the NYNH's and
    # the NYC's 2-trains rust after their dividends, then NYC buys a 4-train with Si's 128
    report = import_rails_report("\n".join(_lines()[:461]) + "\n")
    assert report.ok, report.error
    game = report.game
    assert not any(t.startswith("2-") for c in game.corporations() for t in game.trains(c))
    assert not game.state.title.obsolete
    last = game.actions[-1]
    assert isinstance(last, BuyTrain) and last.entity == "NYC" and last.price == 300
