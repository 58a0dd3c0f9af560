"""Reading the layout files players already have, as their home apps read them.

KMahjongg ``.layout`` (``kmahjongg-layout-v1.0``: a 32 x 16 grid, 5 layers;
``kmahjongg-layout-v1.1``: ``wN``, ``hN`` and ``dN`` lines give the size): each layer is a
grid of quarter-tile cells where a tile is ``1 2`` over ``4 3`` and ``.`` is empty; ``#``
starts a comment. Like KMahjongg, a tile is read from its ``1`` alone: a wrong marker in
another quarter, or a marker that belongs to no tile, is a warning, not an error.

GNOME Mahjongg ``.map`` (XML): ``<map>`` elements holding ``<layer z>``, ``<row y left
right>``, ``<column x top bottom>``, ``<block left right top bottom>`` and ``<tile x
y>``, in tile units with half steps allowed; rows, columns and blocks include both ends.
A file may hold many maps; each is reachable by name (``FILE.map:NAME``) or number.

Every fault is reported with its line and column. Inputs are bounded by what a layout can
be (:data:`MAX_TILES`, :data:`MAX_COORDINATE`, :data:`MAX_LAYERS`, :data:`MAX_FILE_BYTES`),
so that no file makes a reader hang or run out of memory.
"""

from __future__ import annotations

import math
import re
import xml.parsers.expat

from tilepress.errors import FileFormatError
from tilepress.layouts import Layout, Position

KM_MAGIC = ("kmahjongg-layout-v1.0", "kmahjongg-layout-v1.1")
MAX_TILES = 1000
"""Most tiles a layout may hold (seven 144-tile sets)."""
MAX_COORDINATE = 256
"""Largest x or y of a tile, in tiles (a KMahjongg grid of 512 quarter cells)."""
MAX_LAYERS = 64
MAX_FILE_BYTES = 4_000_000

_MAP_SUFFIX = re.compile(r"^(?P<path>.*\.map):(?P<name>[^/\\]+)$", re.IGNORECASE)
_SIZE_LINE = re.compile(r"^([whd])([0-9]{1,6})$")


def split_map(spec: str) -> tuple[str, str | None]:
    """``FILE.map:NAME`` as (``FILE.map``, ``NAME``); anything else as (spec, None)."""
    m = _MAP_SUFFIX.match(spec)
    return (m["path"], m["name"]) if m else (spec, None)


# ---------------------------------------------------------------------------
# KMahjongg
# ---------------------------------------------------------------------------

_QUARTERS = ((0, 1, "2"), (1, 1, "3"), (1, 0, "4"))  # (row, column, marker) after the 1


def parse_kmahjongg(text: str, *, source: str = "layout", name: str = "layout") -> Layout:
    lines = text.splitlines()
    if not lines or lines[0].strip() not in KM_MAGIC:
        found = lines[0].strip() if lines else ""
        raise FileFormatError(f"{source}: line 1: expected {KM_MAGIC[0]} or {KM_MAGIC[1]}, "
                              f"found {found[:40]!r}")
    version = lines[0].strip()
    size = {"w": 32, "h": 16, "d": 5}
    grid: list[tuple[int, str]] = []  # (line number, text)
    sizes_seen = version.endswith("1.0")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        m = _SIZE_LINE.match(line)
        if not grid and version.endswith("1.1") and m:
            value = int(m[2])
            top = 2 * MAX_COORDINATE if m[1] in "wh" else MAX_LAYERS
            if not 0 < value <= top:
                raise FileFormatError(f"{source}: line {number}: size {line!r} is out of range "
                                      f"(1 to {top})")
            size[m[1]] = value
            sizes_seen = True
            continue
        if not grid and version.endswith("1.1") and line[0] in "whd" and line[1:2] != ".":
            raise FileFormatError(f"{source}: line {number}: {line[:20]!r} is not a size line "
                                  "(w, h or d followed by ASCII digits)")
        grid.append((number, line))
    if not sizes_seen:
        raise FileFormatError(f"{source}: the v1.1 header needs w, h and d lines")
    width, height, depth = size["w"], size["h"], size["d"]
    needed = height * depth
    if len(grid) < needed:
        last = grid[-1][0] if grid else len(lines)
        raise FileFormatError(f"{source}: line {last}: the file ends after {len(grid)} grid "
                              f"lines; {depth} layers of {height} lines ({needed}) are needed")
    if len(grid) > needed:
        raise FileFormatError(f"{source}: line {grid[needed][0]}: more grid lines than "
                              f"{depth} layers of {height}")
    for number, line in grid:
        if len(line) != width:
            raise FileFormatError(f"{source}: line {number}: expected {width} characters, "
                                  f"found {len(line)}")
        bad = next((k for k, ch in enumerate(line) if ch not in ".1234"), None)
        if bad is not None:
            raise FileFormatError(f"{source}: line {number}, column {bad + 1}: {line[bad]!r} "
                                  "is not one of . 1 2 3 4")
    positions, warnings = _kmahjongg_tiles(grid, width, height, depth, source)
    if not positions:
        raise FileFormatError(f"{source}: the layout has no tiles")
    return Layout.of(name, positions, source=source, warnings=tuple(warnings))


