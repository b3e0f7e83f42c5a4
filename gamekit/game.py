"""The title-independent game protocol (DESIGN §1–2): create, ask, apply, undo, fork, save.

A game *is* its title, players, seed, options and the ordered list of actions applied. Each title subclasses
:class:`Game` and fills in five hooks (``_setup``, ``_step``, ``_legal_actions``, ``_apply``, ``_outcome``);
everything else here (atomic ``process``, undo/redo, fork, JSON) is the same for all five titles. What a caller
may ask a game (cash, holdings, prices, trains, round…) is the query API of :mod:`gamekit.query`, which each title
answers in its own module; ``parse_action`` reads an action's sentence back (:mod:`gamekit.codec`).

All mutable state of a title lives in ``self.state`` (a picklable object that names things by id); the title's
facts (``self.data``) are read-only and shared between forks.
"""

from __future__ import annotations

import copyreg
import dataclasses
import gc
import io
import json
import operator
import pickle
import types
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Sequence

from .actions import Action, action_from_json, revalidate
from .choices import ActionGroup, ActionRange, groups_of
from .errors import DataError, GameError, UnknownId, cut, message_of, shown, unknown_id
from .events import Event
from .i18n import N_, Message, action_words, localize, money_text, msg
from .loading import MAX_DIGITS
from .model import json_default
from .query import BANK, Queries

SAVE_FORMAT = "gamekit-game"

BATCH_SNAPSHOT_EVERY = 64
"""Inside :meth:`Game.batch`, ``process`` keeps a snapshot of the state before every this many actions instead of
before each one. A snapshot (the state's pickle) cost a quarter of an 18xx bot action and half of a replayed one;
every 32 actions it was still a twenty-fifth of a random 1837 game's instructions (a thirty-fifth of 1830's).
Rebuilding a position from the snapshot before it (a refusal or undo inside a batch, ``state_at`` of a played
game) re-applies at most 63 actions: about 2 ms on average in 1830 and 1837, 5 ms at most."""

BOT_SNAPSHOT_EVERY = 512
"""Inside a bot game's batch (``Game.batch(snapshot_every=BOT_SNAPSHOT_EVERY)``), ``process`` keeps a snapshot every
this many actions instead of every :data:`BATCH_SNAPSHOT_EVERY`: a bot game's positions are seldom rebuilt (its
bots play listed actions, which are never refused, and try theirs on forks, which keep their own snapshots), and
its snapshots every 64 actions were a twenty-seventh of a random 1837 game's instructions (the pickle of a late
1837 state takes over a million instructions). Undoing an action of a finished bot game, or ``state_at``
of one of its positions, re-applies at most 511 actions (applying without listing is fast): about 12 ms on
average and 35 ms at most in 1830, 1837 and 1894 (CPU time on a busy machine)."""

MAX_NAME = 40
"""The longest player name, in characters: views give a name one line in a table's column."""

SEED_LIMIT = N_("the seed is a whole number of at most {digits} digits (a save must hold it), not {seed}")
"""The refusal of a seed a save cannot hold (rule ``<title>:setup``; fields ``digits``, ``seed``), also said of a
typed ``--seed`` by the commands (:func:`gamekit.cli.seed`), so that it reads and translates the same."""

MAX_OPTION = 100
"""The longest option name, in characters (the titles' longest, ``seed_restrictive_upgrades``, has 25): an
option a title does not know is named in its refusal, which must stay one short line."""

LOOK_DISTINCT = {
    "names": N_("player names must look distinct: {first} and {second} are the same once Unicode-normalised (NFC) "
                "and trimmed, and messages name players by them"),
    "ids": N_("player ids must look distinct: {first} and {second} are the same once Unicode-normalised (NFC) and "
              "trimmed, and messages name players by them")}
"""The refusal of two players' names (or ids) that read alike (rule ``<title>:setup``)."""

SAVE_VERSION = 1
"""The save format version :meth:`Game.to_json` writes; ``gamekit.load_json`` reads this and every older one
(rule ``core:save.version``). Raise it only with a reader for the versions before."""


@dataclass(frozen=True)
class Player:
    """A seat at the table: ``id`` names the player in actions and results, ``name`` is for display."""

    id: str
    name: str


@dataclass(frozen=True)
class Step:
    """The active step: what the game waits for now (DESIGN §2.2).

    Attributes:
        name: short name, e.g. "Private auction" or "Lay track".
        help: what the acting entity may do here, in plain words.
        rule: id of the rule section describing the step.
        entity: id of who must act now (player, corporation, railroad), or ``None`` when the game is over.
        action_types: the action ``type`` names this step accepts.
    """

    name: str
    help: str
    rule: str
    entity: str | None
    action_types: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The step as a learner reads it (``print(game.active_step)``), in the current language: its name, what
        the acting entity may do and the rule, e.g. ``Private auction — Ann may buy SV … [1830:auction]``."""
        return f"{localize(self.name)} — {localize(self.help)} [{self.rule}]"


@dataclass(frozen=True)
class Outcome:
    """Why and how a game ended.

    Attributes:
        reason: machine tag (18xx.games names where they exist: ``bank``, ``bankrupt``; cube rails: ``turns``…).
        text: a sentence saying why the game ended.
        rule: id of the rule section of the end condition.
        ranking: ``(player id, final value)`` pairs, best first (value in currency units, or victory points
            where the title scores points); ties keep seat order.
    """

    reason: str
    text: str
    rule: str
    ranking: tuple[tuple[str, int], ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The ids of the players with the best final value (more than one on a tie)."""
        best = self.ranking[0][1]
        return tuple(pid for pid, value in self.ranking if value == best)

    @property
    def values(self) -> dict[str, int]:
        """Final value per player id."""
        return dict(self.ranking)


