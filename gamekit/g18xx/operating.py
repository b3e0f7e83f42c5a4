"""Operating rounds: each floated corporation in turn goes through the steps of its turn (rule ``or``).

A turn's steps are :class:`TurnStep` objects, in the order the policy's ``or_steps`` names (1830: lay track, place
a token, run trains, pay out or withhold, buy trains, buy private companies). Each step declares its name, rule,
help text and whether a pass moves on; and whether it is skipped now, with what skipping does — as 18xx.games
does, and as real logs, which record only decisions, rely on: a corporation with no train earns nothing and
withholds (its price falls), one that can place no token skips the token step, and so on.
"""

from __future__ import annotations

from functools import partial

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from ..actions import Action, Pass
from ..choices import ActionGroup, LazyActions, LazyRows, ListedActions, groups_of, listed
from ..errors import GameError
from ..events import Event
from ..game import ActionRange, Step
from ..i18n import Message, _Lower, join, msg
from ..tracks.actions import (Bankrupt, BuyCompany, BuyTrain, DiscardTrain, Dividend, LayTile, PlaceToken,
                              RunRoutes, SellShares)
from ..tracks.trains import phase
from . import companies, dividend, end, revenue, track, trainbuy
from .economy import require
from .state import OperatingRound

if TYPE_CHECKING:
    from .game import Game18xx

Skip = Callable[["Game18xx", str], "list[Event] | None"]


@dataclass(frozen=True)
class TurnStep:
    """One step of a corporation's operating turn.

    Attributes:
        key: its id in the state (``OperatingRound.step``) and in the policy's ``or_steps``.
        name: shown to the player.
        section: its rule section (``or.track``).
        action_types: the action types that belong to the step (:data:`STEP_OF`; the turn accepts them all,
            :data:`TURN_TYPES`).
        help: ``(game, corporation) → text`` saying what may be done.
        choices: ``(game, corporation) → concrete legal actions`` of the step itself.
        skip: ``(game, corporation) →`` ``None`` when the step offers a choice now, else the events of skipping
            it (often none; the dividend step withholds nothing).
        passable: a pass moves on (``None``: never; a function: when it returns True).
        lazy: the one action type of the step's own choices when ``choices`` yields them one by one, as rows of
            values that ``build(corporation, *row)`` makes actions of, found only as far as asked and built only
            when asked for (the track step's lays); ``None``: ``choices`` returns a list of actions.
        ranges: ``(game, corporation) →`` the price ranges of the step's purchases (trains), whose lowest prices
            are the step's first choices, before those of ``choices``; ``None``: none.
        place: the token step's placement, ``(game, PlaceToken) → events``, where the title checks a station
            otherwise (1837 keeps only the last free spaces of a national's home hex); ``None``:
            :func:`~gamekit.g18xx.track.token_step`.
        build: makes a lazy step's action of a row (``build(corporation, *row)``).
        purchases: ``(game, corporation) →`` the actions of ``ranges`` as one group with their ranges, each built
            only when asked for (:func:`~gamekit.g18xx.trainbuy.purchases`), listed in their place (first);
            ``None``: the listing builds ``ranges``. The step's ``choices`` then hold no action of that type.
        deferred: the one action type of the step's ``choices`` when the listing asks for them only once a reader
            asks its group (costly to find, and a random draw often takes the pass beside them: the token step's
            cities, a walk of the network; a step without ``ranges`` or ``purchases``); ``None``: asked as the
            step is listed.
    """

    key: str
    name: str
    section: str
    action_types: tuple[str, ...]
    help: Callable[["Game18xx", str], str]
    choices: Callable[["Game18xx", str], list[Action]]
    skip: Skip
    passable: Callable[["Game18xx", str], bool] | None = None
    lazy: str | None = None
    ranges: Callable[["Game18xx", str], list[ActionRange]] | None = None
    place: Callable[["Game18xx", PlaceToken], list[Event]] | None = None
    build: Callable[..., Action] | None = None
    purchases: Callable[["Game18xx", str], ActionGroup] | None = None
    deferred: str | None = None


