"""The train step's emergency listing offers bankruptcy without trying a forced sale when the president has nothing
to sell (:func:`gamekit.g18xx.trainbuy.emergency_actions`): the answer must be the trial sale's."""

from gamekit.g18xx import stock, trainbuy
from gamekit.g18xx.state import OperatingRound
from gamekit.simulate import new_bot_game, play_random_game
from gamekit.tracks.actions import Bankrupt


def _emergencies(title: str, players: int, seed: int):
    """Every position of a random game (legal play) where a corporation's emergency listing is not empty, with
    that corporation."""
    played = play_random_game(title, players, seed)
    game = new_bot_game(title, players, seed)
    for action in played.actions:
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.step == "buy_train" and not rnd.must_discard:
            corp = rnd.order[rnd.index] if rnd.index < len(rnd.order) else None
            if corp and trainbuy.emergency_actions(game, corp):
                yield game, corp
        game.process(action)


def test_bankruptcy_offered_as_the_trial_sale_says():
    """Along random 1830 games: bankruptcy is listed exactly when selling everything would not pay for the
    cheapest train (the trial on a fork), whether or not the president has anything to sell."""
    seen, nothing_to_sell = 0, 0
    for seed in (1, 2, 3):
        for game, corp in _emergencies("1830", 4, seed):
            president = game.state.corporations[corp].president
            bundles = [b for other in game.state.ledger.corporations_of(president)
                       for b in stock.sellable_bundles(game, president, other, protect=corp)]
            nothing_to_sell += not bundles
            listed = any(isinstance(a, Bankrupt) for a in trainbuy.emergency_actions(game, corp))
            assert listed == (not trainbuy._could_raise(game, corp))
            seen += 1
    assert seen and nothing_to_sell  # both kinds of position were compared
