"""Mahjong solitaire: layouts, the free-tile rule, file formats, deals and the solver."""

from __future__ import annotations

import random

import pytest
from bruteforce import solitaire_winnable
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.engine import solitaire as rules
from tilepress.errors import FileFormatError
from tilepress.layouts import BUILTIN, Layout, Position, block, builtin, row, tile
from tilepress.layouts.check import check_layout
from tilepress.layouts.formats import parse_gnome_map, parse_kmahjongg, write_kmahjongg
from tilepress.tiles import Tile


def lay(*parts) -> Layout:
    return Layout.of("test", [p for part in parts for p in part])


def index(layout: Layout, x: float, y: float, z: int) -> int:
    return layout.positions.index(Position(z, int(y * 2), int(x * 2)))


def free_set(layout: Layout, removed=()) -> set[tuple[float, float, int]]:
    board = rules.board_for(layout)
    remaining = (1 << len(layout)) - 1
    for x, y, z in removed:
        remaining &= ~(1 << index(layout, x, y, z))
    return {(layout.positions[i].x / 2, layout.positions[i].y / 2, layout.positions[i].z)
            for i in board.free_tiles(remaining)}


# -- the free-tile rule ----------------------------------------------------------------


def test_a_row_is_free_only_at_its_ends() -> None:
    layout = lay(row(0, 0, 0, 4))
    assert free_set(layout) == {(0, 0, 0), (4, 0, 0)}
    assert free_set(layout, [(0, 0, 0)]) == {(1, 0, 0), (4, 0, 0)}


def test_a_tile_on_two_tiles_covers_both() -> None:
    layout = lay(row(0, 0, 0, 1), tile(1, 0.5, 0))
    assert free_set(layout) == {(0.5, 0, 1)}
    assert free_set(layout, [(0.5, 0, 1)]) == {(0, 0, 0), (1, 0, 0)}


def test_half_offsets_block_a_side_and_cover_partly() -> None:
    # a tile half a row down still touches the side of both rows it sits between
    layout = lay(row(0, 0, 1, 3), row(0, 1, 1, 3), tile(0, 0, 0.5))
    free = free_set(layout)
    assert (1, 0, 0) not in free and (1, 1, 0) not in free and (0, 0.5, 0) in free
    # a tile on a half step covers the two tiles under it, even partly
    stack = lay(row(0, 0, 0, 2), tile(1, 1.5, 0))
    assert free_set(stack) == {(0, 0, 0), (1.5, 0, 1)}


def test_a_bridge_over_a_gap_rests_on_both_sides() -> None:
    # two towers with a one-tile gap; a span of two tiles, each end on one tower
    layout = lay(row(0, 0, 0, 1), row(0, 0, 3, 4), row(1, 0, 1.5, 2.5))
    report = check_layout(layout)
    assert not report.floating and len(report.bridging) == 2
    assert free_set(layout) == {(0, 0, 0), (4, 0, 0), (1.5, 0, 1), (2.5, 0, 1)}
    # a single tile over the gap rests on nothing
    assert check_layout(lay(tile(0, 0, 0), tile(0, 2, 0), tile(1, 1, 0))).floating


def test_any_higher_layer_that_overlaps_blocks() -> None:
    # nothing on layer 1, but layer 2 still lies over the tile (a floating stack)
    layout = lay(tile(0, 0, 0), tile(2, 0.5, 0))
    assert free_set(layout) == {(0.5, 0, 2)}


# -- layouts and files -----------------------------------------------------------------


@pytest.mark.parametrize("name", list(BUILTIN))
def test_built_in_layouts_are_playable_and_round_trip(name: str) -> None:
    layout = builtin(name)
    report = check_layout(layout)
    assert report.ok, report.lines()
    again = parse_kmahjongg(write_kmahjongg(layout), name=name)
    x0, y0, _, _ = layout.bounds
    assert sorted((p.x - x0, p.y - y0, p.z) for p in layout.positions) == \
        sorted((p.x, p.y, p.z) for p in again.positions)


def test_the_turtle_has_the_classic_shape() -> None:
    turtle = builtin("turtle")
    assert len(turtle) == 144 and turtle.layers == (87, 36, 16, 4, 1)


KM10 = "kmahjongg-layout-v1.0\n# a comment\n" + "\n".join(
    ["1212" + "." * 28, "4343" + "." * 28] + ["." * 32] * 14
    + ["..12" + "." * 28, "..43" + "." * 28] + ["." * 32] * 14
    + ["." * 32] * 48)

