"""What a print-and-play kit is made of, as plain data: the kit's options (light: the CLI
reads them when it starts) and a game's :class:`Plan` -- its tile set, the pieces and
printables it takes, its puzzle sampler. Each game with a kit writes its plan in its own
``kit`` module; :mod:`tilepress.publish.kit` builds kits from the plans and knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tilepress.errors import RequestError
from tilepress.params import option

if TYPE_CHECKING:
    from tilepress.documents.model import Printed

CARD = "card stock"
PAPER = "paper"
TWO_SIDED = "double-sided: flip on the {flip} edge"
FOLDED = "one-sided: fold each sheet on its dashed line"
ONE_SIDED = "one-sided"


@dataclass(frozen=True)
class KitOptions:
    """What a kit is printed on; every option passes through to the parts it concerns."""

    paper: str = option("a4", help="Paper size: a4 or letter.")
    card_size: str = option("mini", help="The Mint Tin cards: mini (44.45 x 63.5 mm, the "
                            "default), poker, bridge, tarot, or WxH in mm.")
    tile_size: str = option("auto", help="The paper tiles' face in mm as WxH; auto (the "
                            "default) takes each game's own: 20x27, and 30x40.5 for the 36 "
                            "tiles of One suit (half as large again in large print); the "
                            "Dragon Castle board's cells and the shrines follow it.")
    duplex: str = option("long", choices=("long", "short", "fold"),
                         help="Flip double-sided sheets on the long edge (the default) or the "
                         "short edge; fold (no duplex printer): fronts and backs side by side "
                         "on one side of a sheet, to fold along the printed line.")
    seed: int = option(1, low=0, high=2**31, help="Seed of the puzzle sampler.")
    large_print: bool = option(False, flags=("--large-print",),
                               help="Large print: type of 14 pt and more and tiles half as "
                               "large again, every part laid out again for it.")

    def check(self) -> None:
        """One clear error for a bad option, before anything is built."""
        from tilepress.documents.cards import card_dimensions
        from tilepress.documents.tiles import tile_size
        from tilepress.draw.canvas import find_paper

        find_paper(self.paper)
        card_dimensions(self.card_size)
        if self.tile_size != "auto":
            tile_size(self.tile_size)
        if self.duplex not in ("long", "short", "fold"):
            raise RequestError(f"duplex must be long, short or fold, not {self.duplex!r}")

    def as_dict(self) -> dict[str, Any]:
        return {"paper": self.paper, "card-size": self.card_size,
                "tile-size": self.tile_size, "duplex": self.duplex, "seed": self.seed,
                "large-print": self.large_print}


@dataclass(frozen=True)
class Part:
    """One file of a kit: its name, what it holds, what to print it on and how, and how
    to build it (a card sheet, a document or a player aid)."""

    name: str
    what: str
    stock: str
    how: str
    build: Callable[[], Printed] = field(compare=False)
    quick: bool = False
    """Built in an instant (laid out, not drawn) and shaped by the options: built first,
    so that options that do not fit fail before anything slow."""


@dataclass(frozen=True)
class Printable:
    """A printable of the game's descriptor (``tilepress print ITEM GAME``) in a kit."""

    item: str
    name: str
    what: str
    stock: str = PAPER
    how: str = ONE_SIDED
    options: Mapping[str, Any] = field(default_factory=dict)
    """Options given as text take the kit's: ``{card_size}``, ``{duplex}``, ``{tile_w}``,
    ``{tile_h}``."""


@dataclass(frozen=True)
class Puzzles:
    """A section of the puzzle sampler."""

    kind: str
    count: int
    title: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """What a game's kit holds beyond its rulebook and quick reference, in the order the
    cover lists them: the paper tiles, the game's own pieces, its printables, and the
    puzzle sampler."""

    tiles: str = ""
    """The tile set (a name of :data:`tilepress.documents.tiles.SETS` or MPSZ); none for a
    game without tiles."""
    tiles_about: str = ""
    pieces: tuple[Part, ...] = ()
    """Parts the game builds itself (Dragon Castle's shrines, when the boards have no room
    for them)."""
    printables: tuple[Printable, ...] = ()
    puzzles: tuple[Puzzles, ...] = ()
    note: str = ""
    """A line for the cover, where the game needs one."""
    tile_size: str = "20x27"
    """The paper tiles' size when the kit's options leave it to the game."""
    large_tiles: float = 1.5
    """How much larger the tiles are in large print (less where a board must still fit
    the paper)."""


__all__ = ["CARD", "FOLDED", "ONE_SIDED", "PAPER", "TWO_SIDED", "KitOptions", "Part", "Plan",
           "Printable", "Puzzles"]
