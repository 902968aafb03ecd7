"""Deck problems in the request's language, translated at the API boundary.

The deck rules live in the pure engine (``engine/core``, ``engine/games``), which knows no Django
and writes its messages in English. The API answers in the language LocaleMiddleware chose from
``Accept-Language``: each English message the engine writes is read back by the pattern of its
template and written again from the translated template. ``code``, ``params``, ``cards`` and
``line`` stay as they are. A message no pattern reads (a rule added later) stays English, so an
answer never loses a message, only its translation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language, gettext, pgettext

Match = re.Match[str]


def _bounds(text: str) -> str:
    """'exactly 60', 'at least 20', 'at most 50', 'between 20 and 50' in the active language."""
    if found := re.fullmatch(r"between (\d+) and (\d+)", text):
        return gettext("between %(min)s and %(max)s") % {"min": found[1], "max": found[2]}
    if found := re.fullmatch(r"(exactly|at least|at most) (\d+)", text):
        words = {"exactly": gettext("exactly %(n)s"), "at least": gettext("at least %(n)s")}
        return words.get(found[1], gettext("at most %(n)s")) % {"n": found[2]}
    return text


def _what(text: str) -> str:
    """'The deck' or 'The deck section' (the subject of a deck_size message)."""
    if text == "The deck":
        return gettext("The deck")
    section = text.removeprefix("The ").removesuffix(" section")
    return gettext("The %(section)s section") % {"section": section}


def _copies(text: str) -> str:
    """A copy group's names, with the evolution-line note translated."""
    names = text.removesuffix(" (one evolution line)")
    if names == text:
        return text
    return gettext("%(names)s (one evolution line)") % {"names": names}


def _why(text: str) -> str:
    """The reason a line could not be read."""
    if found := re.fullmatch(r"the count must be 1 to (\d+)", text):
        return gettext("the count must be 1 to %(n)s") % {"n": found[1]}
    if text == 'expected "N Name", "Nx Name" or a section header':
        return gettext('expected "N Name", "Nx Name" or a section header')
    return text


def _bad_line(m: Match) -> str:
    values = {"line": m["line"], "text": m["text"], "why": _why(m["why"])}
    return gettext('Line %(line)s: cannot read "%(text)s": %(why)s.') % values


def _unknown_card(m: Match) -> str:
    if m["suggestions"]:
        message = gettext('No card is named "%(name)s"; did you mean %(suggestions)s?')
        return message % {"name": m["name"], "suggestions": m["suggestions"]}
    return gettext('No card is named "%(name)s".') % {"name": m["name"]}


def _ambiguous_card(m: Match) -> str:
    message = gettext('"%(name)s" names %(count)s cards (%(slugs)s); list it by slug instead.')
    return message % m.groupdict()


def _deck_size(m: Match) -> str:
    values = {"what": _what(m["what"]), "count": m["count"], "bounds": _bounds(m["bounds"]), "rule": m["rule"]}
    return gettext("%(what)s has %(count)s cards; %(bounds)s are required (%(rule)s).") % values


def _too_many_copies(m: Match) -> str:
    values = {"cards": _copies(m["cards"]), "count": m["count"], "limit": m["limit"], "rule": m["rule"]}
    return gettext("%(cards)s: %(count)s copies, at most %(limit)s are allowed (%(rule)s).") % values


def _unique_card(m: Match) -> str:
    values = {"name": m["name"], "cards": _copies(m["cards"]), "count": m["count"], "rule": m["rule"]}
    message = gettext("%(name)s is unique: %(cards)s has %(count)s copies, at most 1 is allowed (%(rule)s).")
    return message % values


def _banned_card(m: Match) -> str:
    return gettext("%(name)s is banned in this format (%(rule)s).") % m.groupdict()


def _character_count(m: Match) -> str:
    message = gettext("The deck has %(count)s characters; exactly %(required)s are required (%(rule)s).")
    return message % m.groupdict()


def _charge_limit(m: Match) -> str:
    message = gettext("Deck charge %(total)s is above the limit of %(limit)s (%(rule)s); heaviest: %(top)s.")
    return message % m.groupdict()


def _guilds(text: str) -> str:
    """Characters with their guilds ('Iro (kotoba), Aez (no guild)'): the words translated."""
    return text.replace("(no guild)", f"({gettext('no guild')})")


