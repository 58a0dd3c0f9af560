"""One suit mahjong: every rule, the bots, and 1,000 games replayed from their logs."""

from __future__ import annotations

from collections import Counter

import pytest

from tilepress.engine.log import read_log
from tilepress.errors import IllegalActionError, RequestError
from tilepress.games.onesuit import GAME
from tilepress.games.onesuit import runner as game
from tilepress.games.onesuit.rules import (
    Deal,
    Discard,
    Draw,
    Exhausted,
    HandScore,
    HandStart,
    Kan,
    OneSuitOptions,
    OneSuitTable,
    Ron,
    Show,
    Tsumo,
    suit_tiles,
)
from tilepress.tiles import Tile, parse_tiles

T = Tile
NEXT = r'the next event is \{"type": '


def wall(prefix: str, suit: str = "m") -> tuple[Tile, ...]:
    """A wall whose first tiles are ``prefix``; the rest of the suit follows in order."""
    head = list(parse_tiles(prefix))
    rest = Counter(suit_tiles(suit)) - Counter(head)
    return (*head, *sorted(rest.elements()))


def dealt(prefix: str, *, tiles: int = 4, scoring: str = "naming", hands: int = 1,
          dealer: int = 0) -> OneSuitTable:
    table = OneSuitTable(OneSuitOptions(tiles=tiles, scoring=scoring, hands=hands))
    table.dealer = dealer
    w = wall(prefix)
    table.apply(HandStart(1, dealer, w))
    table.apply(Deal(dealer, w[:tiles]))
    table.apply(Deal(1 - dealer, w[tiles : 2 * tiles]))
    return table


def play(table: OneSuitTable, *events) -> OneSuitTable:
    for ev in events:
        table.apply(ev)
    return table


# P0 holds 1235m (waits 5m), P1 holds 5567m (waits 5m 8m); P0 draws 9m, P1 draws 1m
RON_WALL = "1235m5567m9m1m"


def test_dealer_takes_the_first_tiles_then_the_other_player() -> None:
    table = OneSuitTable(OneSuitOptions(tiles=4))
    w = wall(RON_WALL)
    table.apply(HandStart(1, 0, w))
    with pytest.raises(IllegalActionError, match=NEXT + '"deal", "player": 0'):
        table.apply(Deal(1, w[:4]))
    with pytest.raises(IllegalActionError, match=NEXT + '"deal", "player": 0, "tiles": "1235m"'):
        table.apply(Deal(0, w[4:8]))


def test_the_wall_must_be_the_36_tiles_of_the_suit() -> None:
    table = OneSuitTable(OneSuitOptions(tiles=4))
    bad = list(wall(""))
    bad[0] = T("1p")
    with pytest.raises(IllegalActionError, match="36 tiles"):
        table.apply(HandStart(1, 0, tuple(bad)))


def test_players_take_turns_and_draw_the_next_tile() -> None:
    table = dealt(RON_WALL)
    with pytest.raises(IllegalActionError, match="it is player 0's move"):
        table.apply(Draw(1, T("9m")))
    with pytest.raises(IllegalActionError, match="next tile of the wall is 9m"):
        table.apply(Draw(0, T("1m")))
    play(table, Draw(0, T("9m")))
    with pytest.raises(IllegalActionError, match="no 4m"):
        table.apply(Discard(0, T("4m")))


def test_ron_on_the_opponents_discard_and_its_naming_points() -> None:
    table = play(dealt(RON_WALL), Draw(0, T("9m")), Discard(0, T("9m")),
                 Draw(1, T("1m")), Discard(1, T("5m")), Ron(0, T("5m"), (T("5m"),)))
    score = table.expected_score()
    assert score.points == (5 + 1 + 2, 0)  # a win, one wait named, all of them named
    play(table, score)
    assert table.dealer == 0 and table.over


