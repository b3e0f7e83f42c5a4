"""1837's action types: the shared 18xx ones (:mod:`gamekit.tracks.actions`), named and shaped as 18xx.games
logs them."""

from __future__ import annotations

from ...tracks import actions as _18xx_actions  # noqa: F401  (the shared 18xx types are 1837's too)
