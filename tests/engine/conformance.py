"""The conformance harness every game's engine must pass (OpenSpiel's idea: one set of checks for
every game), run by tests/engine/test_conformance.py over every game with an engine, every variant
and every number of seats the variant takes, with the bundled sample decks.

``check_declarations(game_definition)``: the engine declares its variants (each with a deck format
of the game, 1-4 seats), AI behaviours (``random`` and ``greedy`` at least), termination codes and
a ``rules_version``; its matches are ``BaseMatch``es with every hidden-information hook.

``random_playout(engine, decks, ...)`` plays random legal actions to the end (a playout that does
not end within ``max_actions`` fails) and checks at every step that:

- the legal actions of the seat to act are unique and sorted by id, every other seat has none;
- an unlisted action, or a legal one sent by another seat, raises IllegalActionError and changes
  nothing; every legal action applies (each on a fresh copy restored from JSON);
- every AI behaviour returns one of the legal actions (from the acting seat's own ``ai_view``) and
  leaves that view as it was (its parts may be shared from call to call);
- ``public_action`` gives every legal action an ``{id, label, params}`` shape;
- every view (each seat's and a spectator's) carries the keys api.md fixes for the game, and its
  ``ai_view`` is the same view (but that it may leave out ``AI_VIEW_OMITS``), on the match and on
  a determinized copy (which shares the match's ``memo``); ``standing()`` (what ``mcts`` scores a
  cut-off playout by) gives every seat a finite figure and changes nothing;
- the state round-trips through JSON, and every card is in exactly one zone (none appears or vanishes);
- a copy restored with its keys reordered the way PostgreSQL's jsonb stores them (``jsonb_order``)
  lists the same actions and plays the chosen one to the same state: no rule may depend on the
  insertion order of a dict, since every request restores the match from the database;
- no card of another seat's running draft picks (``card_zones`` ``p<seat>.picks``) shows in a
  seat's or a spectator's view or legal actions, not even by id (``check_private_zones``);
- permuting what a seat cannot see (``reshuffle_hidden``; one seat per step, each in turn) changes neither its view nor its legal
  actions, really changes something whenever that seat cannot see enough cards to permute, and
  depends only on what the seat knows (a permuted copy reshuffles to the same state: search
  players sample with it, so their choices cannot depend on hidden cards);
- the outcome names a declared termination, seats that exist and one point figure per seat.

``check_opaque_ids`` deals several seeds: card ids must tell neither the card nor where it lay.
``check_restore_continues`` restores a copy midway and plays on: the end must be bit for bit the same.
``check_replay_across_hashseeds`` replays a playout in fresh interpreters under several
``PYTHONHASHSEED`` values. A failure names the seed and the actions to replay it.
Run as ``python -m tests.engine.conformance`` it reads a replay request on stdin (used internally).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from copy import deepcopy
from pathlib import Path
from typing import Any

from engine.core.base import AI_VIEW_OMITS, BaseGame, BaseMatch
from engine.core.definition import GameDefinition
from engine.core.match import DeckCard, Game, IllegalActionError, Match
from engine.core.rng import SeededRandom
from engine.core.samples import sample_match_decks

ROOT = Path(__file__).resolve().parents[2]
MAX_SEATS = 4
# api.md "Matches of every game": the keys every state carries, and each game's own.
REQUIRED_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "all": (
        ("turn", "to_act", "finished", "result", "players"),
        ("hand", "hand_count", "deck_count", "points"),
    ),
    "kamelo": (("phase",), ("dates", "arena", "desert", "oases")),
    "eredan": (("round",), ("characters", "discard_count")),
    "duel": ((), ("life", "creatures", "support", "reinforcement", "graveyard", "discard")),
    "realmon": (("announcer", "category"), ("abyss", "monsters_in_hand", "combat_cost_spent")),
    "muhq": (("map", "permanents", "kraken"), ("resources", "store", "discard")),
}
RESHUFFLE_TRIES = 16
# The zones of ``card_zones`` (named ``p<seat>.<zone>``) whose cards no other seat may see in any
# form, not even by id: a running draft's picks (M29, R20). A hand is hidden too, but a card may
# go back to a hand in the open (a fight's card, a bought card drawn later) and a view may still
# name it; the reshuffle check below covers hands.
PRIVATE_ZONES = ("picks",)


class ConformanceError(AssertionError):
    """A conformance check failed; the message carries the seed and the actions to replay it."""


def _fail(what: str, seed: int, actions: Sequence[str]) -> ConformanceError:
    return ConformanceError(f"{what}\n  seed={seed}\n  actions={json.dumps(list(actions))}")


def digest(match: Match) -> str:
    """The sha256 of a match's whole state (canonical JSON): what golden replays compare."""
    return hashlib.sha256(json.dumps(match.to_json(), sort_keys=True).encode()).hexdigest()


