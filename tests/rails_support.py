"""Where the tests find Rails-18xx game reports: ``GAMEKIT_RAILS`` (default ``../shared/rails``).

The reports are third-party data (Rails-18xx's test games): read in place, never copied into the project. Where
the folder is absent the tests that need it skip with the reason, except under CI (``CI`` set), where absence is
a failure (the pattern of ``tests/fixtures.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

from .fixtures import absent

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def rails_dir() -> Path:
    """Return the reports' folder (``$GAMEKIT_RAILS`` or the default beside the project)."""
    env = os.environ.get("GAMEKIT_RAILS")
    return Path(env) if env else (PROJECT_ROOT.parent / "shared" / "rails")


def require_report(title: str, name: str) -> Path:
    """Return ``<rails>/<title>/<name>.report``; skip the test where it is absent, fail under CI."""
    path = rails_dir() / title / f"{name}.report"
    if not path.is_file():
        absent(f"Rails-18xx report not found at {path} (set GAMEKIT_RAILS)")
    return path


def write_report(game, rng, most: int) -> tuple[str, int]:
    """Play ``game`` (an 1830 game at its start) with the heuristic bot and write what happens as a Rails-18xx
    report, in the shapes of Rails' own reports: the moves Rails records (bids, purchases, passes in the auction
    and the stock rounds, pars, share trades, tile lays with their orientation names, tokens, revenues,
    dividends with payouts, trains) and the figures it states (cash, prices, floats). Operating-round passes are
    not written, as Rails does not record them.

    Stops before an action this writer does not express, at the game's end or after ``most`` actions.

    Returns:
        ``(text, actions)``: the report and how many of the game's actions it covers.
    """
    from gamekit.bots.heuristic import heuristic_action
    from gamekit.query import BANK
    from gamekit.rails.tables import table
    from gamekit.tracks.board import find_city
    from gamekit.rails.moves import _exits

    rails = table(game.title)
    private_name = {ours: name for name, ours in rails.privates.items()}
    corp_name = {ours: name for name, ours in rails.corporations.items()}
    name = lambda corp: corp_name.get(corp, corp)  # noqa: E731
    players = [p.id for p in game.players]
    corps = list(game.corporations())
    lines = ["GameIs,1830"] + [f"PlayerIs,{i},{p}" for i, p in enumerate(players, start=1)]
    lines += [f"PlayerCash,{game.cash(players[0])}", f"BankHas,{game.cash(BANK)}", "StartOfPhase,2",
              f"BankSizeIs,{game.cash(BANK)}", "StartOfInitialRound", f"HasPriority,{game.current_entity}"]

    def rotation_name(tile: str, rotation: int) -> str:
        ours = _exits(game.track, tile, rotation)
        return next(rails.rotations[r] for r in range(6) if rails.exits(tile, r, "writer") == ours)

    def cell(corp: str) -> str:
        row, col = game.market_cell(corp)
        return f"{chr(ord('A') + col)}{row + 1}"

    operating, written = None, 0
    while written < most and not game.is_over:
        action = heuristic_action(game, rng)
        kind, who = action.type, action.entity
        if kind not in ("bid", "pass", "par", "buy_shares", "sell_shares", "lay_tile", "place_token",
                        "run_routes", "dividend", "buy_train", "buy_company", "discard_train"):
            break
        round_before = game.active_round()
        cash = {e: game.cash(e) for e in players + corps}
        prices = {c: game.share_price(c) for c in corps}
        floated = {c: game.floated(c) for c in corps}
        owners = {p: game.private_owner(p) for p in game.private_companies()}
        depot, for_sale = set(game.trains_in_depot()), set(game.trains_for_sale())
        trains = {c: set(game.trains(c)) for c in corps}
        held = \
            {p: dict(game.holdings(p)) for p in players}
        if who in corps and who != operating and kind != "discard_train":
            operating = who
            lines.append(f"CompanyOperates,{name(who)},{game.president(who)}")
        events = game.process(action)
        written += 1
        out: list[str] = []
        if kind == "bid":
            out.append(f"BuysItemFor,{who},{private_name[action.company]},{action.price}"
                       if game.private_owner(action.company) == who else
                       f"BID_ITEM_LOG,{who},{action.price},{private_name[action.company]},"
                       f"{game.cash(who) - _committed(game, who)}")
        elif kind == "pass" and who in players:
            out.append(f"PASSES,{who}")
        elif kind == "par" and round_before == "Private auction":
            pass  # Rails does not record the B&O's par: the reader takes it from the first share's price
        elif kind == "par":
            par = game.par_price(action.corporation)
            out.append(f"START_COMPANY_LOG,{who},{name(action.corporation)},{par},{2 * par},2,20,BANK")
        elif kind == "buy_shares" and who in owners:  # a private exchanged for a share (the M&H)
            out.append(f"SwapsPrivateForCertificate,{owners[who]},{private_name[who]},{action.percent},"
                       f"{name(action.shares[0].split('_')[0])}")
        elif kind == "buy_shares":
            buy = next(e for e in events if e.kind == "buy")
            source = "Pool" if "pool" in str(buy.data.get("from")) else "IPO"
            out.append(f"BUY_SHARE_LOG,{who},{action.percent},{name(action.shares[0].split('_')[0])},{source},"
                       f"{buy.data['price']}")
        elif kind == "sell_shares":
            sale = next(e for e in events if e.kind == "sell")
            out.append(f"SELL_SHARES_LOG,{who},{len(action.shares)},10,{action.percent},"
                       f"{name(sale.data['corporation'])},{sale.data['proceeds']}")
        elif kind == "lay_tile":
            tile = game.track.tile_name(action.tile)
            cost = cash[who] - game.cash(who)
            spot = f"{name(who)},{tile},{action.hex},{rotation_name(tile, action.rotation)}"
            out.append(f"LaysTileAtFor,{spot},{cost}" if cost else f"LaysTileAt,{spot}")
        elif kind == "place_token":
            coord = find_city(game.track, game.state.board, action.city)[0]
            out.append(f"LAYS_TOKEN_ON,{name(who)},{coord},{cash[who] - game.cash(who)} Hex {coord}")
        elif kind == "run_routes":
            out.append(f"CompanyRevenue,{name(who)},{sum(r.revenue for r in action.routes)}")
        elif kind == "dividend":
            key = {"payout": "CompanyPaysOutFull", "withhold": "CompanyWithholds"}[action.kind]
            out.append(f"{key},{name(who)},{_last_revenue(lines, name(who))}")
            out += [f"Payout,{p},{game.cash(p) - cash[p]},1,10" for p in players if game.cash(p) != cash[p]]
        elif kind == "buy_company":
            out.append(f"BuysPrivateFromFor,{name(who)},{private_name[action.company]},{owners[action.company]},"
                       f"{action.price}")
        elif kind == "discard_train":
            out.append(f"CompanyDiscardsTrain,{name(who)},{action.train.split('-')[0]},Pool")
        elif kind == "buy_train":
            seller = "IPO" if action.train in depot else "Pool" if action.train in for_sale else \
                name(next(c for c in corps if action.train in trains[c]))
            train = action.variant or action.train.split("-")[0]
            out.append(f"ExchangesTrain,{name(who)},{action.exchange.split('-')[0]},{train},{seller},{action.price}"
                       if action.exchange else f"BuysTrain,{name(who)},{train},{seller},{action.price}")
        if kind == "bid" and game.private_owner(action.company) == who:
            out += _certificates_gained(game, who, held, name)
        for private, owner in owners.items():
            now = game.private_owner(private)
            if now != owner and now in players and not (kind == "bid" and action.company == private):
                sale = next(e for e in events if e.kind == "buy_private" and e.data["company"] == private)
                out.append(f"BuysItemFor,{now},{private_name[private]},{sale.data['price']}")
        if kind != "dividend" and who in corps and prices[who] is not None and \
                game.share_price(who) < prices[who] and round_before.startswith("Operating"):
            out.append(f"CompanyDoesNotPayDividend,{name(who)}")  # no train: the engine withheld by itself
        rusted = sorted({t.split("-")[0] for e in events if e.kind == "rust" for t in e.data["trains"]})
        out += [f"TrainsRusted,{kind}" for kind in rusted]
        # Rails states the president's cash towards a train on the line before the purchase
        out[:0] = [f"PresidentAddsCash,{name(who)},{e.data['player']},{e.data['amount']}" for e in events
                   if e.kind == "emergency"]
        out += [f"IS_NOW_PRES_OF,{e.data['to']},{name(e.data['corporation'])}" for e in events
                if e.kind == "president" and e.data.get("from") is not None]
        out += [f"FloatsWithCash,{name(c)},{game.cash(c)}" for c in corps if game.floated(c) and not floated[c]]
        out += [f"PRICE_MOVES_LOG,{name(c)},{prices[c]},X1,{game.share_price(c)},{cell(c)}" for c in corps
                if prices[c] is not None and game.share_price(c) != prices[c]]
        lines += out
        if game.active_round() != round_before and not game.is_over:
            if round_before.startswith("Operating"):
                lines.append(f"EndOfOperatingRound,{round_before.split()[-1]}")
            lines += _round_change(game, players, corps, name, private_name)
            operating = None
    if game.is_over:
        lines.append("GameOver")
    return "\n".join(lines) + "\n", written


