"""Layout files as their home apps read them: KMahjongg's lenient markers, every map of a
GNOME Mahjongg file, bounds on every input, and random files that never crash a reader."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.cli import main
from tilepress.errors import FileFormatError, TilepressError
from tilepress.layouts.check import check_layout
from tilepress.layouts.files import find_layout, load_layout, load_layouts
from tilepress.layouts.formats import (
    MAX_TILES,
    parse_gnome_maps,
    parse_kmahjongg,
    split_map,
)

SUITE = Path(__file__).resolve().parent.parent / "puzzles" / "layouts"

# two tiles; the second's lower-right quarter says 2 where KMahjongg expects 3
WRONG_MARKER = """kmahjongg-layout-v1.1
w4
h2
d1
1212
4342
"""


def test_a_wrong_marker_loads_with_a_warning_naming_line_and_column(capsys) -> None:
    layout = parse_kmahjongg(WRONG_MARKER, source="w.layout")
    assert len(layout) == 2
    assert len(layout.warnings) == 1
    assert layout.warnings[0].startswith("w.layout: line 6, column 4: '2'")
    report = "\n".join(check_layout(layout).lines())
    assert "warning: w.layout: line 6, column 4" in report and "verdict: ok" in report


def test_layout_check_prints_the_warning(tmp_path: Path, capsys) -> None:
    path = tmp_path / "w.layout"
    path.write_text(WRONG_MARKER)
    assert main(["layout", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "line 6, column 4" in out and "verdict: ok" in out


def test_a_stray_marker_is_ignored_as_kmahjongg_does() -> None:
    layout = parse_kmahjongg("kmahjongg-layout-v1.1\nw6\nh2\nd1\n12..2.\n43....\n")
    assert len(layout) == 1 and "belongs to no tile" in layout.warnings[0]


MAPS = """<mahjongg>
  <map name="One"><layer z="0"><row y="0" left="0" right="3"/></layer></map>
  <map name="Two words"><layer z="0"><block left="0" right="1" top="0" bottom="1"/></layer>
    <tile z="1" x="0.5" y="0.5"/><tile z="1" x="3" y="0"/><tile z="0" x="3" y="0"/>
    <tile z="0" x="4" y="0"/>
    </map>
  <map name="Three"><tile z="0" x="0" y="0"/><tile z="0" x="1" y="0"/></map>
