"""The conformance harness every game's engine must pass (issue 7, item 6).

``check_conformance(game, decks, variant=..., seed=...)`` plays one random playout and checks at
every step that:

- the legal actions of the player to act are unique and sorted by id, the other player has none;
- every legal action applies (each on a fresh copy restored from JSON);
- the state round-trips through JSON (``to_json`` -> ``from_json`` -> ``to_json`` is identical);
- every card is in exactly one zone, and no card appears or vanishes (``card_zones``, when offered);
- permuting what a player cannot see (``reshuffle_hidden``, when offered) changes neither their
  view nor their legal actions;
- the match ends within ``max_actions``.

``check_replay_across_hashseeds`` replays a playout in fresh interpreters under different
``PYTHONHASHSEED`` values and compares the final states. A failure names the seed and the actions.
Run as ``python -m tests.engine.conformance`` it reads a replay request on stdin (used internally).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core.match import DeckCard, Game, Match
from engine.core.rng import SeededRandom

ROOT = Path(__file__).resolve().parents[2]


class ConformanceError(AssertionError):
    """A conformance check failed; the message carries the seed and the actions to replay it."""


def _fail(what: str, seed: int, actions: Sequence[str]) -> ConformanceError:
    return ConformanceError(f"{what}\n  seed={seed}\n  actions={json.dumps(list(actions))}")


def _digest(match: Match) -> str:
    return hashlib.sha256(json.dumps(match.to_json(), sort_keys=True).encode()).hexdigest()


def _check_legal(match: Match) -> list[Any]:
    to_act = match.to_act
    assert to_act is not None
    legal = match.legal_actions(to_act)
    ids = [a.id for a in legal]
    assert ids, f"player {to_act} must act but has no legal action"
    assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
    assert ids == sorted(ids), f"legal actions not sorted by id: {ids}"
    assert match.legal_actions(1 - to_act) == [], "the player not to act has legal actions"
    return legal


def _check_round_trip(game: Game, match: Match) -> None:
    data = json.loads(json.dumps(match.to_json()))
    again = game.from_json(data)
    assert again.to_json() == match.to_json(), "state does not round-trip through JSON"
    assert again.view(None) == match.view(None), "restored match shows another view"


def _check_every_action_applies(game: Game, match: Match, legal: Sequence[Any]) -> None:
    data = match.to_json()
    for action in legal:
        copy = game.from_json(data)
        copy.apply(match.to_act or 0, action.id)  # must not raise


def _check_zones(match: Match, cards: set[str]) -> None:
    zones = getattr(match, "card_zones", None)
    if zones is None:
        return
    seen: list[str] = [cid for ids in zones().values() for cid in ids]
    assert len(seen) == len(set(seen)), "a card is in two zones"
    assert set(seen) == cards, f"cards appeared or vanished: {sorted(set(seen) ^ cards)[:5]}"


def _check_hidden(match: Match, seed: int) -> None:
    reshuffle = getattr(match, "reshuffle_hidden", None)
    if reshuffle is None:
        return
    for viewer in (0, 1):
        other: Match = reshuffle(viewer, seed)
        assert other.view(viewer) == match.view(viewer), f"hidden cards show in player {viewer}'s view"
        mine = [a.to_json() for a in match.legal_actions(viewer)]
        assert [a.to_json() for a in other.legal_actions(viewer)] == mine, (
            f"hidden cards change player {viewer}'s legal actions"
        )


def random_playout(
    game: Game,
    decks: Sequence[Sequence[DeckCard]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 5000,
    check: bool = True,
    apply_all_every: int = 1,
) -> tuple[Match, list[str]]:
    """Play random legal actions to the end, checking conformance at every step when ``check``."""
    match = game.new_match(decks, variant=variant, seed=seed, options=options or {})
    rng = SeededRandom(seed)
    actions: list[str] = []
    zones = getattr(match, "card_zones", None)
    cards = {cid for ids in zones().values() for cid in ids} if zones else set()
    while match.outcome() is None:
        try:
            if len(actions) >= max_actions:
                raise AssertionError(f"no end after {max_actions} actions")
            legal = _check_legal(match) if check else match.legal_actions(match.to_act or 0)
            if check:
                _check_round_trip(game, match)
                _check_zones(match, cards)
                _check_hidden(match, seed + len(actions))
                if len(actions) % apply_all_every == 0:
                    _check_every_action_applies(game, match, legal)
            action = rng.choice(legal)
            match.apply(match.to_act or 0, action.id)
            actions.append(action.id)
        except AssertionError as error:
            raise _fail(str(error), seed, actions) from error
    return match, actions


def check_conformance(game: Game, decks: Sequence[Sequence[DeckCard]], **playout: Any) -> Match:
    """One checked random playout (``random_playout``'s keywords: variant, seed, options,
    max_actions); raises ConformanceError naming the seed and actions."""
    match, _ = random_playout(game, decks, **playout)
    return match


def _decks_json(decks: Sequence[Sequence[DeckCard]]) -> list[list[dict[str, Any]]]:
    return [[{"card": dict(d.card), "count": d.count, "section": d.section} for d in deck] for deck in decks]


def check_replay_across_hashseeds(
    game_path: str,
    decks: Sequence[Sequence[DeckCard]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    hashseeds: Sequence[str] = ("0", "1", "4242"),
) -> str:
    """Replay a random playout of ``game_path`` (``module:attribute`` naming a Game) in fresh
    interpreters under several PYTHONHASHSEEDs; the final states must be identical."""
    request = {"game": game_path, "decks": _decks_json(decks), "variant": variant, "seed": seed, "options": options}
    digests = {}
    for hashseed in hashseeds:
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run(
            [sys.executable, "-m", "tests.engine.conformance"],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=False,
        )
        if done.returncode != 0:
            raise ConformanceError(f"replay failed under PYTHONHASHSEED={hashseed}: {done.stderr[-2000:]}")
        digests[hashseed] = done.stdout.strip()
    if len(set(digests.values())) != 1:
        raise ConformanceError(f"replays differ across PYTHONHASHSEED: {digests}\n  seed={seed}")
    return next(iter(digests.values()))


def _load_game(path: str) -> Game:
    module, _, attribute = path.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split("."):
        found = getattr(found, part)
    game: Game = found
    return game


def _replay_from_stdin() -> None:
    request = json.loads(sys.stdin.read())
    decks = [[DeckCard(d["card"], d["count"], d["section"]) for d in deck] for deck in request["decks"]]
    match, _ = random_playout(
        _load_game(request["game"]),
        decks,
        variant=request["variant"],
        seed=request["seed"],
        options=request["options"],
        check=False,
    )
    print(_digest(match))


if __name__ == "__main__":
    _replay_from_stdin()
