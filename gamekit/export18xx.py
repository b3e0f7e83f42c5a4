"""Export an 18xx game as an 18xx.games log: the inverse of :func:`gamekit.import18xx.import_log`.

The log holds what the site stores for a game (rule ``core:import.log``): its title, the players in seat order
with their ids (numbers where they are numerals, as the site's: :func:`log_id`) and names, the settings (``seed``,
``optional_rules``) and every action with an increasing ``id``, its ``entity`` and ``entity_type`` and its fields
under the site's names (our action types already carry them, :mod:`gamekit.tracks.actions`). Fields that hold
nothing (``None``) are left out, as the site leaves them out; fields the site logs beside ours (1837's par-chart
place and mine subsidy, 1894's reissue price) are added by the title's
:meth:`~gamekit.g18xx.game.Game18xx.log_fields` hook. A game that is over also records
its ``result`` and ``game_end_reason``.

Steps 18xx.games opens where ours offers no choice are written as the move the site waits for there
(:func:`waited_steps`): a corporation with a train whose track joins one of its stations to another stop, but
whose trains have no legal route (1894: every route passes London and it holds no ferry marker, rule
``1894:route.london``), skips our run step and earns nothing, while the site's run step asks whether the track
allows a run, not whether a run is legal, and waits for a ``run_routes`` with no routes; a token step with no
place the corporation can afford or take is skipped by ours, while the site (1830, 1894) opens it when the
cheapest token left is affordable and a reachable city has a slot, and waits for a ``pass``. The log has each
such entry right after the action that brought the step, and entries are numbered from 1 in order. The importer
takes such an entry back as nothing (:func:`is_waited_entry`). An action the site makes by itself (a title's
``site_makes_itself`` hook: 1837's pass at a token step with no station to place) is written, without its ``id``,
in the ``auto_actions`` of the entry before it, where the site keeps it.

Only the 18xx titles have such a format; any other game is refused (:func:`to_18xx_log`), and so is a game
played with an option that 18xx.games does not have (a title's ``site_options`` lists those it has): the site
would pass over it and replay another game. A log only gamekit reads back (``gamekit_only``) keeps every option.
"""

from __future__ import annotations

import json
import re
import weakref
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

from .i18n import Message, msg, nmsg
from .model import json_default

EXPORT_DESCRIPTION = "exported by gamekit"


def export_refusal(game: Any, *, gamekit_only: bool = False) -> Message | None:
    """Why ``game`` has no 18xx.games log, in one line, or ``None`` when it has one: an 18xx title (it answers
    :meth:`~gamekit.g18xx.game.Game18xx.log_fields`) played with only options the site has (the title's
    ``site_options``). The site passes over an option it does not know and replays the log under its default
    rules, another game; with ``gamekit_only`` the log is one only gamekit reads back, and every option is
    written."""
    if not hasattr(game, "log_fields"):
        return msg("{title} is not an 18xx title: 18xx.games has no log format for it (only 1830, 1837 and 1894 "
                   "games export)", title=game.title)
    own = [option for option in game.options if option not in game.site_options]
    if own and not gamekit_only:
        return nmsg("{options} is gamekit's option: 18xx.games would replay this {title} game without it (a log "
                    "only gamekit reads back: to_18xx_log(gamekit_only=True), gamekit export --gamekit-only)",
                    "{options} are gamekit's options: 18xx.games would replay this {title} game without them (a log "
                    "only gamekit reads back: to_18xx_log(gamekit_only=True), gamekit export --gamekit-only)",
                    len(own), options=", ".join(own), title=game.title)
    return None


