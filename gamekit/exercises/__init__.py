"""Exercises: questions about real positions whose answers the engine computes, with the rules that explain them.

>>> from gamekit import exercises  # doctest: +SKIP
>>> qs = exercises.questions("1830", n=5, seed=1)         # a seeded bot game's positions  # doctest: +SKIP
>>> qs[0].prompt, qs[0].check(90).correct  # doctest: +SKIP

A :class:`Question` holds its position (a save), the prompt, the answer type (number, choice or hex), the
answer, an explanation citing rule ids and ``check(answer) -> Result``. Each kind lives in its own module and
uses the public API only (legal actions, ``why_illegal``, the query API, forks, ``gamekit.routes``):

========================  ==========================================================================
``sale_price``            where the share price goes when a player sells (18xx)
``sale_president``        who is president after the sale (18xx)
``payout_player``         what a shareholder receives on a payout or half payout (18xx)
``payout_treasury``       what the treasury gets on a payout, half payout or withholding (18xx)
``tile_lay_legal``        whether a tile lay is legal, and the rule forbidding it (18xx)
``tile_lay_where``        where a tile may go: a hex, clicked on the map or typed (18xx)
``best_route``            the best revenue of a corporation's trains (18xx; the proved router)
``rust``                  which trains rust on a purchase (18xx)
``next_phase``            what the next phase changes (18xx)
``cube_income``           a railroad's income after a build (cube rails)
``cube_dividend``         a railroad's dividend per share (cube rails)
``cube_payout``           what a shareholder receives at the next dividends, incomes and shares unchanged (cube rails)
``minimum_bid``           the lowest bid or share price a player may offer (every title)
``end_condition``         whether the coming dividends end the game, and why (cube rails)
========================  ==========================================================================
"""

from __future__ import annotations

from .best_route import BestRoute
from .cube_dividend import CubeDividend
from .cube_income import CubeIncome
from .cube_payout import CubePayout
from .end_condition import EndCondition
from .generate import about_position, applicable, questions, source_game
from .kind import Kind
from .lesson import lesson_quiz
from .minimum_bid import MinimumBid
from .payout import PayoutPlayer, PayoutTreasury
from .phase import NextPhase
from .question import Question, Result
from .rust import Rust
from .sale import SalePresident, SalePrice
from .tile_lay import TileLayLegal, TileLayWhere

KINDS: dict[str, Kind] = {k.name: k for k in (
    SalePrice(), SalePresident(), PayoutPlayer(), PayoutTreasury(), TileLayLegal(), TileLayWhere(), BestRoute(),
    Rust(), NextPhase(), CubeIncome(), CubeDividend(), MinimumBid(), EndCondition(), CubePayout())}
"""Kind name → the kind (see the table above)."""

__all__ = ["KINDS", "Kind", "Question", "Result", "about_position", "applicable", "lesson_quiz", "questions",
           "source_game"]
