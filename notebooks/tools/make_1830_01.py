"""Write ``notebooks/1830_01_private_auction.ipynb`` (no outputs): the 1830 waterfall auction of the privates."""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 1: the private auction

Before the first stock round the six **private companies** are sold in a **waterfall auction**. Each private has
a face value and pays its owner a fixed revenue every operating round; some have special powers.

By the end of this lesson you will be able to:

1. say what a turn of the auction allows: buy the cheapest private, bid on a dearer one, or pass
   (`1830:auction.order`, `1830:auction.buy-cheapest`, `1830:auction.bid`);
2. predict when a bid is settled — only once its private is the cheapest left, by an auction among the bidders
   if there are several (`1830:auction.resolve`);
3. see what happens when everybody passes (`1830:auction.all-pass`, `1830:auction.price-drop`);
4. explain who gets the **priority deal** for the first stock round, and why the B&O private is worth more than
   its face value to its buyer (`1830:auction.bo`)."""),
    ("code", HELPERS + """


from gamekit.tracks.actions import Bid

g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
for p in g.facts.privates:
    print(f"{p.sym:3} {p.name:28} face ${p.value:3}, revenue ${p.revenue:2} per OR — {p.description}")"""),
    ("md", """## The rule in plain words

Players act in seat order. The **cheapest** unsold private may be **bought** outright at its price. Any other
private may be **bid** on: at least $5 over the highest bid on it (or $5 over its face value); your bids together
may not exceed your cash. A bid waits: nothing is sold until that private becomes the cheapest one left. Then a
single bidder gets it at the bid; several bidders hold an auction, lowest bid acting first, each raising by $5 or
more or dropping out."""),
    ("code", """print(rule_text("1830:auction.resolve"))"""),
    ("md", """## A position: a bidding war on the Camden & Amboy

Ann buys the Schuylkill Valley. Ben bids $170 on the C&A (face $160), Cy bids $175 on it. A bid is an amount in a
range, so we build the `Bid` action ourselves; `game.action_ranges()` says what is allowed."""),
    ("code", """do(g, "Ann buys SV for $20")
print([(r.template.company, r.low, r.high) for r in g.action_ranges()])
for e in g.process(Bid(entity="Ben", company="CA", price=170)) + g.process(Bid(entity="Cy", company="CA", price=175)):
    print("  ", e)"""),
    ("md", """Di and Ann buy the next cheapest privates. When Ben buys the M&H, the C&A is the cheapest left and has two
bids: the auction for it starts at once, with Ben (the lower bid) to act."""),
    ("code", """do(g, "Di buys CS for $40")
do(g, "Ann buys DH for $70")
do(g, "Ben buys MH for $110")
print(g.active_step)
print("Ben's range:", [(r.low, r.high) for r in g.action_ranges()])"""),
    ("code", """g.process(Bid(entity="Ben", company="CA", price=185))
events = do(g, "Cy passes")  # do returns the events it printed"""),
    ("md", """Ben paid $185 and received a 10% certificate of the Pennsylvania with it (`1830:auction.ca`). Only the B&O is
left: Cy buys it and must set the B&O corporation's par price at once — he receives its **president's
certificate** (20%) for free."""),
    ("code", """from gamekit.sentences import sentence_now

do(g, "Cy buys BO for $220")
print(g.active_step.name, [sentence_now(g, a) for a in g.legal_actions()])
do(g, "Cy pars B&O at $100")
print("priority deal:", g.priority_deal(), "— the player after the last one who bought a private outright")
viz.market_figure(g)"""),
    ("md", """## When everybody passes

If all four pass in a row before anything is sold, the Schuylkill Valley gets $5 cheaper (at $0 the next player
must take it). Once something is sold, an all-pass instead makes the owned privates pay their revenue."""),
    ("code", """quiet = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
for name in ["Ann", "Ben", "Cy", "Di"]:
    drop = do(quiet, f"{name} passes")
print(quiet.active_step.help)"""),
    ("md", """## Try this

* Change Ben's raise from $185 to $250, or let Ben pass instead of raising: who owns the C&A, and who holds the
  priority deal afterwards?
* Give Di a second bid on the B&O as well as Cy's (`Bid(entity="Di", company="BO", price=230)` after Cy's bid):
  with two bids the B&O goes to auction between them when it becomes the cheapest; with one bid it goes straight
  to that bidder.

## Check yourself

Why is the B&O private worth more than its $220 face value to its buyer? Because with it comes the B&O
president's certificate: 20% at the par price the buyer chooses. The engine's player value shows it."""),
    ("code", """cy_value = g.player_value("Cy")
par = g.par_price("B&O")
facts = {
    "CA owner and price paid": (g.private_owner("CA"), 600 - 110 - g.cash("Ben")),
    "Ben's PRR share (%)": g.percent("Ben", "PRR"),
    "Cy's B&O share (%)": g.percent("Cy", "B&O"),
    "Cy: cash, value": (g.cash("Cy"), cy_value),
    "value gained by buying the B&O": cy_value - 600,
    "SV price after one all-pass": quiet.active_step.help.split(" for ")[1].split(",")[0],
    "priority deal": g.priority_deal(),
}
show_answer(facts, g.money, ["CA owner and price paid", "Cy: cash, value", "value gained by buying the B&O"])
assert facts["CA owner and price paid"] == ("Ben", 185)
assert facts["Ben's PRR share (%)"] == 10
assert facts["Cy's B&O share (%)"] == 20 and par == 100
assert facts["Cy: cash, value"] == (600 - 220, 600 - 220 + 220 + 2 * par)
assert facts["value gained by buying the B&O"] == 2 * par  # the free president's certificate
assert facts["SV price after one all-pass"] == "$15"
assert facts["priority deal"] == "Di"
assert {e.rule for e in drop} >= {"1830:auction.price-drop"}"""),
    *quiz(source='g',
         kinds=['minimum_bid'],
         answers=[75, 225, 180],
         where="of this lesson's auction: the lowest bid a player may make",
         n=3,
         seed=3),
]

if __name__ == "__main__":
    write(CELLS, "1830_01_private_auction")