KM11 = """kmahjongg-layout-v1.1
# two tiles and one on top, half a tile in
w6
h2
d2
121212
434343
.12...
.43...
"""


def test_kmahjongg_v10_and_v11() -> None:
    old = parse_kmahjongg(KM10, source="old.layout")
    assert [(p.x, p.y, p.z) for p in old.positions] == [(0, 0, 0), (2, 0, 0), (2, 0, 1)]
    new = parse_kmahjongg(KM11, source="new.layout")
    assert [(p.x, p.y, p.z) for p in new.positions] == [(0, 0, 0), (2, 0, 0), (4, 0, 0),
                                                        (1, 0, 1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [("not a layout", "line 1: expected kmahjongg-layout"),
     ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n43x3\n", "line 6, column 3: 'x'"),
     ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12\n4343\n", "line 5: expected 4 characters"),
     ("kmahjongg-layout-v1.1\nw4\nh2\nd2\n1212\n4343\n", "ends after 2 grid lines"),
     ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n.2..\n....\n", "no tiles")],
)
def test_bad_kmahjongg_files(text: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=message):
        parse_kmahjongg(text, source="f.layout")


GNOME = """<mahjongg>
  <map name="tiny" scorename="tiny">
    <layer z="0">
      <row y="0" left="0" right="2"/>
      <column x="3" top="0" bottom="1"/>
      <block left="0" right="1" top="1" bottom="1"/>
    </layer>
    <tile z="1" x="0.5" y="0"/>
  </map>
  <map name="other"><tile z="0" x="0" y="0"/><tile z="0" x="1" y="0"/></map>
</mahjongg>"""


def test_gnome_maps_rows_columns_blocks_tiles_and_half_steps() -> None:
    tiny = parse_gnome_map(GNOME)
    assert tiny.name == "tiny" and len(tiny) == 8 and tiny.layers == (7, 1)
    assert Position(1, 0, 1) in tiny.positions  # x = 0.5 tiles is half-unit 1
    assert len(parse_gnome_map(GNOME, name="other")) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [("<mahjongg><map><row y='0' left='0' right='1'/></map></mahjongg>",
      "line 1, column 16: <row> has no z"),
     ("<mahjongg><map><layer z='0'><tile x='0.3' y='0'/></layer></map></mahjongg>",
      "x='0.3' is not a whole or half step"),
     ("<mahjongg><map><layer z='0'><tile x='0' y='0'/><tile x='0' y='0'/></layer></map>"
      "</mahjongg>", "given twice"),
     ("<mahjongg><map><layer z='0'><star x='0'/></layer></map></mahjongg>", "unknown element"),
     ("<mahjongg><map><layer z='0'><tile x='0' y='0'></layer></map></mahjongg>",
      "not well-formed"),
     ("<mahjongg></mahjongg>", "no <map>")],
)
def test_bad_gnome_maps(text: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=message):
        parse_gnome_map(text, source="f.map")


def test_layout_check_findings() -> None:
    layout = lay(tile(0, 0, 0), tile(0, 0.5, 0), tile(1, 5, 0))
    report = check_layout(layout)
    assert len(report.overlaps) == 1 and len(report.floating) == 1 and report.sets == 0
    text = "\n".join(report.lines())
    assert "overlap" in text and "hanging over nothing: 1 tile" in text and "odd" in text
    assert not report.ok and "verdict: not playable" in text
    hanging = check_layout(lay(tile(0, 0, 0), tile(0, 2, 0), tile(1, 1, 0), tile(0, 4, 0)))
    assert hanging.ok and not hanging.buildable and hanging.sets == 1
    big = lay(block(0, 0, 15, 0, 9), block(1, 0, 7, 0, 9))
    assert check_layout(big).sets == 2


# -- deals and the solver ----------------------------------------------------------------


@pytest.mark.parametrize("name", list(BUILTIN))
def test_deals_of_every_built_in_layout_replay(name: str) -> None:
    layout = builtin(name)
    for seed in range(3):
        deal, solution = rules.deal_backwards(layout, random.Random(seed))
        assert rules.replay_solution(deal, solution) == []
        result = rules.solve(deal)
        assert result.status == rules.SOLVED
        assert rules.replay_solution(deal, result.solution) == []


def test_replay_catches_illegal_moves() -> None:
    layout = lay(row(0, 0, 0, 3))
    deal = rules.Deal(layout, tuple(Tile(t) for t in ("1m", "2m", "2m", "1m")))
    assert rules.replay_solution(deal, [(0, 3), (1, 2)]) == []
    assert "not free" in rules.replay_solution(deal, [(1, 2), (0, 3)])[0]
    odd = rules.Deal(layout, tuple(Tile(t) for t in ("1m", "1m", "2m", "2m")))
    assert "do not match" in rules.replay_solution(odd, [(0, 3)])[0]
    assert "left after" in rules.replay_solution(deal, [(0, 3)])[0]


def test_flowers_match_flowers_and_seasons_seasons() -> None:
    assert rules.match_group(Tile("1f")) == rules.match_group(Tile("3f"))
    assert rules.match_group(Tile("5f")) == rules.match_group(Tile("8f"))
    assert rules.match_group(Tile("1f")) != rules.match_group(Tile("5f"))
    supply = rules.tile_supply(144, random.Random(1), bonus=False)
    assert not any(t.is_bonus for t in supply) and len(supply) == 144


SMALL = [lay(row(0, 0, 0, 3), row(0, 1, 0, 3), row(1, 0.5, 1, 2)),
         lay(block(0, 0, 2, 0, 1), tile(1, 0.5, 0.5), tile(1, 1.5, 0.5)),
         lay(row(0, 0, 0, 5), row(1, 0, 1, 2), tile(2, 1.5, 0), row(0, 1, 1, 4))]


def _brute(deal: rules.Deal) -> bool:
    board = rules.board_for(deal.layout)

    def bits(m):
        return {i for i in range(len(deal.tiles)) if m >> i & 1}

    return solitaire_winnable([bits(m) for m in board.over], [bits(m) for m in board.left],
                              [bits(m) for m in board.right], deal.groups)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(SMALL))), st.integers(0, 10**9), st.integers(2, 4))