def _kmahjongg_tiles(grid: list[tuple[int, str]], width: int, height: int, depth: int,
                     source: str) -> tuple[list[Position], list[str]]:
    """Tiles from their ``1`` markers, as KMahjongg reads them; a warning for each other
    quarter that does not say what it should."""
    positions: list[Position] = []
    warnings: list[str] = []
    for z in range(depth):
        rows = grid[z * height: (z + 1) * height]
        claimed: set[tuple[int, int]] = set()
        for r, (number, line) in enumerate(rows):
            for c in (k for k, ch in enumerate(line) if ch == "1"):
                positions.append(Position(z, r, c))
                if len(positions) > MAX_TILES:
                    raise FileFormatError(f"{source}: line {number}: more than {MAX_TILES} "
                                          "tiles")
                claimed.add((r, c))
                for dr, dc, want in _QUARTERS:
                    rr, cc = r + dr, c + dc
                    got = rows[rr][1][cc] if rr < height and cc < width else None
                    claimed.add((rr, cc))
                    if got != want:
                        at = (f"line {rows[rr][0]}, column {cc + 1}" if got is not None
                              else f"the edge of the grid past line {number}")
                        warnings.append(f"{source}: {at}: {got!r} where the tile starting at "
                                        f"line {number}, column {c + 1} has its {want!r}; "
                                        "read as KMahjongg does, from the 1")
        for r, (number, line) in enumerate(rows):
            for c, ch in enumerate(line):
                if ch != "." and (r, c) not in claimed:
                    warnings.append(f"{source}: line {number}, column {c + 1}: {ch!r} belongs "
                                    "to no tile (a tile starts with 1); ignored, as KMahjongg "
                                    "does")
    return positions, warnings


def write_kmahjongg(layout: Layout) -> str:
    """A layout as a KMahjongg v1.1 file (shifted so that it starts at 0, 0)."""
    x0, y0, x1, y1 = layout.bounds
    width, height = x1 - x0, y1 - y0
    depth = len(layout.layers)
    cells = [[["."] * width for _ in range(height)] for _ in range(depth)]
    for p in layout.positions:
        x, y = p.x - x0, p.y - y0
        for dy, dx, ch in ((0, 0, "1"), (0, 1, "2"), (1, 1, "3"), (1, 0, "4")):
            cells[p.z][y + dy][x + dx] = ch
    out = ["kmahjongg-layout-v1.1", f"# {layout.name}", f"w{width}", f"h{height}", f"d{depth}"]
    for z in range(depth):
        out.append(f"# Level {z}")
        out.extend("".join(r) for r in cells[z])
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# GNOME Mahjongg
# ---------------------------------------------------------------------------

_SHAPES = {
    "row": ("y", "left", "right"),
    "column": ("x", "top", "bottom"),
    "block": ("left", "right", "top", "bottom"),
    "tile": ("x", "y"),
}


def parse_gnome_map(text: str, *, source: str = "map", name: str | None = None) -> Layout:
    """Read the first ``<map>`` of a GNOME Mahjongg file (or the one called ``name``)."""
    return pick_map(parse_gnome_maps(text, source=source), name, source)


def pick_map(maps: list[Layout], name: str | None, source: str) -> Layout:
    """The map called ``name`` (or numbered, from 1), or the first."""
    if name is None:
        return maps[0]
    for m in maps:
        if m.name == name:
            return m
    if name.isascii() and name.isdigit() and 1 <= int(name) <= len(maps):
        return maps[int(name) - 1]
    raise FileFormatError(f"{source}: no map called {name!r} (maps: "
                          f"{', '.join(repr(m.name) for m in maps)}, or a number 1 to "
                          f"{len(maps)})")


