"""Dragon Castle layouts in the height-map format of the rules text.

A castle is drawn as rows of characters: a digit is a stack of that many tiles, a space
is an empty cell. Lines starting with ``#`` before the first row are notes and are kept::

    # a small keep
     1221
    123321
     1221

Each cell is one tile seen from above; the tile at row ``r``, column ``c`` on floor
``f`` (1 = the ground floor) is the solitaire position ``(x=2c, y=2r, z=f-1)``, so the
free-tile rule and the solver of :mod:`tilepress.engine.solitaire` apply unchanged.
Parsing and writing back round-trip exactly, up to spaces at the ends of lines.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.layouts import Layout, Position
from tilepress.tiles import Tile, parse_tiles

SUFFIX = ".castle"
MAX_TILES = 144
"""The most tiles in a castle or a tile set: a whole mahjong set with its flowers."""
MAX_SIDE = 144
"""The most rows or columns of a castle (a castle of 144 tiles in one line)."""
MAX_COPIES = 4
"""The most copies of one tile in a set."""
MAX_FILE_BYTES = 256_000
"""A castle file is a few hundred bytes; anything beyond this is not a castle."""


@dataclass(frozen=True)
class Castle:
    """A height map: ``rows`` as written (no trailing spaces), ``notes`` the ``#`` lines."""

    name: str
    rows: tuple[str, ...]
    notes: tuple[str, ...] = ()
    source: str = field(default="", compare=False)

    @cached_property
    def heights(self) -> tuple[tuple[int, ...], ...]:
        """Stack heights, one row per line, padded with zeros to the widest row."""
        width = self.width
        return tuple(tuple(0 if ch == " " else int(ch) for ch in row.ljust(width))
                     for row in self.rows)

    @property
    def width(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    @property
    def depth(self) -> int:
        """Rows from front to back (the number of lines)."""
        return len(self.rows)

    def cells(self) -> list[tuple[int, int, int]]:
        """(row, column, height) of every stack."""
        return [(r, c, h) for r, line in enumerate(self.heights) for c, h in enumerate(line)
                if h]

    def __len__(self) -> int:
        return sum(h for _, _, h in self.cells())

    @cached_property
    def floors(self) -> tuple[int, ...]:
        """How many tiles each floor holds, from the ground up."""
        top = max((h for _, _, h in self.cells()), default=0)
        return tuple(sum(1 for _, _, h in self.cells() if h >= f) for f in range(1, top + 1))

    def to_text(self) -> str:
        return "".join(f"{n}\n" for n in self.notes) + "".join(f"{r}\n" for r in self.rows)

    def layout(self) -> Layout:
        """The castle as solitaire positions (half-tile units, a full tile per cell)."""
        return Layout.of(self.name, (Position(z, 2 * r, 2 * c) for r, c, h in self.cells()
                                     for z in range(h)), source=self.source)

    @staticmethod
    def from_heights(name: str, heights, notes: tuple[str, ...] = ()) -> Castle:
        rows = tuple("".join(str(h) if h else " " for h in line).rstrip() for line in heights)
        while rows and not rows[-1]:
            rows = rows[:-1]
        for h in (h for line in heights for h in line):
            if not 0 <= h <= 9:
                raise RequestError(f"a stack of {h} cannot be written as one digit")
        return Castle(name, rows, notes)


def cell_of(p: Position) -> tuple[int, int, int]:
    """(row, column, floor) of a castle position, each counted from 1."""
    return (p.y // 2 + 1, p.x // 2 + 1, p.z + 1)


def parse_castle(text: str, *, name: str = "castle", source: str = "castle") -> Castle:
    """Read a height map; a fault names its line and column."""
    notes: list[str] = []
    rows: list[str] = []
    lines = text.splitlines()
    tiles = 0
    for number, line in enumerate(lines, start=1):
        if not rows and line.startswith("#"):
            notes.append(line.rstrip())
            continue
        line = line.rstrip()
        if not rows and not line:
            continue  # blank lines before the castle
        for column, ch in enumerate(line, start=1):
            if ch == " " or "1" <= ch <= "9":
                continue
            where = f"{source}: line {number}, column {column}"
            if ch == "\t":
                raise FileFormatError(f"{where}: a tab; use spaces for empty cells so the "
                                      "columns line up")
            if ch == "0":
                raise FileFormatError(f"{where}: 0 is not a stack height; leave an empty cell "
                                      "as a space")
            if ch == "#":
                raise FileFormatError(f"{where}: notes (#) go before the first row of the "
                                      "castle")
            raise FileFormatError(f"{where}: {ch!r} is not a stack height (digits 1-9 stack "
                                  "that many tiles, a space is an empty cell)")
        if len(line) > MAX_SIDE:
            raise FileFormatError(f"{source}: line {number}: {len(line):,} columns; a castle "
                                  f"is at most {MAX_SIDE} cells wide")
        tiles += sum(int(ch) for ch in line if ch != " ")
        if tiles > MAX_TILES:
            raise FileFormatError(f"{source}: line {number}: more than {MAX_TILES} tiles, more "
                                  "than a whole mahjong set: no castle is built that large")
        rows.append(line)
        if len(rows) > MAX_SIDE:
            raise FileFormatError(f"{source}: line {number}: more than {MAX_SIDE} rows; a "
                                  f"castle is at most {MAX_SIDE} cells deep")
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise FileFormatError(f"{source}: no castle in it (rows of digits 1-9, one per stack)")
    return Castle(name, tuple(rows), tuple(notes), source)


def looks_like_castle(text: str) -> bool:
    """Whether a file's content is a height map (digits, spaces and # notes only)."""
    body = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    return bool(body) and all(set(ln.rstrip()) <= set(" 123456789") for ln in body)


# ---------------------------------------------------------------------------
# The three castles suggested by the rules text, exactly as printed
# ---------------------------------------------------------------------------

_OCTAGON = ("  2332", " 123321", " 233332", "12333321", "12333321", " 233322", " 123321",
            "  2332")
_QUARTERS = (" 1111 1111", "11112 21111", "11123 32111", "11233 33211", "",
             "11233 33211", "11123 32111", "11112 21111", " 1111 1111")
_TOWERS = ("     1", "  1112111", "  1223221", "3 1233321 3", "31233233213", "3 1233321 3",
           "  1223221", "  1112111", "     1")

BUILTIN_CASTLES = {
    "octagon": ("The first suggested castle: a rounded square rising to a plateau.", _OCTAGON),
    "quarters": ("The second: four corner blocks with a street between them.", _QUARTERS),
    "towers": ("The third: a diamond with three-high towers at two sides.", _TOWERS),
}


def builtin_castle(name: str) -> Castle:
    try:
        _about, rows = BUILTIN_CASTLES[name]
    except KeyError:
        raise RequestError(f"unknown castle {name!r}; built in: {', '.join(BUILTIN_CASTLES)} "
                           f"(or give a {SUFFIX} file)") from None
    return Castle(name, rows, (), "built in")


# ---------------------------------------------------------------------------
# Tile sets
# ---------------------------------------------------------------------------

HONORS = "1234567z"
TILESETS = {
    "recommended": ("pips 1-7 of the three suits, winds and dragons", "1234567m1234567p1234567s"
                    + HONORS),
    "all": ("all pips 1-9, winds and dragons", "123456789m123456789p123456789s" + HONORS),
}


@dataclass(frozen=True)
class TileSet:
    name: str
    description: str
    tiles: tuple[Tile, ...]

    @property
    def title(self) -> str:
        return {"recommended": "the recommended set", "all": "the all-pips set"}.get(
            self.name, "a custom set")

    def __len__(self) -> int:
        return len(self.tiles)


_COPIES = re.compile(r"(.+)x([0-9]+)")


def tile_set(spec: str) -> TileSet:
    """``recommended`` (112 tiles), ``all`` (136), or a custom set: a tile string that
    lists every tile, or lists each face once and ends in ``x4`` (four of each), such as
    ``123456m123456p123456s1234567zx4``. A set is a real one: at most four of each tile
    (a red five is a five), no jokers, at most 144 tiles."""
    if not isinstance(spec, str):
        raise RequestError(f"a tile set is recommended, all or a tile string, not {spec!r}")
    if spec in TILESETS:
        description, faces = TILESETS[spec]
        return TileSet(spec, description, parse_tiles(faces) * 4)
    shown = spec if len(spec) <= 40 else spec[:37] + "..."
    text, copies = spec, 1
    m = _COPIES.fullmatch(spec)
    if m:
        text, copies = m.group(1), int(m.group(2)) if len(m.group(2)) <= 3 else 0
        if not 1 <= copies <= MAX_COPIES:
            raise RequestError(f"tile set {shown!r}: x{m.group(2)[:4]} copies of each tile; "
                               f"a set has 1 to {MAX_COPIES}")
    if len(text) > 4 * MAX_TILES:
        raise RequestError(f"tile set {shown!r} is {len(text):,} characters long: more than "
                           f"a set of {MAX_TILES} tiles needs")
    try:
        faces = parse_tiles(text)
    except TilepressError as exc:
        raise RequestError(f"tile set {shown!r}: {exc} (or use recommended or all)") from None
    tiles = faces * copies
    if not tiles:
        raise RequestError(f"tile set {shown!r} holds no tiles")
    if any(t.suit == "j" for t in tiles):
        raise RequestError(f"tile set {shown!r}: Dragon Castle is played without jokers")
    counts = Counter(t.kind for t in tiles)
    kind, most = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))
    if most > MAX_COPIES:
        tile = next(t for t in tiles if t.kind == kind)
        raise RequestError(f"tile set {shown!r} holds {most} copies of {tile}; a mahjong set "
                           f"has {MAX_COPIES} of each tile")
    if len(tiles) > MAX_TILES:
        raise RequestError(f"tile set {shown!r} holds {len(tiles)} tiles; a mahjong set has "
                           f"at most {MAX_TILES}")
    return TileSet(spec, f"{len(tiles)} tiles as listed", tiles)


