"""Generated Dragon Castles that double as solitaire puzzles.

A castle is shaped for a tile set and a player count (an exact tile count, at most three
floors by default, mirrored left to right by option), then dealt so that it can be
taken apart entirely in identical free pairs; the solitaire solver proves it and its
solution, replayed by the rules, is the answer key. Difficulty is graded as for
solitaire (docs/grading.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tilepress.documents.model import Paragraph
from tilepress.engine import solitaire as rules
from tilepress.errors import FileFormatError, RequestError
from tilepress.games.castle.options import CastleParams
from tilepress.games.castle.pictures import floors_figure, isometric_figure
from tilepress.games.solitaire.puzzles import (
    SolitaireKind,
    deal_of,
    kept_variant,
    traps_sentence,
)
from tilepress.jsontext import MISSING, shown
from tilepress.layouts.castle import (
    BUILTIN_CASTLES,
    Castle,
    cell_of,
    check_castle,
    generate_castle,
    parse_castle,
    tile_set,
)
from tilepress.layouts.files import find_castle
from tilepress.puzzles.base import Candidate, Keep, Puzzle, read_field
from tilepress.tiles import Tile, format_tiles


@dataclass(frozen=True)
class ProvenCastle:
    """A castle, a deal of tiles on it, and a solution that takes it apart."""

    castle: Castle
    deal: rules.Deal
    solution: tuple[tuple[int, int], ...]


KEY_HEIGHT = 212.0
"""The answer key's castle fills a page of its own (mm): its floors go on as many rows
as give the largest tiles, so that each tile's number leaves most of the face in view."""


def castle_tiles(params: CastleParams) -> int:
    """Tiles in the castle the parameters ask for: a loaded castle's, or a generated one's."""
    if params.layout == "generate":
        return params.generated_tiles()
    return len(find_castle(params.layout))


def make_castle(params: CastleParams, rng: random.Random) -> ProvenCastle:
    """Shape (or load) a castle and deal it so that the solver proves it can be cleared."""
    n = castle_tiles(params)
    if n % 2:
        raise RequestError(f"a castle of {n} tiles cannot be taken apart in pairs; ask for an "
                           "even count")
    supply = tile_set(params.tileset)
    if n > len(supply):
        raise RequestError(f"{n} tiles are more than the {params.tileset} set's {len(supply)}")
    if params.layout == "generate":
        castle = generate_castle(n, rng, floors=params.floors, symmetric=params.symmetric)
    else:
        castle = find_castle(params.layout)
    layout = castle.layout()
    deal, built = rules.deal_backwards(layout, rng, supply=rules.pair_supply(supply.tiles, n,
                                                                             rng))
    result = rules.solve(deal)
    solution = result.solution if result.status == rules.SOLVED else tuple(built)
    if rules.replay_solution(deal, solution):  # pragma: no cover - never print a wrong key
        raise RequestError("the castle's solution does not replay")
    return ProvenCastle(castle, deal, tuple(tuple(m) for m in solution))


def _faces(tileset: str) -> tuple[tuple[Tile, ...], ...]:
    """The plain faces of a tile set in groups of those it holds equally often (a face
    exchanged within its group leaves a deal one the set can make)."""
    counts = Counter(t for t in tile_set(tileset).tiles if not t.is_red and t.suit != "f")
    groups: dict[int, list[Tile]] = {}
    for tile, n in sorted(counts.items(), key=lambda kv: kv[0].kind):
        groups.setdefault(n, []).append(tile)
    return tuple(tuple(g) for _, g in sorted(groups.items()))


def question_of(made: ProvenCastle, params: CastleParams) -> dict[str, Any]:
    return {"castle": made.castle.to_text(), "tileset": params.tileset,
            "players": params.players, "layout": made.castle.name,
            "positions": [p.as_list() for p in made.deal.layout.positions],
            "tiles": format_tiles(made.deal.tiles)}


def _castle_of(question: Mapping[str, Any], where: str) -> Castle:
    text = question.get("castle")
    if not isinstance(text, str):
        raise FileFormatError(f"{where}: question.castle must be a height map")
    castle = parse_castle(text, name=str(question.get("layout", "castle")),
                          source=f"{where}: question.castle")
    deal = deal_of(question, where)
    if castle.layout().positions != deal.layout.positions:
        raise FileFormatError(f"{where}: question.positions do not match question.castle")
    return castle


