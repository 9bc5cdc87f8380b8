from django.apps import AppConfig


class FollowConfig(AppConfig):
    name = "standings.follow"
    verbose_name = "Followers' notifications"

    def ready(self) -> None:
        # Imports run one way: events announces committed changes, follow queues them.
        from standings.events.changes import event_committed

        from .queue import on_event_committed

        event_committed.connect(on_event_committed, dispatch_uid="standings.follow.queue")
