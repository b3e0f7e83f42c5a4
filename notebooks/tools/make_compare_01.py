"""Write ``notebooks/compare_01_five_titles.ipynb`` (without outputs) from the cells below.

Run ``python notebooks/tools/make_compare_01.py``; check with
``pytest --nbval-lax notebooks/compare_01_five_titles.ipynb``.
"""

from __future__ import annotations

from nbcells import quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# Comparing the titles: the rules side by side, and what bots' games show

The kit's titles are all share games about railways, but they answer the same questions differently: who gives
a company its money, who decides where track goes, whether share prices move, how income reaches the players,
and what ends the game. This lesson puts those answers side by side and then measures what they do to a game.

By the end of this lesson you will be able to:

1. read the **concept table**: one row per mechanic, one column per title, each answer with the rule that says so;
2. read **playout measurements** of many bot games: length, decisions per turn, branching factor (how many
   different moves there are to choose from), how games end, the winner's margin and the seat that won;
3. run a **what-if**: change one rule option and measure the game again.

Nothing here is typed in per title: the table is read from each title's facts and rules files, and the
measurements are bot games played by the engine."""),
    ("code", """import pandas as pd
import plotly.express as px

import gamekit
from gamekit.compare import heading
from gamekit.rules import rule_text
from gamekit.titles import display_name
from gamekit.widgets import wide_figures

wide_figures()  # a map wider than this column scrolls inside it instead of being cut off

pd.set_option("display.max_colwidth", None)
table = gamekit.concepts_table()  # rows keyed "market", "trains", …: the same keys in every language
# for showing: each concept named in the learner's language, each title by its name ("Continental Divide")
values = table.xs("value", axis=1, level=1).rename(index=heading, columns=display_name)
# mathjax_ignore: JupyterLab would typeset the text between two dollar signs of a table as maths
values.style.set_table_attributes('class="mathjax_ignore"').set_properties(**{"text-align": "left"})"""),
    ("md", """## Reading the table

Each cell also carries the id of the rule section that states it (the `rule` columns of `table`). Ask
`rule_text(id)` for the rule itself. The table speaks the learner's language (run `gamekit.set_language("ca")`
first for Catalan), but its rows keep the English concept names as keys and its columns the titles' command-line
names (`"continental-divide"`), so code such as `table.loc["market", ("1830", "value")]` works in every language;
`display_name(title)` gives the name to show (`"Continental Divide"`). Three contrasts stand out:

- **Capitalization.** In 1830 a corporation receives ten times its par price once 60% of it is sold (full
  capitalization). In Continental Divide every share's price goes to the railroad as it is sold (incremental),
  and in American Rails the winning bid of each share auction does.
- **Who builds.** In 18xx titles the corporation builds, its president deciding. In Continental Divide any
  player with the most shares (ties too) may build; in American Rails anyone holding a share may.
- **The market.** 1830's prices move on a grid: down when shares are sold, right on a payout, left on a
  withhold. The cube-rail titles have no market at all: a share's value is what it will pay.

