"""What ``tilepress analyze american`` reports about a hand: the hands 14 tiles make, or
the hands 13 tiles are nearest to with the tiles each still needs."""

from __future__ import annotations

from collections.abc import Sequence

from tilepress.errors import HandError
from tilepress.games.american.card import (
    FLOWER,
    Card,
    Exposure,
    Match,
    check_tiles,
    is_jokerless,
    matches,
    nearest,
    tile_of,
)
from tilepress.tiles import format_tiles, parse_tiles


def _match_dict(m: Match) -> dict:
    return {"hand": m.hand.id, "reading": m.requirement.describe(), "value": m.hand.value,
            "concealed": m.hand.concealed, "need": m.need,
            "missing": [str(tile_of(f)) if f != FLOWER else "F" for f in m.missing]}


def analyze(card: Card, hand: str, exposed: Sequence[str] = ()) -> dict:
    """What ``tilepress analyze american`` reports: for 14 tiles the hands they make (or
    the nearest); for 13, the nearest hands with the tiles still needed."""
    tiles = parse_tiles(hand)
    exposures = tuple(Exposure.parse(e) for e in exposed)
    check_tiles(tiles, exposures)
    total = len(tiles) + sum(e.size for e in exposures)
    data: dict = {"card": card.name, "hand": format_tiles(tiles),
                  "exposed": [str(e) for e in exposures], "tiles": total}
    if total == 14:
        found = matches(card, tiles, exposures)
        data["mahjong"] = [_match_dict(m) for m in found]
        data["jokerless"] = is_jokerless(tiles, exposures)
    elif total != 13:
        raise HandError(f"give 13 or 14 tiles with the exposures, not {total}")
    data["nearest"] = [_match_dict(m) for m in nearest(card, tiles, exposures)]
    if exposures and not data["nearest"]:
        data["note"] = "no open hand on the card has these exposures: the hand is dead"
    return data


def analysis_lines(data: dict) -> list[str]:
    exposed = "".join(f" [{e}]" for e in data["exposed"])
    out = [f"hand: {data['hand']}{exposed} ({data['tiles']} tiles), card {data['card']!r}"]
    if "mahjong" in data:
        if data["mahjong"]:
            for m in data["mahjong"]:
                jl = ", jokerless" if data["jokerless"] else ""
                out.append(f"Mah Jongg: {m['reading']}, {m['value']} points"
                           f"{' (concealed hand)' if m['concealed'] else ''}{jl}")
        else:
            out.append("no hand on the card: not Mah Jongg")
    if data.get("note"):
        out.append(data["note"])
    for m in data["nearest"]:
        if m["need"] == 0:
            continue
        kind = "concealed" if m["concealed"] else "exposed ok"
        out.append(f"{m['need']:>2} away: {m['reading']} ({m['value']}, {kind}) needs "
                   f"{' '.join(m['missing'])}")
    return out


__all__ = ["analysis_lines", "analyze"]
