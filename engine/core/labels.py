"""Texts a game declares in both of the service's languages: the names of its card attributes,
types and choice values, and any heading its pages show (the deck builder's figures).

The engine stores keys (``attack``, ``kaempfer``, ``special_monster``); the pages show a game's
:class:`Labels` for them in the page's language (``cards.labels``). Pure data, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Label:
    """One text in English and German."""

    en: str
    de: str

    def text(self, language: str) -> str:
        """The text in ``language`` (a language code such as ``de`` or ``en-gb``): German or English."""
        return self.de if language.startswith("de") else self.en


@dataclass(frozen=True)
class Labels:
    """A game's names for its stored keys: attributes, card types and choice values."""

    attributes: Mapping[str, Label] = field(default_factory=dict)
    types: Mapping[str, Label] = field(default_factory=dict)
    values: Mapping[str, Label] = field(default_factory=dict)
