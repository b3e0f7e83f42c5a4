"""The kit in five languages (gamekit.i18n): the catalogues are complete and compiled, the language switch works,
and texts built from templates render in the chosen language while their English text stays as it was.

The catalogue checks fail on an untranslated interface string: a string wrapped for translation in the code that
is missing from a catalogue (Babel's extraction with ``babel.cfg``, run here as the README's command runs it), a
message with an empty or fuzzy translation, a translation whose ``{fields}`` are not the template's, and a
``.mo`` that is not the compilation of its ``.po``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import gamekit
from gamekit.i18n import localize, msg, nmsg, using

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "gamekit" / "locale"
TRANSLATED = ("zh", "ca", "es", "nl")
CD_CASH_EN, CD_CASH_ZH = "each of the 3 players receives $80", "3 位玩家每人获得 $80"
"""Continental Divide's first setup event for 3 players ($80 each, rule cd:setup.cash), in English and Chinese."""


pytestmark = pytest.mark.usefixtures("english")  # every test leaves the process in English (conftest)


def _catalogue(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "gamekit.po", "rb") as f:
        return read_po(f, locale=lang)


def _key(message_id) -> str | tuple[str, ...]:
    return message_id if isinstance(message_id, str) else tuple(message_id)


@pytest.fixture(scope="module")
def extracted() -> set:
    """The msgids Babel extracts from the package with the project's ``babel.cfg`` (keywords msg, nmsg, N_)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return {_key(message) for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map)}


def test_extraction_finds_the_interface(extracted):
    assert len(extracted) > 150
    assert {"Apply", "Undo", "Redo", "rule of this step", "{player} bids {amount}", "{message} (rule {rule})",
            ("{count} action", "{count} actions")} <= extracted


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_holds_every_wrapped_string_and_no_other(lang, extracted):
    ids = {_key(m.id) for m in _catalogue(lang) if m.id}
    assert sorted(map(str, extracted - ids)) == [], "wrapped in the code, missing from the catalogue: re-extract"
    assert sorted(map(str, ids - extracted)) == [], "in the catalogue, no longer in the code: run pybabel update"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    catalogue = _catalogue(lang)
    empty = [m.id for m in catalogue if m.id and not all(_strings(m.string))]
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert empty == [] and fuzzy == []
    # Chinese has one form; Catalan and Spanish three in CLDR (one, many — millions —, other), Dutch two
    assert catalogue.num_plurals == {"zh": 1, "ca": 3, "es": 3, "nl": 2}[lang]


def _strings(value) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _fields(text: str) -> set[tuple[str, str]]:
    """The ``{name:spec}`` fields of a template, as (name, spec) pairs."""
    return {(name, spec or "") for _, name, spec, _ in Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_the_template_fields(lang):
    """A translation may leave a field out (English's "a"/"an" has no counterpart), never invent or re-format one:
    a field the code does not pass would raise at run time."""
    wrong = []
    for m in _catalogue(lang):
        if not m.id:
            continue
        allowed = set().union(*(_fields(t) for t in _strings(m.id)))
        wrong += [(m.id, t) for t in _strings(m.string) if not _fields(t) <= allowed]
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_is_up_to_date(lang):
    """The shipped ``.mo`` is exactly what ``pybabel compile`` makes of the ``.po`` (README, "Languages")."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(lang))
    assert (LOCALE / lang / "LC_MESSAGES" / "gamekit.mo").read_bytes() == compiled.getvalue(), \
        "run: pybabel compile -d gamekit/locale -D gamekit"


def test_set_language_refuses_an_unknown_code_naming_the_known_ones():
    with pytest.raises(ValueError, match="the known ones are en, zh, ca, es, nl"):
        gamekit.set_language("fr")
    assert gamekit.language() == "en"
    gamekit.set_language("nl")
    assert gamekit.language() == "nl"


def test_environment_variable_chooses_the_language():
    code = "import gamekit; from gamekit.i18n import _; print(gamekit.language(), _('Undo'))"
    run = lambda value: subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                                       env={**os.environ, "GAMEKIT_LANG": value})
    assert run("ca").stdout.split() == ["ca", "Desfés"]
    assert run("zh_CN.UTF-8").stdout.split() == ["zh", "撤销"]
    unknown = run("xx")  # the kit still starts, in English, and says why in one warning
    assert unknown.returncode == 0 and unknown.stdout.split() == ["en", "Undo"]
    assert "GAMEKIT_LANG='xx' is not a language of gamekit; the known ones are en, zh, ca, es, nl; English is used" \
        in unknown.stderr and "Traceback" not in unknown.stderr


def test_a_message_is_its_english_text_and_renders_in_each_language():
    m = msg("{player} bids {amount}", player="Ann", amount="$40")
    assert m == "Ann bids $40" and isinstance(m, str)
    shown = {}
    for lang in TRANSLATED:
        with using(lang):
            shown[lang] = m.local()
    assert shown == {"zh": "Ann 出价 $40", "ca": "Ann puja $40", "es": "Ann puja $40", "nl": "Ann biedt $40"}
    assert m.local() == "Ann bids $40"