def test_ron_needs_the_opponents_last_discard() -> None:
    table = play(dealt(RON_WALL), Draw(0, T("9m")), Discard(0, T("9m")))
    with pytest.raises(IllegalActionError, match="it is player 1's move"):
        table.apply(Ron(0, T("9m")))
    play(table, Draw(1, T("1m")))
    with pytest.raises(IllegalActionError, match="winning on a discard is not allowed now"):
        table.apply(Ron(1, T("9m")))  # after drawing, the chance has passed


def test_a_win_declared_in_error_costs_ten_and_keeps_the_dealer() -> None:
    # player 1 deals 1235m and throws 9m; player 0 (5567m) claims it, but 9m is no wait
    table = play(dealt(RON_WALL, dealer=1), Draw(1, T("9m")), Discard(1, T("9m")),
                 Ron(0, T("9m"), (T("9m"),)))
    assert table.outcome["valid"] is False
    assert table.expected_score().points == (-10, 0)
    play(table, table.expected_score())
    assert table.dealer == 1


def test_simple_scoring_gives_one_point_a_win() -> None:
    table = play(dealt(RON_WALL, scoring="simple"), Draw(0, T("9m")), Discard(0, T("9m")),
                 Draw(1, T("1m")), Discard(1, T("5m")), Ron(0, T("5m"), ()))
    assert table.expected_score().points == (1, 0)


def test_wrong_and_missing_names_in_the_naming_scoring() -> None:
    # player 1 (5567m, waits 5m 8m) draws 8m and names 8m and 9m: +5 +1 -2, no bonus
    table = play(dealt("1235m5567m9m8m"), Draw(0, T("9m")), Discard(0, T("9m")),
                 Draw(1, T("8m")), Tsumo(1, T("8m"), (T("8m"), T("9m"))))
    assert table.expected_score().points == (0, 5 + 1 - 2)


def test_tsumo_only_on_the_tile_just_drawn() -> None:
    table = play(dealt("1235m5567m5m"), Draw(0, T("5m")))
    with pytest.raises(IllegalActionError, match="tile just drawn"):
        table.apply(Tsumo(0, T("1m")))
    play(table, Tsumo(0, T("5m"), (T("5m"),)))
    assert table.outcome["valid"] and table.expected_score().points == (8, 0)


def test_kan_needs_four_and_a_tile_left_and_is_followed_by_a_draw() -> None:
    table = play(dealt("1112m3456m1m9m"), Draw(0, T("1m")))
    with pytest.raises(IllegalActionError, match="all four 2m"):
        table.apply(Kan(0, T("2m")))
    play(table, Kan(0, T("1m")))
    with pytest.raises(IllegalActionError, match=NEXT + '"draw"'):
        table.apply(Discard(0, T("2m")))
    play(table, Draw(0, T("9m")))
    assert table.seats[0].kans == [(T("1m"),) * 4]
    assert sorted(table.seats[0].hand) == [T("2m"), T("9m")]


def test_no_kan_when_the_wall_is_empty() -> None:
    table = OneSuitTable(OneSuitOptions(tiles=4))
    table.apply(HandStart(1, 0, wall("1112m3456m")))
    table.apply(Deal(0, parse_tiles("1112m")))
    table.apply(Deal(1, parse_tiles("3456m")))
    table.wall = [T("1m")]
    play(table, Draw(0, T("1m")))
    with pytest.raises(IllegalActionError, match="at least one tile left"):
        table.apply(Kan(0, T("1m")))


def test_thirteen_tiles_win_with_seven_pairs() -> None:
    # 1122335577998m is ready only as seven pairs, on 8m
    table = dealt("1122335577998m" "4444m6666m12357m" "8m", tiles=13)
    assert table.seats[0].waits() == (T("8m"),)
    play(table, Draw(0, T("8m")), Tsumo(0, T("8m"), (T("8m"),)))
    assert table.outcome["valid"] and table.expected_score().points == (8, 0)


