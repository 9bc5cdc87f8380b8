from django.apps import AppConfig


class HealthConfig(AppConfig):
    name = "standings.health"
