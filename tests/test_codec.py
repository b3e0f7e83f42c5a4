"""The two-way action codec: ``game.parse_action(action.sentence())`` is the action — and so is the sentence the
position shows (``sentence_now``: a bid that buys a private outright reads as a purchase) —, and each kind of
refusal says what is wrong (rules ``core:codec.*`` or the rule that forbids the action)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import action_types
from gamekit.codec import concrete_actions, count_concrete_actions
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.sentences import GRAMMARS, sentence_now, sentence_then
from gamekit.simulate import random_action

PLAYERS = ["Ann", "Ben", "Cy", "Di"]
PER_POSITION = 25  # concrete actions read back per position (all of them where there are fewer)


def _positions(title: str, seed: int, every: int, limit: int):
    """Yield the game every ``every`` actions of seeded random play, up to ``limit`` actions."""
    game = gamekit.new_game(title, PLAYERS, seed=seed)
    rng = GameRandom(seed)
    while not game.is_over and len(game.actions) < limit:
        if len(game.actions) % every == 0:
            yield game
        game.process(random_action(game, rng))


def _sample(game, pick: GameRandom) -> list:
    """Up to PER_POSITION concrete legal actions: the listed ones, and from each range its lowest, highest and
    one value drawn between (a Continental Divide stock turn has over 20,000 concrete actions)."""
    actions = list(game.legal_actions())
    for rng in game.action_ranges():
        values = rng.values()
        actions += [rng.action(v) for v in {values[0], values[-1], values[pick.below(len(values))]}]
    if len(actions) > PER_POSITION:
        actions = [actions[pick.below(len(actions))] for _ in range(PER_POSITION)]
    return actions


SAMPLES = {"1830": (40, 800), "continental-divide": (11, 110), "american-rails": (25, 300)}


@pytest.mark.parametrize("title", sorted(SAMPLES))
def test_every_sentence_reads_back_as_its_action(title):
    every, limit = SAMPLES[title]
    read = positions = 0
    pick = GameRandom(99)
    for game in _positions(title, seed=5, every=every, limit=limit):
        actions = _sample(game, pick)
        for action in actions:
            assert game.parse_action(action.sentence()) == action
            assert _choice(game.parse_action(sentence_now(game, action))) == _choice(action)
        read += len(actions)
        positions += 1
    assert positions >= 8 and read >= 8 * 5


def _choice(action):
    """What a reader's sentence names of ``action``: the action, or for forms that say two actions are alike (two
    2-trains of one seller, told apart only by id: ``Grammar.alike``) what they agree on."""
    alike = next((g.alike for g in GRAMMARS if g.type == action.type and g.alike), None)
    return (action.type, alike(action)) if alike else action


def test_concrete_actions_expand_every_range_once():
    game = gamekit.new_game("1830", PLAYERS, seed=7)  # the private auction: Ann may pass, buy SV at 20, or bid
    actions = list(concrete_actions(game))            # from 5 above face value up to her 600 on the five others
    assert len(actions) == len(set(actions)) == count_concrete_actions(game)
    assert len(actions) == 1 + 1 + sum(600 - low + 1 for low in (45, 75, 115, 165, 225))


def test_every_action_type_has_a_sentence_form():
    assert set(action_types()) <= {g.type for g in GRAMMARS}


@pytest.fixture
def auction():
    return gamekit.new_game("1830", PLAYERS, seed=7)


def _refusal(game, text: str) -> GameError:
    before = game.to_json()
    with pytest.raises(GameError) as info:
        game.parse_action(text)
    assert game.to_json() == before
    return info.value


def test_unreadable_text(auction):
    err = _refusal(auction, "Ann flies to Albany")
    assert err.rule == "core:codec.unreadable" and "no action sentence has this form" in err.message


def test_a_number_longer_than_any_saved_game_holds_is_unreadable(auction):
    # 4,400 digits: more than Python reads as a number without being told to; 19: more than a save holds
    for digits, shown in ((4400, "9" * 20 + "…"), (19, "9" * 19)):
        err = _refusal(auction, f"Ann bids ${'9' * digits} on CS")
        assert err.rule == "core:codec.unreadable"
        assert err.message == f"{shown} has more than 18 digits: no action takes such a number"
    assert _refusal(auction, f"Ann bids ${'9' * 18} on CS").rule == "1830:auction.bid"


def test_unknown_company_and_unknown_player(auction):
    err = _refusal(auction, "Ann bids 45 on XX")
    assert err.rule == "core:codec.unknown" and "'XX'" in err.message
    assert _refusal(auction, "Zed passes").rule == "core:codec.unknown"


def test_not_legal_now_names_the_rule_that_forbids_it(auction):
    err = _refusal(auction, "Ann bids 100 on CA")  # CA's face value is 160: the lowest bid is 165
    assert err.rule == "1830:auction.bid" and "is not legal now" in err.message and "165" in err.message
    err = _refusal(auction, "Ben passes")  # Ann acts first
    assert err.rule == "1830:auction.order" and "Ann" in err.message


def test_buying_the_cheapest_private_reads_as_a_purchase(auction):
    """Ann's 20 on SV, the cheapest private at its face value, buys it at once (1830:auction.buy-cheapest): it
    is offered as "Ann buys SV for $20", the codec reads that, the same without the dollar and the action's own
    wording as the same bid, and the event it makes reads word for word the same. The other privates are still
    offered as bids, in dollars."""
    offered = [sentence_now(auction, a) for a in auction.legal_actions()]
    assert offered == ["Ann buys SV for $20", "Ann bids $45 on CS", "Ann bids $75 on DH", "Ann bids $115 on MH",
                       "Ann bids $165 on CA", "Ann bids $225 on BO", "Ann passes"]
    bought = auction.parse_action("Ann buys SV for $20")
    assert bought == auction.parse_action("Ann buys SV for 20") == auction.parse_action("Ann bids 20 on SV") \
        == auction.parse_action("Ann bids $20 on SV") == auction.legal_actions()[0]
    assert (bought.type, bought.company, bought.price) == ("bid", "SV", 20)
    events = auction.process(bought)
    assert sentence_then(auction, bought, events) == "Ann buys SV for $20" == events[0].text
    assert sentence_now(auction, auction.legal_actions()[0]) == "Ben buys CS for $40"  # CS is the cheapest now


def test_a_purchase_sentence_never_names_a_bid_that_waits(auction):
    """A purchase sentence is refused where the bid it names would be an offer on a dearer private (CS at 45
    waits until SV is sold) or is refused by the rules (SV costs exactly 20; the lowest bid on CS is 45)."""
    err = _refusal(auction, "Ann buys CS for 45")
    assert err.rule == "1830:auction.bid" and "is not legal now" in err.message
    err = _refusal(auction, "Ann buys SV for 25")
    assert err.rule == "1830:auction.buy-cheapest" and "costs exactly $20" in err.message
    assert _refusal(auction, "Ann buys CS for 40").rule == "1830:auction.bid"
    assert sentence_then(auction, auction.parse_action("Ann bids 45 on CS"), []) == "Ann bids $45 on CS"


def test_a_bid_inside_the_range_is_the_ranged_action(auction):
    action = auction.parse_action("Ann bids 300 on CA")
    assert (action.company, action.price) == ("CA", 300)
    (ca,) = [r for r in auction.action_ranges() if r.template.company == "CA"]
    assert action == ca.action(300)


def nyc_lays_track():
    """Lesson 2's opening: the privates go to the first legal bid, Cy pars NYC at 90, everyone buys NYC; NYC
    then operates first and may lay tile 57 on E19 (Albany) in three rotations."""
    game = gamekit.new_game("1830", PLAYERS, seed=7)
    while game.active_round() == "Private auction":
        game.process(game.legal_actions()[0])
    game.process(game.parse_action("Cy pars NYC at 90"))
    while game.active_round() == "Stock round 1":
        offers = [a for a in game.legal_actions() if a.type == "buy_shares" and a.shares[0].startswith("NYC_")]
        game.process(offers[0] if offers else game.parse_action(f"{game.current_entity} passes"))
    return game


def test_a_shortened_sentence_naming_several_actions_is_ambiguous():
    game = nyc_lays_track()
    err = _refusal(game, "NYC lays 57 on E19")
    assert err.rule == "core:codec.ambiguous" and "fits 3 legal actions" in err.message
    assert game.parse_action("NYC lays 57 on E19 (rotation 2)").tile.startswith("57-")
    assert _refusal(game, "NYC lays 57 on H10 (rotation 0)").rule.startswith("1830:track")


def test_cube_rail_refusals():
    cd = gamekit.new_game("continental-divide", PLAYERS[:3], seed=1)
    first = cd.current_entity
    err = _refusal(cd, f"{first} starts UP in G39 with 11 shares at a stock value of $20")
    assert err.rule == "cd:stock.shares-issued"
    start = cd.parse_action(f"{first} starts UP in G39 with 5 shares at a stock value of $20")
    assert (start.railroad, start.shares, start.stock_value) == ("UP", 5, 20)
    ar = gamekit.new_game("american-rails", PLAYERS, seed=7)
    assert _refusal(ar, "Ann bids $5 for a NA share").rule == "ar:opening"
    assert ar.parse_action("Ann puts one NA share up for auction").company == "NA"


def test_players_whose_ids_are_not_their_names_are_shown_and_read_by_name():
    """An 18xx.games log's player ids are numbers: sentences for readers name the player ("Ann buys SV for $20",
    not "7 buys …"), the codec reads the name and the id alike, and a refusal names both players by name."""
    game = gamekit.new_game("1830", [gamekit.Player("7", "Ann"), gamekit.Player("8", "Ben"),
                                     gamekit.Player("9", "Cy")], seed=1)
    first = game.legal_actions()[0]
    assert first.entity == "7" and sentence_now(game, first) == "Ann buys SV for $20"
    assert game.parse_action("Ann buys SV for 20") == game.parse_action("7 buys SV for 20") == first
    err = _refusal(game, "Ben passes")
    assert err.rule == "1830:auction.order" and err.message.endswith("it is Ann's turn in the auction, not Ben's")
    events = game.process(first)
    assert sentence_then(game, first, events) == "Ann buys SV for $20"


@pytest.mark.parametrize("title", ["continental-divide", "american-rails"])
def test_cube_rail_events_and_steps_name_players_by_name(title):
    game = gamekit.new_game(title, [gamekit.Player("p1", "Ann"), gamekit.Player("p2", "Ben"),
                                    gamekit.Player("p3", "Cy")], seed=3)
    rng = GameRandom(5)
    for _ in range(40):
        game.process(random_action(game, rng))
    texts = [e.text for _, events in game.history() for e in events] + [e.text for e in game.setup_events]
    texts.append(game.active_step.help)
    assert any("Ann" in t or "Ben" in t or "Cy" in t for t in texts)
    assert not [t for t in texts if any(f"p{i}" in t.split() or f"p{i}'s" in t for i in (1, 2, 3))]


def test_a_train_bought_from_a_corporation_names_its_seller():
    """In the real game 26855, B&O buys PRR's 2-train for $90 (rule 1830:trains.buy, a price the two agree): the
    sentence a reader sees names the train by its kind and the seller, before and after, as its event does, and
    reads back to the same action; the older sentences with the train's id, with or without the seller, do too. A run's sentence counts its trains ("2 trains") and reads as the
    action's own wording does (the codec offers only the best runs, so a logged run is not parsed here)."""
    from gamekit.codec import plain_money
    from gamekit.games import open_real_game

    game = open_real_game("1830", "26855")  # shipped with gamekit
    action, events = list(game.history())[149]
    before = game.at(149)
    said = "B&O buys a 2-train from PRR for $90"
    assert sentence_now(before, action) == sentence_then(game, action, events) == events[0].text == said
    assert before.parse_action(said) == before.parse_action("B&O buys train 2-1 from PRR for $90") \
        == before.parse_action(action.sentence()) == before.parse_action("B&O buys train 2-1 from PRR for 90")
    assert before.parse_action(action.sentence()).train == "2-1"
    assert before.parse_action(said).train in before.trains("PRR")  # the seller is part of what it says
    bought_new = next(a for a in game.actions if a.type == "buy_train")  # the first train comes from the bank
    at = game.actions.index(bought_new)
    assert sentence_now(game.at(at), bought_new) == "NYC buys a 2-train from the bank for $80"
    assert game.at(at).parse_action("NYC buys a 2-train from the bank for $80") == bought_new
    runs = [(i, a) for i, a in enumerate(game.actions) if a.type == "run_routes" and a.routes][:40]
    counted = {sentence_now(game.at(i), a).split(" for ")[0].split(" runs ")[1] for i, a in runs}
    assert {"1 train", "2 trains"} <= counted
    for i, a in runs:
        position = game.at(i)
        sentence = sentence_now(position, a)
        assert "train(s)" not in sentence and f"for ${sum(r.revenue for r in a.routes)}" in sentence
        grammar = next(g for g in GRAMMARS if g.type == "run_routes")
        assert grammar.read(plain_money(position, sentence)) == grammar.read(a.sentence()) is not None