class Game(Queries):
    """One game of one title, played step by step.

    Args:
        players: player names (each becomes the player's id) or :class:`Player` objects, in seat order.
        seed: the seed of the game's random number generator (:class:`gamekit.rng.GameRandom`).
        options: names of optional rules (see ``options_available``).

    Raises:
        GameError: unsupported player count; duplicate or empty player ids or names; a name that is another
            player's id, a company's or a holder's; a name or id that has a line break or is over ``MAX_NAME``
            characters; two names that look alike (equal once Unicode-normalised (NFC) and trimmed: ``"A\\u030a"``
            and ``"Å"``, ``"Ann"`` and ``"Ann "``); an option over ``MAX_OPTION`` characters, unknown, given more
            than once or given two values (rule ``<title>:setup``).
    """

    title: ClassVar[str] = ""
    rule_prefix: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options_available: ClassVar[dict[str, str]] = {}

    def __init__(self, players: Sequence[str | Player], seed: int = 0, options: Sequence[str] = ()):
        rule = f"{self.rule_prefix}:setup"
        if not isinstance(players, (list, tuple)) or not isinstance(options, (list, tuple, set, frozenset)):
            wrong = players if not isinstance(players, (list, tuple)) else options
            raise GameError(msg("players and options are lists of names, not {what}",
                                what=msg("one string") if isinstance(wrong, str) else type(wrong).__name__), rule)
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 10 ** MAX_DIGITS:
            raise GameError(msg(SEED_LIMIT, digits=MAX_DIGITS, seed=shown(seed)), rule)
        if not all(isinstance(o, str) for o in options):
            raise GameError(msg("an option is a name (text), e.g. 'edition=1st'"), rule)
        if long := [o for o in options if len(o) > MAX_OPTION]:
            raise GameError(msg("an option is a name of at most {most} characters, not {option}", most=MAX_OPTION,
                                option=shown(long[0])), rule)
        if twice := sorted({o for o in options if list(options).count(o) > 1}):  # a slip, as two values of one are
            raise GameError(msg("option {options} is given more than once", options=", ".join(map(shown, twice))),
                            rule)
        self.check_player_count(len(players))  # before a player is built: a count of a billion names nobody
        self.players = tuple(_seat(p, rule) for p in players)
        self.seed = seed
        self.options = tuple(sorted(set(options)))
        self._check_setup()
        self._actions: list[Action] = []
        self._events: list[list[Event]] = []
        self._snapshots: list[Any] = []  # per action: the state before it, or None where a batch kept none
        self._batch_from: int | None = None  # inside batch(): the number of actions when it began
        self._batch_every = BATCH_SNAPSHOT_EVERY  # inside batch(): keep a snapshot every this many actions
        self._listed: dict[str, Any] = {}  # inside batch(): this position's listings (see _listing)
        self._carried: tuple[Any, int, Any] | None = None  # inside batch(): see _carry
        self._listed_play: Action | None = None  # inside _play_listed: the listed action it applies
        self.trusted = False  # see replay_saved: the actions applied now were checked when they were first played
        self._redo: list[Action] = []
        self._saved: tuple[int, str] = (0, "")
        self.state: Any = None
        self.setup_events: list[Event] = self._setup()
        self._check_names()

    # ----- hooks each title implements -------------------------------------------------------------
    def _setup(self) -> list[Event]:
        """Create ``self.state`` for a new game and return the setup events."""
        raise NotImplementedError

    def _step(self) -> Step:
        """Return the active step of ``self.state``."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Return concrete legal actions now (ranges contribute their lowest value)."""
        raise NotImplementedError

    def _ranges(self) -> list[ActionRange]:
        """Return the integer ranges of the legal actions now (none by default)."""
        return []

    def _action_groups(self) -> list[ActionGroup]:
        """Return the legal actions now as groups of one type each (:mod:`gamekit.choices`), each in listing
        order. By default the listed actions split by type; a title whose positions offer many actions builds
        its groups without building the actions (and lists its actions from them)."""
        return groups_of(self._legal_actions(), self._ranges())

    def _apply(self, action: Action) -> list[Event]:
        """Check and apply one action to ``self.state``; raise :class:`GameError` if illegal."""
        raise NotImplementedError

    def _outcome(self) -> Outcome | None:
        """Return the outcome once the game has ended, else ``None``."""
        raise NotImplementedError

    def _snapshot(self) -> Any:
        """Return a copy of ``self.state`` that nothing changes afterwards (``process`` keeps one per action for
        undo, or one every :data:`BATCH_SNAPSHOT_EVERY` inside :meth:`batch`); by default its pickle, whose
        dataclasses are saved so that neither they nor the restored ones lose fast attribute reads
        (:class:`_SnapshotPickler`). A title may return a copy it makes faster."""
        out = io.BytesIO()
        _SnapshotPickler(out, pickle.HIGHEST_PROTOCOL).dump(self.state)
        return out.getvalue()

    def _restore(self, snapshot: Any) -> Any:
        """Return a new live state from a :meth:`_snapshot`, which stays unchanged (forks share snapshots)."""
        return pickle.loads(snapshot)

    def money(self, amount: int) -> str:
        """Return ``amount`` (currency units) as the title writes money, thousands separated: ``$1,200`` by default
        (the dollar titles), a debt with its sign first (``-$5``); titles with another currency override it. An
        amount of thousands is a :class:`~gamekit.i18n.Money`, shown with each language's thousands separator."""
        return money_text(amount, "${}")

    def player_value(self, player_id: str) -> int:
        """Return a player's current value (money titles: cash + holdings at market) in currency units."""
        raise NotImplementedError

    # ----- the protocol ----------------------------------------------------------------------------
    @property
    def active_step(self) -> Step:
        """The step waiting for an action (see :class:`Step`); after the end, a step named "Game over"."""
        if self.is_over:
            out = self.outcome
            return Step(msg("Game over"), out.text, out.rule, None, ())
        return self._step()

    @property
    def current_entity(self) -> str | None:
        """Id of who must act now (player, corporation, railroad), or ``None`` once the game is over; known
        without listing the legal actions (:meth:`_entity`)."""
        return None if self.is_over else self._entity()

    def _entity(self) -> str | None:
        """Return who must act now (the game not over); by default the entity of :meth:`_step`."""
        return self._step().entity

    def _action_types(self) -> tuple[str, ...]:
        """Return the action types the active step accepts (the game not over), as :meth:`_step` gives them;
        ``process`` asks it before every action. By default read from :meth:`_step`; a title whose step builds
        its help text may answer without building it (it must agree with ``_step().action_types``)."""
        return self._step().action_types

    def legal_actions(self) -> list[Action]:
        """Return the concrete legal actions now, in a stable order; empty once the game is over.

        Where a field ranges over many values (a bid, a price) the list holds the lowest legal value;
        :meth:`action_ranges` gives the whole range.
        """
        return [] if self.is_over else list(self._listing("actions", self._legal_actions))

    def action_ranges(self) -> list[ActionRange]:
        """Return the integer ranges of legal actions now (bids from min to max in steps, …)."""
        return [] if self.is_over else list(self._listing("ranges", self._ranges))

    def _listing(self, kind: str, make: Callable[[], Any]) -> Any:
        # Inside a batch nobody changes the state by hand, so a position is known by its state object and its
        # number of actions (a refusal, undo or rebuild makes a new state object) and its listings are kept:
        # a bot and a measurement looking at one position list it once.
        if self._batch_from is None:
            return make()
        if not self._listed_here():
            self._listed = {"state": self.state, "done": len(self._actions)}
        if kind not in self._listed:
            self._listed[kind] = make()
        return self._listed[kind]

    def _listed_now(self, kind: str) -> Any:
        """What :meth:`_listing` kept under ``kind`` for the current position (known as there: the state object
        and the number of actions), or ``None``: nothing kept, or outside a batch. For a rule that can use what
        a listing found at the position the action is applied to, before the action changes the state."""
        if self._batch_from is None or not self._listed_here():
            return None
        return self._listed.get(kind)

    def _listed_here(self) -> bool:
        """Whether the kept listings are the current position's: its state object and its number of actions."""
        return self._listed.get("state") is self.state and self._listed.get("done") == len(self._actions)

    def action_groups(self) -> list[ActionGroup]:
        """Return the legal actions now as groups of one action type each, without building every action
        (see :mod:`gamekit.choices`); empty once the game is over.

        Within one type, the groups hold the actions of :meth:`legal_actions` of that type in the same order,
        and ``group.range(i)`` is the range of :meth:`action_ranges` whose lowest value ``group.action(i)`` is.
        Groups may be empty.
        """
        return [] if self.is_over else self._action_groups()

    @property
    def is_over(self) -> bool:
        """True once an end condition of the title has been met."""
        return self._outcome() is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""
        return self._outcome()

    def process(self, action: Action) -> list[Event]:
        """Apply one action completely, or not at all.

        Args:
            action: an action of this title (see :meth:`legal_actions`).

        Returns:
            The events it caused, each naming its rule, including those of steps that followed
            automatically (payouts, price moves, skipped steps).

        Raises:
            GameError: the rules forbid the action (the message names the rule); the state is exactly as
                before the call. Before the title's rules look at it, the action is checked again field by field
                however it was built (``core:protocol.fields``), its type must be one the active step accepts
                and its entity an id of this game, a player's or a company's (both refused with the step's rule;
                the second as :class:`~gamekit.errors.UnknownId`).
        """
        # the caller gets its own list: clearing it must not empty the game's history
        return list(self._applied(self._admitted(action), None))

    def _play_listed(self, action: Action) -> None:
        """:meth:`process` for an action that one of the engine's own bots (:mod:`gamekit.simulate`,
        :mod:`gamekit.bots`) took from this game's listings at the current position (:meth:`legal_actions`,
        :meth:`action_groups`, a value of :meth:`action_ranges`; the game not over) and hands over unchanged:
        such an action passes the checks of :meth:`_admitted` by construction (the listings build their actions
        checked, of the types the step accepts; the soak checks that ``process`` accepts every listed action), so
        they are not made again for each action of a bot game. Anything else goes through :meth:`process`.

        While it applies it, the action is ``_listed_play``: a round whose listings make the checks of its rules
        may apply it without making them again (the stock round, ``stock._listed_effect``)."""
        self._listed_play = action
        try:
            self._applied(action, None)
        finally:
            self._listed_play = None

    def _applied(self, action: Action, known: Any) -> list[Event]:
        """Apply an admitted action (:meth:`_admitted`) as :meth:`process` does and return the game's own list
        of its events; ``known`` is a snapshot of the current position that the caller holds (``None``: taken
        here where one is kept; :meth:`fork_after`)."""
        done = len(self._actions)
        batch = self._batch_from
        kept = batch is None or (done - batch) % self._batch_every == 0
        before = (self._position_snapshot() if known is None else known) if kept else None
        self._carried = None
        try:
            events = self._apply(action)
        except BaseException:
            self.state = self._rebuilt(done) if before is None else self._restore(before)
            self._carried = None
            raise
        self._snapshots.append(before)
        self._actions.append(action)
        self._events.append(events)
        self._redo.clear()
        return events

    def _carry(self, found: Any) -> None:
        """Keep ``found``, what a title worked out about the position its ``_apply`` is about to leave (the
        groups its stock round found while deciding whether the next player has a choice), for
        :meth:`_carried_over` to return at that position. Only inside a batch, where nobody changes the state by
        hand, and only when nothing changes the state after this call within the same ``_apply``."""
        if self._batch_from is not None:
            self._carried = (self.state, len(self._actions) + 1, found)

    def _carried_over(self) -> Any:
        """What :meth:`_carry` kept for the current position, or ``None``. ``process`` forgets it before each
        action; the position is known as in :meth:`_listing` (the state object and the number of actions),
        so a refusal, undo or rebuild, which leaves another state object, never finds a stale one."""
        carried = self._carried
        if carried is not None and carried[0] is self.state and carried[1] == len(self._actions) \
                and self._batch_from is not None:
            return carried[2]
        return None

    @contextmanager
    def batch(self, snapshot_every: int = BATCH_SNAPSHOT_EVERY) -> Iterator["Game"]:
        """A context for processing many actions while nobody changes ``state`` by hand between them (a replay, a
        bot game): ``process`` keeps a snapshot only every ``snapshot_every`` actions (and before the first; a
        bot game: :data:`BOT_SNAPSHOT_EVERY`; a batch inside another keeps the outer one's spacing), and a refusal,
        an undo or :meth:`state_at` of a position between two snapshots rebuilds it from the one before by applying
        the actions since again (the engine is deterministic: its random numbers come from a generator in the
        state). Every result is the same as outside a batch; the rebuilt state is equal to
        the one played (dataclass equality), though it may pickle with another memo layout. Yields the game.

        A position set by hand on ``state`` before a batch is kept (the batch's first snapshot holds it); one
        set by hand inside a batch would be lost by a rebuild.

        Meanwhile Python's cycle collector is paused (as ``timeit`` pauses it), and as the batch ends every object
        it kept is handed to the collector's oldest generation without being scanned (:func:`_settle_collector`):
        a game keeps its whole history (some twenty objects an action) and the state it changes, and the
        collector scanned each of them at least once more (its young collections, every 256 actions, were a
        twenty-fifth of a random game's instructions; before them, its full collections, which scanned all of it
        again each time the heap grew by a quarter, a quarter of 1837's). Objects freed by their reference counts
        (everything an action leaves behind, and a dropped game) are freed as ever: the engine and its bots make
        no reference cycles (tests/test_gc49_cycles.py), which would wait for the collector's next full collection
        (in a sweep of many games, holding whole games). The collector is restored as it was.

        Raises:
            ValueError: ``snapshot_every`` is not a whole number of at least 1."""
        if not isinstance(snapshot_every, int) or isinstance(snapshot_every, bool) or snapshot_every < 1:
            raise ValueError(f"a batch keeps a snapshot every 1 or more actions, not {shown(snapshot_every)}")
        outer, outer_every = self._batch_from, self._batch_every
        if outer is None:
            self._batch_from, self._batch_every = len(self._actions), snapshot_every
        self._listed = {}
        pause = outer is None and gc.isenabled()
        if pause:
            gc.disable()
        try:
            yield self
        finally:
            self._batch_from, self._batch_every = outer, outer_every
            self._listed = {}
            self._carried = None
            if pause:
                _settle_collector()
                gc.enable()

    def why_illegal(self, action: Action) -> GameError | None:
        """Return the refusal :meth:`process` would raise for ``action`` now, or ``None`` when it would accept it;
        the game is left exactly as it was. It checks this one action, without listing the legal actions.

        The checks are those of :meth:`process` (an action object, the game not over, every field again
        (``core:protocol.fields``), a type the active step accepts), then the title's rules (:meth:`_why_illegal`).
        ``None`` for the actions of :meth:`legal_actions` and the values of :meth:`action_ranges`, and also for
        actions that list leaves out as the same move: another unused copy of a listed tile, another certificate of
        the same size of a listed corporation, a set of routes that is legal but not the best, a train purchase
        without its ``variant``.
        """
        try:
            action = self._admitted(action)
        except GameError as exc:
            return _unwound(exc)
        return self._why_illegal(action)

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`process` would accept ``action`` now (see :meth:`why_illegal`); the game is unchanged."""
        return self.why_illegal(action) is None

    def _why_illegal(self, action: Action) -> GameError | None:
        """The title's rules on one admitted action: its refusal, or ``None``. By default the action is applied to
        the state and the state restored afterwards (whatever happens); a title may check without applying."""
        before = self._snapshot()
        try:
            self._apply(action)
        except GameError as exc:
            return _unwound(exc)
        finally:
            self.state = self._restore(before)
        return None

    def _admitted(self, action: Any) -> Action:
        """The checks before the title's rules (see :meth:`process`): the action, checked again field by field.

        Raises:
            GameError: not an action (``core:protocol.action``), the game is over (``core:protocol.game-over``),
                a wrong field (``core:protocol.fields``), or a type the active step does not accept (its rule).
            UnknownId: the entity is nobody's id in this game (the active step's rule).
        """
        if not isinstance(action, Action):
            raise GameError(msg("{value} is not an action", value=type(action).__name__), "core:protocol.action")
        if self.is_over:
            raise _game_over()
        try:
            action = revalidate(action)
        except DataError as exc:
            raise GameError(exc.message, "core:protocol.fields") from None
        if action.type not in self._action_types():  # the step itself (its help text) only for the refusal
            raise self._wrong_kind(action.type)
        if not self._acts_here(action.entity):
            raise self._unknown_entity(action.entity)
        return action

    def _acts_here(self, entity: str) -> bool:
        """True when ``entity`` is an id this game gives to anyone: a player's, or one of :meth:`_named_ids`."""
        return any(p.id == entity for p in self.players) or entity in self._named_ids()

    def _unknown_entity(self, entity: str) -> UnknownId:
        """The refusal of an action whose entity is nobody's id in this game, under the active step's rule (whose
        turn it is): a turn check would name it as given and could not tell it from a player's name. A player's
        display name given for the id (the usual slip where ids and names differ, as in every import) says whose
        id to give."""
        rule = self._step().rule
        for p in self.players:
            if shown_as(p.name) == shown_as(entity):
                return UnknownId(msg("{name} is a player's name, not an id: an action names {player} by the id {id}",
                                     name=shown(entity), player=p.name, id=shown(p.id)), rule, entity)
        return UnknownId(msg("{name} is not the id of a player or a company of this game; the players' ids are: "
                             "{ids}", name=shown(entity), ids=", ".join(map(shown, (p.id for p in self.players)))),
                         rule, entity)

    def why_kind_illegal(self, kind: str) -> GameError | None:
        """Return the refusal :meth:`process` would raise now for any action of type ``kind`` before reading its
        fields, or ``None`` when the active step accepts that type; the game is unchanged, no action is listed.

        Args:
            kind: an action type (``"lay_tile"``, ``"bid"``; :attr:`Action.type`).

        Returns:
            ``None`` where the step accepts ``kind`` (its actions may still be refused for their fields: see
            :meth:`why_illegal`); else a :class:`GameError` saying the step's name, the kinds of action legal now and
            the refused kind, naming the active step's rule (rule ``core:protocol.step``: only the types the active
            step accepts are processed), or, the game being over, the refusal of rule ``core:protocol.game-over``.
        """
        if self.is_over:
            return _game_over()
        return None if kind in self._action_types() else self._wrong_kind(kind)

    def _wrong_kind(self, kind: str) -> GameError:
        """The refusal of an action of type ``kind`` that the active step does not accept: the step's name, the
        kinds of action legal now (a step may accept more kinds than its position allows: 18xx's operating step
        takes a tile lay and a dividend, but not while its corporation buys trains) and the refused kind, under
        the step's rule. The step's accepted kinds where nothing is legal now."""
        step = self._step()
        now = tuple(dict.fromkeys(group.type for group in self.action_groups() if group))
        return GameError(msg("the step '{step}' takes {accepted}, not {refused}", step=step.name,
                             accepted=action_words(now or step.action_types), refused=action_words((kind,))),
                         step.rule)

    def undo(self) -> Action:
        """Take back the last action and return it (it can be re-applied with :meth:`redo`).

        Raises:
            GameError: nothing to undo (rule ``core:protocol.undo``).
        """
        if not self._actions:
            raise GameError(msg("there is no action to undo"), "core:protocol.undo")
        before = self._snapshots.pop()
        self.state = self._rebuilt(len(self._snapshots)) if before is None else self._restore(before)
        self._events.pop()
        action = self._actions.pop()
        self._redo.append(action)
        if self._saved[0] > len(self._actions):
            self._saved = (0, "")
        return action

    def redo(self) -> list[Event]:
        """Re-apply the last undone action and return its events.

        Raises:
            GameError: nothing to redo (any new action clears the redo list; rule ``core:protocol.undo``).
        """
        if not self._redo:
            raise GameError(msg("there is no undone action to redo"), "core:protocol.undo")
        action = self._redo.pop()
        redo_rest = list(self._redo)
        events = self.process(action)
        self._redo = redo_rest
        return events

    @property
    def can_redo(self) -> bool:
        """True when :meth:`redo` has an action to re-apply."""
        return bool(self._redo)

    def fork(self) -> "Game":
        """Return an independent copy (same history, own state) for "what if" play; the facts are shared."""
        return self._fork(self._position_snapshot())

    def fork_after(self, action: Action) -> "Game":
        """Return a fork with ``action`` applied (its events are the last of its :meth:`history`): what
        ``fork()`` then ``process(action)`` give, faster. Nothing can change the fork's state between the two, so
        its position before the action is the snapshot it was made from, not a second copy (a bot trying one
        candidate after another copies each position once).

        Raises:
            GameError: as :meth:`process` (this game is unchanged)."""
        snapshot = self._position_snapshot()
        other = self._fork(snapshot)
        other._applied(other._admitted(action), snapshot)
        return other

    def _fork(self, snapshot: Any) -> "Game":
        """A fork whose state is restored from ``snapshot``, this position's."""
        other = self._copy(self._restore(snapshot), len(self._actions))
        other._redo = list(self._redo)
        return other

    def _position_snapshot(self) -> Any:
        """A :meth:`_snapshot` of the current position; inside a batch kept with the position's listings
        (:meth:`_listing`), so that a bot trying one action after another on forks of one position copies it once
        (snapshots are never changed: :meth:`_restore` builds a new state from one)."""
        return self._listing("snapshot", self._snapshot)

    def _copy(self, state: Any, index: int) -> "Game":
        """A game sharing this one's facts, with ``state`` as its own and the history before action ``index``."""
        # CPython 3.11 keeps a game's attributes in a compact array, read fast, until its __dict__ is read: the
        # copy sets them one by one (its array kept, not its __dict__ filled), read by name from this game where
        # _own_attributes knows them; else this game's __dict__ must be read, and it takes a plain dict of them
        # (read almost as fast; the dict made from the array is not)
        found = _own_attributes(self)
        if found is None:
            self.__dict__ = held = dict(self.__dict__)
            found = held.keys(), held.values()
        names, values = found
        other = object.__new__(type(self))
        for name, value in zip(names, values):
            setattr(other, name, value)
        other.state = state
        other._actions = self._actions[:index]
        other._events = self._events[:index]
        other._snapshots = self._snapshots[:index]
        other._redo = []
        other._batch_from = None  # a copy is outside any batch of this game
        other._listed = {}
        other._carried = None
        other._listed_play = None
        other.trusted = False  # a copy's own actions are new ones
        if other._saved[0] > index:
            other._saved = (0, "")
        return other

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._actions)

    def history(self) -> Iterator[tuple[Action, list[Event]]]:
        """Yield ``(action, events)`` for every action applied so far (``events``: a new list each time, so a
        caller that changes it leaves the game's history as it was)."""
        return ((action, list(events)) for action, events in zip(self._actions, self._events))

    def state_at(self, index: int) -> Any:
        """Return a copy of the state just before action ``index`` (``len(actions)``: the current state).

        Raises:
            TypeError: index is not a whole number (a text such as ``"3"``, or ``True``, is not read as one).
            IndexError: index outside ``0..len(actions)``.
        """
        try:
            if isinstance(index, bool):  # True is not position 1
                raise TypeError
            index = operator.index(index)  # numpy's integers are whole numbers too
        except TypeError:
            raise TypeError(f"a position is a whole number of actions, not {shown(index)}") from None
        if not 0 <= index <= len(self._actions):
            count = len(self._actions)
            raise IndexError(f"no position {index}; the game has {count} action{'' if count == 1 else 's'}")
        if index == len(self._actions):
            return self._restore(self._snapshot())
        if self._snapshots[index] is not None:
            return self._restore(self._snapshots[index])
        live = self.state
        try:
            return self._rebuilt(index)
        finally:
            self.state = live

    def _rebuilt(self, index: int) -> Any:
        """Return the state just before action ``index`` (``0..len(actions)``), rebuilt from the nearest snapshot
        before it by applying the actions since again (see :meth:`batch`); it is left in ``self.state``."""
        start = min(index, len(self._snapshots) - 1)
        while self._snapshots[start] is None:  # the first action of a batch always has its snapshot
            start -= 1
        self.state = self._restore(self._snapshots[start])
        for action in self._actions[start:index]:
            self._apply(action)
        return self.state

    def at(self, index: int) -> "Game":
        """Return a fork positioned just before action ``index`` (``0..len(actions)``; replay views step through
        a game with it).

        Raises:
            TypeError: index is not a whole number.
            IndexError: index outside ``0..len(actions)``.
        """
        return self._copy(self.state_at(index), index)

    def parse_action(self, text: str) -> Action:
        """Return the legal action whose sentence (``Action.sentence()``) is ``text`` — the inverse of the
        sentence the explorer shows.

        Raises:
            GameError: the text has no action's form (rule ``core:codec.unreadable``), names an unknown player or
                company (``core:codec.unknown``), fits several legal actions (``core:codec.ambiguous``), or names
                an action the rules refuse now (the refusing rule; see :mod:`gamekit.codec`).
        """
        from .codec import parse_action

        return parse_action(self, text)

    def to_18xx_log(self, *, gamekit_only: bool = False) -> dict:
        """This game as an 18xx.games log: a JSON-ready dict (players with ids and names, settings with the seed
        and optional rules, actions with ids and entities) that :func:`gamekit.import_log` replays to the same
        game (see :mod:`gamekit.export18xx`). With ``gamekit_only`` the log may hold options 18xx.games does not
        have: a log only gamekit reads back.

        Raises:
            NotImplementedError: a cube-rail title, for which 18xx.games has no log format, or (unless
                ``gamekit_only``) an option of gamekit's own, which the site would pass over (one-line message
                naming it).
        """
        from .export18xx import to_18xx_log  # the exporter reads every title's facts: imported when used

        return to_18xx_log(self, gamekit_only=gamekit_only)

    def to_json(self) -> str:
        """Return the saved game as compact JSON text (no spaces; one line): the format name and version
        (``SAVE_FORMAT``, ``SAVE_VERSION``), title, players, seed, options and every action.

        The text of the actions is kept for the next call (actions are immutable; an undo or ``at`` before them
        drops it), so saving after every action encodes only the actions new since the last save."""
        head = json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "title": self.title,
                "players": [{"id": p.id, "name": p.name} for p in self.players],
                "seed": self.seed,
                "options": list(self.options),
            },
            separators=(",", ":"), check_circular=False,
        )
        return f'{head[:-1]},"actions":[{self._actions_json()}]}}'

    def _actions_json(self) -> str:
        """The JSON text of every action, comma-separated (without brackets), extending the saved text; with the
        title's :meth:`saved_fields` for an action that has some."""
        done, text = self._saved
        if done < len(self._actions):
            entries: list[Any] = self._actions[done:]
            if type(self).saved_fields is not Game.saved_fields:  # (no title but one has such fields: no call)
                entries = [{**json_default(a), **extra} if (extra := self.saved_fields(a)) else a for a in entries]
            more = json.dumps(entries, separators=(",", ":"), check_circular=False, default=json_default)[1:-1]
            text = f"{text},{more}" if done else more
            self._saved = (len(self._actions), text)
        return text

    def saved_fields(self, action: Action) -> dict[str, Any]:
        """Fields a save writes with ``action``, one of this game's, beyond the action's own: what the game keeps
        of it outside the rules (none by default; 1837 keeps a par's place on the par chart that a log chose).
        :meth:`action_from_save` reads them back."""
        return {}

    def action_from_save(self, raw: Any, where: str) -> Action:
        """The action of a save's entry ``raw`` (a JSON object) at the game's position, read back with the fields
        :meth:`saved_fields` wrote (by default the action's own fields only: :func:`gamekit.actions.action_from_json`).

        Raises:
            DataError: a malformed entry, naming ``where`` and the field.
        """
        return action_from_json(raw, where)

    def player(self, player_id: str) -> Player:
        """Return the :class:`Player` with that id.

        Raises:
            UnknownId: no player has that id (rule ``<title>:setup``; the message lists the players' ids).
        """
        for p in self.players:
            if p.id == player_id:
                return p
        raise self._unknown_player(player_id)

    def _unknown_player(self, player_id: object) -> UnknownId:
        """The refusal of an id that is no player of this game, to raise: it lists the players' ids (rule
        ``<title>:setup``)."""
        return unknown_id(player_id, N_("a player"), [p.id for p in self.players], f"{self.rule_prefix}:setup")

    def name_of(self, entity: Any) -> str:
        """Return how messages and views name ``entity``: a player's display name for a player id, any other id
        (corporation, railroad, private company) as it is, anything else as its text, cut to 60 characters (a
        message naming an id nobody has must stay one short line)."""
        for p in self.players:
            if p.id == entity:
                return p.name
        text = str(entity)
        # an id nobody has, as typed: quoted when a space at its ends or a control character would be invisible
        return cut(text, 60) if text and text.isprintable() and text == text.strip() else shown(text)

    @classmethod
    def check_player_count(cls, count: Any) -> None:
        """Refuse a player count the title does not play, before any player is built: every part of the kit (a
        new game, the bot helpers, the classroom header, the command line) says it in these words.

        Args:
            count: the number of players as given (an ``int``; a bool, a float or a text is no count).

        Raises:
            GameError: ``"1830 is for 2–6 players, not 7"``, quoting ``count`` as given (rule ``<title>:setup``).
        """
        if isinstance(count, bool) or not isinstance(count, int) or not cls.min_players <= count <= cls.max_players:
            raise GameError(msg("{title} is for {low}–{high} players, not {count}", title=cls.title,
                                low=cls.min_players, high=cls.max_players,
                                count=count if isinstance(count, int) and abs(count) < 10 ** 60 else shown(count)),
                            f"{cls.rule_prefix}:setup")

    def _check_setup(self) -> None:
        rule = f"{self.rule_prefix}:setup"
        n = len(self.players)  # its range checked in __init__, before the players were built
        if len({p.id for p in self.players}) != n or any(not p.id.strip() for p in self.players):
            raise GameError(msg("player ids must be distinct and not empty"), rule)
        names = [p.name for p in self.players]
        if len(set(names)) != n or any(not name.strip() for name in names):
            raise GameError(msg("player names must be distinct and not empty: messages name players by them"), rule)
        for template, texts in ((LOOK_DISTINCT["names"], names), (LOOK_DISTINCT["ids"], [p.id for p in self.players])):
            if alike := _look_alike(texts):
                raise GameError(Message(template, {"first": shown(alike[0]), "second": shown(alike[1])}), rule)
        if odd := [name for name in names if len(name) > MAX_NAME or not name.isprintable()]:
            raise GameError(msg("a player name is one line of at most {most} printable characters, not {name}",
                                most=MAX_NAME, name=shown(odd[0])), rule)
        # an action's entity is a player's id, and a save's fields hold them: what a game accepts, its save loads
        if odd := [p.id for p in self.players if len(p.id) > MAX_NAME or not p.id.isprintable()]:
            raise GameError(msg("a player id is one line of at most {most} printable characters, not {id}",
                                most=MAX_NAME, id=shown(odd[0])), rule)
        if clash := sorted(p.name for p in self.players for q in self.players
                           if p is not q and shown_as(p.name) == shown_as(q.id)):
            raise GameError(msg("a player may not be named {names}: that is another player's id, and a message "
                                "naming it would be ambiguous", names=", ".join(map(shown, clash))), rule)
        unknown = [o for o in self.options if o not in self.options_available]
        if unknown:
            known = ", ".join(sorted(self.options_available)) or msg("none")
            raise GameError(msg("unknown option(s) {options}; this title has: {known}",
                                options=", ".join(map(shown, unknown)), known=known), rule)
        keys = [o.partition("=")[0] for o in self.options if "=" in o]
        if twice := sorted({k for k in keys if keys.count(k) > 1}):
            raise GameError(msg("option {options} is given more than one value", options=", ".join(twice)), rule)

    def _check_names(self) -> None:
        """A player's id or name may not be an id the title gives to anything else (rule ``<title>:setup``): an
        action's entity, a holder, a query or a message names one of them, never two. A holder's name is refused in
        any case (``"Bank"``, ``"IPO"``), a company's as it is written."""
        own = {shown_as(p.id): p.id for p in self.players} | {shown_as(p.name): p.name for p in self.players}
        named = {shown_as(i) for i in self._named_ids()}
        # the holders' ids are lower-case words ("bank", "ipo", "pool"), compared case-folded: a player "IPO" would
        # read as the holder in every message naming either (a company's id keeps its case: "Li" is not "LI")
        holders = {i for i in named if i == i.casefold()}
        if taken := sorted({own[key] for key in own if key in named or key.casefold() in holders}):
            raise GameError(msg("a player may not be called {names}: that name is taken by a company or a holder in "
                                "this game", names=", ".join(taken)), f"{self.rule_prefix}:setup")

    def _named_ids(self) -> set[str]:
        """The ids the title gives to others than players: its corporations or railroads, and the bank (the query
        API's ``cash("bank")``), by default."""
        return set(self.corporations()) | {BANK}

    def _repr_html_(self) -> str:
        """The HTML view Jupyter shows: step, players, corporations or railroads, bank (:mod:`gamekit.html_view`)."""
        from .html_view import game_html

        return game_html(self)

    def __repr__(self) -> str:
        """``<Game1830 1830: 12 actions, Private auction — Ann>`` while played; once over, why it ended (the
        :attr:`outcome`'s text, in the current language): ``<Game1830 1830: 502 actions, over: The bank broke and
        the last set of operating rounds is over>``."""
        head = f"<{type(self).__name__} {self.title}: {len(self._actions)} actions"
        out = self.outcome
        if out is None:
            step = self.active_step
            return f"{head}, {step.name} — {step.entity}>"
        return f"{head}, over: {localize(out.text)}>"


