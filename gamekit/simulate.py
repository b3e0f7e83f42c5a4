"""Random play: a seeded bot that picks uniformly among the legal actions (and values within ranges), and the
soak that checks the engine under it (invariants after every action, listed actions accepted, mutated actions
refused without a trace)."""

from __future__ import annotations

import math
import pickle
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .actions import Action, action_types
from .choices import ActionGroup, ListedActions
from .errors import GameError, UsageError, shown
from .game import BOT_SNAPSHOT_EVERY, Game
from .i18n import msg
from .model import Record
from .rng import GameRandom
from .titles import game_class

DEFAULT_ACTION_CAP = 20_000


BID_TYPES = frozenset({"bid", "ar_bid"})
"""The action types that are bids in an auction (18xx.games' ``bid``; American Rails' ``ar_bid``)."""


def random_action(game: Game, rng: GameRandom):
    """Pick one legal action at random: first an action type uniformly (so a pass is as likely as any kind of
    move, and turns end), then one action of that type uniformly, then, where that action is the lowest value of
    a range (bid, price), a value uniformly within the range.

    This is uniform legal play, every legal action included (the conformance suite and the soak explore the
    rules with it); the random *player* of ``gamekit simulate`` and of the ``random`` seats is
    :func:`random_bot`, which draws alike but never raises its own standing bid.

    Args:
        game: a game that is not over.
        rng: the bot's random number generator.

    Returns:
        An action that is legal now.

    Raises:
        RuntimeError: the game offers no legal action although it is not over (an engine defect), or it is
            over.
    """
    if game.is_over:
        raise _no_action(game)
    return _draw(game, rng, avoid_own_raise=False)


def random_bot(game: Game, rng: GameRandom):
    """The random bot: :func:`random_action`, except that a bid that would only raise the bot's own standing bid
    (:func:`raises_own_bid`) is drawn again among the other actions. The rules allow such a bid, but a player
    gains nothing by it, and random play could go on raising its own bid for ever while all-pass rounds pay
    private revenue (1894 at 3 players, seeds 304 and 314). Every other position draws exactly as
    :func:`random_action` does with the same generator.

    Returns:
        An action that is legal now (an own raise only where nothing else is legal).

    Raises:
        RuntimeError: as :func:`random_action`.
    """
    if game.is_over:
        raise _no_action(game)
    return _draw(game, rng, avoid_own_raise=True)


def _draw(game: Game, rng: GameRandom, avoid_own_raise: bool):
    # The game is not over (every caller asks first), so its groups are the title's own (Game.action_groups
    # without that question again, asked at every action of a bot game).
    # The draw needs which types hold an action (one draw among them) and the size of the type drawn: a group
    # may find its actions only when measured, so whether a type holds one is asked only as far as the draw
    # needs it (_drawn_type), and only the drawn type is measured.
    by_type: dict[str, list[ActionGroup]] = {}
    lazy: list[str] = []  # the types with a group that may find its actions only when asked, in listing order
    for group in game._action_groups():
        kind = group.type
        same = by_type.get(kind)
        if same is None:
            by_type[kind] = [group]
        else:
            same.append(group)
        if type(group) is not ListedActions and kind not in lazy:
            lazy.append(kind)
    kind = _drawn_type(game, rng, by_type, lazy)
    groups = by_type[kind]
    if len(groups) == 1:
        group = groups[0]
        index = rng.below(len(group))
    else:
        group, index = _locate(groups, rng.below(sum(map(len, groups))))
    r = group.range(index)
    if r is None:
        return group.action(index)
    if not avoid_own_raise or kind not in BID_TYPES or not raises_own_bid(game, r.template, r.field):
        values = r.values()
        return r.action(values[rng.below(len(values))])
    holding = [k for k in sorted(by_type) if any(by_type[k])]  # every type asked: the redraws need them all
    return _redraw(game, rng, by_type, holding, {kind: [index]}, r.template)


