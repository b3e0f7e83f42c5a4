"""Write ``notebooks/1830_02_stock_round.ipynb`` (no outputs): par, float, limits, selling, presidency."""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 2: the stock round

In a **stock round** the players trade **certificates**. Starting a corporation (**par**) fixes its par price; when
60% of it has been sold it **floats** and receives ten times its par price as its treasury.

By the end of this lesson you will be able to:

1. par a corporation and say when it floats and how much money it gets (`1830:stock.par`, `1830:stock.float`);
2. read the **market zones** and the **certificate limit**, and the 60% and bank-pool 50% limits
   (`1830:market.zones`, `1830:stock.cert-limit`, `1830:stock.holding-limit`, `1830:stock.pool-limit`);
3. predict how far **selling** moves a price, and the **sold-out** rise (`1830:stock.sell`, `1830:stock.sold-out`);
4. hand a **presidency** to someone else by selling (`1830:stock.president`)."""),
    ("code", HELPERS + """


from gamekit.query import POOL
from gamekit.tracks.actions import SellShares

g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
while g.active_round() == "Private auction":  # everyone buys the cheapest private; Ben pars the B&O at $100
    g.process(g.legal_actions()[0])
print(g.active_round(), "—", g.active_step.name, "—", g.active_step.help)
print({p.name: g.money(g.cash(p.id)) for p in g.players})"""),
    ("md", """## Par and float

Cy starts the New York Central at $90: he pays $180 for the 20% president's certificate. Then everyone buys NYC
in turn. Watch for the float: when 60% has left the IPO the bank pays NYC **10 × $90 = $900**."""),
    ("code", """from gamekit.sentences import sentence_now

do(g, "Cy pars NYC at $90")
probe = g.fork()  # kept for "try this"
while g.active_round() == "Stock round 1":
    who = g.active_step.entity
    offers = [a for a in g.legal_actions() if a.type == "buy_shares" and a.shares[0].startswith("NYC_")]
    do(g, sentence_now(g, offers[0]) if offers else f"{who} passes")
nyc_treasury = g.treasury("NYC")
print("NYC treasury:", g.money(nyc_treasury))"""),
    ("md", """All eight NYC certificates ended with players, so at the end of the round NYC was **sold out** and its price
rose one row (from $90 to $100). The operating round has begun (lesson 3); here NYC lays a tile, buys a 2-train,
and — with no route yet — withholds nothing, so its price moves one cell left."""),
    ("code", """do(g, "NYC lays 57 on E19 (rotation 2)")
do(g, "NYC buys train 2-0 for 80")
do(g, "NYC passes")
print("NYC price:", g.money(g.share_price("NYC")))"""),
    ("md", """## Zones and limits

The market grid has zones: yellow cells do not count toward the **certificate limit**, orange cells also let a
player hold more than 60%, brown cells also allow several purchases per turn. With four players the limit is
16 certificates. Nobody may hold more than 60% of a corporation (outside orange/brown), and the **bank pool** may
never hold more than 50% of one."""),
    ("code", """print("certificate limit with 4 players:", g.facts.cert_limit["4"])
for letter, meaning in g.facts.market_legend.items():
    print(f"  {letter}: {meaning}")
viz.market_figure(g)"""),
    ("md", """## Selling moves the price down

Stock round 2 starts with Di (priority deal). Nothing could be sold in stock round 1
(`1830:stock.no-sale-first`); now Di sells 20% of NYC to the **bank pool**: one row down per 10% sold."""),
    ("code", """print("NYC before:", g.money(g.share_price("NYC")))
do(g, "Di sells 20% of NYC to the bank pool for $180")
print("NYC after:", g.money(g.share_price("NYC")), f"— pool holds {g.percent(POOL, 'NYC')}%")
do(g, "Di passes");"""),
    ("md", """## Dumping a presidency

