"""PDF print sheets measured after rendering: sizes and positions to 0.1 mm, pages, backs, marks.

Every expected number is worked out by hand in the comments, not taken from the layout code.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printing.layouts import PAPERS, LayoutError, PrintOptions, paper_size
from printing.pdf import PrintCard, render_sheet
from tests.printing.helpers import card, near, pages, sized


def cards(n: int, **extra) -> list[PrintCard]:
    return [PrintCard(card(slug=f"kamel-{i}", name=f"Kamel {i}", **extra)) for i in range(n)]


def test_poker_faces_on_a4_cover_exact_63x88_slots_in_a_centred_grid():
    page = pages(render_sheet(cards(9), PrintOptions()))[0]
    assert near(page["size"], (210.0, 297.0))
    slots = sized(page["rects"], 63.0, 88.0)
    assert len(slots) == 9
    # (210 - 3*63) / 2 = 10.5 from the left, (297 - 3*88) / 2 = 16.5 from the bottom.
    assert near(slots[0], (10.5, 192.5, 63.0, 88.0))
    assert near(slots[4], (73.5, 104.5, 63.0, 88.0))
    assert near(slots[8], (136.5, 16.5, 63.0, 88.0))


def test_bleed_makes_each_face_trim_plus_bleed_on_each_side():
    page = pages(render_sheet(cards(6), PrintOptions(bleed_mm=3)))[0]
    # 63 + 6 = 69 wide: 3 x 69 = 207 > 200, so 2 columns, (210 - 138) / 2 = 36 from the left;
    # 88 + 6 = 94 high: 3 rows = 282 <= 287, (297 - 282) / 2 = 7.5 from the bottom.
    slots = sized(page["rects"], 69.0, 94.0)
    assert len(slots) == 6
    assert near(slots[0], (36.0, 7.5 + 188.0, 69.0, 94.0))
    assert near(slots[1], (105.0, 195.5, 69.0, 94.0))


def test_gap_between_faces():
    page = pages(render_sheet(cards(2), PrintOptions(gap_mm=5)))[0]
    # 3 x 63 + 2 x 5 = 199 <= 200: left (210 - 199) / 2 = 5.5, second column at 5.5 + 68.
    slots = sized(page["rects"], 63.0, 88.0)
    assert near((slots[0][0], slots[1][0]), (5.5, 73.5))


def test_page_count_follows_the_grid():
    assert len(pages(render_sheet(cards(20), PrintOptions()))) == 3  # 9 + 9 + 2
    assert len(pages(render_sheet(cards(20), PrintOptions(backs=True)))) == 6
    assert len(pages(render_sheet(cards(20), PrintOptions(backs=True, calibration=True)))) == 8
    assert len(pages(render_sheet(cards(20), PrintOptions(paper=PAPERS["a3"])))) == 2  # 16 per A3 sheet


@pytest.mark.parametrize(
    ("paper", "size"),
    [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4)), ("a3", (297.0, 420.0)), ("150x200", (150.0, 200.0))],
)
def test_paper_sizes(paper, size):
    assert near(pages(render_sheet(cards(1), PrintOptions(paper=paper_size(paper))))[0]["size"], size)


def test_long_edge_backs_land_behind_their_faces():
    faces, backs = pages(render_sheet(cards(2), PrintOptions(backs=True)))
    face_slots, back_slots = sized(faces["rects"], 63, 88), sized(backs["rects"], 63, 88)
    assert len(back_slots) == 2
    # Turned over its long edge, x becomes 210 - x - 63: 10.5 -> 136.5 and 73.5 -> 73.5.
    assert near(face_slots[0], (10.5, 192.5, 63, 88)) and near(face_slots[1], (73.5, 192.5, 63, 88))
    assert {round(b[0], 1) for b in back_slots} == {136.5, 73.5}
    assert all(abs(b[1] - 192.5) <= 0.1 for b in back_slots)


def test_short_edge_backs_mirror_top_and_bottom_and_the_offset_moves_them():
    _faces, backs = pages(render_sheet(cards(1), PrintOptions(backs=True, duplex="short", back_offset_mm=(0.5, 1.0))))
    # The top-left face's back is bottom-left: y = 297 - 280.5 = 16.5; plus the offset (0.5, 1.0).
    assert near(sized(backs["rects"], 63, 88)[0], (11.0, 17.5, 63, 88))


def test_each_back_has_its_games_design():
    mixed = [PrintCard(card()), PrintCard(card(game="eredan", slug="iro", name="Iro", type="character"))]
    _faces, backs = pages(render_sheet(mixed, PrintOptions(backs=True)))
    assert "Ka-Mel-Oh!" in backs["text"] and "Eredan" in backs["text"]


def test_crop_marks_continue_the_cut_lines_outside_the_grid():
    page = pages(render_sheet(cards(9), PrintOptions()))[0]
    vertical = sorted({round(ln[0], 1) for ln in page["lines"] if abs(ln[0] - ln[2]) < 0.01})
    horizontal = sorted({round(ln[1], 1) for ln in page["lines"] if abs(ln[1] - ln[3]) < 0.01})
    assert vertical == [10.5, 73.5, 136.5, 199.5]
    assert horizontal == [16.5, 104.5, 192.5, 280.5]
    # The grid spans y 16.5-280.5; marks run 1 to 4 mm beyond it, never over a card.
    top_mark = [ln for ln in page["lines"] if abs(ln[0] - 10.5) < 0.1 and ln[1] > 280]
    assert near(top_mark[0], (10.5, 281.5, 10.5, 284.5))
    for x0, y0, x1, y1 in page["lines"]:
        assert not (10.5 < (x0 + x1) / 2 < 199.5 and 16.5 < (y0 + y1) / 2 < 280.5)


def test_crop_marks_with_bleed_mark_the_trim_and_can_be_switched_off():
    page = pages(render_sheet(cards(6), PrintOptions(bleed_mm=2)))[0]
    # Slots of 67 mm from x = 38: trims at 40-103 and 107-170.
    assert sorted({round(ln[0], 1) for ln in page["lines"] if abs(ln[0] - ln[2]) < 0.01}) == [40.0, 103.0, 107.0, 170.0]
    assert pages(render_sheet(cards(6), PrintOptions(crop_marks=False)))[0]["lines"] == []


def test_calibration_page_has_100mm_rulers_and_a_card_outline():
    calibration = pages(render_sheet(cards(1), PrintOptions(calibration=True)))[0]
    lengths = [(ln[2] - ln[0], ln[3] - ln[1]) for ln in calibration["lines"]]
    assert any(abs(w - 100) <= 0.1 and abs(h) < 0.01 for w, h in lengths)
    assert any(abs(h - 100) <= 0.1 and abs(w) < 0.01 for w, h in lengths)
    # One millimetre tick per step: 101 ticks on each ruler.
    assert sum(1 for w, h in lengths if abs(w) < 0.01 and 1.9 < h < 5.1) >= 101
    assert near(sized(calibration["rects"], 63, 88)[0], (10.5, 192.5, 63, 88))


def test_calibration_back_shows_where_the_first_back_lands():
    _front, back = pages(render_sheet(cards(1), PrintOptions(calibration=True, backs=True, back_offset_mm=(1, 0))))[:2]
    assert near(sized(back["rects"], 63, 88)[0], (137.5, 192.5, 63, 88))


def test_markup_in_user_text_prints_literally_and_reads_no_file():
    tricky = card(name="<b>Fett</b>", text='<img src="/etc/passwd"/> <font color=red>rot</font> &amp;')
    pdf = render_sheet([PrintCard(tricky)], PrintOptions())
    text = pages(pdf)[0]["text"]
    assert "<b>Fett</b>" in text
    flowing = " ".join(text.split())  # the rules text wraps over lines
    assert '<img src="/etc/passwd"/>' in flowing and "<font color=red>rot</font>" in flowing and "&amp;" in flowing
    assert b"root:" not in pdf
    assert not PdfReader(io.BytesIO(pdf)).pages[0].images


def test_german_glyphs_are_drawn_with_an_embedded_font():
    pdf = render_sheet([PrintCard(card(name="Größenwahn ẞ", text="Äpfel, Öl, Übermut, Fuß."))], PrintOptions())
    text = pages(pdf)[0]["text"]
    assert "Größenwahn ẞ" in text and "Äpfel, Öl, Übermut, Fuß." in text
    reader = PdfReader(io.BytesIO(pdf))
    fonts = [f.get_object() for f in reader.pages[0]["/Resources"]["/Font"].values()]
    # The text uses the DejaVu subsets (a regular and a bold one).
    dejavu = [f for f in fonts if "DejaVuSansCondensed" in str(f["/BaseFont"])]
    assert len(dejavu) >= 2
    assert all("/FontFile2" in f["/FontDescriptor"].get_object() for f in dejavu)  # embedded TrueType


def test_metadata_and_viewer_preferences():
    deck = cards(1) * 2 + [PrintCard(card(game="eredan", slug="iro", name="Iro", type="character"))]
    reader = PdfReader(io.BytesIO(render_sheet(deck, PrintOptions(title="Mein Deck", backs=True))))
    assert reader.metadata.title == "Mein Deck"
    assert "2x Kamel 0 (kamelo/kamel-0)" in reader.metadata.subject and "1x Iro (eredan/iro)" in reader.metadata.subject
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    simplex = PdfReader(io.BytesIO(render_sheet(deck, PrintOptions()))).trailer["/Root"]["/ViewerPreferences"]
    assert simplex["/PrintScaling"] == "/None" and "/Duplex" not in simplex


def test_card_images_fill_the_slot_and_are_embedded_once_as_the_original_jpeg(tmp_path: Path):
    image = tmp_path / "kamel.jpg"
    Image.new("RGB", (300, 420), (200, 120, 40)).save(image, "JPEG", quality=80)
    deck = [PrintCard(card(), image=image)] * 9
    pdf = render_sheet(deck, PrintOptions(bleed_mm=1))
    placed = sized(pages(pdf)[0]["images"], 65, 90)
    # 65 mm slots: 3 x 65 = 195 <= 200, left 7.5; 3 x 90 = 270 <= 287, bottom 13.5, top row 193.5.
    assert len(placed) == 9
    assert near(placed[0], (7.5, 193.5, 65, 90))
    reader = PdfReader(io.BytesIO(pdf))
    xobjects = {obj.idnum for page in reader.pages for obj in page["/Resources"]["/XObject"].values()}
    assert len(xobjects) == 1
    stream = next(iter(reader.pages[0]["/Resources"]["/XObject"].values())).get_object()
    assert "/DCTDecode" in stream["/Filter"] and stream._data == image.read_bytes()


def test_a_missing_image_file_falls_back_to_the_vector_face(tmp_path: Path):
    page = pages(render_sheet([PrintCard(card(), image=tmp_path / "gone.jpg")], PrintOptions()))[0]
    assert page["images"] == [] and len(sized(page["rects"], 63, 88)) == 1


def test_repeated_cards_share_one_drawn_face():
    pdf = render_sheet(cards(1) * 9, PrintOptions())
    forms = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/XObject"]
    assert len(forms) == 1


def test_progress_is_reported_after_every_sheet():
    seen: list[tuple[int, int]] = []
    render_sheet(cards(20), PrintOptions(), lambda done, total: seen.append((done, total)))
    assert seen == [(9, 20), (18, 20), (20, 20)]


def test_every_game_has_a_face():
    faces = [
        card(game="kamelo", slug="k", type="special_item", attributes={"hk": 1}),
        card(
            game="eredan",
            slug="e",
            type="character",
            guilds=["kotoba", "zil"],
            attributes={
                "attack": 3,
                "defense": 1,
                "health": 12,
                "spirit": 2,
                "classes": ["magier"],
                "race": "Mensch",
                "order": 1,
            },
        ),
        card(
            game="realmon",
            slug="r",
            attributes={
                "stage": 3,
                "realm": 20,
                "dominanz": 4,
                "echo": 3,
                "chaos": 2,
                "crunch": 1,
                "glitch": 5,
                "stability": 6,
            },
        ),
        card(game="duel", slug="d", type="creature", attributes={"attack": 4, "defense": 3}),
        card(
            game="muhq",
            slug="m",
            type="unit",
            attributes={"attack": 2, "range": 3, "health": 5, "movement": 2, "upkeep": 1},
        ),
    ]
    page = pages(render_sheet([PrintCard(c) for c in faces], PrintOptions()))[0]
    assert len(sized(page["rects"], 63, 88)) == 5
    for label in ("Spezialgegenstand", "GEI", "GLI", "ANG", "RW"):
        assert label in page["text"]


def test_settings_that_do_not_fit_raise_before_drawing():
    with pytest.raises(LayoutError, match="0.9 mm"):
        render_sheet(cards(1), PrintOptions(paper=PAPERS["letter"], bleed_mm=1, grid=(3, 3)))
