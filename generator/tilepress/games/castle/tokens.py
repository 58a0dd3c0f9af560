"""Dragon Castle's shrines as paper tokens: square cards with a shrine gate on both sides,
enough for the largest table (three a player, four players).

A shrine sits on a flipped tile of a player's castle, so a token is smaller than a tile:
by default 16 mm square, which leaves a 20 mm paper tile's edges showing.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.documents.cards import SAFE, CardSheetOptions, CardSheets, CardSpec
from tilepress.draw.canvas import Canvas, Paper
from tilepress.games.castle.options import SHRINES_PER_PLAYER
from tilepress.params import option

MAX_PLAYERS = 4
SHRINES = SHRINES_PER_PLAYER * MAX_PLAYERS
TOKEN = "16x16"
"""A token's size (mm) unless told."""
GROUND = "#b8322a"
GATE = "#fbf3e4"


@dataclass(frozen=True)
class ShrineOptions(CardSheetOptions):
    """The card-sheet options, with a token's size for the card's."""

    card_size: str = option(TOKEN, help="A token's size in mm as WxH (16x16, the default, "
                            "leaves a 20 mm tile's edges showing).")


def token_size(tile_width: float) -> str:
    """A token that leaves a tile ``tile_width`` mm wide showing round it: four fifths of
    its width, 12 to 24 mm."""
    side = round(min(24.0, max(12.0, tile_width * 0.8)), 1)
    return f"{side:g}x{side:g}"


def draw_shrine(c: Canvas, w: float, h: float, b: float) -> None:
    """A shrine gate (two posts, two beams, the upper one curving up at its ends) in cream
    on red, the red running into the bleed."""
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=GROUND)
    u = (min(w, h) - 2 * SAFE) / 10  # the gate is 10 units wide, inside the safe zone
    with c.group(translate=(w / 2, h / 2)):
        c.path([("M", -5 * u, -3.9 * u), ("C", -2 * u, -3.1 * u, 2 * u, -3.1 * u, 5 * u, -3.9 * u),
                ("L", 4.6 * u, -2.6 * u), ("C", 2 * u, -2.2 * u, -2 * u, -2.2 * u, -4.6 * u,
                                           -2.6 * u), ("Z",)], fill=GATE)
        c.rect(-4.1 * u, -1.5 * u, 8.2 * u, 0.8 * u, fill=GATE)
        c.rect(-0.45 * u, -2.4 * u, 0.9 * u, 1.0 * u, fill=GATE)
        for x in (-2.9 * u, 2.0 * u):
            c.rect(x, -2.5 * u, 0.9 * u, 7.4 * u, fill=GATE)
        c.rect(-3.6 * u, 4.4 * u, 2.3 * u, 0.6 * u, fill=GATE)
        c.rect(1.3 * u, 4.4 * u, 2.3 * u, 0.6 * u, fill=GATE)


def shrine_tokens(paper: Paper, options: CardSheetOptions | None = None) -> CardSheets:
    """The twelve shrines as double-sided tokens on card sheets (16 mm square unless the
    options give another card size)."""
    options = options or ShrineOptions()
    cards = [CardSpec(f"shrine-{k}", draw_shrine, draw_shrine) for k in range(1, SHRINES + 1)]
    return CardSheets("Dragon Castle shrines", cards, paper, options, back=draw_shrine)


__all__ = ["SHRINES", "ShrineOptions", "draw_shrine", "shrine_tokens", "token_size"]
