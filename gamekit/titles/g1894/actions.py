"""1894's own action types, named and shaped as 18xx.games logs them (the 18xx ones are
:mod:`gamekit.tracks.actions`')."""

from __future__ import annotations

from typing import ClassVar

from ...actions import Action
from ...tracks import actions as _18xx_actions  # noqa: F401  (the shared 18xx types are 1894's too)
from ...tracks.actions import Choose  # noqa: F401  (shared with 1837; 1894's home choice)


class SpecialBuy(Action):
    """The operating corporation buys a ferry marker for ``cost`` (rule ``1894:route.ferry``); ``description``
    names what is bought, as 18xx.games logs it (``"Ferry marker"``)."""

    type: ClassVar[str] = "special_buy"
    description: str
    cost: int

    def sentence(self) -> str:
        return f"{self.entity} buys a ferry marker for {self.cost}"
