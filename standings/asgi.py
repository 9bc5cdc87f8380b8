"""ASGI entry point: HTTP through Django (bodies capped first, a sign-in's wait spent on the
event loop, security/login_wait.py; cached public pages replayed before it, web/fast.py, and
a mirrored event's venue line, mirror/venue_line.py), websockets through Channels."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from standings.live.routing import websocket_urlpatterns  # noqa: E402
from standings.mirror.venue_line import VenueLines  # noqa: E402
from standings.security.body_limit import RequestBodyLimit  # noqa: E402
from standings.security.handshake import answer_refused_handshakes  # noqa: E402
from standings.security.login_wait import SignInWait  # noqa: E402
from standings.security.startup import refuse_unsafe_start  # noqa: E402
from standings.web.fast import PublicPages  # noqa: E402

refuse_unsafe_start()
answer_refused_handshakes()

application = ProtocolTypeRouter(
    {
        "http": VenueLines(PublicPages(RequestBodyLimit(SignInWait(django_asgi_app)))),
        # No session or user on the sockets: they are read-only and the same for everybody
        # (live/consumers.py), and a session wrapper would inspect the session on every push
        # sent to every socket.
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

# What is loaded by now lives as long as the process: keep it out of the collector's full
# passes, which otherwise walk it with every socket's objects (tens of ms per pass, at
# any moment, a push's fan-out included).
gc.collect()
gc.freeze()