def to_18xx_log(game: Any, *, gamekit_only: bool = False) -> dict[str, Any]:
    """The 18xx.games log of ``game`` as a JSON-ready dict (see the module text for its shape).

    ``import_log(to_18xx_log(g))`` replays to a game whose ``to_json()`` equals ``g``'s.

    Args:
        game: an 18xx game.
        gamekit_only: write a log only gamekit reads back (:func:`gamekit.import_log`), with options 18xx.games
            does not have in its ``optional_rules`` (the site would pass over them and play another game).

    Raises:
        NotImplementedError: ``game`` is not an 18xx game (a cube-rail title), or, unless ``gamekit_only``, it is
            played with an option that is gamekit's own (:func:`export_refusal`); the one-line message says so.
    """
    refusal = export_refusal(game, gamekit_only=gamekit_only)
    if refusal:
        raise NotImplementedError(refusal)
    players = [p.id for p in game.players]
    entries: list[dict[str, Any]] = []
    waited = waited_steps(game)
    automatic = getattr(game, "site_makes_itself", None)
    number = 0  # an action the site makes by itself keeps its number: the site numbers its actions again anyway
    for index, action in enumerate(game.actions):
        number += 1
        entry = log_entry(game, action, number, entries)
        if entries and automatic is not None and automatic(index, action):
            del entry["id"]
            entries[-1] = {**entries[-1], "auto_actions": [*entries[-1].get("auto_actions", ()), entry]}
        else:
            entries.append(entry)
        for at, corp, kind in waited:
            if at == index:
                number += 1
                entries.append(waited_entry(game, corp, kind, number))
    log: dict[str, Any] = {
        "id": game.seed,
        "description": EXPORT_DESCRIPTION,
        "title": game.title,
        "players": [{"id": log_id(p.id), "name": p.name} for p in game.players],
        "min_players": len(players),
        "max_players": len(players),
        "settings": {"seed": game.seed, "optional_rules": list(game.options)},
        "status": "finished" if game.is_over else "active",
        "actions": entries,
    }
    outcome = game.outcome
    if outcome is not None:
        log["result"] = dict(outcome.ranking)
        log["game_end_reason"] = outcome.reason
    return log


def log_entry(game: Any, action: Any, number: int, earlier: list[dict[str, Any]]) -> dict[str, Any]:
    """One action as the site logs it: ``type``, ``entity``, ``entity_type`` (``player``, or what the title's
    ``entity_kind`` says: ``corporation`` — 1837's minors and coal companies included — or ``company``), ``id``
    ``number``, the action's fields without those holding ``None`` (and a route's ``nodes`` when it names none,
    as the site's logs of 2021 leave it out), and the title's extra fields for it given the
    ``earlier`` entries (:meth:`~gamekit.g18xx.game.Game18xx.log_fields`)."""
    data = json.loads(json.dumps(action, default=json_default))
    entity = data["entity"]
    kind = "player" if any(p.id == entity for p in game.players) else (game.entity_kind(entity) or "corporation")
    entry = {"type": data.pop("type"), "entity": log_id(entity) if kind == "player" else entity, "entity_type": kind,
             "id": number}
    del data["entity"]
    for route in data.get("routes") or ():
        if not route.get("nodes", True):  # stops not recorded (a log of 2021): the site leaves the field out
            del route["nodes"]
    entry.update((key, value) for key, value in data.items() if value is not None)
    entry.update(game.log_fields(action, earlier))
    return entry


def log_id(player: str) -> int | str:
    """A player's id as the log writes it: a number where the id is a whole number's numerals (``"2006"`` → 2006,
    as the site writes its users' ids, which the import reads as text), else the text itself (``"Ann"``, and
    ``"007"``, which a number would not spell back)."""
    return int(player) if _NUMERALS.fullmatch(player) else player


_NUMERALS = re.compile(r"0|[1-9][0-9]*")
"""A whole number's own numerals (ASCII digits, no leading zero, no sign): what ``str(int(...))`` gives back."""


def write_log(game: Any, *, gamekit_only: bool = False) -> str:
    """The 18xx.games log of ``game`` as JSON text (indented, one field per line; see :func:`to_18xx_log`, which
    refuses an option of gamekit's own unless ``gamekit_only``)."""
    return json.dumps(to_18xx_log(game, gamekit_only=gamekit_only), indent=1) + "\n"