def test_plural_forms_and_nested_messages():
    one, three = (nmsg("{count} action", "{count} actions", n, count=n) for n in (1, 3))
    assert (one, three) == ("1 action", "3 actions")
    with using("nl"):
        assert (one.local(), three.local()) == ("1 actie", "3 acties")
    with using("zh"):
        assert (one.local(), three.local()) == ("1 个动作", "3 个动作")
    nested = msg("{reason}; the game ends", reason=msg("The year {year} is over", year=1857))
    assert nested == "The year 1857 is over; the game ends"
    with using("es"):
        assert nested.local() == "El año 1857 ha terminado; la partida termina"


def test_a_message_survives_a_pickle():
    import pickle

    m = msg("{company} starts in {city}", company="NA", city="Boston")
    again = pickle.loads(pickle.dumps(m))
    assert again == m and again.template == m.template and again.values == m.values


def test_cube_rail_events_and_refusals_in_the_chosen_language():
    """Events keep their English text (tests, replays and saves see it); ``local_text`` and ``str`` follow the
    language, with names as given and money in the title's currency."""
    g = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    first = g.setup_events[0]
    assert first.text == "Each player starts with $50"
    with using("ca"):
        assert first.local_text == "Cada jugador comença amb $50"
        assert str(first) == "Cada jugador comença amb $50 [ar:setup.cash]"
        assert g.active_step.name.local() == "Tria una acció per subhastar"
        wrong = g.legal_actions()[0].replace(entity="Ben")
        with pytest.raises(gamekit.GameError) as refused:
            g.process(wrong)
        assert str(refused.value) == "li toca a Ann, no a Ben (regla ar:track.order)"
        assert refused.value.message == "it is Ann's turn, not Ben's"
    cd = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=1)
    with using("zh"):
        texts = [e.local_text for e in cd.setup_events]
    assert texts[:2] == [CD_CASH_ZH, "火车头位于第 1 回合"]
    assert cd.setup_events[0].text == CD_CASH_EN


def test_a_whole_cube_rail_game_renders_in_every_language():
    """Every event of a seeded game renders in every language without a missing field, and differs from English
    (names and numbers alone would be the same): Continental Divide's builds, regions and Divide bonus among them."""
    from gamekit.rng import GameRandom
    from gamekit.simulate import new_bot_game, random_action

    for title in ("american-rails", "continental-divide"):
        game = new_bot_game(title, 3, 2, ())
        rng = GameRandom(2)
        while game.outcome is None and len(game.actions) < 400:
            game.process(random_action(game, rng))
        events = [e for _, evs in game.history() for e in evs]
        assert len(events) > 100
        if title == "continental-divide":
            assert {"build", "unlock"} <= {e.kind for e in events}
        for lang in TRANSLATED:
            with using(lang):
                assert [e.text for e in events if e.local_text == e.text] == []
                if game.outcome is not None:
                    assert localize(game.outcome.text) != game.outcome.text


def test_html_view_in_chinese():
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    with using("zh"):
        page = g._repr_html_()
    assert "0 个动作" in page and "玩家" in page and "当前价值" in page and "银行" in page


def test_explorer_language_menu():
    from gamekit.widgets import Explorer

    g = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    explorer = Explorer(g)
    assert [code for _, code in explorer.language_menu.options] == ["en", "zh", "ca", "es", "nl"]
    assert explorer.apply_button.description == "Apply"
    explorer.language_menu.value = "zh"
    assert gamekit.language() == "zh"
    assert explorer.apply_button.description == "执行" and explorer.undo_button.description == "撤销"
    assert "选择要拍卖的股份" in explorer.step_view.value and "轮到 Ann" in explorer.step_view.value
    assert "每位玩家开局有 $50" in [line.children[1].value for line in explorer.event_log.lines]
    explorer.set_language("nl")
    assert explorer.language_menu.value == "nl" and explorer.redo_button.description == "Opnieuw"
    with pytest.raises(ValueError):
        explorer.set_language("xx")


def test_cli_messages_follow_the_language(capsys):
    from gamekit.cli import main

    with using("es"):
        assert main(["simulate", "american-rails", "--players", "9"]) == 2
    assert "american-rails es para 3–5 jugadores" in capsys.readouterr().err


ENGINE_KINDS = {"bid", "buy_private", "private_income", "grant", "price_move", "float", "withhold", "payout",
                "dividend", "close_private", "president", "route", "revenue", "price_drop", "forced_buy", "auction"}
"""Kinds of the events the 18xx engine's templated modules write (auction, economy, dividend, companies, revenue,
end): the other modules (stock and operating rounds, track, train purchases) still write plain English."""


