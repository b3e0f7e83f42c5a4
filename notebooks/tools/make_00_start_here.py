"""Write ``notebooks/00_start_here.ipynb`` (no outputs): what these games are and how to use the kit.

The lesson's code cells are written once here, by :func:`cells`, for every language: the translated lessons
(``notebooks/i18n/make_00_start_here.py``) give their own prose (the markdown cells and the few words the code
prints) and run the same code, after ``gamekit.set_language``.
"""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

PROSE: dict[str, str] = {
    "intro": """# Start here: railway share games and the gamekit

In an **18xx** game such as *1830* (Francis Tresham) the players are **investors**, not railways. They buy
**certificates** (shares) of **corporations**; the president of each corporation runs it — lays track, places
station tokens, buys trains, runs **routes** for **revenue** and decides to **pay out** or **withhold**. You win
with the highest **value**: cash, plus your certificates at the share price, plus your private companies.
**Cube-rail** games (*Continental Divide*, *American Rails*) have the same idea with cubes for track, an
**income** per railroad and **dividends** per share.

By the end of this notebook you will be able to:

1. tell the flow of a game of 1830 — private auction → stock round → operating rounds, **phases** driven by
   train purchases, the end by a broken bank or a bankruptcy — and find it on a picture of a whole game;
2. create a game, list its legal actions, apply one, read the event and the rule behind it;
3. undo an action and **fork** a game to try a "what if" without losing your place;
4. open the explorer, and know which notebook to read next.""",
    "picture": """## 1. A game on one picture

Below is a whole game of 1830 played by four seeded heuristic bots (saved in `data/1830/sample_game.json`). Read
it left to right: after the **private auction** come a **stock round** (SR) and a set of **operating rounds** (OR).
A set has 1 OR in phase 2, 2 ORs in phases 3–4 and 3 from phase 5 (`1830:or.sets`). Phases start when the first
train of a new type is bought (dotted lines, `1830:trains.phase`); the game ends when the bank runs out of money
(`1830:end.bank`) or a president goes bankrupt (`1830:end.bankrupt`). The top chart is each player's value
(`1830:end.value`).""",
    "create": """## 2. Create, ask, apply

A game is its title, players, seed and the list of actions applied. `active_step` says what the game waits for
and which rule governs it; `legal_actions()` lists what may be done now. `sentence_now(g, action)` says each one
as it reads in this position, worded as the event it makes ("Ann buys SV for $20"; `action.sentence()` is its
wording anywhere: "Ann bids 20 on SV"). `parse_action` reads both.""",
    "apply": """Apply one: Ann buys the cheapest private company, the Schuylkill Valley, at its price. Every event names its
rule; `rule_text` prints it.""",
    "refuse": """`do` reads the sentence back with `g.parse_action(text)`, which returns the legal action it names. An
illegal action raises a `GameError` naming the rule that forbids it, and the game is exactly as before.""",
    "fork": """## 3. Undo and fork

`undo()` takes back the last action (`redo()` puts it back). `fork()` makes an independent copy: play on the copy,
the original does not move.""",
    "explorer": """## 4. The explorer and the map

`gamekit.widgets.Explorer(game)` shows the active step, the legal actions (bids and prices as sliders), Apply /
Undo / Redo, the map and the market, and an event log where each rule button opens the rule's text. It works for
every title. `viz.map_figure(game)` draws the map alone; hover a hex to read all its facts.""",
    "try": """**Try this:** in the explorer, play a few auction turns; then run the cell below to see that the explorer
played on `g` itself (`len(g.actions)` grows), and use Undo to take your moves back.""",
    "cube": """The cube-rail titles use the same protocol:""",
    "next": """## Where next

Start with 1830 if you want the 18xx baseline: the other 18xx lessons say what their titles change from it.

**1830**, in order:

* `1830_01_private_auction` — the waterfall auction of the private companies and why a private may be worth
  more than its face value;
* `1830_02_stock_round` — par and float, certificate limits, selling and the price, the president's certificate;
* `1830_03_operating_round` — operating order, tile lays and upgrades, tokens, routes, pay out or withhold;
* `1830_04_phases_and_train_rush` — phases, train limits, rusting, forced train purchases and bankruptcy;
* `1830_05_how_routes_pay` — why the best routes are best, stop by stop, and what a tile or token is worth;
* `1830_06_replay_a_real_game` — a whole real game on charts: player values and share prices by round, the
  turning points, the replay player.

**1894** (France and Belgium): `1894_01_what_changes_from_1830` — the start with two corporations floated, the
grey zone, redeeming and reissuing shares, train trade-ins; `1894_02_city_split_and_ferries` — green cities
that split in two, ferries to London.

**1837** (Austria-Hungary): `1837_01_coal_minors_and_nationals` — coal companies, minors paying half and the
national railways they fold into; `1837_02_the_hex_market` — a market of hexagons and its six directions.

**Cube rails**: `cd_01_learn_continental_divide` — starting a railroad, straight lines of track, dividends and
victory points; `ar_01_learn_american_rails` — the action track, city income, dividends by the shares held.

**All five titles side by side**: `compare_01_five_titles` — the mechanics of every title in one table, then
measured over many bot games.

## Check yourself""",
}
"""The markdown cells in English, by cell (the translated lessons have the same keys)."""

