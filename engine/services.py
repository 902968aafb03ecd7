"""Writes of the match engine's Django adapter (HackSoft: keyword-only, typed, one transaction each).

``match_create`` resolves the decks, deals a match with the game's pure engine and lets the AI seats
act; ``match_submit_action`` applies one player's action under the match row's lock, checks the
version (409 on a stale one, nothing changed), logs it, lets the AI answer and replays the first
answer to a repeated ``Idempotency-Key``. ``match_simulate`` plays engine-only matches (no database
writes) for ``manage.py simulate``. The engine is generic: any game whose definition has an
``engine`` (engine.core.match.Game) is playable here.

On SQLite ``select_for_update`` is a no-op; settings open every transaction IMMEDIATE (the write
lock is taken at BEGIN), so two submissions to one match are serialised there too.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from rest_framework import exceptions, status

from config.exceptions import Conflict, Unprocessable
from decks.resolution import card_index, resolve
from decks.selectors import deck_visible
from decks.services import UnknownFormat, deck_validate, refs_from_text
from engine.core.decks import CardIndex, parse_deck_list
from engine.core.decks import Deck as RulesDeck
from engine.core.match import JSON, Action, DeckCard, IllegalActionError, UnknownVariantError, find_legal
from engine.core.samples import sample_decks
from engine.games import UnknownGameError, get_format, get_game
from engine.models import IdempotencyRecord, Match, MatchAction, Seat
from engine.selectors import match_locked, match_state

AI_STEPS_MAX = 100_000  # no engine needs this many AI moves in a row; a bound against a looping engine
SEED_MAX = 2**63


class BadMatchRequest(exceptions.APIException):
    """400: a match that cannot be created as asked (unknown game, variant, user, deck ...)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "bad_match"


class IllegalDeck(exceptions.APIException):
    """400: a deck with problems of severity error; ``problems`` lists them as decks/validate does."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "illegal_deck"

    def __init__(self, index: int, problems: list[JSON]) -> None:
        super().__init__(f"deck {index} is not legal: {problems[0]['message']}" if problems else None)
        # Set after __init__ so the problems keep their JSON types (DRF would stringify them).
        self.detail = {"detail": self.detail, "deck": index, "problems": problems}


class IllegalAction(exceptions.APIException):
    """400: an action that is not legal now; the detail is the engine's reason."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "illegal_action"


@dataclass(frozen=True)
class Answer:
    """What an action request answers: status, body and whether it replays an earlier answer."""

    status: int
    body: JSON
    replayed: bool = False


def ai_seed(seed: int, seq: int) -> int:
    """The AI's seed for the action numbered ``seq`` of a match: arithmetic only (no ``hash()``,
    which PYTHONHASHSEED changes), so a log replays identically in every process."""
    return (seed * 1_000_003 + seq * 7_919 + 17) % SEED_MAX


