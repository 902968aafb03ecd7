"""What a player reads on a vector face: contrast, type that fits, German words, shared drawing.

Positions are in mm from the page's lower-left corner; the first slot of an A4 poker sheet
starts at x = (210 - 3 x 63) / 2 = 10.5 mm and its top is at 297 - 16.5 = 280.5 mm.
"""

from __future__ import annotations

import io
from typing import Any

import pdfplumber
from pypdf import PdfReader

from printing.layouts import PrintOptions
from printing.pdf import PrintCard, render_sheet
from tests.printing.helpers import PT, card

NEHANTISTEN = {
    "game": "eredan",
    "slug": "schatten",
    "name": "Schatten",
    "type": "action",
    "guilds": ["nehantisten"],
    "rarity": "very_rare",
    "attributes": {},
}
SAND_KNIGHT = {
    "game": "eredan",
    "slug": "sandritter",
    "name": "Sandritter",
    "type": "character",
    "guilds": ["wuestennomaden"],
    "attributes": {"attack": 3, "defense": 2, "health": 14, "spirit": 1, "race": "daemon", "classes": ["kaempfer"]},
}
REALMON = {
    "game": "realmon",
    "slug": "riftling",
    "name": "Riftling",
    "type": "monster",
    "attributes": {
        "stage": 2,
        "realm": 8,
        "dominanz": 4,
        "echo": 3,
        "chaos": 2,
        "crunch": 1,
        "glitch": 5,
        "stability": 6,
    },
}


def words(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The words of the first page with their fill colour and a centre/top in mm."""
    pdf = render_sheet([PrintCard(c) for c in cards], PrintOptions())
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        found = page.extract_words(extra_attrs=["non_stroking_color"])
        height = float(page.height)
    for w in found:
        w["centre_mm"] = (w["x0"] + w["x1"]) / 2 * PT
        w["right_mm"] = w["x1"] * PT
        w["top_mm"] = (height - w["top"]) * PT
    return found


def word(found: list[dict[str, Any]], text: str) -> dict[str, Any]:
    return next(w for w in found if w["text"] == text)


def test_type_line_on_a_dark_guild_is_white_and_on_a_light_genus_dark():
    found = words([NEHANTISTEN, card()])
    # Nehantisten #4A235A: relative luminance about 0.03, far below 0.18, so white type.
    assert tuple(word(found, "Aktion")["non_stroking_color"]) == (1, 1, 1)
    # Ka-Mel-Oh! monster yellow #F2C94C: luminance about 0.6, so the dark ink #1E1E1E (30/255).
    assert all(abs(c - 30 / 255) < 0.01 for c in word(found, "Monster")["non_stroking_color"])


def test_six_realmon_categories_print_in_two_rows_of_three():
    found = words([REALMON])
    labels = {name: word(found, name) for name in ("DOM", "ECH", "CHA", "CRU", "GLI", "STA")}
    # Inside the 3 mm safe margin the card is 63 - 6 = 57 mm wide: three 19 mm boxes whose centres
    # are 10.5 + 3 + 9.5 = 23, 42 and 61 mm from the page's left edge.
    for row in (("DOM", "ECH", "CHA"), ("CRU", "GLI", "STA")):
        assert [round(labels[n]["centre_mm"]) for n in row] == [23, 42, 61]
        assert len({round(labels[n]["top_mm"], 1) for n in row}) == 1
    # The second row sits one 6.5 mm box lower.
    assert abs(labels["DOM"]["top_mm"] - labels["CRU"]["top_mm"] - 6.5) < 0.1


def test_rarity_types_classes_and_guilds_print_as_german_words():
    text = " ".join(w["text"] for w in words([NEHANTISTEN, SAND_KNIGHT]))
    assert "sehr selten" in text and "very_rare" not in text
    assert "Kämpfer" in text and "Dämon" in text and "kaempfer" not in text
    assert "Aktion" in text and "Nehantisten" in text and "Wüstennomaden" in text


def test_a_name_too_long_for_the_header_is_cut_inside_the_card():
    long_name = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenträger"
    found = words([card(name=long_name, cost=None)])
    name = next(w for w in found if w["text"].startswith("Donau"))
    assert name["text"].endswith("…")
    # The header panel ends 3 mm inside the trim: 10.5 + 63 - 3 = 70.5 mm.
    assert name["right_mm"] <= 70.5


def test_cards_of_one_colour_share_one_drawn_chrome():
    deck = [PrintCard(card(slug=f"kamel-{i}", name=f"Kamel {i}")) for i in range(3) for _ in range(3)]
    page = PdfReader(io.BytesIO(render_sheet(deck, PrintOptions()))).pages[0]
    faces = [ref.get_object() for ref in page["/Resources"]["/XObject"].values()]
    assert len(faces) == 3  # one form per distinct card, placed three times each
    chromes = {ref.idnum for face in faces for ref in face["/Resources"]["/XObject"].values()}
    assert len(chromes) == 1  # the three yellow monsters share their shapes


def test_every_font_in_the_pdf_is_embedded():
    pdf = render_sheet([PrintCard(card()), PrintCard(NEHANTISTEN)], PrintOptions(backs=True, calibration=True))
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            # No unembedded Helvetica (reportlab's default initial font): print-shop preflights reject it.
            assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()
