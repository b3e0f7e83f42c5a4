"""1837's coal exchange and national formation lines of a Rails report.

Rails records the exchange rounds and the formation of the SD, KK and UG national railways as events of their
own. A decision Rails records (``MERGE_MINOR_LOG``: a coal company or minor exchanged by its owner;
``PlayerDoesNoWantToMerge`` / ``NoMerge``: declined) is played as our ``choose`` action where our exchange round
asks for it; a consequence (a share received, a company closed, a national started at its price, a station
taken over) is checked. Forced exchanges and formations are our rules' own doing (rules ``1837:coal.exchange``,
``1837:national.formation``): their lines (``AutoMergeMinorLog``) are checks.
"""

from __future__ import annotations

from ..tracks.actions import Choose
from .lines import Line
from .replay import Replay, check_price


def play(replay: Replay, line: Line) -> None:
    """Play or check one exchange/formation line (see the module docstring).

    Raises:
        Stop: our game does not ask for the decision the line records, or a figure differs.
    """
    handler = _HANDLERS.get(line.key)
    if handler is None:
        raise replay.stop(line, replay.rule(replay.table.rules["title_lines"]), f"not followed yet: {line.text}")
    handler(replay, line)


def _decide(replay: Replay, line: Line, company: str, answers: tuple[str, ...]) -> None:
    """Our exchange round's decision of ``company``: the first of ``answers`` it offers."""
    if replay.game.current_entity != company:
        raise replay.stop(line, replay.rule("exchange-round"), f"our exchange round does not ask {company} now "
                          f"(it asks {replay.game.current_entity})")
    options = [a for a in replay.legal("choose", lambda a: a.entity == company) if a.choice in answers]
    if not options:
        raise replay.stop(line, replay.rule("exchange-round"), f"{company} may not choose {' or '.join(answers)} "
                          f"in our game now")
    replay.act(line, Choose(entity=company, choice=options[0].choice))


def _declines(replay: Replay, line: Line) -> None:
    """``PlayerDoesNoWantToMerge,player,minor[, minor…],major`` / ``NoMerge,player,minor,national``: each minor
    declines its exchange or its national's formation."""
    parts = [p.strip() for p in ",".join(str(a) for a in line.args[1:]).split(",")]
    for minor in parts[:-1]:
        _decide(replay, line, replay.corporation(minor), ("Decline", "decline"))


def _merges(replay: Replay, line: Line) -> None:
    """``MERGE_MINOR_LOG,player,minor,major,price,shares``: the owner exchanges the minor for the major's share."""
    player, minor_name, major_name, _price, _count = line.args
    minor = replay.corporation(minor_name)
    if replay.game.current_entity == minor:
        _decide(replay, line, minor, ("Exchange", "form", "fold_in"))
    replay.check(line, "exchange-round", f"{minor_name} closed", replay.game.closed(minor), True)
    del player, major_name  # the owner and the major are checked by the share line that follows


def _auto_merges(replay: Replay, line: Line) -> None:
    """``AutoMergeMinorLog,minor,major,price,shares``: a forced exchange our rules made by themselves."""
    minor = replay.corporation(line.args[0])
    replay.check(line, "coal.exchange", f"{line.args[0]} closed", replay.game.closed(minor), True)


def _percent(replay: Replay, holder: str, corp: str) -> int:
    held = replay.game.holdings(holder).get(corp)
    return held.percent if held else 0


def _share_for_minor(replay: Replay, line: Line) -> None:
    """``GetShareForMinor,player,percent,major,minor`` / ``GetPresShareForMinor``: the share the owner
    received for the minor (Rails' reports of early 2021 name where the share came from before the minor:
    ``player,percent,major,source,minor``)."""
    player, percent, major_name, minor_name = line.args[:3] + line.args[-1:]
    replay.check(line, "exchange-round", f"{minor_name} closed",
                 replay.game.closed(replay.corporation(minor_name)), True)
    if player in replay.players:
        major = replay.corporation(major_name)
        replay.check(line, "exchange-round", f"{player} holds at least the {percent}% of {major_name} received",
                     _percent(replay, player, major) >= percent, True)


def _minor_closes(replay: Replay, line: Line) -> None:
    minor = replay.corporation(line.args[0])
    replay.check(line, "exchange-round", f"{line.args[0]} closed", replay.game.closed(minor), True)


def _national_starts(replay: Replay, line: Line) -> None:
    """``START_MERGED_COMPANY,national,price,cell``: the national formed at that price."""
    national, price, cell = line.args
    check_price(replay, line, national, price, cell, "national.formation")


def _base_token(replay: Replay, line: Line) -> None:
    """``ExchangesBaseToken,national,minor,hex[/city…]``: the national holds a station in that hex."""
    national = replay.corporation(line.args[0])
    coord = str(line.args[1]).split(",")[1].split("/")[0]
    replay.check(line, "national.tokens", f"{line.args[0]}'s station in {coord}",
                 coord in replay.game.tokens(national), True)


def _territory(replay: Replay, line: Line) -> None:
    """``TerritoryIsOpened,Bosnian`` / ``TerritoryIsClosed,Italian``: a hex of the territory is in play exactly
    while it is open (rules ``1837:map.bosnia``, ``1837:map.italy``)."""
    territory = replay.table.territories.get(line.args[0])
    if territory is None:
        raise replay.stop(line, replay.rule("track.hex"), f"{line.args[0]} is not a territory of our map")
    is_open = territory["hex"] not in replay.game.closed_hexes()
    replay.check(line, territory["rule"], f"{line.args[0]} open", is_open, line.key == "TerritoryIsOpened")


_HANDLERS = {"TerritoryIsOpened": _territory, "TerritoryIsClosed": _territory,
             "PlayerDoesNoWantToMerge": _declines, "NoMerge": _declines, "MERGE_MINOR_LOG": _merges,
             "AutoMergeMinorLog": _auto_merges, "GetShareForMinor": _share_for_minor,
             "GetPresShareForMinor": _share_for_minor, "MinorCloses": _minor_closes,
             "START_MERGED_COMPANY": _national_starts, "ExchangesBaseToken": _base_token}
