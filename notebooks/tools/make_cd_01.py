"""Write ``notebooks/cd_01_learn_continental_divide.ipynb`` (without outputs) from the cells below.

Run ``python notebooks/tools/make_cd_01.py``; check with
``pytest --nbval-lax notebooks/cd_01_learn_continental_divide.ipynb``.
"""

from __future__ import annotations

from nbcells import quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# Continental Divide, rule by rule

*Continental Divide* (John Bohrer, 2013) is a cube-rail share game for 3–6 players. You are an investor: you
start railroads and buy their shares, and the railroads build west from the Mississippi towards the Pacific,
one straight line of cubes at a time. Income is paid out every turn, but **the winner is decided by victory
points**, counted per share at the end of turn 8. Money is only a means.

By the end of this lesson you will be able to:

1. start a railroad and explain what its **share count (3–10)** and **stock value ($10–$50, unique)** decide;
2. say who may **build** (majority or tied holders), check a **straight line**, and predict what entering the
   Central and Western regions, crossing the **Continental Divide** and reaching a **port** do;
3. compute a **dividend** (income ÷ shares issued, rounded up) and the **minimum share price**;
4. count **victory points**, which alone decide the winner, and compare the winner with the richest player.

Every rule names its rule id; `rule_text(id)` prints it. **The map is an APPROXIMATE teaching map** made by
gamekit from real geography — the published board's costs and incomes are not public — and the eight
railroads' names and colours were chosen by gamekit."""),
    ("code", """import gamekit
from gamekit.widgets import wide_figures
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.rules import rule_text
from gamekit.cuberails.cd_actions import BuildTrack, BuyShare, ChooseOrder, StartRailroad
from gamekit.cuberails.cd_economy import minimum_share_price, payout
from gamekit.cuberails.cd_state import RailroadState
from gamekit.viz.continental_divide import map_figure, player_chart, turn_chart

wide_figures()  # a map wider than this column scrolls inside it instead of being cut off


def do(game, action):
    \"\"\"Apply one action and print what happened, each line with the rule that made it so.\"\"\"
    print(">", action.sentence())
    for event in game.process(action):
        print("   ", event)


def refused(game, action):
    \"\"\"Try an action the rules forbid and print the refusal (the game is left unchanged).\"\"\"
    try:
        game.process(action)
    except GameError as err:
        print("refused:", err)
        return err.rule
    raise AssertionError("expected a refusal")


g = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy", "Di"], seed=55)
for e in g.setup_events:
    print(e)
print(g.active_step)"""),
    ("md", """## 1. The table — `cd:setup.cash`, `cd:setup.turn-order`, `cd:map.approximate`

Four players get **$60** each ($80 / $60 / $48 / $40 for 3–6 players). The blue turn-order cards are dealt at
random (here by the game's seed 55: Ann 1, Ben 2, Cy 3, Di 4). The three **start cities** (Chicago, Memphis,
New Orleans) are three hexes each; the five **ports** are Seattle, Portland, San Francisco, Los Angeles and San
Diego. Red dashed lines split the map into the **East, Central and West** regions; the thick black line is the
**Continental Divide**. Hover a hex to read its build cost and income."""),
    ("code", """print(rule_text("cd:map.approximate")[:400], "…")
map_figure(g)"""),
    ("md", """## 2. Starting a railroad — `cd:stock.start`, `cd:stock.shares-issued`, `cd:stock.stock-value`

On your turn you may first buy stock in **one** railroad (`cd:stock.buy`). Buying the first share of an
unstarted railroad *starts* it: you choose its start hex, how many shares it issues (3–10; the rest leave the
game) and its stock value ($10–$50, different from every other railroad's). You pay the stock value **into the
railroad's treasury** — that is the money it builds with — and keep one share.

The game lists the cheapest version of every choice and describes the prices as ranges:"""),
    ("code", """acts = g.legal_actions()
ranges = g.action_ranges()
print(len(acts), "legal actions,", len(ranges), "ranges; for example", ranges[0].template.sentence(),
      f"(stock value {ranges[0].low}–{ranges[0].high})")
do(g, StartRailroad(entity="Ann", railroad="UP", hex="G39", shares=4, stock_value=30))
print(g.active_step.name, "—", g.current_entity)"""),
    ("md", """**Try this.** The share count decides how the income is split. Change `shares` and `value` below and
re-run: with few shares each share pays a lot and costs a lot; with many shares they are cheap, but the
railroad must sell more of them before "no unsold shares" scores a point."""),
    ("code", """shares, value, income = 4, 30, 30
for n in (3, shares, 10):
    rr = RailroadState("XX", start_hex="G39", shares_issued=n, stock_value=value, income=income)
    print(f"{n:2} shares: dividend ${payout(rr).per_share} a share, minimum price ${minimum_share_price(rr)}")"""),
    ("md", """## 3. Building: one straight line — `cd:build.straight-line`, `cd:build.cost-income`

After buying, you may build for every railroad in which you hold the most shares (alone or tied). A railroad's
track in one turn is **one unbroken straight line** that starts next to a hex it already occupies. The
railroad — never the player — pays each hex's build cost, and its income rises by the hex's income. A bent
line is refused:"""),
    ("code", """refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "F36")))
do(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "G35", "G33")))
up = g.railroad_summary("UP")
print(f"UP: treasury ${up['treasury']}, income ${up['income']}, {up['cubes']} cubes available")"""),
    ("md", """## 4. The minimum share price — `cd:stock.minimum-price`, `cd:stock.treasury`

There are no auctions. A share costs at least **stock value + the dividend it would pay now**; the buyer may
pay more, and the money goes to the railroad. The rulebook's example: blue has 10 shares, stock value $32 and income
$30, so the dividend is $3 and a share costs at least **$35**. Here UP has income $6 over 4 shares: dividend
$2 (6 ÷ 4 = 1.5, rounded up), so the minimum is $30 + $2."""),
    ("code", """blue = RailroadState("ATSF", start_hex="G39", shares_issued=10, stock_value=32, income=30)
print("rulebook example, blue:", minimum_share_price(blue))
print("UP now:", g.minimum_price("UP"))
do(g, BuyShare(entity="Ben", railroad="UP", price=32))
print(g.active_step.name, "—", g.current_entity, "(Ben cannot afford a second share, so buying ended by itself)")"""),
    ("md", """## 5. Who builds, and the regions — `cd:build.majority`, `cd:build.regions`

Ben now holds as many UP shares as Ann: a **tied** holder may build too. A railroad starts with 12 cubes; its
first hex in the **Central** region releases 10 more at once, its first hex in the **West** the last 10
(`cd:cubes`: 36 cubes in all). Watch the event when UP crosses the red line at G27:"""),
    ("code", """do(g, BuildTrack(entity="Ben", railroad="UP", origin="G33", hexes=("G31", "G29", "G27", "G25")))
do(g, StartRailroad(entity="Cy", railroad="SP", hex="L38", shares=3, stock_value=40))
do(g, BuildTrack(entity="Cy", railroad="SP", origin="L38", hexes=("L36", "L34", "L32", "L30", "L28")))
# Di holds no share of UP: she may not build for it
do(g, StartRailroad(entity="Di", railroad="ATSF", hex="Q37", shares=10, stock_value=15))
majority_rule = refused(g, BuildTrack(entity="Di", railroad="UP", origin="G25", hexes=("G23",)))"""),
    ("md", """## 6. Dividends — `cd:dividends`, `cd:dividends.remainder`

When everyone has played, each railroad divides its income by its **shares issued**, rounded up; the bank pays
every holder that much per share and pays the railroad what is left of its income. The rulebook's example: red has
income $15 and 4 shares; 15 ÷ 4 = 3.75 → **$4**. Pete (1 share) gets $4, Dave (2) $8 and the railroad keeps
**$3**. If Vince held the fourth share, the players would get $16 — more than the income; the bank pays."""),
    ("code", """red = RailroadState("SP", start_hex="P38", shares_issued=4, stock_value=20, income=15, holders={"Pete": 1, "Dave": 2})
print("one share unsold:", payout(red))
red.holders["Vince"] = 1
print("all held:        ", payout(red))
do(g, BuildTrack(entity="Di", railroad="ATSF", origin="Q37", hexes=("Q35", "Q33", "Q31", "Q29", "Q27")))"""),
    ("md", """## 7. The new turn order — `cd:order`

After the dividends the locomotive moves to turn 2 and the **last** player picks any card of the other deck
first, then the next-to-last, and so on; the first player gets the card that is left. Di, who played last,
takes card 1."""),
    ("code", """print(g.active_step)
for who, card in (("Di", 1), ("Cy", 2), ("Ben", 3)):
    do(g, ChooseOrder(entity=who, position=card))
print("turn", g.turn(), "order:", g.operating_order(), "— cards:", g.turn_order_deck())"""),
    ("md", """## 8. Over the Divide, into the West, to a port — `cd:build.divide`, `cd:build.port`, `cd:build.start-city`

Building west of the Continental Divide raises a railroad's income by **$10** once. A railroad may occupy
only **one start-city hex** and only **one port**, and a port holds only one railroad."""),
    ("code", """do(g, BuyShare(entity="Di", railroad="UP", price=g.minimum_price("UP")))
do(g, BuildTrack(entity="Di", railroad="UP", origin="G25", hexes=("G23", "G21", "G19")))
do(g, Pass(entity="Di"))
do(g, Pass(entity="Cy"))
do(g, BuildTrack(entity="Cy", railroad="SP", origin="L28", hexes=("L26", "L24", "L22", "L20", "L18")))
do(g, Pass(entity="Ben"))
do(g, BuildTrack(entity="Ben", railroad="UP", origin="G19", hexes=("G17", "G15", "G13", "G11")))
do(g, Pass(entity="Ann"))
refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G41",)))
do(g, BuildTrack(entity="Ann", railroad="UP", origin="G13", hexes=("H12", "I11", "J10", "K9", "L8", "M7")))
here = len(g.actions)  # this position: the what-if below starts from it, even after g has played on"""),
    ("code", """map_figure(g, highlight=("H12", "I11", "J10", "K9", "L8", "M7"), title="UP reaches Los Angeles")"""),
    ("md", """**Try this — three railroads per hex (`cd:build.hex-limit`).** In a *fork* of this position (a copy: the
lesson's game is untouched, and the fork starts here even when re-run after the game's end) two more railroads
start in Chicago's G39 next to UP; a fourth is refused. Change the hexes or values and re-run."""),
    ("code", """what_if = g.at(here)  # a fork of the game at that position
do(what_if, ChooseOrder(entity="Ann", position=1))
for who, card in (("Ben", 2), ("Cy", 3)):
    do(what_if, ChooseOrder(entity=who, position=card))
do(what_if, StartRailroad(entity="Ann", railroad="NP", hex="G39", shares=3, stock_value=10))
do(what_if, Pass(entity="Ann"))
do(what_if, StartRailroad(entity="Ben", railroad="GN", hex="G39", shares=3, stock_value=11))
do(what_if, Pass(entity="Ben"))
limit_rule = refused(what_if, StartRailroad(entity="Cy", railroad="TP", hex="G39", shares=3, stock_value=12))
print("the lesson's game still has", g.at(here).occupants("G39"), "in G39")"""),
    ("md", """## 9. Turn 3: the last share and a second port — `cd:scoring`

Ann, who played last, picks card 1 and buys UP's last unsold share: a railroad with **no unsold shares** scores 1 more point per
share. UP already has Los Angeles, so San Diego is refused."""),
    ("code", """for who, card in (("Ann", 1), ("Ben", 2), ("Cy", 3)):
    do(g, ChooseOrder(entity=who, position=card))
do(g, BuyShare(entity="Ann", railroad="UP", price=g.minimum_price("UP")))
refused(g, BuildTrack(entity="Ann", railroad="UP", origin="L8", hexes=("M9", "N10")))
print("points per share now:", {r: g.vp_per_share(r) for r in ("UP", "SP", "ATSF")})"""),
    ("md", """## 10. The end — `cd:end`, `cd:scoring`, `cd:scoring.per-share`, `cd:scoring.winner`

The game ends after turn 8's dividends. Each share scores: Central 1, West 1, the Divide 2, its port (Seattle
2, the others 1), no unsold shares 1. Money counts for nothing. Here everyone passes to the end:"""),
    ("code", """while not g.is_over:
    if g.active_step.name == "Choose turn order":
        g.process(g.legal_actions()[0])
    else:
        g.process(Pass(entity=g.current_entity))
print(g.outcome.text)
for pid, vp in g.outcome.ranking:
    print(f"{pid:4} {vp:3} VP   ${g.cash(pid)}")"""),
    ("code", """turn_chart(g, "income")"""),
    ("md", """## 11. Classroom demo: bots play, the class predicts

Four simple greedy bots (`gamekit.cuberails.cd_bots`: start a railroad, buy the share with the most points per
dollar, build the line worth most) play a whole game (seed 7). **Stop at turn 4**: look at the table below, and
let everyone write down who will win. Then run the next cells."""),
    ("code", """from gamekit.cuberails.cd_bots import greedy_action
from gamekit.simulate import play_random_game

demo = play_random_game("continental-divide", 4, seed=7, bot=greedy_action)
turn4 = demo.turn_records()[3]
for p in demo.players:
    print(f"{p.id}: {turn4['vp'][p.id]:3} VP if it ended now, ${turn4['cash'][p.id]}")
print("points per share:", turn4["vp_per_share"])"""),
    ("code", """player_chart(demo, "vp")"""),
    ("code", """print(demo.outcome.text)
for metric in ("income", "treasury", "vp_per_share"):
    last = demo.turn_records()[-1]
    print(metric, last[metric])
turn_chart(demo, "vp_per_share")"""),
    ("md", """**Step through the demo.** `ReplayPlayer(demo)` from `gamekit.widgets` gives a slider and a play button
over the whole game, with the map in step and charts of each game turn (victory points, money, share prices,
treasuries and income; a red line marks the turn shown); `Explorer(game)` lets you play one by clicking. Or by
hand: change `k` (0 … number of actions) and re-run to see the game just before action `k`, the action and what
it caused."""),
    ("code", """from gamekit.widgets import ReplayPlayer
ReplayPlayer(demo)"""),
    ("code", """k = 40
position = demo.at(k)
action, events = list(demo.history())[k]
print(f"turn {position.turn()}, {position.active_step.name} — {position.current_entity}")
print(">", action.sentence())
for e in events:
    print("   ", e)
map_figure(position, highlight=getattr(action, "hexes", ()))"""),
    ("md", """## Check yourself

Work these out before you press **Show answer**: the lowest price of a share of the rulebook's blue railroad (10
shares, stock value $32, income $30); what each holder of the red railroad receives once all its shares are held;
where UP's track ends, its income, its points per share and the regions it unlocked; who won, and who has the most
money. The engine computes the answers; the `assert`s hold them to the numbers worked out above."""),
    ("code", """up = g.railroad_summary("UP")
facts = {
    "lowest price of a blue share": minimum_share_price(blue),
    "red's dividend to each holder": ", ".join(f"{who} {g.money(v)}" for who, v in payout(red).players.items()),
    "UP's last hex": up["hexes"][-1],
    "UP's income": up["income"],
    "UP's points per share": g.vp_per_share("UP"),
    "regions UP unlocked": up["unlocked"],
    "winner": ", ".join(g.outcome.winners),
    "the most money": max((p.id for p in g.players), key=g.cash),
}
show_answer(facts, g.money, ["lowest price of a blue share", "UP's income"])
assert minimum_share_price(blue) == 35
assert payout(red).players == {"Pete": 4, "Dave": 8, "Vince": 4}
assert up["unlocked"] == ("central", "west") and up["crossed_divide"] and up["unsold"] == 0
assert g.vp_per_share("UP") == 1 + 1 + 2 + 1 + 1  # Central, West, Divide, Los Angeles, no unsold shares
assert g.vp_per_share("SP") == 1 + 2 and g.vp_per_share("ATSF") == 1
assert limit_rule == "cd:build.hex-limit" and majority_rule == "cd:build.majority"
assert g.outcome.values == {"Ann": 12, "Ben": 6, "Cy": 3, "Di": 7}
assert g.outcome.winners == ("Ann",)
assert demo.is_over and len(demo.turn_records()) == 8
assert demo.outcome.values == {p: demo.turn_records()[-1]["vp"][p] for p in demo.outcome.values}"""),
    *quiz(source='g',
         kinds=['cube_income', 'cube_dividend', 'minimum_bid', 'end_condition'],
         answers=[6, 6, 16, 'Yes: The end of the game'],
         where="of this lesson's game: income, dividends, share prices and the end",
         n=4,
         seed=1),
]



if __name__ == "__main__":
    write(CELLS, "cd_01_learn_continental_divide")
