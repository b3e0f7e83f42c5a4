"""Write ``notebooks/1837_02_the_hex_market.ipynb`` (no outputs): 1837's hex market — six directions, full, half
and withheld dividends, a sale block, the sold-out rise — on a new game and on the shipped sample game
(``data/1837/sample_heuristic_game.json``; ``make_1837_sample.py`` writes it)."""

from __future__ import annotations

from nbcells import HELPERS, SHOW_RULE, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1837, lesson 2: the hex market

1830's market is a grid: a price moves left, right, up or down. 1837's cells are **hexagons**, so a price has six
neighbours, and the rules use two of the diagonals.

By the end of this lesson you will be able to:

1. find the six neighbours of a cell (`1837:market`, `1837:market.moves`);
2. predict where a full payout, a **half payout** and a withhold move a price (the first-edition text's example);
3. say how far a sale moves a price — one row down per sale, whatever its size (`1837:stock.sell`);
4. tell the two **sold-out** rises apart: up, or up and left when the president holds more than 40%
   (`1837:stock.sold-out`)."""),
    ("code", HELPERS + SHOW_RULE + """

game = gamekit.new_game("1837", players=["Ann", "Ben", "Cy", "Di"], seed=1)
market = game.market
print(market.kind, "market,", len(market.cells), "cells; par prices:", [c.price for c in market.par_cells()])
viz.market_figure(game)"""),
    ("md", """## Six neighbours

A cell is named by its row and column, row 0 at the top. Each row is drawn half a cell to the left of the row
above, so the cell *up* from `(r, c)` is `(r-1, c)` — up and to the right — and *down* is `(r+1, c)`, down and
to the left. The two other diagonals are *up-left* `(r-1, c-1)` and *down-right* `(r+1, c+1)`."""),
    ("code", """start = (1, 5)  # 118 K
print("from", market.cell(start).price)
for direction in ("right", "left", "up", "down", "up_left", "down_right"):
    print(f"  {direction:>10} → {market.cell(market.move(start, direction)).price}")
show_rule("1837:market.moves")"""),
    ("md", """## Full, half, nothing: the same corporation three ways

We open a game the project ships — seed 63, the heuristic bot in seats 1 and 3 and the random bot in seats 2 and
4 — at the first dividend decision of a major, and try each of its three choices on a fork of that position.
Forks are cheap, and the sample itself never changes."""),
    ("code", """from gamekit.datafiles import data_json

sample = gamekit.load_json(data_json("1837", "sample_heuristic_game.json"))
history = list(sample.history())
first = next(i for i, (action, _) in enumerate(history)
             if action.type == "dividend" and sample.facts.corporation(action.entity).kind == "major")
position = sample.at(first)
corp = history[first][0].entity
kinds = sorted(a.kind for a in position.legal_actions() if a.type == "dividend")
print(f"action {first}: {corp} at {position.share_price(corp)} K, cell {position.market_cell(corp)};"
      f" revenue {position.revenue_this_turn()} K; choices: {kinds}")
landed = {}
for kind in kinds:
    fork = position.fork()
    fork.process(next(a for a in fork.legal_actions() if a.type == "dividend" and a.kind == kind))
    landed[kind] = fork.market_cell(corp)
    print(f"  {kind:>8}: {fork.share_price(corp)} K, cell {landed[kind]}")"""),
    ("md", """A price at the edge of the chart stays where it is when the cell it would move to does not exist — so a
corporation low on the left may not move at all. The rule says so; the figure shows where the sample's
corporations stand at that moment."""),
    ("code", """viz.market_figure(position)"""),
    ("md", """## Selling: one row down per sale

A player may sell a corporation's shares only once it has operated. Each sale moves the price **one row down**,
whether one certificate is sold or several at once. We check every sale of the sample game: it has sales of one
certificate and sales of two, and each moves the price one row."""),
    ("code", """sales = []
for action, events in history:
    if action.type == "sell_shares":
        moves = [e.data for e in events if e.kind == "price_move" and e.rule == "1837:stock.sell"]
        sales.append((len(action.shares), len(moves)))
print(len(sales), "sales; certificates per sale:", sorted({n for n, _ in sales}),
      "; price moves per sale:", sorted({m for _, m in sales}))
show_rule("1837:stock.sell")"""),
    ("md", """## Sold out

At the end of a stock round a corporation with no certificate in its IPO or the bank pool rises. If its
president holds at most 40% it moves straight **up**; with more, **up and left**."""),
    ("code", """rises = []
for i, (action, events) in enumerate(history):
    for e in events:
        if e.kind == "price_move" and e.rule == "1837:stock.sold-out" and e.data["from"] != e.data["to"] \\
                and sample.facts.corporation(e.data["corporation"]).kind == "major":
            before = sample.at(i)
            corp_ = e.data["corporation"]
            held = before.holdings(before.president(corp_))[corp_].percent
            rises.append((i, corp_, held, e.data["direction"]))
print(len(rises), "sold-out rises of majors; the first of each kind:")
for direction in ("up", "up_left"):
    i, corp_, held, _ = next(r for r in rises if r[3] == direction)
    print(f"  action {i}: {corp_}, president holds {held}% → {direction}")
show_rule("1837:stock.sold-out")"""),
    ("md", """## Try this

* Change `start` to `(0, 14)` (460 K, the top right corner): which moves leave the price where it is?
* Find a later dividend of the same corporation in `history` and try the three choices there: when does a half
  payout not move the price at all?

## Check yourself

From par 104 K, where do a full payout, a half payout and a withhold go (the first-edition text's example)? And where did
the sample's corporation land for each choice? Work it out on the market above, then press **Show answer**."""),
    ("code", """par = (0, 2)
t37_20 = {kind: market.cell(market.move(par, d)).price
          for kind, d in (("payout", "right"), ("half", "down_right"), ("withhold", "left"))}
assert market.cell(par).price == 104 and t37_20 == {"payout": 114, "half": 102, "withhold": 99}
assert market.cell(market.move((3, 12), "right")).price == 210  # end of the fourth row: up instead
r, c = position.market_cell(corp)
tries = {"payout": [(r, c + 1), (r - 1, c)],  # right, or up at the end of a row
         "half": [(r + 1, c + 1)],              # down-right
         "withhold": [(r, c - 1), (r + 1, c)]}  # left, or down at the left edge
expected = {kind: next((cell for cell in cells if cell in market.cells), (r, c))  # no such cell: it stays
            for kind, cells in tries.items()}
facts = {
    "from par 104 K: the price after a full payout, a half payout, a withhold":
        ", ".join(f"{kind} {game.money(price)}" for kind, price in t37_20.items()),
    f"{corp}'s cell (row, column) after each choice in the sample":
        ", ".join(f"{kind} {cell}" for kind, cell in expected.items()),
}
show_answer(facts)
assert set(kinds) == {"payout", "half", "withhold"} and landed == expected
assert sales and {m for _, m in sales} == {1} and {n for n, _ in sales} == {1, 2}
assert {r[3] for r in rises} == {"up", "up_left"}
assert all(direction == ("up" if held <= 40 else "up_left") for _, _, held, direction in rises)"""),
    *quiz(source='sample',
         kinds=['sale_price', 'payout_treasury'],
         answers=[111, 25, 63],
         where='of the sample game: where a sale moves the price on the hex market, and what a payout leaves in the treasury',
         n=3,
         seed=3),
]

if __name__ == "__main__":
    write(CELLS, "1837_02_the_hex_market")