def _cash(game: "Game18xx", corp: str) -> str:
    return game.facts.money(game.state.corporations[corp].cash)


_LAYS: dict[tuple[str, str, str, int], LayTile] = {}
LAYS_KEPT = 4096
"""How many tile lays :func:`_lay_action` keeps (it forgets them all when full: the network moves on)."""


def _lay_action(corp: str, hex_id: str, tile: str, rotation: int) -> LayTile:
    """The checked lay of ``tile`` on ``hex_id`` at ``rotation`` by ``corp`` (``Action._trusted``: a row of the
    track step's listing, read from the state), kept by its values: a heuristic bot builds every lay of a track
    step, and a corporation's network offers much the same lays turn after turn. Actions are frozen, so one
    object serves every listing; should its checked mark be forgotten meanwhile, ``process`` only checks it
    again."""
    key = (corp, hex_id, tile, rotation)
    found = _LAYS.get(key)
    if found is None:
        if len(_LAYS) >= LAYS_KEPT:
            _LAYS.clear()
        found = _LAYS[key] = LayTile._trusted(entity=corp, hex=hex_id, tile=tile, rotation=rotation)
    return found


def _dividend_skip(game: "Game18xx", corp: str) -> list[Event] | None:
    if _round(game).revenue:
        return None
    return dividend.withhold(game, corp, 0, implicit=True)


_DIVIDENDS: dict[str, tuple[Dividend, Dividend]] = {}


def _dividends_of(corp: str) -> list[Dividend]:
    """The checked payout and withholding of ``corp`` (``Action._trusted``), built once per corporation: every
    dividend step lists them, and actions are frozen, so one pair serves every listing (see :func:`_pass_of`)."""
    found = _DIVIDENDS.get(corp)
    if found is None:
        found = _DIVIDENDS[corp] = (Dividend._trusted(entity=corp, kind="payout"),
                                    Dividend._trusted(entity=corp, kind="withhold"))
    return list(found)


def _always(game: "Game18xx", corp: str) -> bool:
    return True


STEPS = {s.key: s for s in (
    TurnStep("track", msg("Lay track"), "or.track", ("lay_tile", "pass"),
             lambda g, c: msg("{corporation} ({cash}) may lay or upgrade one tile connected to its network, or pass.",
                              corporation=c, cash=_cash(g, c))
             if g.policy.lays_per_turn == 1 else msg("{corporation} ({cash}) may lay up to {lays} tiles connected to "
                                                     "its network, at most {upgrades} of them an upgrade, or pass.",
                                                     corporation=c, cash=_cash(g, c), lays=g.policy.lays_per_turn,
                                                     upgrades=g.policy.upgrades_per_turn),
             track.tile_choices, lambda g, c: None if g.directs_lays(c) else [], _always, lazy="lay_tile",
             build=_lay_action),
    TurnStep("token", msg("Place a station token"), "or.token", ("pass", "place_token"),
             lambda g, c: msg("{corporation} ({cash}) may place its next station token in a city its network reaches, "
                              "or pass.", corporation=c, cash=_cash(g, c)),
             track.token_choices, lambda g, c: None if g.directs_lays(c) and track.token_choices(g, c) else [],
             _always, deferred=PlaceToken.type),
    TurnStep("route", msg("Run trains"), "or.route", ("run_routes",),
             lambda g, c: msg("{corporation} runs each train on a route; the revenue is the sum of the stops' values.",
                              corporation=c),
             revenue.route_choices, lambda g, c: None if revenue.can_run(g, c) else []),
    TurnStep("dividend", msg("Pay out or withhold"), "or.dividend", ("dividend",),
             lambda g, c: msg("{corporation} earned {amount}: pay it out to shareholders (price rises) or withhold it "
                              "(price falls).", corporation=c, amount=g.facts.money(_round(g).revenue)),
             lambda g, c: _dividends_of(c), _dividend_skip),
    TurnStep("buy_train", msg("Buy trains"), "or.buy-train", ("bankrupt", "buy_train", "pass", "sell_shares"),
             lambda g, c: msg("{corporation} ({cash}) may buy trains and must buy one; pass when done.",
                              corporation=c, cash=_cash(g, c)) if g.must_buy(c) else
             msg("{corporation} ({cash}) may buy trains; pass when done.", corporation=c, cash=_cash(g, c)),
             trainbuy.emergency_actions, lambda g, c: None if trainbuy.can_buy_any(g, c) else [],
             lambda g, c: not g.must_buy(c), ranges=trainbuy.ranges, purchases=trainbuy.purchases),
    TurnStep("buy_company", msg("Buy private companies"), "or.buy-company", ("pass",),
             lambda g, c: msg("{corporation} ({cash}) may buy a private company from a player, or pass.",
                              corporation=c, cash=_cash(g, c)) if companies.company_ranges(g, c) else
             msg("{corporation} may still use its private company's ability, or pass.", corporation=c),
             lambda g, c: [], lambda g, c: None if companies.company_ranges(g, c) or g.turn_ability_open(c) else [],
             _always),
)}
"""The steps a policy's ``or_steps`` may name, by key."""

