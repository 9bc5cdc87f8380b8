from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "standings.live"
    verbose_name = "Live updates"
