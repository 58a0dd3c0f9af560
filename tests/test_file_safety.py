"""A user's files are never replaced (issue 35): every command that writes checks each
file it would write -- the one named with -o, --json or --rows, and those it writes
beside it -- and replaces only files that carry tilepress's mark, or any with --force;
otherwise one line naming the file, exit 2, and nothing written. Symbolic links are
written through; pipes and devices are never written over."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from tilepress.errors import FileFormatError
from tilepress.files import (
    MANIFEST,
    SVG_MARK,
    SVG_PROLOG,
    check_output,
    tilepress_wrote,
    write_all,
    write_atomic,
    write_folder,
)
from tilepress.publish.stats.rows import is_rows_file

MINE = b"the user's own file\n"
MINE_JSON = b'{"format": "my-notes", "notes": ["mine"]}\n'


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``root`` (hidden ones too), with a file's bytes."""
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


STATS = ("stats", "onesuit", "--games", "3", "--hands", "1", "--jobs", "1")
CASES = [
    (("puzzle", "waits", "-n", "4", "--tiles", "7", "-o", "w.svg"), "w-2.svg"),
    (("puzzle", "waits", "-n", "2", "--tiles", "7", "-o", "mine.json"), "mine.json"),
    ((*STATS, "-o", "s.pdf"), "s.json"),
    ((*STATS, "-o", "s.svg"), "s-2.svg"),
    ((*STATS, "-o", "r.pdf", "--json", "mine.json"), "mine.json"),
    ((*STATS, "-o", "r.pdf", "--rows", "mine.csv"), "mine.csv"),
    (("play", "oneplayer", "-o", "mine.jsonl"), "mine.jsonl"),
    (("play", "oneplayer", "-o", "mine.pdf"), "mine.pdf"),
    (("draw", "hand", "123m", "-o", "mine.png"), "mine.png"),
    (("draw", "hand", "123m", "-o", "mine.svg"), "mine.svg"),
    (("draw", "position", "game.jsonl", "--at", "2", "-o", "mine.pdf"), "mine.pdf"),
    (("print", "card", "onesuit", "-o", "mine.pdf"), "mine.pdf"),
    (("print", "tiles", "onesuit", "-o", "mine.pdf"), "mine.pdf"),
    (("rulebook", "onesuit", "-o", "mine.pdf"), "mine.pdf"),
    (("book", "b.toml", "-o", "mine.pdf"), "mine.pdf"),
    (("daily", "2027-03-01"), "out/daily/2027-03-01.json"),
    (("daily", "2027-03-01", "-o", "mine.json"), "mine.json"),
    (("daily", "--from", "2027-03-01", "--to", "2027-03-02", "--jobs", "1", "-o", "days"),
     "days/2027-03-02.json"),
    (("kit", "onesuit", "-o", "k", "-q"), "k/SHA256SUMS"),
]


def _prepare(cli, root: Path) -> None:
    (root / "b.toml").write_text('title = "Mine"\n[[section]]\nkind = "waits"\ncount = 2\n'
                                 "tiles = 7\n")
    assert cli("play", "oneplayer", "-o", root / "game.jsonl").code == 0


@pytest.mark.parametrize(("args", "victim"), CASES, ids=[f"{' '.join(a[:2])}:{v}"
                                                          for a, v in CASES])
def test_a_users_file_survives_and_force_replaces_it(cli, tmp_path, monkeypatch, args,
                                                     victim) -> None:
    monkeypatch.chdir(tmp_path)
    _prepare(cli, tmp_path)
    mine = tmp_path / victim
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_bytes(MINE_JSON if victim.endswith(".json") else MINE)
    before = snapshot(tmp_path)
    r = cli(*args)
    assert r.code == 2, r
    assert f"{victim}' is not a " in r.err and "--force" in r.err, r  # (a kit: "previous kit")
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err, r
    assert snapshot(tmp_path) == before  # nothing written, not even the other files
    r = cli(*args, "--force")
    assert r.code == 0, r
    assert mine.read_bytes() not in (MINE, MINE_JSON), victim
    assert tilepress_wrote(mine, mark=is_rows_file) or victim.endswith("SHA256SUMS"), victim
    assert not [p for p in tmp_path.rglob(".*") if p.name != MANIFEST and
                p.name.endswith(".tmp")]
    r = cli(*args)  # tilepress's own outputs now: replaced without --force
    assert r.code == 0, r


