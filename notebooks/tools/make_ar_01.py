"""Write ``notebooks/ar_01_learn_american_rails.ipynb`` (without outputs) from the cells below.

Run ``python notebooks/tools/make_ar_01.py``; check with ``pytest --nbval-lax notebooks/ar_01_learn_american_rails.ipynb``.
"""

from __future__ import annotations

from nbcells import quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# American Rails, rule by rule

*American Rails* (Tim Harrison; Quined Games 2013) is a cube-rail share game for 3–5 players. You are an
investor: you buy shares of six railroad companies at auction, and the companies build track from city to city.
Each year their income is paid out per share. **Most money wins**; shares are worth nothing at the end.

By the end of this lesson you will be able to:

1. run the opening auctions and read the **action track**: seven actions, one player each per phase, and why
   the order of play changes from phase to phase;
2. work out what a cube entering a city does to **income**: full and shared values, houses, and the
   Chicago–New York–Atlanta special connections (the worked example of the rulebook, on the map);
3. compute **dividends** (income ÷ shares held by players, rounded up) and see how selling one more share dilutes
   the holders;
4. say how an American Rails company's income differs from a Continental Divide railroad's.

Every rule below names its rule id; `rule_text(id)` prints it. The map is **our own approximate board** built from
real geography (the published map is not public); the city values are the board's."""),
    ("code", """import gamekit
from gamekit.widgets import wide_figures
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.i18n import nmsg
from gamekit.rules import rule_text
from gamekit.titles.american_rails import Bid, Build, ChooseAction, ChooseShare, Develop, PlaceStart
from gamekit.viz.american_rails import income_sources_figure, income_track_figure, map_figure

wide_figures()  # a map wider than this column scrolls inside it instead of being cut off
g = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy", "Di"], seed=7)
for e in g.setup_events:
    print(e)
for c in g.facts.companies:
    print(f"{c.id} {c.name:12} {c.colour:7} {c.track_cubes:2} cubes for the map, {c.shares} shares")"""),
    ("md", """## 1. Opening auctions — `ar:opening`, `ar:auction.bid`

Before the first year one share of each company is auctioned. The opener picks the company; bidding goes
clockwise from the opener, at least **$10**, each bid higher than the last; **passing is final**. The winner pays
the **company's treasury** (that money pays for its track) and puts its first cube in an empty city
(`ar:start.city`); the company's income starts at that city's **full value**."""),
    ("code", """print(g.active_step)
g.process(ChooseShare(entity="Ann", company="NA"))
print("legal now:", g.legal_actions())
print("bid range:", [(r.field, r.low, r.high) for r in g.action_ranges()])
try:
    g.process(Bid(entity="Ann", company="NA", amount=8))
except GameError as err:
    print("refused:", err)"""),
    ("code", """for action in (Bid(entity="Ann", company="NA", amount=10), Pass(entity="Ben"),
               Bid(entity="Cy", company="NA", amount=12), Pass(entity="Di"), Bid(entity="Ann", company="NA", amount=14),
               Pass(entity="Cy")):
    for e in g.process(action):
        print(e)
buffalo = g.board.city_named["Buffalo"]
for e in g.process(PlaceStart(entity="Ann", company="NA", hex=buffalo.hex)):
    print(e)
print("National treasury:", g.money(g.treasury("NA")), "income:", g.money(g.income("NA")))"""),
    ("md", """The winner opens the next auction. We let the other five auctions run to a plan (who wins, for how much,
where the company starts). The order of first wins becomes the first **turn order** (`ar:opening.order`)."""),
    ("code", """def run_auction(game, company, winner, price, city):
    \"\"\"Let `winner` bid `price` and everybody else pass, then start the company in `city`.\"\"\"
    if ChooseShare.type in game.active_step.action_types:
        game.process(ChooseShare(entity=game.current_entity, company=company))
    has_bid = False
    while Bid.type in game.active_step.action_types:
        who = game.current_entity
        if who == winner and not has_bid:
            game.process(Bid(entity=who, company=company, amount=price))
            has_bid = True
        else:
            game.process(Pass(entity=who))
    if PlaceStart.type in game.active_step.action_types:
        game.process(PlaceStart(entity=winner, company=company, hex=game.board.city_named[city].hex))

PLAN = [("LI", "Ben", 12, "Syracuse"), ("AM", "Cy", 10, "Chicago"), ("CO", "Di", 10, "New York"),
        ("MA", "Ann", 10, "Atlanta"), ("RE", "Ben", 10, "St. Louis")]
for company, winner, price, city in PLAN:
    run_auction(g, company, winner, price, city)
print("turn order:", g.turn_order())
print("cash:", ", ".join(f"{p.id} {g.money(g.cash(p.id))}" for p in g.players))
print("treasury / income:", ", ".join(f"{c} {g.money(g.treasury(c))} / {g.money(g.income(c))}"
                                      for c in g.corporations()))"""),
    ("md", """## 2. The action track — `ar:track`, `ar:track.order`

Each year has three action phases. In a phase every player puts a marker on one free row of that phase's column:
**Pass, Develop, Fund $5, Take $2 (or Expand 2 with 4–5 players), Expand 3, Auction, Expand 4** — top to bottom.
An action one player took is closed to the others for that phase. The **order of play** of the next phase is the
top-to-bottom order of the markers in this column: the player who passed acts first, the one who took Expand 4
acts last."""),
    ("code", """print(g.active_step.name, "—", g.current_entity)
print([a.row for a in g.legal_actions()])
# Ann develops Buffalo: a house (`ar:develop`) raises National's income there
g.process(ChooseAction(entity="Ann", row="develop"))
for e in g.process(Develop(entity="Ann", hex=buffalo.hex)):
    print(e)
try:
    g.process(ChooseAction(entity="Ben", row="develop"))
except GameError as err:
    print("refused:", err)"""),
    ("md", """## 3. Expanding and city income — `ar:expand`, `ar:income.city`, `ar:income.house`

Any player holding **at least one share** may expand a company (`ar:expand.holder`). Each cube goes next to the
company's track (`ar:expand.adjacent`) and is paid from its treasury: plains and cities **$2 + $2 per piece already
there** (a house counts), forest **$3**, mountain **$5**; a forest or mountain takes one cube in all
(`ar:expand.cost`, `ar:expand.limits`).

City income, from the rulebook (Quined Games 2013, page 4): the first company in a city gains the **full value**; when a second
arrives it gains the **shared value** and the first falls back to the shared value. A **house** adds $2 to the
full value and $1 to the shared value.

The rulebook's example: *Buffalo (4/3) is developed and National is alone there; Liberty connects.* Ben (Liberty)
takes Expand 4."""),
    ("code", """g.process(ChooseAction(entity="Ben", row="expand4"))
print("Liberty may build in:", [(a.hex, g.board.terrain[a.hex]) for a in g.legal_actions()
                                if isinstance(a, Build) and a.company == "LI"])
for e in g.process(Build(entity="Ben", company="LI", hex="B28")):
    print(e)
events = g.process(Build(entity="Ben", company="LI", hex=buffalo.hex))
for e in events:
    print(e)
changes = {e.data["company"]: e.data["change"] for e in events if e.kind == "income"}
print("income changes:", changes)"""),
    ("md", """Liberty gains **$4** ($3 shared value + $1 for the house); National loses **$2** ($1 = 4 − 3, and $1 because
its house bonus falls from $2 to $1) — exactly the rulebook's numbers. Ben stops building:"""),
    ("code", """g.process(Pass(entity="Ben"))
fig = map_figure(g)
fig.update_xaxes(range=[18, 40]).update_yaxes(range=[-10.5, 1]).update_layout(height=660)
fig"""),
    ("md", """**Try this:** fork the game before Liberty's second cube (`h = g.at(len(g.actions) - 3)`), and build
Liberty into Buffalo *without* the house (skip the Develop). Liberty should gain $3 and National lose $1."""),
    ("md", """## 4. Special connections — `ar:income.special`

When one company's track joins **Chicago and New York**, **Chicago and Atlanta** or **New York and Atlanta**, its
income rises at once by **$10**, once per pair. A company that already joins two of the three and then reaches the
third completes two pairs at once: **+$20**. We trace the cheapest-looking chain of hexes on our map and ask the
income rules what each step earns."""),
    ("code", """from gamekit.cuberails.ar_income import linked_pairs, special_bonus

def shortest(board, start, goal):
    prev, todo = {start: None}, [start]
    while todo:
        cur = todo.pop(0)
        for n in board.neighbours[cur]:
            if n not in prev:
                prev[n] = cur
                todo.append(n)
    path, cur = [], goal
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]

chicago, new_york, atlanta = (g.board.city_named[c].hex for c in ("Chicago", "New York", "Atlanta"))
track = shortest(g.board, chicago, atlanta)
first = special_bonus(0, len(linked_pairs(track, g.board)))
track += shortest(g.board, atlanta, new_york)[1:]
second = special_bonus(1, len(linked_pairs(track, g.board)))
print(f"Chicago-Atlanta: {len(shortest(g.board, chicago, atlanta)) - 1} cubes, bonus +{g.money(first)}")
print(f"then on to New York: bonus +{g.money(second)}; {len(track)} hexes in all")"""),
    ("md", """## 5. Where does the income come from?

`income_lines(company)` splits each company's income city by city into full value, shared value, house and bonus;
the figure stacks them. The bars add up to the income track."""),
    ("code", """for company in ("NA", "LI"):
    print(company, [(ln.source, ln.kind, ln.amount) for ln in g.income_lines(company)],
          "=", g.income(company))
income_sources_figure(g)"""),
    ("code", """income_track_figure(g)"""),
    ("md", """## 6. Dividends — `ar:dividends`

After the third action phase every company pays: **income ÷ shares held by players, rounded up**, paid by the bank
to each shareholder; the company gets nothing. Unsold shares do not count — so when one more share is sold, each
share's dividend falls. Cy takes the Auction action and buys a second Continental share."""),
    ("code", """before = g.dividend("CO"), g.shares_held("CO")
g.process(ChooseAction(entity="Cy", row="auction"))
g.process(ChooseShare(entity="Cy", company="CO"))
g.process(Bid(entity="Cy", company="CO", amount=10))
g.process(Pass(entity="Di"))
g.process(Pass(entity="Ann"))
g.process(Pass(entity="Ben"))
after = g.dividend("CO"), g.shares_held("CO")


def shares(n):
    \"\"\"n shares as a sentence writes them: "1 share", "2 shares" (plural forms, translated in other languages).\"\"\"
    return nmsg("{count} share", "{count} shares", n, count=n)


print(f"Continental income {g.money(g.income('CO'))}: {g.money(before[0])} per share over {shares(before[1])} "
      f"before, {g.money(after[0])} per share over {shares(after[1])} after")"""),
    ("code", """g.process(ChooseAction(entity="Di", row="pass"))
print("phase 2 order (top to bottom of column 1):", g.operating_order())
print(rule_text("ar:track.order"))"""),
    ("md", """**Try this:** in the cell above, let Di take `"expand4"` instead of `"pass"` and re-run: who acts first in
phase 2 now?

## 7. The rest of the game — `ar:end`

The game ends after the dividends of 1857, or earlier when every share is sold or out of play, or when enough
supplies run low. We let the random bot finish a fork of our game (the original stays where it is)."""),
    ("code", """from gamekit.rng import GameRandom
from gamekit.simulate import random_action

rest = g.fork()
bot = GameRandom(1)
while not rest.is_over:
    rest.process(random_action(rest, bot))
print(rest.outcome.text, f"[{rest.outcome.rule}]")
print("ranking:", rest.outcome.ranking)
print("dividend phases played:", sum(1 for _, evs in rest.history() for e in evs
                                    if e.rule == "ar:dividends" and e.kind == "phase"))"""),
    ("md", """## 8. American Rails vs Continental Divide: one company's income

Both games pay income out per share, rounded up, and both take the company's income from what its track reaches.
But:

* **where income comes from** — an AR company earns from the *cities* it reaches, and earns less when others share
  them; a CD railroad adds each built hex's income value, plus $10 for crossing the Divide, and is never diluted;
* **the divisor** — AR divides by the shares *held by players*; CD by the shares *issued*;
* **the remainder** — in AR the company keeps nothing; in CD the bank pays the railroad what the players did not get.

Same numbers, both rules (the AR example is the one the fan project quotes from the rulebook: income $19, three
shares held, one unsold):"""),
    ("code", """from gamekit.cuberails.cd_economy import payout
from gamekit.cuberails.cd_state import RailroadState
from gamekit.cuberails.dividends import dividend_per_share

holders = {"Rick": 2, "Mary": 1}
ar_per_share = dividend_per_share(19, sum(holders.values()))
cd = payout(RailroadState(id="CD", start_hex="X1", shares_issued=4, income=19, holders=holders))
print(f"{'':22}{'American Rails':>16}{'Continental Divide':>20}")
money = g.money  # both games write dollars
print(f"{'per share':22}{money(ar_per_share):>16}{money(cd.per_share):>20}")
print(f"{'Rick (2 shares)':22}{money(2 * ar_per_share):>16}{money(cd.players['Rick']):>20}")
print(f"{'Mary (1 share)':22}{money(ar_per_share):>16}{money(cd.players['Mary']):>20}")
print(f"{'company keeps':22}{money(0):>16}{money(cd.kept):>20}")"""),
    ("md", """And two real positions: Majestic in our game, and a railroad of a Continental Divide game after two
turns of bot play."""),
    ("code", """ma = [(ln.source, ln.kind, ln.amount) for ln in g.income_lines("MA")]
print("AR Majestic:", ma, "income", g.money(g.income("MA")), "held", shares(g.shares_held("MA")),
      "-> per share", g.money(g.dividend("MA")))
cdg = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy", "Di"], seed=7)
bot = GameRandom(2)
while not cdg.is_over and cdg.turn() < 3:
    cdg.process(random_action(cdg, bot))
rid = max(cdg.corporations(), key=cdg.income)
card = cdg.railroad_summary(rid)
pay = payout(RailroadState(id=rid, start_hex=card["start_hex"], shares_issued=card["shares_issued"],
                           income=card["income"], holders=card["holders"]))
print(f"CD {rid}: {len(card['hexes'])} hexes, income {cdg.money(card['income'])} "
      f"(crossed the Divide: {card['crossed_divide']}); {shares(card['shares_issued'])} issued, "
      f"{sum(card['holders'].values())} held -> per share {cdg.money(pay.per_share)}, "
      f"railroad keeps {cdg.money(pay.kept)}")"""),
    ("md", """## Check yourself

The engine computes the answers; the asserts are the facts of this lesson."""),
    ("code", """from gamekit.cuberails.ar_income import entry_changes

facts = {
    "Buffalo full/shared": (buffalo.full, buffalo.shared),
    "Liberty +, National - when Liberty joins developed Buffalo": entry_changes(buffalo, True, ["NA"], "LI"),
    "house on a city alone / shared": (g.board.city_named["Atlanta"].full + 2, g.board.city_named["Atlanta"].shared + 1),
    "special bonuses": (first, second),
    "Continental dividend before/after the auction": (before[0], after[0]),
    "AR vs CD per share on $19": (ar_per_share, cd.per_share),
}
for k, v in facts.items():
    print(f"{k}: {v}")
assert (buffalo.full, buffalo.shared) == (4, 3)
assert entry_changes(buffalo, True, ["NA"], "LI") == {"LI": 4, "NA": -2}
assert changes == {"LI": 4, "NA": -2}
assert g.income("LI") == 2 + 4 and sum(ln.amount for ln in g.income_lines("NA")) == 4
assert (first, second) == (10, 20)
assert before == (8, 1) and after == (4, 2)
assert (ar_per_share, cd.per_share, cd.kept) == (7, 5, 4)
assert rest.is_over and rest.outcome.ranking[0][1] == max(rest.cash(p.id) for p in rest.players)"""),
    *quiz(source='rest',
         kinds=['cube_income', 'cube_dividend', 'minimum_bid', 'end_condition'],
         answers=[6, 7, 10, 'Yes: The seventh year'],
         where="of this lesson's game played to its end: income, dividends, bids and the end",
         n=4,
         seed=1),
]



if __name__ == "__main__":
    write(CELLS, "ar_01_learn_american_rails")
