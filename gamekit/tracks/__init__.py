"""18xx mechanics shared by 1830, 1837 and 1894: market, certificates, map, tiles, routes, trains.

Track mechanics (one idea per module):

* :mod:`.mapdata` — schema and loader of ``data/<title>/map.json`` / ``tiles.json`` (:func:`load_track_data`).
* :mod:`.board` — the picklable :class:`~.board.Board` (tiles laid, tokens, reservations) and 18xx.games ids.
* :mod:`.graph` — what a corporation's network reaches (:func:`~.graph.reach`).
* :mod:`.lay` — tile-lay legality and cost (:func:`~.lay.check_lay`, :func:`~.lay.lay_tile`,
  :func:`~.lay.legal_lays`).
* :mod:`.tokens` — station tokens (:func:`~.tokens.check_token`, :func:`~.tokens.place_token`).
* :mod:`.routes` — route legality and revenue, the single place revenue is computed
  (:func:`~.routes.run_routes`, :func:`~.routes.route_from_log`, :func:`~.routes.legs_from`).
"""