def request_hash(*, match_id: int, data: Any) -> str:
    """A fingerprint of one request (its match and canonical JSON body) for Idempotency-Key checks."""
    text = json.dumps({"match": match_id, "body": data}, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# -- decks -------------------------------------------------------------------------------------


def _deck_source(*, user: Any, deck: Any, index: int) -> tuple[str, str]:
    """(format, list text) of a deck given as a saved deck id (own or public) or ``{format, list}``."""
    if isinstance(deck, int) and not isinstance(deck, bool) or isinstance(deck, str) and deck.isdigit():
        saved = deck_visible(user=user).filter(pk=int(deck)).first()
        if saved is None:
            raise BadMatchRequest(f"deck {index}: there is no deck {deck} you may use", code="unknown_deck")
        return saved.format, saved.list
    if isinstance(deck, Mapping) and isinstance(deck.get("format"), str) and isinstance(deck.get("list"), str):
        return deck["format"], deck["list"]
    raise BadMatchRequest(f"deck {index}: give a saved deck's id or {{format, list}}", code="bad_deck")


def _match_format(*, game: str, variant: str, declared: str, index: int) -> str:
    """The format a deck is checked against: ``game/variant`` where the game has such a format
    (Ka-Mel-Oh!'s formats are its variants, K1/K3), else the deck's own format of the game."""
    if declared.split("/", 1)[0] != game:
        raise BadMatchRequest(f"deck {index}: {declared!r} is not a format of {game}", code="bad_deck")
    wanted = f"{game}/{variant}"
    return wanted if wanted in get_game(game).formats else declared


def match_deck_resolve(*, user: Any, game: str, variant: str, deck: Any, index: int = 0) -> list[JSON]:
    """A deck as the match keeps it: ``[{"card": <API dict>, "count", "section"}]`` without the
    sideboard. Raises BadMatchRequest (unknown deck or format) or IllegalDeck (its problems)."""
    declared, text = _deck_source(user=user, deck=deck, index=index)
    fmt = _match_format(game=game, variant=variant, declared=declared, index=index)
    try:
        verdict = deck_validate(format_slug=fmt, text=text)
    except UnknownFormat as error:
        raise BadMatchRequest(f"deck {index}: {error}", code="bad_deck") from None
    if not verdict["legal"]:
        raise IllegalDeck(index, [p for p in verdict["problems"] if p["severity"] == "error"])
    refs, _ = refs_from_text(text)
    entries, _ = resolve(refs, card_index(game=game))
    return [{"card": dict(e.card), "count": e.count, "section": e.section} for e in entries if e.section != "side"]


def deck_cards(deck: Iterable[Mapping[str, Any]]) -> list[DeckCard]:
    """The engine's deck from a stored one."""
    return [DeckCard(card=item["card"], count=int(item["count"]), section=str(item["section"])) for item in deck]


# -- seats -------------------------------------------------------------------------------------


def _seat_user(*, creator: Any, ref: Any, index: int) -> Any:
    """The user a human seat names (id or username); the creator when it names none."""
    if ref is None:
        return creator
    users = get_user_model().objects
    found = users.filter(pk=ref).first() if isinstance(ref, int) else users.filter(username=str(ref)).first()
    if found is None:
        raise BadMatchRequest(f"player {index}: there is no user {ref!r}", code="unknown_user")
    return found


def _seats(*, creator: Any, players: Sequence[Mapping[str, Any]], behaviours: Sequence[str]) -> list[Seat]:
    """Unsaved seats for the request's players (human: a user; ai: a known behaviour)."""
    seats: list[Seat] = []
    for index, player in enumerate(players):
        if player.get("kind") == Seat.Kind.AI:
            behaviour = str(player.get("behaviour") or behaviours[0])
            if behaviour not in behaviours:
                raise BadMatchRequest(
                    f"player {index}: unknown AI behaviour {behaviour!r}; the behaviours are {', '.join(behaviours)}",
                    code="unknown_behaviour",
                )
            seats.append(Seat(index=index, kind=Seat.Kind.AI, behaviour=behaviour))
        else:
            user = _seat_user(creator=creator, ref=player.get("user"), index=index)
            seats.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=user))
    return seats


# -- playing -----------------------------------------------------------------------------------


def game_engine(slug: str) -> Any:
    """The rules engine of a game (engine.core.match.Game); BadMatchRequest when it has none yet."""
    try:
        engine = get_game(slug).engine
    except UnknownGameError as error:
        raise BadMatchRequest(str(error), code="unknown_game") from None
    if engine is None:
        raise BadMatchRequest(f"{slug} has no match engine yet", code="no_engine")
    return engine


@dataclass
class Table:
    """A match being played in this request: its row, seats, live engine state and new log rows."""

    match: Match
    seats: list[Seat]
    live: Any
    engine: Any
    logged: list[MatchAction] = field(default_factory=list)

    def apply(self, player: int, action: Action | str) -> None:
        """Apply a legal action (IllegalActionError otherwise), bump the version, log it."""
        chosen = find_legal(self.live.legal_actions(player), action, player)
        self.live.apply(player, chosen)
        self.match.version += 1
        self.logged.append(
            MatchAction(match=self.match, seq=self.match.version, player=player, action=chosen.to_json())
        )

    def play_ai(self) -> None:
        """Let AI seats act, from their own view, until a human must act or the match is over."""
        ai = {seat.index: seat.behaviour for seat in self.seats if seat.kind == Seat.Kind.AI}
        for _ in range(AI_STEPS_MAX):
            player = self.live.to_act
            if player is None or player not in ai:
                return
            legal = self.live.legal_actions(player)
            seed = ai_seed(self.match.seed, self.match.version + 1)
            self.apply(player, self.engine.choose_action(ai[player], self.live.view(player), legal, seed))

    def save(self) -> None:
        """Write the state, the outcome and the new log rows."""
        outcome = self.live.outcome()
        self.match.state = self.live.to_json()
        self.match.finished = outcome is not None
        self.match.result = outcome.to_json() if outcome is not None else None
        # decks (large, never changed after creation) stay out of the UPDATE
        self.match.save(update_fields=["state", "version", "finished", "result", "updated"])
        MatchAction.objects.bulk_create(self.logged)


