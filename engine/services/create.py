"""``match_create``: resolve and check the decks, deal, and let the computer take its opening moves."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import transaction

from engine import invitations
from engine.core.match import JSON, OptionError, SeatCountError, Variant
from engine.errors import BadMatchRequest, BadOption
from engine.models import Match, Seat
from engine.services.autoplay import ai_reply, schedule_autoplay
from engine.services.decks import deck_cards, match_deck_resolve
from engine.services.engines import Engine, engine_variant, game_engine
from engine.services.seats import DEFAULT_SEATS, default_players, seats_for
from engine.services.table import Table
from engine.types import DeckRef, Options, PlayerSpec, User

if TYPE_CHECKING:  # the signed-up accounts a seat belongs to (not an anonymous visitor)
    from accounts.models import User as Account


def match_create(
    *,
    user: User,
    game: str,
    variant: str,
    decks: Sequence[DeckRef] | None,
    seed: int | None = None,
    players: Sequence[PlayerSpec] | None = None,
    options: Options | None = None,
    rated: bool = False,
) -> Match:
    """Create a match (api.md): check the variant, the seats, the options and the decks (each in the
    variant's format; None where the variant deals them itself, ``starts_without_decks``), deal
    it, and let the computer move. With a human seat the computer's opening
    moves are made before this returns (outside the row lock); a match of computers only plays
    itself in the background, so this returns at once. Raises BadMatchRequest (and its kinds
    BadOption, IllegalDeck). ``rated``: once finished between two people, it moves their ratings."""
    engine = game_engine(game)
    match = _deal(
        user=user, engine=engine, variant=variant, decks=decks, seed=seed, players=players, options=options, rated=rated
    )
    seats = list(match.seats.all())
    if invitations.match_waits(match=match):  # it starts when the last invitation is accepted
        return match
    if all(seat.kind == Seat.Kind.AI for seat in seats):
        with transaction.atomic():
            schedule_autoplay(match.pk)
    else:
        ai_reply(match_id=match.pk)
        match.refresh_from_db()
    return match


@transaction.atomic
def _deal(
    *,
    user: User,
    engine: Engine,
    variant: str,
    decks: Sequence[DeckRef] | None,
    seed: int | None,
    players: Sequence[PlayerSpec] | None,
    options: Options | None,
    rated: bool,
) -> Match:
    declared = engine_variant(engine, variant)
    players = _players(engine=engine, variant=declared, decks=decks, players=players)
    try:
        engine.check_seats(declared, len(players))
        checked = engine.check_options(variant, options or {})
    except SeatCountError as error:
        raise BadMatchRequest(str(error), code="bad_players") from None
    except OptionError as error:
        raise BadOption(str(error), option=error.option) from None
    seats = seats_for(creator=user, players=players, behaviours=engine.behaviours)
    resolved = _resolve(user=user, engine=engine, variant=declared, decks=decks, seats=len(players))
    match = _open(
        user=user, engine=engine, variant=variant, decks=resolved, seed=seed, options=checked, seats=seats, rated=rated
    )
    invitations.invitations_create(seats=seats, invited=invitations.invited_names(creator=user, players=players))
    return match


@transaction.atomic
def match_create_seated(
    *, creator: User, game: str, variant: str, users: Sequence[Account], decks: Sequence[list[JSON]], seed: int
) -> Match:
    """A match of people who agreed to play it elsewhere (a tournament's pairing): each user at the
    seat of their index, no invitation, each deck as the match keeps it (``match_deck_resolve``'s
    shape), already checked by the caller (e.g. in its format as of the event's date). Raises
    BadMatchRequest (no engine, an unknown variant, a deck the engine cannot deal)."""
    engine = game_engine(game)
    declared = engine_variant(engine, variant)
    try:
        engine.check_seats(declared, len(users))
        checked = engine.check_options(variant, {})
    except (SeatCountError, OptionError) as error:
        raise BadMatchRequest(str(error), code="bad_players") from None
    seats = [Seat(index=i, kind=Seat.Kind.HUMAN, user=user) for i, user in enumerate(users)]
    return _open(user=creator, engine=engine, variant=variant, decks=decks, seed=seed, options=checked, seats=seats)


def _open(
    *,
    user: User,
    engine: Engine,
    variant: str,
    decks: Sequence[list[JSON]],
    seed: int | None,
    options: Options,
    seats: list[Seat],
    rated: bool = False,
) -> Match:
    """Deal the match and write its row, seats and first state."""
    resolved, checked = list(decks), dict(options)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        live = engine.new_match([deck_cards(d) for d in resolved], variant=variant, seed=seed, options=checked)
    except ValueError as error:  # a deck the engine cannot deal (too few cards to draw, say)
        raise BadMatchRequest(str(error)) from None
    match = Match.objects.create(  # type: ignore[misc]  # created_by: the signed-in user
        game=engine.slug,
        variant=variant,
        rules_version=engine.rules_version,
        seed=seed,
        options=checked,
        decks=resolved,
        created_by=user,
        rated=rated,
    )
    for seat in seats:
        seat.match = match
    Seat.objects.bulk_create(seats)
    Table(match=match, seats=seats, live=live, engine=engine).save()
    return match


def _players(
    *, engine: Engine, variant: Variant, decks: Sequence[DeckRef] | None, players: Sequence[PlayerSpec] | None
) -> Sequence[PlayerSpec]:
    """The players as given, else the creator and the computer: one per deck, or two where the
    variant deals the decks itself. BadMatchRequest when decks are missing or do not match."""
    if decks is None and not engine.starts_without_decks(variant.slug):
        raise BadMatchRequest(f"{engine.slug}/{variant.slug} needs one deck per player", code="bad_deck")
    count = len(decks) if decks is not None else len(players or ()) or DEFAULT_SEATS
    players = players or default_players(seats=count)
    if decks is not None and len(players) != len(decks):
        raise BadMatchRequest(f"{len(players)} players but {len(decks)} decks: give one deck per player")
    return players


def _resolve(
    *, user: User, engine: Engine, variant: Variant, decks: Sequence[DeckRef] | None, seats: int
) -> list[list[JSON]]:
    """Each seat's deck as the match keeps it; empty ones where the variant deals them itself."""
    if decks is None:
        return [[] for _ in range(seats)]
    return [
        match_deck_resolve(user=user, game=engine.slug, variant=variant, deck=d, index=i) for i, d in enumerate(decks)
    ]
