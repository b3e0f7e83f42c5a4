"""The HTML view of a game that Jupyter shows (``Game._repr_html_``): where the game is, the players, the
corporations or railroads and the bank, in small text tables.

Built only on the public query API (:mod:`gamekit.query`), so it works for every title: a concept a title lacks
(trains in cube rails, presidents in American Rails, phases in Continental Divide) raises
:class:`NotImplementedError` there and its column or line is left out. Nothing is marked by colour alone —
the president is written out, an unknown value is a dash. Headings and notes are in the current language
(:func:`gamekit.set_language`); names and money are as the game writes them.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

from .i18n import _, localize, ngettext, number_text, phase_word, round_name, train_limit_text
from .query import IPO, POOL
from .titles import display_name

STYLE = ("<style>.gk-view table{border-collapse:collapse;margin:4px 0 8px 0;font-size:12px}"
         ".gk-view th,.gk-view td{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top}"
         ".gk-view th{background:#eee}.gk-view td.n{text-align:right}.gk-view .rule{font-size:11px}</style>")
NONE = "—"


def game_html(game: Any) -> str:
    """Return the HTML view of ``game`` at its current position.

    Args:
        game: a :class:`gamekit.game.Game` of any title.

    Returns:
        An HTML fragment: a heading line (title, actions so far, round, phase, active step with its rule and
        who acts, its help text, or the outcome once over), a table of the players (cash, holdings, private
        companies, value), a table of the corporations or railroads (president, share price, par price,
        treasury, trains by kind, tokens or cubes, shares in the IPO and bank pool) and a line for the bank (its
        cash, trains for sale by kind). Money is in the title's currency (``game.money``), share prices per 10% share (18xx) or per
        share (cube rails).
    """
    return (f'{STYLE}<div class="gk-view">{_heading(game)}{_players(game)}{_corporations(game)}'
            f"{_bank(game)}</div>")


def _answer(ask: Callable[[], Any]) -> Any:
    """Return the query's answer, or ``NotImplemented`` when the title lacks the concept."""
    try:
        return ask()
    except NotImplementedError:
        return NotImplemented


def _question(game: Any, name: str) -> Any:
    """Ask one of the 18xx questions of the query API (``trains_for_sale``, ``train_limit``), which titles
    without trains do not have: ``NotImplemented`` there."""
    return _answer(getattr(game, name)) if hasattr(game, name) else NotImplemented


def _money(game: Any, amount: int | None) -> str:
    return NONE if amount is None else localize(game.money(amount))  # grouped as the learner's language groups