def test_18xx_engine_events_in_every_language():
    """A seeded 1830 game (4 players, seed 2, 1,185 actions: auction, floats, payouts, routes, the first 4-train)
    renders every event of the templated kinds in every language, names and money as given."""
    from gamekit.simulate import play_random_game

    game = play_random_game("1830", 4, 2, cap=1185)
    events = [e for _, evs in game.history() for e in evs if e.kind in ENGINE_KINDS or
              e.rule.startswith("1830:auction.")]
    assert len(events) > 400 and {e.kind for e in events} >= ENGINE_KINDS - {"forced_buy", "price_drop", "auction"}
    for lang in TRANSLATED:
        with using(lang):
            assert [e.text for e in events if e.local_text == e.text] == []
    first = {e.kind: e for e in reversed(events)}
    with using("ca"):
        shown = {kind: first[kind].local_text for kind in ("bid", "float", "route", "payout", "price_move", "grant")}
    assert shown == {"bid": "P1 ofereix $184 per MH",
                     "float": "B&O flota (60% venut) i rep $670 del banc",
                     "route": "B&O fa córrer un tren 2: Baltimore 30 + Washington 20 = $50",
                     "payout": "B&O reparteix $100 ($10 per acció)",
                     "price_move": "la cotització de B&O es mou avall de $67 a $67 (s'ha venut una acció)",
                     "grant": "P3 rep una acció del 10% de PRR"}
    assert first["route"].text == "B&O runs a 2-train: Baltimore 30 + Washington 20 = $50"


def test_18xx_refusal_and_step_in_chinese():
    """The auction's step and a refusal of its order (rule ``1830:auction.order``) in Chinese; the English
    message is unchanged."""
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    wrong = g.legal_actions()[0].replace(entity="Ben")
    with using("zh"):
        assert g.active_step.name.local() == "私人公司拍卖"
        assert g.active_step.help.local().startswith("以 $20 买下 SV")
        with pytest.raises(gamekit.GameError) as refused:
            g.process(wrong)
        assert str(refused.value) == "拍卖中轮到 Ann，而不是 Ben（规则 1830:auction.order）"
    assert refused.value.message == "it is Ann's turn in the auction, not Ben's"


def test_18xx_outcome_and_market_words_nest():
    """An outcome inside its template ("The bank broke and the last set of operating rounds is over") and a
    diagonal step of 1837's hex market render as one sentence in the language."""
    from gamekit.g18xx.economy import DIRECTION_WORDS
    from gamekit.i18n import Message

    ended = msg("{outcome}: the game ends", outcome=Message("{ended} and the last set of operating rounds is over",
                                                            {"ended": Message("The bank broke", {})}))
    assert ended == "The bank broke and the last set of operating rounds is over: the game ends"
    with using("nl"):
        assert ended.local() == "De bank is gesprongen en de laatste reeks bedrijfsrondes is voorbij: het spel eindigt"
    move = msg("{corporation}'s share price moves {direction} from {before} to {after} ({why})", corporation="MS",
               direction=Message(DIRECTION_WORDS["down_right"], {}), before="77K", after="75K",
               why=Message("half paid", {}))
    assert move == "MS's share price moves down and to the right from 77K to 75K (half paid)"
    with using("es"):
        assert move.local() == ("la cotización de MS se mueve hacia abajo y a la derecha de 77K a 75K "
                                "(mitad repartida)")


def test_charts_and_map_hover_in_the_language():
    """A timeline's headings, turning points and round names, and a map hex's facts, drawn in Catalan and Chinese
    from one collected timeline; English as before (the labels ``tests/golden/figure_labels.json`` pins)."""
    from gamekit import viz
    from gamekit.datafiles import data_json
    from gamekit.viz.map18xx import hex_facts

    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    data = viz.timeline_data(sample)
    assert data.labels[:3] == ["Auction", "SR 1", "OR 1.1"] and ("phase 3" in [t for _, t in data.marks])
    with using("ca"):
        figure = viz.timelines.timeline_figure(sample, data)
    texts = [a.text for a in figure.layout.annotations]
    assert texts[:4] == ["Valor dels jugadors", "Cotitzacions (per acció del 10%)", "Tresoreries",
                         "Ingressos per ronda d'operacions"]
    assert {"fase 3", "Subhasta", "RA 1", "RO 1.1"} <= set(texts)
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    towns = "2 towns: no revenue until a tile is laid"  # New Haven & Hartford: two towns, no track yet
    assert str(hex_facts(g, "F20")).splitlines()[1:] == ["printed white hex", towns]
    with using("zh"):
        assert localize(hex_facts(g, "F20")).splitlines()[1:] == ["印刷的白色六角格", "2 个小城：放置板块之前没有收益"]


