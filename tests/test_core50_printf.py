"""Event sentences are written through each template's writer (``gamekit.i18n._writer``, an f-string compiled once
per template; stop 50 wrote them through printf forms): the same text as ``template.format_map(values)`` for every
template and value, and along seeded games of every title."""

from __future__ import annotations

import pytest

from gamekit.i18n import Joined, Message, _Lower, _formatted, _writer, join, msg, nmsg
from gamekit.simulate import play_random_game

CASES = [
    ("{corporation} passes ({step})", {"corporation": "PRR", "step": _Lower("Lay track")}),
    ("no revenue", {}),
    ("a {train}-train", {"train": "2"}),
    ("{a} holds 50% of {b}", {"a": "P1", "b": msg("the {x}", x="B&O")}),
    ("100% {x}", {"x": (1, 2)}),
    ("{{braces}} {a}{b}{c}", {"a": None, "b": True, "c": 2.5}),
    ("{who} pays {amount}", {"who": join(", ", ["Ann", "Ben"]), "amount": 40, "unused": "x"}),
    # quotes, a backslash and braces in the literal text, a field named twice, a field named as a Python keyword
    ('say "{a}" or \'{a}\' \\ {{not}} {class}}}', {"a": "x", "class": 7}),
    ("", {}),
]


@pytest.mark.parametrize("template, values", CASES)
def test_a_template_of_plain_fields_writes_what_format_map_writes(template, values):
    assert _writer(template) != template.format_map  # compiled
    assert _formatted(template, values) == template.format_map(values)
    first, again = msg(template, **values), msg(template, **values)  # the first finds the form, the next uses it
    assert first == again == template.format_map(values)
    assert type(again) is Message and again.template == template and again.values == values


@pytest.mark.parametrize("template", ["{change:+d}", "{a!r}", "{0}", "{a.b}", "{a[0]}", "{}", "{", "x}"])
def test_other_fields_are_formatted_as_they_are(template):
    assert _writer(template) == template.format_map  # written as it is
    values = {"change": 5, "a": "x"}
    try:
        expected = template.format_map(values)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        with pytest.raises(type(exc)):
            _formatted(template, values)
    else:
        assert _formatted(template, values) == expected


def test_a_missing_value_is_refused_as_format_map_refuses_it():
    for template in ("{a} and {b}", "only {a}"):
        with pytest.raises(KeyError):
            template.format_map({"b": 1})
        with pytest.raises(KeyError):
            _formatted(template, {"b": 1})


def test_plural_sentences_write_their_form():
    assert nmsg("{count} share", "{count} shares", 3, count=3) == "3 shares"
    assert nmsg("{count} share at 10%", "{count} shares at 10%", 1, count=1) == "1 share at 10%"


def _messages(text):
    """``text`` and the Messages in its values, all the way down."""
    if isinstance(text, Joined):
        for part in text.parts:
            yield from _messages(part)
    elif type(text) is Message:
        yield text
        for value in text.values.values():
            yield from _messages(value)


@pytest.mark.parametrize("title", ["1830", "1837", "1894", "continental-divide", "american-rails"])
def test_every_sentence_of_a_seeded_game_is_its_template_formatted(title):
    game = play_random_game(title, 4, 2, cap=600)
    checked = 0
    for _, events in game.history():
        for event in events:
            for message in _messages(event.text):
                form = message.template if message.plural is None or message.n == 1 else message.plural
                assert message == form.format_map(message.values), message.template
                checked += 1
    assert checked > 100
