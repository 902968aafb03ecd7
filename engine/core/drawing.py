"""The small drawing vocabulary a card face is drawn with, whatever draws it.

A :class:`Surface` takes shapes (filled, or outlined), lines of text and emblems in points, with (0, 0) at the
lower-left corner and y growing upwards (as in PDF). ``printing`` implements it with reportlab
(the print sheets); ``cards`` with SVG elements (the pages' faces). Each also measures text in its
own fonts, so a face's text is fitted for the medium it is drawn on. Colours are ``#RRGGBB``.

The text helpers below (fit, wrap, cut with "…") measure through the surface; nothing here knows
a font file or a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, TypeVar

Colour = str
Align = Literal["left", "centre", "right"]
T = TypeVar("T")
KEPT_MAX = 8192  # answers kept per helper (then it starts afresh)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class Surface(Protocol):
    """Where a face is drawn (see the module's docstring)."""

    def rect(
        self, x: float, y: float, width: float, height: float, colour: Colour, radius: float = 0.0, line: float = 0.0
    ) -> None:
        """A filled rectangle (its outline, ``line`` points wide, when ``line`` is not 0), with
        rounded corners of ``radius`` when it is not 0."""

    def circle(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        """A filled circle."""

    def polygon(self, points: Sequence[tuple[float, float]], colour: Colour, line: float = 0.0) -> None:
        """A filled closed polygon (its outline when ``line`` is not 0)."""

    def text(self, x: float, y: float, text: str, size: float, colour: Colour, *, bold: bool = False,
             align: Align = "left") -> None:  # fmt: skip
        """``text`` as it is written (no markup) with its baseline at ``y`` and its left end, centre
        or right end at ``x``."""

    def emblem(self, markup: str, x: float, y: float, size: float, ink: Colour, panel: Colour) -> None:
        """An emblem (SVG markup in a 100 x 100 box, ``currentColor`` for ``ink``) in a ``size``
        square with its lower-left corner at (x, y), on a panel of colour ``panel``."""

    def text_width(self, text: str, size: float, *, bold: bool = False) -> float:
        """The width of ``text`` in points as this surface draws it (on the safe side); it depends
        on the surface's class only (the fitted lines below are kept per class)."""


def plain(value: object) -> str:
    """User text as one printable line: control characters dropped, never interpreted."""
    text = str(value if value is not None else "")
    if text.isprintable():  # the usual case, without the regular expression
        return text.strip()
    return _CONTROL.sub("", text).replace("\n", " ").strip()


def fit_size(surface: Surface, text: str, size: float, width: float, minimum: float, *, bold: bool = False) -> float:
    """The largest font size up to ``size`` (not below ``minimum``) at which ``text`` fits ``width``."""
    natural = surface.text_width(text, size, bold=bold)
    if natural <= width:
        return size
    if width <= 0:
        return minimum
    return max(minimum, size * width / natural)


def _kept(function: Callable[..., T]) -> Callable[..., T]:
    """Keep ``function``'s answers per surface class and arguments (names, rules texts and labels
    repeat across the faces of a sheet; measuring them again was most of a face's time)."""
    kept: dict[tuple[Any, ...], T] = {}

    def wrapper(surface: Surface, *args: Any, **kwargs: Any) -> T:
        key = (type(surface), *args, *sorted(kwargs.items()))
        if key not in kept:
            if len(kept) >= KEPT_MAX:
                kept.clear()
            kept[key] = function(surface, *args, **kwargs)
        return kept[key]

    return wrapper


@_kept
def fit_line(
    surface: Surface, text: str, size: float, width: float, minimum: float, *, bold: bool = False
) -> tuple[str, float]:
    """``text`` and a size at which it fits ``width``: shrunk down to ``minimum``, then cut with "…"."""
    size = fit_size(surface, text, size, width, minimum, bold=bold)
    if surface.text_width(text, size, bold=bold) <= width:
        return text, size
    while text and surface.text_width(text + "…", size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


@_kept
def wrap_text(surface: Surface, text: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` points (a long word is split)."""
    lines: list[str] = []
    space = surface.text_width(" ", size)
    for paragraph in _CONTROL.sub("", text).split("\n"):
        words: list[str] = []
        used = 0.0
        for word in paragraph.split():
            extra = surface.text_width(word, size) + (space if words else 0.0)
            if used + extra <= width:
                words.append(word)
                used += extra
                continue
            if words:
                lines.append(" ".join(words))
            rest = _split_long_word(surface, word, size, width, lines)
            words, used = [rest], surface.text_width(rest, size)
        lines.append(" ".join(words))
    return tuple(lines)


def _split_long_word(surface: Surface, word: str, size: float, width: float, lines: list[str]) -> str:
    """Append the full-width pieces of an over-long word to ``lines``; return the rest."""
    while surface.text_width(word, size) > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and surface.text_width(word[:cut], size) > width:
            cut -= 1
        lines.append(word[:cut])
        word = word[cut:]
    return word


def text_block(
    surface: Surface, text: str, width: float, height: float, size: float, minimum: float, leading: float
) -> tuple[float, tuple[str, ...]]:
    """Font size and lines for ``text`` in a box: shrinks to ``minimum``, then cuts with an ellipsis."""
    while True:
        lines = wrap_text(surface, text, size, width)
        capacity = max(1, int(height // (size * leading)))
        if len(lines) <= capacity:
            return size, lines
        if size <= minimum:
            return size, (*lines[: capacity - 1], lines[capacity - 1] + " …")
        size -= 0.5


def rgb(colour: Colour) -> tuple[float, float, float]:
    """``#RRGGBB`` (or ``#RGB``) as three shares of 1."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(2 * c for c in hexa)
    return int(hexa[0:2], 16) / 255, int(hexa[2:4], 16) / 255, int(hexa[4:6], 16) / 255


def hex_colour(red: float, green: float, blue: float) -> Colour:
    """Three shares of 1 as ``#RRGGBB``."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in (red, green, blue))


def luminance(colour: Colour) -> float:
    """The WCAG relative luminance of ``colour``."""
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