</mahjongg>"""


def test_every_map_of_a_gnome_file_is_reachable(tmp_path: Path, capsys) -> None:
    path = tmp_path / "many.map"
    path.write_text(MAPS)
    assert [m.name for m in load_layouts(path)] == ["One", "Two words", "Three"]
    assert find_layout(f"{path}:Two words").name == "Two words"
    assert find_layout(f"{path}:3").name == "Three"
    assert load_layout(path, map_name="One").name == "One"
    assert split_map("dir.map/x.layout") == ("dir.map/x.layout", None)
    with pytest.raises(FileFormatError, match=r"no map called 'Four'.*'Three'"):
        find_layout(f"{path}:Four")
    assert main(["layout", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("verdict: ok") == 3 and "layout 'Two words'" in out
    assert main(["layout", "check", str(path), "--map", "Three"]) == 0
    assert capsys.readouterr().out.count("verdict") == 1


@pytest.mark.parametrize(
    ("attrs", "message"),
    [('x="nan" y="0"', "x='nan' is out of range"),
     ('x="inf" y="0"', "x='inf' is out of range"),
     ('x="-inf" y="0"', "out of range"),
     ('x="1e300" y="0"', "x='1e300' is out of range"),
     ('x="0" y="0" z="1e9"', "z='1e9' is out of range")],
)
def test_gnome_coordinates_are_bounded(attrs: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=message):
        parse_gnome_maps(f'<mahjongg><map><tile {attrs} z="0"/></map></mahjongg>'
                         if "z=" not in attrs else
                         f"<mahjongg><map><tile {attrs}/></map></mahjongg>", source="f.map")


def test_a_huge_row_is_refused_at_once() -> None:
    start = time.perf_counter()
    with pytest.raises(FileFormatError, match="right='1e7' is out of range"):
        parse_gnome_maps('<mahjongg><map><layer z="0"><row y="0" left="0" right="1e7"/>'
                         "</layer></map></mahjongg>")
    with pytest.raises(FileFormatError, match=f"more than {MAX_TILES} tiles"):
        parse_gnome_maps('<mahjongg><map><layer z="0"><block left="0" right="200" top="0" '
                         'bottom="200"/></layer></map></mahjongg>')
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("size", ["w²", "h٣", "d1²", "w0", "w99999"])
def test_kmahjongg_sizes_are_ascii_and_bounded(size: str) -> None:
    text = f"kmahjongg-layout-v1.1\n{size}\nh2\nd1\n1212\n4343\n"
    with pytest.raises(FileFormatError, match="line 2"):
        parse_kmahjongg(text, source="s.layout")


@settings(max_examples=150, deadline=2000)
@given(st.text(max_size=400))
def test_random_text_only_raises_our_errors(text: str) -> None:
    for reader in (lambda t: parse_kmahjongg("kmahjongg-layout-v1.1\n" + t),
                   parse_kmahjongg, parse_gnome_maps,
                   lambda t: parse_gnome_maps("<mahjongg><map>" + t)):
        with contextlib.suppress(TilepressError):
            reader(text)


@settings(max_examples=100, deadline=2000)
@given(st.binary(max_size=300), st.sampled_from([".layout", ".map", ".txt"]))
def test_random_bytes_only_raise_our_errors(tmp_path_factory, data: bytes, suffix: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / f"f{suffix}"
    path.write_bytes(data)
    with contextlib.suppress(TilepressError):
        load_layout(path)


GNOME_SHAPES = st.sampled_from([
    '<row y="{a}" left="{b}" right="{c}"/>', '<column x="{a}" top="{b}" bottom="{c}"/>',
    '<block left="{a}" right="{b}" top="{a}" bottom="{c}"/>', '<tile x="{a}" y="{b}"/>'])
NUMBERS = st.sampled_from(["0", "1", "2.5", "-1", "1e7", "nan", "inf", "1e300", "0.3", "x",
                           "255.5", "300", ""])


@settings(max_examples=150, deadline=2000)
@given(st.lists(st.tuples(GNOME_SHAPES, NUMBERS, NUMBERS, NUMBERS), max_size=6))
def test_random_gnome_elements_only_raise_our_errors(shapes) -> None:
    body = "".join(s.format(a=a, b=b, c=c) for s, a, b, c in shapes)
    with contextlib.suppress(TilepressError):
        parse_gnome_maps(f'<mahjongg><map><layer z="0">{body}</layer></map></mahjongg>')


def test_the_suite_layouts_load() -> None:
    files = sorted(SUITE.glob("*.layout")) + sorted(SUITE.glob("*.map"))
    layouts = [layout for f in files for layout in load_layouts(f)]
    assert len(layouts) >= 20
    for layout in layouts:
        report = check_layout(layout)
        assert report.ok and not layout.warnings, (layout.name, report.lines())


# -- deals for every layout of the suite, and the solver under python -O -----------------


def _suite_layouts():
    files = sorted(SUITE.glob("*.layout")) + sorted(SUITE.glob("*.map"))
    return [layout for f in files for layout in load_layouts(f)]


def test_every_suite_layout_and_map_gets_a_deal_whose_solution_replays() -> None:
    import random

    from tilepress.engine import solitaire as rules

    for layout in _suite_layouts():
        deal, solution = rules.deal_backwards(layout, random.Random(1))
        assert rules.replay_solution(deal, solution) == [], layout.name


def test_a_difficulty_the_layout_never_reaches_answers_at_once_with_the_nearest() -> None:
    from tilepress.games import find_kind
    from tilepress.games.solitaire.puzzles import nearest_note
    from tilepress.params import parse_params
    from tilepress.puzzles import generate_set

    kind = find_kind("solitaire")
    start = time.perf_counter()
    params = parse_params(kind.params_type, {"layout": "mini", "difficulty": "expert"},
                          where="t")
    puzzles = generate_set(kind, params, count=1, seed=1)
    assert time.perf_counter() - start < 10
    assert puzzles.puzzles[0].difficulty != "expert"
    assert "no expert deal" in (nearest_note(puzzles, "expert") or "")


SOLVE_SCRIPT = """
import random, sys
from tilepress.layouts import builtin
from tilepress.engine import solitaire as rules
out = []
for name in ("mini", "cross", "turtle"):
    for s in range(6):
        deal = rules.deal_random(builtin(name), random.Random(s))
        r = rules.solve(deal, budget=3000)
        ok = r.status != rules.SOLVED or not rules.replay_solution(deal, r.solution)
        out.append(f"{r.status}:{len(r.solution)}:{ok}")
print(" ".join(out))
"""


def test_the_solver_gives_the_same_verdicts_under_python_dash_o() -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    runs = [subprocess.run([sys.executable, *flags, "-c", SOLVE_SCRIPT], cwd=root, check=True,
                           capture_output=True, text=True, timeout=120).stdout
            for flags in ([], ["-O"])]
    assert runs[0] == runs[1]
    assert "solved" in runs[0] and ":False" not in runs[0]
