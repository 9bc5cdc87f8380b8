"""The project's ASGI app, plus a stand-in event socket while standings/live has no routes.

The live push (standings/live) owns /ws/e/<slug>/. Until its routes exist, browser
tests serve this module instead: the same HTTP app, and a minimal socket that
sends cached_fragments() on connect and forwards what `push_stand_in` publishes.
Once the live routes land, `application` is exactly standings.asgi.application.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync, sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.urls import path

from standings.asgi import application as project_application
from standings.live.routing import websocket_urlpatterns

LIVE_READY = bool(websocket_urlpatterns)


def _group(slug: str) -> str:
    return f"web-stand-in.{slug}"


class StandInEventSocket(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        from standings.web.render import cached_fragments

        self.group = _group(self.scope["url_route"]["kwargs"]["slug"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        html = await sync_to_async(cached_fragments)(self.scope["url_route"]["kwargs"]["slug"])
        if html:
            await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def fragments(self, message: dict) -> None:
        await self.send(text_data=message["html"])


def push_stand_in(event_id: int) -> None:
    """What the live push does after a commit: publish once, one group message."""
    from standings.events.models import Event
    from standings.web.render import publish

    html = publish(event_id)
    slug = Event.objects.values_list("slug", flat=True).get(pk=event_id)
    async_to_sync(get_channel_layer().group_send)(_group(slug), {"type": "fragments", "html": html})


if LIVE_READY:
    application = project_application
else:
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.core.asgi import get_asgi_application

    application = ProtocolTypeRouter(
        {
            "http": get_asgi_application(),
            "websocket": URLRouter([path("ws/e/<slug:slug>/", StandInEventSocket.as_asgi())]),
        }
    )
