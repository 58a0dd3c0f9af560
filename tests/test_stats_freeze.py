"""A stats process freezes what it holds out of the garbage collector after its first
game and raises its young threshold, and the records are the same."""

from __future__ import annotations

import gc

from tilepress.batch import Task, task_seed
from tilepress.games import find_game
from tilepress.publish.stats import records


def test_the_first_game_freezes_the_process_and_the_records_do_not_change() -> None:
    game = find_game("minttin")
    setup = records.Setup.of("minttin", game.options_from({}), game.play_options_from({}))
    records._freeze_once.cache_clear()
    gc.unfreeze()
    threshold = gc.get_threshold()
    try:
        first = records.play_record(setup, Task(0, task_seed(1, 0)))
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == records.YOUNG_THRESHOLD
        again = records.play_record(setup, Task(0, task_seed(1, 0)))
        assert again == first
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
