"""A printed face without an image is the web face's design (issue 17 item 3): the picture panel
holds the same emblem, the game's backdrop and the type's sign (``engine.core.faces.Face.emblem``),
converted from its SVG to PDF paths; and no text of any bundled card crosses its face's border or panels.

Positions are in points from the page's lower-left corner, read back with pdfplumber."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

import pdfplumber
import pytest
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from engine.core.faces import GENERIC, SAFE_MM, face_box
from engine.games import all_games
from printing.faces import game_face
from printing.faces.emblem import unit_operators
from printing.layouts import PrintOptions, plan_layout
from printing.pdf import PrintCard, render_sheet
from tests.printing.helpers import card

PAINTS = (" f", " S", " B")
INK, PANEL = HexColor("#223344"), HexColor("#EEEEEE")
TOL = 0.05  # points


def _layout() -> Any:
    return plan_layout(PrintOptions())


def _slot_pt(index: int) -> tuple[float, float, float, float]:
    """Slot ``index`` of an A4 poker sheet as (x, y, width, height) in points."""
    slot = _layout().slot(index)
    return slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm


def _geometry(face: dict[str, Any]) -> Any:
    slot = _slot_pt(0)
    return face_box(slot[2], slot[3], 0.0, len(game_face(face["game"]).style(face).stats))


def _first_page(cards: list[dict[str, Any]]) -> Any:
    pdf = render_sheet([PrintCard(c) for c in cards], PrintOptions())
    doc = pdfplumber.open(io.BytesIO(pdf))
    return doc, doc.pages[0]


EMBLEMS = sorted(
    {(game.slug, kind) for game in all_games() for kind in (*game.face.signs, *game.schema.types, "a_type_no_game_has")}
)


@pytest.mark.parametrize(("game", "card_type"), EMBLEMS)
def test_every_emblem_converts_element_for_element(game: str, card_type: str) -> None:
    """Each SVG element of the web face's emblem becomes one painted PDF path, inside the unit box."""
    markup = game_face(game).emblem(card_type)
    elements = list(ET.fromstring(f"<g>{markup}</g>"))
    shapes = unit_operators(markup, INK, PANEL).splitlines()
    assert len(shapes) == len(elements) >= 2
    assert all(s.startswith("q ") and s.endswith(" Q") and any(p + " Q" in s for p in PAINTS) for s in shapes)
    numbers = [float(t) for s in shapes for t in s.split() if t.replace(".", "").replace("-", "").isdigit()]
    assert numbers and min(numbers) >= -0.02 and max(numbers) <= 1.02  # colours and coordinates of a unit box


