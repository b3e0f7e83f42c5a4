"""The query answers both cube-rail titles give alike: their railroads, cash with an unlimited bank, cubes.

A cube-rail title keeps, per railroad (Continental Divide) or company (American Rails), a record with a
``treasury`` in dollars and the ``hexes`` of its cubes in the order placed, and each player's cash in
``state.cash``; :meth:`CubeRailQueries._railroad_records` names those records.
"""

from __future__ import annotations

from typing import Any

from ..query import BANK, Queries


class CubeRailQueries(Queries):
    """Query methods shared by the cube-rail titles (see :mod:`gamekit.query` for names and units)."""

    state: Any

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
            KeyError: no such entity.
        """
        if entity == BANK:
            return None
        if entity in self.state.cash:
            return self.state.cash[entity]
        return self._railroad_records()[entity].treasury

    def tokens(self, corporation: str) -> tuple[str, ...]:
        """Return the hexes with the railroad's cubes, in the order placed (rules ``cd:build``, ``ar:expand``)."""
        return tuple(self._railroad_records()[corporation].hexes)
