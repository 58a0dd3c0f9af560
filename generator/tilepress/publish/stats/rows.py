"""One row per game for analysts, written as the games come in: CSV, or Parquet (pyarrow,
``pip install 'tilepress[parquet]'``) in row groups of :data:`ROW_GROUP` games, so a
million games take the memory of one group.

Rows go to a temporary file beside the target, which takes the target's name only when
the run is complete (:meth:`RowWriter.commit`); a run that fails or is interrupted leaves
the old file, or none. A file there that is not rows tilepress wrote
(:func:`is_rows_file`) is replaced only with ``force`` (:mod:`tilepress.files`). Sides
are numbered from 0, as in the game logs (a report's pages name them seat 1, seat 2, ...
for people).

A file explains itself: what made it (:meth:`RowWriter.describe`: the tilepress version,
the rows' schema version, the game, each run's options, the seed and the number of games)
is the Parquet file's key/value metadata, and for a CSV file a sidecar beside it,
``FILE.csv-metadata.json`` (the name the W3C's CSV on the Web gives a CSV's metadata),
which also gives every column's type. docs/formats.md describes every column.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any

from tilepress.engine.record import GameRecord
from tilepress.errors import FileFormatError, RequestError
from tilepress.files import check_replace, write_atomic

ROW_GROUP = 10_000
"""Games in one Parquet row group (and rows held before a write)."""

COLUMNS = ("run", "index", "seed", "game", "players", "first", "winner", "winners",
           "scores", "margin", "turns", "rounds", "rounds_without_winner", "end", "wins",
           "lead_changes", "actions")
SCHEMA_VERSION = 2
"""The rows' schema: 2 numbers seats from 0, as the game logs do (the rows of version 1
numbered them from 1, and their files named no version)."""
NULLABLE = frozenset({"first", "winner", "margin", "lead_changes"})
"""The columns that may be empty (null): see docs/formats.md for when."""
CSV_TYPES = {"run": "string", "index": "integer", "seed": "integer", "game": "string",
             "players": "string", "first": "integer", "winner": "integer",
             "winners": "integer", "scores": "integer", "margin": "integer",
             "turns": "integer", "rounds": "integer", "rounds_without_winner": "integer",
             "end": "string", "wins": "string", "lead_changes": "integer",
             "actions": "json"}
"""Each CSV column's datatype (of each item, for a list), as CSV on the Web names them."""
LISTS = frozenset({"players", "winners", "scores", "wins"})
"""The columns that hold lists: in a CSV file, their items joined by ``;`` (an empty cell
is an empty list)."""



def row(run: str, index: int, seed: int, game: str, record: GameRecord) -> dict[str, Any]:
    """The row of one game: ``run`` names the rule set ("A", or "B" for ``--against``)."""
    return {"run": run, "index": index, "seed": seed, "game": game,
            "players": list(record.sides), "first": record.first,
            "winner": record.winner, "winners": list(record.winners),
            "scores": list(record.scores), "margin": record.margin, "turns": record.turns,
            "rounds": record.rounds, "rounds_without_winner": record.rounds_without_winner,
            "end": record.end, "wins": list(record.wins),
            "lead_changes": record.lead_changes, "actions": dict(record.actions)}


def is_rows_file(path: Path) -> bool:
    """Whether ``path`` holds rows as tilepress writes them: a CSV whose first line is
    :data:`COLUMNS`, or a Parquet file of exactly those columns."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
        if head.startswith(b"PAR1"):
            import pyarrow.parquet as pq

            return list(pq.read_schema(path).names) == list(COLUMNS)
    except Exception:  # whatever it is (pyarrow missing, not Parquet), it is not ours
        return False
    return head.split(b"\n", 1)[0].rstrip(b"\r") == ",".join(COLUMNS).encode()


def is_rows_metadata(path: Path) -> bool:
    """Whether ``path`` is the sidecar of a CSV file of rows that tilepress wrote."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and str(data.get("dc:creator", "")).startswith("tilepress")


def _schema(metadata: dict[str, str] | None = None) -> Any:
    import pyarrow as pa

    ints = pa.list_(pa.int64())
    return pa.schema(metadata=metadata, fields=[
        ("run", pa.string()), ("index", pa.int64()), ("seed", pa.int64()),
        ("game", pa.string()), ("players", pa.list_(pa.string())), ("first", pa.int64()),
        ("winner", pa.int64()), ("winners", ints), ("scores", ints), ("margin", pa.int64()),
        ("turns", pa.int64()), ("rounds", pa.int64()), ("rounds_without_winner", pa.int64()),
        ("end", pa.string()), ("wins", pa.list_(pa.string())), ("lead_changes", pa.int64()),
        ("actions", pa.map_(pa.string(), pa.int64())),
    ])