# ----- steps the site opens where ours has no choice -----------------------------------------------------------
def waited_steps(game: Any, start: int = 0, stop: int | None = None) -> list[tuple[int, str, str]]:
    """``(action index, corporation, entry type)`` for each step 18xx.games waits at and ours skipped while
    applying the game's actions ``start`` to ``stop`` (indexes from 0; all by default), in the order met, with
    the type of the entry the site waits for there:

    * ``run_routes`` (with no routes): the corporation held a train and its track joined one of its stations to
      another stop (:meth:`~gamekit.g18xx.game.Game18xx.has_route`, the site's own test for opening the step),
      yet no route was legal (the shared run step's test, :func:`~gamekit.g18xx.revenue.can_run`; 1894: only
      London's routes and no ferry marker, rule ``1894:route.london``). A title whose run step is its own
      (1837's) opens it on the track test already, where the site does.
    * ``pass``: the token step of a title whose site waits there (``site_waits_at_token_step``; 1837's site
      passes by itself, see its export), when the corporation could pay for its cheapest token left and its
      network reaches a city with a slot it could take, London included, however much a token costs there:
      the site's test, which ours refines (no place it can afford or may take, rule ``or.token``).
    * the entry a title's ``site_waited_steps`` names for one of its steps, where its own test of the site's
      (called with the game and the corporation at the skip) holds: 1837's ``pass`` of a train step the site opens
      where ours skips it, for a surrender ours does not offer or a purchase the company may not make
      (:func:`gamekit.titles.g1837.trains.site_opens_step`).

    Found by applying those actions again on a fork that notes its skips (:func:`noting_waited_steps`)."""
    if not _noting_steps(game, {}):
        return []
    stop = len(game.actions) if stop is None else stop
    fork = game.at(start)
    with noting_waited_steps(fork) as found, fork.batch():
        for action in game.actions[start:stop]:
            fork.process(action)
    return list(found)


@contextmanager
def noting_waited_steps(game: Any) -> Iterator[dict[tuple[int, str, str], None]]:
    """While the block runs, ``game`` notes each step 18xx.games waits at and ours skips (see
    :func:`waited_steps`) as it applies actions: yields the ``(action index, corporation, entry type)`` found so
    far, in the order met (a dict used as an ordered set), empty for a title with no such step.

    The skip happens inside the action that ends the step before it, after that action's own changes, so only the
    engine itself sees the position it is taken in: for the block, ``game`` runs those steps wrapped (its own
    ``title_steps``, put back after). A copy the game makes of itself meanwhile (an emergency sale's trial) notes
    nothing. An action the rules refuse may have noted a skip before its refusal: a caller goes on after a
    refusal only outside the block. :func:`is_waited_entry` reads what is noted here instead of applying the
    last action again."""
    found: dict[tuple[int, str, str], None] = {}
    noted = _noting_steps(game, found)
    if not noted:
        yield found
        return
    own = game.__dict__.get("title_steps", _CLASS_STEPS)
    game.title_steps = {**game.title_steps, **noted}
    _NOTING[game] = (len(game.actions), found)
    try:
        yield found
    finally:
        del _NOTING[game]
        if own is _CLASS_STEPS:
            del game.title_steps
        else:
            game.title_steps = own


_CLASS_STEPS = object()
"""Marks a game whose ``title_steps`` were its class's before :func:`noting_waited_steps`."""

_NOTING: "weakref.WeakKeyDictionary[Any, tuple[int, dict[tuple[int, str, str], None]]]" = \
    weakref.WeakKeyDictionary()
"""Per game inside :func:`noting_waited_steps`: the index of the first action applied in the block, and the
waited steps noted since."""


