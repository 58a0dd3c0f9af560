"""Tiles and MPSZ notation."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilepress.errors import NotationError
from tilepress.tiles import (
    ALL_TILES,
    JOKER,
    Tile,
    check_copies,
    format_tiles,
    parse_tiles,
    sort_tiles,
)

EVERY_TILE = [*ALL_TILES, Tile("0m"), Tile("0p"), Tile("0s")]


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_every_tile_round_trips(tile: Tile) -> None:
    assert Tile(str(tile)) is tile
    assert parse_tiles(str(tile)) == (tile,)
    assert eval(repr(tile)) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile
    assert copy.copy(tile) is tile and copy.deepcopy([tile])[0] is tile


def test_tiles_are_equal_exactly_when_they_are_the_same_kind_and_colour() -> None:
    """Equality is identity (every tile is interned): it must agree with the tile's kind
    and red flag, over every pair, and never equal a non-tile."""
    for a in EVERY_TILE:
        for b in EVERY_TILE:
            assert (a == b) == ((a.kind, a.is_red) == (b.kind, b.is_red))
            assert (a != b) == ((a.kind, a.is_red) != (b.kind, b.is_red))
        assert a != str(a) and a != a.kind


def test_the_notation_covers_every_kind_once() -> None:
    names = [str(t) for t in ALL_TILES]
    assert len(names) == len(set(names)) == 43
    assert format_tiles(ALL_TILES) == "123456789m123456789p123456789s1234567z12345678f1j"


@pytest.mark.parametrize(
    ("text", "name"),
    [("1m", "1 Characters"), ("0p", "red 5 Dots"), ("9s", "9 Bamboo"), ("1z", "East Wind"),
     ("5z", "White Dragon"), ("7z", "Red Dragon"), ("1f", "Flower 1 (Plum)"),
     ("8f", "Season 4 (Winter)"), ("1j", "Joker")],
)
def test_names_a_player_would_use(text: str, name: str) -> None:
    assert Tile(text).name == name


def test_red_five_is_its_own_tile_of_the_same_kind() -> None:
    assert Tile("0m") != Tile("5m")
    assert Tile("0m").kind == Tile("5m").kind
    assert Tile("0m").number == 5 and Tile("0m").is_red


def test_categories() -> None:
    assert Tile("1m").is_terminal and not Tile("2m").is_terminal
    assert Tile("3z").is_wind and Tile("6z").is_dragon and Tile("6z").is_honor
    assert Tile("4f").is_flower and Tile("5f").is_season and Tile("5f").is_bonus
    assert JOKER.is_joker and not JOKER.is_number


def test_tiles_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Tile("1m")._kind = 3  # type: ignore[misc]
    for name in ("kind", "is_red", "is_joker", "suit", "number", "_hash"):
        with pytest.raises(AttributeError):
            setattr(Tile("1m"), name, 3)
        with pytest.raises(AttributeError):
            delattr(Tile("1m"), name)


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_a_tiles_hash_and_attributes_stay_what_they_were(tile: Tile) -> None:
    """The hash is that of (kind, red), as before it was kept in a slot: sets of tiles
    iterate in the same order, so no bot's choice moves."""
    assert hash(tile) == hash((tile.kind, tile.is_red)) == tile.__hash__()
    assert tile.is_joker == (tile.kind == 42) == (tile.suit == "j")
    assert tile.is_red == (str(tile)[0] == "0")
    assert tile.number == (5 if tile.is_red else int(str(tile)[0]))


@pytest.mark.parametrize(
    ("text", "char", "position"),
    [("12x", "'x'", "position 3"), ("m12", "'m'", "position 1"), ("8z", "'8'", "position 1"),
     ("123m0z", "'0'", "position 5"), ("9f", "'9'", "position 1"), ("2j", "'2'", "position 1")],
)
def test_parse_errors_name_the_character_and_position(text: str, char: str, position: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert char in str(info.value) and position in str(info.value)


@pytest.mark.parametrize("text", ["123", "12 3m", "1m2"])
def test_digits_without_a_suit_are_rejected(text: str) -> None:
    with pytest.raises(NotationError, match="no suit letter"):
        parse_tiles(text)


def test_a_fifth_copy_is_rejected() -> None:
    with pytest.raises(ValueError, match="5 copies of 3p"):
        check_copies(parse_tiles("33333p"))
    check_copies(parse_tiles("3333p0p"[:5]))


tiles_strategy = st.lists(st.sampled_from(EVERY_TILE), max_size=20)


@given(tiles_strategy)
def test_format_then_parse_gives_the_tiles_back(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@given(tiles_strategy)
def test_compact_strings_round_trip(tiles: list[Tile]) -> None:
    text = format_tiles(sort_tiles(tiles))
    assert format_tiles(parse_tiles(text)) == text


@given(st.text(alphabet="0123456789mpszfjx ,", max_size=24))
def test_the_parser_never_crashes(text: str) -> None:
    try:
        tiles = parse_tiles(text)
    except NotationError as exc:
        assert "position" in str(exc) or "suit letter" in str(exc)
    else:
        assert len(tiles) == sum(ch.isdigit() for ch in text)
