"""Write ``notebooks/1894_02_city_split_and_ferries.ipynb`` (no outputs): a green city splitting in two on its
brown tile with its station tokens re-placed, and the ferry markers to London — on the shipped sample game
(``data/1894/sample_game.json``, reached by legal play; ``make_1894_sample.py`` writes it)."""

from __future__ import annotations

from nbcells import HELPERS, SHOW_RULE, quiz, write

CELLS: list[tuple[str, str]] = [
    ("md", """# 1894, lesson 2: cities that split, and ferries to London

Two of 1894's rules change the map itself.

By the end of this lesson you will be able to:

1. explain what happens when an ordinary **green city becomes two brown cities**: every station token there is
   lifted; the laying corporation puts its own back at once, the other owners theirs at the end of its turn
   (`1894:track.city-split`);
2. say who may buy a **ferry marker**, for how much, and why a corporation needs one to run to London
   (`1894:route.ferry`, `1894:route.london`)."""),
    ("code", HELPERS + SHOW_RULE + """


from gamekit.datafiles import data_json
from gamekit.sentences import sentence_then

sample = gamekit.load_json(data_json("1894", "sample_game.json"))
print(len(sample.actions), "actions;", sample.outcome.text)
show_rule("1894:track.city-split")"""),
    ("md", """## Find the split

The sample is a game of three heuristic bots (seed 9). We look in its history for the first tile lay that lifts
two corporations' tokens, the layer's own among them: a brown tile with two cities laid on a green city holding
both. It is Antwerpen (D17), in Belgium towards the right of the map, where the Belge and the AG each had a
station: where the map is wider than the page, scroll it sideways (or close the file browser on the left).

Actions are numbered as the game numbers them, from 0: `history[i]` is action `i`, and `sample.at(i)` is the game
after `i` actions, just before action `i`. So the map below, titled "after 267 actions", is the game just before
action 267, the lay, and action 268 is the next one."""),
    ("code", """def lifted(events):
    \"\"\"The corporations whose tokens an action's events lift off the map.\"\"\"
    return {e.data["corporation"] for e in events if e.kind == "token_lifted"}


history = list(sample.history())
split = next(i for i, (action, events) in enumerate(history)
             if action.type == "lay_tile" and len(lifted(events)) == 2 and action.entity in lifted(events))
action, events = history[split]
layer, coord = action.entity, action.hex
print(f"action {split}:", sentence_then(sample, action, events))
for e in events:
    print(e)
before, after = sample.at(split), sample.at(split + 1)
print(layer, "tokens before:", ", ".join(before.tokens(layer)))
print("tokens in the city on", coord, "before:",
      ", ".join(corp or "an empty slot" for corp in before.track_state()["tokens"][coord][0]))"""),
    ("code", """viz.map_figure(before)"""),
    ("md", """## Who puts the tokens back, and when

The laying corporation chooses the city of its own token as its next action. The other owner waits for the end
of the layer's turn. We follow the history until both tokens stand on the new tile."""),
    ("code", """placed = []
for i in range(split + 1, len(history)):
    act, evs = history[i]
    for e in evs:
        if e.kind == "token" and e.data.get("placer") and e.data["hex"] == coord:
            placed.append((i, e.data["corporation"], e.text.split(" token in ", 1)[1]))
            print(f"action {i}: {e.text}")
    if len(placed) == 2:
        break
between = [sentence_then(sample, *history[i]) for i in range(placed[0][0] + 1, placed[1][0])]
print("in between, the layer's turn goes on:", "; ".join(between))"""),
    ("code", """viz.map_figure(sample.at(placed[-1][0] + 1))"""),
    ("md", """## Ferries to London

London (A10) can hold no station, and only a corporation with a **ferry marker** may run a train to or through it.
Four markers exist; a corporation whose network reaches London buys one during its turn for 80 F, or 40 F if it
owns London shipping. We find the first purchase."""),
    ("code", """ferry_at = next(i for i, (a, evs) in enumerate(history) if any(e.kind == "ferry" for e in evs))
buyer = history[ferry_at][0].entity
print(sentence_then(sample, *history[ferry_at]))
show_rule("1894:route.ferry")
show_rule("1894:route.london")"""),
    ("code", """viz.map_figure(sample.at(ferry_at + 1))"""),
    ("md", """## Try this

* Look at the other splits of this game: `[(i, a.entity, lifted(evs)) for i, (a, evs) in enumerate(history) if lifted(evs)]`.
  Which corporation split a city holding none of its own tokens, and who put those tokens back, and when?
* Which corporations could buy a ferry at `sample.at(ferry_at)`? List its legal actions of type `special_buy`.

## Check yourself

Which corporation split the city, whose token went back first, and in which cities of the new tile do the two
tokens stand? Who bought the first ferry, and for how much?"""),
    ("code", """places = [place for _, _, place in placed]  # as the events name them: the city, then its hex
facts = {
    "split by": layer,
    "hex": coord,
    "first back": placed[0][1],
    "second back": placed[1][1],
    "where they went back, one token in each city": places,
    "first ferry": (buyer, history[ferry_at][0].cost),
}
for k, v in facts.items():
    print(f"{k}: {v}")
assert (facts["split by"], facts["hex"]) == ("Belge", "D17")
assert facts["first back"] == "Belge" and facts["second back"] == "AG"
assert split == 267  # the lay's number, as the text above gives it
assert placed[0][0] == split + 1 < placed[1][0]  # Belge at once, AG only after Belge's turn went on
assert len(after.track_state()["tokens"][coord]) == 2  # one green city became two brown ones
assert places == ["Antwerpen's first city (D17)", "Antwerpen's second city (D17)"]  # one token in each of them
assert facts["first ferry"] == ("Belge", 80)"""),
    *quiz(source='sample',
         kinds=['best_route', 'tile_lay_legal'],
         answers=[160, 'Yes, it is legal', 240],
         where='of the sample game: best routes (one through both cities of a split Antwerpen) and a tile lay',
         n=3,
         seed=1),
]

if __name__ == "__main__":
    write(CELLS, "1894_02_city_split_and_ferries")
