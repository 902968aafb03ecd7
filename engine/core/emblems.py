"""Emblems for the picture panel of a card face: signs a game gives its card types.

Drawn by the project as SVG markup in a 100 x 100 box (centre 50, 50), filled with ``currentColor``
so that the face chooses the colour. A game maps its types to these signs (or its own markup) and
adds a backdrop of its own (``engine.core.faces.Face``); a type without a sign gets :data:`CARD`.
The markup uses only what every surface reads: ``path`` (M L H V C S A Z), ``circle``, ``rect``,
``fill``, ``stroke``, ``stroke-width``, ``stroke-dasharray``, ``opacity`` and ``rotate``.
"""

from __future__ import annotations

# The signs, by what they show.
FIGURE = '<circle cx="50" cy="30" r="13"/><path d="M22 84c0-20 12-34 28-34s28 14 28 34z"/>'
BEAST = (
    '<path d="M20 78c4-24 16-42 30-48 14 6 26 24 30 48-8-6-14-8-20-6l-10 10-10-10c-6-2-12 0-20 6z"/>'
    '<circle cx="40" cy="48" r="4" fill="#fff"/><circle cx="60" cy="48" r="4" fill="#fff"/>'
)
SWORD = (
    '<path d="M47 10h6v52h-6z"/><path d="M34 60h32v6H34z"/><path d="M46 66h8v14h-8z"/><circle cx="50" cy="86" r="5"/>'
)
SHIELD = '<path d="M50 12l32 10v22c0 22-14 36-32 44-18-8-32-22-32-44V22z"/>'
FLAME = '<path d="M50 10c6 16 24 26 24 48a24 24 0 0 1-48 0c0-10 6-18 12-24 0 10 4 16 10 18-4-16 0-30 2-42z"/>'
SUN = '<circle cx="50" cy="50" r="16"/>' + "".join(
    f'<path d="M48 14h4l-2 14z" transform="rotate({angle} 50 50)"/>' for angle in range(0, 360, 45)
)
FLASK = '<path d="M42 12h16v6h-2v16l18 34a8 8 0 0 1-7 12H33a8 8 0 0 1-7-12l18-34V18h-2z"/>'
BAG = '<path d="M38 20h24l-6 10c16 6 24 20 24 34 0 10-6 18-16 18H36c-10 0-16-8-16-18 0-14 8-28 24-34z"/>'
GEM = (
    '<path d="M30 22h40l16 18-36 46-36-46z"/><path d="M30 22l20 18 20-18" fill="none" stroke="#fff" stroke-width="3"/>'
)
BOLT = '<path d="M58 8L24 56h22l-6 36 36-52H54z"/>'
TOWER = '<path d="M28 16h10v8h6v-8h12v8h6v-8h10v22l-6 4v44H34V42l-6-4z"/><path d="M45 70h10v16H45z" fill="#fff"/>'
TRAP = '<path d="M50 14l40 70H10z"/><path d="M47 40h6v24h-6zM47 70h6v6h-6z" fill="#fff"/>'
CROWN = '<path d="M14 74l6-44 18 18 12-26 12 26 18-18 6 44z"/><path d="M14 78h72v8H14z"/>'
ARROWS = '<path d="M30 86V44H18l20-26 20 26H46v42z"/><path d="M58 86V56H48l16-22 16 22H70v30z"/>'
SWORDS = (
    '<path d="M18 14l6-4 52 60-6 6z"/><path d="M82 14l-6-4-52 60 6 6z"/>'
    '<circle cx="22" cy="82" r="6"/><circle cx="78" cy="82" r="6"/>'
)
CARD = '<rect x="28" y="14" width="44" height="72" rx="6"/>'