def _character_line(m: Match) -> str:
    message = gettext("%(names)s: the characters must come from different evolution lines (%(rule)s).")
    return message % m.groupdict()


def _guild_conflict(m: Match) -> str:
    message = gettext("The characters share no guild: %(chars)s (%(rule)s).")
    return message % {"chars": _guilds(m["chars"]), "rule": m["rule"]}


def _nehantist_mercenary(m: Match) -> str:
    message = gettext("Nehantist and mercenary characters never share a deck: %(chars)s (%(rule)s).")
    return message % {"chars": _guilds(m["chars"]), "rule": m["rule"]}


def _off_guild_card(m: Match) -> str:
    deck = m["deck"]
    if deck == "none: a mercenary deck":
        deck = gettext("none: a mercenary deck")
    message = gettext("%(name)s belongs to %(guilds)s, outside this deck's guilds (%(deck)s) (%(rule)s).")
    return message % {"name": m["name"], "guilds": m["guilds"], "deck": deck, "rule": m["rule"]}


def _unknown_section(m: Match) -> str:
    message = gettext("The section %(section)s is not part of %(format)s; its sections are %(sections)s.")
    return message % m.groupdict()


def _stage_why(text: str) -> str:
    """One reason of a stage_distribution problem (R1): a pile not a multiple, or a stage's count."""
    multiple = re.fullmatch(r"(?P<total>\d+) monsters is not a multiple of (?P<unit>\d+)", text)
    if multiple:
        return gettext("%(total)s monsters is not a multiple of %(unit)s") % multiple.groupdict()
    stage = re.fullmatch(r"stage (?P<stage>\d+): (?P<count>\d+) instead of (?P<wanted>\d+)", text)
    return gettext("stage %(stage)s: %(count)s instead of %(wanted)s") % stage.groupdict() if stage else text


def _stage_distribution(m: Match) -> str:
    values = {
        "why": "; ".join(_stage_why(part) for part in m["why"].split("; ")),
        "shape": m["shape"],
        "times": gettext(" (times k)") if m["times"] else "",
        "rule": m["rule"],
    }
    return gettext("Monster pile: %(why)s; stages 1-6 must come %(shape)s%(times)s (%(rule)s).") % values


def _bound(text: str) -> str:
    """One K3 bound a violet monster exceeds ("attributes.ap: 70 is above 60, ...")."""
    found = re.fullmatch(
        r"attributes\.(?P<key>\w+): (?:GW )?(?P<value>\d+) is above (?P<bound>\d+), "
        r"the violet bound of (?P<variant>\S+) \((?P<rule>[^()]+)\)",
        text,
    )
    if not found:
        return text
    values = {**found.groupdict(), "key": found["key"].upper()}
    return gettext("%(key)s %(value)s is above %(bound)s, the violet bound of %(variant)s (%(rule)s)") % values


def _card_bounds(m: Match) -> str:
    problems = "; ".join(_bound(part) for part in m["text"].split("; "))
    return gettext("%(name)s: %(problems)s.") % {"name": m["name"], "problems": problems}


def _dead_why(text: str) -> str:
    """Why a card can never be used: a class no character has (E5), recipe parts missing (K8)."""
    classes = re.fullmatch(r"needs a (?P<classes>.+); no character of the deck is one \((?P<rule>[^()]+)\)", text)
    if classes:
        values = {"classes": gettext(" or ").join(classes["classes"].split(" or ")), "rule": classes["rule"]}
        return gettext("needs a %(classes)s; no character of the deck is one (%(rule)s)") % values
    recipe = re.fullmatch(r"its recipe needs (?P<parts>.+), not in the deck \((?P<rule>[^()]+)\)", text)
    if recipe:
        return gettext("its recipe needs %(parts)s, not in the deck (%(rule)s)") % recipe.groupdict()
    return text


def _dead_card(m: Match) -> str:
    return gettext("%(name)s is a dead card: %(why)s.") % {"name": m["name"], "why": _dead_why(m["why"])}


