"""Filters that show stored keys as translated labels (see cards.labels)."""

from __future__ import annotations

from typing import Any

from django import template

from cards import labels

register = template.Library()

register.filter("attribute_label", labels.attribute_label)
register.filter("type_label", labels.type_label)
register.filter("rarity_label", labels.rarity_label)
register.filter("value_label", labels.value_label)
register.filter("localized_name", labels.localized_name)


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    """``mapping[key]`` in a template (None when absent)."""
    return mapping.get(key) if hasattr(mapping, "get") else None
