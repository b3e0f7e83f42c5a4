"""Write ``notebooks/1894_01_what_changes_from_1830.ipynb`` (no outputs): 1894 beside 1830 — the start with two
corporations floated, the grey zone, redemption and reissue, train trade-ins."""

from __future__ import annotations

from nbcells import HELPERS, SHOW_RULE, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1894, lesson 1: what changes from 1830

1894 (Jan Kłos; France and Belgium) is played with 1830's rounds — a private auction, stock rounds, operating
rounds — and changes a handful of rules. This lesson sets the two games side by side.

By the end of this lesson you will be able to:

1. say how 1894 starts: the seeded draw of the French starting corporation, the certificates handed out and the
   two corporations floated by their major shareholdings (`1894:setup`, `1894:auction.major-shareholding`);
2. read the market's **grey zone** and its **end cell** (`1894:market.grey`, `1894:market.end-cell`);
3. explain **redemption** and **reissue** of a corporation's own shares (`1894:or.redeem`, `1894:or.reissue`);
4. compute a **trade-in**: a train bought for its price less half the old one's (`1894:trains.trade-in`)."""),
    ("code", HELPERS + SHOW_RULE + """


old = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=1)
new = gamekit.new_game("1894", players=["Ann", "Ben", "Cy", "Di"], seed=1)
for g in (old, new):
    p = g.players[0].id
    bank = g.cash(gamekit.BANK)
    print(f"{g.title}: {len(g.players)} players, each starts with {g.money(g.cash(p))}; bank: "
          f"{'unlimited' if bank is None else g.money(bank)}")
    held = ", ".join(f"{c} {h.percent}%" for c, h in g.holdings(p).items())
    print("   Ann holds before the auction:", held or "nothing")
show_rule("1894:setup.draw")"""),
    ("md", """## The start: two corporations float at once

The draw gave one French corporation (its major shareholding stays in the auction) and the Belge. Every player
already holds 10% of each. Whoever buys a major shareholding sets that corporation's par price — 100 is allowed
here — and, with 60% out of the IPO, it floats at once with 10 × par in its treasury. We play the whole
auction by buying the cheapest private each turn and parring at 100."""),
    ("code", """def buy_everything(game, par="100"):
    \"\"\"Play the private auction: the cheapest private each turn, a major shareholding parred at `par`.\"\"\"
    while game.active_step.name != "Stock round":
        legal = game.legal_actions()
        pars = [a for a in legal if a.type == "par" and a.share_price.startswith(par + ",")]
        game.process(pars[0] if pars else next(a for a in legal if a.type == "bid"))


buy_everything(new)
floated = [c for c in new.corporations() if new.floated(c)]
for c in floated:
    ipo = new.holdings(gamekit.IPO)[c].percent
    print(c, "par", new.money(new.par_price(c)), "treasury", new.money(new.treasury(c)), f"IPO {ipo}%")"""),
    ("md", """## The grey zone and the end cell

1894's market is a grid like 1830's. Its lower left is **grey**: there a player may hold more than 60%, those
certificates do not count toward the certificate limit, the president may buy two per turn, and a sold-out
corporation rises one step more. The top right cell, 450, ends the game at once."""),
    ("code", """grey = [c for c in new.market.cells.values() if "g" in c.zones]
end_cell = [c for c in new.market.cells.values() if c.ends_game]
print(len(grey), "grey cells, from", new.money(max(c.price for c in grey)), "down to",
      new.money(min(c.price for c in grey)))
print("the end cell:", ", ".join(new.money(c.price) for c in end_cell))
show_rule("1894:stock.sold-out")
viz.market_figure(new)"""),
    ("md", """## Redemption and reissue

At the start of its turn a corporation may buy its own certificates back from the bank pool (up to two in the
first operating round of a set, one in the others); they earn dividends for its treasury. Holding more of them
than remain in its IPO, it may instead reissue them all at 100 each. Only selling puts certificates in the pool,
and the heuristic bots of the shipped sample game sell only when they must, so none of its corporations ever
redeems. The random bot sells freely: we play its game of seed 6 (a few seconds) and find the first redemption
and the first reissue in its history."""),
    ("code", """from gamekit.simulate import play_random_game

random_game = play_random_game("1894", 3, 6)
first = {}
for i, (action, events) in enumerate(random_game.history()):
    for e in events:
        if e.kind in ("redeem", "reissue") and e.kind not in first:
            first[e.kind] = (i, e)
for kind, (i, e) in sorted(first.items()):
    print(f"action {i}: {e.text}  [{e.rule}]")"""),
    ("md", """## Train trade-ins

Once per operating round — that is, in its one turn of the round — a corporation may give one of its trains back
for the next kind, paying the new train's price less half the old one's — even at its train limit. 1830 knows
only the D's trade-in."""),
    ("code", """trade_ins = {}
for t in new.facts.trains:
    for old_train, discount in (t.trade_in or {}).items():
        trade_ins[f"{old_train}→{t.name}"] = t.price - discount
print("1894:", ", ".join(f"{trade} {new.money(cost)}" for trade, cost in trade_ins.items()))
print("1830:", ", ".join(f"{o}→{t.name} {old.money(t.price - d)}"
                         for t in old.facts.trains for o, d in (t.trade_in or {}).items()))
show_rule("1894:trains.trade-in")"""),
    ("md", """## Try this

* Play `buy_everything(gamekit.new_game("1894", ["Ann", "Ben", "Cy"], seed=2), par="67")`: which corporations
  float, with how much? (With three players one more certificate of each lies in the bank pool.)
* Compare the reissuing corporation's `par_price` in `random_game.at(first["reissue"][0])` (before the reissue) and in
  `random_game.at(first["reissue"][0] + 1)` (after it).

## Check yourself

How much does each of the two starting corporations hold after the auction, and what is left in its IPO? What
does trading a 6 in for a 7 cost?"""),
    ("code", """facts = {
    "floated": sorted(floated),
    "treasuries": sorted(new.treasury(c) for c in floated),
    "IPO left": sorted(new.holdings(gamekit.IPO)[c].percent for c in floated),
    "6 → 7": trade_ins["6→7"],
    "grey cells": len(grey),
}
show_answer(facts, new.money, ["treasuries", "6 → 7"])
assert "Belge" in facts["floated"] and len(facts["floated"]) == 2
assert facts["treasuries"] == [1000, 1000] and facts["IPO left"] == [40, 40]
assert facts["6 → 7"] == 700 - 300 == 400
assert trade_ins == {"2→3": 80, "3→4": 240, "4→5+1": 250, "5+1→6": 400, "6→7": 400,
                     "5+1→D": 600, "6→D": 500, "7→D": 450}
assert old.cash(gamekit.BANK) is not None and new.cash(gamekit.BANK) is None
assert set(first) == {"redeem", "reissue"} and first["redeem"][0] < first["reissue"][0]"""),
    *quiz(source='random_game',
         kinds=['payout_treasury', 'rust', 'payout_player'],
         answers=[90, 'Every 2-train', 8],
         where='of the random 1894 game above: a withheld revenue, a payout and a train trade-in',
         n=3,
         seed=3),
]

if __name__ == "__main__":
    write(CELLS, "1894_01_what_changes_from_1830")
