"""Certificates and who holds them: the share ledger of an 18xx game.

A certificate id is ``"<corporation>_<index>"`` (18xx.games ids); index 0 is the president's certificate.
Holders are player ids, a corporation's own treasury (its symbol), the initial offering :data:`IPO` and the bank
pool :data:`POOL`. Each holder keeps its certificates of a corporation in the order it received them, because a
change of president moves the new president's *first* certificates (rule ``1830:stock.president``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

IPO = "@ipo"
POOL = "@pool"


def cert_corporation(cert: str) -> str:
    """Return the corporation of a certificate id (``"B&O_3"`` → ``"B&O"``; a text without ``_`` is returned
    whole, and is then no corporation's certificate)."""
    return cert.rsplit("_", 1)[0]


def is_president_cert(cert: str) -> bool:
    """True for the president's certificate (index 0); False for any text that is not a certificate id."""
    return cert.endswith("_0")


@dataclass
class ShareLedger:
    """Who holds which certificate.

    Attributes:
        percent: certificate id → its size in percent of the corporation (20 for a president's certificate).
        owner: certificate id → holder id.
        holdings: holder id → corporation → certificate ids in the order received.

    Besides, the ledger keeps what each holder holds of each corporation in percent (``percent_of``, asked by every
    stock-round listing for every player and corporation), kept up to date by :meth:`move`: change the holdings
    only through it. And it keeps the answers its users work out about one holder from that holder's holdings and
    the zone effects of the corporations' share prices (:meth:`kept`), forgotten at a move of one of that holder's
    certificates and at a move of a price marker that changes those effects.
    """

    percent: dict[str, int]
    owner: dict[str, str] = field(default_factory=dict)
    holdings: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    _held: dict[str, dict[str, int]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _kept: dict[str | None, dict] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._held = {holder: {corp: sum(self.percent[c] for c in certs) for corp, certs in corps.items()}
                      for holder, corps in self.holdings.items()}

    @classmethod
    def issue(cls, corporations: dict[str, tuple[int, ...]]) -> "ShareLedger":
        """Create a ledger with every certificate of every corporation in the IPO, in index order.

        Args:
            corporations: corporation symbol → certificate sizes in percent, president's certificate first.
        """
        ledger = cls(percent={})
        for corp, sizes in corporations.items():
            for i, size in enumerate(sizes):
                cert = f"{corp}_{i}"
                ledger.percent[cert] = size
                ledger._put(cert, IPO)
        return ledger

    def certs(self, holder: str, corp: str) -> list[str]:
        """Return the certificates of ``corp`` held by ``holder``, in the order received (a copy)."""
        return list(self.holdings.get(holder, {}).get(corp, ()))

    def percent_of(self, holder: str, corp: str) -> int:
        """Return the percent of ``corp`` that ``holder`` holds."""
        return self._held.get(holder, {}).get(corp, 0)

    def most_held(self, corp: str, holders: list[str], but: str) -> int:
        """Return the most percent of ``corp`` that one of ``holders`` other than ``but`` holds (0 for none): the
        challengers of a president who sells."""
        held = self._held
        most = 0
        for holder in holders:
            if holder != but:
                percent = held.get(holder, {}).get(corp, 0)
                if percent > most:
                    most = percent
        return most

    def held_by(self, holder: str) -> dict[str, int]:
        """Return what ``holder`` holds of each corporation, in percent (corporation → percent, in first-received
        order; a corporation it no longer holds may remain, at 0). The ledger's own record: read it, never change
        it."""
        return self._held.get(holder, {})

    def corporations_of(self, holder: str) -> list[str]:
        """Return the corporations of which ``holder`` holds certificates, in first-received order."""
        return [corp for corp, certs in self.holdings.get(holder, {}).items() if certs]

    def kept(self, holder: str | None = None) -> dict:
        """Answers worked out from the holdings and the corporations' share prices only (key → answer, the key
        naming the question and its other arguments: a player's certificate count, asked at every stock-round
        position), kept until the next move of a certificate (:meth:`move`) or of a price marker that changes what
        they may read of a price (whose mover calls :meth:`forget`): whether it has one, whether its certificates
        count toward the certificate limit there and whether a player may hold more than the holding limit there
        (``MarketCell.counts_for_cert_limit``, ``allows_over_60``); an answer must read nothing else of a price. Those about one ``holder``, read from its own holdings only, are kept apart
        and forgotten only at a move of one of its certificates (another holder's move changes none of what they
        read); those of ``holder`` ``None`` at every move. A copy of the ledger (a snapshot) carries them, true of
        its holdings as of the original's."""
        found = self._kept.get(holder)
        if found is None:
            found = self._kept[holder] = {}
        return found

    def forget(self) -> None:
        """Forget every holder's :meth:`kept` answers: a price marker moved into a cell of other zone effects."""
        self._kept.clear()

    def move(self, cert: str, to: str) -> None:
        """Give ``cert`` to holder ``to`` (it goes last in their order). Raises ``KeyError`` for an unknown id."""
        old = self.owner[cert]
        kept = self._kept
        if kept:  # the answers about the giver and the taker read their holdings, those about nobody any (kept)
            kept.pop(old, None)
            kept.pop(to, None)
            kept.pop(None, None)
        corp = cert_corporation(cert)
        self.holdings[old][corp].remove(cert)
        self._held[old][corp] -= self.percent[cert]
        self._put(cert, to, corp)

    def _put(self, cert: str, holder: str, corp: str | None = None) -> None:
        """Record ``holder`` as the holder of ``cert`` (of ``corp``, its corporation when the caller knows it)."""
        corp = cert_corporation(cert) if corp is None else corp
        self.owner[cert] = holder
        self.holdings.setdefault(holder, {}).setdefault(corp, []).append(cert)
        held = self._held.setdefault(holder, {})
        held[corp] = held.get(corp, 0) + self.percent[cert]
