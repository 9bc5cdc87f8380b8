from django.apps import AppConfig


class BridgeEventsConfig(AppConfig):
    name = "standings.bridge_events"
    verbose_name = "Bridge events"
