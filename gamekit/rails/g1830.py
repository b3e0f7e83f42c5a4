"""What Rails' reports of 1830's Coalfields variant need beyond the shared reader (rule
``1830:variant.coalfields-right``).

Rails sells the Coalfields right with a line of its own (``BuysRight,corp,Coalfields,140``), but Rails' players
have also bought it through Rails' correction mode, taking the price out of the corporation's treasury by hand
(``1830_A`` lines 194–196 and 496–498: ``CorrectionModeActivate,player,CORRECT_CASH``,
``CorrectCashSubstractMoney,N&W,140``, ``CorrectionModeDeactivate``). A cash correction that takes exactly the
right's price from the corporation operating now, which does not yet hold the right, in a game with the
Coalfields, is read as that purchase (documented in ``docs/rails_reports.md``, R8); any other correction still
stops the replay, since no rule changes cash by hand.
"""

from __future__ import annotations

from ..titles.g1830 import coalfields
from .lines import Line
from .replay import Replay


def _right_bought(replay: Replay, corp_name: str, amount: object) -> bool:
    game = replay.game
    if game is None or coalfields.hex_of(game) is None or not isinstance(amount, int):
        return False
    corp = replay.table.corporation(corp_name)
    return corp == replay.operating and amount == coalfields.price_of(game) and \
        corp not in game.state.title.rights


def is_right_correction(replay: Replay, line: Line) -> bool:
    """Whether ``line`` belongs to a cash correction read as the purchase of the Coalfields right: the
    activation of cash correction followed by a subtraction of the right's price from the operating company, or
    that subtraction itself."""
    if line.key == "CorrectCashSubstractMoney":
        return _right_bought(replay, *line.args[:2])
    if line.key == "CorrectionModeActivate" and str(line.args[-1]) == "CORRECT_CASH":
        later = replay.lines[replay.index + 1] if replay.index + 1 < len(replay.lines) else None
        return later is not None and later.key == "CorrectCashSubstractMoney" and \
            _right_bought(replay, *later.args[:2])
    return False


def buy_right(replay: Replay, line: Line, corp_name: str, price: int) -> None:
    """Play our purchase of the Coalfields right by the operating company (``BuysRight`` or the correction
    read as one), then check its cash is what the report's later ``Has`` lines say (they follow as usual)."""
    corp = replay.table.corporation(corp_name)
    before = replay.game.cash(corp)
    replay.act(line, coalfields.BuyRight(entity=corp, price=price))
    replay.check(line, "variant.coalfields-right", f"cash of {corp_name} after the right", replay.game.cash(corp),
                 before - price)
