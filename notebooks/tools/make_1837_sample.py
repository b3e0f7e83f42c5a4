"""Write the two 1837 sample games, saved with ``Game.to_json``, that the 1837 lessons open (so they work from the
wheel without the 18xx.games fixtures):

* ``data/1837/sample_game.json`` — seed 1, four heuristic bots (lesson ``1837_01_coal_minors_and_nationals``):
  coal companies are exchanged and the minors fold into their nationals; the bank breaks, and the game ends
  after 1,225 actions with the operating round in which it broke;
* ``data/1837/sample_heuristic_game.json`` — seed 63, heuristic bots in seats 1 and 3 and random ones in 2 and 4
  (lesson ``1837_02_the_hex_market``): shares are sold, and sold-out majors rise both up and up-left; the game
  ends after 1,104 actions (seed 62 lacks a sold-out rise straight up under the rules of December 2026).

Both were written anew when the start packet's rules changed (issue 36: a round of passes ends the packet with
items unsold, sold in the stock rounds at face value) and the heuristic bot learnt to buy those items, and again
when a company that surrenders a train must buy one (issue 36, ``1837:trains.surrender``), and again when a
player over 60% must sell, a national's presidency went to the lowest-numbered minor's owner, walks stopped
passing a node twice and brown Vienna (436) took its one position, and again (seed 63) when a player still over
the certificate limit after their one sale of a corporation went on with the turn and a national formed as soon
as its minors had decided (issue 36, cross-check on fresh seeds).

Run ``python notebooks/tools/make_1837_sample.py``; the same seeds always write the same files. A rule change
that makes one of their actions illegal fails the lessons; then re-run this script and check them.
"""

from __future__ import annotations

from sample_game import write_sample

MARKET_SEATS = ("heuristic", "random", "heuristic", "random")
HEURISTIC_SEATS = ("heuristic",) * 4


def exchanges_and_merges(game) -> None:
    """Assert what lesson 1837_01 shows: goods trains' subsidies, a coal exchange and a national formed."""
    kinds = {e.kind for _, events in game.history() for e in events}
    assert {"subsidy", "exchange", "merge"} <= kinds, "the sample game lacks an event lesson 1837_01 shows"


def sells_and_sells_out(game) -> None:
    """Assert what lesson 1837_02 shows: a sale of several certificates, and majors sold out moving up and
    up-left."""
    assert any(a.type == "sell_shares" and len(a.shares) > 1 for a in game.actions), "no sale of several shares"
    moves = {e.data["direction"] for _, events in game.history() for e in events
             if e.kind == "price_move" and e.rule == "1837:stock.sold-out" and e.data["from"] != e.data["to"]
             and game.facts.corporation(e.data["corporation"]).kind == "major"}
    assert moves == {"up", "up_left"}, f"sold-out majors moved {moves}, not both up and up-left"


def main() -> None:
    """Write both samples."""
    write_sample("1837", HEURISTIC_SEATS, 1, check=exchanges_and_merges)
    write_sample("1837", MARKET_SEATS, 63, check=sells_and_sells_out, name="sample_heuristic_game.json")


if __name__ == "__main__":
    main()
