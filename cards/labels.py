"""What the pages show for the games' stored keys: attribute names, types, rarities, classes, races ...

The engine stores keys (``attack``, ``kaempfer``, ``special_monster``, ``very_rare``); each game
declares their names in both languages (``GameDefinition.labels``, its package's ``labels.py``) and
the pages show them in the page's language. What is the same for every game (the rarities, the
gallery's sort columns) is in the site's catalog here. Without a game, a key gets the name of the
first game that declares it. An unknown key falls back to itself with its first letter capitalised,
so an imported card with a new value still reads cleanly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.core.definition import GameDefinition
from engine.core.labels import Label, Labels
from engine.games import UnknownGameError, all_games, get_game

# Columns the gallery sorts by besides the attributes.
COLUMNS: dict[str, Promise] = {
    "name": _("Name"),
    "cost": _("Cost"),
    "charge": _("Charge"),
}

RARITIES: dict[str, Promise] = {
    "common": _("common"),
    "uncommon": _("uncommon"),
    "rare": _("rare"),
    "very_rare": _("very rare"),
    "unique": _("unique"),
    "promo": _("promo"),
}


def games_named(has: Callable[[GameDefinition], bool]) -> str:
    """The games for which ``has`` holds, as a documentation text names them (``"Eredan"``: each
    slug capitalised), so that help texts follow the registry instead of naming games."""
    return ", ".join(game.slug.capitalize() for game in all_games() if has(game))


def with_points(game: GameDefinition) -> bool:
    """Whether ``game`` has a points system (Eredan's charges)."""
    return game.points is not None


def _fallback(key: object) -> str:
    text = str(key or "").replace("_", " ")
    return text[:1].upper() + text[1:]


def _labels(game: str) -> list[Labels]:
    """The labels of ``game`` (none for an unknown game), or of every game when ``game`` is empty."""
    if not game:
        return [definition.labels for definition in all_games()]
    try:
        return [get_game(game).labels]
    except UnknownGameError:
        return []


def _find(key: str, game: str, part: str) -> str | None:
    for labels in _labels(game):
        label: Label | None = getattr(labels, part).get(key)
        if label is not None:
            return label.text(get_language() or "de")
    return None


def attribute_label(key: str, game: str = "") -> str:
    """The name of an attribute key of ``game`` (or of a sort column) in the page's language."""
    if key in COLUMNS:
        return str(COLUMNS[key])
    return _find(key, game, "attributes") or _fallback(key)


def type_label(key: str, game: str = "") -> str:
    """The name of a card type of ``game`` in the page's language."""
    return _find(key, game, "types") or _fallback(key)


def rarity_label(key: str) -> str:
    """The translated name of a rarity."""
    return str(RARITIES.get(key) or _fallback(key))


def value_label(value: Any, game: str = "") -> str:
    """A choice attribute's value of ``game`` (or a list of them) as the page shows it; numbers
    stay numbers."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(value_label(v, game) for v in value)
    if isinstance(value, str):
        return _find(value, game, "values") or value
    return str(value)


def localized_name(thing: Any) -> str:
    """One name per game (or guild) per language: ``name_en`` in English, else the German ``name``."""
    name_en = getattr(thing, "name_en", "") or ""
    if (get_language() or "de").startswith("en") and name_en:
        return str(name_en)
    return str(getattr(thing, "name", thing))