The next cell prints, for one concept, each title's answer and the rule text behind it."""),
    ("code", """import textwrap

CONCEPT = "dividends"  # try "end triggers", "capitalization", "selling"

for title in table.columns.levels[0]:
    rule = table.loc[CONCEPT, (title, "rule")]
    print(textwrap.fill(f"{display_name(title)}: {table.loc[CONCEPT, (title, 'value')]}", 96))
    print(textwrap.fill(f"[{rule}] " + " ".join(rule_text(rule).split()), 96, initial_indent="    ",
                        subsequent_indent="    "))"""),
    ("md", """## Measuring games

`gamekit.measure(title, players, games, bot, seed)` plays seeded bot games and returns one row per game. The
**heuristic** bot plays by rules of thumb (float a corporation of your own, lay the tile that pays most, buy
the train that adds most to its routes; in the cube-rail games, buy and build what raises your expected final
score), so its games look like games people play. The sample below is small so the lesson runs in a few
minutes; a real study uses hundreds of
games per title (`gamekit.measure(..., games=200)`, or with `client=` a Dask cluster for thousands). The same
seed always gives the same table."""),
    ("code", """# games per title: 1837's games are long, the cube-rail games short
GAMES = {"1830": 2, "1837": 1, "1894": 2, "continental-divide": 8, "american-rails": 12}
PLAYERS = 4

runs = pd.concat([gamekit.measure(title, PLAYERS, GAMES[title], bot="heuristic", seed=1, workers=1)
                  for title in gamekit.title_names()], ignore_index=True)
summary = runs.groupby("title")[["actions", "rounds", "turns", "decisions_per_turn", "branching", "margin"]].mean()
summary.round(1)"""),
    ("code", """# the axis names each title as a reader knows it ("Continental Divide"), not by its command-line name
shown = summary.reset_index().assign(title=lambda s: s["title"].map(display_name))
fig = px.bar(shown, x="title", y="branching", log_y=True, text_auto=".0f",
             title="Branching factor: concrete legal moves at a decision (mean, log scale)",
             labels={"branching": "legal moves", "title": ""})
fig.update_yaxes(dtick=1)  # label the powers of ten only: the log axis's minor labels are too small to read
fig.update_layout(width=700, height=420)
fig"""),
    ("md", """Continental Divide's branching factor is large: starting a railroad means choosing its start city, its
share count and its stock value at once, thousands of combinations. 1830 is large in the operating round
(every tile, rotation and hex) and in the private auction (every bid amount). American Rails offers few choices
per decision; its games take more decisions (the `actions` column) than Continental Divide's, though far fewer than
1830's or 1837's.

How did the games end? Each title has its own ends; the table below counts the games by the engine's
`end_reason` and says each in words (`how`):

- **1830** ends when the bank runs out of money (`bank`), after the set of operating rounds under way (or the
  next set, when it breaks in a stock round), or at once when a player goes bankrupt (`bankrupt`). The heuristic
  bot's games end with the bank broken, the way most real 1830 games end.
- **1837** ends when its bank breaks too (`bank`), but sooner: at the end of the operating round under way. A
  bankrupt player drops out and the others play on; bankruptcy ends the game only once all players but one are
  bankrupt (`bankrupt`).
- **1894**'s bank never breaks. The game ends at once when a share price reaches 450 F, the market's last cell
  (`stock_market`), or when a player goes bankrupt (`bankrupt`). Otherwise the first Diesel starts the last
  phase, purple (`final_phase`): the set of operating rounds under way is finished, then one more stock round and
  one more set of operating rounds are played. (The players may also agree to stop; the engine does not play
  that.)
- **Continental Divide** ends on its fixed clock: after the dividends of the eighth game turn (`turns`), its only
  end.
- **American Rails** ends after the dividends of its seventh year, 1857 (`years`), or after an earlier year's
  dividends once every share is gone (`shares`) or the cube supplies run low (`supplies`).

(The `margin` column is in each title's own score: dollars in 1830 and American Rails, Kronen (K) in 1837, francs
(F) in 1894, victory points in Continental Divide.)"""),
    ("code", """from gamekit.i18n import localize

# each title says its end in its own words (end_words: 1837's bankruptcy end is all players but one bankrupt)
ends = runs.groupby(["title", "end_reason"]).size().rename("games").reset_index()
ends.assign(how=[localize(gamekit.game_class(title).end_words(reason))
                 for title, reason in zip(ends["title"], ends["end_reason"])])"""),
    ("md", """## Does the bot matter? One heuristic seat among random players

Measurements are only as good as the bots that play. Here, in the two cube-rail titles (Continental Divide and
American Rails, whose games are short enough to play a few in a lesson; the 18xx titles' take minutes each), the
first seat is heuristic and the others are random. If the heuristic seat wins almost always, the measurements of
heuristic games say something about the rules rather than about luck.

Read the `winner_seat` of all-heuristic games with care: it measures the bots more than the seats. Every
heuristic bot in the same position wants the same thing (in an auction, the cheapest item), so the order
of the seats decides who gets it. In 200-game sweeps of 1837 at 3 players the first seat won 126 games; at 4
players the last seat won 103. A seat advantage of the game itself shows only between players who choose
differently."""),
    ("code", """MIXED = {"continental-divide": 6, "american-rails": 10}
SEATS = ["heuristic"] + ["random"] * (PLAYERS - 1)
mixed = pd.concat([gamekit.measure(title, PLAYERS, n, seats=SEATS, seed=1, workers=1) for title, n in MIXED.items()],
                  ignore_index=True)
mixed.assign(heuristic_won=mixed["winner_seat"] == 0).groupby("title")["heuristic_won"].mean()"""),
    ("md", """## What if? One option changed

A teacher's question: *what if 1830 had three 6-trains instead of two?* The option `optional_6_train` changes
exactly that rule. The cell measures the same seeds with the option and puts the games beside the plain ones
above. Change `OPTION` (see `gamekit.game_class("1830").options_available`) and run it again."""),
    ("code", """OPTION = "optional_6_train"

plain = runs[runs["title"] == "1830"]
variant = gamekit.measure("1830", PLAYERS, len(plain), bot="heuristic", seed=1, options=[OPTION], workers=1)
side = pd.concat([plain, variant], ignore_index=True)
side.assign(options=side["options"].replace("", "plain rules"))[
    ["options", "seed", "actions", "rounds", "end_reason", "winner", "margin"]]"""),
    ("md", """## Check yourself

The asserts are the facts of this lesson; the engine computes every one of them."""),
    ("code", """# each concept's value in English (str of the value), whatever language the table above speaks
english = {title: {c.name: str(c.value) for c in gamekit.concepts(title)} for title in gamekit.title_names()}
assert list(table.columns.levels[0]) == sorted(gamekit.title_names())
assert list(fig.data[0].x) == ["1830", "1837", "1894", "American Rails", "Continental Divide"]
assert english["1830"]["capitalization"].startswith("major: floats at 60% sold")
assert english["continental-divide"]["market"].startswith("none")
assert all(rule_text(table.loc[c, (t, "rule")]) for c in table.index for t in table.columns.levels[0])
cube_rails = [title for title in english if english[title]["market"].startswith("none")]
cube = runs[runs["title"].isin(cube_rails)]
assert sorted(cube_rails) == ["american-rails", "continental-divide"]
assert cube["finished"].all() and set(cube["end_reason"]) <= {"turns", "years", "shares", "supplies"}
assert set(runs.loc[runs["title"] == "1830", "end_reason"]) == {"bank"}
ENDS = {"1830": {"bank", "bankrupt"}, "1837": {"bank", "bankrupt"},
        "1894": {"stock_market", "bankrupt", "final_phase"}, "continental-divide": {"turns"},
        "american-rails": {"years", "shares", "supplies"}}  # the ends the text lists
assert runs["finished"].all()
assert all(reason in ENDS[title] for title, reason in zip(runs["title"], runs["end_reason"]))
for title in ("1830", "1837", "1894"):  # the text's ends of the 18xx titles are the engine's end triggers
    triggers = gamekit.new_game(title, ["A", "B", "C", "D"]).facts.end_triggers
    assert {t.reason for t in triggers} == ENDS[title]
assert summary.loc["continental-divide", "branching"] > summary.loc["american-rails", "branching"]
assert (summary.loc["continental-divide", "actions"] < summary.loc["american-rails", "actions"]
        < summary.loc[["1830", "1837"], "actions"].min())
assert (mixed.groupby("title")["winner_seat"].apply(lambda s: (s == 0).mean()) >= 0.8).all()
assert set(variant["options"]) == {OPTION} and len(variant) == len(plain)
print("all checks hold")"""),
    ("md", """## How revenue becomes dividends, in three titles

The closing quiz asks the same question three ways: what a shareholder receives in an 1830 payout (each 10% gets a
tenth), in an 1837 half payout (the treasury keeps half first), and what a Continental Divide railroad pays per
share (its income over the shares issued, rounded up). The positions come from the saved sample games and a game
of greedy bots."""),
    ("code", """from gamekit.cuberails.cd_bots import greedy_action
from gamekit.datafiles import data_json
from gamekit.simulate import play_random_game

sample_1830 = gamekit.load_json(data_json("1830", "sample_game.json"))
sample_1837 = gamekit.load_json(data_json("1837", "sample_game.json"))
cd_game = play_random_game("continental-divide", 4, seed=7, bot=greedy_action)"""),
    *quiz(source="sample_1830",
         kinds=["payout_player", "payout_player", "cube_dividend"],
         answers=[282, 12, 10],
         where="of three titles: a payout, a half payout and a cube-rail dividend",
         questions=('lesson_quiz(sample_1830, ["payout_player"], n=3, seed=1)[:1]\n'
                    '            + lesson_quiz(sample_1837, ["payout_player"], n=3, seed=2)[:1]\n'
                    '            + lesson_quiz(cd_game, ["cube_dividend"], n=3, seed=1)[:1]')),
]


if __name__ == "__main__":
    write(CELLS, "compare_01_five_titles")
