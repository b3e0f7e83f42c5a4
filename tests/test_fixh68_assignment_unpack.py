"""The packed questions of an assignment's setup cell are read like any untrusted file: damage gives one
``DataError`` line naming what is wrong, and the text is decompressed with a bound (hostile68 item 3)."""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest

from gamekit import exercises
from gamekit.errors import DataError
from gamekit.exercises.notebook import pack, unpack
from gamekit.loading import MAX_BYTES

HEAD = "assignment: the questions of the setup cell cannot be read ("
TAIL = "); generate the notebook again"


@pytest.fixture(scope="module")
def drawn():
    return exercises.questions("1830", n=2, seed=1)


def packed(data) -> str:
    return base64.b64encode(zlib.compress(json.dumps(data).encode())).decode()


def refusal(text) -> str:
    with pytest.raises(DataError) as caught:
        unpack(text)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(HEAD) and message.endswith(TAIL)
    return message[len(HEAD):-len(TAIL)]


def test_a_pack_reads_back_as_the_same_questions(drawn):
    assert unpack(pack(drawn)) == list(drawn)


def test_damaged_text_is_refused_in_one_line(drawn):
    good = pack(drawn)
    assert refusal(good[:-7]) == "the text is not base64: damaged or cut"
    assert refusal("!!!") == "the text is not base64: damaged or cut"
    assert refusal("é" + good) == "the text is not base64: damaged or cut"
    flipped = good[:50] + ("A" if good[50] != "A" else "B") + good[51:]
    assert refusal(flipped) == "the text is not gamekit's compressed questions: damaged"
    assert refusal("") == "the compressed questions are cut short or followed by other data"
    cut = base64.b64encode(zlib.compress(json.dumps([1]).encode())[:-4]).decode()
    assert refusal(cut) == "the compressed questions are cut short or followed by other data"
    assert refusal(12) == "the packed text: expected a string, not a whole number"


def test_a_pack_of_other_json_is_refused(drawn):
    assert refusal(packed({"a": 1})) == "the questions: expected a list, not an object"
    assert refusal(packed([1])) == "question 1: expected an object, not a whole number"
    assert refusal(base64.b64encode(zlib.compress(b"[1,")).decode()).startswith("the questions: not valid JSON")


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.pop("save"), "question 2: field 'save' is missing"),
    (lambda d: d.update(bogus=1), "question 2: 'bogus' is not a field of a question"),
    (lambda d: d.update(answer_type="bogus"), "question 2: field 'answer_type': 'bogus' is not number, choice or hex"),
    (lambda d: d.update(answer=[1, 2]), "question 2: field 'answer': expected a whole number or a string or an "
                                        "object, not a list"),
    (lambda d: d.update(answer="P1"), "question 2: field 'answer': expected a whole number, not a string"),
    (lambda d: d.update(action_index="3"), "question 2: field 'action_index': expected a whole number, not a "
                                           "string"),
    (lambda d: d.update(rule_ids=5), "question 2: field 'rule_ids': expected a list, not a whole number"),
    (lambda d: d.update(prompt={"template": "{x}", "values": {}}), "question 2: field 'prompt': not a text gamekit "
                                                                  "wrote"),
    (lambda d: d.update(money="$"), "question 2: field 'money': '$' has no amount field {:,}"),
])
def test_each_field_of_a_question_is_checked(drawn, change, reason):
    data = [q.to_dict() for q in drawn]
    number = next(d for d in data if d["answer_type"] == "number")
    data = [d for d in data if d is not number] + [number]  # the number question second
    change(data[1])
    assert refusal(packed(data)) == reason


def test_a_pack_that_unpacks_past_the_bound_is_refused_without_unpacking_it_whole():
    # base64 that would unpack to 80 MB of spaces, past the 64 MB bound (the same text can hold gigabytes)
    squeeze = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    data = squeeze.compress(b"[") + b"".join(squeeze.compress(chunk) for _ in range(80)) + squeeze.compress(b"]")
    bomb = base64.b64encode(data + squeeze.flush()).decode()
    assert len(bomb) < 2**20
    assert refusal(bomb) == f"unpacked larger than {MAX_BYTES // 2**20} MB"
