from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "standings.events"
    verbose_name = "Events"