def _csv_metadata(name: str, about: dict[str, str]) -> str:
    """The sidecar of a CSV file of rows: a CSV on the Web table description (its columns
    and their types) whose notes hold the same facts as a Parquet file's metadata."""
    columns = [{"name": c, "titles": c, "datatype": CSV_TYPES[c],
                **({"separator": ";"} if c in LISTS else {}),
                "required": c not in NULLABLE | LISTS} for c in COLUMNS]
    data = {"@context": "http://www.w3.org/ns/csvw", "url": name,
            "dc:creator": f"tilepress {about['tilepress.version']}",
            "tableSchema": {"columns": columns}, "notes": [about]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _csv_value(value: Any) -> Any:
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return "" if value is None else value


def rows_format(path: str | os.PathLike[str]) -> str:
    """"parquet" or "csv", from the file's suffix; Parquet needs pyarrow."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".parquet", ".csv"):
        raise RequestError(f"cannot tell what to write rows to {os.fspath(path)!r}: the name "
                           "must end in .parquet or .csv")
    if suffix == ".parquet":
        try:
            import pyarrow
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise RequestError("Parquet rows need pyarrow: pip install 'tilepress[parquet]' "
                               "(or write .csv)") from None
    return suffix[1:]


class RowWriter:
    """Rows streamed to a temporary file beside ``path``; :meth:`commit` puts it in place."""

    def __init__(self, path: str | os.PathLike[str], *, force: bool = False) -> None:
        self.path = Path(path)
        self.force = force
        self.format = rows_format(path)
        if self.path.is_dir():
            raise FileFormatError(f"cannot write rows to {os.fspath(path)!r}: it is a folder")
        for parent in self.path.parents:  # the first that exists must be a folder
            if parent.exists():
                if not parent.is_dir():
                    raise FileFormatError(f"cannot write rows to {os.fspath(path)!r}: "
                                          f"{os.fspath(parent)!r} is a file, not a folder")
                break
        (self._real,) = self.check()
        try:
            self._real.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self._real.name}.", suffix=".tmp",
                                       dir=self._real.parent)
        except OSError as exc:
            raise FileFormatError(f"cannot write rows to {os.fspath(path)!r}: "
                                  f"{exc.strerror}") from None
        self._tmp = Path(tmp)
        self._file = os.fdopen(fd, "wb")
        self._pending: list[dict[str, Any]] = []
        self.count = 0
        self._parquet: Any = None
        self._csv: Any = None
        from tilepress.version import __version__

        self.about = {"tilepress.version": __version__, "tilepress.rows": str(SCHEMA_VERSION)}
        """What the file says of itself (:meth:`describe`): Parquet key/value metadata,
        or a CSV file's sidecar."""
        if self.format != "parquet":
            self._text = io.TextIOWrapper(self._file, encoding="utf-8", newline="")
            self._csv = csv.writer(self._text)
            self._csv.writerow(COLUMNS)

    def describe(self, game: str, games: int, seed: int | str,
                 options: dict[str, dict[str, Any]]) -> None:
        """Say what made the rows, before the first: the game (or variant), how many games
        each run plays, the seed, and each run's options by its label ("A", and "B" for
        ``--against``), rules and play options together, as the command line names them."""
        if self._parquet is not None or self.count:
            raise RuntimeError("describe the rows before the first is added")
        self.about.update({"tilepress.game": game, "tilepress.games": str(games),
                           "tilepress.seed": str(seed),
                           "tilepress.options": json.dumps(options, sort_keys=True,
                                                           ensure_ascii=False)})

    @property
    def sidecar(self) -> Path | None:
        """Where a CSV file's metadata goes (None for Parquet, which holds its own)."""
        return None if self.format == "parquet" else self.path.with_name(
            self.path.name + "-metadata.json")

    def check(self) -> list[Path]:
        """Refuse (one line) a target that is not a file tilepress may replace (see
        :func:`tilepress.files.check_replace`), a CSV file's sidecar too; where the rows
        go, a link followed."""
        if self.sidecar is not None:
            check_replace([self.sidecar], force=self.force, mark=is_rows_metadata)
        return check_replace([self.path], force=self.force, mark=is_rows_file)

    def add(self, values: dict[str, Any]) -> None:
        self.count += 1
        if self._csv is not None:
            self._csv.writerow([_csv_value(values[c]) for c in COLUMNS])
            return
        self._pending.append(values)
        if len(self._pending) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = _schema(self.about)
        if self._parquet is None:  # opened at the first rows, once they are described
            self._parquet = pq.ParquetWriter(self._file, schema)
        if self._pending:
            table = pa.Table.from_pylist(self._pending, schema=schema)
            self._parquet.write_table(table, row_group_size=ROW_GROUP)
            self._pending = []

    def commit(self) -> Path:
        """Finish the file and give it the target's name (a CSV file's sidecar first)."""
        try:
            if self.format == "parquet":
                self._flush()
                self._parquet.close()
                self._file.close()
            else:
                self._text.close()
                assert self.sidecar is not None
                self.check()  # again: has something come in the way meanwhile?
                write_atomic(self.sidecar, _csv_metadata(self.path.name, self.about),
                             force=self.force, mark=is_rows_metadata)
            os.chmod(self._tmp, 0o644)
            self.check()
            os.replace(self._tmp, self._real)
        except OSError as exc:
            self.discard()
            raise FileFormatError(f"cannot write rows to {os.fspath(self.path)!r}: "
                                  f"{exc.strerror}") from None
        return self.path

    def discard(self) -> None:
        """Drop the temporary file (the run failed or was stopped)."""
        for handle in (self._text if self._csv is not None else None, self._file):
            try:
                if handle is not None:
                    handle.close()
            except (OSError, ValueError):
                pass
        self._tmp.unlink(missing_ok=True)

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None:
            self.discard()


__all__ = ["COLUMNS", "NULLABLE", "ROW_GROUP", "SCHEMA_VERSION", "RowWriter", "is_rows_file",
           "is_rows_metadata", "row", "rows_format"]
