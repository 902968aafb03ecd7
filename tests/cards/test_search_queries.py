"""Card search against the database: the query syntax's results and the shared CardFilter."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.filtersets import CardFilter
from cards.models import Card, CardSet, CardStat, Game, Guild
from cards.search import QuerySyntaxError, apply_query, count_matches

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """These tests read the messages' English wording (German is the default; tests/config/test_api_language.py
    checks that the same messages follow Accept-Language)."""
    with translation.override("en"):
        yield


def make_card(game: Game, slug: str, name: str, **fields: Any) -> Card:
    guilds = fields.pop("guilds", [])
    card = Card(game=game, slug=slug, name=name, **fields)
    card.save()
    card.guilds.set(guilds)
    return card


@pytest.fixture
def search_cards(db: Any) -> dict[str, Card]:
    """Three Ka-Mel-Oh! cards and three Eredan cards with accents, guilds, sets, attributes and a charge."""
    kamelo, _ = Game.objects.get_or_create(slug="kamelo", defaults={"name": "Ka-Mel-Oh!", "position": 0})
    eredan, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan", "position": 1})
    wuerste = CardSet.objects.create(game=kamelo, code="wue1", name="Wüstensöhne")
    kotoba, _ = Guild.objects.update_or_create(game=eredan, slug="kotoba", defaults={"name": "Kotoba"})
    nomads, _ = Guild.objects.update_or_create(
        game=eredan, slug="wuestennomaden", defaults={"name": "Wüstennomaden", "name_en": "Desert Nomads"}
    )
    cards = {
        "kamel": make_card(
            kamelo, "kamel-hame-ha", "Kamel-Hame-Ha", type="monster", cost=2, set=wuerste,
            text="Ein roter Drache aus Feuer.", attributes={"ap": 5, "dp": 3, "lp": 10, "hk": 1},
        ),
        "drache": make_card(
            kamelo, "wuestendrache", "Wüstendrache", type="monster", cost=4, rarity="rare",
            text="Größer als jeder Drache.", attributes={"ap": 8, "dp": 6, "lp": 12, "hk": 2},
        ),
        "palme": make_card(kamelo, "dattelpalme", "Dattelpalme", type="item", cost=1, text="Bringt Datteln."),
        "iro": make_card(
            eredan, "iro", "Iro", type="character", unique=True, guilds=[kotoba],
            text="Kämpft mit dem Katana.", attributes={"attack": 3, "defense": 1, "health": 8, "spirit": 2},
        ),
        "aez": make_card(
            eredan, "aez", "Aez", type="character", guilds=[nomads], text="Ein Drache der Wüste.",
            attributes={"attack": 5, "defense": 2, "health": 6, "spirit": 1},
        ),
        "katana": make_card(eredan, "katana", "Katana", type="weapon", cost=3, text="Ein schönes Schwert."),
    }  # fmt: skip
    CardStat.objects.create(card=cards["iro"], key="charge", value=12)
    CardStat.objects.create(card=cards["aez"], key="charge", value=30)
    return cards


def found(query: str, game: str | None = None) -> set[str]:
    return set(apply_query(Card.objects.all(), query, game=game).values_list("slug", flat=True))


def slugs(cards: dict[str, Card], *keys: str) -> set[str]:
    return {cards[key].slug for key in keys}


def test_a_word_matches_names_and_texts(search_cards: dict[str, Card]) -> None:
    assert found("drache") == slugs(search_cards, "kamel", "drache", "aez")


def test_a_word_matches_the_start_of_a_word(search_cards: dict[str, Card]) -> None:
    assert found("datt") == slugs(search_cards, "palme")


def test_words_ignore_accents_and_case(search_cards: dict[str, Card]) -> None:
    assert found("WUSTE") == slugs(search_cards, "drache", "aez")
    assert found("größer") == found("GROSSER") == slugs(search_cards, "drache")


def test_a_hyphenated_name_finds_its_card(search_cards: dict[str, Card]) -> None:
    assert found("Kamel-hame-ha") == slugs(search_cards, "kamel")


def test_juxtaposed_words_must_all_match(search_cards: dict[str, Card]) -> None:
    assert found("drache feuer") == slugs(search_cards, "kamel")


def test_negation_excludes_cards(search_cards: dict[str, Card]) -> None:
    assert found("drache -feuer") == slugs(search_cards, "drache", "aez")


def test_a_negated_group(search_cards: dict[str, Card]) -> None:
    assert found("game:eredan -(iro or katana)") == slugs(search_cards, "aez")


def test_or_joins_alternatives(search_cards: dict[str, Card]) -> None:
    assert found("katana or datteln") == slugs(search_cards, "iro", "katana", "palme")


def test_and_binds_tighter_than_or(search_cards: dict[str, Card]) -> None:
    assert found("drache feuer or schwert") == slugs(search_cards, "kamel", "katana")


def test_a_phrase_needs_its_words_in_order(search_cards: dict[str, Card]) -> None:
    assert found('"roter drache"') == slugs(search_cards, "kamel")
    assert found('"drache roter"') == set()


def test_a_quoted_word_is_a_whole_word(search_cards: dict[str, Card]) -> None:
    assert found('"datt"') == set()
    assert found('"Dattelpalme"') == slugs(search_cards, "palme")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ap>=8", {"drache"}),
        ("ap>5", {"drache"}),
        ("ap<8", {"kamel"}),
        ("ap<=8", {"kamel", "drache"}),
        ("ap=5", {"kamel"}),
        ("ap:5", {"kamel"}),
        ("ap!=5", {"drache", "palme", "iro", "aez", "katana"}),
        ("-ap>=8", {"kamel", "palme", "iro", "aez", "katana"}),
        ("attack>=4", {"aez"}),
        ("health<7", {"aez"}),
    ],
)
def test_numeric_operators_on_attributes(search_cards: dict[str, Card], query: str, expected: set[str]) -> None:
    assert found(query) == slugs(search_cards, *expected)


def test_numeric_operators_on_the_eredan_charge(search_cards: dict[str, Card]) -> None:
    assert found("charge>=20") == slugs(search_cards, "aez")
    assert found("charge<20", game="eredan") == slugs(search_cards, "iro")


def test_numeric_operators_on_cost(search_cards: dict[str, Card]) -> None:
    assert found("cost>=3") == slugs(search_cards, "drache", "katana")
    assert found("cost<2") == slugs(search_cards, "palme")


def test_textual_fields(search_cards: dict[str, Card]) -> None:
    assert found("type:weapon") == slugs(search_cards, "katana")
    assert found("rarity:rare") == slugs(search_cards, "drache")
    assert found("unique:true") == slugs(search_cards, "iro")
    assert found("game:kamelo type:item") == slugs(search_cards, "palme")


def test_set_by_code_or_folded_name(search_cards: dict[str, Card]) -> None:
    assert found("set:wue1") == found("set:wustensohne") == found('set:"Wüstensöhne"') == slugs(search_cards, "kamel")


def test_guild_by_slug_or_folded_name(search_cards: dict[str, Card]) -> None:
    assert found("guild:kotoba") == slugs(search_cards, "iro")
    assert found("guild:wuestennomaden") == found("guild:Wüstennomaden") == slugs(search_cards, "aez")
    assert found('guild:"desert nomads"') == slugs(search_cards, "aez")


def test_name_and_text_fields(search_cards: dict[str, Card]) -> None:
    assert found("name:drache") == slugs(search_cards, "drache")
    assert found("text:katana") == slugs(search_cards, "iro", "katana")
    assert found('text:"schones schwert"') == slugs(search_cards, "katana")


def test_the_game_argument_refuses_another_game_s_attribute(search_cards: dict[str, Card]) -> None:
    with pytest.raises(QuerySyntaxError, match='unknown field "ap" for game eredan'):
        found("ap>3", game="eredan")


def test_an_unknown_field_is_a_syntax_error(search_cards: dict[str, Card]) -> None:
    with pytest.raises(QuerySyntaxError, match='unknown field "nosuchfield" in "nosuchfield:1"'):
        found("drache nosuchfield:1")


def test_an_empty_query_keeps_every_card(search_cards: dict[str, Card]) -> None:
    assert found("  ") == {card.slug for card in search_cards.values()}


QUERY_PIECES = st.sampled_from(
    ["drache", "-", "(", ")", '"', " or ", " and ", "ap>=", "cost<", "charge>", "set:", "guild:", "type:",
     "name:", "text:", "unique:", "game:", "3", "-1", "x", "ä", "ß", " ", "nosuch:", "!", "\x00", "99999999999"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(QUERY_PIECES | st.text(max_size=4), max_size=12), game=st.sampled_from([None, "eredan"]))
def test_no_query_gives_anything_but_results_or_a_syntax_error(
    search_cards: dict[str, Card], pieces: Iterable[str], game: str | None
) -> None:
    query = "".join(pieces)
    try:
        rows = list(apply_query(Card.objects.all(), query, game=game))
    except QuerySyntaxError as error:
        assert str(error)
    else:
        assert all(isinstance(row, Card) for row in rows)
        assert count_matches(query, game=game) == counted(query, game)


def counted(query: str, game: str | None) -> int:
    """The count of the query's cards the plain way: apply_query over the game's cards."""
    cards = Card.objects.filter(game__slug=game) if game else Card.objects.all()
    return apply_query(cards, query, game=game).count()


@pytest.mark.parametrize(
    "query",
    [
        "drache", "dra", "drache feuer", "drache -feuer", "-drache", "drache or datteln", "(drache or iro) -ap>5",
        '"roter drache"', '"roter drache" or katana', "type:monster cost<=3", "-type:monster", "cost!=3",
        "ap!=5", "ap>=5 or unique:true", "guild:kotoba or guild:wuestennomaden", "-(guild:kotoba)",
        "set:wue1", "name:drache", "text:drache -name:wüste", "charge>=12", "charge!=12 -charge>20",
        "-(drache or datteln) -(iro)", "drache drache", "", "  ",
    ],
)  # fmt: skip
@pytest.mark.parametrize("game", [None, "kamelo", "eredan"])
def test_counting_with_set_operations_agrees_with_the_query(
    search_cards: dict[str, Card], query: str, game: str | None
) -> None:
    try:
        expected = counted(query, game)
    except QuerySyntaxError:
        return  # an attribute of another game: both refuse it
    assert count_matches(query, game=game) == expected


def test_a_card_with_two_words_of_one_prefix_counts_once(search_cards: dict[str, Card]) -> None:
    make_card(search_cards["kamel"].game, "drachen", "Drachenei", text="Ein Drache im Ei.")  # drachenei, drache
    assert count_matches("drache", game="kamelo") == counted("drache", "kamelo") == 3


def test_the_api_counts_a_search_with_set_operations(client: Any, search_cards: dict[str, Card]) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        answer = client.get("/api/cards/", {"game": "kamelo", "q": "drache or datteln", "page_size": "1"}).json()
    assert answer["count"] == 3 and len(answer["results"]) == 1
    assert any(q["sql"].startswith("SELECT COUNT(*) FROM (") and " UNION " in q["sql"] for q in ctx.captured_queries)
    # Another filter beside the search: the plain count, the same numbers.
    answer = client.get("/api/cards/", {"game": "kamelo", "q": "drache or datteln", "type": "monster"}).json()
    assert answer["count"] == 2 == len(answer["results"])


def test_the_gallery_counts_a_search_as_the_api_does(client: Any, search_cards: dict[str, Card]) -> None:
    body = client.get("/cards/", {"game": "kamelo", "q": "drache -feuer"}).content.decode()
    assert "Wüstendrache" in body and "Kamel-Hame-Ha" not in body
    assert client.get("/api/cards/", {"game": "kamelo", "q": "drache -feuer"}).json()["count"] == 1


# -- the shared FilterSet -----------------------------------------------------------------------


def filtered(**params: str) -> list[str]:
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert filterset.is_valid(), filterset.errors
    return [card.slug for card in filterset.qs]


def test_the_filter_orders_by_game_then_name_by_default(search_cards: dict[str, Card]) -> None:
    assert filtered(q="drache") == ["kamel-hame-ha", "wuestendrache", "aez"]


def test_the_filter_orders_by_an_attribute_with_missing_values_last(search_cards: dict[str, Card]) -> None:
    assert filtered(game="kamelo", order="-ap") == ["wuestendrache", "kamel-hame-ha", "dattelpalme"]
    assert filtered(game="kamelo", order="ap") == ["kamel-hame-ha", "wuestendrache", "dattelpalme"]


def test_the_filter_orders_by_name_and_cost(search_cards: dict[str, Card]) -> None:
    assert filtered(game="eredan", order="-name") == ["katana", "iro", "aez"]
    assert filtered(game="kamelo", order="cost") == ["dattelpalme", "kamel-hame-ha", "wuestendrache"]


def test_the_filter_orders_by_charge(search_cards: dict[str, Card]) -> None:
    assert filtered(game="eredan", order="-charge") == ["aez", "iro", "katana"]


def test_the_filter_s_plain_fields(search_cards: dict[str, Card]) -> None:
    assert filtered(game="eredan", guild="kotoba") == ["iro"]
    assert filtered(set="wue1") == ["kamel-hame-ha"]
    assert filtered(type="monster", cost_min="3") == ["wuestendrache"]
    assert filtered(game="kamelo", cost_max="2") == ["dattelpalme", "kamel-hame-ha"]
    assert filtered(rarity="rare") == ["wuestendrache"]


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"q": "nosuchfield:1"}, "q", 'unknown field "nosuchfield" in "nosuchfield:1"'),
        ({"game": "eredan", "q": "ap>1"}, "q", 'unknown field "ap" for game eredan in "ap>1"'),
        ({"game": "eredan", "order": "ap"}, "order", 'unknown order "ap" for game eredan'),
        ({"order": "colour"}, "order", 'unknown order "colour"'),
        ({"game": "schach"}, "game", "schach"),
    ],
)
def test_the_filter_reports_a_bad_parameter_as_a_form_error(params: dict[str, str], field: str, message: str) -> None:
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert not filterset.is_valid()
    assert message in " ".join(filterset.errors[field])


def test_the_api_answers_400_naming_the_bad_term(client: Any, search_cards: dict[str, Card]) -> None:
    response = client.get("/api/cards/", {"q": "drache nosuchfield:1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert 'unknown field "nosuchfield" in "nosuchfield:1"' in response.json()["detail"]


def test_the_api_searches_with_the_syntax(client: Any, search_cards: dict[str, Card]) -> None:
    response = client.get("/api/cards/", {"game": "kamelo", "q": "drache ap>=8"})
    assert response.status_code == 200
    assert [card["slug"] for card in response.json()["results"]] == ["wuestendrache"]


def test_the_api_pages_keep_the_filter_s_order_and_count(client: Any, search_cards: dict[str, Card]) -> None:
    first = client.get("/api/cards/", {"game": "kamelo", "order": "-ap", "page_size": "2"}).json()
    second = client.get("/api/cards/", {"game": "kamelo", "order": "-ap", "page_size": "2", "page": "2"}).json()
    assert first["count"] == second["count"] == 3
    assert [c["slug"] for c in first["results"] + second["results"]] == [
        "wuestendrache",
        "kamel-hame-ha",
        "dattelpalme",
    ]
    assert first["results"][0]["image"]["full"].endswith("/cards/kamelo/wuestendrache/face.svg")


def test_the_gallery_pages_keep_the_filter_s_order(client: Any, search_cards: dict[str, Card]) -> None:
    body = client.get("/cards/", {"game": "kamelo", "order": "-ap"}).content.decode()
    assert body.index("Wüstendrache") < body.index("Kamel-Hame-Ha") < body.index("Dattelpalme")


# -- the search index rows carry their card's game ---------------------------------------------------


def index_games(card: Card) -> set[int]:
    return set(card.stats.values_list("game_id", flat=True)) | set(card.words.values_list("game_id", flat=True))


def test_index_rows_carry_their_card_s_game(search_cards: dict[str, Card]) -> None:
    for card in search_cards.values():
        assert index_games(card) == {card.game_id}


def test_a_stat_written_without_its_game_gets_the_card_s(search_cards: dict[str, Card]) -> None:
    # The charges app writes charge stats by card id alone, with save() and with bulk_create().
    katana, palme = search_cards["katana"], search_cards["palme"]
    CardStat.objects.create(card_id=katana.pk, key="charge", value=4)
    CardStat.objects.bulk_create(
        [CardStat(card_id=palme.pk, key="charge", value=2), CardStat(card=katana, key="x", value=1)]
    )
    assert dict(CardStat.objects.filter(key__in=["charge", "x"]).values_list("card__slug", "game__slug")) == {
        "iro": "eredan", "aez": "eredan", "katana": "eredan", "dattelpalme": "kamelo",
    }  # fmt: skip


def test_a_card_moved_to_another_game_takes_its_index_rows_along(search_cards: dict[str, Card]) -> None:
    aez, kamelo = search_cards["aez"], search_cards["kamel"].game
    aez.game, aez.attributes = kamelo, {"ap": 1}
    aez.save()
    assert index_games(aez) == {kamelo.pk}
    assert found("charge>=20", game="kamelo") == found("aez", game="kamelo") == {"aez"}


def test_a_game_s_search_reads_that_game_s_index_rows(search_cards: dict[str, Card]) -> None:
    assert found("drache", game="eredan") == slugs(search_cards, "aez")
    assert found("drache", game="kamelo") == slugs(search_cards, "kamel", "drache")
    assert found("-drache", game="eredan") >= slugs(search_cards, "iro", "katana")


def test_a_phrase_of_hundreds_of_words_is_counted(search_cards: dict[str, Card]) -> None:
    """Each distinct word of a phrase is one INTERSECT part; SQLite allows 500 and 1,000
    characters hold at most about 340 distinct words."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    phrase = " ".join([*letters, *(a + b for a in letters for b in letters)][:340])
    query = f'"{phrase}"'[:1000]
    assert count_matches(query, game="kamelo") == counted(query, "kamelo") == 0


