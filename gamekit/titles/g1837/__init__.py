"""1837 (Leonhard Orgler; Austria-Hungary) on the shared 18xx engine (:mod:`gamekit.g18xx`): only what differs
from 1830 is here, as the policy's values, data (``data/1837/``) and named hooks.

* the start packet and its selection auction (:mod:`.start_packet`);
* coal companies and minors floated from the packet, their automatic half payouts, and the majors' and
  nationals' payout, half payout or withholding (:mod:`.minors`);
* the hex market, one step down per sale, no sale before a corporation has operated (policy values and hooks of
  :class:`.game.Game1837`).
"""

from __future__ import annotations

from .game import Game1837

__all__ = ["Game1837"]