def _drawn_type(game: Game, rng: GameRandom, by_type: dict[str, list[ActionGroup]], lazy: list[str]) -> str:
    """The action type of the first draw: uniform among the types of ``by_type`` (type → its groups) that hold an
    action, in sorted order, as ``holding[rng.below(len(holding))]`` draws it; ``lazy``: the types with a group
    that finds its actions only when asked (not :class:`~gamekit.choices.ListedActions`), in listing order.

    A :class:`~gamekit.rng.GameRandom` advances its state alike whatever the bound of ``below`` and scales the
    new state to the bound (:meth:`~gamekit.rng.GameRandom.scaled`), so the draw is made first and the last lazy type is asked whether it holds an action
    only when the answer changes the type drawn: at a track step of a lay or a pass, a draw in the upper half
    takes the pass whether a lay exists or not, and no lay is looked for. Every answer is the one asking all would
    give (asking a group whether it holds an action changes nothing but its own memo), so the same games are
    played. Another generator (not a ``GameRandom``) draws after every type is asked.

    Raises:
        RuntimeError: no type holds an action although the game is not over (an engine defect).
    """
    if len(by_type) == 1:  # one type (a route step's runs): drawn if it holds an action
        [(kind, groups)] = by_type.items()
        if not any(groups):
            raise _no_action(game)
        rng.below(1)
        return kind
    kinds = sorted(by_type)
    if not lazy or type(rng) is not GameRandom:  # every type asked, then the draw
        holding = [k for k in kinds if any(by_type[k])]
        if not holding:
            raise _no_action(game)
        return holding[rng.below(len(holding))]
    last = lazy[-1]  # one lazy type left unasked (the others asked, as trying their answers costs more)
    holding = [k for k in kinds if k != last and any(by_type[k])]
    draw = rng.next()  # below(n)'s draw, scaled below once the bound is known
    if holding:
        drawn = holding[GameRandom.scaled(draw, len(holding))]
        had = sorted(holding + [last])  # had the last lazy type an action too
        if had[GameRandom.scaled(draw, len(had))] == drawn:
            return drawn
    if any(by_type[last]):
        holding = sorted(holding + [last])
    if not holding:
        raise _no_action(game)
    return holding[GameRandom.scaled(draw, len(holding))]


def _no_action(game: Game) -> RuntimeError:
    """The error of a position offering no legal action although the game is not over (an engine defect)."""
    return RuntimeError(f"no legal action at step {game.active_step.name!r} for {game.current_entity}")


def _redraw(game: Game, rng: GameRandom, by_type: dict[str, list[ActionGroup]], kinds: list[str],
            skipped: dict[str, list[int]], first: Action):
    """The draws after an own raise (:func:`random_bot`): among the actions not drawn yet (``skipped``: per type,
    the indices of own raises drawn already, in order), as :func:`_draw` draws; ``first``: the first own raise
    drawn, taken when nothing else is legal."""
    sizes = {kind: sum(map(len, by_type[kind])) for kind in skipped}
    while True:
        # every type holding an action is live until all its actions are own raises drawn already
        live = [k for k in kinds if k not in skipped or len(skipped[k]) < _size(by_type[k], sizes, k)]
        if not live:  # nothing but own raises is legal: take the first one drawn
            return first
        kind = live[rng.below(len(live))]
        index = rng.below(_size(by_type[kind], sizes, kind) - len(skipped.get(kind, ())))
        for taken in skipped.get(kind, ()):  # the index counts the actions not drawn yet
            index += index >= taken
        group, inner = _locate(by_type[kind], index)
        r = group.range(inner)
        if r is None:
            return group.action(inner)
        if kind not in BID_TYPES or not raises_own_bid(game, r.template, r.field):
            values = r.values()
            return r.action(values[rng.below(len(values))])
        skipped[kind] = sorted(skipped.get(kind, []) + [index])


def _size(groups: list[ActionGroup], sizes: dict[str, int], kind: str) -> int:
    """The number of actions of the groups of type ``kind``, counted once a draw (kept in ``sizes``)."""
    size = sizes.get(kind)
    if size is None:
        size = sizes[kind] = len(groups[0]) if len(groups) == 1 else sum(map(len, groups))
    return size


