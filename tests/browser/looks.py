"""How a person sees a page, for the browser tests: axe-core's serious findings, sideways scrolling,
untranslated text, and a page opened at a given width."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import OPENED, TIMEOUT_MS

WIDTHS = (1280, 390)


def axe_findings(page: Any) -> tuple[int, list[str]]:
    """(every violation's count, the critical and serious ones as "rule: where" lines)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    serious = [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found if v["impact"] in ("critical", "serious")
    ]
    return len(found), serious


def sideways(page: Any) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def open_page(browser: Any, width: int = 1280, *, locale: str = "de-DE", **options: Any) -> Any:
    """A new page at ``width`` x 900 px in a fresh context (its own cookies), closed when the test
    ends (conftest's ``_close_opened_pages``)."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900}, **options)
    OPENED.append(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page