def _table(head: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f'<td class="n">{c}</td>' if k in numeric else f"<td>{c}</td>"
                                    for k, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def _heading(game: Any) -> str:
    count = len(game.actions)
    where = [f"<b>{escape(display_name(game.title))}</b>",
             escape(ngettext("{count} action", "{count} actions", count).format(count=count))]
    # the round's and phase's names as the map titles write them: their words in the learner's language
    for label, ask, word in (("{value}", game.active_round, round_name), (_("phase {value}"), game.phase, phase_word)):
        value = _answer(ask)
        if value is not NotImplemented:
            where.append(escape(label.format(value=localize(word(value)))))
    step = game.active_step
    out = game.outcome
    if out is not None:
        ranking = ", ".join(f"{escape(game.player(pid).name)} {number_text(value)}" for pid, value in out.ranking)
        doing = _("<b>Game over</b>: {outcome} — ranking: {ranking}").format(outcome=escape(localize(out.text)),
                                                                             ranking=ranking)
    else:
        who = escape(game.name_of(step.entity)) if step.entity else escape(_("nobody"))
        doing = _("<b>{step}</b>, {player} to act: {help}").format(step=escape(localize(step.name)), player=who,
                                                                   help=escape(localize(step.help)))
    rule = out.rule if out is not None else step.rule
    return f'<div>{" · ".join(where)}</div><div>{doing} <code class="rule">{escape(rule)}</code></div>'


def _players(game: Any) -> str:
    privates = _answer(game.private_companies)
    owners = ({} if privates is NotImplemented else
              {c: game.private_owner(c) for c in privates})
    head = [_("player"), _("cash"), _("holdings (percent, certificates or shares)")]
    if owners:
        head.append(_("private companies"))
    head.append(_("value now"))
    rows = []
    for p in game.players:
        row = [escape(p.name), _money(game, game.cash(p.id)), _holdings(game, p.id)]
        if owners:
            row.append(", ".join(escape(c) for c, owner in owners.items() if owner == p.id) or NONE)
        row.append(number_text(game.player_value(p.id)))
        rows.append(row)
    note = ('<div class="rule">' + escape(_("value now: what the game ranks players by if it ended now (money, or "
                                            "victory points where the title scores points)")) + "</div>")
    return _table(head, rows, {1, len(head) - 1}) + note


def _holdings(game: Any, player: str) -> str:
    """The player's holdings: 18xx as percent and certificates ("PRR 30% (2) president"); titles without trains
    (the cube rails) by their count of shares alone ("NP 2 shares"), as their rules count them — a railroad there
    issues 3 to 10 equal shares, whose percentages (33⅓%, 16⅔%, 12½%) would be rounded and not add up."""
    corps = game.corporations()
    in_shares = bool(corps) and _answer(lambda: game.trains(corps[0])) is NotImplemented
    parts = []
    for corp, held in game.holdings(player).items():
        president = " " + _("president") if _answer(lambda: game.president(corp)) == player else ""
        if in_shares:
            amount = ngettext("{count} share", "{count} shares", held.certificates).format(count=held.certificates)
        else:
            amount = f"{held.percent}% ({held.certificates})"
        parts.append(f"{escape(corp)} {escape(amount)}{president}")
    return ", ".join(parts) or NONE


def _corporations(game: Any) -> str:
    corps = game.corporations()
    columns: list[tuple[str, Callable[[str], str], bool]] = [
        (_("president"), lambda c: _president(game, c), False),
        (_("share price"), lambda c: _money(game, game.share_price(c)), True),
        (_("par price"), lambda c: _money(game, game.par_price(c)), True),
        (_("treasury"), lambda c: _money(game, game.treasury(c)), True),
        (_("trains"), lambda c: _train_kinds(game.trains(c)), False),
    ]
    has_trains = _answer(lambda: game.trains(corps[0])) is not NotImplemented
    # the query API's tokens are station tokens in 18xx titles and track cubes in cube rails (no trains there)
    pieces = _("tokens") if has_trains else _("cubes")
    columns.append((pieces, lambda c: _pieces(game.tokens(c)), False))
    if _has_ipo(game, corps[0]):
        columns += [(_("IPO"), lambda c: f"{game.percent(IPO, c)}%", True),
                    (_("bank pool"), lambda c: f"{game.percent(POOL, c)}%", True)]
    kept = [col for col in columns if _answer(lambda col=col: col[1](corps[0])) is not NotImplemented]
    head = [_("corporation") if has_trains else _("railroad")] + [name for name, _ask, _n in kept]
    rows = [[f"<b>{escape(c)}</b>"] + [cell(c) for _name, cell, _n in kept] for c in corps]
    return _table(head, rows, {k + 1 for k, (_name, _ask, numeric) in enumerate(kept) if numeric})


def _president(game: Any, corp: str) -> str:
    president = game.president(corp)
    return escape(game.name_of(president)) if president else NONE


def train_kinds(trains: tuple[str, ...] | list[str]) -> str:
    """Trains by their kind, as players name them ("3, 3, 5"; empty for none), as plain text: a train's id
    (``"3-0"``) is its kind and the number of its copy, which means nothing to a reader ("3-2" reads as a
    3/2 train, "4-0" as a score)."""
    return ", ".join(train.rsplit("-", 1)[0] for train in trains)


def _train_kinds(trains: tuple[str, ...] | list[str]) -> str:
    """:func:`train_kinds` escaped for the view, or "—" for none."""
    return escape(train_kinds(trains)) or NONE


def _pieces(hexes: tuple[str, ...]) -> str:
    return f"{len(hexes)}: {escape(', '.join(hexes))}" if hexes else "0"


def _has_ipo(game: Any, corp: str) -> bool:
    """True in a title with an IPO and a bank pool (the query API knows them as holders in 18xx titles only;
    the cube-rail titles refuse them with ``KeyError``)."""
    try:
        game.percent(IPO, corp)
    except (KeyError, NotImplementedError):
        return False
    return True


def _bank(game: Any) -> str:
    cash = game.bank_cash()
    money = escape(_("unlimited money")) if cash is None else _money(game, cash)
    parts = ["<b>" + escape(_("Bank")) + f"</b>: {money}"]
    limit, for_sale = _question(game, "train_limit"), _question(game, "trains_for_sale")
    if for_sale is not NotImplemented:
        parts.append(escape(_("trains for sale: {trains}")).format(trains=_train_kinds(for_sale)))
    if limit is not NotImplemented:
        # the words and order of the engine's phase event (a limit per kind of company sorted by kind)
        parts.append(escape(_("train limit {limit} per corporation").format(limit=localize(train_limit_text(limit)))))
    return f"<div>{' · '.join(parts)}</div>"