def _locate(groups: list[ActionGroup], index: int) -> tuple[ActionGroup, int]:
    """The group holding the ``index``-th action of ``groups`` taken in listing order, and its index there."""
    for group in groups:
        if index < len(group):
            break
        index -= len(group)
    return group, index


def raises_own_bid(game: Game, bid: Action, amount: str) -> bool:
    """True when ``bid`` (a bid of :data:`BID_TYPES`; ``amount``: its field that holds the money) would raise the
    bidder's own standing bid on the same thing (the same values in every other field).

    Read from the actions since the last one that is neither a bid of that type nor a pass (the bidding in
    progress): the latest bid there on the same thing is the standing one, since bids only rise and a bidder
    who leaves an auction bids no more in it. Where the bidding began with another action (an auction put up,
    a par price set), bids before it are not looked at.
    """
    same = {k: v for k, v in bid.__dict__.items() if k not in ("entity", amount)}
    actions = game.actions
    for earlier in reversed(actions):
        if earlier.type == bid.type:
            if all(earlier.__dict__.get(k, same) == v for k, v in same.items()):
                return earlier.entity == bid.entity
        elif earlier.type != "pass":
            return False
    return False


@dataclass
class SimulationReport:
    """Summary of a batch of bot games (the ``--json`` output of ``gamekit simulate``).

    Attributes:
        games: games started; finished: games that reached an end condition of the rules.
        capped: games stopped at the action cap: legal play that had not ended (not an error; also counted as
            ``"cap"`` in ``end_reasons``).
        errors: one message per game that raised (empty when none); end_reasons: reason -> count.
        mean_actions: mean number of actions per game; seconds: wall time of the batch.
    """

    games: int = 0
    finished: int = 0
    capped: int = 0
    errors: list[str] = field(default_factory=list)
    end_reasons: dict[str, int] = field(default_factory=dict)
    mean_actions: float = 0.0
    seconds: float = 0.0
    winners: list[list[str]] = field(default_factory=list)

    def as_dict(self) -> dict:
        """Return the report as a JSON-ready dict."""
        return {
            "games": self.games,
            "finished": self.finished,
            "capped": self.capped,
            "errors": self.errors,
            "mean_actions": self.mean_actions,
            "end_reasons": self.end_reasons,
            "seconds": round(self.seconds, 3),
            "winners": self.winners,
        }


def play_random_game(title: str, players: int, seed: int, cap: int = DEFAULT_ACTION_CAP,
                     bot: Callable = random_action, options: Sequence[str] = ()) -> Game:
    """Play one game with ``bot`` (default: uniform legal play, :func:`random_action`; ``gamekit simulate`` plays
    :func:`random_bot`) in every seat and return it (over, or stopped at ``cap`` actions). ``options``: the
    title's rule options (names from ``Game.options_available``, e.g. ``"edition=1st"``).

    ``bot`` is a function ``(game, rng) -> action`` or a name of :data:`gamekit.bots.BOTS` (``"random"`` is
    :func:`random_bot`); ``cap`` is a whole number of actions, at least 0.

    Raises:
        GameError: a player count the title does not play (quoted as given), or an option the title does not
            have (rule ``<title>:setup`` or the title's own).
        UsageError: a ``cap`` that is no whole number of at least 0, or a ``bot`` that is neither a function
            nor a bot's name (before any game is built).
    """
    check_cap(cap)
    if isinstance(bot, str):
        from .bots import bot as named_bot  # at call time: the bots import this module

        bot = named_bot(bot)
    elif not callable(bot):
        raise UsageError(msg("bot is a function (game, rng) → action or a bot's name, not {bot}", bot=shown(bot)))
    game = new_bot_game(title, players, seed, options)
    rng = GameRandom(seed * 7919 + 17)
    # the engine's own bots hand over an action of the game's listing unchanged: not checked a second time
    play = game._play_listed if bot in ENGINE_BOTS else game.process
    avoid_own_raise = _DRAWS.get(bot)  # an engine bot's draw, called without its wrapper (one call an action)
    with game.batch(BOT_SNAPSHOT_EVERY):  # nobody changes the state by hand during a bot game
        for _ in range(cap):
            if game.is_over:
                break
            play(bot(game, rng) if avoid_own_raise is None else _draw(game, rng, avoid_own_raise))
    return game


