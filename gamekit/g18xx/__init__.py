"""The shared 18xx game: rounds (private auction, stock, operating) and the steps of an operating turn, written
once over a :class:`~gamekit.g18xx.policy.Policy` of named values and the hooks of
:class:`~gamekit.g18xx.game.Game18xx`, with 1830's rules as the defaults. A title (``gamekit/titles/g1830``)
subclasses the game, names its data and overrides what differs.
"""

from .game import Game18xx
from .policy import Policy

__all__ = ["Game18xx", "Policy"]
