"""A cut's track masks are made from the items two segments share (``router._track_masks``): each largest set of
segments sharing track gets a bit, and a segment sharing none gets one of its own after them."""

from __future__ import annotations

from gamekit.tracks import router


def test_a_lone_segment_gets_its_own_bit_after_the_shared_sets():
    # segments 0 and 1 share an item; segment 2 shares none (its items are not given)
    assert router._track_masks([0b011], 3) == [0b01, 0b01, 0b10]


def test_the_shared_sets_get_bits_in_first_seen_order():
    # 1 and 2 share an item, then 0 and 1; segment 3 stands alone
    assert router._track_masks([0b0110, 0b0011, 0b0110], 4) == [0b10, 0b11, 0b01, 0b100]


def test_a_set_within_a_larger_one_gets_no_bit():
    assert router._track_masks([0b011, 0b111, 0b110], 4) == [0b1, 0b1, 0b1, 0b10]