# ---------------------------------------------------------------------------
# Checking a castle against a tile set
# ---------------------------------------------------------------------------


def _pieces(castle: Castle) -> int:
    cells = {(r, c) for r, c, _ in castle.cells()}
    seen: set[tuple[int, int]] = set()
    pieces = 0
    for start in sorted(cells):
        if start in seen:
            continue
        pieces += 1
        todo = [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return pieces


def _mirror_faults(castle: Castle, axis: str) -> list[tuple[int, int, int, int, int]]:
    """(row, column, height, mirror row, mirror column) of cells that differ from their
    mirror image (rows and columns from 1); each pair once."""
    h = castle.heights
    rows, cols = castle.depth, castle.width
    out = []
    for r in range(rows):
        for c in range(cols):
            mr, mc = (r, cols - 1 - c) if axis == "lr" else (rows - 1 - r, c)
            if (mr, mc) <= (r, c):
                continue
            if h[r][c] != h[mr][mc]:
                out.append((r + 1, c + 1, h[r][c], mr + 1, mc + 1))
    return out


def _symmetry_fix(castle: Castle) -> tuple[int, int, int] | None:
    """(row, column, height) of one cell whose change makes the castle symmetric both
    ways, when all the other cells of its mirror group agree."""
    h = castle.heights
    rows, cols = castle.depth, castle.width
    fixes = []
    for r in range((rows + 1) // 2):
        for c in range((cols + 1) // 2):
            orbit = sorted({(r, c), (r, cols - 1 - c), (rows - 1 - r, c),
                            (rows - 1 - r, cols - 1 - c)})
            values = Counter(h[a][b] for a, b in orbit)
            if len(values) == 1:
                continue
            (common, n), *rest = values.most_common()
            if len(rest) != 1 or rest[0][1] != 1 or n < 2:
                return None
            odd = next((a, b) for a, b in orbit if h[a][b] != common)
            fixes.append((odd[0] + 1, odd[1] + 1, common))
    return fixes[0] if len(fixes) == 1 else None


@dataclass(frozen=True)
class CastleReport:
    castle: Castle
    tileset: TileSet
    pieces: int
    left_right: tuple[tuple[int, int, int, int, int], ...]
    top_bottom: tuple[tuple[int, int, int, int, int], ...]
    fix: tuple[int, int, int] | None

    @property
    def tiles(self) -> int:
        return len(self.castle)

    @property
    def spare(self) -> int:
        """Tiles of the set left in the box (negative: tiles missing)."""
        return len(self.tileset) - self.tiles

    @property
    def ok(self) -> bool:
        return self.spare >= 0

    def lines(self) -> list[str]:
        c = self.castle
        floors = c.floors
        out = [f"castle {c.name!r}: {self.tiles} tiles in {len(c.cells())} stacks, "
               f"{c.depth} rows by {c.width} columns"]
        out.append(f"floors: {len(floors)} ("
                   + ", ".join(f"{n} on floor {f}" for f, n in enumerate(floors, start=1)) + ")"
                   + ("; the rules build three floors" if len(floors) != 3 else ""))
        s = self.tileset
        if self.spare == 0:
            out.append(f"tile set: uses every tile of {s.title} ({s.description}, "
                       f"{len(s)} tiles)")
        elif self.spare > 0:
            out.append(f"tile set: {s.title} ({s.description}) has {len(s)} tiles; "
                       f"{self.spare} stay{'s' * (self.spare == 1)} in the box")
        else:
            out.append(f"tile set: {s.title} ({s.description}) has only {len(s)} tiles, "
                       f"{-self.spare} too few: the castle cannot be built with it")
        if not self.left_right and not self.top_bottom:
            out.append("symmetry: symmetric left to right and top to bottom")
        for axis, faults in (("left to right", self.left_right),
                             ("top to bottom", self.top_bottom)):
            if faults:
                r, col, h, mr, mc = faults[0]
                mh = c.heights[mr - 1][mc - 1]
                more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
                out.append(f"symmetry: not symmetric {axis}: row {r}, column {col} is "
                           f"{_high(h)} but its mirror, row {mr}, column {mc}, is "
                           f"{_high(mh)}{more}")
        if self.fix:
            r, col, h = self.fix
            now = c.heights[r - 1][col - 1]
            total = self.tiles - now + h
            verb = "raising" if h > now else "lowering"
            out.append(f"symmetry: {verb} row {r}, column {col} from {now} to {h} would make "
                       f"it symmetric both ways, with {total} tiles")
        if self.pieces > 1:
            out.append(f"shape: {self.pieces} separate pieces with empty cells between them")
        if self.tiles % 2:
            out.append("as a solitaire: an odd count, so one tile could never be paired")
        out.append("verdict: can be built" + (" and played" if self.tiles > 1 else "")
                   if self.ok else "verdict: cannot be built with this set")
        return out


def _high(h: int) -> str:
    return "empty" if h == 0 else f"{h} high"


def check_castle(castle: Castle, tileset: TileSet | str = "recommended") -> CastleReport:
    if isinstance(tileset, str):
        tileset = tile_set(tileset)
    lr = tuple(_mirror_faults(castle, "lr"))
    tb = tuple(_mirror_faults(castle, "tb"))
    fix = _symmetry_fix(castle) if (lr or tb) else None
    return CastleReport(castle, tileset, _pieces(castle), lr, tb, fix)


# ---------------------------------------------------------------------------
# Generating castles
# ---------------------------------------------------------------------------

FLOOR_SHARES = {1: (1.0,), 2: (0.6, 0.4), 3: (0.5, 0.32, 0.18), 4: (0.4, 0.28, 0.2, 0.12)}


def generate_castle(tiles: int, rng, *, floors: int = 3, symmetric: bool = False,
                    name: str = "generated") -> Castle:
    """A new castle of exactly ``tiles`` tiles on at most ``floors`` floors: a compact
    ground floor grown from the middle, each upper floor on the inside of the one below
    (every stack of it walled by stacks at least as high), mirrored left to right when
    ``symmetric``."""
    if tiles < 1:
        raise RequestError(f"a castle needs at least one tile, not {tiles}")
    if floors not in FLOOR_SHARES:
        raise RequestError(f"floors must be 1 to 4, not {floors}")
    targets = [round(tiles * share) for share in FLOOR_SHARES[floors]]
    targets[0] += tiles - sum(targets)
    area = targets[0] / 0.4
    width = max(5, round((area * 1.2) ** 0.5)) | 1  # odd, so the middle column mirrors itself
    depth = max(5, round(area / width))
    width += 2
    depth += 2
    h = [[0] * width for _ in range(depth)]
    mid_r, mid_c = depth // 2, width // 2

    def orbit(r: int, c: int) -> list[tuple[int, int]]:
        return sorted({(r, c), (r, width - 1 - c)}) if symmetric else [(r, c)]

    def neighbours(r: int, c: int):
        for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= a < depth and 0 <= b < width:
                yield a, b

    def eligible(r: int, c: int, floor: int, strict: bool) -> bool:
        """Whether the stack at (r, c) may rise to ``floor``."""
        if h[r][c] != floor - 1 or r in (0, depth - 1) or c in (0, width - 1):
            return False
        return floor == 1 or not strict or all(h[a][b] >= floor - 1
                                               for a, b in neighbours(r, c))

    def touching(r: int, c: int, floor: int) -> int:
        return sum(1 for a, b in neighbours(r, c) if h[a][b] >= floor)

    placed = 0
    for floor, target in enumerate(targets, start=1):
        count = 0
        goal = target if floor < len(targets) else tiles - placed
        for strict in (True, False):
            while count < goal:
                options = []
                for r in range(depth):
                    for c in range(width):
                        if not eligible(r, c, floor, strict):
                            continue
                        cells = orbit(r, c)
                        if len(cells) > goal - count or (r, c) != cells[0]:
                            continue
                        if not all(eligible(a, b, floor, strict) for a, b in cells):
                            continue
                        near = touching(r, c, floor)
                        started = count > 0 or (placed > 0 and floor == 1)
                        if started and not near:
                            continue
                        if not started and floor == 1 and (r, c) != (mid_r, mid_c):
                            continue
                        dist = (((r - mid_r) / (depth / 2)) ** 2
                                + ((c - mid_c) / (width / 2)) ** 2) ** 0.5
                        score = (0.7 * near + 0.3 * touching(r, c, floor - 1) - 4.0 * dist
                                 + 0.9 * rng.random())
                        options.append((score, cells))
                if not options:
                    break
                _, cells = max(options)
                for a, b in cells:
                    h[a][b] = floor
                count += len(cells)
        placed += count
        if floor < len(targets):
            targets[floor] += target - count  # carry a shortfall up
    while placed < tiles:  # an odd tile left over: raise a stack of the middle column
        spots = [(h[r][c], r, c) for r in range(1, depth - 1) for c in range(1, width - 1)
                 if len(orbit(r, c)) <= tiles - placed and h[r][c] < floors
                 and (h[r][c] or touching(r, c, 1))]
        if not spots:
            break
        _, r, c = max(spots, key=lambda s: (s[0], -abs(s[1] - mid_r)))
        for a, b in orbit(r, c):
            h[a][b] += 1
            placed += 1
    if placed != tiles:
        raise RequestError(f"could not shape a castle of exactly {tiles} tiles on {floors} "
                           "floors; try another seed or more floors")
    rows = [line for line in h if any(line)]
    used = [c for c in range(width) if any(line[c] for line in rows)]
    left, right = min(used), max(used)
    if symmetric:
        left, right = min(left, width - 1 - right), max(right, width - 1 - left)
    return Castle.from_heights(name, [line[left:right + 1] for line in rows])


__all__ = ["BUILTIN_CASTLES", "Castle", "CastleReport", "TileSet", "builtin_castle",
           "cell_of", "check_castle", "generate_castle",
           "looks_like_castle", "parse_castle", "tile_set"]