# -- declarations ------------------------------------------------------------------------------


def check_declarations(definition: GameDefinition) -> None:
    """The engine's declarations are complete and consistent with the game's formats."""
    engine = definition.engine
    assert isinstance(engine, BaseGame), f"{definition.slug}: the engine is not built on engine.core.base.BaseGame"
    assert isinstance(engine.rules_version, int) and engine.rules_version >= 1, "rules_version is a positive int"
    assert engine.variants, f"{definition.slug} declares no variant"
    for variant in engine.variants:
        assert variant.format in definition.formats, f"{variant.slug}: {variant.format} is not a format of the game"
        assert 1 <= variant.min_players <= variant.max_players <= MAX_SEATS, f"{variant.slug}: seats out of 1-4"
    assert {"random", "greedy"} <= set(engine.ai_behaviours), "every engine has random and greedy players"
    assert engine.terminations and len(set(engine.terminations)) == len(engine.terminations), "terminations"
    match_class = engine.match_class
    assert issubclass(match_class, BaseMatch), "the match class is not a BaseMatch"
    missing = sorted(getattr(match_class, "__abstractmethods__", ()))
    assert not missing, f"{definition.slug}: the match lacks the hooks {missing}"


def seat_counts(definition: GameDefinition) -> Iterator[tuple[str, int]]:
    """Every (variant, seats) the engine takes."""
    for variant in definition.engine.variants:
        for seats in range(variant.min_players, variant.max_players + 1):
            yield variant.slug, seats


def sample_decks_for(definition: GameDefinition, variant: str, seats: int) -> list[list[DeckCard]]:
    """The bundled sample decks of the variant's format, one per seat."""
    fmt = definition.engine.variant(variant).format
    return sample_match_decks(definition.bundled_cards(), fmt, seats, root=definition.package_dir.parent)


# -- one step ----------------------------------------------------------------------------------


def _check_legal(match: Match) -> list[Any]:
    to_act = match.to_act
    assert to_act is not None
    legal = match.legal_actions(to_act)
    ids = [a.id for a in legal]
    assert ids, f"player {to_act} must act but has no legal action"
    assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
    assert ids == sorted(ids), f"legal actions not sorted by id: {ids}"
    for other in range(match.seats):
        if other != to_act:
            assert match.legal_actions(other) == [], f"player {other}, not to act, has legal actions"
    return legal


def _check_refusals(match: Match, legal: Sequence[Any], before: Mapping[str, Any]) -> None:
    to_act = match.to_act
    assert to_act is not None
    tries = [(to_act, "no-such-action:0")]
    tries += [(other, legal[0].id) for other in range(match.seats) if other != to_act]
    for player, action in tries:
        try:
            match.apply(player, action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"player {player}'s {action!r} was accepted though it is not listed")
        assert match.to_json() == before, f"a refused action ({action!r} of player {player}) changed the state"


def jsonb_order(data: Any) -> Any:
    """``data`` with every object's keys in jsonb's order (shorter keys first, then bytewise), the
    order a match comes back from PostgreSQL in."""
    if isinstance(data, dict):
        return {key: jsonb_order(data[key]) for key in sorted(data, key=lambda k: (len(k.encode()), k.encode()))}
    if isinstance(data, list):
        return [jsonb_order(item) for item in data]
    return data


def _check_round_trip(game: Game, match: Match, data: Mapping[str, Any]) -> Match:
    """The restored copies agree with the match; returns the one restored in jsonb's key order."""
    again = game.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data, "state does not round-trip through JSON"
    assert again.view(None) == match.view(None), "restored match shows another view"
    reordered = game.from_json(jsonb_order(data))
    assert reordered.to_json() == data, "a state restored in jsonb's key order is another state"
    player = match.to_act or 0
    assert [a.id for a in reordered.legal_actions(player)] == [a.id for a in match.legal_actions(player)], (
        "a state restored in jsonb's key order lists other actions"
    )
    return reordered


