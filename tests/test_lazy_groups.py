"""Lazy action groups (gamekit.choices.LazyActions): they find actions only as far as they are asked, and in a
real 18xx stock round a question about one type leaves the others' candidates unjudged."""

from gamekit.actions import Pass
from gamekit.choices import LazyActions
from gamekit.g18xx.state import StockRound
from gamekit.simulate import new_bot_game, play_random_game
from gamekit.tracks.actions import BuyShares


def _counted(n: int, pulled: list[int]):
    for i in range(n):
        pulled.append(i)
        yield Pass(entity=f"P{i}")


def test_a_lazy_group_finds_actions_only_as_far_as_asked():
    pulled: list[int] = []
    group = LazyActions("pass", _counted(5, pulled))
    assert bool(group) and pulled == [0]
    assert group.action(2).entity == "P2" and pulled == [0, 1, 2]
    assert group.action(1).entity == "P1" and pulled == [0, 1, 2]  # found once, kept
    assert len(group) == 5 and pulled == [0, 1, 2, 3, 4]
    assert [a.entity for a in group.actions()] == ["P0", "P1", "P2", "P3", "P4"]
    assert group.action(-1).entity == "P4"


def test_an_empty_lazy_group_is_false_and_refuses_an_index():
    group = LazyActions("pass", iter(()))
    assert not group and len(group) == 0
    try:
        group.action(0)
    except IndexError:
        pass
    else:
        raise AssertionError("an empty group gave an action")


def _purchases(game) -> list:
    """The current player's purchases now: 1830's M&H exchange is a ``buy_shares`` of the private company's
    owner, open on every player's turn, so not a purchase of the player whose turn it is."""
    return [a for a in game.legal_actions() if a.type == "buy_shares" and a.entity == game.current_entity]


def _stock_position_with_buys(title: str, seed: int, least: int):
    """The first position of the random game ``seed`` whose stock-round turn offers its player ``least``
    purchases or more."""
    played = play_random_game(title, 4, seed)
    game = new_bot_game(title, 4, seed)
    for action in played.actions:
        if isinstance(game.state.round, StockRound) and len(_purchases(game)) >= least:
            return game
        game.process(action)
    raise AssertionError(f"no stock-round turn with {least} purchases in {title} seed {seed}")


def test_whether_a_stock_round_offers_a_purchase_stops_at_the_first(monkeypatch):
    """A random 1830 game's first stock turn offering three purchases or more: whether the buy group holds a
    purchase is answered after judging fewer certificates than measuring it takes, and it measures the listed
    purchases exactly."""
    game = _stock_position_with_buys("1830", 1, 3)
    listed = _purchases(game)
    judged: list[str] = []

    class Judged(dict):
        """The ledger's certificate sizes, noting each certificate whose size a listing reads: the purchase
        listing reads it of each certificate it judges (the holding limit, the price)."""

        def __getitem__(self, cert):
            judged.append(cert)
            return dict.__getitem__(self, cert)

    monkeypatch.setattr(game.state.ledger, "percent", Judged(game.state.ledger.percent))
    buys = next(g for g in game.action_groups() if g.type == "buy_shares")
    assert judged == []  # nothing is judged before the group is asked
    assert buys
    first = len(judged)
    assert len(buys) == len(listed) and list(buys.actions()) == listed
    assert 1 <= first < len(judged)


def test_the_m_and_h_exchange_open_on_another_players_turn_is_a_buy_group_of_its_own():
    """1830, seed 1, action 9: P1's turn (one purchase, the B&O's 10% certificate); P3 owns the M&H, whose
    exchange for the NYC's first 10% certificate is open on any player's turn (rule 1830:private.mh-exchange).
    The buy groups, in order, hold exactly the listed ``buy_shares``: P1's purchase, then the exchange."""
    played = play_random_game("1830", 4, 1)
    game = new_bot_game("1830", 4, 1)
    for action in played.actions[:9]:
        game.process(action)
    assert game.current_entity == "P1" and game.state.private_owner["MH"] == "P3"
    groups = [g for g in game.action_groups() if g.type == "buy_shares"]
    assert [list(g.actions()) for g in groups] == [[BuyShares(entity="P1", shares=("B&O_1",), percent=10)],
                                                   [BuyShares(entity="MH", shares=("NYC_1",), percent=10)]]
    assert [a for g in groups for a in g.actions()] == [a for a in game.legal_actions() if a.type == "buy_shares"]
