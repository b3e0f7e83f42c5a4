"""1894 (Jan Kłos; France and Belgium) on the shared 18xx engine (:mod:`gamekit.g18xx`): only what differs
from 1830 is here, as the policy's values, data (``data/1894/``) and named hooks.

* setup (:mod:`.setup`): the seeded draw of the French starting corporation and of the Liège/Antwerpen station
  private, the certificates handed out, the two floats at par;
* the stock round: grey zone, sold-out moves, first-to-pass priority (:mod:`.market`);
* the operating round: redemption and reissue (:mod:`.redeem`), two track actions, the ferry marker
  (:mod:`.ferry`), train trade-ins (data), the green-city split and token re-placement, late corporations with a
  chosen home (:mod:`.late`), the last set without track and token steps;
* routes: Paris once, London by ferry, Luxembourg, the Netherlands and London shipping bonuses (:mod:`.routes`).
"""

from __future__ import annotations

from .game import Game1894

__all__ = ["Game1894"]
