from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "standings.live"
    verbose_name = "Live updates"

    def ready(self) -> None:
        # Imports run one way: events announces committed changes, live listens.
        from standings.events.changes import event_committed

        from .schedule import on_event_committed

        event_committed.connect(on_event_committed, dispatch_uid="standings.live.push")