class CastleKind(SolitaireKind):
    name = "castle"
    question_keys = frozenset({"castle", "tileset", "players", "layout", "positions", "tiles"})
    title = "Dragon Castle: castles to take apart"
    params_type = CastleParams
    instructions = "castle.txt.j2"
    misses_in_a_row = 40
    takes_nearest = False  # a castle of the asked difficulty, or none

    def check_request(self, params: CastleParams, count: int) -> None:
        n = castle_tiles(params)
        if n > len(tile_set(params.tileset)):
            raise RequestError(f"{n} tiles are more than the {params.tileset} set holds "
                               f"({len(tile_set(params.tileset))})")
        if n % 2:
            raise RequestError(f"a castle of {n} tiles cannot be taken apart in pairs; ask "
                               "for an even count")

    def generate(self, params: CastleParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        """A castle dealt and proven; with ``keep``, it or one with its faces exchanged
        among those the tile set holds as often (:func:`kept_variant`)."""
        made = make_castle(params, rng)
        question = question_of(made, params)
        answer = {"solution": [list(m) for m in made.solution]}
        grade = self.grade(question, answer)
        found = Candidate(question, answer, grade, (question["castle"], question["tiles"]))
        if keep is None:
            return found
        return kept_variant(self, found, _faces(params.tileset), rng, keep)

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        """The castle, its deal, and the fields a page prints: the player count, the tile
        set (whose tiles the deal must come from) and the castle's name."""
        _castle_of(question, where)
        players = question.get("players")
        if type(players) is not int or players not in (2, 3, 4):
            raise FileFormatError(f"{where}: question.players must be 2, 3 or 4, not "
                                  f"{shown(question.get('players', MISSING))}")
        name = question.get("layout")
        if not isinstance(name, str) or not 0 < len(name) <= 100:
            raise FileFormatError(f"{where}: question.layout must be the castle's name")
        supply = read_field(question, "tileset", where, tile_set, "a tile set")
        spec = question["tileset"]
        extra = Counter(deal_of(question, where).tiles) - Counter(supply.tiles)
        if extra:
            tile, n = min(extra.items(), key=lambda kv: str(kv[0]))
            raise FileFormatError(f"{where}: question.tiles deal {n} more {tile} than the "
                                  f"{spec} set holds")

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        """The solution's shape (a list of pairs of positions), then its replay."""
        solution = puzzle.answer.get("solution")
        if isinstance(solution, list):
            for step, move in enumerate(solution, start=1):
                if not isinstance(move, list) or len(move) != 2 or \
                        not all(type(i) is int for i in move):
                    return [f"answer.solution: move {step} must be a pair of positions [i, j], "
                            f"not {shown(move)}"]
        return super().check(puzzle, solved)

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        castle = _castle_of(puzzle.question, puzzle.id)
        deal = deal_of(puzzle.question, puzzle.id)
        report = check_castle(castle, str(puzzle.question.get("tileset", "recommended")))
        tiles = {cell_of(p): t for p, t in zip(deal.layout.positions, deal.tiles, strict=True)}
        return (Paragraph(f"{len(castle)} tiles on {len(castle.floors)} floors for "
                          f"{puzzle.question.get('players', 4)} players; "
                          + report.lines()[2].removeprefix("tile set: ") + ".", size=8.5),
                isometric_figure(castle, width=90, max_height=60),
                floors_figure(castle, tiles=tiles, width=174, max_height=150))

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        castle = _castle_of(puzzle.question, puzzle.id)
        deal = deal_of(puzzle.question, puzzle.id)
        numbers = {}
        for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
            numbers[cell_of(deal.layout.positions[a])] = k
            numbers[cell_of(deal.layout.positions[b])] = k
        tiles = {cell_of(p): t for p, t in zip(deal.layout.positions, deal.tiles, strict=True)}
        g = puzzle.grade
        return (Paragraph("Take the pairs in the order of their numbers. "
                          + traps_sentence(g, "a pair of open tiles that, once taken, "
                                                "leaves the castle impossible to take "
                                                "apart"),
                          size=8.5),
                floors_figure(castle, tiles=tiles, numbers=numbers, width=174,
                              max_height=KEY_HEIGHT, largest=12.0, wrap=True))


__all__ = ["BUILTIN_CASTLES", "CastleKind", "CastleParams", "ProvenCastle", "make_castle"]
