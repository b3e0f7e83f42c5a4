"""How each action type's sentence (``Action.sentence()``) reads back: one :class:`Grammar` per sentence form;
and the sentence a reader sees for an action in its position (:func:`sentence_now`, :func:`sentence_then`).

The sentences are written by the action classes (``gamekit.actions``, ``gamekit.tracks.actions``,
``gamekit.cuberails.cd_actions``, the American Rails actions); this module is their inverse, used by
:mod:`gamekit.codec`. A sentence may leave a detail out (the copy number of a tile, the stops of a route);
such a detail is matched against the legal actions, never guessed, and ``derived`` says how to compute what
the sentence does show from an action. A test checks that every registered action type has a grammar here.

An action's own sentence cannot see the game: a bid on the cheapest private at its price reads "Ann bids 20 on
SV", though it buys the private at once (1830 rule ``1830:auction.buy-cheapest``). In its position that action
reads as the event it makes reads, "Ann buys SV for $20" (:func:`sentence_now`: money in the title's currency,
"1 train", "2 trains"), and the codec reads that sentence back as well as the old one — the purchase form fits
only a bid that buys the private outright (:attr:`Grammar.admits`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from string import Formatter
from typing import Any, Callable

from .actions import Action, action_types
from .errors import GameError
from .i18n import Message, N_, Nn_, Term, gettext, language, localize, msg, ngettext
from .loading import MAX_DIGITS
from .numerals import typed_whole_number
from .tracks.trains import train_name

ENTITY = r"(?P<entity>.+?)"



def _whole(digits: str) -> int:
    """The number a sentence writes as ``digits`` (any script's decimal digits, read by the kit's one policy,
    :func:`gamekit.numerals.typed_whole_number`); a number longer than any saved game holds is no action's
    (rule ``core:codec.unreadable``), and Python would refuse to read one of thousands of digits."""
    number = typed_whole_number(digits, signed=False)
    if number is None:
        raise GameError(msg("{number} has more than {most} digits: no action takes such a number",
                            number=digits if len(digits) <= 24 else digits[:20] + "…", most=MAX_DIGITS), "core:codec.unreadable")
    return number

@dataclass(frozen=True)
class Grammar:
    """One sentence form of one action type.

    Attributes:
        type: the action ``type`` name.
        pattern: a regular expression matching the whole sentence; its named groups are action fields or keys
            of ``derived``.
        ints: groups that are whole numbers (money, rotations, counts).
        lists: groups that are tuples, with the separator the sentence uses between items.
        optional: groups a reader may leave out (a shortened sentence): then any value fits, and a sentence
            naming several legal actions this way is refused as ambiguous.
        fixed: fields the form implies (``"withholds"`` → ``kind="withhold"``).
        derived: group → function of an action giving that group's value, for groups that are not fields.
        complete: ``(game, fields)`` → the fields of a concrete action the sentence names, used to ask the rules
            why it is refused; ``None`` where the sentence leaves out a detail that cannot be filled in. Raises
            :class:`~gamekit.errors.GameError` (the rule's refusal) where the words name a value no action of the
            title has (a par price that is no par cell's).
        admits: ``(game, action)`` → whether this form may name ``action`` in ``game``'s position (a form that
            describes what the action does there, as a purchase); ``None``: every action that fits.
        context: groups that tell what the action does in its position, not a field of it (where a certificate
            comes from, what it costs): an action fits without them, and the form names it only where
            :func:`sentence_now` says the same of it there.
        alike: ``action →`` what makes it differ in play; legal actions this form names that agree on it are one
            choice, and the reader takes the first listed (two 2-trains of one seller, told apart only by id).
            ``None``: each action is its own choice.
        local: the form as a translatable template (its fields are the pattern's groups; a pair for a form with
            plural forms, chosen by the group ``count``): :func:`sentence_now` writes the sentence in the current
            language with it, and :meth:`read` reads that language's sentence back as well as the English one.
        money: groups that are amounts, written in the title's currency in a sentence for a reader.
        percents: groups that are percentages, written with their sign in the :attr:`local` template's values
            ("10%": a template's ``{percent}%`` would read as a printf field to gettext's tools).
        words: group → {value: word}: a value the English sentence writes as an id ("expand3") and another
            language as a translated word ("Expand 3", :data:`gamekit.i18n.N_`-marked); read back to the id.
    """

    type: str
    pattern: str
    ints: tuple[str, ...] = ()
    lists: dict[str, str] = field(default_factory=dict)
    optional: tuple[str, ...] = ()
    fixed: dict[str, Any] = field(default_factory=dict)
    derived: dict[str, Callable[[Action], Any]] = field(default_factory=dict)
    complete: Callable[[Any, dict[str, Any]], dict[str, Any] | None] | None = None
    admits: Callable[[Any, Action], bool] | None = None
    context: tuple[str, ...] = ()
    alike: Callable[[Action], Any] | None = None
    local: str | tuple[str, str] | None = None
    money: tuple[str, ...] = ()
    percents: tuple[str, ...] = ()
    words: dict[str, dict[str, str]] = field(default_factory=dict)

    def read(self, text: str) -> dict[str, Any] | None:
        """Return the typed groups of ``text`` (plus ``fixed``) if the whole text has this form — in English, or
        in the current language where the form has a :attr:`local` template —, else ``None``."""
        m = re.fullmatch(self.pattern, text)
        local = False
        if m is None and self.local is not None and language() != "en":
            m = next((found for pattern in _local_patterns(self.local, self.ints, self.percents, language())
                      if (found := pattern.fullmatch(text))), None)
            local = True
        if m is None:
            return None
        out: dict[str, Any] = dict(self.fixed)
        for key, value in m.groupdict().items():
            if value is None and key in self.optional:
                continue
            if local and key in self.words:  # the translated word back to its id (a word no id has stays as read)
                value = {gettext(word): ident for ident, word in self.words[key].items()}.get(value, value)
            if key in self.ints:
                out[key] = _whole(value)
            elif key in self.lists:
                out[key] = tuple(value.split(self.lists[key])) if value else ()
            else:
                out[key] = value
        return out

    def fits(self, action: Action, groups: dict[str, Any]) -> bool:
        """True when ``action`` is of this type and shows exactly ``groups`` in its sentence."""
        if action.type != self.type:
            return False
        for key, value in groups.items():
            if key in self.context:
                continue
            got = self.derived[key](action) if key in self.derived else getattr(action, key)
            if got != value:
                return False
        return True

    def allows(self, game: Any, action: Action, groups: dict[str, Any]) -> bool:
        """True when this form may name ``action`` (one that :meth:`fits` ``groups``) in ``game``'s position:
        ``admits`` says so, and the ``context`` groups are what :func:`sentence_now` says of it there."""
        if self.admits is not None and not self.admits(game, action):
            return False
        if not self.context:
            return True
        sentence = sentence_now(game, action)
        # a reader may give the sentence in English or in the current language; its context is compared in the same
        said = (self.read(plain_money(game, text)) for text in dict.fromkeys([str(sentence), localize(sentence)]))
        return any(s is not None and all(s.get(key) == groups.get(key) for key in self.context) for s in said)

    def fields_of(self, game: Any, groups: dict[str, Any]) -> dict[str, Any] | None:
        """Return the fields of the concrete action ``groups`` name (see ``complete``), or ``None``."""
        if self.complete is not None:
            return self.complete(game, groups)
        return None if self.derived else dict(groups)


@lru_cache(maxsize=None)
def _local_patterns(local: str | tuple[str, str], ints: tuple[str, ...], percents: tuple[str, ...],
                    lang: str) -> tuple[re.Pattern, ...]:
    """The regular expressions of a form's template as language ``lang`` writes it (each plural form): a field
    reads as a group of the same name, a whole number where the form's ``ints`` say so (followed by its sign
    where ``percents`` do)."""
    forms = (gettext(local),) if isinstance(local, str) else \
        tuple(dict.fromkeys(ngettext(*local, n) for n in (1, 2, 1_000_000)))
    return tuple(re.compile(_pattern_of(form, ints, percents)) for form in forms)


def _pattern_of(template: str, ints: tuple[str, ...], percents: tuple[str, ...] = ()) -> str:
    """A template's text as a regular expression, each ``{field}`` a named group (a repeated one must match the
    same text again; a percentage's sign follows its number)."""
    out, seen = [], set()
    for literal, name, _spec, _conversion in Formatter().parse(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        out.append(f"(?P={name})" if name in seen else rf"(?P<{name}>\d+)%" if name in percents else
                   rf"(?P<{name}>\d+)" if name in ints else rf"(?P<{name}>.+?)")
        seen.add(name)
    return "".join(out)


def _localized(game: Any, action: Action, sentence: str) -> str:
    """``sentence`` (English, as a reader sees it) as a :class:`~gamekit.i18n.Message` that renders in the current
    language, where its form has a :attr:`Grammar.local` template; else as it is."""
    plain = plain_money(game, sentence)
    for grammar in (g for g in GRAMMARS if g.type == action.type and g.local is not None):
        # the cube-rail forms write their dollars themselves: they read the sentence as it is
        m = re.fullmatch(grammar.pattern, plain) or re.fullmatch(grammar.pattern, sentence)
        if m is None or None in m.groupdict().values():
            continue
        values = {k: game.money(int(v)) if k in grammar.money else f"{v}%" if k in grammar.percents else
                  Term(v, grammar.words[k][v]) if v in grammar.words.get(k, {}) else v
                  for k, v in m.groupdict().items()}
        said = Message(grammar.local, values) if isinstance(grammar.local, str) else \
            Message(grammar.local[0], values, grammar.local[1], int(values["count"]))
        if said == sentence:
            return said
    return sentence


PURCHASE_EVENT = "buy_private"
"""Kind of the event an 18xx engine records when a player buys a private company (data: player, company, price)."""
TRAIN_PURCHASE = "buy_train"
"""Kind of the event of a train purchase (its ``data["from"]`` names a selling corporation, or ``"bank"``)."""


def _buys_outright(action: Action, events: list[Any]) -> bool:
    """True when ``events`` (what ``action`` did, or does on a fork) open with its entity buying its company for
    its price: a bid that is a purchase, not an offer waiting for others."""
    if action.type != "bid" or not events:
        return False
    first = events[0]
    return first.kind == PURCHASE_EVENT and first.data == {"player": action.entity, "company": action.company,
                                                           "price": action.price}


def buys_now(game: Any, action: Action) -> bool:
    """True when ``action`` is a bid that buys its private company outright in ``game``'s position (tried on a
    fork; a refused action buys nothing). Rule: ``1830:auction.buy-cheapest``."""
    if action.type != "bid":
        return False
    try:
        return _buys_outright(action, game.fork().process(action))
    except GameError:
        return False


def _refused_bid(game: Any, groups: dict[str, Any]) -> dict[str, Any] | None:
    """The bid a purchase sentence names, where the rules refuse it (so the codec reports their reason); ``None``
    where they would accept it as an offer rather than a purchase — the sentence then does not describe it."""
    fields = {"entity": groups["entity"], "company": groups["company"], "price": groups["price"]}
    try:
        game.fork().process(action_types()["bid"](**fields))
    except GameError:
        return fields
    return None


def _purchase(action: Action) -> str:
    return f"{action.entity} buys {action.company} for {action.price}"


def sentence_now(game: Any, action: Action) -> str:
    """The sentence of ``action`` as a reader of ``game``'s position should see it, worded as the event it makes:
    the acting player by display name (an 18xx.games log's player ids are numbers), money in the title's
    currency (``game.money``: "$20", "480K", "480 F"), a count of trains as "1 train" or "2 trains", a bid that
    buys its private at once as a purchase ("Ann buys SV for $20"), and a train bought from another
    corporation with its seller ("NYC buys train 2-0 from PRR for $1", rule ``1830:trains.buy``: the price is
    agreed between the two); otherwise as ``action.sentence()``. ``game.parse_action`` reads each back."""
    if buys_now(game, action):
        return _for_reader(game, action, _purchase(action))
    if action.type in SHARE_EVENTS or action.type in EVENT_WORDED:
        try:
            events = game.fork().process(action)
        except GameError:
            events = None
        worded = None if events is None else _share_sentence(game, action, events) or _event_sentence(action, events)
        if worded is not None:
            return worded
    return _for_reader(game, action, _with_seller(action, _train_seller(game, action)))


def sentence_for_reader(game: Any, action: Action) -> str:
    """``action.sentence()`` as a reader sees it — the player by name, money in the title's currency, in the
    current language where its form has a template — without trying the action on the game (a range's template,
    of which a view shows hundreds: Continental Divide's start prices). A kind the events word
    (:data:`EVENT_WORDED`: a train bought from another corporation at a price of its range, "NYNH 从 B&M 处以 $1
    购买一辆 4 型火车") is said as :func:`sentence_now` says it, tried on a fork: a position offers few of them,
    and the list of legal actions words them so."""
    if action.type in EVENT_WORDED:
        return sentence_now(game, action)
    return _for_reader(game, action, action.sentence())


def sentence_then(game: Any, action: Action, events: list[Any]) -> str:
    """The sentence of an applied ``action`` of ``game`` given the ``events`` it produced (``game.history()``):
    as :func:`sentence_now` said it before it was applied."""
    if _buys_outright(action, events):
        return _for_reader(game, action, _purchase(action))
    worded = _share_sentence(game, action, events) or _event_sentence(action, events)
    if worded is not None:
        return worded
    return _for_reader(game, action, _with_seller(action, _train_seller_then(game, action, events)))


SHARE_EVENTS = {"buy_shares": "buy", "sell_shares": "sell"}
"""Action type → kind of the event in which its player buys or sells the certificates (its text names the
corporation, where they come from or go, and the money: "Ann buys a 10% certificate of NYC from the IPO for $90")."""
PASSING_ON = ", passing on the president's certificate"
SELL_PASSING_ON = N_("{entity} sells {percent} of {corporation} to the bank pool for {price}, passing on the "
                     "president's certificate")
"""A sale with the president's certificate as a reader sees it: the sale's event (``g18xx.stock.SELL_TEMPLATE``)
and :data:`PASSING_ON`."""


def _share_sentence(game: Any, action: Action, events: list[Any]) -> str | None:
    """A purchase or sale of certificates by a player as the event it makes words it — no certificate ids —, and a
    sale that passes on the president's certificate saying so; ``None`` where no such event is the player's own
    (a private company's exchange, a corporation redeeming or reissuing its shares)."""
    if action.type not in SHARE_EVENTS or action.entity not in {p.id for p in game.players}:
        return None
    name = game.name_of(action.entity)
    kind = SHARE_EVENTS[action.type]
    text = next((e.text for e in events if e.kind == kind and e.text.startswith(f"{name} ")), None)
    if text is None:
        return None
    if not (action.type == "sell_shares" and _sells_president(action)):
        return text
    if isinstance(text, Message) and text.template + PASSING_ON == SELL_PASSING_ON:
        return Message(SELL_PASSING_ON, text.values)
    return text + PASSING_ON


EVENT_WORDED = {"place_token": ("token",), "buy_train": ("buy_train",), "buy_shares": ("exchange",)}
"""Action type → kinds of the event whose text is the action's sentence for a reader: a station token placed
("NYC places a station token in Baltimore (I15) for $40"), a train bought ("NYC buys a 2-train from the bank for
$80", "… trading in a 2-train"), a private company exchanged for a certificate ("Di exchanges MH for a 10% NYC
share from the IPO; MH closes"): places, trains and certificates in words, not by id (issue 30)."""
TRADE_IN_EVENT = "trade_in"
TRAIN_BOUGHT = N_("{entity} buys {train} {source} for {price}")
"""A train purchase's event (``g18xx.trainbuy``) and the action's sentence: ``entity`` the buying corporation,
``train`` the train in words ("a 2-train"), ``source`` where it comes from with its preposition ("from the bank",
"from the bank pool", "from PRR": languages join the two differently), ``price`` in the title's currency."""
TRADING_IN = N_("{entity} buys {train} {source} for {price} trading in {exchange}")
"""A train purchase with a trade-in as a reader sees it: the purchase's event and the train its trade-in event
names (``exchange``, in words: "a 2-train")."""


def _event_sentence(action: Action, events: list[Any]) -> str | None:
    """The text of the event ``action`` made that words it (see :data:`EVENT_WORDED`), a train bought with a
    trade-in naming the train traded in; ``None`` where there is none (a player's share purchase, worded by
    :func:`_share_sentence`), or where the event is not the acting entity's own (1894's private company placing
    its corporation's token)."""
    kinds = EVENT_WORDED.get(action.type, ())
    found = next((e for e in events if e.kind in kinds), None)
    if found is None:
        return None
    if action.type == "buy_shares":  # the exchange's event begins with the private's owner, and names the private
        return found.text if f" exchanges {action.entity} for " in found.text else None
    if not found.text.startswith(f"{action.entity} "):
        return None
    traded = next((e for e in events if e.kind == TRADE_IN_EVENT), None)
    if action.type == "buy_train" and traded is not None:
        return Message(TRADING_IN, {**found.text.values, "exchange": traded.text.values["train"]})
    return found.text


def _sells_president(action: Action) -> bool:
    return any(s.endswith("_0") for s in action.shares)


def _train_seller(game: Any, action: Action) -> str | None:
    """The corporation that owns the train ``action`` buys in ``game``'s position (``None``: the bank sells)."""
    if action.type != "buy_train":
        return None
    return next((corp for corp in game.corporations() if action.train in game.trains(corp)), None)


def _train_seller_then(game: Any, action: Action, events: list[Any]) -> str | None:
    """The corporation that sold the train ``action`` bought, as its purchase event (``events``) records it
    (``None``: the bank sold it, or ``action`` bought no train)."""
    if action.type != "buy_train":
        return None
    sellers = (e.data.get("from") for e in events if e.kind == TRAIN_PURCHASE)
    return next((s for s in sellers if s in game.corporations()), None)


def _with_seller(action: Action, seller: str | None) -> str:
    """``action.sentence()``, naming the corporation that sells its train (none: as it is)."""
    if seller is None:
        return action.sentence()
    return action.sentence().replace(f" buys train {action.train} ", f" buys train {action.train} from {seller} ", 1)


MONEY_AFTER = re.compile(r"\b(bids|for|at) (\d+)\b")
"""A bare amount in an 18xx sentence: "bids 20 on", "for 80", "pars … at 100" (the cube-rail sentences write
their dollars themselves)."""
TRAIN_COUNT = re.compile(r"\b(\d+) train\(s\)")


def _for_reader(game: Any, action: Action, sentence: str) -> str:
    """``sentence`` as a reader sees it: the player by name, money in the title's currency, trains counted; in
    the current language where its form has a template (:func:`_localized`)."""
    # every sentence begins with the acting entity (see GRAMMARS): only the words after it are rewritten
    rest = MONEY_AFTER.sub(lambda m: f"{m[1]} {game.money(int(m[2]))}", sentence[len(action.entity):])
    rest = TRAIN_COUNT.sub(lambda m: f"{m[1]} train" if m[1] == "1" else f"{m[1]} trains", rest)
    return _localized(game, action, _by_name(game, action, action.entity + rest))


def _by_name(game: Any, action: Action, sentence: str) -> str:
    # every sentence begins with the acting entity (see GRAMMARS); a player's id gives way to the name
    name = game.name_of(action.entity)
    return name + sentence[len(action.entity):] if name != action.entity else sentence


def plain_money(game: Any, text: str) -> str:
    """Return ``text`` with each amount written in ``game``'s currency (``game.money``: "$1,200", "480K",
    "1,200 F"; "$1.200" as a language of :data:`gamekit.i18n.DOT_GROUPS` groups it) written as a bare whole
    number ("1200"), as the grammars read amounts."""
    sample = game.money(1234)
    prefix, _, suffix = sample.partition("1,234")
    if not (prefix or suffix):
        return text
    end = r"(?!\w)" if suffix[-1:].isalnum() else ""
    amount = re.compile(re.escape(prefix) + r"(\d{1,3}(?:[,.]\d{3})+|\d+)" + re.escape(suffix) + end)
    return amount.sub(lambda m: re.sub("[,.]", "", m[1]), text)


def _par_fields(game: Any, groups: dict[str, Any]) -> dict[str, Any]:
    """The par action's fields at the first par cell of the named price; a price no par cell has is refused as
    the rules refuse a par there (``stock.par``), in the title's money."""
    cells = [c.id for c in game.market.par_cells() if c.price == groups["par"]]
    if not cells:
        raise GameError(msg("{price} is not a par price", price=game.money(groups["par"])), game.rule("stock.par"))
    return {"entity": groups["entity"], "corporation": groups["corporation"], "share_price": cells[0]}


def _copy_zero(game: Any, groups: dict[str, Any]) -> dict[str, Any] | None:
    if "rotation" not in groups:
        return None
    return {"entity": groups["entity"], "hex": groups["hex"], "tile": f"{groups['tile_name']}-0",
            "rotation": groups["rotation"]}


def _corp_of_shares(action: Action) -> str:
    return action.shares[0].rsplit("_", 1)[0] if action.shares else "?"


TRAIN_WORDS = {"kind": lambda a: train_name(a.train),
               "traded": lambda a: train_name(a.exchange) if a.exchange else None}
"""The groups of a train purchase's sentence that are not fields: the kinds of the train bought and traded in."""
TRAIN_CONTEXT = ("seller", "train", "source", "exchange")
"""What a train purchase's sentence says of its position: the seller (English), and in another language the train,
where it comes from and the train traded in, each in words."""


def _train_alike(action: Action) -> tuple:
    # two trains of one kind from one seller at one price are one choice (the seller is the sentence's context)
    return (action.entity, train_name(action.train), action.price, action.variant,
            train_name(action.exchange) if action.exchange else None)


AR_ROW_WORDS = {"pass": N_("Pass"), "develop": N_("Develop"), "fund": N_("Fund $5"),
                "take": N_("Take $2 / Expand 2 (4-5 players)"), "expand3": N_("Expand 3"),
                "auction": N_("Auction a share"), "expand4": N_("Expand 4")}
"""American Rails' action-track rows in words (as its board's labels write them), for its sentences in another
language; the English sentence names the row by id ("Ann takes the expand3 action")."""

GRAMMARS: tuple[Grammar, ...] = (
    # ----- every title ---------------------------------------------------------------------------------
    Grammar("pass", rf"{ENTITY} passes", local=N_("{entity} passes")),
    # ----- 18xx (gamekit.tracks.actions) ---------------------------------------------------------------
    Grammar("bid", rf"{ENTITY} bids (?P<price>\d+) on (?P<company>\S+)", ints=("price",),
            local=N_("{entity} bids {price} on {company}"), money=("price",)),
    Grammar("bid", rf"{ENTITY} buys (?P<company>\S+) for (?P<price>\d+)", ints=("price",), admits=buys_now,
            complete=_refused_bid,  # read as a purchase only where the bid is one (see sentence_now)
            local=N_("{entity} buys {company} for {price}"), money=("price",)),
    Grammar("par", rf"{ENTITY} pars (?P<corporation>\S+) at (?P<par>\d+)", ints=("par",),
            derived={"par": lambda a: int(a.share_price.split(",")[0])}, complete=_par_fields,
            local=N_("{entity} pars {corporation} at {par}"), money=("par",)),
    # a corporation's own purchase (1894's redemption) and sale (its reissue) by certificate ids, as sentence_now
    # shows them (a player's are worded as their events: the forms below)
    Grammar("buy_shares", rf"{ENTITY} buys (?P<percent>\d+)% \((?P<shares>[^)]*)\)", ints=("percent",),
            lists={"shares": ", "}, percents=("percent",), local=N_("{entity} buys {percent} ({shares})")),
    # a player's purchase and sale as sentence_now words them, like their events (no certificate ids)
    Grammar("buy_shares", rf"{ENTITY} buys an? (?P<percent>\d+)% certificate of (?P<corporation>\S+) from "
            r"(?P<source>.+?) for (?P<price>\d+)", ints=("percent", "price"), derived={"corporation": _corp_of_shares},
            context=("source", "price"), percents=("percent",),
            local=N_("{entity} buys a {percent} certificate of {corporation} from {source} for {price}")),
    Grammar("sell_shares", rf"{ENTITY} sells (?P<percent>\d+)% of (?P<corporation>\S+) to (?P<place>.+?) for "
            r"(?P<price>\d+)", ints=("percent", "price"), fixed={"president": False},
            derived={"corporation": _corp_of_shares, "president": _sells_president}, context=("place", "price"),
            percents=("percent",), local=N_("{entity} sells {percent} of {corporation} to the bank pool for {price}")),
    Grammar("sell_shares", rf"{ENTITY} sells (?P<percent>\d+)% of (?P<corporation>\S+) to (?P<place>.+?) for "
            rf"(?P<price>\d+){PASSING_ON}", ints=("percent", "price"), fixed={"president": True},
            derived={"corporation": _corp_of_shares, "president": _sells_president}, context=("place", "price"),
            percents=("percent",), local=SELL_PASSING_ON),
    Grammar("sell_shares", rf"{ENTITY} sells (?P<percent>\d+)% of (?P<corp>\S+), passing on the president's "
            r"certificate", ints=("percent",),
            derived={"corp": _corp_of_shares, "president": lambda a: any(s.endswith("_0") for s in a.shares)},
            fixed={"president": True}),
    Grammar("sell_shares", rf"{ENTITY} sells (?P<percent>\d+)% of (?P<corp>\S+) \((?P<shares>[^)]*)\)",
            ints=("percent",), lists={"shares": ", "},
            derived={"corp": _corp_of_shares, "president": lambda a: any(s.endswith("_0") for s in a.shares)},
            fixed={"president": False}, percents=("percent",),
            local=N_("{entity} sells {percent} of {corp} ({shares})"),
            complete=lambda game, g: {"entity": g["entity"], "shares": g["shares"], "percent": g["percent"]}),
    Grammar("buy_company", rf"{ENTITY} buys (?P<company>\S+) for (?P<price>\d+)", ints=("price",),
            local=N_("{entity} buys {company} for {price}"), money=("price",)),
    Grammar("lay_tile", rf"{ENTITY} lays (?P<tile_name>\S+) on (?P<hex>\S+)(?: \(rotation (?P<rotation>\d+)\))?",
            ints=("rotation",), optional=("rotation",), derived={"tile_name": lambda a: a.tile.rsplit("-", 1)[0]},
            complete=_copy_zero, local=N_("{entity} lays {tile_name} on {hex} (rotation {rotation})")),
    # a token, a train and an exchange as the events word them (sentence_now): the place, the seller and the
    # certificate's source are what the action does in its position
    Grammar("place_token", rf"{ENTITY} places a station token in (?P<place>.+?)(?: for (?P<cost>\d+))?",
            ints=("cost",), optional=("cost",), context=("place", "cost"),
            local=N_("{entity} places a station token in {place} for {cost}")),
    Grammar("place_token", rf"{ENTITY} places its station token in (?P<place>.+?)(?: for (?P<cost>\d+))?",
            ints=("cost",), optional=("cost",), context=("place", "cost"),
            local=N_("{entity} places its station token in {place}")),
    Grammar("place_token", rf"{ENTITY} places (?!its )(?P<owner>\S+)'s station token in (?P<place>.+?)"
            r"(?: for (?P<cost>\d+))?", ints=("cost",), optional=("cost",), context=("owner", "place", "cost"),
            local=N_("{entity} places {owner}'s station token in {place}")),
    # a train as its event words it; a reader's sentence in another language names it and its source in words
    Grammar("buy_train", rf"{ENTITY} buys an? (?P<kind>\S+)-train from (?P<seller>.+?) for (?P<price>\d+)",
            ints=("price",), fixed={"traded": None}, derived=TRAIN_WORDS, context=TRAIN_CONTEXT, alike=_train_alike,
            local=TRAIN_BOUGHT, money=("price",)),
    Grammar("buy_train", rf"{ENTITY} buys an? (?P<kind>\S+)-train from (?P<seller>.+?) for (?P<price>\d+) trading in "
            r"an? (?P<traded>\S+)-train", ints=("price",), derived=TRAIN_WORDS, context=TRAIN_CONTEXT,
            alike=_train_alike, local=TRADING_IN, money=("price",)),
    Grammar("buy_shares", r"(?P<owner>.+?) exchanges (?P<entity>\S+) for an? (?P<percent>\d+)% (?P<corp>\S+) share "
            r"from (?P<source>.+?)(?:; \S+ closes)?", ints=("percent",), derived={"corp": _corp_of_shares},
            context=("owner", "source", "certificate"),  # the certificate as the language words it (g1830.privates)
            local=N_("{owner} exchanges {entity} for {certificate} from {source}; {entity} closes")),
    Grammar("place_token", rf"{ENTITY} places a station token on tile (?P<tile>\S+) \(city (?P<city>\S+)\)",
            derived={"tile": lambda a: a.city.rsplit("-", 1)[0]},
            local=N_("{entity} places a station token on tile {tile} (city {city})"),
            complete=lambda game, g: {"entity": g["entity"], "city": g["city"]}),
    # the count agrees with its noun where a reader sees it ("runs 1 train", "runs 2 trains"); any form is read
    Grammar("run_routes", rf"{ENTITY} runs (?P<count>\d+) (?:train\(s\)|trains?) for (?P<revenue>\d+)",
            ints=("count", "revenue"),
            derived={"count": lambda a: len(a.routes), "revenue": lambda a: sum(r.revenue for r in a.routes)},
            local=Nn_("{entity} runs {count} train for {revenue}", "{entity} runs {count} trains for {revenue}"),
            money=("revenue",)),
    Grammar("dividend", rf"{ENTITY} pays out", fixed={"kind": "payout"}, local=N_("{entity} pays out")),
    Grammar("dividend", rf"{ENTITY} withholds", fixed={"kind": "withhold"}, local=N_("{entity} withholds")),
    Grammar("dividend", rf"{ENTITY} pays half", fixed={"kind": "half"}, local=N_("{entity} pays half")),
    # a train's id is unique: the seller a sentence names (sentence_now) only helps the reader
    Grammar("buy_train", rf"{ENTITY} buys train (?P<train>\S+)(?: from \S+)? for (?P<price>\d+)"
            rf"(?: trading in (?P<exchange>\S+))?",
            ints=("price",)),
    Grammar("discard_train", rf"{ENTITY} discards (?P<train>\S+)", local=N_("{entity} discards {train}")),
    # a bankruptcy as its sentence says it (the president's: rules 1830/1837/1894:end.bankrupt), and in the older
    # wording (the corporation "declares bankruptcy"), which older texts hold
    Grammar("bankrupt", rf"{ENTITY}'s president cannot raise the money for its train and goes bankrupt",
            local=N_("{entity}'s president cannot raise the money for its train and goes bankrupt")),
    Grammar("bankrupt", rf"{ENTITY} declares bankruptcy", local=N_("{entity} declares bankruptcy")),
    Grammar("special_buy", rf"{ENTITY} buys a ferry marker for (?P<cost>\d+)", ints=("cost",),
            fixed={"description": "Ferry marker"}, local=N_("{entity} buys a ferry marker for {cost}"),
            money=("cost",)),
    Grammar("choose", rf"{ENTITY} chooses its home (?P<choice>.+)", local=N_("{entity} chooses its home {choice}")),
    Grammar("choose", rf"{ENTITY} chooses (?!its home )(?P<choice>.+)",  # 1837's exchange round
            local=N_("{entity} chooses {choice}")),
    Grammar("scrap_train", rf"{ENTITY} surrenders (?P<train>\S+)", local=N_("{entity} surrenders {train}")),
    # ----- Continental Divide (gamekit.cuberails.cd_actions) --------------------------------------------
    Grammar("cd_start_railroad", rf"{ENTITY} starts (?P<railroad>\S+) in (?P<hex>\S+) with (?P<shares>\d+) shares "
            r"at a stock value of \$(?P<stock_value>\d+)", ints=("shares", "stock_value"),
            local=N_("{entity} starts {railroad} in {hex} with {shares} shares at a stock value of ${stock_value}")),
    Grammar("cd_buy_share", rf"{ENTITY} buys a share of (?P<railroad>\S+) for \$(?P<price>\d+)", ints=("price",),
            local=N_("{entity} buys a share of {railroad} for ${price}")),
    Grammar("cd_build_track", rf"{ENTITY} builds (?P<railroad>\S+) from (?P<origin>\S+): (?P<hexes>.+)",
            lists={"hexes": " → "}, local=N_("{entity} builds {railroad} from {origin}: {hexes}")),
    Grammar("cd_choose_order", rf"{ENTITY} takes turn-order card (?P<position>\d+)", ints=("position",),
            local=N_("{entity} takes turn-order card {position}")),
    # ----- American Rails (gamekit.titles.american_rails) -----------------------------------------------
    Grammar("ar_choose_share", rf"{ENTITY} puts one (?P<company>\S+) share up for auction",
            local=N_("{entity} puts one {company} share up for auction")),
    # the article before the company is English's ("an IC share"): a form of its own for each
    Grammar("ar_bid", rf"{ENTITY} bids \$(?P<amount>\d+) for a (?P<company>\S+) share", ints=("amount",),
            local=N_("{entity} bids ${amount} for a {company} share")),
    Grammar("ar_bid", rf"{ENTITY} bids \$(?P<amount>\d+) for an (?P<company>\S+) share", ints=("amount",),
            local=N_("{entity} bids ${amount} for an {company} share")),
    Grammar("ar_place_start", rf"{ENTITY} starts (?P<company>\S+) in (?P<hex>\S+)",
            local=N_("{entity} starts {company} in {hex}")),
    Grammar("ar_choose_action", rf"{ENTITY} takes the (?P<row>\S+) action", words={"row": AR_ROW_WORDS},
            local=N_("{entity} takes the {row} action")),
    Grammar("ar_build", rf"{ENTITY} builds (?P<company>\S+) into (?P<hex>\S+)",
            local=N_("{entity} builds {company} into {hex}")),
    Grammar("ar_develop", rf"{ENTITY} develops (?P<hex>\S+)", local=N_("{entity} develops {hex}")),
    Grammar("ar_fund", rf"{ENTITY} funds (?P<company>\S+)", local=N_("{entity} funds {company}")),
    Grammar("ar_take_money", rf"{ENTITY} takes \$2", local=N_("{entity} takes $2")),
)
"""Every sentence form, grouped by where its action class is defined."""