def shown_as(name: str) -> str:
    """How a name reads on screen, for comparing names: Unicode-normalised (NFC, so a letter and its combining
    accent equal the accented letter) and trimmed of surrounding spaces."""
    return unicodedata.normalize("NFC", name).strip()


def _look_alike(names: Sequence[str]) -> tuple[str, str] | None:
    """Two of ``names`` that read the same on screen (:func:`shown_as`), or ``None``."""
    seen: dict[str, str] = {}
    for name in names:
        if (other := seen.setdefault(shown_as(name), name)) is not name:
            return other, name
    return None


def _game_over() -> GameError:
    """The refusal of any action once the game is over (rule ``core:protocol.game-over``)."""
    return GameError(msg("the game is over; no more actions"), "core:protocol.game-over")


def _unwound(refusal: GameError) -> GameError:
    """``refusal`` without its traceback, to be returned rather than raised: the traceback holds the frames it
    passed (the game's, and through them their callers'), so a caller keeping the refusal in a local variable
    would make a reference cycle (refusal, traceback, frame, refusal) holding a bot's forks until the cycle
    collector's next full collection."""
    return refusal.with_traceback(None)


def _seat(player: Any, rule: str) -> Player:
    """A seat from a name or a :class:`Player` (id and name text); raises :class:`GameError` naming ``rule``."""
    if isinstance(player, str):
        return Player(player, player)
    if isinstance(player, Player) and isinstance(player.id, str) and isinstance(player.name, str):
        return player
    raise GameError(msg("a player is a name (text) or a Player with a text id and name, not {value}",
                        value=shown(player)), rule)


