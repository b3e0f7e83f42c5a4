"""The heuristic's station tokens (``h18xx._token_cost``): in a corporation's own token step the price of a
placement is read from the title's token price instead of a fork. Along heuristic games of three titles (positions
built by legal play) every placement offered costs the treasury, on a fork, exactly that price, and the waiting
tokens' cities (no pass offered) are still forked."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats


def test_a_token_costs_what_its_fork_pays(monkeypatch):
    token_cost = h18xx._token_cost
    seen = {"priced": 0, "paid": 0, "forked": 0}
    checked_at = set()

    def checked(game, me, token, may_pass):
        price = token_cost(game, me, token, may_pass)
        at = (type(game), game.actions)  # the position, as the actions played to it
        if at in checked_at:
            return price
        checked_at.add(at)  # every placement offered, once per position
        for other in (a for a in game.legal_actions() if a.type == "place_token"):
            assert token_cost(game, me, other, may_pass) == h18xx._cost(game, me, other), (len(game.actions), other)
            seen["priced"] += may_pass is not None
            seen["paid"] += may_pass is not None and token_cost(game, me, other, may_pass) > 0
            seen["forked"] += may_pass is None
        return price

    monkeypatch.setattr(h18xx, "_token_cost", checked)
    for title, players, seed in [("1830", 4, 1), ("1894", 4, 1), ("1894", 4, 2), ("1837", 5, 1)]:
        play_seats(title, ["heuristic"] * players, seed)
    assert seen["priced"] > 100 and seen["paid"] > 50 and seen["forked"] > 5, seen
