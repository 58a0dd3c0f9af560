"""Printed pages speak to players: no option keys, internal values, file formats, software
or developers' reasons on a rulebook, a kit's read-me, a castle sheet or a puzzle key; and
the numbers they print add up."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tilepress.draw.canvas import PAPERS
from tilepress.games import GAMES
from tilepress.output import render_bytes
from tilepress.publish.rulebook import build_rulebook, house_rules, rulebook_games, rulings_of


def pdf_pages(document) -> list[str]:
    """The words of each page of a document as a reader of its PDF gets them, spaces run
    together."""
    reader = PdfReader(io.BytesIO(render_bytes(document, "pdf")))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def pdf_text(document) -> str:
    """The words of a document as a reader of its PDF gets them, spaces run together."""
    return " ".join(pdf_pages(document))


@pytest.fixture(scope="module")
def rulebook_pages() -> dict[str, list[str]]:
    return {game: pdf_pages(build_rulebook(game, PAPERS["a4"])) for game in rulebook_games()}


@pytest.fixture(scope="module")
def rulebooks(rulebook_pages) -> dict[str, str]:
    return {game: " ".join(pages) for game, pages in rulebook_pages.items()}


PROGRAM_WORDS = ("computer player", "played by the computer", "planner", "rules engine",
                 "tilepress engine", "the engine", "aimed at", "cards short", "efficiency",
                 "the target", "bot ", "bots")
"""Words about the software, its players and their plans, which a page for players never
prints (the colophon alone says how a book was made)."""
NOTATION = re.compile(r"\b\d[mpzf]\b|\b\d[mpszf] \d[mpszf]\b")
"""Tiles in the short notation of wait calculators (7m, 5z; 1s 1s): a page for players
names them in words. (A lone "7s" is the plural of 7.)"""


OPTION_KEYS = ("draw-naming", "draw naming =", "(standard:", "standard: text", "by default",
               "joker blocks: Allow", "joker block: Solo", "dead hand: Solo", "mahjong call",
               "Players, 2 to 4",
               "--", "`", "shanten", "docs/", "re-derives", "verify", "hand analyser",
               "never typed in", "bots", "simulat", "solver", "KMahjongg", "layout file",
               "a warning, not an error", "4k+2", ".castle")


@pytest.mark.parametrize("game", rulebook_games())
def test_no_rulebook_page_prints_option_keys_or_software(rulebooks, game: str) -> None:
    text = rulebooks[game]
    for key in OPTION_KEYS:
        assert key not in text, f"{game}: the rulebook prints {key!r}"


@pytest.mark.parametrize("game", rulebook_games())
def test_house_rules_are_sentences_with_the_standard_game(rulebooks, game: str) -> None:
    """Each house rule names the rule, what a table may choose and the standard game; no
    leaked value such as 'text' (the American rules' 'jokerless: text')."""
    text = rulebooks[game]
    found = [g for g in GAMES if g.name == game]
    rules = house_rules(found[0]) if found else []
    if not rules:
        return
    page = text[text.index("House rules Tables play"):text.index("Rulings Where the rules")]
    assert not re.search(r"\btext\b", page), page
    for rule in rules:
        assert rule[0].isupper() and rule.endswith(".") and "standard" in rule, rule
        assert re.match(r"^[A-Z][^:.;(]{2,50}: ", rule), rule  # a plain name first
        assert " ".join(rule.split()[:6]) in page


def test_every_rules_option_has_words_for_players() -> None:
    for game in GAMES:
        if game.options is not None and game.name in rulebook_games():
            assert house_rules(game)


@pytest.mark.parametrize("game", rulebook_games())
def test_a_rulebook_prints_only_rulings_that_apply_to_its_game(game: str) -> None:
    """Each rulings heading a rulebook prints is its game's own, or names the game among
    those it applies to ("The standard hand (..., One suit mahjong)"); One suit mahjong
    never meets thirteen orphans, furiten or riichi."""
    from tilepress.publish.rulebook import load_spec

    spec = load_spec(game)
    for heading in spec.rulings:
        where = heading.split(" (", 1)[1] if " (" in heading else ""
        assert heading == spec.title or spec.title in where, heading
    printed = " ".join(" ".join(items) for _, items in rulings_of(spec.rulings)).lower()
    if game == "onesuit":
        for word in ("orphans", "furiten", "riichi", "mixed hands"):
            assert word not in printed
    for word in ("tilepress", "bots", "daily sheet", "analysis", "issue"):
        assert word not in printed, f"{game}: a ruling prints {word!r}"


def test_printed_rulings_take_the_players_words_and_leave_out_software() -> None:
    (_, standard_items), (_, items) = rulings_of(
        ("The standard hand", "One suit mahjong"))
    assert any(i.startswith("A tile you hold all four of is never a wait") for i in
               standard_items)
    assert not any("calculators that count blocks" in i for i in standard_items)
    assert any("Some tables score nothing at a draw (see House rules)" in i for i in items)
    ((_, solitaire),) = rulings_of(("Mahjong solitaire",))
    assert len(solitaire) == 4  # the rulings on layout files and grading are not printed
    ((_, american),) = rulings_of(("American Mah Jongg",))
    assert not any("bots" in i or "simulated" in i for i in american)


def test_the_mint_tin_card_counts_add_up(rulebooks) -> None:
    """54 pieces: 48 number and dragon cards, 4 jokers, 2 score cards; solo shuffles the 48
    (the deck the solo game deals), never 'the other 52'."""
    from tilepress.games.minttin.hand import deck

    text = rulebooks["minttin"]
    assert len(deck(0)) == 48
    assert "54 cards in all, of which 48 are number and dragon cards, 4 are jokers and 2 " \
           "are score cards" in text
    assert "Shuffle the 48 number and dragon cards" in text
    assert "52" not in text and "56" not in text


@pytest.mark.parametrize("game", rulebook_games())
def test_rulebooks_name_the_program_nowhere(rulebook_pages, game: str) -> None:
    """The cover names the game and its players; no page names the program or speaks of
    computer players, bots, engines or their plans; one line with the contents says how
    the book was made, without naming the program."""
    from tilepress.publish.rulebook import COLOPHON

    pages = rulebook_pages[game]
    assert "tilepress" not in " ".join(pages) and "engine" not in pages[0]
    colophon = " ".join(COLOPHON.split())
    assert colophon in pages[1]
    text = " ".join(pages).replace(colophon, "")
    for word in PROGRAM_WORDS:
        assert word not in text, f"{game}: the rulebook prints {word!r}"


def test_the_one_player_example_names_tiles_in_words(rulebooks) -> None:
    text = rulebooks["oneplayer"]
    example = text[text.index("A finished game", text.index("Rulings")):]
    assert "turn by turn" not in text  # it shows the board at the end, not the turns
    assert not NOTATION.search(example), NOTATION.search(example)
    assert "Characters 1 1 1" in example and "Winds: East" in example
    assert "how it scores" in example and "pair of West Wind (20)" in example


def _worked_examples():
    for game in GAMES:
        if game.playable:
            for full in (False, True):
                yield pytest.param(game, full, id=f"{game.name}-{'full' if full else 'short'}")


@pytest.mark.parametrize(("game", "full"), list(_worked_examples()))
def test_worked_examples_speak_to_players(game, full: bool) -> None:
    """A worked example names tiles and reasons in players' words and keeps how it was
    made to its last line."""
    from drawn import probe

    log = game.play(game.options_from({}), game.play_options_from({}), 3)
    pages = probe(game.worked_example(log, PAPERS["a4"], full=full))
    text = " ".join(page.words() for page in pages)
    assert not NOTATION.search(text), text[max(0, NOTATION.search(text).start() - 80):][:160]
    for word in (*PROGRAM_WORDS, "tilepress", "seed"):
        assert word not in text.lower(), f"{game.name}: the example prints {word!r}"
    assert text.count("How this example was made") == 1
    assert pages[-1].texts[-1].text.rstrip(".").endswith("replayed")


def test_tied_best_lines_are_said_to_tie() -> None:
    """The summary names the best line only when one line scores most (the audit's "the
    best line is line 1" stood for eight lines of 200)."""
    from tilepress.games.oneplayer.narrate import best_line_words

    assert best_line_words([60, 200, 40]) == "the best line is line 1 with 200 points"
    assert best_line_words([60, *[200] * 8, 40]) == \
        "eight lines tie for the best, with 200 points each"
    for lines in ([10] * 10, [0, 40, 40], [200, 10, 200]):
        words = best_line_words(lines)
        tied = sum(points == max(lines) for points in lines)
        assert ("tie" in words) == (tied > 1) and str(max(lines)) in words


def test_the_puzzle_book_names_the_program_nowhere(tmp_path) -> None:
    from tilepress.publish.book import COLOPHON, build_book, load_spec

    spec = tmp_path / "book.toml"
    spec.write_text('title = "Waits"\npaper = "a4"\nseed = 3\n\n'
                    '[[section]]\nkind = "waits"\ncount = 2\ntiles = 7\n')
    document, _ = build_book(load_spec(spec))
    pages = pdf_pages(document)
    assert " ".join(COLOPHON.split()) in pages[1]
    assert "tilepress" not in " ".join(pages)


def test_castle_setup_sheets_speak_to_the_builder() -> None:
    from tilepress.games.castle.printables import setup_diagram

    text = pdf_text(setup_diagram(PAPERS["a4"]))
    assert "the number in each square is how many tiles are stacked there" in text
    assert "111 tiles in 48 stacks" in text and "1 tile goes back in the box" in text
    assert "48 on the ground floor, 40 on the second floor, 23 on the third floor" in text
    for word in (".castle", "verdict", "solitaire", "symmetr", "'octagon'"):
        assert word not in text


def test_castle_setup_height_maps_number_their_rows_and_columns() -> None:
    """The rulebook says rows and columns are numbered from 1: so are the set-up sheet's
    height map and floor maps, one number beside each row and above each column."""
    from drawn import probe

    from tilepress.games.castle.printables import setup_diagram
    from tilepress.layouts.castle import BUILTIN_CASTLES, builtin_castle

    pages = probe(setup_diagram(PAPERS["a4"]))
    assert len(pages) == len(BUILTIN_CASTLES)
    for page, name in zip(pages, BUILTIN_CASTLES, strict=True):
        castle = builtin_castle(name)
        digits = [t for t in page.texts if t.font == "bold" and t.text in "123456789"
                  and len(t.text) == 1]
        stacks = [t for t in digits if t.size > 8]  # a digit per stack, 8.5 pt (labels 6.5)
        top, left = min(t.y for t in stacks), min(t.x for t in stacks)
        above = sorted(int(t.text) for t in page.texts
                       if t.text.isdigit() and t.y < top - 1 and top - t.y < 8 and t.x > left - 4)
        beside = sorted(int(t.text) for t in page.texts
                        if t.text.isdigit() and t.x < left - 1 and left - t.x < 8
                        and top - 4 < t.y < top + castle.depth * 5 + 2)
        assert above == list(range(1, castle.width + 1)), (name, above)
        assert beside == list(range(1, castle.depth + 1)), (name, beside)
        # each floor's map below is numbered the same way: every column number once
        # more per floor (the height map's and the floors', nothing else on the page)
        numbers = [t.text for t in page.texts if t.text.isdigit() and t.font != "bold"]
        floors = len(castle.floors)
        for column in range(castle.depth + 1, castle.width + 1):
            assert numbers.count(str(column)) == 1 + floors, (name, column)


def test_trap_counts_say_what_a_trap_is() -> None:
    from tilepress.games.solitaire.puzzles import traps_sentence

    trap = "a free pair that, once taken, leaves the layout impossible to clear"
    assert traps_sentence({"traps": 0, "early_traps": 0}, trap) == \
        f"No traps on the way (a trap is {trap})."
    assert traps_sentence({"traps": 1, "early_traps": 1}, trap) == \
        f"One trap on the way, in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 3, "early_traps": 2}, trap) == \
        f"3 traps on the way, 2 of them in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 3, "early_traps": 3}, trap) == \
        f"3 traps on the way, all in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 2, "early_traps": 0}, trap) == \
        f"2 traps on the way (a trap is {trap})."


