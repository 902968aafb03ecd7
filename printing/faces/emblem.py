"""A face's emblem (``engine.core.faces.Face.emblem``: a game's backdrop and a type's sign) as PDF operators.

The emblems are SVG markup in a 100 x 100 box (y down), filled with ``currentColor``. Here that
markup is read once per game and type and written as PDF path operators: ``path`` (the commands
M L H V C S A Z, absolute and relative), ``circle`` and ``rect``, each with its ``fill``,
``stroke``, ``stroke-width``, ``stroke-dasharray``, ``opacity`` and ``rotate`` transform. The
operators are for a unit box (0..1, y up); ``emblem_operators`` places them with one ``cm``.
Opacity is mixed with the panel colour by hand: transparency inside a PDF form trips some viewers
(as ``engine.core.faces.tint`` says).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str

Point = tuple[float, float]
_TOKEN = re.compile(r"[MmLlHhVvCcSsAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ROTATE = re.compile(r"rotate\(\s*([-\d.]+)(?:[\s,]+([-\d.]+)[\s,]+([-\d.]+))?\s*\)")
KAPPA = 0.5523


class _Shape:
    """One SVG element turned into PDF path operators (in the 100-box, y down, before mapping)."""

    def __init__(self, rotate: tuple[float, float, float] | None) -> None:
        self.ops: list[str] = []
        self.rotate = rotate
        self.start: Point = (0.0, 0.0)

    def _map(self, p: Point) -> Point:
        x, y = p
        if self.rotate is not None:
            angle, cx, cy = self.rotate
            a = math.radians(angle)
            dx, dy = x - cx, y - cy
            x, y = cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)
        return x / 100, 1 - y / 100  # the unit box, y up

    def move(self, p: Point) -> None:
        self.ops.append(f"{fp_str(*self._map(p))} m")
        self.start = p

    def line(self, p: Point) -> None:
        self.ops.append(f"{fp_str(*self._map(p))} l")

    def curve(self, c1: Point, c2: Point, p: Point) -> None:
        self.ops.append(f"{fp_str(*self._map(c1), *self._map(c2), *self._map(p))} c")

    def close(self) -> None:
        self.ops.append("h")


def _numbers(tokens: list[str], i: int, n: int) -> tuple[list[float], int]:
    values = [float(t) for t in tokens[i : i + n]]
    if len(values) != n or any(t.isalpha() for t in tokens[i : i + n]):
        raise ValueError(f"emblem path: {n} numbers expected at token {i}")
    return values, i + n


def _arc(shape: _Shape, p0: Point, radii: Point, phi_deg: float, large: bool, sweep: bool, p1: Point) -> None:
    """An SVG elliptical arc (endpoint form, SVG 1.1 F.6.5) as cubic Béziers of at most 90 degrees."""
    rx, ry = abs(radii[0]), abs(radii[1])
    if rx == 0 or ry == 0 or p0 == p1:
        shape.line(p1)
        return
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    factor = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cx1, cy1 = factor * rx * y1 / ry, -factor * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    start = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)

    def at(t: float) -> tuple[Point, Point]:
        """The point at angle t and its derivative direction."""
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        tx, ty = -rx * math.sin(t), ry * math.cos(t)
        return (cx + cos * ex - sin * ey, cy + sin * ex + cos * ey), (cos * tx - sin * ty, sin * tx + cos * ty)

    for n in range(pieces):
        a, b = start + n * step, start + (n + 1) * step
        (pa, da), (pb, db) = at(a), at(b)
        shape.curve((pa[0] + k * da[0], pa[1] + k * da[1]), (pb[0] - k * db[0], pb[1] - k * db[1]), pb)


def _path(shape: _Shape, d: str) -> None:
    """SVG path data into ``shape`` (the commands the emblems use; an unknown one raises)."""
    tokens = _TOKEN.findall(d)
    i, command = 0, ""
    pos: Point = (0.0, 0.0)
    last_c2: Point | None = None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif command in ("", "Z", "z"):
            raise ValueError(f"emblem path: a number without a command in {d!r}")
        rel = command.islower()
        ox, oy = pos if rel else (0.0, 0.0)
        op = command.upper()
        if op == "Z":
            shape.close()
            pos, last_c2 = shape.start, None
            continue
        if op == "M":
            (x, y), i = _numbers(tokens, i, 2)
            pos = (ox + x, oy + y)
            shape.move(pos)
            command = "l" if rel else "L"  # further pairs are lines
            last_c2 = None
        elif op in ("L", "H", "V"):
            if op == "L":
                (x, y), i = _numbers(tokens, i, 2)
                pos = (ox + x, oy + y)
            elif op == "H":
                (x,), i = _numbers(tokens, i, 1)
                pos = (ox + x if rel else x, pos[1])
            else:
                (y,), i = _numbers(tokens, i, 1)
                pos = (pos[0], oy + y if rel else y)
            shape.line(pos)
            last_c2 = None
        elif op == "C":
            (x1, y1, x2, y2, x, y), i = _numbers(tokens, i, 6)
            c1, c2, pos = (ox + x1, oy + y1), (ox + x2, oy + y2), (ox + x, oy + y)
            shape.curve(c1, c2, pos)
            last_c2 = c2
        elif op == "S":
            (x2, y2, x, y), i = _numbers(tokens, i, 4)
            c1 = (2 * pos[0] - last_c2[0], 2 * pos[1] - last_c2[1]) if last_c2 else pos
            c2, end = (ox + x2, oy + y2), (ox + x, oy + y)
            shape.curve(c1, c2, end)
            pos, last_c2 = end, c2
        elif op == "A":
            (rx, ry, phi, large, sweep, x, y), i = _numbers(tokens, i, 7)
            end = (ox + x, oy + y)
            _arc(shape, pos, (rx, ry), phi, bool(large), bool(sweep), end)
            pos, last_c2 = end, None
        else:
            raise ValueError(f"emblem path: command {command!r} is not supported")


def _circle(shape: _Shape, cx: float, cy: float, r: float) -> None:
    k = r * KAPPA
    shape.move((cx + r, cy))
    shape.curve((cx + r, cy + k), (cx + k, cy + r), (cx, cy + r))
    shape.curve((cx - k, cy + r), (cx - r, cy + k), (cx - r, cy))
    shape.curve((cx - r, cy - k), (cx - k, cy - r), (cx, cy - r))
    shape.curve((cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))
    shape.close()


def _rect(shape: _Shape, x: float, y: float, w: float, h: float, r: float) -> None:
    if r <= 0:
        shape.move((x, y))
        for p in ((x + w, y), (x + w, y + h), (x, y + h)):
            shape.line(p)
        shape.close()
        return
    r, k = min(r, w / 2, h / 2), min(r, w / 2, h / 2) * KAPPA
    shape.move((x + r, y))
    shape.line((x + w - r, y))
    shape.curve((x + w - r + k, y), (x + w, y + r - k), (x + w, y + r))
    shape.line((x + w, y + h - r))
    shape.curve((x + w, y + h - r + k), (x + w - r + k, y + h), (x + w - r, y + h))
    shape.line((x + r, y + h))
    shape.curve((x + r - k, y + h), (x, y + h - r + k), (x, y + h - r))
    shape.line((x, y + r))
    shape.curve((x, y + r - k), (x + r - k, y), (x + r, y))
    shape.close()


def _elements(markup: str) -> Iterator[ET.Element]:
    yield from ET.fromstring(f"<g>{markup}</g>")


def _paint(value: str | None, ink: Color, panel: Color, opacity: float) -> Color | None:
    """The colour an SVG paint value stands for (None for ``none``), mixed with the panel by opacity."""
    if value is None or value == "none":
        return None
    colour = (
        ink
        if value == "currentColor"
        else HexColor(value if len(value) != 4 else "#" + 2 * value[1] + 2 * value[2] + 2 * value[3])
    )
    if opacity >= 1:
        return colour
    return Color(*(opacity * c + (1 - opacity) * p for c, p in zip(colour.rgb(), panel.rgb(), strict=True)))


def _rgb(colour: Color, op: str) -> str:
    return f"{fp_str(*colour.rgb())} {op}"


@lru_cache(maxsize=256)
def unit_operators(markup: str, ink: Color, panel: Color) -> str:
    """The emblem ``markup`` drawn in ``ink`` on ``panel``, in a unit box (y up)."""
    out: list[str] = []
    for element in _elements(markup):
        rotate = None
        if found := _ROTATE.search(element.get("transform", "")):
            rotate = (float(found[1]), float(found[2] or 0), float(found[3] or 0))
        shape = _Shape(rotate)
        tag = element.tag
        if tag == "path":
            _path(shape, element.get("d", ""))
        elif tag == "circle":
            _circle(shape, *(float(element.get(k, 0)) for k in ("cx", "cy", "r")))
        elif tag == "rect":
            values = (float(element.get(k, 0)) for k in ("x", "y", "width", "height", "rx"))
            _rect(shape, *values)
        else:
            raise ValueError(f"emblem element <{tag}> is not supported")
        opacity = float(element.get("opacity", 1))
        fill_colour = _paint(element.get("fill", "currentColor"), ink, panel, opacity)
        stroke_colour = _paint(element.get("stroke"), ink, panel, opacity)
        ops = ["q"]
        if fill_colour is not None:
            ops.append(_rgb(fill_colour, "rg"))
        if stroke_colour is not None:
            ops.append(_rgb(stroke_colour, "RG"))
            ops.append(f"{fp_str(float(element.get('stroke-width', 1)) / 100)} w")
            if dashes := element.get("stroke-dasharray"):
                ops.append(f"[{fp_str(*(float(v) / 100 for v in dashes.replace(',', ' ').split()))}] 0 d")
        ops += shape.ops
        ops.append(
            {(True, True): "B", (True, False): "f", (False, True): "S"}.get(
                (fill_colour is not None, stroke_colour is not None), "n"
            )
        )
        ops.append("Q")
        out.append(" ".join(ops))
    return "\n".join(out)


def emblem_operators(markup: str, ink: Color, panel: Color, x: float, y: float, size: float) -> str:
    """The emblem in a ``size`` x ``size`` point square with its lower-left corner at (x, y)."""
    body = unit_operators(markup, ink, panel)
    return f"q {fp_str(size, 0, 0, size, x, y)} cm\n{body}\nQ"