def test_solver_verdicts_match_an_exhaustive_search(which: int, seed: int, faces: int) -> None:
    layout = SMALL[which]
    rng = random.Random(seed)
    pool = [Tile(f"{k}p") for k in range(1, faces + 1)]
    tiles = [t for t in pool for _ in range(2)] * (len(layout) // (2 * faces) + 1)
    tiles = tiles[: len(layout)]
    if len(tiles) % 2 or any(tiles.count(t) % 2 for t in set(tiles)):
        return
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    result = rules.solve(deal)
    assert result.status != rules.UNDECIDED
    assert (result.status == rules.SOLVED) == _brute(deal)
    if result.status == rules.SOLVED:
        assert rules.replay_solution(deal, result.solution) == []


def test_random_turtle_deals_are_mostly_winnable() -> None:
    turtle = builtin("turtle")
    statuses = [rules.solve(rules.deal_random(turtle, random.Random(s))).status
                for s in range(25)]
    assert statuses.count(rules.SOLVED) >= 20
    assert all(s in (rules.SOLVED, rules.UNSOLVABLE, rules.UNDECIDED) for s in statuses)


def test_a_deal_with_stacked_twins_is_proven_unsolvable() -> None:
    # three tiles of one face in a stack: no pairing keeps a tile off its partner
    layout = lay(tile(0, 0, 0), tile(1, 0, 0), tile(2, 0, 0), tile(0, 3, 0))
    deal = rules.Deal(layout, tuple(Tile(t) for t in ("1m", "1m", "1m", "1m")))
    assert rules.solve(deal).status == rules.UNSOLVABLE
    assert not _brute(deal)


def test_experience_counts_traps() -> None:
    # two stacks: 2m under 1m, and 1m under 2m; two loose 1m. Taking the loose pair first
    # strands the stacks (each top waits for the other): a trap. Taking a top 1m first wins.
    layout = lay(tile(0, 0, 0), tile(1, 0, 0), tile(0, 2, 0), tile(1, 2, 0),
                 tile(0, 4, 0), tile(0, 6, 0))
    faces = {Position(0, 0, 0): "2m", Position(1, 0, 0): "1m", Position(0, 0, 4): "1m",
             Position(1, 0, 4): "2m", Position(0, 0, 8): "1m", Position(0, 0, 12): "1m"}
    deal = rules.Deal(layout, tuple(Tile(faces[p]) for p in layout.positions))
    result = rules.solve(deal)
    assert result.status == rules.SOLVED
    seen = rules.experience(deal, result.solution)
    assert seen.traps == 1 and seen.early_traps == 1
    loose = (layout.positions.index(Position(0, 0, 8)), layout.positions.index(Position(0, 0, 12)))
    remaining = (1 << 6) - 1 & ~(1 << loose[0] | 1 << loose[1])
    assert rules.position_status(deal, remaining) == rules.UNSOLVABLE


# -- puzzles ---------------------------------------------------------------------------


def _puzzles(**options):
    from tilepress.games import find_kind
    from tilepress.params import parse_params
    from tilepress.puzzles import generate_set

    kind = find_kind("solitaire")
    return kind, generate_set(kind, parse_params(kind.params_type, options, where="t"),
                              count=2, seed=3)


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_solitaire_puzzles_verify_and_grade(difficulty: str) -> None:
    from tilepress.puzzles import verify_set

    kind, puzzles = _puzzles(layout="mini", difficulty=difficulty)
    assert verify_set(puzzles, kind) == []
    for p in puzzles.puzzles:
        assert p.difficulty == difficulty
        deal = _deal(p)
        assert rules.replay_solution(deal, p.answer["solution"]) == []


def _deal(puzzle) -> rules.Deal:
    from tilepress.games.solitaire.puzzles import deal_of

    return deal_of(puzzle.question, "test")


def test_verify_catches_a_broken_solitaire_solution() -> None:
    import json

    from tilepress.puzzles import verify_set
    from tilepress.puzzles.base import PuzzleSet

    kind, puzzles = _puzzles(layout="mini", difficulty="any", bonus=False)
    data = json.loads(puzzles.to_json())
    moves = data["puzzles"][0]["answer"]["solution"]
    moves[0], moves[-1] = moves[-1], moves[0]
    problems = verify_set(PuzzleSet.from_json(json.dumps(data)), kind)
    assert problems and "does not replay" in problems[0].message
    assert not any(t in data["puzzles"][1]["question"]["tiles"] for t in "f")


def test_verify_trusts_a_stored_solution_that_replays(monkeypatch) -> None:
    # a built deal keeps its removal order when the solver runs out of budget: verify
    # must accept it without finding a solution again, and still catch a broken one
    import json

    from tilepress.puzzles import verify_set
    from tilepress.puzzles.base import PuzzleSet

    kind, puzzles = _puzzles(layout="mini", difficulty="any", bonus=False)
    monkeypatch.setattr(type(kind), "_solve_deal", lambda self, deal: None)
    assert verify_set(puzzles, kind) == []
    data = json.loads(puzzles.to_json())
    moves = data["puzzles"][0]["answer"]["solution"]
    moves[0], moves[-1] = moves[-1], moves[0]
    problems = verify_set(PuzzleSet.from_json(json.dumps(data)), kind)
    assert problems and "does not replay" in problems[0].message


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([0, 1]), st.integers(0, 10**9))
def test_the_complete_search_alone_agrees_with_an_exhaustive_search(which: int,
                                                                     seed: int) -> None:
    # no playouts: the search (and its pruning of faces of more than four copies) decides
    from tilepress.engine.solitaire_solver import Solver

    layout = SMALL[which]  # of an even number of tiles
    rng = random.Random(seed)
    tiles = [Tile("1p")] * 6 + [Tile("2p")] * (len(layout) - 6)
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    result = Solver(deal, seed=seed).solve(playouts=0)
    assert result.status != rules.UNDECIDED
    assert (result.status == rules.SOLVED) == _brute(deal)
    if result.status == rules.SOLVED:
        assert rules.replay_solution(deal, result.solution) == []