_DRAWS = {random_action: False, random_bot: True}
"""The engine's random bots → the ``avoid_own_raise`` of their :func:`_draw` (each is that draw alone)."""

ENGINE_BOTS = frozenset(_DRAWS)
"""The bots whose every action is one the game's listings offered at the position, handed over unchanged (see
``Game._play_listed``)."""


def check_cap(cap: Any) -> None:
    """Refuse an action cap that is no whole number of at least 0 (a bool, a float, a negative number).

    Raises:
        UsageError: naming ``cap`` and the value given.
    """
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
        raise UsageError(msg("cap is a whole number of actions, at least 0, not {cap}", cap=shown(cap)))


def new_bot_game(title: str, players: int, seed: int, options: Sequence[str] = ()) -> Game:
    """A new game of ``title`` for bots: players ``P1``…``Pn``, ``seed``, the rule ``options`` (names).

    Raises:
        GameError: a player count the title does not play, quoted as given (checked before any name is built:
            ``Game.check_player_count``), or an option the title refuses (rule ``<title>:setup``).
    """
    cls = game_class(title)
    cls.check_player_count(players)
    return cls([f"P{i + 1}" for i in range(players)], seed=seed, options=tuple(options))


def simulate(title: str, players: int, games: int, seed: int, progress: bool = False,
             cap: int = DEFAULT_ACTION_CAP, options: Sequence[str] = ()) -> SimulationReport:
    """Play ``games`` games of ``title`` between random bots (:func:`random_bot`) with ``players`` players, game i
    seeded ``seed + i``, every game with the rule ``options`` (names from ``Game.options_available``; check them
    first with :func:`new_bot_game`, as a refused option is recorded as an error of every game).

    Returns:
        A :class:`SimulationReport`; a game stopped by the action cap counts as not finished and as ``capped``
        (legal play, not an error), and an exception in a game is recorded in ``errors`` (the batch goes on).

    Raises:
        GameError: a player count the title does not play (rule ``<title>:setup``); UsageError: a ``cap`` that
            is no whole number of at least 0 (both before any game is played).
    """
    check_cap(cap)
    game_class(title).check_player_count(players)
    report = SimulationReport(games=games)
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    start = time.perf_counter()
    iterator = range(games)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"{title} x{players}", unit="game")
    for i in iterator:
        try:
            game = play_random_game(title, players, seed + i, cap, bot=random_bot, options=options)
        except Exception as exc:  # a bot game must never stop the batch; the report carries the defect
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            report.errors.append(f"game {i} (seed {seed + i}): {type(exc).__name__}: {exc} at "
                                 f"{tb.filename}:{tb.lineno}")
            continue
        lengths.append(len(game.actions))
        if game.is_over:
            report.finished += 1
            reasons[game.outcome.reason] += 1
            report.winners.append(list(game.outcome.winners))
        else:
            report.capped += 1
            reasons["cap"] += 1
    report.seconds = time.perf_counter() - start
    report.end_reasons = dict(sorted(reasons.items()))
    report.mean_actions = round(sum(lengths) / len(lengths), 1) if lengths else 0.0
    return report


# ----- the soak: random play with checks ----------------------------------------------------------------------
JUNK: tuple[Any, ...] = (-1, 0, 10**9, 2**70, 2.5, math.nan, math.inf, True, None, "", "Z99", "ZZZ-0", "x", [], ["x"],
                         [[]], [["Z99"]], {"a": 1}, [{"train": "x"}])


