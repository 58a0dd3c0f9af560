"""Booklets: pages of half a sheet, imposed two to a side in saddle-stitch order.

Print the sheets double-sided (flip on the short edge), stack them in order, fold the
stack in half and staple along the fold: the pages then follow each other 1, 2, 3, ...
Blank pages are added to make a multiple of four.

:class:`BookletSurface` wraps a real surface: each page drawn on it is recorded, and
:meth:`~BookletSurface.finish` replays the pages onto the sheets in booklet order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tilepress.draw.canvas import Canvas, Paper, Surface

Side = tuple[int | None, int | None]


def booklet_order(pages: int) -> list[Side]:
    """The sides of a saddle-stitched booklet in printing order (the front of the first
    sheet, its back, the front of the second, ...): the page numbers (from 1) on the
    left and right half of each side; ``None`` is a blank page."""
    n = -(-pages // 4) * 4
    sides: list[tuple[int, int]] = []
    for s in range(n // 4):
        sides.append((n - 2 * s, 2 * s + 1))
        sides.append((2 * s + 2, n - 2 * s - 1))
    return [(left if left <= pages else None, right if right <= pages else None)
            for left, right in sides]


class _Recording(Canvas):
    """A canvas that remembers every call, to be replayed on another canvas."""

    def __init__(self, ops: list[tuple[str, tuple, dict[str, Any]]]) -> None:
        self._ops = ops

    def _record(self, name: str, *args: Any, **kwargs: Any) -> None:
        self._ops.append((name, args, kwargs))

    def rect(self, *args: Any, **kwargs: Any) -> None:
        self._record("rect", *args, **kwargs)

    def path(self, *args: Any, **kwargs: Any) -> None:
        self._record("path", *args, **kwargs)

    def circle(self, *args: Any, **kwargs: Any) -> None:
        self._record("circle", *args, **kwargs)

    def text(self, *args: Any, **kwargs: Any) -> None:
        self._record("text", *args, **kwargs)

    @contextmanager
    def group(self, **kwargs: Any) -> Iterator[None]:
        inner: list[tuple[str, tuple, dict[str, Any]]] = []
        self._ops.append(("group", (inner,), kwargs))
        outer, self._ops = self._ops, inner
        try:
            yield
        finally:
            self._ops = outer

    @contextmanager
    def clip(self, *args: Any) -> Iterator[None]:
        inner: list[tuple[str, tuple, dict[str, Any]]] = []
        self._ops.append(("clip", (inner, *args), {}))
        outer, self._ops = self._ops, inner
        try:
            yield
        finally:
            self._ops = outer

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        self._record("define", name, width, height, draw)

    def place(self, *args: Any, **kwargs: Any) -> None:
        self._record("place", *args, **kwargs)


def _replay(ops: list[tuple[str, tuple, dict[str, Any]]], target: Canvas) -> None:
    for name, args, kwargs in ops:
        if name == "group":
            with target.group(**kwargs):
                _replay(args[0], target)
        elif name == "clip":
            with target.clip(*args[1:]):
                _replay(args[0], target)
        else:
            getattr(target, name)(*args, **kwargs)


class BookletSurface(Surface):
    """Pages of ``page`` size, imposed two-up on landscape ``sheet``s of ``target``."""

    def __init__(self, target: Surface, sheet: Paper) -> None:
        self._target = target
        self._sheet_w, self._sheet_h = max(sheet.width, sheet.height), min(sheet.width,
                                                                            sheet.height)
        self._pages: list[tuple[float, float, list]] = []

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        ops: list[tuple[str, tuple, dict[str, Any]]] = []
        yield _Recording(ops)
        self._pages.append((width, height, ops))

    def prefer(self, *, duplex: str | None = None) -> None:
        pass  # a booklet is always printed turning over the short edge

    def finish(self) -> bytes:
        self._target.prefer(duplex="short")
        half = self._sheet_w / 2
        for side in booklet_order(len(self._pages)):
            with self._target.page(self._sheet_w, self._sheet_h) as c:
                for slot, number in enumerate(side):
                    if number is None:
                        continue
                    w, h, ops = self._pages[number - 1]
                    x = half if slot else half - w  # both pages against the fold
                    with c.group(translate=(x, (self._sheet_h - h) / 2)):
                        _replay(ops, c)
                c.line(half, 0, half, 4, stroke="#b8b4aa", stroke_width=0.2)
                c.line(half, self._sheet_h - 4, half, self._sheet_h, stroke="#b8b4aa",
                       stroke_width=0.2)
        return self._target.finish()


class TwoUpSurface(Surface):
    """Pages of half a sheet, each drawn twice side by side on a landscape sheet of
    ``sheet`` with a cut line between them: two copies of a player aid per sheet."""

    def __init__(self, target: Surface, sheet: Paper) -> None:
        self._target = target
        self._sheet_w, self._sheet_h = max(sheet.width, sheet.height), min(sheet.width,
                                                                            sheet.height)

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        ops: list[tuple[str, tuple, dict[str, Any]]] = []
        yield _Recording(ops)
        half = self._sheet_w / 2
        with self._target.page(self._sheet_w, self._sheet_h) as c:
            for x in (half - width, half):
                with c.group(translate=(x, (self._sheet_h - height) / 2)):
                    _replay(ops, c)
            c.line(half, 3, half, self._sheet_h - 3, stroke="#b8b4aa", stroke_width=0.2,
                   dash=(2.0, 1.5))

    def prefer(self, *, duplex: str | None = None) -> None:
        self._target.prefer(duplex=duplex)

    def finish(self) -> bytes:
        return self._target.finish()


__all__ = ["BookletSurface", "TwoUpSurface", "booklet_order"]
