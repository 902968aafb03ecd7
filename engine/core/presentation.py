"""How a game's matches are presented on the one play page: declared by the game, pure Python.

The play page (``engine/views`` and ``templates/matches/match_detail.html``) is one shell for every
game: the seats, whose move, the legal actions grouped by kind, the log and the result. The game
adds its table through ``templates/matches/<game>/board.html`` and declares here what the shell
cannot know: how its actions group (by the word before the ``:`` of their ids), what the seat to act
is asked, what its termination codes mean, and (``present``) any figures its board shows beyond the
view. Texts are English msgids marked with ``gettext_noop`` (picked up by ``makemessages``); the
page translates them.

The engine writes its action labels and log texts in English (it is pure Python, without Django);
``phrases`` lists each of those texts as a msgid whose ``%(name)s`` placeholders stand for the parts
that vary ("Cast %(card)s on %(target)s"). The page (``engine.phrases``) reads each label and text
back against them and shows the translation, the placeholders' values translated the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


def gettext_noop(text: str) -> str:
    """Mark a text for translation without translating it here (the page translates it)."""
    return text


@dataclass(frozen=True)
class Presentation:
    """What the play page needs to know of a game besides its views.

    - ``action_groups``: ``(heading, kinds)`` in display order; an action's kind is the part of its
      id before the first ``:``. Actions of no listed kind are shown under "Other actions".
    - ``prompt``: what the seat to act is asked, from its own view ("" when nothing to say).
    - ``terminations``: each termination code in words ("a deck ran out").
    - ``present``: extra values for the board template, from the viewer's state (``board`` there).
    - ``phrases``: every action label and log text the engine writes, as msgids with ``%(name)s``
      placeholders (see the module's docstring); the conformance of the list is tested by
      ``tests/engine/test_phrases.py`` over random playouts.
    """

    action_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    prompt: Callable[[JSON], str] = field(default=lambda view: "")
    terminations: Mapping[str, str] = field(default_factory=dict)
    present: Callable[[JSON, int | None], JSON] = field(default=lambda view, viewer: {})
    phrases: tuple[str, ...] = ()

    def group(self, kind: str) -> int:
        """The index of the group of an action kind (``len(action_groups)``: the "other" group)."""
        for index, (_, kinds) in enumerate(self.action_groups):
            if kind in kinds:
                return index
        return len(self.action_groups)


DEFAULT = Presentation()