def test_money_in_each_title_s_currency_and_trains_counted_read_back():
    """Sentences a reader sees write money as the events do — "$1,200", "480K", "1,200 F" — and count trains
    ("1 train", "2 trains"); the codec reads them, and the bare amounts of ``Action.sentence()``, as the same
    action. A number that is not money in that currency ("20 F" in 1830) is not read as money."""
    from gamekit.codec import plain_money

    for title, seats, first in [("1830", 4, "Ann buys SV for $20"), ("1837", 4, "Ann bids 40K on EPP"),
                                ("1894", 3, "Ann buys LRC for 20 F")]:
        game = gamekit.new_game(title, ["Ann", "Ben", "Cy", "Di"][:seats], seed=1)
        action = game.legal_actions()[0]
        assert sentence_now(game, action) == first
        assert game.parse_action(first) == game.parse_action(action.sentence()) == action
    g1830 = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    assert plain_money(g1830, "NYC runs 2 trains for $1,240") == "NYC runs 2 trains for 1240"
    assert plain_money(g1830, "Ann bids 20 F on SV") == "Ann bids 20 F on SV"
    g1837 = gamekit.new_game("1837", ["Ann", "Ben", "Cy", "Di"], seed=1)
    assert plain_money(g1837, "KK buys train 4+1-0 for 530K") == "KK buys train 4+1-0 for 530"
    assert plain_money(g1837, "Ann bids 40Kx") == "Ann bids 40Kx"


