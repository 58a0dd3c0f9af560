"""The daily sheet's large-print edition (issue 34: --large-print on the daily sheet too):
the same puzzles and answers as the sheet, laid out again with every word of the page at
14 pt or more and tiles half as large again, over as many pages as they need."""

from __future__ import annotations

import json

import pytest
from drawn import probe

import tilepress
from tilepress.documents.daily_blocks import AnswerLine, Numbered
from tilepress.documents.model import Box, Heading, Paragraph, TileRow

DAYS = ["2027-03-01", "2027-03-06", "2027-03-07"]  # a Monday, a Saturday (castle), a Sunday


def _walk(blocks):
    for block in blocks:
        yield block
        yield from _walk(getattr(block, "body", ()) or ())


@pytest.mark.parametrize("day", DAYS)
def test_every_word_of_the_large_print_sheet_is_14_pt_and_the_puzzles_are_the_same(day):
    normal, puzzles = tilepress.daily(day)
    large, same = tilepress.daily(day, large_print=True)
    assert same.to_json() == puzzles.to_json()
    blocks = list(_walk(large.blocks))
    sized = [b for b in blocks if isinstance(b, Paragraph | Heading | Box | Numbered
                                             | AnswerLine)]
    assert sized and all(b.size >= 14.0 for b in sized), [
        (type(b).__name__, b.size) for b in sized if b.size < 14.0][:3]
    rows = [b for b in blocks if isinstance(b, TileRow)]
    assert rows and min(r.tile_width for r in rows) >= 8.0 * 1.5
    assert not [r for r in rows if r.label or r.note]  # their words are paragraphs
    pages = probe(large)
    assert len(pages) > len(probe(normal))
    assert all(p.texts for p in pages)  # no empty page


def test_the_command_writes_the_large_print_sheet_and_records_it(cli, tmp_path):
    out = tmp_path / "lp.pdf"
    assert cli("daily", "2027-03-01", "--large-print", "-o", out).code == 0
    assert out.read_bytes()[:5] == b"%PDF-"
    folder = tmp_path / "lp"
    assert cli("daily", "--from", "2027-03-01", "--to", "2027-03-02", "--large-print",
               "-o", f"{folder}/", "-j", "1").code == 0
    record = json.loads((folder / ".tilepress-daily.json").read_text())
    assert record["options"]["large_print"] is True
    # the same folder asked for the normal edition makes its days again, never keeps them
    again = cli("daily", "--from", "2027-03-01", "--to", "2027-03-02", "-o", f"{folder}/",
                "-j", "1", "--resume")
    assert again.code == 2 and "made with these options" in again.err