def test_every_18xx_event_of_a_whole_game_is_translated():
    """Every event of the seeded 1830 game (4 players, seed 2, 1,185 actions) renders in every language: the
    set-up, the auction, the stock rounds (pars, purchases, sales, passes, the priority deal), tile lays, station
    tokens, prices, floats, dividends, routes, operating turns, train purchases, phases, rusting, discards and the
    M&H exchange. Stock-round and track events in Catalan, names and money as given; the English text as before."""
    from gamekit.simulate import play_random_game

    game = play_random_game("1830", 4, 2, cap=1185)
    checked = [e for _, evs in [((), game.setup_events)] + list(game.history()) for e in evs]
    assert len(checked) > 1000
    assert {"setup", "round", "par", "buy", "sell", "pass", "end_turn", "priority", "lay_tile", "token", "turn",
            "phase", "rust", "discard", "exchange", "buy_train"} <= {e.kind for e in checked}
    for lang in TRANSLATED:
        with using(lang):
            assert [e.text for e in checked if e.local_text == e.text] == []
    first = {e.kind: e for e in reversed(checked)}
    with using("ca"):
        shown = {kind: first[kind].local_text for kind in ("setup", "par", "buy", "sell", "lay_tile", "token")}
    english = {kind: first[kind].text for kind in shown}
    assert english["setup"] == "Each player receives $600; the bank keeps $9,600"
    assert shown["setup"] == "Cada jugador rep $600; el banc es queda $9.600"  # thousands as Catalan groups them
    assert all(not text.isascii() or text != english[kind] for kind, text in shown.items())
    assert shown["buy"].startswith(english["buy"].split(" ")[0] + " compra un certificat del ")
    assert shown["lay_tile"].split(" ")[1:3] == ["col·loca", "la"]


def test_stock_round_step_and_refusal_in_catalan():
    """The stock round's step and a refusal of a purchase out of turn (rule ``1830:stock.round``) in Catalan; the
    English message is unchanged."""
    from gamekit.simulate import play_random_game

    game = play_random_game("1830", 4, 3, cap=252)
    step = game.active_step
    assert step.name == "Stock round" and step.help.startswith("P2: Sell certificates")
    with using("ca"):
        assert localize(step.name) == "Ronda d'accions"
        assert localize(step.help).startswith("P2: ven certificats, després funda una companyia")
    wrong = next(a for a in game.legal_actions() if a.type == "buy_shares").replace(entity="P4")
    with using("ca"), pytest.raises(gamekit.GameError) as refused:
        game.process(wrong)
    assert refused.value.rule == "1830:stock.round" and refused.value.message == "it is P2's turn, not P4's"
    with using("ca"):
        assert str(refused.value) == "li toca a P2, no a P4 (regla 1830:stock.round)"


def test_market_zones_and_map_terrain_in_the_language():
    """A market cell's hover describes its zones (1830's orange zone, rule ``1830:market.zones``) and a map hex's
    hover names its terrain (B18, water, $80) in the language; English as before."""
    from gamekit.viz.map18xx import hex_facts
    from gamekit.viz.market import _cell_hover

    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    cell = next(c for c in g.market.cells.values() if "o" in c.zones and c.row == 3 and c.col == 0)
    assert _cell_hover(g, cell) == "$39<br>orange: as yellow, and a player may hold more than 60%"
    with using("ca"):
        assert _cell_hover(g, cell) == "$39<br>taronja: com el groc, i un jugador pot tenir més del 60%"
    assert str(hex_facts(g, "B18")).splitlines()[2] == "terrain: water; the first tile costs $80"
    with using("zh"):
        assert localize(hex_facts(g, "B18")).splitlines()[2] == "地形：水域；第一块板块费用 $80"


def test_round_names_in_the_language():
    """The rounds ``active_round()`` names render in the language where they are shown (a quiz prompt, American
    Rails' map title), numbers kept; English as given."""
    from gamekit.i18n import round_name
    from gamekit.viz.american_rails import map_figure

    name = round_name("Operating round 3.1")
    assert name == "Operating round 3.1"
    with using("ca"):
        assert localize(name) == "Ronda d'operacions 3.1"
    with using("zh"):
        assert localize(round_name("Stock round 2")) == "股票回合 2"
    ar = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy"], seed=1)
    assert map_figure(ar).layout.title.text == "American Rails — opening auctions (approximate map)"
    with using("ca"):
        assert "subhastes inicials" in map_figure(ar).layout.title.text


def test_operating_round_events_and_refusals_in_catalan():
    """The operating round's events (a corporation's turn, a pass naming its step in lower case, a new phase with
    its tile colours, rules ``1830:or.turn`` and ``1830:trains.phase``) and a train purchase refused (rule
    ``1830:trains.buy``) read in Catalan; the English texts are unchanged. Seeded random 4-player 1830 game 3."""
    from gamekit.simulate import play_random_game

    game = play_random_game("1830", 4, 3, cap=200)
    events = [e for _action, happened in game.history() for e in happened]
    turn = next(e for e in events if e.kind == "turn")
    passed = next(e for e in events if e.kind == "pass" and e.text == "NYC passes (buy trains)")
    new_phase = next(e for e in events if e.kind == "phase")
    assert (turn.text, new_phase.text) == ("NYC operates", "Phase 3 begins: tiles yellow, green, train limit 4, 2 "
                                           "operating rounds per set")
    with using("ca"):
        assert (turn.local_text, passed.local_text) == ("NYC opera", "NYC passa (comprar trens)")
        assert new_phase.local_text == ("Comença la fase 3: tessel·les de color groc, verd, límit de trens 4, "
                                        "2 rondes d'operacions per conjunt")
    from gamekit.actions import action_types
    from gamekit.g18xx import trainbuy
    with pytest.raises(gamekit.GameError) as refused:
        trainbuy.discard(game, action_types()["discard_train"](entity="NYC", train="9-9"))
    assert refused.value.message == "NYC does not own 9-9"
    with using("ca"):
        assert str(refused.value) == "NYC no té 9-9 (regla 1830:trains.limit)"


