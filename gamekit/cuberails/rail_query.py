"""The query answers both cube-rail titles give alike: their railroads, cash with an unlimited bank, cubes.

A cube-rail title keeps, per railroad (Continental Divide) or company (American Rails), a record with a
``treasury`` in dollars and the ``hexes`` of its cubes in the order placed, and each player's cash in
``state.cash``; :meth:`CubeRailQueries._railroad_records` names those records.
"""

from __future__ import annotations

from typing import Any

from ..errors import unknown_id
from ..i18n import N_
from ..query import BANK, Queries


class CubeRailQueries(Queries):
    """Query methods shared by the cube-rail titles (see :mod:`gamekit.query` for names and units)."""

    state: Any
    _RAILROAD = N_("a railroad")
    """What the title calls the records of :meth:`_railroad_records`, for a refusal naming an unknown one."""
    _CASH_HOLDER = N_("a player, a railroad or the bank")
    """What :meth:`cash` takes, for a refusal naming an unknown one."""

    def _railroad_records(self) -> dict[str, Any]:
        """Return railroad id → its state record (with ``treasury`` and ``hexes``), in data order."""
        raise NotImplementedError

    def corporations(self) -> tuple[str, ...]:
        """Return the railroad (company) ids, in the data file's order."""
        return tuple(self._railroad_records())

    def cash(self, entity: str) -> int | None:
        """Return a player's cash or a railroad's treasury in dollars; ``None`` for the bank, which never runs
        out in either cube-rail title (rules ``cd:setup.cash`` and ``ar:fund``).

        Raises:
            gamekit.errors.UnknownId: no such entity (rule ``<title>:setup``; the message lists the players, the
                railroads and the bank); a ``KeyError`` too.
        """
        if entity == BANK:
            return None
        if entity in self.state.cash:
            return self.state.cash[entity]
        records = self._railroad_records()
        if entity in records:
            return records[entity].treasury
        raise unknown_id(entity, self._CASH_HOLDER, [*self.state.cash, *records, BANK], f"{self.rule_prefix}:setup")

    def tokens(self, corporation: str) -> tuple[str, ...]:
        """Return the hexes with the railroad's cubes, in the order placed (rules ``cd:build``, ``ar:expand``).

        Raises:
            gamekit.errors.UnknownId: no such railroad (rule ``<title>:setup``); a ``KeyError`` too.
        """
        return tuple(self._railroad(corporation).hexes)

    def _railroad(self, railroad: str) -> Any:
        """The state record of a railroad (company); refuses an unknown one, listing them."""
        try:
            return self._railroad_records()[railroad]
        except KeyError:
            raise self._unknown_corporation(railroad) from None

    def _unknown_corporation(self, corporation: str) -> Exception:
        """The refusal of an id that is no railroad (company) of this game, listing them (rule ``<title>:setup``)."""
        return unknown_id(corporation, self._RAILROAD, tuple(self._railroad_records()), f"{self.rule_prefix}:setup")

    def _player_holder(self, holder: str) -> str:
        """``holder`` if it is a player's id (the only holders of shares in a cube-rail title); refuses another."""
        if holder not in self.state.cash:
            raise unknown_id(holder, N_("a player"), tuple(self.state.cash), f"{self.rule_prefix}:setup")
        return holder
