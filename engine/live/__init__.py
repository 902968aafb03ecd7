"""Live matches (issue 20): push updates over WebSockets (Django Channels), finding an opponent
(open seats, challenges), spectators and public finished matches, the replay viewer and clocks.

- ``push``: ``match_changed`` (and seat changes) -> the match's channel-layer group;
- ``consumers``: one WebSocket per open play page, each rendering the page as its own viewer sees it;
- ``render``: the play page's context and HTML for a request or a WebSocket's scope;
- ``lobby``: open seats, the lists of the matches page, making a finished match public;
- ``replay``: the states of a finished match, step by step, from its log;
- ``clocks``: optional time budgets per seat (termination ``time``), enforced by the server.
"""