def test_tile_lay_refusals_in_the_language():
    """Tile lays refused by the track rules (``1830:track.colour``, ``track.lay``, ``track.hex``, ``track.cities``)
    in the language set with ``gamekit.set_language``; the English message is unchanged. Seeded random 4-player
    1830 game 3 after 71 actions: NYC's tile lay in operating round 5.1, phase 2 (yellow tiles only)."""
    from gamekit.simulate import play_random_game
    from gamekit.tracks.actions import LayTile

    game = play_random_game("1830", 4, 3, cap=71)
    assert str(game.active_step.name) == "Lay track"

    def refusal(lang: str, hex_: str, tile: str, rotation: int = 0) -> tuple[str, str]:
        gamekit.set_language(lang)
        with pytest.raises(gamekit.GameError) as refused:
            game.process(LayTile(entity="NYC", hex=hex_, tile=tile, rotation=rotation))
        return refused.value.message, str(refused.value)

    assert refusal("zh", "E19", "15-0") == ("green tiles are not available in this phase (only yellow)",
                                            "本阶段不能使用绿色板块（只有黄色）（规则 1830:track.colour）")
    assert refusal("zh", "E19", "57-0", 7)[1] == "旋转 7 不在 0..5 之中（规则 1830:track.lay）"
    assert refusal("ca", "F2", "57-0") == ("F2 is a red hex (off-board, sea or fixed track); no tile may be laid there",
                                           "F2 és un hexàgon vermell (fora del mapa, mar o via fixa); no s'hi pot "
                                           "col·locar cap tessel·la (regla 1830:track.hex)")
    assert refusal("es", "E19", "9-0") == ("tile 9 has 0 cities but E19 has 1",
                                           "la loseta 9 tiene 0 ciudades pero E19 tiene 1 (regla 1830:track.cities)")
    assert refusal("nl", "Z9", "57-0")[1] == "er is geen hex 'Z9' op de kaart (regel 1830:track.lay)"
    assert len(game.actions) == 71


def test_token_and_route_refusals_in_the_language():
    """A station token in a city the corporation's network does not reach (rule ``1830:token.connect``: a new 1830
    game, seed 7, where PRR has no station yet, Altoona H12 its home) and a route with one stop (rule
    ``1830:route.stops``), refused by the track modules, in Chinese and Catalan; English unchanged."""
    from gamekit.tracks import routes, tokens

    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    with pytest.raises(gamekit.GameError) as token:
        tokens.check_token(g.track, g.state.board, "PRR", "H12", 0)
    with pytest.raises(gamekit.GameError) as route:
        routes.check_route(g.track, g.state.board, "PRR", routes.Route("2-0", ()))
    assert (token.value.message, route.value.message) == ("PRR's network does not reach H12",
                                                          "route of 2-0 needs at least two stops")
    with using("zh"):
        assert str(token.value) == "PRR 的网络到不了 H12（规则 1830:token.connect）"
    with using("ca"):
        assert str(route.value) == "la ruta del 2-0 necessita almenys dues parades (regla 1830:route.stops)"


def test_game_protocol_refusals_in_the_language():
    """The protocol's and the set-up's refusals (``core:protocol.undo``, ``1830:setup``) in Chinese and Dutch."""
    with pytest.raises(gamekit.GameError) as seats:
        gamekit.new_game("1830", ["Ann"])
    assert seats.value.message == "1830 is for 2–6 players, not 1"
    g = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    with pytest.raises(gamekit.GameError) as undo:
        g.undo()
    with using("nl"):
        assert str(seats.value) == "1830 is voor 2–6 spelers, niet 1 (regel 1830:setup)"
    with using("zh"):
        assert str(undo.value) == "没有可撤销的行动（规则 core:protocol.undo）"


def test_continental_divide_build_events_in_spanish():
    """A build, the Central region's cubes and the Divide's bonus (rules ``cd:build.cost-income``,
    ``cd:build.regions``, ``cd:build.divide``) in Spanish; seeded random 3-player game 3, first 300 actions."""
    from gamekit.simulate import play_random_game

    game = play_random_game("continental-divide", 3, 3, cap=300)
    first = {}
    for _action, events in game.history():
        for e in events:
            first.setdefault(e.kind, e)
    shown = {k: first[k] for k in ("build", "unlock", "divide")}
    assert [e.text for e in shown.values()] == ["DRG builds in O37 for $2; income +$1 → $1",
                                                "DRG enters the Central region: 10 more cubes (12 available)",
                                                "DRG builds west of the Continental Divide: income +$10 → $19"]
    with using("es"):
        assert [e.local_text for e in shown.values()] == [
            "DRG construye en O37 por $2; ingresos +$1 → $1",
            "DRG entra en la región central: 10 cubos más (12 disponibles)",
            "DRG construye al oeste de la Divisoria Continental: ingresos +$10 → $19"]


