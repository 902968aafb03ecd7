"""Golden replays: one file per game and variant (``tests/engine/golden/<game>/<variant>.json``) with a
seed, the seats, a random playout's actions and the sha256 of its final state (python-chess's perft
files, for whole matches). The test replays each file: a rules change that alters stored replays
shows as a changed digest, and must come with a higher ``rules_version`` on the game (stored
matches record the version they were played under) and the files written anew::

    python -m tests.engine.golden --write            # every game with an engine
    python -m tests.engine.golden --write duel       # one game
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import tests.settings  # noqa: F401  (its GAME_PACKAGES: the toy game, when run as a script)
from engine.core.definition import GameDefinition
from engine.games import all_games, get_game
from tests.engine.conformance import digest, random_playout, sample_decks_for

FOLDER = Path(__file__).parent / "golden"
SEED = 20261201


def golden_path(game: str, variant: str) -> Path:
    """Where the golden replay of ``game``/``variant`` lives."""
    return FOLDER / game / f"{variant}.json"


def golden_files() -> list[Path]:
    """Every golden replay file, sorted."""
    return sorted(FOLDER.glob("*/*.json"))


def record(definition: GameDefinition, variant: str) -> dict[str, Any]:
    """A new golden replay of ``variant``: a random playout at its smallest seat count (two where it
    takes two), the sample decks, and the final state's digest."""
    declared = definition.engine.variant(variant)
    seats = max(declared.min_players, min(2, declared.max_players))
    decks = sample_decks_for(definition, variant, seats)
    match, actions = random_playout(definition.engine, decks, variant=variant, seed=SEED, check=False)
    return {
        "game": definition.slug,
        "variant": variant,
        "rules_version": definition.engine.rules_version,
        "seats": seats,
        "decks": "the bundled sample decks of the variant's format, one per seat in turn",
        "seed": SEED,
        "options": {},
        "actions": actions,
        "sha256": digest(match),
    }


def replay(golden: dict[str, Any]) -> str:
    """The digest of the final state when the golden file's actions are replayed today."""
    definition = get_game(golden["game"])
    decks = sample_decks_for(definition, golden["variant"], golden["seats"])
    engine = definition.engine
    match = engine.new_match(decks, variant=golden["variant"], seed=golden["seed"], options=golden["options"])
    for action in golden["actions"]:
        match.apply(match.to_act, action)
    return digest(match)


def write(games: list[str]) -> None:
    """Write the golden files of ``games`` (all games with an engine when empty)."""
    for definition in all_games():
        if definition.engine is None or games and definition.slug not in games:
            continue
        for variant in definition.engine.variants:
            path = golden_path(definition.slug, variant.slug)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(record(definition, variant.slug), indent=1) + "\n", encoding="utf-8")
            print(f"wrote {path.relative_to(FOLDER.parent.parent.parent)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record the golden replays anew")
    parser.add_argument("games", nargs="*")
    arguments = parser.parse_args()
    if not arguments.write:
        parser.error("say --write to record the golden replays anew")
    write(arguments.games)
