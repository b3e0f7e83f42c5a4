"""The two-way action codec: an action's sentence (``Action.sentence()``) and back (``game.parse_action``).

Reading a sentence never guesses: its form (see :mod:`gamekit.sentences`) gives the fields it shows, and the
answer is the one legal action now — ranges of bids and prices included — that shows exactly those. Where
there is none, the action the sentence names is tried on a fork of the game and the rules' own refusal is
reported, so the message says which rule forbids it. Refusals (all :class:`~gamekit.errors.GameError`):

* ``core:codec.unreadable`` — the text has the form of no action's sentence;
* ``core:codec.unknown`` — it names a player, corporation, railroad or company the game does not have;
* ``core:codec.ambiguous`` — more than one legal action fits, as a shortened sentence may ("NYC lays 57 on
  F20" without the rotation; the message lists them);
* the refusing rule's id — the action is not legal now (the message says why).

Money may be written bare, as ``Action.sentence()`` writes it ("Ann bids 20 on SV"), or in the title's currency,
as :func:`gamekit.sentences.sentence_now` and the events write it ("Ann bids $20 on SV", "480K", "1,200 F").
A player whose name reads as an amount ("$20") is still that player at the start of a sentence, where sentences
name their player (:func:`_money_forms`).
"""

from __future__ import annotations

from typing import Any, Iterator

from .actions import Action, action_types
from .errors import GameError, shown
from .game import ActionRange
from .i18n import msg
from .loading import kind_words
from .sentences import GRAMMARS, Grammar, plain_money

NAME_FIELDS = ("entity", "company", "railroad", "corporation", "corp")
"""Groups of a sentence that name a player, corporation, railroad or company (checked against the game)."""


def parse_action(game: Any, text: str) -> Action:
    """Return the legal action of ``game`` whose sentence is ``text``.

    Args:
        game: a :class:`gamekit.game.Game`.
        text: an action sentence as ``Action.sentence()`` or :func:`gamekit.sentences.sentence_now` writes it
            (the acting player by id or by name; runs of spaces read as one, surrounding spaces ignored).

    Returns:
        The action, equal to the one in ``game.legal_actions()`` or to ``range.action(value)`` of one of
        ``game.action_ranges()``.

    Raises:
        GameError: unreadable, unknown name, ambiguous, or not legal now (see the module docstring).
    """
    if not isinstance(text, str):
        raise GameError(msg("an action sentence is text, not {kind}", kind=kind_words(text)),
                        "core:codec.unreadable")
    text = " ".join(text.split())  # the sentences put one space between words
    forms = dict.fromkeys([text, *_money_forms(game, text)])  # the cube-rail grammars read their dollars themselves
    readings = [(g, groups) for g in GRAMMARS for form in forms if (groups := g.read(form)) is not None]
    if not readings:
        raise GameError(msg("cannot read {text} as an action: no action sentence has this form",
                            text=shown(text, 80)), "core:codec.unreadable")
    known = set(game.entity_ids())
    readings = [(g, _player_ids(game, groups, known)) for g, groups in readings]
    named = [(g, groups) for g, groups in readings if not _unknown_names(groups, known)]
    if not named:
        unknown = _unknown_names(readings[0][1], known)
        raise GameError(msg("{title} has no player, corporation or company named {names}", title=game.title,
                            names=", ".join(map(shown, unknown))), "core:codec.unknown")
    legal, ranges = game.legal_actions(), game.action_ranges()
    fitting = [(g, a) for g, groups in named for a in _fitting(legal, ranges, g, groups) if g.allows(game, a, groups)]
    found = _unique(a for _, a in fitting)
    if len(found) == 1 or _one_choice(fitting):
        return found[0]
    if found:
        listed = "; ".join(a.sentence() for a in found[:4])
        raise GameError(msg("{text} fits {count} legal actions: {actions}; name one in full", text=shown(text, 80),
                            count=len(found), actions=listed), "core:codec.ambiguous")
    return _tried(game, text, named)


def _money_forms(game: Any, text: str) -> list[str]:
    """``text`` with its amounts bare (:func:`~gamekit.sentences.plain_money`) as the grammars read them, except
    a leading player name (or id) that reads as an amount ("$20"): a sentence names its player first (the
    acting player, or the owner of an exchange), never an amount, so player "$20" who "buys SV for $20" stays
    "$20" and pays 20, and is never read as a player named "20"."""
    leading = [n for p in game.players for n in (p.name, p.id)
               if plain_money(game, n) != n and (text == n or text.startswith(n + " "))]
    if not leading:
        return [plain_money(game, text)]
    return [name + plain_money(game, text[len(name):]) for name in dict.fromkeys(leading)]


def _one_choice(fitting: list[tuple[Grammar, Action]]) -> bool:
    """True when every action found was read by forms saying they are alike (:attr:`Grammar.alike`) and they are:
    interchangeable choices, such as two trains of one kind from one seller."""
    keys = {g.alike(a) if g.alike else (id(g), a) for g, a in fitting}
    return len(keys) == 1 and all(g.alike for g, _ in fitting)


