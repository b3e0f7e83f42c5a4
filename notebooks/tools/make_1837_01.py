"""Write ``notebooks/1837_01_coal_minors_and_nationals.ipynb`` (no outputs): 1837's four kinds of company — coal
companies running goods trains from their mines, minors paying half, majors, and the national railways the minors
fold into — on a new game and on the shipped sample game (``data/1837/sample_game.json``, reached by legal play;
``make_1837_sample.py`` writes it)."""

from __future__ import annotations

from nbcells import HELPERS, SHOW_RULE, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1837, lesson 1: coal companies, minors and nationals

1837 (Leonhard Orgler; Austria-Hungary) has four kinds of company where 1830 has one. This lesson follows them
through a game.

By the end of this lesson you will be able to:

1. name the four kinds and say how each is started (`1837:companies`, `1837:auction`);
2. explain how a **coal company** earns: a goods train from its mine, the mine's value paid to its treasury as
   a subsidy outside the train's revenue (`1837:coal.companies`, `1837:route.mine-subsidy`);
3. compute a **half payout**: the treasury keeps half rounded down, the owners share the rest
   (`1837:minor.payout`, `1837:dividend.rounding`);
4. say what happens when a coal company is **exchanged** for a major's reserved share, and when the **minors
   fold into their national railway** (`1837:coal.exchange`, `1837:national.formation`).

Money in 1837 is in Kronen, written K."""),
    ("code", HELPERS + SHOW_RULE + """
from collections import Counter

from IPython.display import HTML

game = gamekit.new_game("1837", players=["Ann", "Ben", "Cy", "Di"], seed=1)
kinds = Counter(c.kind for c in game.facts.corporations)
print(", ".join(f"{n} {kind}" for kind, n in kinds.items()))
show_rule("1837:companies")"""),
    ("md", """## The start packet

The game opens with the **start packet**: the coal companies, the minors and the private companies. In turn a
player chooses an item and bids on it; the others may raise or drop out. A coal company or minor bought here
floats at once with its fixed treasury and places its home station. When every player passes in a row, the
packet ends and what is left stays with the bank: in the stock rounds that follow it is sold at its face value,
and while any of it (or a second half of UG1 or UG3) is unsold, a turn is only such a purchase or a pass
(`1837:stock.round`)."""),
    ("code", """items = sorted({a.company for a in game.legal_actions() if a.type == "bid"})
print(len(items), "items to choose from:", ", ".join(items))
sd1 = game.facts.corporation("SD1")
print(f"SD1 {sd1.name}: home {sd1.homes[0].hex}, treasury {game.facts.money(sd1.starting_treasury)}, "
      f"merges into {sd1.merges_into}")
show_rule("1837:auction.select")"""),
    ("md", """## The sample game

We open a whole game the project ships: four heuristic bots (seed 1) that bid for the start packet, float
companies, lay track, run trains and exchange their coal companies as a careful beginner would, until the bank
breaks. `sample.history()` gives each action with the events it caused, and each event names its rule."""),
    ("code", """from gamekit.datafiles import data_json

sample = gamekit.load_json(data_json("1837", "sample_game.json"))
history = list(sample.history())
kind_of = {c.sym: c.kind for c in sample.facts.corporations}  # closed companies too
print(len(sample.actions), "actions;", sample.outcome.text)"""),
    ("md", """## A coal company runs a goods train

A coal company owns goods trains (1G, 2G, …). A goods train must start at its company's mine; the mine's value is
not part of the train's revenue but a **subsidy** paid straight to the treasury. The revenue itself is paid out
half and half, as for a minor."""),
    ("code", """coal_run = next(i for i, (action, events) in enumerate(history)
                if action.type == "run_routes" and kind_of[action.entity] == "coal"
                and any(e.kind == "subsidy" for e in events))
action, events = history[coal_run]
for e in events:
    if e.rule in ("1837:route.revenue", "1837:minor.payout"):  # the run and its payout, not what follows
        print(e)
show_rule("1837:route.mine-subsidy")"""),
    ("md", """The coal company's mine is one of the grey hexes at the edge of the map: its square station carries the
company's abbreviation, and the note beside it names the mine and its value now. Stations are drawn by kind (the
key under the map): a square for a coal company, a dotted ring for a minor, a thin ring for a major, a thick ring
for a national railway. Other notes say when Bosnia opens and when Italy leaves the map. The map is drawn after
that run (scroll it sideways to see all of it)."""),
    ("code", """after_run, coal = sample.at(coal_run + 1), action.entity
mine = after_run.facts.corporation(coal).homes[0].hex
subsidy = next(e.data["amount"] for e in events if e.kind == "subsidy")
mine_note = after_run.map_notes()[mine]  # as the map writes it, in the language set
print(f"{coal}'s mine {mine}; the run's subsidy: {after_run.facts.money(subsidy)}; the map's note there:")
display(HTML(mine_note.local()))
viz.map_figure(after_run)"""),
    ("md", """## Minors and coal companies pay half

