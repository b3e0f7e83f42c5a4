"""Write ``notebooks/1830_06_replay_a_real_game.ipynb`` (no outputs): a real 18xx.games game replayed with charts.

The game is 18xx.games game 26855, shipped with gamekit (``gamekit.games``, ``data/1830/games/``).
"""

from __future__ import annotations

from nbcells import HELPERS, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1830, lesson 6: replay a real game

18xx players have long asked for charts of a whole game: each player's value and each corporation's share price,
round by round. Here we import a game played on 18xx.games, replay every action with our own rules, and draw it.

By the end of this lesson you will be able to:

1. import an 18xx.games log and check that our rules reach its recorded result (`core:import.log`);
2. read the player values and share prices of a whole game by round (`1830:end.value`);
3. find the turning points — the first 4 (2s rust), the first 6, the first D, the bankruptcy or the broken
   bank — and what the winner did differently."""),
    ("code", HELPERS + """


from gamekit.games import open_real_game, real_game

real = real_game("1830", "26855")  # shipped with gamekit: the export 18xx.games made, with its source
game, source = open_real_game("1830", "26855"), real.description
print(source)
print(len(game.actions), "actions;", game.outcome.text)
for pid, value in game.outcome.ranking:
    print(f"  {game.player(pid).name:10} {game.money(value)}")"""),
    ("md", """## The whole game on one picture

Four charts share the round axis: player values, share prices, treasuries and revenue per operating round.
Dotted lines are phase changes and the end."""),
    ("code", """data = viz.timeline_data(game)
viz.timeline(game)"""),
    ("md", """## Turning points

The phase marks say when each new train type first sold. The biggest moves in player value show who gained from
them: below, each player's largest gain and largest loss between two rounds."""),
    ("code", """for point, text in data.marks:
    print(f"{text:12} during {data.labels[point]} (position {data.positions[point]})")
print()
for pid, values in data.player_values.items():
    steps = [(values[k] - values[k - 1], data.labels[k]) for k in range(1, len(values))]
    gain, loss = max(steps), min(steps)
    print(f"{game.player(pid).name:10} best round {gain[1]} (+{game.money(gain[0])}), "
          f"worst round {loss[1]} ({'-' if loss[0] < 0 else '+'}{game.money(abs(loss[0]))})")"""),
    ("md", """## What did the winner do differently?

At the end, compare what each player holds: cash, the corporations they preside over and the value of their
shares at the final prices."""),
    ("code", """winner = game.outcome.winners[0]
for p in game.players:
    presides = sorted(c for c in game.corporations() if game.president(c) == p.id)
    shares = {c: held.percent for c, held in game.holdings(p.id).items()}
    print(f"{p.name:10} cash {game.money(game.cash(p.id)):>6}  president of {', '.join(presides) or 'none'}  "
          f"shares {', '.join(f'{c} {percent}%' for c, percent in shares.items()) or 'none'}")
print("winner:", game.player(winner).name)"""),
    ("md", """## Step through it

The replay player keeps the map, the market and the charts in step with a slider (or press play). Rule buttons in
its log open the rule behind each event."""),
    ("code", """from gamekit.widgets import ReplayPlayer

ReplayPlayer(game, start=data.positions[len(data.positions) // 2])"""),
    ("md", """## Try this

* Move the slider to the first 4-train and look at the market: which corporations lost their trains, and what
  happened to their prices in the next rounds?
* `game.at(i)` is the position before action `i`: fork it and play a different choice where the loser's value
  dropped most.

## Check yourself"""),
    ("code", """final = {pid: values[-1] for pid, values in data.player_values.items()}
prices = {c: s[-1] for c, s in data.share_prices.items() if s[-1] is not None}
facts = {
    "source": source,
    "rounds drawn": len(data.labels),
    "final values (chart)": ", ".join(f"{game.player(pid).name} {game.money(v)}" for pid, v in final.items()),
    "final share prices": ", ".join(f"{c} {game.money(price)}" for c, price in prices.items()),
    "phase marks": [t for _, t in data.marks],
    "winner": game.player(winner).name,
}
for k, v in facts.items():
    print(f"{k}: {v}")
assert final == game.outcome.values  # the chart ends on the engine's final values
assert max(final, key=final.get) == winner
assert all(len(s) == len(data.labels) for s in [*data.player_values.values(), *data.share_prices.values()])
assert prices == {c: game.share_price(c) for c in game.corporations() if game.share_price(c) is not None}
assert [t for t in facts["phase marks"] if t.startswith("phase")][:3] == ["phase 3", "phase 4", "phase 5"]
assert game.outcome.reason == "bankrupt"
assert final == {"330": 2212, "82": 2127, "1627": 1831, "117": 310}  # the result 18xx.games recorded"""),
    *quiz(source='game',
         kinds=['rust', 'next_phase', 'sale_price', 'payout_player'],
         answers=['Every 3-train', 'Phase 6: yellow, green, brown tiles; train limit 2; 3 operating rounds per set', 60, 204],
         where='of the real game: a rust, a phase, a sale and a payout',
         n=4,
         seed=1),
]

if __name__ == "__main__":
    write(CELLS, "1830_06_replay_a_real_game")