def test_exhausted_draw_shows_hands_and_passes_the_deal_if_the_dealer_is_not_ready() -> None:
    table = dealt("1357m2468m")
    table.wall.clear()
    with pytest.raises(IllegalActionError, match="after the hand is declared a draw"):
        table.apply(Show(0, ()))
    play(table, Exhausted())
    with pytest.raises(IllegalActionError, match="player 0 shows first"):
        table.apply(Show(1, ()))
    play(table, Show(0, ()), Show(1, (T("7m"),)))
    assert table.expected_score().points == (0, -2)  # 2468m is not ready: 7m is wrong
    play(table, table.expected_score())
    assert table.dealer == 1  # the dealer was not ready


def test_exhausted_only_when_the_wall_is_empty() -> None:
    with pytest.raises(IllegalActionError, match="tiles are left"):
        dealt(RON_WALL).apply(Exhausted())


def test_a_ready_dealer_keeps_the_deal_after_a_draw() -> None:
    table = dealt("1235m2468m")
    table.wall.clear()
    play(table, Exhausted(), Show(0, (T("5m"),)), Show(1, ()))
    assert table.expected_score().points == (3, 0)
    play(table, table.expected_score())
    assert table.dealer == 0


def test_hand_scores_are_checked_and_the_game_ends_after_its_hands() -> None:
    table = play(dealt(RON_WALL), Draw(0, T("9m")), Discard(0, T("9m")),
                 Draw(1, T("1m")), Discard(1, T("5m")), Ron(0, T("5m"), (T("5m"),)))
    with pytest.raises(IllegalActionError,
                       match=NEXT + r'"score", "number": 1, "points": \[8, 0\]'):
        table.apply(HandScore(1, (99, 0)))
    play(table, table.expected_score())
    assert table.result() == {"scores": [8, 0], "winner": 0}
    with pytest.raises(IllegalActionError, match="the game is over: it has 1 hand"):
        table.apply(HandStart(2, 0, wall("")))


@pytest.mark.parametrize("options", [{"tiles": 5}, {"suit": "z"}, {"scoring": "fancy"},
                                     {"hands": 0}, {"colour": "red"}])
def test_bad_options_are_rejected(options) -> None:
    with pytest.raises(RequestError):
        GAME.options_from(options)


def test_the_efficiency_bot_beats_random_discards() -> None:
    options = OneSuitOptions(tiles=7, scoring="simple", hands=4)
    wins = Counter()
    for seed in range(40):
        bots = [GAME.make_bot("efficiency"), GAME.make_bot("random")]
        if seed % 2:
            bots.reverse()
        log = game.play(options, seed, bots)
        a, b = log.result["scores"]
        eff = a if seed % 2 == 0 else b
        rnd = b if seed % 2 == 0 else a
        wins["efficiency"] += eff
        wins["random"] += rnd
    assert wins["efficiency"] > 2 * wins["random"]


def test_a_slipping_bot_loses_naming_points() -> None:
    options = OneSuitOptions(tiles=7)
    exact = sum(sum(game.play(options, s).result["scores"]) for s in range(10))
    slips = sum(sum(game.play(options, s, [GAME.make_bot("efficiency", slip=1.0)] * 2)
                    .result["scores"]) for s in range(10))
    assert slips < exact


def test_a_thousand_games_replay_from_their_logs() -> None:
    kinds = [(tiles, scoring, bots, slip) for tiles in (4, 7, 10, 13)
             for scoring, bots, slip in (("naming", ("efficiency", "efficiency"), 0.0),
                                         ("simple", ("efficiency", "random"), 0.0),
                                         ("naming", ("random", "efficiency"), 0.3))]
    events = Counter()
    for seed in range(1000):
        tiles, scoring, bots, slip = kinds[seed % len(kinds)]
        options = OneSuitOptions(tiles=tiles, scoring=scoring, hands=1)
        log = game.play(options, seed, [GAME.make_bot(b, slip=slip) for b in bots])
        text = log.to_jsonl()
        again = read_log(text)
        assert game.replay(again) == log.result
        assert again.to_jsonl() == text
        events.update(ev.TYPE for ev in log.events)
    for kind in ("ron", "tsumo", "kan", "exhausted", "show"):
        assert events[kind] > 0, kind
