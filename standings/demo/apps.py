from django.apps import AppConfig
from django.conf import settings
from django.core.signals import request_started


class DemoConfig(AppConfig):
    name = "standings.demo"
    verbose_name = "Demo event"

    def ready(self) -> None:
        from . import checks, feeder  # noqa: F401 (checks registers the demo-password check)

        if settings.DEMO_LIVE:
            request_started.connect(
                feeder.start_with_first_request, dispatch_uid="demo-feeder-start"
            )
