"""A client generated from the live schema works as it is (issue 19 item 11).

openapi-python-client (the most used Python generator) builds a client from ``/api/schema/`` of a
gunicorn server with DEBUG off; the test imports it unchanged and runs a whole flow with it: a
token, a search, a validation, a deck created and edited with If-Match, a collection import, a
match played to its end, its log and a print PDF. Each step prints one line (``-s`` shows them).
Before this, the generated module failed to import (three identical request media types on
``auth/token/``), its print call raised on a successful PDF and most answers were untyped.
"""

from __future__ import annotations

import datetime
import importlib
import io
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.reliability.servers import ROOT, LoopbackServer, loopback, password

GENERATOR = ROOT / ".venv" / "bin" / "openapi-python-client"
PACKAGE = "kartothek_client"
SEEN: list[str] = []


def say(line: str) -> None:
    SEEN.append(line)
    print(line)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackServer]:
    with loopback(tmp_path_factory.mktemp("client-server"), workers=1, threads=4) as running:
        yield running


@pytest.fixture(scope="module")
def client_package(server: LoopbackServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The generated package, imported from where the generator wrote it."""
    if not GENERATOR.exists():
        pytest.skip("openapi-python-client is not installed (requirements-dev.txt)")
    workdir = tmp_path_factory.mktemp("generated")
    schema = workdir / "schema.json"
    schema.write_bytes(requests.get(server.url + "/api/schema/?format=json", timeout=60).content)
    config = workdir / "config.yaml"
    config.write_text(f"post_hooks: []\npackage_name_override: {PACKAGE}\n")
    command = [str(GENERATOR), "generate", "--path", str(schema), "--config", str(config), "--meta", "none"]
    done = subprocess.run(
        [*command, "--output-path", str(workdir / PACKAGE)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr  # every operation generated
    sys.path.insert(0, str(workdir))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(workdir))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def module(package: Any, name: str) -> Any:
    return importlib.import_module(f"{package.__name__}.{name}")


def test_a_generated_client_runs_the_whole_flow_unpatched(server: LoopbackServer, client_package: Any) -> None:
    api, models = "api", module(client_package, "models")
    call = lambda path: module(client_package, f"{api}.{path}")  # noqa: E731
    File = module(client_package, "types").File

    # A token, from the username and password.
    anonymous = client_package.Client(base_url=server.url, raise_on_unexpected_status=True)
    body = models.TokenRequestRequest(username="alice", password=password("alice"), name="generated client", days=1)
    token = call("auth.auth_token_create").sync(client=anonymous, body=body)
    assert isinstance(token, models.TokenCreated) and len(token.token) == 40
    say(f"token: {token.name!r} {token.prefix}... expires {token.expires:%Y-%m-%d}")
    client = client_package.AuthenticatedClient(
        base_url=server.url, token=token.token, prefix="Token", raise_on_unexpected_status=True
    )

    # A search: cards typed per game, attributes included.
    page = call("cards.cards_list").sync(client=anonymous, game=models.CardsListGame.KAMELO, q="type:monster ap>=30")
    first = page.results[0]
    assert isinstance(first, models.KameloCard) and isinstance(first.attributes.ap, int) and first.attributes.ap >= 30
    say(f"search: {page.count} Ka-Mel-Oh! monsters with ap>=30, first {first.name} (ap {first.attributes.ap})")

    # A validation of a bundled sample deck.
    games = call("games.games_list").sync(client=anonymous)
    kamelo = next(g for g in games if g.slug == "kamelo")
    dufo = next(f for f in kamelo.formats if f.slug == "kamelo/dufo")
    sample = dufo.sample_decks[0]
    verdict = call("decks.decks_validate_create").sync(
        client=anonymous, body=models.ValidateRequestRequest(format_="kamelo/dufo", list_=sample.list_)
    )
    assert isinstance(verdict, models.ValidationResult) and verdict.legal and verdict.problems_omitted == 0
    say(f"validate: {sample.name!r} legal={verdict.legal}, {verdict.summary.count} cards")

    # A deck, created and edited with If-Match; a stale If-Match is refused with 412.
    created = call("decks.decks_create").sync_detailed(
        client=client, body=models.DeckRequest(name="Generated", format_="kamelo/dufo", list_=sample.list_)
    )
    deck, etag = created.parsed, created.headers["ETag"]
    edit = call("decks.decks_partial_update")
    renamed = edit.sync_detailed(
        id=str(deck.id), client=client, body=models.PatchedDeckRequest(name="Renamed"), if_match=etag
    )
    assert renamed.status_code == 200 and renamed.parsed.name == "Renamed" and renamed.headers["ETag"] != etag
    lenient = client_package.AuthenticatedClient(base_url=server.url, token=token.token, prefix="Token")
    stale = edit.sync_detailed(
        id=str(deck.id), client=lenient, body=models.PatchedDeckRequest(name="Lost"), if_match=etag
    )
    assert stale.status_code == 412 and isinstance(stale.parsed, models.Error)
    say(
        f"deck: #{deck.id} {etag} -> renamed {renamed.headers['ETag']}; stale If-Match -> {stale.status_code} {stale.parsed.code}"
    )

    # A collection import from CSV.
    csv = f"game,card,count\nkamelo,{first.slug},2\n".encode()
    upload = File(payload=io.BytesIO(csv), file_name="collection.csv", mime_type="text/csv")
    summary = call("collection.collection_import_create").sync(
        client=client, body=models.CollectionImportRequest(file=upload, mode=models.ModeEnum.REPLACE)
    )
    assert isinstance(summary, models.ImportSummary) and (summary.cards, summary.copies) == (1, 2)
    say(f"import: {summary.mode} {summary.cards} card(s), {summary.copies} copies")

    # A match against the AI, played to its end with the first legal action each time.
    options = models.MatchCreateRequestOptions.from_dict({"target_points": 3})
    players = [
        models.PlayerRequest(kind=models.SeatKindEnum.HUMAN),
        models.PlayerRequest(kind=models.SeatKindEnum.AI, behaviour="random"),
    ]
    state = call("matches.matches_create").sync(
        client=client,
        body=models.MatchCreateRequest(
            game="kamelo", variant="dufo", decks=[deck.id, deck.id], seed=7, players=players, options=options
        ),
    )
    assert isinstance(state, models.KameloState)
    act = call("matches.matches_actions_create")
    while not state.finished:
        assert state.to_act == 0 and state.legal_actions, state
        chosen = state.legal_actions[0]
        body = models.ActionSubmitRequest(player=0, action=chosen.id, version=state.version)
        state = act.sync(id=state.id, client=client, body=body)
        assert isinstance(state, models.KameloState)
    result = state.result
    say(f"match: #{state.id} finished at version {state.version}, turn {state.turn}: winners {result.winners}, "
        f"points {result.points}, {result.termination}")  # fmt: skip

    # The log, with the seed and every action.
    log = call("matches.matches_log_retrieve").sync(id=state.id, client=client)
    assert (
        isinstance(log, models.MatchLog) and log.seed == 7 and len(log.actions) == state.version and log.next_ is None
    )
    say(f"log: seed {log.seed}, {len(log.actions)} actions, first {log.actions[0].action.id!r}")

    # A print PDF of the deck.
    pdf = call("print_.print_create").sync(client=client, body=models.PrintRequestRequest(deck=deck.id))
    assert isinstance(pdf, File) and pdf.payload.read(4) == b"%PDF"
    say(f"print: a PDF of deck #{deck.id}")

    # A tournament: organised, entered with the saved deck (locked as a copy), read back; ratings.
    created = call("tournaments.tournaments_create").sync(
        client=client,
        body=models.TournamentCreateRequest(
            name="Generated Cup", format_="kamelo/dufo", date=datetime.date(2027, 1, 16)
        ),
    )
    assert isinstance(created, models.Tournament) and created.status == models.TournamentStatusEnum.REGISTERING
    entered = call("tournaments.tournaments_register_create").sync(
        id=created.id, client=client, body=models.RegisterRequest(deck=deck.id)
    )
    assert isinstance(entered, models.Tournament) and [p.user for p in entered.players] == ["alice"]
    ratings = call("ratings.ratings_list").sync(client=anonymous, game=models.RatingsListGame.KAMELO)
    assert ratings == []
    say(f"tournament: #{created.id} {created.format_} {created.status}, {len(entered.players)} player(s)")
    assert len(SEEN) == 9
