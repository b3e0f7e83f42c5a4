"""Write ``notebooks/1830_05_how_routes_pay.ipynb`` (without outputs) from the cells below.

Run ``python notebooks/tools/make_1830_05.py``; check with
``pytest --nbval-lax notebooks/1830_05_how_routes_pay.ipynb``.
"""

from __future__ import annotations

from nbcells import quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 5: how routes pay

In an operating round each train of a corporation runs **one route** and the corporation earns the sum of the
stops on those routes. Choosing the routes is the hardest sum of the game — players leave money on the table in
real games, and web sites solve it with time-limited guesswork. gamekit solves it **exactly** and says when the
answer is proved best.

By the end of this lesson you will be able to:

1. read a route **stop by stop**: which stops a train counts and what each pays;
2. explain why the best set of routes is best: **no track used twice**, stops may be shared, trains run as many
   stops as their number;
3. measure **what a new tile or a station token is worth** to a corporation, by comparing best revenues."""),
    ("md", """## The rules in plain words

* A route joins stops (cities, towns, off-board areas) along track, never reversing, never visiting a stop
  twice; it must include a city with one of the corporation's station tokens (`1830:route.token`).
* A train counts as many stops as its number (a 3-train three; a diesel any number) (`1830:route.distance`).
* Two trains of the same corporation **may stop at the same city but may not share any track**
  (`1830:route.reuse`). Off-board areas only start or end a route (`1830:route.offboard`); a city filled with
  other corporations' tokens cannot be passed through (`1830:route.blocked`).
* A stop pays the value printed on its current tile; off-board values rise with the phase (`1830:route.revenue`).

`rule_text(id)` prints any rule section."""),
    ("code", """from dataclasses import replace

import plotly.graph_objects as go

from gamekit.exercises.kind import train_words
from gamekit.games import real_game
from gamekit.import18xx import to_action
from gamekit.routes import best_routes, hex_stops, position, run_positions
from gamekit.rules import rule_text
from gamekit.titles.g1830.revenue import check_run, route_choices
from gamekit.tracks.lay import lay_tile, legal_lays
from gamekit.tracks.router import find_best_routes
from gamekit.tracks.routes import Train, route_from_log, run_routes
from gamekit.tracks.tokens import place_token, tokenable_cities
from gamekit.viz import map_figure
from gamekit.viz.hexes import edge_midpoint, hex_center
from gamekit.viz.map18xx import board_of, stop_point
from gamekit.widgets import wide_figures

wide_figures()  # a map wider than this column scrolls inside it instead of being cut off

print(rule_text("1830:route.reuse"))"""),
    ("md", """## A position from a real game

We replay a recorded 18xx.games game of 1830 to the moment the New York Central (NYC) runs its two 3-trains
(game 26855). The game ships with gamekit (`gamekit.games`: the 18xx.games exports it carries, each with its
source), so this lesson needs no download.

Two counts number the moves of a game, and this lesson shows both. 18xx.games numbers **every entry of its log**,
chat messages and undone actions included: NYC's run is its **log entry 328**, and that is the number
`run_positions(..., at=328)` and the `gamekit routes --at 328` command take. gamekit counts only the **actions it
applied** (`len(game.actions)`): the maps below say "after 277 actions", the same moment in the game."""),
    ("code", """REAL = real_game("1830", "26855")
(logged,) = run_positions(REAL.log(), at=328)
game, corp = logged.game, logged.corporation
logged_routes = to_action(logged.entry, "log entry 328")
source = f"{REAL.description}; before its log entry 328, whose players ran {game.money(logged.logged_revenue)}"

