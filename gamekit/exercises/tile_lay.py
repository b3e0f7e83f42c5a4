"""Tile lays (18xx): whether a lay is legal and, if not, the rule that forbids it; where a tile may go.

Rules: the title's ``track.*`` sections (colours by phase, upgrades keep track, exits, connection, terrain); the
refusal of an illegal lay names its own rule (``Game.why_illegal``).
"""

from __future__ import annotations

import random

from .. import routes
from ..actions import Action
from ..events import Event
from ..game import Game
from ..hexgrid import neighbour
from .kind import Kind, consequence, event_lines, legal_of_type, pick, question, say, title_rule
from ..i18n import N_, Message, msg, phase_word, round_name
from .question import Question

LEGAL, ILLEGAL = N_("Yes, it is legal"), N_("No, the rules forbid it")


def tile_name(tile: str) -> str:
    """The printed number of a tile from its copy id (``"57-0"`` → ``"57"``)."""
    return tile.rsplit("-", 1)[0]


class _Lay(Kind):
    family = "18xx"

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a tile lay."""
        return 2 if action.type == "lay_tile" else 0


class TileLayLegal(_Lay):
    """Is this lay legal, and if not why (choice)? Half the lays asked are the legal one played (or drawn), half
    a variant of it refused by the rules: another rotation, or the same tile on another hex."""

    name = "tile_lay_legal"
    summary = N_("whether a tile lay is legal, and the rule that forbids it when it is not")

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about one lay, ``None`` where no lay is legal."""
        lays = legal_of_type(position, "lay_tile")
        lay = played if played is not None and played.type == "lay_tile" else pick(rng, lays)
        if lay is None:
            return None
        if rng.random() < 0.5:
            lay = self.refused_variant(position, lay, lays, rng) or lay
        refusal = position.why_illegal(lay)
        corporation = lay.entity
        prompt = msg("{round}, phase {phase}: {corporation} is at its track step. May it lay tile {tile} on {hex} "
                     "with rotation {rotation}?", round=round_name(position.active_round()),
                     phase=phase_word(position.phase()), corporation=corporation, tile=tile_name(lay.tile), hex=lay.hex, rotation=lay.rotation)
        if refusal is None:
            _, events = consequence(position, lay)
            explanation = msg("Legal: {move}.\n{events}", move=say(position, lay), events=event_lines(events))
            rules = [title_rule(position, "track.lay")] + [e.rule for e in events]
        else:
            explanation = msg("Refused: {reason} [{rule}]", reason=refusal.message, rule=refusal.rule)
            rules = [refusal.rule, title_rule(position, "track.lay")]
        legal, illegal = Message(LEGAL, {}), Message(ILLEGAL, {})
        return question(self, position, prompt, "choice", legal if refusal is None else illegal, explanation,
                        rules, choices=(legal, illegal))

    @staticmethod
    def refused_variant(position: Game, lay: Action, lays: list[Action], rng: random.Random) -> Action | None:
        """A lay like ``lay`` that the rules refuse: another rotation, or the tile on a hex where another lay is
        legal or on a neighbouring hex; drawn with ``rng``, ``None`` when every variant tried is legal."""
        legal = {(a.hex, a.tile, a.rotation) for a in lays}
        on_map = routes.position(position, lay.entity).data.hexes  # a hex off the map teaches nothing
        near = {neighbour(lay.hex, edge) for edge in range(6)} & set(on_map)
        hexes = sorted(({a.hex for a in lays} | near) - {lay.hex})
        variants = [lay.replace(rotation=r) for r in range(6) if (lay.hex, lay.tile, r) not in legal]
        variants += [lay.replace(hex=h) for h in hexes if (h, lay.tile, lay.rotation) not in legal]
        rng.shuffle(variants)
        return next((v for v in variants[:8] if position.why_illegal(v) is not None), None)


class TileLayWhere(_Lay):
    """Where may this tile go (a hex on the map; every legal hex is right)?"""

    name = "tile_lay_where"
    summary = N_("where on the map a corporation may lay a given tile now")

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about one tile, ``None`` where no lay is legal."""
        lays = legal_of_type(position, "lay_tile")
        if not lays:
            return None
        tiles = sorted({tile_name(a.tile) for a in lays})
        tile = tile_name(played.tile) if played is not None and played.type == "lay_tile" else rng.choice(tiles)
        hexes = sorted({a.hex for a in lays if tile_name(a.tile) == tile})
        corporation = lays[0].entity
        # how to give the hex is the medium's to say: a click in the quiz, a typed name in an assignment
        prompt = msg("{round}, phase {phase}: {corporation} is at its track step. On which hex may {corporation} "
                     "lay tile {tile} now?", round=round_name(position.active_round()),
                     phase=phase_word(position.phase()), corporation=corporation, tile=tile)
        explanation = msg("Tile {tile} may go on {hexes}: each is a legal lay for {corporation} (a colour of phase "
                          "{phase}, an upgrade keeping the track there, exits that lead somewhere, joined to its "
                          "network).", tile=tile, hexes=", ".join(hexes), corporation=corporation,
                          phase=phase_word(position.phase()))
        return question(self, position, prompt, "hex", hexes[0], explanation,
                        [title_rule(position, s) for s in ("track.lay", "track.upgrade", "track.exits",
                                                           "track.connect")],
                        accepted=hexes)