@transaction.atomic
def match_create(
    *,
    user: Any,
    game: str,
    variant: str,
    decks: Sequence[Any],
    seed: int | None = None,
    players: Sequence[Mapping[str, Any]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Match:
    """Create a match (api.md): resolve and check the decks, deal, let the AI act first if it begins.

    ``players`` defaults to the creator against the game's first AI behaviour; ``seed`` to a random
    one. Raises BadMatchRequest or IllegalDeck (400)."""
    engine = game_engine(game)
    players = players or [{"kind": "human"}, {"kind": "ai"}]
    if len(players) != len(decks):
        raise BadMatchRequest(f"{len(players)} players but {len(decks)} decks", code="bad_match")
    seats = _seats(creator=user, players=players, behaviours=engine.ai_behaviours)
    resolved = [match_deck_resolve(user=user, game=game, variant=variant, deck=d, index=i) for i, d in enumerate(decks)]
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        live = engine.new_match([deck_cards(d) for d in resolved], variant=variant, seed=seed, options=options or {})
    except (UnknownVariantError, ValueError) as error:
        raise BadMatchRequest(str(error), code="bad_match") from None
    match = Match.objects.create(
        game=game, variant=variant, seed=seed, options=dict(options or {}), decks=resolved, created_by=user
    )
    for seat in seats:
        seat.match = match
    Seat.objects.bulk_create(seats)
    table = Table(match=match, seats=seats, live=live, engine=engine)
    table.play_ai()
    table.save()
    return match


def _replay(*, user: Any, key: str, body_hash: str) -> Answer | None:
    """The stored answer to an earlier request with this key; 422 when that request differed."""
    record = IdempotencyRecord.objects.filter(user=user, key=key).first()
    if record is None:
        return None
    if record.request_hash != body_hash:
        raise Unprocessable("This Idempotency-Key was used for another request.", code="idempotency_key_reused")
    return Answer(status=record.status, body=record.body, replayed=True)


def _check_seat(*, seats: Sequence[Seat], player: int, user: Any) -> None:
    """Only the user of a human seat acts for it (403 otherwise; 400 for a seat that is not there)."""
    seat = next((s for s in seats if s.index == player), None)
    if seat is None:
        raise BadMatchRequest(f"there is no player {player} in this match", code="bad_player")
    if seat.kind == Seat.Kind.AI:
        raise exceptions.PermissionDenied(f"player {player} is played by the computer")
    if seat.user_id != user.pk:
        raise exceptions.PermissionDenied(f"you do not play for player {player}")


def match_submit_action(
    *,
    match_id: int,
    user: Any,
    player: int,
    action: Action | str,
    version: int,
    idempotency_key: str | None = None,
    body_hash: str = "",
) -> Answer:
    """Apply ``player``'s action atomically (api.md): lock, replay or 422 for a known key, check the
    seat (403) and the version (409, nothing changed), apply (400 with the engine's reason), log it,
    let the AI seats answer, save; the answer is the state as ``player`` sees it, plus ``applied``.

    Only accepted actions are remembered under an Idempotency-Key (like Stripe, a refused request
    may be retried with the same key)."""
    with transaction.atomic():
        match = match_locked(match_id=match_id)
        if idempotency_key:
            replay = _replay(user=user, key=idempotency_key, body_hash=body_hash)
            if replay is not None:
                return replay
        seats = list(match.seats.all())
        _check_seat(seats=seats, player=player, user=user)
        if version != match.version:
            raise Conflict(f"version {version} is stale: the match is at version {match.version}")
        engine = game_engine(match.game)
        table = Table(match=match, seats=seats, live=engine.from_json(match.state), engine=engine)
        try:
            table.apply(player, action)
        except IllegalActionError as error:
            raise IllegalAction(str(error)) from None
        table.play_ai()
        table.save()
        body = {**match_state(match=match, player=player, live=table.live), "applied": _applied(table.logged, player)}
        if idempotency_key:
            _remember(user=user, match=match, key=idempotency_key, body_hash=body_hash, body=body)
    return Answer(status=status.HTTP_200_OK, body=body)


def _applied(logged: Iterable[MatchAction], player: int) -> list[JSON]:
    """This request's actions as ``player`` may see them: their own in full, the other seats' only
    by number (an action's label or parameters may name a card the viewer must not see; the view's
    own log says what became public)."""
    return [
        {"seq": row.seq, "player": row.player, "action": row.action if row.player == player else None} for row in logged
    ]


def _remember(*, user: Any, match: Match, key: str, body_hash: str, body: JSON) -> None:
    """Store the answer under the key; a key taken meanwhile (another match, same user) is a 409."""
    try:
        with transaction.atomic():
            IdempotencyRecord.objects.create(
                user=user, match=match, key=key, request_hash=body_hash, status=200, body=body
            )
    except IntegrityError:
        raise Conflict("A request with this Idempotency-Key is being processed.") from None


# -- simulation (no database) ------------------------------------------------------------------


class SimulationDeckError(ValueError):
    """A deck for ``simulate`` that is no sample nor readable file, or that has problems."""


def _simulation_text(format_slug: str, ref: str) -> str:
    """The list text of a sample deck (by name or 1-based number) or of a deck-list file."""
    samples = sample_decks(format_slug)
    if ref.isdigit() and 1 <= int(ref) <= len(samples):
        return samples[int(ref) - 1]["list"]
    named = [s for s in samples if s["name"].casefold() == ref.casefold()]
    if named:
        return named[0]["list"]
    path = Path(ref)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    names = ", ".join(f"{n}: {s['name']}" for n, s in enumerate(samples, 1))
    raise SimulationDeckError(f"{ref!r} is no sample deck of {format_slug} ({names}) and no file")


def simulation_deck(*, format_slug: str, ref: str) -> list[DeckCard]:
    """A deck for the pure engine from the game's bundled cards, checked in its format (no database)."""
    fmt = get_format(format_slug)
    text = _simulation_text(format_slug, ref)
    entries, problems = CardIndex(get_game(fmt.game).bundled_cards()).resolve(parse_deck_list(text))
    verdict = fmt.validate(RulesDeck(entries=tuple(entries), context={}))
    errors = [p for p in (*problems, *verdict.problems) if p.severity == "error"]
    if errors:
        raise SimulationDeckError(f"deck {ref!r}: " + "; ".join(p.message for p in errors))
    return [DeckCard(card=e.card, count=e.count, section=e.section) for e in entries if e.section != "side"]


@dataclass(frozen=True)
class GameResult:
    """One simulated match: the winner (None for a draw), its length in actions and turns."""

    winner: int | None
    actions: int
    turns: int


def simulate_one(
    engine: Any, decks: Sequence[Sequence[DeckCard]], *, variant: str, seed: int, behaviours: Sequence[str]
) -> GameResult:
    """Play one match between AI behaviours with the pure engine, AI seeds as in the API."""
    live = engine.new_match(decks, variant=variant, seed=seed, options={})
    actions = 0
    while live.to_act is not None and actions < AI_STEPS_MAX:
        player = live.to_act
        legal = live.legal_actions(player)
        live.apply(
            player, engine.choose_action(behaviours[player], live.view(player), legal, ai_seed(seed, actions + 1))
        )
        actions += 1
    outcome = live.outcome()
    turns = int(live.view(None).get("turn") or 0)
    return GameResult(winner=outcome.winner if outcome else None, actions=actions, turns=turns)


def match_simulate(
    *,
    engine: Any,
    decks: Sequence[Sequence[DeckCard]],
    variant: str,
    games: int,
    behaviours: Sequence[str],
    seed: int = 0,
    progress: Callable[[Iterable[int]], Iterable[int]] = iter,
) -> list[GameResult]:
    """Play ``games`` matches (seeds ``seed``, ``seed + 1``, ...) in-process; nothing is written."""
    return [
        simulate_one(engine, decks, variant=variant, seed=seed + n, behaviours=behaviours)
        for n in progress(range(games))
    ]