def parse_gnome_maps(text: str, *, source: str = "map") -> list[Layout]:
    """Every ``<map>`` of a GNOME Mahjongg file, in file order."""
    maps: list[tuple[str, list[Position]]] = []
    stack: list[str] = []
    layer_z: list[int | None] = [None]
    seen: dict[Position, int] = {}
    parser = xml.parsers.expat.ParserCreate()

    def where() -> str:
        return f"{source}: line {parser.CurrentLineNumber}, column {parser.CurrentColumnNumber + 1}"

    def number(attrs: dict, key: str, element: str, top: int = MAX_COORDINATE) -> int:
        if key not in attrs:
            raise FileFormatError(f"{where()}: <{element}> needs {key}=\"...\"")
        raw = attrs[key]
        try:
            value = float(raw)
        except ValueError:
            raise FileFormatError(f"{where()}: {key}={raw!r} is not a number") from None
        if not math.isfinite(value) or not 0 <= value <= top:
            raise FileFormatError(f"{where()}: {key}={raw[:20]!r} is out of range (0 to {top})")
        if value * 2 != int(value * 2):
            raise FileFormatError(f"{where()}: {key}={raw!r} is not a whole or half step")
        return int(value * 2)

    def add(z: int, x: int, y: int) -> None:
        p = Position(z, y, x)
        if p in seen:
            raise FileFormatError(f"{where()}: the tile at {p} is given twice (first on line "
                                  f"{seen[p]})")
        if len(maps[-1][1]) >= MAX_TILES:
            raise FileFormatError(f"{where()}: map {maps[-1][0]!r} has more than {MAX_TILES} "
                                  "tiles")
        seen[p] = parser.CurrentLineNumber
        maps[-1][1].append(p)

    def start(element: str, attrs: dict) -> None:
        parent = stack[-1] if stack else None
        stack.append(element)
        if element == "mahjongg" and parent is None:
            return
        if element == "map" and parent == "mahjongg":
            maps.append((attrs.get("name", f"map {len(maps) + 1}"), []))
            seen.clear()
            return
        if parent not in ("map", "layer") or not maps:
            raise FileFormatError(f"{where()}: <{element}> is not expected here")
        if element == "layer" and parent == "map":
            layer_z.append(number(attrs, "z", element, MAX_LAYERS) // 2)
            return
        if element not in _SHAPES:
            raise FileFormatError(f"{where()}: unknown element <{element}> (expected layer, "
                                  "row, column, block or tile)")
        if "z" in attrs:
            z = number(attrs, "z", element, MAX_LAYERS) // 2
        elif parent == "layer" and layer_z[-1] is not None:
            z = layer_z[-1]
        else:
            raise FileFormatError(f"{where()}: <{element}> has no z (give z=, or put it in a "
                                  "<layer z=...>)")
        v = {k: number(attrs, k, element) for k in _SHAPES[element]}
        if element == "tile":
            add(z, v["x"], v["y"])
            return
        if element == "row":
            xs, ys = (v["left"], v["right"]), (v["y"], v["y"])
        elif element == "column":
            xs, ys = (v["x"], v["x"]), (v["top"], v["bottom"])
        else:
            xs, ys = (v["left"], v["right"]), (v["top"], v["bottom"])
        if xs[1] < xs[0] or ys[1] < ys[0] or (xs[1] - xs[0]) % 2 or (ys[1] - ys[0]) % 2:
            raise FileFormatError(f"{where()}: <{element}> must span whole tiles from its "
                                  "first to its last")
        for y in range(ys[0], ys[1] + 1, 2):
            for x in range(xs[0], xs[1] + 1, 2):
                add(z, x, y)

    def end(element: str) -> None:
        stack.pop()
        if element == "layer":
            layer_z.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text, True)
    except xml.parsers.expat.ExpatError as exc:
        raise FileFormatError(f"{source}: line {exc.lineno}, column {exc.offset + 1}: not "
                              f"well-formed XML ({xml.parsers.expat.ErrorString(exc.code)})"
                              ) from None
    if not maps:
        raise FileFormatError(f"{source}: no <map> inside <mahjongg>")
    for map_name, positions in maps:
        if not positions:
            raise FileFormatError(f"{source}: the map {map_name!r} has no tiles")
    return [Layout.of(map_name, positions, source=source) for map_name, positions in maps]