trains = game.trains(corp)
print(source)
print(f"18xx.games log entry 328 is gamekit's action {len(game.actions) + 1}: {len(game.actions)} applied before it")
print(corp, "owns", train_words(trains), "— step:", game.active_step.name)  # "two 3-trains": kinds, not copy ids"""),
    ("md", """## The best routes, stop by stop

`best_routes(game, corporation)` enumerates every legal route of each train over the track segments of the
network, then picks the combination without shared track that earns most (a branch-and-bound search over bit
sets of track). Every candidate and the final set are scored by the same rule code that checks a player's
routes."""),
    ("code", """best = best_routes(game, corp)
print(f"best revenue {game.money(best.total)}, proved optimal: {best.proved_optimal}")
print("search:", vars(best.counters))
pos = position(game, corp)  # the board, NYC's trains and the phase, as the route rules read them
PLACES = {coord: printed.name for coord, printed in pos.data.hexes.items()}


def stop_label(stop, at):
    \"\"\"How a route's stop reads: its kind, numbered when its hex holds more than one of that kind ("town 2 of
    2"). A stop's `node` is (hex, kind, index on the hex); `hex_stops(at, hex)` lists the stops of a hex.\"\"\"
    return next(str(s.label) for s in hex_stops(at, stop.node[0]) if s.node == stop.node)


def stop_table(run, at=pos):
    \"\"\"Print each route stop by stop: the hex and its place, the stop, what it pays (at the position `at`:
    `replace(pos, board=...)` for a what-if board).\"\"\"
    for r in run.routes:
        kind = r.train.rsplit("-", 1)[0]
        print(f"{'a diesel' if kind == 'D' else f'a {kind}-train'}: {game.money(r.revenue)}")
        for s in r.stops:
            coord = s.node[0]
            print(f"    {coord:<4} {PLACES.get(coord) or '':<20} {stop_label(s, at):<12} {game.money(s.revenue):>5}")
        if r.bonus:
            print(f"    bonus {game.money(r.bonus):>40}")


stop_table(best.run)"""),
    ("md", """And the routes the players actually ran, checked and scored by the same rules:"""),
    ("code", """theirs = [route_from_log(pos.data, pos.board, r.train, r.connections) for r in logged_routes.routes]
their_run = run_routes(pos.data, pos.board, corp, theirs, pos.trains, pos.phase_colours)
stop_table(their_run)
print("left on the table:", game.money(best.total - their_run.total))"""),
    ("md", """Why is the best set better? Read the tables: the stops the two sets share, and the stops only one of them
uses. Two trains may both stop at the same city (in game 26855 New York, G19, pays both trains) as long as they arrive
on different track. A hex may also hold two stops: F20, New Haven & Hartford, has **two towns**, so the tables
number them (town 1 of 2, town 2 of 2); they are different stops, and one route may visit both.
`hex_stops(pos, "F20")` lists the stops of a hex, with what each pays now and how the tables name it. The map
shows the best routes, one colour per train, and only the part of the board around them
(`map_figure(..., focus=points)`: larger hexes, so the names and values of the busy north-east stay apart)."""),
    ("code", """COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]


def draw_routes(game, routes, board=None):
    \"\"\"The map (of `board`, a what-if board, if given) around the routes, each drawn from stop to stop through the
    hex sides it crosses.\"\"\"
    board = board or board_of(game)
    track = game.track

    lines = []  # per route, its points: each leg's stops and the midpoints of the hex sides between them
    for route in routes:
        points = []
        for leg in route.legs:
            points.append(stop_point(game, leg.start, board))
            for (here, _), (there, _) in zip(leg.paths, leg.paths[1:]):
                edge = next(e for e in range(6) if track.neighbour(here, e) == there)
                points.append(edge_midpoint(*hex_center(here), edge, 1.0))
            points += [stop_point(game, leg.end, board), (None, None)]
        lines.append(points)
    # zoomed on the routes (focus): on the whole map the stops' names and values crowd the north-east
    fig = map_figure(game, board=board, width=820,
                     focus=[p for points in lines for p in points if p[0] is not None])
    for n, (route, points) in enumerate(zip(routes, lines)):
        fig.add_trace(go.Scatter(x=[x for x, _ in points], y=[y for _, y in points], mode="lines",
                                 line=dict(color=COLOURS[n % 4], width=8), opacity=0.7,
                                 name=f"train {n + 1}: a {route.train.rsplit('-', 1)[0]}-train", hoverinfo="name"))
    fig.update_layout(showlegend=True)
    return fig


draw_routes(game, best.routes)"""),
    ("md", """## What is a tile worth? What is a token worth?

The best revenue is a number we can compare. Copy the board (`board_of(game)` rebuilds it from
`game.track_state()`, so the game itself never changes), lay one tile on the copy (checked by the same rules as
in the operating round), and find the best routes again. Every legal lay of the corporation, ranked by what it adds:"""),
    ("code", """colours = pos.phase_colours
lays = legal_lays(pos.data, pos.board, corp, phase_colours=colours)
worth = []
for coord, tile, rotation, cost in lays:
    what_if = board_of(game)
    lay_tile(pos.data, what_if, corp, coord, tile, rotation, phase_colours=colours)
    worth.append((find_best_routes(replace(pos, board=what_if)).total - best.total, coord, tile, rotation, cost))
worth.sort(key=lambda w: (-w[0], w[1], w[2], w[3]))
print(f"{len(lays)} legal lays; the five worth most to {corp}'s trains now:")
for gain, coord, tile, rotation, cost in worth[:5]:
    print(f"    tile {tile.rsplit('-', 1)[0]:>3} on {coord} (rotation {rotation}, terrain {game.money(cost)}): +{game.money(gain)}")"""),
    ("code", """gain, coord, tile, rotation, cost = worth[0]
better = board_of(game)
lay_tile(pos.data, better, corp, coord, tile, rotation, phase_colours=colours)
after = find_best_routes(replace(pos, board=better))
print(f"after tile {tile.rsplit('-', 1)[0]} on {coord}: best revenue {game.money(best.total)} -> {game.money(after.total)}")
stop_table(after.run, replace(pos, board=better))
draw_routes(game, after.routes, board=better)"""),
    ("code", """tokens = []
for city_hex, city in tokenable_cities(pos.data, pos.board, corp):
    what_if = board_of(game)
    place_token(pos.data, what_if, corp, city_hex, city)
    tokens.append((find_best_routes(replace(pos, board=what_if)).total - best.total, city_hex, city))
tokens.sort(key=lambda t: (-t[0], t[1], t[2]))
print("a station token (price aside) would add:",
      ", ".join(f"+{game.money(gain)} in {where}" for gain, where, _ in tokens[:5]) or "no city to token")"""),
    ("md", """## Try this

* Give the corporation other trains: `replace(pos, trains={...})` and `find_best_routes`. What does a diesel
  (`Train.counting_all("D-9", None)`) earn here? Two 2-trains instead of two 3-trains?
* Change `worth[0]` to `worth[1]` above and compare the maps.
* Set a tiny `time_budget` (`best_routes(game, corp, time_budget=0)`): the answer says it is **not** proved."""),
    ("code", """diesel = find_best_routes(replace(pos, trains={"D-9": Train.counting_all("D-9", None)}))
print("one diesel instead:", game.money(diesel.total))
stop_table(diesel.run)  # it visits both towns of F20: two stops, each once"""),
    ("md", """## Check yourself

Before you press **Show answer**: what is NYC's best revenue here, and how much did its players leave on the table?
What does the best tile add, and what would one diesel earn instead? The engine computes the answers; the
`assert`s hold them."""),
    ("code", """offered_total, _ = check_run(game, route_choices(game, corp)[0])
facts = {"best revenue": game.money(best.total), "proved best": best.proved_optimal,
         "the players ran": game.money(their_run.total), "the best tile adds": game.money(worth[0][0]),
         "one diesel instead": game.money(diesel.total)}
for k, v in facts.items():
    print(f"{k}: {v}")
assert best.proved_optimal
assert best.total == sum(s.revenue for r in best.run.routes for s in r.stops) + sum(r.bonus for r in best.run.routes)
assert best.total >= their_run.total
assert offered_total == best.total  # the operating round offers the best set, and the rules accept it
assert after.total == best.total + worth[0][0] >= best.total
assert not best_routes(game, corp, time_budget=0).proved_optimal
assert (best.total, their_run.total) == (240, 210)
assert [s.node_id for r in best.run.routes for s in r.stops].count("G19-1") == 2  # both trains end in New York
assert len(game.actions) == 277  # the maps' count at 18xx.games log entry 328, as the text says
f20 = [s.node for s in diesel.run.routes[0].stops if s.node[0] == "F20"]
assert sorted(f20) == [("F20", "town", 0), ("F20", "town", 1)]  # two stops on one hex, each visited once
assert [(str(s.label), s.revenue) for s in hex_stops(pos, "F20")] == [("town 1 of 2", 10), ("town 2 of 2", 10)]"""),
    *quiz(source='game',
         kinds=['best_route'],
         answers=[260, 240, 130],
         where="of game 26855 before its log entry 328: the best routes of a corporation's trains",
         n=3,
         seed=1),
]



if __name__ == "__main__":
    write(CELLS, "1830_05_how_routes_pay")
