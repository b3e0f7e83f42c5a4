"""A bankrupt president's forced sale goes corporation by corporation in operating order (rule ``end.bankrupt``),
as 18xx.games sells: the order decides which of two corporations falling onto the same market cell operates
first."""

from gamekit.bots import play_seats


def _bankruptcy(title: str, players: int, seed: int):
    """The position before the first bankruptcy of a seeded random-bot game, and that action."""
    game = play_seats(title, ["random"] * players, seed, cap=1600)
    index = next(i for i, action in enumerate(game.actions) if action.type == "bankrupt")
    return game.at(index), game.actions[index]


def test_sales_follow_operating_order_not_bundle_size():
    # 1830, 3 players, seed 65, action 766: P2 (PRR's president) holds 40% PRR at $20, 20% C&O at $10 and others
    # that cannot be sold. PRR operates before C&O (higher price), so its 10% is sold before C&O's larger 20%.
    game, action = _bankruptcy("1830", 3, 65)
    assert action.sentence() == "PRR's president cannot raise the money for its train and goes bankrupt"
    assert game.operating_order_all()[:3] == ["NYC", "PRR", "C&O"]
    sales = [(e.data["corporation"], e.data["percent"], e.data["proceeds"])
             for e in game.process(action) if e.kind == "sell"]
    assert sales == [("PRR", 10, 20), ("C&O", 20, 20)]
