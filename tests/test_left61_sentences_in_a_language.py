"""A learner types an action's sentence as gamekit shows it in their language (``localize(sentence_now(…))``), and
``parse_action`` reads it back to that action (rule ``core:codec.*``): every form of every title, with money,
numbers, trains and names as the language prints them; the English sentences still read; a sentence that names
no legal action is refused with the rule that forbids it, and one that names several is never guessed."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.i18n import localize, using
from gamekit.rng import GameRandom
from gamekit.sentences import GRAMMARS, sentence_now
from gamekit.simulate import play_random_game
from tests.test_codec import nyc_lays_track

LANGS = ("zh", "ca", "es", "nl")
TITLES = ("1830", "1837", "1894", "continental-divide", "american-rails")
POSITIONS = 24
"""Positions read per seeded bot game, spread over the whole game."""
PER_POSITION = 40
"""Actions read per position: all of them where there are no more, else a seeded draw of this many (a Continental
Divide build turn lists thousands of tracks, and reading one back compares it with every legal action)."""


def _choice(action):
    """What a reader's sentence names of ``action``: the action, or for forms that say two actions are alike (two
    2-trains of one seller, told apart only by id: ``Grammar.alike``) what they agree on."""
    alike = next((g.alike for g in GRAMMARS if g.type == action.type and g.alike), None)
    return (action.type, alike(action)) if alike else action


def _offered(game, pick: GameRandom) -> list:
    """The listed legal actions and from each range its lowest, highest and one value drawn between: all of them,
    or :data:`PER_POSITION` drawn from them."""
    actions = list(game.legal_actions())
    for rng in game.action_ranges():
        values = rng.values()
        actions += [rng.action(v) for v in dict.fromkeys([values[0], values[-1], values[pick.below(len(values))]])]
    if len(actions) > PER_POSITION:
        actions = [actions[pick.below(len(actions))] for _ in range(PER_POSITION)]
    return actions


@pytest.mark.parametrize("title", TITLES)
def test_every_legal_action_reads_back_from_its_sentence_in_each_language(title):
    """A seeded 4-player random-bot game of ``title`` (seed 3), :data:`POSITIONS` positions spread over it: each
    legal action's sentence (:func:`_offered`) in each language reads back to the action, and is shown in that
    language (not in English)."""
    game = play_random_game(title, 4, 3)
    pick = GameRandom(61)
    step = max(1, len(game.actions) // POSITIONS)
    kinds: set[str] = set()
    read = 0
    for k in range(0, len(game.actions), step):
        position = game.at(k)
        for action in _offered(position, pick):
            said = sentence_now(position, action)
            for lang in LANGS:
                with using(lang):
                    text = localize(said)
                    assert text != str(said), (lang, text)  # every form has its translated template
                    assert _choice(position.parse_action(text)) == _choice(action), (lang, text)
            read += 1
            kinds.add(action.type)
    assert read >= 100 and len(kinds) >= 4, (read, kinds)


EXAMPLES = {
    "zh": ("Ann 以 $20 买下 SV", "Ben 对 CS 出价 $45", "Ben 对 CS 出价 $1,000"),
    "ca": ("Ann compra SV per $20", "Ben ofereix $45 per CS", "Ben ofereix $1,000 per CS"),
    "es": ("Ann compra SV por $20", "Ben puja $45 por CS", "Ben puja $1,000 por CS"),
    "nl": ("Ann koopt SV voor $20", "Ben biedt $45 op CS", "Ben biedt $1,000 op CS"),
}
"""1830's opening (seed 7) in each language: Ann buys the cheapest private; then Ben may bid on the CS, cheapest
now, only its price $40 (rule ``1830:auction.buy-cheapest``)."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_opening_typed_in_each_language(lang):
    buy, bid, too_much = EXAMPLES[lang]
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    with using(lang):
        assert localize(sentence_now(game, game.legal_actions()[0])) == buy
        bought = game.parse_action(buy)
        assert (bought.type, bought.entity, bought.company, bought.price) == ("bid", "Ann", "SV", 20)
        assert game.parse_action("Ann buys SV for $20") == bought  # English still reads
        assert game.parse_action(bid.replace("Ben", "Ann")).price == 45
        game.process(bought)
        for typed, rule in ((buy, "1830:auction.order"), (bid, "1830:auction.buy-cheapest"),
                            (too_much, "1830:auction.buy-cheapest")):
            with pytest.raises(GameError) as refused:
                game.parse_action(typed)
            assert refused.value.rule == rule
        with pytest.raises(GameError) as refused:
            game.parse_action(bid.replace("CS", "XX"))
        assert refused.value.rule == "core:codec.unknown"


@pytest.mark.parametrize("lang", LANGS)
def test_a_sentence_naming_several_actions_is_refused_in_each_language(lang):
    """The tile lay without its rotation (the English shortened form) names three lays: refused, never guessed;
    the lay in the language names one."""
    game = nyc_lays_track()
    lays = [a for a in game.legal_actions() if a.type == "lay_tile" and a.hex == "E19" and a.tile.startswith("57-")]
    with using(lang):
        with pytest.raises(GameError) as refused:
            game.parse_action("NYC lays 57 on E19")
        assert refused.value.rule == "core:codec.ambiguous"
        for lay in lays:
            assert game.parse_action(localize(sentence_now(game, lay))) == lay


FORMS = {
    "zh": ("TR 交还 1G-0", "AG 买入 10%（AG_2）", "LRB 选择 Exchange"),
    "ca": ("TR lliura 1G-0", "AG compra el 10% (AG_2)", "LRB tria Exchange"),
    "es": ("TR entrega 1G-0", "AG compra el 10% (AG_2)", "LRB elige Exchange"),
    "nl": ("TR levert 1G-0 in", "AG koopt 10% (AG_2)", "LRB kiest Exchange"),
}
"""A train surrendered (1837), a corporation redeeming a share (1894), a choice of 1837's exchange round, in
each language (the forms that used to be shown in English)."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_forms_once_shown_in_english_read_back(lang):
    from gamekit.actions import action_types

    samples = (action_types()["scrap_train"](entity="TR", train="1G-0"),
               action_types()["buy_shares"](entity="AG", shares=("AG_2",), percent=10),
               action_types()["choose"](entity="LRB", choice="Exchange"))
    for action, expected in zip(samples, FORMS[lang]):
        form = next(g for g in GRAMMARS if g.type == action.type and g.read(action.sentence()) is not None)
        with using(lang):
            assert form.read(expected) == form.read(action.sentence()), expected
