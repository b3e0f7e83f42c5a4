"""1837's action types: the shared 18xx ones (:mod:`gamekit.tracks.actions`), named and shaped as 18xx.games
logs them."""

from __future__ import annotations

from typing import ClassVar

from ...actions import Action
from ...tracks import actions as _18xx_actions  # noqa: F401  (the shared 18xx types are 1837's too)


class ScrapTrain(Action):
    """The operating company surrenders train ``train`` to the bank, paying half its price, to make room for a new
    one (rule ``1837:trains.surrender``)."""

    type: ClassVar[str] = "scrap_train"
    train: str

    def sentence(self) -> str:
        return f"{self.entity} surrenders {self.train}"
