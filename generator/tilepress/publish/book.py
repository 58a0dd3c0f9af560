"""Books: a TOML spec names the title, the paper and the sections.

```toml
title = "Find the Wait"
subtitle = "Hands from one suit, with an answer key"
paper = "a4"            # a4 or letter
seed = 2026             # the seed of sections that do not give their own

[[section]]
kind = "waits"          # any puzzle kind; its options follow
title = "Warm-up: seven tiles"
count = 8
tiles = 7
difficulty = "easy"
```

A section is a set of puzzles (``kind = ...``) unless it names another ``type``:
``type = "text"`` prints a template from ``templates/`` and ``type = "tiles"`` prints
the tile chart. Other modules add section types to :data:`SECTION_TYPES`.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tilepress.documents.markup import template_blocks, template_values
from tilepress.documents.model import (
    Block,
    Contents,
    Document,
    PageBreak,
    Paragraph,
    Section,
    TitlePage,
)
from tilepress.documents.puzzles import (
    PuzzleSection,
    answer_blocks,
    frame_width,
    question_blocks,
    tile_chart,
)
from tilepress.draw.canvas import Paper, find_paper
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.files import parse_toml, read_text
from tilepress.games import find_kind
from tilepress.params import parse_params
from tilepress.puzzles.base import generate_set, verify_set
from tilepress.tiles import parse_tiles

_BOOK_KEYS = {"title", "subtitle", "paper", "seed", "section", "cover_tiles"}
MAX_SECTIONS = 200
MAX_TITLE = 200
"""The longest title (a book's or a section's) and twice that for a subtitle."""
MAX_COVER_TILES = 18
"""Tiles on the title page: a hand of four kongs at most, so they stay legible."""
MAX_SEED = 2**53
"""Seeds run from -2**53 to 2**53, as on the command line: JSON holds each exactly."""
TEXT_SIZES = (6.0, 24.0)
"""The smallest and largest type size (points) of a text section."""


@dataclass(frozen=True)
class SectionSpec:
    type: str
    title: str
    options: Mapping[str, Any]
    where: str


@dataclass(frozen=True)
class BookSpec:
    title: str
    paper: str = "a4"
    subtitle: str = ""
    seed: int | str = 1
    cover_tiles: str = ""
    sections: tuple[SectionSpec, ...] = field(default=())


def check_seed(seed: Any, where: str) -> int | str:
    """A seed: a whole number (of at most 63 bits) or a short text."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise FileFormatError(f"{where}: seed must be a whole number or text, not {seed!r}")
    if isinstance(seed, int) and not -MAX_SEED <= seed <= MAX_SEED:
        raise FileFormatError(f"{where}: seed must be from -2**53 to 2**53")
    if isinstance(seed, str) and not 0 < len(seed) <= 100:
        raise FileFormatError(f"{where}: seed as text must be 1 to 100 characters")
    return seed


def _text(data: Mapping[str, Any], key: str, where: str, longest: int) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise FileFormatError(f"{where}: {key} must be text in quotes, not {value!r}")
    if len(value) > longest:
        raise FileFormatError(f"{where}: {key} is {len(value):,} characters long; at most "
                              f"{longest}")
    return value


def check_cover_tiles(text: str, where: str) -> tuple:
    """The title page's tiles: a tile string of a real set (at most four of a tile)."""
    try:
        tiles = parse_tiles(text)
    except TilepressError as exc:
        raise FileFormatError(f"{where}: cover_tiles: {exc}") from None
    if len(tiles) > MAX_COVER_TILES:
        raise FileFormatError(f"{where}: cover_tiles has {len(tiles)} tiles; the title page "
                              f"shows at most {MAX_COVER_TILES}")
    counts = Counter(t.kind for t in tiles)
    for tile in tiles:
        most = 8 if tile.suit == "j" else 1 if tile.suit == "f" else 4
        if counts[tile.kind] > most:
            raise FileFormatError(f"{where}: cover_tiles has {counts[tile.kind]} copies of "
                                  f"{tile}; a set has {most}")
    return tiles