def _noting_steps(game: Any, found: dict[tuple[int, str, str], None]) -> dict[str, Any]:
    """The run, token and title steps of ``game`` whose skips the site waits at, each wrapped to note them in
    ``found`` (keyed like the title's ``title_steps``); empty for a title with neither (or not an 18xx game)."""
    if not hasattr(game, "title_steps"):
        return {}
    from .g18xx.operating import STEPS, turn_step  # the 18xx engine: imported only for 18xx games

    def noting(step: Any, entry: str, waits: Any) -> Any:
        def skip(playing: Any, corp: str) -> Any:
            skipped = step.skip(playing, corp)
            if skipped is not None and playing is game and waits(playing, corp):
                found.setdefault((len(playing.actions), corp, entry))
            return skipped
        return replace(step, skip=skip)

    noted = {}
    if game.title_steps.get("route", STEPS["route"]) is STEPS["route"]:
        noted["route"] = noting(STEPS["route"], "run_routes", _site_waits_for_run)
    if getattr(game, "site_waits_at_token_step", False):
        noted["token"] = noting(turn_step(game, "token"), "pass", _site_waits_for_token)
    for key, (entry, waits) in getattr(game, "site_waited_steps", {}).items():
        noted[key] = noting(turn_step(game, key), entry, waits)
    return noted


def _site_waits_for_run(game: Any, corp: str) -> bool:
    """The site's test for opening a run step: a train, and track joining a station to another stop."""
    return bool(game.state.corporations[corp].trains) and game.has_route(corp)


def _site_waits_for_token(game: Any, corp: str) -> bool:
    """The site's test for opening a token step: a token left whose price the treasury covers (the cheapest left
    at no particular place, or a private's station the corporation owns unplaced, 1894's London shipping free in
    A12), and a city its network reaches with a slot it could take, however much a token costs there."""
    from .tracks.tokens import tokenable_cities

    c = game.state.corporations[corp]
    left = [i for i, placed in enumerate(c.tokens) if placed is None]
    if not left or not game.directs_lays(corp) or game.state.round.pending_tokens:
        return False
    stations = [ability.price for sym in c.privates if (ability := game.facts.private(sym).token) is not None
                and not set(ability.hexes) & set(c.tokens)]
    if min([game.token_cost(corp, i, None) for i in left] + stations) > c.cash:
        return False
    return bool(tokenable_cities(game.track, game.state.board, corp, game.token_reversals()))


def waited_entry(game: Any, corp: str, entry: str, number: int) -> dict[str, Any]:
    """The log entry of the move 18xx.games waits for at a step ours skipped (:func:`waited_steps`), number
    ``number``: ``corp``'s run of no train or its pass."""
    from .actions import Pass
    from .tracks.actions import RunRoutes  # the 18xx actions: imported only for 18xx games

    action = RunRoutes(entity=corp, routes=()) if entry == "run_routes" else Pass(entity=corp)
    return log_entry(game, action, number, [])


_TAKEN: "weakref.WeakKeyDictionary[Any, set[tuple[int, str, str]]]" = weakref.WeakKeyDictionary()
"""Per game being imported: the waited steps whose log entry was already read (a second one is not waited for)."""


def is_waited_entry(game: Any, entry: dict[str, Any]) -> bool:
    """True when ``entry`` is the move 18xx.games waits for at a step ours skipped in the game's last action (a
    run of no train or a pass, :func:`waited_steps`), read for the first time; the entry then changes nothing in
    ours (the corporation earned nothing or placed no token already). Any other entry is the rules' to judge.

    Inside :func:`noting_waited_steps` for ``game`` the answer is read from what the game noted; elsewhere the last
    action is applied again on a fork that notes its skips."""
    kind = entry.get("type")
    if kind not in ("run_routes", "pass") or entry.get("routes") or not game.actions:
        return False
    last = len(game.actions) - 1
    key = (last, str(entry.get("entity")), kind)
    taken = _TAKEN.setdefault(game, set())
    first, noted = _NOTING.get(game, (len(game.actions), {}))
    if key in taken or key not in (noted if last >= first else waited_steps(game, last, last + 1)):
        return False
    taken.add(key)
    return True
