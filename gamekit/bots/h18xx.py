"""The heuristic of the 18xx family, from the public API only (legal actions, the query API, the route finder).

Rules of thumb, each the textbook advice of 18xx play:
- auction: take a private (or a start-packet item) at its listed price while that costs at most a third to a half of
  one's cash (the bot's generator draws where in between at each decision); where one must choose, the cheapest
  item at its lowest bid;
- an item the bank sells at its face value in a stock round (1837's start-packet items left unsold, the second
  halves of UG1 and UG3): buy the cheapest, since while any is unsold no turn may do anything else, and its
  price floats the company it belongs to;
- stock round: float a corporation of one's own first (par as high as one's cash can float it, the corporation
  drawn among those at that price, then buy its shares up to the float), then buy shares of running corporations
  (highest price first); sell only when the rules force it;
- operating round: lay the tile that makes the best routes pay most, counting one more copy of the train that
  earns most, so track that opens a route for the next train counts (the cheapest lay while there is no
  train); place a token while the treasury stays comfortable; run the best routes; withhold while short of
  trains; buy the bank train that adds most to what the routes earn (any train below two trains; any train a
  treasury could pay for three times over, so idle money brings the next phase); at the train limit surrender a
  train where the rules allow it and a better one then pays; discard the train whose loss costs the routes
  least; buy an extra offered in the turn (a ferry marker) when it makes the routes pay more at once; buy back
  certificates from the bank pool while the treasury keeps the price of the next train;
- exchanges and mergers offered (coal companies for shares, minors into a national): accept.
Where none applies, the bot plays like the random bot. Nothing here names a title: the judgement is in what the
route finder and a fork of the game answer. The draws keep one seat from winning by seat order alone: with every
bot taking the same private and parring the same corporation in every game, the second of four seats won 5 of 200
1830 games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Callable, Iterator

from ..choices import ActionGroup
from ..errors import GameError
from ..g18xx.game import Game18xx
from ..g18xx.revenue import route_train
from ..g18xx.track import next_token_cost
from ..query import IPO
from ..routes import position
from ..tracks.board import Board, find_city, placed_tile, set_tile, tile_paths
from ..tracks.lay import check_lay
from ..tracks.router import any_route, best_earning, earning_at_least, read_hexes, remembered_best
from ..tracks.trains import train_name
from ..simulate import random_action
from .heuristic import sample_in_order, strategy

AUCTION_SHARE = 3  # pay at most 1/3 of one's cash for a private …
AUCTION_SPREAD = 17  # … or up to this many percent of it more, as the bot's generator draws at each decision
WORTH_PREMIUM = 50  # … and at most its face value plus this percentage
FLOAT_SHARES = 6  # ten-percent shares bought to float (1830: 60%)
LAY_CANDIDATES = 10  # tile lays tried per decision (the rest never looked at), to keep a game under seconds
TRAINS_WANTED = 2
RICH = 3  # a treasury holding three times a train's price buys it even where its routes have no use for it yet
TOKEN_RESERVE = 100  # treasury left after a token


@strategy(Game18xx)
def play(game: Any, rng: Any) -> Any:
    """Choose the action for whoever acts now (a player or a corporation); see the module's rules of thumb."""
    by_type = _by_type(game.action_groups())
    me = game.current_entity
    choice = (_operate(game, me, by_type, rng) if me in game.corporations()
              else _invest(game, me, by_type, rng))
    return choice if choice is not None else random_action(game, rng)


def _by_type(groups: list[ActionGroup]) -> dict[str, "_OfType"]:
    """The legal actions now by type, each type's as :meth:`~gamekit.game.Game.legal_actions` lists them (its
    groups in order), for the types that have any: a decision reads only the types it looks at, and of those
    often only a few actions (a sample of the lays, the first pass), so the others are never built."""
    found: dict[str, list[ActionGroup]] = {}
    for group in groups:
        if group:
            found.setdefault(group.type, []).append(group)
    return {kind: _OfType(of_kind) for kind, of_kind in found.items()}


class _OfType(Sequence):
    """The actions of one type's groups (``Game.action_groups()``, none of them empty), one group after another,
    each action built when read (:meth:`gamekit.choices.ActionGroup.action`)."""

    def __init__(self, groups: list[ActionGroup]):
        self._groups = groups

    def __len__(self) -> int:
        return sum(len(group) for group in self._groups)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        for group in self._groups:
            if 0 <= index < len(group):
                return group.action(index)
            index -= len(group)
        raise IndexError(index)

    def __iter__(self) -> Iterator[Any]:
        for group in self._groups:
            yield from group.actions()


