"""Reading a Rails-18xx game report into records: one :class:`Line` per report line, its arguments typed.

A Rails report (the ``.report`` text Rails-18xx writes beside its test games) has one event a line: a key and
its arguments separated by commas (``BuysItemFor,Alice,EKT,40``), a blank line between operating turns, and a
few lines of free text (``All 2-trains are sold out, 3-trains now available``, the final ranking). The shape of
every key we read is the table :data:`SHAPES`: a text argument is ``s``, a whole number ``i``, a whole number that
may be followed by words for people ``n`` (``80 Hex E17 (Brünn)``), a round's number ``r`` (``1.1``), ``*`` takes
the rest of the line as one text and ``N`` as an ``n``; ``|`` separates the shapes a key may take (``|i``: nothing,
or one whole number). A line that does not fit its key's shape is refused with a one-line error naming it — a
narration line with a field more or of another kind too (``StartOfInitialRound,x``: Rails numbers that round, it
writes no text there) —, as is a field of more than :data:`DIGITS` digits wherever it stands (no number of a game
comes near; a longer one is a damaged file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError, shown
from ..i18n import msg, nmsg
from ..loading import read_text

SHAPES: dict[str, str] = {
    # setting up
    "GameIs": "s", "PlayerIs": "is", "PlayerCash": "i", "BankHas": "i", "BankSizeIs": "i", "StartOfPhase": "s",
    # start packet and private auction
    "StartOfInitialRound": "|i", "StartOfStartRound": "*", "HasPriority": "s", "StartingPlayer": "s",
    "BID_ITEM_LOG": "sisi", "BID_ITEM": "sis", "SelectForAuctioning": "ss", "BuysItemFor": "s*",
    "TO_AUCTION": "s", "ALSO_GETS": "s*", "PASSES": "s", "Autopasses": "s", "ALL_PASSED": "",
    "ITEM_PRICE_REDUCED": "si", "ShortORExecuted": "",
    # stock rounds
    "StartStockRound": "i", "END_SR": "i", "START_COMPANY_LOG": "ssiiiis", "BUY_SHARE_LOG": "sissi",
    "SELL_SHARE_LOG": "sisi", "SELL_SHARES_LOG": "siiisi", "FloatsWithCash": "si", "SoldOut": "sisis|s",
    "PRICE_MOVES_LOG": "sisis", "IS_NOW_PRES_OF": "ss", "SwapsPrivateForCertificate": "ssis",
    "SharesReleased": "ss",
    # operating rounds
    "START_OR": "r", "EndOfOperatingRound": "r", "ReceivesFor": "sis", "Receives": "si",
    "CompanyOperates": "ss", "LaysTileAt": "ssss", "LaysTileAtFor": "ssssi", "LAYS_TOKEN_ON": "ssN",
    "LAYS_FREE_TOKEN_ON": "ss", "CompanyRevenue": "si", "CompanyPaysOutFull": "si", "CompanyWithholds": "si",
    "CompanySplits": "si", "CompanyDividesEarnings": "siii", "CompanyDoesNotPayDividend": "s",
    "Payout": "siii", "BuysTrain": "sssi", "ExchangesTrain": "ssssi", "FirstTrainBought": "s",
    "NewTrainAvailable": "ss", "CompanyDiscardsTrain": "sss", "TrainsRusted": "s", "TrainsObsoleteRusted": "ss",
    "TrainsObsolete.ALL": "s", "BuysPrivateFromFor": "sssi", "PrivateCloses": "s", "PhaseClosesAllPrivates": "|s",
    "PresidentAddsCash": "ssi", "CompanyGetsLoanToBuyTrain": "si", "PlayerMustRaiseCash": "sis",
    "PlayerMustSellShares": "si", "YouMustRaiseCashButCannot": "si", "PlayerIsBankrupt": "s",
    "ORWorthIncrease": "sri", "Has": "si", "TerritoryIsOpened": "s", "TerritoryIsClosed": "s", "BuysRight": "ssi",
    # 1837: coal exchange, national formation
    "StartCoalExchangeRound": "s", "EndOfCoalExchangeRound": "s", "MERGE_MINOR_LOG": "sssii",
    "AutoMergeMinorLog": "ssii", "MinorCloses": "s", "GetShareForMinor": "siss|sisss",
    "GetPresShareForMinor": "siss|sisss",
    "PlayerDoesNoWantToMerge": "s*", "StartFormationRound": "s*", "EndOfFormationRound": "s*",
    "START_MERGED_COMPANY": "sis", "ExchangesBaseToken": "ss*", "NoMerge": "sss", "DuplicateTokenRemoved": "ss",
    "EndOfFormationRoundNoInterrupt": "s*", "TrainInherited": "ss", "PayoutBlocked": "sis",
    "CompanyRepaysBankLoan": "sii", "BuyPresidentLog": "sissi", "PRICE_STAYS_LOG": "sis",
    # keys of Rails' 1837 reports of early 2021 (its repository's history), renamed or dropped since
    "StartOfCoalExchangeRound": "s", "MergingInto": "s", "SetsHomeHexS5": "ss", "RECEIVES": "si",
    "SoldOutNoRaise": "sis",
    # manual corrections made in Rails' correction mode (not moves of the game)
    "CorrectionModeActivate": "ss", "CorrectionModeDeactivate": "ss", "CorrectCashSubstractMoney": "si",
    "CorrectCashAddMoney": "si",
    # the end
    "GameOver": "", "BankIsBrokenReportText": "", "EoGFinalRanking :": "",
}
"""Each report key we read and the shape of its arguments (``s`` text, ``i`` whole number, ``r`` a round number
such as ``2.1``, ``*`` the rest of the line; shapes a key may take are separated by ``|``, an empty one meaning no
arguments: ``StartOfInitialRound`` stands alone or with the round's number, ``PhaseClosesAllPrivates`` alone, with
an empty field, or with the phase)."""

_FREE_TEXT = (re.compile(r"^All \S+-trains are sold out, \S+-trains now available$"),
              re.compile(r"^\d+\. -?\d+ \S.*$"), re.compile(r"^EoGWinner\S.*$"))
"""Lines of prose Rails writes for people: the train-sold-out notice and the final ranking."""
DIGITS = 12
"""The most digits of a whole number a report line may hold (Rails' sums of money are far smaller; a longer number
is refused at its line before anything computes with it)."""
MAX_LINES = 100_000
"""The most lines a report may have: Rails' own reports of whole games have a few thousand (the longest here, 2,330),
and a file that goes on past this is refused at its line before more of it is read (each line is parsed and checked
before the replay starts: a replay looks ahead, and the variant a report plays is read from all of its lines)."""
_INT = re.compile(r"^-?[0-9]{1,%d}$" % DIGITS)
_LONG = re.compile(r"^\s*-?[0-9]{%d,}\s*$" % (DIGITS + 1))
_ROUND = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,2})?$")


@dataclass(frozen=True)
class Line:
    """One event line of a report.

    Attributes:
        number: the line's number in the file, from 1.
        key: the event key (``"BuysItemFor"``), or ``"text"`` for a free-text line.
        args: the arguments, whole numbers as ``int``, everything else as ``str``.
        text: the line as written (without the line break).
    """

    number: int
    key: str
    args: tuple[Any, ...]
    text: str


def parse_report(source: Any) -> tuple[list[Line], str]:
    """Read a report from a :class:`pathlib.Path` (or a path string naming an existing ``.report`` file) or from
    its text, into its event lines (blank lines are dropped).

    Returns:
        ``(lines, where)``: the event lines in order, and how errors name the report (the file name or
        ``report``).

    Raises:
        DataError: ``"<where>: line N: <reason>"`` for a line of an unknown key or of the wrong shape, or an
            unreadable file, or a report that does not start with ``GameIs``.
    """
    text, where = _text(source)
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:
            raise DataError(msg("{where}: line {number}: a Rails report has at most {most} lines (Rails' own have a "
                                "few thousand)", where=where, number=number, most=MAX_LINES))
        if raw.strip():
            lines.append(parse_line(raw, number, where))
    if not lines or lines[0].key != "GameIs":
        raise DataError(msg("{where}: line {number}: a Rails report starts with 'GameIs,<title>'", where=where,
                            number=lines[0].number if lines else 1))
    return lines, where


def _text(source: Any) -> tuple[str, str]:
    if isinstance(source, Path):
        return read_text(source, source.name), source.name
    if isinstance(source, str) and "\n" not in source and source.endswith(".report") and Path(source).is_file():
        return read_text(source, Path(source).name), Path(source).name
    if isinstance(source, bytes):
        try:
            return source.decode("utf-8-sig"), "report"
        except UnicodeDecodeError:
            raise DataError(msg("{where}: not UTF-8 text", where="report")) from None
    if isinstance(source, str):
        return source.removeprefix("\ufeff"), "report"
    raise DataError(msg("{where}: expected a path or the report's text, not {value}", where="report",
                        value=msg("nothing") if source is None else shown(source, 40)))


def parse_line(raw: str, number: int, where: str = "report") -> Line:
    """Parse one non-blank report line (see :data:`SHAPES`).

    Raises:
        DataError: ``"<where>: line N: <reason>"``.
    """
    text = raw.rstrip("\r")
    if any(p.match(text) for p in _FREE_TEXT):
        return Line(number, "text", (), text)
    key, _, rest = text.partition(",")
    shape = SHAPES.get(key)
    if shape is None:
        raise DataError(msg("{where}: line {number}: {key} is not a Rails report event we read", where=where,
                            number=number, key=shown(key)))
    at = (where, number)  # the place's text is built only for an error (a report has thousands of lines)
    _refuse_long_numbers(rest, key, at)
    shapes = shape.split("|")
    for i, one in enumerate(shapes):
        try:
            return Line(number, key, _arguments(one, rest, key, bool(_), at), text)
        except DataError:
            if i == len(shapes) - 1:
                raise
    raise AssertionError("unreachable: a shape list is never empty")


def _place(at: tuple[str, int]) -> str:
    """``"<where>: line N"`` for ``at = (where, N)``, in the current language where it is shown."""
    return msg("{where}: line {number}", where=at[0], number=at[1])


def _refuse_long_numbers(rest: str, key: str, at: tuple[str, int]) -> None:
    """Refuse a field that is a whole number of more than :data:`DIGITS` digits, wherever the key's shape puts
    it: the fields a shape reads as text (``BuysItemFor``'s price) become numbers later in the replay."""
    for index, part in enumerate(rest.split(","), start=1):
        head = part.strip().split(" ", 1)[0]
        if _LONG.match(head):
            raise DataError(msg("{where}: {key} argument {index} is too large: {text} (a whole number of at most "
                                "{digits} digits)", where=_place(at), key=key, index=index,
                                text=shown(part.strip(), 30), digits=DIGITS))


def _arguments(shape: str, rest: str, key: str, has_args: bool, at: tuple[str, int]) -> tuple[Any, ...]:
    if shape == "":
        if rest.strip():
            raise DataError(msg("{where}: {key} takes no arguments, not {text}", where=_place(at), key=key,
                                text=shown(rest)))
        return ()
    parts = rest.split(",") if has_args else []
    if shape[-1] in "*N":
        head = len(shape) - 1
        if len(parts) <= head:
            raise DataError(nmsg("{where}: {key} needs at least {count} argument, it has {given}",
                                 "{where}: {key} needs at least {count} arguments, it has {given}", head + 1,
                                 where=_place(at), key=key, count=head + 1, given=len(parts)))
        parts = parts[:head] + [",".join(parts[head:])]
        shape = shape[:-1] + ("s" if shape[-1] == "*" else "n")
    if len(parts) != len(shape):
        raise DataError(nmsg("{where}: {key} needs {count} argument, it has {given}",
                             "{where}: {key} needs {count} arguments, it has {given}", len(shape), where=_place(at),
                             key=key, count=len(shape), given=len(parts)))
    return tuple(_value(kind, part, i, key, at) for i, (kind, part) in enumerate(zip(shape, parts), start=1))


def _value(kind: str, part: str, index: int, key: str, at: tuple[str, int]) -> Any:
    if kind == "i":
        if not _INT.match(part):
            raise DataError(msg("{where}: {key} argument {index} must be a whole number, not {text}", where=_place(at),
                                key=key, index=index, text=shown(part)))
        return int(part)
    if kind == "n":
        head = part.split(" ", 1)[0]
        if not _INT.match(head):
            raise DataError(msg("{where}: {key} argument {index} must start with a whole number, not {text}",
                                where=_place(at), key=key, index=index, text=shown(part)))
        return int(head)
    if kind == "r":
        if not _ROUND.match(part):
            raise DataError(msg("{where}: {key} argument {index} must be a round number such as 2.1, not {text}",
                                where=_place(at), key=key, index=index, text=shown(part)))
        return part
    if not part.strip():
        raise DataError(msg("{where}: {key} argument {index} is empty", where=_place(at), key=key, index=index))
    return part.strip()


_EVENT = re.compile(r"^[A-Za-z][A-Za-z0-9_. ]{0,40}:?(,|$)")
"""The start of an event line: a key of letters (``BuysItemFor``, ``TrainsObsolete.ALL``, ``EoGFinalRanking :``),
then a comma or the end of the line."""


def looks_like_report(text: str) -> bool:
    """True when ``text`` has the shape of a Rails report, whether or not each line is one we read: it is not
    JSON, and its first non-blank line is ``GameIs`` or most of its first 40 non-blank lines are event lines
    (a key and comma-separated arguments), two of them (one in a text of one line) with a key of Rails' we know
    (:data:`SHAPES`). The test by content behind :func:`gamekit.rails.is_rails_report`: a report with a wrong
    line, or a fragment without its ``GameIs`` start, is still a report, refused by :func:`parse_report` naming
    that line (not as a log that is no JSON)."""
    head = [line.strip() for line in text.removeprefix("\ufeff").splitlines()[:200] if line.strip()][:40]
    if not head or head[0][0] in "{[":
        return False
    if head[0] == "GameIs" or head[0].startswith("GameIs,"):
        return True
    events = sum(1 for line in head if _EVENT.match(line) and (line.partition(",")[0] in SHAPES or "," in line))
    known = sum(1 for line in head if line.partition(",")[0] in SHAPES)
    return known >= min(2, len(head)) and events * 2 > len(head)