Cy is president with 40% (his 20% certificate and two shares). If he sells 30% he keeps 10%, less than Ann and
Ben (20% each): the presidency passes to the first of them after Cy in seat order, who hands 20% worth of
shares in exchange for the president's certificate."""),
    ("code", """do(g, "Ann passes")
do(g, "Ben passes")
print("NYC president before:", g.president("NYC"))
dump = do(g, "Cy sells 30% of NYC, passing on the president's certificate")
print("NYC president after:", g.president("NYC"), "; price", g.money(g.share_price("NYC")),
      f"; pool {g.percent(POOL, 'NYC')}%")"""),
    ("md", """The pool now holds 50% of NYC: no one may sell NYC to it any more this round."""),
    ("code", """left = g.certificates("Cy", "NYC")
print(f"Cy still holds {g.percent('Cy', 'NYC')}% of NYC:", len(left), "share" if len(left) == 1 else "shares")
try:
    g.process(SellShares(entity="Cy", shares=tuple(left), percent=10 * len(left)))
except GameError as err:
    refusal = err
    print("refused:", err)"""),
    ("md", """## Selling half of a president's certificate

A president may sell part of the 20% president's certificate when another player holds enough to take the
presidency (`1830:stock.president`). In a new game Cy pars NYC at 90 and keeps only the president's certificate;
Di and Ann buy two NYC shares each and Ben one. In the second stock round Cy sells 10%: Di and Ann tie at 20%,
and the tie goes to the player nearest Cy's left, Di. Di hands over two 10% certificates for the president's
certificate; one of them is the 10% Cy sold to the bank pool, the other stays with Cy."""),
    ("code", """t = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"])
for s in ["Ann buys SV for $20", "Ben buys CS for $40", "Cy buys DH for $70", "Di buys MH for $110",
          "Ann buys CA for $160", "Ben buys BO for $220", "Ben pars B&O at $100", "Cy pars NYC at $90",
          "Di buys a 10% certificate of NYC from the IPO for $90", "Ann buys a 10% certificate of NYC from the IPO for $90",
          "Ben buys a 10% certificate of NYC from the IPO for $90", "Cy passes",
          "Di buys a 10% certificate of NYC from the IPO for $90", "Ann buys a 10% certificate of NYC from the IPO for $90"]:
    do(t, s, quiet=True)
while t.current_entity != "Cy" or not any(a.type == "sell_shares" for a in t.legal_actions()):
    do(t, f"{t.current_entity} passes", quiet=True)  # on to Cy's turn in stock round 2, where selling is allowed
print(t.active_round(), "— NYC president:", t.president("NYC"), "at", t.money(t.share_price("NYC")), "; Cy has",
      t.money(t.cash("Cy")))
half = do(t, "Cy sells 10% of NYC, passing on the president's certificate")
print("NYC president now:", t.president("NYC"), f"; Cy keeps {t.percent('Cy', 'NYC')}% and has", t.money(t.cash("Cy")))"""),
    ("md", """## Try this

* `probe` is the position right after Cy parred NYC. Let only Cy buy NYC (everybody else passes): he runs out of
  money at 50% — does NYC float, and does it operate?
* Float NYC at $67 instead of $90: what is its treasury?
* Let Di sell only 10%: how far does the price move, and can Cy still dump the presidency?
* In `t`, undo Cy's sale (`t.undo()`) and sell all 20% instead; or start again with Di and Ann buying one NYC
  share each, so that nobody else holds 20%: which rule refuses the partial sale then?

## Check yourself"""),
    ("code", """float_event = next(e for _, events in g.history() for e in events if e.kind == "float")
sold_out = next(e for _, events in g.history() for e in events if e.rule == "1830:stock.sold-out")
facts = {
    "NYC float event": float_event.text,
    "NYC treasury after floating": nyc_treasury,
    "sold-out move": sold_out.text,
    "NYC price now": g.share_price("NYC"),
    "NYC president now": g.president("NYC"),
    "pool share of NYC (%)": g.percent(POOL, "NYC"),
    "price moves in Cy's sale": [e.text for e in dump if e.kind == "price_move"],
}
show_answer(facts, g.money, ["NYC treasury after floating", "NYC price now"])
assert float_event.text == "NYC floats (60% sold) and receives $900 from the bank"
assert facts["NYC treasury after floating"] == 10 * 90
assert sold_out.text.startswith("NYC's share price moves up from $90 to $100")
# 90 in the top row; Di's two shares take it two rows down (82, 76), Cy's three more rows down (71, 67, 65)
assert [g.market.cell((r, 5)).price for r in range(6)] == [90, 82, 76, 71, 67, 65]
assert facts["NYC price now"] == 65
assert facts["NYC president now"] == "Ann"
assert facts["pool share of NYC (%)"] == 50
assert len(facts["price moves in Cy's sale"]) == 3
assert refusal.rule == "1830:stock.pool-limit\"
assert any(e.kind == "president" and e.data["to"] == "Di" for e in half)  # the tie goes to Cy's left
assert t.president("NYC") == "Di" and t.holdings("Cy")["NYC"].percent == 10 and t.cash("Cy") == 365 + 82"""),
    *quiz(source='g',
         kinds=['sale_price', 'sale_president'],
         answers=[65, 'Cy', 76],
         where="of this lesson's stock round: what a sale does to the price and to the presidency",
         n=3,
         seed=1),
]

if __name__ == "__main__":
    write(CELLS, "1830_02_stock_round")