DISCARD, PENDING_TOKEN = msg("Discard a train"), msg("Choose the city of a station token")

ANY_STEP = ("buy_company", "discard_train")
"""Action types of a corporation's turn that belong to no step (a private purchase, refused in an early phase by
``or.buy-private``; a discard, refused unless over the train limit by ``trains.limit``)."""

TURN_TYPES = tuple(sorted({t for s in STEPS.values() for t in s.action_types} | set(ANY_STEP)))
"""What a corporation's turn accepts at every step: any step's types. Which of them is legal now, the rules
say, and a refusal names the rule of the step the action belongs to (a dividend at the route step:
``or.dividend``), which is what 18xx.games logs and the tests of refusals expect."""

STEP_OF = {t: s.key for s in STEPS.values() for t in s.action_types if t != "pass"}
"""Action type → the step it belongs to (``pass`` belongs to every passable step)."""


def turn_step(game: "Game18xx", key: str) -> TurnStep:
    """The step ``key`` of an operating turn: one of :data:`STEPS` or of the title's own
    (:attr:`~gamekit.g18xx.game.Game18xx.title_steps`, e.g. 1894's redemption)."""
    return game.title_steps.get(key) or STEPS[key]


def start(game: "Game18xx") -> list[Event]:
    """Begin a set of operating rounds; its size is the current phase's number of ORs (``or.sets``)."""
    total = phase(game.facts, game.state.depot).operating_rounds
    return begin(game, 1, total)


def begin(game: "Game18xx", num: int, total: int) -> list[Event]:
    """Begin operating round ``num`` of ``total``: privates pay, the order is fixed, the first corporation starts."""
    state = game.state
    order = [c for c in game.operating_order_all() if state.corporations[c].floated]
    state.round = OperatingRound(num=num, total=total, order=order)
    # named as active_round() names it ("2.1": the first after stock round 2), with its place in the set beside it
    after = state.stock_round_num
    events = [Event(game.rule("or"), msg("Operating round {set}.{num} begins ({num} of {total} in this set); order: "
                                         "{order}", set=after, num=num, total=total,
                                         order=join(", ", order) if order else msg("none")),
                    "round", {"round": "operating", "set": after, "num": num, "total": total})]
    events += companies.pay_private_revenue(game, game.rule("or.private-income"))
    return events + _start_turn(game)


def _round(game: "Game18xx") -> OperatingRound:
    return game.state.round


def operating(game: "Game18xx") -> str | None:
    """The corporation whose turn it is (``None`` between turns)."""
    rnd = game.state.round
    return rnd.order[rnd.index] if rnd.index < len(rnd.order) else None


