"""Sample decks bundled with each game, for every format (api.md: ``GET games/`` lists them).

A sample is a deck-list file ``<game package>/data/samples/<format-name>-<n>.txt`` in the
list syntax of api.md whose first line is ``# <deck name>``. Samples are data: a test resolves
every one against the bundled cards and validates it in its format (it must be legal).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core.decklist import CardIndex, parse_deck_list
from engine.core.match import DeckCard

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
_FORMAT_SLUG = re.compile(r"^(?P<game>[a-z]+)/(?P<name>[a-z0-9-]+)$")


def sample_files(format_slug: str, *, root: Path = GAMES_DIR) -> list[Path]:
    """The sample files of ``format_slug`` (``"eredan/standard"``), in the order of their number.

    Raises ValueError for a slug that is not ``game/name`` (so no path can escape ``root``)."""
    match = _FORMAT_SLUG.match(format_slug)
    if match is None:
        raise ValueError(f"{format_slug!r} is not a format slug 'game/name'")
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


def match_deck(cards: Sequence[Mapping[str, Any]], text: str) -> list[DeckCard]:
    """A deck list resolved against a game's cards, as a match deals it (no sideboard).

    Raises ValueError naming the first problem (a bad line, an unknown or ambiguous name): the
    caller checks the format's rules itself where it needs them (the service does)."""
    entries, problems = CardIndex(cards).resolve(parse_deck_list(text))
    if problems:
        raise ValueError("; ".join(p.message for p in problems))
    return [DeckCard(card=e.card, count=e.count, section=e.section) for e in entries if e.section != "side"]


def sample_match_decks(
    cards: Sequence[Mapping[str, Any]], format_slug: str, seats: int, *, root: Path = GAMES_DIR
) -> list[list[DeckCard]]:
    """One bundled sample deck of ``format_slug`` per seat (the samples in turn: 1, 2, 1, ...);
    ``root`` is the folder of the game's package (a game outside engine/games has its own)."""
    samples = sample_decks(format_slug, root=root)
    if not samples:
        raise ValueError(f"{format_slug} has no sample deck")
    return [match_deck(cards, samples[seat % len(samples)]["list"]) for seat in range(seats)]
