"""1894 rules fixed after the cross-check of December 2026 against the 18xx.games engine (issue 36), each at a
position reached by legal play of gamekit's seeded bots (``gamekit.bots.play_seats``, ``play_random_game``).

- ``1894:token.reserved`` / ``1894:track.city-split``: a home not yet placed on a green city that splits is kept
  for the whole hex; its corporation chooses the city when it first operates, unless stations placed meanwhile
  leave one city alone for it; a kept home stops another station only when kept homes fill the free spaces. A
  corporation whose first turn begins right after a station went back on the hex chooses its home's city there;
  a home never takes a slot of its own in a full city (fresh seed 8012 of the cross-check of stop 54).
- ``1894:track.city-split``: the lifted stations of other corporations go back in the operating order of the
  share prices at the end of the turn (18xx.games's order; the Catalan summary says only "at the end of the turn").
- ``1894:trains.must-buy``: two stations that no track joins are no route, so no train must be bought.
"""

from __future__ import annotations

from gamekit.actions import Pass
from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import PlaceToken


def test_a_home_kept_on_a_split_city_is_chosen_when_its_corporation_first_operates():
    # heuristic bots, 3 players, seed 301: G14 (Charleroi), Nord's second home, was upgraded to the split #X16
    # before Nord's first turn; its home is kept for the whole hex, not for one of the two cities
    game = play_seats("1894", ["heuristic"] * 3, 301, cap=456)
    assert game.state.board.tiles["G14"] == ("X16-1", 2) and game.state.board.hex_reservations == {"G14": ["Nord"]}
    assert game.state.board.reservations["G14"] == [[None], [None]]
    game.process(game.legal_actions()[0])  # PLM buys the 7-train; PLM's turn ends, Nord's first begins
    # Nord's home on D9 (one city) is placed; on G14 Nord chooses either city of the split tile
    assert game.current_entity == "Nord" and game.state.corporations["Nord"].tokens[:2] == ["D9", None]
    assert game.legal_actions() == [PlaceToken(entity="Nord", city="X16-1-0", slot=0),
                                    PlaceToken(entity="Nord", city="X16-1-1", slot=0)]
    game.process(PlaceToken(entity="Nord", city="X16-1-1", slot=0))
    assert game.state.board.tokens["G14"] == [[None], ["Nord"]] and "G14" not in game.state.board.hex_reservations


def test_a_hex_reservation_narrows_to_the_one_city_left_for_it():
    # heuristic bots, 3 players, seed 302: Gent (D15), the AG's home, is a split #X19 before the AG has floated,
    # so its home is kept for the whole hex. One kept home does not fill the hex's two free spaces: the Est may
    # station there (rule 1894:token.reserved). Once the Est is in city 0, city 1 alone can take the AG's home,
    # and the reservation narrows to it
    game = play_seats("1894", ["heuristic"] * 3, 302, cap=482)
    board = game.state.board
    assert board.tiles["D15"] == ("X19-0", 0) and not game.floated("AG")
    assert board.hex_reservations == {"D15": ["AG"]} and board.reservations["D15"] == [[None], [None]]
    station = PlaceToken(entity="Est", city="X19-0-0", slot=0)
    assert game.current_entity == "Est" and station in game.legal_actions()
    game.process(station)
    assert board.tokens["D15"] == [["Est"], [None]] and board.reservations["D15"] == [[None], ["AG"]]
    assert "D15" not in board.hex_reservations


def test_a_home_kept_for_a_split_hex_is_chosen_after_a_lifted_station_goes_back():
    # heuristic bots, 4 players, seed 8012: the PLM split Versailles (G4, #X22), lifting CFOR's station, while LF's
    # home there is kept for the whole hex. At the end of the PLM's turn CFOR places its station again in city 0,
    # and LF's first turn begins at once: its home is still kept for the whole hex, so LF chooses its city, and the
    # only choice is the free city 1 (as 18xx.games plays it). Before, the home kept was set aside while the turn
    # moved on and LF's home went to the full city 0: the action was refused; and a home station was offered a
    # slot of its own in a full city, which only a lifted station takes back (rule track.tokens).
    game = play_seats("1894", ["heuristic"] * 4, 8012, cap=481)
    board = game.state.board
    assert board.tiles["G4"] == ("X22-1", 2) and board.hex_reservations["G4"] == ["LF"]
    assert board.tokens["G4"] == [[None], [None]] and game.current_entity == "CFOR"
    assert game.legal_actions() == [PlaceToken(entity="CFOR", city="X22-1-0", slot=0),
                                    PlaceToken(entity="CFOR", city="X22-1-1", slot=0)]
    events = game.process(PlaceToken(entity="CFOR", city="X22-1-0", slot=0))
    assert [e.rule for e in events] == ["1894:track.city-split", "1894:or.turn", "1894:or.home"]
    assert game.current_entity == "LF" and game.state.board.tokens["G4"] == [["CFOR"], [None]]
    assert game.legal_actions() == [PlaceToken(entity="LF", city="X22-1-1", slot=0)]
    game.process(PlaceToken(entity="LF", city="X22-1-1", slot=0))
    assert game.state.board.tokens["G4"] == [["CFOR"], ["LF"]] and "G4" not in game.state.board.hex_reservations
    assert game.active_step.name == "Lay track"


def test_lifted_stations_go_back_in_the_order_of_the_share_prices_at_the_end_of_the_turn():
    # heuristic bots, 3 players, seed 305: AG split D9 (#X22), lifting the stations of Ouest and Nord; the round's
    # order had Ouest before Nord, but Nord's price rose past Ouest's since, so Nord re-places first
    game = play_seats("1894", ["heuristic"] * 3, 305, cap=354)
    rnd = game.state.round
    assert game.actions[-1] == Pass(entity="AG") and game.state.board.tiles["D9"][0] == "X22-0"
    assert rnd.order.index("Ouest") < rnd.order.index("Nord")
    assert game.operating_order_all().index("Nord") < game.operating_order_all().index("Ouest")
    assert [t[1] for t in rnd.pending_tokens] == ["Nord", "Ouest"] and game.current_entity == "Nord"
    assert game.legal_actions() == [PlaceToken(entity="Nord", city="X22-0-0", slot=0),
                                    PlaceToken(entity="Nord", city="X22-0-1", slot=0)]


def test_two_stations_that_no_track_joins_are_no_route():
    # uniform random play, 3 players, seed 503: Ouest has stations in its two homes, Le Havre (B3, a #57) and
    # Amiens (E6, no track); no track joins them to each other or to another stop, so Ouest need not buy a train
    game = play_random_game("1894", 3, 503, cap=472)
    assert game.current_entity == "Ouest" and game.active_step.name == "Buy trains"
    assert game.state.corporations["Ouest"].tokens[:2] == ["B3", "E6"] and not game.state.corporations["Ouest"].trains
    assert "E6" not in game.state.board.tiles
    assert not game.has_route("Ouest") and not game.must_buy("Ouest")
    assert Pass(entity="Ouest") in game.legal_actions()