def test_force_writes_beside_a_users_files_in_a_folder(cli, tmp_path) -> None:
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "notes.txt").write_bytes(MINE)
    args = ("print", "card", "minttin", "--format", "svg", "-o", keep)
    r = cli(*args)
    assert r.code == 2 and "'notes.txt'" in r.err and "--force" in r.err, r
    assert [p.name for p in keep.iterdir()] == ["notes.txt"]
    assert cli(*args, "--force").code == 0
    names = sorted(p.name for p in keep.iterdir())
    assert "notes.txt" in names and MANIFEST in names and len(names) == 10
    assert (keep / "notes.txt").read_bytes() == MINE
    assert cli(*args).code == 2  # still a folder of the user's
    assert cli(*args, "--force").code == 0
    assert sorted(p.name for p in keep.iterdir()) == names
    assert (keep / "notes.txt").read_bytes() == MINE


def test_force_writes_a_kit_beside_a_users_files(cli, tmp_path) -> None:
    game = tmp_path / "k" / "onesuit"
    game.mkdir(parents=True)
    (game / "notes.txt").write_bytes(MINE)
    r = cli("kit", "onesuit", "-o", tmp_path / "k", "-q")
    assert r.code == 2 and "onesuit' is not a previous kit (it has no kit" in r.err, r
    assert cli("kit", "onesuit", "-o", tmp_path / "k", "-q", "--force").code == 0
    assert (game / "notes.txt").read_bytes() == MINE
    index = json.loads((tmp_path / "k" / "manifest.json").read_text())
    listed = {f["path"] for f in index["files"]}
    assert "onesuit/01-rules.pdf" in listed and "onesuit/notes.txt" not in listed


# -- the mechanism --------------------------------------------------------------------------


