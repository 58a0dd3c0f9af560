"""Print-and-play kits: every game's kit built and written on one core, the command line
end to end, a rebuild compared byte for byte, and what deflating the zips would save.

    python benchmarks/kit.py            # all of them
    python benchmarks/kit.py all        # some of them (all, cli, rebuild, zip)

All six games are built through the library, those still without a rulebook without it
(``tilepress kit`` lists a game only once its rulebook is written). Prints rows in the
format of benchmarks/run.py (the same ``record`` and table), with the load average.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import ROOT, print_table, record  # benchmarks/table.py, beside this file

from tilepress.games import GAMES
from tilepress.publish.kit import build_kit
from tilepress.publish.kit_files import write_kits
from tilepress.publish.rulebook import rulebook_games

PLANS = [g.name for g in GAMES if g.optional_module("kit") is not None]
"""The games with a kit plan."""


def one_core() -> None:
    """Pin the process to one core, as the target asks."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def build_all(folder: Path) -> tuple[float, float, int, int]:
    """Every game's kit written into ``folder``: CPU and wall seconds, files and pages."""
    wall, cpu = time.perf_counter(), time.process_time()
    kits = [build_kit(name, rulebook_required=False) for name in PLANS]
    write_kits(kits, folder)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    files = sum(len(k.files) for k in kits)
    pages = sum(f.pages for k in kits for f in k.files)
    return cpu, wall, files, pages


def bench_all() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        build_kit("onesuit")  # engines' tables and fonts loaded outside the timing
        cpu, wall, files, pages = build_all(Path(tmp) / "kit")
        size = sum(p.stat().st_size for p in Path(tmp, "kit").rglob("*") if p.is_file())
    books = sum(name in rulebook_games() for name in PLANS)
    record(f"print-and-play kits of all {len(PLANS)} games ({books} with a rulebook), "
           f"built and written on one core: {files} PDFs, {pages} pages, zips and manifest",
           f"{cpu:.1f} s CPU ({wall:.1f} s wall, {size / 1e6:.1f} MB)", "", "",
           "< 60 s on one core")


def bench_cli() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import sys; from tilepress.cli import main; "
                        "sys.exit(main())", "kit", "-o", f"{tmp}/kit", "--quiet"], cwd=ROOT,
                       check=True)
        wall = time.perf_counter() - start
    games = ", ".join(k for k in PLANS if k in rulebook_games())
    record(f"tilepress kit on the command line, start to end ({games})", f"{wall:.1f} s wall",
           "", "", "report")


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def bench_rebuild() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp, "a", "kit"), Path(tmp, "elsewhere", "kit")
        build_all(first)
        os.environ["TZ"] = "America/St_Johns"
        time.tzset()
        build_all(second)
        same = digest(first) == digest(second)
        count = sum(1 for p in first.rglob("*") if p.is_file())
    record("all kits built twice, in another folder and timezone", "byte-identical" if same
           else "DIFFERENT", "", "", f"{count} of {count} files identical")


def bench_zip() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        build_all(Path(tmp, "kit"))
        stored = deflated = 0
        for path in sorted(Path(tmp, "kit").glob("*.zip")):
            stored += path.stat().st_size
            out = Path(tmp, "deflated.zip")
            with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w",
                                                               zipfile.ZIP_DEFLATED) as dst:
                for info in src.infolist():
                    dst.writestr(info.filename, src.read(info), zipfile.ZIP_DEFLATED, 9)
            deflated += out.stat().st_size
        shutil.rmtree(Path(tmp, "kit"))
    record("the six zips, stored (the same bytes with any zlib)", f"{stored / 1e6:.2f} MB",
           f"{deflated / 1e6:.2f} MB deflated at level 9", f"{deflated / stored:.2f}x",
           "report")


BENCHMARKS = {"all": bench_all, "cli": bench_cli, "rebuild": bench_rebuild, "zip": bench_zip}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *BENCHMARKS], default=[])
    args = parser.parse_args()
    one_core()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"kit (pinned to one of {os.cpu_count()} cores; load average {load}):", flush=True)
    for name in args.names or BENCHMARKS:
        BENCHMARKS[name]()
    print_table()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nload average after: {load}")


if __name__ == "__main__":
    main()