WORDS: dict[str, str] = {
    "actions": "actions;", "rounds": "rounds:", "marks": "turning points:", "refused": "refused:",
    "refused": "refused:", "unchanged": "unchanged:", "fork": "fork:", "original": "original:",
    "has": "— Ben has", "after_undo": "after undo Ann has", "and_g": "and g has", "redo": "redo:",
    "in_g": "in g; the last:", "none": "none", "legal": "legal actions, e.g.", "first_step": "first step of 1830",
    "ann_cash": "Ann's cash after buying SV", "sv_owner": "SV's owner",
    "fork_cash": "Ann's cash in the fork's start position", "sets": "operating rounds per set, by phase",
    "ends_by": "the sample game ends when", "cd_first": "Continental Divide's first event",
    "buy_sv": "Ann buys SV for $20", "buy_cs": "Ben buys CS for $40",
}
"""The words the code cells print, in English, and the sentences the learner types (``buy_sv``, ``buy_cs``: as
``sentence_now`` shows them in the lesson's language, which ``parse_action`` reads); the translated lessons have the
same keys."""

CD_FIRST = {"en": "each of the 3 players receives $80", "zh": "3 位玩家每人获得 $80",
            "ca": "cadascun dels 3 jugadors rep $80", "es": "cada uno de los 3 jugadores recibe $80",
            "nl": "elk van de 3 spelers krijgt $80"}
"""Continental Divide's first setup event for 3 players (rule ``cd:setup.cash``) in each language: the check
asserts it in the language gamekit speaks when it runs (a learner may set one at the top of the English lesson)."""


QUIZ = dict(source="sample", kinds=["minimum_bid", "sale_price", "payout_player", "rust"],
            answers=[165, 71, 78, "Every 4-train"],
            where="of the sample game above (four bots playing 1830): an auction bid, a sale, a payout, a train "
                  "purchase", n=4, seed=1)
"""The closing quiz (``nbcells.quiz``): its questions, their answers worked out by hand, and the heading's words."""


