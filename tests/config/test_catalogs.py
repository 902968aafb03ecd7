"""The translation catalogs (``locale/`` and each game package's ``locale/``): Django
reads only the compiled ``.mo``, so an edited ``.po`` whose ``.mo`` was not compiled again
(``msgfmt`` or ``manage.py compilemessages``) leaves its texts in English on the page; and gettext
skips an untranslated or fuzzy entry, so the German catalogs hold neither."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from engine.games import all_games, package_dirs

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(
    [
        *ROOT.glob("locale/*/LC_MESSAGES/django.po"),
        *ROOT.glob("*/locale/*/LC_MESSAGES/django.po"),  # an app's own catalog (tournaments)
        *(po for folder in package_dirs().values() for po in folder.glob("locale/*/LC_MESSAGES/*.po")),
    ]
)
GERMAN = [po for po in CATALOGS if po.parts[-3] == "de"]


def _name(po: Path) -> str:
    return str(po.relative_to(ROOT))


def _entries(catalog: polib.POFile | polib.MOFile) -> dict[tuple[str | None, str], object]:
    """What gettext finds: the translated entries by context and English text (a compiled catalog
    holds only those)."""
    return {
        (entry.msgctxt, entry.msgid): entry.msgstr_plural or entry.msgstr
        for entry in catalog
        if entry.msgid
        and not entry.obsolete
        and "fuzzy" not in entry.flags
        and (entry.msgstr or (entry.msgstr_plural and all(entry.msgstr_plural.values())))
    }


def test_the_site_and_every_game_with_an_engine_have_a_german_catalog() -> None:
    games = {g.slug for g in all_games() if g.engine is not None}
    assert {_name(po) for po in GERMAN} >= {
        "locale/de/LC_MESSAGES/django.po",
        *(_name(package_dirs()[slug] / "locale/de/LC_MESSAGES/django.po") for slug in games),
    }


@pytest.mark.parametrize("po", CATALOGS, ids=_name)
def test_the_compiled_catalog_holds_what_its_po_says(po: Path) -> None:
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{_name(po)} has no compiled {mo.name}: run `msgfmt -o {_name(mo)} {_name(po)}`"
    written, compiled = _entries(polib.pofile(str(po))), _entries(polib.mofile(str(mo)))
    stale = sorted(
        key[1] for key in written.keys() ^ compiled.keys() | {k for k in written if written[k] != compiled.get(k)}
    )
    assert stale == [], f"{_name(mo)} is older than its .po (run msgfmt); differs in: {stale[:5]}"


@pytest.mark.parametrize("po", GERMAN, ids=_name)
def test_every_german_entry_is_translated_and_none_is_fuzzy(po: Path) -> None:
    catalog = polib.pofile(str(po))
    missing = [e.msgid for e in catalog.untranslated_entries() if not e.obsolete]
    fuzzy = [e.msgid for e in catalog.fuzzy_entries()]
    assert (missing, fuzzy) == ([], [])
