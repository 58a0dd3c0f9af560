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


def pdf_text(document) -> str:
    """The words of a document as a reader of its PDF gets them, spaces run together."""
    reader = PdfReader(io.BytesIO(render_bytes(document, "pdf")))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


@pytest.fixture(scope="module")
def rulebooks() -> dict[str, str]:
    return {game: pdf_text(build_rulebook(game, PAPERS["a4"])) for game in rulebook_games()}


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


def test_the_one_player_example_explains_its_tile_notation(rulebooks) -> None:
    text = rulebooks["oneplayer"]
    example = text[text.index("A game, turn by turn", text.index("Rulings")):]
    key = example.index("m for characters, p for dots and s for bamboo")
    assert key < example.index("how it scores")
    assert "1z to 4z are the East, South, West and North winds" in example


def test_castle_setup_sheets_speak_to_the_builder() -> None:
    from tilepress.games.castle.printables import setup_diagram

    text = pdf_text(setup_diagram(PAPERS["a4"]))
    assert "the number in each square is how many tiles are stacked there" in text
    assert "111 tiles in 48 stacks" in text and "1 tile goes back in the box" in text
    assert "48 on the ground floor, 40 on the second floor, 23 on the third floor" in text
    for word in (".castle", "verdict", "solitaire", "symmetr", "'octagon'"):
        assert word not in text


def test_trap_counts_say_what_a_trap_is() -> None:
    from tilepress.games.solitaire.puzzles import traps_sentence

    trap = "a free pair that, once taken, leaves the layout impossible to clear"
    assert traps_sentence({"traps": 0, "early_traps": 0}, trap) == \
        f"No traps on the way (a trap is {trap})."
    assert traps_sentence({"traps": 1, "early_traps": 1}, trap) == \
        f"Traps on the way: 1, in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 3, "early_traps": 2}, trap) == \
        f"Traps on the way: 3, 2 of them in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 3, "early_traps": 3}, trap) == \
        f"Traps on the way: 3, all 3 in the first third of the game (a trap is {trap})."
    assert traps_sentence({"traps": 2, "early_traps": 0}, trap) == \
        f"Traps on the way: 2 (a trap is {trap})."


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
