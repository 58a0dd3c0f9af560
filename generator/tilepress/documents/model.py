"""Documents as plain data: a title, a paper size and a flow of blocks.

Books, puzzle sheets, rulebooks and worked examples are all built as a
:class:`Document`; :mod:`.layout` paginates it and draws it through the drawing
interface, so every output format shows the same pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from tilepress.draw.canvas import Canvas, Paper, Surface
from tilepress.tiles import Tile

Align = Literal["left", "center", "right"]


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1
    key: str = ""
    """Set at layout when the heading goes into the PDF outline."""
    size: float = 0.0
    """Type size in points; 0 takes the level's (large print sets it)."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    size: float = 10.0
    font: str = "regular"
    align: Align = "left"
    color: str = "#1d1d1b"


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]
    size: float = 10.0
    numbered: bool = False
    """Number the items 1., 2., ... instead of bulleting them (steps in order)."""
    start: int = 1
    """The number of the first item (a list split over two pages goes on counting)."""


@dataclass(frozen=True)
class TileRow:
    """Tiles in groups (a gap between groups); ``None`` draws a tile back.

    ``marks`` are (group, index) pairs drawn marked, such as the winning tile;
    ``label`` is printed to the left of the tiles."""

    groups: tuple[tuple[Tile | None, ...], ...]
    tile_width: float = 8.0
    marks: frozenset[tuple[int, int]] = frozenset()
    label: str = ""
    label_width: float = 0.0
    note: str = ""
    """Printed to the right of the tiles, in small type."""
    label_size: float = 9.0
    wrap: bool = False
    """Where the tiles do not fit the width: True breaks them onto more lines at
    ``tile_width`` (between groups where it can), False draws them smaller on one line."""


@dataclass(frozen=True)
class Figure:
    """A picture drawn by a function, ``width`` x ``height`` mm (scaled down to fit)."""

    width: float
    height: float
    draw: Callable[[Canvas], None] = field(compare=False)
    caption: str = ""
    max_height: float = 0.0
    """Scaled down to at most this height (mm) when set."""
    caption_size: float = 8.5
    """The caption's type size (points)."""


@dataclass(frozen=True)
class Illustration:
    """A figure and the facts a rules engine computed about what it shows (the waits of
    a hand, the points of a Mint Tin hand, the open tiles of a castle)."""

    figure: Figure
    facts: Mapping[str, Any] = field(default_factory=dict)


Cell = str | TileRow


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    widths: tuple[float, ...] = ()
    """Relative column widths (equal when empty)."""
    size: float = 9.0
    row_height: float = 0.0
    """Minimum row height in mm (for sheets to write on)."""
    links: tuple[str, ...] = ()
    """Places each row links to (the contents), one per row, when set."""


@dataclass(frozen=True)
class Spacer:
    height: float


@dataclass(frozen=True)
class Rule:
    """A thin horizontal line across the frame."""


@dataclass(frozen=True)
class PageBreak:
    """What follows starts a new page. A ``soft`` break gives way when the page so far is
    less than half full and what follows (a heading, its introduction and the first row
    of its content) fits below it: sections then flow on instead of leaving pages half
    empty."""

    soft: bool = False


@dataclass(frozen=True)
class Box:
    """A framed cell: a numbered puzzle, an answer, a card of text.

    ``number`` goes in a dark disc at the top left, ``title`` beside it, ``badge`` (a
    difficulty) at the top right; ``lines`` blank writing lines follow the body, each
    starting with ``line_label``."""

    body: tuple[Block, ...]
    number: str = ""
    title: str = ""
    badge: str = ""
    lines: int = 0
    line_label: str = ""
    line_labels: tuple[str, ...] = ()
    """A label for each writing line in turn (``line_label`` for the lines after them)."""
    min_height: float = 0.0
    """Drawn at least this tall (a grid stretches the boxes of a row to one height)."""
    size: float = 0.0
    """The type of its title (points; 0: 9.5), with its number, badge and line labels in
    proportion (large print sets it)."""


@dataclass(frozen=True)
class Grid:
    """Cells (usually :class:`Box`) in rows of ``columns``; pages break between rows."""

    cells: tuple[Block, ...]
    columns: int = 1
    gap: float = 4.0


@dataclass(frozen=True)
class Beside:
    """A figure with words beside it (to its right): where a page is too short for the
    figure above the words, the words take the room the figure leaves at its side. It
    moves whole from page to page."""

    figure: Figure
    blocks: tuple[Block, ...]
    words: float = 60.0
    """The words' column is at least this wide (mm); the figure is drawn smaller to
    leave it, else as wide as it is drawn on its own."""
    gap: float = 6.0


@dataclass(frozen=True)
class Section:
    """Marks the start of a section: its title runs in the page header, it is listed in
    the contents and in the PDF outline. Draws nothing itself."""

    title: str
    key: str = ""
    """Set at layout: the place the contents and the outline link to."""


@dataclass(frozen=True)
class TitlePage:
    title: str
    subtitle: str = ""
    lines: tuple[str, ...] = ()
    tiles: tuple[Tile, ...] = ()
    line_size: float = 10.0
    """The type of ``lines`` (points)."""


@dataclass(frozen=True)
class Contents:
    """A list of the sections with their page numbers (filled in at layout)."""

    title: str = "Contents"
    size: float = 10.5


Block = (
    Heading | Paragraph | Bullets | TileRow | Figure | Table | Spacer | Rule | PageBreak | Box
    | Grid | Beside | Section | TitlePage | Contents
)


@dataclass(frozen=True)
class Document:
    title: str
    paper: Paper
    blocks: tuple[Block, ...]
    subtitle: str = ""
    page_numbers: bool = True
    running_header: bool = True
    margin: float = 15.0
    outline_depth: int = 1
    """PDF bookmarks: 1 lists the sections, 2 also their headings."""
    furniture_size: float = 7.5
    """The running head's type (points); the page number is a point larger."""

    def render(self, surface: Surface) -> int:
        """Lay the blocks out on pages and draw them; the number of pages."""
        from tilepress.documents.layout import render

        return render(self, surface)


@dataclass(frozen=True)
class PlayerAid:
    """A document laid out on half a sheet (A5 of A4, half-letter of Letter) and printed
    two copies to a sheet, side by side with a cut line: an aid for each player."""

    document: Document
    sheet: Paper

    @property
    def title(self) -> str:
        return self.document.title

    @property
    def subtitle(self) -> str:
        return self.document.subtitle

    def render(self, surface: Surface) -> int:
        from tilepress.draw.booklet import TwoUpSurface

        return self.document.render(TwoUpSurface(surface, self.sheet))


def half_sheet(paper: Paper) -> Paper:
    """The page of a player aid printed two to a sheet of ``paper``."""
    from tilepress.draw.canvas import HALF, PAPERS

    return PAPERS[HALF[paper.name]] if paper.name in HALF else paper


class Printed(Protocol):
    """Anything tilepress prints: a document, or cards on sheets."""

    title: str
    subtitle: str

    def render(self, surface: Surface) -> int: ...