def cells(prose: dict[str, str], words: dict[str, str], lang: str = "en") -> list[tuple[str, str]]:
    """The lesson's cells: ``prose``'s markdown between the code cells, which print ``words``, then the closing quiz
    (:data:`QUIZ`; its heading is ``prose["quiz"]`` where the prose gives one, a translation's, else
    ``nbcells.quiz``'s English); ``lang`` other than English switches gamekit to it in the first code cell, and the
    quiz's check asserts it is still set (never switched back: the widgets answer clicks in the language set last)."""
    w = words
    (_md, heading), shown, (check_kind, check) = quiz(**QUIZ)
    switch = "" if lang == "en" else \
        f'\n\ngamekit.set_language("{lang}")  # the explorer, the events and the rules in this language'
    # the language stays set: the explorer's and the quiz's buttons, clicked after Run All, answer in it too
    stays = "" if lang == "en" else f'\nassert gamekit.language() == "{lang}"'
    return [
        ("md", prose["intro"]),
        ("code", HELPERS + switch),
        ("md", prose["picture"]),
        ("code", f"""from gamekit.datafiles import data_json
from gamekit.i18n import end_reason_words, localize, ngettext

sample = gamekit.load_json(data_json("1830", "sample_game.json"))
flow = viz.timeline_data(sample)
print(len(sample.actions), "{w['actions']}", localize(sample.outcome.text))
print("{w['rounds']}", " → ".join(map(localize, flow.labels[:8])), "…", localize(flow.labels[-1]))
print("{w['marks']}", [(point, localize(text)) for point, text in flow.marks])
viz.timeline(sample)"""),
        ("md", prose["create"]),
        ("code", """from gamekit.sentences import sentence_now, sentence_then

g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
for event in g.setup_events:
    print(event)
print(localize(g.active_step.name), "—", localize(g.active_step.help))
for action in g.legal_actions():
    print("  ", localize(sentence_now(g, action)))"""),
        ("md", prose["apply"]),
        ("code", f"""events = do(g, "{w['buy_sv']}")
print()
print(rule_text(events[0].rule))"""),
        ("md", prose["refuse"]),
        ("code", f"""before = g.to_json()
try:
    do(g, "{w['buy_sv']}")  # SV is sold already
except GameError as err:
    print("{w['refused']}", err)
wrong = g.legal_actions()[0].replace(entity="Cy")  # Cy acting on Ben's turn
try:
    g.process(wrong)
except GameError as err:
    print("{w['refused']}", err)
print("{w['unchanged']}", g.to_json() == before)"""),
        ("md", prose["fork"]),
        ("code", f"""forked_at = len(g.actions)  # g's actions when the fork was made
h = g.fork()
do(h, "{w['buy_cs']}")
def actions(game):
    \"\"\"'1 action', '2 actions': how many actions `game` has applied, in gamekit's language.\"\"\"
    count = len(game.actions)
    return ngettext("{{count}} action", "{{count}} actions", count).format(count=count)


print("{w['fork']}", actions(h), "{w['has']}", h.money(h.cash("Ben")))
print("{w['original']}", actions(g), "{w['has']}", g.money(g.cash("Ben")))
g.undo()
print("{w['after_undo']}", g.money(g.cash("Ann")), "{w['and_g']}", actions(g))
for event in g.redo():
    print("{w['redo']}", event)"""),
        ("md", prose["explorer"]),
        ("code", """from gamekit.widgets import Explorer

Explorer(g)"""),
        ("md", prose["try"]),
        ("code", f"""print(actions(g), "{w['in_g']}", localize(sentence_then(g, *list(g.history())[-1])) if g.actions else "{w['none']}")"""),
        ("md", prose["cube"]),
        ("code", f"""cd = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=1)
for event in cd.setup_events:
    print(event)
print(localize(cd.active_step.name), "—", localize(cd.active_step.help))
print(len(cd.legal_actions()), "{w['legal']}", localize(sentence_now(cd, cd.legal_actions()[0])))
viz.map_figure(cd)"""),
        ("md", prose["next"]),
        ("code", f"""checks = {{
    "{w['first_step']}": g.at(0).active_step.name,
    "{w['ann_cash']}": g.money(g.at(1).cash("Ann")),
    "{w['sv_owner']}": g.at(1).private_owner("SV"),
    "{w['fork_cash']}": h.money(h.at(0).cash("Ann")),
    "{w['sets']}": [p.operating_rounds for p in g.facts.phases],
    "{w['ends_by']}": end_reason_words(sample.outcome.reason),
    "{w['cd_first']}": cd.setup_events[0].local_text,
}}
for name, value in checks.items():
    print(f"{{name}}: {{localize(value)}}")
assert checks["{w['first_step']}"] == "Private auction"
assert g.at(1).cash("Ann") == 600 - 20
assert checks["{w['sv_owner']}"] == "Ann"
assert h.at(0).cash("Ann") == 600
assert checks["{w['sets']}"] == [1, 2, 2, 3, 3, 3]
assert len(h.actions) == forked_at + 1  # the fork went one step further; g did not follow
assert flow.labels[:3] == ["Auction", "SR 1", "OR 1.1"]
assert flow.player_values[sample.outcome.winners[0]][-1] == max(sample.outcome.values.values())
assert cd.setup_events[0].text == "{CD_FIRST['en']}"  # English in every language; shown in gamekit's:
assert checks["{w['cd_first']}"] == {CD_FIRST!r}[gamekit.language()]"""),
        ("md", prose.get("quiz", heading)),
        shown,
        (check_kind, check + stays),
    ]


CELLS: list[tuple[str, str]] = cells(PROSE, WORDS)

if __name__ == "__main__":
    write(CELLS, "00_start_here")