@pytest.fixture(scope="module")
def seed_2_game():
    """The seeded random 4-player 1830 game 2 (1,185 actions), played once for the tests that read it."""
    from gamekit.simulate import play_random_game

    return play_random_game("1830", 4, 2, cap=1185)


@pytest.mark.parametrize("lang, said", [
    ("zh", "P1 用 MH 换取首次发行区的一张 NYC 的 10% 股票；MH 关闭"),
    ("ca", "P1 bescanvia MH per una acció del 10% de NYC de l'IPO; MH tanca"),
    ("es", "P1 canjea MH por una acción del 10% de NYC de la IPO; MH cierra"),
    ("nl", "P1 ruilt MH tegen een aandeel van 10% in NYC uit de IPO; MH sluit"),
])
def test_mh_exchange_reads_back_in_each_language(lang, said, seed_2_game):
    """The Mohawk & Hudson's exchange for a 10% NYC certificate (rule ``1830:private.mh``) as the event words it
    is the action's sentence in the learner's language, and the codec reads it back to the action, as it still
    reads the English one; a certificate from the bank pool, which the position does not offer, is not read as
    this action. Seeded random 4-player 1830 game 2, action 47."""
    from gamekit.sentences import sentence_now

    game = seed_2_game
    position, action = game.at(47), game.actions[47]
    english = "P1 exchanges MH for a 10% NYC share from the IPO; MH closes"
    assert action.type == "buy_shares" and action.entity == "MH"
    with using(lang):
        sentence = sentence_now(position, action)
        assert (str(sentence), localize(sentence)) == (english, said)
        assert position.parse_action(said) == action
        assert position.parse_action(english) == action
        pool = said.replace(localize(msg("the IPO")), localize(msg("the bank pool")))
        with pytest.raises(gamekit.GameError):
            position.parse_action(pool)


def test_continental_divide_lines_refused_in_the_language():
    """Lines refused by Continental Divide's build rules (``cd:build.straight-line``, ``cd:map``), a direction
    among the values, in Catalan and Chinese; English unchanged. Seeded random 3-player game 3 at action 6, where
    P3 builds DRG from P38 to P36."""
    from gamekit.simulate import play_random_game

    position = play_random_game("continental-divide", 3, 3, cap=6)
    build = next(a for a in position.legal_actions() if a.type == "cd_build_track")
    assert (build.origin, build.hexes) == ("P38", ("P36",))
    refused = {}
    for wrong in (build.replace(hexes=("P36", "P36")), build.replace(hexes=("Z99",))):
        with pytest.raises(gamekit.GameError) as refusal:
            position.process(wrong)
        refused[refusal.value.message] = refusal.value
    assert list(refused) == ["P36 does not continue the straight line west from P38", "Z99 is not a hex of the map"]
    line, hex_ = refused.values()
    with using("ca"):
        assert str(line) == ("P36 no continua la línia recta en direcció oest des de P38 "
                             "(regla cd:build.straight-line)")
    with using("zh"):
        assert (str(line), str(hex_)) == ("P36 没有延续从 P38 向西的直线（规则 cd:build.straight-line）",
                                          "Z99 不是地图上的六角格（规则 cd:map）")
    assert len(position.actions) == 6


@pytest.fixture(scope="module")
def seed_2_to_diesel():
    """The seeded random 4-player 1830 game 2 up to B&M's diesel bought with a trade-in (action 1481)."""
    from gamekit.simulate import play_random_game

    return play_random_game("1830", 4, 2, cap=1482)


TRAIN_PURCHASES = {
    112: ("B&O buys a 2-train from the bank for $80",
          {"zh": "B&O 从银行以 $80 购买一辆 2 型火车", "ca": "B&O compra un tren 2 al banc per $80"}),
    218: ("C&O buys a 2-train from B&O for $494",
          {"zh": "C&O 从 B&O 处以 $494 购买一辆 2 型火车", "ca": "C&O compra un tren 2 a B&O per $494"}),
    1211: ("NYNH buys a 3-train from the bank pool for $180",
           {"zh": "NYNH 从银行池以 $180 购买一辆 3 型火车",
            "ca": "NYNH compra un tren 3 al pool del banc per $180"}),
    1481: ("B&M buys a D-train from the bank for $800 trading in a 4-train",
           {"zh": "B&M 从银行以 $800 购买一辆 D 型火车，并以一辆 4 型火车折抵",
            "ca": "B&M compra un tren D al banc per $800, i hi bescanvia un tren 4"}),
}
"""Train purchases of the seeded 4-player 1830 game 2 by action index (rules ``1830:trains.buy``,
``1830:trains.trade-in``: a diesel for $1,100 less $300 for a 4-train): a new train from the bank, one from
another corporation at the price the two agreed, a discarded one from the bank pool, and a trade-in."""


