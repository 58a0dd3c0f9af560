"""Tile stands hold a whole hand: the strips printed for each player, measured on the
drawn page, have room along their floors for the most tiles that player stands (issue
34's audit: American stands held 12 tiles where East holds 14)."""

from __future__ import annotations

import math

import pytest
from drawn import ProbeSurface

from tilepress.documents.print_options import StandOptions
from tilepress.draw.canvas import PAPERS
from tilepress.games.american.printables import tile_stand


def _strips(document) -> list[tuple[float, float]]:
    """The cut outlines (width, length in mm) of every strip on every page."""
    surface = ProbeSurface()
    document.render(surface)
    out = []
    for page in surface.pages:
        for s in page.shapes:
            w, h = s.box[2] - s.box[0], s.box[3] - s.box[1]
            if s.kind == "rect" and s.fill is None and s.stroke and h > 100:
                out.append((w, h))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("large", [False, True], ids=["standard", "large-print"])
def test_each_american_player_has_room_for_fourteen_tiles(paper: str, large: bool) -> None:
    players = 4
    options = StandOptions(stands=players, large_print=large)
    tile_w = float(options.tile_size.split("x")[0])
    strips = _strips(tile_stand(PAPERS[paper], options))
    assert strips and len(strips) % players == 0, strips
    per_player = len(strips) // players
    room = min(math.floor(h / tile_w) for _, h in strips) * per_player
    assert room >= 14, (per_player, strips)