def test_a_player_s_share_deal_reads_as_its_event_without_certificate_ids():
    """In game 26855 (shipped), a player's purchase and sale read word for word as the events they make — where the
    certificate comes from or goes, and for how much — with no certificate id; the codec reads them, and the old
    form with ids, as the same action. A private company's exchange (M&H) reads as its event: the certificate by
    its size and corporation and where it comes from, not by id."""
    from gamekit.games import open_real_game

    game = open_real_game("1830", "26855")
    for index in (30, 60):
        position = game.at(index)
        action, events = list(game.history())[index]
        said = sentence_now(position, action)
        assert said == sentence_then(game, action, events) == events[0].text
        assert "_" not in said and position.parse_action(said) == position.parse_action(action.sentence()) == action
    assert sentence_now(game.at(30), game.actions[30]) == "Player 2 buys a 10% certificate of NYNH from the IPO for $67"
    position = game.at(60)
    offered = [sentence_now(position, a) for a in position.legal_actions()]
    assert "Player 4 sells 20% of PRR to the bank pool for $130" in offered
    assert position.parse_action("Player 4 sells 20% of PRR to the bank pool for $130").percent == 20
    with pytest.raises(GameError):  # the money says what the deal is: another price names no legal action
        position.parse_action("Player 4 sells 20% of PRR to the bank pool for $100")
    exchange = "Player 4 exchanges MH for a 10% NYC share from the IPO; MH closes"
    assert [s for s in offered if "MH" in s] == [exchange]
    assert position.parse_action(exchange) == position.parse_action("MH buys 10% (NYC_6)")


