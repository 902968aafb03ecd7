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


def _both(send: Any) -> tuple[Any, Any]:
    """The same request sent with Accept-Language de and en."""
    return send(HTTP_ACCEPT_LANGUAGE="de"), send(HTTP_ACCEPT_LANGUAGE="en")


BAD_DECK = "Characters\n1 Aez\n1 Iro\n\nDeck\n9 Katana\nblah\n5 Katan\n1000 Katana\nSideboard\n3 Iro"
DECK_MESSAGES = {  # code -> (German, English), in the order the answer lists them
    "bad_line": [
        (
            "Zeile 7: „blah“ ist nicht lesbar: erwartet wird „N Name“, „Nx Name“ oder eine Abschnittsüberschrift.",
            'Line 7: cannot read "blah": expected "N Name", "Nx Name" or a section header.',
        ),
        (
            "Zeile 9: „1000 Katana“ ist nicht lesbar: die Anzahl muss 1 bis 999 sein.",
            'Line 9: cannot read "1000 Katana": the count must be 1 to 999.',
        ),
    ],
    "unknown_card": [
        (
            "Keine Karte heißt „Katan“; meintest du Katana, Krafttrank?",
            'No card is named "Katan"; did you mean Katana, Krafttrank?',
        )
    ],
    "character_count": [
        (
            "Das Deck hat 2 Charaktere; genau 3 sind vorgeschrieben (E1).",
            "The deck has 2 characters; exactly 3 are required (E1).",
        )
    ],
    "deck_size": [
        (
            "Das Deck hat 9 Karten; zwischen 20 und 50 sind vorgeschrieben (E1).",
            "The deck has 9 cards; between 20 and 50 are required (E1).",
        )
    ],
    "too_many_copies": [
        ("Iro: 4 Exemplare, höchstens 2 sind erlaubt (E2).", "Iro: 4 copies, at most 2 are allowed (E2)."),
        ("Katana: 9 Exemplare, höchstens 2 sind erlaubt (E2).", "Katana: 9 copies, at most 2 are allowed (E2)."),
    ],
    "unique_card": [
        (
            "Iro ist einzigartig: Iro hat 4 Exemplare, höchstens 1 ist erlaubt (E2).",
            "Iro is unique: Iro has 4 copies, at most 1 is allowed (E2).",
        )
    ],
}