def parse_spec(text: str, *, source: str = "book spec") -> BookSpec:
    """Read a book spec; every error names the file and the key (and the section)."""
    data = parse_toml(text, source)
    unknown = set(data) - _BOOK_KEYS
    if unknown:
        raise FileFormatError(f"{source}: unknown setting {sorted(unknown)[0]!r} "
                              f"(known: {', '.join(sorted(_BOOK_KEYS))})")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise FileFormatError(f"{source}: the book needs a title = \"...\"")
    _text(data, "title", source, MAX_TITLE)
    sections = data.get("section", [])
    if not isinstance(sections, list) or not sections:
        raise FileFormatError(f"{source}: the book needs at least one [[section]]")
    if len(sections) > MAX_SECTIONS:
        raise FileFormatError(f"{source}: {len(sections)} sections; a book has at most "
                              f"{MAX_SECTIONS}")
    specs = []
    for i, raw in enumerate(sections, start=1):
        where = f"{source}: section {i}"
        if not isinstance(raw, dict):
            raise FileFormatError(f"{where}: must be a table")
        options = dict(raw)
        kind_type = options.pop("type", "puzzles")
        if kind_type not in SECTION_TYPES:
            raise FileFormatError(f"{where}: unknown type {kind_type!r} "
                                  f"(types: {', '.join(SECTION_TYPES)})")
        section_title = options.pop("title", "")
        if not isinstance(section_title, str):
            raise FileFormatError(f"{where}: title must be text")
        if len(section_title) > MAX_TITLE:
            raise FileFormatError(f"{where}: title is {len(section_title):,} characters long; "
                                  f"at most {MAX_TITLE}")
        specs.append(SectionSpec(kind_type, section_title, options, where))
    subtitle = _text(data, "subtitle", source, 2 * MAX_TITLE) if "subtitle" in data else ""
    paper = _text(data, "paper", source, 20) if "paper" in data else "a4"
    try:
        find_paper(paper)
    except RequestError as exc:
        raise FileFormatError(f"{source}: paper: {exc}") from None
    cover = _text(data, "cover_tiles", source, 200) if "cover_tiles" in data else ""
    check_cover_tiles(cover, source)
    seed = check_seed(data.get("seed", 1), source)
    return BookSpec(title=title, paper=paper, subtitle=subtitle, seed=seed, cover_tiles=cover,
                    sections=tuple(specs))


def load_spec(path: str | os.PathLike[str]) -> BookSpec:
    return parse_spec(read_text(path, "book spec"), source=os.fspath(path))


# ---------------------------------------------------------------------------
# Section types
# ---------------------------------------------------------------------------


@dataclass
class BookState:
    """What sections share while a book is built."""

    spec: BookSpec
    paper: Paper
    number: int = 1  # the next puzzle number
    answers: list[Block] = field(default_factory=list)
    puzzle_sets: list[PuzzleSection] = field(default_factory=list)


SectionBuilder = Callable[[SectionSpec, BookState], list[Block]]


def _puzzle_section(spec: SectionSpec, state: BookState) -> list[Block]:
    options = dict(spec.options)
    kind_name = options.pop("kind", None)
    if not isinstance(kind_name, str):
        raise FileFormatError(f"{spec.where}: a puzzle section needs kind = \"...\"")
    try:
        kind = find_kind(kind_name)
        count = options.pop("count", 12)
        seed = check_seed(options.pop("seed", state.spec.seed), spec.where)
        if not isinstance(count, int) or isinstance(count, bool):
            raise RequestError(f"{spec.where}: count must be a whole number")
        params = parse_params(kind.params_type, options, where=spec.where)
        puzzles = generate_set(kind, params, count=count, seed=seed)
    except RequestError as exc:
        message = str(exc)
        if not message.startswith(spec.where):
            message = f"{spec.where}: {message}"
        raise RequestError(message) from None
    problems = verify_set(puzzles, kind)
    if problems:  # pragma: no cover - would be a bug in a kind
        raise RequestError(f"{spec.where}: puzzle {problems[0]}")
    section = PuzzleSection(spec.title or kind.title, kind, puzzles, first=state.number)
    state.number += len(puzzles.puzzles)
    state.puzzle_sets.append(section)
    width = frame_width(state.paper)
    state.answers.extend(answer_blocks(section, width))
    return question_blocks(section, width)


