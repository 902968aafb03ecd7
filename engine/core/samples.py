"""Sample decks bundled with each game, for every format (api.md: ``GET games/`` lists them).

A sample is a deck-list file ``engine/games/<game>/data/samples/<format-name>-<n>.txt`` in the
list syntax of api.md whose first line is ``# <deck name>``. Samples are data: a test resolves
every one against the bundled cards and validates it in its format (it must be legal).
"""

from __future__ import annotations

import re
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
_FORMAT_SLUG = re.compile(r"^(?P<game>[a-z]+)/(?P<name>[a-z0-9-]+)$")


def sample_files(format_slug: str, *, root: Path = GAMES_DIR) -> list[Path]:
    """The sample files of ``format_slug`` (``"eredan/standard"``), in the order of their number.

    Raises ValueError for a slug that is not ``game/name`` (so no path can escape ``root``)."""
    match = _FORMAT_SLUG.match(format_slug)
    if match is None:
        raise ValueError(f"{format_slug!r} is not a format slug such as 'eredan/standard'")
    folder = root / match["game"] / "data" / "samples"
    pattern = re.compile(rf"^{re.escape(match['name'])}-(\d+)\.txt$")
    numbered = [(int(m[1]), p) for p in folder.glob("*.txt") if (m := pattern.match(p.name))]
    return [path for _, path in sorted(numbered)]


def read_sample(path: Path) -> dict[str, str]:
    """``{"name", "list"}`` of one sample file: the name from its ``# `` first line (else the file
    name), the list is the rest of the text."""
    text = path.read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    if first.startswith("#"):
        return {"name": first.lstrip("#").strip(), "list": rest.strip() + "\n"}
    return {"name": path.stem, "list": text}


def sample_decks(format_slug: str, *, root: Path = GAMES_DIR) -> list[dict[str, str]]:
    """Every bundled sample deck of ``format_slug`` as ``{"name", "list"}`` (empty when none)."""
    return [read_sample(path) for path in sample_files(format_slug, root=root)]
