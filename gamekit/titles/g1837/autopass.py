"""1837's automatic passes in an 18xx.games log. When a major or national reaches its token step and cannot place
a station (none affordable or none its network reaches), 18xx.games passes for it by itself and keeps that pass in
the ``auto_actions`` of the action before it; gamekit asks for the pass as an action of its own (rule
``1837:or.token``), and its import applies every entry's ``auto_actions`` as actions. The export puts each such
pass back where the site keeps it (``Game1837.site_makes_itself``, :func:`gamekit.export18xx.to_18xx_log`), so
that the site's engine, which makes the pass itself, does not meet it a second time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Pass
from ...g18xx.state import OperatingRound
from . import homes

if TYPE_CHECKING:
    from .game import Game1837


def automatic(game: "Game1837", index: int, action: Any) -> bool:
    """True when ``action``, the game's action ``index`` (from 0), is a pass 18xx.games makes by itself: a major's
    or national's at its token step with no station it can place."""
    if not isinstance(action, Pass) or action.entity not in game.state.corporations or \
            game.kind(action.entity) not in ("major", "national"):
        return False
    state = game.state_at(index)
    rnd = state.round
    if not isinstance(rnd, OperatingRound) or rnd.step != "token" or rnd.must_discard or rnd.pending_tokens:
        return False
    return not homes.token_choices(game.at(index), action.entity)
