from django.apps import AppConfig


class ArbiterConfig(AppConfig):
    name = "standings.arbiter"
    verbose_name = "Arbiter result entry"
