"""The tournament pages as a person sees them at 1280 and 390 px (issue 38): axe-core finds no
critical or serious violation and nothing scrolls sideways, for a visitor, a player with a pairing
and the organiser (the live updates are tested on the socket: tests/tournaments/test_live.py). The event is set up through the services (cheap), not by clicking. With
KARTOTHEK_SCREENSHOTS=1 the pages are photographed into docs/screenshots/ (the README's tour)."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User
from engine.core.samples import sample_decks
from tests.browser.looks import WIDTHS, axe_findings, open_page, sideways
from tournaments import services
from tournaments.models import Pairing

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


@pytest.fixture
def running(bundled_cards: None) -> dict[str, Any]:
    """A five-player event in round 2 (round 1 decided, one report waiting, one dispute)."""
    orga = User.objects.create_user(username="Orga", password="x-long-enough-1")
    users = {n: User.objects.create_user(username=n, password="x-long-enough-1") for n in NAMES}
    tournament = services.tournament_create(
        organiser=orga, name="Wüstenpokal", format="kamelo/dufo", date=datetime.date(2027, 1, 16), best_of=3, seed=3
    )
    deck = {"list": sample_decks("kamelo/dufo")[0]["list"]}
    for user in users.values():
        services.player_register(tournament_id=tournament.pk, user=user, deck=deck)
    services.tournament_start(tournament_id=tournament.pk, user=orga)
    for pairing in Pairing.objects.filter(games__isnull=True):
        services.result_report(tournament_id=tournament.pk, pairing_id=pairing.pk, user=orga, games=[2, 1, 0])
    services.round_next(tournament_id=tournament.pk, user=orga)
    first, second = Pairing.objects.filter(round=2, b__isnull=False).select_related("a__user", "b__user")
    services.result_report(tournament_id=tournament.pk, pairing_id=first.pk, user=first.a.user, games=[2, 0, 0])
    services.result_report(tournament_id=tournament.pk, pairing_id=second.pk, user=second.a.user, games=[2, 0, 0])
    services.result_report(tournament_id=tournament.pk, pairing_id=second.pk, user=second.b.user, games=[0, 2, 0])
    return {"tournament": tournament, "orga": orga, "player": second.a.user, "open": first}


def _signed_in(browser: Any, width: int, url: str, user: User) -> Any:
    """A page of ``user``: the session cookie of a signed-in test client (no sign-in form)."""
    client = Client()
    client.force_login(user)
    page = open_page(browser, width)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}])
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tournament_pages_pass_axe_and_fit_the_screen(
    live_server: Any, browser: Any, running: dict[str, Any], width: int
) -> None:
    tournament = running["tournament"]
    views = [
        ("tournaments", "/tournaments/", None),
        ("tournament-player", f"/tournaments/{tournament.pk}/", running["player"]),
        ("tournament-organiser", f"/tournaments/{tournament.pk}/", running["orga"]),
        ("ratings", "/ratings/?game=kamelo", None),
    ]
    problems = []
    for name, path, user in views:
        page = _signed_in(browser, width, live_server.url, user) if user else open_page(browser, width)
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        count, serious = axe_findings(page)
        print(f"AXE {name} {width}px violations={count} serious={len(serious)}")
        if serious:
            problems.append(f"{path} at {width}px: {serious}")
        if sideways(page):
            problems.append(f"{path} at {width}px scrolls sideways by {sideways(page)} px")
        if os.environ.get("KARTOTHEK_SCREENSHOTS"):
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=False)
    assert problems == []