def _settle_collector() -> None:
    """Hand every object the cycle collector tracks to its oldest generation without scanning one (the end of a
    :meth:`Game.batch`, which paused the collector): ``gc.freeze`` then ``gc.unfreeze`` move whole generations
    as lists. Left young, the objects a batch kept (a game's whole history) would be scanned by the collections
    that the first allocations after it start. Where someone else keeps objects frozen (a server before it
    forks), unfreezing would release theirs: the youngest generation is collected instead, as it would be."""
    if gc.get_freeze_count():
        gc.collect(0)
    else:
        gc.freeze()
        gc.unfreeze()


def replay_saved(game: Game, actions: list[Any], where: str) -> Game:
    """Apply saved actions (JSON objects, read by :meth:`Game.action_from_save`) to a new game, in a
    :meth:`Game.batch`; raises :class:`DataError` naming the bad action by its index and its sentence as a reader
    sees it (players by display name, as the rules' reason names them: :func:`gamekit.sentences.sentence_for_reader`).

    While it applies them, ``game.trusted`` is true: a title may then skip the checks that only repeat a search
    the game made when the action was first played and that change nothing (a tile lay's walk of the network to
    the hex, see :mod:`gamekit.g18xx.track`), so loading a save takes no longer than replaying its log. Every
    other check runs, every field is checked again and every state is the one the game played."""
    with game.batch():
        game.trusted = True
        try:
            for i, raw in enumerate(actions):
                place = msg("{where}: action {index}", where=where, index=i)
                action = game.action_from_save(raw, place)
                try:
                    game.process(action)
                except GameError as exc:
                    from .sentences import sentence_for_reader  # the sentences read games: imported when one fails

                    # the action as the reason names its players, by display name ("Ann bids $20 on SV", not "a bids")
                    raise DataError(msg("{place} ({action}): {error}", place=place,
                                        action=sentence_for_reader(game, action), error=message_of(exc))) from None
        finally:
            game.trusted = False
    return game


