"""A wait calculator's report of a hand: shanten, waits and tiles left, a winning hand per
wait, and for a hand with a tile to discard, the table of every sensible discard."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tilepress.engine import standard
from tilepress.tiles import Tile, format_tiles


def tile_counts(items: Iterable[tuple[Tile, int]]) -> list[dict[str, Any]]:
    return [{"tile": str(t), "left": n} for t, n in items]


def analysis_dict(a: standard.HandAnalysis) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": str(a.hand), "tiles": len(a.hand.tiles),
                            "shanten": a.shanten, "forms": a.forms}
    if a.waits:
        data["waits"] = [{"tile": str(w.tile), "left": w.left, "hand": str(w.decomposition),
                          "form": w.decomposition.form} for w in a.waits]
        data["tiles_left"] = sum(w.left for w in a.waits)
    if a.improving:
        data["improving"] = tile_counts(a.improving)
        data["tiles_left"] = sum(n for _, n in a.improving)
    if a.discards:
        data["discards"] = [{"discard": str(o.discard), "shanten": o.shanten,
                             "tiles": tile_counts(o.tiles), "total": o.total}
                            for o in a.discards]
    if a.complete:
        data["complete"] = [{"form": d.form, "hand": str(d)} for d in a.complete]
    return data


def shanten_words(level: int, tiles: int) -> str:
    if level == -1:
        return "complete"
    if level == 0:
        return "ready" if tiles % 3 == 1 else "ready after a discard"
    return f"{level} tile{'s' if level > 1 else ''} from ready"


def analysis_text(a: standard.HandAnalysis) -> str:
    n = len(a.hand.tiles)
    forms = ", ".join(f"{form} {value}" for form, value in a.forms.items())
    lines = [f"hand     {a.hand}  ({n} tiles)",
             f"shanten  {a.shanten}: {shanten_words(a.shanten, n)}  [{forms}]"]
    if a.waits:
        total = sum(w.left for w in a.waits)
        lines.append(f"waits    {' '.join(str(w.tile) for w in a.waits)}  ({total} tiles left)")
        for w in a.waits:
            lines.append(f"  {w.tile!s:3} {w.left} left   {w.decomposition}")
    elif a.improving:
        total = sum(k for _, k in a.improving)
        lines.append(f"better   {' '.join(str(t) for t, _ in a.improving)}  ({total} tiles)")
    elif n % 3 == 1:
        lines.append("waits    none")
    if a.complete:
        for d in a.complete:
            lines.append(f"  {d.form}: {d}")
    for o in a.discards:
        label = "waits" if o.shanten == 0 else "better"
        tiles = " ".join(str(t) for t, _ in o.tiles)
        lines.append(f"discard {o.discard!s:3} {label} {tiles}  ({o.total} tiles)")
    return "\n".join(lines)


WAITS_COLUMNS = ("line", "hand", "tiles", "shanten", "waits", "tiles_left", "better",
                 "best_discard")
"""The columns of ``tilepress analyze waits --file``'s table."""


def table_row(hand: str) -> dict[str, Any]:
    """One hand of a list as a row of :data:`WAITS_COLUMNS` (but ``line``): shanten; for
    a ready hand its waits and the tiles of them left; for one not ready, the tiles that
    bring it nearer (``better``) and how many are left; for a hand with a tile to discard,
    the best discard and what it leaves. Tiles are written as MPSZ, left as counts."""
    a = standard.analyze(hand)
    row: dict[str, Any] = {"hand": str(a.hand), "tiles": len(a.hand.tiles),
                           "shanten": a.shanten, "waits": "", "tiles_left": 0, "better": "",
                           "best_discard": ""}
    if a.waits:
        row["waits"] = format_tiles(w.tile for w in a.waits)
        row["tiles_left"] = sum(w.left for w in a.waits)
    elif a.improving:
        row["better"] = format_tiles(t for t, _ in a.improving)
        row["tiles_left"] = sum(n for _, n in a.improving)
    if a.discards:
        best = a.discards[0]
        row["best_discard"] = str(best.discard)
        row["waits" if best.shanten == 0 else "better"] = format_tiles(t for t, _ in best.tiles)
        row["tiles_left"] = best.total
    return row


__all__ = ["WAITS_COLUMNS", "analysis_dict", "analysis_text", "shanten_words", "table_row"]
