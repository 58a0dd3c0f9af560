"""Mah-Jongg One Player: placing rules, line scoring against a brute force, the bots, and
1,000 games replayed from their logs."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.engine.log import read_log
from tilepress.errors import IllegalActionError, RequestError
from tilepress.games.oneplayer import GAME
from tilepress.games.oneplayer import runner as game
from tilepress.games.oneplayer.rules import (
    HAND,
    Draw,
    EndTurn,
    LineDone,
    OnePlayerBoard,
    OnePlayerOptions,
    Place,
    Start,
    Wall,
    score_line,
)
from tilepress.tiles import ALL_TILES, STANDARD_TILES, Tile, parse_tiles

T = Tile
NEXT = r'the rules say the next event is \{"type": '


def board_after_deal(flowers: str = "pairs") -> OnePlayerBoard:
    options = OnePlayerOptions(flowers=flowers)
    board = OnePlayerBoard(options)
    wall = tuple(sorted(options.tileset()))
    board.apply(Wall(wall))
    board.apply(Draw(wall[:HAND]))
    return board


def fill_horizontal(board: OnePlayerBoard) -> None:
    """Place tiles (refilling) until the horizontal line is full and scored."""
    while not board.horizontal.full:
        for tile in list(board.hand)[: board.horizontal.room]:
            board.apply(Place(0, tile))
        if board.pending:
            board.apply(board.score_pending())
        board.apply(EndTurn())
        board.apply(Draw(tuple(board.wall[: HAND - len(board.hand)])))


def test_the_first_turn_places_two_tiles_later_turns_one() -> None:
    board = board_after_deal()
    board.apply(Place(0, board.hand[0]))
    with pytest.raises(IllegalActionError, match="at least 2 tiles"):
        board.apply(EndTurn())
    board.apply(Place(0, board.hand[0]))
    board.apply(EndTurn())
    with pytest.raises(IllegalActionError, match=NEXT + '"draw", "tiles": "33m"'):
        board.apply(Draw(tuple(board.wall[:3])))
    board.apply(Draw(tuple(board.wall[:2])))
    with pytest.raises(IllegalActionError, match="at least 1 tile"):
        board.apply(EndTurn())
    board.apply(Place(0, board.hand[0]))
    board.apply(EndTurn())


def test_draws_come_from_the_top_of_the_wall() -> None:
    board = board_after_deal()
    board.apply(Place(0, board.hand[0]))
    board.apply(Place(0, board.hand[0]))
    board.apply(EndTurn())
    with pytest.raises(IllegalActionError, match=NEXT + '"draw", "tiles": "33m"'):
        board.apply(Draw(tuple(board.wall[4:6])))


def test_the_horizontal_line_comes_first() -> None:
    board = board_after_deal()
    with pytest.raises(IllegalActionError, match="horizontal line is complete"):
        board.apply(Start(1, 0, "up"))
    with pytest.raises(IllegalActionError, match="not been started"):
        board.apply(Place(1, board.hand[0]))


def test_an_anchor_may_start_one_line_up_and_one_down() -> None:
    board = board_after_deal()
    fill_horizontal(board)
    board.apply(Start(1, 3, "up"))
    board.apply(Start(2, 3, "down"))
    with pytest.raises(IllegalActionError, match="cannot start another line going up"):
        board.apply(Start(3, 3, "up"))
    with pytest.raises(IllegalActionError, match="next vertical line is line 3"):
        board.apply(Start(5, 4, "up"))
    assert board.lines[1].tiles == board.lines[2].tiles == [board.horizontal.tiles[3]]
    assert Start(3, 3, "up") not in board.legal_actions()
    assert board.starts() == [Start(3, a, d) for a in range(14) for d in ("up", "down")
                              if a != 3]


def test_no_more_than_nine_vertical_lines() -> None:
    board = board_after_deal()
    fill_horizontal(board)
    for n in range(1, 10):
        board.apply(Start(n, n, "down"))
    with pytest.raises(IllegalActionError, match="next vertical line is line 10"):
        board.apply(Start(10, 11, "down"))
    assert board.starts() == [] and not any(isinstance(a, Start) for a in board.legal_actions())


def test_a_full_line_must_be_scored_right() -> None:
    board = board_after_deal()
    fill_horizontal(board)
    assert board.lines[0].scored and board.total == score_line(board.horizontal.tiles).points


def test_a_wrong_line_score_is_rejected() -> None:
    board = board_after_deal()
    while not board.pending:
        for tile in list(board.hand)[: board.horizontal.room]:
            board.apply(Place(0, tile))
        if not board.pending:
            board.apply(EndTurn())
            board.apply(board.forced())
    score = board.score_pending()
    assert board.forced() == score and board.to_move is None and board.legal_actions() == []
    with pytest.raises(IllegalActionError,
                       match=NEXT + f'"line", "line": 0, "points": {score.points}'):
        board.apply(LineDone(0, 12345))
    with pytest.raises(IllegalActionError, match=NEXT + '"line"'):
        board.apply(EndTurn())  # the full line is scored first
    board.apply(score)
    assert board.total == score.points


def test_the_turn_may_go_on_after_its_minimum_and_after_a_full_line() -> None:
    board = board_after_deal()
    board.apply(Place(0, board.hand[0]))
    assert EndTurn() not in board.legal_actions()  # the first turn places two
    board.apply(Place(0, board.hand[0]))
    legal = board.legal_actions()
    assert EndTurn() in legal and Place(0, board.hand[0]) in legal
    for tile in list(board.hand):  # the whole hand, in one turn
        board.apply(Place(0, tile))
    assert board.forced() == EndTurn() and board.to_move is None  # nothing left to do
    board.apply(EndTurn())
    board.apply(board.forced())
    for tile in list(board.hand)[: board.horizontal.room]:
        board.apply(Place(0, tile))
    board.apply(board.forced())  # the horizontal line is scored, and the turn goes on
    legal = board.legal_actions()
    assert EndTurn() in legal and Start(1, 0, "up") in legal
    assert not [a for a in legal if isinstance(a, Place) and a.line == 0]
    board.apply(Start(1, 0, "up"))
    board.apply(Place(1, board.hand[0]))
    assert len(board.lines[1].tiles) == 2


def test_the_legal_actions_are_exactly_what_the_rules_accept() -> None:
    """Along games of both bots, every placement, line start and end of turn is listed
    if and only if the rules accept it, and once; between turns nothing is listed."""
    options = OnePlayerOptions()
    faces = sorted(set(options.tileset()))
    every = [EndTurn(), *(Place(n, t) for n in range(11) for t in faces),
             *(Start(n, a, d) for n in range(11) for a in range(-1, 15)
               for d in ("up", "down", "left"))]
    for seed, bot in ((1, "planner"), (2, "greedy")):
        board, rng, player = game.new_state(options), random.Random(seed), GAME.make_bot(bot)
        step = 0
        while not board.over:
            step += 1
            ev = board.forced()
            if ev is not None or board.phase in board.CHANCE:
                assert board.to_move is None and board.legal_actions() == []
                board.apply(ev or game.chance_event(board, rng))
                continue
            legal = board.legal_actions()
            if step % 5 == 0:
                assert len(set(legal)) == len(legal)
                assert {a for a in every if board.is_legal(a)} == set(legal)
            board.apply(player.choose(board, legal, rng))


def L(text: str) -> list[Tile]:
    return list(parse_tiles(text))


@pytest.mark.parametrize(
    ("tiles", "points", "special"),
    [("11m 22p 333s 4444m 5p 6s 7m", 10 + 10 + 20 + 40, ""),
     ("11z 222z 3333z 12345m", 20 + 40 + 80, ""),
     ("13579m 13579p 1379s", 200, "all odd"),
     ("2468m 2468p 2468s 22m", 200, "all even"),
     ("1199m 1199p 1199s 19m", 200, "all terminals"),
     ("11223344556677z", 200, "all honors and flowers"),
     ("11223344556677p", 200, "all one suit"),
     ("3333m 333p 8888s 888m", 200, "two numbers only"),
     ("11m 22p 33s 44z 55m 66p 77s", 200, "seven pairs"),
     ("1111m 2222p 3333s 56z", 200, "three kongs"),
     ("1111z 2222z 3333z 44z", 80 * 3 + 20, ""),  # honors kongs beat 200
     ("1234f 5678f 11z 123m", 80 + 80 + 20, "")],
)
def test_line_scores(tiles: str, points: int, special: str) -> None:
    score = score_line(parse_tiles(tiles.replace(" ", "")))
    assert score.points == points
    assert special in score.special and bool(special) == bool(score.special)


def test_flower_options() -> None:
    line = parse_tiles("12345678f123456m")
    assert score_line(line, "pairs").points == 80 + 80  # two kongs of bonus tiles
    assert score_line(line, "one-kind").points == 160  # eight bonus tiles: two kongs
    assert score_line(parse_tiles("1f5f"), "pairs").points == 0
    assert score_line(parse_tiles("1f5f"), "one-kind").points == 20
    assert sum(OnePlayerOptions(flowers="none").tileset().count(t) for t in ALL_TILES[34:]) == 0


# brute force: every way to pick disjoint groups of 2-4 matching tiles, and the special
# lines as the rulings state them, written again here
POINTS = {2: 10, 3: 20, 4: 40}


def brute_groups(keys: list[str]) -> int:
    if not keys:
        return 0
    first, rest = keys[0], keys[1:]
    best = brute_groups(rest)  # leave the first tile out of any group
    same = [i for i, k in enumerate(rest) if k == first]
    for size in (2, 3, 4):
        if len(same) >= size - 1:
            remaining = [k for i, k in enumerate(rest) if i not in same[: size - 1]]
            value = POINTS[size] * (2 if first.endswith(("z", "flower", "season")) else 1)
            best = max(best, value + brute_groups(remaining))
    return best


def brute_special(tiles: list[Tile]) -> bool:
    nums = [t for t in tiles if t.suit in "mps"]
    only_nums = len(nums) == 14
    keys = Counter("flower" if t.is_flower else "season" if t.is_season else
                   f"{t.number}{t.suit}" for t in tiles)
    return any([
        only_nums and all(t.number in (1, 3, 5, 7, 9) for t in tiles),
        only_nums and all(t.number in (2, 4, 6, 8) for t in tiles),
        only_nums and all(t.number in (1, 9) for t in tiles),
        all(t.suit in "zf" for t in tiles),
        only_nums and len({t.suit for t in tiles}) == 1,
        only_nums and len({t.number for t in tiles}) == 2,
        all(v % 2 == 0 for v in keys.values()),
        sum(1 for v in keys.values() if v >= 4) + sum(1 for v in keys.values() if v >= 8) >= 3,
    ])


SET = [t for t in STANDARD_TILES for _ in range(4)] + list(ALL_TILES[34:42])


@st.composite
def lines(draw):
    size = draw(st.integers(2, 14))
    bias = draw(st.sampled_from(["any", "few", "suit"]))
    pool = SET
    if bias == "few":
        kinds = draw(st.lists(st.sampled_from(STANDARD_TILES), min_size=1, max_size=5))
        pool = [t for t in SET if t in kinds]
    elif bias == "suit":
        suit = draw(st.sampled_from("mpsz"))
        pool = [t for t in SET if t.suit == suit]
    indices = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size,
                            unique=True)) if len(pool) >= size else list(range(len(pool)))
    return [pool[i] for i in indices]


@settings(max_examples=400, deadline=None)
@given(lines())
def test_line_scorer_against_brute_force(tiles: list[Tile]) -> None:
    keys = ["flower" if t.is_flower else "season" if t.is_season else str(t) for t in tiles]
    grouping = brute_groups(keys)
    special = len(tiles) == 14 and brute_special(tiles)
    assert score_line(tiles).points == max(grouping, 200 if special else 0)


@pytest.mark.parametrize("options", [{"flowers": "all"}, {"hand": 9}])
def test_bad_options_are_rejected(options) -> None:
    with pytest.raises(RequestError):
        GAME.options_from(options)


def test_the_planner_beats_the_greedy_placer() -> None:
    options = OnePlayerOptions()
    planner = [game.play(options, s).result["total"] for s in range(20)]
    greedy = [game.play(options, s, [GAME.make_bot("greedy")]).result["total"]
              for s in range(20)]
    assert statistics.mean(planner) > 2 * statistics.mean(greedy)


def test_hundreds_of_games_replay_from_their_logs() -> None:
    kinds = [(flowers, bot) for flowers in ("pairs", "one-kind", "none")
             for bot in ("planner", "greedy")]
    for seed in range(300):
        flowers, bot = kinds[seed % len(kinds)]
        log = game.play(OnePlayerOptions(flowers=flowers), seed, [GAME.make_bot(bot)])
        text = log.to_jsonl()
        again = read_log(text)
        assert game.replay(again) == log.result
        assert len(log.result["lines"]) == 10
        assert sum(log.result["lines"]) == log.result["total"]


def test_a_tall_board_is_drawn_in_two_figures_at_full_size() -> None:
    """A finished board (29 rows) does not fit a page at 8 mm tiles: it comes as the lines
    running up and the lines running down, each drawn unscaled; an early board is one
    figure holding only the rows with tiles."""
    from tilepress.games.oneplayer.pictures import board_figures
    from tilepress.games.oneplayer.rules import OnePlayerBoard

    options = OnePlayerOptions()
    log = game.play(options, 4)
    board, early = OnePlayerBoard(options), None
    for ev in log.events:
        board.apply(ev)
        if early is None and board.turn > 3:
            early = board_figures(board, "early", width=120.0)
    figures = board_figures(board, "end", width=120.0)
    assert len(figures) == 2 and all(f.height <= f.max_height for f in figures)
    assert [f.caption for f in figures] == ["end: the lines running up",
                                            "end: the lines running down"]
    assert early is not None and len(early) == 1 and early[0].height < figures[0].height