_ATTRIBUTES: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple]]] = {}
"""Game class → the names of its games' own attributes (as :func:`_own_attributes` last found them) and a reader
of their values, in that order."""

_STORED: dict[type, tuple[str, ...]] = {}
"""Game class → every name its code reads or sets as an attribute that the class does not define: the names a
game of it may hold as its own attributes (see :func:`_own_attributes`)."""


def _own_attributes(game: Game) -> tuple[tuple[str, ...], tuple] | None:
    """The names and values of ``game``'s own attributes, found without reading its ``__dict__`` (which would slow
    every later read of them, see :meth:`Game._copy`), or ``None`` where they cannot be found so.

    Exact: ``gc.get_referents`` of a game whose attributes are in the compact array lists one value per attribute,
    then its class (of a game with a dict: the dict and its class). Names that the class does not define and the
    game holds (``hasattr`` and ``getattr`` find them on the game itself, the class having no ``__getattr__``), as
    many as there are values, are all its attributes."""
    cls = type(game)
    size = len(gc.get_referents(game)) - 1
    if size < 2 or hasattr(cls, "__getattr__"):  # a dict (a game holds more than one attribute), or no knowing
        return None
    known = _ATTRIBUTES.get(cls)
    # the class asked again: one may have been given an attribute of such a name since (a test's monkeypatch)
    if known is not None and len(known[0]) == size and not any(hasattr(cls, name) for name in known[0]):
        try:
            return known[0], known[1](game)
        except AttributeError:  # another set of attributes than the last game's: found again below
            pass
    stored = _STORED.get(cls)
    if stored is None:
        stored = _STORED[cls] = _stored_names(cls)
    names = tuple(name for name in stored if hasattr(game, name) and not hasattr(cls, name))
    if len(names) != size:
        return None
    _ATTRIBUTES[cls] = names, operator.attrgetter(*names)
    return names, _ATTRIBUTES[cls][1](game)


