"""Charts for reports, made by reportlab's chart library and drawn through the Canvas.

reportlab's ``reportlab.graphics.charts`` lay out axes, ticks, labels, bars and legends
into a ``Drawing`` of plain shapes; :func:`draw_drawing` walks those shapes onto a
:class:`~tilepress.draw.canvas.Canvas`, so one chart reaches both back ends (PDF and SVG)
with the project's embedded fonts. :func:`bar_chart` makes bars (vertical or horizontal,
one or two series side by side) with 95% error bars, and :func:`histogram` touching bars
over the bins of a distribution. Sizes are in millimetres, text in points (never under 6).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.graphics import shapes
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.lib import colors

from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import FACES, pdf_font

Matrix = tuple[float, float, float, float, float, float]
SERIES_COLOURS = ("#2f6f73", "#c2603a")
"""Run A and run B."""
HATCHED = (False, True)
"""Run B's bars (and its legend's swatch) are striped as well as coloured, so the runs
stay apart on a black-and-white printer."""
HATCH_STEP = 3.2
"""Points between the stripes of a hatched bar."""
INK = "#1d1d1b"
SMALLEST = 6.5
"""Smallest type in a chart, in points."""


@dataclass(frozen=True)
class Series:
    """One run's values over the chart's categories, with optional 95% intervals."""

    name: str
    values: tuple[float, ...]
    lows: tuple[float, ...] = ()
    highs: tuple[float, ...] = ()


# -- the adapter: a reportlab Drawing onto a Canvas ----------------------------------------


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _at(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _hex(colour: Any) -> str | None:
    if colour is None or getattr(colour, "alpha", 1) == 0:
        return None
    return "#" + colour.hexval()[2:].lower()


def _style(shape: Any, m: Matrix) -> dict[str, Any]:
    fill = _hex(getattr(shape, "fillColor", None))
    stroke = _hex(getattr(shape, "strokeColor", None))
    width = (getattr(shape, "strokeWidth", 1) or 0) * _scale(m)
    if width <= 0:
        stroke = None
    dash = getattr(shape, "strokeDashArray", None)
    return {"fill": fill, "stroke": stroke, "stroke_width": width,
            "dash": [v * _scale(m) for v in dash] if dash else None}


_FACE_OF = {registered: face for face, (registered, _) in FACES.items()}


def _font(name: str) -> str:
    """The Canvas face of a reportlab font name (charts are set in the Vera faces)."""
    if name in _FACE_OF:
        return _FACE_OF[name]
    bold, italic = "Bold" in name, "Oblique" in name or "Italic" in name
    return {(True, True): "bold-italic", (True, False): "bold",
            (False, True): "italic"}.get((bold, italic), "regular")


def _points(m: Matrix, flat: Sequence[float]) -> list[tuple[float, float]]:
    return [_at(m, flat[k], flat[k + 1]) for k in range(0, len(flat) - 1, 2)]


def _path_ops(m: Matrix, path: shapes.Path) -> list[tuple]:
    ops: list[tuple] = []
    points = _points(m, path.points)
    k = 0
    for op in path.operators:
        if op == shapes._MOVETO:
            ops.append(("M", *points[k]))
            k += 1
        elif op == shapes._LINETO:
            ops.append(("L", *points[k]))
            k += 1
        elif op == shapes._CURVETO:
            ops.append(("C", *points[k], *points[k + 1], *points[k + 2]))
            k += 3
        else:
            ops.append(("Z",))
    return ops


def _text(c: Canvas, s: shapes.String, m: Matrix) -> None:
    x, y = _at(m, s.x, s.y)
    size = s.fontSize * _scale(m) / PT
    anchor = {"middle": "middle", "end": "end", "numeric": "end"}.get(s.textAnchor, "start")
    angle = math.degrees(math.atan2(m[1], m[0]))
    fill = _hex(s.fillColor) or INK
    if abs(angle) < 1e-6:
        c.text(x, y, s.text, size=size, font=_font(s.fontName), anchor=anchor, fill=fill)
        return
    with c.group(translate=(x, y), rotate=angle):
        c.text(0.0, 0.0, s.text, size=size, font=_font(s.fontName), anchor=anchor, fill=fill)


def _draw(c: Canvas, node: Any, m: Matrix) -> None:
    if isinstance(node, shapes.UserNode):  # a chart, an axis, a legend: its shapes
        _draw(c, node.provideNode(), m)
    elif isinstance(node, shapes.Group):
        inner = _times(m, tuple(node.transform))
        for child in node.contents:
            _draw(c, child, inner)
    elif isinstance(node, shapes.Rect):
        x, y, w, h = node.x, node.y, node.width, node.height
        c.polyline([_at(m, x, y), _at(m, x + w, y), _at(m, x + w, y + h), _at(m, x, y + h)],
                   closed=True, **{k: v for k, v in _style(node, m).items() if k != "dash"})
    elif isinstance(node, shapes.Line):
        style = _style(node, m)
        if style["stroke"]:
            c.path([("M", *_at(m, node.x1, node.y1)), ("L", *_at(m, node.x2, node.y2))],
                   stroke=style["stroke"], stroke_width=style["stroke_width"],
                   dash=style["dash"], cap="butt")
    elif isinstance(node, shapes.Polygon | shapes.PolyLine):
        points = _points(m, node.points)
        style = _style(node, m)
        if isinstance(node, shapes.PolyLine):
            style["fill"] = None
        if points and (style["fill"] or style["stroke"]):
            ops = [("M", *points[0]), *(("L", *p) for p in points[1:])]
            c.path(ops + ([("Z",)] if isinstance(node, shapes.Polygon) else []), **style)
    elif isinstance(node, shapes.Circle):
        cx, cy = _at(m, node.cx, node.cy)
        style = _style(node, m)
        c.circle(cx, cy, node.r * _scale(m), fill=style["fill"], stroke=style["stroke"],
                 stroke_width=style["stroke_width"])
    elif isinstance(node, shapes.Path):
        c.path(_path_ops(m, node), **_style(node, m))
    elif isinstance(node, shapes.String):
        _text(c, node, m)
    elif isinstance(node, shapes.Wedge):
        _draw(c, node.asPolygon(), m)
    elif isinstance(node, shapes.Ellipse):
        cx, cy = _at(m, node.cx, node.cy)
        style = _style(node, m)
        c.ellipse(cx, cy, node.rx * _scale(m), node.ry * _scale(m), fill=style["fill"],
                  stroke=style["stroke"], stroke_width=style["stroke_width"])


def draw_drawing(c: Canvas, drawing: shapes.Drawing) -> None:
    """Draw a reportlab ``Drawing`` (points, y up) with its top-left corner at the
    canvas origin, in millimetres with y down: a drawing ``w`` points wide is
    ``w * PT`` mm wide."""
    flip: Matrix = (PT, 0.0, 0.0, -PT, 0.0, drawing.height * PT)
    _draw(c, drawing, flip)


# -- charts -------------------------------------------------------------------------------


def _nice_top(high: float) -> float:
    """A round upper end for the value axis a little above ``high``."""
    if high <= 0:
        return 1.0
    step = 10 ** math.floor(math.log10(high))
    for k in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if k * step >= high * 1.02:
            return k * step
    return 10 * step  # pragma: no cover


def _style_axes(chart: Any, size: float, percent: bool) -> None:
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = pdf_font("regular")
        axis.labels.fontSize = size
        axis.labels.fillColor = colors.HexColor(INK)
        axis.strokeColor = colors.HexColor("#6b6862")
        axis.strokeWidth = 0.6
    chart.valueAxis.gridStrokeColor = colors.HexColor("#dddad3")
    chart.valueAxis.gridStrokeWidth = 0.4
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.valueMin = 0
    if percent:
        chart.valueAxis.labelTextFormat = lambda v: f"{v * 100:.0f}%"
    else:
        chart.valueAxis.labelTextFormat = _number


def _number(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 10 or v == int(v) else f"{v:.2g}"


def _error_bars(chart: Any, series: Sequence[Series], horizontal: bool) -> shapes.Group:
    """Whiskers at each bar's 95% interval, placed by the chart's own axis scale."""
    group = shapes.Group()
    chart.draw()  # lays out the axes, which place the bars
    chart.calcBarPositions()
    scale = chart.valueAxis.scale
    for k, s in enumerate(series):
        if not s.lows:
            continue
        for (x, y, w, h), low, high in zip(chart._barPositions[k], s.lows, s.highs,
                                           strict=False):
            if low is None or high is None or math.isnan(low) or math.isnan(high):
                continue
            lo, hi = scale(max(low, 0.0)), scale(high)
            if horizontal:
                mid, cap = y + h / 2, min(h * 0.25, 3)
                ends = [(lo, mid, hi, mid), (lo, mid - cap, lo, mid + cap),
                        (hi, mid - cap, hi, mid + cap)]
            else:
                mid, cap = x + w / 2, min(w * 0.25, 3)
                ends = [(mid, lo, mid, hi), (mid - cap, lo, mid + cap, lo),
                        (mid - cap, hi, mid + cap, hi)]
            for x1, y1, x2, y2 in ends:
                group.add(shapes.Line(x1, y1, x2, y2, strokeColor=colors.HexColor(INK),
                                      strokeWidth=0.8))
    return group


def _stripes(x: float, y: float, w: float, h: float) -> list[shapes.Line]:
    """White diagonal stripes across the rectangle (x, y, w, h), cut to it."""
    out = []
    c = x - (y + h)
    while c < x + w - y:
        lo, hi = max(x, y + c), min(x + w, y + h + c)
        if hi - lo > 0.3:
            out.append(shapes.Line(lo, lo - c, hi, hi - c, strokeColor=colors.white,
                                   strokeWidth=0.9))
        c += HATCH_STEP
    return out


def _hatching(chart: Any, hatched: Sequence[bool]) -> shapes.Group:
    """Stripes over the bars of every hatched series (the chart is laid out already)."""
    group = shapes.Group()
    for k, striped in enumerate(hatched):
        if striped:
            for x, y, w, h in chart._barPositions[k]:
                x, w = (x + w, -w) if w < 0 else (x, w)
                y, h = (y + h, -h) if h < 0 else (y, h)
                for line in _stripes(x, y, w, h):
                    group.add(line)
    return group


def _legend(pairs: Sequence[tuple[str, str, bool]], x: float, y: float, size: float
            ) -> shapes.Group:
    """A swatch (striped where its bars are) and a name for each series, side by side."""
    group = shapes.Group()
    for colour, name, striped in pairs:
        group.add(shapes.Rect(x, y, 8, 8, fillColor=colors.HexColor(colour), strokeColor=None))
        for line in _stripes(x, y, 8, 8) if striped else ():
            group.add(line)
        group.add(shapes.String(x + 11, y + 1, name, fontName=pdf_font("regular"),
                                fontSize=size, fillColor=colors.HexColor(INK)))
        x += 11 + shapes.stringWidth(name, pdf_font("regular"), size) + 14
    return group


def bar_chart(categories: Sequence[str], series: Sequence[Series], *, width: float,
              height: float, percent: bool = False, horizontal: bool = False,
              label_width: float = 0.0, touching: bool = False,
              every: int = 1) -> shapes.Drawing:
    """Bars for each category, one per series (side by side, coloured by run), with error
    bars where a series has intervals and a legend for two series. ``width`` and
    ``height`` in mm; ``label_width`` (mm) keeps room for horizontal charts' category
    names; ``touching`` bars make a histogram; ``every`` labels one category in so many."""
    w, h = width / PT, height / PT
    drawing = shapes.Drawing(w, h)
    chart = HorizontalBarChart() if horizontal else VerticalBarChart()
    legend = 12 if len(series) > 1 else 0
    left = (label_width / PT + 6) if horizontal else 34
    bottom = 26 if not horizontal else 18
    chart.x, chart.y = left, bottom
    chart.width, chart.height = w - left - 8, h - bottom - 6 - legend
    chart.data = [list(s.values) for s in series]
    names = [name if k % every == 0 else "" for k, name in enumerate(categories)]
    chart.categoryAxis.categoryNames = names[::-1] if horizontal else names
    colours = list(SERIES_COLOURS[:len(series)])
    hatched = list(HATCHED[:len(series)])
    legend_pairs = list(zip(colours, [s.name for s in series], hatched, strict=True))
    if horizontal:  # categories read top down, and within one the first series on top
        series = [Series(s.name, tuple(reversed(s.values)), tuple(reversed(s.lows)),
                         tuple(reversed(s.highs))) for s in reversed(series)]
        colours.reverse()
        hatched.reverse()
        chart.data = [list(s.values) for s in series]
    _style_axes(chart, SMALLEST + 0.5, percent)
    top = max([v for s in series for v in (*s.values, *[x for x in s.highs if x is not None])
               if not math.isnan(v)] or [1.0])
    chart.valueAxis.valueMax = _nice_top(top) if not percent else min(1.0, _nice_top(top))
    for k, colour in enumerate(colours):
        chart.bars[k].fillColor = colors.HexColor(colour)
        chart.bars[k].strokeColor = None
    chart.barSpacing = 0 if touching else 1
    chart.groupSpacing = 0.5 if touching else 6
    drawing.add(chart)
    errors = _error_bars(chart, series, horizontal)  # lays the chart out
    drawing.add(_hatching(chart, hatched))
    drawing.add(errors)
    if legend:
        drawing.add(_legend(legend_pairs, left, h - 12, SMALLEST + 0.5))
    return drawing


def histogram(bins: Sequence[str], series: Sequence[Series], *, width: float,
              height: float) -> shapes.Drawing:
    """A histogram: touching bars over ``bins`` (labels of each bin), labels thinned so
    that they do not collide."""
    every = max(1, math.ceil(len(bins) / max(1.0, width / 9.0)))
    return bar_chart(bins, series, width=width, height=height, percent=True, touching=True,
                     every=every)


__all__ = ["HATCHED", "SERIES_COLOURS", "Series", "bar_chart", "draw_drawing", "histogram"]
