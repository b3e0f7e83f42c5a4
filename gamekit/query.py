"""The public query API: what a lesson, a widget or a view may ask a game, the same names across titles.

Every :class:`gamekit.game.Game` has these methods (they are mixed in from :class:`Queries`); a title answers
those whose concept it has and raises :class:`NotImplementedError` (saying so) for the others — 1830 has no
victory points, the cube-rail games have no trains. Answers are plain values — ``int``, ``str``, ``None``,
tuples, dicts and :class:`Holding` (a named tuple) — copied out of the game, never its internal objects, so
changing an answer cannot change the game, and the engine's insides may change without breaking a caller.

Names used in the answers:

* players by their id (``game.players``), corporations (18xx) and railroads (cube rails) by their id
  (``"NYC"``, ``"UP"``), private companies by their symbol (``"MH"``);
* the bank is :data:`BANK`; in 18xx titles the initial offering is :data:`IPO` and the bank pool :data:`POOL`;
* money is in the title's currency units (dollars); share prices are per 10% share in 18xx titles and per
  share in cube-rail titles.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, NamedTuple

from .errors import unknown_id
from .i18n import N_, Message, end_reason_words

BANK = "bank"
"""The bank, as an entity of :meth:`Queries.cash`."""
IPO = "ipo"
"""The initial offering (18xx): holder of the certificates not yet sold, for :meth:`Queries.holdings`."""
POOL = "pool"
"""The bank pool (18xx): holder of the certificates players sold, for :meth:`Queries.holdings`."""


class Holding(NamedTuple):
    """What one holder has of one corporation or railroad.

    Attributes:
        certificates: the number of certificates (18xx; a president's certificate counts as one) or shares
            (cube rails).
        percent: the part of the corporation held, in percent (cube rails: shares held × 100 ÷ shares issued,
            rounded down).
    """

    certificates: int
    percent: int


ID_QUERIES = ("cash", "treasury", "holdings", "percent", "president", "share_price", "par_price", "trains", "tokens",
              "player_value")
"""The queries whose every argument is an id (text): each refuses any other value as an unknown id."""


class Queries:
    """The query methods every game has (see the module docstring for the names and units they use)."""

    title: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every query of :data:`ID_QUERIES` a subclass answers first refuses an argument that is not text (a list, a
        number) as :class:`~gamekit.errors.UnknownId`, as it refuses an id nobody has, before the title's answer
        looks it up (a list would raise ``TypeError`` there: not hashable)."""
        super().__init_subclass__(**kwargs)
        _check_ids(cls)

    def _no(self, concept: str) -> NotImplementedError:
        return NotImplementedError(f"{self.title} has no {concept}")

    def _unknown_corporation(self, corporation: str) -> Exception:
        """The refusal of an id that is no corporation (18xx) or railroad (cube rails) of this game, to raise:
        each title names its kind and lists its ids (rule ``<title>:setup``)."""
        return self._no("corporations")

    @classmethod
    def end_words(cls, reason: str) -> Message | str:
        """How a game of this title ended for ``reason`` (an ``Outcome.reason``, as an 18xx.games log's
        ``game_end_reason`` records it), a clause in the current language when shown: ``"the bank broke"``
        (:func:`gamekit.i18n.end_reason_words`); a title whose end for that reason reads otherwise overrides it."""
        return end_reason_words(reason)

    @classmethod
    def value_word(cls) -> str:
        """What :meth:`player_value` counts, as a column heads it (a msgid, shown translated): ``"value"`` (an 18xx
        player's cash plus holdings at market, money); a title whose value counts something else (Continental
        Divide's victory points) overrides it."""
        return N_("value")

    # ----- who is there ------------------------------------------------------------------------------
    def corporations(self) -> tuple[str, ...]:
        """Return the ids of every corporation (18xx) or railroad (cube rails) of the title, in data order."""
        raise self._no("corporations")

    def private_companies(self) -> tuple[str, ...]:
        """Return the symbols of the private companies (18xx), in data order; raises where there are none."""
        raise self._no("private companies")

    def entity_ids(self) -> tuple[str, ...]:
        """Return every id an action may name: players, corporations or railroads, private companies."""
        ids = [p.id for p in self.players]  # type: ignore[attr-defined]
        ids += self.corporations()
        try:
            ids += self.private_companies()
        except NotImplementedError:
            pass
        return tuple(ids)

    # ----- money -------------------------------------------------------------------------------------
    def cash(self, entity: str) -> int | None:
        """Return the cash of ``entity`` in currency units.

        Args:
            entity: a player id, a corporation or railroad id (its treasury), or :data:`BANK`.

        Returns:
            The amount; ``None`` for the bank of a title whose bank is unlimited (see :meth:`bank_cash`).

        Raises:
            KeyError: no such entity.
        """
        raise self._no("cash")

    def bank_cash(self) -> int | None:
        """Return the bank's cash, or ``None`` when the title's bank is unlimited (it never runs out)."""
        return self.cash(BANK)

    def treasury(self, corporation: str) -> int:
        """Return the treasury of a corporation or railroad in currency units (0 before it has money).

        Raises:
            gamekit.errors.UnknownId: no such corporation or railroad (a player and the bank have cash, not a
                treasury; the message lists the title's corporations or railroads); a ``KeyError`` too.
        """
        if corporation not in self.corporations():
            raise self._unknown_corporation(corporation)
        cash = self.cash(corporation)
        assert cash is not None  # only the bank may be unlimited
        return cash

    # ----- shares ------------------------------------------------------------------------------------
    def holdings(self, holder: str) -> dict[str, Holding]:
        """Return what ``holder`` holds, corporation or railroad id → :class:`Holding`, only those it holds.

        Args:
            holder: a player id; in 18xx titles also :data:`IPO`, :data:`POOL` or a corporation (its own
                treasury shares).

        Raises:
            KeyError: no such holder.
        """
        raise self._no("shares")

    def percent(self, holder: str, corporation: str) -> int:
        """Return the percent of ``corporation`` that ``holder`` holds (0 if none); see :meth:`holdings`."""
        held = self.holdings(holder).get(corporation)
        return held.percent if held else 0

    def president(self, corporation: str) -> str | None:
        """Return the player id of the corporation's president (holder of the president's certificate; cube
        rails: the single majority holder), or ``None`` when nobody is (not yet sold, or a tie).

        Raises:
            KeyError: no such corporation or railroad.
        """
        raise self._no("presidents")

    def share_price(self, corporation: str) -> int | None:
        """Return the current share price in currency units (18xx: the market price per 10% share; Continental
        Divide: the lowest price of the next share), or ``None`` before there is one.

        Raises:
            KeyError: no such corporation or railroad.
        """
        raise self._no("share prices")

    def par_price(self, corporation: str) -> int | None:
        """Return the par price per 10% share (Continental Divide: the fixed stock value), ``None`` before it
        is set.

        Raises:
            KeyError: no such corporation or railroad.
        """
        raise self._no("par prices")

    # ----- trains and the map ------------------------------------------------------------------------
    def trains(self, corporation: str) -> tuple[str, ...]:
        """Return the train ids a corporation owns (``"2-0"``, ``"4-1"``), in the order it got them.

        Raises:
            KeyError: no such corporation.
        """
        raise self._no("trains")

    def tokens(self, corporation: str) -> tuple[str, ...]:
        """Return the hexes where the corporation's pieces stand on the map, in the order placed: station
        tokens in 18xx titles, track cubes in cube-rail titles.

        Raises:
            KeyError: no such corporation or railroad.
        """
        raise self._no("tokens")

    # ----- where the game is -------------------------------------------------------------------------
    def phase(self) -> str:
        """Return the name of the current phase (1830: ``"2"`` … ``"D"``; American Rails: ``"1"`` … ``"3"``)."""
        raise self._no("phases")

    def active_round(self) -> str:
        """Return the round being played, in words: ``"Private auction"``, ``"Stock round 2"``,
        ``"Operating round 3.1"``, ``"Game turn 4"``, ``"Year 2"``…"""
        raise self._no("rounds")

    def operating_order(self) -> tuple[str, ...]:
        """Return who acts in which order in the current round: corporations in operating order (18xx; in a
        stock round the order they would operate in now), players in turn order (cube rails)."""
        raise self._no("operating order")


def _check_ids(cls: type) -> None:
    """Make each query of :data:`ID_QUERIES` that ``cls`` itself defines refuse an argument that is not text."""
    for name in ID_QUERIES:
        if name in cls.__dict__:
            setattr(cls, name, _ids_as_text(cls.__dict__[name]))


def _ids_as_text(query: Callable[..., Any]) -> Callable[..., Any]:
    """``query`` (a method of :data:`ID_QUERIES`), refusing first any argument that is not text: an
    :class:`~gamekit.errors.UnknownId` naming it and listing the game's ids (:meth:`Queries.entity_ids`, rule
    ``<title>:setup``)."""

    @functools.wraps(query)
    def checked(self: Any, *ids: Any, **named: Any) -> Any:
        for given in (*ids, *named.values()):
            if type(given) is not str:
                raise unknown_id(given, N_("an id"), self.entity_ids(), f"{self.rule_prefix}:setup")
        return query(self, *ids, **named)

    return checked


_check_ids(Queries)  # its own answers too (percent reads holdings)