@pytest.mark.parametrize("title", ["1837", "1894"])
def test_share_deals_of_the_shipped_games_read_back(title):
    """Every offered purchase and sale of certificates, every 40 actions of the title's shipped real games, reads
    back as its action, and no two offered actions read alike unless they are alike (two trains of one kind from one
    seller)."""
    from gamekit.games import real_games

    read = 0
    for real in real_games(title):
        game = real.open()
        for index in range(0, len(game.actions), 40):
            position = game.at(index)
            offered = {a: sentence_now(position, a) for a in position.legal_actions()}
            alike: dict[str, set] = {}
            for action, said in offered.items():
                alike.setdefault(said, set()).add(_choice(action))
            assert all(len(choices) == 1 for choices in alike.values())
            for action, said in offered.items():
                if action.type in ("buy_shares", "sell_shares"):
                    assert position.parse_action(said) == action
                    read += 1
    assert read >= 40


def test_station_tokens_read_as_their_city_by_name():
    """A token's sentence names the city as the map does — "Dunkirk & Buffalo's second city (E11)" — never by its
    id ("59-1-1"); it reads as its event, and both it and the old form with the city id read back to the action
    (issue 30). The real game 1830_game_end_bank: the Erie lays #59 on its home E11 (rule 1830:track.tokens)."""
    from gamekit.games import open_real_game
    from gamekit.tracks.actions import LayTile

    game = open_real_game("1830", "1830_game_end_bank", stop_at=236)
    game.process(LayTile(entity="ERIE", hex="E11", tile="59-1", rotation=2))
    choices = [a for a in game.legal_actions() if a.type == "place_token"]
    said = [sentence_now(game, a) for a in choices]
    assert said == ["ERIE places its station token in Dunkirk & Buffalo's first city (E11)",
                    "ERIE places its station token in Dunkirk & Buffalo's second city (E11)"]
    for action, sentence in zip(choices, said):
        assert game.parse_action(sentence) == game.parse_action(action.sentence()) == action
        assert not any(part in sentence for part in ("59-", "city 5"))
    events = game.fork().process(choices[1])
    assert sentence_then(game, choices[1], events) == said[1] and events[0].data["city"] == choices[1].city
    played = open_real_game("1830", "1830_game_end_bank")
    index = next(i for i, a in enumerate(played.actions) if a.type == "place_token" and a.entity == "NYC")
    position = played.at(index)
    bought = sentence_now(position, played.actions[index])
    assert bought.startswith("NYC places a station token in ") and bought.endswith(" for $40")
    assert position.parse_action(bought).city == played.actions[index].city


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_station_tokens_and_share_deals_read_back_in_each_language(lang):
    """A token placed by its own corporation ("ERIE places its station token in …", rule ``1830:track.tokens``)
    and a token bought ("NYC places a station token in … for $40"), as
    ``sentence_now`` writes them in the learner's language, read back to their action; the English text is as
    before (the real game 1830_game_end_bank)."""
    from gamekit.games import open_real_game
    from gamekit.i18n import localize, using
    from gamekit.tracks.actions import LayTile

    game = open_real_game("1830", "1830_game_end_bank", stop_at=236)
    game.process(LayTile(entity="ERIE", hex="E11", tile="59-1", rotation=2))
    played = open_real_game("1830", "1830_game_end_bank")
    index = next(i for i, a in enumerate(played.actions) if a.type == "place_token" and a.entity == "NYC")
    cases = [(game, a) for a in game.legal_actions() if a.type == "place_token"]
    cases.append((played.at(index), played.actions[index]))
    with using(lang):
        for position, action in cases:
            said = sentence_now(position, action)
            assert localize(said) != said
            # the recorded action names its tokener; the sentence's action leaves it implied (as in English)
            key = lambda a: (a.type, a.entity, a.city)
            assert key(position.parse_action(localize(said))) == key(action), localize(said)
            assert key(position.parse_action(str(said))) == key(action)
    assert sentence_now(*cases[0]) == "ERIE places its station token in Dunkirk & Buffalo's first city (E11)"
    assert sentence_now(*cases[-1]).startswith("NYC places a station token in ")


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_sentences_in_each_language_read_back(lang):
    """What ``sentence_now`` writes in the learner's language (bids, purchases, pars, tile lays, routes,
    dividends, passes, a player's share purchases and sales, train purchases: the forms with a translated template)
    reads back to its action (two trains of one kind from one seller: either), and English still does;
    seeded 4-player 1830 game 3, every 5th position of its first 400 actions."""
    from gamekit.i18n import localize, using
    from gamekit.simulate import play_random_game

    game = play_random_game("1830", 4, 3, cap=400)
    read = set()
    with using(lang):
        for k in range(0, 400, 5):
            position = game.at(k)
            for action in position.legal_actions():
                said = sentence_now(position, action)
                if localize(said) != said:
                    assert _choice(position.parse_action(localize(said))) == _choice(action), localize(said)
                    assert _choice(position.parse_action(str(said))) == _choice(action)
                    read.add(action.type)
    assert read == {"bid", "buy_company", "pass", "par", "lay_tile", "run_routes", "dividend", "buy_shares",
                    "sell_shares", "buy_train"}