@pytest.mark.parametrize("index", sorted(TRAIN_PURCHASES))
@pytest.mark.parametrize("lang", ["zh", "ca"])
def test_train_purchases_read_back_in_the_language(lang, index, seed_2_to_diesel):
    """A train purchase as its event words it is the action's sentence in the learner's language, before and
    after it is played, and the codec reads it back to the action, as it still reads the English one."""
    from gamekit.sentences import sentence_now, sentence_then

    game = seed_2_to_diesel
    position, action = game.at(index), game.actions[index]
    english, said = TRAIN_PURCHASES[index]
    events = list(game.history())[index][1]
    assert action.type == "buy_train"
    with using(lang):
        for sentence in (sentence_now(position, action), sentence_then(position, action, events)):
            assert (str(sentence), localize(sentence)) == (english, said[lang])
        assert position.parse_action(said[lang]) == action
        assert position.parse_action(english) == action


def test_a_trade_in_is_not_read_as_a_plain_purchase(seed_2_to_diesel):
    """B&M's diesel with its 4-train traded in costs $800; the same sentence without the trade-in names no legal
    purchase ($800 is not the diesel's price of $1,100), in English or Catalan (rule ``1830:trains.trade-in``)."""
    position = seed_2_to_diesel.at(1481)
    with using("ca"):
        for plain in ("B&M buys a D-train from the bank for $800", "B&M compra un tren D al banc per $800"):
            with pytest.raises(gamekit.GameError):
                position.parse_action(plain)