def current_entity(game: "Game18xx") -> str:
    """Who must act: a corporation over its train limit, the chooser of a waiting token's city, else the
    operating corporation."""
    rnd = game.state.round
    if rnd.must_discard:
        return rnd.must_discard[0]
    if rnd.pending_tokens:
        return rnd.pending_tokens[0][0]
    return rnd.order[rnd.index] if rnd.index < len(rnd.order) else None  # operating(game), asked at every action


# ----- turn flow ---------------------------------------------------------------------------------------
def _start_turn(game: "Game18xx", settled: bool = True) -> list[Event]:
    """Begin the next floated corporation's turn (or end the round); ``settled``: also move past its first steps
    that offer no choice (:func:`settle`), else the caller settles it next, before the state changes."""
    rnd = game.state.round
    corporations = game.state.corporations
    while rnd.index < len(rnd.order) and not corporations[rnd.order[rnd.index]].floated:
        rnd.index += 1  # closed since the order was fixed (1837: a minor merged into its national) (or.order)
    if rnd.index >= len(rnd.order):
        return _end_round(game)
    corp = rnd.order[rnd.index]  # operating(game), the index now in the order
    rnd.step, rnd.lays, rnd.laid_hexes, rnd.used_abilities = game.or_steps()[0], [], [], []
    rnd.revenue, rnd.subsidy = 0, 0
    rnd.teleport, rnd.trade_ins = None, 0
    events = [Event(game.rule("or.turn"), _operates_text(corp), "turn", {"corporation": corp})]
    if game.home_token_pending(corp):
        events += track.home_tokens(game, corp)
    return events + settle(game) if settled else events


_OPERATES_TEXTS: dict[str, Message] = {}


def _operates_text(corp: str) -> Message:
    """``"NYC operates"``, kept per corporation (a sentence of its name alone; texts are immutable, so one serves
    every turn's event)."""
    found = _OPERATES_TEXTS.get(corp)
    if found is None:
        found = _OPERATES_TEXTS[corp] = msg("{corporation} operates", corporation=corp)
    return found


def settle(game: "Game18xx") -> list[Event]:
    """Advance past steps that offer the operating corporation no choice, with their side effects."""
    events: list[Event] = []
    # the round is read afresh at each step: a skip may end the round (and begin another kind); the state object
    # stays (rules change it in place; only a restore or rebuild, outside an action's rules, replaces it)
    state, title_steps = game.state, game.title_steps
    while not state.end_reason:
        rnd = state.round
        if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens:
            return events
        if rnd.index >= len(rnd.order):  # between turns: nobody operates (operating() is None)
            return events
        key = rnd.step
        skipped = (title_steps.get(key) or STEPS[key]).skip(game, rnd.order[rnd.index])  # turn_step written out
        if skipped is None:
            return events
        events += skipped
        # _next written out for a step inside the turn, as most skipped steps are (the round read again, as _next
        # reads it); after the last one, _next ends the turn
        rnd = state.round
        steps = game.or_steps()
        at = steps.index(rnd.step) + 1
        if at < len(steps):
            rnd.step = steps[at]
        else:
            events += _next(game, settled=False)  # a new turn's first steps are this loop's next ones
    return events


def next_step(game: "Game18xx") -> list[Event]:
    """Move the operating corporation to its next step; after the last one its turn ends."""
    return _next(game, True)


def _next(game: "Game18xx", settled: bool) -> list[Event]:
    """:func:`next_step`; ``settled`` False where the caller settles the next turn itself, as the last thing before
    the state changes again (the turn's handlers, which :func:`_apply` settles after, and :func:`settle`'s loop):
    settling it twice would ask the first step with a choice its (sometimes costly) skip question twice."""
    rnd = game.state.round
    steps = game.or_steps()
    at = steps.index(rnd.step)
    if at + 1 < len(steps):
        rnd.step = steps[at + 1]
        return []
    game.state.corporations[rnd.order[rnd.index]].operated = True  # operating(game), whose turn ends
    rnd.index += 1
    return _start_turn(game, settled)