def test_a_route_count_agrees_with_its_noun_in_each_language():
    """One train or several: "runs 1 train", "runs 2 trains" (rule ``1830:or.route``'s sentence), in Catalan
    "fa córrer 1 tren" and "2 trens"; the English form with "train(s)" still reads."""
    from gamekit.i18n import using
    from gamekit.sentences import _localized

    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    one = _localized(game, action_types()["pass"](entity="Ann"), "Ann passes")
    assert one == "Ann passes"
    for count, english, catalan in ((1, "NYC runs 1 train for $80", "NYC fa córrer 1 tren per $80"),
                                    (2, "NYC runs 2 trains for $150", "NYC fa córrer 2 trens per $150")):
        said = _localized(game, action_types()["run_routes"](entity="NYC", routes=()), english)
        assert said == english and said.n == count
        with using("ca"):
            assert said.local() == catalan
    run = next(g for g in GRAMMARS if g.type == "run_routes")
    assert run.read("NYC runs 1 train(s) for 80") == {"entity": "NYC", "count": 1, "revenue": 80}


@pytest.mark.parametrize("title", ["continental-divide", "american-rails"])
def test_cube_rail_sentences_in_each_language_read_back(title):
    """The cube-rail sentences with a translated template (start, build, turn order, share put up, fund, pass)
    read back to their action in every language; seeded 3-player game 3, every 7th of its first 300 actions."""
    from gamekit.i18n import localize, using
    from gamekit.simulate import play_random_game

    game = play_random_game(title, 3, 3, cap=300)
    read, kinds = 0, set()
    for lang in ("zh", "ca", "es", "nl"):
        with using(lang):
            for k in range(0, len(game.actions), 7):
                position = game.at(k)
                for action in position.legal_actions()[:30]:
                    said = localize(sentence_now(position, action))
                    if said != sentence_now(position, action):
                        assert position.parse_action(said) == action, said
                        read += 1
                        kinds.add(action.type)
    assert read > 200
    if title == "american-rails":  # a bid for "a"/"an" share, a row of the action track by its translated name
        assert {"ar_bid", "ar_choose_action"} <= kinds