def _stored_names(cls: type) -> tuple[str, ...]:
    """Every attribute name in the code of ``cls`` and its bases (their methods, nested code included) that
    ``cls`` does not define itself: a superset of its games' own attributes as long as the class's own code sets
    them (one set elsewhere makes :func:`_own_attributes` answer ``None``)."""
    codes = [function.__code__ for klass in cls.__mro__ for function in _functions(vars(klass))]
    names: set[str] = set()
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(const for const in code.co_consts if isinstance(const, types.CodeType))
    return tuple(sorted(name for name in names if not hasattr(cls, name)))


def _functions(space: dict[str, Any], seen: set[int] | None = None) -> Iterator[Any]:
    """The functions in ``space`` and in the classes in it (methods, static and class methods, properties'
    getters and setters); ``seen``: the ids of the classes already looked into."""
    seen = set() if seen is None else seen
    for value in space.values():
        if isinstance(value, type):
            if id(value) not in seen:
                seen.add(id(value))
                yield from _functions(vars(value), seen)
            continue
        value = getattr(value, "__func__", value)
        if isinstance(value, property):
            yield from (f for f in (value.fget, value.fset, value.fdel) if f is not None)
        elif isinstance(value, types.FunctionType):
            yield value


# Snapshots that keep attribute reads fast. CPython 3.11 keeps an object's attributes in a compact array read by
# specialized code (``o.cash``: about 60 machine instructions) until something reads ``o.__dict__``; from then on
# the object holds a real dict, and a read of one of its attributes takes the generic path (about 330). The
# default pickle reads ``__dict__`` of every object it saves (the live state's) and fills the ``__dict__`` of every
# object it loads (the restored state's): after the first snapshot every state object read slowly, a twentieth of
# a random 1830 game. The snapshot's pickler saves a dataclass as a call of _built with its class and field values
# instead, which sets the fields as attributes: the same objects, the same values, no ``__dict__`` read on either side.

