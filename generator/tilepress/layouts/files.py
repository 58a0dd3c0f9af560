"""Layouts and castles from files: the only place in :mod:`tilepress.layouts` that reads.

The parsers (:mod:`.formats`, :mod:`.castle`) turn text into layouts and castles and do
no I/O, so the rules of the games can use them; commands and puzzle kinds load files here.
"""

from __future__ import annotations

import os
from pathlib import Path

from tilepress.errors import FileFormatError, RequestError
from tilepress.files import read_text
from tilepress.layouts import BUILTIN, Layout, builtin
from tilepress.layouts.castle import (
    BUILTIN_CASTLES,
    SUFFIX,
    Castle,
    builtin_castle,
    parse_castle,
)
from tilepress.layouts.castle import MAX_FILE_BYTES as MAX_CASTLE_BYTES
from tilepress.layouts.formats import (
    KM_MAGIC,
    MAX_FILE_BYTES,
    parse_gnome_maps,
    parse_kmahjongg,
    pick_map,
    split_map,
)


def _read(path: str | os.PathLike[str]) -> str:
    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0  # read_text gives the clear message
    if size > MAX_FILE_BYTES:
        raise FileFormatError(f"{os.fspath(path)}: {size:,} bytes is more than a layout file "
                              f"can need ({MAX_FILE_BYTES:,})")
    return read_text(path, "layout file")


def _is_map(source: str, text: str) -> bool:
    first = text.lstrip().split("\n", 1)[0].strip()
    return Path(source).suffix.lower() == ".map" or first.startswith("<")


def load_layout(path: str | os.PathLike[str], *, map_name: str | None = None) -> Layout:
    """Read a ``.layout`` or ``.map`` file (by its suffix, or its first line); of a
    ``.map`` file, the map called (or numbered) ``map_name``, else the first."""
    text = _read(path)
    source = os.fspath(path)
    first = text.lstrip().split("\n", 1)[0].strip()
    if _is_map(source, text):
        return pick_map(parse_gnome_maps(text, source=source), map_name, source)
    if map_name is not None:
        raise FileFormatError(f"{source}: only a GNOME Mahjongg .map file holds maps to choose "
                              f"from (asked for map {map_name!r})")
    if Path(source).suffix == ".layout" or first in KM_MAGIC:
        return parse_kmahjongg(text, source=source, name=Path(source).stem)
    raise FileFormatError(f"{source}: not a KMahjongg .layout or GNOME Mahjongg .map file")


def load_layouts(path: str | os.PathLike[str]) -> list[Layout]:
    """Every layout in a file: each map of a ``.map`` file, or the one of a ``.layout``."""
    text = _read(path)
    source = os.fspath(path)
    if _is_map(source, text):
        return parse_gnome_maps(text, source=source)
    return [load_layout(path)]


def beside(name: str, folder: str | os.PathLike[str] | None) -> str:
    """A file name as a file that names it means it: the path under ``folder`` (the
    folder of the naming file, a deal or a spec) when such a file is there, also for
    ``FILE.map:NAME``; else the name as given (a built-in name, a path from where the
    command runs)."""
    if folder is None or not name or name in BUILTIN or Path(name).is_absolute():
        return name
    here = Path(folder)
    if (here / name).is_file():
        return str(here / name)
    base, sep, rest = name.rpartition(":")
    if sep and base and (here / base).is_file():
        return f"{here / base}:{rest}"
    return name


def find_layout(name_or_path: str) -> Layout:
    """A built-in layout by name, or a KMahjongg/GNOME Mahjongg file by path; one map of
    a GNOME file is ``FILE.map:NAME`` (the map's name or its number from 1)."""
    if not name_or_path:
        raise RequestError(f"no layout given; built in: {', '.join(BUILTIN)} (or give a "
                           ".layout or .map file)")
    if name_or_path in BUILTIN:
        return builtin(name_or_path)
    base = name_or_path.rsplit(":", 1)[0]
    if base in BUILTIN:
        raise RequestError(f"{base!r} is a built-in layout with no maps to choose from; a map "
                           "name (--map, or FILE.map:NAME) picks one map of a GNOME Mahjongg "
                           ".map file")
    if "." not in name_or_path and "/" not in name_or_path:
        raise RequestError(f"unknown layout {name_or_path!r}; built in: {', '.join(BUILTIN)} "
                           "(or give a .layout or .map file)")
    path, map_name = split_map(name_or_path)
    return load_layout(path, map_name=map_name)


def load_castle(path: str | Path) -> Castle:
    p = Path(path)
    return parse_castle(read_text(p, "castle file", max_bytes=MAX_CASTLE_BYTES), name=p.stem,
                        source=str(p))


def find_castle(name_or_path: str) -> Castle:
    """A built-in castle by name, or a height-map file by path."""
    if not name_or_path:
        raise RequestError(f"no castle given; built in: {', '.join(BUILTIN_CASTLES)} (or give "
                           f"a {SUFFIX} file)")
    if name_or_path in BUILTIN_CASTLES:
        return builtin_castle(name_or_path)
    if "." not in name_or_path and "/" not in name_or_path:
        raise RequestError(f"unknown castle {name_or_path!r}; built in: "
                           f"{', '.join(BUILTIN_CASTLES)} (or give a {SUFFIX} file)")
    return load_castle(name_or_path)


__all__ = ["find_castle", "find_layout", "load_castle", "load_layout", "load_layouts"]