def _check_every_action_applies(game: Game, match: Match, legal: Sequence[Any], data: Mapping[str, Any]) -> None:
    for action in legal:
        copy = game.from_json(data)
        copy.apply(match.to_act or 0, action.id)  # must not raise


def _check_ai(game: Game, match: Match, legal: Sequence[Any], seed: int) -> None:
    player = match.to_act
    assert player is not None
    ids = {a.id for a in legal}
    view = match.ai_view(player)
    before = deepcopy(view)
    for behaviour in game.ai_behaviours:
        chosen = game.choose_action(behaviour, view, legal, seed)
        assert chosen.id in ids, f"AI {behaviour!r} chose {chosen.id!r}, not a legal action"
        assert view == before, f"AI {behaviour!r} changed the view it was given"


def _check_public_actions(match: Match, legal: Sequence[Any]) -> None:
    player = match.to_act
    assert player is not None
    for action in legal:
        shown = match.public_action(player, action)
        assert isinstance(shown, dict) and {"id", "label", "params"} <= set(shown), f"public_action({action.id})"
        assert isinstance(shown["id"], str) and isinstance(shown["label"], str), f"public_action({action.id})"


def check_view_keys(game_slug: str, view: Mapping[str, Any], seats: int) -> None:
    """The view carries the keys api.md fixes for every game and for ``game_slug``."""
    top = REQUIRED_KEYS["all"][0] + REQUIRED_KEYS.get(game_slug, ((), ()))[0]
    per = REQUIRED_KEYS["all"][1] + REQUIRED_KEYS.get(game_slug, ((), ()))[1]
    missing = [k for k in top if k not in view]
    assert not missing, f"the view lacks {missing}"
    assert isinstance(view["turn"], int), "turn is an int"
    assert len(view["players"]) == seats, "players has one entry per seat"
    for p, side in enumerate(view["players"]):
        lacking = [k for k in per if k not in side]
        assert not lacking, f"players[{p}] lacks {lacking}"


def check_ai_view(match: BaseMatch, viewer: int | None, view: Mapping[str, Any] | None = None) -> None:
    """``ai_view(viewer)`` is ``view(viewer)`` (``view``, when the caller has it already), but that it
    may leave out the keys in ``AI_VIEW_OMITS``."""
    shown = match.view(viewer) if view is None else view
    full = {k: v for k, v in shown.items() if k not in AI_VIEW_OMITS}
    ai = {k: v for k, v in match.ai_view(viewer).items() if k not in AI_VIEW_OMITS}
    assert ai == full, f"ai_view({viewer}) is not view({viewer}) (but for {AI_VIEW_OMITS})"


def check_standing(match: BaseMatch) -> None:
    """``standing()`` (what ``mcts`` scores a cut-off playout by) gives every seat a finite figure
    and changes nothing in the match."""
    before = match.to_json()
    standing = match.standing()
    assert len(standing) == match.seats, "standing() has one figure per seat"
    assert all(isinstance(x, float) and math.isfinite(x) for x in standing), f"standing() is {standing}"
    assert match.to_json() == before, "standing() changed the match"


def _check_views(game_slug: str, match: Match, seed: int | None = None) -> None:
    zones = match.card_zones()
    for viewer in (None, *range(match.seats)):
        view = match.view(viewer)
        check_view_keys(game_slug, view, match.seats)
        check_private_zones(match, viewer, view, zones)
        if isinstance(match, BaseMatch):
            check_ai_view(match, viewer, view)
    if isinstance(match, BaseMatch):
        check_standing(match)
    if seed is not None and isinstance(match, BaseMatch) and match.to_act is not None:
        det = match.determinize(match.to_act, seed)
        for viewer in (None, *range(match.seats)):
            check_ai_view(det, viewer)


def check_private_zones(
    match: Match, viewer: int | None, view: Mapping[str, Any], zones: Mapping[str, Sequence[str]] | None = None
) -> None:
    """No card of another seat's private zone shows in ``viewer``'s view or legal actions: a zone
    ``p<seat>.<name>`` of ``card_zones`` whose name is in ``PRIVATE_ZONES`` (a running draft's
    picks, hidden like a hand: M29, R20) is seen by that seat alone. This holds
    whatever the engine's ``reshuffle_hidden`` deems hidden, so a zone the engine forgot to hide
    (and so never permutes) is caught here; ``zones``: ``card_zones()`` when the caller has it."""
    private = [
        (name, ids)
        for name, ids in (match.card_zones() if zones is None else zones).items()
        if name.partition(".")[2] in PRIVATE_ZONES and name.partition(".")[0] != f"p{viewer}"
    ]
    if not private:
        return  # nothing to look for: the common case costs nothing
    legal = [a.to_json() for a in match.legal_actions(viewer)] if viewer is not None else []
    shown = set(strings(view)) | set(strings(legal))
    for name, ids in private:
        seen = sorted(shown.intersection(ids))
        assert not seen, f"player {viewer} sees {len(seen)} card(s) of {name}, which only its seat may see: {seen[:3]}"


