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
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.documents.markup import template_blocks
from generator.documents.model import Block, Contents, Document, PageBreak, Section, TitlePage
from generator.documents.puzzles import (
    PuzzleSection,
    answer_blocks,
    frame_width,
    question_blocks,
    tile_chart,
)
from generator.draw.canvas import Paper, find_paper
from generator.errors import FileFormatError, RequestError
from generator.files import read_text
from generator.games import find_kind
from generator.params import parse_params
from generator.puzzles.base import generate_set, verify_set
from generator.tiles import parse_tiles

_BOOK_KEYS = {"title", "subtitle", "paper", "seed", "section", "cover_tiles"}


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


def parse_spec(text: str, *, source: str = "book spec") -> BookSpec:
    """Read a book spec; every error names the file and the section."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileFormatError(f"{source}: not valid TOML: {exc}") from None
    unknown = set(data) - _BOOK_KEYS
    if unknown:
        raise FileFormatError(f"{source}: unknown setting {sorted(unknown)[0]!r} "
                              f"(known: {', '.join(sorted(_BOOK_KEYS))})")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise FileFormatError(f"{source}: the book needs a title = \"...\"")
    sections = data.get("section", [])
    if not isinstance(sections, list) or not sections:
        raise FileFormatError(f"{source}: the book needs at least one [[section]]")
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
        specs.append(SectionSpec(kind_type, section_title, options, where))
    for key, kind in (("paper", str), ("subtitle", str), ("cover_tiles", str)):
        if key in data and not isinstance(data[key], kind):
            raise FileFormatError(f"{source}: {key} must be text")
    seed = data.get("seed", 1)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise FileFormatError(f"{source}: seed must be a number or text")
    return BookSpec(title=title, paper=data.get("paper", "a4"), subtitle=data.get("subtitle", ""),
                    seed=seed, cover_tiles=data.get("cover_tiles", ""), sections=tuple(specs))


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
        seed = options.pop("seed", state.spec.seed)
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
    options = dict(spec.options)
    template = options.pop("template", None)
    if not isinstance(template, str):
        raise FileFormatError(f"{spec.where}: a text section needs template = \"...\"")
    blocks = list(template_blocks(template, **options))
    return [Section(spec.title), *blocks] if spec.title else blocks


def _tiles_section(spec: SectionSpec, state: BookState) -> list[Block]:
    suits = spec.options.get("suits", "mpsz")
    if not isinstance(suits, str) or not suits or any(s not in "mpszf" for s in suits):
        raise FileFormatError(f"{spec.where}: suits must be letters from m, p, s, z, f")
    return tile_chart(suits)


SECTION_TYPES: dict[str, SectionBuilder] = {
    "puzzles": _puzzle_section,
    "text": _text_section,
    "tiles": _tiles_section,
}


def build_book(spec: BookSpec, *, paper: str | None = None) -> tuple[Document, BookState]:
    """The whole book as a document, every puzzle generated and verified."""
    state = BookState(spec, find_paper(paper or spec.paper))
    body: list[Block] = []
    for section in spec.sections:
        blocks = SECTION_TYPES[section.type](section, state)
        if body and any(isinstance(b, Section) for b in blocks):
            body.append(PageBreak(soft=True))  # flows on below a page less than half full
        body.extend(blocks)
    cover = parse_tiles(spec.cover_tiles) if spec.cover_tiles else ()
    total = state.number - 1
    lines = (f"{total} puzzles with an answer key" if total else "",
             f"made with tilepress, seed {spec.seed}")
    blocks: list[Block] = [TitlePage(spec.title, spec.subtitle, tuple(x for x in lines if x),
                                     cover), Contents(), *body]
    if state.answers:
        blocks += [PageBreak(), Section("Answers"),
                   *template_blocks("book/key.txt.j2"), *state.answers]
    return Document(spec.title, state.paper, tuple(blocks), subtitle=spec.subtitle), state
