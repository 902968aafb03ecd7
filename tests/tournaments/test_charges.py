"""Quilingo's charges follow the service's own tournaments (issue 38 item 3; E6, E7): a deck is
registered against the charge list in force on the tournament's date, and a finished
``eredan/quilingo`` tournament counts in ``recompute_charges`` like an imported one, with the
registered lists and the players' Elo as it stood when each game was played."""

from __future__ import annotations

import datetime
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from cards.models import Card, Game
from charges import selectors as charge_selectors
from charges.models import ChargeList, ChargeValue
from charges.models import Tournament as Counted
from engine.core.samples import sample_decks
from tests.tournaments.conftest import Players
from tournaments.models import Rating

pytestmark = pytest.mark.django_db
QUILINGO = "eredan/quilingo"
P = sample_decks(QUILINGO)[0]["list"]  # the bundled Quilingo sample (Zil: Telendar, Varna, Oktis)
Q = P.replace("2 Speer", "2 Ambidextrie")  # the same but for one card: also legal


def _tournament(players: Players, name: str, day: str, a: tuple[str, int, str], b: tuple[str, int, str]) -> int:
    """A two-player Quilingo tournament of one rated game through the API; a = (name, Elo, list)
    wins it. The players' Elo before the game is set as earlier play would have left it."""
    tid = players.post("orga", "tournaments/", {"name": name, "format": QUILINGO, "date": day, "rounds": 1}).json()["id"]  # fmt: skip
    for who, elo, deck in (a, b):
        Rating.objects.create(game="eredan", user=players.user(who), rating=elo, games=10)
        assert players.post(who, f"tournaments/{tid}/register/", {"deck": {"list": deck}}).status_code == 200
    pairing = players.post("orga", f"tournaments/{tid}/start/").json()["pairings"][0]
    games = [1, 0, 0] if pairing["players"][0] == a[0] else [0, 1, 0]
    assert players.post(a[0], f"tournaments/{tid}/pairings/{pairing['id']}/result/", {"games": games}).status_code == 200  # fmt: skip
    assert players.post(b[0], f"tournaments/{tid}/pairings/{pairing['id']}/result/", {"games": games}).status_code == 200  # fmt: skip
    assert players.post("orga", f"tournaments/{tid}/finish/").status_code == 200
    return int(tid)


def test_e7_the_worked_example_of_docs_charges_played_as_two_tournaments(players: Players, bundled_cards: None) -> None:
    """docs/charges.md's worked example, twinned: T1 (2026-11-05, weight 0.8) Cy (1600, Q) loses to
    Di (1550, P); T0 (2026-11-12, weight 1) Ada (1650, P) beats Bo (1500, Q). Speer (only in P) plays iro's part, Ambidextrie (only in Q) aez's, and the cards of
    both lists are played by every strong player.

    - T0: Ada is the only strong player (N = 1): (1 + 0.01 x 100) x 1.5 = 3.0 -> P's cards 300.
    - T1: Cy 1 + 0.01 x 50 = 1.5, Di 1.0 x 1.5 = 1.5, N = 2: Speer 100 x 1.5 / 2 = 75,
      Ambidextrie 75, the shared cards 100 x 3.0 / 2 = 150.
    - Speer (1.0 x 300 + 0.8 x 75) / 1.8 = 200 (iro's figure); Ambidextrie 0.8 x 75 / 1.8 = 33
      (aez's); a shared card (300 + 0.8 x 150) / 1.8 = 233.3 -> 233; a card nobody played: 0.
    """
    _tournament(players, "Quilingo 11", "2026-11-05", ("Di", 1550, P), ("Cy", 1600, Q))
    _tournament(players, "Quilingo 12", "2026-11-12", ("Ada", 1650, P), ("Bo", 1500, Q))
    assert list(Counted.objects.order_by("date").values_list("name", "format")) == [
        ("Quilingo 11", QUILINGO), ("Quilingo 12", QUILINGO),
    ]  # fmt: skip
    call_command("recompute_charges", "--game", "eredan", "--as-of", "2026-11-20", stdout=StringIO())
    charges = charge_selectors.charges_of_list(ChargeList.objects.get())
    slug = dict(Card.objects.filter(game__slug="eredan").values_list("name", "slug"))
    assert charges[slug["Speer"]] == 200
    assert charges[slug["Ambidextrie"]] == 33
    assert charges[slug["Zil-Schild"]] == 233
    listed = {line.split(" ", 1)[1] for line in f"{P}\n{Q}".splitlines() if line[:1].isdigit()}
    unplayed = Card.objects.filter(game__slug="eredan", banned_at_start=False).exclude(name__in=listed).first()
    assert unplayed is not None and charges[unplayed.slug] in (0, 20)  # 20 if released after the tournaments


def test_e6_a_deck_is_registered_against_the_charge_list_of_the_tournaments_date(
    players: Players, bundled_cards: None
) -> None:
    """A list dated 2026-11-01 gives every card 40: the sample (35 cards) is over 500 from then on,
    so a tournament of 2026-11-12 refuses it, one of 2026-10-20 (before the list) takes it."""
    game = Game.objects.get(slug="eredan")
    charge_list = ChargeList.objects.create(game=game, date=datetime.date(2026, 11, 1))
    ChargeValue.objects.bulk_create(ChargeValue(list=charge_list, card=c, charge=40) for c in Card.objects.filter(game=game))  # fmt: skip
    charge_selectors.current_charges_forget(game="eredan")
    for day, status in (("2026-11-12", 400), ("2026-10-20", 200)):
        tid = players.post("orga", "tournaments/", {"name": day, "format": QUILINGO, "date": day}).json()["id"]
        answer = players.post("p1", f"tournaments/{tid}/register/", {"deck": {"list": P}})
        assert answer.status_code == status, answer.json()
        if status == 400:
            assert "charge_limit" in {p["code"] for p in answer.json()["problems"]}


def test_a_tournament_of_a_game_without_charges_is_not_imported(players: Players, event: Any) -> None:
    tournament = event("p1", "p2", rounds=1)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = tournament.pairings.get()
    players.post("orga", f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/", {"games": [1, 0, 0]})
    assert players.post("orga", f"tournaments/{tournament.pk}/finish/").status_code == 200
    assert not Counted.objects.exists()