def _certificates_gained(game, player: str, held: dict, name) -> list[str]:
    """``ALSO_GETS`` lines for the shares that came with a private (1830's C&A and B&O)."""
    out = []
    for corp, holding in game.holdings(player).items():
        before = held[player].get(corp)
        gained = holding.percent - (before.percent if before else 0)
        if gained:
            kind = "PRES_CERT_NAME" if game.president(corp) == player and before is None and gained == 20 else \
                "CERT_NAME"
            out.append(f"ALSO_GETS,{player},{kind},{name(corp)},{gained}")
    return out


def _committed(game, player: str) -> int:
    from gamekit.g18xx.auction import committed
    return committed(game, player)


def _last_revenue(lines: list[str], corp: str) -> int:
    revenue = next((line for line in reversed(lines) if line.startswith(f"CompanyRevenue,{corp},")), None)
    return int(revenue.split(",")[2]) if revenue else 0


def _round_change(game, players, corps, name, private_name) -> list[str]:
    """The lines Rails writes when a round ends: everyone's cash (before the next operating round's private
    income), the new round, and the private income paid."""
    new = game.active_round()
    income = {}
    if new.startswith("Operating"):
        for private in game.private_companies():
            owner = game.private_owner(private)
            if owner is not None:
                income.setdefault(owner, []).append(private)
    revenue = {p: game.facts.private(p).revenue for p in game.private_companies()}
    lines = [f"Has,{name(e)},{game.cash(e) - sum(revenue[p] for p in income.get(e, []))}"
             for e in players + [c for c in corps if game.floated(c)]]
    if new.startswith("Stock"):
        lines += [f"StartStockRound,{new.split()[-1]}", f"HasPriority,{game.current_entity}"]
    elif new.startswith("Operating"):
        lines.append(f"START_OR,{new.split()[-1]}")
        lines += [f"ReceivesFor,{name(owner)},{revenue[p]},{private_name[p]}" for owner, ps in income.items()
                  for p in ps]
    return lines