def _end_round(game: "Game18xx") -> list[Event]:
    rnd = _round(game)
    ended = end.at_end_of_round(game, last_of_set=rnd.num >= rnd.total)
    if ended:
        return ended
    if rnd.num < rnd.total:
        return game.next_operating_round(rnd.num + 1, rnd.total)
    return game.end_of_operating_set()


# ----- the step ----------------------------------------------------------------------------------------
def step(game: "Game18xx") -> Step:
    """The active step of the operating round."""
    rnd = _round(game)
    who = current_entity(game)
    if rnd.must_discard:
        return Step(DISCARD, msg("{corporation} holds more than {limit} trains and must discard one.", corporation=who,
                                 limit=game.train_limit_of(who)),
                    game.rule("trains.limit"), who, ("discard_train",))
    if rnd.pending_tokens:
        _, owner, hexes = rnd.pending_tokens[0]
        return Step(PENDING_TOKEN, msg("{entity} chooses the city of {hexes} where {owner}'s station token goes.",
                                       entity=who, hexes="/".join(hexes), owner=owner),
                    game.rule("track.tokens"), who, ("place_token",))
    turn = turn_step(game, rnd.step)
    return Step(turn.name, turn.help(game, who), game.rule(turn.section), who, TURN_TYPES)


def action_types(game: "Game18xx") -> tuple[str, ...]:
    """The action types of :func:`step` without its help text: a discard, a waiting token's city, else any turn
    step's (:data:`TURN_TYPES`)."""
    rnd = _round(game)
    if rnd.must_discard:
        return ("discard_train",)
    return ("place_token",) if rnd.pending_tokens else TURN_TYPES


def legal_actions(game: "Game18xx") -> list[Action]:
    """Concrete legal actions now (train prices between corporations and private prices: their minimum)."""
    return listed(action_groups(game))


def action_groups(game: "Game18xx") -> list[ActionGroup]:
    """The legal actions of :func:`legal_actions` as groups of one type with the ranges of :func:`ranges`: a
    discard or a waiting token's city first; else the step's purchases at their lowest prices and its other
    choices (found lazily where the step says so: tile lays), the private companies the corporation may buy
    (their lowest prices) and a pass where the step allows one."""
    rnd = game.state.round
    if rnd.must_discard:
        return groups_of([DiscardTrain(entity=c, train=t) for c in rnd.must_discard
                          for t in game.state.corporations[c].trains], ())
    if rnd.pending_tokens:
        return groups_of(track.token_choices(game, rnd.pending_tokens[0][0]), ())
    who = operating(game)  # current_entity's answer once no discard or token's city waits
    key = rnd.step
    turn = game.title_steps.get(key) or STEPS[key]  # turn_step written out: asked at every listing of a turn
    company = companies.company_ranges(game, who)
    passes = turn.passable is not None and turn.passable(game, who)
    if turn.lazy:
        return [LazyRows(turn.lazy, turn.choices(game, who), partial(turn.build, who)),
                *_closing(who, [], (), company, passes)]
    if turn.key == "route":
        return [revenue.RouteChoices(game, who), *_closing(who, [], (), company, passes)]
    if turn.deferred:
        return [LazyActions(turn.deferred, _asked(turn, game, who)), *_closing(who, [], (), company, passes)]
    if turn.purchases:
        # the purchases' group, possibly empty: whether it holds one is left to a reader who needs to know (a
        # random draw often does not, :func:`gamekit.simulate._drawn_type`)
        return [turn.purchases(game, who), *_closing(who, turn.choices(game, who), (), company, passes)]
    own = turn.ranges(game, who) if turn.ranges else []
    return _closing(who, [r.template for r in own] + turn.choices(game, who), own, company, passes)


def _asked(turn: TurnStep, game: "Game18xx", who: str) -> Iterator[Action]:
    """The ``choices`` of ``turn`` for ``who``, found when first asked for (read from the position then: ask
    before the game changes)."""
    yield from turn.choices(game, who)


