"""1830's rule changes on 18xx.games (rule ``1830:edition.history``), dated from the public history of its
repository (tobymao/18xx, the history of ``lib/engine/game/g_1830`` and of its former config file), each by the
day its change reached the repository's main branch (a pull request's merge, not the day its commit was written):
a log of a game played before one is refused under the rule as it is now, and the refusal says so."""

from __future__ import annotations

from ...g18xx import history

CORRECTED_CELL = (10, 4)
"""The market cell (row, column, from the top left) corrected on 1 March 2021: $12 before, $20 since."""


def _price_stood_on(game, cell: tuple[int, int]) -> bool:
    """Whether a corporation's share price has stood on market ``cell`` in ``game`` (an 1830 game), replayed from its
    start up to the position the rules refused an action at: until one has, the market before a correction of that
    cell and after it give the same game, so the correction cannot explain a refusal (a purchase naming a
    certificate that does not exist, say)."""
    replay = game.at(0)
    with replay.batch():
        for action in game.actions:
            if _price_on(replay.state, cell):
                return True
            replay.process(action)
    return _price_on(replay.state, cell)


def _price_on(state, cell: tuple[int, int]) -> bool:
    """Whether a corporation's share price is on market ``cell`` in ``state`` (an 1830 state)."""
    return any(corp.price == cell for corp in state.corporations.values())


CHANGES: tuple[history.Change, ...] = (
    ("2021-02-08", "the map was corrected: the impassable borders, tile D2, Ottawa, the Erie's home token on E11 and "
     "the C&A's blocked hex H18", ("track.lay", "track.hex", "track.exits", "track.connect", "track.special",
                                    "token.home", "token.place", "token.connect", "route.track", "route.revenue")),
    ("2021-03-01", "a brown cell of the market's bottom row was corrected from $12 to $20",
     ("market.moves", "stock.buy", "stock.sell", "stock.must-sell", "trains.emergency", "end.bankrupt"),
     lambda game: _price_stood_on(game, CORRECTED_CELL)),
    ("2021-03-20", "buying several shares per turn in the brown zone became from the bank pool only (from the IPO "
     "too only with the option multiple_brown_from_ipo)", ("stock.brown-buy",)),
    ("2021-04-23", "the Erie's reserved city on E11 stopped taking other corporations' station tokens",
     ("token.reserved", "token.place")),
)
"""(date of the change, what changed, the sections whose refusals it can explain[, its cause: a test of the game])."""


def note(game, rule: str, created_at) -> str | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` and whose cause holds in ``game``
    (the 1830 game refusing an action), in words, or ``None``."""
    return history.note("1830", "1830", CHANGES, rule, created_at, game)
