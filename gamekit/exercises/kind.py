"""What every question kind shares: where it finds positions in a game's history, and how it asks about one.

A kind is a :class:`Kind` object. :meth:`Kind.priority` looks at one applied action and its events (cheap, from
``game.history()``) and says whether the position before it suits the kind; :meth:`Kind.make` builds the
question at such a position from the public API only: legal actions, ``why_illegal``, the query API, a fork
that applies the move to see its consequences, and ``gamekit.routes``.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, Message, join, msg, nmsg
from ..rules import rule_text
from ..sentences import sentence_now
from .question import AnswerType, Question


class Kind:
    """One kind of question (subclasses set :attr:`name`, :attr:`family`, :attr:`summary` and the two methods).

    Attributes:
        name: the kind's key in :data:`gamekit.exercises.KINDS`.
        family: ``"18xx"`` (titles with a tile map and a share market), ``"cube"`` (cube-rail titles) or
            ``"any"``.
        summary: one line saying what is asked.
        tries: positions to try before giving up (``None``: :data:`gamekit.exercises.generate.TRIES`); more for a
            kind whose positions are many and seldom fit.
        fallback: a kind that fits nearly every position; :func:`gamekit.exercises.about_position` asks it only
            where no other kind fits, so it never hides the question the move on the table is about.
    """

    name: str = ""
    family: str = "any"
    summary: str = ""
    tries: int | None = None
    fallback: bool = False

    def applies(self, game: Game) -> bool:
        """True when the kind can ask about ``game``'s title (by what the title has, never by its name)."""
        return self.family == "any" or (self.family == "18xx") == is_18xx(game)

    def priority(self, action: Action, events: list[Event]) -> int:
        """How well the position before ``action`` (which produced ``events``) suits the kind: 0 not at all,
        1 it may, 2 it shows the idea best (e.g. a train purchase that rusts trains)."""
        raise NotImplementedError

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """Return a question about ``position`` (not changed), or ``None`` when it has nothing to ask there.

        Args:
            position: the game just before the asked move.
            played: the action the source game played next (``None`` at its last position); a kind asks about
                it where it fits, else about a legal action drawn with ``rng``.
            rng: the seeded generator of the question set.
        """
        raise NotImplementedError


def is_18xx(game: Game) -> bool:
    """True for the 18xx titles: those with a tile map the query API describes (``track_state``)."""
    return hasattr(game, "track_state")


def consequence(position: Game, action: Action) -> tuple[Game, list[Event]]:
    """Return a fork of ``position`` after ``action`` and the events it produced (``position`` is unchanged).

    Raises:
        GameError: the rules refuse the action.
    """
    fork = position.fork()
    return fork, fork.process(action)


def known_rules(*groups: Iterable[str]) -> tuple[str, ...]:
    """Return the rule ids of ``groups`` in order, each once, keeping only those with a text (an engine id a
    title's rules file lacks is dropped rather than shown as a dead reference)."""
    seen: list[str] = []
    for rule in (r for group in groups for r in group):
        if rule not in seen and _has_text(rule):
            seen.append(rule)
    return tuple(seen)


def _has_text(rule: str) -> bool:
    try:
        rule_text(rule)
    except KeyError:
        return False
    return True


def title_rule(game: Game, section: str) -> str:
    """Return the title's rule id of ``section`` (``"stock.sell"`` → ``"1830:stock.sell"``)."""
    rule = getattr(game, "rule", None)
    return rule(section) if rule else f"{game.rule_prefix}:{section}"


def event_lines(events: Iterable[Event], kinds: Iterable[str] | None = None) -> str:
    """Return the events' sentences, one a line with their rule (only those of ``kinds`` when given); English
    text that renders each sentence in the current language (:func:`gamekit.i18n.localize`)."""
    wanted = None if kinds is None else set(kinds)
    return join("\n", [join("", ("- ", e.text, f" [{e.rule}]")) for e in events if wanted is None or e.kind in wanted])


def say(game: Game, action: Action) -> str:
    """The action as a sentence a reader of ``game``'s position sees (:func:`gamekit.sentences.sentence_now`)."""
    return sentence_now(game, action)


def train_kind(train: str) -> str:
    """The kind of a train from its id (``"2-0"`` → ``"2"``, ``"4E-1"`` → ``"4E"``)."""
    return train.rsplit("-", 1)[0]


def train_words(trains: Iterable[str]) -> str:
    """The trains of ids ``trains`` as a learner reads them, never by their copy ids: ``("4-1", "4-2", "6-0")``
    → ``"two 4-trains and a 6-train"``, ``("2-0",)`` → ``"a 2-train"``; ``"no train"`` for none."""
    counts: dict[str, int] = {}
    for train in trains:
        counts[train_kind(train)] = counts.get(train_kind(train), 0) + 1
    words = [msg("a {train}-train", train=kind) if n == 1 else
             nmsg("{count} {train}-train", "{count} {train}-trains", n, count=_count(n), train=kind)
             for kind, n in counts.items()]
    if len(words) > 1:
        return msg("{trains} and {last}", trains=join(", ", words[:-1]), last=words[-1])
    return words[0] if words else msg("no train")


_COUNTS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}
"""Small counts in words (translated where shown); larger ones are written in digits."""


def _count(n: int) -> Message | str:
    return Message(_COUNTS[n], {}) if n in _COUNTS else str(n)


def say_purchase(game: Game, action: Action) -> str:
    """A bank purchase of a train as a learner reads it, naming the kind of train, not its copy id (``"NYNH buys a
    D-train from the bank for $1,100"``); a trade-in names the kind traded in."""
    traded = getattr(action, "exchange", None)
    values = dict(entity=game.name_of(action.entity), train=train_words([action.train]),
                  price=game.money(action.price))
    if traded:
        return msg("{entity} buys {train} from the bank for {price}, trading in {traded}", **values,
                   traded=train_words([traded]))
    return msg("{entity} buys {train} from the bank for {price}", **values)


def question(kind: Kind, position: Game, prompt: str, answer_type: AnswerType, answer: int | str,
             explanation: str, rules: Iterable[str], choices: Iterable[str] = (),
             accepted: Iterable[Any] = ()) -> Question:
    """Return the :class:`Question` of ``kind`` at ``position`` (saved with it), its rules filtered by
    :func:`known_rules`."""
    return Question(kind=kind.name, title=position.title, prompt=prompt, answer_type=answer_type, answer=answer,
                    explanation=explanation, rule_ids=known_rules(rules), save=position.to_json(),
                    action_index=len(position.actions), choices=tuple(choices), accepted=tuple(accepted),
                    money=money_format(position))


def money_format(game: Game) -> str:
    """How ``game``'s title writes an amount, as a format with one ``{:,}`` field (``"${:,}"``, ``"{:,}K"``)."""
    return game.money(1000).replace("1,000", "{:,}").replace("1000", "{:,}")


def pick(rng: random.Random, items: list[Any]) -> Any:
    """Return one of ``items`` drawn with ``rng`` (``None`` when empty)."""
    return rng.choice(items) if items else None


def legal_of_type(position: Game, *types: str) -> list[Action]:
    """Return the legal actions of ``position`` whose type is one of ``types``, in the engine's order."""
    return [a for a in position.legal_actions() if a.type in types]