_MANAGED_DICT = 1 << 4
"""``Py_TPFLAGS_MANAGED_DICT``: the type's instances keep their attributes in the compact array."""

_BUILDERS: dict[type, Callable[..., Any]] = {}
"""Dataclass → its builder (:func:`_builder`), made at its first use in this process."""


def _built(cls: type, *values: Any) -> Any:
    """A new ``cls`` (a dataclass) holding ``values``, one per field in order, as attributes set one by one: what
    a snapshot of :class:`_SnapshotPickler` calls to restore one (found by pickle by name, in any process)."""
    build = _BUILDERS.get(cls)
    if build is None:
        build = _BUILDERS[cls] = _builder(cls)
    return build(*values)


def _builder(cls: type) -> Callable[..., Any]:
    """A function of one value per field of the dataclass ``cls`` that makes a ``cls`` without ``__init__`` (as
    pickle does) and sets the fields as attributes (``made.cash = v0``: stored in the compact array)."""
    names = [f.name for f in dataclasses.fields(cls)]
    source = (f"def build({', '.join(f'v{i}' for i in range(len(names)))}):\n    made = new(cls)\n"
              + "".join(f"    made.{name} = v{i}\n" for i, name in enumerate(names)) + "    return made\n")
    space = {"new": object.__new__, "cls": cls}
    exec(source, space)  # noqa: S102 - the source holds only the dataclass's own field names (identifiers)
    return space["build"]


