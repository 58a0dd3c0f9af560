"""The options of a print-and-play kit (light: the CLI reads them when it starts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tilepress.errors import RequestError
from tilepress.params import option


@dataclass(frozen=True)
class KitOptions:
    """What a kit is printed on; every option passes through to the parts it concerns."""

    paper: str = option("a4", help="Paper size: a4 or letter.")
    card_size: str = option("mini", help="The Mint Tin cards: mini (44.45 x 63.5 mm, the "
                            "default), poker, bridge, tarot, or WxH in mm.")
    tile_size: str = option("20x27", help="The paper tiles' face in mm as WxH (20x27, the "
                            "default); the Dragon Castle board's cells and the shrines "
                            "follow it.")
    duplex: str = option("long", choices=("long", "short"), help="Flip double-sided sheets "
                         "on the long edge (the default) or the short edge.")
    seed: int = option(1, low=0, high=2**31, help="Seed of the puzzle sampler.")

    def check(self) -> None:
        """One clear error for a bad option, before anything is built."""
        from tilepress.documents.cards import card_dimensions
        from tilepress.documents.tiles import tile_size
        from tilepress.draw.canvas import find_paper

        find_paper(self.paper)
        card_dimensions(self.card_size)
        tile_size(self.tile_size)
        if self.duplex not in ("long", "short"):
            raise RequestError(f"duplex must be long or short, not {self.duplex!r}")

    def as_dict(self) -> dict[str, Any]:
        return {"paper": self.paper, "card-size": self.card_size,
                "tile-size": self.tile_size, "duplex": self.duplex, "seed": self.seed}


__all__ = ["KitOptions"]
