"""The memo of networks answers a position whose trains are of the same types as those of a position searched on the
same network, under other ids (a train bought after one of its type rusted, or exported): the best set found then,
run by the trains mapped to its trains keeping the order of their ids (``router._relabelled``), is the search's
answer, checked along seeded random 1837 and 1830 games."""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import router

from .router_positions import forget_answers


@pytest.mark.parametrize("title, seeds, least", [("1837", (5, 2), 40), ("1830", (1, 2), 5)])
def test_a_relabelled_answer_is_the_search_answer(title, seeds, least, monkeypatch):
    relabel = router._relabelled
    checked = []

    def checking(pos, found, order):
        got = relabel(pos, found, order)
        if got is not None and got is not found:
            fresh = router._search(pos, None, 0)
            assert (got.routes, got.run, got.total, got.proved_optimal) == \
                (fresh.routes, fresh.run, fresh.total, fresh.proved_optimal)
            checked.append(pos.corporation)
        return got

    monkeypatch.setattr(router, "_relabelled", checking)
    forget_answers(title)
    for seed in seeds:
        play_random_game(title, 4, seed)
    assert len(checked) >= least


def _trains(**names):
    """Trains by id, each counting and paying every stop up to the number its name says."""
    return {tid: router.Train(tid, name, router.Train.counting_all(tid, int(name)).distance)
            for tid, name in names.items()}


def test_a_map_not_keeping_the_order_of_ids_is_not_taken():
    order = router._train_order(_trains(t1="2", t2="3"))
    assert order == ["t1", "t2"]

    class Pos:  # the same types under ids ordered the other way: the search would order identical choices otherwise
        trains = _trains(t9="2", t0="3")

    assert router._relabelled(Pos, object(), order) is None
    assert router._train_order(Pos.trains) == ["t9", "t0"]