# ----- players --------------------------------------------------------------------------------------------------
def _invest(game: Any, me: str, by_type: dict[str, Sequence], rng: Any) -> Any:
    may_pass = by_type.get("pass", [None])[0]
    if "bid" in by_type:
        budget = game.cash(me) * (100 // AUCTION_SHARE + rng.below(AUCTION_SPREAD + 1)) // 100
        affordable = [a for a in by_type["bid"] if a.price <= budget and a.price <= _worth(game, a.company)]
        if not affordable and may_pass is None:  # one must choose: the cheapest item at its lowest bid
            affordable = by_type["bid"]
        return min(affordable, key=lambda a: (a.price, a.company)) if affordable else may_pass
    if "buy_company" in by_type:
        return min(by_type["buy_company"], key=lambda a: (a.price, a.company))
    if "sell_shares" in by_type and may_pass is None and not by_type.keys() & {"buy_shares", "par"}:
        return min(by_type["sell_shares"], key=lambda a: (game.share_price(_corp(a.shares[0])) or 0, a.percent))
    return _float_own(game, me, by_type) or _par(game, me, by_type, rng) or _buy_running(game, me, by_type) or may_pass


def _worth(game: Any, company: str) -> int:
    """The most the bot bids for a private company (or a start-packet item): half again its face value, so two
    heuristic bidders stop raising each other long before a third of their cash."""
    value = game.facts.private(company).value
    return value + value * WORTH_PREMIUM // 100


def _corp(share: str) -> str:
    return share.rsplit("_", 1)[0]


def _buys(by_type: dict[str, Sequence], corp: str) -> list:
    return [a for a in by_type.get("buy_shares", []) if _corp(a.shares[0]) == corp]


def _from_ipo(game: Any, corp: str, buys: list) -> Any:
    """The first purchase that takes a certificate from the IPO: a purchase takes certificates of one holder
    (:class:`~gamekit.tracks.actions.BuyShares`), so one whose first certificate the IPO holds now
    (tests/test_bot50_ipo.py compares it with the IPO's percentage on each purchase's fork along games)."""
    ipo = set(game.certificates(IPO, corp))
    return next((buy for buy in buys if buy.shares[0] in ipo), None)


def _float_own(game: Any, me: str, by_type: dict[str, Sequence]) -> Any:
    for corp in game.corporations():
        if game.president(corp) == me and game.percent(me, corp) < FLOAT_SHARES * 10:
            buy = _from_ipo(game, corp, _buys(by_type, corp))
            if buy is not None:
                return buy
    return None


def _par(game: Any, me: str, by_type: dict[str, Sequence], rng: Any) -> Any:
    own = [c for c in game.corporations() if game.president(c) == me]
    if "par" not in by_type or (own and game.cash(me) < 400):
        return None
    cash = game.cash(me)
    price = lambda a: int(a.share_price.split(",")[0])  # noqa: E731  (cell id "price,row,col")
    floatable = [a for a in by_type["par"] if price(a) * FLOAT_SHARES <= cash]
    pool = floatable or [a for a in by_type["par"] if price(a) * 2 <= cash]
    if not pool:
        return None
    best = max(map(price, pool))
    top = [a for a in pool if price(a) == best]
    return top[rng.below(len(top))]


def _buy_running(game: Any, me: str, by_type: dict[str, Sequence]) -> Any:
    running = [c for c in game.corporations() if game.trains(c)]
    running.sort(key=lambda c: (game.president(c) != me, -(game.share_price(c) or 0), c))
    for corp in running:
        buys = _buys(by_type, corp)
        if buys:
            return buys[0]
    return None


# ----- corporations ---------------------------------------------------------------------------------------------
def _operate(game: Any, me: str, by_type: dict[str, Sequence], rng: Any) -> Any:
    may_pass = by_type.get("pass", [None])[0]
    extra = _paying_extra(game, me, by_type.get("special_buy", []))
    if extra is not None:
        return extra
    if "buy_shares" in by_type:  # a corporation buying its own certificates back from the bank pool
        return _redeem(game, me, by_type["buy_shares"]) or may_pass
    if "lay_tile" in by_type:
        return _lay(game, me, by_type["lay_tile"], rng) or may_pass
    if "place_token" in by_type:
        return next((a for a in by_type["place_token"] if _token_cost(game, me, a, may_pass) + TOKEN_RESERVE <=
                     game.cash(me)), may_pass)
    if "run_routes" in by_type:
        return max(by_type["run_routes"], key=lambda a: sum(r.revenue for r in a.routes))
    if "dividend" in by_type:
        kinds = {a.kind: a for a in by_type["dividend"]}
        short = len(game.trains(me)) < TRAINS_WANTED
        return kinds.get("withhold" if short else "payout") or by_type["dividend"][0]
    if "choose" in by_type:
        return _accept(by_type["choose"])
    if "discard_train" in by_type:
        # the train whose loss costs the routes least
        return max(by_type["discard_train"], key=lambda a: (_earnings_after(game, a.entity, a), a.train))
    if "buy_train" in by_type or "scrap_train" in by_type:
        return _train(game, me, by_type, may_pass)
    return may_pass


def _paying_extra(game: Any, me: str, buys: list) -> Any:
    """Of the extras a corporation may buy in its turn (1894's ferry markers), the first whose purchase makes its
    trains earn more on their best routes at once and leaves the treasury comfortable; ``None`` otherwise."""
    if not buys or not game.trains(me):
        return None
    now = None
    for buy in buys:
        fork = game.fork_after(buy)
        if fork.cash(me) < TOKEN_RESERVE:
            continue
        now = _earnings(game, me) if now is None else now
        if _earnings_at_least(fork, me, None, now + 1) is not None:  # searched only for earnings beyond ``now``
            return buy
    return None


def _redeem(game: Any, me: str, redemptions: list) -> Any:
    """The largest redemption of pool certificates (they pay their dividends to the treasury) that leaves the
    treasury the price of the next bank train, so that buying back never starves the next purchase; ``None`` when
    none does."""
    upcoming = game.trains_in_depot()
    keep = game.facts.train(_kind(upcoming[0])).price if upcoming else 0
    affordable = [a for a in redemptions if game.cash(me) - _cost(game, me, a) >= keep]
    return max(affordable, key=lambda a: a.percent, default=None)


def _token_cost(game: Any, me: str, token: Any, may_pass: Any) -> int:
    """What placing ``token`` costs ``me``'s treasury. In its turn's token step (a pass offered) the price of its
    next station token on the token's hex, what the step charges (:func:`gamekit.g18xx.track.next_token_cost`;
    the turn then waits at its route or train step, paying nothing else: tests/test_bot48_tokens.py compares it
    with the fork's along games); else (the city of a waiting token: its owner's token placed again) on a fork."""
    if may_pass is None:
        return _cost(game, me, token)
    pos = position(game, me)
    return next_token_cost(game, me, find_city(pos.data, pos.board, token.city)[0])


def _cost(game: Any, me: str, action: Any) -> int:
    fork = game.fork_after(action)
    return game.cash(me) - fork.cash(me)


def _lay(game: Any, me: str, lays: Sequence, rng: Any) -> Any:
    """Of the lays sampled, the first whose routes earn most (with a probe train: :func:`_probe_train`), more cash
    left breaking ties; ``None`` without lays. Each lay's routes are searched only for what would beat the best
    lay so far (:func:`gamekit.tracks.router.earning_at_least`), on the route position and cash its fork would
    have, built without the fork where they are known so (:func:`_built`, :func:`_built_bare`,
    :func:`_built_stranded`), else on a fork; without trains the lays stop at the first that costs nothing (none
    after it can leave more cash); another company's lay on a hex the routes never read is rejected unforked where
    the routes now would not beat the best. The lays are tried in parts (:func:`_part`), so that those keeping the
    routes now bound what the routes now earn (from above, and from below by their best sets:
    :func:`_earning_keeping`) before the lays answered by it are asked, those alone on their hexes bounded first
    by searches of their tiles laid together (:func:`_keeping_bounds`); where every lay is answered by it, only
    the cash they leave is compared: the choice is the one :func:`~gamekit.bots.heuristic.best_on_forks` makes,
    found sooner."""
    tried = sample_in_order(rng, lays, LAY_CANDIDATES)
    if len(tried) == 1:
        return tried[0]  # the first lay tried is the best so far, whatever it earns (no probe train needed)
    probe = _probe_train(game, me)
    cash_now = game.cash(me)
    # without trains every lay earns nothing, and no lay adds to the treasury (it pays terrain, if anything): a
    # lay leaving all the cash is the first of the most cash left, and no later lay can beat it (without trains
    # the lays are tried in sampling order)
    unbeatable = None if game.trains(me) else (0, cash_now)
    known: dict[str, int] = {}  # what the lays tried so far told of the earnings now (:func:`_earning_now`)
    bare = _bare(game, me)
    best, best_score = None, None
    unread = _unread(game, me, probe)
    stranded = None if unread is not None else _stranded(game, me, probe)
    split = game.split_board
    builds = [_built(unread, me, lay, cash_now, split) or _built_bare(bare, me, lay, cash_now)
              or _built_stranded(stranded, me, lay, cash_now, split) for lay in tried]
    parts = [1] * len(tried) if unread is None else [_part(unread, *tried_built) for tried_built in zip(tried, builds)]
    if all(part == 2 and built is not None for part, built in zip(parts, builds)):
        # each the corporation's own lay earning what the routes now earn: the most cash left decides, the first
        # sampled among equals, whatever they earn
        return tried[max(range(len(tried)), key=lambda at: (builds[at][1], -at))]
    keeping = {} if unread is None else _keeping_bounds(unread, tried, parts, known, split)
    exact = {at for at, (_, is_exact) in keeping.items() if is_exact}
    # in parts, each in sampling order, those whose earnings are known first (any order chooses the same lay)
    for at in sorted(range(len(tried)), key=lambda at: (parts[at], at not in exact)):
        lay, built = tried[at], builds[at]
        fork = None
        if built is not None:
            pos, cash = built
        elif best_score is not None and _rejected_unread(unread, lay, _floor(best_score, cash_now, at), known):
            continue
        else:
            fork = game.fork_after(lay)
            pos, cash = None, fork.cash(me)
        floor = 0 if best_score is None else _floor(best_score, cash, at)
        if fork is not None:
            earned = _earnings_at_least(fork, me, probe, floor)
        elif pos is None:  # without trains (no position built) every lay earns nothing
            earned = 0 if floor <= 0 else None
        elif unread is not None and pos is unread[0]:
            earned = _earning_now(known, pos, floor)
        elif at in keeping and (keeping[at][0] < floor or keeping[at][1]):
            earned = keeping[at][0] if keeping[at][0] >= floor else None  # (:func:`_keeping_bounds`)
        elif parts[at] == 0:
            earned = _earning_keeping(known, unread[0], pos, lay, floor, _tie_asked(parts, builds, cash_now, cash, at))
        else:
            earned = earning_at_least(pos, floor)
        if earned is not None:
            best, best_score = lay, (earned, cash, -at)
            if best_score[:2] == unbeatable:
                break
    return best


def _keeps_routes(unread: tuple[Any, frozenset[str] | None], lay: Any) -> bool:
    """Whether every route of the position now (``unread``: :func:`_unread`) is a route of the position ``lay``
    leaves (built with its tile, :func:`_with_tile`), earning as much there: the old and new tiles hold plain
    track only (no city, town nor junction: no stop on the hex) and the new keeps every path of the old. The lay
    changes the board on its own hex only, where each path a route takes is still there, joining the same sides;
    a route's legality and earnings read its stops and the hexes it passes, never which tile paths it takes (the
    router's assumption, as in :func:`_opens_no_route`). So the lay's best set earns at least what the position
    now does."""
    now = unread[0]
    old = placed_tile(now.data, now.board, lay.hex).paths
    new = tile_paths(now.data, now.data.tile_name(lay.tile), lay.rotation)
    return (all(end[0] == "edge" for path in old + new for end in path)
            and {frozenset(path) for path in old} <= {frozenset(path) for path in new})


def _earning_keeping(known: dict[str, int], now: Any, pos: Any, lay: Any, floor: int,
                     tie_asked: bool) -> int | None:
    """``earning_at_least(pos, floor)`` for ``pos``, the position of ``lay``, a lay keeping the routes of the
    position now (``now``: :func:`_keeps_routes`), telling ``known`` (:func:`_earning_now`) what it learns of the
    earnings now: they are less than what ``pos`` earns (or than ``floor`` where it earns less), and at least
    what its best set earns on the board now where its routes run there too (:func:`_earned_now`); the two
    bounds often tell the earnings now exactly, with no search of them. The best set is the one the router's
    answer came with (:func:`~gamekit.tracks.router.best_earning`), read only while the earnings now are not known
    and a lay answered by them may tie with this one (``tie_asked``: :func:`_tie_asked`). ``pos`` earns at least
    what ``now`` does, so at least ``known["least"]`` where that is known: asked with that floor where it is
    higher, the router answers the same earnings, pruning more."""
    least = known.get("least")
    floor = floor if least is None else max(floor, least)
    earned, found = best_earning(pos, floor)
    if found is not None and tie_asked and "exact" not in known:
        _bound_below(known, _earned_now(now, pos, lay, found))
    _bound_now(known, floor if earned is None else earned + 1)
    return earned


def _keeping_bounds(unread: tuple[Any, frozenset[str] | None], tried: Sequence, parts: list[int],
                    known: dict[str, int], split: Callable[[Board, Any], Board | None]) -> dict[int, tuple[int, bool]]:
    """What a few route searches tell of the lays keeping the routes now (part 0, :func:`_part`) that are alone
    on their hexes, where there are two or more: by the place of each among ``tried``, the most it earns and
    whether it earns exactly that (``{}`` where nothing is told). ``unread``: :func:`_unread`; ``split``: as for
    :func:`_built`.

    Each search is of the position now with the tiles of several of them laid at once (each of plain track,
    keeping every path of the old tile: :func:`_keeps_routes`). Its board holds every path of each of their
    boards, joining the same sides, and the same stops, so each route set of one of them is a set of it earning
    as much (a route's legality and earnings read its stops and the hexes it passes, never which tile paths it
    takes: the router's assumption, as in :func:`_keeps_routes`): each earns at most what its best set earns.
    Where that set takes new paths on none of their hexes it is a set of the board now, so each of them earns
    exactly that (no lay earns less than the position now); where it takes new paths on one hex only, it is a
    set of the lay there, which earns exactly that, and the others are searched again without it, for what
    would beat or tie it (:func:`_floor`: they are tried after it, :func:`_lay`). ``known``
    (:func:`_earning_now`) is told the bounds of the earnings now that the searches give."""
    laid = Counter(tried[at].hex for at, part in enumerate(parts) if part == 0)
    left = [at for at, part in enumerate(parts) if part == 0 and laid[tried[at].hex] == 1]
    bounds: dict[int, tuple[int, bool]] = {}
    floor = known.get("least", 0)
    while len(left) >= 2:
        union = unread[0]
        for at in left:
            union = _with_tile(union, tried[at], split)
            if union is None:
                return bounds
        most, found = best_earning(union, floor)
        if found is None:  # each earns less than ``floor``, as the position now does
            _bound_now(known, floor)
            bounds.update((at, (floor - 1, False)) for at in left)
            return bounds
        _bound_now(known, most + 1)
        opened = _opened(unread[0], union, {tried[at].hex for at in left}, found)
        bounds.update((at, (most, opened <= {tried[at].hex})) for at in left)
        if not opened:
            _bound_below(known, most)
        if len(opened) != 1:
            return bounds
        left = [at for at in left if tried[at].hex not in opened]
        floor = most  # what the others must earn to beat or tie the lay known to earn ``most``
    return bounds


def _opened(now: Any, pos: Any, coords: set[str], found: Any) -> set[str]:
    """The hexes of ``coords`` on which a route of the best set ``found`` of ``pos`` takes a path that the tile
    there on the board of ``now`` lacks (joining the same sides)."""
    opened = set()
    for route in found.routes:
        for leg in route.legs:
            for coord, index in leg.paths:
                if coord in coords and coord not in opened and frozenset(
                        placed_tile(pos.data, pos.board, coord).paths[index]) not in \
                        {frozenset(path) for path in placed_tile(now.data, now.board, coord).paths}:
                    opened.add(coord)
    return opened


def _tie_asked(parts: list[int], builds: list, cash_now: int, cash: int, at: int) -> bool:
    """Whether a lay answered by the earnings now (part 2, :func:`_part`) would beat the lay sampled at ``at``,
    leaving ``cash``, at equal earnings: it leaves more cash (a lay built leaves what :func:`_built` tells, a
    company's lay at most all the cash, as :func:`_rejected_unread` counts it), or as much and was sampled
    earlier. Only then may the decision ask whether the earnings now reach exactly what that lay earns (else
    what it earns, bounding them from above, answers every question about them that is asked)."""
    return any(part == 2 and ((cash_now if built is None else built[1]), -other) > (cash, -at)
               for other, (part, built) in enumerate(zip(parts, builds)))


def _earned_now(now: Any, pos: Any, lay: Any, found: Any) -> int | None:
    """What the best set ``found`` of ``pos`` (the position ``now`` with ``lay``'s tile of plain track on its hex,
    a lay keeping the routes now: :func:`_keeps_routes`) earns on the board now, revenue plus subsidy, where each
    of its routes takes on the lay's hex only paths that the tile there now has too (joining the same sides);
    else ``None``. Such a set is a set of the board now: the boards differ on that hex only, where each path it
    takes is there too, and a route's legality and earnings read its stops and the hexes it passes (track reuse
    per path and hex side: distinct paths stay distinct), never which tile paths it takes (the router's
    assumption, as in :func:`_keeps_routes`). So it earns there what it earns on ``pos``, and the best set now at
    least that (tests/test_bot51_lays.py checks the set moved to the old tile's paths with the route module)."""
    coord = lay.hex
    old = {frozenset(path) for path in placed_tile(now.data, now.board, coord).paths}
    new = placed_tile(pos.data, pos.board, coord).paths
    if any(at == coord and frozenset(new[index]) not in old
           for route in found.routes for leg in route.legs for at, index in leg.paths):
        return None  # a route takes a path the lay adds
    return found.total + found.run.subsidy


def _bound_below(known: dict[str, int], least: int | None) -> None:
    """Record in ``known`` (:func:`_earning_now`) that the earnings now are at least ``least`` (if given), where
    that is the stronger fact."""
    if least is not None and least > known.get("least", least - 1):
        known["least"] = least


def _bound_now(known: dict[str, int], short: int) -> None:
    """Record in ``known`` (:func:`_earning_now`) that the earnings now are less than ``short``, where that is the
    stronger fact (a lay that keeps the routes now earns less than ``short``: :func:`_keeps_routes`)."""
    if "exact" not in known and short < known.get("short", short + 1):
        known["short"] = short


def _floor(best_score: tuple[int, int, int], cash: int, at: int) -> int:
    """The least a lay must earn to beat the best so far (``best_score``: earnings, cash left, minus its place
    among the lays sampled), the lay leaving ``cash`` and sampled at place ``at``: more earnings, or as much with
    more cash left, or as much with as much cash and an earlier place (the first of the best is chosen)."""
    return best_score[0] + ((cash, -at) <= best_score[1:])


def _part(unread: tuple[Any, frozenset[str] | None], lay: Any, built: tuple[Any, int] | None) -> int:
    """Which part of the lays sampled ``lay`` is tried in (``unread``: :func:`_unread`, not ``None``; ``built``:
    what :func:`_built` told of it): 0, a lay that keeps the routes now (:func:`_keeps_routes`), each telling a
    bound of the earnings now (:func:`_bound_now`); 2, a lay answered by the earnings now (a dead end, a hex the
    routes never read), which those bounds often reject without a route search; 1, the others. Trying the parts
    in that order chooses the same lay as any order (:func:`_floor`)."""
    if built is None:  # a fork's: answered by the earnings now on a hex the routes never read
        return 2 if unread[1] is not None and lay.hex not in unread[1] else 1
    if built[0] is unread[0]:
        return 2
    return 0 if _keeps_routes(unread, lay) else 1


def _earning_now(known: dict[str, int], now: Any, floor: int) -> int | None:
    """``earning_at_least(now, floor)`` for the route position now of one lay decision (:func:`_unread`), which
    most lays tried leave as it is (:func:`_routes_as_now`): answered from what the decision's earlier questions
    found (``known``: ``"exact"``, what it earns, once found; ``"short"``, the least floor it was found short of),
    asked of the router otherwise (whose answer at a memo hit still pickles the whole board for its key)."""
    exact, short, least = known.get("exact"), known.get("short"), known.get("least")
    if exact is None and least is not None and short is not None and least + 1 >= short:
        exact = known["exact"] = least  # at least ``least`` and less than ``least + 1``
    if exact is not None:
        return exact if exact >= floor else None
    if short is not None and floor >= short:
        return None
    # at least ``least``: asked with that floor where it is higher, the router answers the same, pruning more
    earned = earning_at_least(now, floor if least is None else max(floor, least))
    if earned is None:
        known["short"] = floor  # below ``short`` (else answered above): the stronger fact
    else:
        known["exact"] = earned
    return earned


def _unread(game: Any, me: str, probe: str | None) -> tuple[Any, frozenset[str] | None] | None:
    """The route position that scores ``me``'s lays now (with a copy of ``probe``, if given) and the hexes its
    answers read (:func:`gamekit.tracks.router.read_hexes`; ``None`` when not known), when a lay's position is
    this one with the lay's hex changed; ``None`` otherwise.

    A lay changes the board on its own hex only, and its fork then stops at the route step at the latest (the
    token step is skipped or waits for a choice; the route step waits where a train can run, and a train that
    can run now still can after a lay: upgrades keep the track they replace): its position is this one with
    that hex changed, so on a hex the walk never read the router answers as it does now. Without a train that
    can run now the fork may settle further (end the turn: the next corporation's home token lands), and
    nothing is known."""
    if not game.trains(me) or not any_route(position(game, me)):
        return None
    pos = _probe_position(game, me, probe) if probe else position(game, me)
    return pos, read_hexes(pos)


def _built(unread: tuple[Any, frozenset[str] | None] | None, me: str, lay: Any, cash: int,
           split: Callable[[Board, Any], Board | None]) -> tuple[Any, int] | None:
    """The route position and treasury that ``me``'s own lay ``lay`` leaves, known without a fork (``unread``:
    :func:`_unread` of the position now; ``cash``: the treasury now; ``split``: the game's
    :meth:`~gamekit.g18xx.game.Game18xx.split_board`), or ``None``: on a hex the routes never read, the position
    now; on a hex whose tokens and reservations move as :func:`_city_map` knows, or whose city the lay splits
    where the title says what that leaves, the position with the lay's tile (:func:`_with_tile`). A corporation's
    own lay pays the terrain of the tile or hex it covers and nothing else (a company's ability may waive it: a
    lay of the company, left to a fork), and its fork settles no further than its own token or route step
    (:func:`_unread`)."""
    if unread is None or lay.entity != me:
        return None
    now, hexes = unread
    pos = now if _routes_as_now(unread, lay) else _with_tile(now, lay, split)
    if pos is None:
        return None
    return pos, cash - placed_tile(now.data, now.board, lay.hex).parts.terrain_cost


def _bare(game: Any, me: str) -> Any:
    """The route position of ``me`` now where it owns no train and no private company, else ``None``: every lay
    of such a corporation earns nothing, and its own lay leaves the treasury less the terrain
    (:func:`_built_bare`)."""
    return None if game.trains(me) or game.privates(me) else position(game, me)


def _built_bare(bare: Any, me: str, lay: Any, cash: int) -> tuple[None, int] | None:
    """``(None, treasury)``: what ``me``'s own lay leaves where ``me`` owns no train and no private company
    (``bare``: :func:`_bare`; ``cash``: the treasury now): no route position (no train, nothing earned) and the
    treasury less the terrain of the tile or hex covered; ``None`` otherwise. Without a train the fork may
    settle past the turn (no route to run, perhaps no train to buy), even into the next operating round, but
    what reaches a treasury there is the revenue of the private companies it owns, and it owns none; its own
    lay pays the terrain and nothing else (tests/test_bot47_lays.py compares the treasury with the fork's)."""
    if bare is None or lay.entity != me:
        return None
    return None, cash - placed_tile(bare.data, bare.board, lay.hex).parts.terrain_cost


def _stranded(game: Any, me: str, probe: str | None) -> Any:
    """The route position that scores ``me``'s lays now (with a copy of ``probe``, if given) where ``me`` owns
    trains, none of which can run now, and no private company; else ``None`` (:func:`_built_stranded`)."""
    if not game.trains(me) or game.privates(me) or any_route(position(game, me)):
        return None
    return _probe_position(game, me, probe) if probe else position(game, me)


def _built_stranded(stranded: Any, me: str, lay: Any, cash: int,
                    split: Callable[[Board, Any], Board | None]) -> tuple[Any, int] | None:
    """What ``me``'s own lay ``lay`` leaves, known without a fork, where no train of ``me`` can run now
    (``stranded``: :func:`_stranded`, not ``None``; ``cash``: the treasury now; ``split``: as for :func:`_built`):
    on a hex whose tokens and reservations move as :func:`_city_map` knows, or whose city it splits where the
    title says what that leaves, the position with the lay's tile (:func:`_with_tile`) and the treasury less the
    terrain; ``None`` on other hexes (left to a fork).

    Where a train can run after the lay, its fork stops at its token or route step at the latest, changing
    nothing else (:func:`_unread`, :func:`_with_tile`): the position is the fork's. Where none can, the fork may
    settle further, as without trains (:func:`_built_bare`): the treasury gets nothing there, the corporation
    owning no private company, and has trains, so none is forced on it; its routes earn nothing, as on the
    position built, the probe train being a copy of one of its trains and what the settling adds to the board
    being other corporations' home stations (which only block) and no track. So the routes earn what they earn
    on the position built either way, found without asking which (tests/test_bot51_lays.py compares both with
    the fork's along games)."""
    if stranded is None or lay.entity != me:
        return None
    pos = _with_tile(stranded, lay, split)
    if pos is None:
        return None
    return pos, cash - placed_tile(stranded.data, stranded.board, lay.hex).parts.terrain_cost


def _rejected_unread(unread: tuple[Any, frozenset[str] | None] | None, lay: Any, floor: int,
                     known: dict[str, int]) -> bool:
    """Whether ``lay`` (a company's, whose cost only its fork tells) cannot beat the best so far, ``floor`` being
    what it must earn to beat it leaving all the cash, known without a fork: on a hex the routes never read
    (``unread``: :func:`_unread`) it earns what they earn now."""
    if unread is None:
        return False
    now, hexes = unread
    return hexes is not None and lay.hex not in hexes and _earning_now(known, now, floor) is None


def _routes_as_now(unread: tuple[Any, frozenset[str] | None] | None, lay: Any) -> bool:
    """Whether the routes of the position ``lay`` leaves earn what those of the position now do (``unread``:
    :func:`_unread`, known where it is not ``None``): the lay's hex is one the routes never read, or a hex the
    lay leaves with no route through it that the tile there now does not already give (:func:`_opens_no_route`).
    The lay changes the board on its own hex only (:func:`_unread`), and a route's legality and earnings read
    only its own hexes (the router's assumption, which :func:`gamekit.tracks.router.read_hexes` answers ``None``
    for where it does not hold)."""
    if unread is None or unread[1] is None:
        return False
    now, hexes = unread
    return lay.hex not in hexes or _opens_no_route(now.data, now.board, lay)


def _opens_no_route(data: Any, board: Board, lay: Any) -> bool:
    """Whether ``lay``'s tile gives every route through its hex that the tile there now gives, and no other: both
    tiles hold plain track only (no city, town nor junction: no route stops there), the new tile keeps the old
    one's paths, and each path it adds has at most one end facing track of a neighbour (a route takes a path of
    plain track from the track across one of its ends to the track across the other, so it can take none of the
    added paths). The legal routes are then the same on both boards, and so their best sets' earnings
    (tests/test_bot49_lays.py compares them with fresh searches along games). About half the lays the heuristic
    tries in 1830 and 1894 are such dead ends: track towards hexes with no track yet."""
    old = placed_tile(data, board, lay.hex).paths
    new = tile_paths(data, data.tile_name(lay.tile), lay.rotation)
    if any(end[0] != "edge" for path in old + new for end in path):
        return False
    kept = {frozenset(path) for path in old}
    if not kept <= {frozenset(path) for path in new}:
        return False
    return all(frozenset(path) in kept or sum(_faces_track(data, board, lay.hex, end[1]) for end in path) < 2
               for path in new)


def _faces_track(data: Any, board: Board, coord: str, edge: int) -> bool:
    """Whether the neighbour of ``coord`` across ``edge`` has a path ending at the side they share (a border
    between them is not looked at: track facing across it counts)."""
    neighbour = data.neighbours[coord][edge]
    return neighbour is not None and ("edge", (edge + 3) % 6) in placed_tile(data, board, neighbour).ends


def _with_tile(pos: Any, lay: Any, split: Callable[[Board, Any], Board | None]) -> Any:
    """The route position ``pos`` with ``lay``'s tile on its hex, where the board holds no reservation of the
    whole hex and either the lay lifts none of the tokens of its cities, which move along the map of the lay's
    check (:func:`_city_map`), or it splits a city holding tokens or reservations and the title says what that
    leaves (``split``: :meth:`~gamekit.g18xx.game.Game18xx.split_board`); else ``None``. A corporation's lay of
    the first kind changes the board only by the tile laid, its cities' tokens and reservations moved along the
    map as :func:`gamekit.tracks.lay.lay_tile` moves them (lifting none) — no title adds anything to such a lay
    on the board; a split changes it as the title's hook says, until the lifted tokens are placed again. A train
    of the corporation running now (:func:`_unread`), its fork stops in its own turn (at the choice of its own
    lifted token's city, the token step or the route step), changing nothing else. So the position is the
    fork's, and its routes earn what the fork's do (tests/test_bot47_lays.py compares the two boards along games,
    tests/test_bot52_lays.py counts the lays on hexes holding tokens among them, tests/test_bot54_splits.py the
    splits)."""
    board, coord = pos.board, lay.hex
    if board.hex_reservations.get(coord):
        return None
    city_map = _city_map(pos.data, board, lay)
    if city_map is not None:
        after = Board(dict(board.tiles), dict(board.tokens), dict(board.reservations), dict(board.hex_reservations))
        set_tile(pos.data, after, coord, lay.tile, lay.rotation, city_map)
    else:
        after = split(board, lay) if _splits(pos.data, board, lay) else None
    return None if after is None else replace(pos, board=after)


def _splits(data: Any, board: Board, lay: Any) -> bool:
    """Whether ``lay`` changes the number of cities on its hex, which holds some (its tokens lifted: rule
    ``track.tokens``)."""
    cities = len(placed_tile(data, board, lay.hex).parts.cities)
    return bool(cities) and cities != len(data.tiles[data.tile_name(lay.tile)].cities)


def _city_map(data: Any, board: Board, lay: Any) -> tuple[int, ...] | None:
    """Where the lay's check (:func:`gamekit.tracks.lay.check_lay`) moves the tokens and reservations of the cities
    on ``lay``'s hex, where it lifts none: ``()`` where they hold nothing (nothing to move); else, where the old
    tile and the new one have as many cities (a count that changes lifts the tokens: rule ``track.tokens``),
    ``(0,)`` for one city each (its one old city goes to the one new city), or the check's map for more, asked
    with the tile's own colour, no connection and the default upgrade rules: the map reads only the two tiles'
    track and which kinds of node change their count (none where the default rules, which allow no change, pass
    the lay: so too under the game's rules), and a lay legal in the game passes the check's other parts with
    these options; ``None`` otherwise, as where the check refuses (a fork tells)."""
    coord = lay.hex
    if not _held(board.tokens.get(coord)) and not _held(board.reservations.get(coord)):
        return ()
    tile = data.tiles[data.tile_name(lay.tile)]
    cities = len(placed_tile(data, board, coord).parts.cities)
    if cities != len(tile.cities):
        return None
    if cities == 1:
        return (0,)
    try:
        found = check_lay(data, board, lay.entity, coord, lay.tile, lay.rotation, phase_colours=(tile.colour,),
                          ignore_connection=True, trusted=True)
    except GameError:
        return None  # (a check with other options than the game's refusing: left to the fork)
    return None if found.lifted else found.city_map


def _held(slots: list | None) -> bool:
    """Whether a hex's slots (per city, per slot: a corporation or ``None``) hold anything."""
    return bool(slots) and any(any(city) for city in slots)


def _earnings_at_least(game: Any, me: str, probe: str | None, floor: int) -> int | None:
    """What ``me``'s trains and a copy of its train ``probe`` (if given) earn on their best routes, revenue plus
    subsidy, when that is at least ``floor``, else ``None`` (no time budget: a clock-bound search would make the
    bot's choice, and so the game, depend on the machine)."""
    if probe:
        pos = _probe_position(game, me, probe)
    elif game.trains(me):
        pos = position(game, me)
    else:
        return 0 if floor <= 0 else None
    return earning_at_least(pos, floor)


def _probe_train(game: Any, me: str) -> str | None:
    """The train of ``me`` whose route earns most now (the first train when none runs), or ``None`` without
    trains or at the train limit (no next train to find a route for; and a search with one more long train is
    the costliest of all): a tile lay is scored with one more copy of it, so track that opens a second route for
    the next train counts, not only track the trains use now. Where the trains are all alike the first is
    returned unsearched (its copy earns as any other's)."""
    if not game.trains(me) or len(game.trains(me)) >= game.train_limit_of(me):
        return None
    now = position(game, me)
    if len(_train_kinds(now)) == 1:
        # trains all alike (a single train, most often): a copy of any is the same probe, and the routes earn
        # the same whichever id it copies, so no search is needed to tell which earns most
        return game.trains(me)[0]
    routes = remembered_best(now).run.routes
    return max(routes, key=lambda r: (r.revenue + r.subsidy, r.train)).train if routes else game.trains(me)[0]


def _probe_position(game: Any, me: str, probe: str) -> Any:
    """The route position of ``me`` with one more copy of its train ``probe``."""
    now = position(game, me)
    return replace(now, trains={**now.trains, f"{probe}+probe": now.trains[probe]})


def _earnings_of(pos: Any) -> int:
    """What the trains of a route position earn on their best routes: revenue plus subsidy (remembered per
    position: the buy-train step asks about the position whose routes the route step just found)."""
    result = remembered_best(pos)
    return result.total + result.run.subsidy


def _train(game: Any, me: str, by_type: dict[str, Sequence], may_pass: Any) -> Any:
    buys = _bank_buys(game, me, by_type.get("buy_train", []))
    if may_pass is None and by_type.get("buy_train") and not game.trains(me):
        return min(buys or by_type["buy_train"], key=lambda a: (a.price, a.train))
    kinds = _kinds(buys)
    # a train that adds to what the routes earn is worth its price: that is what drives the rush; below two
    # trains any train is bought, since one train's routes pay little and a missing train may cost the corporation;
    # a treasury that could pay for it several times over buys it anyway: the money lies idle, and each train sold
    # brings the next phase, with its better trains and tiles, nearer
    if kinds and len(game.trains(me)) < TRAINS_WANTED:
        return _best_buy(game, me, kinds, 0)
    scraps = by_type.get("scrap_train", [])
    if not kinds and not scraps:
        # no bank purchase to weigh and no surrender: what the routes earn now, asked only to weigh those
        # (:func:`_best_buy`, :func:`_make_room`), decides nothing; what the steps below come to without either
        return may_pass or min(by_type["buy_train"], key=lambda a: (a.price, a.train))
    now = _earnings(game, me)
    paying = _best_buy(game, me, kinds, now + 1)  # the best purchase, where one adds to the earnings
    if paying is not None:
        return paying
    # no purchase adds to the earnings: the best of them (each earning at most ``now``) is bought by a rich
    # treasury, else only where nothing else is done; it is searched for only then
    best = _best_buy(game, me, kinds, 0) if kinds and game.cash(me) >= RICH * min(a.price for a in kinds) else None
    if best is not None and game.cash(me) >= RICH * best.price:
        return best
    return _make_room(game, me, scraps, now) or may_pass or best or \
        (_best_buy(game, me, kinds, 0) if kinds else None) or \
        min(by_type["buy_train"], key=lambda a: (a.price, a.train))


def _best_buy(game: Any, me: str, buys: list, floor: int) -> Any:
    """Of the purchases whose trains then earn at least ``floor`` on ``me``'s best routes, the one that earns
    most, the cheaper and then the higher train id breaking ties, the first listed among equals; ``None`` where
    none does. Each route search is asked only for what would beat the best so far (:func:`_earnings_at_least`),
    and a single purchase, the best wherever ``floor`` is nothing (a best set never earns less), is not searched
    at all: the purchase is the one of comparing every purchase's earnings, found sooner."""
    if len(buys) == 1 and floor <= 0:
        return buys[0]
    best = None
    for buy in sorted(buys, key=lambda a: (-a.price, a.train), reverse=True):  # stable: equals keep their order
        earned = _earnings_at_least(game.fork_after(buy), me, None, floor)
        if earned is not None:
            best, floor = buy, earned + 1
    return best


def _bank_buys(game: Any, me: str, buys: list) -> list:
    """The purchases from the bank (a train another corporation owns is never taken: its price is a deal)."""
    others = {t for c in game.corporations() if c != me for t in game.trains(c)}
    return [a for a in buys if a.train not in others]


def _make_room(game: Any, me: str, scraps: list, now: int) -> Any:
    """At the train limit, the surrender (paid for, as a title may allow) that lets a bank train be bought whose
    routes then earn more than the trains do now (the first surrender of the largest gain); ``None`` when no
    surrender pays. The route searches are asked only for what would beat the best gain so far, and none is made
    for a purchase that leaves the routes' position as it was but for train ids (a train like the one surrendered
    bought back: it earns ``now``, no gain); a surrender and purchase known not to pay without a fork
    (:func:`_hopeless`) is not forked."""
    best, best_gain = None, 0
    firsts: dict[str, Any] = {}
    for scrap in scraps:  # trains of one kind are alike: try the first of each
        firsts.setdefault(_kind(scrap.train), scrap)
    if not firsts:
        return None
    offered = _offered(game)
    hopeless = _hopeless(game, me, firsts, offered, now)
    before = position(game, me)
    for kind, scrap in firsts.items():
        if all((kind, sale) in hopeless for sale in offered):
            continue  # no purchase after this surrender pays (the fork would offer the trains on sale)
        fork = game.fork_after(scrap)
        if fork.current_entity != me:
            continue
        buys = _bank_buys(fork, me, [a for a in fork.legal_actions() if a.type == "buy_train"])
        for buy in _kinds(buys):  # each route search asked only for what would beat the best gain so far
            if (kind, _kind(buy.train)) in hopeless or _buys_back(fork, scrap, buy):
                continue  # it earns at most ``now``: no gain
            after = fork.fork_after(buy)
            if _alike(position(after, me), before):
                continue  # the same, seen only after the purchase (e.g. a train of another name but alike)
            earned = _earnings_at_least(after, me, None, now + best_gain + 1)
            if earned is not None:
                best, best_gain = scrap, earned - now
    return best


def _offered(game: Any) -> dict[str, str]:
    """The bank's trains on sale, one per kind (the first listed): kind → train id."""
    offered: dict[str, str] = {}
    for train in game.trains_for_sale():
        offered.setdefault(_kind(train), train)
    return offered


def _hopeless(game: Any, me: str, scraps: dict[str, Any], offered: dict[str, str], now: int) -> set[tuple[str, str]]:
    """The pairs (kind surrendered, kind bought) of ``scraps`` (one per kind) and ``offered`` (:func:`_offered`)
    whose surrender and purchase cannot make ``me``'s routes earn more than ``now``, known without a fork: a
    train the treasury cannot pay for (its price less the largest trade-in discount is more than the cash now,
    and a surrender only costs money) is never bought; a train of a type already sold is judged from a route
    position built with the trains now, the surrendered one replaced by the one bought, on the board now (a
    type not yet sold is left to a fork: its first copy may start a phase, rust trains or fire a train event).
    The trains the surrender and purchase leave are among those of the position built (a trade-in takes one
    more away), and a train fewer never earns more (it may run nowhere); the board is the one now, or holds
    besides only what the settling after the purchase may bring (another company's home station, which can
    only block). So the purchase earns at most what the position built does, and where that does not reach
    ``now + 1`` (or the train bought is like the one surrendered: it earns ``now``) the fork would find no gain
    (tests/test_bot47_room.py checks it along a game)."""
    sold, cash = set(game.train_types_sold()), game.cash(me)
    now_pos = position(game, me)
    hopeless = set()
    for kind, scrap in scraps.items():
        gone = now_pos.trains[scrap.train]
        kept = {t: v for t, v in now_pos.trains.items() if t != scrap.train}
        for sale, train in offered.items():
            if _least_price(game, train) > cash:
                hopeless.add((kind, sale))  # the treasury cannot pay for it
                continue
            if train_name(train) not in sold:
                continue
            bought = route_train(game, train)
            if ((bought.name, bought.distance) == (gone.name, gone.distance)
                    or earning_at_least(replace(now_pos, trains={**kept, train: bought}), now + 1) is None):
                hopeless.add((kind, sale))
    return hopeless


def _least_price(game: Any, train: str) -> int:
    """The least a bank train costs: its price less the largest discount a trade-in gives (rule ``trains.buy``)."""
    facts = game.facts.train(train_name(train))
    return facts.price - max((facts.trade_in or {}).values(), default=0)


def _buys_back(fork: Any, scrap: Any, buy: Any) -> bool:
    """Whether ``buy``, in the train step after the surrender ``scrap``, takes back a train of the surrendered
    one's type, no trade-in, of a type already sold: such a purchase starts no phase, rusts nothing and fires no
    train event (only a type's first copy does), and the train runs as the surrendered one did (a train's route
    facts are its type's), so the routes' position is the one before the surrender but for train ids. What the
    purchase's settling may run before the next decision (where it ends the turn: the next company's automatic
    steps) lays no track, which is a decision; tests/test_bot46b_surrender.py checks the fork along a game."""
    name = train_name(buy.train)
    return buy.exchange is None and name == train_name(scrap.train) and name in fork.train_types_sold()


def _alike(one: Any, other: Any) -> bool:
    """Whether two route positions differ at most in their trains' ids (a train surrendered and one like it
    bought): their best routes then earn the same, since the router's answer reads a train's name and distances,
    never its id."""
    return (one.board == other.board and one.phase_colours == other.phase_colours and one.rules == other.rules
            and one.corporation == other.corporation and _train_kinds(one) == _train_kinds(other))


def _train_kinds(pos: Any) -> Counter:
    """The trains of a route position as routes see them, without their ids: how many of each (name, distance
    rows)."""
    return Counter((t.name, t.distance) for t in pos.trains.values())


def _kinds(buys: list) -> list:
    """One purchase per kind of train and trade-in (trains of one kind are alike), the first listed."""
    seen: dict[tuple, Any] = {}
    for buy in buys:
        seen.setdefault((buy.variant, buy.price, buy.exchange and _kind(buy.exchange)), buy)
    return list(seen.values())


def _kind(train: str) -> str:
    """A train id's kind: the part before the last dash (``"3+1-0"`` → ``"3+1"``)."""
    return train.rsplit("-", 1)[0]


def _earnings(game: Any, me: str) -> int:
    """What ``me``'s trains earn now on their best routes: revenue plus any subsidy paid to the treasury."""
    return _earnings_of(position(game, me)) if game.trains(me) else 0


def _earnings_after(game: Any, me: str, buy: Any) -> int:
    fork = game.fork_after(buy)
    return _earnings(fork, me)


def _accept(choices: list) -> Any:
    """Accept an offered exchange or merger: a decision's first answer that does not decline (what the company
    turns into, a certificate of a corporation, counts at the end; the company itself usually does not)."""
    return next((a for a in choices if not a.choice.lower().startswith("decline")), choices[0])