def test_a_long_phrase_matches_whole_words_at_its_ends(search_cards: dict[str, Card]) -> None:
    """A phrase narrows by index with its first, last and longest words only (one subquery per
    word of a 340-word phrase took PostgreSQL minutes); a word cut at either end still misses."""
    card = search_cards["kamel"]
    inner = " ".join(f"wort{n}" for n in range(10))
    card.text = f"anfang {inner} schluss"
    card.save()
    assert found(f'"anfang {inner} schluss"', game="kamelo") == {card.slug}
    assert found(f'"fang {inner} schluss"', game="kamelo") == set()  # "fang" is no word of the card
    assert found(f'"anfang {inner} schlu"', game="kamelo") == set()  # nor "schlu"


def test_a_name_search_puts_the_exact_name_first_then_names_starting_with_it(bundled_cards: None) -> None:
    """Issue 17: `q=Iro` listed Brom Eisenfaust (whose text names Iro) before Iro; the API's `order`
    stays the same FilterSet, and an explicit order still wins."""
    assert filtered(game="eredan", q="Iro")[0] == "iro"
    by_name = filtered(game="eredan", q="Iro", order="name")
    assert by_name == [c.slug for c in Card.objects.filter(slug__in=by_name).order_by("name_folded", "pk")]
    assert by_name[0] != "iro"