def mutate(game: Game, rng: GameRandom, legal: list[Action] | None = None) -> Action:
    """Build a likely illegal action from a legal one, bypassing validation as a careless caller might: a field set
    to junk (wrong type, out of range, unknown id, ``nan``), a field dropped, an unknown field added, the entity
    or a field swapped for a value from another legal action, or the fields put in another action class.

    Returns:
        An action object (``unchecked``/``replace``: not checked); ``process`` must refuse it with a
        ``GameError`` unless it happens to be legal. ``legal``: the game's legal actions, if already known.
    """
    legal = legal if legal is not None else game.legal_actions()
    base = legal[rng.below(len(legal))]
    fields = dict(base.__dict__)
    names = sorted(fields)
    kind = rng.below(6)
    name = names[rng.below(len(names))]
    if kind == 0:
        fields[name] = JUNK[rng.below(len(JUNK))]
    elif kind == 1:
        del fields[name]
    elif kind == 2:
        fields["junk"] = JUNK[rng.below(len(JUNK))]
    elif kind == 3:
        other = legal[rng.below(len(legal))].__dict__
        pool = [v for v in other.values()] + [p.id for p in game.players]
        fields[name] = pool[rng.below(len(pool))]
    elif kind == 4:
        _mutate_nested(fields, rng)
    else:
        classes = sorted(action_types().values(), key=lambda c: c.type)
        return classes[rng.below(len(classes))].unchecked(**fields)
    return type(base).unchecked(**fields)


def _mutate_nested(fields: dict, rng: GameRandom) -> None:
    """Junk inside a list field: an element replaced, or a field of a nested model (a route's hexes, nodes,
    connections) set to junk."""
    lists = [k for k, v in fields.items() if isinstance(v, tuple) and v]
    if not lists:
        fields["entity"] = JUNK[rng.below(len(JUNK))]
        return
    key = lists[rng.below(len(lists))]
    items = list(fields[key])
    i = rng.below(len(items))
    if isinstance(items[i], Record):
        inner = sorted(type(items[i]).field_names())
        items[i] = items[i].replace(**{inner[rng.below(len(inner))]: JUNK[rng.below(len(JUNK))]})
    else:
        items[i] = JUNK[rng.below(len(JUNK))]
    fields[key] = tuple(items)


@dataclass
class SoakReport:
    """What a soak found (the ``--check`` JSON of ``gamekit simulate``).

    Attributes:
        games, finished, end_reasons, seconds: as :class:`SimulationReport`; actions: actions applied in all.
        listed_tried: listed legal actions tried on forks; mutations_tried / mutations_refused: mutated actions
            tried, and how many were refused (the rest happened to be legal).
        violations: one message per broken invariant, with the game's seed and action index (empty when none).
        errors: exceptions other than a refusal that left the engine (a defect), one per game at most.
    """

    games: int = 0
    finished: int = 0
    actions: int = 0
    listed_tried: int = 0
    mutations_tried: int = 0
    mutations_refused: int = 0
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    end_reasons: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        """Return the report as a JSON-ready dict (with games per second)."""
        return {"games": self.games, "finished": self.finished, "actions": self.actions,
                "games_per_second": round(self.games / self.seconds, 3) if self.seconds else None,
                "listed_tried": self.listed_tried, "mutations_tried": self.mutations_tried,
                "mutations_refused": self.mutations_refused, "violations": self.violations[:50],
                "violation_count": len(self.violations), "errors": self.errors, "end_reasons": self.end_reasons,
                "seconds": round(self.seconds, 3)}


def check_mutation(game: Game, action: Action) -> tuple[bool, str | None]:
    """Process a (possibly illegal) action on ``game``: a refusal must be a ``GameError`` naming a rule and leave
    the state byte for byte as before; an accepted action is undone again (undo must restore the same bytes).

    Returns:
        ``(refused, problem)``: whether the action was refused, and ``None`` when the engine behaved, else what
        went wrong.
    """
    before = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
    count = len(game.actions)
    try:
        game.process(action)
    except GameError as exc:
        if not exc.rule or ":" not in exc.rule:
            return True, f"refusal without a rule id: {exc}"
        if not _same_state(game, before) or len(game.actions) != count:
            return True, f"state changed by a refused action ({exc.rule})"
        return True, None
    except Exception as exc:  # a defect: report it, do not stop the soak
        return True, f"{type(exc).__name__} escaped process: {exc}"
    game.undo()
    return False, None if _same_state(game, before) else "undo did not restore the state"