def test_malformed_save_and_log_errors_in_the_language(tmp_path):
    """A malformed save or log is refused with one line naming the place, in the learner's language; the error's
    ``message`` stays English, as before: a save's misspelled format and a newer format version (rule
    ``core:save.version``), a log's field of the wrong type, a file that is not UTF-8 text, a field our rules do
    not know, and a log action the rules refuse (the rule's reason nested in the language too)."""
    players = [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cy"}]
    bid = {"type": "bid", "entity": 1, "entity_type": "player", "company": "SV", "price": 5, "id": 1}
    log = {"title": "1830", "players": players, "settings": {"seed": 1}, "actions": [bid]}
    not_utf8 = tmp_path / "bad.json"
    not_utf8.write_bytes(b'{"title": "\xff"}')
    cases = [
        (lambda: gamekit.load_json('{"format": 5}'),
         "save: field 'format' is 5, not \"gamekit-game\": not a gamekit save",
         "存档：字段 'format' 是 5，而不是 \"gamekit-game\"：不是 gamekit 存档",
         "partida desada: el camp 'format' és 5, no \"gamekit-game\": no és una partida desada de gamekit"),
        (lambda: gamekit.load_json('{"format": "gamekit-game", "version": 99, "title": "1830"}'),
         "save: written in save format version 99, newer than this gamekit reads (versions 1 to 1); update gamekit "
         "to load it (rule core:save.version)",
         "存档：以存档格式版本 99 写成，比此 gamekit 能读取的更新（版本 1 到 1）；请更新 gamekit 后再载入（规则 "
         "core:save.version）",
         "partida desada: escrita amb la versió 99 del format de partida desada, més nova que les que llegeix aquest "
         "gamekit (versions 1 a 1); actualitza gamekit per carregar-la (regla core:save.version)"),
        (lambda: gamekit.import_log('{"title": 3, "players": [], "actions": []}'),
         "log: field 'title': expected a string, not a whole number", "记录：字段 'title'：应为 字符串，而不是 一个整数",
         "registre: camp 'title': s'esperava un text, no un nombre enter"),
        (lambda: gamekit.import_log(not_utf8),
         f"{not_utf8}: not UTF-8 text", f"{not_utf8}：不是 UTF-8 文本", f"{not_utf8}: no és text UTF-8"),
        (lambda: gamekit.import_log({**log, "actions": [{**bid, "foo": 2}]}),
         "action 1: field 'foo' is not part of a bid action in our rules",
         "动作 1：在我们的规则中，字段 'foo' 不属于 bid 动作",
         "acció 1: el camp 'foo' no forma part d'una acció bid a les nostres regles"),
        (lambda: gamekit.import_log(log),
         "action 1: 1830:auction.buy-cheapest: SV is the cheapest private and costs exactly $20",
         "动作 1：1830:auction.buy-cheapest：SV 是最便宜的私人公司，价格正好是 $20",
         "acció 1: 1830:auction.buy-cheapest: SV és la privada més barata i costa exactament $20"),
        (lambda: gamekit.load_json({"format": "gamekit-game", "version": 1, "title": "1830", "seed": 1,
                                    "players": [{"id": n, "name": n} for n in ("Ann", "Ben", "Cy")], "options": [],
                                    "actions": [{"type": "bid", "entity": "Ann", "company": "SV", "price": 5}]}),
         "save: action 0 (Ann bids $5 on SV): SV is the cheapest private and costs exactly $20 "
         "(rule 1830:auction.buy-cheapest)",
         "存档：动作 0（Ann 对 SV 出价 $5）：SV 是最便宜的私人公司，价格正好是 $20（规则 1830:auction.buy-cheapest）",
         "partida desada: acció 0 (Ann ofereix $5 per SV): SV és la privada més barata i costa exactament $20 "
         "(regla 1830:auction.buy-cheapest)"),
    ]
    for load, english, chinese, catalan in cases:
        for lang, said in (("en", english), ("zh", chinese), ("ca", catalan)):
            with using(lang):
                with pytest.raises(gamekit.DataError) as refusal:
                    load()
                assert (refusal.value.message, str(refusal.value)) == (english, said)


def test_measure_settings_refused_in_the_language():
    """``gamekit measure``'s refusals of its settings before any game is played, in Dutch and Spanish; still a
    ``ValueError`` whose message is English."""
    pytest.importorskip("pandas")
    with using("nl"):
        with pytest.raises(ValueError) as refusal:
            gamekit.measure("1830", 7, 1)
        assert (refusal.value.args[0], str(refusal.value)) == ("1830 is for 2–6 players, not 7 (rule 1830:setup)",
                                                               "1830 is voor 2–6 spelers, niet 7 (regel 1830:setup)")
    with using("es"):
        with pytest.raises(ValueError) as refusal:
            gamekit.measure("1830", 4, 0)
        assert str(refusal.value) == "games es un número entero de al menos 1, no 0"


def test_1837_start_packet_in_catalan_and_chinese():
    """1837's start packet (3 players, seed 1): Ann chooses EPP at its face value 40K, Ben and Cy drop out, Ann
    buys the coal company, receives its certificate and EPP floats with its 100K; each event in Catalan and
    Chinese, the English text unchanged, and a bid out of turn refused in Chinese (rule ``1837:auction.select``)."""
    from gamekit.actions import Pass

    g = gamekit.new_game("1837", ["Ann", "Ben", "Cy"], seed=1)
    chosen = g.process(g.legal_actions()[0])
    with using("ca"):
        assert [e.local_text for e in chosen] == ["Ann tria EPP i ofereix 40K"]
        assert g.active_step.help.local() == "Ben: puja l'oferta per EPP fins a almenys 45K o passa i retira't."
    g.process(Pass(entity="Ben"))
    sold = g.process(Pass(entity="Cy"))
    assert [e.text for e in sold[:4]] == ["Cy passes and drops out of the bidding on EPP", "Ann buys EPP for 40K",
                                          "Ann receives EPP's certificate",
                                          "EPP floats and receives 100K from the bank"]
    with using("ca"):
        assert [e.local_text for e in sold[:4]] == ["Cy passa i es retira de la subhasta de EPP", "Ann compra EPP per 40K",
                                                    "Ann rep el certificat de EPP", "EPP flota i rep 100K del banc"]
    with using("zh"):
        assert [e.local_text for e in sold[:4]] == ["Cy 放弃并退出对 EPP 的竞价", "Ann 以 40K 买下 EPP",
                                                    "Ann 获得 EPP 的股票", "EPP 开始运营，从银行获得 100K"]
        with pytest.raises(gamekit.GameError) as refused:
            g.process(g.legal_actions()[0].replace(entity="Cy"))
        assert str(refused.value) == "起始包中现在轮到 Ben，不是 Cy（规则 1837:auction.select）"
    assert refused.value.message == "it is Ben's turn in the start packet, not Cy's"


def test_a_wrong_field_is_explained_in_the_learners_language():
    """The record checker's reason (gamekit.model) stays English in the error and renders in the current language
    where it is shown, its alternatives joined by that language's "or"."""
    from gamekit.model import FieldError, Record

    class Seat(Record):
        name: str | None
        count: int = 0

    with pytest.raises(FieldError) as wrong:
        Seat.from_data({"name": 5})
    with pytest.raises(FieldError) as missing:
        Seat.from_data({"count": 1})
    assert (str(wrong.value), str(missing.value)) == ("name: expected a string or null, got 5", "name: missing")
    with using("ca"):
        assert localize(str(wrong.value)) == "name: s'esperava un text o null, s'ha rebut 5"
        assert localize(str(missing.value)) == "name: absent"
    with using("zh"):
        assert localize(str(wrong.value)) == "name：应为字符串或null，得到的是 5"


def test_the_explorer_intro_follows_its_language_menu():
    """``Explorer(game, intro=True)`` (the explorer app) heads the page with its how-to in the language chosen,
    naming the buttons as they are labelled; without ``intro`` it is hidden."""
    from gamekit.widgets import Explorer

    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    explorer = Explorer(game, intro=True)
    assert explorer.intro.value.startswith("<h1>gamekit explorer: 1830</h1><p>Play a game of 1830 by clicking.")
    explorer.set_language("ca")
    assert explorer.intro.value.startswith("<h1>Explorador de gamekit: 1830</h1><p>Juga una partida de 1830")
    assert "prem <b>Aplica</b>" in explorer.intro.value and explorer.apply_button.description == "Aplica"
    assert Explorer(game).intro.layout.display == "none"
