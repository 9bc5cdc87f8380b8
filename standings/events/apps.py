from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "standings.events"
    verbose_name = "Events"

    def ready(self) -> None:
        from . import demo_live

        if demo_live.should_start():
            demo_live.start()
