"""Write ``notebooks/1830_03_operating_round.ipynb`` (no outputs): order, private income, track, tokens, routes,
payout vs withhold."""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 3: the operating round

In an **operating round** the private companies pay their owners, then every floated corporation takes a turn,
run by its president: lay a **tile**, place a **station token**, run its **trains** for **revenue**, **pay out**
or **withhold**, buy trains.

By the end of this lesson you will be able to:

1. predict the **operating order** from the share prices (`1830:or.order`) and the private income
   (`1830:or.private-income`);
2. read the tile lays a corporation may make, and what upgrades and terrain cost (`1830:or.track`,
   `1830:track.lay`, `1830:track.upgrade`, `1830:track.terrain`);
3. follow a route stop by stop to its revenue (`1830:route.run`, `1830:route.revenue`) and say which cities
   block a route (`1830:route.blocked`);
4. compare **payout** and **withhold**: who gets the money and where the price goes (`1830:dividend.payout`,
   `1830:dividend.withhold`)."""),
    ("code", HELPERS + """


from gamekit.viz.map18xx import hex_facts


def buy_all(game, corp):
    \"\"\"Play the stock round: each player buys `corp` while they can, then passes.\"\"\"
    while game.active_round().startswith("Stock round"):
        who = game.active_step.entity
        offers = [a for a in game.legal_actions() if a.type == "buy_shares" and a.shares[0].startswith(corp + "_")]
        do(game, offers[0].sentence() if offers else f"{who} passes", quiet=True)


# The opening of lesson 2: everyone buys the cheapest private, NYC floats at $90, its first turn lays Albany
# and buys a 2-train; in stock round 2 Di starts the Pennsylvania (PRR) at $67 and everyone buys it.
g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
while g.active_round() == "Private auction":
    g.process(g.legal_actions()[0])
do(g, "Cy pars NYC at 90", quiet=True)
buy_all(g, "NYC")
for sentence in ["NYC lays 57 on E19 (rotation 2)", "NYC buys train 2-0 for 80", "NYC passes", "Di pars PRR at 67"]:
    do(g, sentence, quiet=True)
opening = len(g.actions)
buy_all(g, "PRR")
for _, events in list(g.history())[opening:]:
    for e in events:
        if e.rule.startswith("1830:or") or e.kind == "float":
            print(e)"""),
    ("md", """## Operating order and private income

The order is fixed when the round begins: highest share price first (ties: further right, higher up, earlier
arrival). NYC ($90) goes before PRR ($71). Before anyone operates, each private pays its owner."""),
    ("code", """print(g.active_round(), {c: g.share_price(c) for c in g.operating_order()})
print(rule_text("1830:or.order"))"""),
    ("md", """## Laying track

NYC has a yellow Albany tile (57) whose track leads to D18 and F20. A corporation may lay one tile connected to
its network: the game lists every legal lay, tile and rotation. Yellow tiles go on empty hexes; green (from
phase 3) and brown (from phase 5) tiles **upgrade** a tile of the previous colour and must keep all its track.
Mountains ($120) and rivers ($80) are paid by the first tile laid there. Hover the map to see each hex's facts."""),
    ("code", """print(g.active_step.help)
for a in g.legal_actions():
    print("  ", a.sentence())
print(hex_facts(g, "F20"))
viz.map_figure(g)"""),
    ("md", """NYC lays tile 56 on F20, New Haven & Hartford: two towns, one of them on track from Albany. No token can be
placed (its network reaches no other city), so that step is skipped. Its 2-train now has a route."""),
    ("code", """from gamekit.sentences import sentence_now

do(g, "NYC lays 56 on F20 (rotation 0)")
run = g.legal_actions()[0]
print(g.active_step.name, "— best listed:", sentence_now(g, run))
for route in run.routes:
    stops = ", ".join(node.split("-")[0] for node in route.nodes)  # a stop's hex
    print(f"  the {route.train.rsplit('-', 1)[0]}-train stops in {stops}: revenue {g.money(route.revenue)}")
route_events = do(g, sentence_now(g, run))"""),
    ("md", """A 2-train counts two stops: Albany (a $20 city) and a $10 town. A city whose slots are all filled by other
corporations' tokens blocks a route from passing through (`1830:route.blocked`); towns never block."""),
    ("code", """print(rule_text("1830:route.blocked"))
print(hex_facts(g, "E19"))"""),
    ("md", """## Pay out or withhold

Paid out, the $30 goes to the shareholders, $3 per 10%, and the price moves one cell **right**. Withheld, it goes
into NYC's treasury and the price moves one cell **left**. We try both on forks."""),
    ("code", """paid, kept = g.fork(), g.fork()
payout_events = do(paid, "NYC pays out")
print()
withhold_events = do(kept, "NYC withholds")
print()
print("price: payout", g.money(paid.share_price("NYC")), "| withhold", g.money(kept.share_price("NYC")))
print("NYC treasury: payout", g.money(paid.treasury("NYC")), "| withhold", g.money(kept.treasury("NYC")))
print("Cy's cash: payout", g.money(paid.cash("Cy")), "| withhold", g.money(kept.cash("Cy")))"""),
    ("md", """## Try this

* Go back to the lay step (`h = g.at(opening_lay)` below gives that position) and lay tile 2 or 69 on F20 instead,
  or pass: does the best route change? Why does the second town not add anything for a 2-train?
* Give NYC a second 2-train in its first turn (lesson 2's opening) and rerun: what does NYC earn now?
* After the payout, NYC passes its train step and the PRR operates: list its lays and lay one."""),
    ("code", """opening_lay = next(i for i, a in enumerate(g.actions) if a.type == "lay_tile" and a.hex == "F20")
h = g.at(opening_lay)
print(h.active_step.help)
print([a.sentence() for a in h.legal_actions()])"""),
    ("md", """## Check yourself"""),
    ("code", """order_event = next(e for _, events in g.history() for e in events if e.kind == "round" and e.data.get("round") == "operating" and "PRR" in e.text)
per_holder = {e.data["to"]: e.data["amount"] for e in payout_events if e.kind == "dividend"}
facts = {
    "operating order": list(g.operating_order()),
    "route revenue": g.revenue_this_turn(),
    "route": route_events[0].text,
    "payout per holder": per_holder,
    "price after payout / withhold": (paid.share_price("NYC"), kept.share_price("NYC")),
    "NYC treasury gain by withholding": kept.treasury("NYC") - paid.treasury("NYC"),
}
show_answer(facts, g.money, ["route revenue", "payout per holder", "price after payout / withhold",
                            "NYC treasury gain by withholding"])
assert facts["operating order"] == ["NYC", "PRR"] and "order: NYC, PRR" in order_event.text
assert facts["route revenue"] == 20 + 10  # Albany's city + one town
assert facts["payout per holder"] == {"Di": 6, "Ann": 6, "Ben": 6, "Cy": 12}  # $3 per 10%; Cy holds 40%
assert facts["price after payout / withhold"] == (100, 82)  # one cell right / left of $90 in the top row
assert facts["NYC treasury gain by withholding"] == 30"""),
    *quiz(source='g',
         kinds=['tile_lay_legal', 'payout_player', 'best_route'],
         answers=['Yes, it is legal', 12, 30],
         where="of this lesson's operating round: a tile lay, a payout, a run",
         n=3,
         seed=1),
]

if __name__ == "__main__":
    write(CELLS, "1830_03_operating_round")
