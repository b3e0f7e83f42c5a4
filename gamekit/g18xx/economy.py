"""Money, prices and presidencies in an 18xx game: the mechanisms every round uses.

Each function takes the game (``game.facts``, ``game.market``, ``game.state``), changes the state and returns the
events it caused, each naming its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameError
from ..events import Event
from ..i18n import Message, N_, msg
from . import end
from ..tracks.market import Cell, MarketCell
from ..tracks.shares import IPO, POOL

if TYPE_CHECKING:
    from .game import Game18xx


def pay_from_bank(game: "Game18xx", to: str, amount: int) -> None:
    """Move ``amount`` dollars from the bank to a player or corporation (the bank may go below 0: that breaks
    it, rule ``end.bank``; an unlimited bank, ``None``, always pays)."""
    if game.state.bank is not None:
        game.state.bank -= amount
    else:
        game.state.bank_flow -= amount
    _credit(game, to, amount)


def pay_to_bank(game: "Game18xx", payer: str, amount: int) -> None:
    """Move ``amount`` dollars from a player or corporation to the bank."""
    _credit(game, payer, -amount)
    if game.state.bank is not None:
        game.state.bank += amount
    else:
        game.state.bank_flow += amount


def pay_for_ipo(game: "Game18xx", payer: str, corp: str, amount: int) -> None:
    """Pay ``amount`` for IPO certificates of ``corp``: to the bank (full capitalization: the corporation is paid
    when it floats) or to its treasury (incremental capitalization; rule ``stock.buy``)."""
    if game.facts.corporation(corp).capitalization == "incremental":
        _credit(game, payer, -amount)
        _credit(game, corp, amount)
    else:
        pay_to_bank(game, payer, amount)


def _credit(game: "Game18xx", who: str, amount: int) -> None:
    state = game.state
    if who in state.players:
        state.players[who].cash += amount
    else:
        state.corporations[who].cash += amount


def cash_of(game: "Game18xx", who: str) -> int:
    """Cash in dollars of a player or corporation."""
    state = game.state
    return state.players[who].cash if who in state.players else state.corporations[who].cash


def set_price(game: "Game18xx", corp: str, cell: Cell) -> None:
    """Put a corporation's price marker on ``cell``, last in that cell's arrival order (``or.order``)."""
    state = game.state
    old = state.corporations[corp].price
    if old == cell:
        return
    if old is not None:
        state.stacks[old].remove(corp)
    state.stacks.setdefault(cell, []).append(corp)
    state.corporations[corp].price = cell
    if old is None or _zone_effects_differ(game.market.cells[old], game.market.cells[cell]):
        state.ledger.forget()  # its kept answers read the prices' zone effects (ShareLedger.kept)


def _zone_effects_differ(before: MarketCell, after: MarketCell) -> bool:
    """Whether a price marker moving from cell ``before`` to ``after`` changes what the ledger's kept answers read of
    a price (``ShareLedger.kept``): whether the certificates count toward the certificate limit and whether a player
    may hold more than the holding limit there. A move within cells alike in both (most moves: a step inside one
    zone, or between zones of the same effects) leaves every kept answer true."""
    return before.counts_for_cert_limit != after.counts_for_cert_limit or \
        before.allows_over_60 != after.allows_over_60


DIRECTION_WORDS = {"up_left": N_("up and to the left"), "down_right": N_("down and to the right"),
                   "left": N_("left"), "right": N_("right"), "up": N_("up"), "down": N_("down")}
"""How an event names a step of the market: a diagonal step of a hex market (1837's) in words, the square market's
four steps as they are."""
CALLERS_REASONS = (N_("a share was sold"), N_("sold out at the end of the stock round"), N_("half paid"))
"""The reasons for a price move that callers outside this package's templated modules pass as plain English
(``stock.py``, 1837's minors): listed here so the catalogues translate them (:func:`move_price` looks a plain
reason up)."""


def move_price(game: "Game18xx", corp: str, direction: str, rule: str, why: str, *, follow: bool = True
               ) -> list[Event]:
    """Move a price marker one step ``left``/``right``/``up``/``down`` by the market rules (``market.moves``),
    then the title's extra step if any (:meth:`~gamekit.g18xx.game.Game18xx.extra_price_move`; ``follow`` False
    for that extra step itself).

    ``why``: the reason, said in brackets: a :class:`~gamekit.i18n.Message`, or an English phrase the catalogue
    translates (:data:`CALLERS_REASONS`)."""
    state = game.state
    market = game.market
    old = state.corporations[corp].price
    new = getattr(market, direction)(old)
    new_cell = market.cells[new]
    before, after = market.cells[old].price, new_cell.price
    set_price(game, corp, new)
    reached_end = end.trigger(game, "stock_market") if new_cell.ends_game else []
    why = why if isinstance(why, Message) else _plain_message(why)
    texts = _move_texts(game)
    key = (corp, direction, old, new, id(why))
    found = texts.get(key)
    if found is not None and found[0] is why:
        text = found[1]
    else:
        text = _move_text(game, corp, direction, before, after, new == old, why)
        if len(texts) >= MOVE_TEXTS_KEPT:
            texts.clear()
        texts[key] = (why, text)
    events = [Event(rule, text, "price_move", {"corporation": corp, "from": before, "to": after,
                                               "direction": direction})] + reached_end
    extra = game.extra_price_move(old, new) if follow and not state.end_reason else None
    if extra:
        events += move_price(game, corp, extra, rule, msg("{why}, one step more", why=why), follow=False)
    return events


MOVE_TEXTS_KEPT = 4096
"""How many texts of price moves :func:`move_price` keeps per title (it forgets them all when full)."""


def _move_texts(game: "Game18xx") -> dict:
    """The texts of price moves :func:`move_price` keeps, with the facts (``Game18xx._facts_memo``, whose money
    format they use): ``(corporation, direction, old cell, new cell, id of the reason) → (reason, text)``. A
    sentence is a pure function of its template and values, and is immutable (translated when shown), so one
    serves every move that says the same: every sale moves a price and most say what an earlier one said. The
    reason is held with its text, so that its id names no other object while the entry lives, and a hit is
    checked to be the very reason (the reasons are a few shared messages: :func:`_plain_message`'s, a title's
    constants, the withholdings' kept texts)."""
    return game._facts_table("price move texts")


def _move_text(game: "Game18xx", corp: str, direction: str, before: int, after: int, stays: bool,
               why: Message) -> Message:
    """The text of ``corp``'s price move ``direction`` from ``before`` to ``after`` (per share, currency units;
    ``stays``: the marker did not move) for the reason ``why`` (rule ``market.moves``)."""
    if stays:
        return msg("{corporation}'s share price stays at {price} ({why})", corporation=corp,
                   price=game.facts.money(before), why=why)
    words = DIRECTION_WORDS.get(direction)
    return msg("{corporation}'s share price moves {direction} from {before} to {after} ({why})", corporation=corp,
               direction=_plain_message(words) if words else direction, before=game.facts.money(before),
               after=game.facts.money(after), why=why)


_PLAIN: dict[str, Message] = {}


def _plain_message(text: str) -> Message:
    """The message of an English phrase without fields (a direction's words, a caller's reason), one per phrase:
    every price move says two, and a message without values never changes."""
    found = _PLAIN.get(text)
    if found is None:
        found = _PLAIN[text] = Message(text, {})
    return found


def share_price(game: "Game18xx", corp: str) -> int:
    """Current market price of one 10% share of ``corp`` in dollars."""
    return game.market.cell(game.state.corporations[corp].price).price


def par_price(game: "Game18xx", corp: str) -> int:
    """Par price of one 10% share of ``corp`` in dollars."""
    return game.market.cell(game.state.corporations[corp].par).price


def check_float(game: "Game18xx", corp: str) -> list[Event]:
    """Float ``corp`` once its float percent (1830: 60%) of the certificates offered in the IPO has been sold (the
    reserved ones do not count); the bank pays it its capital
    (:meth:`~gamekit.g18xx.game.Game18xx.capital_on_float`; rule ``stock.float``)."""
    state = game.state
    c = state.corporations[corp]
    if c.floated or c.par is None:
        return []
    facts = game.facts.corporation(corp)
    if not facts.floatable:
        return []
    sold = 100 - state.ledger.percent_of(IPO, corp)
    if facts.reserved:  # only a reserved certificate is ever held back (reserved_now): none, nothing to count
        # certificates handed out from the reserve (1837's coal exchanges) are not sold: they do not float it
        sold += sum(state.ledger.percent[c] for c in state.ledger.certs(IPO, corp) if game.reserved_now(c)) - \
            sum(p for i, p in enumerate(facts.certificates) if i in facts.reserved)
    if sold < game.facts.float_percent_of(corp):
        return []
    c.floated = True
    capital = game.capital_on_float(corp)
    pay_from_bank(game, corp, capital)
    # the percent sign goes with the value: "% s" in a template would read as a printf field to gettext's tools
    text = (msg("{corporation} floats ({percent} sold) and receives {capital} from the bank", corporation=corp,
                percent=f"{sold}%", capital=game.facts.money(capital)) if capital else
            msg("{corporation} floats ({percent} sold) and was paid by its IPO sales", corporation=corp,
                percent=f"{sold}%"))
    return [Event(game.rule("stock.float"), text,
                  "float", {"corporation": corp, "capital": capital})] + game.after_float(corp)


def update_president(game: "Game18xx", corp: str, seller: str | None = None) -> list[Event]:
    """Give the presidency to the player holding the most of ``corp`` when that is more than the president holds.

    A tie keeps the current president; among several tied challengers the first after the current president in
    seat order wins. The new president hands certificates worth 20% (their first ones received) to the old
    president in exchange for the president's certificate (rule ``stock.president``). ``seller``: when the
    president is selling, the old president is the seller and the swapped certificates go to him.
    """
    state = game.state
    c = state.corporations[corp]
    current = c.president
    if current is None:
        holder = state.ledger.owner.get(f"{corp}_0")
        if holder == POOL:  # left without a president by a bankruptcy (1837)
            return presidency_from_pool(game, corp)
        if holder == IPO and c.par is not None:  # a national priced but not formed (1837)
            return _presidency_before_formation(game, corp)
        if holder not in state.players:
            return []
        return _first_president(game, corp, holder)  # bought like any certificate (1837's nationals)
    ledger = state.ledger
    best = ledger.most_held(corp, state.seat_order, current)
    if ledger.percent_of(current, corp) >= best:
        return []  # nobody holds more than the president (the most held, asked first: the usual answer)
    held = {p: ledger.percent_of(p, corp) for p in state.seat_order}
    start = state.seat_order.index(current)
    rotation = state.seat_order[start + 1:] + state.seat_order[:start + 1]
    new = next(p for p in rotation if held[p] == best)
    return transfer_presidency(game, corp, current, new)


def _presidency_before_formation(game: "Game18xx", corp: str) -> list[Event]:
    """Give ``corp``, which has a price but no president and whose president's certificate is still in the IPO
    (in 1837 a national not formed, priced when a minor merged into it), to the player holding most of it (the
    first in seat order on a tie) once that is at least the certificate's percent (1837: its certificates reach
    players through minors merged at a bankruptcy and the bank pool). They preside without the certificate, which
    stays reserved until the national forms and its first president is chosen (``1837:national.formation``), as
    18xx.games has it (rule ``stock.president``). Returns the ``president`` event, or none."""
    new = _holding_most(game, corp, game.state.seat_order)
    return [] if new is None else _first_president(game, corp, new)


def _holding_most(game: "Game18xx", corp: str, order: list[str]) -> str | None:
    """The player still in the game holding most of ``corp``, the first in ``order`` (seat ids) on a tie, when that
    is at least its president's certificate's percent; else ``None`` (rule ``stock.president``)."""
    state = game.state
    ledger = state.ledger
    held = [(ledger.percent_of(p, corp), p) for p in order if not state.players[p].bankrupt]
    best = max((percent for percent, _ in held), default=0)
    if best < ledger.percent[f"{corp}_0"]:
        return None
    return next(p for percent, p in held if percent == best)


def _first_president(game: "Game18xx", corp: str, president: str) -> list[Event]:
    """Make ``president`` the president of ``corp``, which had none, with no certificate changing hands; returns
    the ``president`` event (rule ``stock.president``)."""
    game.state.corporations[corp].president = president
    return [Event(game.rule("stock.president"), msg("{player} becomes president of {corporation}",
                                                    player=game.player(president).name, corporation=corp),
                  "president", {"corporation": corp, "from": None, "to": president, "certificates": []})]


def presidency_from_pool(game: "Game18xx", corp: str, old: str | None = None) -> list[Event]:
    """Give ``corp``, whose president's certificate lies in the bank pool, to the player still in the game holding
    most of it when that is at least the president's certificate: they hand that many percent of their
    certificates to the pool for it (:func:`transfer_presidency`). With nobody holding enough it stays without a
    president, and the first player who comes to hold enough takes it over (1837, rules ``stock.president``,
    ``end.bankrupt``).

    ``old``: the president who has just gone bankrupt, or ``None`` for a corporation already without one. A tie
    goes to the first tied player after ``old`` in seat order (as 18xx.games counts the distance from the old
    president), or from the first seat when ``None``. (18xx.games, whose old president is then the pool itself,
    keeps the tied player who first held a certificate of the corporation: no tie arises there, as every single
    holding change of a corporation without a president is checked at once.) Returns the events: none when the
    presidency stays empty."""
    state = game.state
    if state.ledger.owner.get(f"{corp}_0") != POOL:
        return []
    order = state.seat_order
    if old is not None:
        at = order.index(old)
        order = order[at + 1:] + order[:at + 1]
    new = _holding_most(game, corp, order)
    return [] if new is None else transfer_presidency(game, corp, old, new, swapped_to=POOL)


def transfer_presidency(game: "Game18xx", corp: str, old: str | None, new: str, swapped_to: str | None = None,
                        give_back: int = 0) -> list[Event]:
    """Swap the president's certificate of ``corp`` from ``old`` for 20% of ``new``'s certificates (their first
    ones received), which go to ``old`` — or, when the old president has just sold certificates with the
    president's one, to ``swapped_to`` (the bank pool, or the seller when he still holds 20%), after which the
    seller takes back ``give_back`` percent, the pool's first certificates of ``corp`` first: the part of the
    certificates he handed in that his sale's percent leaves over. 18xx.games moves them so (rule
    ``stock.president``). ``old`` is ``None`` when the corporation had no president (its president's certificate
    in the pool, ``swapped_to`` the pool: :func:`presidency_from_pool`). Returns the ``president`` event."""
    state = game.state
    ledger = state.ledger
    pres_cert = f"{corp}_0"
    give, total = [], 0
    for cert in ledger.certs(new, corp):
        if total >= ledger.percent[pres_cert]:
            break
        give.append(cert)
        total += ledger.percent[cert]
    for cert in give:
        ledger.move(cert, old if swapped_to is None else swapped_to)
    kept = 0
    for cert in ledger.certs(POOL, corp) if give_back else ():
        if kept >= give_back:
            break
        kept += ledger.percent[cert]
        ledger.move(cert, old)
    ledger.move(pres_cert, new)
    state.corporations[corp].president = new
    return [Event(game.rule("stock.president"), msg("{player} becomes president of {corporation}",
                                                    player=game.player(new).name, corporation=corp),
                  "president", {"corporation": corp, "from": old, "to": new, "certificates": give})]


def cert_count(game: "Game18xx", player: str) -> int:
    """Certificates of ``player`` that count toward the certificate limit: shares of corporations whose price is
    outside the yellow/orange/brown zones, plus private companies (rule ``stock.cert-limit``)."""
    state = game.state
    return len(state.players[player].privates) + counted_shares(game, player)


def counted_shares(game: "Game18xx", player: str) -> int:
    """The certificates of corporations among :func:`cert_count`'s, kept by the ledger (``ShareLedger.kept``)
    until one of the player's certificates or a price marker moves (the stock round counts them in its own walk of
    the holdings, ``stock._limits``)."""
    ledger = game.state.ledger
    kept = ledger.kept(player)
    count = kept.get("counted shares")
    if count is None:
        corporations, cells = game.state.corporations, game.market.cells
        count = 0
        for corp, certs in ledger.holdings.get(player, {}).items():
            if certs:
                price = corporations[corp].price
                if price is None or cells[price].counts_for_cert_limit:
                    count += len(certs)
        kept["counted shares"] = count
    return count


def cert_limit(game: "Game18xx") -> int:
    """The certificate limit for this number of players (rule ``stock.cert-limit``)."""
    return game.facts.cert_limit[str(len(game.players))]


def pool_percent(game: "Game18xx", corp: str) -> int:
    """Percent of ``corp`` in the bank pool."""
    return game.state.ledger.percent_of(POOL, corp)


def require(condition: bool, message: str, rule: str) -> None:
    """Raise :class:`GameError` with ``message`` and ``rule`` unless ``condition`` holds."""
    if not condition:
        raise GameError(message, rule)