There is no dividend decision for a minor or a coal company: it pays half automatically. The treasury keeps half
the revenue **rounded down**; the owners share the other half, each their percentage rounded down. UG1 and UG3
have two 50% certificates, so with an odd half one Krone stays with the bank (example T37-14)."""),
    ("code", """def half_payout(revenue, holders=(100,)):
    \"\"\"What a half payout gives: the treasury's part, and each holder's part (holders: their percentages).\"\"\"
    kept = revenue // 2
    return kept, [percent * (revenue - kept) // 100 for percent in holders]


for revenue in (60, 110):
    kept, paid = half_payout(revenue, (50, 50))
    print(f"UG1, two 50% holders, revenue {game.facts.money(revenue)}: {game.facts.money(kept)} to its treasury, "
          f"{' and '.join(game.facts.money(p) for p in paid)} to the holders")
show_rule("1837:minor.payout")"""),
    ("md", """Every automatic payout in the sample game follows that arithmetic. We check them all:"""),
    ("code", """payouts = 0
for action, events in history:
    for k, e in enumerate(events):
        if e.kind == "half" and kind_of.get(e.data.get("corporation")) in ("coal", "minor"):
            revenue, kept = e.data["revenue"], e.data["kept"]
            shares = [x.data["amount"] for x in events[k + 1:k + 3] if x.kind == "dividend"]
            assert kept == revenue // 2 and sum(shares) <= revenue - kept
            payouts += 1
print(payouts, "half payouts of coal companies and minors, each keeping half the revenue rounded down")"""),
    ("md", """## Exchanges and the nationals

A coal company's owner may exchange it for a **reserved share** of its major (its treasury and trains go along),
and must do so at the latest when the phases say. The minors, in the same way, fold into their **national
railway** (SD, KK or UG): the owner of a minor receives a share of the national in its place. We follow SD1 to
its national: in this game nobody bought it in the start packet, so it was sold in the first stock round."""),
    ("code", """def about(company):
    \"\"\"The events of the sample game that name `company`, with the action number.\"\"\"
    for i, (action, events) in enumerate(history):
        for e in events:
            if e.data.get("corporation") == company or e.data.get("company") == company or \\
                    e.text.startswith(company + " merges"):
                yield i, e


story = [(i, e) for i, e in about("SD1") if e.kind in ("buy_private", "float", "token", "merge")]
for i, e in story:
    print(f"action {i}: {e}")
exchanges = [(i, e) for i, (a, events) in enumerate(history) for e in events if e.kind == "exchange"]
print(len(exchanges), "coal companies exchanged; the first:", exchanges[0][1])"""),
    ("code", """show_rule("1837:national.formation")"""),
    ("md", """## Try this

* Pick another minor (`"KK1"`, `"UG2"`) and list `about(...)` for it: when did it float, and did it join its
  national before the game ended?
* Look at the events of `history[exchanges[0][0]]`: which certificate did the owner receive, and what came with
  it?

## Check yourself

What does UG1 pay with revenue 110 when two players hold its halves? Which action of the sample folded SD1 into
the SD, and what did its owner receive?"""),
    ("code", """money = sample.facts.money
ug1_treasury, ug1_holders = half_payout(110, (50, 50))
facts = {
    "how many coal companies, minors, majors and nationals": ", ".join(f"{n} {kind}" for kind, n in kinds.items()),
    "what UG1 pays of a revenue of 110K, two players holding its halves":
        f"{money(ug1_treasury)} to its treasury, {' and '.join(money(p) for p in ug1_holders)} to the players",
    "what happened to SD1, in order": ", ".join(e.kind.replace("_", " ") for _, e in story),
    "the event that folded SD1 into the SD": story[-1][1].text,
}
for k, v in facts.items():
    print(f"{k}: {v}")
assert dict(kinds) == {"coal": 10, "minor": 11, "major": 7, "national": 3}
assert (ug1_treasury, ug1_holders) == (55, [27, 27])  # 110 - 55 - 27 - 27 = 1 K stays with the bank
assert [e.kind for _, e in story][:3] == ["buy_private", "float", "token"] and story[-1][1].kind == "merge"
assert "receives" in story[-1][1].text and "SD" in story[-1][1].text  # one 10% SD certificate for the minor
assert payouts > 100 and len(exchanges) >= 1
assert coal in mine_note.local() and f"+{money(subsidy)}" in mine_note.local()  # the subsidy: the mine's value"""),
    *quiz(source='sample',
         kinds=['payout_player', 'payout_treasury'],
         answers=[30, 121, 186, 0],
         where='of the sample game: full and half payouts',
         n=4,
         seed=3),
]

if __name__ == "__main__":
    write(CELLS, "1837_01_coal_minors_and_nationals")
