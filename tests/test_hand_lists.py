"""analyze waits --file and analyze minttin --file: a list of hands into a table, each row
checked against the brute-force hands of tests/bruteforce.py."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from bruteforce import complete_any, mint_tin_winning_hands, waits_any

from tilepress.errors import FileFormatError
from tilepress.games.minttin.hand import table_row as minttin_row
from tilepress.games.standard.analysis import table_row as waits_row
from tilepress.publish.hand_lists import hand_lines, hand_table
from tilepress.tiles import Tile, format_tiles

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def random_hand(rng: random.Random, size: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for k in wall[:size]:
        counts[k] += 1
    return counts


def complete_hand(rng: random.Random) -> list[int]:
    """Four sets (runs in a suit, or three alike) and a pair, no tile more than four times."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[9 * suit + start + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def hand_text(counts: list[int]) -> str:
    return format_tiles(Tile(KINDS[k]) for k in range(34) for _ in range(counts[k]))


@pytest.mark.parametrize("seed", range(40))
def test_a_waits_row_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    counts = random_hand(rng, rng.choice((4, 7, 10, 13)))
    if seed % 2:  # make it ready: a complete hand less a tile
        counts = complete_hand(rng)
        assert complete_any(counts)
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    row = waits_row(hand_text(counts))
    found = waits_any(list(counts))
    assert row["waits"] == format_tiles(Tile(KINDS[k]) for k in found)
    assert (row["shanten"] == 0) == bool(found)
    if found:
        assert row["tiles_left"] == sum(4 - counts[k] for k in found)
        assert row["better"] == ""


def test_a_hand_with_a_tile_to_discard() -> None:
    row = waits_row("123456789m1234p5z")
    assert (row["best_discard"], row["waits"], row["tiles_left"]) == ("5z", "14p", 6)
    assert waits_row("11123456789995m")["shanten"] == -1


CARD_CODES = [str(n) for n in range(1, 10)] + ["DS", "DM", "DF", "J"]


def minttin_counts(text: str) -> list[int]:
    from tilepress.games.minttin.cards import parse_cards

    counts = [0] * 13
    for card in parse_cards(text):
        counts[CARD_CODES.index(str(card))] += 1
    return counts


@pytest.mark.parametrize("hand", ["111 3 55 99 DSDSDS DMDM", "11 22 33 444 DSDSDSDS",
                                  "1111 333 5555 JJ", "11 444 555 666 DMDM",
                                  "22 44 66 88 DMDM DFDF J"])
def test_a_minttin_row_agrees_with_brute_force(hand: str) -> None:
    """Nothing exposed: concealed, so each completing shape scores its best reading and
    the concealed point."""
    winning = mint_tin_winning_hands()
    counts = minttin_counts(hand)
    want = {}
    for code in range(13):
        most = 4
        if counts[code] < most:
            counts[code] += 1
            if tuple(counts) in winning:
                want[CARD_CODES[code]] = winning[tuple(counts)] + 1
            counts[code] -= 1
    row = minttin_row(hand)
    got = dict(item.split(":") for item in row["completions"].split())
    assert {k: int(v) for k, v in got.items()} == want
    assert row["best_points"] == max(want.values(), default=0)
    assert row["cards_left"] == sum(4 - counts[CARD_CODES.index(c)] for c in want)


def test_a_winning_minttin_hand_with_an_exposure() -> None:
    row = minttin_row("1111 5555 JJ [333J]")
    assert (row["cards"], row["wins"], row["points"]) == (14, True, 3)
    assert row["hand"] == "1111 5555 JJ [333J]"


def test_lists_skip_comments_and_name_the_line_of_a_bad_hand() -> None:
    text = "# my hands\n\n1112345678999m  # nine gates\n\t\n5677999s\n"
    assert hand_lines(text, "h.txt") == [(3, "1112345678999m"), (5, "5677999s")]
    with pytest.raises(FileFormatError, match=r"h\.txt: no hands"):
        hand_lines("# nothing\n\n", "h.txt")
    with pytest.raises(FileFormatError, match=r"h.txt: line 3: '12x': .*'x' at position 3"):
        hand_table("123m456m789m11z\n\n12x\n", source="h.txt", title="t",
                   columns=("line", "hand"), row=waits_row)


def test_the_command_writes_csv_json_and_pdf(cli, tmp_path) -> None:
    from pypdf import PdfReader

    hands = tmp_path / "hands.txt"
    hands.write_text("# two hands\n1112345678999m\n\n5677999s  # three waits\n")
    assert cli("analyze", "waits", "--file", hands, "-o", tmp_path / "t.csv").code == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "t.csv").read_text())))
    assert [(r["line"], r["waits"], r["tiles_left"]) for r in rows] == [
        ("2", "123456789m", "23"), ("4", "478s", "10")]
    assert cli("analyze", "waits", "--file", hands, "-o", tmp_path / "t.json").code == 0
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["format"] == "tilepress-hands" and data["hands"][1]["waits"] == "478s"
    assert cli("analyze", "waits", "--file", hands, "-o", tmp_path / "t.pdf").code == 0
    assert "478s" in PdfReader(tmp_path / "t.pdf").pages[0].extract_text()
    shown = cli("analyze", "waits", "--file", hands)
    assert shown.out.splitlines()[0].startswith("line,hand,tiles,shanten,waits")

    cards = tmp_path / "cards.txt"
    cards.write_text("111 3 55 99 DSDSDS DMDM\n1111 5555 JJ [333J]\n")
    assert cli("analyze", "minttin", "--file", cards, "-o", tmp_path / "m.csv").code == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "m.csv").read_text())))
    assert (rows[0]["completions"], rows[1]["wins"], rows[1]["points"]) == ("3:1", "yes", "3")


def test_a_table_is_written_again_over_itself_but_never_over_a_users_file(cli, tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text("1112345678999m\n2345m\n")
    for name in ("t.csv", "t.json"):
        out = tmp_path / name
        assert cli("analyze", "waits", "--file", hands, "-o", out).code == 0
        assert cli("analyze", "waits", "--file", hands, "-o", out).code == 0  # its own
        out.write_text("mine\n")
        refused = cli("analyze", "waits", "--file", hands, "-o", out)
        assert refused.code == 2 and name in refused.err and out.read_text() == "mine\n"
        assert cli("analyze", "waits", "--file", hands, "-o", out, "--force").code == 0
