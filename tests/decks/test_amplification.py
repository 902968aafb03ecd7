"""No request does unbounded work for its sender (issue 19 item 6): suggestions per request and
problems per answer are bounded (with a count of the rest), a saved deck's validation is kept,
a collection import names at most so many bad rows."""

from __future__ import annotations

import random
import string

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from decks import resolution, selectors
from decks.models import Deck
from decks.services import MAX_IMPORT_ERRORS, MAX_PROBLEMS

pytestmark = pytest.mark.django_db


def made_up_names(count: int, seed: int = 1) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(string.ascii_lowercase) for _ in range(12)) for _ in range(count)]


@pytest.fixture
def nearest_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    original = resolution.CardIndex.nearest

    def counting(self, ref):
        calls.append(ref)
        return original(self, ref)

    monkeypatch.setattr(resolution.CardIndex, "nearest", counting)
    return calls


def test_a_list_of_made_up_names_gets_few_suggestions_and_a_bounded_answer(bundled_cards, nearest_calls) -> None:
    names = made_up_names(3000)
    body = {"format": "kamelo/dufo", "list": "\n".join(f"1 {n}" for n in names)}
    answer = APIClient().post("/api/decks/validate/", body, format="json").json()
    assert len(nearest_calls) == resolution.SUGGESTED_NAMES_MAX
    assert len(answer["problems"]) == MAX_PROBLEMS and answer["legal"] is False
    assert answer["problems_omitted"] >= 3000 - MAX_PROBLEMS
    assert all(p["severity"] == "error" for p in answer["problems"])


def test_a_small_list_keeps_every_problem_and_omits_none(bundled_cards) -> None:
    answer = (
        APIClient()
        .post("/api/decks/validate/", {"format": "kamelo/dufo", "list": "1 Kamelflüstrer"}, format="json")
        .json()
    )
    assert answer["problems_omitted"] == 0
    unknown = [p for p in answer["problems"] if p["code"] == "unknown_card"]
    assert "Kamelflüsterer" in unknown[0]["message"]  # the first names still get their suggestions


def test_a_public_decks_validation_is_kept_until_the_deck_changes(
    bundled_cards, user, other_client, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = "\n".join(f"1 {n}" for n in made_up_names(500))
    deck = Deck.objects.create(owner=user, name="Wüste", format="kamelo/dufo", list=names, public=True)
    url = f"/api/decks/{deck.pk}/validation/"
    runs: list[int] = []
    original = selectors.deck_validation
    monkeypatch.setattr(selectors, "deck_validation", lambda **kw: runs.append(1) or original(**kw))
    first = other_client.get(url).json()
    assert other_client.get(url).json() == first and other_client.get(url).json() == first
    assert len(runs) == 1
    Deck.objects.filter(pk=deck.pk).update(list="1 Kamelfutter", version=deck.version + 1)
    changed = other_client.get(url).json()
    assert changed["summary"]["count"] == 1 and len(runs) == 2
    assert other_client.get(url + "?as_of=2026-01-01").status_code == 200 and len(runs) == 3


def test_a_collection_import_of_made_up_rows_names_only_the_first_ones(
    bundled_cards, user_client, nearest_calls
) -> None:
    rows = "game,card,count\n" + "\n".join(f"kamelo,{n},1" for n in made_up_names(5000))
    upload = SimpleUploadedFile("c.csv", rows.encode())
    response = user_client.post("/api/collection/import/", {"file": upload}, format="multipart")
    body = response.json()
    assert response.status_code == 400 and len(body["errors"]) == MAX_IMPORT_ERRORS
    assert body["detail"].startswith("5000 bad row(s); the first 100 are listed")
    assert len(nearest_calls) <= resolution.SUGGESTED_NAMES_MAX