RULE = r"\((?P<rule>[^()]+)\)"
PATTERNS: Mapping[str, tuple[re.Pattern[str], Callable[[Match], str]]] = {
    "bad_line": (re.compile(r'Line (?P<line>\d+): cannot read "(?P<text>.*)": (?P<why>.*)\.', re.S), _bad_line),
    "unknown_card": (
        re.compile(r'No card is named "(?P<name>.*)"(?:; did you mean (?P<suggestions>.*)\?|\.)', re.S),
        _unknown_card,
    ),
    "ambiguous_card": (
        re.compile(r'"(?P<name>.*)" names (?P<count>\d+) cards \((?P<slugs>.*)\); list it by slug instead\.', re.S),
        _ambiguous_card,
    ),
    "deck_size": (
        re.compile(
            rf"(?P<what>The deck|The \S+ section) has (?P<count>\d+) cards; (?P<bounds>.+) are required {RULE}\."
        ),
        _deck_size,
    ),
    "too_many_copies": (
        re.compile(rf"(?P<cards>.+): (?P<count>\d+) copies, at most (?P<limit>\d+) are allowed {RULE}\.", re.S),
        _too_many_copies,
    ),
    "unique_card": (
        re.compile(
            rf"(?P<name>.+) is unique: (?P<cards>.+) has (?P<count>\d+) copies, at most 1 is allowed {RULE}\.", re.S
        ),
        _unique_card,
    ),
    "banned_card": (re.compile(rf"(?P<name>.+) is banned in this format {RULE}\.", re.S), _banned_card),
    "character_count": (
        re.compile(rf"The deck has (?P<count>\d+) characters; exactly (?P<required>\d+) are required {RULE}\."),
        _character_count,
    ),
    "character_line": (
        re.compile(rf"(?P<names>.+): the characters must come from different evolution lines {RULE}\.", re.S),
        _character_line,
    ),
    "guild_conflict": (re.compile(rf"The characters share no guild: (?P<chars>.+) {RULE}\.", re.S), _guild_conflict),
    "nehantist_mercenary": (
        re.compile(rf"Nehantist and mercenary characters never share a deck: (?P<chars>.+) {RULE}\.", re.S),
        _nehantist_mercenary,
    ),
    "off_guild_card": (
        re.compile(
            rf"(?P<name>.+) belongs to (?P<guilds>.+), outside this deck's guilds \((?P<deck>.+)\) {RULE}\.", re.S
        ),
        _off_guild_card,
    ),
    "unknown_section": (
        re.compile(
            r"The section (?P<section>.+) is not part of (?P<format>\S+); its sections are (?P<sections>.+)\.", re.S
        ),
        _unknown_section,
    ),
    "stage_distribution": (
        re.compile(
            rf"Monster pile: (?P<why>.+); stages 1-6 must come (?P<shape>[\d/]+)(?P<times> \(times k\))? {RULE}\.",
            re.S,
        ),
        _stage_distribution,
    ),
    "card_bounds": (re.compile(r"(?P<name>.+?): (?P<text>attributes\..*)\.", re.S), _card_bounds),
    "dead_card": (re.compile(r"(?P<name>.+) is a dead card: (?P<why>.+)\.", re.S), _dead_card),
    "charge_limit": (
        re.compile(
            rf"Deck charge (?P<total>\d+) is above the limit of (?P<limit>\d+) {RULE}; heaviest: (?P<top>.*)\.", re.S
        ),
        _charge_limit,
    ),
}


def problem_message(problem: Mapping[str, Any]) -> str:
    """The message of one problem (``Violation.to_json``) in the active language."""
    message = str(problem.get("message", ""))
    pattern = PATTERNS.get(str(problem.get("code")))
    if pattern is None:
        return message
    found = pattern[0].fullmatch(message)
    return pattern[1](found) if found else message


def _english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


def translated_problems(answer: dict[str, Any]) -> dict[str, Any]:
    """A verdict (``{legal, format, problems, summary}``) with its messages in the active language;
    a new dict (the engine's answer may be cached), the same one when the language is English."""
    problems = answer.get("problems") or []
    if _english() or not problems:
        return answer
    return {**answer, "problems": [{**p, "message": problem_message(p)} for p in problems]}


def translated_problem_list(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A list of problems (e.g. an illegal deck's) with messages in the active language."""
    if _english():
        return problems
    return [{**p, "message": problem_message(p)} for p in problems]


def unknown_format_message(slug: str, formats: str) -> str:
    """The 400 for a format slug no game has, listing the formats there are."""
    message = pgettext("deck api", "unknown format '%(slug)s'; the formats are %(formats)s")
    return message % {"slug": slug, "formats": formats}