def test_the_luby_schedule() -> None:
    from tilepress.engine.solitaire_solver import luby

    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_the_fast_play_ends_where_the_timed_play_ends() -> None:
    # Table.end (no clock) removes pairs at once and looks at a tile only when it becomes
    # free; it must leave the same tiles as the play that keeps the clock, and as the
    # plain loop over lists kept as an oracle in tests/solitaire_oracle.py
    from solitaire_oracle import end_from

    from tilepress.engine.solitaire_play import Table, geometry

    for layout, seed in [(builtin("turtle"), 1), (builtin("turtle"), 2), (SMALL[0], 3)]:
        deal = rules.deal_random(layout, random.Random(seed), bonus=False)
        rng = random.Random(seed)
        table = Table(geometry(layout), deal.groups, (1 << len(layout)) - 1)
        for _ in range(60):
            partner = [-1] * len(layout)
            share = rng.random()
            for members in table.members:
                ms = rng.sample(members, len(members))
                for i in range(0, len(ms) - 1, 2):
                    if rng.random() < share:
                        partner[ms[i]], partner[ms[i + 1]] = ms[i + 1], ms[i]
            clock = [-1] * len(layout)
            record: list[tuple[int, int]] = []
            left = table.play(partner, clock, record)
            assert sorted(t for pair in record for t in pair) == sorted(
                t for t in range(len(layout)) if clock[t] >= 0 and partner[t] >= 0)
            assert sorted(c for c in clock if c >= 0) == list(range(len(layout) - left))
            assert table.play(partner) == left
            stranded = [t for t in range(len(layout)) if clock[t] < 0]
            assert table.stranded(partner) == (left, stranded)
            plain_left, plain_code = end_from(table.code0, table.free0, table.count0, partner,
                                              table.geo.touch, table.group_of,
                                              len(table.members))
            code = table.end(partner)[1].tolist()
            assert plain_left == left
            assert [plain_code[t] for t in stranded] == [code[t] for t in stranded]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(SMALL))), st.integers(0, 10**9))
