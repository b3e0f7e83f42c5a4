"""Stop 51's per-action base cost: the rule ids a game keeps (``Game18xx.rule``), the one ``_Lower`` per step name
and the sentence writers compiled once per number of fields (``gamekit.i18n._writer``) give what they gave when
built afresh, along seeded games."""

from __future__ import annotations

import pickle

import pytest

from gamekit.i18n import Message, _Lower, _writer, msg, using
from gamekit.simulate import play_random_game


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_every_kept_rule_id_is_the_one_built_afresh(title):
    game = play_random_game(title, 4, 3, cap=400)
    kept = dict(game._rule_ids)
    assert len(kept) > 10
    for section, rule in kept.items():
        assert rule == f"{game.rule_prefix}:{game.rule_aliases.get(section, section)}"
    # a fork shares them, and every event names one of them or a rule no section of the title's gives
    fork = game.fork()
    assert fork.rule("stock.sell") == game.rule("stock.sell") and fork._rule_ids is game._rule_ids
    named = {event.rule for _, events in game.history() for event in events}
    assert named & set(kept.values())


def test_a_step_name_is_one_lower_case_word_that_renders_in_each_language():
    name = "Lay track"
    first, again = _Lower(name), _Lower(name)
    assert first is again and first == "lay track" and first.template == "Lay track" and first.values == {}
    assert type(pickle.loads(pickle.dumps(first))) is _Lower and pickle.loads(pickle.dumps(first)) == first
    with using("ca"):
        translated = first.local()
    fresh = str.__new__(_Lower, "lay track")
    fresh.template, fresh.values = "Lay track", {}
    with using("ca"):
        assert translated == fresh.local() != "lay track"
    # another word object of the same text gets its own (a Message's template could render otherwise)
    word = msg("Lay track")
    assert _Lower(word) is not first and _Lower(word) is _Lower(word) and _Lower(word) == first
    assert _Lower(word).template is word


@pytest.mark.parametrize("fields", range(7))
def test_a_writer_of_each_shape_writes_what_format_map_writes(fields):
    names = [f"f{i}" for i in range(fields)]
    for around in (("", ""), ("<", ">"), ("{{", "}}"), ("'\"\\", "%s%%")):
        template = around[0] + " and ".join(f"{{{name}}}" for name in names) + around[1]
        values = {name: [f"v{i}", i, msg("m {x}", x=i), None][i % 4] for i, name in enumerate(names)}
        assert _writer(template)(values) == template.format_map(values)
        said = msg(template, **values)
        assert type(said) is Message and said == template.format_map(values) and said.values == values
