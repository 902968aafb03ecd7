"""Print sheet benchmark (issue 6 item 7): BENCH print.540_s, print.540_ratio_vs_floor, print.540_mb.

Workloads, all on A4 poker 3x3 with crop marks, from the bundled card sets (synthetic cards fill
up where the bundled sets have fewer than needed):

- ``60``: one deck, 20 distinct cards x 3 copies, vector faces;
- ``540``: nine such decks (180 distinct cards x 3), vector faces: the headline figure;
- ``540_distinct``: 540 different cards, the worst case (no face is drawn twice);
- ``60_images``: one deck whose cards have 300 dpi JPEG images;
- the floor: reportlab drawing 540 bare slot-sized rectangles, each with the card's name in the
  same embedded font, 9 to a page: what any PDF of 540 cards costs at least. Fair terms: the
  same canvas (``new_canvas``: page size, Flate compression, initial font), the same binary
  streams (no ASCII85), the same 60 pages.

The workloads take turns, ``REPEAT`` rounds, so that a busy machine slows them alike; each
figure is the best round (wall clock), and ratios compare figures of the same run. The CPU
ratio (process time, best round) is printed too: on a shared machine it moves less.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image
from reportlab import rl_config
from reportlab.lib.units import mm

from engine.games import all_games
from printing.faces import register_fonts
from printing.faces.base import FONT
from printing.layouts import PrintOptions, plan_layout
from printing.pdf import PrintCard, new_canvas, render_sheet

REPEAT = 9
COPIES = 3
OPTIONS = PrintOptions(title="Benchmark")


def bundled_pool() -> list[dict[str, Any]]:
    """Every bundled card of the five games, with its ``game`` as the API's card dicts carry it."""
    return [{**card, "game": game.slug} for game in all_games() for card in game.bundled_cards()]


def synthetic(i: int) -> dict[str, Any]:
    """A stand-in card when the bundled sets run short."""
    return {
        "game": "kamelo",
        "slug": f"synthetic-{i}",
        "name": f"Synthetisches Kamel {i}",
        "type": "monster",
        "cost": i % 6,
        "rarity": "common",
        "set": {"code": "bench"},
        "text": "Wenn dieses Monster angreift, erhält es für diese Runde +10 AP. Danach kehrt es zurück.",
        "attributes": {"ap": 30, "dp": 20, "lp": 150, "hk": 2},
    }


def distinct_cards(pool: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """``n`` different cards: the bundled ones first, then synthetic ones."""
    return (pool + [synthetic(i) for i in range(max(0, n - len(pool)))])[:n]


def decks(pool: list[dict[str, Any]], n: int, images: dict[str, Path] | None = None) -> list[PrintCard]:
    """``n`` cards as decks: each distinct card three times in a row, as a deck list prints."""
    chosen = distinct_cards(pool, n // COPIES)
    return [PrintCard(card, (images or {}).get(card["slug"])) for card in chosen for _ in range(COPIES)]


def make_images(cards: list[PrintCard], folder: Path) -> dict[str, Path]:
    """A 300 dpi JPEG (744 x 1039 px) per distinct card, with some detail so JPEG has work."""
    paths: dict[str, Path] = {}
    for i, card in enumerate({c.card["slug"]: c for c in cards}.values()):
        image = Image.effect_noise((744, 1039), 40 + i).convert("RGB")
        path = folder / f"{card.card['slug']}.jpg"
        image.save(path, "JPEG", quality=85)
        paths[card.card["slug"]] = path
    return paths


def floor(cards: list[PrintCard]) -> bytes:
    """Bare slot rectangles with the card name, in the same font and grid: the least a sheet costs."""
    layout = plan_layout(OPTIONS)
    rl_config.useA85 = 0  # as render_sheet sets it
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, OPTIONS)
    for i, card in enumerate(cards):
        slot = layout.slot(i % layout.per_page)
        canvas.rect(slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm, stroke=1, fill=0)
        canvas.setFont(FONT, 9)
        canvas.drawString((slot.x + 3) * mm, (slot.top - 7) * mm, str(card.card["name"]))
        if i % layout.per_page == layout.per_page - 1:
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def rounds(workloads: dict[str, Callable[[], bytes]]) -> dict[str, tuple[float, float, bytes]]:
    """Each workload's best wall time, best CPU time and output over REPEAT interleaved rounds."""
    wall: dict[str, list[float]] = {name: [] for name in workloads}
    cpu: dict[str, list[float]] = {name: [] for name in workloads}
    out: dict[str, bytes] = {}
    for _ in range(REPEAT):
        for name, run in workloads.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            out[name] = run()
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
    return {name: (min(wall[name]), min(cpu[name]), out[name]) for name in workloads}


def report(name: str, value: float, unit: str) -> None:
    print(f"BENCH print.{name} {value:.3f} {unit}")


def main() -> None:
    register_fonts()
    pool = bundled_pool()
    deck60, deck540 = decks(pool, 60), decks(pool, 540)
    spread540 = [PrintCard(card) for card in distinct_cards(pool, 540)]
    with tempfile.TemporaryDirectory() as folder:
        images = make_images(deck60, Path(folder))
        with_images = decks(pool, 60, images)
        results = rounds(
            {
                "60": lambda: render_sheet(deck60, OPTIONS),
                "540": lambda: render_sheet(deck540, OPTIONS),
                "540_distinct": lambda: render_sheet(spread540, OPTIONS),
                "60_images": lambda: render_sheet(with_images, OPTIONS),
                "floor_540": lambda: floor(deck540),
            }
        )
        image_bytes = sum(p.stat().st_size for p in images.values())
    print(f"# bundled cards: {len(pool)}")
    for name, (seconds, _cpu, pdf) in results.items():
        report(f"{name}_s", seconds, "s")
        report(f"{name}_mb", len(pdf) / 1e6, "MB")
    floor_s, floor_cpu = results["floor_540"][:2]
    report("540_ratio_vs_floor", results["540"][0] / floor_s, "x")
    report("540_cpu_ratio_vs_floor", results["540"][1] / floor_cpu, "x")
    report("540_distinct_ratio_vs_floor", results["540_distinct"][0] / floor_s, "x")
    report("60_images_vs_jpeg_bytes", len(results["60_images"][2]) / image_bytes, "x")


if __name__ == "__main__":
    main()