def test_the_printed_emblem_is_the_web_emblems_shapes_in_the_picture_panel() -> None:
    """Eredan's character: the dashed ring (r 46) and the figure's head (circle 50, 30, r 13) land where
    the SVG puts them, scaled into the square centred in the picture panel; no initial letter is drawn."""
    face = card(game="eredan", slug="held", name="Held", type="character", attributes={"attack": 3})
    doc, page = _first_page([face])
    with doc:
        height = float(page.height)
        x0, y0, _w, _h = _slot_pt(0)
        box = _geometry(face)
        size = min(box.art_height, box.width) * 0.86
        left = x0 + box.x + (box.width - size) / 2
        bottom = y0 + box.art_top - box.art_height + (box.art_height - size) / 2

        def expected(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
            return (
                left + (cx - r) / 100 * size,
                bottom + (1 - (cy + r) / 100) * size,
                left + (cx + r) / 100 * size,
                bottom + (1 - (cy - r) / 100) * size,
            )

        found = [(c["x0"], height - c["bottom"], c["x1"], height - c["top"]) for c in page.curves]
        for circle in ((50, 50, 46), (50, 30, 13)):
            want = expected(*circle)
            assert any(all(abs(a - b) <= 0.6 for a, b in zip(got, want, strict=True)) for got in found), (want, found)
        panel_bottom, panel_top = y0 + box.art_top - box.art_height, y0 + box.art_top
        assert not [ch for ch in page.chars if panel_bottom < height - ch["bottom"] < panel_top]


def test_each_game_and_type_prints_its_own_emblem() -> None:
    """Two cards differing only in game or type draw different emblems (not one generic sign)."""
    pairs = [
        ("eredan", "character"),
        ("eredan", "spell"),
        ("kamelo", "monster"),
        ("duel", "trap"),
        ("muhq", "unit"),
        ("realmon", "combat"),
        ("duel", "creature"),
        ("muhq", "artifact"),
        ("kamelo", "special_item"),
    ]
    doc, page = _first_page([card(game=g, slug=f"{g}-{t}", type=t, name="X") for g, t in pairs])
    with doc:
        drawn = []
        for index in range(len(pairs)):
            x0, y0, w, h = _slot_pt(index)
            top = float(page.height) - y0 - h
            inside = [
                c
                for c in page.curves
                if x0 <= c["x0"] and c["x1"] <= x0 + w and top <= c["top"] and c["bottom"] <= top + h
            ]
            drawn.append(
                tuple(
                    sorted(
                        (round(c["x0"] - x0, 1), round(c["top"] - top, 1), round(c["width"], 1), len(c["pts"]))
                        for c in inside
                    )
                )
            )
        assert all(drawn) and len(set(drawn)) == len(pairs)


def _crossing(page: Any, cards: list[dict[str, Any]], first: int) -> list[str]:
    """The characters of ``page`` that leave their face's safe area or straddle a panel's edge."""
    height, found = float(page.height), []
    layout = _layout()
    for index, face in enumerate(cards):
        x0, y0, w, h = _slot_pt(index % layout.per_page)
        box = _geometry(face)
        left, right = x0 + SAFE_MM * mm, x0 + w - SAFE_MM * mm
        floor, ceiling = y0 + SAFE_MM * mm, y0 + h - SAFE_MM * mm
        # Horizontal edges text may not straddle: the picture panel's and the rules panel's.
        edges = (y0 + box.art_top, y0 + box.art_top - box.art_height, y0 + box.text_top, y0 + box.text_bottom)
        for ch in page.chars:
            cx, cy = (ch["x0"] + ch["x1"]) / 2, height - (ch["top"] + ch["bottom"]) / 2
            if not (x0 <= cx <= x0 + w and y0 <= cy <= y0 + h):
                continue
            lo, hi = height - ch["bottom"], height - ch["top"]
            # pdfplumber's box spans the font's ascent and descent: the glyph's own box lies inside it.
            ink_lo, ink_hi = lo + (hi - lo) * 0.2, hi - (hi - lo) * 0.2
            outside = ch["x0"] < left - TOL or ch["x1"] > right + TOL or ink_lo < floor - TOL or ink_hi > ceiling + TOL
            straddles = any(ink_lo + TOL < edge < ink_hi - TOL for edge in edges)
            if outside or straddles:
                found.append(
                    f"{face['game']}/{face['slug']} (card {first + index}): {ch['text']!r} at {ch['x0']:.1f},{lo:.1f}"
                )
    return found


@pytest.mark.slow
@pytest.mark.django_db
def test_no_text_crosses_a_border_on_any_bundled_printed_face(bundled_cards: None) -> None:
    """Every bundled card without an image, as the print path reads it, on A4 poker sheets: each
    character stays inside the face's safe area (3 mm inside the trim) and off the panels' edges."""
    from cards.models import Card
    from printing.selectors import cards_from_refs

    rows = list(Card.objects.filter(image="").order_by("game__slug", "slug").values_list("game__slug", "slug"))
    assert len(rows) > 400
    faces = [c for c, _n in cards_from_refs([{"game": g, "card": s, "count": 1} for g, s in rows])]
    per_page = _layout().per_page
    pdf = render_sheet([PrintCard(c) for c in faces], PrintOptions())
    crossing: list[str] = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == -(-len(faces) // per_page)
        for number, page in enumerate(doc.pages):
            chunk = faces[number * per_page : (number + 1) * per_page]
            assert page.chars  # the faces' text was drawn and read back
            crossing += _crossing(page, chunk, number * per_page)
            page.close()
    assert crossing == []


def test_the_border_measure_sees_text_that_leaves_the_face() -> None:
    """The measure above can fail: a name too long for the header is cut, but a rules text forced
    past the panel would be reported. Here a face is drawn with its text moved 5 mm to the right."""
    face = card(name="Kamel")
    pdf = render_sheet([PrintCard(face)], PrintOptions())
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        shifted = [{**ch, "x0": ch["x0"] + 5 * mm, "x1": ch["x1"] + 5 * mm} for ch in page.chars]

        class Moved:
            height = page.height
            chars = shifted

        assert _crossing(page, [face], 0) == []
        assert _crossing(Moved(), [face], 0) != []


def test_an_unknown_game_or_type_prints_the_generic_card_sign() -> None:
    """A type no game has (or markup in it) picks the generic sign: the type never reaches the markup."""
    generic = unit_operators(GENERIC.emblem("card"), INK, PANEL)
    assert len(generic.splitlines()) == 1  # no backdrop, the card sign alone
    assert game_face("nosuch") is GENERIC and GENERIC.emblem('"/><script>') == GENERIC.emblem("card")
    eredan = game_face("eredan")
    assert eredan.emblem('"/><script>') == eredan.emblem("card") != GENERIC.emblem("card")
    odd = card(game="nosuch", slug="odd", type='"/><script>', name="Odd", attributes={})
    doc, page = _first_page([odd])
    with doc:
        assert page.curves and "Odd" in (page.extract_text() or "")
