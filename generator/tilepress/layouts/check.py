"""What ``tilepress layout check`` reports about a layout."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.layouts import Layout, Position, overlap

STANDARD_SET = 144
WITHOUT_BONUS = 136
MAX_WARNINGS = 12


@dataclass(frozen=True)
class LayoutReport:
    layout: Layout
    layers: tuple[int, ...]
    half_offsets: int
    overlaps: tuple[tuple[Position, Position], ...]
    floating: tuple[Position, ...]
    """Tiles above the table with no tile under any part of them."""
    bridging: tuple[Position, ...]
    """Tiles resting on tiles under only part of them (bridges, half steps)."""
    sets: int
    """How many 144-tile sets a deal needs (0 if the count cannot be dealt)."""

    @property
    def ok(self) -> bool:
        """Whether the layout can be played: on screen and on paper a tile hanging over
        nothing plays like any other (the home apps ship such maps), so only overlapping
        tiles or a count no tile set deals stop it."""
        return not self.overlaps and self.sets > 0

    @property
    def buildable(self) -> bool:
        """Whether real tiles can stand as the layout puts them (none over nothing)."""
        return not self.floating

    def lines(self) -> list[str]:
        n = len(self.layout)
        out = [f"layout {self.layout.name!r}: {n} tile{'s' * (n != 1)} on {len(self.layers)} "
               f"layer{'s' * (len(self.layers) != 1)} "
               f"({', '.join(f'{c} on layer {z}' for z, c in enumerate(self.layers))})"]
        one = self.half_offsets == 1
        out.append(f"half-tile offsets: {self.half_offsets} tile{'' if one else 's'} "
                   f"sit{'s' if one else ''} half a tile off the grid"
                   if self.half_offsets else "half-tile offsets: none")
        if self.overlaps:
            a, b = self.overlaps[0]
            out.append(f"overlaps: {len(self.overlaps)} pair{'s' * (len(self.overlaps) > 1)} "
                       f"of tiles on one layer overlap, first {a} and {b}")
        else:
            out.append("overlaps: none")
        if self.floating:
            out.append(f"hanging over nothing: {len(self.floating)} tile"
                       f"{'s' * (len(self.floating) > 1)}, first {self.floating[0]} (they play "
                       "on screen and on paper, but real tiles cannot stand like that)")
        else:
            out.append("hanging over nothing: none")
        if self.bridging:
            out.append(f"partly supported (bridges, half steps): {len(self.bridging)}")
        if n % 2:
            out.append(f"tile set: {n} is odd, so no deal can pair every tile")
        elif self.sets == 1:
            fit = "with" if n > WITHOUT_BONUS else "with or without"
            out.append(f"tile set: fits one {STANDARD_SET}-tile set ({fit} flowers and "
                       f"seasons), {STANDARD_SET - n} tiles left over")
        else:
            out.append(f"tile set: needs {self.sets} sets ({n} tiles); each face appears "
                       f"up to {4 * self.sets} times")
        shown = self.layout.warnings[:MAX_WARNINGS]
        out.extend(f"warning: {w}" for w in shown)
        if len(self.layout.warnings) > len(shown):
            out.append(f"warning: ... and {len(self.layout.warnings) - len(shown)} more")
        if not self.ok:
            out.append("verdict: not playable as it stands")
        elif not self.buildable:
            out.append("verdict: ok to play on screen or on paper; not with real tiles")
        else:
            out.append("verdict: ok")
        return out


def check_layout(layout: Layout) -> LayoutReport:
    positions = layout.positions
    overlaps = []
    floating = []
    bridging = []
    by_layer: dict[int, list[Position]] = {}
    for p in positions:
        by_layer.setdefault(p.z, []).append(p)
    for z, tiles in by_layer.items():
        for i, a in enumerate(tiles):
            for b in tiles[i + 1 :]:
                if overlap(a, b):
                    overlaps.append((a, b))
        if z == 0:
            continue
        below = by_layer.get(z - 1, [])
        for p in tiles:
            cells = {(p.x + dx, p.y + dy) for dx in (0, 1) for dy in (0, 1)}
            covered = {(q.x + dx, q.y + dy) for q in below if overlap(p, q)
                       for dx in (0, 1) for dy in (0, 1)}
            held = cells & covered
            if not held:
                floating.append(p)
            elif held != cells:
                bridging.append(p)
    n = len(layout)
    sets = 0 if n % 2 or n == 0 else -(-n // STANDARD_SET)
    half = sum(1 for p in positions if p.x % 2 or p.y % 2)
    return LayoutReport(layout, layout.layers, half, tuple(overlaps), tuple(floating),
                        tuple(bridging), sets)