def _closing(who: str, actions: list[Action], ranges: Sequence[ActionRange], company: list[ActionRange],
             passes: bool) -> list[ActionGroup]:
    """The groups of ``actions`` (with their ``ranges``), then of the private companies ``who`` may buy (their
    lowest prices, ``company``) and of its pass where ``passes``, split by type as :func:`groups_of` splits them.
    Most positions of a turn close with a pass alone: its group is then the one kept for ``who``
    (:func:`_pass_group`)."""
    if actions or company:
        rest = [r.template for r in company]
        if passes:
            rest.append(_pass_of(who))
        return groups_of(actions + rest, [*ranges, *company])
    return [_pass_group(who)] if passes else []


_PASS_GROUPS: dict[str, ListedActions] = {}


def _pass_group(who: str) -> ListedActions:
    """The group of ``who``'s lone pass (:func:`_pass_of`), one per entity: a group of built actions is never
    changed by its readers, so one serves every listing that closes with a pass alone."""
    found = _PASS_GROUPS.get(who)
    if found is None:
        found = _PASS_GROUPS[who] = ListedActions(Pass.type, (_pass_of(who),))
    return found


_PASSES: dict[str, Pass] = {}


def _pass_of(who: str) -> Pass:
    """The checked pass of ``who`` (``Action._trusted``), one object per entity: a turn's listings offer it at
    nearly every step, and actions are frozen, so one serves them all (should its checked mark be forgotten
    meanwhile, ``process`` only checks it again). Entities are a title's corporations: a few dozen."""
    found = _PASSES.get(who)
    if found is None:
        found = _PASSES[who] = Pass._trusted(entity=who)
    return found


def ranges(game: "Game18xx") -> list[ActionRange]:
    """Price ranges: private companies from players, then the step's purchases (trains from other
    corporations); none while a discard or a token's city waits (:func:`action_groups` offers only those)."""
    rnd = _round(game)
    if rnd.must_discard or rnd.pending_tokens:
        return []
    corp = operating(game)
    turn = turn_step(game, rnd.step)
    return companies.company_ranges(game, corp) + (turn.ranges(game, corp) if turn.ranges else [])


def apply(game: "Game18xx", action: Action) -> list[Event]:
    """Check and apply an operating-round action; raises :class:`GameError` naming the rule that forbids it."""
    rnd = game.state.round
    events = _apply(game, action)
    if not isinstance(action, SellShares):
        rnd.emergency_sale = None  # it holds only while the sale is the last action (rule trains.emergency)
    return events


def _apply(game: "Game18xx", action: Action) -> list[Event]:
    rnd = game.state.round
    who = current_entity(game)
    if isinstance(action, (SellShares, Bankrupt)):
        events = trainbuy.apply_emergency(game, action)
        rnd.emergency_sale = trainbuy.unit_price(game, events)
        _resort_waiting(game)
        return events + settle(game)
    if rnd.must_discard and isinstance(action, DiscardTrain) and action.entity in rnd.must_discard:
        return trainbuy.discard(game, action) + settle(game)  # the corporations over the limit discard in any order
    # refusals are built only when raised (``if not …: raise``): every action of a turn passes these checks
    if action.entity != who:
        raise GameError(msg("it is {entity}'s turn, not {other}'s", entity=who, other=game.name_of(action.entity)),
                        game.rule("or.order"))
    if rnd.pending_tokens:
        require(isinstance(action, PlaceToken), msg("{entity} must first choose the city of {owner}'s station token "
                                                    "on {hexes}", entity=who, owner=rnd.pending_tokens[0][1],
                                                    hexes="/".join(rnd.pending_tokens[0][2])),
                game.rule("track.tokens"))
        return track.token_step(game, action) + settle(game)
    if rnd.must_discard:
        require(isinstance(action, DiscardTrain), msg("{corporation} must first discard down to its train limit",
                                                      corporation=who),
                game.rule("trains.limit"))
        return trainbuy.discard(game, action) + settle(game)
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise GameError(msg("a {type} action is not possible in an operating round", type=action.type),
                        game.rule("or"))
    wanted = STEP_OF.get(action.type)
    if wanted is not None and rnd.step != wanted:
        raise GameError(msg("{entity} is at the step '{step}', not '{wanted}'", entity=who,
                            step=turn_step(game, rnd.step).name, wanted=STEPS[wanted].name),
                        game.rule(STEPS[wanted].section))
    return handler(game, action) + settle(game)


