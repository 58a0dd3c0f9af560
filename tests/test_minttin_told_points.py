"""A worked example's points tables add up to the points the log gives each win: the
round's bonuses (jokers discarded, concealed) appear once, from the one function that
works them out (issue 34's audit found 'Concealed +1' twice in a table)."""

from __future__ import annotations

import pytest

import tilepress
from tilepress.documents.model import Table
from tilepress.games.minttin.rules import Deal, Double, Mahjong


def _tables(blocks) -> list[Table]:
    out = []
    for block in blocks:
        if isinstance(block, Table) and block.header == ("bonus", "points"):
            out.append(block)
        for child in getattr(block, "blocks", ()) or ():
            out.extend(_tables([child]))
    return out


def _plain_wins(log) -> list[int]:
    """The points of each Mahjong not in a doubled round, in order."""
    wins, doubled = [], False
    for ev in log.events:
        if isinstance(ev, Deal):
            doubled = False
        elif isinstance(ev, Double):
            doubled = True
        elif isinstance(ev, Mahjong) and ev.points > 0:
            wins.append(None if doubled else ev.points)
    return wins


@pytest.mark.parametrize("solo", [False, True], ids=["match", "solo"])
def test_each_points_table_adds_up_to_the_win(solo: bool) -> None:
    from tilepress.draw.canvas import PAPERS
    from tilepress.games.minttin.every_turn import full_example
    from tilepress.games.minttin.narrate import narrate

    checked = concealed = 0
    for seed in range(6):
        log = tilepress.play("minttin", solo=solo, seed=seed)
        wins = _plain_wins(log)
        for blocks in (narrate(log, full=True),
                       full_example(log, PAPERS["a4"]).blocks):
            tables = _tables(blocks)
            assert len(tables) == len(wins), (seed, len(tables), wins)
            for table, points in zip(tables, wins, strict=True):
                if points is None:  # a double: the table gives the hand, the log twice it
                    continue
                shown = sum(int(str(cell).lstrip("+")) for _, cell in table.rows)
                assert shown == points, (seed, table.rows, points)
                assert sum(name == "Concealed" for name, _ in table.rows) <= 1
                concealed += any(name == "Concealed" for name, _ in table.rows)
                checked += 1
    assert checked >= 10 and concealed >= 1, (checked, concealed)
