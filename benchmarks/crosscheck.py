"""Cross-check gamekit's 18xx rules against the 18xx.games engine on seeded bot games nobody picked.

Each game is played by gamekit's bots (random or heuristic, every seat the same bot), exported as an 18xx.games log
(:meth:`Game18xx.to_18xx_log`) and replayed by the reference engine through the Ruby driver
``benchmarks/crosscheck_ruby/driver.rb``, which prints that engine's state after every action. After every action
the two states are compared: each player's cash and certificates, each corporation's cash, share price, trains,
stations, floated and closed, the tiles on the map with their rotation, the phase, the kind of round and the
entity to act. The first difference ends the comparison of that game.

    .venv/bin/python benchmarks/crosscheck.py --ref /work/ref18xx [--titles 1830 1837 1894] [--games 10]
        [--bots random heuristic] [--players 3 4] [--seed 1] [--cap 1500] [--out results.jsonl]

``--ref`` is a checkout of the public repository tobymao/18xx; the driver needs only Debian's ``ruby`` (no gems).
Every game is one JSON line in ``--out`` (a rerun with the same file skips the games already there); a table per
title and player count is printed at the end (see README, "Checking against 18xx.games").
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from gamekit.bots import play_seats
from gamekit.export18xx import waited_steps
from gamekit.titles import game_class
from gamekit.tracks import board as boards
from gamekit.tracks.shares import is_president_cert

DRIVER = Path(__file__).parent / "crosscheck_ruby" / "driver.rb"
TITLES = ("1830", "1837", "1894")
ROUND_KINDS = {"PacketRound": "Auction"}
"""Our round classes whose kind has another name in the reference (1837's start packet is its auction round);
every other class is named by its kind followed by ``Round``."""


KNOWN_REFERENCE_DEFECTS = {("1837", "SystemStackError"): "1837:auction.bid"}
"""(title, start of the reference's error) → the rule the reference breaks there. 1837: the start packet's
selection auction recurses without end ("stack level too deep") when every player left to bid on the item under
auction has passed or cannot bid (a player who bid all their money, others who passed the choice): its next bidder
is looked for again and again. The rule gives the item to the last bidder (``1837:auction.bid``), as gamekit does;
the game cannot be compared beyond that point."""


LOOKAHEAD = 20
"""Actions played past ``--cap`` so that the last compared entry holds the actions that follow it automatically."""


def known_defect(title: str, message: str) -> str | None:
    """The rule of a known reference defect that ``message`` (the reference's error) shows, or ``None``."""
    return next((rule for (t, start), rule in KNOWN_REFERENCE_DEFECTS.items()
                 if t == title and message.startswith(start)), None)


RANGE_KEPT = re.compile(r".+ may not spend (\$[\d,]+|[\d,]+ F) on .+ train; may only spend between ")
"""The reference's refusal of a train's price outside the range it allows (in dollars, or francs for 1894)."""


def range_kept(title: str, message: str, action: Any, before: dict[str, Any]) -> str | None:
    """``{title}:trains.buy`` when ``message`` is the reference keeping an emergency purchase's price range too
    long, else ``None``: it refuses ``action``, a purchase from another corporation (``before``: our state before
    it, as :func:`our_state` gives it), with a range although the buyer already owns a train. Such a corporation
    pays another corporation any price from $1 out of its own treasury; the president's money of the emergency
    rule is only for a corporation without a train (README, "the reference keeps an emergency price range too
    long")."""
    if action.type != "buy_train" or not RANGE_KEPT.match(message):
        return None
    corporations = before["corporations"]
    sold_by_corporation = any(action.train in facts["trains"] for symbol, facts in corporations.items()
                              if symbol != action.entity)
    owns_one = bool(corporations.get(action.entity, {}).get("trains"))
    return f"{title}:trains.buy" if sold_by_corporation and owns_one else None


DIRECTORLESS_TOKEN = "Blocking step Place a Token cannot process action "
"""The start of the reference's refusal of an action after a token step it opens and ours skips."""


def directorless_token(title: str, message: str, action: Any, before: dict[str, Any]) -> str | None:
    """``{title}:end.bankrupt`` when ``message`` is the reference waiting at a token step for a corporation that
    has no president (``before``: our state before ``action``, as :func:`our_state` gives it, in which the acting
    corporation has none), else ``None``. After a bankruptcy such a corporation lays no track and places no station
    (rule ``1837:end.bankrupt``). The reference's 1837 token step includes its own step that skips a corporation in
    receivership, but defines its own list of actions over it, so the skip never applies and the step waits for a
    station or a pass; its track step, which keeps the skip, passes the corporation by."""
    if not message.startswith(DIRECTORLESS_TOKEN):
        return None
    acting = before["corporations"].get(action.entity)
    return f"{title}:end.bankrupt" if acting is not None and acting["president"] is None else None


POSITION_DEFECTS = (range_kept, directorless_token)
"""The known reference defects told from its refusal and our position before the refused action."""


# ----- the two states, in one shape ---------------------------------------------------------------------------
def certificate_sizes(certificates: Iterable[tuple[int, bool]]) -> list[str]:
    """A holder's certificates of one corporation as a sorted multiset of sizes (``"10%"``, ``"20% president"``),
    from ``(percent, is the president's)`` pairs. Certificates of one size are interchangeable in the rules: which
    of a corporation's reserved 10% certificates an exchange hands over (BK_7 or BK_8) is no difference."""
    return sorted(f"{percent}% president" if president else f"{percent}%" for percent, president in certificates)


def our_state(game) -> dict[str, Any]:
    """The compared fields of our game now (player ids, corporation symbols and hex coordinates as keys). A
    corporation's trains and stations are compared as sets: their order in either engine's list means nothing in
    the rules (which train leaves is always a named choice); a player's certificates of a corporation by their
    sizes (:func:`certificate_sizes`), not by their ids."""
    state = game.state
    ledger = state.ledger
    closed = getattr(game, "closed", lambda corp: False)
    players = {p.id: {"cash": state.players[p.id].cash,
                      "shares": {corp: certificate_sizes((ledger.percent[c], is_president_cert(c))
                                                         for c in ledger.certs(p.id, corp))
                                 for corp in ledger.corporations_of(p.id)}}
               for p in game.players}
    corporations = {}
    available = set(game.available_corporations())  # 1894's late corporations come with their train
    for sym, c in state.corporations.items():
        if closed(sym) or sym not in available:
            continue
        stations = [boards.city_id(game.track, state.board, coord, city)
                    for coord, city in boards.corporation_cities(state.board, sym)]
        corporations[sym] = {"cash": c.cash, "floated": c.floated, "president": c.president,
                             "share_price": game.market.cell(c.price).id if c.price else None,
                             "trains": sorted(c.trains), "tokens": sorted(stations),
                             "unplaced": len(c.tokens) - len(stations)}  # a station lifted by an upgrade is off the map
    kind = type(state.round).__name__
    return {"finished": game.is_over, "round": ROUND_KINDS.get(kind, kind.removesuffix("Round")),
            "phase": game.facts.phases[state.depot.phase].name, "entity": game.current_entity,
            "players": players, "corporations": corporations,
            "tiles": {coord: f"{tile}@{rot}" for coord, (tile, rot) in state.board.tiles.items()}}


def reference_state(ref: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """The reference driver's state line in :func:`our_state`'s shape (the driver lists a holder's certificates as
    ``[id, percent, president]``). Corporations the reference lists but that
    are not in play in ours (1894's late corporations before their train) count as not started when ours does not
    know them either."""
    players = {str(p["id"]): {"cash": p["cash"],
                              "shares": {corp: certificate_sizes((percent, president)
                                                                 for _, percent, president in certs)
                                         for corp, certs in p["shares"].items()}}
               for p in ref["players"]}
    corporations = {}
    for c in ref["corporations"]:
        if c["closed"]:
            continue
        tokens = [t for t in c["tokens"] if t is not None]
        corporations[c["id"]] = {"cash": c["cash"], "floated": c["floated"],
                                 "president": None if c["president"] is None else str(c["president"]),
                                 "share_price": c["share_price"], "trains": sorted(c["trains"]), "tokens": sorted(tokens),
                                 "unplaced": len(c["tokens"]) - len(tokens)}
    return {"finished": ref["finished"], "round": ref["round"].removesuffix(" Round"), "phase": ref["phase"],
            "entity": None if ref["entity"] is None else str(ref["entity"]), "players": players,
            "corporations": corporations, "tiles": ref["tiles"]}


def first_difference(ours: Any, ref: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first place (``players.P1.cash``) where two nested values differ, with both values, or ``None``.
    The entity to act is not compared once the game is over."""
    if isinstance(ours, dict) and isinstance(ref, dict):
        if path == "" and ours.get("finished") and ref.get("finished"):
            ours, ref = {k: v for k, v in ours.items() if k != "entity"}, {k: v for k, v in ref.items() if k != "entity"}
        for key in sorted(set(ours) | set(ref), key=str):
            if key not in ours or key not in ref:
                return f"{path}{key}", ours.get(key, "(absent)"), ref.get(key, "(absent)")
            found = first_difference(ours[key], ref[key], f"{path}{key}.")
            if found:
                return found
        return None
    return None if ours == ref else (path.rstrip("."), ours, ref)


# ----- the reference engine -----------------------------------------------------------------------------------
class Reference:
    """The Ruby driver as one long-running process (the engine loads once): :meth:`replay` sends it a log and
    yields its lines for that log."""

    def __init__(self, ref_dir: Path):
        self.ref_dir = ref_dir
        self.process = self._start()
        self.started_once = False

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(["nice", "-n", "10", "ruby", str(DRIVER), str(self.ref_dir)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def replay(self, log_path: Path) -> Iterator[dict[str, Any]]:
        """The driver's lines for ``log_path``: states, then a ``done`` or an ``error`` line (also when the driver
        died on this log: it is started again for the next one).

        Raises:
            RuntimeError: the driver stops before answering its first log (no ruby, or --ref is not the engine).
        """
        self.process.stdin.write(f"{log_path}\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                if not self.started_once:
                    raise RuntimeError("the Ruby driver stopped (is ruby installed, and --ref a tobymao/18xx "
                                       "checkout?)")
                self.process.wait()
                self.process = self._start()
                yield {"log": str(log_path), "error": "the reference engine's process died", "action_id": None}
                return
            self.started_once = True
            data = json.loads(line)
            yield data
            if "state" not in data:
                return

    def close(self) -> None:
        """End the driver."""
        self.process.stdin.close()
        self.process.wait(timeout=60)


def cut_at_cap(log: dict[str, Any], waited: list[tuple[int, str, str]], cap: int
               ) -> tuple[dict[str, Any], dict[int, int | None]]:
    """The exported ``log`` cut after the entry that holds our action number ``cap`` (or the last before it),
    and, for each entry id, the number of our actions whose position its state must equal (``None``: a position
    ours never stops at).

    An entry may carry actions of ours in its ``auto_actions`` (1837's automatic passes, which the reference plays
    by itself): its state is the one after the last of them. An entry may also be a move the export added where
    the reference waits for one and ours skipped the step (``waited``, from
    :func:`gamekit.export18xx.waited_steps`: a run of no train, a token step's pass): the reference's state after
    the last of them is ours after the action before them, and its states before, waiting at those steps, are
    none of ours."""
    positions: dict[int, int | None] = {}
    pending = list(waited)
    done = 0
    previous = None
    kept = []
    for entry in log["actions"]:
        if pending and pending[0][0] == done - 1 and entry["type"] == pending[0][2] and not entry.get("routes") \
                and entry["entity"] == pending[0][1]:
            pending.pop(0)
            positions[previous], positions[entry["id"]] = None, done
        else:
            if done >= cap:
                break
            done += 1 + len(entry.get("auto_actions", ()))
            positions[entry["id"]] = done
        previous = entry["id"]
        kept.append(entry)
    return {**log, "actions": kept}, positions


def _position_defect_at(title: str, line: dict[str, Any], game, states: list[dict[str, Any]],
                        log: dict[str, Any], covered: dict[int, int | None]) -> str | None:
    """The first of :data:`POSITION_DEFECTS` that the reference's refusal ``line`` of an entry of ``log`` shows
    (the exported log of ``game``; ``covered``: our number of actions after each entry, as :func:`cut_at_cap`
    gives it; ``states[i]``: our state before action i), or ``None``."""
    entry = next((e for e in log["actions"] if e["id"] == line["action_id"]), None)
    done = None if entry is None else covered.get(entry["id"])
    if done is None:
        return None
    index = done - 1 - len(entry.get("auto_actions", ()))  # the entry's own action, before those that followed
    return next(filter(None, (defect(title, line["error"], game.actions[index], states[index])
                              for defect in POSITION_DEFECTS)), None)


# ----- one game -----------------------------------------------------------------------------------------------
def check_game(reference: Reference, title: str, players: int, bot: str, seed: int, cap: int,
               folder: Path) -> dict[str, Any]:
    """Play one bot game, replay its log in the reference and compare after every action.

    Returns:
        The game's JSON line: ``actions`` (ours), ``compared`` (positions after actions that agreed),
        ``divergence`` (``{"action_id", "field", "ours", "reference"}`` or ``None``), ``reference_error`` (the
        reference engine's refusal, with the action id), ``over`` and ``seconds``; from the driver, the passes
        and payments it made to bridge known differences (``trade_passes``,
        ``financing_bridges``: 1837's bank-financed purchases whose payment below zero the reference's money check
        refuses, see ``crosscheck_ruby/driver.rb``).
    """
    started = time.perf_counter()
    states: list[dict[str, Any]] = []
    # played a little past the cap: the actions the reference plays by itself after the cap's entry (an entry's
    # auto_actions, below) are then ours too, and the log is cut after that entry
    game = play_seats(title, [bot] * players, seed, cap=cap + LOOKAHEAD,
                      watch=lambda g: states.append(our_state(g)))
    # watch sees the position before each action and the last one: states[i] is the state after action i
    log_path = folder / f"{title}-{players}-{bot}-{seed}.json"
    log, covered = cut_at_cap(game.to_18xx_log(), waited_steps(game), cap)
    log_path.write_text(json.dumps(log))
    played = max((n for n in covered.values() if n is not None), default=0)
    row: dict[str, Any] = {"title": title, "players": players, "bot": bot, "seed": seed,
                           "actions": played, "over": game.is_over and played == len(game.actions), "compared": 0,
                           "divergence": None, "reference_error": None}
    for line in reference.replay(log_path):
        if "error" in line:
            row["reference_error"] = {"action_id": line["action_id"], "message": line["error"]}
            if row["divergence"] is None:
                defect = known_defect(title, line["error"]) \
                    or _position_defect_at(title, line, game, states, log, covered)
                row["divergence"] = {"action_id": line["action_id"],
                                     "field": f"reference defect ({defect})" if defect else "refused by the reference",
                                     "ours": "accepted", "reference": line["error"].splitlines()[0]}
        elif "done" in line:
            row["trade_passes"] = line["trade_passes"]
            row["financing_bridges"] = line.get("financing_bridges", 0)
        elif "state" in line and row["divergence"] is None:
            index = covered.get(line["state"]["action_id"], line["state"]["action_id"])
            if index is None:  # the reference waits at a run step ours skipped (the next entry is that run)
                continue
            found = first_difference(states[index], reference_state(line["state"], states[index]))
            if found:
                field, ours, ref = found
                row["divergence"] = {"action_id": index, "field": field, "ours": ours, "reference": ref}
                if index:
                    action = game.actions[index - 1]
                    row["divergence"]["action"] = action.sentence()
            else:
                row["compared"] = index
    log_path.unlink()
    row["seconds"] = round(time.perf_counter() - started, 2)
    return row


# ----- many games ---------------------------------------------------------------------------------------------
def plan(titles, counts, bots, games: int, seed: int) -> list[tuple[str, int, str, int]]:
    """Every game to play: for each title, player count the title allows (or those of ``counts``) and bot,
    ``games`` seeds from ``seed``."""
    out = []
    for title in titles:
        cls = game_class(title)
        for players in range(cls.min_players, cls.max_players + 1):
            if counts and players not in counts:
                continue
            out += [(title, players, bot, seed + i) for bot in bots for i in range(games)]
    return out


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per title and player count: games, actions compared, games with a divergence and the fields."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[(row["title"], row["players"])].append(row)
    out = []
    for (title, players), group in sorted(groups.items()):
        fields: dict[str, int] = defaultdict(int)
        for row in group:
            if row["divergence"]:
                fields[_field_kind(row["divergence"]["field"])] += 1
        out.append({"title": title, "players": players, "games": len(group),
                    "actions_compared": sum(r["compared"] for r in group),
                    "divergent_games": sum(1 for r in group if r["divergence"]),
                    "fields": dict(sorted(fields.items(), key=lambda kv: -kv[1]))})
    return out


def _field_kind(field: str) -> str:
    """A divergent field without the player or corporation it is about (``players.*.cash``)."""
    parts = field.split(".")
    if parts[0] in ("players", "corporations", "tiles") and len(parts) > 1:
        parts[1] = "*"
    return ".".join(parts)


def print_table(rows: list[dict[str, Any]]) -> None:
    """The summary as a text table on standard output."""
    print(f"{'title':6} {'players':>7} {'games':>6} {'compared':>9} {'diverged':>9}  fields")
    for r in rows:
        fields = ", ".join(f"{k} {v}" for k, v in r["fields"].items())
        print(f"{r['title']:6} {r['players']:>7} {r['games']:>6} {r['actions_compared']:>9} "
              f"{r['divergent_games']:>9}  {fields}")


def main(argv: list[str] | None = None) -> int:
    """Run the cross-check (see the module text); returns 0 when no game diverged, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", required=True, type=Path, help="a checkout of tobymao/18xx")
    parser.add_argument("--titles", nargs="+", default=list(TITLES), choices=TITLES)
    parser.add_argument("--players", nargs="+", type=int, default=[], help="only these player counts")
    parser.add_argument("--bots", nargs="+", default=["random", "heuristic"], choices=["random", "heuristic"])
    parser.add_argument("--games", type=int, default=5, help="games per title, player count and bot")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game of each group")
    parser.add_argument("--cap", type=int, default=1500, help="stop a game after this many actions")
    parser.add_argument("--out", type=Path, help="JSON lines, one per game (a rerun skips games already there)")
    args = parser.parse_args(argv)
    if not (args.ref / "lib" / "engine" / "game" / "base.rb").exists():
        parser.error(f"{args.ref} is not a checkout of tobymao/18xx (no lib/engine/game/base.rb)")
    rows = [json.loads(line) for line in args.out.read_text().splitlines()] if args.out and args.out.exists() else []
    done = {(r["title"], r["players"], r["bot"], r["seed"]) for r in rows}
    reference = Reference(args.ref)
    try:
        with tempfile.TemporaryDirectory(prefix="crosscheck-") as folder:
            for title, players, bot, seed in plan(args.titles, args.players, args.bots, args.games, args.seed):
                if (title, players, bot, seed) in done:
                    continue
                row = check_game(reference, title, players, bot, seed, args.cap, Path(folder))
                rows.append(row)
                line = json.dumps(row)
                print(line, flush=True)
                if args.out:
                    with args.out.open("a") as out:
                        out.write(line + "\n")
    finally:
        reference.close()
    table = summary([r for r in rows if r["title"] in args.titles])
    print_table(table)
    return 1 if any(r["divergent_games"] for r in table) else 0


if __name__ == "__main__":
    sys.exit(main())
