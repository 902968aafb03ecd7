"""ASGI entry point: HTTP (Django) and the live pages' WebSockets (matches: engine.live; tournaments),
on one port.

``manage.py runserver`` serves it through daphne; ``make serve`` through gunicorn's uvicorn worker.
A WebSocket is signed in by the session cookie and accepted only from this site's origins.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()  # sets Django up before the routes import models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from engine.live.routing import websocket_urlpatterns  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + tournament_sockets))
        ),
    }
)
