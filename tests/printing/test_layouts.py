"""Sheet geometry against numbers worked out by hand (mm, origin at the page's lower left)."""

from __future__ import annotations

import pytest

from printing.layouts import (
    CARD_SIZES,
    PAPERS,
    LayoutError,
    Line,
    PrintOptions,
    Rect,
    card_size,
    paper_size,
    plan_layout,
)

A4, LETTER = PAPERS["a4"], PAPERS["letter"]


def test_poker_cards_on_a4_make_a_centred_3x3_grid():
    # 3 x 63 = 189 <= 210 - 10; 3 x 88 = 264 <= 297 - 10; left (210-189)/2, bottom (297-264)/2.
    layout = plan_layout(PrintOptions())
    assert (layout.columns, layout.rows) == (3, 3)
    assert layout.slot(0) == Rect(10.5, 192.5, 63.0, 88.0)
    assert layout.slot(4) == Rect(73.5, 104.5, 63.0, 88.0)
    assert layout.slot(8) == Rect(136.5, 16.5, 63.0, 88.0)


def test_bleed_widens_each_slot_and_can_cost_a_column():
    # 63 + 2*2 = 67: 3 x 67 = 201 > 200, so 2 columns; 92 x 3 = 276 <= 287.
    layout = plan_layout(PrintOptions(bleed_mm=2))
    assert (layout.columns, layout.rows) == (2, 3)
    assert layout.slot(0) == Rect(38.0, 276.0 + 10.5 - 92.0, 67.0, 92.0)
    assert layout.trim(0) == Rect(40.0, 196.5, 63.0, 88.0)


def test_gap_separates_slots():
    # 3 x 63 + 2 x 4 = 197 <= 200; 3 x 88 + 2 x 4 = 272 <= 287: left 6.5, bottom 12.5.
    layout = plan_layout(PrintOptions(gap_mm=4))
    assert layout.slot(1).x == pytest.approx(6.5 + 63 + 4)
    assert layout.slot(3).y == pytest.approx(12.5 + 88 + 4)


def test_letter_a3_and_custom_papers():
    assert plan_layout(PrintOptions(paper=LETTER)).per_page == 9
    assert (
        plan_layout(PrintOptions(paper=PAPERS["a3"])).columns,
        plan_layout(PrintOptions(paper=PAPERS["a3"])).rows,
    ) == (4, 4)
    custom = paper_size("100x150")
    assert (custom.width, custom.height) == (100.0, 150.0)
    layout = plan_layout(PrintOptions(paper=custom))
    assert (layout.columns, layout.rows) == (1, 1)
    assert layout.slot(0) == Rect(18.5, 31.0, 63.0, 88.0)


def test_card_sizes():
    assert [(s.width, s.height) for s in CARD_SIZES.values()] == [(63, 88), (59, 86), (57, 89), (70, 120)]
    assert card_size("Tarot").height == 120
    assert (card_size("50x70").width, card_size("50x70").height) == (50, 70)


@pytest.mark.parametrize("value", ["b5", "", "10x", "a4; rm"])
def test_unknown_paper_is_refused_naming_the_choices(value):
    with pytest.raises(LayoutError, match="a4, letter, a3"):
        paper_size(value)


def test_a_custom_size_of_zero_is_refused():
    with pytest.raises(LayoutError, match="above 0"):
        paper_size("0x10")


def test_3x3_with_1mm_bleed_on_letter_names_the_largest_bleed():
    # Letter height 279.4 - 10 = 269.4; 269.4 / 3 = 89.8 = 88 + 2 x 0.9.
    with pytest.raises(LayoutError) as error:
        plan_layout(PrintOptions(paper=LETTER, bleed_mm=1, grid=(3, 3)))
    message = str(error.value)
    assert "largest bleed for 3x3 on Letter is 0.9 mm" in message
    assert "3x2 fit" in message


def test_a_card_larger_than_the_paper_names_a_paper_that_fits():
    with pytest.raises(LayoutError, match="Letter .* fits 1x1"):
        plan_layout(PrintOptions(paper=paper_size("100x100"), card=CARD_SIZES["tarot"]))


def test_too_wide_gap_names_the_largest_gap():
    # 3 x 63 + 2g <= 200  ->  g <= 5.5; rows: 3 x 88 + 2g <= 287 -> g <= 11.5.
    with pytest.raises(LayoutError, match="largest gap is 5.5 mm"):
        plan_layout(PrintOptions(gap_mm=6, grid=(3, 3)))


@pytest.mark.parametrize(
    "options",
    [PrintOptions(bleed_mm=-1), PrintOptions(gap_mm=-0.5), PrintOptions(margin_mm=4), PrintOptions(bleed_mm=11)],
)
def test_out_of_range_lengths_are_refused(options):
    with pytest.raises(LayoutError, match="must be between"):
        plan_layout(options)


def test_long_edge_backs_mirror_left_and_right():
    layout = plan_layout(PrintOptions(backs=True))
    # Slot 0 (left column, top row) is behind the right column of the back page: 210 - 73.5.
    assert layout.back_slot(0) == Rect(136.5, 192.5, 63.0, 88.0)
    assert layout.back_slot(5) == Rect(10.5, 104.5, 63.0, 88.0)


def test_short_edge_backs_mirror_top_and_bottom():
    layout = plan_layout(PrintOptions(backs=True, duplex="short"))
    assert layout.back_slot(0) == Rect(10.5, 16.5, 63.0, 88.0)


def test_long_edge_on_landscape_paper_mirrors_top_and_bottom():
    layout = plan_layout(PrintOptions(paper=paper_size("297x210"), backs=True))
    first = layout.slot(0)
    assert layout.back_slot(0) == Rect(first.x, 210 - first.top, 63.0, 88.0)


def test_back_offset_moves_every_back():
    layout = plan_layout(PrintOptions(backs=True, back_offset_mm=(1.0, -0.5)))
    assert layout.back_slot(0) == Rect(137.5, 192.0, 63.0, 88.0)


def test_crop_marks_continue_the_trim_lines_outside_the_grid():
    layout = plan_layout(PrintOptions())
    marks = layout.crop_marks()
    # 4 distinct x trims (10.5, 73.5, 136.5, 199.5) and 4 y trims, each marked on both sides.
    assert len(marks) == 16
    assert Line(10.5, 281.5, 10.5, 284.5) in marks
    assert Line(199.5, 15.5, 199.5, 12.5) in marks
    assert Line(9.5, 16.5, 6.5, 16.5) in marks
    assert Line(200.5, 280.5, 203.5, 280.5) in marks


def test_crop_marks_with_bleed_mark_the_trim_not_the_bleed():
    layout = plan_layout(PrintOptions(bleed_mm=2))
    xs = sorted({m.x1 for m in layout.crop_marks() if m.x1 == m.x2})
    assert xs == [40.0, 103.0, 107.0, 170.0]