def test_tilepress_wrote_knows_its_marks_and_nothing_else(cli, tmp_path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    ours = {"a.pdf": ("draw", "hand", "123m"), "a.svg": ("draw", "hand", "123m"),
            "a.png": ("draw", "hand", "123m"), "a.json": ("puzzle", "waits", "-n", "1"),
            "a.jsonl": ("play", "oneplayer")}
    for name, args in ours.items():
        assert cli(*args, "-o", tmp_path / name).code == 0
        assert tilepress_wrote(tmp_path / name), name
    old_log = Path(__file__).parent / "data" / "logs-v1" / "onesuit.jsonl"
    assert tilepress_wrote(old_log)  # format 1 logs carry the header too
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    buffer = io.BytesIO()
    pdf = Canvas(buffer)
    pdf.setCreator("someone else")
    pdf.drawString(10, 10, "/Creator (tilepress)"[:-1])
    pdf.save()
    (theirs / "b.pdf").write_bytes(buffer.getvalue())
    (theirs / "b.svg").write_bytes((tmp_path / "a.svg").read_bytes().replace(
        SVG_MARK.encode(), b"<!-- made by hand -->"))
    png = (tmp_path / "a.png").read_bytes()
    (theirs / "b.png").write_bytes(png.replace(b"tEXtSoftware\x00tilepress",
                                               b"tEXtSoftware\x00someone!"))
    (theirs / "b.json").write_bytes(b'{"kind": "waits", "format": "tilepress-puzzles"}')
    (theirs / "c.json").write_bytes(b'{"format": "tilepressed"}')
    (theirs / "b.jsonl").write_bytes(b'{"type": "game", "game": "chess"}\n')
    (theirs / "b.csv").write_bytes(b"run,index,seed\n")
    (theirs / "b.txt").write_bytes(b"# tilepress output folder\n")
    for path in sorted(theirs.iterdir()):
        assert not tilepress_wrote(path), path.name
    assert tilepress_wrote(theirs / "b.csv", mark=lambda path: True)


def test_a_refusal_writes_nothing_of_a_set_of_files(tmp_path) -> None:
    (tmp_path / "b.svg").write_bytes(MINE)
    with pytest.raises(FileFormatError, match=r"'.*b\.svg' is not a file tilepress wrote"):
        write_all([(tmp_path / "a.svg", f"{SVG_PROLOG}<svg/>"),
                   (tmp_path / "b.svg", f"{SVG_PROLOG}<svg/>")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.svg"]
    write_all([(tmp_path / "a.svg", b"x"), (tmp_path / "b.svg", b"y")], force=True)
    assert (tmp_path / "b.svg").read_bytes() == b"y"


def test_an_empty_file_is_replaced(tmp_path) -> None:
    (tmp_path / "made-by-mktemp.pdf").write_bytes(b"")
    write_atomic(tmp_path / "made-by-mktemp.pdf", b"%PDF-")
    assert (tmp_path / "made-by-mktemp.pdf").read_bytes() == b"%PDF-"


def test_a_symbolic_link_is_written_through(tmp_path) -> None:
    ours = tmp_path / "builds" / "2027.json"
    ours.parent.mkdir()
    ours.write_text('{"format": "tilepress-puzzles"}')
    link = tmp_path / "latest.json"
    link.symlink_to(ours)
    write_atomic(link, '{"format": "tilepress-puzzles", "new": 1}')
    assert link.is_symlink() and json.loads(ours.read_text())["new"] == 1
    mine = tmp_path / "mine.json"
    mine.write_bytes(MINE_JSON)
    (tmp_path / "to-mine.json").symlink_to(mine)
    with pytest.raises(FileFormatError, match=r"mine\.json' \(where the link .*to-mine\.json"
                       r"' leads\) is not a file tilepress wrote"):
        write_atomic(tmp_path / "to-mine.json", "{}")
    assert mine.read_bytes() == MINE_JSON
    write_atomic(tmp_path / "to-mine.json", "{}", force=True)
    assert (tmp_path / "to-mine.json").is_symlink() and mine.read_text() == "{}"
    (tmp_path / "dangling.json").symlink_to(tmp_path / "later.json")
    write_atomic(tmp_path / "dangling.json", "{}")
    assert (tmp_path / "later.json").read_text() == "{}"
    (tmp_path / "loop-a").symlink_to(tmp_path / "loop-b")
    (tmp_path / "loop-b").symlink_to(tmp_path / "loop-a")
    with pytest.raises(FileFormatError, match="symbolic link that leads nowhere"):
        write_atomic(tmp_path / "loop-a", "{}", force=True)
    folder = tmp_path / "real-folder"
    write_folder(folder, [("a.svg", lambda: b"a")])
    (tmp_path / "cards").symlink_to(folder)
    write_folder(tmp_path / "cards", [("b.svg", lambda: b"b")])
    assert (tmp_path / "cards").is_symlink()
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "b.svg"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_never_written_over(tmp_path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    for force in (False, True):
        with pytest.raises(FileFormatError, match="not a regular file"):
            check_output(tmp_path / "pipe.json", force=force)
    assert (tmp_path / "pipe.json").is_fifo()


def test_force_merges_a_folder_and_removes_only_its_own_earlier_files(tmp_path) -> None:
    out = tmp_path / "cards"
    write_folder(out, [("a.svg", lambda: b"a"), ("b.svg", lambda: b"b")])
    (out / "notes.txt").write_bytes(MINE)
    with pytest.raises(FileFormatError, match=r"'notes\.txt', which tilepress did not write"):
        write_folder(out, [("a.svg", lambda: b"A")])
    assert write_folder(out, [("a.svg", lambda: b"A")], force=True) == 1
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "a.svg", "notes.txt"]
    assert (out / "a.svg").read_bytes() == b"A" and (out / "notes.txt").read_bytes() == MINE
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_every_command_that_writes_takes_force() -> None:
    """--force is defined once (cli/common.py) and every command with an output has it."""
    import click
    import typer

    from tilepress.cli import app

    def leaves(group, path=()):  # through click's API: the commands load as they are named
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if hasattr(command, "commands"):
                yield from leaves(command, (*path, name))
            else:
                yield (*path, name), command

    writers = {path: {p.name for p in command.params}
               for path, command in leaves(typer.main.get_command(app))
               if any(p.name == "output" for p in command.params)}
    assert len(writers) >= 30
    assert [path for path, names in writers.items() if "force" not in names] == []


@pytest.mark.parametrize("args", [["rulebook", "oneplayer", "-o", "."],
                                  ["print", "deck", "minttin", "--format", "svg", "-o", "."],
                                  ["rulebook", "oneplayer", "-o", ""]])
def test_an_output_of_dot_or_nothing_says_what_to_give(cli, tmp_path, monkeypatch,
                                                        args) -> None:
    """``-o .`` (the current folder) and ``-o ''`` reach tilepress alike: the one line
    names both and what to give instead; nothing is written."""
    monkeypatch.chdir(tmp_path)
    r = cli(*args)
    assert r.code == 2 and r.err.count("\n") == 1, r
    assert "-o is empty, or '.', the current folder" in r.err and "such as out/" in r.err
    assert list(tmp_path.iterdir()) == []