def _check_zones(match: Match, cards: set[str]) -> None:
    seen: list[str] = [cid for ids in match.card_zones().values() for cid in ids]
    assert len(seen) == len(set(seen)), "a card is in two zones"
    assert set(seen) == cards, f"cards appeared or vanished: {sorted(set(seen) ^ cards)[:5]}"


def strings(data: Any) -> list[str]:
    """Every string in ``data`` (keys included), whole: an id inside a longer string does not count."""
    found: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, Mapping):
            found.extend(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def hidden_cards(match: Match, viewer: int, cards: set[str], shown: tuple[Any, Any] | None = None) -> set[str]:
    """The card ids that appear nowhere in ``viewer``'s view or legal actions (``shown``: the
    view and the legal actions as JSON, when the caller has them already)."""
    view, legal = (
        shown if shown is not None else (match.view(viewer), [a.to_json() for a in match.legal_actions(viewer)])
    )
    return cards - set(strings(view)) - set(strings(legal))


def _without_rng(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rng"}


def _check_hidden(match: Match, seed: int, cards: set[str], viewers: Sequence[int] | None = None) -> None:
    data = _without_rng(match.to_json())
    for viewer in range(match.seats) if viewers is None else viewers:
        view = match.view(viewer)
        mine = [a.to_json() for a in match.legal_actions(viewer)]
        hidden = hidden_cards(match, viewer, cards, (view, mine))
        changed = False
        for attempt in range(RESHUFFLE_TRIES):
            other: Match = match.reshuffle_hidden(viewer, seed * RESHUFFLE_TRIES + attempt)
            assert other.view(viewer) == view, f"hidden cards show in player {viewer}'s view"
            theirs = [a.to_json() for a in other.legal_actions(viewer)]
            assert theirs == mine, f"hidden cards change player {viewer}'s legal actions"
            changed = changed or _without_rng(other.to_json()) != data
            if changed or len(hidden) < 2 * match.seats + 2:
                break
        assert changed or len(hidden) < 2 * match.seats + 2, (
            f"reshuffle_hidden({viewer}) changes nothing though {len(hidden)} cards are hidden from them"
        )
        permuted = match.reshuffle_hidden(viewer, seed + 1)
        again = _without_rng(permuted.reshuffle_hidden(viewer, seed).to_json())
        assert again == _without_rng(match.reshuffle_hidden(viewer, seed).to_json()), (
            f"reshuffle_hidden({viewer}) depends on where the hidden cards lie, not only on what seat {viewer} knows"
        )


def _check_outcome(game: Game, match: Match) -> None:
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.termination in game.terminations, f"termination {outcome.termination!r} is not declared"
    assert set(outcome.winners) <= set(range(match.seats)), f"winners {outcome.winners}"
    assert len(outcome.points) == match.seats, f"points {outcome.points}"
    assert match.to_act is None and all(match.legal_actions(p) == [] for p in range(match.seats))
    view = match.view(None)
    assert view["finished"] is True and view["result"] == outcome.to_json(), "the view shows another result"


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
    ai_every: int = 7,
) -> tuple[Match, list[str]]:
    """Play random legal actions to the end, checking conformance at every step when ``check``."""
    match = game.new_match(decks, variant=variant, seed=seed, options=options or {})
    rng = SeededRandom(seed)
    actions: list[str] = []
    cards = {cid for ids in match.card_zones().values() for cid in ids}
    try:
        while match.outcome() is None:
            if len(actions) >= max_actions:
                raise AssertionError(f"no end after {max_actions} actions")
            legal = _check_legal(match) if check else match.legal_actions(match.to_act or 0)
            if check:
                step = len(actions)
                data = match.to_json()
                _check_refusals(match, legal, data)
                reordered = _check_round_trip(game, match, data)
                _check_views(game.slug, match, seed + step)
                _check_zones(match, cards)
                _check_hidden(match, seed + step, cards, [step % match.seats])  # each seat in turn
                _check_public_actions(match, legal)
                if step % apply_all_every == 0:
                    _check_every_action_applies(game, match, legal, data)
                if step % ai_every == 0:
                    _check_ai(game, match, legal, seed + step)
            action = rng.choice(legal)
            match.apply(match.to_act or 0, action.id)
            actions.append(action.id)
            if check:
                reordered.apply(reordered.to_act or 0, action.id)
                assert digest(reordered) == digest(match), (
                    f"{action.id} plays differently on a state restored in jsonb's key order"
                )
        if check:
            _check_outcome(game, match)
            _check_views(game.slug, match)
    except AssertionError as error:
        raise _fail(str(error), seed, actions) from error
    return match, actions


def check_conformance(game: Game, decks: Sequence[Sequence[DeckCard]], **playout: Any) -> Match:
    """One checked random playout (``random_playout``'s keywords: variant, seed, options,
    max_actions); raises ConformanceError naming the seed and actions."""
    match, _ = random_playout(game, decks, **playout)
    return match


def check_restore_continues(
    game: Game, decks: Sequence[Sequence[DeckCard]], *, variant: str, seed: int, options: Mapping[str, Any]
) -> None:
    """A copy restored from JSON midway and played on with the same actions ends identically."""
    first, actions = random_playout(game, decks, variant=variant, seed=seed, options=options, check=False)
    again = game.new_match(decks, variant=variant, seed=seed, options=options)
    half = len(actions) // 2
    for action in actions[:half]:
        again.apply(again.to_act or 0, action)
    restored = game.from_json(jsonb_order(json.loads(json.dumps(again.to_json()))))
    for action in actions[half:]:
        restored.apply(restored.to_act or 0, action)
    assert digest(restored) == digest(first), f"a restored copy plays on differently (seed {seed})"


def check_opaque_ids(game: Game, decks: Sequence[Sequence[DeckCard]], *, variant: str, seeds: Sequence[int]) -> None:
    """Card ids say nothing: not the card's name, not its place in the deck list or in a pile. For
    every zone of six or more cards, the ids' sorted order is not the zone's order (or its reverse)
    in every seed, and the cards in sorted-id order differ between the seeds."""
    slugs = {str(card.card["slug"]) for deck in decks for card in deck}
    orders: list[tuple[str, ...]] = []
    ordered_zones: dict[str, int] = {}
    for seed in seeds:
        match = game.new_match(decks, variant=variant, seed=seed, options={})
        zones = match.card_zones()
        every = sorted(cid for ids in zones.values() for cid in ids)
        assert not any(slug in cid for cid in every for slug in slugs if len(slug) > 2), "a card id names its card"
        by_id = _card_of_ids(match, every)
        orders.append(tuple(by_id))
        for name, ids in zones.items():
            # a hand is a set (an engine may keep it sorted); piles keep an order that must stay secret
            if "hand" not in name and len(ids) >= 6 and sorted(ids) in (list(ids), list(reversed(ids))):
                ordered_zones[name] = ordered_zones.get(name, 0) + 1
    assert len(set(orders)) > 1, "the cards in the order of their ids are the same in every seed"
    always = [name for name, n in ordered_zones.items() if n == len(seeds)]
    assert not always, f"the ids of {always} are in the zone's order in every seed"


def _card_of_ids(match: Match, ids: Sequence[str]) -> list[str]:
    """Which card each id is, found in the spectator-free whole state: the first string value
    stored under the id in a mapping of the state (``cards: {id: slug}``) or the id itself."""
    data = match.to_json()
    table: dict[str, str] = {}
    _collect_id_table(data, set(ids), table)
    return [table.get(cid, cid) for cid in ids]


def _collect_id_table(data: Any, ids: set[str], table: dict[str, str]) -> None:
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key in ids and isinstance(value, str):
                table.setdefault(key, value)
            elif key in ids and isinstance(value, Mapping) and isinstance(value.get("slug"), str):
                table.setdefault(key, value["slug"])
            _collect_id_table(value, ids, table)
    elif isinstance(data, list):
        for value in data:
            _collect_id_table(value, ids, table)


# -- replays in other interpreters -------------------------------------------------------------


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
    print(digest(match))


if __name__ == "__main__":
    _replay_from_stdin()