def _resort_waiting(game: "Game18xx") -> None:
    """Emergency sales move prices: corporations still to operate this round are put back in price order
    (rule ``or.order``)."""
    rnd = _round(game)
    waiting = set(rnd.order[rnd.index + 1:])
    rnd.order[rnd.index + 1:] = [c for c in game.operating_order_all() if c in waiting]


def _pass(game: "Game18xx", action: Pass) -> list[Event]:
    rnd = game.state.round
    corp = action.entity
    turn = game.title_steps.get(rnd.step) or STEPS[rnd.step]  # turn_step written out: nearly every step passes
    # the refusals are built only when raised: nearly every turn passes at least once
    if rnd.step == "buy_train" and game.must_buy(corp):
        raise GameError(msg("{corporation} has no train and must buy one", corporation=corp),
                        game.rule("trains.must-buy"))
    if turn.passable is None:
        raise GameError(msg("running trains cannot be skipped"), game.rule("or.route"))
    return [Event(game.rule(turn.section), _pass_text(corp, turn.name), "pass")] + _next(game, settled=False)


_PASS_TEXTS: dict[tuple[str, str], Message] = {}


def _pass_text(corp: str, step_name: str) -> Message:
    """``"NYC passes (lay track)"``: the text of ``corp``'s pass at the step called ``step_name``, kept per both
    (a sentence of those two values alone; texts are immutable, translated when shown, so one serves every event).
    Nearly every turn passes once or more; entities and steps are a title's few dozen and handful."""
    key = (corp, step_name)
    found = _PASS_TEXTS.get(key)
    if found is None:
        found = _PASS_TEXTS[key] = msg("{corporation} passes ({step})", corporation=corp, step=_Lower(step_name))
    return found


def after_lay(game: "Game18xx") -> list[Event]:
    """After a tile lay: the track step ends once the turn's track actions are used (unless the title keeps it
    open: :meth:`~gamekit.g18xx.game.Game18xx.track_step_open`)."""
    return _after_lay(game, True)


def _after_lay(game: "Game18xx", settled: bool) -> list[Event]:
    return [] if track.lays_left(game) or game.track_step_open(operating(game)) else _next(game, settled)


def _lay(game: "Game18xx", action: LayTile) -> list[Event]:
    return track.lay_step(game, action) + _after_lay(game, settled=False)


def _token(game: "Game18xx", action: PlaceToken) -> list[Event]:
    place = turn_step(game, "token").place or track.token_step
    return place(game, action) + _next(game, settled=False)


def _run(game: "Game18xx", action: RunRoutes) -> list[Event]:
    total, subsidy, events = revenue.checked_run(game, action)
    rnd = game.state.round
    rnd.revenue, rnd.subsidy = total, subsidy
    return events + _next(game, settled=False)


def _dividend(game: "Game18xx", action: Dividend) -> list[Event]:
    corp = action.entity
    if action.kind not in ("payout", "withhold"):  # the refusal is built only when raised
        raise GameError(msg("{kind} is neither payout nor withhold", kind=repr(action.kind)), game.rule("dividend"))
    total = game.state.round.revenue
    if action.kind == "payout":
        events = dividend.payout(game, corp, total)
    else:
        events = dividend.withhold(game, corp, total, implicit=False)
    return events + _next(game, settled=False)


HANDLERS = {LayTile: _lay, PlaceToken: _token, RunRoutes: _run, Dividend: _dividend, BuyTrain: trainbuy.buy,
            BuyCompany: companies.buy_company, Pass: _pass}
"""Action class → its handler in a corporation's turn (the step it belongs to: :data:`STEP_OF`). :func:`_apply`
settles the turn after each, so none settles a turn it begins (``_next(game, settled=False)``)."""
