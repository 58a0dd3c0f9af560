"""Dragon Castle: the height-map format, castle checks, generated castles, the rules of
the game, the bots, logs and the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.engine import solitaire
from tilepress.engine.log import read_log
from tilepress.errors import FileFormatError, IllegalActionError, RequestError
from tilepress.games.castle import GAME
from tilepress.games.castle import runner as game
from tilepress.games.castle.bots import Planner, RandomBot
from tilepress.games.castle.rules import (
    Build,
    CastleGame,
    CastleOptions,
    Consolidate,
    Discard,
    EndTurn,
    NoRoom,
    Phase,
    PlayerCastle,
    Setup,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
    cell_index,
)
from tilepress.layouts.castle import (
    BUILTIN_CASTLES,
    builtin_castle,
    check_castle,
    generate_castle,
    parse_castle,
    tile_set,
)
from tilepress.tiles import Tile, parse_tiles

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules" / "solitaire-and-dragon-castle.md"
NEXT = r'the rules say the next event is \{"type": '

# -- the height-map format ----------------------------------------------------------


rows_strategy = st.lists(
    st.text(alphabet=" 123456789", max_size=12).map(str.rstrip), min_size=1, max_size=10,
).filter(lambda rows: rows[0] != "" and rows[-1] != "").filter(
    # a castle is at most a whole set (144 tiles); larger ones are refused (test_reliability)
    lambda rows: sum(int(ch) for r in rows for ch in r if ch != " ") <= 144)


@given(rows_strategy, st.lists(st.text(alphabet="abc xyz", max_size=8).map(str.rstrip),
                              max_size=2))
def test_height_maps_round_trip(rows: list[str], notes: list[str]) -> None:
    text = "".join(f"#{n}\n" for n in notes) + "".join(f"{r}\n" for r in rows)
    castle = parse_castle(text)
    assert castle.to_text() == text
    assert parse_castle(castle.to_text()) == castle
    heights = [[int(ch) if ch != " " else 0 for ch in r] for r in rows]
    assert len(castle) == sum(map(sum, heights))
    # the solitaire positions: one per tile, stacked from floor 1 at z=0
    positions = castle.layout().positions
    assert len(positions) == len(castle)
    for p in positions:
        assert heights[p.y // 2][p.x // 2] > p.z


def test_trailing_spaces_are_the_only_change_when_writing_back() -> None:
    castle = parse_castle("  12  \n 3 4\n\n5\n\n\n")
    assert castle.to_text() == "  12\n 3 4\n\n5\n"
    assert castle.floors == (5, 4, 3, 2, 1)


@pytest.mark.parametrize("name", list(BUILTIN_CASTLES))
def test_built_in_castles_round_trip(name: str) -> None:
    castle = builtin_castle(name)
    assert parse_castle(castle.to_text(), name=name) == castle


@pytest.mark.skipif(not RULES.exists(), reason="the rules texts are not beside the project")
def test_built_in_castles_are_the_rules_text_exactly() -> None:
    lines = RULES.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("<pre"))
    block = lines[start + 1: lines.index("</pre>", start)]
    # the three castles stand side by side, four or more empty columns apart
    width = max(map(len, block))
    used = [c for c in range(width) if any(c < len(r) and r[c] != " " for r in block)]
    merged = [[used[0], used[0] + 1]]
    for c in used[1:]:
        if c - merged[-1][1] < 4:
            merged[-1][1] = c + 1
        else:
            merged.append([c, c + 1])
    assert len(merged) == 3
    for (a, b), name in zip(merged, BUILTIN_CASTLES, strict=True):
        rows = [r[a:b].rstrip() for r in block]
        while rows and not rows[-1]:
            rows.pop()
        assert tuple(rows) == builtin_castle(name).rows


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("12\n1x1\n", 2, 2, "'x' is not a stack height"),
    ("12\n\t11\n", 2, 1, "a tab"),
    ("102\n", 1, 2, "0 is not a stack height"),
    ("11\n1#\n", 2, 2, "notes (#) go before"),
    ("# notes\n  1 2\n  1.2\n", 3, 4, "'.' is not a stack height"),
])
def test_bad_height_maps_name_line_and_column(text, line, column, words) -> None:
    with pytest.raises(FileFormatError) as err:
        parse_castle(text, source="my.castle")
    message = str(err.value)
    assert message.startswith(f"my.castle: line {line}, column {column}: ")
    assert words in message


def test_an_empty_castle_file_is_rejected() -> None:
    with pytest.raises(FileFormatError, match="no castle"):
        parse_castle("# only a note\n\n", source="e.castle")


# -- checking castles against a tile set --------------------------------------------


def test_the_first_castle_is_one_short_and_lopsided() -> None:
    report = check_castle(builtin_castle("octagon"), "recommended")
    assert (report.tiles, report.castle.floors, report.spare) == (111, (48, 40, 23), 1)
    assert report.left_right and report.top_bottom
    # the row printed " 233322" breaks both symmetries at one cell: row 6, column 6
    assert report.fix == (6, 6, 3)
    text = "\n".join(report.lines())
    assert "1 stays in the box" in text
    assert "raising row 6, column 6 from 2 to 3" in text and "with 112 tiles" in text
    assert "odd count" in text and report.ok


def test_the_second_castle_is_four_symmetric_blocks() -> None:
    report = check_castle(builtin_castle("quarters"), "recommended")
    assert (report.tiles, report.castle.floors, report.spare) == (112, (76, 24, 12), 0)
    assert not report.left_right and not report.top_bottom
    assert report.pieces == 4
    assert "4 separate pieces" in "\n".join(report.lines())


def test_the_third_castle_is_exact_and_symmetric() -> None:
    report = check_castle(builtin_castle("towers"), "recommended")
    assert (report.tiles, report.castle.floors, report.spare) == (112, (59, 35, 18), 0)
    assert not report.left_right and not report.top_bottom and report.pieces == 1
    assert "uses every tile" in "\n".join(report.lines())


def test_tile_sets() -> None:
    assert len(tile_set("recommended")) == 112
    assert len(tile_set("all")) == 136
    assert len(tile_set("123456m123456p123456s1234567zx4")) == 100
    assert len(tile_set("11223344z")) == 8
    with pytest.raises(RequestError, match="tile set"):
        tile_set("12q")


def test_a_castle_too_big_for_the_set_cannot_be_built() -> None:
    report = check_castle(builtin_castle("towers"), "1234567zx4")
    assert not report.ok and report.spare == 28 - 112
    assert "84 too few" in "\n".join(report.lines())


def test_a_four_floor_castle_is_pointed_out() -> None:
    report = check_castle(parse_castle("1441\n"))
    assert "the rules build three floors" in report.lines()[1]


# -- generated castles -----------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=136).map(lambda n: n - n % 2),
       st.integers(min_value=0, max_value=10**6), st.booleans(), st.sampled_from([2, 3]))
def test_generated_castles_are_exact(tiles: int, seed: int, symmetric: bool,
                                     floors: int) -> None:
    castle = generate_castle(tiles, random.Random(seed), floors=floors, symmetric=symmetric)
    assert len(castle) == tiles
    assert len(castle.floors) <= floors
    assert parse_castle(castle.to_text(), name=castle.name) == castle
    if symmetric:
        assert not check_castle(castle).left_right


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([2, 3, 4]))
def test_generated_castles_come_apart_in_pairs(seed: int, players: int) -> None:
    from tilepress.games.castle.puzzles import CastleParams, make_castle

    made = make_castle(CastleParams(players=players, symmetric=True), random.Random(seed))
    assert solitaire.replay_solution(made.deal, made.solution) == []
    # the deal uses tiles of the set, in identical pairs
    counts: dict[Tile, int] = {}
    for t in made.deal.tiles:
        counts[t] = counts.get(t, 0) + 1
    assert all(n in (2, 4) for n in counts.values())
    assert set(counts) <= set(tile_set("recommended").tiles)
    for a, b in made.solution:
        assert made.deal.tiles[a] == made.deal.tiles[b]


# -- the rules of the game ---------------------------------------------------------

SMALL = "111\n121\n111\n"


def new_game(castle: str = SMALL, tiles: str = "1m2m3m4m5m6m7m1p2p1m", **options) -> CastleGame:
    g = CastleGame(CastleOptions(**{"players": 2, **options}))
    g.apply(Setup(castle, parse_tiles(tiles)))
    return g


def open_brute_force(g: CastleGame) -> set[tuple[int, int, int]]:
    """Takeable places worked out from the stack heights alone."""
    heights: dict[tuple[int, int], int] = {}
    for i, p in enumerate(g.layout.positions):
        if g.remaining >> i & 1:
            key = (p.y // 2, p.x // 2)
            heights[key] = max(heights.get(key, 0), p.z + 1)
    top = max(heights.values(), default=0)
    out = set()
    for (r, c), h in heights.items():
        if h != top:
            continue
        left, right = heights.get((r, c - 1), 0), heights.get((r, c + 1), 0)
        if left < h or right < h:
            out.add((r + 1, c + 1, h))
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_takeable_tiles_match_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    castle = generate_castle(40, rng, floors=3)
    tiles = rng.sample(tile_set("recommended").tiles, 40)
    g = CastleGame(CastleOptions(players=2))
    g.apply(Setup(castle.to_text(), tuple(tiles)))
    for _ in range(rng.randrange(0, 30)):
        g._remove(rng.choice(g.open_tiles()))  # any open tile, not only the top floor's
    assert {g.place_of(i) for i in g.takeable()} == open_brute_force(g)


def test_take_from_the_top_floor_only_and_only_open_tiles() -> None:
    g = new_game()
    # the middle stack is the only floor-2 tile
    with pytest.raises(IllegalActionError, match="top floor"):
        g.apply(Take(0, (1, 1, 1), Tile("1m")))
    with pytest.raises(IllegalActionError, match="is 1m, not 9m"):
        g.apply(Take(0, (1, 1, 1), Tile("9m")))
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    assert g.top_floor == 1


def test_the_second_tile_must_be_identical_and_open() -> None:
    g = new_game()
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    with pytest.raises(IllegalActionError, match="identical"):
        g.apply(TakeSecond(0, (1, 2, 1), Tile("2m")))
    # 5m at row 2, column 2 is walled in on both sides by 4m and 6m
    g2 = new_game(tiles="1m2m3m4m5m6m7m1p2p5m")
    g2.apply(Take(0, (2, 2, 2), Tile("5m")))
    with pytest.raises(IllegalActionError, match="not open"):
        g2.apply(TakeSecond(0, (2, 2, 1), Tile("5m")))
    g.apply(TakeSecond(0, (1, 1, 1), Tile("1m")))
    assert g.pending == [Tile("1m"), Tile("1m")]


def test_discarding_scores_one_and_shrines_come_from_the_pool() -> None:
    g = new_game(shrines=1)
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    g.apply(Discard(0, Tile("1m")))
    assert g.players[0].score == 1 and g.phase == Phase.SHRINES
    g.apply(EndTurn(0))
    g.apply(Take(1, (1, 1, 1), Tile("1m")))
    g.apply(TakeShrine(1))
    assert g.pool == 0 and g.players[1].reserve == 1
    g.apply(Build(1, Tile("1m"), (3, 3)))
    g.apply(EndTurn(1))
    g.apply(Take(0, (1, 2, 1), Tile("2m")))
    with pytest.raises(IllegalActionError, match="pool is empty"):
        g.apply(TakeShrine(0))


def test_building_rules() -> None:
    g = new_game()
    me = g.players[0]
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    g.apply(TakeSecond(0, (1, 1, 1), Tile("1m")))
    g.apply(Build(0, Tile("1m"), (1, 1)))  # the first tile goes anywhere
    with pytest.raises(IllegalActionError, match="touches none"):
        g.apply(Build(0, Tile("1m"), (3, 3)))
    with pytest.raises(IllegalActionError, match="face up"):
        g.apply(Build(0, Tile("1m"), (1, 1)))
    with pytest.raises(IllegalActionError, match="off the 6x6 board"):
        g.apply(Build(0, Tile("1m"), (0, 1)))
    with pytest.raises(IllegalActionError, match="not among the tiles"):
        g.apply(Build(0, Tile("2m"), (1, 2)))
    g.apply(Build(0, Tile("1m"), (2, 2)))  # diagonal contact is enough
    assert me.built == 2
    # on a face-down tile, yes; on a shrine, no
    me.flip(cell_index((1, 1)))
    assert me.can_build(cell_index((1, 1)))
    me.crown(cell_index((1, 1)))
    assert not me.can_build(cell_index((1, 1)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["empty", "up", "down", "shrine"]), min_size=36, max_size=36),
       st.booleans(), st.booleans())
def test_room_is_any_cell_that_can_take_a_tile(cells: list[str], full: bool,
                                               closed: bool) -> None:
    # full: no empty cell; closed: no face-down top either (so often no room at all)
    swap = {"empty": "up" if full else "empty", "down": "up" if closed else "down"}
    me = PlayerCastle()
    for i, state in enumerate(swap.get(c, c) for c in cells):
        if state != "empty":
            me.add(i, Tile("1m"))
            if state != "up":
                me.flip(i)
            if state == "shrine":
                me.crown(i)
    assert me.has_room() == any(me.can_build(i) for i in range(36))
    assert me.buildable() == [i for i in range(36) if me.can_build(i)]


def test_a_tile_with_no_room_goes_back_only_when_there_is_none() -> None:
    g = new_game()
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    g.apply(TakeShrine(0))
    with pytest.raises(IllegalActionError, match="has a place"):
        g.apply(NoRoom(0, Tile("1m")))
    me = g.players[0]
    for i in range(36):  # fill the board with face-up tiles, no two alike side by side
        me.add(i, Tile("1z") if (i // 6 + i % 6) % 2 else Tile("5z"))
    g.apply(NoRoom(0, Tile("1m")))
    assert g.phase == Phase.SHRINES and me.score == 0


def _prepare_group(g: CastleGame, kind_tile: str, cells: list[tuple[int, int]],
                   heights: dict[tuple[int, int], int] | None = None) -> None:
    """Put face-up tiles on the cells (over face-down ones for taller stacks)."""
    me = g.players[0]
    for at in cells:
        i = cell_index(at)
        for _ in range((heights or {}).get(at, 1) - 1):
            me.add(i, Tile("9p"))
            me.flip(i)
        me.add(i, Tile(kind_tile))


def snake(n: int) -> list[tuple[int, int]]:
    cells = [(r, c if r % 2 else 7 - c) for r in range(1, 7) for c in range(1, 7)]
    return cells[:n]


EXPECTED = {4: 2, 5: 3, 6: 5, 7: 6, 8: 8}


@pytest.mark.parametrize("size", range(1, 31))
@pytest.mark.parametrize("kind", ["1m", "5z"])
def test_consolidation_points_for_every_group_size(size: int, kind: str) -> None:
    g = new_game(tiles="1m2m3m4m5m6m7m1p2p" + ("1m" if kind == "1m" else "5z"))
    top = Tile(kind)
    cells = snake(size)
    _prepare_group(g, kind, cells[:-1])
    g.apply(Take(0, (2, 2, 2), top))
    g.apply(TakeShrine(0))
    g.apply(Build(0, top, cells[-1]))
    if size < 4:
        assert g.phase == Phase.SHRINES
        return
    ev = g.forced()
    assert isinstance(ev, Consolidate)
    points = EXPECTED.get(size, size) + (1 if kind == "5z" else 0)
    assert (ev.kind, len(ev.cells), ev.points) == ("myriads" if kind == "1m" else "dragons",
                                                   size, points)
    g.apply(ev)
    assert g.players[0].score == points
    assert not any(g.players[0].up)


def test_a_wrong_consolidation_is_rejected_and_five_can_be_the_minimum() -> None:
    g = new_game()
    _prepare_group(g, "1m", snake(3))
    g.apply(Take(0, (2, 2, 2), Tile("1m")))
    g.apply(TakeShrine(0))
    g.apply(Build(0, Tile("1m"), snake(4)[-1]))
    ev = g.forced()
    assert isinstance(ev, Consolidate)
    with pytest.raises(IllegalActionError, match=NEXT + r'"consolidate", "player": 0, "kind": '
                       r'"myriads", "cells": \[\[1, 1\], \[1, 2\], \[1, 3\], \[1, 4\]\], '
                       r'"points": 2\}'):
        g.apply(Consolidate(0, ev.kind, ev.cells, ev.points + 1))
    literal = new_game(group=5)
    _prepare_group(literal, "1m", snake(3))
    literal.apply(Take(0, (2, 2, 2), Tile("1m")))
    literal.apply(TakeShrine(0))
    literal.apply(Build(0, Tile("1m"), snake(4)[-1]))
    assert literal.phase == Phase.SHRINES  # four do not flip under "more than 4"


def test_groups_join_by_sides_not_corners_whatever_the_height() -> None:
    g = new_game()
    # (1,1) and (2,2) touch at a corner; (2,2) and (3,2) by a side, at heights 1 and 3
    _prepare_group(g, "1m", [(1, 1), (2, 2)])
    _prepare_group(g, "7m", [(3, 2)], heights={(3, 2): 3})
    groups = sorted((k, [tuple((i // 6 + 1, i % 6 + 1)) for i in c])
                    for k, c in g.players[0].groups())
    assert groups == [("myriads", [(1, 1)]), ("myriads", [(2, 2), (3, 2)])]


def test_shrines_on_flipped_tiles_with_floor_points_and_limits() -> None:
    g = new_game(tiles="1m2m3m4m5m6m7m1p2p5z")
    cells = snake(4)
    _prepare_group(g, "5z", cells[:-1], heights={cells[0]: 2, cells[1]: 4})
    _prepare_group(g, "1p", [(6, 1)])
    g.players[0].reserve = 3
    g.apply(Take(0, (2, 2, 2), Tile("5z")))
    g.apply(TakeShrine(0))
    g.apply(Build(0, Tile("5z"), cells[3]))
    ev = g.forced()
    assert isinstance(ev, Consolidate)
    assert (ev.kind, ev.points) == ("dragons", 2 + 1)
    g.apply(ev)
    with pytest.raises(IllegalActionError, match="scores 3, not 1"):
        g.apply(Shrine(0, cells[1], 1))
    g.apply(Shrine(0, cells[1], 3))      # floor 4 counts as floor 3
    g.apply(Shrine(0, cells[0], 2))      # floor 2
    with pytest.raises(IllegalActionError, match="all the shrines"):
        g.apply(Shrine(0, cells[2], 1))  # winds and dragons take two shrines, no more
    with pytest.raises(IllegalActionError, match="not one"):
        g.apply(Shrine(0, (6, 1), 1))    # a tile not flipped this turn
    assert g.players[0].shrines() == 2 and g.players[0].score == 3 + 3 + 2
    g.apply(EndTurn(0))
    with pytest.raises(IllegalActionError, match="building a shrine is not allowed now: the "
                       "game waits for a tile taken from the top floor"):
        g.apply(Shrine(1, (1, 1), 1))


def test_the_elder_dragon_and_the_end_of_the_game() -> None:
    g = new_game(castle="11\n", tiles="1m2m", players=3)
    with pytest.raises(IllegalActionError, match="it is player 0's move, not player 1's"):
        g.apply(Summon(1))
    g.apply(Summon(0))
    g.apply(EndTurn(0))
    g.apply(Take(1, (1, 1, 1), Tile("1m")))
    g.apply(Discard(1, Tile("1m")))
    g.apply(EndTurn(1))
    g.apply(Summon(2))
    g.apply(EndTurn(2))
    g.apply(Summon(0))  # the third summons: the round is finished
    g.apply(EndTurn(0))
    assert not g.over
    g.apply(Summon(1))
    g.apply(EndTurn(1))
    assert not g.over
    g.apply(Summon(2))
    g.apply(EndTurn(2))
    assert g.over
    assert [c.score for c in g.players] == [4, 3, 4]
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.apply(Summon(0))


def test_no_summons_before_the_ground_floor() -> None:
    g = new_game()
    with pytest.raises(IllegalActionError, match="ground floor"):
        g.apply(Summon(0))


def test_ties_go_to_face_down_stacks_then_shrines() -> None:
    g = new_game(players=3)
    a, b, c = g.players
    a.score = b.score = c.score = 10
    for me, down, shrines in ((a, 2, 0), (b, 2, 1), (c, 1, 5)):
        for i in range(down):
            me.add(i, Tile("1m"))
            me.flip(i)
        for i in range(10, 10 + shrines):
            me.add(i, Tile("1m"))
            me.flip(i)
            me.crown(i)
    assert g.result()["winners"] == [1]
    assert [p for p, *_ in g.standings()] == [1, 0, 2]


def _every_event(g: CastleGame) -> list:
    """Every event the player to move could name now, legal or not (each take of each
    tile of the castle, builds and shrines on every cell, ...), and a few by the others."""
    p = g.current
    out: list = [Summon(p), TakeShrine(p), EndTurn(p)]
    for i, tile in enumerate(g.tiles):
        out += [Take(p, g.place_of(i), tile), TakeSecond(p, g.place_of(i), tile)]
    for tile in set(g.tiles):
        out += [Discard(p, tile), NoRoom(p, tile)]
        out += [Build(p, tile, (r, c)) for r in range(1, 7) for c in range(1, 7)]
    out += [Shrine(p, (r, c), n) for r in range(1, 7) for c in range(1, 7) for n in (1, 2, 3)]
    for other in range(len(g.players)):
        if other != p:
            out += [Summon(other), EndTurn(other), Take(other, g.place_of(0), g.tiles[0])]
    return out


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_legal_actions_are_exactly_what_the_checks_accept(seed: int) -> None:
    # a small castle of few faces and types, so that twins, flips and shrines come often
    rng = random.Random(seed)
    options = CastleOptions(players=2, tileset="1234m1234p12zx4", shrines=3)
    supply = tile_set(options.tileset).tiles
    g = CastleGame(options)
    g.apply(Setup("1221\n2332\n2332\n1221\n", tuple(rng.sample(supply, 32))))
    while not g.over:
        ev = g.forced()
        if ev is None:
            legal = g.legal_actions()
            accepted = [e for e in _every_event(g) if g.is_legal(e)]
            assert set(accepted) == set(legal) and len(set(legal)) == len(legal)
            ev = rng.choice(legal)
        else:
            assert g.legal_actions() == []
        g.apply(ev)


def test_setup_checks_the_tiles_against_the_set() -> None:
    g = CastleGame(CastleOptions(players=2))
    with pytest.raises(IllegalActionError, match="more 9m"):
        g.apply(Setup("11\n", parse_tiles("9m9m")))
    with pytest.raises(IllegalActionError, match="2 tiles for a castle of 3"):
        g.apply(Setup("111\n", parse_tiles("1m1m")))


@pytest.mark.parametrize("options", [{"players": 5}, {"shrines": -1}, {"tileset": "xyz"},
                                     {"group": 3}, {"colour": "red"}])
def test_bad_options_are_rejected(options) -> None:
    with pytest.raises(RequestError):
        GAME.options_from(options)


# -- bots, logs, replays ---------------------------------------------------------


def test_the_planner_beats_random_bots() -> None:
    wins = 0
    for seed in range(12):
        seat = seed % 4
        bots = [Planner() if k == seat else RandomBot() for k in range(4)]
        result = game.play(CastleOptions(players=4), seed, bots).result
        wins += result["winners"] == [seat]
    assert wins >= 10


@pytest.mark.parametrize(("castle", "tiles", "keeps"), [("22\n22\n", "2m3m4m5m1m6m7m1p", True),
                                                       ("11\n11\n", "1m2m3m4m", False)])
def test_the_planner_keeps_a_floor_one_shrine_while_the_castle_has_upper_floors(
        castle: str, tiles: str, keeps: bool) -> None:
    g = new_game(castle=castle, tiles=tiles)
    _prepare_group(g, "1m", snake(3))
    g.apply(Take(0, g.place_of(tiles.index("1m") // 2), Tile("1m")))
    g.apply(TakeShrine(0))
    g.apply(Build(0, Tile("1m"), snake(4)[-1]))
    g.apply(g.forced())  # four myriads flip on floor 1
    assert g.phase == Phase.SHRINES and g.shrine_spots()
    choice = Planner().choose(g, g.legal_actions(), random.Random(0))
    if keeps:
        assert isinstance(choice, EndTurn) and "higher floor" in choice.reason
    else:  # down to the ground floor: a shrine kept now would score nothing
        assert isinstance(choice, Shrine) and choice.points == 1


def test_many_games_replay_from_their_logs() -> None:
    # 120 seeds cover every mix of players (seed % 3), castle (% 4), bots (% 5) and the
    # smallest group (% 10) twice; a thousand games took two minutes on a shared machine
    layouts = ("towers", "quarters", "octagon", "generate")
    for seed in range(120):
        players = 2 + seed % 3
        options = CastleOptions(players=players, layout=layouts[seed % 4],
                                group=5 if seed % 10 == 9 else 4)
        planners = seed % 5 == 0
        bots = [Planner() if planners and k == 0 else RandomBot() for k in range(players)]
        log = game.play(options, seed, bots)
        again = read_log(log.to_jsonl())
        assert game.replay(again) == log.result
        assert log.result["turns"] % players == 0  # the last round is played out


def test_a_tampered_log_is_rejected_with_its_line() -> None:
    log = game.play(CastleOptions(players=2), 3)
    lines = log.to_jsonl().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type": "build"' in line)
    event = json.loads(lines[k])
    event["at"] = [9, 9]
    lines[k] = json.dumps(event)
    with pytest.raises(IllegalActionError, match=f"line {k + 1}: build: .*off the 6x6"):
        game.replay(read_log("\n".join(lines)))
    lines = log.to_jsonl().splitlines()
    result = json.loads(lines[-1])
    result["scores"][0] += 1
    lines[-1] = json.dumps(result)
    with pytest.raises(IllegalActionError, match="the result says"):
        game.replay(read_log("\n".join(lines)))


def test_games_are_deterministic() -> None:
    options = CastleOptions(players=3, layout="generate")
    assert game.play(options, 11).to_jsonl() == game.play(options, 11).to_jsonl()


# -- the command line ------------------------------------------------------------


def test_play_replay_and_worked_example(cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    r = cli("play", "castle", "--players", "2", "--seed", "4", "-o", log)
    assert r.code == 0 and "2 players" in r.out
    r = cli("replay", log)
    assert r.code == 0 and "every event is legal" in r.out
    pdf = tmp_path / "g.pdf"
    r = cli("play", "castle", "--players", "3", "--bots", "planner,random,random",
            "--layout", "quarters", "--seed", "2", "-o", pdf)
    assert r.code == 0 and pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("args", "words"), [
    (("--players", "5"), "players must be one of 2, 3, 4"),
    (("--bots", "planner,random"), "2 bots for 4 players"),
    (("--bots", "genius"), "unknown bot"),
    (("--layout", "nowhere"), "unknown castle"),
    (("--layout", "missing.castle"), "missing.castle"),
    (("--tileset", "1q"), "tile set"),
])
def test_play_castle_rejects_bad_requests(cli, tmp_path: Path, args, words) -> None:
    out = tmp_path / "g.jsonl"
    r = cli("play", "castle", *args, "-o", out)
    assert r.code == 2 and words in r.err and "Traceback" not in r.err
    assert not out.exists()


def test_puzzle_castle_and_verify(cli, tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    r = cli("puzzle", "castle", "--players", "2", "--symmetric", "--seed", "5", "-o", out)
    assert r.code == 0
    data = json.loads(out.read_text())
    castle = parse_castle(data["puzzles"][0]["question"]["castle"])
    assert len(castle) == 84 and not check_castle(castle).left_right
    assert cli("verify", out).code == 0
    # a broken key is caught
    data["puzzles"][0]["answer"]["solution"].reverse()
    out.write_text(json.dumps(data))
    assert cli("verify", out).code == 1
    pdf = tmp_path / "c.pdf"
    assert cli("puzzle", "castle", "--layout", "towers", "-o", pdf).code == 0


@pytest.mark.parametrize(("args", "words"), [
    (("--tiles", "111"), "cannot be taken apart in pairs"),
    (("--tiles", "140"), "more than the recommended set"),
    (("--tiles", "400"), "tiles must be from 0 to 144"),
    (("--layout", "octagon"), "111 tiles cannot be taken apart"),
    (("--floors", "7"), "floors must be one of"),
])
def test_puzzle_castle_rejects_impossible_requests(cli, tmp_path: Path, args, words) -> None:
    r = cli("puzzle", "castle", *args, "-o", tmp_path / "c.json")
    assert r.code == 2 and words in r.err


def test_layout_check_reads_castles(cli, tmp_path: Path) -> None:
    r = cli("layout", "check", "octagon")
    assert r.code == 0 and "111 tiles" in r.out and "not symmetric left to right" in r.out
    mine = tmp_path / "keep.txt"
    mine.write_text("# a small keep\n 11\n1221\n 11\n")
    r = cli("layout", "check", mine)
    assert r.code == 0 and "castle 'keep': 10 tiles" in r.out
    r = cli("layout", "check", "towers", "--tileset", "1234567zx4")
    assert r.code == 1 and "cannot be built" in r.out
    bad = tmp_path / "bad.castle"
    bad.write_text("11\n1 2x\n")
    r = cli("layout", "check", bad)
    assert r.code == 2 and "line 2, column 4" in r.err


@pytest.mark.parametrize("item", ["setup", "board", "pad", "card"])
def test_printables(cli, tmp_path: Path, item: str) -> None:
    out = tmp_path / f"{item}.pdf"
    r = cli("print", item, "castle", "-o", out)
    assert r.code == 0 and out.read_bytes().startswith(b"%PDF")


def test_print_setup_of_one_castle(cli, tmp_path: Path) -> None:
    mine = tmp_path / "m.castle"
    mine.write_text("121\n232\n121\n")
    out = tmp_path / "m.svg"
    assert cli("print", "setup", "castle", "--layout", mine, "-o", out).code == 0
    r = cli("print", "card", "castle", "--layout", mine, "-o", tmp_path / "x.pdf")
    assert r.code == 2 and "No such option: --layout" in r.err


def test_the_board_page_carries_the_players_shrines_when_they_fit(cli, tmp_path: Path
                                                                   ) -> None:
    from pypdf import PdfReader

    def words(*args: str) -> str:
        out = tmp_path / "b.pdf"
        r = cli("print", "board", "castle", *args, "-o", out)
        assert r.code == 0, r.err
        reader = PdfReader(out)
        assert len(reader.pages) == 1
        return reader.pages[0].extract_text()

    assert "Cut out these three shrines" in words("--tile-size", "20,27")
    assert "Cut out these three shrines" not in words("--tile-size", "20,27", "--no-shrines")
    # 26 x 34.7 mm cells fill the page: the shrines are left to their own sheet
    assert "Cut out these three shrines" not in words()


@pytest.mark.parametrize("view", ["floors", "isometric", "heights", "above"])
@pytest.mark.parametrize("name", ["octagon", "quarters", "towers"])
def test_every_view_of_a_built_in_castle_fits_a_page(cli, tmp_path: Path, name: str,
                                                     view: str) -> None:
    """A drawn castle prints at full size on A4 or Letter (within 180 x 267 mm): the
    floors of a wide castle go two across on narrower tiles rather than one under another
    down a page and a third."""
    import re

    r = cli("draw", "castle", name, "--view", view, "--dealt", "-o", tmp_path / "c.svg")
    assert r.code == 0, r.err
    w, h = map(float, re.search(r"\(([\d.]+) x ([\d.]+) mm", r.out).groups())
    assert w <= 180 and h <= 267, r.out
