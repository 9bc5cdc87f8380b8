from django.urls import path

from .consumers import EventSocket

websocket_urlpatterns = [
    path("ws/e/<slug:slug>/", EventSocket.as_asgi()),
]
