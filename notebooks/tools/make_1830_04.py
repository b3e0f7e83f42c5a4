"""Write ``notebooks/1830_04_phases_and_train_rush.ipynb`` (no outputs): phases, rusting, forced purchase,
emergency money, bankruptcy — on a position of the saved sample game."""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 4: phases and the train rush

Trains are bought from the bank in order. The first train of each new type starts a new **phase**: new tile
colours, fewer trains allowed per corporation, more operating rounds per set — and older trains **rust** away.

By the end of this lesson you will be able to:

1. read the phase table: what each phase changes (`1830:trains.phase`, `1830:trains.limit`, `1830:or.sets`), from
   when corporations may buy private companies (`1830:or.buy-private`, phases 3 and 4) and when the privates close
   (`1830:private.close`, the first 5-train);
2. say which trains rust on which purchase: 2s on the first 4, 3s on the first 6, 4s on the first D
   (`1830:trains.rust`);
3. explain the **forced train purchase** and the president's **emergency money** (`1830:trains.must-buy`,
   `1830:trains.emergency`), and when a president goes **bankrupt** (`1830:end.bankrupt`)."""),
    ("code", HELPERS + """


from gamekit.datafiles import data_json

g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
print("phase  starts on  train limit  tiles                   ORs per set  corporations buy privates")
for p in g.facts.phases:
    print(f"{p.name:6} {p.on or 'start':10} {p.train_limit:11}  {', '.join(p.tiles):23} {p.operating_rounds:11}  "
          f"{'yes' if p.corporations_buy_privates else 'no'}")
print("the first 5-train closes every private company:", g.facts.train("5").closes_privates)
print(rule_text("1830:private.close"))
print()
print("train  price  copies  rusts when the first … is bought")
for t in g.facts.trains:
    print(f"{t.name:6} {t.price:5}  {t.count if t.count is not None else 'any':6}  {t.rusts_on or '-'}")"""),
    ("md", """## A position: the NYNH must buy a train

We open the saved game of four heuristic bots (`data/1830/sample_game.json`) at its first **forced** train
purchase that the treasury cannot pay alone: an operating round of phase 6, and the NYNH — with no train, but
track that joins two stops — must buy one. The 6-trains are sold out, so the only train in the bank is the
first D-train. We find the position by asking the game's history for the first action whose events include the
president's emergency money."""),
    ("code", """sample = gamekit.load_json(data_json("1830", "sample_game.json"))
forced = next(i for i, (action, events) in enumerate(sample.history())
              if any(e.kind == "emergency" for e in events))
pos = sample.at(forced)
print("position", forced, "—", pos.active_step.name, "—", pos.active_step.help)
print("bank sells next:", pos.trains_in_depot()[:3])
print("trains by corporation:", {c: [t.rsplit("-", 1)[0] for t in pos.trains(c)] for c in pos.corporations()
                                 if pos.floated(c)})  # a train's kind: its id without the copy number
president = pos.president("NYNH")
print("NYNH treasury:", pos.treasury("NYNH"), "; its president", president, "has", pos.cash(president))
print(rule_text("1830:trains.emergency"))"""),
    ("md", """## Buy the first D and watch the rust

We apply the recorded purchase on a fork. The NYNH is 1,090 dollars short: its president pays the difference. The
first D-train starts phase D (train limit 2) and every 4-train rusts."""),
    ("code", """after = pos.fork()
rush = after.process(sample.actions[forced])
for e in rush:
    print(e)
lost = {e.data["corporation"]: e.data["trains"] for e in rush if e.kind == "rust"}
print("trains by corporation now:", {c: [t.rsplit("-", 1)[0] for t in after.trains(c)] for c in after.corporations()
                                     if after.floated(c)})"""),
    ("code", """viz.market_figure(after)"""),
    ("md", """## Bankruptcy

If the president cannot raise the money even by selling certificates, they go bankrupt and the game ends at once.
The real game replayed in lesson 6 ends this way."""),
    ("code", """print(rule_text("1830:end.bankrupt"))"""),
    ("md", """## Try this

* List `pos.legal_actions()`: may the NYNH buy a train from another corporation instead of the D? Try one on
  a fork with `do(pos.fork(), "...")` and its sentence. Does the phase change? Who pays?
* Find the first 4-train in the sample game (`next(i for i, a in enumerate(sample.actions) if a.type == "buy_train" and a.train == "4-0")`)
  and buy it on a fork: which 2-trains rust, and which phase begins?

## Check yourself

Which corporation must buy a train here, with how much cash short? And which corporations have lost all their trains
to the rust (each must buy one in its next turn if it has a route)?"""),
    ("code", """price = after.facts.train("D").price
cash = pos.treasury("NYNH")
emergency = next(e for e in rush if e.kind == "emergency")
facts = {
    "must buy": pos.active_step.entity,
    "cash short": price - cash,
    "president's emergency money": emergency.data["amount"],
    "trains rusted": {c: f"{len(trains)} {trains[0].rsplit('-', 1)[0]}-train{'s' if len(trains) > 1 else ''}"
                      for c, trains in lost.items()},
    "left without trains by the rust": sorted(c for c in lost if not after.trains(c)),
    "phase, train limit": (after.phase(), after.train_limit()),
}
show_answer(facts, after.money, ["cash short", "president's emergency money"])
assert facts["must buy"] == "NYNH" and "must buy" in pos.active_step.help
assert facts["cash short"] == 1100 - 10 == facts["president's emergency money"]
assert lost == {"PRR": ["4-1"], "NYC": ["4-2", "4-3"], "B&O": ["4-0"]}
assert facts["left without trains by the rust"] == ["B&O", "NYC", "PRR"]
assert facts["phase, train limit"] == ("D", 2)
assert all(not t.startswith("4-") for c in after.corporations() for t in after.trains(c))"""),
    *quiz(source='sample',
         kinds=['rust', 'next_phase'],
         answers=['Every 3-train', 'Phase 5: yellow, green, brown tiles; train limit 2; 3 operating rounds per set', 'Every 2-train', 'Phase 3: yellow, green tiles; train limit 4; 2 operating rounds per set'],
         where='of the sample game: which trains rust and which phase begins when a train is bought',
         n=4,
         seed=1),
]

if __name__ == "__main__":
    write(CELLS, "1830_04_phases_and_train_rush")