def _same_state(game: Game, before: bytes) -> bool:
    """True when the game's state equals the pickled one: the same bytes, or the same once sets are sorted (a
    set rebuilt from a pickle may iterate in another order than the set it came from)."""
    now = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
    return now == before or _canonical(game.state) == _canonical(pickle.loads(before))


def _canonical(state: Any) -> bytes:
    """The state as bytes that two equal states share: its pickle, with every set sorted first."""
    return pickle.dumps(_sorted_sets(state), pickle.HIGHEST_PROTOCOL)


def _sorted_sets(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((_sorted_sets(v) for v in value), key=repr))
    if isinstance(value, dict):
        return ("dict", [(_sorted_sets(k), _sorted_sets(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_sorted_sets(v) for v in value])
    if hasattr(value, "__dict__"):
        return (type(value).__name__, _sorted_sets(vars(value)))
    if hasattr(value, "__slots__"):
        return (type(value).__name__, [_sorted_sets(getattr(value, k, None)) for k in value.__slots__])
    return value


def soak_game(title: str, players: int, seed: int, report: SoakReport, samples: int = 5, mutations: int = 5,
              cap: int = DEFAULT_ACTION_CAP, options: Sequence[str] = ()) -> Game:
    """Play one bot game of ``title`` (with the rule ``options``, names) with checks after every action, adding
    to ``report``.

    After each action: the title's ``audit()`` (each conserved quantity, once it exists, as before; no bookkeeping
    problem);
    before each: up to ``samples`` listed legal actions applied on forks (each must be accepted) and
    ``mutations`` mutated actions (:func:`mutate`, :func:`check_mutation`).
    """
    game = new_bot_game(title, players, seed, options)
    rng = GameRandom(seed * 7919 + 17)
    checks = GameRandom(seed * 104729 + 3)
    conserved, _ = game.audit()
    where = f"{title} x{players} seed {seed}"
    while not game.is_over and len(game.actions) < cap:
        at = f"{where} action {len(game.actions)}"
        legal = game.legal_actions()
        for _ in range(min(samples, len(legal))):
            action = legal[checks.below(len(legal))]
            report.listed_tried += 1
            try:
                game.fork().process(action)
            except GameError as exc:
                report.violations.append(f"{at}: listed action {action} refused: {exc}")
        for _ in range(mutations):
            report.mutations_tried += 1
            action = mutate(game, checks, legal)
            refused, problem = check_mutation(game, action)
            report.mutations_refused += refused
            if problem:
                report.violations.append(f"{at}: {problem} ({type(action).__name__} {action.__dict__})")
        game.process(random_action(game, rng))
        now, problems = game.audit()
        report.violations += [f"{at}: {p}" for p in problems]
        changed = {k: (conserved[k], now[k]) for k in conserved.keys() & now.keys() if conserved[k] != now[k]}
        if changed:
            report.violations.append(f"{at}: conserved quantities changed: {changed}")
        conserved = now
    report.actions += len(game.actions)
    return game


def soak(title: str, players: int, games: int, seed: int, samples: int = 5, mutations: int = 5,
         cap: int = DEFAULT_ACTION_CAP, options: Sequence[str] = ()) -> SoakReport:
    """Run :func:`soak_game` for ``games`` games seeded ``seed``, ``seed + 1``, … with the rule ``options``
    (names) and return the report; an exception that escapes a game is recorded in ``errors`` and the batch
    goes on."""
    report = SoakReport(games=games)
    reasons: Counter[str] = Counter()
    start = time.perf_counter()
    for i in range(games):
        try:
            game = soak_game(title, players, seed + i, report, samples, mutations, cap, options)
        except Exception as exc:  # a defect: recorded, the batch goes on
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            report.errors.append(f"seed {seed + i}: {type(exc).__name__}: {exc} at {tb.filename}:{tb.lineno}")
            continue
        if game.is_over:
            report.finished += 1
            reasons[game.outcome.reason] += 1
        else:
            reasons["cap"] += 1
    report.seconds = time.perf_counter() - start
    report.end_reasons = dict(sorted(reasons.items()))
    return report
