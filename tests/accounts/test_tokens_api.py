"""Named, expiring API tokens that their owner lists and revokes (issue 19 item 10)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiToken, User
from accounts.tokens import token_create, token_digest

pytestmark = pytest.mark.django_db
URL = "/api/auth/token/"


def sign_in(client: APIClient, **extra: object) -> dict:
    response = client.post(URL, {"username": "alice", "password": "pw-alice", **extra}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_has_a_name_an_expiry_and_works(user: User) -> None:
    answer = sign_in(APIClient(), name="deck tool", days=7)
    assert answer["name"] == "deck tool" and len(answer["token"]) == 40
    expires = datetime.datetime.fromisoformat(answer["expires"])
    assert abs(expires - (timezone.now() + datetime.timedelta(days=7))) < datetime.timedelta(minutes=1)
    assert with_token(answer["token"]).get("/api/decks/").status_code == 200


def test_the_answer_with_the_secret_is_never_stored(user: User) -> None:
    response = APIClient().post(URL, {"username": "alice", "password": "pw-alice"}, format="json")
    assert response["Cache-Control"] == "no-store"


def test_only_the_digest_is_kept(user: User) -> None:
    key = sign_in(APIClient())["token"]
    row = ApiToken.objects.get()
    assert row.digest == token_digest(key) and key not in (row.digest, row.prefix) and row.prefix == key[:8]


def test_each_client_gets_its_own_token(user: User) -> None:
    first, second = sign_in(APIClient(), name="phone"), sign_in(APIClient(), name="laptop")
    assert first["token"] != second["token"]
    listed = with_token(first["token"]).get("/api/auth/tokens/").json()["results"]
    assert [(t["name"], t["current"]) for t in listed] == [("laptop", False), ("phone", True)]
    assert all("token" not in t and "digest" not in t for t in listed)


def test_an_expired_token_is_refused_with_401(user: User) -> None:
    token, key = token_create(user=user, name="old")
    ApiToken.objects.filter(pk=token.pk).update(expires=timezone.now() - datetime.timedelta(seconds=1))
    response = with_token(key).get("/api/decks/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_the_owner_revokes_a_token_and_it_stops_working(user: User) -> None:
    keep, keep_key = token_create(user=user, name="keep")
    drop, drop_key = token_create(user=user, name="drop")
    assert with_token(keep_key).delete(f"/api/auth/tokens/{drop.pk}/").status_code == 204
    assert with_token(drop_key).get("/api/decks/").status_code == 401
    assert with_token(keep_key).get("/api/decks/").status_code == 200


def test_another_users_token_is_not_there_for_you(user: User, other_user: User, other_client: APIClient) -> None:
    token, key = token_create(user=user, name="alice's")
    assert other_client.delete(f"/api/auth/tokens/{token.pk}/").status_code == 404
    assert other_client.get("/api/auth/tokens/").json()["results"] == []
    assert with_token(key).get("/api/decks/").status_code == 200


def test_token_lists_need_a_user() -> None:
    response = APIClient().get("/api/auth/tokens/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_a_user_holds_a_bounded_number_of_live_tokens(user: User, settings) -> None:
    settings.API_TOKENS_PER_USER = 2
    sign_in(APIClient()), sign_in(APIClient())
    response = APIClient().post(URL, {"username": "alice", "password": "pw-alice"}, format="json")
    assert response.status_code == 400 and "revoke one" in response.json()["detail"]


@pytest.mark.parametrize(
    "body",
    [{"username": "alice"}, {"username": "alice", "password": "pw-alice", "days": 0},
     {"username": "alice", "password": "pw-alice", "days": 366}, {"username": "alice", "password": "pw-alice", "name": ""}],
)  # fmt: skip
def test_bad_requests_answer_400(user: User, body: dict) -> None:
    assert APIClient().post(URL, body, format="json").status_code == 400


def test_wrong_credentials_answer_400_with_a_stable_code(user: User) -> None:
    response = APIClient().post(URL, {"username": "alice", "password": "wrong"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_credentials"


def test_a_stale_token_in_the_header_does_not_block_signing_in(user: User) -> None:
    assert (
        with_token("f" * 40).post(URL, {"username": "alice", "password": "pw-alice"}, format="json").status_code == 200
    )


def test_an_anonymous_call_that_needs_a_user_answers_401_with_a_challenge() -> None:
    response = APIClient().post("/api/matches/", {}, format="json")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_an_address_may_ask_for_tokens_only_so_often(user: User, monkeypatch: pytest.MonkeyPatch) -> None:
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "auth", "3/minute")
    client = APIClient()
    answers = [client.post(URL, {"username": "alice", "password": "pw-alice"}, format="json") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[-1].json()["code"] == "throttled" and int(answers[-1]["Retry-After"]) > 0
