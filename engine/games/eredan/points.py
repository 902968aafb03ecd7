"""Eredan's points system: the Quilingo charges (E6, E7), served by the ``charges`` app."""

from __future__ import annotations

from engine.core.labels import Label
from engine.core.points import PointsSystem
from engine.games.eredan.charges import Constants, compute_charges, counted_tournaments
from engine.games.eredan.deckrules import CHARGE_LIMIT

POINTS = PointsSystem(
    name=Label("Charge", "Ladung"),
    constants=Constants,
    formula=compute_charges,
    counted=counted_tournaments,
    deck_limit=CHARGE_LIMIT,
)
