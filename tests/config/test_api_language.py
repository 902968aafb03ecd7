"""The API's messages follow Accept-Language; its `code` values stay the same in every language
(issue 17 item 4)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "code", "german", "english"),
    [
        ("/api/no-such-endpoint/", "not_found", "Nicht gefunden.", "Not found."),
        ("/api/decks/", "not_authenticated", "Anmeldedaten fehlen.", "Authentication credentials were not provided."),
        (
            "/api/cards/eredan/no-such-card/",
            "not_found",
            "Keine Karte 'no-such-card' im Spiel 'eredan'.",
            "No card 'no-such-card' in game 'eredan'.",
        ),
    ],
)
def test_messages_follow_accept_language_and_codes_stay(
    api_client: Any, url: str, code: str, german: str, english: str
) -> None:
    de = api_client.get(url, HTTP_ACCEPT_LANGUAGE="de").json()
    en = api_client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert de["code"] == en["code"] == code
    assert de["detail"] == german and en["detail"] == english


def test_a_search_error_is_german_for_a_german_client(api_client: Any) -> None:
    de = api_client.get("/api/cards/", {"q": "nosuchfield:1"}, HTTP_ACCEPT_LANGUAGE="de").json()
    en = api_client.get("/api/cards/", {"q": "nosuchfield:1"}, HTTP_ACCEPT_LANGUAGE="en").json()
    assert de["code"] == en["code"] == "invalid"
    assert "nosuchfield" in de["detail"] and "nosuchfield" in en["detail"]
    assert de["detail"] != en["detail"]