def test_restarts_keep_the_verdicts_sound(which: int, seed: int) -> None:
    # the local search's turns and restarts, and the exact search's turns, from the first
    # plays on: a win still replays and "no solution" is still a proof (checked against
    # the exhaustive search)
    from tilepress.engine import solitaire_solver

    layout = SMALL[which]
    rng = random.Random(seed)
    tiles = [Tile("1p")] * 6 + [Tile(f"{k}s") for k in (1, 2, 3) for _ in range(2)]
    tiles = (tiles * 2)[: len(layout)]
    if any(tiles.count(t) % 2 for t in set(tiles)):
        return
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solitaire_solver, "RESTART", 1)
        patch.setattr(solitaire_solver, "TURN", 1)
        patch.setattr(solitaire_solver, "EXACT_AFTER", 0)  # and the exact search's turns
        patch.setattr(solitaire_solver, "EXACT_TURN", 1)
        patch.setattr(solitaire_solver, "MODEL", False)  # the model is checked on its own
        solver = solitaire_solver.Solver(deal, seed=seed)
        result = solver.solve(playouts=0)
    assert result.status != rules.UNDECIDED
    assert (result.status == rules.SOLVED) == _brute(deal)
    if result.status == rules.SOLVED:
        assert rules.replay_solution(deal, result.solution) == []


@pytest.mark.parametrize(("name", "seed"), [("turtle", 1), ("turtle", 5), ("turtle", 13),
                                            ("fortress", 2), ("mini", 4)])
def test_the_playouts_play_as_the_plain_oracle(name: str, seed: int) -> None:
    # the playout kernel draws from the random.Random's own stream (Python's Mersenne
    # Twister, rebuilt in the kernel): the same games, penalties and state after as the
    # plain playouts kept in tests/solitaire_oracle.py, in a position too
    import numpy as np
    from solitaire_oracle import PlainPlayouts

    from tilepress.engine.solitaire_play import Table, geometry, seeded, stream, streamed

    deal = rules.deal_random(builtin(name), random.Random(seed))
    n = len(deal.tiles)
    rest = (1 << n) - 1
    for remaining in (rest, rest & ~rules.board_for(deal.layout).free_tiles(rest)[0]):
        table = Table(geometry(deal.layout), deal.groups, remaining)
        plain = PlainPlayouts(table)
        ours, theirs = seeded(seed), random.Random(seed)
        assert ours.tolist() == list(theirs.getstate()[1])
        penalty, kept = np.zeros((n, n)), {}
        noises = [1.0 + k / 2 for k in range(12)]
        for _ in range(3):
            won, moves = table.playouts(ours, noises, penalty)
            games = []
            for noise in noises:
                games.append(plain.playout(theirs, noise, kept))
                if not games[-1][0]:
                    break
            longest = max(games, key=lambda g: (g[0] == 0, len(g[1])))
            assert won == (len(games) - 1 if not games[-1][0] else -1)
            assert moves == longest[1]
            assert ours.tolist() == list(theirs.getstate()[1])
            assert {(a, c): v for (a, c), v in np.ndenumerate(penalty) if v} == kept
        again = random.Random(0)
        streamed(again, ours)
        assert again.getstate() == theirs.getstate() and stream(again).tolist() == ours.tolist()