def _text_section(spec: SectionSpec, state: BookState) -> list[Block]:
    """A template from ``templates/`` with the section's other keys as its values: each
    key must be a value the template uses, and each value it uses must be given."""
    options = dict(spec.options)
    template = options.pop("template", None)
    if not isinstance(template, str) or not template:
        raise FileFormatError(f"{spec.where}: a text section needs template = \"...\" (such "
                              "as \"book/howto.txt.j2\")")
    size = options.pop("size", 10.0)
    low, high = TEXT_SIZES
    if isinstance(size, bool) or not isinstance(size, int | float) or \
            not low <= size <= high:
        raise FileFormatError(f"{spec.where}: size must be a type size from {low:g} to "
                              f"{high:g} points, not {size!r}")
    try:
        wanted = template_values(template)
        unknown = sorted(set(options) - wanted)
        if unknown:
            takes = ", ".join(sorted(wanted)) or "no values"
            raise FileFormatError(f"template {template!r} has no value {unknown[0]!r} (it "
                                  f"takes: {takes}; and size, title)")
        blocks = list(template_blocks(template, size=float(size), **options))
    except TilepressError as exc:
        raise FileFormatError(f"{spec.where}: {exc}") from None
    return [Section(spec.title), *blocks] if spec.title else blocks


def _tiles_section(spec: SectionSpec, state: BookState) -> list[Block]:
    unknown = sorted(set(spec.options) - {"suits"})
    if unknown:
        raise FileFormatError(f"{spec.where}: a tiles section has no key {unknown[0]!r} (it "
                              "takes title and suits)")
    suits = spec.options.get("suits", "mpsz")
    if not isinstance(suits, str) or not suits or any(s not in "mpszf" for s in suits) \
            or len(set(suits)) != len(suits):
        raise FileFormatError(f"{spec.where}: suits must be letters from m, p, s, z, f, each "
                              "once")
    return tile_chart(suits)


SECTION_TYPES: dict[str, SectionBuilder] = {
    "puzzles": _puzzle_section,
    "text": _text_section,
    "tiles": _tiles_section,
}


COLOPHON = ("How this book was made: every puzzle was made by computer, and its answer "
            "worked out again from the question alone before printing.")
"""The one line that says how the book was made: with the contents, never on the cover."""


def build_book(spec: BookSpec, *, paper: str | None = None) -> tuple[Document, BookState]:
    """The whole book as a document, every puzzle generated and verified."""
    state = BookState(spec, find_paper(spec.paper if paper is None else paper))
    body: list[Block] = []
    for section in spec.sections:
        blocks = SECTION_TYPES[section.type](section, state)
        if body and any(isinstance(b, Section) for b in blocks):
            body.append(PageBreak(soft=True))  # flows on below a page less than half full
        body.extend(blocks)
    cover = check_cover_tiles(spec.cover_tiles, "cover_tiles") if spec.cover_tiles else ()
    total = state.number - 1
    lines = (f"{total} puzzle{'s' * (total != 1)} with an answer key",) if total else ()
    blocks: list[Block] = [TitlePage(spec.title, spec.subtitle, lines, cover), Contents(),
                           Paragraph(COLOPHON, size=8.0, color="#6b6862"), *body]
    if state.answers:
        blocks += [PageBreak(), Section("Answers"),
                   *template_blocks("book/key.txt.j2"), *state.answers]
    return Document(spec.title, state.paper, tuple(blocks), subtitle=spec.subtitle), state