def _by_code(answer: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for problem in answer["problems"]:
        grouped.setdefault(problem["code"], []).append(problem)
    return grouped


def test_deck_problems_follow_accept_language_with_the_same_codes_params_and_lines(
    api_client: Any, bundled_cards: None
) -> None:
    body = {"format": "eredan/quilingo", "list": BAD_DECK}
    de, en = _both(lambda **h: api_client.post("/api/decks/validate/", body, format="json", **h))
    assert de.status_code == en.status_code == 200
    de_problems, en_problems = _by_code(de.json()), _by_code(en.json())
    assert de_problems.keys() == en_problems.keys() == DECK_MESSAGES.keys()
    for code, expected in DECK_MESSAGES.items():
        assert [
            (d["message"], e["message"]) for d, e in zip(de_problems[code], en_problems[code], strict=True)
        ] == expected
        # Only the message changes: the rest of each problem is the same in both languages.
        strip = [{k: v for k, v in p.items() if k != "message"} for p in de_problems[code]]
        assert strip == [{k: v for k, v in p.items() if k != "message"} for p in en_problems[code]]
    assert de.json()["legal"] is en.json()["legal"] is False


def test_a_saved_decks_validation_follows_accept_language_and_stays_private(
    user_client: Any, other_client: Any, bundled_cards: None
) -> None:
    """The kept answer is kept per language (a German answer never reaches an English client);
    another user's private deck is a 404 in both languages."""
    made = user_client.post(
        "/api/decks/", {"name": "bad", "format": "eredan/quilingo", "list": BAD_DECK}, format="json"
    )
    assert made.status_code == 201, made.json()
    url = f"/api/decks/{made.json()['id']}/validation/"
    for _ in range(2):  # the second round answers from the kept answers
        de, en = _both(lambda **h: user_client.get(url, **h))
        assert _by_code(de.json())["deck_size"][0]["message"] == DECK_MESSAGES["deck_size"][0][0]
        assert _by_code(en.json())["deck_size"][0]["message"] == DECK_MESSAGES["deck_size"][0][1]
    de, en = _both(lambda **h: other_client.get(url, **h))
    assert de.status_code == en.status_code == 404
    assert de.json()["code"] == en.json()["code"] == "not_found"
    assert (de.json()["detail"], en.json()["detail"]) == ("Nicht gefunden.", "Not found.")


def test_an_unknown_deck_format_is_german_for_a_german_client(api_client: Any) -> None:
    body = {"format": "eredan/nosuch", "list": "1 Katana"}
    de, en = _both(lambda **h: api_client.post("/api/decks/validate/", body, format="json", **h))
    assert de.status_code == en.status_code == 400
    assert de.json()["code"] == en.json()["code"] == "unknown_format"
    assert de.json()["detail"].startswith("unbekanntes Format 'eredan/nosuch'; die Formate sind duel/standard, ")
    assert en.json()["detail"].startswith("unknown format 'eredan/nosuch'; the formats are duel/standard, ")


@pytest.mark.parametrize(
    ("query", "german", "english"),
    [
        ("attack>=x", 'q: "x" ist keine ganze Zahl in "attack>=x"', 'q: "x" is not a whole number in "attack>=x"'),
        ('"unclosed', 'q: nicht geschlossenes Anführungszeichen in "unclosed', 'q: unterminated quote in "unclosed'),
    ],
)
def test_a_bad_search_query_has_one_code_and_a_message_per_language(
    api_client: Any, query: str, german: str, english: str
) -> None:
    de, en = _both(lambda **h: api_client.get("/api/cards/", {"q": query}, **h))
    assert de.status_code == en.status_code == 400
    assert de.json()["code"] == en.json()["code"] == "invalid"
    assert (de.json()["detail"], en.json()["detail"]) == (german, english)


def _submit(client: Any, state: dict[str, Any], **changes: Any) -> Any:
    body = {"player": state["player"], "action": state["legal_actions"][0], "version": state["version"], **changes}
    return lambda **h: client.post(f"/api/matches/{state['id']}/actions/", body, format="json", **h)


@pytest.mark.parametrize(
    ("changes", "status", "code", "german", "english"),
    [
        (
            {"action": "attack:nonsense"},
            400,
            "illegal_action",
            "'attack:nonsense' ist für Spieler 0 jetzt kein erlaubter Zug",
            "'attack:nonsense' is not a legal action for player 0 now",
        ),
        (
            {"version": 99},
            409,
            "conflict",
            "Version 99 ist veraltet: die Partie ist bei Version 0",
            "version 99 is stale: the match is at version 0",
        ),
        (
            {"player": 1},
            403,
            "permission_denied",
            "Spieler 1 wird vom Computer gespielt",
            "player 1 is played by the computer",
        ),
        (
            {"player": 3},
            400,
            "bad_player",
            "in dieser Partie gibt es keinen Spieler 3",
            "there is no player 3 in this match",
        ),
        (
            {"player": 9},
            400,
            "invalid",
            "player: Stelle sicher, dass dieser Wert kleiner oder gleich 3 ist.",
            "player: Ensure this value is less than or equal to 3.",
        ),
    ],
)
def test_a_refused_match_action_has_one_code_and_a_message_per_language(
    user_client: Any, bundled_cards: None, changes: dict[str, Any], status: int, code: str, german: str, english: str
) -> None:
    """The engine (pure Python) refuses in English; the API answers in the client's language."""
    from tests.matches.conftest import create

    state = create(user_client, options={"first_player": 0})
    de, en = _both(_submit(user_client, state, **changes))
    assert de.status_code == en.status_code == status
    assert de.json()["code"] == en.json()["code"] == code
    assert (de.json()["detail"], en.json()["detail"]) == (german, english)
    after = user_client.get(f"/api/matches/{state['id']}/", {"player": 0}).json()
    assert after["version"] == state["version"]  # refused in either language: nothing changed


def test_another_users_seat_is_refused_in_the_clients_language(
    user_client: Any, other_client: Any, bundled_cards: None
) -> None:
    from tests.matches.conftest import create

    state = create(user_client, options={"first_player": 0})
    de, en = _both(_submit(other_client, state))
    assert de.status_code == en.status_code in (403, 404)
    assert de.json()["code"] == en.json()["code"]
    assert de.json()["detail"] != en.json()["detail"]


def test_the_engines_refusal_patterns_read_what_the_engine_writes() -> None:
    """Each engine reason the API translates is read by its pattern; an unknown one stays as it is."""
    from django.utils import translation

    from engine.core.match import Action, IllegalActionError, find_legal
    from engine.errors import illegal_action_message

    reasons = []
    for legal in ([Action("end", "End", {})], []):
        with pytest.raises(IllegalActionError) as refused:
            find_legal(legal, "x", 1)
        reasons.append(str(refused.value))
    with translation.override("de"):
        assert [illegal_action_message(r) for r in reasons] == [
            "'x' ist für Spieler 1 jetzt kein erlaubter Zug",
            "'x': Spieler 1 ist nicht am Zug",
        ]
        assert illegal_action_message("a reason the API does not know") == "a reason the API does not know"


def test_deck_problem_patterns_read_the_engines_messages_and_leave_unknown_ones_english() -> None:
    from django.utils import translation

    from decks.messages import problem_message
    from engine.core.decklist import ambiguous_card, unknown_card

    with translation.override("de"):
        ambiguous = ambiguous_card("Schwert", ["schwert-a", "schwert-b"], line=2).to_json()
        assert (
            problem_message(ambiguous)
            == "„Schwert“ benennt 2 Karten (schwert-a, schwert-b); gib stattdessen den Slug an."
        )
        assert problem_message(unknown_card("Xy", []).to_json()) == "Keine Karte heißt „Xy“."
        new_rule = {"code": "some_new_rule", "message": "A rule the API does not know (Z9)."}
        assert problem_message(new_rule) == "A rule the API does not know (Z9)."
        drifted = {"code": "deck_size", "message": "The deck is too thin."}  # a template the pattern misses
        assert problem_message(drifted) == "The deck is too thin."


def test_a_match_with_an_illegal_deck_names_its_problems_in_the_clients_language(
    user_client: Any, bundled_cards: None
) -> None:
    from engine.models import Match
    from tests.matches.conftest import create_body, inline_deck

    body = create_body(decks=[inline_deck(), {"format": "kamelo/dufo", "list": "3 Dromedar\n"}])
    de, en = _both(lambda **h: user_client.post("/api/matches/", body, format="json", **h))
    assert de.status_code == en.status_code == 400
    assert de.json()["code"] == en.json()["code"] == "illegal_deck"
    assert [p["code"] for p in de.json()["problems"]] == [p["code"] for p in en.json()["problems"]]
    de_size = next(p for p in de.json()["problems"] if p["code"] == "deck_size")
    en_size = next(p for p in en.json()["problems"] if p["code"] == "deck_size")
    assert de_size["message"].startswith("Das Deck hat 3 Karten; ") and en_size["message"].startswith(
        "The deck has 3 cards; "
    )
    assert de.json()["detail"].startswith("Deck 1 ist nicht legal: ")
    assert en.json()["detail"].startswith("deck 1 is not legal: ")
    assert not Match.objects.exists()


def _eredan_char(slug: str, *guilds: str) -> Any:
    from engine.core.deckrules.types import DeckEntry

    card = {"slug": slug, "name": slug.title(), "type": "character", "guilds": list(guilds), "unique": True}
    return DeckEntry(card, 1, "characters", None)


def test_eredan_guild_and_line_problems_are_read_from_what_the_rules_write() -> None:
    """E2/E3/E4 problems as the Eredan rules write them, translated; in English they stay as written."""
    from django.utils import translation

    from decks.messages import problem_message, translated_problems
    from engine.core.deckrules.types import Deck, DeckEntry
    from engine.games.eredan.deckrules import DistinctCharacterLines, GuildRule, OffGuildCards

    conflict = Deck(entries=(_eredan_char("iro", "kotoba"), _eredan_char("zahal", "noz-dingard")))
    mixed = Deck(entries=(_eredan_char("aez", "soeldner"), _eredan_char("mordak", "nehantisten")))
    twice = Deck(entries=(DeckEntry({**_eredan_char("iro", "kotoba").card}, 2, "characters", None),))
    off = Deck(
        entries=(
            _eredan_char("iro", "kotoba"),
            DeckEntry({"slug": "zil-scroll", "name": "Zil Scroll", "type": "item", "guilds": ["zil"]}, 1, "deck", 5),
        )
    )
    problems = [
        *[v.to_json() for v in GuildRule().check(conflict)],
        *[v.to_json() for v in GuildRule().check(mixed)],
        *[v.to_json() for v in DistinctCharacterLines().check(twice)],
        *[v.to_json() for v in OffGuildCards().check(off)],
    ]
    assert [p["code"] for p in problems] == [
        "guild_conflict",
        "nehantist_mercenary",
        "character_line",
        "off_guild_card",
    ]
    with translation.override("de"):
        assert [problem_message(p) for p in problems] == [
            "Die Charaktere haben keine gemeinsame Gilde: Iro (kotoba), Zahal (noz-dingard) (E3).",
            "Nehantisten und Söldner stehen nie im selben Deck: Mordak (nehantisten), Aez (soeldner) (E3).",
            "Iro: die Charaktere müssen aus verschiedenen Entwicklungslinien stammen (E2).",
            "Zil Scroll gehört zu zil, außerhalb der Gilden dieses Decks (kotoba) (E4).",
        ]
    with translation.override("en"):
        answer = {"problems": problems}
        assert translated_problems(answer) is answer  # English: the engine's own words, untouched


def test_an_unknown_section_is_read_from_what_the_format_writes() -> None:
    from django.utils import translation

    from decks.messages import problem_message
    from engine.core.deckrules.types import DeckEntry
    from engine.games import get_game

    fmt = get_game("kamelo").formats["kamelo/dufo"]
    deck_entry = DeckEntry({"slug": "x", "name": "X", "type": "item"}, 1, "characters", 3)
    from engine.core.deckrules.types import Deck

    found = [p.to_json() for p in fmt.validate(Deck(entries=(deck_entry,))).problems if p.code == "unknown_section"]
    assert len(found) == 1
    with translation.override("de"):
        assert problem_message(found[0]).startswith(
            "Der Abschnitt 'characters' gehört nicht zu kamelo/dufo; seine Abschnitte sind "
        )


def test_stage_bounds_and_dead_card_problems_are_read_from_what_the_rules_write() -> None:
    """R1's stage counts, K3's violet bounds and the dead cards of E5 and K8, as the rules write
    them, in German (they stayed English on German pages); English stays as written."""
    from functools import partial

    from django.utils import translation

    from decks.messages import problem_message, translated_problems
    from engine.core.deckrules.common import CardBounds, StageDistribution
    from engine.core.deckrules.dead import DeadCards
    from engine.core.deckrules.types import Deck, DeckEntry
    from engine.games.eredan.deckrules import class_dead_cards
    from engine.games.kamelo.deckrules import recipe_dead_cards
    from engine.games.kamelo.formats import violet_bounds

    def entry(slug: str, type_: str, count: int = 1, section: str = "deck", **attributes: Any) -> DeckEntry:
        return DeckEntry(
            {"slug": slug, "name": slug.title(), "type": type_, "attributes": attributes}, count, section, 1
        )

    stages = Deck(entries=(entry("wurm", "monster", 7, stage=1),))
    violet = Deck(entries=(entry("drache", "special_monster", ap=70, dp=10, lp=300),))
    recipe = Deck(entries=(entry("chimaere", "special_monster", recipe={"item": "trank", "monsters": ["ziege"]}),))
    classes = Deck(entries=(entry("iro", "character", section="characters", classes=["krieger"]),
                            entry("zauberstab", "item", classes=["magier", "priester"])))  # fmt: skip
    problems = [
        *[v.to_json() for v in StageDistribution(multiple=True).check(stages)],
        *[v.to_json() for v in StageDistribution().check(stages)],
        *[v.to_json() for v in CardBounds(partial(violet_bounds, "dufo")).check(violet)],
        *[v.to_json() for v in DeadCards("K8", recipe_dead_cards, "violet cards").check(recipe)],
        *[v.to_json() for v in DeadCards("E5", class_dead_cards, "class cards").check(classes)],
    ]
    with translation.override("de"):
        german = [problem_message(p) for p in problems]
    assert german[0] == (
        "Monsterstapel: 7 Monster sind kein Vielfaches von 22; die Stufen 1-6 müssen im Verhältnis "
        "6/5/4/3/2/2 (mal k) vorkommen (R1)."
    )
    assert german[1].startswith("Monsterstapel: Stufe 1: 7 statt 6; Stufe 2: 0 statt 5;"), german[1]
    assert german[2].startswith("Drache: AP 70 liegt über "), german[2]
    assert "GW" in german[2] and "der violetten Grenze von dufo (K3)" in german[2]
    assert german[3] == "Chimaere ist eine tote Karte: ihr Rezept braucht trank, ziege, die nicht im Deck sind (K8)."
    assert german[4] == (
        "Zauberstab ist eine tote Karte: braucht einen magier oder priester; kein Charakter des Decks ist einer (E5)."
    )
    with translation.override("en"):
        answer = {"problems": problems}
        assert translated_problems(answer) is answer  # English: the engine's own words, untouched
