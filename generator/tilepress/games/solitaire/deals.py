"""A deal of the user's own: a layout and the tiles on it, read from a deal file or the
command line, checked against the tile sets that could make it, and solved.

A deal file (docs/formats.md, "Solitaire deals") is JSON::

    {"format": "tilepress-deal", "version": 1, "name": "Tuesday's turtle",
     "layout": "turtle", "tiles": "1m 1m 5p ..."}

with the layout by name or file (a path is read beside the deal file), or the positions
in full (``"positions": [[x, y, z], ...]`` in half-tile units) instead of ``layout``.
The tiles are listed in the layout's position order: the bottom layer first, each layer
row by row from the top (by the top edge, so a tile half a row lower comes after the
row above it), each row from the left.

A deal that cannot be on a table (a tile more or fewer than the positions, a fifth copy
of a tile, a joker) is refused with one line; a deal that is only unwinnable is solved
to a verdict: :func:`solve_deal` gives the solution, or the reason there is none -- a
short proof where one exists (an odd count of a tile, the only two of a tile one on the
other), else the solver's complete search -- or "undecided" with what was tried.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tilepress.engine import solitaire as rules
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.jsontext import MISSING, shown
from tilepress.layouts import Layout, Position, overlap
from tilepress.layouts.files import beside, find_layout
from tilepress.tiles import Tile, format_tiles, parse_tiles
from tilepress.wording import plural

FORMAT = "tilepress-deal"
VERSION = 1
FIELDS = frozenset({"format", "version", "name", "layout", "positions", "tiles"})
SET_TILES = 144
"""A full mahjong set: four of each of 34 tiles, four flowers and four seasons."""
BUDGET = 100_000
"""Simulated plays the solver may spend on a user's deal unless told (a Turtle deal
takes at most a few thousand; the budget counts plays, never seconds, so a verdict is
the same on every machine)."""
MAX_BUDGET = 10_000_000


@dataclass(frozen=True)
class Verdict:
    """What the solver made of a deal: a solution, or the reason there is none."""

    solution: tuple[tuple[int, int], ...] | None
    reason: str = ""
    """Why there is no solution: a proof, or "undecided after N plays" and what was tried."""
    plays: int = 0


def read_deal(data: Any, *, source: str, folder: Path | None = None) -> rules.Deal:
    """A deal from a deal file's JSON (see the module's docstring); ``folder`` is where a
    layout file it names is looked for first."""
    if not isinstance(data, dict):
        raise FileFormatError(f"{source}: a deal is a JSON object with a layout (or "
                              "positions) and tiles")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise FileFormatError(f"{source}: unknown field {unknown[0]!r} (a deal has "
                              f"{', '.join(sorted(FIELDS))})")
    if data.get("format", FORMAT) != FORMAT:
        raise FileFormatError(f"{source}: \"format\" must be {FORMAT!r}, not "
                              f"{shown(data['format'])}")
    version = data.get("version", VERSION)
    if version != VERSION or isinstance(version, bool):
        raise FileFormatError(f"{source}: version {shown(version)} is not supported (this is "
                              f"{VERSION})")
    name = data.get("name", MISSING)
    if name is not MISSING and (not isinstance(name, str) or not 0 < len(name) <= 100):
        raise FileFormatError(f"{source}: \"name\" must be text of 1 to 100 characters")
    if ("layout" in data) == ("positions" in data):
        raise FileFormatError(f"{source}: give the layout (a name or a file) or the "
                              "positions, one of the two")
    if "layout" in data:
        if not isinstance(data["layout"], str):
            raise FileFormatError(f"{source}: \"layout\" must be a layout's name or file")
        try:
            layout = find_layout(beside(data["layout"], folder))
        except TilepressError as exc:
            raise FileFormatError(f"{source}: layout: {exc}") from None
        if name is not MISSING:
            layout = Layout(name, layout.positions, layout.source)
    else:
        layout = read_positions(data["positions"], f"{source}: positions",
                                name if isinstance(name, str) else Path(source).stem)
    if not isinstance(data.get("tiles"), str):
        raise FileFormatError(f"{source}: \"tiles\" must be a tile string (MPSZ, one tile "
                              "for each position, in position order)")
    if "positions" in data:  # the tiles follow the positions as listed
        listed = [Position(p[2], p[1], p[0]) for p in data["positions"]]
        tiles = _tiles(data["tiles"], len(layout), layout.name, f"{source}: tiles")
        where = dict(zip(listed, tiles, strict=True))
        return rules.Deal(layout, tuple(where[p] for p in layout.positions))
    return deal_of(layout, data["tiles"], where=f"{source}: tiles")


def read_positions(raw: Any, where: str, name: str) -> Layout:
    """Positions ``[[x, y, z], ...]`` in half-tile units as a layout; two tiles that
    overlap on one layer are refused."""
    if not isinstance(raw, list) or not raw:
        raise FileFormatError(f"{where}: a list of [x, y, z] in half-tile units")
    if len(raw) > 1000:
        raise FileFormatError(f"{where}: {len(raw):,} positions; a layout has at most 1,000")
    positions = []
    for k, p in enumerate(raw):
        if (not isinstance(p, list) or len(p) != 3 or not all(
                type(v) is int and 0 <= v <= 512 for v in p) or p[2] > 64):
            raise FileFormatError(f"{where}[{k}]: must be [x, y, z] in half-tile units (x "
                                  f"and y from 0 to 512, z from 0 to 64), not {shown(p)}")
        positions.append(Position(p[2], p[1], p[0]))
    if len(set(positions)) != len(positions):
        twice = next(p for p, n in Counter(positions).items() if n > 1)
        raise FileFormatError(f"{where}: the position {twice.as_list()} is listed twice")
    by_layer: dict[int, list[Position]] = {}
    for p in positions:
        for q in by_layer.setdefault(p.z, []):
            if overlap(p, q):
                raise FileFormatError(f"{where}: {p.as_list()} and {q.as_list()} overlap on "
                                      f"layer {p.z}")
        by_layer[p.z].append(p)
    return Layout.of(name, positions)


def deal_of(layout: Layout, text: str, *, where: str) -> rules.Deal:
    """The tiles of ``text`` on ``layout``, in its position order: one tile a position,
    from the sets a layout of that size is dealt from (:func:`check_tile_set`); errors
    start with ``where`` (the file and field, or the option)."""
    return rules.Deal(layout, _tiles(text, len(layout), layout.name, where))


def _tiles(text: str, count: int, name: str, where: str) -> tuple[Tile, ...]:
    """``count`` tiles of a deal from their MPSZ text, checked against the sets."""
    try:
        tiles = parse_tiles(text)
    except TilepressError as exc:
        raise FileFormatError(f"{where}: {exc}") from None
    if len(tiles) != count:
        raise FileFormatError(
            f"{where}: {plural(len(tiles), 'tile')} for the {count} positions of {name!r}: "
            "give one tile for each position, in position order (the bottom layer first, "
            "each layer by rows from the top, each row from the left)")
    check_tile_set(tiles, where)
    return tiles


def check_tile_set(tiles: tuple[Tile, ...], where: str) -> None:
    """Refuse tiles no mahjong set makes: a deal of n tiles comes from ceil(n / 144)
    sets, each with four of every tile (a red five is one of its five's four), one of
    each flower and season, and no jokers."""
    sets = max(1, math.ceil(len(tiles) / SET_TILES))
    counts = Counter(t.kind for t in tiles)
    sample = {t.kind: t for t in tiles}
    for kind, count in sorted(counts.items()):
        tile = sample[kind]
        if tile.is_joker:
            raise FileFormatError(f"{where}: {tile} is a joker; solitaire is played "
                                  "without jokers")
        most = sets if tile.is_bonus else 4 * sets
        if count > most:
            named = tile if not tile.is_red else Tile(f"5{tile.suit}")
            sets_word = ("a set has" if sets == 1 else
                         f"the {sets} sets that {len(tiles)} tiles come from have")
            each = "one of each flower and season" if tile.is_bonus else "four of each tile"
            raise FileFormatError(f"{where}: {count} of {named}, but {sets_word} "
                                  f"{each if sets == 1 else f'{most} of it'}")


# ---------------------------------------------------------------------------
# Solving, with the reason when there is no solution
# ---------------------------------------------------------------------------


def check_budget(budget: int) -> None:
    """Refuse a budget that is not a whole number of plays from 1 to :data:`MAX_BUDGET`."""
    if isinstance(budget, bool) or not isinstance(budget, int) or \
            not 1 <= budget <= MAX_BUDGET:
        raise RequestError(f"the budget must be from 1 to {MAX_BUDGET:,} plays, not "
                           f"{shown(budget)}")


def solve_deal(deal: rules.Deal, *, budget: int = BUDGET) -> Verdict:
    """The solver's verdict on a deal, in words a player can check: a solution, or a
    proof that there is none (:func:`short_proof`, else the solver's complete search), or
    "undecided" with what was tried."""
    check_budget(budget)
    proof = short_proof(deal)
    if proof:
        return Verdict(None, f"no solution: {proof}")
    result = rules.solve(deal, budget=budget)
    if result.status == rules.SOLVED:
        return Verdict(tuple(tuple(m) for m in result.solution), plays=result.work)
    if result.status == rules.UNSOLVABLE:
        return Verdict(None, "no solution: the solver's complete search over every way to "
                       f"pair the tiles found none that clears the layout ({result.work:,} "
                       "plays)", result.work)
    return Verdict(None, f"undecided after {result.work:,} plays (the budget was "
                   f"{budget:,}): quick playouts, the complete search over the ways to pair "
                   "the tiles and a local search found neither a solution nor a proof that "
                   "there is none; a larger budget may settle it", result.work)


def group_name(tile: Tile) -> str:
    """The tiles that match ``tile``, as a player says them."""
    if tile.is_flower:
        return "flowers"
    if tile.is_season:
        return "seasons"
    return str(tile if not tile.is_red else Tile(f"5{tile.suit}"))


def short_proof(deal: rules.Deal) -> str:
    """A proof a player can check that the deal cannot be cleared, where one this short
    exists: a kind of tile dealt an odd number of times (one is always left), or the
    only two of a kind lying one over the other (the lower is never free while the upper
    is there, and the upper has no other partner). Empty when neither holds."""
    groups = deal.groups
    where: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        where.setdefault(g, []).append(i)
    for places in sorted(where.values(), key=min):
        if len(places) % 2:
            tile = deal.tiles[places[0]]
            return (f"{len(places)} of the tiles are {group_name(tile)}, an odd number, so "
                    "one of them is always left")
    board = rules.board_for(deal.layout)
    for places in sorted(where.values(), key=min):
        if len(places) != 2:
            continue
        a, b = places
        for low, high in ((a, b), (b, a)):
            if board.below[low] >> high & 1:
                pos = deal.layout.positions
                return (f"the only two {group_name(deal.tiles[low])} lie one over the "
                        f"other (position {low} at {pos[low]} under position {high} at "
                        f"{pos[high]}): the lower is never free while the upper is there, "
                        "and the upper has no other partner")
    return ""


def solution_answer(verdict: Verdict) -> dict[str, Any]:
    """A solitaire puzzle's answer from a verdict (raises the reason when it has none)."""
    if verdict.solution is None:
        raise RequestError(verdict.reason)
    return {"solution": [list(m) for m in verdict.solution]}


def deal_question(deal: rules.Deal) -> dict[str, Any]:
    """A deal as a solitaire puzzle's question."""
    return {"layout": deal.layout.name,
            "positions": [p.as_list() for p in deal.layout.positions],
            "tiles": format_tiles(deal.tiles)}


__all__ = ["BUDGET", "FORMAT", "MAX_BUDGET", "Verdict", "check_budget", "check_tile_set",
           "deal_of", "deal_question", "read_deal", "read_positions",
           "short_proof", "solution_answer", "solve_deal"]
