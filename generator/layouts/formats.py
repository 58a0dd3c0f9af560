"""Reading the layout files players already have.

KMahjongg ``.layout`` (``kmahjongg-layout-v1.0``: a 32 x 16 grid, 5 layers;
``kmahjongg-layout-v1.1``: ``wN``, ``hN`` and ``dN`` lines give the size): each layer is a
grid of quarter-tile cells where a tile is ``1 2`` over ``4 3`` and ``.`` is empty; ``#``
starts a comment.

GNOME Mahjongg ``.map`` (XML): ``<map>`` elements holding ``<layer z>``, ``<row y left
right>``, ``<column x top bottom>``, ``<block left right top bottom>`` and ``<tile x
y>``, in tile units with half steps allowed; rows, columns and blocks include both ends.

Every fault is reported with its line and column.
"""

from __future__ import annotations

import os
import xml.parsers.expat
from pathlib import Path

from generator.errors import FileFormatError
from generator.layouts import Layout, Position
from generator.output import read_text

KM_MAGIC = ("kmahjongg-layout-v1.0", "kmahjongg-layout-v1.1")


def load_layout(path: str | os.PathLike[str]) -> Layout:
    """Read a ``.layout`` or ``.map`` file (by its suffix, or its first line)."""
    text = read_text(path, "layout file")
    source = os.fspath(path)
    name = Path(source).stem
    first = text.lstrip().split("\n", 1)[0].strip()
    if Path(source).suffix == ".map" or first.startswith("<"):
        return parse_gnome_map(text, source=source)
    if Path(source).suffix == ".layout" or first in KM_MAGIC:
        return parse_kmahjongg(text, source=source, name=name)
    raise FileFormatError(f"{source}: not a KMahjongg .layout or GNOME Mahjongg .map file")


# ---------------------------------------------------------------------------
# KMahjongg
# ---------------------------------------------------------------------------


def parse_kmahjongg(text: str, *, source: str = "layout", name: str = "layout") -> Layout:
    lines = text.splitlines()
    if not lines or lines[0].strip() not in KM_MAGIC:
        found = lines[0].strip() if lines else ""
        raise FileFormatError(f"{source}: line 1: expected {KM_MAGIC[0]} or {KM_MAGIC[1]}, "
                              f"found {found[:40]!r}")
    version = lines[0].strip()
    width, height, depth = 32, 16, 5
    grid: list[tuple[int, str]] = []  # (line number, text)
    sizes_seen = version.endswith("1.0")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if not grid and version.endswith("1.1") and line[0] in "whd" and line[1:].isdigit():
            value = int(line[1:])
            if value <= 0 or value > 512:
                raise FileFormatError(f"{source}: line {number}: size {line!r} is out of range")
            if line[0] == "w":
                width = value
            elif line[0] == "h":
                height = value
            else:
                depth = value
            sizes_seen = True
            continue
        grid.append((number, line))
    if not sizes_seen:
        raise FileFormatError(f"{source}: the v1.1 header needs w, h and d lines")
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
        for col, ch in enumerate(line, start=1):
            if ch not in ".1234":
                raise FileFormatError(f"{source}: line {number}, column {col}: {ch!r} is not "
                                      "one of . 1 2 3 4")
    positions = []
    claimed: set[tuple[int, int, int]] = set()
    for z in range(depth):
        rows = grid[z * height : (z + 1) * height]
        for r, (number, line) in enumerate(rows):
            for c, ch in enumerate(line):
                if ch != "1":
                    continue
                expect = {(r, c + 1): "2", (r + 1, c + 1): "3", (r + 1, c): "4"}
                for (rr, cc), want in expect.items():
                    got = rows[rr][1][cc] if rr < height and cc < width else "(edge)"
                    if got != want:
                        raise FileFormatError(
                            f"{source}: line {number}, column {c + 1}: the tile starting "
                            f"here needs {want!r} at line "
                            f"{rows[rr][0] if rr < height else number + 1}, column {cc + 1}, "
                            f"found {got!r}")
                    claimed.add((z, rr, cc))
                claimed.add((z, r, c))
                positions.append(Position(z, r, c))
        for r, (number, line) in enumerate(rows):
            for c, ch in enumerate(line):
                if ch != "." and (z, r, c) not in claimed:
                    raise FileFormatError(f"{source}: line {number}, column {c + 1}: {ch!r} "
                                          "belongs to no tile (a tile starts with 1)")
    if not positions:
        raise FileFormatError(f"{source}: the layout has no tiles")
    return Layout.of(name, positions, source=source)


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
    maps: list[tuple[str, list[Position]]] = []
    stack: list[str] = []
    layer_z: list[int | None] = [None]
    seen: dict[Position, int] = {}
    parser = xml.parsers.expat.ParserCreate()

    def where() -> str:
        return f"{source}: line {parser.CurrentLineNumber}, column {parser.CurrentColumnNumber + 1}"

    def number(attrs: dict, key: str, element: str) -> int:
        if key not in attrs:
            raise FileFormatError(f"{where()}: <{element}> needs {key}=\"...\"")
        raw = attrs[key]
        try:
            value = float(raw)
        except ValueError:
            raise FileFormatError(f"{where()}: {key}={raw!r} is not a number") from None
        if value * 2 != int(value * 2) or value < 0:
            raise FileFormatError(f"{where()}: {key}={raw!r} is not a whole or half step")
        return int(value * 2)

    def add(element: str, z: int, x: int, y: int) -> None:
        p = Position(z, y, x)
        if p in seen:
            raise FileFormatError(f"{where()}: the tile at {p} is given twice (first on line "
                                  f"{seen[p]})")
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
            layer_z.append(number(attrs, "z", element) // 2)
            return
        if element not in _SHAPES:
            raise FileFormatError(f"{where()}: unknown element <{element}> (expected layer, "
                                  "row, column, block or tile)")
        if "z" in attrs:
            z = number(attrs, "z", element) // 2
        elif parent == "layer" and layer_z[-1] is not None:
            z = layer_z[-1]
        else:
            raise FileFormatError(f"{where()}: <{element}> has no z (give z=, or put it in a "
                                  "<layer z=...>)")
        v = {k: number(attrs, k, element) for k in _SHAPES[element]}
        if element == "tile":
            add(element, z, v["x"], v["y"])
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
                add(element, z, x, y)

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
    chosen = maps[0] if name is None else next((m for m in maps if m[0] == name), None)
    if chosen is None:
        raise FileFormatError(f"{source}: no map called {name!r} (maps: "
                              f"{', '.join(m[0] for m in maps)})")
    if not chosen[1]:
        raise FileFormatError(f"{source}: the map {chosen[0]!r} has no tiles")
    return Layout.of(chosen[0], chosen[1], source=source)