def _inline_reducer(cls: type) -> Callable[[Any], tuple] | None:
    """A pickle reducer that saves an instance of the dataclass ``cls`` as ``_built(cls, *field values)``, or
    ``None`` where pickle's own way must stay: not a dataclass, frozen (its builder could not set fields), fewer
    than two fields (an object with a dict then looks like one holding its one field, see below), or a class that
    saves itself its own way or keeps no compact array."""
    if (not dataclasses.is_dataclass(cls) or cls.__dataclass_params__.frozen or not cls.__flags__ & _MANAGED_DICT
            or any(hasattr(cls, name) and getattr(cls, name) is not getattr(object, name, None)
                   for name in ("__reduce__", "__reduce_ex__", "__getstate__", "__setstate__"))):
        return None
    names = tuple(f.name for f in dataclasses.fields(cls))
    if len(names) < 2:
        return None
    read, size, head = operator.attrgetter(*names), len(names) + 1, (cls,)

    def reduce(record: Any) -> tuple:
        # gc.get_referents of an object with the compact array lists each attribute's value, then its class;
        # of one with a real dict, the dict and its class: one more than the fields means the object holds
        # exactly its fields, in the array (a field deleted, an attribute added, or a dict: pickle's own way)
        if len(gc.get_referents(record)) != size:
            return record.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
        return _built, head + read(record)

    return reduce


class _InlineReducers(dict):
    """The snapshot pickler's dispatch table: class → reducer, worked out at the first object of each class."""

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        """``copyreg``'s reducer for ``cls``, else :func:`_inline_reducer`'s, else pickle's own (the
        object's ``__reduce_ex__``); classes themselves (a metaclass's instances) are saved by name.

        Raises:
            KeyError: ``cls`` is a metaclass: pickle saves its instances by name."""
        if issubclass(cls, type):
            raise KeyError(cls)
        found = copyreg.dispatch_table.get(cls) or _inline_reducer(cls) or _own_reduce
        self[cls] = found
        return found


_own_reduce = operator.methodcaller("__reduce_ex__", pickle.HIGHEST_PROTOCOL)
"""What pickle asks an object that no dispatch table names: its ``__reduce_ex__`` at the protocol used."""


class _SnapshotPickler(pickle.Pickler):
    """The pickler of :meth:`Game._snapshot`: dataclasses saved by :func:`_inline_reducer`, anything else as by
    ``pickle.dumps``; ``pickle.loads`` restores either."""

    dispatch_table = _InlineReducers()
