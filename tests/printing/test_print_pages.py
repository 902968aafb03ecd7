"""The print dialog page, its preview frame and the job page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Deck
from printing.models import PrintJob
from tests.printing.helpers import pages, sized

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_dialog_lists_the_users_decks_and_prefills_gallery_cards(alice, user, print_pool):
    Deck.objects.create(owner=user, name="Kamelherde", format="kamelo/dufo", list="3 Kamel")
    response = alice.get(reverse("printing:dialog") + "?game=kamelo&cards=kamel,duene")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kamelherde" in html and 'value="kamel,duene"' in html
    assert 'name="crop_marks" checked' in html


def test_dialog_post_downloads_the_pdf(client, print_pool):
    response = client.post(reverse("printing:dialog"), {"format": "kamelo/dufo", "list": "2 Kamel", "crop_marks": "on"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]


def test_dialog_shows_what_would_fit(client, print_pool):
    data = {"format": "kamelo/dufo", "list": "2 Kamel", "paper": "letter", "bleed_mm": "1", "grid": "3x3"}
    response = client.post(reverse("printing:dialog"), data)
    assert response.status_code == 400 and "0.9 mm" in response.content.decode()


def test_preview_is_the_first_sheet_of_faces_only(client, print_pool):
    response = client.get(reverse("printing:preview") + "?game=kamelo&cards=" + ",".join(["kamel"] * 12) + "&backs=on")
    assert response.status_code == 200 and "inline" in response["Content-Disposition"]
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    sheets = pages(response.content)
    assert len(sheets) == 1 and len(sized(sheets[0]["rects"], 63, 88)) == 9


def test_preview_of_another_users_deck_is_404(client, other_user, print_pool):
    deck = Deck.objects.create(owner=other_user, name="X", format="kamelo/dufo", list="3 Kamel")
    assert client.get(reverse("printing:preview") + f"?deck={deck.pk}").status_code == 404


def test_job_page_is_for_its_owner_only(alice, user, other_user, print_pool):
    job = PrintJob.objects.create(owner=user, total=300, cards=[])
    assert alice.get(reverse("printing:job", kwargs={"pk": job.pk})).status_code == 200
    other = Client()
    other.force_login(other_user)
    assert other.get(reverse("printing:job", kwargs={"pk": job.pk})).status_code == 404