def test_a_hand_that_is_not_ready_reads_no_wait_in_the_key() -> None:
    from tilepress.games.standard.puzzles import WaitsKind
    from tilepress.puzzles.base import Puzzle

    kind = WaitsKind()
    puzzle = Puzzle("w1", "easy", {"hand": "1112358m"}, {"ready": False, "waits": [],
                                                          "shanten": 2}, {})
    (paragraph,) = kind.answer_blocks(puzzle)
    assert paragraph.text == "No wait: no tile completes this hand (it is 2 tiles from ready)."


@pytest.mark.parametrize(("game", "sheets"), [("solitaire", False), ("onesuit", True),
                                              ("american", True)])
def test_the_kit_read_me_promises_only_what_the_kit_holds(game: str, sheets: bool) -> None:
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.kit import KitOptions, cover, kit_game

    text = pdf_text(cover(kit_game(game), [], KitOptions()))
    assert ("print as many score sheets as you need" in text) is sheets
    note = kit_game(game).kit_plan(PAPERS["a4"], KitOptions()).note
    if note:
        assert text.count(" ".join(note.split()[:6])) == 1


def test_a_kan_in_a_hand_figure_is_told_in_words_under_it() -> None:
    """A kan set aside is drawn after the hand with "kan, set aside" under its four tiles
    (a gap alone does not tell a reader which tiles went aside)."""
    from drawn import probe_side

    from tilepress.games.standard.options import HandFigure, WaitsFigure
    from tilepress.games.standard.pictures import KAN_LABEL, hand_figure, waits_figure

    for made in (hand_figure(HandFigure(hand="[1111s] 234s 99s", tile_width=9)),
                 waits_figure(WaitsFigure(hand="[2222p] 345p 6p", tile_width=9))):
        figure = made.figure
        page = probe_side(lambda c, w, h, bleed, f=figure: f.draw(c), figure.width,
                          figure.height, bleed=0.0)
        (label,) = [t for t in page.texts if t.text == KAN_LABEL]
        assert label.size >= 7.0 and label.y <= figure.height
        tiles = sorted(p.x for p in page.placed) or sorted(
            s.box[0] for s in page.shapes if s.kind == "rect")
        assert label.x > tiles[len(tiles) // 2]  # under the kan, drawn last
    plain = hand_figure(HandFigure(hand="234s 99s", tile_width=9)).figure
    page = probe_side(lambda c, w, h, bleed: plain.draw(c), plain.width, plain.height, 0.0)
    assert not [t for t in page.texts if t.text == KAN_LABEL]


def test_answer_key_tiles_keep_their_pips_readable(tmp_path) -> None:
    """A key's tiles are at least 6 mm wide (dot and bamboo counts read); a key of
    13-tile hands gives each answer the page's width, one to a row, where seven-tile
    answers sit two to a row."""
    from drawn import probe

    from tilepress.draw.tiles import TILE_W
    from tilepress.publish.book import build_book, load_spec

    spec = tmp_path / "book.toml"
    spec.write_text('title = "Waits"\npaper = "a4"\nseed = 3\n\n'
                    '[[section]]\nkind = "waits"\ncount = 4\ntiles = 7\n\n'
                    '[[section]]\nkind = "waits"\ncount = 4\ntiles = 13\n')
    document, _ = build_book(load_spec(spec))
    pages = probe(document)
    keys = [p for p in pages if "left" in p.words().split() and "Answers" in p.words()]
    assert keys
    widths = [t.scale * TILE_W for page in keys for t in page.tiles]
    assert min(widths) >= 6.0, min(widths)
    numbers = [(t.x, t.text) for page in keys for t in page.texts
               if t.text.isdigit() and t.font == "bold" and 1 <= int(t.text) <= 8]
    left = min(x for x, _ in numbers)
    seven = {x > left + 40 for x, text in numbers if int(text) <= 4}
    thirteen = {x > left + 40 for x, text in numbers if int(text) > 4}
    assert seven == {False, True} and thirteen == {False}