def _player_ids(game: Any, groups: dict[str, Any], known: set[str]) -> dict[str, Any]:
    """``groups`` with a player named by display name (as :func:`gamekit.sentences.sentence_now` writes) named
    by id: setup keeps names distinct and apart from every id but the player's own, so the name is one player."""
    entity = groups.get("entity")
    if entity in known:
        return groups
    ids = [p.id for p in game.players if p.name == entity]
    return {**groups, "entity": ids[0]} if ids else groups


def concrete_actions(game: Any) -> Iterator[Action]:
    """Yield every concrete legal action now, ranges expanded value by value, each once, in a stable order
    (the listed actions first, then each range's values lowest first)."""
    seen: set[Action] = set()
    for action in game.legal_actions():
        if action not in seen:
            seen.add(action)
            yield action
    for rng in game.action_ranges():
        for value in rng.values():
            action = rng.action(value)
            if action not in seen:
                seen.add(action)
                yield action


def count_concrete_actions(game: Any) -> int:
    """Return how many concrete legal actions there are now, ranges expanded (the golden count), without
    building the actions of a range one by one."""
    ranges = game.action_ranges()
    listed = set(game.legal_actions())
    templates = {r.template for r in ranges}  # a range's lowest value is the action listed for it
    by_type: dict[str, list[ActionRange]] = {}
    for r in ranges:
        by_type.setdefault(r.template.type, []).append(r)
    in_ranges = sum(1 for a in listed
                    if a in templates or any(_in_range(r, a) for r in by_type.get(a.type, ())))
    return len(listed) - in_ranges + _range_total(ranges)


def _range_total(ranges: list[ActionRange]) -> int:
    # ranges of one title never overlap (each is one template with one varying field), so their sizes add up
    return sum(len(r.values()) for r in ranges)


def _in_range(rng: ActionRange, action: Action) -> bool:
    value = getattr(action, rng.field, None)
    return (action.type == rng.template.type and isinstance(value, int) and value in rng.values()
            and action == rng.template.replace(**{rng.field: value}))


def _fitting(legal: list[Action], ranges: list[ActionRange], grammar: Grammar,
             groups: dict[str, Any]) -> Iterator[Action]:
    for action in legal:
        if grammar.fits(action, groups):
            yield action
    for rng in ranges:
        if rng.template.type != grammar.type:
            continue
        value = groups.get(rng.field)
        if isinstance(value, int) and value in rng.values():
            rest = {k: v for k, v in groups.items() if k != rng.field}
            if grammar.fits(rng.template, rest):
                yield rng.action(value)


def _unique(actions: Iterator[Action]) -> list[Action]:
    out: list[Action] = []
    for a in actions:
        if a not in out:
            out.append(a)
    return out


def _unknown_names(groups: dict[str, Any], known: set[str]) -> list[str]:
    names = [groups[k] for k in NAME_FIELDS if isinstance(groups.get(k), str)]
    if isinstance(groups.get("shares"), tuple):  # certificate ids (18xx); in Continental Divide a count
        names += [s.rsplit("_", 1)[0] for s in groups["shares"]]
    return [n for n in names if n not in known]


def _tried(game: Any, text: str, readings: list[tuple[Grammar, dict[str, Any]]]) -> Action:
    """Try the action ``text`` names on a fork: raise the rules' refusal, or return it if the rules accept it
    (an action the legal lists leave out is still legal).

    A kind of action the step does not take is refused as :meth:`~gamekit.game.Game.process` refuses it
    (:meth:`~gamekit.game.Game.why_kind_illegal`), before its words are completed into fields (their values may
    mean nothing at this step); a form whose words name no action of the title (a price that is no par price) is
    refused with the reason its ``complete`` gives."""
    step = game.active_step
    readings = sorted(readings, key=lambda r: r[0].type not in step.action_types)
    for grammar, groups in readings:
        cls = action_types().get(grammar.type)
        if cls is None:
            continue
        wrong_kind = None if game.is_over else game.why_kind_illegal(grammar.type)
        if wrong_kind is not None:
            raise _refused(text, wrong_kind)
        try:
            fields = grammar.fields_of(game, groups)
        except GameError as exc:
            raise _refused(text, exc) from None
        if fields is None:
            continue
        try:
            action = cls(**{k: v for k, v in fields.items() if k in cls.field_names()})
        except ValueError:
            continue
        try:
            game.fork().process(action)
        except GameError as exc:
            raise _refused(text, exc) from None
        return action
    raise GameError(msg("{text} is not legal now: {step} — {help}", text=shown(text, 80), step=step.name,
                        help=step.help), step.rule)


def _refused(text: str, refusal: GameError) -> GameError:
    """``refusal`` of the action ``text`` names, said of that text, under the same rule."""
    return GameError(msg("{text} is not legal now: {reason}", text=shown(text, 80), reason=refusal.message),
                     refusal.rule)
