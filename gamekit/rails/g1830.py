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

from ..tracks.actions import Choose
from .lines import Line
from .replay import Replay


def right_price(game) -> int | None:
    """The price of the Coalfields right in ``game`` (its facts' ``constants.coalfields_right``), or ``None`` when
    the game has no Coalfields."""
    price = game.facts.constants.get("coalfields_right") if game is not None else None
    return price if isinstance(price, int) else None


def _right_bought(replay: Replay, corp_name: str, amount: object) -> bool:
    game = replay.game
    if right_price(game) is None or not isinstance(amount, int):
        return False
    corp = replay.table.corporation(corp_name)
    return corp == replay.operating and amount == right_price(game) and corp not in game.state.title.rights


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


def buy_right(replay: Replay, line: Line, corp_name: str, right: str, price: int) -> None:
    """Play our purchase of Rails' right ``right`` by the company (``BuysRight`` or the correction read as one:
    our choice that ``rails.json`` names, ``variant_options.rights``), and check what it cost."""
    corp = replay.corporation(corp_name)
    before = replay.game.cash(corp)
    choice = replay.table.variant_rights.get(right, right)
    replay.act(line, Choose(entity=corp, choice=choice))
    replay.check(line, "variant.coalfields-right", f"cash of {corp_name} after the right", replay.game.cash(corp),
                 before - price)
