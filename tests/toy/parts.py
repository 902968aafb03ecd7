"""The toy game's parts besides its engine: its cards, deck format, calculator, what the API
documents of it, its labels, faces and the pages' examples. Each is what a real game declares in
a module of its own (docs/adding-a-game.md); the toy keeps them together because each is small."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.calcinput import RequestReader
from engine.core.cards import Attr, CardSchema
from engine.core.decks import DeckFormat, DeckSize, MaxCopies
from engine.core.definition import CalculatorError
from engine.core.emblems import GEM
from engine.core.faces import Back, Face, by_type
from engine.core.figures import TYPES, Figure
from engine.core.labels import Label, Labels
from engine.core.shape import INT, CalculatorShape, Cards, Int, StateShape, array, obj

SCHEMA = CardSchema(
    game="toy",
    types=("card",),
    attributes=(Attr("value", "int", min=1, max=99, required_for=frozenset({"card"})),),
)

FORMATS = {
    "toy/standard": DeckFormat(
        slug="toy/standard",
        name="Standard",
        game="toy",
        sections=("deck",),
        rules=(DeckSize(8, 8, decision="toy"), MaxCopies(1, lines=False, decision="toy")),
        description="Exactly 8 cards, each once.",
    )
}

READ = RequestReader()


def total(request: Mapping[str, Any]) -> dict[str, Any]:
    """The total of some card values: what a seat scores with them."""
    values = request.get("values")
    if not isinstance(values, list):
        raise CalculatorError(f"values: a list of whole numbers is required, not {values!r}")
    return {"total": sum(READ.whole(v, f"values[{i}]", 1, 99) for i, v in enumerate(values))}


CALCULATORS = {"total": total}
CALCULATOR_SHAPES = {
    "total": CalculatorShape(obj({"values": array(INT)}, ["values"]), obj({"total": INT}, ["total"])),
}
STATE = StateShape(
    state={"current": Int(min=0, help="the seat to play")},
    player={"played": Cards(), "set": Cards(help='face down: {"card": null, "face_down": true} until the end')},
)

LABELS = Labels(
    attributes={"value": Label("Value", "Wert")},
    types={"card": Label("Card", "Karte")},
)
SEARCH_EXAMPLES = ("value>=5",)
FIGURES = (Figure(Label("Values", "Werte"), "attribute", key="value", labels="number", by_key=True), TYPES)
FACE = Face(
    style=by_type({"card": ("Karte", "#E8D5A9")}, (("value", "WERT"),), accent="#6B4F1D", other="#DDDDDD"),
    back=Back("Spielzeug", "#6B4F1D", "#E8D5A9"),
    backdrop='<circle cx="50" cy="50" r="44" fill="none" stroke="currentColor" stroke-width="4"/>',
    signs={"card": GEM},
)
