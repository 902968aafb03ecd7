"""The card database: games, sets, guilds, cards and their search helpers."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

from cards.folding import fold, words
from cards.labels import games_named, with_points
from engine.games import UnknownGameError, get_game


class Game(models.Model):
    """One of the five games (the rows mirror the engine's registry, kept in sync by `game_sync`)."""

    slug = models.SlugField(max_length=20, unique=True)
    name = models.CharField(max_length=100)
    name_en = models.CharField(max_length=100, blank=True)
    position = models.PositiveSmallIntegerField(default=0)
    data_version = models.PositiveBigIntegerField(
        default=0, editable=False, help_text="bumped in the writing transaction whenever the game's cards change"
    )

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self) -> str:
        return self.name

    @property
    def definition(self):  # type: ignore[no-untyped-def]
        """The engine's definition of this game (schema, formats, calculators)."""
        return get_game(self.slug)


class CardSet(models.Model):
    """A released set (edition) of cards of one game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.SlugField(max_length=40)
    name = models.CharField(max_length=200)
    released = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["game", "released", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def to_dict(self) -> dict[str, Any]:
        """The set as the API's card shape embeds it."""
        return {"code": self.code, "name": self.name, "released": self.released.isoformat() if self.released else None}


class Guild(models.Model):
    """A guild or faction (Eredan's guilds and `soeldner`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="guilds")
    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=100)
    name_en = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["game", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="guild_unique_slug")]

    def __str__(self) -> str:
        return self.name


def card_image_path(card: Card, filename: str) -> str:
    return f"cards/{card.game.slug}/{card.slug}{filename[filename.rfind('.') :]}"


def card_thumb_path(card: Card, filename: str) -> str:
    return f"cards/{card.game.slug}/thumbs/{card.slug}{filename[filename.rfind('.') :]}"


class Card(models.Model):
    """A card of one game, in the shape of api.md; its attributes are checked by the game's schema.

    `full_clean()` runs the game's `CardSchema`, so the admin, the API and the importer refuse the
    same bad card with the same per-field message. `name_folded` and `search_text` are kept up to
    date on save (case- and accent-folded) for search on SQLite and PostgreSQL alike; `CardStat`
    and `CardWord` rows index the numeric attributes and words for the query syntax.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    slug = models.SlugField(max_length=120)
    name = models.CharField(max_length=200, help_text="German name (the games are German)")
    name_en = models.CharField(max_length=200, blank=True)
    name_folded = models.CharField(max_length=200, editable=False, db_index=True)
    type = models.CharField(max_length=40)
    set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards", null=True, blank=True)
    guilds = models.ManyToManyField(Guild, blank=True, related_name="cards")
    cost = models.IntegerField(null=True, blank=True)
    rarity = models.CharField(max_length=20, default="common")
    unique = models.BooleanField(default=False)
    evolves_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="evolutions"
    )
    text = models.TextField(blank=True)
    text_en = models.TextField(blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    effects = models.JSONField(default=list, blank=True)
    banned_at_start = models.BooleanField(
        default=False, help_text=f"{games_named(with_points)}: banned when the charge system began (E7)"
    )
    search_text = models.TextField(editable=False, blank=True)
    image = models.ImageField(upload_to=card_image_path, blank=True)
    thumb = models.ImageField(upload_to=card_thumb_path, blank=True, editable=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name_folded"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="card_unique_slug")]
        indexes = [
            models.Index(fields=["game", "name_folded"], name="card_game_name"),
            models.Index(fields=["game", "type", "name_folded"], name="card_game_type"),
            models.Index(fields=["game", "cost"], name="card_game_cost"),
            models.Index(fields=["game", "rarity"], name="card_game_rarity"),
            # `type:unit cost<=3`: counted, and its page's ids sorted, inside this index (no table rows).
            models.Index(fields=["game", "type", "cost", "name_folded"], name="card_game_type_cost"),
            # MAX(updated) per game: the charges' data stamp reads it per request (charges.selectors).
            models.Index(fields=["game", "updated"], name="card_game_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.derive()
        super().save(*args, **kwargs)
        update_fields = kwargs.get("update_fields")
        if update_fields is None or {"name", "name_en", "text", "text_en", "attributes"} & set(update_fields):
            self.reindex()

    def get_absolute_url(self) -> str:
        return reverse("cards:detail", kwargs={"game": self.game.slug, "slug": self.slug})

    # -- validation ---------------------------------------------------------------------------

    def schema_dict(self, guild_slugs: list[str] | None = None) -> dict[str, Any]:
        """The fields the game's schema checks."""
        return {
            "slug": self.slug,
            "name": self.name,
            "type": self.type,
            "cost": self.cost,
            "rarity": self.rarity,
            "guilds": guild_slugs if guild_slugs is not None else self._guild_slugs(),
            "attributes": self.attributes,
        }

    def clean(self) -> None:
        """Run the game's card schema; one message per field."""
        try:
            schema = get_game(self.game.slug).schema
        except (UnknownGameError, Game.DoesNotExist):
            raise ValidationError({"game": "unknown game"}) from None
        errors: dict[str, list[str]] = {}
        for error in schema.validate(self.schema_dict()):
            errors.setdefault(error.field, []).append(error.message)
        if errors:
            raise ValidationError(errors)

    def _guild_slugs(self) -> list[str]:
        if self.pk is None:
            return []
        return sorted(g.slug for g in self.guilds.all())

    # -- derived columns ----------------------------------------------------------------------

    def derive(self) -> None:
        """Fill the folded columns from the names and texts (save() does it; bulk_create callers must)."""
        self.name_folded = fold(self.name)
        self.search_text = " ".join(fold(part) for part in (self.name, self.name_en, self.text, self.text_en) if part)

    def index_rows(self) -> tuple[list[CardStat], list[CardWord]]:
        """The CardStat and CardWord rows this card's attributes and texts call for (unsaved)."""
        schema = get_game(self.game.slug).schema
        stats = [
            CardStat(card=self, game_id=self.game_id, key=key, value=value)
            for key, value in (self.attributes or {}).items()
            if key in schema.numeric_keys and isinstance(value, int) and not isinstance(value, bool)
        ]
        return stats, [CardWord(card=self, game_id=self.game_id, word=w) for w in sorted(words(self.search_text))]

    def reindex(self) -> None:
        """Rewrite this card's CardStat and CardWord rows (the charge stat is the charges app's,
        but it follows the card into another game)."""
        stats, card_words = self.index_rows()
        self.stats.exclude(key="charge").delete()
        self.stats.exclude(game_id=self.game_id).update(game_id=self.game_id)
        CardStat.objects.bulk_create(stats)
        self.words.all().delete()
        CardWord.objects.bulk_create(card_words)

    # -- the API shape ------------------------------------------------------------------------

    def to_dict(self, *, charge: int | None = None, request: Any = None) -> dict[str, Any]:
        """The card in the shape `GET cards/{game}/{slug}/` answers (api.md)."""
        data: dict[str, Any] = {
            "game": self.game.slug,
            "slug": self.slug,
            "name": self.name,
            "names": {"de": self.name, "en": self.name_en or self.name},
            "type": self.type,
            "set": self.set.to_dict() if self.set else None,
            "guilds": self._guild_slugs(),
            "cost": self.cost,
            "rarity": self.rarity,
            "unique": self.unique,
            "evolves_from": self.evolves_from.slug if self.evolves_from else None,
            "text": self.text,
            "texts": {"de": self.text, "en": self.text_en or self.text},
            "attributes": self.attributes,
            "effects": self.effects,
            "image": self.image_urls(request),
            "charge": charge,
        }
        if _has_points(self.game.slug):  # E7: a points system starts a card banned at the start higher
            data["banned_at_start"] = self.banned_at_start
        return data

    def image_urls(self, request: Any = None) -> dict[str, str | None]:
        """URLs of the full image and the thumbnail; the rendered face when the card has no image."""
        if self.image:
            full, thumb = self.image.url, (self.thumb.url if self.thumb else self.image.url)
        else:
            full = thumb = face_url(self.game.slug, self.slug)
        if request is not None:
            full, thumb = request.build_absolute_uri(full), request.build_absolute_uri(thumb)
        return {"full": full, "thumb": thumb}


def _has_points(game: str) -> bool:
    """Whether ``game`` declares a points system (Eredan's charges), whose cards say ``banned_at_start``."""
    try:
        return get_game(game).points is not None
    except UnknownGameError:
        return False


SLUG_MARK = "slug-mark"  # a slug that reverse() leaves as it is, to be replaced by the card's


def face_url(game: str, slug: str) -> str:
    """`reverse("cards:face", ...)` for a card: resolved once per game and URL setup, not per card
    (a page of 30 cards spent ~5 ms in reverse()). Slugs are ASCII slugs, which reverse() never quotes."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    head, tail = _face_url_parts(game, urlconf, get_script_prefix(), get_language())
    return f"{head}{slug}{tail}"


@lru_cache(maxsize=64)
def _face_url_parts(game: str, urlconf: Any, prefix: str, language: str | None) -> tuple[str, str]:
    head, _, tail = reverse("cards:face", kwargs={"game": game, "slug": SLUG_MARK}, urlconf=urlconf).rpartition(
        SLUG_MARK
    )
    return head, tail


class IndexRowQuerySet(models.QuerySet[Any]):
    """CardStat and CardWord rows: `bulk_create` fills the copied `game` from the card where a
    writer left it out (the charges app writes charge stats by card id alone)."""

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[Any]:
        rows = list(objs)
        fill_games(rows)
        return super().bulk_create(rows, *args, **kwargs)


def fill_games(rows: list[Any]) -> None:
    """Set `game_id` on index rows that lack it: from the cached card, else in one query."""
    missing = [row for row in rows if row.game_id is None]
    unknown = {row.card_id for row in missing if not type(row).card.is_cached(row)}
    games = dict(Card.objects.filter(pk__in=unknown).values_list("pk", "game_id")) if unknown else {}
    for row in missing:
        row.game_id = row.card.game_id if type(row).card.is_cached(row) else games.get(row.card_id)


class GameScopedRow(models.Model):
    """A search index row with a copy of its card's game, so that every lookup of one game walks
    that game's part of the index only, however large the other games grow."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_index=False, editable=False)

    objects = IndexRowQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.game_id is None:
            self.game_id = Card.objects.values_list("game_id", flat=True).get(pk=self.card_id)
        super().save(*args, **kwargs)


class CardStat(GameScopedRow):
    """One numeric attribute of a card (or its current charge), indexed for `field>=n` filters."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="stats")
    key = models.CharField(max_length=40)
    value = models.IntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "key"], name="cardstat_unique_key")]
        indexes = [models.Index(fields=["game", "key", "value", "card"], name="cardstat_game_key_value")]

    def __str__(self) -> str:
        return f"{self.key}={self.value}"


class CardWord(GameScopedRow):
    """One folded word of a card's names and texts, indexed for word and prefix search."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="words")
    word = models.CharField(max_length=80)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "word"], name="cardword_unique")]
        indexes = [models.Index(fields=["game", "word", "card"], name="cardword_game_word")]

    def __str__(self) -> str:
        return self.word
